"""The double-dummy player: perfect in Double Dummy with all hands exposed, honest elsewhere."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from vivant.actions import Play
from vivant.errors import InvalidActionError
from vivant.players import Player, find_player, step, who_acts
from vivant.players.dd import DD_MAX_CARDS, DoubleDummyPlayer, solver_position
from vivant.players.heuristic import HeuristicPlayer
from vivant.players.random import RandomPlayer
from vivant.solver import Solver
from vivant.table import PLAY, Table
from vivant.variants.double_dummy import DoubleDummyTable
from vivant.variants.mort import MortTable


def to_horizon(t: Table, seed: int, cards: int = DD_MAX_CARDS) -> None:
    """Play with heuristic players until the hand to play holds at most ``cards`` cards."""
    rng = random.Random(seed)
    players = {n: HeuristicPlayer(seed=i) for i, n in enumerate(t.players)}
    while t.phase != PLAY:
        step(t, players, rng)
    while t.phase == PLAY and t.hand is not None and len(t.hand.tricks) < 13 - cards:
        step(t, players, rng)


def test_registered_by_name() -> None:
    p = find_player("dd")(seed=1)
    assert isinstance(p, DoubleDummyPlayer)
    assert isinstance(p, Player)
    assert p.kind == "dd"


@pytest.mark.parametrize("opponent", [HeuristicPlayer, RandomPlayer])
def test_never_loses_a_trick_against_the_solver_value_in_double_dummy(
    opponent: Callable[[int], Player],
) -> None:
    """Double Dummy with all hands exposed is a game of perfect information: from the first card
    of the hand, the side the double-dummy player controls takes at least the solver's value of
    the whole deal, whatever the other side plays. The player sees only its views (no table
    attached), and being perfect there it consults the solver from the first trick."""
    solver = Solver(32)
    deals = 0
    for seed in range(12):
        t = DoubleDummyTable(["A", "B"], all_hands_exposed=True)
        to_horizon(t, seed, cards=13)
        if t.phase != PLAY or t.hand is None:
            continue
        turn = who_acts(t)
        assert turn is not None
        seat, name = turn
        view = t.view(seat)
        value = solver.tricks(solver_position(view, t.hand.hands))
        side = t.seat_sides[seat]
        h = t.hand
        before = h.won[side]
        other = next(n for n in t.players if n != name)
        players: dict[str, Player] = {name: DoubleDummyPlayer(seed), other: opponent(seed)}
        rng = random.Random(seed)
        while t.hand is h and t.phase == PLAY:
            step(t, players, rng)
        assert len(h.tricks) == 13
        taken = h.won[side] - before
        assert taken >= value, (seed, taken, value)
        deals += 1
    assert deals >= 10


def test_refuses_hidden_hands_unless_a_table_is_attached() -> None:
    t = MortTable(["A", "B", "C"])
    to_horizon(t, 3)
    turn = who_acts(t)
    assert turn is not None
    seat = turn[0]
    legal = t.legal_actions(seat)
    p = DoubleDummyPlayer(1)
    if len(legal) > 1:
        with pytest.raises(InvalidActionError, match="attach"):
            p.choose(t.view(seat), legal)
    cheat = DoubleDummyPlayer(1).attach(t)
    choice = cheat.choose(t.view(seat), legal)
    assert choice in legal
    assert t.hand is not None
    values = Solver(8).card_values(solver_position(t.view(seat), t.hand.hands))
    assert isinstance(choice, Play) and values[choice.card] == max(values.values())
