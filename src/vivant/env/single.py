"""One seat of a game as a single-agent Gymnasium environment, for trainers that take one (Stable
Baselines, CleanRL …): the learner holds ``player_0``'s seat and the other seats play at random,
from the generator ``reset(seed=…)`` seeds. An episode is one hand; the reward at its end is the
trick difference of the learner's side (as :class:`~vivant.env.aec.VivantEnv`'s ``episode="hand"``).

The observation is the seat's tensor (:mod:`vivant.env.encoding`); :meth:`SeatEnv.action_masks`
gives the legal actions, as maskable learners ask for them.

>>> env = SeatEnv("thirteen")
>>> obs, info = env.reset(seed=3)
>>> obs.shape == env.observation_space.shape and bool(env.action_masks().any())
True
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from vivant.env.aec import VivantEnv
from vivant.env.encoding import ACTIONS, OBSERVATION_SIZE

LEARNER = "player_0"

Observation = npt.NDArray[np.int8]


class SeatEnv(gymnasium.Env[Observation, np.int64]):
    """``game`` with ``players`` players (the game's least number by default), ``player_0``
    learning."""

    metadata = {"render_modes": []}  # noqa: RUF012  (Gymnasium's own class attribute)

    def __init__(self, game: str = "thirteen", players: int | None = None) -> None:
        self.table_env = VivantEnv(game, players=players, episode="hand")
        self.observation_space = spaces.Box(0, 13, (OBSERVATION_SIZE,), dtype=np.int8)
        self.action_space = spaces.Discrete(ACTIONS)
        self._mask: npt.NDArray[np.int8] = np.zeros(ACTIONS, dtype=np.int8)
        self._others = np.random.default_rng(0)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions now, as booleans over the action numbers."""
        return self._mask.astype(bool)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self._others = np.random.default_rng(seed)
        self.table_env.reset(seed=None if seed is None else int(self._others.integers(1 << 31)))
        obs, _ = self._play_others()
        return obs, {}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        self.table_env.step(int(action))
        obs, reward = self._play_others()
        done = self.table_env.terminations[LEARNER]
        return obs, reward, done, False, {}

    def _play_others(self) -> tuple[Observation, float]:
        """Let the other seats play until the learner is to act or the hand is over; the
        learner's observation and the reward it has earned meanwhile."""
        env, reward = self.table_env, 0.0
        while True:
            agent = env.agent_selection
            if env.terminations[LEARNER]:
                reward += env.rewards[LEARNER]
                self._mask = np.zeros(ACTIONS, dtype=np.int8)
                return np.zeros(OBSERVATION_SIZE, dtype=np.int8), reward
            seen = env.observe(agent)
            if agent == LEARNER:
                self._mask = seen["action_mask"]
                return seen["observation"], reward
            env.step(int(self._others.choice(np.flatnonzero(seen["action_mask"]))))
