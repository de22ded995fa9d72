"""Bridge for Three (Dummy Bridge, Cut-Throat): three players, the dealer of each hand with Dummy.

Rules (seed 002, Foster's *Complete Hoyle*, "BRIDGE FOR THREE"; bridge-for-three.md, scoring by
EB1911's three-handed bridge with Bridge Whist values, D-B1):

* The three cut (ace low, ties re-cut); the lowest deals first and plays the Dummy (B3-1). Seats
  are logical per deal (D-B8): the dealer S, Dummy N opposite him, the eldest W (his left), the
  pone E (his right). The deal passes to the left: the eldest deals next. At the first deal the
  second-lowest cutter sits on the dealer's left (engine choice; the sources are silent).
* Four hands are dealt one at a time from the dealer's left; no trump is turned (B3-2).
* The dealer, seeing only his hand, declares a suit or no trumps, or passes (D-B6). If he passes,
  Dummy's declaration is forced by the schedule of :mod:`vivant.dummy_declaration` (three or
  four aces no trumps; else the longest suit; then the more pips, ace 11 and honours 10; then the
  more valuable suit), announced by the pone, who alone sees Dummy's cards before the lead (B3-3,
  B3-4). Only the eldest may double and only the dealer redouble (B3-5, D-B2); on a forced
  declaration the eldest decides before looking at his own cards.
* The eldest leads; after the opening lead Dummy is laid face up and the dealer plays it (B3-6,
  D-M15); the eldest and the pone are partners for the hand.
* Scoring (B3-7, :mod:`vivant.scoring.bridge`): only the dealer's tricks count below the line
  toward his game (30); the non-dealers' odd tricks, honours, chicane and slams go above the line
  to each of them; the dealer's honours (Dummy's counting for him), chicane and slams to him;
  50 a game and 50 for the rubber, the first to win two games; every pair of players settles the
  difference of their totals. Option ``three_games_no_rubber``: three games, 50 each.
* Revoke (B3-8, BW-8): three tricks to the other side, the revoking dealer's below-line score
  capped at 28 that hand; Dummy cannot be penalised. A side that revoked scores no slam, the
  revoke claimed or waived; the three tricks and the 28 go with the penalty claimed (D-B10).
  Other irregularities: whist laws, the dealer electing against the eldest and pone (WL-5, WL-6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from vivant.actions import Action, Declare, Double, Pass, Redouble
from vivant.cards import EAST, NORTH, SOUTH, WEST, CardSet, Seat
from vivant.decisions import decision, refused
from vivant.dummy_declaration import dummy_declaration
from vivant.errors import InvalidActionError, WrongSeatError
from vivant.events import DeclaredData, EventKind, HandScoredData
from vivant.info import GameInfo, declare_seats, declare_sides
from vivant.laws import Revoke
from vivant.prelude import DECLARATION, DOUBLING, PreludeDecision
from vivant.scoring.bridge import (
    DENOMINATION_LETTERS,
    NO_TRUMPS,
    BridgeForThreeSheet,
    BridgeHand,
    Denomination,
    Doubling,
    next_doubling,
    pair_holding,
)
from vivant.table import DEAL, DECLARE, DOUBLE, OVER, PLAY, Event, HandState, game_hand
from vivant.variants.sitting import CuttingTable, parse_trump
from vivant.views import ViewExtra

SUMMARY = """\
Bridge for Three (Dummy Bridge, Cut-Throat) — three players, each for himself (seed 002).
The three cut (ace low, ties re-cut); the lowest deals first. Each dealer plays the Dummy
opposite him; the eldest (dealer's left) and the pone (his right) are partners for the hand.
Four hands are dealt; no trump is turned. The dealer declares a suit or no trumps on his own
cards, or passes: then the pone sorts Dummy and announces its forced declaration — three or four
aces no trumps, else the longest suit, then the more pips (ace 11, K Q J T 10), then the more
valuable suit (hearts, diamonds, clubs, spades). Only the eldest may double (before looking at
his cards after a forced declaration); only the dealer may redouble.
The eldest leads; Dummy is laid face up after the opening lead.
Bridge Whist values per odd trick: no trumps 12, hearts 8, diamonds 6, clubs 4, spades 2,
doubled x2, redoubled x4. Only the dealer's tricks go below the line toward game (30); the
non-dealers' odd tricks, honours, chicane and slams go above the line to each of them; honours
(A K Q J T, or aces at no trumps), chicane and slams (40/20) of the dealer's side to him.
50 a game; the first to two games wins the rubber, 50 more; each pair settles the difference.
Revoke: three tricks to the other side; a revoking dealer cannot make game that hand (28 below).
A side that revoked scores no slam, even when the revoke is not claimed.
"""


@dataclass(slots=True)
class BridgeForThreeHand(HandState):
    """A hand of Bridge for Three: the declaration (B3-3: the denomination's letter and who made
    it, the dealer or Dummy's schedule, with the schedule's step), then the doubling (B3-5)."""

    declaration: dict[str, str] | None = None
    dummy_schedule_step: int | None = None
    doubling: str | None = None
    recorded: ClassVar[tuple[str, ...]] = ("dummy_schedule_step", "declaration", "doubling")


Role = Literal["dealer", "eldest", "pone"]
ROLE_SEATS: dict[Seat, Role] = {SOUTH: "dealer", WEST: "eldest", EAST: "pone"}


class BridgeForThreeTable(CuttingTable):
    """A rubber of Bridge for Three: the cut, the declaration and doubling, per-player columns."""

    variant: ClassVar[str] = "bridge-for-three"
    aliases: ClassVar[tuple[str, ...]] = ("cut-throat", "dummy-bridge", "three-handed-bridge")
    summary: ClassVar[str] = SUMMARY
    dummy_seats: tuple[Seat, ...] = (NORTH,)
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 3
    players_rule: ClassVar[str] = "Bridge for Three is played by three"
    info: ClassVar[GameInfo] = GameInfo(
        name=variant,
        title="Bridge for Three",
        aliases=aliases,
        player_counts=(3,),
        default_players=3,
        seats=declare_seats(
            ("N", "E", "S", "W"),
            ("Dummy", "pone", "dealer, with Dummy", "eldest"),
            dummies=dummy_seats,
        ),
        sides=declare_sides(("NS", "the dealer and Dummy"), ("EW", "the eldest and the pone")),
        unit="rubber",
        laws=(
            "Revoke: three tricks to the other side; a revoking dealer cannot make game that "
            "hand. Irregular play is recorded and the whist laws decide."
        ),
        summary=SUMMARY,
    )
    options: ClassVar[tuple[str, ...]] = ("three_games_no_rubber",)
    prelude: ClassVar[tuple[PreludeDecision, ...]] = (DECLARATION, DOUBLING)
    hand_state = BridgeForThreeHand

    def __init__(
        self,
        players: Sequence[str],
        *,
        laws: bool = False,
        three_games_no_rubber: bool = False,
    ) -> None:
        super().__init__(players, laws=laws)
        self.three_games_no_rubber = three_games_no_rubber
        self.sheet = BridgeForThreeSheet(
            (self.players[0], self.players[1], self.players[2]), three_games_no_rubber
        )
        self.games: list[dict[str, Any]] = []
        self.denomination: Denomination | None = None
        self.forced = False
        self.doubling = Doubling.UNDOUBLED

    # --- seats ----------------------------------------------------------------------------------

    def _table_formed(self) -> None:
        """B3-1: the lowest cutter deals first; the next sits on his left (eldest)."""
        o = self.order
        self.seating = {"S": o[0], "W": o[1], "E": o[2]}
        self.dealer = SOUTH
        self.phase = DEAL

    def _pass_deal(self, dealer: Seat) -> None:
        """B3-2 with D-B8: the deal passes to the left; the seats follow the roles."""
        s = self.seating
        self.seating = {"S": s["W"], "W": s["E"], "E": s["S"]}

    # --- the deal, the declaration and the doubling ---------------------------------------------

    def _new_hand(self, pack: tuple[int, ...], dealer: Seat) -> HandState:
        """B3-2: no trump is turned; the trumps wait for the declaration."""
        h = super()._new_hand(pack, dealer)
        h.trump = None
        h.turn_up = None
        h.turn_up_taken = True
        return h

    def _after_deal(self, h: HandState) -> list[Event]:
        self.denomination = None
        self.forced = False
        self.doubling = Doubling.UNDOUBLED
        self.phase = DECLARE
        return []

    @decision(DECLARE, (Declare, Pass), "B3-3", "Trumps, no trumps, or pass to Dummy?")
    @refused("no declaration is due now (phase {phase})", "{due} is to decide now, not {seat}")
    def _declare(self, action: Declare | Pass) -> list[Event]:
        """B3-3: the dealer declares trumps or no trumps on his own cards, or passes: Dummy's
        declaration is then forced by the schedule, announced by the pone (B3-4)."""
        h = game_hand(self.hand, BridgeForThreeHand)
        if isinstance(action, Declare):
            trump = parse_trump(action.trump, no_trumps=True)
            self.denomination = NO_TRUMPS if trump is None else trump
            event = Event(EventKind.DECLARED, DeclaredData(by="dealer", trump=action.trump.upper()))
        else:
            # B3-3/B3-4: Dummy's forced declaration, announced by the pone.
            forced = dummy_declaration(CardSet(h.hands[NORTH]))
            self.denomination = forced.denomination
            self.forced = True
            h.dummy_schedule_step = forced.step
            event = Event(
                EventKind.DECLARED, DeclaredData(by="dummy", trump=forced.letter, step=forced.step)
            )
        h.trump = None if self.denomination == NO_TRUMPS else self.denomination
        h.declaration = {
            "trump": DENOMINATION_LETTERS[self.denomination],
            "by": "dummy" if self.forced else "dealer",
        }
        self.phase = DOUBLE
        return [event]

    def _declare_deciders(self) -> tuple[Seat, ...]:
        return (SOUTH,)

    def _declare_options(self, seat: Seat) -> list[Action]:
        return [Declare(SOUTH, x) for x in DENOMINATION_LETTERS] + [Pass(SOUTH)]

    def _declare_default(self, seat: Seat) -> Action:
        """D-G2: the dealer passes the declaration to Dummy's schedule."""
        return Pass(seat)

    @decision(DOUBLE, (Double, Redouble, Pass), "B3-5", "Double (or redouble), or pass?")
    def _double_or_pass(self, action: Double | Redouble | Pass) -> list[Event]:
        """B3-5 (D-B2): only the eldest may double and only the dealer redouble, each in his
        turn; a pass ends the doubling and the play begins."""
        if self.phase != DOUBLE or self.pending is not None:
            raise InvalidActionError("there is no declaration to double yet")
        self._check_seat(action.seat)
        if isinstance(action, Double | Redouble):
            return self._double(action)
        due = self._double_or_pass_deciders()[0]
        if action.seat != due:
            raise WrongSeatError(
                f"{self._seat_label(due)} is to decide now, not {self._seat_label(action.seat)}"
            )
        return self._start_play_events()

    def _double_or_pass_deciders(self) -> tuple[Seat, ...]:
        """B3-5: the eldest doubles, then the dealer may redouble."""
        return (WEST,) if self.doubling is Doubling.UNDOUBLED else (SOUTH,)

    def _double_or_pass_options(self, seat: Seat) -> list[Action]:
        if seat == WEST:
            return [Double(WEST), Pass(WEST)]
        return [Redouble(SOUTH), Pass(SOUTH)]

    def _double_or_pass_default(self, seat: Seat) -> Action:
        """D-G2: nobody doubles or redoubles."""
        return Pass(seat)

    def _double(self, action: Double | Redouble) -> list[Event]:
        role = ROLE_SEATS.get(action.seat)
        if role is None:
            raise WrongSeatError("Dummy does not double")
        if isinstance(action, Double) and role != "eldest":
            raise WrongSeatError(
                f"only the eldest hand may double, not the {role} (B3-5, "
                f"{self._seat_label(action.seat)})"
            )
        if isinstance(action, Redouble) and role != "dealer":
            raise WrongSeatError(f"only the dealer may redouble, not the {role} (B3-5)")
        self.doubling = next_doubling(self.doubling, role)
        events = [
            Event(
                EventKind.DOUBLED, {"seat": self.role(action.seat), "doubling": int(self.doubling)}
            )
        ]
        if self.doubling is Doubling.REDOUBLED:
            return events + self._start_play_events()
        return events

    def _start_play_events(self) -> list[Event]:
        h = game_hand(self.hand, BridgeForThreeHand)
        h.doubling = self.doubling.name.lower()
        return self._start_play(h)

    # --- views: Dummy after the opening lead; what the pone and eldest see ----------------------

    def _exposed_seats(self) -> tuple[Seat, ...]:
        """D-M15: only Bridge for Three's Dummy waits for the opening lead."""
        h = self.hand
        if h is not None and (h.tricks or h.trick):
            return (NORTH,)
        return ()

    def _shown_to(self, seat: Seat) -> dict[Seat, int]:
        """B3-3: the pone sorted Dummy to announce its forced declaration."""
        h = self.hand
        if h is not None and self.forced and seat == EAST:
            return {NORTH: h.hands[NORTH]}
        return {}

    def _own_hand_unseen(self, seat: Seat) -> bool:
        """B3-5 [EB-BR]: on a forced declaration the eldest doubles or not unseen."""
        return seat == WEST and self.phase == DOUBLE and self.forced

    # --- the laws -------------------------------------------------------------------------------

    def _penalty_options(self, rev: Revoke) -> tuple[str, ...]:
        """BW-8: three tricks, no other option."""
        return ("T",)

    # --- scoring --------------------------------------------------------------------------------

    def _finish_hand(self) -> list[Event]:
        """Score the hand (B3-7): a revoke claimed costs three tricks and caps the dealer at 28
        below (BW-8); any established revoke, claimed or waived, bars its side's slam (BW-7,
        D-B10)."""
        h = self.hand
        assert h is not None and self.denomination is not None
        denomination = self.denomination
        revokes = tuple(
            self.seat_sides[r.seat] for r in h.revokes if r.claimed and r.penalty == "T"
        )
        revoked = tuple(sorted(self._revoking_sides(h)))
        held = [CardSet(m) for m in h.initial]
        hand = BridgeHand(
            denomination,
            h.taken,
            (
                pair_holding(held[SOUTH], held[NORTH], denomination),
                pair_holding(held[WEST], held[EAST], denomination),
            ),
            self.doubling,
            revokes,
            revoked,
        )
        roles = self.roles()
        self.sheet = self.sheet.record(roles["S"], roles["W"], roles["E"], hand)
        entry = self.sheet.hands[-1]
        score = entry.score
        record = self._hand_record(h)
        record.update(h.record_notes())
        record["roles"] = roles
        record["won"] = {"NS": score.detail.tricks[0], "EW": score.detail.tricks[1]}
        record["tricks_in_play"] = {"NS": h.won[0], "EW": h.won[1]}
        record["below"] = score.below
        record["dealer_above"] = score.dealer_above
        record["non_dealer_above"] = score.non_dealer_above
        record["game"] = entry.game_won
        self.hand_records.append(record)
        events = [
            Event(EventKind.HAND_SCORED, HandScoredData(won=record["won"], below=score.below))
        ]
        self.hand = None
        if entry.game_won:
            self._finish_game(roles["S"])
        if self.sheet.finished:
            self.phase = OVER
            for n, v in self.sheet.settlement.items():
                self.totals[n] += v
            events.append(Event(EventKind.RUBBER_OVER, {"settlement": self.sheet.settlement}))
        else:
            self._pass_deal(SOUTH)
            self.phase = DEAL
        return events

    def _finish_game(self, winner: str) -> None:
        banked_before = [sum(g["points"][p] for g in self.games) for p in self.players]
        points = {
            p: self.sheet.below_banked[i] - banked_before[i] for i, p in enumerate(self.players)
        }
        self.games.append(
            {
                "hands": self.hand_records,
                "points": points,
                "winner": winner,
                "games_won": dict(zip(self.players, self.sheet.games, strict=True)),
            }
        )
        self.hand_records = []

    def record(self) -> dict[str, Any]:
        """The record of the rubber: ``games`` one per game (hands with their roles), the
        columns of the sheet, the pairwise payments and the settlement."""
        sheet = self.sheet
        return {
            "game": self.variant,
            "laws": self.laws,
            "three_games_no_rubber": self.three_games_no_rubber,
            "players": self.players_in_cutting_order(),
            "games": self.games,
            "unfinished": self.hand_records,
            "sheet": {
                p: {
                    "below": sheet.below_banked[i] + sheet.below[i],
                    "above": sheet.above[i],
                    "games": sheet.games[i],
                }
                for i, p in enumerate(self.players)
            },
            "rubber_winner": sheet.rubber_winner,
            "totals": sheet.totals,
            "payments": [
                {"payer": x.payer, "payee": x.payee, "amount": x.amount} for x in sheet.payments
            ],
            "settlement": dict(self.totals),
        }

    def _score_view(self) -> dict[str, int]:
        return {p: self.sheet.below[i] for i, p in enumerate(self.players)}

    def _view_extra(self, seat: Seat | None) -> ViewExtra:
        extra: ViewExtra = {
            "roles": self.roles(),
            "declaration": (
                None
                if self.denomination is None
                else {
                    "trump": DENOMINATION_LETTERS[self.denomination],
                    "by": "dummy" if self.forced else "dealer",
                }
            ),
            "doubling": int(self.doubling),
            "above": {p: self.sheet.above[i] for i, p in enumerate(self.players)},
            "games_won": {p: self.sheet.games[i] for i, p in enumerate(self.players)},
            "totals": self.sheet.totals,
            **self._cut_view(),
        }
        if self.hand is not None and self.phase == PLAY:
            extra["cutter"] = self.role(self.cutter(self.hand.dealer))
        return extra
