"""The whist profile of PBN 2.1: whist deals as PBN games, and back (docs/pbn-whist-profile.md).

A :class:`WhistDeal` is the plain data of one deal of a whist-family game: variant, dealer, hands,
trump, turn-up, dummy and dead seats, exchanges, the tricks as ``(leader, cards)``, the whist
scores and the irregularities. :func:`whist_to_pbn` turns it into a :class:`~.pbn.PbnGame` that
uses only what PBN 2.1 allows:

* all 15 mandatory tags (PBN §3.4); ``Vulnerable``, ``Declarer`` and ``Contract`` hold the empty
  string, the standard's value for an *inappropriate* tag (§3.4), because a whist deal has no
  vulnerability, no auction and no contract; ``Result`` gives the tricks actually taken in the
  two-sided form ``NS 7 EW 6`` (§3.4.15), or ``""`` in two-player games;
* the trump as a bare denomination in the supplemental ``Trump`` tag (``S H D C`` or ``NT``);
* everything else whist needs in supplemental tags named ``Whist…`` and one supplemental table
  section, which PBN §4.9 tells every parser to skip when unknown;
* the play in the standard Play section (§3.6): one row per trick, one column per seat starting
  with the eldest hand, ``-`` for a seat that takes no part, ``^L`` for an accepted lead out of
  turn and ``^R`` for a revoke card (§3.9). The leader of every trick follows from the Play tag,
  the trump and the previous trick's winner, exactly as PBN readers linearise a bridge play.

:func:`whist_from_pbn` reads such a game back (equal to the original); :func:`deal_only_pbn`
gives a bridge tool just the mandatory tags and the Deal, with ``"?"`` for the unknown contract.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, TypeAlias

from vivant.cards import (
    SEAT_LETTERS,
    SUIT_LETTERS,
    Card,
    CardSet,
    Seat,
    Suit,
    card_name,
    left_of,
    parse_card,
    suit_of,
)
from vivant.errors import InvalidNotationError
from vivant.records.pbn import (
    MANDATORY_TAGS,
    NO_GAME,
    PbnError,
    PbnGame,
    PbnResult,
    PbnTag,
    PbnTrick,
    PbnWriteError,
    format_deal,
    pbn_string,
    read_pbn,
    tag_value_problem,
    trick_winner,
    write_pbn,
)

__all__ = [
    "PROFILE_TAGS",
    "PbnProfileError",
    "WhistDeal",
    "WhistIrregularity",
    "WhistReadResult",
    "WhistTrick",
    "check_whist_deal",
    "deal_only_pbn",
    "read_whist_pbn",
    "whist_from_pbn",
    "whist_games",
    "whist_to_pbn",
    "write_whist_pbn",
]

Hands: TypeAlias = tuple[CardSet | None, CardSet | None, CardSet | None, CardSet | None]
#: Scores by side, in the order written: ``(("NS", 7), ("EW", 6))`` or ``(("N", 7), ("S", 6))``.
Scores: TypeAlias = tuple[tuple[str, int], ...]

TRUMP: Final = "Trump"
VARIANT: Final = "WhistVariant"
TURN_UP: Final = "WhistTurnUp"
DECLARED_BY: Final = "WhistDeclaredBy"
DUMMY: Final = "WhistDummy"
DEAD: Final = "WhistDead"
EXCHANGE: Final = "WhistExchange"
TRICKS: Final = "WhistTricks"
POINTS: Final = "WhistPoints"
HONOURS: Final = "WhistHonours"
IRREGULARITIES: Final = "WhistIrregularityTable"
HAND_SIZE: Final = "WhistHandSize"
IRREGULARITY_COLUMNS: Final = ("Trick", "Offender", "Kind", "Penalty", "Note")

#: Every tag the profile adds to the standard's, with its meaning.
PROFILE_TAGS: Final = {
    TRUMP: "trump denomination: S H D C, or NT",
    VARIANT: "the game, e.g. Mort, English Dummy, Humbug",
    TURN_UP: "the card turned for trump, e.g. H7",
    DECLARED_BY: "the seat that named the trump when it was declared, not turned",
    DUMMY: "seats whose hand is played by another player, e.g. N or NS",
    DEAD: "seats whose hand takes no part in the play, e.g. EW",
    EXCHANGE: "hands exchanged before play, seat:seat pairs, e.g. S:E;N:W",
    TRICKS: "tricks counted for scoring (after penalties) per side, e.g. NS 7 EW 6",
    POINTS: "points scored on the deal per side, e.g. NS 1",
    HONOURS: "honour points per side, e.g. EW 2",
    HAND_SIZE: "cards in each hand dealt when not 13, e.g. 6 (All Fours)",
    IRREGULARITIES: "table section: Trick;Offender;Kind;Penalty;Note",
}

SIDES: Final = ("NS", "EW", "N", "E", "S", "W")
_NO_DEALER: Final = (
    "the dealer is not given (Dealer {!r}): a whist-profile game names its dealer, W N E S"
)
_TOKEN_RE: Final = re.compile(r"[A-Za-z0-9_\-]+")


class PbnProfileError(InvalidNotationError):
    """A PBN game that is not a valid whist-profile game; ``problems`` lists each with its line."""

    def __init__(self, problems: Iterable[PbnError]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(str(p) for p in self.problems))


@dataclass(frozen=True)
class WhistTrick:
    """One trick: the seat that led and the cards in the order played (clockwise, live seats)."""

    leader: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class WhistIrregularity:
    """An irregularity and what the laws made of it (whist-laws.md; profile table section).

    ``kind`` and ``penalty`` are single words (``revoke``, ``tricks``, ``points``…);
    ``penalty`` is the option the non-offending side elected (``""`` when none applied).
    """

    kind: str
    offender: Seat
    trick: int | None = None
    penalty: str = ""
    note: str = ""


@dataclass(frozen=True)
class WhistDeal:
    """The plain data of one whist deal, as the whist profile of PBN carries it.

    ``hands`` are the hands as dealt, by seat N E S W (``None`` for a hand not dealt, as the two
    unused ones in Thirteen and the Odd); ``exchanges`` lists ``(a, b)`` pairs whose hands were
    swapped before play (Humbug: a player takes up the dead hand on his right). ``trump`` is
    ``None`` for no trumps. ``tricks`` run in playing order; only the last may be incomplete.
    ``players`` are the names at N E S W; ``extra_tags`` are other supplemental tags to carry
    (kept sorted by name, the order export writes them in). ``hand_size`` is how many cards each
    hand holds (13 at whist and Boston; 6 at All Fours, whose Deal is an end position, PBN §3.10).
    """

    variant: str
    dealer: Seat
    hands: Hands
    trump: Suit | None
    turn_up: Card | None = None
    declared_by: Seat | None = None
    dummies: frozenset[Seat] = frozenset()
    dead: frozenset[Seat] = frozenset()
    exchanges: tuple[tuple[Seat, Seat], ...] = ()
    tricks: tuple[WhistTrick, ...] = ()
    tricks_won: Scores = ()
    points: Scores = ()
    honours: Scores = ()
    irregularities: tuple[WhistIrregularity, ...] = ()
    event: str = "?"
    site: str = "?"
    date: str = "?"
    board: int | None = None
    players: tuple[str, str, str, str] = ("?", "?", "?", "?")
    scoring: str = "?"
    extra_tags: tuple[tuple[str, str], ...] = ()
    hand_size: int = 13

    def __post_init__(self) -> None:
        # Export sorts supplemental tags by name (PBN §3.4), so their order carries nothing.
        object.__setattr__(self, "extra_tags", tuple(sorted(self.extra_tags)))

    @property
    def live_seats(self) -> tuple[Seat, ...]:
        """Seats that play cards (not dead), in seat order."""
        return tuple(s for s in range(4) if s not in self.dead)

    def played_hands(self) -> Hands:
        """The hands as held in play: ``hands`` with the exchanges applied."""
        h = list(self.hands)
        for a, b in self.exchanges:
            h[a], h[b] = h[b], h[a]
        return (h[0], h[1], h[2], h[3])

    def first_leader(self) -> Seat:
        """The eldest hand: the first live seat clockwise from the dealer (rules README)."""
        return _next_live(self.dealer, self.dead)


@dataclass(frozen=True)
class WhistReadResult:
    """What :func:`read_whist_pbn` found: the deals it could read and every problem."""

    deals: tuple[WhistDeal, ...]
    errors: tuple[PbnError, ...]


def _next_live(seat: Seat, dead: frozenset[Seat]) -> Seat:
    nxt = left_of(seat)
    for _ in range(4):
        if nxt not in dead:
            return nxt
        nxt = left_of(nxt)
    return nxt


def _seats_text(seats: frozenset[Seat]) -> str:
    return "".join(SEAT_LETTERS[s] for s in sorted(seats))


def _scores_text(scores: Scores) -> str:
    return " ".join(f"{side} {n}" for side, n in scores)


def _denomination_text(trump: Suit | None) -> str:
    return "NT" if trump is None else SUIT_LETTERS[trump]


# --------------------------------------------------------------------------------------------
# Checking a WhistDeal


def check_whist_deal(deal: WhistDeal) -> list[str]:
    """Every way ``deal`` breaks the profile's rules (empty when it can be written)."""
    p: list[str] = []
    if not deal.variant.strip():
        p.append("the variant name is empty")
    seats = {deal.dealer, *deal.dummies, *deal.dead}
    if deal.declared_by is not None:
        seats.add(deal.declared_by)
    for a, b in deal.exchanges:
        seats.update((a, b))
    for ir in deal.irregularities:
        seats.add(ir.offender)
    if not seats <= {0, 1, 2, 3}:
        p.append(f"seats must be 0..3 (N E S W), got {sorted(seats - {0, 1, 2, 3})}")
        return p
    if deal.trump is not None and deal.trump not in range(4):
        p.append(f"trump {deal.trump!r} is not a suit 0..3 or None (no trumps)")
        return p
    if deal.dealer in deal.dead:
        p.append(f"the dealer {SEAT_LETTERS[deal.dealer]} cannot be a dead seat")
    if deal.dummies & deal.dead:
        p.append(f"seats {_seats_text(deal.dummies & deal.dead)} are both dummy and dead")
    if len(deal.live_seats) < 2:
        p.append("at least two seats must take part in the play")
    owner: dict[Card, Seat] = {}
    for s, hand in enumerate(deal.hands):
        if hand is None:
            if s not in deal.dead:
                p.append(f"seat {SEAT_LETTERS[s]} plays but has no hand")
            continue
        if len(hand) != deal.hand_size:
            size = (
                "a whist hand has 13" if deal.hand_size == 13 else f"{HAND_SIZE} {deal.hand_size}"
            )
            p.append(f"hand {SEAT_LETTERS[s]} has {len(hand)} cards; {size}")
        for c in hand:
            if c in owner:
                p.append(
                    f"{card_name(c)} is dealt to both {SEAT_LETTERS[owner[c]]} and "
                    f"{SEAT_LETTERS[s]}"
                )
            owner[c] = s
    used: set[Seat] = set()
    for a, b in deal.exchanges:
        if a == b or a in used or b in used:
            p.append(f"exchange {SEAT_LETTERS[a]}:{SEAT_LETTERS[b]} repeats a seat")
        used.update((a, b))
        if deal.hands[a] is None or deal.hands[b] is None:
            p.append(f"exchange {SEAT_LETTERS[a]}:{SEAT_LETTERS[b]} involves a hand not dealt")
    if deal.turn_up is not None:
        if not 0 <= deal.turn_up < 52:
            p.append(f"turn-up {deal.turn_up!r} is not a card")
        else:
            holder = owner.get(deal.turn_up)
            if holder is not None and holder != deal.dealer:
                p.append(
                    f"the turn-up {card_name(deal.turn_up)} is in {SEAT_LETTERS[holder]}'s hand; "
                    "it belongs to the dealer or to nobody"
                )
            if deal.declared_by is None and suit_of(deal.turn_up) != deal.trump:
                p.append(
                    f"trump {_denomination_text(deal.trump)} is not the suit of the turn-up "
                    f"{card_name(deal.turn_up)} and no declarer of trump is given"
                )
    for label, scores in (
        ("tricks", deal.tricks_won),
        ("points", deal.points),
        ("honours", deal.honours),
    ):
        sides = [side for side, _ in scores]
        if any(side not in SIDES for side in sides) or len(set(sides)) != len(sides):
            p.append(f"{label} sides {sides}: each once, from {' '.join(SIDES)}")
    for ir in deal.irregularities:
        if not _TOKEN_RE.fullmatch(ir.kind):
            p.append(f"irregularity kind {ir.kind!r}: one word of letters, digits, _ or -")
        if ir.penalty and (not _TOKEN_RE.fullmatch(ir.penalty) or ir.penalty == "-"):
            p.append(f"irregularity penalty {ir.penalty!r}: one word of letters, digits, _ or -")
        if ir.trick is not None and not 1 <= ir.trick <= 13:
            p.append(f"irregularity trick {ir.trick}: expected 1..13")
        if "\n" in ir.note or "\t" in ir.note:
            p.append(f"irregularity note {ir.note[:20]!r} must be one line without tabs")
    if not 1 <= deal.hand_size <= 13:
        p.append(f"{HAND_SIZE} {deal.hand_size}: expected 1..13")
    if deal.board is not None and deal.board < 1:
        p.append(f"board {deal.board} is not a positive integer")
    p.extend(_check_tricks(deal))
    return p


