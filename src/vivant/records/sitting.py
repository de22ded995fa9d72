"""A played sitting as whist-profile PBN deals, and a PBN file back into a sitting.

**Export** (:func:`sitting_deals`): the sitting's action log is replayed on a fresh table of its
variant and every hand dealt becomes one :class:`~vivant.records.pbn_whist.WhistDeal`: the hands
as dealt (taken from the table right after the ``Deal`` action), the dealer, turn-up, trump and
who declared it, dummy and dead seats, Humbug's exchanges, the tricks as played, the tricks
counted after penalties, the points and honours the hand scored, the irregularities with the
option the other side elected, and the players at each seat (``"Mort"`` or ``"Dummy"`` for a
dummy, ``""`` for a dead hand). A hand thrown in by a misdeal is a deal without tricks. Board
numbers run 1, 2, … through the sitting.

Besides the profile's tags (docs/pbn-whist-profile.md), export writes these supplemental tags,
which PBN §4.9 lets other readers skip:

* ``WhistPlayers`` — the sitting's players in the order the table was made with, ``;``-separated
  (left out when a name holds a ``;``);
* ``WhistLaws`` — ``"yes"`` for laws mode, ``"no"`` for strict mode;
* ``WhistOptions`` — the variant's options that are on (``"continuous"`` for English Dummy's
  continuous dummy, ``"three_games_no_rubber"`` for Bridge for Three), space-separated;
* ``WhistDoubling`` — ``"doubled"`` or ``"redoubled"`` (Bridge for Three), when not undoubled.

The irregularity table's ``Note`` carries what re-enacting an irregularity needs, as
``;``-separated ``key value`` items: ``rule`` (the law), ``cards`` (the cards concerned: the card
led out of turn, the two played together, the revoking card), ``suit`` (the suit called after a
lead out of turn), ``reason`` (a misdeal's reason), ``touched`` (the players who had touched
their cards during the deal, in order, for a misdeal or a card exposed in dealing, whose
offender is the player who exposed the card) and ``tricks`` (a claim). Besides the laws'
irregularities the table lists revokes that were waived (``Penalty`` ``waived``) or that stand
because the hand is never liable (a dummy's, ``Penalty`` ``-``), and Double Dummy's claims (Kind
``claim``, Penalty ``admit`` or ``refuse``).

**Duplicate Whist** (:class:`~vivant.duplicate.table.DuplicateTable`): every play of a tray is
a deal, ``Board`` the tray number, also the plays whose hands come from the tray without a deal
(recorded trays, overplays). ``WhistTray`` says how the hands came (``dealt``, ``recorded``,
``overplay``, then ``turned``); ``WhistOptions`` adds ``trays=N``, ``declared_trump=H`` and
``program=1,2,1t,2t``; a session's declared suit is "declared by" the dealer. The duplicate laws'
rows: ``direction`` (DL-1, its Penalty the direction with ``-`` for ``/``), ``played_out_of_turn``,
``winning_cards`` and ``card_exposed`` (DL-6, re-enacted through the one election of D-DU17),
each with ``at`` (the cards in the trick when it happened) in the note; ``failure_to_comply``
(DL-5, claimed like a revoke); ``ask_renounce`` (DL-3, the asker); a penalty DL-4 cancelled has
Penalty ``cancelled`` and ``by``/``demand`` in the note. Import seats the four players without a
cut and re-enacts each play at the point of the programme it belongs to.

**Import** (:func:`import_pbn`, :func:`table_from_deals`): the deals are re-applied, in order, to
a fresh table of the variant: a cut that seats the players as the first deals show them, the
choices before each deal that give its dealer and seats, a ``Deal`` whose pack gives the hands and
turn-up, the exchanges, declarations and doubles, then every card, with the irregularities
re-enacted where they happened, and the revoke claims and penalties at the end of the hand.
Finally the replayed sitting is exported again and must give the same tricks, scores and
irregularities as the file; every difference is an error with its line.

What the profile cannot carry, so that an imported sitting differs from the original log:

* **the cut**: the cards drawn are not kept; import draws one card per player (ace, two, three…)
  in a cutting order that seats the players as the deals show — ties and re-cuts are lost;
* **the pack order**: only the hands and the turn-up are kept; the order of the cards within each
  hand and of the cards not dealt (Thirteen and the Odd's stock) is lost;
* **who made each choice, and when**: an election is made by the first player entitled to it; a
  revoke claimed during the play is re-enacted as claimed at the end of the hand (a revoke
  corrected in time, as corrected by the revoker at once), a misdeal as reported by the first
  live seat other than the offender, a card exposed in dealing as reported by the first player
  who sees it, after the exchanges and declarations the file records; penalty-card calls
  (``CallCard``) are not kept — the cards played are, so the play and the scores are the same;
* the names of players never seated in a dealt hand, when ``WhistPlayers`` is missing, and the
  laws mode, when ``WhistLaws`` is missing (laws mode is then assumed only if the file records
  an irregularity);
* in the last hand of an unfinished sitting with no card played yet, the decisions that leave
  no mark (a Humbug player keeping his hand, a double not made) are not re-enacted: the sitting
  stops as soon as the hand is as the file shows it;
* a sitting that does not begin with the first deal, or skips a deal, cannot be rebuilt;
* Duplicate Whist: a DL-3 question is re-enacted right after the card it asks about (a revoke
  so found is corrected at once, so an irregularity committed between the two is recorded
  first); recorded trays not played in the file are not kept (the others are kept in tray
  order), nor a programme longer than :data:`MAX_PROGRAM_TEXT` characters (the plays in the file
  are then the programme).
"""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from vivant.actions import (
    Action,
    AskRenounce,
    CallSuit,
    ChoosePenalty,
    Claim,
    ClaimRevoke,
    CorrectRevoke,
    Cut,
    Deal,
    Declare,
    Double,
    DrawAttention,
    Elect,
    Exchange,
    Pass,
    Play,
    PlayTogether,
    Redouble,
    ReportExposed,
    ReportMisdeal,
    WaiveRevokes,
)
from vivant.cards import SEAT_LETTERS, SUIT_LETTERS, Card, CardSet, Seat, card_name, parse_card
from vivant.duplicate.table import DuplicateTable, Tray
from vivant.errors import InvalidNotationError, VivantError
from vivant.records.pbn import PbnError, PbnGame, read_pbn, write_pbn
from vivant.records.pbn_whist import (
    Scores,
    WhistDeal,
    WhistIrregularity,
    WhistTrick,
    deal_only_pbn,
    whist_games,
    write_whist_pbn,
)
from vivant.table import (
    BEFORE_PLAY,
    CLAIMS,
    CUT,
    DEAL,
    DECLARE,
    OVER,
    PENALTY,
    PLAY,
    HandState,
    Table,
)
from vivant.variants import find_variant

