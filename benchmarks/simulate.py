"""Simulation scaling: the same sittings on 1 and on 2 workers, for local processes and Dask.

Each line times ``vivant.sim.run`` over the same tasks (Mort, heuristic players by default) and
prints the sittings per second and the speed-up from 1 to 2 workers (ideal: 2×). The results of
every run are checked equal to the serial run's, so the figures are of the same work. Worker
start-up is inside the timing, as a user of ``vivant simulate`` pays it.

Usage: ``python benchmarks/simulate.py [--game mort] [--players heuristic] [--sittings 600]``.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from vivant.sim import SittingTask, make_tasks, run
from vivant.variants import find_variant


def timed(
    tasks: list[SittingTask], backend: str, workers: int
) -> tuple[float, list[dict[str, Any]]]:
    start = time.perf_counter()
    results = run(tasks, backend, workers=workers)
    return time.perf_counter() - start, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="mort")
    parser.add_argument("--players", default="heuristic")
    parser.add_argument("--sittings", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    seats = int(getattr(find_variant(args.game), "min_players", 4))
    tasks = make_tasks(args.game, [[args.players] * seats], args.sittings, args.seed)
    serial_time, reference = timed(tasks, "serial", 1)
    rows: dict[str, dict[str, float]] = {"serial": {"1": serial_time}}
    for backend in ("processes", "dask"):
        rows[backend] = {}
        for workers in (1, 2):
            seconds, results = timed(tasks, backend, workers)
            if results != reference:
                raise SystemExit(f"{backend} with {workers} workers gave other results")
            rows[backend][str(workers)] = seconds
    load = os.getloadavg()[0]
    if args.json:
        print(json.dumps({"sittings": args.sittings, "load": load, "seconds": rows}))
        return
    print(
        f"{args.game}, {args.players} players, {args.sittings} sittings; "
        f"load average {load:.2f}; {os.cpu_count()} cores"
    )
    print(f"  serial        1 worker : {serial_time:6.2f} s  {args.sittings / serial_time:7.1f}/s")
    for backend in ("processes", "dask"):
        one, two = rows[backend]["1"], rows[backend]["2"]
        print(
            f"  {backend:9}     1 worker : {one:6.2f} s  {args.sittings / one:7.1f}/s   "
            f"2 workers: {two:6.2f} s  {args.sittings / two:7.1f}/s   speed-up {one / two:.2f}x"
        )


if __name__ == "__main__":
    main()
