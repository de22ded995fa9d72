"""The exact endgame: the last tricks searched over the sampled worlds jointly (alpha-mu).

Principle. Solving each sampled world double-dummy and averaging (perfect-information Monte
Carlo) assumes that the player could choose its later cards world by world, as if it saw the
concealed hands: *strategy fusion*. A finesse that is right in half the worlds and a drop that
is right in the other half both score every world in the average, though the player must choose
one of them before it knows. The alpha-mu search (Cazenave and Ventos) removes the fusion: it
searches the play once for all the worlds together.

* At a card of the searching side (the player and a partner whose cards it sees: Vivant and
  Mort), the **same card** is chosen in every world, since the player cannot tell them apart;
  the worlds stay together.
* At a card of the other side, each world's defender chooses **in that world** (the defenders
  are assumed to play as well as if they saw the cards, the search being careful): the worlds
  split by the card played, since the player sees it and can tell them apart from then on.

A value is not one number but a set of vectors, one entry (tricks to the searching side) per
world, one vector per strategy of the searching side that is not dominated (the Pareto front):
at its own card the fronts of the cards are joined; at an opponent's card the fronts of the
cards are combined world by world with the minimum, every choice of strategy after each card.
At the root each card's value is its best vector's weighted mean over the worlds.

The search runs jointly for ``tricks`` tricks (the current trick completed and then whole
tricks); beyond, each world's remaining tricks are the double-dummy solver's. With ``tricks``
at least the tricks left it is exact. A front is kept to its :data:`FRONT` best vectors by
weighted sum (the rest are rarely best and make the search slow).

:func:`all_tricks_certain` is the boolean form used for claims: whether one line of play takes
every remaining trick in every world (an AND-OR search that stops at the first world that takes
a trick from the searching side).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vivant.cards import SUIT_MASK, Card, Seat, cards_of
from vivant.solver import NOTRUMP, Position, Solver
from vivant.trick import trick_winner

#: The most vectors a front keeps.
FRONT = 12
#: Stands for "no constraint" in a world an opponent's card does not reach.
_UNBOUNDED = 1 << 20

Vector = tuple[int, ...]


@dataclass
class Endgame:
    """One joint search: the seats in play order, who searches, the worlds and their weights.

    ``seats``: the playing seats (the solver's order); ``ours``: the seats of the searching
    side; ``worlds``: each world's hands (masks by compass seat, cards held now); ``trump``:
    a suit or ``None``."""

    seats: tuple[Seat, ...]
    ours: frozenset[Seat]
    worlds: list[list[int]]
    weights: list[float]
    trump: int | None
    solver: Solver
    nodes: int = 0
    _leaves: dict[tuple[int, Seat, int], int] = field(default_factory=dict)
    _memo: dict[tuple[int, Seat, tuple[Card, ...], tuple[int, ...], int], list[Vector]] = field(
        default_factory=dict
    )

    # --- the game ---------------------------------------------------------------------------

    def _next(self, seat: Seat) -> Seat:
        i = self.seats.index(seat)
        return self.seats[(i + 1) % len(self.seats)]

    def _legal(self, hand: int, trick: tuple[Card, ...]) -> list[Card]:
        if trick:
            suit = hand & SUIT_MASK << (13 * (trick[0] // 13))
            if suit:
                hand = suit
        return cards_of(hand)

    def _winner(self, leader: Seat, trick: tuple[Card, ...]) -> Seat:
        i = trick_winner(trick, self.trump)
        j = self.seats.index(leader)
        return self.seats[(j + i) % len(self.seats)]

    def _leaf(self, w: int, played: int, leader: Seat) -> int:
        """Tricks the searching side takes in world ``w`` from a trick's start, double-dummy."""
        key = (w, leader, played)
        got = self._leaves.get(key)
        if got is None:
            hands = [self.worlds[w][s] & ~played for s in self.seats]
            if not hands[0]:
                got = 0
            else:
                trump = NOTRUMP if self.trump is None else self.trump
                pos = Position.make(hands, trump, self.seats.index(leader), ())
                t = self.solver.tricks(pos)
                got = t if leader in self.ours else hands[0].bit_count() - t
            self._leaves[key] = got
        return got

    # --- fronts -----------------------------------------------------------------------------

    def _best(self, vs: list[Vector], idx: tuple[int, ...]) -> float:
        ws = [self.weights[w] for w in idx]
        return max(sum(x * y for x, y in zip(v, ws, strict=True)) for v in vs)

    def _pareto(self, vs: list[Vector], idx: tuple[int, ...]) -> list[Vector]:
        """The vectors no other one dominates, the best :data:`FRONT` of them by weighted sum."""
        ws = [self.weights[w] for w in idx]
        ranked = sorted(
            set(vs),
            key=lambda v: -sum(x * y for x, y in zip(v, ws, strict=True)),
        )
        kept: list[Vector] = []
        for v in ranked:
            if not any(all(a >= b for a, b in zip(u, v, strict=True)) for u in kept):
                kept.append(v)
                if len(kept) == FRONT:
                    break
        return kept

    def front(
        self,
        idx: tuple[int, ...],
        played: int,
        leader: Seat,
        trick: tuple[Card, ...],
        tricks: int,
    ) -> list[Vector]:
        """The front of the worlds ``idx`` from a state: ``played`` cards gone from the hands,
        the current ``trick`` led by ``leader``, ``tricks`` more to search jointly."""
        if not trick and tricks == 0:
            return [tuple(self._leaf(w, played, leader) for w in idx)]
        key = (played, leader, trick, idx, tricks)
        got = self._memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        seat = leader
        for _ in trick:
            seat = self._next(seat)
        first = self.worlds[idx[0]][seat] & ~played
        if not first:
            got = [tuple(0 for _ in idx)]
        elif seat in self.ours:
            got = []
            for c in self._legal(first, trick):
                got += self._after(idx, played, leader, trick, c, tricks)
            got = self._pareto(got, idx)
        else:
            got = self._against(idx, played, leader, trick, seat, tricks)
        self._memo[key] = got
        return got

    def _after(
        self,
        idx: tuple[int, ...],
        played: int,
        leader: Seat,
        trick: tuple[Card, ...],
        c: Card,
        tricks: int,
    ) -> list[Vector]:
        """The front after ``c`` is played to the trick (completing it if it is the last)."""
        played |= 1 << c
        trick = (*trick, c)
        if len(trick) < len(self.seats):
            return self.front(idx, played, leader, trick, tricks)
        winner = self._winner(leader, trick)
        won = 1 if winner in self.ours else 0
        rest = self.front(idx, played, winner, (), tricks - 1)
        return [tuple(x + won for x in v) for v in rest]

    def _against(
        self,
        idx: tuple[int, ...],
        played: int,
        leader: Seat,
        trick: tuple[Card, ...],
        seat: Seat,
        tricks: int,
    ) -> list[Vector]:
        """An opponent's card: each world chooses its own; the fronts combine by the minimum."""
        by_card: dict[Card, list[int]] = {}
        for k, w in enumerate(idx):
            for c in self._legal(self.worlds[w][seat] & ~played, trick):
                by_card.setdefault(c, []).append(k)
        acc: list[Vector] = [tuple(_UNBOUNDED for _ in idx)]
        for c, ks in by_card.items():
            sub = tuple(idx[k] for k in ks)
            child = self._after(sub, played, leader, trick, c, tricks)
            merged: list[Vector] = []
            for a in acc:
                for v in child:
                    m = list(a)
                    for j, k in enumerate(ks):
                        if v[j] < m[k]:
                            m[k] = v[j]
                    merged.append(tuple(m))
            acc = self._pareto(merged, idx)
        return acc

    # --- the decision -----------------------------------------------------------------------

    def card_values(
        self, played: int, leader: Seat, trick: tuple[Card, ...], tricks: int
    ) -> dict[Card, float]:
        """Each card of the seat to play: the weighted mean over the worlds of its best vector
        (tricks to the searching side from here, the current trick included)."""
        idx = tuple(range(len(self.worlds)))
        seat = leader
        for _ in trick:
            seat = self._next(seat)
        total = sum(self.weights)
        hand = self.worlds[0][seat] & ~played
        return {
            c: self._best(self._after(idx, played, leader, trick, c, tricks), idx) / total
            for c in self._legal(hand, trick)
        }

    def all_tricks_certain(self, played: int, leader: Seat, trick: tuple[Card, ...]) -> bool:
        """Whether one line of play takes every remaining trick in every world (claims)."""
        return self._sure(tuple(range(len(self.worlds))), played, leader, trick)

    def _sure(
        self, idx: tuple[int, ...], played: int, leader: Seat, trick: tuple[Card, ...]
    ) -> bool:
        seat = leader
        for _ in trick:
            seat = self._next(seat)
        if not self.worlds[idx[0]][self.seats[0]] & ~played and not trick:
            return True
        if seat in self.ours:
            hand = self.worlds[idx[0]][seat] & ~played
            return any(
                self._sure_after(idx, played, leader, trick, c) for c in self._legal(hand, trick)
            )
        by_card: dict[Card, list[int]] = {}
        for w in idx:
            for c in self._legal(self.worlds[w][seat] & ~played, trick):
                by_card.setdefault(c, []).append(w)
        return all(
            self._sure_after(tuple(ws), played, leader, trick, c) for c, ws in by_card.items()
        )

    def _sure_after(
        self, idx: tuple[int, ...], played: int, leader: Seat, trick: tuple[Card, ...], c: Card
    ) -> bool:
        self.nodes += 1
        played |= 1 << c
        trick = (*trick, c)
        if len(trick) < len(self.seats):
            return self._sure(idx, played, leader, trick)
        winner = self._winner(leader, trick)
        return winner in self.ours and self._sure(idx, played, winner, ())


__all__ = ["FRONT", "Endgame"]
