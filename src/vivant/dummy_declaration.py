"""Bridge for Three: the declaration Dummy must make when the dealer passes (B3-4, D-B7; seed 002).

Seed 002: "With three or four aces; no-trumps, no matter what the rest of the hand may be. With
less than three aces, Dummy cannot make it no-trumps under any circumstances; but must name the
longest suit. If two suits are equal, the pips on each are counted, reckoning aces as 11 each,
other honours at 10 each, and the larger number of pips is the suit. If this is still equal, the
more valuable suit must be declared."

The schedule, deterministic (D-B7), in four steps:

1. three or four aces → no trumps;
2. otherwise the longest suit;
3. among suits equally long, the most pips: ace 11, king, queen, jack and ten 10 each (the other
   bridge honours), other cards their face value;
4. still equal, the more valuable suit: hearts > diamonds > clubs > spades (BW-1).

>>> from vivant.cards import CardSet
>>> d = dummy_declaration(CardSet.parse("SA SK S7 S4 HQ HJ H9 H3 D8 D6 CA C5 C2"))
>>> d.letter, d.step, d.pips
('H', 4, 32)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from vivant.cards import ACE, SUITS, TEN, Card, CardSet, Suit, card, rank_of
from vivant.errors import InvalidActionError
from vivant.scoring.bridge import DENOMINATION_LETTERS, NO_TRUMPS, SUITS_BY_VALUE, Denomination

ACES_FOR_NO_TRUMPS: Final = 3
HAND_SIZE: Final = 13

Step = Literal[1, 2, 3, 4]


def pip_value(c: Card) -> int:
    """A card's pips for the schedule: ace 11, K Q J T 10, others face value (2..9)."""
    r = rank_of(c)
    if r == ACE:
        return 11
    if r >= TEN:
        return 10
    return r + 2


def suit_pips(hand: CardSet, suit: Suit) -> int:
    """Total pips of ``hand``'s cards in ``suit``."""
    return sum(pip_value(c) for c in hand.suit(suit))


@dataclass(frozen=True)
class DummyDeclaration:
    """Dummy's forced declaration and the schedule step that decided it (1 aces, 2 length,
    3 pips, 4 suit value); ``length`` and ``pips`` are of the chosen suit (0 at no trumps)."""

    denomination: Denomination
    step: Step
    aces: int
    length: int
    pips: int

    @property
    def letter(self) -> str:
        """``S H D C`` or ``NT``."""
        return DENOMINATION_LETTERS[self.denomination]


def dummy_declaration(hand: CardSet) -> DummyDeclaration:
    """Apply the forced schedule to Dummy's 13 cards (B3-4)."""
    if len(hand) != HAND_SIZE:
        raise InvalidActionError(f"Dummy's hand must have 13 cards, got {len(hand)}: {hand}")
    aces = sum(1 for s in SUITS if card(s, ACE) in hand)
    if aces >= ACES_FOR_NO_TRUMPS:
        return DummyDeclaration(NO_TRUMPS, 1, aces, 0, 0)
    longest = max(hand.count_suit(s) for s in SUITS)
    candidates = [s for s in SUITS_BY_VALUE if hand.count_suit(s) == longest]
    if len(candidates) == 1:
        return DummyDeclaration(candidates[0], 2, aces, longest, suit_pips(hand, candidates[0]))
    most = max(suit_pips(hand, s) for s in candidates)
    best = [s for s in candidates if suit_pips(hand, s) == most]
    # SUITS_BY_VALUE lists the most valuable suit first, so best[0] settles step 4.
    return DummyDeclaration(best[0], 3 if len(best) == 1 else 4, aces, longest, most)


def declare_for_dummy(hand: CardSet) -> Denomination:
    """Just the denomination of :func:`dummy_declaration`: a suit 0..3 or ``NO_TRUMPS``."""
    return dummy_declaration(hand).denomination
