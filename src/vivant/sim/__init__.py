"""Simulation: many sittings of a game with computer players, on one core, local processes or a
Dask cluster, with the same results for the same master seed on every backend.

>>> from vivant.sim import make_tasks, run, summarise
>>> tasks = make_tasks("thirteen", [["random", "random"]], sittings=2, master_seed=1)
>>> summary = summarise(run(tasks))
>>> summary["lineups"][0]["sittings"]
2
"""

from vivant.sim.executors import BACKENDS, batches, run
from vivant.sim.summary import describe, summarise, summary_text, write_rows
from vivant.sim.tasks import SittingTask, make_tasks, run_task, sitting_seed

__all__ = [
    "BACKENDS",
    "SittingTask",
    "batches",
    "describe",
    "make_tasks",
    "run",
    "run_task",
    "sitting_seed",
    "summarise",
    "summary_text",
    "write_rows",
]
