"""Chance and dealing: seeded shuffles, cutting for seats with the tie rule, dealing the pack.

All chance comes from an explicit pack order or a seeded PRNG (D-G1), so every game replays.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from vivant.cards import Card, cutting_rank
from vivant.errors import InvalidActionError


def shuffled_pack(seed: int) -> tuple[Card, ...]:
    """The 52 cards in the order a shuffle seeded by ``seed`` leaves them, top card first."""
    pack = list(range(52))
    random.Random(seed).shuffle(pack)
    return tuple(pack)


def check_pack(order: Sequence[Card]) -> tuple[Card, ...]:
    """Validate an explicit pack order: each of the 52 cards exactly once."""
    pack = tuple(order)
    if len(pack) != 52 or set(pack) != set(range(52)):
        raise InvalidActionError(
            f"a pack order must hold each of the 52 cards once; got {len(pack)} cards "
            f"with {len(set(pack) & set(range(52)))} distinct"
        )
    return pack


def cut_pack(order: Sequence[Card], depth: int) -> tuple[Card, ...]:
    """Cut the pack: the top ``depth`` cards go under the rest. WL-2.2: at least four cards in
    each packet."""
    if not 4 <= depth <= len(order) - 4:
        raise InvalidActionError(f"a cut must leave at least 4 cards in each packet; got {depth}")
    return tuple(order[depth:]) + tuple(order[:depth])


def deal_hands(order: Sequence[Card], dealer: int, seats: int = 4) -> list[int]:
    """Deal ``order`` one card at a time clockwise from the dealer's left (WL-2.4).

    Returns one mask per seat. The last card goes to the dealer and is the turn-up.
    """
    hands = [0] * seats
    seat = dealer
    for c in order:
        seat = (seat + 1) % seats
        hands[seat] |= 1 << c
    return hands


def rank_cuts(
    draws: dict[int, Card], rank: Callable[[Card], int] = cutting_rank
) -> list[list[int]]:
    """Group players by their cut, lowest first (ace low, WL-1.2, unless ``rank`` ranks the
    cards otherwise). Each inner list holds the players tied at one cutting rank; a group of
    more than one must cut again (WL-1.4)."""
    groups: dict[int, list[int]] = {}
    for player, c in draws.items():
        groups.setdefault(rank(c), []).append(player)
    return [sorted(groups[r]) for r in sorted(groups)]


def pack_for_hands(hands: Sequence[int], dealer: int, turn_up: Card) -> tuple[Card, ...]:
    """The pack order that, dealt by ``dealer`` (WL-2.4), gives each seat its hand (masks) and
    turns up ``turn_up``, which must be in the dealer's hand. Used to set up a deal from notation.
    """
    n = len(hands)
    if sum(h.bit_count() for h in hands) != 52 or any(h.bit_count() != 52 // n for h in hands):
        raise InvalidActionError(f"a deal needs {52 // n} cards in each of {n} hands")
    union = 0
    for h in hands:
        union |= h
    if union != (1 << 52) - 1:
        raise InvalidActionError("the hands must hold each of the 52 cards exactly once")
    if not hands[dealer] >> turn_up & 1:
        raise InvalidActionError("the turn-up must be one of the dealer's cards")
    piles = [[c for c in range(52) if h >> c & 1] for h in hands]
    piles[dealer].remove(turn_up)
    piles[dealer].append(turn_up)
    order = []
    for i in range(52 // n):
        for k in range(1, n + 1):
            order.append(piles[(dealer + k) % n][i])
    return tuple(order)