__all__ = [
    "SittingImport",
    "SittingImportError",
    "export_pbn",
    "import_pbn",
    "sitting_deals",
    "table_from_deals",
    "variant_name",
]

PLAYERS_TAG: Final = "WhistPlayers"
LAWS_TAG: Final = "WhistLaws"
OPTIONS_TAG: Final = "WhistOptions"
DOUBLING_TAG: Final = "WhistDoubling"
DOUBLINGS: Final = ("", "doubled", "redoubled")
#: What the players tags call a dummy seat: Mort by its name, any other dummy "Dummy".
DUMMY_NAMES: Final = {"mort": "Mort"}

#: The profile's recommended game names (docs/pbn-whist-profile.md), each read back by
#: :func:`~vivant.variants.find_variant`; other variants are written under their own name.
DISPLAY_NAMES: Final = {
    "mort": "Mort",
    "english-dummy": "English Dummy",
    "double-dummy": "Double Dummy",
    "bridge-for-three": "Bridge for Three",
    "humbug": "Humbug",
    "humbug-declared": "Humbug Declared",
    "thirteen": "Thirteen and the Odd",
    "duplicate": "Duplicate Whist",
}

#: Duplicate Whist: how each play came by its hands (``dealt`` here, a ``recorded`` tray given to
#: the table, an ``overplay`` of a tray played before here), and ``turned`` for a quarter turn.
TRAY_TAG: Final = "WhistTray"
TRAY_WAYS: Final = ("dealt", "recorded", "overplay")
#: Irregularities of the duplicate laws whose moment in the trick the note keeps (``at``).
TIMED_KINDS: Final = frozenset({"played_out_of_turn", "direction", "card_exposed", "winning_cards"})
#: The kinds of revoke a claim penalises (a DL-5 failure to comply is punished as a revoke).
REVOKE_KINDS: Final = frozenset({"revoke", "failure_to_comply"})


def variant_name(table: Table) -> str:
    """The ``WhistVariant`` value for a table's game."""
    return DISPLAY_NAMES.get(table.variant, table.variant)


def _scratch(table: Table) -> Table:
    """A copy of ``table`` to try an action on (its log is not copied, only its state)."""
    return copy.deepcopy(table, {id(table.log): []})


# --------------------------------------------------------------------------------------------
# Export


@dataclass
class _Hand:
    """What the replay learns about one hand beyond its :class:`HandState`."""

    state: HandState
    dealt: tuple[int, ...]
    players: tuple[str, str, str, str]
    dummies: frozenset[Seat]
    score_before: dict[str, int]
    declared_by: Seat | None = None
    exchanges: list[tuple[Seat, Seat]] = field(default_factory=list)
    doubling: int = 0
    suits_called: list[int] = field(default_factory=list)
    misdeal_reasons: list[str] = field(default_factory=list)
    record: dict[str, Any] | None = None
    #: Duplicate Whist: the tray, whether it lies turned, and how the hands came (TRAY_WAYS).
    tray: tuple[int, bool, str] | None = None
    #: The cards in the trick when each of ``state.irregularities`` was committed.
    at: list[int] = field(default_factory=list)


def _seat_names(table: Table) -> tuple[str, str, str, str]:
    def name(s: Seat) -> str:
        if s in table.dead_seats:
            return ""
        if s in table.dummy_seats:
            return DUMMY_NAMES.get(table.variant, "Dummy")
        return table.seat_player(s) or "?"

    return (name(0), name(1), name(2), name(3))


def _new_hand(table: Table) -> _Hand:
    assert table.hand is not None
    tray: tuple[int, bool, str] | None = None
    if isinstance(table, DuplicateTable):
        number, turned = table.current
        way = (
            "overplay"
            if table.is_overplay()
            else ("recorded" if not table.dealt_here(number) else "dealt")
        )
        tray = (number, turned, way)
    return _Hand(
        table.hand,
        tuple(table.hand.hands),
        _seat_names(table),
        frozenset(table.dummy_seats),
        dict(table.view(None).score),
        tray=tray,
    )


def _track(table: Table) -> tuple[Table, list[_Hand]]:
    """Replay ``table``'s log on a fresh table, following every hand dealt (and every play of a
    Duplicate Whist tray, whose hands come from the tray without a deal)."""
    fresh = type(table).from_config(table.config())
    hands: list[_Hand] = []
    if fresh.hand is not None:  # a recorded tray laid out when the table is made
        hands.append(_new_hand(fresh))
    records, seen = fresh.hand_records, 0
    for action in table.log:
        phase, h = fresh.phase, fresh.hand
        before = list(h.hands) if h is not None else []
        known = len(h.irregularities) if h is not None else 0
        in_trick = len(h.trick) if h is not None else 0
        fresh.apply(action)
        cur = hands[-1] if hands else None
        if cur is not None and cur.state is h:
            cur.at.extend([in_trick] * (len(cur.state.irregularities) - known))
        if isinstance(action, Deal):
            assert fresh.hand is not None
            cur = _new_hand(fresh)
            hands.append(cur)
        elif cur is None:
            pass
        elif isinstance(action, Exchange) and action.take and h is not None:
            other = next(s for s in range(4) if s != action.seat and h.hands[s] != before[s])
            cur.exchanges.append((action.seat, other))
        elif isinstance(action, Declare) and phase == DECLARE:
            cur.declared_by = action.seat
        elif isinstance(action, Pass) and phase == DECLARE:
            cur.declared_by = next(
                d for d in fresh.dummy_seats if fresh.controller(d) == action.seat
            )
        elif isinstance(action, Double | Redouble):
            cur.doubling += 1
        elif isinstance(action, CallSuit):
            cur.suits_called.append(action.suit)
        elif isinstance(action, ReportMisdeal):
            cur.misdeal_reasons.append(action.reason)
        new = records[seen:]
        if fresh.hand_records is not records:
            records = fresh.hand_records
            new = new + records
        seen = len(records)
        if new and cur is not None:
            cur.record = new[-1]
        if fresh.hand is not None and cur is not None and fresh.hand is not cur.state:
            hands.append(_new_hand(fresh))  # the next play of a tray, laid out from the tray
    return fresh, hands


def _side_letters(table: Table) -> tuple[str, str]:
    def side(i: int) -> str:
        return "".join(
            SEAT_LETTERS[s]
            for s in range(4)
            if table.seat_sides[s] == i and s not in table.dead_seats
        )

    return side(0), side(1)


def _by_side(table: Table, values: dict[str, int], keep_zero: bool = False) -> Scores:
    letters = _side_letters(table)
    return tuple(
        (letters[i], values[name])
        for i, name in enumerate(table.side_names)
        if name in values and (keep_zero or values[name])
    )


