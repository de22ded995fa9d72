"""Where the sittings run: in this process, on local processes, or on a Dask cluster.

Every executor takes the same batches and gives back the same results; only the order in which
they finish differs, and :func:`run` sorts them by line-up and sitting, so a master seed gives
identical output on every backend. Tasks are sorted hardest first (by their ``cost``)
before they are cut into batches, so a long sitting is not left to start last.
"""

from __future__ import annotations

import multiprocessing
import socket
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from vivant.errors import VivantError
from vivant.sim.tasks import Task, run_batch

BACKENDS: tuple[str, ...] = ("serial", "processes", "dask")

Batch = list[Task]
Result = dict[str, Any]


def batches(tasks: Sequence[Task], size: int) -> list[Batch]:
    """The tasks, hardest first, in batches of ``size`` (the last may be shorter)."""
    if size < 1:
        raise VivantError(f"a batch holds at least one sitting, not {size}")
    ordered = sorted(tasks, key=lambda t: -t.cost)
    return [ordered[i : i + size] for i in range(0, len(ordered), size)]


def default_batch_size(n_tasks: int, workers: int) -> int:
    """About eight batches a worker: enough to balance the load, few enough to be cheap."""
    return max(1, n_tasks // max(1, 8 * workers))


def _serial(work: list[Batch], workers: int, address: str | None) -> Iterator[list[Result]]:
    for batch in work:
        yield run_batch(batch)


def _processes(work: list[Batch], workers: int, address: str | None) -> Iterator[list[Result]]:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = [pool.submit(run_batch, batch) for batch in work]
        for future in as_completed(futures):
            yield future.result()


def _refuse_if_nobody_listens(address: str) -> None:
    """Fail at once where a TCP scheduler's port refuses connections: Dask itself would try
    again for its whole timeout before saying what the operating system said at the first try."""
    scheme, _, rest = address.rpartition("://")
    host, _, port = rest.rpartition(":")
    if scheme not in ("", "tcp") or not host or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=2).close()
    except ConnectionRefusedError as exc:
        raise ConnectionRefusedError(f"nothing listens there ({exc.strerror})") from exc
    except OSError:
        return  # a slow or filtered network: Dask's own timeout decides


def _dask(work: list[Batch], workers: int, address: str | None) -> Iterator[list[Result]]:
    try:
        from distributed import Client, LocalCluster
        from distributed import as_completed as dask_completed
    except ImportError as exc:  # pragma: no cover - depends on the installed extras
        raise VivantError("the dask backend needs Dask: pip install 'vivant[sim]'") from exc
    cluster = None
    if address is None:
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
    try:
        if address is not None:
            _refuse_if_nobody_listens(address)
        with Client(address if address is not None else cluster, timeout="10s") as client:  # type: ignore[no-untyped-call]
            futures = [client.submit(run_batch, batch, pure=False) for batch in work]
            for future in dask_completed(futures):  # type: ignore[no-untyped-call]
                yield future.result()
    except OSError as exc:
        raise VivantError(f"cannot reach the Dask scheduler at {address}: {exc}") from exc
    finally:
        if cluster is not None:
            cluster.close()


_RUNNERS: dict[str, Callable[[list[Batch], int, str | None], Iterator[list[Result]]]] = {
    "serial": _serial,
    "processes": _processes,
    "dask": _dask,
}


def run(
    tasks: Sequence[Task],
    backend: str = "serial",
    *,
    workers: int = 1,
    batch_size: int | None = None,
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[Result]:
    """Run every task on ``backend`` and return the results in line-up and sitting order.
    ``progress`` is called with the number of sittings finished by each batch that ends."""
    if backend not in _RUNNERS:
        raise VivantError(f"unknown backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    if workers < 1:
        raise VivantError(f"at least one worker is needed, not {workers}")
    size = batch_size if batch_size is not None else default_batch_size(len(tasks), workers)
    results: list[Result] = []
    for done in _RUNNERS[backend](batches(tasks, size), workers, address):
        results.extend(done)
        if progress is not None:
            progress(len(done))
    results.sort(key=lambda r: (r["sitting"]["lineup"], r["sitting"]["sitting"]))
    return results
