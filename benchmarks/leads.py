"""The Monte-Carlo player's leads at Mort, two settings paired decision by decision.

Principle: a duel (``benchmarks/strength.py``, ``vivant duel``) measures a setting over whole
hands, at 15-50 CPU seconds a deal of Mort for two montecarlo players; a setting that only acts
at a lead (``lead_scale``) can be judged far more cheaply on the leads alone. For deal ``i`` of
the duels' seeds (``duel/2026/i``) the heuristic player plays every hand up to trick
``i % tricks`` (the first seven by default: they carry most of the dd error), then the seat that
leads that trick chooses its card twice, by ``MonteCarloPlayer(seed, **a)`` and
``MonteCarloPlayer(seed, **b)`` with the same seed (the same random numbers), and each card's
dd loss is measured on the true deal (``vivant.cli.duel.dd_loss``). Printed: each setting's
mean loss a lead and the paired difference A - B with its 95% interval, the leads where the
cards differ, and the CPU seconds of a decision (at the opening lead too).

The play before the lead is the heuristic player's, the very model the inference weights
assume, so a setting of the inference is not judged fairly here: duel it.

Usage: ``python benchmarks/leads.py --a '{"lead_scale": 2}' --b '{}' --positions 80``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

from vivant.actions import Action, Play
from vivant.cli.duel import dd_loss, deal_position, duel_seed, mean_ci
from vivant.players import step
from vivant.players.dd import DD_TT_MB
from vivant.players.heuristic import HeuristicPlayer
from vivant.players.montecarlo import MonteCarloPlayer
from vivant.solver import Solver
from vivant.table import PLAY, Table
from vivant.views import View

SEED = 2026


@dataclass(frozen=True, slots=True)
class Lead:
    """One lead: its trick (0 the opening lead), each setting's dd loss and CPU seconds."""

    trick: int
    loss: tuple[int, int]
    seconds: tuple[float, float]
    same: bool


def lead_of(i: int, tricks: int) -> tuple[Table, View, list[Action]] | None:
    """Deal ``i`` played by the heuristic player up to the lead of trick ``i % tricks`` (the
    first lead from then on where the leader has a choice), or ``None`` if none comes."""
    seed = duel_seed(SEED, i)
    cls, config, log = deal_position("mort", seed)
    table = cls.replay(config, log)
    hand = table.hand
    heuristic = HeuristicPlayer(seed)
    rng = random.Random(seed)
    while table.hand is hand and hand is not None and table.phase == PLAY:
        seat = table.to_act()
        if seat is None:
            step(table, {}, rng)
            continue
        view, legal = table.view(seat), table.legal_actions(seat)
        leads = view.trick is None or not view.trick.cards
        plays = [a for a in legal if isinstance(a, Play)]
        if leads and len(plays) > 1 and len(hand.tricks) >= i % tricks:
            return table, view, legal
        table.apply(heuristic.choose(view, legal, None))
    return None


def judge(i: int, tricks: int, a: dict[str, Any], b: dict[str, Any], solver: Solver) -> Lead | None:
    """Lead ``i`` chosen by both settings and measured on the true deal."""
    found = lead_of(i, tricks)
    if found is None:
        return None
    table, view, legal = found
    assert table.hand is not None
    seed = duel_seed(SEED, i)
    loss: list[int] = []
    seconds: list[float] = []
    cards: list[Action] = []
    for kw in (a, b):
        start = time.process_time()
        action = MonteCarloPlayer(seed, **kw).choose(view, legal)
        seconds.append(time.process_time() - start)
        assert isinstance(action, Play)
        lost = dd_loss(view, table.hand.hands, action, solver)
        loss.append(0 if lost is None else lost)
        cards.append(action)
    return Lead(
        len(table.hand.tricks), (loss[0], loss[1]), (seconds[0], seconds[1]), cards[0] == cards[1]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="{}", help="setting A: MonteCarloPlayer keywords, JSON")
    parser.add_argument("--b", default="{}", help="setting B: MonteCarloPlayer keywords, JSON")
    parser.add_argument("--positions", type=int, default=80, help="deals, one lead each")
    parser.add_argument("--tricks", type=int, default=7, help="leads of the first this many tricks")
    args = parser.parse_args()
    a, b = json.loads(args.a), json.loads(args.b)
    solver = Solver(DD_TT_MB)
    leads = [x for i in range(args.positions) if (x := judge(i, args.tricks, a, b, solver))]
    diff, (lo, hi) = mean_ci([x.loss[0] - x.loss[1] for x in leads])
    opening = [x for x in leads if x.trick == 0]
    print(f"A {a} v B {b}: {len(leads)} leads of tricks 1-{args.tricks}")
    for k, name in enumerate("AB"):
        cpu = statistics.median(x.seconds[k] for x in leads)
        first = statistics.median(x.seconds[k] for x in opening) if opening else 0.0
        loss = sum(x.loss[k] for x in leads) / len(leads)
        print(
            f"{name}: dd loss {loss:.3f} a lead; CPU median {cpu:.2f} s, opening lead {first:.2f} s"
        )
    differ = sum(not x.same for x in leads)
    print(f"A - B: {diff:+.3f} [{lo:+.3f}, {hi:+.3f}] a lead; cards differ at {differ}")


if __name__ == "__main__":
    main()