def _check_tricks(deal: WhistDeal) -> list[str]:
    p: list[str] = []
    if len(deal.tricks) > 13:
        p.append(f"{len(deal.tricks)} tricks; at most 13")
    live = deal.live_seats
    hands = deal.played_hands()
    played: dict[Card, int] = {}
    for i, trick in enumerate(deal.tricks):
        no = i + 1
        if trick.leader not in live:
            p.append(f"trick {no}: the leader {trick.leader!r} is not a live seat")
            continue
        if not 1 <= len(trick.cards) <= len(live):
            p.append(f"trick {no}: {len(trick.cards)} cards; expected 1..{len(live)}")
            continue
        if len(trick.cards) < len(live) and no != len(deal.tricks):
            p.append(f"trick {no} is incomplete but is not the last trick")
        seat = trick.leader
        for c in trick.cards:
            hand = hands[seat]
            if not isinstance(c, int) or not 0 <= c < 52:
                p.append(f"trick {no}: {c!r} is not a card")
            elif c in played:
                p.append(f"trick {no}: {card_name(c)} was already played in trick {played[c]}")
            elif hand is None or c not in hand:
                p.append(f"trick {no}: {SEAT_LETTERS[seat]} plays {card_name(c)}, not in hand")
            else:
                played[c] = no
            seat = _next_live(seat, deal.dead)
    return p


