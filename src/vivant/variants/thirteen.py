"""Thirteen and the Odd: Humbug Whist without the discard — two hands of thirteen, one point a hand.

Rules (seed 003, Foster's *Complete Hoyle*, "THIRTEEN AND THE ODD"; humbug.md part B):

* Two players cut (ace low, ties re-cut); the lowest deals first (TO-1, D-H6) and, the seats
  being cut for as at Humbug, chooses his seat, North or South, by default South (HU-1.2, D-H0,
  D-H2); his adversary sits opposite; the deal alternates.
* The dealer gives thirteen cards to his adversary and thirteen to himself, one at a time,
  beginning with the adversary, and turns up the next (the 27th) for trumps; the turn-up belongs
  to neither player and the other 25 cards are not used (TO-2).
* The non-dealer leads; tricks of two cards, whist rules (TO-3).
* The winner of the odd trick (seven tricks or more) scores one point, exactly one a hand; no
  honours; game 5 (TO-4). Revoke: three tricks transferred first, and the revoker cannot win the
  game on that hand (TO-5, D-H6), both only when the revoke is claimed (D-H8). Rubbers and
  stakes as Humbug (D-H3).
"""

from __future__ import annotations

from typing import ClassVar

from vivant.cards import Card, Seat
from vivant.info import GameInfo, declare_seats, declare_sides
from vivant.scoring.english import THIRTEEN_AND_THE_ODD
from vivant.table import HandState
from vivant.variants.sitting import TwoHandTable

SUMMARY = """\
Thirteen and the Odd — Humbug Whist without the discard; two players (seed 003).
The two cut (ace low); the lowest deals first and chooses his seat, S (usual) or N, the other
sitting opposite; the deal alternates.
The dealer gives thirteen cards to his adversary and thirteen to himself, one at a time,
beginning with the adversary, and turns up the next card for trumps: it belongs to neither
player; the rest of the pack is not used.
The non-dealer leads; tricks of two cards; follow suit, trumps win.
The winner of the odd trick (seven or more tricks) scores one point; no honours. A revoke costs
three tricks, and the revoker cannot win the game on that hand. Game 5; rubbers best of three
worth 3/2/1 a game and 2 for the rubber.
"""

DEALT = 26


class ThirteenTable(TwoHandTable):
    """A rubber of Thirteen and the Odd."""

    variant: ClassVar[str] = "thirteen"
    aliases: ClassVar[tuple[str, ...]] = ("thirteen-and-the-odd",)
    summary: ClassVar[str] = SUMMARY
    rules = THIRTEEN_AND_THE_ODD
    players_rule: ClassVar[str] = "Thirteen and the Odd is played by two"
    info: ClassVar[GameInfo] = GameInfo(
        name=variant,
        title="Thirteen and the Odd",
        aliases=aliases,
        player_counts=(2,),
        default_players=2,
        seats=declare_seats(("N", "E", "S", "W"), ("North", "", "South", ""), empty=(1, 3)),
        sides=declare_sides(("N", "North"), ("S", "South")),
        unit="rubber",
        game_to=5,
        honours=False,
        laws=(
            "A revoke costs three tricks, and the revoker cannot win the game on that hand. "
            "Irregular play is recorded and the whist laws decide."
        ),
        summary=SUMMARY,
    )

    def _new_hand(self, pack: tuple[Card, ...], dealer: Seat) -> HandState:
        """TO-2: cards 1-26 alternately to the adversary and the dealer, the 27th turned up for
        trumps and in nobody's hand; the 26 cards left over (turn-up included) stay in the stock."""
        adversary = (dealer + 2) % 4
        hands = [0, 0, 0, 0]
        for i in range(DEALT):
            hands[adversary if i % 2 == 0 else dealer] |= 1 << pack[i]
        stock = 0
        for c in pack[DEALT:]:
            stock |= 1 << c
        turn_up = pack[DEALT]
        return HandState(
            dealer=dealer,
            hands=hands,
            trump=turn_up // 13,
            turn_up=turn_up,
            leader=adversary,
            turn_up_taken=True,
            stock=stock,
        )
