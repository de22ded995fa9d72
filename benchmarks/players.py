"""Decision time of the Monte-Carlo player over a whole game of Mort, one core.

Every place of a four-player Mort table gets a Monte-Carlo player of the level asked for (the
default ``montecarlo``); one whole game (to five points, as many hands as it takes) is played
through the driver, and each decision the players make is timed: the wall time of ``choose`` on
the seat's view. Printed: the level, its sample count and horizon, the number of decisions, the
median over every decision, and the median and 90th percentile over the card decisions the
solver was consulted for (the sampled ones; earlier cards are the heuristic's). The process is
pinned to one core where the system allows.

With ``--first-trick N`` it times instead the card decisions of the first trick of N deals of
Mort (13 cards a hand, the costliest), the process left on every core the system gives it (the
level's solver threads run in parallel): median and maximum per card.

Every time is given twice: wall time, and the CPU time of the process over the decision (its
solver threads' included), which other work on a shared machine disturbs less; divided by the
level's threads it is the wall time the decision takes on that many idle cores. The machine's
load average is printed too.

Usage: ``python benchmarks/players.py [--level montecarlo] [--seed N] [--first-trick N] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from collections.abc import Sequence

from vivant.actions import Action
from vivant.players import step
from vivant.players.montecarlo import LEVELS, MonteCarloPlayer
from vivant.variants.mort import MortTable
from vivant.views import View

NAMES = ("P1", "P2", "P3", "P4")


class Timed:
    """A Monte-Carlo player whose every decision is timed."""

    def __init__(self, inner: MonteCarloPlayer) -> None:
        self.inner = inner
        self.kind = inner.kind
        self.all: list[float] = []
        self.sampled: list[float] = []
        self.cpu_all: list[float] = []
        self.cpu_sampled: list[float] = []

    def choose(self, view: View, legal: Sequence[Action], default: Action | None = None) -> Action:
        start = time.perf_counter()
        cpu = time.process_time()
        action = self.inner.choose(view, legal, default)
        took = time.perf_counter() - start
        cpu = time.process_time() - cpu
        self.all.append(took)
        self.cpu_all.append(cpu)
        if self.inner.last is not None:
            self.sampled.append(took)
            self.cpu_sampled.append(cpu)
        return action


def one_game(level: str, seed: int) -> tuple[list[float], list[float], list[float], list[float]]:
    """Wall times of every decision and of the sampled ones over the first game of a sitting,
    then their CPU times."""
    table = MortTable(list(NAMES))
    players = {n: Timed(MonteCarloPlayer(seed * 10 + i, kind=level)) for i, n in enumerate(NAMES)}
    rng = random.Random(seed)
    while not table.is_over() and not table.games:
        step(table, players, rng)
    every = [t for p in players.values() for t in p.all]
    sampled = [t for p in players.values() for t in p.sampled]
    cpu = [t for p in players.values() for t in p.cpu_all]
    cpu_sampled = [t for p in players.values() for t in p.cpu_sampled]
    return every, sampled, cpu, cpu_sampled


def first_trick(level: str, deals: int, seed: int) -> tuple[list[float], list[float]]:
    """Wall and CPU times of the card decisions of the first trick of ``deals`` deals of Mort."""
    times: list[float] = []
    cpu: list[float] = []
    for d in range(deals):
        table = MortTable(list(NAMES))
        players = {
            n: Timed(MonteCarloPlayer(seed * 10 + i, kind=level)) for i, n in enumerate(NAMES)
        }
        rng = random.Random(seed * 1000 + d)
        while table.hand is None or not table.hand.tricks:
            step(table, players, rng)
        times += [t for p in players.values() for t in p.sampled]
        cpu += [t for p in players.values() for t in p.cpu_sampled]
    return times, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="montecarlo", choices=sorted(LEVELS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--first-trick", type=int, default=0, metavar="DEALS")
    args = parser.parse_args()
    if args.first_trick:
        times, cpu = first_trick(args.level, args.first_trick, args.seed)
        threads = LEVELS[args.level].threads
        first = {
            "level": args.level,
            "first_trick_cards": len(times),
            "threads": threads,
            "median_s": statistics.median(times),
            "max_s": max(times),
            "cpu_median_s": statistics.median(cpu),
            "cpu_max_s": max(cpu),
            "load_average": round(os.getloadavg()[0], 2),
        }
        if args.json:
            print(json.dumps(first))
        else:
            print(
                f"{args.level} at Mort's first trick ({threads} solver threads): "
                f"{len(times)} cards, median {first['median_s']:.3f} s, "
                f"max {first['max_s']:.3f} s; "
                f"CPU median {first['cpu_median_s']:.3f} s, max {first['cpu_max_s']:.3f} s "
                f"(over {threads} threads: median {first['cpu_median_s'] / threads:.3f} s); "
                f"load average {first['load_average']}"
            )
        return
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    every, sampled, cpu, cpu_sampled = one_game(args.level, args.seed)
    level = LEVELS[args.level]
    out = {
        "level": args.level,
        "samples": level.samples,
        "horizon_cards": level.max_cards,
        "node_budget": level.nodes,
        "decisions": len(every),
        "median_s": statistics.median(every),
        "sampled_decisions": len(sampled),
        "sampled_median_s": statistics.median(sampled) if sampled else 0.0,
        "sampled_p90_s": statistics.quantiles(sampled, n=10)[-1] if len(sampled) > 1 else 0.0,
        "max_s": max(every),
        "cpu_median_s": statistics.median(cpu),
        "cpu_sampled_median_s": statistics.median(cpu_sampled) if cpu_sampled else 0.0,
        "load_average": round(os.getloadavg()[0], 2),
    }
    if args.json:
        print(json.dumps(out))
        return
    print(
        f"{out['level']}: {out['samples']} samples, solver from {out['horizon_cards']} cards; "
        f"{out['decisions']} decisions over a game of Mort; median {out['median_s']:.4f} s; "
        f"sampled decisions {out['sampled_decisions']}: median {out['sampled_median_s']:.4f} s, "
        f"90th percentile {out['sampled_p90_s']:.4f} s; max {out['max_s']:.4f} s; CPU median "
        f"{out['cpu_median_s']:.4f} s, sampled {out['cpu_sampled_median_s']:.4f} s; "
        f"load average {out['load_average']}"
    )


if __name__ == "__main__":
    main()
