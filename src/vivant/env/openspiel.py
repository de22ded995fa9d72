"""Every game of the registry as an OpenSpiel game, through pyspiel's Python game interface.

``register()`` registers ``python_vivant`` (parameters: ``game``, the registry name, default
``mort``; ``players``, the game's least number by default; ``seed``, which fixes the cuts before
the deal and Boston's still pack and its cut, BO-3.1, public matters: the still pack's one card
seen is turned for all). One OpenSpiel episode is the first hand of a sitting: the decisions
before the deal (Vivant's seat, dealing for himself or for Mort …), the deal as 52 chance moves
(each the next card of the pack, uniformly among those left), and the play to the end of the
hand; each player's return is what the game says the hand returns to his seat (the tricks of his
side less the other side's at whist, All Fours' points, Boston's counters: ``Table.hand_returns``).

Actions are numbered as in :mod:`vivant.env.encoding` (cards ``0``–``51``, other decisions
``52 + k``). A player's information state is his seat's view, the decisions taken so far and
the cards played, as a string; the observation tensor is the environment's. Resampling
(``resample_from_infostate``) deals the cards a player cannot see again with
:func:`vivant.players.sampling.sample_hands` — the shown voids, the turn-up's place and every
hand's count respected — replays the history on that deal, and checks that the player's view
is exactly the same, so OpenSpiel's information-set algorithms (IS-MCTS, Monte-Carlo CFR) run
on our games without any of them learning a card they could not see.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from typing import Any

import numpy as np
import pyspiel

from vivant.actions import Action, Deal, Play
from vivant.cards import Seat
from vivant.env.encoding import ACTIONS, OBSERVATION_SIZE, encode, numbered
from vivant.errors import VivantError
from vivant.players.sampling import knowledge, sample_hands
from vivant.table import Table
from vivant.variants import find_variant

SHORT_NAME = "python_vivant"
DEFAULTS: dict[str, Any] = {"game": "mort", "players": 0, "seed": 0}
#: Resampling tries before giving up on a deal that replays to the same view.
RESAMPLE_TRIES = 200


def _game_type(players: int) -> Any:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Vivant: a dummy game of whist (one hand)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM
        if players == 2
        else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=8,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULTS,
    )


class VivantGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """The first hand of a sitting of one of the registry's games."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        self.table_class: type[Table] = find_variant(str(params["game"]))
        low = int(getattr(self.table_class, "min_players", 4))
        high = int(getattr(self.table_class, "max_players", low))
        self.players = int(params["players"]) or low
        if not low <= self.players <= high:
            name = self.table_class.variant
            raise VivantError(f"{name} is played by {low} to {high}, not {self.players}")
        self.cut_seed = int(params["seed"])
        limit = self.table_class([f"P{i + 1}" for i in range(self.players)]).hand_return_limit()
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTIONS,
            max_chance_outcomes=52,
            num_players=self.players,
            min_utility=-limit,
            max_utility=limit,
            utility_sum=0.0 if self.players == 2 else None,
            max_game_length=200,
        )
        super().__init__(_game_type(self.players), info, params)

    def new_initial_state(self) -> VivantState:
        return VivantState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(iig_obs_type)