def _scores(table: Table, hand: _Hand) -> tuple[Scores, Scores, Scores]:
    """Tricks counted after penalties, points and honour points the hand scored, per side."""
    rec = hand.record
    if rec is None or rec.get("abandoned"):
        return (), (), ()
    won = _by_side(table, rec.get("won", {}), keep_zero=True)
    points: dict[str, int] = {}
    honours: dict[str, int] = {}
    if "scored" in rec:  # English short whist and its relatives
        for item in rec["scored"]:
            into = honours if item["item"] == "honours" else points
            into[item["side"]] = into.get(item["side"], 0) + item["points"]
    elif "markers" in rec:  # Mort: the markers moved by the hand
        points = {k: v - hand.score_before.get(k, 0) for k, v in rec["markers"].items()}
    elif "below" in rec:  # Bridge for Three: the dealer's side, then each non-dealer
        names = table.side_names
        points = {
            names[0]: rec["below"] + rec["dealer_above"],
            names[1]: rec["non_dealer_above"],
        }
    return won, _by_side(table, points), _by_side(table, honours)


def _note(**items: object) -> str:
    return "; ".join(f"{k} {v}" for k, v in items.items() if v not in (None, "", ()))


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card_name(c) for c in cards)


def _penalty_word(option: str) -> str:
    """An election as the table's ``Penalty`` word (a DL-1 direction's ``/`` becomes ``-``)."""
    return option.replace("/", "-")


def _penalty_option(kind: str, word: str) -> str:
    return word.replace("-", "/") if kind == "direction" else word


def _irregularities(table: Table, hand: _Hand) -> tuple[WhistIrregularity, ...]:
    h = hand.state
    out: list[WhistIrregularity] = []
    suits = iter(hand.suits_called)
    reasons = iter(hand.misdeal_reasons)
    for i, r in enumerate(h.irregularities):
        suit = reason = at = by = demand = None
        if r.kind == "lead_out_of_turn" and r.election == "call_suit":
            called = next(suits, None)
            suit = None if called is None else SUIT_LETTERS[called]
        if r.kind == "misdeal":
            reason = next(reasons, None)
        touched = r.details.get("touched") if r.kind in ("misdeal", "exposed_in_deal") else None
        if r.kind in TIMED_KINDS and i < len(hand.at):
            at = hand.at[i]
        if r.election == "cancelled":  # DL-4: who demanded what
            who = r.details.get("by")
            if isinstance(who, str) and who in table.role_letters:
                by = SEAT_LETTERS[table.role_letters.index(who)]
            demand, reason = r.details.get("demand"), r.details.get("reason")
        out.append(
            WhistIrregularity(
                r.kind,
                r.offender,
                r.trick or None,
                _penalty_word(r.election or ""),
                _note(
                    rule=r.rule,
                    cards=_cards_text(r.cards),
                    suit=suit,
                    reason=reason,
                    at=at,
                    by=by,
                    demand=demand,
                    touched=touched,
                ),
            )
        )
    recorded = {(r.kind, r.trick, r.offender) for r in h.irregularities if r.kind in REVOKE_KINDS}
    for rev in h.revokes:
        if (rev.kind, rev.trick, rev.seat) in recorded:
            continue
        penalty = "waived" if rev.penalty == "waived" else ""
        out.append(
            WhistIrregularity(
                rev.kind,
                rev.seat,
                rev.trick,
                penalty,
                _note(rule=rev.rule if rev.kind != "revoke" else None, cards=card_name(rev.card)),
            )
        )
    for claim in h.notes.get("claims", ()):
        seat = table.role_letters.index(claim["by"])
        option = {True: "admit", False: "refuse"}.get(claim.get("admitted"), "")
        out.append(
            WhistIrregularity("claim", seat, claim["trick"], option, _note(tricks=claim["tricks"]))
        )
    for ask in h.notes.get("inquiries", ()):  # DL-3: "none of that suit, partner?"
        seat = table.role_letters.index(ask["by"])
        rule = ask.get("rule", "DL-3")
        out.append(WhistIrregularity("ask_renounce", seat, ask["trick"], "", _note(rule=rule)))
    return tuple(out)


def _config_tags(table: Table, hand: _Hand) -> tuple[tuple[str, str], ...]:
    tags = [(LAWS_TAG, "yes" if table.laws else "no")]
    if not any(";" in p for p in table.players):  # else the players come from the seats
        tags.append((PLAYERS_TAG, ";".join(table.players)))
    on = [o for o in table.options if getattr(table, o) is True]
    if isinstance(table, DuplicateTable):
        on += _duplicate_options(table)
    if on:
        tags.append((OPTIONS_TAG, " ".join(on)))
    if hand.doubling:
        tags.append((DOUBLING_TAG, DOUBLINGS[min(hand.doubling, 2)]))
    if hand.tray is not None:
        _, turned, way = hand.tray
        tags.append((TRAY_TAG, f"{way} turned" if turned else way))
    return tuple(tags)


#: A longer programme is left out of ``WhistOptions`` (PBN lines hold 255 characters).
MAX_PROGRAM_TEXT: Final = 180


def _duplicate_options(table: DuplicateTable) -> list[str]:
    """Duplicate Whist's options beyond the flags, as ``name=value`` items: the number of trays,
    the session's declared trump and the programme of plays (``1,2,1t,2t``: ``t`` turned)."""
    items = []
    if table.trays is not None:
        items.append(f"trays={table.trays}")
    if table.declared_trump is not None:
        items.append(f"declared_trump={table.declared_trump}")
    if table.program is not None:
        text = ",".join(f"{t}{'t' if turned else ''}" for t, turned in table.program)
        if len(text) <= MAX_PROGRAM_TEXT:
            items.append(f"program={text}")
    return items


#: Games the whist profile does not describe yet (issue 17): All Fours' hands of six, its begging,
#: runs and face-down discards and its points, Boston's two packs, cuts, auction and counters need
#: the profile and its document extended.
#: Export refuses them with a :class:`~vivant.errors.VivantError` that says so.
OUTSIDE_PROFILE: Final = frozenset({"all-fours", "boston"})


