"""``vivant study NAME``: put one of Foster's claims to the test and write its report.

``vivant study`` alone lists the studies; ``vivant study all`` runs every one. Each report is a
Markdown file with PNG and SVG plots under ``--out`` (``reports/`` by default).
"""

from __future__ import annotations

import argparse
import os
import textwrap
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from vivant.errors import VivantError
from vivant.variants import VARIANTS

if TYPE_CHECKING:
    from vivant.sim.studies import Study


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``study`` to the ``vivant`` parser."""
    p = subparsers.add_parser(
        "study",
        help="test one of Foster's claims by simulation and write a report",
        description=(
            "Test one of Foster's claims by simulation (see vivant study for the list) and write "
            "a Markdown report with plots: the method, the figures with 95% intervals, the "
            "deals the main figure needs, and a verdict."
        ),
    )
    p.add_argument("name", nargs="?", help="the study, or 'all' (omit to list them)")
    p.add_argument("--deals", type=int, default=20000, help="deals an arm (default 20000)")
    p.add_argument("--players", default="heuristic", help="the player kind (default heuristic)")
    p.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    p.add_argument("--out", default="reports", help="folder for the reports (default reports/)")
    p.add_argument("--backend", choices=("serial", "processes", "dask"), default="processes")
    p.add_argument("--workers", type=int, default=None, help="worker processes (default: cores)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vivant.players.base import find_player
    from vivant.sim.studies import STUDIES

    if args.name is None:
        print(listing(STUDIES.values()))
        return 0
    names = list(STUDIES) if args.name == "all" else [args.name]
    for name in names:
        if name not in STUDIES:
            raise VivantError(f"unknown study {name!r}: choose one of {', '.join(STUDIES)}, all")
    find_player(args.players)
    if args.deals < 1:
        raise VivantError(f"--deals must be at least 1, not {args.deals}")
    workers = args.workers or (1 if args.backend == "serial" else os.cpu_count() or 1)
    if workers < 1:
        raise VivantError(f"--workers must be at least 1, not {workers}")
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise VivantError(f"--out {args.out!r} is a file, not a folder")
    paths = []
    for name in names:
        paths.append(_one(name, args, workers, out))
        print(f"{name}: {paths[-1]}")
    if args.name == "all":
        index = write_index(out, paths, args.players)
        print(f"index: {index}")
    return 0


def listing(studies: Iterable[Study]) -> str:
    """The studies as ``vivant study`` lists them: each one's name and game, Foster's claim it
    puts to the test in his words, and where he makes it."""
    lines = ["The studies (vivant study NAME runs one, vivant study all every one):"]
    for study in studies:
        title = VARIANTS[study.game].info.title
        lines += ["", f"{study.name} ({title})"]
        claim = f"\u201c{study.claim}\u201d"
        lines += textwrap.wrap(
            claim, 88, initial_indent="  ", subsequent_indent="   ", break_on_hyphens=False
        )
        lines.append(f"  Source: {study.source}")
    return "\n".join(lines)


def write_index(out: Path, reports: list[Path], kind: str) -> Path:
    """``README.md`` under ``out``: each study with a link to its report and its verdict."""
    lines = [f"# Foster's claims put to the test ({kind} players)", ""]
    for report in reports:
        text = report.read_text(encoding="utf-8")
        verdict = text.split("## Verdict", 1)[1].split("##", 1)[0].strip()
        lines += [f"## [{report.stem}]({report.name})", "", verdict, ""]
    path = out / "README.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def _one(name: str, args: argparse.Namespace, workers: int, out: Path) -> Path:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from vivant.sim.studies import run_study

    columns = (BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    bar = Progress(*columns, console=Console(stderr=True), transient=True, disable=args.quiet)
    with bar:
        job = bar.add_task(name, total=None)

        def tick(done: int, total: int) -> None:
            bar.update(job, completed=done, total=total)

        return run_study(
            name,
            deals=args.deals,
            kind=args.players,
            seed=args.seed,
            out=out,
            backend=args.backend,
            workers=workers,
            progress=tick,
        )