class VivantState(pyspiel.State):  # type: ignore[misc]
    """A table, the pack dealt so far, and the history (the log with the deal in it)."""

    def __init__(self, game: VivantGame) -> None:
        super().__init__(game)
        self.vivant_game = game
        self.names = [f"P{i + 1}" for i in range(game.players)]
        self.table = game.table_class(self.names)
        self.pack: list[int] = []
        self.won: dict[str, int] | None = None
        self.sides: dict[int, str | None] = {}
        #: Each player's return for the hand, once it is scored (the game's ``hand_returns``).
        self.hand_returns: list[float] = [0.0] * len(self.names)
        #: Where in the log the deal of the hand is (the Deal made of ``pack``).
        self.deal_at = -1
        self.rng = random.Random(game.cut_seed)
        self._public_chance()

    def _public_chance(self) -> None:
        """The chance moves the seed fixes: the cuts before the deal, and chance within a hand
        dealt (Boston's still pack and its cut, BO-3.1, which turns a card for all to see)."""
        while self.won is None and self.table.awaiting_chance() and not self._dealing():
            self.table.apply(self.table.chance_action(self.rng))

    # --- whose turn, and what may be done ------------------------------------------------------

    def _dealing(self) -> bool:
        t = self.table
        return self.won is None and t.awaiting_chance() and t.phase == "deal" and t.hand is None

    def _acting(self) -> tuple[Seat, int]:
        seat = self.table.to_act()
        assert seat is not None
        name = self.table.seat_player(self.table.controller(seat))
        assert name is not None
        return seat, self.names.index(name)

    def current_player(self) -> int:
        if self.won is not None or self.table.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        if self._dealing():
            return int(pyspiel.PlayerId.CHANCE)
        return self._acting()[1]

    def _choices(self) -> dict[int, Action]:
        return numbered(self.table.legal_actions(self._acting()[0]))

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._choices())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = sorted(set(range(52)) - set(self.pack))
        return [(c, 1.0 / len(left)) for c in left]

    def _apply_action(self, action: int) -> None:
        if self._dealing():
            self.pack.append(int(action))
            if len(self.pack) == 52:
                self.deal_at = len(self.table.log)
                self.table.apply(Deal(order=tuple(self.pack)))
                self._public_chance()
            return
        seats = [self._seat(p) for p in range(len(self.names))]
        self.sides = {p: self._side(p) for p in range(len(self.names))}
        for event in self.table.apply(self._choices()[int(action)]):
            if event.kind == "hand_scored" and self.won is None:
                self.won = dict(event.data["won"])
                returns = self.table.hand_returns(event.data)
                self.hand_returns = [0.0 if s is None else returns[s] for s in seats]
        if self._dealing():  # the deal thrown in and dealt again (All Fours' bunch, AF-2.6)
            self.pack = []
        self._public_chance()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return f"deal card {action}"
        if self.won is None and not self.table.is_over() and not self._dealing():
            chosen = self._choices().get(int(action))
            if chosen is not None:
                return repr(chosen)
        return f"action {action}"

    # --- the end -------------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.won is not None or bool(self.table.is_over())

    def _seat(self, player: int) -> Seat | None:
        name = self.names[player]
        return next((s for s in range(4) if self.table.seat_player(s) == name), None)

    def _side(self, player: int) -> str | None:
        seat = self._seat(player)
        return None if seat is None else self.table.party_name(seat)

    def returns(self) -> list[float]:
        return list(self.hand_returns)

    # --- what a player knows -------------------------------------------------------------------

    def _view_json(self, player: int) -> dict[str, Any]:
        return dict(self.table.view(self._seat(player)).to_json())

    def information_state_string(self, player: int | None = None) -> str:
        p = self.current_player() if player is None else player
        seat = self._seat(p)
        public = [
            self.table.action_seen_by(a, seat) for a in self.table.log if not isinstance(a, Deal)
        ]
        return json.dumps({"view": self._view_json(p), "history": public}, sort_keys=True)

    def observation_string(self, player: int | None = None) -> str:
        p = self.current_player() if player is None else player
        return json.dumps(self._view_json(p), sort_keys=True)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        p = self.current_player() if player is None else player
        return [float(x) for x in _tensor(self, p)]

    def resample_from_infostate(self, player: int, sampler: Any = None) -> VivantState:
        """A state the player cannot tell from this one: the unseen cards dealt again."""
        seed = int(sampler() * 2**31) if callable(sampler) else random.randrange(2**31)
        return resample(self, player, random.Random(seed))

    def __str__(self) -> str:
        return json.dumps(self.table.view(None).to_json(), sort_keys=True)


def _tensor(state: VivantState, player: int) -> Any:
    seat = state._seat(player)
    view = state.table.view(seat)
    live = state.won is None and not state.table.is_over() and not state._dealing()
    legal = state.table.legal_actions(state._acting()[0]) if live else []
    return encode(view, state._side(player), legal)


def resample(state: VivantState, player: int, rng: random.Random) -> VivantState:
    """``state`` with the cards ``player`` cannot see dealt again consistently with his view."""
    if len(state.pack) < 52:
        clone: VivantState = state.clone()
        return clone
    seat = state._seat(player)
    view = state.table.view(seat)
    target = view.to_json()
    positions = _positions(state)
    for _ in range(RESAMPLE_TRIES):
        holdings = sample_hands(view, rng)
        new = _replayed(state, _order(state, positions, holdings, seat))
        if new is not None and new.table.view(seat).to_json() == target:
            return new
    raise VivantError(f"no deal replays to the view of player {player} in {RESAMPLE_TRIES} tries")


