"""``vivant duplicate``: Duplicate Whist movements (duplicate.md §4, movements.md).

``vivant duplicate movement --tables N --kind howell|mitchell|mitchell-stands|teams [--mnemonic]
[--trays K] [--json]`` generates the movement for N tables, validates it (movements.md §1.2) and
prints the schedule — rounds × tables, each cell the N–S pair, the E–W pair and the set — with the
outcome of every check. ``--json`` prints the same as one JSON object. Unsupported movements or
table counts (the Snow system, D-DU6) are refused with the reason.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from vivant.movements import KINDS, Schedule, Validation


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``duplicate`` and its sub-commands to the ``vivant`` parser."""
    parser = subparsers.add_parser(
        "duplicate",
        help="Duplicate Whist: movements for several tables",
        description="Duplicate Whist tournament tools (movements; comparison scoring).",
    )
    sub = parser.add_subparsers(dest="duplicate_command", metavar="SUBCOMMAND")
    sub.required = True
    movement = sub.add_parser(
        "movement",
        help="print a movement's schedule and its validation",
        description="Generate a movement for N tables, validate it and print the schedule.",
    )
    movement.add_argument("--tables", type=int, required=True, help="number of tables")
    movement.add_argument(
        "--kind",
        default="mitchell",
        help=f"movement: {', '.join(sorted(KINDS))} (default mitchell)",
    )
    movement.add_argument("--trays", type=int, default=None, help="trays per set (D-MV1 default)")
    movement.add_argument(
        "--mnemonic",
        action="store_true",
        help="run the schedule twice, the second time with every tray turned (MN-1)",
    )
    movement.add_argument("--json", action="store_true", help="print one JSON object")
    movement.set_defaults(func=run)


def schedule_json(schedule: Schedule, validation: Validation) -> dict[str, Any]:
    """The schedule and its validation as plain JSON data."""
    rounds = []
    for r in range(1, schedule.rounds + 1):
        seated = schedule.round_seatings(r)
        rounds.append(
            {
                "round": r,
                "pass": seated[0].pass_number if seated else 1,
                "tables": [
                    {"table": s.table, "ns": s.ns, "ew": s.ew, "set": s.set, "turned": s.turned}
                    for s in seated
                ],
            }
        )
    spread = sorted(set(validation.comparisons.values()))
    return {
        "kind": schedule.kind,
        "form": schedule.form,
        "tables": schedule.tables,
        "pairs": list(schedule.pairs),
        "sets": [{"label": s.label, "trays": list(s.trays)} for s in schedule.sets],
        "rounds_per_pass": schedule.rounds_per_pass,
        "passes": schedule.passes,
        "scoring": schedule.scoring,
        "rounds": rounds,
        "validation": {
            "ok": validation.ok,
            "checks": [
                {"id": c.id, "rule": c.rule, "passed": c.passed, "detail": c.detail}
                for c in validation.checks
            ],
            "meetings": {f"{a}-{b}": n for (a, b), n in validation.meetings.items()},
            "comparisons": {f"{a}-{b}": n for (a, b), n in validation.comparisons.items()},
            "comparison_counts": spread,
        },
    }


def _print_schedule(schedule: Schedule, validation: Validation) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(title=schedule.describe(), show_lines=True)
    table.add_column("Set" if schedule.kind == "teams" else "Round", justify="right")
    for t in range(1, schedule.tables + 1):
        table.add_column(f"Table {t}")
    for r in range(1, schedule.rounds + 1):
        cells = []
        for t in range(1, schedule.tables + 1):
            s = schedule.seating(r, t)
            if s is None:
                cells.append("—")
            else:
                turned = " (turned)" if s.turned else ""
                trays = schedule.set_by_label(s.set).trays
                boards = f"{trays[0]}–{trays[-1]}" if len(trays) > 1 else str(trays[0])
                where = "" if boards == s.set else f"\nboards {boards}"
                cells.append(f"{s.ns}–{s.ew} · {s.set}{turned}{where}")
        table.add_row(str(r), *cells)
    console.print(table)
    console.print(
        "Sets: "
        + "; ".join(
            f"{s.label} = trays {s.trays[0]}–{s.trays[-1]}"
            if len(s.trays) > 1
            else f"{s.label} = tray {s.trays[0]}"
            for s in schedule.sets
        ),
        highlight=False,
    )
    console.print(f"Scoring: {schedule.scoring}", highlight=False)
    for c in validation.checks:
        mark = "[green]ok[/green]  " if c.passed else "[red]FAIL[/red]"
        detail = f" — {c.detail}" if c.detail else ""
        console.print(f"{mark} {c.id}: {c.rule}{detail}", highlight=False)
    verdict = "valid" if validation.ok else "INVALID"
    console.print(f"Schedule {verdict}.", highlight=False)


def run(args: argparse.Namespace) -> int:
    """Run ``vivant duplicate …``; returns 0 when the schedule validates, 1 when it does not."""
    from vivant.movements import generate, validate

    schedule = generate(args.kind, args.tables, args.trays, replay=args.mnemonic)
    validation = validate(schedule)
    if args.json:
        print(json.dumps(schedule_json(schedule, validation), ensure_ascii=False))
    else:
        _print_schedule(schedule, validation)
    return 0 if validation.ok else 1
