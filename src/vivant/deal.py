"""Chance and dealing: seeded shuffles, cutting for seats with the tie rule, dealing the pack.

All chance comes from an explicit pack order or a seeded PRNG (D-G1), so every game replays.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

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


def rank_cuts(draws: dict[int, Card]) -> list[list[int]]:
    """Group players by their cut, lowest first (ace low, WL-1.2). Each inner list holds the
    players tied at one cutting rank; a group of more than one must cut again (WL-1.4)."""
    groups: dict[int, list[int]] = {}
    for player, c in draws.items():
        groups.setdefault(cutting_rank(c), []).append(player)
    return [sorted(groups[r]) for r in sorted(groups)]
