"""The OpenSpiel game: pyspiel's own consistency test on every game, resampling that keeps a
player's information state exactly and respects shown voids, and OpenSpiel's algorithms run."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.algorithms import outcome_sampling_mccfr as mccfr

from vivant.cards import SUIT_MASK
from vivant.env.openspiel import register
from vivant.players.sampling import knowledge
from vivant.variants import VARIANTS

register()
GAMES = sorted(VARIANTS)


@pytest.mark.parametrize("game", GAMES)
def test_pyspiel_random_simulation_test_passes(game: str) -> None:
    pyspiel.random_sim_test(
        pyspiel.load_game("python_vivant", {"game": game}),
        num_sims=3,
        serialize=False,
        verbose=False,
    )


@pytest.mark.parametrize("game", GAMES)
def test_resampling_keeps_the_information_state_and_the_shown_voids(game: str) -> None:
    rng = random.Random(5)
    differed, concealed = 0, False
    for hand in range(4):
        state = pyspiel.load_game("python_vivant", {"game": game, "seed": hand}).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            player = state.current_player()
            if len(state.table.log) % 3 == 0:
                other = state.resample_from_infostate(player, rng.random)
                assert other.information_state_string(player) == (
                    state.information_state_string(player)
                )
                assert sorted(other.legal_actions()) == sorted(state.legal_actions())
                seen = knowledge(state.table.view(state._seat(player)))
                if other.table.hand is not None:
                    concealed |= len(seen.hidden) + (seen.stock > 0) > 1
                    for seat in range(4):
                        for suit in range(4):
                            if seen.voids[seat] >> suit & 1:
                                assert not other.table.hand.hands[seat] >> 13 * suit & SUIT_MASK
                    differed += other.table.hand.hands != state.table.hand.hands
            state.apply_action(rng.choice(state.legal_actions()))
    # The unseen cards really are dealt again where they could lie in more than one place (at
    # Double Dummy they can only be the other player's hand).
    assert differed > 0 if concealed else differed == 0


@pytest.mark.parametrize("game", ["thirteen", "mort"])
def test_is_mcts_plays_a_hand(game: str) -> None:
    spiel_game = pyspiel.load_game("python_vivant", {"game": game})
    rs = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(
        spiel_game, mcts.RandomRolloutEvaluator(1, rs), 2.0, max_simulations=10, random_state=rs
    )
    rng = random.Random(2)
    state = spiel_game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert sum(abs(r) for r in state.returns()) > 0


def test_monte_carlo_cfr_runs_on_a_two_hand_game() -> None:
    solver = mccfr.OutcomeSamplingSolver(pyspiel.load_game("python_vivant", {"game": "thirteen"}))
    for _ in range(20):
        solver.iteration()
    policy = solver.average_policy()
    state = pyspiel.load_game("python_vivant", {"game": "thirteen"}).new_initial_state()
    assert sum(policy.action_probabilities(state).values()) == pytest.approx(1.0)
