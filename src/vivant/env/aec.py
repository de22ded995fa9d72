"""A PettingZoo AEC environment for every game of the registry (strict play).

The agents are the players, ``player_0`` … ``player_n`` in the order they come to the table; the
cut gives them their seats. The agent to act is the player the table waits for: the controller
of a dummy chooses its cards, as the laws say (Vivant plays Mort's). Cuts and deals are chance
moves the environment draws from the generator ``reset(seed=…)`` seeds. Each agent observes
exactly its seat's view, as ``{"observation": tensor, "action_mask": mask}`` (the encoding is in
:mod:`vivant.env.encoding`); ``infos[agent]["options"]`` names the decisions other than a card.

An episode is a whole sitting (``episode="sitting"``: the reward at the end is each player's
settlement, zero-sum; at Duplicate Whist his side's tricks less the other's) or one hand
(``episode="hand"``: the reward is what the game says the hand returns to the player's seat:
his side's tricks less the other side's at whist, All Fours' points, Boston's counters).

>>> env = raw_env("thirteen")
>>> env.reset(seed=1)
>>> env.agent_selection in env.agents
True
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from vivant.actions import Action
from vivant.cards import Seat
from vivant.env.encoding import ACTIONS, OBSERVATION_SIZE, encode, mask, numbered
from vivant.errors import VivantError
from vivant.table import Table
from vivant.variants import find_variant

EPISODES = ("sitting", "hand")


class VivantEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """One table of ``game`` for ``players`` players (the game's least number by default)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "vivant_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "mort",
        players: int | None = None,
        episode: str = "sitting",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game_class: type[Table] = find_variant(game)
        low = int(getattr(self.game_class, "min_players", 4))
        high = int(getattr(self.game_class, "max_players", low))
        count = low if players is None else players
        if not low <= count <= high:
            raise VivantError(
                f"{self.game_class.variant} is played by {low} to {high}, not {count}"
            )
        if episode not in EPISODES:
            raise VivantError(f"episode is 'sitting' or 'hand', not {episode!r}")
        self.episode = episode
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(count)]
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0, 13, (OBSERVATION_SIZE,), dtype=np.int8),
                "action_mask": spaces.Box(0, 1, (ACTIONS,), dtype=np.int8),
            }
        )
        self._act_space = spaces.Discrete(ACTIONS)
        self.table: Table = self.game_class(self.possible_agents)
        self._rng = random.Random(0)
        self._hand_won: dict[str, int] | None = None
        #: Each agent's return for the hand scored (the game's :meth:`~Table.hand_returns`).
        self._hand_returns: dict[str, float] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    # --- the table ----------------------------------------------------------------------------

    def seat_of(self, agent: str) -> Seat | None:
        """The seat ``agent`` holds in the current game (``None`` while he sits out)."""
        return next((s for s in range(4) if self.table.seat_player(s) == agent), None)

    def _side(self, seat: Seat | None) -> str | None:
        if seat is None:
            return None
        return self.table.party_name(seat)

    def _acting(self) -> tuple[Seat, str]:
        seat = self.table.to_act()
        assert seat is not None
        name = self.table.seat_player(self.table.controller(seat))
        assert name is not None
        return seat, name

    def _advance(self) -> None:
        """Make the chance moves due, then select the agent the table waits for."""
        while not self._ended() and self.table.awaiting_chance():
            self.table.apply(self.table.chance_action(self._rng))
        if not self._ended():
            self.agent_selection = self._acting()[1]

    def _ended(self) -> bool:
        return self.table.is_over() or (self.episode == "hand" and self._hand_won is not None)

    def _legal(self, agent: str) -> list[Action]:
        if self._ended() or agent != self.agent_selection:
            return []
        return self.table.legal_actions(self._acting()[0])

    # --- the AEC API --------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._rng = random.Random(seed)
        self._hand_won = None
        self._hand_returns = {}
        self.table = self.game_class(self.possible_agents)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._advance()
        self._update_infos()

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.seat_of(agent)
        legal = self._legal(agent)
        view = self.table.view(seat)
        return {
            "observation": encode(view, self._side(seat), legal),
            "action_mask": mask(numbered(legal)),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        choices = numbered(self._legal(agent))
        if action is None or int(action) not in choices:
            raise VivantError(f"action {action!r} is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        seats = {a: self.seat_of(a) for a in self.agents}
        sides = {a: self._side(seats[a]) for a in self.agents}
        for event in self.table.apply(choices[int(action)]):
            if event.kind == "hand_scored" and self._hand_won is None:
                self._hand_won = dict(event.data["won"])
                returns = self.table.hand_returns(event.data)
                self._hand_returns = {
                    a: 0.0 if seat is None else returns[seat] for a, seat in seats.items()
                }
        self._advance()
        if self._ended():
            self._finish(sides)
        self._update_infos()
        self._accumulate_rewards()

    def _finish(self, sides: dict[str, str | None]) -> None:
        """End the episode: every agent's reward (``sides``: each one's side in the last hand)."""
        for agent in self.agents:
            self.rewards[agent] = self._reward(agent, sides[agent])
            self.terminations[agent] = True

    def _reward(self, agent: str, side: str | None) -> float:
        """A sitting: the player's settlement, or where the game settles no stakes (Duplicate
        Whist at one table) his side's tricks less the other side's; a hand: what the game says
        the hand returns to his seat (:meth:`~vivant.table.Table.hand_returns`: the tricks of his
        side less the other's, All Fours' points, Boston's counters)."""
        if self.episode == "hand":
            return self._hand_returns.get(agent, 0.0)
        record = self.table.record()
        if "settlement" in record:
            return float(record["settlement"].get(agent, 0))
        counts: dict[str, int] = record.get("totals", {})
        if side is None:
            return 0.0
        return float(2 * counts.get(side, 0) - sum(counts.values()))

    def _update_infos(self) -> None:
        for agent in self.agents:
            options = [a for n, a in numbered(self._legal(agent)).items() if n >= 52]
            self.infos[agent] = {"options": [repr(a) for a in options]}

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        view = self.table.view(None)
        trick = view.trick.cards if view.trick is not None else ()
        return f"{self.table.variant}: phase {view.phase}, trick {list(trick)}, won {view.won}"

    def close(self) -> None:
        pass


def raw_env(game: str = "mort", **kwargs: Any) -> VivantEnv:
    """The environment without PettingZoo's checking wrappers."""
    return VivantEnv(game, **kwargs)


def env(game: str = "mort", **kwargs: Any) -> Any:
    """The environment with PettingZoo's order-enforcing wrapper (what users should take)."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, **kwargs))
