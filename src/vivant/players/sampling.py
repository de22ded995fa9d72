"""Sampling the concealed hands from what one seat knows: the basis of the Monte-Carlo player.

A seat knows its own hand (once it has looked at it), every hand exposed to it (Mort, a dummy,
penalty cards, a Humbug player's discarded hand), every card played and by which hand (each is
played face up before the table), where the turn-up lies, and how many cards each hand holds.

* **Show-outs.** A hand that failed to follow suit has shown itself void in the suit led (rules
  README T2). The hand is the one that played the card (:attr:`TrickView.seats
  <vivant.views.TrickView.seats>`), not a seat counted round the table from the leader: in the
  two-hand games the second card of a trick is the other live hand's, the dead hands never play
  (HU-3.1, TO-3). In laws mode the inference can be false — the player may have revoked (WL-7.1)
  — so a void is only a preference there: a void that the same hand later contradicts by playing
  the suit is a proven revoke and is dropped, and when the hands still cannot be completed with
  the rest, all are dropped and only the card counts are certain. Where a trump may always be
  played instead of following (All Fours, AF-3.2, ``Table.follow_or_trump``), a trump played to
  another suit shows nothing.
* **The turn-up** lies in the hand the view names (:attr:`View.turn_up_holder
  <vivant.views.View.turn_up_holder>`): the dealer's until he plays it (WL-2.4), the dead hand a
  Humbug dealer discarded with it (HU-2.3), or nobody's (Thirteen and the Odd, TO-2).
* **The stock.** Cards that no hand holds and nobody has seen (the 25 cards of Thirteen and the
  Odd that are not used, TO-2) are a virtual holder, :data:`STOCK`, whose capacity is what the
  pack leaves over after the hands' counts and the cards seen: a sample never gives such a hand
  more cards than it holds, and never gives a hand the turn-up that lies in the stock, nor a card
  turned and laid aside (All Fours' runs, AF-2.4: ``View.extra["turned_up"]``), nor a card the
  seat itself discarded (``View.extra["discards"]``, AF-2.7).

:func:`sample_hands` deals the unseen cards to the concealed hands and the stock at random,
respecting all of that, and never gives up on a consistent position: each card is placed only
where the remaining cards can still be placed (Hall's condition over suits, checked exactly).
Without voids the deal is uniform (each card goes to a holder in proportion to its room, as a
shuffled pack dealt out).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from vivant.cards import FULL_PACK_MASK, SUIT_MASK, Seat, cards_of, parse_card, suit_of
from vivant.errors import InvalidActionError
from vivant.variants import VARIANTS
from vivant.views import View

#: The virtual holder of the cards no hand holds (the undealt stock), after the four seats.
STOCK = 4


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What a view implies about where the cards are.

    ``known[s]``: cards certainly in hand ``s`` now; ``sizes[s]``: how many cards it holds;
    ``hidden``: the seats whose hands are (partly) concealed; ``unseen``: cards whose place is
    unknown; ``voids[s]``: bit ``x`` set when hand ``s`` has shown out of suit ``x`` (and has not
    contradicted it since); ``stock``: how many of the unseen cards lie in no hand;
    ``out_of_play``: cards known to lie in no hand (a turn-up in the stock).
    """

    known: tuple[int, int, int, int]
    sizes: tuple[int, int, int, int]
    hidden: tuple[Seat, ...]
    unseen: int
    voids: tuple[int, int, int, int]
    stock: int = 0
    out_of_play: int = 0


#: The last view :func:`knowledge` read and what it found (a view is immutable, and one
#: decision samples many worlds from the same view).
_last_knowledge: tuple[View | None, Knowledge | None] = (None, None)


def knowledge(view: View) -> Knowledge:
    """Everything ``view`` tells about where the cards are."""
    global _last_knowledge
    seen, known_then = _last_knowledge
    if seen is view and known_then is not None:
        return known_then
    found = _knowledge(view)
    _last_knowledge = (view, found)
    return found


