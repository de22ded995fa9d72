"""Fast playouts: strict-mode play of one hand in C, for research and simulation at scale.

A :class:`Playout` reads everything it needs from the game's own declared metadata — the seats
that play to a trick led by each seat (``seat_order``), the cards to a trick (``trick_size``),
each seat's side (``seat_sides``), the trick rule T2 (``follow_or_trump``: All Fours lets a trump
be played instead of following) — and how the game deals, found by dealing a pack in order
through the reference table itself (which position of the pack goes to which hand, which card is
turned up, who leads). It then plays hands with the trick rules T1–T4 on card masks:

* :meth:`Playout.random_hands` deals ``n`` hands from shuffled packs and plays each out at random
  (every legal card equally likely), returning each hand's tricks and trump honours per side;
* :meth:`Playout.trace` plays one position out, choosing the ``k``-th legal card at each step from
  given picks, and returns every legal set, every card and trick winner — the differential test
  compares all of them with the reference engine's.

Hands are played as dealt, from the opening lead: decisions before the play (Humbug's exchange,
a declared trump) are the caller's, who passes the position or the trump.

>>> fast = Playout("mort")
>>> result = fast.random_hands(1000, seed=1)
>>> bool((result.tricks.sum(axis=1) == 13).all())
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from vivant.actions import Deal
from vivant.cards import Seat
from vivant.errors import VivantError
from vivant.playout._playout import random_hands as _random_hands
from vivant.playout._playout import trace as _trace
from vivant.table import Table
from vivant.variants import find_variant

NO_TRUMP = 4
#: Rule flags of the C engine: a trump may always be played instead of following (AF-3.2).
FOLLOW_OR_TRUMP = 1


@dataclass(frozen=True)
class Hands:
    """Results of :meth:`Playout.random_hands`: ``tricks`` and ``honours`` (trump A K Q J held
    by the playing hands) per side, one row a hand, columns in the game's side order."""

    tricks: npt.NDArray[np.uint8]
    honours: npt.NDArray[np.uint8]


@dataclass(frozen=True)
class Trace:
    """One hand played by :meth:`Playout.trace`: the legal cards (a mask) at every step, the
    cards played in order, each trick's winning seat, and the tricks per side."""

    legal: list[int]
    cards: bytes
    winners: bytes
    won: tuple[int, int]


class Playout:
    """Fast play of ``game`` (a registry name or alias)."""

    def __init__(self, game: str) -> None:
        self.table_class: type[Table] = find_variant(game)
        cls = self.table_class
        order = bytearray([255] * 16)
        for leader, seats in enumerate(cls.seat_order):
            order[4 * leader : 4 * leader + len(seats)] = bytes(seats)
        self._order = bytes(order)
        self._sides = bytes(cls.seat_sides)
        self._size = cls.trick_size
        self._flags = FOLLOW_OR_TRUMP if cls.follow_or_trump else 0
        self._deal_map, self._turn_up, self._trump, self._leader = _probe_deal(cls)

    def trace(
        self, hands: tuple[int, int, int, int], trump: int | None, leader: Seat, picks: bytes
    ) -> Trace:
        """Play the position out, taking at step ``i`` the ``picks[i] % n``-th of the ``n``
        legal cards (ascending); ``trump`` a suit, or ``None`` for no trump."""
        t = NO_TRUMP if trump is None else trump
        legal, cards, winners, won = _trace(
            self._order, self._sides, self._size, self._flags, hands, t, leader, picks
        )
        return Trace(legal, cards, winners, won)

    def random_hands(self, n: int, seed: int, trump: int | None = None) -> Hands:
        """Deal ``n`` hands as the game deals and play each out at random. The trump is the
        turn-up's suit where the game turns one up; a game that declares its trump needs
        ``trump`` (a suit, or ``NO_TRUMP``)."""
        if n < 0:
            raise VivantError(f"the number of hands is at least 0, not {n}")
        if trump is None and self._trump is None:
            raise VivantError(f"{self.table_class.variant} declares its trump: pass trump=")
        given = -1 if trump is None else trump
        raw = _random_hands(
            self._order,
            self._sides,
            self._size,
            self._flags,
            self._deal_map,
            self._turn_up,
            given,
            self._leader,
            n,
            seed & (2**64 - 1),
        )
        table = np.frombuffer(raw, dtype=np.uint8).reshape(n, 4)
        return Hands(table[:, :2], table[:, 2:])


def _probe_deal(cls: type[Table]) -> tuple[bytes, int, int | None, Seat]:
    """Deal the pack 0, 1, …, 51 through the reference table (its customary choices before the
    deal) and read where each position went, the turn-up's position, whether the trump is the
    turn-up's suit, and the opening leader."""
    players = [f"P{i + 1}" for i in range(cls.info.default_players)]
    table = cls(players)
    while table.phase != "deal" or not table.awaiting_chance():
        if table.awaiting_chance():
            table.apply(table.chance_action(random.Random(0)))
        else:
            table.apply(table.default_action())
    table.apply(Deal(order=tuple(range(52))))
    hand = table.hand
    assert hand is not None
    where = bytearray([4] * 52)
    for seat in range(4):
        for card in range(52):
            if hand.hands[seat] >> card & 1:
                where[card] = seat
    turn_up = -1 if hand.turn_up is None else hand.turn_up
    follows = hand.turn_up is not None and hand.trump == hand.turn_up // 13
    return bytes(where), turn_up, (hand.trump if follows else None), hand.leader
