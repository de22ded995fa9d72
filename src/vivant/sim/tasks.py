"""One unit of simulation work: a whole sitting of a game played by computer players.

A :class:`SittingTask` names the game, the player kind at each place (in the order the players
come to the table: ``P1``, ``P2``, …; the cut then gives them their roles), the laws mode, the
table's options, a steering for any place (:mod:`vivant.sim.steering`: a fixed choice for one
decision, as a study needs) and the sitting's own seed. :func:`run_task` plays it and keeps only
what is read afterwards: one row for the sitting (each player's settlement and kind), one row
per game of it (its value and winner, where the game's record has them) and one per hand (its
dealer and the tricks each side won) — or what the task's own ``extract`` function takes from
the record. Seeds come from the master seed by hashing, so a task's
result depends on nothing but the task: any executor, in any order, gives the same rows.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from vivant.players.base import Player, find_player
from vivant.players.dd import DoubleDummyPlayer
from vivant.players.driver import play_sitting
from vivant.sim.steering import steered
from vivant.table import Table
from vivant.variants import find_variant

#: Rough relative cost of one decision of each player kind, for scheduling the hardest first.
DECISION_COST: dict[str, float] = {
    "random": 1.0,
    "heuristic": 2.0,
    "mc-fast": 60.0,
    "montecarlo": 250.0,
    "mc-strong": 1500.0,
    "dd": 150.0,
}


class Task(Protocol):
    """What an executor runs: anything with a line-up and a number (to sort the results by), a
    cost estimate (to schedule the hardest first) and ``run()``, which returns a result whose
    ``"sitting"`` row carries ``lineup`` and ``sitting``."""

    @property
    def lineup(self) -> int: ...

    @property
    def sitting(self) -> int: ...

    @property
    def cost(self) -> float: ...

    def run(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class SittingTask:
    """Sitting ``sitting`` of line-up ``lineup``; ``players``: the kind at each place."""

    game: str
    players: tuple[str, ...]
    seed: int
    sitting: int
    lineup: int = 0
    laws: bool = False
    options: tuple[str, ...] = ()
    steer: tuple[str, ...] = ()
    extract: Callable[[SittingTask, dict[str, Any]], dict[str, Any]] | None = None

    @property
    def cost(self) -> float:
        """An estimate of the work, in heuristic-decision units: the player kinds' mean cost."""
        return sum(DECISION_COST.get(kind, 2.0) for kind in self.players) / len(self.players)

    def run(self) -> dict[str, Any]:
        """Play the sitting (:func:`run_task`)."""
        return run_task(self)


def sitting_seed(master: int, lineup: int, sitting: int) -> int:
    """The seed of one sitting: 32 bits of a hash of the master seed, line-up and number."""
    digest = hashlib.blake2b(f"vivant-sim/{master}/{lineup}/{sitting}".encode(), digest_size=4)
    return int.from_bytes(digest.digest(), "big")


def make_tasks(
    game: str,
    lineups: Sequence[Sequence[str]],
    sittings: int,
    master_seed: int,
    *,
    laws: bool = False,
    paired: bool = False,
) -> list[SittingTask]:
    """``sittings`` tasks for each line-up, with seeds drawn from ``master_seed``; ``paired``
    gives sitting ``i`` of every line-up the same seed (the same cuts and packs, as far as the
    line-ups' choices let them stay the same)."""
    find_variant(game)
    for lineup in lineups:
        for kind in lineup:
            find_player(kind)
    return [
        SittingTask(
            game, tuple(kinds), sitting_seed(master_seed, 0 if paired else k, i), i, k, laws
        )
        for k, kinds in enumerate(lineups)
        for i in range(sittings)
    ]


def seat_players(table: Table, kinds: Sequence[str], seed: int) -> dict[str, Player]:
    """A computer player for each name at ``table``, of the kind at the same place in ``kinds``,
    each seeded from ``seed`` and its place (the double-dummy player is shown the table)."""
    bots: dict[str, Player] = {}
    for i, (name, kind) in enumerate(zip(table.players, kinds, strict=True)):
        bot = find_player(kind)(seed=seed * 16 + i + 1)
        if isinstance(bot, DoubleDummyPlayer):
            bot.attach(table)
        bots[name] = bot
    return bots


def _players(table: Table, task: SittingTask) -> dict[str, Player]:
    bots = seat_players(table, task.players, task.seed)
    for name, steering in zip(table.players, task.steer, strict=False):
        if steering:
            bots[name] = steered(bots[name], steering)
    return bots


def play_task(task: SittingTask) -> dict[str, Any]:
    """The whole record of the task's sitting (as ``vivant play --auto --json`` prints it)."""
    cls = find_variant(task.game)
    options = {name: True for name in task.options}
    table = cls([f"P{i + 1}" for i in range(len(task.players))], laws=task.laws, **options)
    players = _players(table, task)
    return play_sitting(table, players, random.Random(task.seed), seed=task.seed)


def run_task(task: SittingTask) -> dict[str, Any]:
    """Play the task and return ``{"sitting": row, "games": [row, …], "hands": [row, …]}`` (see
    the module doc), or, when the task has its own ``extract``, what that gives with the
    sitting's row added under ``"sitting"``."""
    record = play_task(task)
    names = [f"P{i + 1}" for i in range(len(task.players))]
    settlement = record.get("settlement", {})
    games = record.get("games", [])
    sitting: dict[str, Any] = {
        "lineup": task.lineup,
        "sitting": task.sitting,
        "seed": task.seed,
        "game": task.game,
        "games": len(games),
        "hands": sum(len(g.get("hands", [])) for g in games),
    }
    for name, kind in zip(names, task.players, strict=True):
        sitting[f"kind_{name}"] = kind
        sitting[f"settle_{name}"] = int(settlement.get(name, 0))
    if task.extract is not None:
        return {**task.extract(task, record), "sitting": sitting}
    rows = [_game_row(task, number, g) for number, g in enumerate(games, start=1)]
    hands = [
        _hand_row(task, number, k, hand)
        for number, g in enumerate(games, start=1)
        for k, hand in enumerate(g.get("hands", []), start=1)
    ]
    return {"sitting": sitting, "games": rows, "hands": hands}


def _hand_row(
    task: SittingTask, game_no: int, hand_no: int, hand: dict[str, Any]
) -> dict[str, Any]:
    row: dict[str, Any] = {
        "lineup": task.lineup,
        "sitting": task.sitting,
        "game_no": game_no,
        "hand_no": hand_no,
        "dealer": str(hand.get("dealer", "")),
        "trump": str(hand.get("trump", "")),
    }
    for side, tricks in sorted((hand.get("won") or {}).items()):
        row[f"won_{side}"] = int(tricks)
    return row


def _game_row(task: SittingTask, number: int, game: dict[str, Any]) -> dict[str, Any]:
    value = game.get("value")
    return {
        "lineup": task.lineup,
        "sitting": task.sitting,
        "game_no": number,
        "hands": len(game.get("hands", [])),
        "winner": str(game.get("winner", "")),
        "value": int(value) if isinstance(value, int) else None,
    }


def run_batch(tasks: Sequence[Task]) -> list[dict[str, Any]]:
    """Run several tasks in one call (one round trip to a worker)."""
    return [t.run() for t in tasks]
