"""Engine speed: hands of Mort per second played by random players, strict mode, one core.

Each run plays whole four-player tournées with :class:`~vivant.players.random.RandomPlayer` at
every place through the same driver a front end uses (:func:`vivant.players.step`: the seat's
view, its legal actions, the player's choice, ``apply``), and counts the hands scored. The figure
printed is the median of several runs. A second line gives the bare engine loop (legal actions
and ``apply`` only, no views), which shows what the views cost; a third the fast playout engine
(:mod:`vivant.playout`: hands dealt and played at random in C), all in the same run, with the
machine's load average. The driver's figure is set beside issue 18's baseline (505 hands/s
through the driver with views, 2,591 for the bare loop, measured when the issue was filed) and
its target, three times the baseline; it is given per second of wall time and per second of the
process's CPU time (which other work on a shared machine disturbs less).

Usage: ``python benchmarks/engine.py [--runs N] [--seconds S] [--json]`` (``make bench``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time

from vivant.players import RandomPlayer, step
from vivant.playout import Playout
from vivant.variants.mort import MortTable

NAMES = ("P1", "P2", "P3", "P4")

#: Issue 18's baseline: hands/s through the driver with views, and for the bare engine loop.
BASELINE_DRIVER = 505
BASELINE_LOOP = 2591
#: Issue 18's target for the driver path: three times its baseline.
TARGET_DRIVER = 3 * BASELINE_DRIVER


def hands_of(table: MortTable) -> int:
    """Hands scored in a finished sitting (hands thrown in are not counted)."""
    return sum(1 for g in table.games for h in g["hands"] if not h.get("abandoned"))


def run_driver(seconds: float, seed: int) -> float:
    """Hands per second for random players through the driver (views built for each choice)."""
    return run_driver_timed(seconds, seed)[0]


def run_driver_timed(seconds: float, seed: int) -> tuple[float, float]:
    """Hands per second of wall time and per second of CPU time through the driver."""
    hands = 0
    start = time.perf_counter()
    cpu = time.process_time()
    n = 0
    while True:
        table = MortTable(list(NAMES))
        players = {name: RandomPlayer(seed=seed * 1000 + n * 4 + i) for i, name in enumerate(NAMES)}
        rng = random.Random(seed * 1000 + n)
        while not table.is_over():
            step(table, players, rng)
        hands += hands_of(table)
        n += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return hands / elapsed, hands / (time.process_time() - cpu)


def run_engine(seconds: float, seed: int) -> float:
    """Hands per second for the bare loop: uniform choice among the legal actions, no views."""
    hands = 0
    start = time.perf_counter()
    n = 0
    while True:
        table = MortTable(list(NAMES))
        rng = random.Random(seed * 1000 + n)
        while not table.is_over():
            if table.awaiting_chance():
                table.apply(table.chance_action(rng))
                continue
            seat = table.to_act()
            assert seat is not None
            legal = table.legal_actions(seat)
            table.apply(legal[rng.randrange(len(legal))])
        hands += hands_of(table)
        n += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return hands / elapsed


def run_fast(seconds: float, seed: int) -> float:
    """Hands per second dealt and played out at random by the fast playout engine."""
    fast = Playout("mort")
    hands = 0
    start = time.perf_counter()
    while True:
        fast.random_hands(20000, seed=seed * 1000 + hands)
        hands += 20000
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return hands / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs; the median is printed (5)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per run (1.0)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    timed = [run_driver_timed(args.seconds, seed) for seed in range(args.runs)]
    driver = [w for w, _ in timed]
    engine = [run_engine(args.seconds, seed) for seed in range(args.runs)]
    fast = [run_fast(args.seconds, seed) for seed in range(args.runs)]
    result = {
        "fast_playout_hands_per_second": round(statistics.median(fast)),
        "load_average": round(os.getloadavg()[0], 2),
        "hands_per_second": round(statistics.median(driver)),
        "hands_per_cpu_second": round(statistics.median(c for _, c in timed)),
        "baseline_hands_per_second": BASELINE_DRIVER,
        "target_hands_per_second": TARGET_DRIVER,
        "engine_loop_hands_per_second": round(statistics.median(engine)),
        "runs": args.runs,
        "mode": "strict",
        "players": "random",
    }
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"Mort, random players, strict mode, one core: {result['hands_per_second']:,} hands/s "
        f"(median of {args.runs} runs; driver with views), "
        f"{result['hands_per_cpu_second']:,} per CPU second; "
        f"{result['hands_per_second'] / BASELINE_DRIVER:.2f}x issue 18's baseline of "
        f"{BASELINE_DRIVER:,} hands/s (target {TARGET_DRIVER:,}, 3x)"
    )
    print(
        f"bare engine loop (legal actions + apply, no views): "
        f"{result['engine_loop_hands_per_second']:,} hands/s (baseline {BASELINE_LOOP:,})"
    )
    print(
        f"fast playout engine (C, dealt and played at random): "
        f"{result['fast_playout_hands_per_second']:,} hands/s; "
        f"load average {result['load_average']}"
    )


if __name__ == "__main__":
    main()
