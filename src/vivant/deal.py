"""Chance and dealing: seeded shuffles, cutting for seats with the tie rule, dealing the pack.

All chance comes from an explicit pack order or a seeded PRNG (D-G1), so every game replays.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from vivant.cards import SEAT_LETTERS, Card, CardSet, Seat, card_name, cutting_rank
from vivant.errors import InvalidActionError, InvalidNotationError

#: Four hands by seat (N, E, S, W); ``None`` for a hand not given.
Hands = tuple[CardSet | None, CardSet | None, CardSet | None, CardSet | None]


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


# --- deals in PBN notation -------------------------------------------------------------------


def read_deal(value: str, *, counts: bool = True) -> tuple[Hands, list[str]]:
    """A deal in PBN notation (the Deal tag, PBN §3.4.11) as four hands by seat, and every
    problem found (no hand when there is one): the one deal parser of the project.

    Import format is accepted: any ``<first>``, any rank order, lower case, extra spaces. A hand
    may be ``-`` (not given). Checks: four hands, valid ranks, no card twice and, with ``counts``,
    no hand over 13 cards and either every given hand has 13 cards or none has (an end position,
    §3.10).
    """
    empty: Hands = (None, None, None, None)
    first_text, colon, rest = value.strip().partition(":")
    first = first_text.strip().upper()
    if not colon or len(first) != 1 or first not in SEAT_LETTERS:
        return empty, [
            f"Deal {value!r}: expected '<first>:<hand> <hand> <hand> <hand>' with <first> one of "
            "W N E S (PBN §3.4.11)"
        ]
    parts = rest.split()
    if len(parts) != 4:
        return empty, [
            f"Deal {value!r}: expected 4 hands separated by spaces, found {len(parts)} "
            "(PBN §3.4.11)"
        ]
    hands, problems = _read_hands(parts, SEAT_LETTERS.index(first))
    if not problems and counts:
        problems = _count_problems(hands)
    if problems:
        return empty, problems
    return hands, []


def _read_hands(parts: list[str], first: Seat) -> tuple[Hands, list[str]]:
    problems: list[str] = []
    hands: list[CardSet | None] = [None, None, None, None]
    owner: dict[Card, Seat] = {}
    for i, part in enumerate(parts):
        seat = (first + i) % 4
        if part == "-":
            continue
        try:
            hand = CardSet.from_pbn(part)
        except InvalidNotationError as exc:
            problems.append(f"Deal: hand {SEAT_LETTERS[seat]}: {exc} (PBN §3.4.11)")
            continue
        for c in hand:
            if c in owner:
                problems.append(
                    f"Deal: card {card_name(c)} is in both hand {SEAT_LETTERS[owner[c]]} and "
                    f"hand {SEAT_LETTERS[seat]}; no card may appear twice"
                )
            else:
                owner[c] = seat
        hands[seat] = hand
    return (hands[0], hands[1], hands[2], hands[3]), problems


def _count_problems(hands: Hands) -> list[str]:
    sizes = {SEAT_LETTERS[s]: len(h) for s, h in enumerate(hands) if h is not None}
    problems = [
        f"Deal: hand {seat} has {n} cards; a hand holds at most 13"
        for seat, n in sizes.items()
        if n > 13
    ]
    if not problems and sizes and max(sizes.values()) == 13:
        short = [f"{s} has {n}" for s, n in sizes.items() if n != 13]
        if short:
            problems.append(
                "Deal: wrong card count: " + ", ".join(short) + " while another hand has 13; "
                "a full deal needs 13 cards in every given hand (end positions need fewer than "
                "13 in every hand, PBN §3.10)"
            )
    return problems


def parse_deal(value: str) -> tuple[CardSet, CardSet, CardSet, CardSet]:
    """The four hands (N, E, S, W) of a deal in PBN notation, ``"N:<hand> <hand> <hand> <hand>"``
    (:func:`read_deal`): every hand given, of any number of cards, no card twice; otherwise an
    :class:`~vivant.errors.InvalidNotationError` naming the first problem."""
    hands, problems = read_deal(value, counts=False)
    if problems:
        raise InvalidNotationError(problems[0])
    n, e, s, w = hands
    if n is None or e is None or s is None or w is None:
        raise InvalidNotationError(f"Deal {value!r}: every hand must be given, none '-'")
    return n, e, s, w