# --------------------------------------------------------------------------------------------
# WhistDeal -> PBN


def _result(deal: WhistDeal) -> str:
    """The Result tag: tricks actually taken, two-sided (PBN §3.4.15); "" for two-hand games and
    for four players each for himself (the tricks counted for each of the four: Boston's)."""
    if deal.dead or {side for side, _ in deal.tricks_won} == set(SEAT_LETTERS):
        return ""
    if not deal.tricks:
        return "?"
    won = [0, 0]
    for trick in deal.tricks:
        if len(trick.cards) == 4:
            cards = {(trick.leader + k) % 4: c for k, c in enumerate(trick.cards)}
            winner = trick_winner(cards, trick.leader, deal.trump)
            assert winner is not None
            won[winner % 2] += 1
    return f"NS {won[0]} EW {won[1]}"


def _identification(
    deal: WhistDeal, hands: Hands, *, scoring: str, contract: str, result: str
) -> list[PbnTag]:
    """The 15 mandatory tags in the standard order (PBN §3.4)."""
    north, east, south, west = deal.players
    values = (
        ("Event", deal.event),
        ("Site", deal.site),
        ("Date", deal.date),
        ("Board", "?" if deal.board is None else str(deal.board)),
        ("West", west),
        ("North", north),
        ("East", east),
        ("South", south),
        ("Dealer", SEAT_LETTERS[deal.dealer]),
        ("Vulnerable", ""),
        ("Deal", format_deal(hands, deal.dealer)),
        ("Scoring", scoring),
        ("Declarer", contract),
        ("Contract", contract),
        ("Result", result),
    )
    return [PbnTag(name, value) for name, value in values]


