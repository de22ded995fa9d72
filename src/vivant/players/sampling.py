"""Sampling the concealed hands from what one seat knows: the basis of the Monte-Carlo player.

A seat knows its own hand, every exposed hand (Mort, a dummy, penalty cards), every card played,
the turn-up (which stays in the dealer's hand until he plays it) and how many cards each hand
holds. A hand that failed to follow suit has shown itself void in the suit led (rules README T2).
In laws mode that inference can be false — the player may have revoked (WL-7.1) — so a void is
only a preference there: when the hands cannot be completed with it, it is dropped.

:func:`sample_hands` deals the unseen cards to the concealed hands at random, respecting all of
that, and never gives up on a consistent position: each card is placed only where the remaining
cards can still be placed (Hall's condition over suits, checked exactly).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations

from vivant.cards import FULL_PACK_MASK, SUIT_MASK, Seat, cards_of
from vivant.errors import InvalidActionError
from vivant.views import View


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What a view implies about the concealed hands.

    ``known[s]``: cards certainly in hand ``s`` now; ``sizes[s]``: how many cards it holds;
    ``hidden``: the seats whose hands are (partly) concealed; ``unseen``: cards whose place is
    unknown; ``voids[s]``: bit ``x`` set when hand ``s`` has shown out of suit ``x``.
    """

    known: tuple[int, int, int, int]
    sizes: tuple[int, int, int, int]
    hidden: tuple[Seat, ...]
    unseen: int
    voids: tuple[int, int, int, int]


def knowledge(view: View) -> Knowledge:
    """Everything ``view`` tells about where the cards are."""
    seat = view.seat
    known = [0, 0, 0, 0]
    visible = set(view.controls)
    if seat is not None:
        visible.add(seat)
        known[seat] = view.hand.mask
    for s, cs in view.exposed.items():
        known[s] |= cs.mask
        visible.add(s)
    for s, cs in view.penalty_cards.items():
        known[s] |= cs.mask
    played = 0
    voids = [0, 0, 0, 0]
    tricks = list(view.tricks)
    if view.trick is not None and view.trick.cards:
        tricks.append(view.trick)
    for t in tricks:
        led = t.cards[0] // 13
        for i, c in enumerate(t.cards):
            played |= 1 << c
            if c // 13 != led:
                voids[(t.leader + i) % 4] |= 1 << led
    if view.turn_up is not None and view.dealer is not None and not played >> view.turn_up & 1:
        known[view.dealer] |= 1 << view.turn_up
    sizes = tuple(view.hand_sizes.get(s, 0) for s in range(4))
    taken = played
    for k in known:
        taken |= k
    hidden = tuple(s for s in range(4) if s not in visible and sizes[s] > known[s].bit_count())
    return Knowledge(
        known=(known[0], known[1], known[2], known[3]),
        sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        hidden=hidden,
        unseen=FULL_PACK_MASK & ~taken,
        voids=(voids[0], voids[1], voids[2], voids[3]),
    )


def _feasible(counts: list[int], room: dict[Seat, int], voids: dict[Seat, int]) -> bool:
    """Hall's condition: every set of suits fits in the room of the hands allowed to hold it."""
    suits = [x for x in range(4) if counts[x]]
    for k in range(1, len(suits) + 1):
        for subset in combinations(suits, k):
            need = sum(counts[x] for x in subset)
            mask = sum(1 << x for x in subset)
            have = sum(r for s, r in room.items() if mask & ~voids[s])
            if need > have:
                return False
    return True


def sample_hands(view: View, rng: random.Random) -> list[int]:
    """Four hands (masks of the cards each holds now) consistent with ``view``.

    Raises :class:`~vivant.errors.InvalidActionError` only if the view contradicts itself (its
    card counts cannot be met at all), which a table never produces.
    """
    k = knowledge(view)
    hands = list(k.known)
    room = {s: k.sizes[s] - k.known[s].bit_count() for s in k.hidden}
    unseen = cards_of(k.unseen)
    if sum(room.values()) != len(unseen):
        raise InvalidActionError(
            f"the view leaves {len(unseen)} unseen cards for {sum(room.values())} places"
        )
    counts = [(k.unseen >> (13 * x) & SUIT_MASK).bit_count() for x in range(4)]
    voids = {s: k.voids[s] for s in k.hidden}
    if not _feasible(counts, room, voids):
        # Laws mode: a show-out may have been a revoke; the counts alone are then certain.
        voids = {s: 0 for s in k.hidden}
        if not _feasible(counts, room, voids):
            raise InvalidActionError("the view's card counts cannot be met")
    rng.shuffle(unseen)
    for c in unseen:
        suit = c // 13
        counts[suit] -= 1
        choices = [s for s in k.hidden if room[s] and not voids[s] >> suit & 1]
        rng.shuffle(choices)
        choices.sort(key=lambda s: -room[s] * rng.random())
        for s in choices:
            room[s] -= 1
            if _feasible(counts, room, voids):
                hands[s] |= 1 << c
                break
            room[s] += 1
        else:  # pragma: no cover - Hall's condition guarantees a place
            raise InvalidActionError("no consistent place for a card")
    return hands


def consistent(view: View, hands: list[int], *, strict: bool = True) -> bool:
    """Whether ``hands`` (the cards each seat holds now) agree with everything ``view`` shows;
    with ``strict`` the shown voids must hold too."""
    k = knowledge(view)
    union = 0
    for s in range(4):
        h = hands[s]
        if h & union or h & k.known[s] != k.known[s] or h.bit_count() != k.sizes[s]:
            return False
        union |= h
        if s not in k.hidden and h != k.known[s]:
            return False
        if strict and any(k.voids[s] >> x & 1 and h >> (13 * x) & SUIT_MASK for x in range(4)):
            return False
    in_play = 0
    for s in range(4):
        in_play |= k.known[s]
    return union & ~in_play == k.unseen