def _positions(state: VivantState) -> list[int]:
    """The seat (or 4, the stock) each position of the pack is in when the first card is played:
    found by replaying the decisions on the last deal's pack in order 0, 1, …, 51 (a card named
    by a decision, as an All Fours discard, becomes its position)."""
    probe = state.vivant_game.table_class(state.names)
    log = state.table.log
    last = state.deal_at
    at = {c: i for i, c in enumerate(state.pack)}
    for i, action in enumerate(log):
        if i > last and isinstance(action, Play):
            break
        if i == last:
            action = Deal(order=tuple(range(52)))
        elif i > last:
            action = _renamed(action, at)
        probe.apply(action)
    hand = probe.hand
    assert hand is not None
    where = [4] * 52
    for seat in range(4):
        for position in range(52):
            if hand.hands[seat] >> position & 1:
                where[position] = seat
    return where


def _order(
    state: VivantState, positions: list[int], holdings: list[int], viewer: Seat | None
) -> tuple[int, ...]:
    """A pack whose positions give each seat, at the first play, the cards it holds in
    ``holdings`` now plus the cards it has played; the cards out of play that ``viewer`` knows
    (the turn-up, cards turned and laid aside, his own discards) keep their places."""
    played = [0, 0, 0, 0]
    for trick in (*state.table.view(None).tricks, state.table.view(None).trick):
        if trick is not None:
            for seat, card in zip(trick.seats, trick.cards, strict=True):
                played[seat] |= 1 << card
    wanted = [holdings[s] | played[s] for s in range(4)]
    stock = ((1 << 52) - 1) & ~(wanted[0] | wanted[1] | wanted[2] | wanted[3])
    pools = [sorted(_cards(w)) for w in (*wanted, stock)]
    view = state.table.view(viewer)
    public = knowledge(view).out_of_play  # the turn-up and the cards turned and laid aside
    if view.turn_up is not None:
        public |= 1 << view.turn_up
    order = list(state.pack)
    for position, seat in enumerate(positions):
        card = state.pack[position]
        if public >> card & 1 and card in pools[seat]:
            pools[seat].remove(card)
            continue
        order[position] = -1
    for position, seat in enumerate(positions):
        if order[position] == -1:
            order[position] = pools[seat].pop()
    return tuple(order)


def _renamed(action: Action, rename: dict[int, int]) -> Action:
    """``action`` with the card it names (a decision's, not a card played) renamed."""
    card = getattr(action, "card", None)
    if isinstance(action, Play) or not isinstance(card, int):
        return action
    return dataclasses.replace(action, card=rename[card])  # type: ignore[call-arg]


def _cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def _replayed(state: VivantState, order: tuple[int, ...]) -> VivantState | None:
    """``state``'s history replayed on the pack ``order``, or ``None`` if it does not replay."""
    new = VivantState(state.vivant_game)
    log = state.table.log
    start = len(new.table.log)
    last = state.deal_at
    rename = dict(zip(state.pack, order, strict=True))
    first_play = next((i for i in range(last, len(log)) if isinstance(log[i], Play)), len(log))
    try:
        for i, action in enumerate(log[start:], start):
            if i == last:
                new.pack, new.deal_at = list(order), last
                new.table.apply(Deal(order=order))
            elif last < i < first_play:  # a decision before play naming a dealt card
                new.table.apply(_renamed(action, rename))
            else:
                new.table.apply(action)
    except ValueError:
        return None
    new.won, new.sides = state.won, dict(state.sides)
    new.hand_returns, new.rng = list(state.hand_returns), copy.deepcopy(state.rng)
    return new


class Observer:
    """pyspiel's observer protocol: the environment's tensor and the view as a string."""

    def __init__(self, iig_obs_type: Any) -> None:
        self.tensor = np.zeros(OBSERVATION_SIZE, np.float32)
        self.dict = {"observation": self.tensor}
        self.perfect_recall = bool(getattr(iig_obs_type, "perfect_recall", False))

    def set_from(self, state: VivantState, player: int) -> None:
        self.tensor[:] = _tensor(state, player)

    def string_from(self, state: VivantState, player: int) -> str:
        if self.perfect_recall:
            return str(state.information_state_string(player))
        return str(state.observation_string(player))


def register() -> None:
    """Register ``python_vivant`` with pyspiel (once)."""
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(2), VivantGame)