def whist_to_pbn(deal: WhistDeal) -> PbnGame:
    """The whist-profile PBN game of ``deal`` (docs/pbn-whist-profile.md).

    Mandatory tags per PBN §3.4 (inappropriate ones ``""``), the Play section per §3.6 and §3.9
    (``^L``, ``^R``, ``*``), profile tags as supplemental tags (§4.9) and the irregularities as a
    table section (§5.1–§5.2).

    Raises :class:`~.pbn.PbnWriteError` listing every problem when ``deal`` is inconsistent.
    """
    problems = check_whist_deal(deal)
    if problems:
        raise PbnWriteError("whist deal: " + "; ".join(problems))
    hands = deal.played_hands()
    tags = _identification(deal, hands, scoring=deal.scoring, contract="", result=_result(deal))
    extra: list[tuple[str, str]] = [
        (TRUMP, _denomination_text(deal.trump)),
        (VARIANT, deal.variant),
    ]
    if deal.turn_up is not None:
        extra.append((TURN_UP, card_name(deal.turn_up)))
    if deal.declared_by is not None:
        extra.append((DECLARED_BY, SEAT_LETTERS[deal.declared_by]))
    if deal.dummies:
        extra.append((DUMMY, _seats_text(deal.dummies)))
    if deal.dead:
        extra.append((DEAD, _seats_text(deal.dead)))
    if deal.exchanges:
        extra.append(
            (EXCHANGE, ";".join(f"{SEAT_LETTERS[a]}:{SEAT_LETTERS[b]}" for a, b in deal.exchanges))
        )
    for name, scores in ((TRICKS, deal.tricks_won), (POINTS, deal.points), (HONOURS, deal.honours)):
        if scores:
            extra.append((name, _scores_text(scores)))
    if deal.hand_size != 13:
        extra.append((HAND_SIZE, str(deal.hand_size)))
    known = {t.name for t in tags} | {name for name, _ in extra} | {IRREGULARITIES, "Play"}
    for name, value in deal.extra_tags:
        if name in known:
            raise PbnWriteError(f"whist deal: extra tag {name} clashes with a profile tag")
        extra.append((name, value))
    tags.extend(PbnTag(name, value) for name, value in extra)
    first = deal.first_leader()
    play: list[PbnTrick] = []
    revokes: dict[int, set[Seat]] = {}
    for ir in deal.irregularities:
        if ir.kind == "revoke" and ir.trick is not None:
            revokes.setdefault(ir.trick - 1, set()).add(ir.offender)
    expected: Seat | None = first
    for i, trick in enumerate(deal.tricks):
        cards: list[Card | None] = [None, None, None, None]
        seat = trick.leader
        for c in trick.cards:
            cards[seat] = c
            seat = _next_live(seat, deal.dead)
        row = (cards[0], cards[1], cards[2], cards[3])
        play.append(
            PbnTrick(
                row,
                trick.leader,
                trick.leader != expected,
                frozenset(s for s in revokes.get(i, ()) if row[s] is not None),
            )
        )
        complete = len(trick.cards) == len(deal.live_seats)
        expected = trick_winner(row, trick.leader, deal.trump) if complete else None
    if deal.tricks:
        tags.append(PbnTag("Play", SEAT_LETTERS[first]))
    if deal.irregularities:
        rows = tuple(
            (
                "-" if ir.trick is None else str(ir.trick),
                SEAT_LETTERS[ir.offender],
                ir.kind,
                ir.penalty or "-",
                pbn_string(ir.note),
            )
            for ir in deal.irregularities
        )
        tags.append(PbnTag(IRREGULARITIES, ";".join(IRREGULARITY_COLUMNS), rows))
    complete_tricks = sum(len(t.cards) == len(deal.live_seats) for t in deal.tricks)
    return PbnGame(
        tags=tuple(tags),
        deal=hands,
        play_seat=first if deal.tricks else None,
        play=tuple(play),
        play_ended=bool(deal.tricks) and complete_tricks < 13,
    )


