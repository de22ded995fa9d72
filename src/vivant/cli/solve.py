"""``vivant solve``: double-dummy results of a deal (DESIGN.md §4).

``vivant solve DEAL --trump X --leader SEAT --json`` prints ``{"tricks": n}``, the tricks the
leader's side takes; ``--table`` prints every trump and leader; ``--cards`` every card's value;
``--file F`` reads one DEAL per line and prints one JSON object per line. Without ``--json`` the
results are Rich tables. ``--sides SEATS`` names the seats of one side (``N``: North alone against
the other three; default partners, N-S v E-W) and ``--misere`` makes each side play for the fewest
tricks; the figures are still the leader's side's tricks.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

from vivant.cards import SEAT_LETTERS, suit_of

#: The transposition table's size, in megabytes, that ``--tt-mb`` accepts.
TT_MB_RANGE = (1, 4096)


def megabytes(text: str) -> float:
    """``--tt-mb``: a finite number of megabytes within :data:`TT_MB_RANGE`; argparse says
    what is wrong otherwise (issue 13, point 20)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of megabytes") from None
    low, high = TT_MB_RANGE
    if not math.isfinite(value) or not low <= value <= high:
        raise argparse.ArgumentTypeError(f"{text!r}: give {low} to {high} megabytes")
    return value


def register(subparsers: Any) -> None:
    """Adds the ``solve`` command to the ``vivant`` parser."""
    p = subparsers.add_parser(
        "solve",
        help="double-dummy tricks of a deal (PBN), per trump and leader",
        description="Double-dummy analysis of a PBN deal such as 'N:AKQ2.T98.. ...'.",
    )
    p.add_argument("deal", nargs="?", help="PBN deal: 'N:<hand> <hand> <hand> <hand>'")
    p.add_argument("--trump", default="NT", help="trump suit S H D C, or NT (default NT)")
    p.add_argument("--leader", default="W", help="seat on lead: N E S W (default W)")
    p.add_argument(
        "--sides",
        default="NS",
        help="the seats of one side, e.g. N (North alone v E S W) or NE (default NS: partners)",
    )
    p.add_argument(
        "--misere", action="store_true", help="each side plays to take as few tricks as it can"
    )
    p.add_argument("--table", action="store_true", help="every trump and every leader")
    p.add_argument("--cards", action="store_true", help="the value of every card of the leader")
    p.add_argument("--file", help="read one DEAL per line from this file ('-' for stdin)")
    p.add_argument("--json", action="store_true", help="print JSON (one object per deal)")
    p.add_argument(
        "--tt-mb",
        type=megabytes,
        default=64,
        help=f"transposition table size in MB, {TT_MB_RANGE[0]} to {TT_MB_RANGE[1]} (default 64)",
    )
    p.set_defaults(func=run)


def _solve_one(deal: str, args: argparse.Namespace, solver: Any) -> dict[str, Any]:
    from vivant.cards import SEAT_LETTERS, card_name
    from vivant.solver import PARTNERS, STRAIN_LETTERS, Position, parse_deal, parse_sides

    hands = parse_deal(deal)
    sides = parse_sides(args.sides)
    out: dict[str, Any] = {}
    if args.table:
        if sides in (PARTNERS, PARTNERS ^ 0b1111) and not args.misere:
            table = solver.lead_table(hands)
        else:
            table = {
                s: {
                    seat: solver.tricks(Position(hands, s, seat, (), sides, args.misere))
                    for seat in range(4)
                }
                for s in range(5)
            }
        out["lead_tricks"] = {
            STRAIN_LETTERS[s]: {SEAT_LETTERS[seat]: table[s][seat] for seat in range(4)}
            for s in range(5)
        }
        return out
    pos = Position.make(hands, args.trump, args.leader, (), sides, args.misere)
    if args.cards:
        values = solver.card_values(pos)
        out["tricks"] = (min if args.misere else max)(values.values())
        out["cards"] = {
            card_name(c): values[c] for c in sorted(values, key=lambda c: (suit_of(c), -c))
        }
    else:
        out["tricks"] = solver.tricks(pos)
    return out