def sitting_deals(
    table: Table, *, event: str = "?", site: str = "?", date: str = "?"
) -> list[WhistDeal]:
    """Every hand dealt in ``table``'s sitting (its log replayed) as a :class:`WhistDeal`."""
    if table.variant in OUTSIDE_PROFILE:
        raise VivantError(
            f"the PBN whist profile does not describe {table.variant} yet; "
            "its event log (vivant play --save) records the sitting"
        )
    fresh, hands = _track(table)
    deals = []
    for board, hand in enumerate(hands, start=1):
        h = hand.state
        tricks = [WhistTrick(t.leader, t.cards) for t in h.tricks]
        if h.trick:
            tricks.append(WhistTrick(h.trick_seats[0], tuple(h.trick)))
        won, points, honours = _scores(fresh, hand)
        declared_by = hand.declared_by
        if isinstance(fresh, DuplicateTable) and fresh.declared_trump is not None:
            declared_by = h.dealer  # SD-2: the session's suit, agreed, stands for a declaration
        deals.append(
            WhistDeal(
                variant=variant_name(fresh),
                dealer=h.dealer,
                hands=tuple(  # type: ignore[arg-type]
                    None if s in fresh.dead_seats and not m else CardSet(m)
                    for s, m in enumerate(hand.dealt)
                ),
                trump=h.trump,
                turn_up=h.turn_up,
                declared_by=declared_by,
                dummies=hand.dummies,
                dead=frozenset(fresh.dead_seats),
                exchanges=tuple(hand.exchanges),
                tricks=tuple(tricks),
                tricks_won=won,
                points=points,
                honours=honours,
                irregularities=_irregularities(fresh, hand),
                event=event,
                site=site,
                date=date,
                board=hand.tray[0] if hand.tray is not None else board,
                players=hand.players,
                scoring=variant_name(fresh),
                extra_tags=_config_tags(fresh, hand),
            )
        )
    return deals


def export_pbn(
    table: Table, *, event: str = "?", site: str = "?", date: str = "?", deal_only: bool = False
) -> str:
    """The sitting as a whist-profile PBN file (or, ``deal_only``, the bare deals for bridge
    tools: the hands as held in play and the mandatory tags)."""
    deals = sitting_deals(table, event=event, site=site, date=date)
    if deal_only:
        return write_pbn(deal_only_pbn(d) for d in deals)
    return write_whist_pbn(deals)


# --------------------------------------------------------------------------------------------
# Import


class SittingImportError(InvalidNotationError):
    """Deals that do not re-enact as a sitting; ``problems`` each name a line (0 if unknown)."""

    def __init__(self, problems: Sequence[PbnError]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(str(p) for p in self.problems))


class _Mismatch(VivantError):
    """The table seats the deal's players differently: try another cutting order."""

    def __init__(self, deal: int = 0) -> None:
        super().__init__(f"deal {deal + 1}")
        self.deal = deal


class _TrickError(InvalidNotationError):
    """A trick that does not re-enact (its number, for the line of its Play row)."""

    def __init__(self, trick: int, message: str) -> None:
        super().__init__(message)
        self.trick = trick


@dataclass(frozen=True)
class SittingImport:
    """What :func:`import_pbn` made of a file: the deals read, the rebuilt table (``None`` when
    there were errors) and every problem, reader's, profile's and re-enactment's, by line."""

    deals: tuple[WhistDeal, ...]
    table: Table | None
    errors: tuple[PbnError, ...]

    @property
    def ok(self) -> bool:
        """Whether the sitting was rebuilt and nothing worse than a warning was found."""
        return self.table is not None and not any(not e.warning for e in self.errors)


def _note_items(note: str) -> dict[str, str]:
    items = {}
    for part in note.split(";"):
        key, _, value = part.strip().partition(" ")
        if key:
            items[key] = value.strip()
    return items


def _note_cards(ir: WhistIrregularity, count: int = 1) -> tuple[Card, ...]:
    """The cards an irregularity's note names (at least ``count`` of them)."""
    text = _note_items(ir.note).get("cards", "")
    try:
        cards = tuple(parse_card(c) for c in text.split())
    except InvalidNotationError as exc:
        raise InvalidNotationError(f"{ir.kind} note {ir.note!r}: {exc}") from None
    if len(cards) < count:
        raise InvalidNotationError(f"{ir.kind} note {ir.note!r}: 'cards' must name {count} card(s)")
    return cards


def _note_number(ir: WhistIrregularity, key: str) -> int:
    text = _note_items(ir.note).get(key, "")
    if not text.isdigit():
        raise InvalidNotationError(f"{ir.kind} note {ir.note!r}: '{key}' must be a number")
    return int(text)


def _extra(deal: WhistDeal, name: str) -> str | None:
    return next((v for k, v in deal.extra_tags if k == name), None)


def _config(deals: Sequence[WhistDeal]) -> tuple[type[Table], dict[str, Any]]:
    first = deals[0]
    for k, d in enumerate(deals):
        if d.variant != first.variant:
            raise InvalidNotationError(
                f"deal {k + 1} is {d.variant!r}; a sitting is one game ({first.variant!r})"
            )
    cls = find_variant(first.variant)
    listed = _extra(first, PLAYERS_TAG)
    if listed is not None:
        players = [p for p in listed.split(";") if p]
    else:
        players = []
        for d in deals:
            for s, name in enumerate(d.players):
                if s in d.dummies or s in d.dead or name in ("", "?") or name in players:
                    continue
                players.append(name)
    laws_text = _extra(first, LAWS_TAG)
    irregular = any(ir.kind != "claim" for d in deals for ir in d.irregularities)
    laws = irregular if laws_text is None else laws_text == "yes"
    on = (_extra(first, OPTIONS_TAG) or "").split()
    config: dict[str, Any] = {"variant": cls.variant, "players": players, "laws": laws}
    if issubclass(cls, DuplicateTable):
        config.update(_duplicate_config(deals, on))
        return cls, config
    config.update({o: o in on for o in cls.options})
    return cls, config


def _tray_way(deal: WhistDeal) -> tuple[str, bool]:
    """Duplicate Whist: how a play's hands came (TRAY_WAYS), and whether the tray lies turned."""
    words = (_extra(deal, TRAY_TAG) or "dealt").split()
    if not words or words[0] not in TRAY_WAYS or words[1:] not in ([], ["turned"]):
        raise InvalidNotationError(
            f"{TRAY_TAG} {' '.join(words)!r}: dealt, recorded or overplay, then perhaps turned"
        )
    return words[0], words[1:] == ["turned"]


def _duplicate_config(deals: Sequence[WhistDeal], on: Sequence[str]) -> dict[str, Any]:
    """Duplicate Whist's options from ``WhistOptions`` (flags and ``name=value`` items) and the
    recorded trays from the deals of their first plays (turned back when they lie turned)."""
    values = dict(item.partition("=")[::2] for item in on if "=" in item)
    config: dict[str, Any] = {
        "mnemonic": "mnemonic" in on,
        "turn_trump_each_deal": "turn_trump_each_deal" in on,
        "declared_trump": values.get("declared_trump"),
        "trays": None,
        "program": None,
    }
    program = values.get("program")
    if program is not None:
        items = []
        for item in program.split(","):
            number = item.removesuffix("t")
            if not number.isdigit():
                raise InvalidNotationError(f"program item {item!r}: a tray number, then perhaps t")
            items.append([int(number), item.endswith("t")])
        config["program"] = items
    elif "trays" in values:
        if not values["trays"].isdigit():
            raise InvalidNotationError(f"trays={values['trays']!r}: a number")
        config["trays"] = int(values["trays"])
    else:  # no programme kept: the plays in the file are the programme
        config["program"] = [[d.board, _tray_way(d)[1]] for d in deals]
    boards: dict[int, dict[str, Any]] = {}
    for d in deals:
        way, turned = _tray_way(d)
        if way != "recorded" or d.board is None or d.board in boards:
            continue
        # D-DU11: turned, the tray's seat s is held at table seat s + 1.
        hands = [d.hands[(s + (1 if turned else 0)) % 4] for s in range(4)]
        if d.trump is None:
            raise InvalidNotationError(f"tray {d.board}: a trump suit")
        text = " ".join(h.pbn() if h is not None else "-" for h in hands)
        boards[d.board] = Tray.from_json(
            {
                "tray": d.board,
                "dealer": SEAT_LETTERS[(d.dealer - (1 if turned else 0)) % 4],
                "trump": SUIT_LETTERS[d.trump],
                "turn_up": None if d.turn_up is None else card_name(d.turn_up),
                "deal": "N:" + text,
            }
        ).to_json()
    config["boards"] = [boards[t] for t in sorted(boards)]
    return config