def _knowledge(view: View) -> Knowledge:
    known = [0, 0, 0, 0]
    if view.seat is not None:
        known[view.seat] |= view.hand.mask
    for s, cs in view.exposed.items():
        known[s] |= cs.mask
    for s, cs in view.penalty_cards.items():
        known[s] |= cs.mask
    played = 0
    voids = [0, 0, 0, 0]
    tricks = list(view.tricks)
    if view.trick is not None and view.trick.cards:
        tricks.append(view.trick)
    may_trump = view.trump if _follow_or_trump(view.variant) else None
    for t in tricks:
        led = suit_of(t.cards[0])
        for s, c in zip(t.seats, t.cards, strict=True):
            played |= 1 << c
            suit = suit_of(c)
            # Playing a suit after showing out of it proves a revoke (laws mode): no void.
            voids[s] &= ~(1 << suit)
            if suit != led and suit != may_trump:
                voids[s] |= 1 << led
    out_of_play = 0
    for name in (*view.extra.get("turned_up", ()), *view.extra.get("discards", ())):
        c = parse_card(name)
        if not played >> c & 1:
            out_of_play |= 1 << c
    if view.turn_up is not None and not played >> view.turn_up & 1:
        if view.turn_up_holder is None:
            out_of_play |= 1 << view.turn_up
        else:
            known[view.turn_up_holder] |= 1 << view.turn_up
    sizes = tuple(view.hand_sizes.get(s, 0) for s in range(4))
    taken = played | out_of_play
    for k in known:
        taken |= k
    unseen = FULL_PACK_MASK & ~taken
    hidden = tuple(s for s in range(4) if sizes[s] > known[s].bit_count())
    room = sum(sizes[s] - known[s].bit_count() for s in hidden)
    return Knowledge(
        known=(known[0], known[1], known[2], known[3]),
        sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        hidden=hidden,
        unseen=unseen,
        voids=(voids[0], voids[1], voids[2], voids[3]),
        stock=unseen.bit_count() - room,
        out_of_play=out_of_play,
    )


def _follow_or_trump(variant: str) -> bool:
    """Whether the game lets a trump be played instead of following (the table's setting)."""
    cls = VARIANTS.get(variant)
    return bool(cls is not None and cls.follow_or_trump)


def _feasible(counts: list[int], room: dict[int, int], voids: dict[int, int]) -> bool:
    """Hall's condition: every set of suits fits in the room of the holders allowed to hold it.

    The sets are the submasks of the suits with cards left; a holder gives a set its room
    unless it is void in every suit of the set. The cards left fill the room exactly, so only
    the sets within a holder's voids can fail: the others have all the room."""
    present = 0
    for x in range(4):
        if counts[x]:
            present |= 1 << x
    total = 0
    blocked: list[tuple[int, int]] = []  # (voids among the suits left, room) of void holders
    for s, r in room.items():
        total += r
        v = voids[s] & present
        if r and v:
            blocked.append((v, r))
    seen = 0  # the sets checked, a bit each
    for v, _ in blocked:
        m = v
        while m:
            if not seen >> m & 1:
                seen |= 1 << m
                need = sum(counts[x] for x in range(4) if m >> x & 1)
                have = total - sum(r for w, r in blocked if not m & ~w)
                if need > have:
                    return False
            m = (m - 1) & v
    return True


def _by_room(choices: list[int], room: dict[int, int], rng: random.Random) -> int:
    """One of ``choices`` drawn in proportion to its room: ``rng.choices(choices, weights)[0]``
    with the same single draw of ``rng.random()``, so the same holder, without building the
    weights and their running sums as lists for each card."""
    total = 0
    for s in choices:
        total += room[s]
    x = rng.random() * (total + 0.0)
    last = len(choices) - 1
    below = 0
    for i in range(last):
        below += room[choices[i]]
        if x < below:
            return choices[i]
    return choices[last]


