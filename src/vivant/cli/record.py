"""``vivant record``: a sitting's records — the JSON event log and PBN (whist profile).

* ``vivant record export LOG [--pbn OUT] [--deal-only]`` — the sitting of an event log as a
  whist-profile PBN file (every hand dealt, its play, scores and irregularities); ``--deal-only``
  writes just the deals, for bridge tools (double-dummy solvers, dealers). Without ``--pbn`` the
  file goes to standard output.
* ``vivant record import PBN [--log OUT]`` — re-enact a whist-profile PBN file as a sitting and
  write its event log (to standard output without ``--log``). Forgiving: every problem in the
  file is listed with its line number, and the exit code is 1 when there are errors.
* ``vivant record show FILE`` — a readable summary of a log or a PBN file: the players, every
  hand (dealer, trump, tricks, points, irregularities), the games and the settlement.

Exit codes: 0 success, 1 a PBN file with errors, 2 a file that cannot be read or converted.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable
from rich.text import Text

from vivant.cards import SEAT_LETTERS, SUIT_LETTERS, card_name
from vivant.cli.grid import grid
from vivant.cli.play import make_console
from vivant.describe import count_words
from vivant.errors import InvalidNotationError
from vivant.records.log import dumps_log, parse_log, save_log, table_record
from vivant.records.pbn import PbnError
from vivant.records.pbn_whist import WhistDeal, read_whist_pbn
from vivant.records.sitting import TRAY_TAG, export_pbn, import_pbn, sitting_deals
from vivant.table import Table
from vivant.variants import VARIANTS


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "record",
        help="records of a sitting: export, import and show (event log, PBN)",
        description="Convert a sitting's event log to PBN (whist profile) and back, or show it.",
    )
    sub = parser.add_subparsers(dest="record_command", metavar="SUBCOMMAND")
    sub.required = True
    export = sub.add_parser(
        "export",
        help="an event log as a whist-profile PBN file",
        description="Write the sitting of an event log as whist-profile PBN.",
    )
    export.add_argument("log", metavar="LOG", help="the event log (JSON)")
    export.add_argument("--pbn", metavar="OUT", help="write here (default: standard output)")
    export.add_argument(
        "--deal-only",
        action="store_true",
        help="only the deals and the mandatory tags, for bridge tools",
    )
    export.set_defaults(func=run_export)
    imp = sub.add_parser(
        "import",
        help="a whist-profile PBN file as an event log",
        description="Re-enact a whist-profile PBN file as a sitting and write its event log; "
        "every problem is listed with its line number.",
    )
    imp.add_argument("pbn", metavar="PBN", help="the PBN file")
    imp.add_argument("--log", metavar="OUT", help="write here (default: standard output)")
    imp.set_defaults(func=run_import)
    show = sub.add_parser(
        "show",
        help="a readable summary of a log or PBN file",
        description="Show the players, hands, games and scores of an event log or a PBN file.",
    )
    show.add_argument("file", metavar="FILE", help="an event log (JSON) or a PBN file")
    show.set_defaults(func=run_show)


# --- loading either kind of file ----------------------------------------------------------------


@dataclass
class Loaded:
    """A log or PBN file as the commands use it: its deals, the sitting when it could be rebuilt
    (always, for a log) and, for PBN, every problem the reader and the re-enactment found."""

    path: str
    kind: str
    deals: list[WhistDeal]
    table: Table | None
    meta: dict[str, Any] = field(default_factory=dict)
    errors: list[PbnError] = field(default_factory=list)


def read_bytes(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise InvalidNotationError(f"{path}: cannot read: {exc.strerror}") from None


def is_log(data: bytes) -> bool:
    """A log is a JSON object; anything else is taken for PBN."""
    return data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{")


def load(path: str, *, rebuild: bool = True) -> Loaded:
    """Read a log (raises :class:`~vivant.records.log.LogError` if broken) or a PBN file (never
    raises for its content; ``rebuild`` re-enacts its deals as a sitting)."""
    data = read_bytes(path)
    if is_log(data):
        log = parse_log(data, path)
        deals = sitting_deals(log.table, **identification(log.meta))
        return Loaded(path, "log", deals, log.table, log.meta)
    if rebuild:
        result = import_pbn(data)
        return Loaded(path, "pbn", list(result.deals), result.table, errors=list(result.errors))
    read = read_whist_pbn(data)
    return Loaded(path, "pbn", list(read.deals), None, errors=list(read.errors))


def identification(meta: Mapping[str, Any]) -> dict[str, str]:
    """The PBN identification tags (event, site, date) a log's ``meta`` gives."""
    return {k: str(meta[k]) for k in ("event", "site", "date") if k in meta}