def _seated_as(table: Table, deal: WhistDeal) -> bool:
    """Whether the table about to deal has the deal's dealer, dummies and named players."""
    if table.dealer != deal.dealer or frozenset(table.dummy_seats) != deal.dummies:
        return False
    for s, name in enumerate(deal.players):
        if s in deal.dummies or s in deal.dead or name in ("", "?"):
            continue
        if table.seat_player(s) != name:
            return False
    return True


def _reach_deal(table: Table, deal: WhistDeal) -> Table:
    """``table`` (or a copy of it) with the choices made that lead to ``deal``'s seating."""
    if isinstance(table, DuplicateTable):
        return _reach_tray(table, deal)
    if table.phase == DEAL and table.pending is None:
        if not _seated_as(table, deal):
            raise _Mismatch()
        return table
    seat = table.to_act()
    if table.phase == OVER:
        raise InvalidNotationError(
            "the sitting is over before this deal; a file holds one sitting, from its first deal"
        )
    if table.phase == PLAY or seat is None or table.pending is not None:
        raise InvalidNotationError(f"this deal cannot come yet: {_phase_text(table.phase)}")
    for action in table.legal_actions(seat):
        trial = _scratch(table)
        trial.apply(action)
        try:
            _reach_deal(trial, deal)
        except _Mismatch:
            continue
        table.apply(action)
        return _reach_deal(table, deal)
    raise _Mismatch()


def _reach_tray(table: DuplicateTable, deal: WhistDeal) -> Table:
    """Duplicate Whist: the table must be about to play the deal's tray, turned as the deal
    says; a play from the tray must hold the deal's hands."""
    if table.phase == OVER or table.pending is not None:
        raise _Mismatch()
    number, turned = table.current
    if deal.board != number or _tray_way(deal)[1] != turned or table.dealer != deal.dealer:
        raise _Mismatch()
    h = table.hand
    if table.phase == DEAL:
        return table
    if h is None or table.phase != PLAY or h.tricks or h.trick:
        raise InvalidNotationError(f"the session cannot play tray {number} now")
    if tuple(h.hands) != tuple(c.mask if c is not None else 0 for c in deal.hands):
        raise InvalidNotationError(f"tray {number} holds other hands than the deal shows")
    return table


def _pack(table: Table, deal: WhistDeal, probes: dict[Seat, HandState]) -> tuple[Card, ...]:
    """A pack order that the table deals into ``deal``'s hands and turn-up."""
    probe = probes.get(deal.dealer)
    if probe is None:
        trial = _scratch(table)
        trial.apply(Deal(tuple(range(52))))
        assert trial.hand is not None
        probe = probes[deal.dealer] = trial.hand
    order: list[Card | None] = [None] * 52
    for s in range(4):
        positions = [p for p in range(52) if probe.hands[s] >> p & 1]
        hand = deal.hands[s]
        wanted = sorted(hand) if hand is not None else []
        if len(wanted) != len(positions):
            raise InvalidNotationError(
                f"{variant_name(table)} deals {len(positions)} cards to {SEAT_LETTERS[s]}, "
                f"the deal gives {len(wanted)}"
            )
        if probe.turn_up is not None and probe.turn_up in positions and deal.turn_up in wanted:
            positions.remove(probe.turn_up)
            wanted.remove(deal.turn_up)
            order[probe.turn_up] = deal.turn_up
        for p, c in zip(positions, wanted, strict=True):
            order[p] = c
    if (probe.turn_up is None) != (deal.turn_up is None):
        turns = "turns no card" if probe.turn_up is None else "turns a card for trump"
        raise InvalidNotationError(
            f"{variant_name(table)} {turns}; "
            f"the deal has {'a' if deal.turn_up is not None else 'no'} turn-up"
        )
    if deal.turn_up is not None and order[probe.turn_up or 0] is None:
        order[probe.turn_up or 0] = deal.turn_up
    placed = set(order)
    rest = iter(c for c in range(52) if c not in placed)
    return tuple(c if c is not None else next(rest) for c in order)


