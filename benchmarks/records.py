"""Reading PBN: seconds for a bridge club's archive of 0.5, 1 and 2 MB, and what doubling costs.

The files are made by ``tests/pbn_samples.py`` (:func:`club_archive`: deal-only boards with every
eighth one bid and played, about 290 bytes a game, the shape of the 1.9 MB, 7,632-game file that
took 438 s before issue 13, point 23). For each size it prints the CPU seconds (best of
``--runs``) of the three ways in: ``read_pbn`` (the format), ``read_whist_pbn`` (the whist
profile) and ``import_pbn`` (re-enacting the sitting, what ``vivant record show`` does), and of
``import_pbn`` on a whist-profile archive of Mort deals with their play (``whist_archive``);
then the wall-clock and CPU seconds of ``vivant record show`` on each 2 MB file in a new process
(the whist file's summary lists every deal). Reading is linear when each doubling about doubles
the time.

Usage: ``python benchmarks/records.py [--runs N] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from pbn_samples import club_archive, whist_archive
from vivant.records import read_pbn, read_whist_pbn
from vivant.records.sitting import import_pbn

CLI = (
    sys.executable,
    "-c",
    "import sys; from vivant.cli import main; sys.exit(main(sys.argv[1:]))",
)
SIZES = (500_000, 1_000_000, 2_000_000)
READERS: dict[str, Callable[[str], object]] = {
    "read_pbn": read_pbn,
    "read_whist_pbn": read_whist_pbn,
    "import_pbn": import_pbn,
}
#: The same sizes of a whist-profile archive (Mort deals, each with its 13 tricks).
WHIST = "import_pbn whist"


def cpu_seconds(run: Callable[[], object], runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def show_seconds(text: str) -> tuple[float, float]:
    """Wall-clock and CPU seconds of ``vivant record show`` on ``text`` in a new process."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "club.pbn"
        path.write_bytes(text.encode("latin-1"))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(
            [*CLI, "record", "show", str(path)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (best is kept)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures: dict[str, dict[str, float]] = {name: {} for name in (*READERS, WHIST)}
    games = {}
    for size in SIZES:
        text = club_archive(size)
        games[size] = text.count("[Deal ")
        for name, reader in READERS.items():
            figures[name][str(size)] = cpu_seconds(partial(reader, text), args.runs)
        figures[WHIST][str(size)] = cpu_seconds(partial(import_pbn, whist_archive(size)), args.runs)
    show = show_seconds(club_archive(SIZES[-1]))
    show_whist = show_seconds(whist_archive(SIZES[-1]))
    if args.json:
        shows = {"record_show_2mb": show, "record_show_2mb_whist": show_whist}
        print(json.dumps({"cpu_seconds": figures, "games": games, **shows}))
        return
    print(f"PBN reading, CPU seconds (best of {args.runs}):")
    print(f"{'':16}" + "".join(f"{s / 1e6:.1f} MB ({games[s]} games)".rjust(24) for s in SIZES))
    for name, row in figures.items():
        cells = [row[str(s)] for s in SIZES]
        ratio = cells[-1] / cells[0] if cells[0] else float("nan")
        print(f"{name:16}" + "".join(f"{c:24.2f}" for c in cells) + f"   x{ratio:.1f} for 4x")
    for label, (wall, cpu) in (("bridge boards", show), ("whist profile", show_whist)):
        print(f"vivant record show, 2 MB of {label}, new process: {wall:.2f} s, CPU {cpu:.2f} s")


if __name__ == "__main__":
    main()
