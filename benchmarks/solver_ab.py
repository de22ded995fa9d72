"""Time two builds of the solver's extension side by side in one process, for a change that moves
the time but not in step with the nodes (``solver_counts.py`` judges the rest).

Both builds' ``_dd`` modules are loaded from their files (copy each built
``_dd.cpython-*.so`` aside first) and solve the same positions interleaved, position by
position, the order of the two swapped every run, so that both see the same machine state::

    PYTHONPATH=src:benchmarks .venv/bin/python benchmarks/solver_ab.py A.so B.so --n 40 --runs 2
    PYTHONPATH=src:benchmarks .venv/bin/python benchmarks/solver_ab.py A.so B.so --mc-deals 5

Full deals: ``--n`` deals (seed 20240601) x 5 trumps, leader rotating, max tricks, each solve
cold, as ``solver_counts.py`` runs them; with ``--mc-deals``, the Monte-Carlo workload instead
(each decision's samples solved for every card's value, the table emptied once a decision).
Printed: each build's time and nodes, and the ratios B/A of the time and of the time a node, and of
the sums of each group's fastest run (steadier on a busy machine: use ``--runs`` 3 or more).
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import time
from types import ModuleType
from typing import Any

from solver_vs_dds import SEED, gen_deals, mc_decisions
from vivant.cards import CardSet
from vivant.solver import Position


def load(path: str) -> ModuleType:
    """The ``_dd`` extension module of the file ``path``."""
    loader = importlib.machinery.ExtensionFileLoader("_dd", path)
    spec = importlib.util.spec_from_file_location("_dd", path, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def solve_args(pos: Position, all_cards: bool) -> tuple[Any, ...]:
    """The arguments of ``Engine.solve`` for ``pos``, without a node limit."""
    masks = tuple(h.mask for h in pos.hands)
    return (masks, pos.trump, pos.leader, pos.trick, all_cards, pos.sides, pos.misere, 0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("a", help="build A: a _dd extension file")
    ap.add_argument("b", help="build B: a _dd extension file")
    ap.add_argument("--n", type=int, default=40, help="full deals (x 5 trumps)")
    ap.add_argument("--mc-deals", type=int, default=0, help="Mort deals of the MC workload")
    ap.add_argument("--mc-samples", type=int, default=32, help="samples a decision")
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--tt-mb", type=int, default=64)
    ap.add_argument(
        "--wall",
        action="store_true",
        help="time by the wall clock (default: this thread's CPU time, which leaves out "
        "the time other work on the machine holds the core)",
    )
    args = ap.parse_args()
    clock = time.perf_counter_ns if args.wall else time.thread_time_ns
    engines = [load(path).Engine(args.tt_mb << 20) for path in (args.a, args.b)]
    # one group of positions a table: a cold full-deal solve, or a decision's samples
    groups: list[list[Position]]
    if args.mc_deals:
        groups = mc_decisions(SEED, args.mc_deals, args.mc_samples)
    else:
        deals = gen_deals(SEED, args.n)
        groups = [
            [Position(tuple(CardSet(h) for h in hands), s, (di + s) % 4)]
            for s in range(5)
            for di, hands in enumerate(deals)
        ]
    all_cards = bool(args.mc_deals)
    ns = [0, 0]
    nodes = [0, 0]
    # each group's fastest run per build: a run slowed by other work on the machine drops out
    best = [[0] * len(groups), [0] * len(groups)]
    for run in range(args.runs):
        for g, group in enumerate(groups):
            for k in (0, 1) if (run + g) % 2 == 0 else (1, 0):
                engine = engines[k]
                t0 = clock()
                engine.clear()
                for pos in group:
                    engine.solve(*solve_args(pos, all_cards))
                    nodes[k] += engine.nodes
                dt = clock() - t0
                ns[k] += dt
                if run == 0 or dt < best[k][g]:
                    best[k][g] = dt
    for k, path in enumerate((args.a, args.b)):
        print(
            f"{'AB'[k]} {path}: {ns[k] / 1e9:.3f} s  nodes {nodes[k]}  "
            f"(best of runs {sum(best[k]) / 1e9:.3f} s)"
        )
    per_node = (ns[1] / max(nodes[1], 1)) / (ns[0] / max(nodes[0], 1))
    print(
        f"B/A time {ns[1] / ns[0]:.4f}  time a node {per_node:.4f}  "
        f"best of runs {sum(best[1]) / sum(best[0]):.4f}"
    )


if __name__ == "__main__":
    main()
