"""The PettingZoo environment: the API and seed tests for every game, observations that are the
seat's view and nothing more, legal masks, rewards that are the table's own."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from vivant.env import env, ppo, raw_env
from vivant.env.encoding import OBSERVATION_SIZE, numbered
from vivant.env.single import SeatEnv
from vivant.errors import VivantError
from vivant.variants import VARIANTS

GAMES = sorted(VARIANTS)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test_passes(game: str) -> None:
    api_test(env(game), num_cycles=400)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test_passes(game: str) -> None:
    seed_test(lambda: env(game), num_cycles=200)


def play_out(game: str, seed: int, episode: str = "sitting", **kw: object) -> dict[str, float]:
    """Random legal actions to the end; the cumulative rewards, checking every observation."""
    return played(game, seed, episode, **kw)[1]


def played(
    game: str, seed: int, episode: str = "sitting", **kw: object
) -> tuple[Any, dict[str, float]]:
    """The environment played to its end with random legal actions, and the rewards."""
    e = raw_env(game, episode=episode, **kw)
    e.reset(seed=seed)
    rng = random.Random(seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, done, cut, _ = e.last()
        totals[agent] += reward
        if done or cut:
            e.step(None)
            continue
        check_observation(e, agent, obs)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return e, totals


def check_observation(e: object, agent: str, obs: dict[str, np.ndarray]) -> None:
    """The tensor shows the seat's own hand and, elsewhere, only cards its view shows."""
    seat = e.seat_of(agent)  # type: ignore[attr-defined]
    view = e.table.view(seat)  # type: ignore[attr-defined]
    tensor = obs["observation"]
    assert tensor.shape == (OBSERVATION_SIZE,)
    assert set(np.flatnonzero(tensor[:52])) == set(view.hand)
    visible = set(view.visible_cards())
    for block in range(1, 12):  # shown hands, current trick, earlier tricks
        cards = set(np.flatnonzero(tensor[52 * block : 52 * block + 52]))
        assert cards <= visible, f"block {block} shows a card the seat cannot see"
    legal = e.table.legal_actions(e.table.to_act())  # type: ignore[attr-defined]
    assert set(np.flatnonzero(obs["action_mask"])) == set(numbered(legal))


@pytest.mark.parametrize("game", GAMES)
def test_a_sitting_ends_with_each_players_settlement(game: str) -> None:
    totals = play_out(game, seed=4)
    assert sum(totals.values()) == 0  # the stakes are zero-sum
    assert any(totals.values())


def first_hand_scored(e: Any) -> tuple[dict[str, Any], dict[str, str]]:
    """The environment's table replayed: the first ``hand_scored`` event's data, and each
    player's party (the key his seat counts under) when the hand was played."""
    t = e.table
    again = type(t)(list(t.players))
    for action in t.log:
        parties = {
            p: again.party_name(s) for s in range(4) if (p := again.seat_player(s)) is not None
        }
        for event in again.apply(action):
            if event.kind == "hand_scored":
                return dict(event.data), parties
    raise AssertionError("no hand was scored")


@pytest.mark.parametrize(
    ("game", "players"), [(g, 0) for g in GAMES] + [("all-fours", 3), ("all-fours", 4)]
)
def test_a_hand_episode_rewards_what_the_game_scores(game: str, players: int) -> None:
    """Whist games: the tricks of one's side less the other's; All Fours: one's points of the
    hand against the others' (AF-4); Boston: one's counters (BO-6.1–6.3)."""
    e, totals = played(game, seed=7, episode="hand", **({"players": players} if players else {}))
    data, parties = first_hand_scored(e)
    if game == "boston":
        expected = {p: float(data["payments"][parties[p]]) for p in totals}
    else:
        # All Fours' first hand: its points are the score (a party's own less the others').
        counts = data["score"] if game == "all-fours" else data["won"]
        k, total = len(counts), sum(counts.values())
        expected = {p: float(k * counts[parties[p]] - total) for p in totals}
    assert totals == expected, (data, parties)
    by_party = {parties[p]: r for p, r in totals.items()}
    assert sum(by_party.values()) == 0
    assert all(abs(r) <= e.table.hand_return_limit() for r in totals.values())


def test_four_player_mort_seats_the_player_out_of_each_game_without_actions() -> None:
    totals = play_out("mort", seed=2, players=4)
    assert sum(totals.values()) == 0 and len(totals) == 4


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    e = raw_env("humbug")
    e.reset(seed=1)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = list(e.table.log)
    with pytest.raises(VivantError, match="not legal"):
        e.step(illegal)
    assert e.table.log == before


def test_bad_settings_are_refused() -> None:
    with pytest.raises(VivantError, match="not 7"):
        raw_env("humbug", players=7)
    with pytest.raises(VivantError, match="episode"):
        raw_env("mort", episode="rubber")


def test_a_policy_gradient_run_trains_against_random_players() -> None:
    """A few thousand decisions of REINFORCE over the environment run without error, change the
    policy, and do so identically for a seed."""
    from vivant.env.train import reinforce

    first = reinforce("thirteen", steps=3000, seed=2, rate=0.002)
    assert first.steps >= 3000 and first.episodes > 100
    assert np.isfinite(first.weights).all() and np.abs(first.weights).max() > 0
    again = reinforce("thirteen", steps=3000, seed=2, rate=0.002)
    assert np.array_equal(first.weights, again.weights)


@pytest.mark.parametrize("game", ["mort", "humbug", "bridge-for-three"])
def test_a_batch_of_tables_steps_together_and_restarts_ended_episodes(game: str) -> None:
    from vivant.env.vector import VectorEnv

    batch = VectorEnv(game, 8, seed=3)
    rng = np.random.default_rng(3)
    totals = np.zeros(len(batch.agents))
    for _ in range(600):
        assert (batch.masks.sum(axis=1) > 0).all()
        actions = [rng.choice(np.flatnonzero(m)) for m in batch.masks]
        ended = batch.step(actions)
        assert not batch.rewards[~ended].any()
        totals += batch.rewards.sum(axis=0)
    assert batch.episodes_done >= 8
    assert totals.any()
    with pytest.raises(ValueError, match="one action a table"):
        batch.step([0])


def test_one_seat_is_a_gymnasium_environment_whose_masks_name_the_legal_actions() -> None:
    env = SeatEnv("mort")
    for seed in (1, 2):
        obs, _ = env.reset(seed=seed)
        first, trace, done = obs.copy(), [], False
        while not done:
            assert env.observation_space.contains(obs)
            legal = np.flatnonzero(env.action_masks())
            assert len(legal) > 0
            obs, reward, done, cut, _ = env.step(int(legal[-1]))
            assert not cut
            trace.append(reward)
        again, _ = env.reset(seed=seed)
        assert (again == first).all()
        assert sum(trace) in {float(2 * t - 13) for t in range(14)}
    with pytest.raises(VivantError, match="not legal"):
        env.reset(seed=3)
        env.step(int(np.flatnonzero(~env.action_masks())[0]))


def test_maskable_ppo_trains_against_random_players_without_error() -> None:
    run = ppo.train("thirteen", steps=1024, seed=1, hands=40)
    assert run.steps >= 1024
    assert run.moved > 0
    assert run.hands == 40
    assert -13 <= run.random_reward <= 13
    assert -13 <= run.trained_reward <= 13
