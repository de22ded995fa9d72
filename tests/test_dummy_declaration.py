"""Bridge for Three's forced Dummy declaration (B3-4, seed 002): BV-8..BV-10 and properties."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import vivant.dummy_declaration as declaration_module
from vivant.cards import ACE, CLUBS, DIAMONDS, HEARTS, SPADES, SUITS, CardSet, card
from vivant.dummy_declaration import (
    declare_for_dummy,
    dummy_declaration,
    pip_value,
    suit_pips,
)
from vivant.errors import InvalidActionError
from vivant.scoring.bridge import NO_TRUMPS, SUITS_BY_VALUE


def test_doctests() -> None:
    assert doctest.testmod(declaration_module).failed == 0


def test_bv_8_equal_length_equal_pips_more_valuable_suit() -> None:
    dummy = CardSet.parse("SA SK S7 S4 HQ HJ H9 H3 D8 D6 CA C5 C2")
    d = dummy_declaration(dummy)
    assert d.aces == 2
    assert suit_pips(dummy, SPADES) == suit_pips(dummy, HEARTS) == 32
    assert (d.denomination, d.step, d.letter) == (HEARTS, 4, "H")


def test_bv_9_equal_length_more_pips() -> None:
    dummy = CardSet.parse("ST S9 S8 S7 S6 DK D5 D4 D3 D2 HA CQ C2")
    d = dummy_declaration(dummy)
    assert suit_pips(dummy, SPADES) == 40 and suit_pips(dummy, DIAMONDS) == 24
    assert (d.denomination, d.step, d.pips) == (SPADES, 3, 40)


def test_bv_10_three_aces_no_trumps() -> None:
    dummy = CardSet.parse("SA HA DA C2 C3 C4 C5 C6 C7 C8 S2 H2 D2")
    d = dummy_declaration(dummy)
    assert (d.denomination, d.step, d.aces, d.letter) == (NO_TRUMPS, 1, 3, "NT")


def test_four_aces_no_trumps_whatever_else() -> None:
    dummy = CardSet.parse("SA HA DA CA C2 C3 C4 C5 C6 C7 C8 C9 CT")
    assert declare_for_dummy(dummy) == NO_TRUMPS


def test_longest_suit_wins_outright_even_with_two_aces() -> None:
    dummy = CardSet.parse("SA HA C2 C3 C4 C5 C6 D2 D3 D4 D5 S2 H2")
    d = dummy_declaration(dummy)
    assert (d.denomination, d.step, d.length) == (CLUBS, 2, 5)


def test_three_way_tie_goes_to_pips_then_value() -> None:
    # 4-4-4-1 with equal pips in hearts, diamonds and clubs: hearts, the most valuable.
    dummy = CardSet.parse("H2 H3 H4 H5 D2 D3 D4 D5 C2 C3 C4 C5 SA")
    assert dummy_declaration(dummy).denomination == HEARTS
    dummy = CardSet.parse("S2 S3 S4 S5 D2 D3 D4 D5 C2 C3 C4 C6 HA")
    d = dummy_declaration(dummy)
    assert (d.denomination, d.step) == (CLUBS, 3)


@pytest.mark.parametrize(
    ("name", "pips"),
    [("SA", 11), ("SK", 10), ("SQ", 10), ("SJ", 10), ("ST", 10), ("S9", 9), ("S2", 2)],
)
def test_pip_values(name: str, pips: int) -> None:
    (c,) = CardSet.parse(name)
    assert pip_value(c) == pips


def test_wrong_hand_size_refused() -> None:
    with pytest.raises(InvalidActionError, match="13 cards"):
        dummy_declaration(CardSet.parse("SA HA DA"))


@settings(max_examples=300, deadline=None)
@given(st.permutations(range(52)))
def test_schedule_properties(order: list[int]) -> None:
    hand = CardSet(order[:13])
    d = dummy_declaration(hand)
    aces = sum(1 for s in SUITS if card(s, ACE) in hand)
    assert d.aces == aces
    if aces >= 3:
        assert d.denomination == NO_TRUMPS
        return
    suit = d.denomination
    assert suit in SUITS
    lengths = {s: hand.count_suit(s) for s in SUITS}
    assert lengths[suit] == max(lengths.values())
    rivals = [s for s in SUITS if lengths[s] == lengths[suit]]
    assert suit_pips(hand, suit) == max(suit_pips(hand, s) for s in rivals)
    best = [s for s in rivals if suit_pips(hand, s) == suit_pips(hand, suit)]
    assert suit == min(best, key=SUITS_BY_VALUE.index)
    # the schedule sees only the cards: the same hand always gives the same declaration
    assert declare_for_dummy(CardSet(hand.mask)) == suit
