"""Double Dummy: two players, each with an exposed dummy opposite him, in one rubber.

Rules (seed 003, Foster's *Complete Hoyle*, "DOUBLE DUMMY"; double-dummy.md):

* The two cut (ace low, ties re-cut); the lowest (P1) deals first, for his dummy, and sits on the
  right of the other (the usual choice, default) or on his left (DD-1.2): seats P1 S, his dummy
  N, P2 W and his dummy E — or P2 E and his dummy W (DD-1.3).
* The deal goes round all four hands, a living player dealing for his dummy; the pone cuts, a
  dummy's partner cutting for it (DD-2.1, D-DD2); the eldest hand leads. Both dummies are
  exposed once dealt (DD-2.5); option ``all_hands_exposed`` lays all four hands face up, as some
  clubs do.
* English short whist as at whist and dummy, each player with his dummy a side (DD-4.1); the
  rubber ends the table, no third game after 2–0 (DD-4.2); the players settle with each other,
  nothing doubled (DD-4.3).
* Laws: no misdeal — the same dealer deals again (D-DD1); neither dummy can revoke (DD-3.2); no
  penalty for exposed cards or cards played in error: a player who plays two cards names the one
  played (DD-3.3, D-DD3); a living player's revoke: English penalty (three tricks or three
  points), his side cannot win the game that hand — both only when the revoke is claimed
  (D-DD5); a lead from the wrong hand of a side lets the
  adversary call a suit from the hand that should have led, otherwise it is withdrawn (DD-3.4).
* Claims (DD-3.5, D-DD4): between tricks a player may claim a number of the remaining tricks; if
  his adversary admits it the hand is scored as if they had been won in play, else it is played
  out. A claim is the player's own initiative: ``apply`` accepts :class:`~vivant.actions.Claim`,
  ``legal_actions`` does not list it (the computer players play every hand out).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from vivant.actions import Action, ChoosePosition
from vivant.cards import EAST, NORTH, SOUTH, WEST, Card, Seat
from vivant.decisions import decision, refused
from vivant.events import EventKind
from vivant.info import GameInfo, declare_seats, declare_sides, laws_paragraph
from vivant.laws import Election
from vivant.scoring.english import RubberResult, two_player_settlement
from vivant.table import CHOOSE, DEAL, Event, HandState
from vivant.variants.sitting import EnglishRubberTable, lead_from_the_wrong_hand
from vivant.views import ViewExtra

SUMMARY = """\
Double Dummy — two players, each with a dummy opposite him (seed 003).
The two cut (ace low, ties re-cut); the lowest deals first, for his dummy, and chooses to sit on
the other's right (usual) or left: P1 S with his dummy N, P2 W with his dummy E (or P2 E, dummy W).
The deal goes round the four hands, each player dealing for his dummy in its turn; the pone cuts
(a dummy's partner for it); the eldest hand leads. Both dummies lie face up from the deal
(option: all four hands face up).
English short whist, each player and his dummy a side: tricks over six, honours A K Q J (four 4,
three 2, none at 4), revoke, then tricks, then honours; game 5 worth 3/2/1; one rubber, best of
three (no third game after 2-0), +2; the loser pays the rubber's value, nothing doubled.
Laws: no misdeal (the dealer deals again); dummies cannot revoke; no penalty for cards exposed or
played in error (two cards at once: the player names the one played); a player's revoke costs
three tricks or three points, and his side cannot win the game that hand; a lead from the wrong
hand of a side: the adversary may call a suit from the right one; leading when the adversary
should: withdrawn. A player may claim tricks; if the other admits, they are scored as won.
"""


class DoubleDummyTable(EnglishRubberTable):
    """A sitting of Double Dummy: the cut, the choice of seat, one rubber."""

    variant: ClassVar[str] = "double-dummy"
    aliases: ClassVar[tuple[str, ...]] = ()
    summary: ClassVar[str] = SUMMARY
    dummy_seats: tuple[Seat, ...] = (NORTH, EAST)
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    players_rule: ClassVar[str] = "Double Dummy is played by two"
    info: ClassVar[GameInfo] = GameInfo(
        name=variant,
        title="Double Dummy",
        aliases=aliases,
        player_counts=(2,),
        default_players=2,
        seats=declare_seats(
            ("N", "E", "S", "W"),
            ("West's dummy", "South's dummy", "South, with North", "West, with East"),
            dummies=dummy_seats,
        ),
        sides=declare_sides(("NS", "North–South"), ("EW", "East–West")),
        unit="rubber",
        game_to=5,
        laws=laws_paragraph(SUMMARY),
        summary=SUMMARY,
    )
    withdrawn_lead_rule: ClassVar[str] = "DD-3.4"
    claims: ClassVar[bool] = True
    options: ClassVar[tuple[str, ...]] = ("all_hands_exposed",)

    def __init__(
        self, players: Sequence[str], *, laws: bool = False, all_hands_exposed: bool = False
    ) -> None:
        super().__init__(players, laws=laws)
        self.all_hands_exposed = all_hands_exposed

    def still_pack_shuffler(self, dealer: Seat) -> Seat:
        """DD-2.3: the living player who is not dealing this hand shuffles the still pack."""
        return next(
            s
            for s in (SOUTH, EAST, WEST)
            if s not in self.dummy_seats and s != self.controller(dealer)
        )

    def _view_extra(self, seat: Seat | None) -> ViewExtra:
        extra: ViewExtra = super()._view_extra(seat)
        if self.hand is not None:
            extra["still_pack"] = self.role(self.still_pack_shuffler(self.hand.dealer))
        return extra

    def _exposed_seats(self) -> tuple[Seat, ...]:
        """DD-2.5: both dummies face up from the deal; option ``all_hands_exposed``: all four."""
        return (NORTH, EAST, SOUTH, WEST) if self.all_hands_exposed else self.dummy_seats

    def _seat_rubber(self, k: int) -> None:
        """DD-1.2: P1 first deals for his dummy (N); his choice of seat comes first."""
        self.seating = {"S": self.order[0], "W": self.order[1]}
        self.dummy_seats = (NORTH, EAST)
        self.dealer = NORTH
        self.phase = CHOOSE

    def _settle(self, result: RubberResult) -> dict[str, int]:
        p1, p2 = self.order[0], self.order[1]
        return two_player_settlement(result, (self.players[p1], self.players[p2]))

    # --- the choice of seat ---------------------------------------------------------------------

    @decision(CHOOSE, ChoosePosition, "DD-1.2", "Your adversary on your right, or on your left?")
    @refused(
        "the seats are not open to choice now",
        "the lowest cutter (S) chooses where to sit, not {seat}",
    )
    def _choose_position(self, action: ChoosePosition) -> list[Event]:
        """DD-1.2: P1 sits with his adversary on his right (South, dummies North and East), or
        on his left (South and East change places: dummies North and West)."""
        if not action.right:
            self.seating = {"S": self.order[0], "E": self.order[1]}
            self.dummy_seats = (NORTH, WEST)
        self.phase = DEAL
        return [Event(EventKind.SEATS, {"right": action.right, **self.roles()})]

    def _choose_position_deciders(self) -> tuple[Seat, ...]:
        return (SOUTH,)

    def _choose_position_options(self, seat: Seat) -> list[Action]:
        return [ChoosePosition(SOUTH, True), ChoosePosition(SOUTH, False)]

    # --- the laws Double Dummy changes ----------------------------------------------------------

    def _misdeal_election(self, h: HandState, reason: str) -> Election:
        """D-DD1: no misdeal at double dummy, the deal being a disadvantage: the same dealer
        deals again."""
        return Election(
            "misdeal",
            "D-DD1",
            h.dealer,
            self.electors(1 - self.seat_sides[h.dealer]),
            ("redeal",),
            "redeal",
        )

    def _lead_out_of_turn_election(
        self, h: HandState, seat: Seat, c: Card, due: Seat
    ) -> Election | None:
        return lead_from_the_wrong_hand(self, seat, c, due, "DD-3.4")

    def _two_cards_election(
        self, seat: Seat, cards: tuple[Card, ...], options: tuple[str, ...]
    ) -> Election:
        """DD-3.3, D-DD3: no cards played in error; the player names the card he plays."""
        return Election(
            "two_cards", "DD-3.3", seat, (self.controller(seat),), options, options[0], cards
        )

    def _unpenalised_two_cards(self) -> tuple[Seat, ...]:
        return (NORTH, EAST, SOUTH, WEST)

    def _revoke_correction(self, seat: Seat) -> tuple[bool, str]:
        """DD-3.2: a dummy's revoke corrected in time; D-DD3: no exposed cards at double dummy."""
        return False, "DD-3.2" if seat in self.dummy_seats else "D-DD3"