def deal_only_pbn(deal: WhistDeal) -> PbnGame:
    """A bridge tool's view of ``deal``: the 15 mandatory tags and the Deal, nothing whist.

    The hands are those held in play. ``Declarer``, ``Contract``, ``Result`` and ``Scoring`` are
    ``"?"`` (unknown, PBN §3.4): the deal has not been bid at bridge. ``Vulnerable`` is ``""``
    (inappropriate): whist has no vulnerability. No Play section, no profile tags.
    """
    problems = check_whist_deal(deal)
    if problems:
        raise PbnWriteError("whist deal: " + "; ".join(problems))
    hands = deal.played_hands()
    tags = _identification(deal, hands, scoring="?", contract="?", result="?")
    return PbnGame(tags=tuple(tags), deal=hands)


def write_whist_pbn(deals: Iterable[WhistDeal]) -> str:
    """Whist-profile PBN export of several deals (one game each, PBN §2–§3 export format)."""
    return write_pbn(whist_to_pbn(d) for d in deals)


# --------------------------------------------------------------------------------------------
# PBN -> WhistDeal


def _unquote(element: str) -> str:
    if len(element) >= 2 and element.startswith('"') and element.endswith('"'):
        return re.sub(r"\\([\"\\])", r"\1", element[1:-1])
    return element


