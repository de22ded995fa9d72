"""Duplicate Whist: the same deals replayed by different players, results compared by tricks.

Rules (seed 003, Foster's *Complete Hoyle*, the Duplicate Whist laws SEC 1–6, "Single Table, or
Mnemonic Duplicate" and "Mnemonic Duplicate for more than one table"; duplicate.md, movements.md):

* Four players at fixed seats N, E, S, W, N–S partners against E–W; no cutting: the schedule fixes
  who sits where and who deals (DU-1.1, DU-1.2). Tray ``t`` is dealt by N, E, S, W in rotation
  (tray 1 N, tray 2 E, …; **D-DU10**, the deal passing to the left, WL-2.5).
* Each deal goes into a *tray* (board) with its trump: the last card turned as at whist and
  recorded with the tray (DU-1.4), or one suit declared trumps for the session, no card turned
  (SD-2, **D-DU3** ``declared_trump``; ``turn_trump_each_deal`` turns one all the same). Every later
  play of the tray (the overplay) uses the same hands and trump; the cards go back into the tray
  intact (DU-1.5). A play may hold the tray *turned* a quarter round: the tray's N hand at the E
  seat, E at S, S at W, W at N, so the hands first held N–S are held E–W (SD-5, MV-1.5;
  **D-DU11**: the quarter turn is clockwise).
* Whist trick play. Every trick counts: a play's result is the tricks each side took; no book,
  honours, games or rubbers (DU-1.6).
* **Single-table (Mnemonic) Duplicate** (``mnemonic``): the trays are dealt and played in turn,
  laid aside, then every tray is replayed turned, so each player plays each deal twice, the second
  time with a hand an adversary held (SD-1, SD-5). Fixed pairs: E–W tricks of the originals (pair
  Y, sitting E–W) against tricks with the same cards in the overplays (pair X, sitting N–S); the
  larger total wins by the difference (SD-6, ``duplicate.scoring.fixed_pairs_mnemonic``).
  Any irregularity found in the hands means a new deal: the tray is dealt again and both its plays
  restart (SD-4). Tricks may be gathered on the overplay (SD-3; nothing for the engine to do).
* Laws mode (seed 003 SEC 1–6, duplicate.md §2; whist laws otherwise):

  - revoke: established as WL-7.2; penalty two tricks transferred from the revoking side to the
    other for that deal, all it has if fewer (DU-1.7, **D-DU2**; the seed's page gives no figure);
  - a misdeal: the misdealer always deals again (DU-1.3, **D-DU7**);
  - SEC 1 (DL-1, **D-DU1**): a player who draws attention to the trick while his partner has still
    to play to it (:class:`~vivant.actions.DrawAttention`), or plays to it out of turn (the card
    then lies face up and is played in its turn), lets the adversary last to play to the
    trick direct the partner to play his highest or lowest of the suit led and, if he has none, to
    trump or not to trump; the direction is given without seeing the partner's hand, so it names
    both parts (``highest/trump`` … ``lowest/no_trump``) or ``waive`` (the whist machinery of
    WL-6.9 in :class:`~vivant.table.Table`, with this elector and these directions);
  - SEC 3 (DL-3, WL-7.3): a player may ask his partner, who did not follow suit to a trick not yet
    turned and quitted, whether he has none of it (:class:`~vivant.actions.AskRenounce`); a revoke
    so found is corrected at once, either adversary choosing the card exposed or the highest or
    lowest of the suit (WL-7.4, D-W17, **D-DU16**: a revoke's remedy, outside DL-4);
  - SEC 4 (DL-4): a penalty once demanded by an adversary entitled to it is final; a demand by the
    adversary not entitled (DUV-8), a demand for a penalty other than the lawful one, or a waiver
    by either adversary cancels every penalty for that offence — revokes excepted: one
    adversary's waiver of a revoke leaves the claim to his partner, and the revoke is waived only
    when both have waived it (**D-DU13**; the one who waived cannot claim it after). A penalty
    withheld so leaves the offence unpunished: a card led out of turn goes back and the right hand
    leads; of cards played together the offender plays the first and takes the rest back;
  - SEC 5 (DL-5): failing, when able, to play the highest or lowest card, to trump or not, to lead
    the suit called, or to win the trick as lawfully directed is punished as a revoke (DUV-9): the
    card is accepted, the offence recorded, and the other side may claim it like a revoke;
  - SEC 6 (DL-6): two cards played together (:class:`~vivant.actions.PlayTogether`), or a second
    card led by a player who has played to the trick before his partner has, both better than
    any card the adversaries hold of their suit: either adversary may require the partner to win
    the trick to which the first (``win_1``) or the second (``win_2``) is played (**D-DU12**: of
    cards played together the first the offender could play goes to the trick; the second card
    becomes liable to be called; a partner who leads that trick is under no obligation;
    **D-DU15**: the later trick binds him only if one of the cards lies in it as he plays), or
    waive; other cards played together are exposed as at whist (WL-5.1), the adversaries
    electing, and a second card led that is not a winner is exposed, liable to be called.
    **D-DU17**: which case it is being hidden (what the adversaries hold), one election is
    offered in both (``cards_together``: the WL-5.1 demand, ``win_1``/``win_2``, ``waive``)
    and the demand is checked against the hidden facts: the wrong one cancels under DL-4;
  - SEC 2 (a player may remind his partner of a penalty) needs no engine action: every election
    is shown to both adversaries.
  - choices made automatically (D-G2): the last adversary directs ``lowest/no_trump`` (DL-1);
    the partner must win the first trick (``win_1``, DL-6) when the cards shown prove the
    cards winners, else the WL-5.1 demand (D-DU17); a misdeal is dealt again.

The tournament layer (:func:`deal_trays`, :func:`event_sessions`, :func:`event_results`) turns a
movement of :mod:`vivant.duplicate.movements` into one table session per round and table, the trays
travelling as the schedule says (D-MV3 order within a round), and their results into the
:class:`~vivant.duplicate.scoring.TrayResult` records :func:`~vivant.duplicate.scoring.score_event`
compares. The trays of an event are all dealt beforehand from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from vivant.actions import (
    Action,
    Elect,
    ReportExposed,
    ReportMisdeal,
)
from vivant.cards import (
    SEAT_LETTERS,
    SUIT_LETTERS,
    Card,
    CardSet,
    Seat,
    Suit,
    card_name,
    parse_card,
    parse_suit,
    partner_of,
    suit_of,
)
from vivant.deal import deal_hands, parse_deal
from vivant.duplicate.movements import Schedule, plays
from vivant.duplicate.progress import mnemonic_words, result_words
from vivant.duplicate.scoring import (
    TRICKS,
    SingleTableResult,
    TrayResult,
    fixed_pairs_mnemonic,
)
from vivant.errors import InvalidActionError, InvalidNotationError, WrongSeatError
from vivant.events import ElectedData, EventKind, HandScoredData
from vivant.info import GameInfo, TableSetting, declare_seats, declare_sides, laws_paragraph
from vivant.laws import (
    TOGETHER,
    Election,
    IrregularityRecord,
    Revoke,
    better_than_all,
    winners_in_view,
)
from vivant.table import DEAL, OVER, Event, HandState, Table
from vivant.trick import is_revoke
from vivant.views import ViewExtra

__all__ = [
    "DIRECTIONS",
    "REVOKE_TRICKS",
    "DuplicateTable",
    "Session",
    "Tray",
    "deal_trays",
    "event_results",
    "event_sessions",
    "pair_players",
    "tray_dealer",
]

#: D-DU2: tricks a revoke (or an offence punished as one, DL-5) transfers to the other side.
REVOKE_TRICKS: Final = 2

#: SD-5, D-DU3: trays a single-table mnemonic match deals before the overplay.
MNEMONIC_TRAYS: Final = 12

#: DL-1: the directions the adversary last to play may give the offender's partner.
DIRECTIONS: Final = ("highest/trump", "highest/no_trump", "lowest/trump", "lowest/no_trump")

#: DL-6: which of the cards played together goes to the trick the partner must win.
WIN_OPTIONS: Final = ("win_1", "win_2")

#: Names of penalties the laws know: demanding one that is not open cancels (DL-4).
PENALTY_NAMES: Final = frozenset({"call_card", "call_suit", "take_back", *DIRECTIONS, *WIN_OPTIONS})

#: Elections whose penalty DL-4 governs (revokes are the exception and never elected so).
PENALTY_KINDS: Final = frozenset({"lead_out_of_turn", "direction", TOGETHER})

SUMMARY = """\
Duplicate Whist — four players, N-S against E-W, the same deals replayed and compared (seed 003).
No cutting: seats are fixed; tray t is dealt by N, E, S, W in turn. Each deal goes into a tray
with its trump (the last card turned, or one suit declared for the session) and is overplayed
later with the same hands. Whist play; every trick counts, a deal's result is the tricks each
side took (no honours, games or rubbers).
Mnemonic (single-table) duplicate: the trays are dealt and played, then every tray is replayed
turned a quarter round, so each pair holds the cards its adversaries held; the E-W tricks of the
originals are compared with the tricks made with the same cards on the overplay.
Laws: a revoke transfers two tricks; a misdealer deals again; drawing attention to a trick before
one's partner has played lets the last adversary direct the partner (highest or lowest, trump or
not); a player may ask his partner "none of that suit?"; a penalty demanded is final, while a
demand by the wrong adversary, a wrong penalty or a waiver cancels it (revokes excepted); failing
to obey a lawful direction is punished as a revoke; winning cards played together let either
adversary make the partner win the trick.
"""


def tray_dealer(tray: int) -> Seat:
    """D-DU10: tray ``t`` is dealt by N, E, S, W in rotation, tray 1 by North."""
    return (tray - 1) % 4


def _turn(seat: Seat, turned: bool) -> Seat:
    """The table seat holding the tray's ``seat`` hand (D-DU11: a quarter turn clockwise)."""
    return (seat + 1) % 4 if turned else seat


