"""A small policy-gradient trainer (REINFORCE, in NumPy) over the AEC environment: one learning
player against random players, one hand an episode. It is the smoke test of the environment
for trainers — observations, masks and rewards flow as a learning algorithm needs them — and a
baseline to compare real learners with, not a strong player.

The policy is a softmax over the legal actions of a linear score ``W · x`` of the observation
``x``; after each hand the learner's log-probabilities are pushed along the hand's reward less
a running baseline.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from vivant.env.aec import VivantEnv
from vivant.env.encoding import ACTIONS, OBSERVATION_SIZE


@dataclass(frozen=True)
class Training:
    """What a run did: decisions the learner took, hands played, and its mean reward a hand in
    the first and in the last fifth of the hands."""

    steps: int
    episodes: int
    first_reward: float
    last_reward: float
    weights: npt.NDArray[np.float64]


def _policy(
    weights: npt.NDArray[np.float64], obs: dict[str, npt.NDArray[np.int8]]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    x = obs["observation"].astype(np.float64)
    scores = weights @ x
    legal = obs["action_mask"].astype(bool)
    scores = np.where(legal, scores, -np.inf)
    probs = np.exp(scores - scores[legal].max())
    return probs / probs.sum(), x


def reinforce(
    game: str = "thirteen", steps: int = 3000, seed: int = 1, rate: float = 0.01
) -> Training:
    """Train the learner (``player_0``) for ``steps`` of its decisions; the others play at
    random. Deterministic for a seed."""
    rng = np.random.default_rng(seed)
    env = VivantEnv(game, episode="hand")
    weights = np.zeros((ACTIONS, OBSERVATION_SIZE))
    baseline, taken, rewards = 0.0, 0, []
    while taken < steps:
        env.reset(seed=int(rng.integers(1 << 31)))
        trace: list[tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], int]] = []
        reward = 0.0
        for agent in env.agent_iter():
            obs, r, done, cut, _ = env.last()
            if agent == "player_0":
                reward += r
            if done or cut:
                env.step(None)
                continue
            if agent != "player_0":
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                continue
            probs, x = _policy(weights, obs)
            action = int(rng.choice(ACTIONS, p=probs))
            trace.append((probs, x, action))
            env.step(action)
        taken += len(trace)
        rewards.append(reward)
        advantage = reward - baseline
        baseline += 0.05 * (reward - baseline)
        for probs, x, action in trace:
            grad = -probs[:, None] * x[None, :]
            grad[action] += x
            weights += rate * advantage * grad
    fifth = max(1, len(rewards) // 5)
    return Training(
        taken,
        len(rewards),
        math.fsum(rewards[:fifth]) / fifth,
        math.fsum(rewards[-fifth:]) / fifth,
        weights,
    )