def sample_hands(view: View, rng: random.Random) -> list[int]:
    """Four hands (masks of the cards each holds now) consistent with ``view``; the unseen
    cards not given to a hand are the stock's.

    Raises :class:`~vivant.errors.InvalidActionError` only if the view contradicts itself (its
    card counts cannot be met at all), which a table never produces.
    """
    k = knowledge(view)
    if k.stock < 0:
        raise InvalidActionError(
            f"the view leaves {k.unseen.bit_count()} unseen cards for "
            f"{k.unseen.bit_count() - k.stock} places in the hands"
        )
    hands = list(k.known)
    room: dict[int, int] = {s: k.sizes[s] - k.known[s].bit_count() for s in k.hidden}
    voids: dict[int, int] = {s: k.voids[s] for s in k.hidden}
    if k.stock:
        room[STOCK] = k.stock
        voids[STOCK] = 0
    unseen = cards_of(k.unseen)
    counts = [(k.unseen >> (13 * x) & SUIT_MASK).bit_count() for x in range(4)]
    if not _feasible(counts, room, voids):
        # Laws mode: a show-out may have been a revoke; the counts alone are then certain.
        voids = dict.fromkeys(voids, 0)
    constrained = any(voids.values())
    rng.shuffle(unseen)
    for c in unseen:
        suit = suit_of(c)
        counts[suit] -= 1
        choices = [s for s, r in room.items() if r and not voids[s] >> suit & 1]
        while choices:
            s = _by_room(choices, room, rng)
            room[s] -= 1
            if not constrained or _feasible(counts, room, voids):
                if s != STOCK:
                    hands[s] |= 1 << c
                break
            room[s] += 1
            choices.remove(s)
        else:  # pragma: no cover - Hall's condition guarantees a place
            raise InvalidActionError("no consistent place for a card")
    return hands


def all_hands(view: View, limit: int) -> list[list[int]] | None:
    """Every deal of the unseen cards consistent with ``view`` (the voids shown included), as
    :func:`sample_hands` gives one; ``None`` when there are more than ``limit``."""
    k = knowledge(view)
    holders = [s for s in k.hidden]
    room = {s: k.sizes[s] - k.known[s].bit_count() for s in holders}
    voids = {s: k.voids[s] for s in holders}
    if k.stock > 0:
        holders.append(STOCK)
        room[STOCK] = k.stock
        voids[STOCK] = 0
    cards = cards_of(k.unseen)
    out: list[list[int]] = []
    hands = list(k.known)

    def place(i: int) -> bool:
        if i == len(cards):
            out.append(list(hands))
            return len(out) <= limit
        c = cards[i]
        for s in holders:
            if room[s] and not voids[s] >> (c // 13) & 1:
                room[s] -= 1
                if s != STOCK:
                    hands[s] |= 1 << c
                going = place(i + 1)
                if s != STOCK:
                    hands[s] &= ~(1 << c)
                room[s] += 1
                if not going:
                    return False
        return True

    return out if place(0) else None


def consistent(view: View, hands: list[int], *, strict: bool = True) -> bool:
    """Whether ``hands`` (the cards each seat holds now) agree with everything ``view`` shows:
    each hand's count and known cards, the concealed cards drawn only from the unseen ones, none
    of the cards out of play in a hand; with ``strict`` the shown voids must hold too."""
    k = knowledge(view)
    union = 0
    known = 0
    for s in range(4):
        h = hands[s]
        if h & union or h & k.known[s] != k.known[s] or h.bit_count() != k.sizes[s]:
            return False
        if h & k.out_of_play:
            return False
        if s not in k.hidden and h != k.known[s]:
            return False
        if strict and any(k.voids[s] >> x & 1 and h >> (13 * x) & SUIT_MASK for x in range(4)):
            return False
        union |= h
        known |= k.known[s]
    return union & ~known & ~k.unseen == 0