@dataclass(frozen=True)
class Tray:
    """A deal kept intact (MV-1.1): the hands by the tray's seats N, E, S, W (masks), its dealer,
    trump (``None`` never happens at whist, kept for symmetry) and the card turned (or ``None``
    when a suit was declared for the session)."""

    tray: int
    dealer: Seat
    hands: tuple[int, int, int, int]
    trump: Suit
    turn_up: Card | None

    def deal(self) -> str:
        """The hands in PBN deal notation, North first."""
        return "N:" + " ".join(CardSet(h).pbn() for h in self.hands)

    def to_json(self) -> dict[str, Any]:
        return {
            "tray": self.tray,
            "dealer": SEAT_LETTERS[self.dealer],
            "trump": SUIT_LETTERS[self.trump],
            "turn_up": None if self.turn_up is None else card_name(self.turn_up),
            "deal": self.deal(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tray:
        """Read :meth:`to_json` output; malformed data raises :class:`InvalidNotationError`."""
        try:
            tray = data["tray"]
            dealer = SEAT_LETTERS.index(str(data["dealer"]).upper())
            trump = parse_suit(str(data["trump"]))
            up = data.get("turn_up")
            turn_up = None if up is None else parse_card(str(up))
            text = str(data["deal"])
        except (KeyError, ValueError) as exc:
            raise InvalidNotationError(f"invalid tray record {dict(data)!r}: {exc}") from None
        if type(tray) is not int or tray < 1:
            raise InvalidNotationError(f"invalid tray number {tray!r}")
        hands = [h.mask for h in _parse_tray_deal(tray, text)]
        union = hands[0] | hands[1] | hands[2] | hands[3]
        if union != (1 << 52) - 1 or any(h.bit_count() != 13 for h in hands):
            raise InvalidNotationError(f"tray {tray}: a tray holds thirteen cards in each hand")
        if turn_up is not None and (not hands[dealer] >> turn_up & 1 or suit_of(turn_up) != trump):
            raise InvalidNotationError(f"tray {tray}: the turn-up must be the dealer's, of trumps")
        return cls(tray, dealer, (hands[0], hands[1], hands[2], hands[3]), trump, turn_up)


def _parse_tray_deal(tray: int, text: str) -> tuple[CardSet, CardSet, CardSet, CardSet]:
    try:
        return parse_deal(text)
    except InvalidNotationError as exc:
        raise InvalidNotationError(f"tray {tray}: invalid deal: {exc}") from None


def make_tray(
    tray: int, pack: Sequence[Card], declared_trump: Suit | None = None, *, turn: bool = False
) -> Tray:
    """Deal ``pack`` for tray ``tray`` from its dealer (WL-2.4, D-DU10): the last card turned for
    trumps (DU-1.4) unless a suit is declared for the session (SD-2), when none is turned unless
    ``turn`` (``turn_trump_each_deal``)."""
    dealer = tray_dealer(tray)
    h = deal_hands(pack, dealer)
    last = pack[-1]
    if declared_trump is None:
        return Tray(tray, dealer, (h[0], h[1], h[2], h[3]), suit_of(last), last)
    return Tray(tray, dealer, (h[0], h[1], h[2], h[3]), declared_trump, last if turn else None)


def deal_trays(
    seed: int,
    count: int,
    *,
    first: int = 1,
    declared_trump: Suit | None = None,
    turn: bool = False,
) -> tuple[Tray, ...]:
    """Trays ``first`` … ``first + count − 1`` dealt beforehand from ``seed`` (one shuffle per
    tray, each from its own seeded generator, so a tray's deal does not depend on how many others
    are dealt)."""
    out = []
    for t in range(first, first + count):
        pack = list(range(52))
        random.Random(f"vivant-duplicate:{seed}:{t}").shuffle(pack)
        out.append(make_tray(t, pack, declared_trump, turn=turn))
    return tuple(out)


def _suit_option(text: object) -> Suit | None:
    if text is None:
        return None
    if not isinstance(text, str):
        raise InvalidActionError(f"declared_trump is a suit letter S H D C, not {text!r}")
    try:
        return parse_suit(text)
    except InvalidNotationError as exc:
        raise InvalidActionError(f"declared_trump: {exc}") from None


class DuplicateTable(Table):
    """One table of Duplicate Whist playing a programme of trays (see the module doc).

    ``players`` are the four players by seat N, E, S, W. Options:

    * ``trays`` — trays dealt and played here (default 12 for a mnemonic match, else 4), numbered
      from 1; ignored when ``program`` is given;
    * ``mnemonic`` — play every tray a second time, turned (SD-1, SD-5);
    * ``declared_trump`` — ``"S" "H" "D" "C"``: one suit trumps for the session (SD-2, D-DU3);
      ``turn_trump_each_deal`` turns the last card all the same;
    * ``boards`` — recorded trays (:meth:`Tray.to_json`) to play instead of dealing them here;
    * ``program`` — the plays in order, ``[[tray, turned], ...]`` (a session of an event).
    """

    variant: ClassVar[str] = "duplicate"
    aliases: ClassVar[tuple[str, ...]] = ("duplicate-whist",)
    summary: ClassVar[str] = SUMMARY
    info: ClassVar[GameInfo] = GameInfo(
        name=variant,
        title="Duplicate Whist",
        aliases=aliases,
        player_counts=(4,),
        default_players=4,
        seats=declare_seats(("N", "E", "S", "W"), ("North", "East", "South", "West")),
        sides=declare_sides(("NS", "North–South"), ("EW", "East–West")),
        unit="match",
        revoke_penalty=REVOKE_TRICKS,
        command="duplicate play",
        honours=False,
        laws=laws_paragraph(SUMMARY),
        summary=SUMMARY,
        settings=(
            TableSetting("trays", "Boards dealt and played", "int", 4, 1, MNEMONIC_TRAYS),
            TableSetting(
                "mnemonic",
                "Single-table (Mnemonic) Duplicate: every board replayed turned, each pair then "
                "holding the cards its adversaries held (SD-5); a suit must be trumps",
                "bool",
                False,
            ),
            TableSetting(
                "declared_trump",
                "Trumps",
                "choice",
                "",
                choices=(
                    ("", "the last card turned, each deal"),
                    ("S", "spades for the session"),
                    ("H", "hearts for the session"),
                    ("D", "diamonds for the session"),
                    ("C", "clubs for the session"),
                ),
            ),
        ),
    )
    side_names: ClassVar[tuple[str, str]] = ("NS", "EW")
    withdrawn_lead_rule: ClassVar[str] = "DL-4"
    #: SEC 4 (DL-4): "…or either adversary waives a penalty, none can be enforced except in case
    #: of a revoke": one adversary's waiver of a revoke leaves the claim to his partner (D-DU13).
    revoke_waiver_binds_partner: ClassVar[bool] = False
    direction_rule: ClassVar[str] = "DL-1"
    renounce_question_rule: ClassVar[str] = "DL-3"
    options: ClassVar[tuple[str, ...]] = (
        "trays",
        "mnemonic",
        "declared_trump",
        "turn_trump_each_deal",
        "boards",
        "program",
    )
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4

    def __init__(
        self,
        players: Sequence[str],
        *,
        laws: bool = False,
        trays: int | None = None,
        mnemonic: bool = False,
        declared_trump: str | None = None,
        turn_trump_each_deal: bool = False,
        boards: Sequence[Mapping[str, Any]] = (),
        program: Sequence[Sequence[Any]] | None = None,
    ) -> None:
        names = tuple(players)
        if len(names) != 4:
            raise InvalidActionError(
                f"Duplicate Whist is played by four at a table (N, E, S, W); got {len(names)}"
            )
        if len(set(names)) != len(names):
            raise InvalidActionError(f"player names must differ: {list(names)}")
        super().__init__(names, laws=laws)
        self.trump_suit = _suit_option(declared_trump)
        self.declared_trump = None if self.trump_suit is None else SUIT_LETTERS[self.trump_suit]
        self.turn_trump_each_deal = bool(turn_trump_each_deal)
        self.mnemonic = bool(mnemonic)
        if self.mnemonic and self.trump_suit is None and not self.turn_trump_each_deal:
            raise InvalidActionError(
                "Mnemonic Duplicate turns no trump: declare one suit trumps for the session "
                "(declared_trump, SD-2, D-DU3) or set turn_trump_each_deal"
            )
        self.boards = [Tray.from_json(b).to_json() for b in boards]
        self.trays_dealt: dict[int, Tray] = {}
        for b in self.boards:
            tray = Tray.from_json(b)
            self.trays_dealt[tray.tray] = tray
        if program is None:
            count = trays if trays is not None else (MNEMONIC_TRAYS if self.mnemonic else 4)
            if type(count) is not int or not 1 <= count <= 100:
                raise InvalidActionError(f"trays must be 1 to 100, not {count!r}")
            self.trays: int | None = count
            self.program: list[list[Any]] | None = None
            seq = [(t, False) for t in range(1, count + 1)]
            if self.mnemonic:
                seq += [(t, True) for t in range(1, count + 1)]
        else:
            self.trays = None
            seq = []
            for item in program:
                if (
                    len(item) != 2
                    or type(item[0]) is not int
                    or item[0] < 1
                    or not isinstance(item[1], bool)
                ):
                    raise InvalidActionError(f"a program entry is [tray, turned], not {item!r}")
                seq.append((item[0], item[1]))
            if not seq:
                raise InvalidActionError("the program holds no play")
            self.program = [[t, turned] for t, turned in seq]
        self.sequence: list[tuple[int, bool]] = seq
        self.position = 0
        self.void: set[int] = set()
        self._next_play()

    # --- seats ----------------------------------------------------------------------------------

    def seat_player(self, seat: Seat) -> str | None:
        return self.players[seat]

    def cutter(self, dealer: Seat) -> Seat:
        return (dealer - 1) % 4

    # --- the programme of plays -----------------------------------------------------------------

    @property
    def current(self) -> tuple[int, bool]:
        """The tray in play and whether it lies turned."""
        return self.sequence[min(self.position, len(self.sequence) - 1)]

    def tray_event(self) -> Event:
        """The tray in play as it was laid out (DU-1.4): the event said when a play begins, and
        by a front end for the first tray, laid out when the table was set up."""
        tray, turned = self.current
        return Event(EventKind.TRAY, {"tray": tray, "turned": turned, "deal": self.hand is None})

    def _next_play(self) -> list[Event]:
        """Set up the next play of the programme: deal the tray if it has no hands yet, else lay
        out its hands (turned if so) and begin the play; the end of the programme ends the
        sitting."""
        if self.position >= len(self.sequence):
            self.phase = OVER
            self.hand = None
            return [Event(EventKind.SESSION_OVER, {"plays": len(self.hand_records)})]
        tray, turned = self.sequence[self.position]
        self.dealer = _turn(tray_dealer(tray), turned)
        known = self.trays_dealt.get(tray)
        if known is None:
            self.hand = None
            self.phase = DEAL
            return [self.tray_event()]
        self.dealer = _turn(known.dealer, turned)
        h = HandState(
            dealer=self.dealer,
            hands=[0, 0, 0, 0],
            trump=known.trump,
            turn_up=known.turn_up,
            leader=(_turn(known.dealer, turned) + 1) % 4,
            turn_up_taken=known.turn_up is None,
        )
        for s in range(4):
            h.hands[_turn(s, turned)] = known.hands[s]
        self.hand = h
        self._start_play(h)
        return [self.tray_event()]

    def _new_hand(self, pack: tuple[Card, ...], dealer: Seat) -> HandState:
        hands = deal_hands(pack, dealer)
        last = pack[-1]
        declared = self.trump_suit
        trump = suit_of(last) if declared is None else declared
        turn_up = last if declared is None or self.turn_trump_each_deal else None
        return HandState(
            dealer=dealer,
            hands=hands,
            trump=trump,
            turn_up=turn_up,
            leader=(dealer + 1) % 4,
            turn_up_taken=turn_up is None,
        )

    def _after_deal(self, h: HandState) -> list[Event]:
        """DU-1.4: the deal goes into the tray with its trump."""
        tray, turned = self.current
        hands = [0, 0, 0, 0]
        for s in range(4):
            hands[s] = h.hands[_turn(s, turned)]
        assert h.trump is not None
        self.trays_dealt[tray] = Tray(
            tray,
            tray_dealer(tray),
            (hands[0], hands[1], hands[2], hands[3]),
            h.trump,
            h.turn_up,
        )
        return self._start_play(h)

    def dealt_here(self, tray: int) -> bool:
        """Whether ``tray`` was dealt at this table (not given as a recorded board)."""
        return all(b["tray"] != tray for b in self.boards)

    def is_overplay(self) -> bool:
        """Whether the tray in play was played before at this table (a mnemonic overplay)."""
        tray, _ = self.current
        return any(r["tray"] == tray for r in self.results())

    def hands_from_tray(self) -> bool:
        """Whether the hands in play come from the tray, not from a deal made for this play."""
        tray, _ = self.current
        return not self.dealt_here(tray) or self.is_overplay()

    # --- the end of a play ----------------------------------------------------------------------

    def _finish_hand(self) -> list[Event]:
        h = self.hand
        assert h is not None
        won = list(h.taken)
        for r in h.revokes:
            if r.claimed and r.penalty == "T":
                side = self.seat_sides[r.seat]
                moved = min(REVOKE_TRICKS, won[side])
                won[side] -= moved
                won[1 - side] += moved
        tray, turned = self.current
        record: dict[str, Any] = {
            "tray": tray,
            "turned": turned,
            "dealt": not self.hands_from_tray(),
            "overplay": self.is_overplay(),
            "hands": {SEAT_LETTERS[s]: CardSet(h.initial[s]).pbn() for s in range(4)},
        }
        record.update(self._hand_record(h))
        record["won"] = {"NS": won[0], "EW": won[1]}
        record["tricks_in_play"] = {"NS": h.won[0], "EW": h.won[1]}
        if h.notes:
            record.update(h.notes)
        self.hand_records.append(record)
        events = [Event(EventKind.HAND_SCORED, HandScoredData(tray=tray, won=record["won"]))]
        self.hand = None
        self.position += 1
        return events + self._next_play()

    def _hand_record(self, h: HandState, *, abandoned: bool = False) -> dict[str, Any]:
        rec = super()._hand_record(h, abandoned=abandoned)
        if abandoned:
            tray, turned = self.current
            rec = {"tray": tray, "turned": turned, **rec}
        return rec

    # --- results --------------------------------------------------------------------------------

    def results(self) -> list[dict[str, Any]]:
        """The plays that count, in order: abandoned plays and plays voided by SD-4 left out."""
        return [
            r
            for i, r in enumerate(self.hand_records)
            if not r.get("abandoned") and i not in self.void
        ]

    def mnemonic_result(self) -> SingleTableResult | None:
        """SD-6 for a finished mnemonic match: pair Y (E–W) on the originals against pair X (N–S)
        holding the same E–W cards on the overplays, tray by tray in the order played."""
        if not self.mnemonic or self.phase != OVER:
            return None
        originals: dict[int, int] = {}
        overplays: dict[int, int] = {}
        for r in self.results():
            if r["turned"]:
                overplays[r["tray"]] = r["won"]["NS"]  # N–S seats hold the tray's E–W cards
            else:
                originals[r["tray"]] = r["won"]["EW"]
        order = sorted(originals)
        return fixed_pairs_mnemonic(
            [originals[t] for t in order],
            [overplays[t] for t in order],
            original_pair=self.pair_name(1),
            replay_pair=self.pair_name(0),
        )

    def board_words(self) -> list[str]:
        """What is said when a play of a mnemonic match is over (SD-6): the board's result; on
        its replay its comparison and the totals so far; after the last play the match's result
        (:mod:`vivant.duplicate.progress`). Nothing at a table of an event (its comparisons need
        the other tables: the event says them)."""
        if not self.mnemonic:
            return []
        words = mnemonic_words(self.results(), self.pair_name(0), self.pair_name(1))
        result = self.mnemonic_result()
        if result is not None:
            words.append(f"The match is over: {result_words(result, final=True)}")
        return words

    def pair_name(self, side: int) -> str:
        """The players of a side, ``"N & S"`` or ``"E & W"``."""
        a, b = (0, 2) if side == 0 else (1, 3)
        return f"{self.players[a]} & {self.players[b]}"

    def record(self) -> dict[str, Any]:
        """The record of the session: players by seat, the trays as dealt, every play (tricks,
        result, irregularities) and, for a mnemonic match, the SD-6 comparison."""
        out: dict[str, Any] = {
            "game": self.variant,
            "laws": self.laws,
            "players": list(self.players),
            "seats": {SEAT_LETTERS[s]: self.players[s] for s in range(4)},
            "mnemonic": self.mnemonic,
            "trump_rule": (
                "turned" if self.trump_suit is None else f"declared {SUIT_LETTERS[self.trump_suit]}"
            ),
            "trays": [self.trays_dealt[t].to_json() for t in sorted(self.trays_dealt)],
            "plays": self.hand_records,
            "totals": self._totals(),
        }
        result = self.mnemonic_result()
        if result is not None:
            out["comparison"] = {
                "rule": "SD-6",
                "original_pair": result.original_pair,
                "original_ew_tricks": result.original_tricks,
                "replay_pair": result.replay_pair,
                "replay_tricks": result.replay_tricks,
                "winner": result.winner,
                "margin": result.margin,
            }
        return out

    def _totals(self) -> dict[str, int]:
        ns = sum(r["won"]["NS"] for r in self.results())
        return {"NS": ns, "EW": TRICKS * len(self.results()) - ns}

    # --- views ----------------------------------------------------------------------------------

    def _score_view(self) -> dict[str, int]:
        return self._totals()

    def _view_extra(self, seat: Seat | None) -> ViewExtra:
        tray, turned = self.current
        extra: ViewExtra = {
            "tray": tray,
            "turned": turned,
            "play": min(self.position + 1, len(self.sequence)),
            "plays": len(self.sequence),
        }
        h = self.hand
        if h is not None:
            for key in ("direction", "win_due"):
                if key in h.notes:
                    extra[key] = h.notes[key]
        return extra

    # --- deal irregularities (D-DU7, SD-4) ------------------------------------------------------

    def _report_deal(self, action: ReportMisdeal | ReportExposed) -> list[Event]:
        """A deal irregularity is open only where the tray was dealt: at its original here, or,
        in a mnemonic match, on the overplay (SD-4: any irregularity found in the hands)."""
        if self.hand is not None and self.hands_from_tray():
            tray, _ = self.current
            if not (self.mnemonic and self.dealt_here(tray)) or isinstance(action, ReportExposed):
                raise InvalidActionError(
                    f"tray {tray} was not dealt for this play: its hands come from the tray"
                )
        return super()._report_deal(action)

    def _misdeal_election(self, h: HandState, reason: str) -> Election:
        """D-DU7: the misdealer always deals again; SD-4: on a mnemonic overplay, a new deal of
        the tray, both plays restarting."""
        if self.is_overplay():
            return Election(
                "misdeal",
                "SD-4",
                h.dealer,
                self.electors(1 - self.seat_sides[h.dealer]),
                ("new_deal",),
                "new_deal",
            )
        return Election(
            "misdeal",
            "D-DU7",
            h.dealer,
            self.electors(1 - self.seat_sides[h.dealer]),
            ("redeal",),
            "redeal",
        )

    def _redeal(self, same_dealer: bool) -> None:
        """The tray is dealt again by its dealer (D-DU7). SD-4 on an overplay: the tray's earlier
        play is voided and the tray dealt again, then both plays are made anew."""
        tray, _ = self.current
        if self.is_overplay():
            for i, r in enumerate(self.hand_records):
                if r["tray"] == tray and not r.get("abandoned") and i not in self.void:
                    self.void.add(i)
                    r["voided"] = "SD-4"
            self.sequence.insert(self.position, (tray, False))
        self.trays_dealt.pop(tray, None)
        self.hand = None
        self._next_play()

    # --- the laws of play (seed 003 SEC 1–6) ----------------------------------------------------

    def _penalty_options(self, rev: Revoke) -> tuple[str, ...]:
        """D-DU2: the only penalty, two tricks transferred."""
        return ("T",)

    def _punish_as_revoke(self, h: HandState, seat: Seat, c: Card, duty: str) -> bool:
        """DL-5: the card is accepted and the failure recorded, punishable as a revoke."""
        if not self.laws:
            return False
        self._breach(h, seat, c, duty)
        return True

    def _breach(self, h: HandState, seat: Seat, c: Card, duty: str) -> None:
        """Record a DL-5 failure by ``seat`` playing ``c`` to the trick in play: punishable as a
        revoke, already beyond correction (the card obeyed nobody's direction)."""
        trick = len(h.tricks) + 1
        h.revokes.append(
            Revoke(
                trick=trick,
                seat=seat,
                card=c,
                established=True,
                kind="failure_to_comply",
                rule="DL-5",
            )
        )
        h.notes.setdefault("failures", []).append(
            {"seat": self.role(seat), "trick": trick, "card": card_name(c), "duty": duty}
        )

    # --- SEC 1: drawing attention to the trick (DL-1, D-DU1) ------------------------------------

    def _direction_election(self, h: HandState, seat: Seat) -> Election:
        """DL-1: the offender's adversary last to play to the trick directs the partner."""
        order = self.seat_order[h.leader]
        elector = [s for s in order if self.seat_sides[s] != self.seat_sides[seat]][-1]
        return Election(
            "direction", "DL-1", seat, (elector,), (*DIRECTIONS, "waive"), "lowest/no_trump"
        )

    def _out_of_turn(self, h: HandState, seat: Seat, c: Card, nxt: Seat) -> list[Event]:
        """DL-1: a card played out of turn to a trick in progress, the offender's partner still
        to play to it, lies face up and is played in its turn (the offender cannot take it
        back); the adversary last to play may direct the partner. A lead out of turn: whist law
        (WL-6.1, with DL-4); any other card out of turn is refused (WL-6.5: no penalty)."""
        partner = partner_of(seat)
        if h.trick and seat in h.trick_seats and partner not in h.trick_seats:
            return self._led_again(h, seat, c)
        if not h.trick or seat in h.trick_seats or partner in h.trick_seats or h.forced:
            return super()._out_of_turn(h, seat, c, nxt)
        h.forced = (seat, c)
        h.penalty_cards[seat] |= 1 << c
        h.irregularities.append(
            IrregularityRecord("played_out_of_turn", "DL-1", seat, h.trick_number, (c,))
        )
        self.pending = self._direction_election(h, seat)
        return [
            Event(EventKind.PLAYED_OUT_OF_TURN, {"seat": self.role(seat), "card": card_name(c)}),
            Event(EventKind.IRREGULARITY, self.pending.to_json(self._seat_label)),
        ]

    # --- SEC 6: winning cards played together (DL-6, D-DU12) ------------------------------------

    def _two_cards_election(
        self, seat: Seat, cards: tuple[Card, ...], options: tuple[str, ...]
    ) -> Election:
        """D-DU17: cards played together. The adversaries are offered one election whatever
        they hold: name the card played (WL-5.1, the other exposed), make the partner win the
        first or second trick (DL-6), or waive. Which is the lawful penalty — DL-6's when every
        card is better than any the adversaries hold of its suit, else whist's — is kept in
        the election's hidden ``details`` and decided at the demand (DL-4). The offender's card
        to the trick is the first he could play without revoking (D-DU12)."""
        h = self.hand
        assert h is not None
        first = parse_card(options[0])
        ordered = (first, *(c for c in cards if c != first))
        case = "winning_cards" if self._all_winners(h, seat, cards) else "two_cards"
        return self._together_election(seat, ordered, options, case)

    def _all_winners(self, h: HandState, seat: Seat, cards: Sequence[Card]) -> bool:
        """DL-6: every card better than any card the adversaries hold of its suit (hidden
        information: it decides a demand, never what is offered, D-DU17)."""
        against = 0
        for s in range(4):
            if self.seat_sides[s] != self.seat_sides[seat]:
                against |= h.hands[s]
        return better_than_all(list(cards), against)

    def _together_election(
        self, seat: Seat, cards: tuple[Card, ...], named: tuple[str, ...], case: str
    ) -> Election:
        """D-DU17: the election for ``cards`` (``named``: the WL-5.1 demands open), the true
        ``case`` hidden in its details. The default (D-G2) demands ``win_1`` only when the
        public cards prove the cards winners, else the first WL-5.1 demand."""
        options = (*named, *WIN_OPTIONS[: len(cards)], "waive")
        proven = winners_in_view(self.view(None), seat, cards)
        return Election(
            TOGETHER,
            "DL-6",
            seat,
            self.electors(1 - self.seat_sides[seat]),
            options,
            "win_1" if proven else named[0],
            cards,
            {"case": case},
        )

    def _led_again(self, h: HandState, seat: Seat, c: Card) -> list[Event]:
        """DL-6, D-DU17: having played to this trick, ``seat`` leads another card before his
        partner has played. The adversaries are offered one election: the card exposed,
        liable to be called (``call_card``, WL-5.1), the partner made to win this trick or the
        next (DL-6), or waive; which is lawful (DL-6's when both cards are better than any the
        adversaries hold) is decided at the demand."""
        first = h.trick[h.trick_seats.index(seat)]
        case = "winning_cards" if self._all_winners(h, seat, (first, c)) else "card_exposed"
        self.pending = self._together_election(seat, (first, c), ("call_card",), case)
        return [Event(EventKind.IRREGULARITY, self.pending.to_json(self._seat_label))]

    def _together_demand(self, p: Election, seat: Seat, option: str) -> list[Event]:
        """D-DU17: a demand on cards played together or led again, against the true case: the
        lawful penalty proceeds; any other (or a waiver) is cancelled under DL-4."""
        case = p.details["case"]
        wins = option in WIN_OPTIONS
        lawful = seat in p.electors and option in p.options and option != "waive"
        lawful = lawful and wins == (case == "winning_cards")
        named = tuple(o for o in p.options if o not in (*WIN_OPTIONS, "waive"))
        if case == "two_cards":
            true = Election(case, "WL-5.1", p.offender, p.electors, named, named[0], p.cards)
        else:
            rule = "DL-6" if case == "winning_cards" else "WL-5.1"
            true = Election(case, rule, p.offender, p.electors, p.options, p.default, p.cards)
        if lawful:
            if case == "winning_cards":
                return self._winning_cards(true, option)
            if case == "card_exposed":
                return self._exposed_again(true)
            self.pending = true
            return self._elect_base(Elect(seat, option))
        return self._cancelled(true, seat, option, self._cancel_reason(p, seat, option))

    def _exposed_again(self, p: Election) -> list[Event]:
        """WL-5.1: a second card led that is not a winner lies exposed, liable to be called."""
        h = self.hand
        assert h is not None
        self.pending = None
        c = p.cards[-1]
        h.penalty_cards[p.offender] |= 1 << c
        h.irregularities.append(
            IrregularityRecord("card_exposed", "WL-5.1", p.offender, h.trick_number, (c,))
        )
        return [
            Event(EventKind.ELECTED, ElectedData(kind=TOGETHER, option="call_card")),
            Event(EventKind.CARD_EXPOSED, {"seat": self.role(p.offender), "card": card_name(c)}),
        ]

    # --- elections and DL-4 ---------------------------------------------------------------------

    def legal_actions(self, seat: Seat) -> list[Action]:
        p = self.pending
        if (
            p is not None
            and p.kind in PENALTY_KINDS
            and seat not in p.electors
            and "waive" in p.options
            and self._adversary_of(seat, p.offender)
        ):
            return [Elect(seat, "waive")]
        return super().legal_actions(seat)

    def _adversary_of(self, seat: Seat, offender: Seat) -> bool:
        return self.seat_sides[seat] != self.seat_sides[offender] and seat in self.electors(
            self.seat_sides[seat]
        )

    def _elect(self, action: Elect) -> list[Event]:
        p = self.pending
        if p is None or p.kind not in PENALTY_KINDS or not self.laws:
            return self._elect_base(action)
        seat = action.seat
        self._check_seat(seat)
        if not self._adversary_of(seat, p.offender):
            raise WrongSeatError(
                f"the penalty for the {p.kind} ({p.rule}) is the adversaries', "
                f"not {self._seat_label(seat)}'s"
            )
        known = action.option in p.options or action.option in PENALTY_NAMES
        if not known and action.option != "waive":
            raise InvalidActionError(
                f"{action.option!r} is not a penalty; one of " + ", ".join(p.options)
            )
        if p.kind == TOGETHER:
            return self._together_demand(p, seat, action.option)
        lawful = seat in p.electors and action.option in p.options and action.option != "waive"
        if lawful:
            if p.kind == "direction":
                return self._direction(p, action.option)
            return self._elect_base(action)
        return self._cancelled(p, seat, action.option, self._cancel_reason(p, seat, action.option))

    @staticmethod
    def _cancel_reason(p: Election, seat: Seat, option: str) -> str:
        """Why DL-4 cancels the penalty: a waiver, the wrong adversary, or the wrong penalty."""
        if option == "waive":
            return "waived"
        if seat not in p.electors:
            return "demanded by the adversary not entitled"
        return "a penalty other than the lawful one demanded"

    def _elect_base(self, action: Elect) -> list[Event]:
        return super()._elect(action)

    def _cancelled(self, p: Election, seat: Seat, option: str, reason: str) -> list[Event]:
        """DL-4: no penalty for this offence; the play goes on as if none had been due."""
        h = self.hand
        assert h is not None
        self.pending = None
        h.irregularities.append(
            IrregularityRecord(
                p.kind,
                p.rule,
                p.offender,
                h.trick_number,
                p.cards,
                "cancelled",
                details={"by": self.role(seat), "demand": option, "reason": reason, "law": "DL-4"},
            )
        )
        events = [
            Event(EventKind.PENALTY_CANCELLED, {"kind": p.kind, "reason": reason, "rule": "DL-4"})
        ]
        if p.kind == "lead_out_of_turn":
            return events  # the card goes back; the right hand leads
        if p.kind in ("two_cards", "winning_cards", "card_exposed"):
            led = suit_of(h.trick[0]) if h.trick else None
            hand = h.hands[p.offender]
            if not hand >> p.cards[0] & 1:
                return events  # DL-6 after a second lead: the first card lies in the trick
            c = next((x for x in p.cards if not is_revoke(hand, led, x)), p.cards[0])
            return events + self._put_card(h, p.offender, c, is_revoke(hand, led, c))
        return events

    together_kinds: ClassVar[frozenset[str]] = frozenset({"two_cards", "winning_cards"})

    def _withdraw_later_plays(self, h: HandState, trick: int, seats: Sequence[Seat]) -> None:
        """D-W17 for DL-6 too: winning cards a later player played together go back with the
        card he takes back (WL-7.4: unpenalised), the others no longer liable to be called, and
        his partner is no longer bound to win a trick for them."""
        withdrawn = [
            [card_name(c) for c in rec.cards]
            for rec in h.irregularities
            if rec.trick == trick and rec.offender in seats and rec.kind == "winning_cards"
        ]
        super()._withdraw_later_plays(h, trick, seats)
        due = h.notes.get("win_due")
        if due is not None and due.get("cards") in withdrawn:
            del h.notes["win_due"]

    def _winning_cards(self, p: Election, option: str) -> list[Event]:
        h = self.hand
        assert h is not None
        self.pending = None
        first, *rest = p.cards
        partner = partner_of(p.offender)
        h.irregularities.append(
            IrregularityRecord(p.kind, p.rule, p.offender, h.trick_number, p.cards, option)
        )
        number = len(h.tricks) + WIN_OPTIONS.index(option) + 1
        h.notes["win_due"] = {
            "seat": self.role(partner),
            "trick": number,
            "by": "DL-6",
            "cards": [card_name(c) for c in p.cards],
        }
        for c in rest:
            h.penalty_cards[p.offender] |= 1 << c
        events = [Event(EventKind.ELECTED, ElectedData(kind=p.kind, option=option))]
        if not h.hands[p.offender] >> first & 1:
            return events  # a second lead (DL-6): the first card already lies in the trick
        led = suit_of(h.trick[0]) if h.trick else None
        return events + self._put_card(
            h, p.offender, first, is_revoke(h.hands[p.offender], led, first)
        )


# ---------------------------------------------------------------------------------------------
# The tournament layer


def pair_players(pair: str) -> tuple[str, str]:
    """The two players of a pair: ``"1N"`` → ``("1N/1", "1N/2")``; the first sits N (or E)."""
    return f"{pair}/1", f"{pair}/2"


@dataclass(frozen=True)
class Session:
    """One table in one round of an event: the pairs, the trays in the order played there (with
    their orientation) and the pass; :meth:`table` sets it up with the recorded trays."""

    round: int
    table: int
    pass_number: int
    ns: str
    ew: str
    program: tuple[tuple[int, bool], ...]

    def players(self) -> list[str]:
        n1, n2 = pair_players(self.ns)
        e1, e2 = pair_players(self.ew)
        return [n1, e1, n2, e2]

    def table_for(self, trays: Mapping[int, Tray], *, laws: bool = False) -> DuplicateTable:
        boards = [trays[t].to_json() for t in sorted({t for t, _ in self.program})]
        return DuplicateTable(
            self.players(),
            laws=laws,
            boards=boards,
            program=[[t, turned] for t, turned in self.program],
        )


def event_sessions(schedule: Schedule) -> tuple[Session, ...]:
    """The sessions of an event in playing order (rounds, then tables): each table plays its set
    in the order D-MV3 gives (``movements.plays``), the trays turned where the schedule turns
    them (MV-1.5, MN-1)."""
    grouped: dict[tuple[int, int], list[Any]] = {}
    for p in plays(schedule):
        grouped.setdefault((p.round, p.table), []).append(p)
    out = []
    for (rnd, table), items in sorted(grouped.items()):
        items.sort(key=lambda p: p.step)
        first = items[0]
        out.append(
            Session(
                rnd,
                table,
                first.pass_number,
                first.ns,
                first.ew,
                tuple((p.tray, p.turned) for p in items),
            )
        )
    return tuple(out)


def event_results(session: Session, table: DuplicateTable) -> tuple[TrayResult, ...]:
    """A finished session's plays as comparison records: N–S-seat tricks after penalties."""
    if not table.is_over():
        raise InvalidActionError("the session is not finished")
    out = []
    for r in table.results():
        out.append(
            TrayResult(
                r["tray"],
                session.ns,
                session.ew,
                r["won"]["NS"],
                r["turned"],
                session.round,
                session.table,
                session.pass_number,
            )
        )
    return tuple(out)
