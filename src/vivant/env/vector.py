"""A batched API for trainers: ``n`` tables stepped together, one decision each a step.

Each table is a :class:`~vivant.env.aec.VivantEnv`. At every step the trainer receives, for
every table, the observation and action mask of the player who acts there (stacked into
arrays) and which player that is; it answers with one action a table. A table whose episode
ends reports each player's reward in ``rewards`` (an ``n × players`` array) and starts the next
episode at once, seeded from the batch's own generator, so the batch never waits.

>>> batch = VectorEnv("thirteen", 4, seed=1)
>>> batch.observations.shape, batch.masks.shape
((4, 692), (4, 68))
"""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt

from vivant.env.aec import VivantEnv
from vivant.env.encoding import ACTIONS, OBSERVATION_SIZE


class VectorEnv:
    """``n`` tables of ``game``; ``episode`` as in :class:`~vivant.env.aec.VivantEnv`."""

    def __init__(
        self, game: str, n: int, *, seed: int = 0, episode: str = "hand", players: int | None = None
    ) -> None:
        if n < 1:
            raise ValueError(f"a batch holds at least one table, not {n}")
        self.tables = [VivantEnv(game, players=players, episode=episode) for _ in range(n)]
        self.agents = self.tables[0].possible_agents
        self._rng = random.Random(seed)
        self.observations = np.zeros((n, OBSERVATION_SIZE), dtype=np.int8)
        self.masks = np.zeros((n, ACTIONS), dtype=np.int8)
        self.acting = np.zeros(n, dtype=np.int64)
        self.rewards = np.zeros((n, len(self.agents)), dtype=np.float64)
        self.episodes_done = 0
        for k in range(n):
            self._restart(k)

    def _restart(self, k: int) -> None:
        self.tables[k].reset(seed=self._rng.randrange(1 << 31))
        self._observe(k)

    def _observe(self, k: int) -> None:
        table = self.tables[k]
        agent = table.agent_selection
        obs = table.observe(agent)
        self.observations[k] = obs["observation"]
        self.masks[k] = obs["action_mask"]
        self.acting[k] = self.agents.index(agent)

    def step(self, actions: npt.ArrayLike) -> npt.NDArray[np.bool_]:
        """Apply one action a table (for the player in ``acting``); returns which tables ended
        an episode, whose rewards are then in ``rewards`` (zero elsewhere)."""
        chosen = np.asarray(actions, dtype=np.int64)
        if chosen.shape != (len(self.tables),):
            raise ValueError(
                f"one action a table is needed: {len(self.tables)}, not {chosen.shape}"
            )
        self.rewards[:] = 0.0
        ended = np.zeros(len(self.tables), dtype=bool)
        for k, (table, action) in enumerate(zip(self.tables, chosen, strict=True)):
            table.step(int(action))
            if all(table.terminations.values()):
                self.rewards[k] = [table.rewards[a] for a in self.agents]
                ended[k] = True
                self.episodes_done += 1
                self._restart(k)
            else:
                self._observe(k)
        return ended
