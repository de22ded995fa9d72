"""``vivant simulate GAME``: many sittings with computer players, serially, on local processes or
on a Dask cluster, with a summary and the rows as CSV or Parquet.

``--players`` names the kind at each place (``heuristic,random,random``) or one kind for every
place; given more than once, each line-up is simulated in turn and summarised apart. The master
``--seed`` fixes every sitting's seed, so the same command gives the same summary on every
backend (``serial``, ``processes``, ``dask``).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path
from typing import Any

from vivant.errors import VivantError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``simulate`` to the ``vivant`` parser."""
    p = subparsers.add_parser(
        "simulate",
        help="play many sittings with computer players and summarise them",
        description=(
            "Play many sittings of a game with computer players (in this process, on local "
            "processes or on a Dask cluster) and summarise each player kind's settlement and "
            "the games' values, each with a 95% interval. The same --seed gives the same "
            "summary on every backend."
        ),
    )
    p.add_argument("game", help="the game (vivant rules lists them)")
    p.add_argument(
        "--players",
        action="append",
        metavar="KINDS",
        help="the player kind at each place, comma-separated, or one kind for all "
        "(default heuristic); repeat to compare line-ups",
    )
    p.add_argument(
        "--seats", type=int, default=None, help="places at the table (one-kind line-ups)"
    )
    p.add_argument("--sittings", type=int, default=100, help="sittings per line-up (default 100)")
    p.add_argument("--seed", type=int, default=None, help="master seed (default: a random one)")
    p.add_argument("--laws", action="store_true", help="play in laws mode")
    p.add_argument("--backend", choices=("serial", "processes", "dask"), default=None)
    p.add_argument(
        "--dask", metavar="ADDRESS", default=None, help="a Dask scheduler (tcp://host:port)"
    )
    p.add_argument("--workers", type=int, default=None, help="worker processes (default: cores)")
    p.add_argument("--batch", type=int, default=None, help="sittings per batch sent to a worker")
    p.add_argument("--out", metavar="DIR", default=None, help="write the rows and summary here")
    p.add_argument("--format", choices=("parquet", "csv"), default="parquet")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def lineups(specs: list[str] | None, seats: int) -> list[list[str]]:
    """Each ``--players`` value as the kinds at the table's ``seats`` places."""
    out = []
    for spec in specs or ["heuristic"]:
        kinds = [k.strip() for k in spec.split(",") if k.strip()]
        if not kinds:
            raise VivantError(f"--players {spec!r} names no player kind")
        out.append(kinds * seats if len(kinds) == 1 else kinds)
    return out


def _seats(game: str, asked: int | None, specs: list[str] | None) -> int:
    from vivant.variants import find_variant

    cls = find_variant(game)
    low, high = int(getattr(cls, "min_players", 4)), int(getattr(cls, "max_players", 4))
    listed = {len(s.split(",")) for s in specs or [] if "," in s}
    seats = asked if asked is not None else (listed.pop() if len(listed) == 1 else low)
    if not low <= seats <= high:
        raise VivantError(f"{cls.variant} is played by {low} to {high} players, not {seats}")
    return seats


def _check(args: argparse.Namespace) -> None:
    if args.sittings < 1:
        raise VivantError(f"--sittings must be at least 1, not {args.sittings}")
    if args.workers is not None and args.workers < 1:
        raise VivantError(f"--workers must be at least 1, not {args.workers}")
    if args.batch is not None and args.batch < 1:
        raise VivantError(f"--batch must be at least 1, not {args.batch}")
    if args.dask is not None and args.backend not in (None, "dask"):
        raise VivantError("--dask names a Dask scheduler: it goes with --backend dask")
    if args.out is not None and Path(args.out).exists() and not Path(args.out).is_dir():
        raise VivantError(f"--out {args.out!r} is a file, not a folder")


def run(args: argparse.Namespace) -> int:
    from vivant.sim import make_tasks, summarise, summary_text, write_rows
    from vivant.sim import run as run_tasks

    _check(args)
    seats = _seats(args.game, args.seats, args.players)
    teams = lineups(args.players, seats)
    for team in teams:
        if len(team) != seats:
            raise VivantError(f"--players {','.join(team)} names {len(team)} places, not {seats}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    backend = args.backend or ("dask" if args.dask else "serial")
    workers = args.workers or (1 if backend == "serial" else os.cpu_count() or 1)
    tasks = make_tasks(args.game, teams, args.sittings, seed, laws=args.laws)
    results = _with_progress(
        tasks,
        args.quiet,
        lambda tick: run_tasks(
            tasks,
            backend,
            workers=workers,
            batch_size=args.batch,
            address=args.dask,
            progress=tick,
        ),
    )
    summary = {"game": args.game, "seed": seed, **summarise(results)}
    text = summary_text(summary)
    if args.out is not None:
        out = Path(args.out)
        written = write_rows(results, out, args.format)
        (out / "summary.json").write_text(text, encoding="utf-8")
        if not args.json:
            print(f"Wrote {', '.join(str(p) for p in written)} and {out / 'summary.json'}.")
    if args.json:
        sys.stdout.write(text)
    else:
        _print_summary(summary)
    return 0


def _with_progress(tasks: list[Any], quiet: bool, work: Any) -> Any:
    if quiet:
        return work(None)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    columns = (BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        job = bar.add_task("sittings", total=len(tasks))
        return work(lambda n: bar.advance(job, n))


def _interval(stats: dict[str, Any]) -> str:
    if stats.get("n", 0) == 0:
        return "—"
    return f"{stats['mean']:+.2f} ± {stats['ci95']:.2f}"


def _print_summary(summary: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table as RichTable

    console = Console(highlight=False)
    console.print(f"{summary['game']}, master seed {summary['seed']}.")
    for lineup in summary["lineups"]:
        value = lineup["game_value"]
        title = (
            f"Line-up {lineup['lineup'] + 1}: {', '.join(lineup['players'])} — "
            f"{lineup['sittings']} sittings, {lineup['games']} games, {lineup['hands']} hands"
        )
        grid = RichTable(title=title, title_justify="left")
        grid.add_column("player kind")
        grid.add_column("settlement a sitting (95%)", justify="right")
        grid.add_column("range", justify="right")
        for kind, stats in lineup["settlement_by_kind"].items():
            grid.add_row(kind, _interval(stats), f"{stats['min']} to {stats['max']}")
        console.print(grid)
        if value.get("n", 0):
            console.print(
                f"Game values: {value['n']} games, {value['min']} to {value['max']}, "
                f"mean {value['mean']:.2f} ± {value['ci95']:.2f} (95%)."
            )