class _Replay:
    """Re-enacts one deal on a table (see the module docstring)."""

    def __init__(self, table: Table, deal: WhistDeal, last: bool) -> None:
        self.table, self.deal, self.last = table, deal, last
        self.state: HandState | None = None
        self.irregular = list(deal.irregularities)
        self.suits = [
            _note_items(ir.note).get("suit", "")
            for ir in self.irregular
            if ir.kind == "lead_out_of_turn" and ir.penalty == "call_suit"
        ]
        doubling = _extra(deal, DOUBLING_TAG) or ""
        if doubling not in DOUBLINGS:
            raise InvalidNotationError(f"{DOUBLING_TAG} {doubling!r}: doubled or redoubled")
        self.doubling = DOUBLINGS.index(doubling)

    def take(self, kind: str, trick: int | None, **match: object) -> WhistIrregularity | None:
        """The first irregularity not yet re-enacted of ``kind`` at ``trick`` matching."""
        for ir in self.irregular:
            if (
                ir.kind == kind
                and ir.trick == trick
                and all(getattr(ir, k) == v for k, v in match.items())
            ):
                self.irregular.remove(ir)
                return ir
        return None

    def settle(self, ir: WhistIrregularity) -> None:
        """The election recorded for ``ir``: its option, or, where DL-4 cancelled the penalty,
        the demand that cancelled it, by the adversary who made it."""
        if ir.penalty != "cancelled":
            self.elect(_penalty_option(ir.kind, ir.penalty))
            return
        items = _note_items(ir.note)
        by, demand = items.get("by", ""), items.get("demand", "")
        if by not in SEAT_LETTERS or not demand:
            raise InvalidNotationError(
                f"{ir.kind} note {ir.note!r}: a cancelled penalty names 'by' and 'demand'"
            )
        if self.table.pending is None:
            raise InvalidNotationError(f"the laws give no choice here, yet {demand!r} is recorded")
        self.table.apply(Elect(SEAT_LETTERS.index(by), demand))

    def elect(self, option: str) -> None:
        t = self.table
        if t.pending is None:
            raise InvalidNotationError(f"the laws give no choice here, yet {option!r} is recorded")
        t.apply(Elect(t.pending.electors[0], option))

    def run(self, pack: tuple[Card, ...] | None) -> None:
        """Deal ``pack`` (``None``: the hands come from a Duplicate Whist tray) and play."""
        t, d = self.table, self.deal
        if pack is not None:
            t.apply(Deal(pack))
        if not self.before_play():
            return  # thrown in by a misdeal or a card exposed in dealing
        h = self.state = t.hand
        assert h is not None
        if h.trump != d.trump:
            raise InvalidNotationError(
                f"the table's trump is {_denomination(h.trump)}, "
                f"the deal says {_denomination(d.trump)}"
            )
        for no, trick in enumerate(d.tricks, start=1):
            if not self.claim(no):
                break
            try:
                self.play_trick(no, trick)
            except _TrickError:
                raise
            except VivantError as exc:
                raise _TrickError(no, f"trick {no}: {exc}") from None
        else:
            self.claim(len(d.tricks) + 1)
        self.end_of_hand()

    def claim(self, no: int) -> bool:
        """Re-enact a claim made before trick ``no``; whether the play goes on."""
        t = self.table
        claim = self.take("claim", no)
        if claim is not None:
            t.apply(Claim(claim.offender, _note_number(claim, "tricks")))
            self.elect(claim.penalty or "refuse")
        return t.hand is not None and t.phase == PLAY

    def deal_irregularities(self) -> bool:
        """Report the irregularities of the deal; whether the hand stands."""
        t = self.table
        for kind in ("misdeal", "exposed_in_deal"):
            ir = next((x for x in self.irregular if x.kind == kind and x.trick is None), None)
            if ir is None:
                continue
            items = _note_items(ir.note)
            touched = items.get("touched", "")
            if kind == "misdeal":
                self.withdrawn_leads(1, before=ir)  # a lead out of turn made before the report
                self.irregular.remove(ir)
                reporter = next(s for s in range(4) if s not in t.dead_seats and s != ir.offender)
                t.apply(ReportMisdeal(reporter, items.get("reason") or "deal", touched))
            else:
                card = _note_cards(ir)[0]
                seen = [s for s in range(4) if s not in t.dead_seats and t.sees(s, card)]
                if not seen and t.phase in BEFORE_PLAY:
                    continue  # reported once its holder has seen it (an eldest doubling unseen)
                if not seen:
                    raise InvalidNotationError(f"{ir.kind}: no player sees {card_name(card)}")
                self.withdrawn_leads(1, before=ir)
                self.irregular.remove(ir)
                t.apply(ReportExposed(seen[0], card, t.controller(ir.offender), touched))
            if ir.penalty or t.pending is not None:
                self.settle(ir)
            if t.hand is None:
                return False
        return True

    def before_play(self) -> bool:
        """The exchanges, declaration and doubles; the deal's irregularities are reported as
        soon as the hand is as the file shows it. Whether the hand is played: the last hand of
        an unfinished sitting, with no card played, stops there too."""
        t, d = self.table, self.deal
        takers = {a for a, _ in d.exchanges}
        declared = d.declared_by is None
        takes = doubles = 0
        while t.phase in BEFORE_PLAY and t.pending is None:
            ready = declared and takes == len(takers) and doubles == self.doubling
            if ready and not self.deal_irregularities():
                return False
            if ready and self.last and not d.tricks:
                return False
            seat = t.to_act()
            assert seat is not None
            legal = t.legal_actions(seat)
            chosen = next((a for a in legal if self.fits(a, seat, takers, doubles)), None)
            if chosen is None:
                raise InvalidNotationError(
                    f"no decision of {SEAT_LETTERS[seat]} before the play fits the deal "
                    f"(he may {' or '.join(dict.fromkeys(map(_decision_words, legal)))})"
                )
            declared = declared or t.phase == DECLARE
            takes += isinstance(chosen, Exchange) and chosen.take
            doubles += isinstance(chosen, Double | Redouble)
            t.apply(chosen)
        return self.deal_irregularities()

    def fits(self, a: Action, seat: Seat, takers: set[Seat], doubles: int) -> bool:
        """Whether a decision before the play agrees with the deal (exchanges, trump, doubles)."""
        d, declaring = self.deal, self.table.phase == DECLARE
        if isinstance(a, Exchange):
            return a.take == (a.seat in takers)
        if isinstance(a, Declare):
            return d.declared_by == seat and a.trump == _denomination(d.trump)
        if isinstance(a, Double | Redouble):
            return doubles < self.doubling
        if isinstance(a, Pass):
            return d.declared_by != seat if declaring else doubles >= self.doubling
        return False

    def play_trick(self, no: int, trick: WhistTrick) -> None:
        t = self.table
        self.withdrawn_leads(no)
        for k, c in enumerate(trick.cards):
            seat = t.seat_order[trick.leader][k]
            self.call_suit()
            self.timed(no, k, trick)
            self.play_card(no, seat, c)

    def withdrawn_leads(self, no: int, before: WhistIrregularity | None = None) -> None:
        """Leads out of turn taken back, withdrawn or penalised: they come before trick ``no``'s
        lead (``before``: only those recorded before that irregularity)."""
        end = self.irregular.index(before) if before is not None else len(self.irregular)
        for ir in [
            ir
            for ir in self.irregular[:end]
            if ir.kind == "lead_out_of_turn" and ir.trick == no and ir.penalty != "accept"
        ]:
            self.irregular.remove(ir)
            self.call_suit()  # a suit called after an earlier lead out of turn comes first
            self.table.apply(Play(ir.offender, _note_cards(ir)[0]))
            if ir.penalty:
                self.settle(ir)

    def timed(self, no: int, k: int, trick: WhistTrick) -> None:
        """Duplicate Whist's irregularities committed with ``k`` cards in trick ``no``: a card
        played out of turn (DL-1), attention drawn to the trick (DL-1), a card led again before
        the partner has played (DL-6, WL-5.1), each with the election that followed."""
        t = self.table
        for ir in list(self.irregular):
            if ir not in self.irregular or ir.trick != no or ir.kind not in TIMED_KINDS:
                continue
            if _note_items(ir.note).get("at") != str(k):
                continue
            position = t.seat_order[trick.leader].index(ir.offender)
            if ir.kind == "winning_cards" and position >= k:
                continue  # cards played together in the offender's turn (play_card)
            self.irregular.remove(ir)
            if ir.kind == "played_out_of_turn":
                t.apply(Play(ir.offender, _note_cards(ir)[0]))
                ir = next(
                    (x for x in self.irregular if x.kind == "direction" and x.trick == no), ir
                )
                if ir.kind != "direction":
                    raise InvalidNotationError("no direction follows the card played out of turn")
                self.irregular.remove(ir)
                self.settle(ir)
            elif ir.kind == "direction":
                t.apply(DrawAttention(ir.offender))
                self.settle(ir)
            elif ir.kind == "card_exposed":  # D-DU17: the election follows, then the demand
                t.apply(Play(ir.offender, _note_cards(ir)[-1]))
                if ir.penalty == "cancelled":
                    self.settle(ir)
                else:
                    self.elect("call_card")
            else:
                t.apply(Play(ir.offender, _note_cards(ir, 2)[1]))
                self.settle(ir)

    def play_card(self, no: int, seat: Seat, c: Card) -> None:
        """``seat``'s card ``c`` in trick ``no``: played alone or with another (two cards), and
        perhaps first a revoking card that was corrected (WL-7.4)."""
        t = self.table
        corrected = self.take("revoke_corrected", no, offender=seat)
        first = _note_cards(corrected)[0] if corrected is not None else c
        two = self.take("two_cards", no, offender=seat, penalty=card_name(first))
        if two is None:
            two = self.together(no, seat, first)
        if two is not None:
            t.apply(PlayTogether(seat, _note_cards(two, 2)))
            self.settle(two)
        else:
            t.apply(Play(seat, first))
            p = t.pending
            if p is not None and p.kind == "lead_out_of_turn":
                if self.take("lead_out_of_turn", no, offender=seat, penalty="accept") is None:
                    raise InvalidNotationError(
                        f"{SEAT_LETTERS[seat]} leads out of turn, and no accepted lead out "
                        "of turn is recorded"
                    )
                self.elect("accept")
        asked = None  # DL-3: the partner asks; a revoke so found is corrected
        while (again := self.take("ask_renounce", no, offender=(seat + 2) % 4)) is not None:
            asked = again
            t.apply(AskRenounce(asked.offender))
        if corrected is not None:
            h = t.hand
            if t.pending is None and h is not None and h.must_correct is None:
                t.apply(CorrectRevoke(seat, c))  # as if the revoker saw his error at once
            p = t.pending
            if p is not None and p.kind == "revoke_correction":  # WL-7.4: how it is corrected
                self.elect(corrected.penalty or p.default)
            if t.hand is not None and t.hand.must_correct == seat:
                t.apply(CorrectRevoke(seat, c))

    def together(self, no: int, seat: Seat, first: Card) -> WhistIrregularity | None:
        """Cards played together in ``seat``'s turn whose first card went to the trick: a DL-6
        election (winners) or a penalty cancelled under DL-4."""
        for ir in self.irregular:
            if ir.trick != no or ir.offender != seat:
                continue
            cancelled = ir.kind == "two_cards" and ir.penalty == "cancelled"
            at = _note_items(ir.note).get("at")
            in_turn = at is None or (
                self.table.hand is not None and at == str(len(self.table.hand.trick))
            )
            if (cancelled and first in _note_cards(ir, 2)) or (
                ir.kind == "winning_cards" and in_turn and _note_cards(ir)[0] == first
            ):
                self.irregular.remove(ir)
                return ir
        return None

    def call_suit(self) -> None:
        t = self.table
        seat = t.to_act()
        if seat is None or t.phase != PLAY or t.pending is not None:
            return
        calls = [a for a in t.legal_actions(seat) if isinstance(a, CallSuit)]
        if calls:
            letter = self.suits.pop(0) if self.suits else ""
            suit = SUIT_LETTERS.index(letter) if letter in tuple(SUIT_LETTERS) else calls[0].suit
            t.apply(CallSuit(seat, suit))

    def end_of_hand(self) -> None:
        t = self.table
        while t.phase in (CLAIMS, PENALTY) and t.pending is None:
            seat = t.to_act()
            assert seat is not None
            legal = t.legal_actions(seat)
            if t.phase == CLAIMS:
                chosen: Action = next(
                    (
                        a
                        for a in legal
                        if isinstance(a, ClaimRevoke)
                        and any(
                            ir.kind in REVOKE_KINDS
                            and ir.trick == a.trick
                            and ir.penalty not in ("", "waived")
                            for ir in self.irregular
                        )
                    ),
                    WaiveRevokes(seat),
                )
            else:
                rev = next(a for a in legal if isinstance(a, ChoosePenalty))
                ir = self.take("revoke", rev.trick) or self.take("failure_to_comply", rev.trick)
                if ir is None:
                    raise InvalidNotationError(
                        f"no penalty is recorded for the revoke in trick {rev.trick}"
                    )
                chosen = ChoosePenalty(seat, rev.trick, ir.penalty)
            t.apply(chosen)
        # (a Duplicate Whist table lays out the next play of a tray at once: a new hand)
        if t.hand is not None and t.hand is self.state and not self.last:
            raise InvalidNotationError(
                f"the hand is not over after the recorded play: {_phase_text(t.phase)}"
            )


