"""Mort's test vectors MV-1 … MV-14 (mort.md §9) on the scoring functions."""

from __future__ import annotations

import pytest

from vivant.scoring.mort import game_value, score_hand, settle

VM, LR = 0, 1


def sheet(markers: tuple[int, int], extras: tuple[int, int] = (0, 0)) -> tuple[int, int]:
    """(winner side, net value) of a finished game."""
    v = game_value(markers, extras)
    return v.winner, v.value


def test_mv1_double_eight_to_two() -> None:
    v = game_value((8, 2), (0, 0))
    assert (v.winner, v.bonus, v.value) == (VM, 2, 12)
    assert settle(v, "V", "R", "L") == {"V": 24, "R": -12, "L": -12}


def test_mv2_simple_with_opponents_slam() -> None:
    v = game_value((4, 5), (20, 0))
    assert (v.winner, v.bonus, v.value) == (LR, 1, -14)
    assert settle(v, "V", "R", "L") == {"V": 28, "R": -14, "L": -14}


def test_mv3_triple_with_revoke_credit() -> None:
    # R-L revoked once and V chose A: +3 on the sheet (D-M6), not on the markers.
    hand = score_hand((5, 0), (7, 6), [(LR, "A")])
    assert hand.credits == (3, 0)
    v = game_value((8, 0), (3, 0))
    assert v.value == 18
    assert settle(v, "V", "R", "L") == {"V": 36, "R": -18, "L": -18}


def test_mv4_extreme_games() -> None:
    assert sheet((10, 0)) == (VM, 17)
    assert sheet((5, 4)) == (VM, 6)


def test_mv5_concluding_hand_played_out() -> None:
    hand = score_hand((4, 3), (11, 2))
    assert hand.markers == (9, 3) and hand.game_over
    assert sheet(hand.markers) == (VM, 11)


def test_mv6_slam_at_four_all_does_not_win() -> None:
    hand = score_hand((4, 4), (13, 0))
    assert hand.markers == (4, 4)
    assert hand.credits == (20, 0) and hand.slam == VM
    assert not hand.game_over


def test_mv7_two_revokes_d_then_a() -> None:
    hand = score_hand((2, 3), (6, 7), [(LR, "D"), (LR, "A")])
    # R-L markers 3 -> 0, then +1 for their seven tricks; V-M +3 on the sheet, markers still 2.
    assert hand.credits == (3, 0)
    assert hand.markers == (2, 1)


def test_mv8_one_trick_floor() -> None:
    hand = score_hand((0, 0), (11, 2), [(LR, "T")])
    assert hand.won == (12, 1)


def test_mv9_no_slam_with_revoke_and_penalty_tricks() -> None:
    hand = score_hand((0, 0), (13, 0), [(VM, "T")])
    assert hand.slam is None
    assert hand.won == (10, 3)
    assert hand.markers == (4, 0)


def test_mv10_revoking_side_cannot_win_the_game() -> None:
    hand = score_hand((2, 0), (12, 1), [(VM, "D")])
    assert hand.markers == (4, 0)
    assert not hand.game_over


def test_mv11_slam_against_revokers() -> None:
    t = score_hand((0, 0), (13, 0), [(LR, "T")])
    assert t.won == (13, 0) and t.slam == VM and t.credits == (20, 0)
    d = score_hand((0, 2), (13, 0), [(LR, "D")])
    assert d.markers == (0, 0) and d.credits == (20, 0)
    a = score_hand((0, 0), (13, 0), [(LR, "A")])
    assert a.credits == (23, 0)


@pytest.mark.parametrize(("markers", "value"), [((5, 0), 12), ((6, 2), 10), ((5, 3), 7)])
def test_mv12_derived_values(markers: tuple[int, int], value: int) -> None:
    assert sheet(markers) == (VM, value)


def test_mv13_the_thirty_seven() -> None:
    assert sheet((10, 0), (20, 0)) == (VM, 37)


def test_mv14_three_player_tournee_totals() -> None:
    totals = {"P1": 0, "P2": 0, "P3": 0}
    games = [
        (game_value((8, 2), (0, 0)), "P1", "P2", "P3"),
        (game_value((4, 5), (20, 0)), "P2", "P1", "P3"),
        (game_value((8, 0), (3, 0)), "P3", "P1", "P2"),
    ]
    for v, vivant, right, left in games:
        for name, amount in settle(v, vivant, right, left).items():
            totals[name] += amount
    assert totals == {"P1": -8, "P2": -2, "P3": 10}
    assert sum(totals.values()) == 0


def test_bad_hand_results_are_refused() -> None:
    with pytest.raises(ValueError, match="13 tricks"):
        score_hand((0, 0), (7, 7))
    with pytest.raises(ValueError, match="invalid revoke penalty"):
        score_hand((0, 0), (7, 6), [(LR, "X")])
    with pytest.raises(ValueError, match="no game"):
        game_value((4, 3), (0, 0))
