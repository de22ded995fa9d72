"""English Dummy: three players, one of them with an exposed partner, in a tournée of three rubbers.

Rules (seed 003, Foster's *Complete Hoyle*, "DUMMY … ENGLISH DUMMY"; english-dummy.md):

* Seats for a rubber (ED-1.3): dummy N, the dummy player (DP) S, his adversaries E and W. DP
  plays dummy's cards; dummy is exposed once dealt (D-M15).
* The lowest cutter chooses seats and cards (ED-2.3): which adversary sits on his right (E) and
  which of the two packs is dealt first, the packs then alternating (WL-1.1), each hand's record
  naming its pack; by default (D-G2) the adversary who cut lower sits on his right and pack 1
  comes first. In rubbers 2 and 3 the adversaries sit in cutting order, the lower at E (engine
  choice: the seed gives the choice to the lowest cutter only).
* The table cuts (ace low, ties re-cut); the lowest cutter takes dummy for rubber 1, the next
  for rubber 2, the highest for rubber 3: a tournée of three rubbers (ED-2.2). Option
  ``continuous``: the lowest cutter keeps dummy every rubber and concedes a point a rubber to the
  adversaries (ED-2.6, D-ED4).
* Dummy deals the first hand of every rubber: DP has W cut and deals E, S, W, N, turning the last
  card for dummy's trump (ED-2.4, ED-3.1); the deal then passes to the left, DP cutting when dummy
  is the pone (ED-3.2, D-ED3). The eldest hand leads.
* At the end of a tournée each player, in the cutting order of that tournée, stays for another or
  retires, naming the newcomer who takes his place (ED-2.5); a retirement with nobody to take the
  place breaks up the table, which is also the default (D-G2: a sitting is one tournée unless
  its players choose to play on — the sitting counts as over once a tournée is played out, and
  the choices stay open). For another tournée all cut afresh as at the beginning and
  the new lowest cutter chooses seats and cards; earlier position gives no rights.
* English short whist (ED-5): tricks over six, honours A K Q J (dummy's count for DP), none at 4,
  revoke → tricks → honours, game 5 valued treble/double/single, rubber best of three with 2
  rubber points, the third game skipped after 2–0. DP settles with each adversary (ED-5.3).
* Laws (ED-6): dummy is never penalised for a revoke (corrected before the trick is quitted,
  D-ED1, otherwise it stands); DP's or an adversary's revoke: three tricks, three points off or
  three points on, at the other side's choice, and the revoking side cannot win the game that
  hand — both only when the revoke is claimed; a revoke waived costs nothing (D-ED6); DP is
  not penalised for cards exposed or two played at once (he names the card played, D-ED2); a
  lead from the wrong one of DP's two hands lets the adversaries call a suit from the hand that
  should have led, DP leading when an adversary should is simply withdrawn (ED-6.4); an
  adversary's lead out of turn and cards exposed: whist laws, DP electing (ED-6.5, WL-5, WL-6).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from vivant.actions import Action, AfterTournee, ChooseSeatsAndPack
from vivant.cards import EAST, NORTH, SOUTH, WEST, Card, Seat
from vivant.decisions import decision, refused
from vivant.errors import InvalidActionError
from vivant.events import EventKind
from vivant.info import GameInfo, declare_seats, declare_sides, laws_paragraph
from vivant.laws import Election
from vivant.scoring.english import TOURNEE_RUBBERS, RubberResult, english_dummy_settlement
from vivant.table import CHOOSE, CUT, DEAL, OVER, TOURNEE_OVER, Event, HandState
from vivant.variants.sitting import EnglishRubberTable, lead_from_the_wrong_hand
from vivant.views import ViewExtra

#: The two packs, used alternately (ED-1.1, WL-1.1).
PACKS: tuple[int, int] = (1, 2)

#: Longest name a newcomer may give.
NAME_MAX = 40

SUMMARY = """\
English Dummy — three players (seed 003).
Dummy sits N, the dummy player (DP) S, the adversaries E and W; DP plays dummy's cards, which
lie face up from the deal.
The players cut (ace low, ties re-cut): the lowest takes dummy for the first rubber, the next for
the second, the highest for the third — the tournée. The lowest chooses seats and cards: who sits
on his right (usually the lower of the others) and which of the two packs, used alternately,
is dealt first. After the tournée a player may retire and a newcomer take his place; all then
cut afresh for another tournée (otherwise the table breaks up). Option: one player keeps dummy
throughout, conceding a point a rubber.
Dummy deals the first hand of each rubber (DP has W cut and deals E, S, W, N, the last card
turned for dummy's trump); the deal then passes left. The eldest hand leads; whist play.
English short whist: each trick over six a point; honours A K Q J of trumps, four 4, three 2
(dummy's count for DP), none for a side at 4; revoke, then tricks, then honours; game 5, worth
3, 2 or 1 as the losers have 0, 1-2, 3-4; rubber best of three (no third game after 2-0), +2.
DP pays or receives the rubber's value from each adversary.
Laws: dummy never penalised (its revoke stands once the trick is quitted); DP's or an adversary's
revoke costs three tricks, three points off or three points on, and that side cannot win the
game on the hand; DP unpenalised for exposed cards or two played at once; a lead from DP's wrong
hand: the adversaries may call a suit from the right one; an adversary's lead out of turn: whist
penalties at DP's choice.
"""


class EnglishDummyTable(EnglishRubberTable):
    """A sitting of English Dummy: the cut, the tournée of three rubbers, English scoring."""

    variant: ClassVar[str] = "english-dummy"
    aliases: ClassVar[tuple[str, ...]] = ("english-dummy-whist",)
    summary: ClassVar[str] = SUMMARY
    dummy_seats: tuple[Seat, ...] = (NORTH,)
    side_names: ClassVar[tuple[str, str]] = ("NS", "EW")
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 3
    players_rule: ClassVar[str] = "English Dummy is played by three, no more and no fewer"
    info: ClassVar[GameInfo] = GameInfo(
        name=variant,
        title="English Dummy",
        aliases=aliases,
        player_counts=(3,),
        default_players=3,
        seats=declare_seats(
            ("N", "E", "S", "W"),
            ("Dummy", "East", "South, with Dummy", "West"),
            dummies=dummy_seats,
        ),
        sides=declare_sides(("NS", "North–South"), ("EW", "East–West")),
        unit="tournée",
        game_to=5,
        laws=laws_paragraph(SUMMARY),
        summary=SUMMARY,
    )
    withdrawn_lead_rule: ClassVar[str] = "ED-6.4"
    options: ClassVar[tuple[str, ...]] = ("continuous",)

    def __init__(
        self, players: Sequence[str], *, laws: bool = False, continuous: bool = False
    ) -> None:
        super().__init__(players, laws=laws)
        self.continuous = continuous
        self.rubbers = TOURNEE_RUBBERS
        #: The pack of the next deal (ED-2.3), chosen by the lowest cutter.
        self.pack: int | None = None
        self.original_players = self.players
        #: ED-2.5: the players of the tournée in progress (indices), the first rubber of it, the
        #: tournées played, and the decisions at the end of one (player index -> newcomer, ""
        #: for a player who stays).
        self.active: list[int] = list(range(len(self.players)))
        self.tournee_start = 0
        self.tournees: list[dict[str, Any]] = []
        self.replacements: dict[int, str] = {}

    def _seat_rubber(self, k: int) -> None:
        """ED-2.2 (or ED-2.6): who takes dummy; the adversaries in cutting order at E and W;
        dummy deals first (ED-2.4). Before the first rubber the lowest cutter chooses seats and
        pack (ED-2.3)."""
        i = k - self.tournee_start
        dp = self.order[0 if self.continuous else i]
        adversaries = [p for p in self.order if p != dp]
        self.seating = {"S": dp, "E": adversaries[0], "W": adversaries[1]}
        self.dealer = NORTH
        if i == 0:
            self.phase = CHOOSE
            self.tournees.append(
                {
                    "players": [self.players[p] for p in self.order],
                    "rubbers": [],
                    "retired": {},
                }
            )

    # --- the lowest cutter's choice of seats and cards (ED-2.3) ---------------------------------

    def _adversaries(self) -> list[int]:
        """The dummy player's adversaries, in cutting order."""
        return sorted((self.seating["E"], self.seating["W"]), key=self.order.index)

    @decision(CHOOSE, ChooseSeatsAndPack, "ED-2.3", "Who sits on your right, and which pack first?")
    @refused(
        "seats and cards are chosen once, by the lowest cutter before the first "
        "deal of the tournée (ED-2.3)",
        "the lowest cutter, {player} (S), chooses seats and cards, not {seat}",
    )
    def _choose_seats_and_pack(self, action: ChooseSeatsAndPack) -> list[Event]:
        """ED-2.3: the lowest cutter chooses who sits on his right and the pack dealt first."""
        adversaries = self._adversaries()
        if type(action.right) is not int or action.right not in adversaries:
            names = ", ".join(f"{p} ({self.players[p]})" for p in adversaries)
            raise InvalidActionError(
                f"player {action.right!r} is not an adversary of the dummy player; one of {names}"
            )
        if type(action.pack) is not int or action.pack not in PACKS:
            raise InvalidActionError(
                f"the pack is 1 or 2 (two packs, used alternately), not {action.pack!r}"
            )
        left = adversaries[1] if action.right == adversaries[0] else adversaries[0]
        self.seating = {"S": self.seating["S"], "E": action.right, "W": left}
        self.pack = action.pack
        self.phase = DEAL
        return [Event(EventKind.SEATS, {**self.roles(), "pack": action.pack})]

    def _choose_seats_and_pack_deciders(self) -> tuple[Seat, ...]:
        return (SOUTH,)

    def _choose_seats_and_pack_options(self, seat: Seat) -> list[Action]:
        return [
            ChooseSeatsAndPack(SOUTH, right, pack)
            for right in self._adversaries()
            for pack in PACKS
        ]

    # --- the end of a tournée: players stay or retire (ED-2.5) ---------------------------------

    def _finish_game(self) -> Event:
        event = super()._finish_game()
        if self.phase == OVER:
            # The tournée is over (ED-2.2): the players now stay or retire (ED-2.5).
            self.tournees[-1]["rubbers"] = list(
                range(self.tournee_start + 1, len(self.rubber_records) + 1)
            )
            self.replacements = {}
            self.phase = TOURNEE_OVER
        return event

    def is_over(self) -> bool:
        """A tournée played out completes the sitting (D-G2: the table breaks up after it);
        its players may still choose to play on, one by one, by :class:`AfterTournee` (ED-2.5),
        which reopens it."""
        return self.phase in (OVER, TOURNEE_OVER)

    def _decider(self) -> Seat | None:
        """The seat (in the last rubber) of the next player to stay or retire, in the cutting
        order of the tournée just played."""
        seats = {
            p: s
            for s, p in (
                (SOUTH, self.seating["S"]),
                (EAST, self.seating["E"]),
                (WEST, self.seating["W"]),
            )
        }
        return next((seats[p] for p in self.order if p not in self.replacements), None)

    @decision(TOURNEE_OVER, AfterTournee, "ED-2.5", "Stay for another tournée, or retire?")
    @refused(
        "players stay or retire only at the end of a tournée (ED-2.5); now in phase {phase}",
        "{player} ({due_role}) says now whether he stays or retires, not {seat}",
    )
    def _after_tournee(self, action: AfterTournee) -> list[Event]:
        """ED-2.5: the player stays, or retires naming the newcomer who takes his place (nobody
        taking it breaks up the table)."""
        newcomer = action.newcomer
        if type(action.stay) is not bool or not isinstance(newcomer, str):
            raise InvalidActionError(
                f"stay is true or false and newcomer a name, not {action.stay!r}, {newcomer!r}"
            )
        if action.stay and newcomer:
            raise InvalidActionError("a player who stays names no newcomer")
        if newcomer and (not newcomer.strip() or len(newcomer) > NAME_MAX):
            raise InvalidActionError(
                f"a newcomer's name is 1 to {NAME_MAX} characters, not only spaces: {newcomer!r}"
            )
        taken = set(self.players) | set(self.replacements.values())
        if newcomer and newcomer in taken:
            raise InvalidActionError(
                f"{newcomer!r} has already played in this sitting or is taking another place"
            )
        player = self.seating[self.role(action.seat)]
        name = self.players[player]
        if not action.stay and not newcomer:
            # Nobody takes his place: the table is complete only with three (ED-1.1); the
            # record of the sitting simply ends with this tournée.
            self.phase = OVER
            return [Event(EventKind.TABLE_BROKEN_UP, {"retired": name})]
        self.replacements[player] = newcomer
        if newcomer:
            self.tournees[-1]["retired"][name] = newcomer
        events = [
            Event(
                EventKind.STAYS if action.stay else EventKind.RETIRES,
                {"player": name, "newcomer": newcomer},
            )
        ]
        if self._decider() is None:
            events.append(self._new_tournee())
        return events

    def _after_tournee_deciders(self) -> tuple[Seat, ...]:
        due = self._decider()
        return () if due is None else (due,)

    def _after_tournee_options(self, seat: Seat) -> list[Action]:
        return [AfterTournee(seat, False), AfterTournee(seat, True)]

    def _new_tournee(self) -> Event:
        """ED-2.5: the newcomers take their places and all cut afresh, as at the beginning."""
        players = list(self.players)
        for p, newcomer in self.replacements.items():
            if newcomer:
                self.active[self.active.index(p)] = len(players)
                players.append(newcomer)
                self.totals[newcomer] = 0
        self.players = tuple(players)
        self.replacements = {}
        self.cut_groups = [list(self.active)]
        self.draws = {}
        self.order = []
        self.seating = {}
        self.pack = None
        self.tournee_start = len(self.rubber_records)
        self.rubbers = len(self.rubber_records) + TOURNEE_RUBBERS
        self.phase = CUT
        return Event(EventKind.NEW_TOURNEE, {"players": [self.players[p] for p in self.active]})

    def config(self) -> dict[str, Any]:
        """The players who began the sitting: newcomers come in by :class:`AfterTournee`."""
        return {**super().config(), "players": list(self.original_players)}

    def players_in_cutting_order(self) -> list[str]:
        """The players of the tournée in progress (or last played) in cutting order, then those
        who have retired."""
        if not self.order:
            return [self.players[p] for p in self.active] + [
                n for i, n in enumerate(self.players) if i not in self.active
            ]
        return super().players_in_cutting_order()

    # --- the two packs (ED-1.1, ED-2.3) ---------------------------------------------------------

    def _after_deal(self, h: HandState) -> list[Event]:
        """Each hand's record names the pack it was dealt with."""
        h.notes["pack"] = self.pack
        return super()._after_deal(h)

    def _pass_deal(self, dealer: Seat) -> None:
        """The packs alternate as the deal passes (WL-1.1); a new deal by the same dealer is made
        with the same pack."""
        super()._pass_deal(dealer)
        if self.pack is not None:
            self.pack = PACKS[1] if self.pack == PACKS[0] else PACKS[0]

    def _view_extra(self, seat: Seat | None) -> ViewExtra:
        return {**super()._view_extra(seat), "pack": self.pack, "tournee": len(self.tournees)}

    def _settle(self, result: RubberResult) -> dict[str, int]:
        names = self.roles()
        return english_dummy_settlement(
            result, names["S"], (names["E"], names["W"]), continuous=self.continuous
        )

    def record(self) -> dict[str, Any]:
        """With the tournées: each one's players in cutting order, its rubbers and who retired
        after it (ED-2.5), and the continuous-dummy option."""
        return {**super().record(), "continuous": self.continuous, "tournees": self.tournees}

    # --- the laws English Dummy changes ---------------------------------------------------------

    def _lead_out_of_turn_election(
        self, h: HandState, seat: Seat, c: Card, due: Seat
    ) -> Election | None:
        """ED-6.4 for DP's two hands; an adversary's lead out of turn as at whist (ED-6.5)."""
        if seat in (NORTH, SOUTH):
            return lead_from_the_wrong_hand(self, seat, c, due, "ED-6.4")
        return super()._lead_out_of_turn_election(h, seat, c, due)

    def _two_cards_election(
        self, seat: Seat, cards: tuple[Card, ...], options: tuple[str, ...]
    ) -> Election:
        """ED-6.3, D-ED2: DP names the card played from his or dummy's hand, the other goes back
        unpenalised; an adversary's two cards: WL-5.1, DP choosing."""
        if seat in (NORTH, SOUTH):
            return Election("two_cards", "ED-6.3", seat, (SOUTH,), options, options[0], cards)
        return super()._two_cards_election(seat, cards, options)

    def _unpenalised_two_cards(self) -> tuple[Seat, ...]:
        return (NORTH, SOUTH)

    def _revoke_correction(self, seat: Seat) -> tuple[bool, str]:
        """D-ED1: dummy's revoke corrected without penalty; ED-6.3: DP is not penalised for a
        card shown (dummy cannot profit by it); an adversary's card is exposed (WL-7.4)."""
        if seat == NORTH:
            return False, "D-ED1"
        if seat == SOUTH:
            return False, "ED-6.3"
        return super()._revoke_correction(seat)