def _parse_scores(text: str) -> Scores | None:
    parts = text.split()
    if len(parts) % 2:
        return None
    out = []
    for side, n in zip(parts[::2], parts[1::2], strict=True):
        if side not in SIDES or not re.fullmatch(r"-?\d+", n):
            return None
        out.append((side, int(n)))
    if len({s for s, _ in out}) != len(out):
        return None
    return tuple(out)


def _parse_seats(text: str) -> frozenset[Seat] | None:
    t = text.strip().upper()
    if any(ch not in SEAT_LETTERS for ch in t) or len(set(t)) != len(t):
        return None
    return frozenset(SEAT_LETTERS.index(ch) for ch in t)


def whist_from_pbn(game: PbnGame) -> WhistDeal:
    """Read a whist-profile PBN game back into a :class:`WhistDeal`.

    Trick leaders come from the Play seat, the ``Trump`` tag and each trick's winner, or an
    ``^L`` mark (PBN §3.6, §3.9); the irregularity table's columns are taken by name (§5.2).

    Raises :class:`PbnProfileError` listing every problem, each with its line.
    """
    problems: list[PbnError] = []

    def tag_line(name: str) -> int:
        t = game.tag_entry(name)
        return t.line if t is not None else game.line

    def bad(name: str, message: str) -> None:
        problems.append(PbnError(tag_line(name), message))

    values = game.tag_values
    variant = values.get(VARIANT, "")
    if not variant.strip():
        bad(VARIANT, f"not a whist-profile game: no {VARIANT} tag")
    trump: Suit | None = None
    trump_text = values.get(TRUMP)
    if trump_text is None:
        bad(TRUMP, f"not a whist-profile game: no {TRUMP} tag")
    elif trump_text.strip().upper() not in ("S", "H", "D", "C", "NT"):
        bad(TRUMP, str(tag_value_problem(TRUMP, trump_text)))
    elif trump_text.strip().upper() != "NT":
        trump = SUIT_LETTERS.index(trump_text.strip().upper())
    dealer = game.dealer
    given_dealer = values.get("Dealer")
    if given_dealer is None:
        bad("Dealer", "no Dealer tag: a whist-profile game names its dealer, W N E S")
    elif dealer is None:  # in the reader's words, so that it is reported once
        bad("Dealer", tag_value_problem("Dealer", given_dealer) or _NO_DEALER.format(given_dealer))
    if game.deal is None:
        bad("Deal", "no valid Deal")

    def seat_tag(name: str) -> Seat | None:
        if name not in values:
            return None
        seats = _parse_seats(values[name])
        if seats is None or len(seats) != 1:
            bad(name, f"{name} {values[name]!r}: expected one seat W N E S")
            return None
        return next(iter(seats))

    def seats_tag(name: str) -> frozenset[Seat]:
        if name not in values:
            return frozenset()
        seats = _parse_seats(values[name])
        if seats is None:
            bad(name, f"{name} {values[name]!r}: expected seat letters W N E S, each once")
            return frozenset()
        return seats

    def scores_tag(name: str) -> Scores:
        if name not in values:
            return ()
        scores = _parse_scores(values[name])
        if scores is None:
            bad(
                name,
                f"{name} {values[name]!r}: expected '<side> <n>' pairs, sides {' '.join(SIDES)}",
            )
            return ()
        return scores

    turn_up: Card | None = None
    if TURN_UP in values:
        try:
            turn_up = parse_card(values[TURN_UP])
        except InvalidNotationError as exc:
            bad(TURN_UP, f"{TURN_UP}: {exc}")
    declared_by = seat_tag(DECLARED_BY)
    dummies = seats_tag(DUMMY)
    dead = seats_tag(DEAD)
    exchanges: list[tuple[Seat, Seat]] = []
    if EXCHANGE in values:
        for item in values[EXCHANGE].split(";"):
            a, colon, b = item.strip().partition(":")
            sa, sb = _parse_seats(a), _parse_seats(b)
            if not colon or sa is None or sb is None or len(sa) != 1 or len(sb) != 1:
                bad(EXCHANGE, f"{EXCHANGE} item {item!r}: expected <seat>:<seat>, e.g. S:E")
            else:
                exchanges.append((next(iter(sa)), next(iter(sb))))
    irregularities = _read_irregularities(game, problems)
    tricks = _read_tricks(game, dead, problems)
    board_text = values.get("Board", "?")
    board = int(board_text) if board_text.isdigit() and int(board_text) > 0 else None
    if board is None and board_text not in ("?", ""):
        bad("Board", f"Board {board_text!r} is not a positive integer")
    tricks_won, points, honours = scores_tag(TRICKS), scores_tag(POINTS), scores_tag(HONOURS)
    size_text = values.get(HAND_SIZE, "13").strip()
    hand_size = int(size_text) if size_text.isdigit() else 0
    if not 1 <= hand_size <= 13:
        bad(HAND_SIZE, f"{HAND_SIZE} {size_text!r}: expected a number of cards, 1..13")
    if problems or dealer is None or game.deal is None:
        raise PbnProfileError(problems)
    played = game.deal
    hands = list(played)
    for x, y in exchanges:
        hands[x], hands[y] = hands[y], hands[x]
    skip = set(PROFILE_TAGS) | set(MANDATORY_TAGS) | {"Play", "Auction", "Note"}
    extra = tuple((t.name, t.value) for t in game.tags if t.name not in skip and not t.rows)
    deal = WhistDeal(
        variant=variant,
        dealer=dealer,
        hands=(hands[0], hands[1], hands[2], hands[3]),
        trump=trump,
        turn_up=turn_up,
        declared_by=declared_by,
        dummies=dummies,
        dead=dead,
        exchanges=tuple(exchanges),
        tricks=tricks,
        tricks_won=tricks_won,
        points=points,
        honours=honours,
        irregularities=irregularities,
        event=values.get("Event", "?"),
        site=values.get("Site", "?"),
        date=values.get("Date", "?"),
        board=board,
        players=(
            values.get("North", "?"),
            values.get("East", "?"),
            values.get("South", "?"),
            values.get("West", "?"),
        ),
        scoring=values.get("Scoring", "?"),
        extra_tags=extra,
        hand_size=hand_size,
    )
    if problems:
        raise PbnProfileError(problems)
    check = check_whist_deal(deal)
    if check:
        raise PbnProfileError(PbnError(_problem_line(game, msg), msg) for msg in check)
    return deal