def report(errors: Sequence[PbnError], path: str) -> bool:
    """Print every problem as ``PATH:LINE: message`` on standard error; whether any is an
    error (not a warning)."""
    for e in errors:
        kind = "warning" if e.warning else "error"
        where = f"{path}:{e.line}" if e.line > 0 else path  # line 0: the file as a whole
        print(f"{where}: {kind}: {e.message}", file=sys.stderr)
    return any(not e.warning for e in errors)


def log_meta(deals: Sequence[WhistDeal], source: str) -> dict[str, Any]:
    """What a log keeps of the file's identification tags (``?`` values left out)."""
    first = deals[0]
    meta: dict[str, Any] = {"source": source}
    for key in ("event", "site", "date"):
        value = getattr(first, key)
        if value not in ("?", ""):
            meta[key] = value
    return meta


def write_out(text: str, out: str | None, encoding: str) -> None:
    if out is None:
        sys.stdout.write(text)
        return
    try:
        Path(out).write_bytes(text.encode(encoding))
    except OSError as exc:
        raise InvalidNotationError(f"{out}: cannot write: {exc.strerror}") from None


# --- the commands ---------------------------------------------------------------------------------


def run_export(args: argparse.Namespace) -> int:
    data = read_bytes(args.log)
    if not is_log(data):
        raise InvalidNotationError(f"{args.log}: not an event log (a JSON object)")
    log = parse_log(data, args.log)
    text = export_pbn(log.table, deal_only=args.deal_only, **identification(log.meta))
    # PBN's character set is ISO 8859-1 (PBN §2.2); the writer admits nothing outside it.
    write_out(text, args.pbn, "latin-1")
    if args.pbn:
        n = text.count("[Deal ")
        print(f"{args.pbn}: {n} deal{'s' * (n != 1)}", file=sys.stderr)
    return 0


def run_import(args: argparse.Namespace) -> int:
    result = import_pbn(read_bytes(args.pbn))
    report(result.errors, args.pbn)
    if not result.ok or result.table is None:
        count = sum(not e.warning for e in result.errors)
        print(f"{args.pbn}: {count} error{'s' * (count != 1)}; no log written", file=sys.stderr)
        return 1
    meta = log_meta(result.deals, args.pbn)
    if args.log is None:
        sys.stdout.write(dumps_log(result.table, meta))
        return 0
    save_log(result.table, args.log, meta)
    n, actions = len(result.deals), len(result.table.log)
    print(
        f"{args.log}: {n} deal{'s' * (n != 1)}, {actions} action{'s' * (actions != 1)}",
        file=sys.stderr,
    )
    return 0


def run_show(args: argparse.Namespace) -> int:
    loaded = load(args.file)
    failed = report(loaded.errors, args.file)
    console = make_console(sys.stdout)
    show(console, loaded)
    return 1 if failed else 0


# --- the summary ----------------------------------------------------------------------------------


def scores_text(scores: Sequence[tuple[str, int]]) -> str:
    return " ".join(f"{side} {n}" for side, n in scores)


def irregularity_lines(deals: Sequence[WhistDeal]) -> list[str]:
    """One line per irregularity (and Double Dummy claim) of the sitting."""
    lines = []
    for d in deals:
        for ir in d.irregularities:
            where = f"Board {d.board or '?'}" + (f", trick {ir.trick}" if ir.trick else "")
            text = f"{where}: {ir.kind.replace('_', ' ')} by {SEAT_LETTERS[ir.offender]}"
            if ir.penalty:
                text += f" — {ir.penalty}"
            if ir.note:
                text += f" ({ir.note})"
            lines.append(text)
    return lines


def trump_text(deal: WhistDeal) -> str:
    return "NT" if deal.trump is None else SUIT_LETTERS[deal.trump]


def deal_players(deal: WhistDeal) -> str:
    return ", ".join(f"{SEAT_LETTERS[s]} {p}" for s, p in enumerate(deal.players) if p)


