"""Boston in the front ends: ``vivant play boston --auto --json`` byte-identical for a seed,
``vivant rules boston``, every event said in words, the heuristic and Monte-Carlo players, the
duel in counters (issue 17)."""

from __future__ import annotations

import json
import random

import pytest

from test_cli_terminal import run
from vivant.cli.duel import duel
from vivant.describe import Narrator
from vivant.players import Player, RandomPlayer, step
from vivant.players.heuristic import HeuristicPlayer
from vivant.players.montecarlo import MonteCarloPlayer
from vivant.variants.boston import BostonTable


@pytest.mark.parametrize("laws", [False, True])
def test_auto_json_records_are_byte_identical_for_a_seed(laws: bool) -> None:
    argv = ["play", "boston", "--auto", "--seed", "11", "--json", *(["--laws"] if laws else [])]
    first, second = run(argv), run(argv)
    assert first.returncode == 0 and first.stdout == second.stdout
    record = json.loads(first.stdout)
    assert record["game"] == "boston" and record["laws"] is laws
    (game,) = record["games"]
    played = [h for h in game["hands"] if not h.get("abandoned")]
    assert len(played) == 4 and sum(record["settlement"].values()) == 0
    assert all(sum(h["payments"].values()) == 0 for h in played)
    other = run(["play", "boston", "--auto", "--seed", "12", "--json"])
    assert other.stdout != first.stdout


def test_rules_boston() -> None:
    proc = run(["rules", "boston"])
    assert proc.returncode == 0 and proc.stdout == BostonTable.rules_summary()
    assert "misère partout" in proc.stdout and "seed 002" in proc.stdout


def test_every_boston_event_is_said_in_words() -> None:
    """Boston's events carry their own words, or the describe module has a sentence for them;
    the narrator says each that carries words in a line at least, never in raw values."""
    for seed in range(4):
        names = ["P1", "P2", "P3", "P4"]
        t = BostonTable(names, laws=True)
        narrator = Narrator(t, you="P1")
        bots: dict[str, Player] = {n: HeuristicPlayer(seed * 10 + i) for i, n in enumerate(names)}
        rng = random.Random(seed)
        while not t.is_over():
            events = step(t, bots, rng).events
            for e in events:
                assert hasattr(Narrator, "_tell_" + e.kind), e  # Boston's own sentence
                lines = narrator.event_lines(e, events)
                assert lines or "words" not in e.data, e  # a card played is shown in its trick
                assert all(line.text and "{" not in line.text for line in lines), e


def test_the_heuristic_player_plays_legally_and_beats_random_players() -> None:
    """Over 60 sittings, one heuristic player against three random ones (its seat rotating)
    ends ahead on average; ``apply`` refuses any illegal choice."""
    total = 0
    for g in range(60):
        names = ["P1", "P2", "P3", "P4"]
        ours = names[g % 4]
        t = BostonTable(names)
        bots: dict[str, Player] = {
            n: HeuristicPlayer(g) if n == ours else RandomPlayer(g * 10 + i)
            for i, n in enumerate(names)
        }
        rng = random.Random(g)
        while not t.is_over():
            step(t, bots, rng)
        total += t.totals[ours]
    assert total > 0


def test_the_monte_carlo_player_plays_a_sitting() -> None:
    names = ["P1", "P2", "P3", "P4"]
    t = BostonTable(names, laws=True)
    bots: dict[str, Player] = {n: HeuristicPlayer(i) for i, n in enumerate(names)}
    bots["P2"] = MonteCarloPlayer(5, samples=4)
    rng = random.Random(2)
    searched = 0
    while not t.is_over():
        step(t, bots, rng)
        searched += bots["P2"].last is not None  # type: ignore[attr-defined]
    assert searched > 0 and sum(t.totals.values()) == 0


def test_the_duel_counts_boston_in_counters() -> None:
    result = duel("boston", "heuristic", "random", deals=6, seed=1)
    assert result.unit == "points"
    assert set(result.to_json()["a_minus_b"]) == {"points_per_deal", "ci95"}
    assert result.points["a"] + result.points["b"] == 0  # counters pass between the sides