_SUBJECTS: Final = (
    ("the variant", VARIANT),
    ("trump", TRUMP),
    ("the dealer", "Dealer"),
    ("seats ", DUMMY),
    ("at least two", DEAD),
    ("seat ", "Deal"),
    ("hand ", "Deal"),
    (HAND_SIZE, HAND_SIZE),
    ("exchange", EXCHANGE),
    ("turn-up", TURN_UP),
    ("the turn-up", TURN_UP),
    ("tricks sides", TRICKS),
    ("points sides", POINTS),
    ("honours sides", HONOURS),
    ("irregularity", IRREGULARITIES),
    ("board", "Board"),
)


def _problem_line(game: PbnGame, message: str) -> int:
    """The line of the tag (or Play row) a :func:`check_whist_deal` message is about."""
    m = re.match(r"trick (\d+)\b", message)
    if m and 1 <= int(m.group(1)) <= len(game.play):
        return game.play[int(m.group(1)) - 1].line or game.line
    if " is dealt to both " in message:
        name = "Deal"
    elif "the suit of the turn-up" in message:
        name = TURN_UP
    else:
        name = next((tag for prefix, tag in _SUBJECTS if message.startswith(prefix)), "")
    entry = game.tag_entry(name) if name else None
    return entry.line if entry is not None and entry.line else game.line


