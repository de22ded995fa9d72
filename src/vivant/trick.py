"""The trick rules shared by every game (rules README, "Generic trick rules" T1–T4).

T1 the leader may lead any card; T2 the others must follow suit if able, otherwise may play any
card; T3 the highest trump wins, without a trump the highest card of the suit led; T4 the winner
of a trick leads to the next. Trump is a suit 0..3 or ``None`` for no trumps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from vivant.cards import SUIT_MASK, Card, Seat, Suit

NO_TRUMP = None


def trick_winner(cards: Sequence[Card], trump: Suit | None) -> int:
    """Index in ``cards`` (play order, leader first) of the card that wins the trick (T3)."""
    best = 0
    best_card = cards[0]
    best_suit = best_card // 13
    for i in range(1, len(cards)):
        c = cards[i]
        s = c // 13
        if s == best_suit:
            if c > best_card:
                best, best_card = i, c
        elif s == trump:
            best, best_card, best_suit = i, c, s
    return best


def winning_seat(cards: Mapping[Seat, Card], leader: Seat, trump: Suit | None) -> Seat:
    """The seat that wins a trick given by seat (T3): ``cards`` maps each seat that played to
    its card, ``leader`` among them; the others play in turn from his left (a seat missing took
    no part: a dead hand, a two-hand game)."""
    seats = [s for s in ((leader + k) % 4 for k in range(4)) if s in cards]
    return seats[trick_winner([cards[s] for s in seats], trump)]


def playable_mask(hand: int, led_suit: Suit | None, may_trump: Suit | None = None) -> int:
    """The cards of ``hand`` (a mask) that may be played without revoking (T1, T2). With
    ``may_trump`` (All Fours' "follow suit or trump", AF-3.2) a trump of that suit may always be
    played instead of following."""
    if led_suit is None:
        return hand
    follow = hand & (SUIT_MASK << (13 * led_suit))
    if follow and may_trump is not None:
        follow |= hand & (SUIT_MASK << (13 * may_trump))
    return follow if follow else hand


def is_revoke(hand: int, led_suit: Suit | None, c: Card, may_trump: Suit | None = None) -> bool:
    """Whether playing ``c`` from ``hand`` is a revoke: holding the suit led and not following
    it (WL-7.1) — nor trumping, where ``may_trump`` names a trump suit that may always be played
    instead (AF-5.1). Not following when void is a renounce, which is legal."""
    if led_suit is None or c // 13 == led_suit or c // 13 == may_trump:
        return False
    return bool(hand & (SUIT_MASK << (13 * led_suit)))