def _denomination(trump: int | None) -> str:
    return "NT" if trump is None else SUIT_LETTERS[trump]


#: What is still to happen at a table in each phase, for messages.
_PHASES: Final = {
    CUT: "the players are still to cut",
    DEAL: "a deal is due",
    PLAY: "cards are still to be played",
    CLAIMS: "revoke claims are still open",
    PENALTY: "a revoke penalty is still to be chosen",
    OVER: "the sitting is over",
}


def _phase_text(phase: str) -> str:
    return _PHASES.get(phase, "decisions before the play are still to be made")


def _decision_words(action: Action) -> str:
    """A decision before the play as a player says it."""
    if isinstance(action, Exchange):
        return "take the hand on his right" if action.take else "keep his hand"
    if isinstance(action, Declare):
        return f"declare {_denomination_name(action.trump)}"
    return {Pass: "pass", Double: "double", Redouble: "redouble"}.get(type(action), "act")


def _denomination_name(trump: str) -> str:
    return {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "NT": "no trumps"}.get(
        trump, trump
    )


def _scores_words(scores: Scores) -> str:
    return " ".join(f"{side} {n}" for side, n in scores) or "none"


#: What :func:`_compare` checks of each deal: a field, its name in messages, and its value in
#: the file's own notation.
_COMPARED: Final[tuple[tuple[str, str, Callable[[WhistDeal], str]], ...]] = (
    ("hands", "hands N E S W", lambda d: " ".join("-" if h is None else h.pbn() for h in d.hands)),
    ("trump", "trump", lambda d: _denomination(d.trump)),
    ("turn_up", "turn-up", lambda d: "none" if d.turn_up is None else card_name(d.turn_up)),
    ("tricks", "play", lambda d: "; ".join(_cards_text(t.cards) for t in d.tricks) or "none"),
    ("tricks_won", "tricks", lambda d: _scores_words(d.tricks_won)),
    ("points", "points", lambda d: _scores_words(d.points)),
    ("honours", "honours", lambda d: _scores_words(d.honours)),
)