def _read_irregularities(game: PbnGame, problems: list[PbnError]) -> tuple[WhistIrregularity, ...]:
    tag = game.tag_entry(IRREGULARITIES)
    if tag is None:
        return ()
    columns = [re.sub(r"\\\d+[LR]?$", "", c.strip()).lstrip("+-") for c in tag.value.split(";")]
    for required in ("Offender", "Kind"):
        if required not in columns:
            problems.append(PbnError(tag.line, f"{IRREGULARITIES}: no {required} column"))
            return ()
    out = []
    for k, row in enumerate(tag.rows):
        if len(row) != len(columns):
            problems.append(
                PbnError(
                    tag.line,
                    f"{IRREGULARITIES} row {k + 1}: {len(row)} elements for {len(columns)} columns",
                )
            )
            continue
        cell = {name: _unquote(el) for name, el in zip(columns, row, strict=True)}
        offender = _parse_seats(cell["Offender"])
        trick_text = cell.get("Trick", "-")
        if offender is None or len(offender) != 1:
            problems.append(
                PbnError(
                    tag.line,
                    f"{IRREGULARITIES} row {k + 1}: offender {cell['Offender']!r} is not a seat",
                )
            )
            continue
        if trick_text != "-" and not trick_text.isdigit():
            problems.append(
                PbnError(
                    tag.line,
                    f"{IRREGULARITIES} row {k + 1}: trick {trick_text!r} is not a number or '-'",
                )
            )
            continue
        penalty = cell.get("Penalty", "-")
        out.append(
            WhistIrregularity(
                kind=cell["Kind"],
                offender=next(iter(offender)),
                trick=None if trick_text == "-" else int(trick_text),
                penalty="" if penalty == "-" else penalty,
                note=cell.get("Note", ""),
            )
        )
    return tuple(out)


def _read_tricks(
    game: PbnGame, dead: frozenset[Seat], problems: list[PbnError]
) -> tuple[WhistTrick, ...]:
    out: list[WhistTrick] = []
    live = [s for s in range(4) if s not in dead]
    for i, row in enumerate(game.play):
        no = i + 1
        if row.leader is None:
            problems.append(
                PbnError(
                    row.line,
                    f"trick {no}: the leader cannot be worked out "
                    "(a card is missing or the trump is unknown)",
                )
            )
            break
        for s in dead:
            if row.cards[s] is not None:
                problems.append(
                    PbnError(row.line, f"trick {no}: dead seat {SEAT_LETTERS[s]} has a card")
                )
        if row.leader in dead:
            problems.append(PbnError(row.line, f"trick {no}: the leader is a dead seat"))
            break
        cards: list[Card] = []
        seat = row.leader
        gap = False
        for _ in live:
            c = row.cards[seat]
            if c is None:
                gap = True
            elif gap:
                problems.append(
                    PbnError(row.line, f"trick {no}: a card follows a missing or unknown one")
                )
                return tuple(out)
            else:
                cards.append(c)
            seat = _next_live(seat, dead)
        if not cards:
            problems.append(PbnError(row.line, f"trick {no}: the leader has no card"))
            break
        out.append(WhistTrick(row.leader, tuple(cards)))
    return tuple(out)


def read_whist_pbn(data: str | bytes, *, encoding: str | None = None) -> WhistReadResult:
    """Read whist-profile PBN: every deal that converts, and every reader and profile problem.

    ``data`` and ``encoding`` are as for :func:`~.pbn.read_pbn`.
    """
    deals, _, errors = whist_games(read_pbn(data, encoding=encoding))
    return WhistReadResult(tuple(deals), tuple(errors))


def whist_games(result: PbnResult) -> tuple[list[WhistDeal], list[PbnGame], list[PbnError]]:
    """The whist deals of a reader's result, the games they come from, and every problem in
    line order: the reader's, then each other game's profile problems.

    A problem the reader already reported (a malformed ``Trump`` value) is not repeated; the
    reported ones are kept in a set, so this takes time linear in the number of games.
    """
    deals: list[WhistDeal] = []
    games: list[PbnGame] = []
    errors = list(result.errors)
    if not result.games:  # nothing to read is an error here
        errors = [e for e in errors if e.message != NO_GAME]
        errors.append(PbnError(1, NO_GAME))
    seen = set(errors)
    for game in result.games:
        try:
            deals.append(whist_from_pbn(game))
        except PbnProfileError as exc:
            new = [e for e in exc.problems if e not in seen]
            seen.update(new)
            errors.extend(new)
        else:
            games.append(game)
    errors.sort(key=lambda e: e.line)
    return deals, games, errors
