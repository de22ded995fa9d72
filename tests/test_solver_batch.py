"""The Monte-Carlo workload, checked card by card against DDS: the sampled worlds of one decision
solved in a row by one solver whose table stays warm across them (it is emptied only when the
game changes), against DDS's own batch (``SolveAllBoardsBin``, one thread) on the same samples.

The decisions and samples are the benchmark's (``benchmarks/solver_vs_dds.py``): Mort deals
played by the heuristic players, at 13, 10, 7 and 4 cards a hand, each sampled by the
montecarlo player's own sampler.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from vivant.solver import Solver

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "solver_vs_dds.py"


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("solver_vs_dds", BENCH)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("solver_vs_dds", mod)
    spec.loader.exec_module(mod)
    return mod


def test_warm_batch_of_samples_equals_dds_card_by_card() -> None:
    b = bench()
    dds = b.DDS()
    decisions = b.mc_decisions(b.SEED, 1, 4)
    sizes = [len(d[0].hands[d[0].to_move]) for d in decisions]
    assert sizes == [13, 10, 7, 4]
    ours = Solver(16)
    checked = 0
    for samples in decisions:
        _, want = dds.solve_all_boards(samples)
        ours.clear()
        for pos, dds_values in zip(samples, want, strict=True):
            got = ours.card_values(pos)  # warm: the samples before it left their entries
            assert got == dds_values, (pos, got, dds_values)
            assert set(got) == set(pos.legal_cards())
            checked += len(got)
    assert checked >= 4 * 4 * 2
