"""Cards and card sets: notation in and out, mask layout, set behaviour."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vivant.cards import (
    ACE,
    HEARTS,
    SPADES,
    CardSet,
    card,
    card_name,
    cutting_rank,
    parse_card,
    parse_seat,
    rank_of,
    suit_of,
)
from vivant.errors import InvalidNotationError


def test_notation_round_trip_for_all_52() -> None:
    for c in range(52):
        assert parse_card(card_name(c)) == c


@pytest.mark.parametrize(
    ("text", "name"),
    [("SA", "SA"), ("ht", "HT"), ("H10", "HT"), ("10h", "HT"), ("d2", "D2"), ("♣K", "CK")],
)
def test_accepted_spellings(text: str, name: str) -> None:
    assert card_name(parse_card(text)) == name


@pytest.mark.parametrize("text", ["", "S", "X9", "S1", "H11", "SAA", "10", "♠"])
def test_bad_cards_name_the_input(text: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)


def test_layout_is_suit_major_ace_high() -> None:
    sa = parse_card("SA")
    assert suit_of(sa) == SPADES and rank_of(sa) == ACE
    assert card(HEARTS, 0) == parse_card("H2") == 13
    assert cutting_rank(parse_card("CA")) == 1
    assert cutting_rank(parse_card("CK")) == 13


def test_cardset_pbn_and_display_order() -> None:
    hand = CardSet.from_pbn("AK2.T98..5432")
    assert len(hand) == 10
    assert str(hand) == "SA SK S2 HT H9 H8 C5 C4 C3 C2"
    assert hand.pbn() == "AK2.T98..5432"
    assert hand.count_suit(3) == 4
    assert not hand.has_suit(2)


def test_cardset_parse_rejects_duplicates() -> None:
    with pytest.raises(InvalidNotationError, match="SA listed twice"):
        CardSet.parse("SA HK SA")
    with pytest.raises(InvalidNotationError):
        CardSet.from_pbn("AKA.T98..")
    with pytest.raises(InvalidNotationError):
        CardSet.from_pbn("AK.T98.")


def test_seat_parse() -> None:
    assert parse_seat("w") == 3
    with pytest.raises(InvalidNotationError):
        parse_seat("X")


@given(st.integers(min_value=0, max_value=(1 << 52) - 1))
def test_cardset_is_its_mask(mask: int) -> None:
    cs = CardSet(mask)
    assert CardSet(list(cs)) == cs
    assert len(cs) == bin(mask).count("1")
    assert CardSet.from_pbn(cs.pbn()) == cs
    if len(cs):
        assert CardSet.parse(str(cs)) == cs
