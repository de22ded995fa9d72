"""``vivant duel``: duplicate comparison of two players, its interval and double-dummy errors."""

from __future__ import annotations

import json

import pytest

from vivant.cli import main
from vivant.cli.duel import deal_position, duel, mean_ci, play_sitting_of_deal
from vivant.players import find_player
from vivant.players.dd import DoubleDummyPlayer
from vivant.solver import Solver


def test_json_shape_and_determinism(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["duel", "mort", "--a", "heuristic", "--b", "random", "--deals", "4", "--seed", "3"]
    assert main([*argv, "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    lo, hi = first["a_minus_b"]["ci95"]
    assert lo <= first["a_minus_b"]["tricks_per_deal"] <= hi
    assert set(first["dd_error"]) == {"a", "b"}
    assert all(v >= 0 for v in first["dd_error"].values())
    tricks = first["tricks_per_deal"]
    assert tricks["a"] + tricks["b"] == 13
    assert tricks["a"] - tricks["b"] == pytest.approx(first["a_minus_b"]["tricks_per_deal"])


def test_readable_output(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["duel", "thirteen", "--a", "mc-fast", "--b", "heuristic", "--deals", "2"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "A mc-fast" in out and "B heuristic" in out and "95% CI" in out


def test_a_player_against_itself_is_even_deal_by_deal() -> None:
    """The same deterministic player on both sides: every deal's difference is exactly zero."""
    r = duel("mort", "heuristic", "heuristic", 3, seed=2)
    assert r.per_deal == [0.0, 0.0, 0.0]
    assert r.ci95 == (0.0, 0.0)
    assert r.dd_error["a"] == r.dd_error["b"]


def test_double_dummy_player_has_no_double_dummy_error() -> None:
    """The attached double-dummy player plays the solver's best card on the true position, so
    the duel measures no error for it; the sides swap, so both sittings of the deal agree."""
    solver = Solver(8)
    for seed in range(3):
        cls, config, log = deal_position("mort", seed)
        s = play_sitting_of_deal(
            cls, config, log, (DoubleDummyPlayer(seed), find_player("random")(seed=seed)), solver
        )
        assert s.dd_error[0] == 0
        assert s.measured[0] > 0
        assert sum(s.tricks) == 13


def test_mean_ci() -> None:
    m, (lo, hi) = mean_ci([1.0, 2.0, 3.0])
    assert m == 2.0
    assert lo == pytest.approx(2.0 - 1.959963984540054 / 3**0.5)
    assert hi == pytest.approx(2.0 + 1.959963984540054 / 3**0.5)