def _enact(table: Table, deals: Sequence[WhistDeal], where: _Lines) -> None:
    probes: dict[Seat, HandState] = {}
    for k, deal in enumerate(deals):
        try:
            table = _reach_deal(table, deal)
        except _Mismatch:
            raise _Mismatch(k) from None
        except VivantError as exc:
            raise SittingImportError([PbnError(where.line(k), f"deal {k + 1}: {exc}")]) from None
        try:
            pack = _pack(table, deal, probes) if table.phase == DEAL else None
            _Replay(table, deal, last=k == len(deals) - 1).run(pack)
        except _TrickError as exc:
            line = where.line(k, exc.trick)
            raise SittingImportError([PbnError(line, f"deal {k + 1}, {exc}")]) from None
        except VivantError as exc:
            raise SittingImportError([PbnError(where.line(k), f"deal {k + 1}: {exc}")]) from None


@dataclass(frozen=True)
class _Lines:
    """Where each deal (and each of its tricks) is in the file, for messages (0: unknown)."""

    games: Sequence[PbnGame] = ()

    def line(self, deal: int, trick: int | None = None) -> int:
        if deal >= len(self.games):
            return 0
        game = self.games[deal]
        if trick is not None and 1 <= trick <= len(game.play) and game.play[trick - 1].line:
            return game.play[trick - 1].line
        return game.line


def _compare(table: Table, deals: Sequence[WhistDeal], where: _Lines) -> list[PbnError]:
    """Differences between the deals and the replayed sitting's own export."""
    problems = []
    again = sitting_deals(table)
    for k, (d, e) in enumerate(zip(deals, again, strict=False)):
        for f, label, text in _COMPARED:
            if getattr(d, f) != getattr(e, f):
                problems.append(
                    PbnError(
                        where.line(k),
                        f"deal {k + 1}: {label} in the file {text(d)}, replayed {text(e)}",
                    )
                )
        recorded, replayed = (
            Counter(map(_irr_key, d.irregularities)),
            Counter(map(_irr_key, e.irregularities)),
        )
        if recorded != replayed:
            missing = ", ".join(_irr_text(k) for k in (recorded - replayed).elements())
            extra = ", ".join(_irr_text(k) for k in (replayed - recorded).elements())
            problems.append(
                PbnError(
                    where.line(k),
                    f"deal {k + 1}: the irregularities do not re-enact as recorded"
                    + (f"; not re-enacted: {missing}" if missing else "")
                    + (f"; re-enacted but not in the file: {extra}" if extra else ""),
                )
            )
    if len(again) != len(deals):
        problems.append(
            PbnError(where.line(0), f"{len(deals)} deals in the file, {len(again)} replayed")
        )
    return problems


def _irr_key(ir: WhistIrregularity) -> tuple[str, int, int, str]:
    return (ir.kind, ir.offender, ir.trick or 0, ir.penalty)


def _irr_text(key: tuple[str, int, int, str]) -> str:
    kind, offender, trick, penalty = key
    return f"{kind} by {SEAT_LETTERS[offender]} in trick {trick or '-'} ({penalty or '-'})"


#: Players beyond this many make too many cutting orders to try.
MAX_PLAYERS: Final = 6


def table_from_deals(deals: Sequence[WhistDeal], games: Sequence[PbnGame] = ()) -> Table:
    """A fresh table of the deals' variant with the deals re-applied in order (the module
    docstring says how). ``games``, the PBN games the deals were read from, place the errors.

    Raises :class:`SittingImportError` listing the problems, each with its line.
    """
    where = _Lines(games)
    if not deals:
        raise SittingImportError([PbnError(0, "no deals to make a sitting of")])
    try:
        cls, config = _config(deals)
        cls.from_config(config)
    except (VivantError, TypeError) as exc:
        raise SittingImportError([PbnError(where.line(0), f"deal 1: {exc}")]) from None
    if issubclass(cls, DuplicateTable):  # DU-1.2: no cutting, the seats are fixed
        table = cls.from_config(config)
        try:
            _enact(table, deals, where)
        except _Mismatch as exc:
            deal = deals[exc.deal]
            turned = " turned" if _tray_way(deal)[1] else ""
            raise SittingImportError(
                [
                    PbnError(
                        where.line(exc.deal),
                        f"deal {exc.deal + 1}: the session does not play tray {deal.board}"
                        f"{turned}, dealt by {SEAT_LETTERS[deal.dealer]}, here (the file must "
                        "hold the whole session, in order)",
                    )
                ]
            ) from None
        problems = _compare(table, deals, where)
        if problems:
            raise SittingImportError(problems)
        return table
    n = len(config["players"])
    if n > MAX_PLAYERS:
        raise SittingImportError(
            [PbnError(where.line(0), f"{n} players: too many to work out the cut")]
        )
    furthest = 0
    for order in itertools.permutations(range(n)):
        table = cls.from_config(config)
        for rank, p in enumerate(order):
            table.apply(Cut(player=p, card=_CUT_CARDS[rank]))
        try:
            _enact(table, deals, where)
        except _Mismatch as exc:
            furthest = max(furthest, exc.deal)
            continue
        problems = _compare(table, deals, where)
        if problems:
            raise SittingImportError(problems)
        return table
    k = furthest
    deal = deals[k]
    dummies = "".join(SEAT_LETTERS[s] for s in sorted(deal.dummies)) or "none"
    seated = " ".join(
        f"{SEAT_LETTERS[s]} {p}"
        for s, p in enumerate(deal.players)
        if p and s not in deal.dummies and s not in deal.dead
    )
    raise SittingImportError(
        [
            PbnError(
                where.line(k),
                f"deal {k + 1}: no cutting order of {', '.join(config['players'])} gives "
                f"{cls.variant} this deal's dealer {SEAT_LETTERS[deal.dealer]}, dummy {dummies} "
                f"and players {seated} (the file must hold the whole sitting, in order)",
            )
        ]
    )


#: One card per cutting rank, ace (lowest) first: the cut import draws (WL-1.2).
_CUT_CARDS: Final = tuple(parse_card(c) for c in ("CA", "D2", "H3", "S4", "C5", "D6", "H7", "S8"))


def import_pbn(data: str | bytes, *, encoding: str | None = None) -> SittingImport:
    """Read a whist-profile PBN file and rebuild the sitting; never raises for bad input."""
    deals, games, errors = whist_games(read_pbn(data, encoding=encoding))
    table: Table | None = None
    if deals and not any(not e.warning for e in errors):
        try:
            table = table_from_deals(deals, games)
        except SittingImportError as exc:
            errors.extend(exc.problems)
    errors.sort(key=lambda e: e.line)
    return SittingImport(tuple(deals), table, tuple(errors))