def _game(args: argparse.Namespace) -> str:
    """The sides and the objective, in words: '' for partners playing for the most tricks."""
    from vivant.cards import SEAT_LETTERS
    from vivant.solver import PARTNERS, parse_sides

    sides = parse_sides(args.sides)
    words = []
    if sides not in (PARTNERS, PARTNERS ^ 0b1111):
        one = "".join(SEAT_LETTERS[s] for s in range(4) if sides >> s & 1)
        other = "".join(SEAT_LETTERS[s] for s in range(4) if not sides >> s & 1)
        words.append(f"{one} v {other}")
    if args.misere:
        words.append("misère: the fewest tricks")
    return f" ({', '.join(words)})" if words else ""


def _print_rich(deal: str, result: dict[str, Any], args: argparse.Namespace) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if "lead_tricks" in result:
        t = Table(title=f"Tricks for the leader's side{_game(args)}\n{deal}")
        t.add_column("trump")
        for seat in SEAT_LETTERS:
            t.add_column(f"{seat} leads", justify="right")
        for strain, row in result["lead_tricks"].items():
            t.add_row(strain, *(str(row[s]) for s in SEAT_LETTERS))
        console.print(t)
        return
    trump = args.trump.upper()
    console.print(f"{deal}\ntrump {trump}, {args.leader.upper()} leads: ", end="")
    console.print(f"[bold]{result['tricks']}[/bold] tricks for the leader's side{_game(args)}")
    if "cards" in result:
        t = Table(title="Value of each lead")
        t.add_column("card")
        t.add_column("tricks", justify="right")
        for card, v in result["cards"].items():
            style = "bold green" if v == result["tricks"] else ""
            t.add_row(card, str(v), style=style)
        console.print(t)


def run(args: argparse.Namespace) -> int:
    """Runs ``vivant solve``; returns the exit code."""
    from vivant.errors import VivantError
    from vivant.solver import Solver

    try:
        solver = Solver(args.tt_mb)
    except MemoryError:
        raise VivantError(
            f"not enough memory for a transposition table of {args.tt_mb:g} MB: give less "
            "with --tt-mb"
        ) from None
    if args.file:
        stream = sys.stdin if args.file == "-" else _open_deals(args.file)
        code = 0
        with stream:
            for lineno, line in _lines(stream, args.file):
                deal = line.strip()
                if not deal or deal.startswith("#"):
                    continue
                try:
                    result = _solve_one(deal, args, solver)
                except VivantError as exc:
                    print(f"vivant: error: line {lineno}: {exc}", file=sys.stderr)
                    code = 2
                    continue
                if args.json:
                    print(json.dumps(result), flush=True)
                else:
                    _print_rich(deal, result, args)
        return code
    if not args.deal:
        print("vivant: error: give a DEAL or --file F", file=sys.stderr)
        return 2
    if ":" not in args.deal and Path(args.deal).is_file():
        raise VivantError(
            f"{args.deal!r} is a file, not a deal: give its deals with --file {args.deal} "
            "(one deal a line)"
        )
    result = _solve_one(args.deal, args, solver)
    if args.json:
        print(json.dumps(result))
    else:
        _print_rich(args.deal, result, args)
    return 0


def _open_deals(path: str) -> Any:
    """The file of deals for ``--file``; a :class:`VivantError` naming it if it cannot be read."""
    from vivant.errors import VivantError

    try:
        return open(path, encoding="utf-8")
    except OSError as exc:
        raise VivantError(f"{path}: cannot read: {exc.strerror}") from None


def _lines(stream: Any, path: str) -> Any:
    """The numbered lines of the deals file; a :class:`VivantError` if it is not text."""
    from vivant.errors import VivantError

    try:
        yield from enumerate(stream, 1)
    except UnicodeDecodeError as exc:
        raise VivantError(f"{path}: not UTF-8 text (byte {exc.start})") from None
