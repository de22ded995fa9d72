"""Humbug Whist and its declared-trump variation: two players, four hands dealt, two played.

Rules (seed 003, Foster's *Complete Hoyle*, "HUMBUG WHIST"; humbug.md):

* The two cut (ace low, ties re-cut); the lowest deals first and chooses his seat, North or South
  (HU-1.2 with D-H0; by default South, D-H2), his adversary opposite; the hands dealt to East and
  West are dead. The seats stay for the rubber; the deal alternates; the dead hands never deal
  (HU-1.5).
* Four hands of thirteen are dealt one at a time from the dealer's left; the last card is turned
  for trumps and is the dealer's (HU-1.4).
* Each player, seeing only his own hand, keeps it or exchanges it, once and all or nothing, for
  the dead hand on his right (South's is East, North's West); the non-dealer decides first
  (HU-2.1, HU-2.2, D-H1). A dealer who exchanges gives up the turn-up, which stays with the hand
  he discards; trumps are unchanged (HU-2.3). A player remembers the hand he discarded.
* The dealer's adversary leads; tricks of two cards, whist rules (HU-3.1).
* English scoring with Humbug's honours (HU-4): a trick over six a point; A K Q J of trumps in
  the two hands played, the holder of two, three or four scoring 2, 3 or 4 when the other holds
  one or none, none for a player at 4; revoke = three tricks (all if fewer), first, and the
  revoker cannot win the game that hand, both only when the revoke is claimed (D-H8); then
  tricks, then honours; game 5; rubbers with English values, the players settling with each
  other (D-H3). Other laws: whist's (D-H5).
* Declared-trump variation (HU-5, :class:`HumbugDeclaredTable`): no card is turned; the dealer,
  after looking at his hand, names any suit trumps (D-H7); then only the adversary may exchange.

The computer players' default exchange (D-G2) follows Foster's advice (seed 003): exchange a hand
without four reasonably sure tricks, counted as the master cards from the ace down in each suit.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from vivant.actions import Action, Declare, Exchange
from vivant.cards import SUIT_LETTERS, SUIT_MASK, Seat
from vivant.decisions import decision, refused
from vivant.events import DeclaredData, EventKind, ExchangedData
from vivant.info import GameInfo, declare_seats, declare_sides
from vivant.prelude import DECLARATION, EXCHANGES, PreludeDecision
from vivant.scoring.english import HUMBUG
from vivant.table import DECLARE, EXCHANGE, Event, HandState
from vivant.variants.sitting import TwoHandTable, parse_trump

_SEATS = """\
The two cut (ace low); the lowest deals first and chooses his seat, S (usual) or N, the other
sitting opposite; E and W are dead hands.
The deal alternates between the players."""

_TURNED = """ The last card is turned for trumps.
Each player looks at his own hand only and keeps it, or exchanges it once for the dead hand on
his right (S's is E, N's is W); the non-dealer decides first. A dealer who exchanges gives up the
turn-up (it stays with the hand he discards); trumps are unchanged."""

_DECLARED = """ No card is turned: the dealer, after looking at his hand,
names any suit trumps. Then the adversary alone may keep his hand or exchange it once for the
dead hand on his right (S's is E, N's is W); the dealer plays the hand dealt him."""

_PLAY = """
The dealer's adversary leads; tricks of two cards; follow suit, trumps win.
Each trick over six a point. Honours A K Q J of trumps in the two hands played: if one player
holds one or none, the other scores 2, 3 or 4 for holding two, three or four; none for a player
at 4. A revoke costs three tricks and scores first; then tricks, then honours; the revoker cannot
win the game on that hand. Game 5; rubbers best of three worth 3/2/1 a game and 2 for the rubber.
"""

SUMMARY = (
    "Humbug Whist — two players opposite each other, four hands dealt (seed 003).\n"
    + _SEATS
    + _TURNED
    + _PLAY
)

DECLARED_SUMMARY = (
    "Humbug Whist, declared-trump variation — two players, four hands dealt (seed 003).\n"
    + _SEATS
    + _DECLARED
    + _PLAY
)

SURE_TRICKS_TO_KEEP = 4


def sure_tricks(hand: int) -> int:
    """Master cards of a hand: in each suit, the unbroken run from the ace down."""
    total = 0
    for s in range(4):
        suit = (hand >> (13 * s)) & SUIT_MASK
        bit = 1 << 12
        while suit & bit:
            total += 1
            bit >>= 1
    return total


class HumbugTable(TwoHandTable):
    """A rubber of Humbug Whist: the exchange for the dead hand, two-card tricks, Humbug honours.

    Setting ``declared_trump``: the dealer names trumps instead of turning a card, and only the
    adversary may exchange (HU-5).
    """

    variant: ClassVar[str] = "humbug"
    aliases: ClassVar[tuple[str, ...]] = ("humbug-whist",)
    summary: ClassVar[str] = SUMMARY
    rules = HUMBUG
    players_rule: ClassVar[str] = "Humbug Whist is played by two"
    info: ClassVar[GameInfo] = GameInfo(
        name=variant,
        title="Humbug",
        aliases=aliases,
        player_counts=(2,),
        default_players=2,
        seats=declare_seats(
            ("N", "E", "S", "W"), ("North", "dead hand", "South", "dead hand"), dead=(1, 3)
        ),
        sides=declare_sides(("N", "North"), ("S", "South")),
        unit="rubber",
        game_to=5,
        laws="Irregular play is recorded and the whist laws decide (a revoke costs three tricks).",
        summary=SUMMARY,
    )
    declared_trump: ClassVar[bool] = False
    prelude: ClassVar[tuple[PreludeDecision, ...]] = (EXCHANGES,)

    def _new_hand(self, pack: tuple[int, ...], dealer: Seat) -> HandState:
        h = super()._new_hand(pack, dealer)
        if self.declared_trump:
            h.trump = None
            h.turn_up = None
            h.turn_up_taken = True
        return h

    def _after_deal(self, h: HandState) -> list[Event]:
        h.notes["exchanged"] = {}
        self.phase = DECLARE if self.declared_trump else EXCHANGE
        return []

    def _exchangers(self, h: HandState) -> tuple[Seat, ...]:
        """D-H1: the non-dealer decides first, then the dealer; HU-5.2: only the adversary."""
        adversary = (h.dealer + 2) % 4
        return (adversary,) if self.declared_trump else (adversary, h.dealer)

    def _hand_of(self, seat: Seat) -> int:
        h = self.hand
        assert h is not None
        return h.hands[seat]

    @decision(DECLARE, Declare, "HU-5.1", "Which suit do you name trumps?")
    @refused("no declare is due now (phase {phase})", "{due} decides now, not {seat}")
    def _declare(self, action: Declare) -> list[Event]:
        """HU-5.1: any suit, never no trumps (D-H7)."""
        h = self.hand
        assert h is not None
        h.trump = parse_trump(action.trump, no_trumps=False)
        h.notes["declared"] = action.trump.upper()
        self.phase = EXCHANGE
        return [
            Event(
                EventKind.DECLARED,
                DeclaredData(by=self.role(action.seat), trump=action.trump.upper()),
            )
        ]

    def _declare_deciders(self) -> tuple[Seat, ...]:
        """HU-5.1: the dealer declares."""
        h = self.hand
        return () if h is None else (h.dealer,)

    def _declare_options(self, seat: Seat) -> list[Action]:
        return [Declare(seat, x) for x in SUIT_LETTERS]

    def _declare_default(self, seat: Seat) -> Action:
        """D-G2: the dealer names his longest suit."""
        hand = self._hand_of(seat)
        longest = max(range(4), key=lambda s: ((hand >> (13 * s)) & SUIT_MASK).bit_count())
        return Declare(seat, SUIT_LETTERS[longest])

    @decision(EXCHANGE, Exchange, "HU-2.1", "Keep your hand, or take the dead hand on your right?")
    @refused("no exchange is due now (phase {phase})", "{due} decides now, not {seat}")
    def _exchange(self, action: Exchange) -> list[Event]:
        h = self.hand
        assert h is not None
        seat = action.seat
        if action.take:
            right = (seat - 1) % 4
            h.hands[seat], h.hands[right] = h.hands[right], h.hands[seat]
            if seat == h.dealer:
                h.turn_up_taken = True  # HU-2.3: the turn-up stays with the discarded hand
        h.notes["exchanged"][self.role(seat)] = action.take
        events = [Event(EventKind.EXCHANGE, ExchangedData(seat=self.role(seat), take=action.take))]
        if not self._exchange_deciders():
            events.extend(self._start_play(h))
        return events

    def _exchange_deciders(self) -> tuple[Seat, ...]:
        """HU-2.1: the players exchange in turn, the non-dealer first (D-H1)."""
        h = self.hand
        if h is None:
            return ()
        done = h.notes["exchanged"]
        return tuple(s for s in self._exchangers(h) if self.role(s) not in done)[:1]

    def _exchange_options(self, seat: Seat) -> list[Action]:
        return [Exchange(seat, False), Exchange(seat, True)]

    def _exchange_default(self, seat: Seat) -> Action:
        """D-G2: a player exchanges a hand without four sure tricks (Foster's advice)."""
        return Exchange(seat, sure_tricks(self._hand_of(seat)) < SURE_TRICKS_TO_KEEP)

    def _shown_to(self, seat: Seat) -> dict[Seat, int]:
        """A player who exchanged remembers the hand he discarded (now the dead hand)."""
        h = self.hand
        if h is not None and h.notes.get("exchanged", {}).get(self.role(seat)):
            right = (seat - 1) % 4
            return {right: h.initial[right] if h.initial else h.hands[right]}
        return {}


class HumbugDeclaredTable(HumbugTable):
    """Humbug's declared-trump variation (HU-5)."""

    variant: ClassVar[str] = "humbug-declared"
    aliases: ClassVar[tuple[str, ...]] = ()
    summary: ClassVar[str] = DECLARED_SUMMARY
    info: ClassVar[GameInfo] = replace(
        HumbugTable.info,
        name=variant,
        title="Humbug Declared",
        aliases=(),
        summary=DECLARED_SUMMARY,
    )
    declared_trump: ClassVar[bool] = True
    prelude: ClassVar[tuple[PreludeDecision, ...]] = (DECLARATION, EXCHANGES)
