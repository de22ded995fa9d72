"""Bridge Whist scoring and the Bridge for Three sheet: the BV-* vectors of bridge-for-three.md
(BV-8..BV-10, the dummy schedule, are in test_dummy_declaration.py) and property tests."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import vivant.scoring.bridge as bridge_module
from vivant.cards import CLUBS, DIAMONDS, HEARTS, SPADES, CardSet
from vivant.errors import InvalidActionError, WrongSeatError
from vivant.scoring.bridge import (
    NO_TRUMPS,
    BridgeForThreeSheet,
    BridgeHand,
    Doubling,
    PairHolding,
    chicane_points,
    honour_points,
    next_doubling,
    pair_holding,
    pairwise_payments,
    pairwise_settlement,
    score_bridge_hand,
    score_three_handed,
    slam_points,
    trick_points,
)

DEALER, NON_DEALERS = 0, 1
NONE = (PairHolding((0, 0)), PairHolding((0, 0)))


def hand(
    denomination: int,
    dealer_tricks: int,
    holdings: tuple[PairHolding, PairHolding] = NONE,
    doubling: Doubling = Doubling.UNDOUBLED,
    revokes: tuple[int, ...] = (),
) -> BridgeHand:
    return BridgeHand(
        denomination, (dealer_tricks, 13 - dealer_tricks), holdings, doubling, revokes
    )


def test_doctests() -> None:
    assert doctest.testmod(bridge_module).failed == 0


def test_bv_1_no_trumps_nine_tricks_game() -> None:
    s = score_three_handed(hand(NO_TRUMPS, 9))
    assert s.below == 36 and s.game


def test_bv_2_hearts_ten_tricks_game() -> None:
    s = score_three_handed(hand(HEARTS, 10))
    assert s.below == 32 and s.game


def test_bv_3_diamonds_nine_tricks_four_honours_divided() -> None:
    s = score_three_handed(hand(DIAMONDS, 9, (PairHolding((3, 1)), PairHolding((0, 1)))))
    assert s.below == 18 and s.dealer_above == 24 and not s.game


def test_bv_4_doubling_multiplies_trick_values() -> None:
    assert trick_points(DIAMONDS, 2, Doubling.DOUBLED) == 24
    assert trick_points(CLUBS, 1, Doubling.REDOUBLED) == 16
    s = score_bridge_hand(hand(DIAMONDS, 8, doubling=Doubling.DOUBLED))
    assert s.trick_points == (24, 0)


def test_doubling_never_multiplies_honours_chicane_or_slam() -> None:  # BW-2
    holdings = (PairHolding((3, 0), (False, True)), PairHolding((0, 0)))
    s = score_bridge_hand(hand(HEARTS, 13, holdings, Doubling.REDOUBLED))
    assert s.trick_points == (7 * 8 * 4, 0)
    assert (s.honours[0], s.chicane[0], s.slam[0]) == (16, 16, 40)


@pytest.mark.parametrize(
    ("honours", "points"),
    [
        ((5, 0), 80),
        ((4, 1), 72),
        ((2, 1), 16),
        ((3, 0), 16),
        ((4, 0), 64),
        ((3, 1), 32),
        ((2, 2), 32),
        ((3, 2), 40),
        ((1, 1), 0),
    ],
)
def test_bv_5_hearts_honours_table(honours: tuple[int, int], points: int) -> None:
    assert honour_points(PairHolding(honours), HEARTS) == points


@pytest.mark.parametrize(
    ("suit", "row"),
    [
        (SPADES, (4, 8, 10, 16, 18, 20)),
        (CLUBS, (8, 16, 20, 32, 36, 40)),
        (DIAMONDS, (12, 24, 30, 48, 54, 60)),
        (HEARTS, (16, 32, 40, 64, 72, 80)),
    ],
)
def test_honour_table_every_suit(suit: int, row: tuple[int, ...]) -> None:
    holdings = [(2, 1), (2, 2), (3, 2), (4, 0), (4, 1), (5, 0)]
    assert tuple(honour_points(PairHolding(h), suit) for h in holdings) == row


@pytest.mark.parametrize(
    ("aces", "points"), [((4, 0), 100), ((2, 1), 30), ((2, 2), 40), ((3, 1), 40), ((2, 0), 0)]
)
def test_bv_6_no_trump_aces(aces: tuple[int, int], points: int) -> None:
    assert honour_points(PairHolding(aces), NO_TRUMPS) == points


def test_bv_7_spades_grand_slam() -> None:
    s = score_three_handed(hand(SPADES, 13))
    assert s.below == 14 and s.dealer_above == 40
    assert slam_points(12) == 20 and slam_points(11) == 0 and slam_points(13, revoked=True) == 0


def test_bv_11_pairwise_settlement() -> None:
    totals = {"A": 212, "B": 290, "C": 312}
    pays = [(p.payer, p.payee, p.amount) for p in pairwise_payments(totals)]
    assert pays == [("A", "B", 78), ("A", "C", 100), ("B", "C", 22)]
    assert pairwise_settlement(totals) == {"A": -178, "B": 56, "C": 122}


def test_bv_12_non_dealers_odd_tricks_to_each_above() -> None:
    sheet = BridgeForThreeSheet(("D", "E", "P")).record("D", "E", "P", hand(HEARTS, 5))
    assert sheet.above == (0, 16, 16) and sheet.below == (0, 0, 0)
    assert sheet.totals == {"D": 0, "E": 16, "P": 16}


def test_bv_13_revoking_dealer_capped_at_28() -> None:
    s = score_three_handed(hand(HEARTS, 11, revokes=(DEALER,)), dealer_below_before=24)
    assert s.detail.tricks == (8, 5)
    assert s.below == 4 and s.dealer_below_after == 28 and not s.game


def test_bv_14_chicane_added_to_simple_honours_for_each() -> None:
    e_hand = CardSet.parse("SA SK SQ S2 H2 H3 H4 H5 H6 H7 H8 H9 HT")
    p_hand = CardSet.parse("D2 D3 D4 D5 D6 D7 D8 D9 DT DJ DQ DK DA")
    ep = pair_holding(e_hand, p_hand, SPADES)
    assert ep == PairHolding((3, 0), (False, True))
    assert honour_points(ep, SPADES) + chicane_points(ep, SPADES) == 8
    s = score_three_handed(hand(SPADES, 7, (PairHolding((1, 1)), ep)))
    assert s.non_dealer_above == 8 and s.below == 2


def test_double_chicane_and_no_chicane_at_no_trumps() -> None:
    both = PairHolding((0, 0), (True, True))
    assert chicane_points(both, DIAMONDS) == 24
    assert chicane_points(both, NO_TRUMPS) == 0


def test_bv_15_only_eldest_doubles_only_dealer_redoubles() -> None:
    d = next_doubling(Doubling.UNDOUBLED, "eldest")
    r = next_doubling(d, "dealer")
    assert (d, r) == (Doubling.DOUBLED, Doubling.REDOUBLED)
    with pytest.raises(WrongSeatError):
        next_doubling(r, "pone")
    with pytest.raises(WrongSeatError):
        next_doubling(Doubling.UNDOUBLED, "pone")
    with pytest.raises(InvalidActionError):
        next_doubling(Doubling.UNDOUBLED, "dealer")
    with pytest.raises(InvalidActionError):
        next_doubling(r, "eldest")
    with pytest.raises(InvalidActionError):
        next_doubling(r, "dealer")


def test_pair_holding_from_cards_no_trumps_counts_aces() -> None:
    a = CardSet.parse("SA HA DA")
    b = CardSet.parse("CA")
    assert pair_holding(a, b, NO_TRUMPS) == PairHolding((3, 1))
    assert honour_points(pair_holding(a, b, NO_TRUMPS), NO_TRUMPS) == 40
    with pytest.raises(InvalidActionError, match="overlap"):
        pair_holding(a, a, HEARTS)


def test_revoke_by_non_dealers_moves_tricks_and_bars_their_slam() -> None:
    s = score_bridge_hand(hand(CLUBS, 1, revokes=(NON_DEALERS,)))
    assert s.tricks == (4, 9) and s.slam == (0, 0) and s.trick_points == (0, 12)
    s = score_bridge_hand(hand(CLUBS, 12, revokes=(NON_DEALERS,)))
    assert s.tricks == (13, 0) and s.slam == (20, 0)  # penalty tricks never make a slam


# ---------------------------------------------------------------- the sheet


def test_game_bonus_reset_and_rubber() -> None:
    sheet = BridgeForThreeSheet(("A", "B", "C"))
    sheet = sheet.record("B", "C", "A", hand(CLUBS, 8))  # B 8 below
    sheet = sheet.record("A", "B", "C", hand(NO_TRUMPS, 9))  # A 36: game
    assert sheet.games == (1, 0, 0) and sheet.below == (0, 0, 0)  # D-B5: all restart
    assert sheet.below_banked == (36, 8, 0)
    sheet = sheet.record("A", "B", "C", hand(HEARTS, 11))  # A 40: second game: rubber
    assert sheet.finished and sheet.rubber_winner == "A"
    assert sheet.totals == {"A": 36 + 40 + 100 + 50, "B": 8, "C": 0}
    assert sum(sheet.settlement.values()) == 0
    with pytest.raises(InvalidActionError, match="rubber is over"):
        sheet.record("B", "C", "A", hand(CLUBS, 8))


def test_three_games_no_rubber_variant() -> None:
    sheet = BridgeForThreeSheet(("A", "B", "C"), three_games_no_rubber=True)
    for dealer, eldest, pone in [("A", "B", "C"), ("A", "B", "C"), ("B", "C", "A")]:
        assert not sheet.finished
        sheet = sheet.record(dealer, eldest, pone, hand(NO_TRUMPS, 9))
    assert sheet.finished and sheet.rubber_winner is None
    assert sheet.totals == {"A": 72 + 100, "B": 36 + 50, "C": 0}


def test_bad_inputs() -> None:
    with pytest.raises(InvalidActionError):
        BridgeHand(5, (7, 6), NONE)
    with pytest.raises(InvalidActionError):
        BridgeHand(HEARTS, (7, 7), NONE)
    with pytest.raises(InvalidActionError):
        BridgeHand(NO_TRUMPS, (7, 6), (PairHolding((3, 0)), PairHolding((2, 0))))
    with pytest.raises(InvalidActionError):
        PairHolding((1, 0), (True, False))
    with pytest.raises(InvalidActionError):
        BridgeForThreeSheet(("A", "A", "B"))
    with pytest.raises(InvalidActionError):
        BridgeForThreeSheet(("A", "B", "C")).record("A", "B", "X", hand(HEARTS, 7))
    with pytest.raises(InvalidActionError):
        score_three_handed(hand(HEARTS, 7), dealer_below_before=30)


# ---------------------------------------------------------------- properties


@st.composite
def bridge_hands(draw: st.DrawFn) -> BridgeHand:
    denomination = draw(st.sampled_from([SPADES, HEARTS, DIAMONDS, CLUBS, NO_TRUMPS]))
    limit = 4 if denomination == NO_TRUMPS else 5
    per_hand = draw(st.lists(st.integers(0, limit), min_size=4, max_size=4))
    counts, left = [], limit
    for n in per_hand:
        counts.append(min(n, left))
        left -= counts[-1]
    voids = [
        denomination != NO_TRUMPS and c == 0 and draw(st.booleans()) for c in counts
    ]  # a void hand holds no honour
    holdings = (
        PairHolding((counts[0], counts[1]), (voids[0], voids[1])),
        PairHolding((counts[2], counts[3]), (voids[2], voids[3])),
    )
    t = 13 - draw(st.integers(0, 13))  # shrinks toward the dealer taking every trick
    return BridgeHand(
        denomination,
        (t, 13 - t),
        holdings,
        draw(st.sampled_from(list(Doubling))),
        tuple(draw(st.lists(st.integers(0, 1), max_size=2))),
    )


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_sheet_structure_and_zero_sum(data: st.DataObject) -> None:
    no_rubber = data.draw(st.booleans())
    players = ("A", "B", "C")
    sheet = BridgeForThreeSheet(players, three_games_no_rubber=no_rubber)
    dealer = 0
    for _ in range(60):
        if sheet.finished:
            break
        before = sheet
        d = players[dealer]
        h = data.draw(bridge_hands())
        sheet = sheet.record(d, players[(dealer + 1) % 3], players[(dealer + 2) % 3], h)
        entry = sheet.hands[-1]
        assert entry.score.below >= 0 and entry.score.dealer_above >= 0
        if DEALER in h.revokes:
            assert not entry.game_won
        if entry.game_won:
            assert sheet.below == (0, 0, 0) and sum(sheet.games) == sum(before.games) + 1
        else:
            assert max(sheet.below) < 30
        dealer = (dealer + 1) % 3
        assert sum(sheet.settlement.values()) == 0
    if sheet.finished:
        if no_rubber:
            assert sum(sheet.games) == 3 and sheet.rubber_winner is None
        else:
            assert max(sheet.games) == 2 and sorted(sheet.games)[1] <= 1
            assert sheet.rubber_winner is not None


@settings(max_examples=200, deadline=None)
@given(bridge_hands())
def test_hand_score_bounds(h: BridgeHand) -> None:
    s = score_bridge_hand(h)
    assert sum(s.tricks) == 13
    assert min(s.trick_points) == 0  # only one side makes odd tricks
    assert s.honours[0] == 0 or s.honours[1] == 0  # only one side holds three or more honours
    assert all(0 <= x <= 100 for x in s.honours)
    for side in (0, 1):
        if side in h.revokes:
            assert s.slam[side] == 0
