"""``vivant duel``: duplicate comparison of two players, its interval and double-dummy errors."""

from __future__ import annotations

import json

import pytest

from vivant.actions import Play
from vivant.cli import main
from vivant.cli.duel import dd_loss, deal_position, duel, mean_ci, play_sitting_of_deal
from vivant.errors import VivantError
from vivant.players import boston, find_player
from vivant.players.dd import DoubleDummyPlayer
from vivant.scoring.boston import BIDS_BY_NAME
from vivant.solver import Solver
from vivant.table import PLAY


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


def test_boston_players_option_seats_each_player_and_scores_by_seat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--players NS: A takes North and South from the auction on and B the others, then the
    seats swap; the same deterministic player on both sides is then even deal by deal (each
    sitting is the same game, the counters of one seat group won by A once and by B once), and
    the counters of a deal sum to nothing (BO-6.1..6.4 are paid player to player)."""
    r = duel("boston", "heuristic", "heuristic", 3, seed=1, players="NS")
    assert r.per_deal == [0.0, 0.0, 0.0]
    assert r.points["a"] == r.points["b"] == 0
    assert 12 <= r.tricks["a"] + r.tricks["b"] <= 13  # twelve after the little bids' discards
    argv = ["duel", "boston", "--a", "heuristic", "--b", "random", "--deals", "2", "--json"]
    assert main([*argv, "--players", "N"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["players"] == "N"
    assert shown["points_per_deal"]["a"] == -shown["points_per_deal"]["b"]
    assert shown["dd_horizon_cards"] == {
        "trick_bids": boston.TRICK_HORIZON,
        "misere": boston.MISERE_HORIZON,
    }


@pytest.mark.parametrize(
    ("game", "seats", "words"),
    [
        ("mort", "NS", "applies to a game where each plays for himself"),
        ("boston", "NESW", "leave B a seat"),
        ("boston", "NN", "once each"),
        ("boston", "X", "once each"),
    ],
)
def test_boston_players_option_refused(game: str, seats: str, words: str) -> None:
    with pytest.raises(VivantError, match=words):
        duel(game, "heuristic", "heuristic", 1, seed=0, players=seats)


def test_boston_dd_error_is_the_hands_sides_within_the_horizon() -> None:
    """Boston's dd error (dd_loss): no figure while a hand holds more cards than the search
    horizon (boston.TRICK_HORIZON cards in a trick bid, MISERE_HORIZON in a misère); within it,
    the loss of each card against the best by the solver with the single player against three
    (misère partout: each for himself), never negative, and nothing for the card the solver
    rates best."""
    solver = Solver(8)
    for seed in range(3):
        cls, config, log = deal_position("boston", seed)
        table = cls.replay(config, log)
        hand = table.hand
        assert hand is not None
        player = find_player("heuristic")(seed=seed)
        contract = table.view(0).extra.get("contract", "misere-partout")
        misere = contract == "misere-partout" or BIDS_BY_NAME[contract].is_misere
        horizon = boston.MISERE_HORIZON if misere else boston.TRICK_HORIZON
        measured = 0
        while table.hand is hand and table.phase == PLAY:
            seat = table.to_act()
            assert seat is not None
            legal = table.legal_actions(seat)
            view = table.view(seat)
            plays = [a for a in legal if isinstance(a, Play)]
            action = player.choose(view, legal, None)
            if len(plays) > 1:
                lost = dd_loss(view, hand.hands, plays[0], solver)
                if view.hand_sizes[seat] > horizon:
                    assert lost is None
                else:
                    found = boston.trick_values(view, list(hand.hands))
                    assert found is not None and lost is not None and lost >= 0
                    best = max(found[0], key=lambda c: found[0][c])
                    assert dd_loss(view, hand.hands, Play(seat, best), solver) == 0
                    measured += 1
            table.apply(action)
        assert measured > 0


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["mort", "--a", "heuristic", "--b", "nobody"], "unknown player kind 'nobody'"),
        (["nogame", "--a", "heuristic", "--b", "random"], "unknown game 'nogame'"),
    ],
)
def test_an_unknown_game_or_player_is_one_line_of_error(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A duel of an unknown game or player kind stops with one line naming it and the known
    ones, before any deal is played (no progress bar left behind)."""
    assert main(["duel", *argv, "--deals", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"vivant: error: {said}; known ") and err.count("\n") == 1, err
