"""Repeatable work counts of the solver, for judging a change on a noisy machine: search nodes
and a digest of every result, over the positions of ``benchmarks/solver_vs_dds.py``.

Times on a shared machine move by 10-20 % from run to run; the nodes searched do not, and the
instructions executed barely do. So a change to the search is judged by its nodes (same nodes
and the same digest: the same search, only cheaper or dearer per node) and by the instructions
valgrind counts inside the solver alone::

    valgrind --tool=callgrind --toggle-collect=dd_solve --callgrind-out-file=/tmp/cg.out \\
        .venv/bin/python benchmarks/solver_counts.py --n 10 --no-mc

(the ``Collected`` figure valgrind prints; ``--toggle-collect`` leaves Python out). Printed: the
solves, the nodes and the digest of each workload:

* full deals: ``--n`` deals (seed 20240601) x 5 trumps, leader rotating, max tricks, each solve
  cold (table emptied first), as the benchmark times them against DDS;
* the Monte-Carlo workload: the benchmark's decisions (``--mc-deals`` Mort deals, ``--mc-samples``
  worlds each), every card's value of each sample, the table emptied once a decision.
"""

from __future__ import annotations

import argparse
import hashlib

from solver_vs_dds import SEED, gen_deals, mc_decisions
from vivant.cards import CardSet
from vivant.solver import Position, Solver


def full_deals(solver: Solver, n: int) -> tuple[int, int, str]:
    """Solves, nodes and result digest of the cold max-tricks solves of n deals x 5 trumps."""
    nodes, digest = 0, hashlib.sha256()
    deals = gen_deals(SEED, n)
    for s in range(5):
        for di, hands in enumerate(deals):
            solver.clear()
            t = solver.tricks(Position(tuple(CardSet(h) for h in hands), s, (di + s) % 4))
            nodes += solver.nodes
            digest.update(bytes([t]))
    return 5 * n, nodes, digest.hexdigest()[:16]


def monte_carlo(solver: Solver, deals: int, samples: int) -> tuple[int, int, str]:
    """Solves, nodes and digest of every card's value over the Monte-Carlo decisions' samples."""
    nodes, count, digest = 0, 0, hashlib.sha256()
    for decision in mc_decisions(SEED, deals, samples):
        solver.clear()
        for pos in decision:
            values = solver.card_values(pos)
            nodes += solver.nodes
            count += 1
            digest.update(repr(sorted(values.items())).encode())
    return count, nodes, digest.hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--n", type=int, default=20, help="full deals (x 5 trumps)")
    ap.add_argument("--no-mc", action="store_true", help="skip the Monte-Carlo workload")
    ap.add_argument("--mc-deals", type=int, default=5, help="Mort deals of the MC workload")
    ap.add_argument("--mc-samples", type=int, default=32, help="samples a decision")
    ap.add_argument("--tt-mb", type=float, default=64)
    args = ap.parse_args()
    solver = Solver(args.tt_mb)
    runs = [("full deals", full_deals(solver, args.n))]
    if not args.no_mc:
        runs.append(("Monte-Carlo", monte_carlo(solver, args.mc_deals, args.mc_samples)))
    for name, (solves, nodes, digest) in runs:
        print(f"{name:<12} solves {solves}  nodes {nodes}  digest {digest}", flush=True)


if __name__ == "__main__":
    main()
