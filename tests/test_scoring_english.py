"""English short-whist scoring: the ES/TV-ES, English Dummy, Double Dummy, Humbug and Thirteen
vectors of the rules files, and property tests of hands, rubbers and settlements."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import vivant.scoring.english as english_module
from vivant.cards import CLUBS, DIAMONDS, HEARTS, SPADES, CardSet
from vivant.errors import InvalidActionError
from vivant.scoring.english import (
    ENGLISH_WHIST,
    HUMBUG,
    THIRTEEN_AND_THE_ODD,
    EnglishDummyTournee,
    EnglishRubber,
    EnglishRules,
    HandResult,
    HonoursRule,
    PenalizedRevoke,
    RevokePenalty,
    add_settlements,
    count_honours,
    dummy_player_net,
    english_dummy_settlement,
    game_value,
    honour_points,
    rubber_result,
    score_hand,
    settle_sides,
    side_honours,
    trick_points,
    two_player_settlement,
)

T, D, A = RevokePenalty.TRICKS, RevokePenalty.DEDUCT, RevokePenalty.ADD
AB, YZ = 0, 1  # whist letters: side 0 = A-B, side 1 = Y-Z in the TV-ES vectors


def test_doctests() -> None:
    assert doctest.testmod(english_module).failed == 0


# ---------------------------------------------------------------- whist-laws.md §9, TV-ES-*


def test_tv_es_1_tricks_before_honours_single() -> None:
    # A-B 3, Y-Z 0; A-B hold 3 honours (2), Y-Z win 9 tricks (3): Y-Z score first, A-B then 5.
    s = score_hand((3, 0), HandResult(tricks=(4, 9), honours=(3, 1)))
    assert [(i.kind, i.side, i.applied) for i in s.items] == [("tricks", YZ, 3), ("honours", AB, 2)]
    assert s.scores_after == (5, 3)
    assert s.winner == AB and s.game_value == 1


def test_tv_es_2_game_on_tricks_honours_unscored_treble() -> None:
    s = score_hand((3, 0), HandResult(tricks=(8, 5), honours=(0, 4)))
    assert s.scores_after == (5, 0)
    assert [i.kind for i in s.items] == ["tricks"]
    assert s.winner == AB and s.game_value == 3


def test_tv_es_3_revoke_option_a_wins_before_revokers_score() -> None:
    hand = HandResult(tricks=(0, 13), honours=(0, 4), revokes=(PenalizedRevoke(YZ, A),))
    s = score_hand((2, 0), hand)
    assert s.scores_after == (5, 0)
    assert [(i.kind, i.side) for i in s.items] == [("revoke", AB)]
    assert s.winner == AB and s.game_value == 3


@pytest.mark.parametrize(
    ("games", "winner", "value"),
    [
        ([(0, 1), (1, 2), (0, 3)], 0, 4),  # TV-ES-4: 1+3+2-2
        ([(0, 1), (1, 3), (0, 1)], 0, 1),  # TV-ES-5: minimum rubber 1+1+2-3
        ([(1, 3), (1, 3)], 1, 8),  # TV-ES-6: bumper 3+3+2
    ],
)
def test_tv_es_4_5_6_rubber_values(games: list[tuple[int, int]], winner: int, value: int) -> None:
    r = rubber_result(games)
    assert (r.winner, r.value, r.rubber_points) == (winner, value, 2)


def _six_all() -> HandResult:
    # TV-ES-7 says "tricks 6-6", which 13 tricks cannot be: the side at 4 takes only its book
    # (6 tricks to 7), so it scores nothing by cards, and nothing for its four honours (ES-3).
    return HandResult(tricks=(6, 7), honours=(4, 0))


def test_tv_es_7_side_at_four_cannot_score_honours() -> None:
    s = score_hand((4, 0), _six_all())
    assert [i for i in s.items if i.side == AB] == []
    assert [(i.kind, i.side, i.applied) for i in s.items] == [("tricks", YZ, 1)]
    assert s.scores_after == (4, 1)


def test_tv_es_8_deduct_floor_then_revoker_stops_at_four() -> None:
    s = score_hand(
        (2, 0), HandResult(tricks=(11, 2), honours=(2, 2), revokes=(PenalizedRevoke(AB, D),))
    )
    assert [(i.kind, i.points, i.applied) for i in s.items] == [
        ("revoke", -3, -2),
        ("tricks", 5, 4),
    ]
    assert s.scores_after == (4, 0) and s.winner is None


def test_tv_es_9_game_on_tricks_honours_unscored() -> None:
    s = score_hand((1, 0), HandResult(tricks=(10, 3), honours=(3, 1)))
    assert s.scores_after == (5, 0) and [i.kind for i in s.items] == ["tricks"]
    assert s.game_value == 3


@pytest.mark.parametrize(("loser", "value"), [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1)])
def test_tv_es_10_game_values(loser: int, value: int) -> None:
    assert game_value(loser) == value


def test_points_beyond_five_have_no_value() -> None:
    s = score_hand((4, 0), HandResult(tricks=(13, 0), honours=(4, 0)))
    assert s.scores_after == (5, 0) and s.items[0].points == 7 and s.items[0].applied == 1


def test_option_t_against_fewer_than_three_tricks_takes_all() -> None:  # D-W1
    s = score_hand(
        (0, 0), HandResult(tricks=(11, 2), honours=(2, 2), revokes=(PenalizedRevoke(YZ, T),))
    )
    assert s.tricks == (13, 0) and s.scores_after == (5, 0)


def test_both_sides_revoke_both_capped_at_four() -> None:  # WL-7.9, D-W3
    hand = HandResult(
        tricks=(12, 1), honours=(4, 0), revokes=(PenalizedRevoke(AB, A), PenalizedRevoke(YZ, A))
    )
    s = score_hand((3, 3), hand)
    assert s.scores_after == (4, 4) and s.winner is None


def test_each_revoke_penalised_separately() -> None:  # WL-7.6
    hand = HandResult(
        tricks=(9, 4), honours=(2, 2), revokes=(PenalizedRevoke(AB, T), PenalizedRevoke(AB, D))
    )
    s = score_hand((3, 0), hand)
    assert s.tricks == (6, 7)
    assert s.scores_after == (0, 1)


def test_penalty_option_must_be_offered_by_the_game() -> None:
    with pytest.raises(InvalidActionError, match="not allowed in humbug"):
        score_hand((0, 0), HandResult((7, 6), (2, 0), (PenalizedRevoke(0, D),)), HUMBUG)


@pytest.mark.parametrize(
    "bad",
    [
        lambda: HandResult(tricks=(7, 7)),
        lambda: HandResult(tricks=(14, -1)),
        lambda: HandResult(tricks=(7, 6), honours=(3, 2)),
        lambda: PenalizedRevoke(2),
        lambda: score_hand((5, 0), HandResult((7, 6), (2, 2))),
        lambda: score_hand((0, 0), HandResult((7, 6), (2, 1))),
        lambda: game_value(5),
        lambda: rubber_result([(0, 1), (0, 1), (1, 1)]),
        lambda: rubber_result([(0, 1), (1, 1)]),
        lambda: rubber_result([(0, 4), (0, 1)]),
        lambda: EnglishRules("x", revoke_penalties=frozenset({A})),
    ],
)
def test_bad_inputs_are_refused(bad: object) -> None:
    assert callable(bad)
    with pytest.raises(InvalidActionError):
        bad()


# ---------------------------------------------------------------- honours from the cards


def test_honours_counted_from_hands_with_dummy_for_its_player() -> None:
    dp = CardSet.parse("HA HQ S2")
    dummy = CardSet.parse("HK D3")
    adv1 = CardSet.parse("HJ")
    adv2 = CardSet.parse("C4")
    assert count_honours(dp, HEARTS) == 2 and count_honours(dp, None) == 0
    assert side_honours([dp, dummy], [adv1, adv2], HEARTS) == (3, 1)
    assert side_honours(dp | dummy, adv1 | adv2, SPADES) == (0, 0)
    with pytest.raises(InvalidActionError, match="overlap"):
        side_honours([dp, dp], [adv1], HEARTS)


# ---------------------------------------------------------------- English Dummy, EDV-*


def test_edv_1_dummy_taken_in_cutting_order() -> None:
    t = EnglishDummyTournee(("P1", "P2", "P3"))  # P1 cut 3, P2 cut 8, P3 cut K
    dps = []
    for _ in range(3):
        dps.append(t.dummy_player())
        t = t.record(rubber_result([(0, 1), (0, 1)]))
    assert dps == ["P1", "P2", "P3"] and t.finished
    with pytest.raises(InvalidActionError):
        t.dummy_player()


def test_edv_3_dummy_player_settles_with_each_adversary() -> None:
    r = rubber_result([(0, 1), (1, 2), (0, 3)])
    assert r.value == 4
    assert english_dummy_settlement(r, "DP", ("E", "W")) == {"DP": 8, "E": -4, "W": -4}


def test_edv_4_to_6_continuous_dummy_concession() -> None:
    bumper_dp, bumper_adv = rubber_result([(0, 3), (0, 3)]), rubber_result([(1, 3), (1, 3)])
    least_dp = rubber_result([(0, 1), (1, 3), (0, 1)])
    least_adv = rubber_result([(1, 1), (0, 3), (1, 1)])
    assert dummy_player_net(bumper_dp, continuous=True) == 7  # EDV-4
    assert dummy_player_net(least_dp, continuous=True) == 0  # EDV-5
    assert dummy_player_net(bumper_adv, continuous=True) == -9  # EDV-6
    assert dummy_player_net(least_adv, continuous=True) == -2  # EDV-6
    s = english_dummy_settlement(bumper_adv, "DP", ("E", "W"), continuous=True)
    assert s == {"DP": -18, "E": 9, "W": 9}


def test_edv_7_dummy_revoke_after_quitting_tricks_stand() -> None:
    # No penalty is entered: the hand is scored on the tricks as played.
    s = score_hand((0, 0), HandResult(tricks=(8, 5), honours=(2, 2)))
    assert s.tricks == s.tricks_played == (8, 5) and s.scores_after == (2, 0)


def test_edv_8_dp_revoke_option_t() -> None:
    s = score_hand(
        (3, 0), HandResult(tricks=(9, 4), honours=(2, 2), revokes=(PenalizedRevoke(0, T),))
    )
    assert s.tricks == (6, 7) and s.scores_after == (3, 1)


def test_continuous_tournee_keeps_the_same_dummy_player() -> None:
    t = EnglishDummyTournee(("P1", "P2", "P3"), continuous=True, rubbers=2)
    t = t.record(rubber_result([(0, 3), (0, 3)]))
    assert t.dummy_player() == "P1" and t.adversaries() == ("P2", "P3")
    t = t.record(rubber_result([(1, 1), (1, 1)]), dp_side=0)
    assert t.finished
    assert t.settlement == {"P1": 14 - 10, "P2": -7 + 5, "P3": -7 + 5}
    with pytest.raises(InvalidActionError):
        EnglishDummyTournee(("P1", "P2", "P3"), rubbers=2)


# ---------------------------------------------------------------- Double Dummy, DDV-*


def test_ddv_3_two_players_settle_single() -> None:
    r = rubber_result([(0, 2), (1, 1), (0, 2)])  # 2+2+2-1 = 5
    assert r.value == 5
    assert two_player_settlement(r, ("P1", "P2")) == {"P1": 5, "P2": -5}


def test_ddv_5_admitted_claim_scored_as_played() -> None:
    s = score_hand((0, 0), HandResult(tricks=(9, 4), honours=(2, 2)))  # 9 of 13 claimed
    assert s.scores_after == (3, 0)


def test_ddv_8_two_nil_ends_the_rubber() -> None:
    sheet = EnglishRubber()
    for _ in range(2):
        sheet = sheet.record(HandResult((12, 1), (2, 2)))  # 6 by cards: game, treble
    assert sheet.finished and len(sheet.games) == 2
    assert sheet.result().value == 8
    with pytest.raises(InvalidActionError, match="rubber is over"):
        sheet.record(HandResult((7, 6), (2, 2)))


# ---------------------------------------------------------------- Humbug, HUV-*


@pytest.mark.parametrize(
    ("honours", "points"),
    [
        ((2, 2), (0, 0)),  # HUV-1
        ((3, 1), (3, 0)),  # HUV-2
        ((2, 0), (2, 0)),  # HUV-3 (two in the dead hands)
        ((1, 1), (0, 0)),  # HUV-4
        ((0, 4), (0, 4)),  # HUV-5
    ],
)
def test_huv_1_to_5_humbug_honours(honours: tuple[int, int], points: tuple[int, int]) -> None:
    assert honour_points(HonoursRule.HUMBUG, honours) == points
    s = score_hand((0, 0), HandResult(tricks=(6, 7), honours=honours), HUMBUG)
    honour_items = [(i.side, i.applied) for i in s.items if i.kind == "honours"]
    assert honour_items == [(side, p) for side, p in enumerate(points) if p]


DEALER, ADVERSARY = 0, 1


def test_huv_6_honours_barred_at_four() -> None:
    s = score_hand((0, 4), HandResult(tricks=(8, 5), honours=(0, 3)), HUMBUG)
    assert s.scores_after == (2, 4) and s.winner is None


def test_huv_7_revoke_three_tricks_first() -> None:
    hand = HandResult(tricks=(5, 8), honours=(0, 0), revokes=(PenalizedRevoke(ADVERSARY),))
    s = score_hand((0, 0), hand, HUMBUG)
    assert s.tricks == (8, 5) and s.scores_after == (2, 0)


def test_huv_8_game_on_tricks_honours_unscored_treble() -> None:
    s = score_hand((3, 0), HandResult(tricks=(9, 4), honours=(0, 3)), HUMBUG)
    assert s.scores_after == (5, 0) and s.winner == DEALER and s.game_value == 3
    assert [i.kind for i in s.items] == ["tricks"]


def test_humbug_revoker_cannot_win_the_game() -> None:  # HU-4.4, D-H4
    hand = HandResult(tricks=(13, 0), honours=(4, 0), revokes=(PenalizedRevoke(DEALER),))
    s = score_hand((2, 0), hand, HUMBUG)
    assert s.tricks == (10, 3) and s.scores_after == (4, 0)


# ---------------------------------------------------------------- Thirteen and the Odd, TOV-*


@pytest.mark.parametrize("tricks", [7, 13])
def test_tov_1_one_point_for_the_odd_trick(tricks: int) -> None:
    s = score_hand((0, 0), HandResult((tricks, 13 - tricks), (4, 0)), THIRTEEN_AND_THE_ODD)
    assert s.scores_after == (1, 0)
    assert trick_points(THIRTEEN_AND_THE_ODD.tricks, (tricks, 13 - tricks)) == (1, 0)


def test_tov_3_five_hands_make_game() -> None:
    sheet = EnglishRubber(THIRTEEN_AND_THE_ODD)
    for i in range(5):
        assert len(sheet.games) == 0 and sheet.scores == (i, 0)
        sheet = sheet.record(HandResult((7, 6)))
    assert sheet.games[0].winner == 0 and sheet.games[0].scores == (5, 0)
    assert sheet.games[0].value == 3


def test_thirteen_revoke_three_tricks_and_no_game() -> None:  # TO-5, D-H6
    s = score_hand((4, 0), HandResult((8, 5), revokes=(PenalizedRevoke(0),)), THIRTEEN_AND_THE_ODD)
    assert s.tricks == (5, 8) and s.scores_after == (4, 1)
    s = score_hand((4, 0), HandResult((11, 2), revokes=(PenalizedRevoke(0),)), THIRTEEN_AND_THE_ODD)
    assert s.tricks == (8, 5) and s.scores_after == (4, 0) and s.winner is None


# ---------------------------------------------------------------- rubber sheet


def test_rubber_sheet_three_games_and_scores_restart() -> None:
    sheet = EnglishRubber()
    sheet = sheet.record(HandResult((8, 5), (2, 2)))  # 2-0
    sheet = sheet.record(HandResult((9, 4), (1, 3)))  # 5-0 game to side 0: treble
    assert sheet.scores == (0, 0) and sheet.games[0].value == 3
    sheet = sheet.record(HandResult((3, 10), (0, 4)))  # side 1: 4 tricks -> 5: game, treble
    assert sheet.games_won == (1, 1) and sheet.game_number == 3
    sheet = sheet.record(HandResult((7, 6), (4, 0)))  # 1 + 4 honours = 5
    r = sheet.result()
    assert r.winner == 0 and r.game_values == (3, 3, 3) and r.value == 3 + 3 + 2 - 3


# ---------------------------------------------------------------- properties

RULES = st.sampled_from([ENGLISH_WHIST, HUMBUG, THIRTEEN_AND_THE_ODD])


@st.composite
def hands(draw: st.DrawFn, rules: EnglishRules) -> HandResult:
    t0 = draw(st.integers(0, 13))
    if rules.honours is HonoursRule.WHIST:
        h0 = draw(st.integers(0, 4))
        honours = (h0, 4 - h0)
    else:
        h0 = draw(st.integers(0, 4))
        honours = (h0, draw(st.integers(0, 4 - h0)))
    penalties = sorted(rules.revoke_penalties, key=lambda p: p.value)
    revokes = draw(
        st.lists(
            st.builds(PenalizedRevoke, st.integers(0, 1), st.sampled_from(penalties)),
            max_size=2,
        )
    )
    return HandResult((t0, 13 - t0), honours, tuple(revokes))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_hand_score_invariants(data: st.DataObject) -> None:
    rules = data.draw(RULES)
    before = (data.draw(st.integers(0, 4)), data.draw(st.integers(0, 4)))
    hand = data.draw(hands(rules))
    s = score_hand(before, hand, rules)
    revoked = {r.side for r in hand.revokes}
    assert sum(s.tricks) == 13
    for side in (0, 1):
        assert 0 <= s.scores_after[side] <= 5
        if side in revoked:
            assert s.scores_after[side] <= 4
    assert (s.winner is None) == (max(s.scores_after) < 5)
    if s.winner is not None:
        assert s.scores_after[s.winner] == 5 and s.scores_after[1 - s.winner] < 5
        assert s.game_value in (1, 2, 3)
        assert s.game_value == game_value(s.scores_after[1 - s.winner])
    # only one side can score tricks; honours never by a side at 4 when the deal began
    assert len({i.side for i in s.items if i.kind == "tricks"}) <= 1
    assert all(before[i.side] < 4 for i in s.items if i.kind == "honours")
    # precedence: revoke items before tricks before honours
    order = {"revoke": 0, "tricks": 1, "honours": 2}
    kinds = [order[i.kind] for i in s.items]
    assert kinds == sorted(kinds)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_rubber_structure_and_zero_sum(data: st.DataObject) -> None:
    rules = data.draw(RULES)
    sheet = EnglishRubber(rules)
    for _ in range(200):
        if sheet.finished:
            break
        sheet = sheet.record(data.draw(hands(rules)))
    assert sheet.finished
    won = [g.winner for g in sheet.games]
    assert len(won) in (2, 3)
    if won[0] == won[1]:
        assert len(won) == 2  # no third game after 2-0
    assert won.count(won[-1]) == 2
    assert all(1 <= g.value <= 3 for g in sheet.games)
    r = sheet.result()
    assert 1 <= r.value <= 8
    assert sum(r.net) == 0
    players = ("P1", "P2")
    assert sum(two_player_settlement(r, players).values()) == 0
    dp = english_dummy_settlement(r, "DP", ("E", "W"))
    assert sum(dp.values()) == 0 and dp["E"] == dp["W"] and abs(dp["DP"]) == 2 * r.value
    cont = dummy_player_net(r, continuous=True)
    assert (0 <= cont <= 7) if r.winner == 0 else (-9 <= cont <= -2)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.tuples(st.integers(0, 1), st.integers(1, 3)), min_size=3), min_size=3))
def test_tournee_settlement_zero_sum(raw: list[list[tuple[int, int]]]) -> None:
    t = EnglishDummyTournee(("P1", "P2", "P3"))
    for games in raw[:3]:
        # make a legal rubber from the first draws: the winner of game 1 takes two of three
        w = games[0][0]
        seq = [(w, games[0][1]), (1 - w, games[1][1]), (w, games[2][1])]
        t = t.record(rubber_result(seq if games[1][0] else [seq[0], (w, games[1][1])]))
    assert t.finished
    assert sum(t.settlement.values()) == 0
    assert [r.dummy_player for r in t.played] == ["P1", "P2", "P3"]


def test_all_suits_count_honours() -> None:
    full = CardSet.full_pack()
    for trump in (SPADES, HEARTS, DIAMONDS, CLUBS):
        assert count_honours(full, trump) == 4


def test_settle_sides_needs_distinct_players_and_sums() -> None:
    assert settle_sides(3, ("DP",), ("E", "W"), unit=2) == {"DP": 12, "E": -6, "W": -6}
    with pytest.raises(InvalidActionError):
        settle_sides(1, ("P1",), ("P1",))
    with pytest.raises(InvalidActionError):
        settle_sides(1, (), ("P1",))
    total = add_settlements({"A": 2, "B": -2}, {"B": 5, "C": -5})
    assert total == {"A": 2, "B": 3, "C": -5}
