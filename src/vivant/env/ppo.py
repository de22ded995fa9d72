"""Maskable PPO (``sb3-contrib``, on PyTorch) over one seat of a game: the library learner of the
environments, trained against random players (``pip install vivant[rl]``).

:func:`train` runs a few thousand steps and then plays evaluation hands with the trained policy
and with a random one on the same deals, so that a run says whether it learnt anything.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from vivant.env.single import Observation, SeatEnv

Policy = Callable[[SeatEnv, Observation, np.random.Generator], int]


@dataclass(frozen=True)
class PPORun:
    """A training run: the learner's steps, how far training moved the policy's parameters (the
    Euclidean norm of the change), the hands of the evaluation and the mean reward a hand (trick
    difference) of the trained policy and of a random policy on the same deals. Every action of
    the evaluation is legal: the environment refuses any other."""

    steps: int
    moved: float
    hands: int
    trained_reward: float
    random_reward: float


def train(game: str = "thirteen", steps: int = 2048, seed: int = 1, hands: int = 100) -> PPORun:
    """Train ``player_0`` of ``game`` for ``steps`` decisions with Maskable PPO (one CPU thread,
    deterministic for a seed), then evaluate on ``hands`` deals."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    model = MaskablePPO(
        "MlpPolicy",
        SeatEnv(game),
        n_steps=512,
        batch_size=128,
        n_epochs=4,
        seed=seed,
        device="cpu",
        verbose=0,
    )
    before = [p.detach().clone() for p in model.policy.parameters()]
    model.learn(total_timesteps=steps)
    moved = math.sqrt(
        sum(
            float(((p.detach() - b) ** 2).sum())
            for p, b in zip(model.policy.parameters(), before, strict=True)
        )
    )

    def trained(env: SeatEnv, obs: Observation, rng: np.random.Generator) -> int:
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        return int(action)

    def uniform(env: SeatEnv, obs: Observation, rng: np.random.Generator) -> int:
        return int(rng.choice(np.flatnonzero(env.action_masks())))

    return PPORun(
        int(model.num_timesteps),
        moved,
        hands,
        _evaluate(game, trained, seed, hands),
        _evaluate(game, uniform, seed, hands),
    )


def _evaluate(game: str, policy: Policy, seed: int, hands: int) -> float:
    """The mean reward a hand of ``policy`` over ``hands`` deals drawn from ``seed``."""
    env, rng, total = SeatEnv(game), np.random.default_rng(seed), []
    for hand in range(hands):
        obs, _ = env.reset(seed=seed * 100_003 + hand)
        reward, done = 0.0, False
        while not done:
            obs, r, done, _, _ = env.step(policy(env, obs, rng))
            reward += r
        total.append(reward)
    return math.fsum(total) / hands