def hands_table(console: Console, deals: Sequence[WhistDeal]) -> Text:
    """One row per deal; the irregularities are counted here and listed below the table."""
    trays = any(TRAY_TAG in dict(d.extra_tags) for d in deals)  # Duplicate Whist
    headers = ["board", "dealer", "trump", "turn-up", "tricks", "points", "honours", "irr."]
    if trays:
        headers.insert(1, "tray")
    rows = []
    for d in deals:
        board = "?" if d.board is None else str(d.board)
        rows.append(
            [
                *((board, dict(d.extra_tags).get(TRAY_TAG, "")) if trays else (board,)),
                f"{SEAT_LETTERS[d.dealer]} {d.players[d.dealer]}".strip(),
                trump_text(d),
                "" if d.turn_up is None else card_name(d.turn_up),
                scores_text(d.tricks_won) if d.tricks else "thrown in",
                scores_text(d.points),
                scores_text(d.honours),
                str(len(d.irregularities)) if d.irregularities else "",
            ]
        )
    return grid(console, "Hands", headers, rows)


def _value_text(value: object) -> str:
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return "" if value is None else str(value)


#: The columns of the games table: record key and heading, shown when some game has the key.
GAME_COLUMNS = (("roles", "roles"), ("points", "points"), ("winner", "winner"), ("value", "value"))


def games_table(record: Mapping[str, Any]) -> RichTable | None:
    games = record.get("games") or []
    if not games:
        return None
    columns = [(key, title) for key, title in GAME_COLUMNS if any(key in g for g in games)]
    t = RichTable(title="Games", title_justify="left")
    for title in ("game", "hands", *(title for _, title in columns)):
        t.add_column(title)
    for k, g in enumerate(games, start=1):
        t.add_row(
            str(k),
            str(len(g.get("hands", ()))),
            *(escape(_value_text(g.get(key))) for key, _ in columns),
        )
    return t


#: The games whose sitting is a match of trays, its result the tricks in all (Duplicate Whist).
MATCHES = frozenset(name for name, cls in VARIANTS.items() if cls.info.unit == "match")


def show(console: Console, loaded: Loaded) -> None:
    """Print the summary of a loaded file."""
    deals = loaded.deals
    first = deals[0] if deals else None
    title = first.variant if first else "no deals"
    console.print(Text(f"{title} — {count_words(len(deals), 'deal')} ({loaded.kind})", "bold"))
    console.print(f"File: {loaded.path}", markup=False)
    if first is not None:
        for key in ("event", "site", "date"):
            value = getattr(first, key)
            if value not in ("?", ""):
                console.print(f"{key.capitalize()}: {value}", markup=False)
    record = table_record(loaded.table) if loaded.table is not None else None
    if record is not None:
        seats = record.get("seats")  # Duplicate Whist: fixed seats, no cut
        players = (
            f"Players (seats): {', '.join(f'{s} {p}' for s, p in seats.items())}"
            if isinstance(seats, Mapping)
            else f"Players (cutting order): {', '.join(record.get('players', ()))}"
        )
        console.print(players + ("; laws mode" if record.get("laws") else ""), markup=False)
    elif first is not None:
        console.print(f"Players at the first deal: {deal_players(first)}", markup=False)
    if deals:
        console.print(hands_table(console, deals), soft_wrap=True)
        irregular = irregularity_lines(deals)
        if irregular:
            console.print("Irregularities")
            for line in irregular:
                console.print(f"  {line}", markup=False)
    if record is not None:
        games = games_table(record)
        if games is not None:
            console.print(games)
        totals = record.get("totals")
        if isinstance(totals, Mapping) and record.get("game") in MATCHES:
            console.print(f"Tricks in all: {_value_text(totals)}", markup=False)
        comparison = record.get("comparison")
        if isinstance(comparison, Mapping):  # SD-6
            console.print(
                f"Comparison of the two pairs: {comparison.get('original_pair')} "
                f"{comparison.get('original_ew_tricks')} E-W tricks on the originals, "
                f"{comparison.get('replay_pair')} {comparison.get('replay_tricks')} with the "
                f"same cards on the overplays: "
                + (
                    f"{comparison.get('winner')} win by {comparison.get('margin')}"
                    if comparison.get("winner")
                    else "a tie"
                ),
                markup=False,
            )
        settlement = record.get("settlement")
        if settlement:
            console.print(
                "Settlement: " + ", ".join(f"{p} {v:+d}" for p, v in settlement.items()),
                markup=False,
            )
        if loaded.table is not None and not loaded.table.is_over():
            console.print(f"The sitting is not over (phase {loaded.table.phase}).")
    elif loaded.kind == "pbn" and deals:
        console.print("The deals do not make a sitting that can be rebuilt; scores as recorded.")
