"""``vivant duplicate``: Duplicate Whist movements (duplicate.md §4, movements.md).

``vivant duplicate movement --tables N --kind howell|mitchell|mitchell-stands|teams [--mnemonic]
[--trays K] [--json]`` generates the movement for N tables, validates it (movements.md §1.2) and
prints the schedule — rounds × tables, each cell the N–S pair, the E–W pair and the set — with the
outcome of every check. ``--json`` prints the same as one JSON object. Unsupported movements or
table counts (the Snow system, D-DU6) are refused with the reason.

``vivant duplicate play --tables N [--kind K] [--mnemonic] [--trays K] [--trump S] --auto
[--seed S] [--player KIND] [--json]`` runs a whole event with computer players through
:func:`vivant.duplicate.event.play_event` (the trays dealt beforehand from the seed, every table
playing its sets as the movement moves pairs and trays, the plays compared the way the movement
asks); it prints the results table and every tray's traveller, or one JSON object.
``--tables 1 --mnemonic`` is Single-table (Mnemonic) Duplicate: the trays are played, then
replayed turned, and the pairs compared (SD-5, SD-6); ``--individuals`` adds the four-player
individual form (SD-7, ``--trays`` deals per partner). Same seed, same output. ``--save DIR``
writes each table session's event log into DIR (``match.json``, ``blockK.json`` for the
individuals' blocks, ``roundR-tableT-passP.json`` for an event), each readable by
``vivant record`` and ``vivant replay``.

Without ``--auto`` you play (issue 16, point 6), in the terminal's own play loop
(:class:`vivant.cli.play.Session`), the words and figures being the core's
(:mod:`vivant.duplicate.progress`): ``--tables 1 --mnemonic [--trays K]`` is Single-table
(Mnemonic) Duplicate with you South, Ada North, Bea and Cyd East and West — the boards played,
then replayed turned, so that you hold the cards an adversary held (SD-1, SD-5); after each
replay its comparison and the totals (SD-6). ``--tables N --movement howell|mitchell|…`` is an
event: you sit in the first pair of table 1, computer players everywhere else; each board is
shown by number with the tray's travel (where it comes from, where it goes), its comparison with
the other plays of the same cards and the running totals the movement's scoring gives, and the
event ends with the final ranking (:func:`vivant.duplicate.scoring.score_event`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from vivant.cli import laws as table_laws
from vivant.cli.play import BOT_NAMES, HUMAN, LEAVING, Quit
from vivant.cli.play import Session as PlaySession
from vivant.duplicate import progress
from vivant.duplicate.movements import KINDS, Schedule, Validation
from vivant.duplicate.table import DuplicateTable
from vivant.events import EventKind
from vivant.players import player_kinds
from vivant.table import Event

if TYPE_CHECKING:
    from vivant.table import Table


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
    movement.add_argument(
        "--trays",
        type=int,
        default=None,
        help="trays per set (default: about 24 trays in all, divided among the sets)",
    )
    movement.add_argument(
        "--mnemonic",
        action="store_true",
        help="run the schedule twice, the second time with every tray turned (Mnemonic Duplicate)",
    )
    movement.add_argument("--json", action="store_true", help="print one JSON object")
    movement.set_defaults(func=run)

    play = sub.add_parser(
        "play",
        help="run a whole event with computer players and print the results",
        description=(
            "Deal the trays from the seed, play every table of the movement with computer "
            "players, compare the results and print the results table and the travellers."
        ),
    )
    play.add_argument(
        "--tables",
        type=int,
        default=1,
        help="number of tables (1 with --mnemonic: single-table Mnemonic Duplicate)",
    )
    play.add_argument(
        "--kind",
        default=None,
        help=f"movement: {', '.join(sorted(KINDS))} (default howell for 2 tables, else mitchell)",
    )
    play.add_argument(
        "--trays",
        type=int,
        default=None,
        help="trays per set (default: about 24 trays in all, divided among the sets)",
    )
    play.add_argument(
        "--mnemonic",
        action="store_true",
        help="play every tray a second time, turned (Mnemonic Duplicate)",
    )
    play.add_argument(
        "--trump",
        default=None,
        help="declare one suit trumps for the session (S H D C; default: turn the last card, "
        "or hearts for single-table Mnemonic Duplicate)",
    )
    play.add_argument(
        "--individuals",
        action="store_true",
        help="with --mnemonic on one table: four individuals, S and his rotating partner",
    )
    play.add_argument(
        "--movement",
        dest="kind",
        default=None,
        help="the same as --kind: the movement of an event of several tables",
    )
    play.add_argument(
        "--auto",
        action="store_true",
        help="computer players at every seat (without it you play at one seat, South)",
    )
    play.add_argument(
        "--laws", action="store_true", help="you playing: laws mode (irregular play recorded)"
    )
    play.add_argument(
        "--pause",
        metavar="SECONDS",
        type=table_laws.pause_setting,
        default=table_laws.PAUSE_AS_INPUT,
        help="you playing with --laws: the wait before each computer player's card",
    )
    play.add_argument("--seed", type=int, default=0, help="seed for the deals and the players")
    play.add_argument(
        "--player",
        default="heuristic",
        help="computer player kind, or kinds separated by commas given to the pairs in turn "
        "(e.g. heuristic,random; default heuristic)",
    )
    play.add_argument("--json", action="store_true", help="print one JSON object")
    play.add_argument(
        "--save",
        metavar="DIR",
        default=None,
        help="write each table session's event log into this directory (made if missing), "
        "for vivant record and vivant replay",
    )
    play.set_defaults(func=run_play)


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
    from vivant.duplicate.event import schedule_json
    from vivant.duplicate.movements import generate, validate

    schedule = generate(args.kind, args.tables, args.trays, replay=args.mnemonic)
    validation = validate(schedule)
    if args.json:
        print(json.dumps(schedule_json(schedule, validation), ensure_ascii=False))
    else:
        _print_schedule(schedule, validation)
    return 0 if validation.ok else 1


def _print_event(event: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if event["form"] == "single-table individuals":
        _print_individuals(console, event)
        return
    if event["tables"] == 1:
        _print_single_table(console, event)
        return
    mnemonic = ", run twice (mnemonic)" if event["mnemonic"] else ""
    console.print(
        f"Duplicate Whist — {event['form']}, {event['tables']} tables{mnemonic}, "
        f"seed {event['seed']}, trumps {event['trump_rule']}, scoring: {event['scoring']}",
        highlight=False,
    )
    results = Table(title="Results")
    for col in ("Place", "Pair", "Field", "Trays", "Tricks", "Score"):
        results.add_column(col, justify="left" if col in ("Pair", "Field") else "right")
    if event["scoring"] == "matches":
        results.add_column("Margin", justify="right")
    for s in event["standings"]:
        row = [str(s["place"]), s["pair"], s["field"], str(s["trays"]), str(s["tricks"])]
        row.append(s["score"] if "/" not in s["score"] else f"{s['score']} (~{s['shown']})")
        if event["scoring"] == "matches":
            row.append(str(s["margin"]))
        results.add_row(*row)
    console.print(results)
    if event["matches"]:
        found = Table(title="Matches")
        for col in ("Pairs", "Trays", "Tricks", "Winner"):
            found.add_column(col, justify="left" if col in ("Pairs", "Winner") else "right")
        for m in event["matches"]:
            trays = m["trays"]
            found.add_row(
                " v ".join(m["pairs"]),
                _tray_list(trays),
                "–".join(str(x) for x in m["tricks"]),
                m["winner"] or "½ each",
            )
        console.print(found)
    if event["teams"]:
        teams = Table(title="Teams")
        for col in ("Place", "Team", "Aggregate", "Score"):
            teams.add_column(col, justify="right")
        for t in event["teams"]:
            teams.add_row(str(t["place"]), t["team"], str(t["aggregate"]), f"{t['score']:+d}")
        console.print(teams)
    for tv in event["travellers"]:
        trav = Table(title=f"Traveller — tray {tv['tray']} (par {tv['par']} N–S hands)")
        for col in ("Round", "Table", "Pass", "N–S", "E–W", "Turned", "NS tricks", "EW tricks"):
            trav.add_column(col, justify="right")
        trav.add_column("NS v par", justify="right")
        for ln in tv["lines"]:
            trav.add_row(
                str(ln["round"]),
                str(ln["table"]),
                str(ln["pass"]),
                ln["ns"],
                ln["ew"],
                "yes" if ln["turned"] else "",
                str(ln["ns_tricks"]),
                str(ln["ew_tricks"]),
                ln["ns_score"],
            )
        console.print(trav)


def _print_individuals(console: Any, event: dict[str, Any]) -> None:
    from rich.table import Table

    console.print(
        f"Single-table (Mnemonic) Duplicate for individuals — seed {event['seed']}, "
        f"trumps {event['trump_rule']}",
        highlight=False,
    )
    deals = Table(title="Deals: original N–S (S and partner) against the overplay pair")
    for col in ("Deal", "Original N–S", "Tricks", "Overplay pair", "Tricks", "m"):
        deals.add_column(col, justify="right")
    for d in event["deals"]:
        m = d["original_ns_tricks"] - d["overplay_ns_tricks"]
        deals.add_row(
            str(d["deal"]),
            " & ".join(d["original_ns"]),
            str(d["original_ns_tricks"]),
            " & ".join(d["original_ew"]),
            str(d["overplay_ns_tricks"]),
            f"{m:+d}",
        )
    console.print(deals)
    scores = Table(title="Scores")
    scores.add_column("Player")
    scores.add_column("Score", justify="right")
    for name, value in sorted(event["scores"].items(), key=lambda kv: -kv[1]):
        scores.add_row(name, f"{value:+d}")
    console.print(scores)
    console.print(f"Winner: {', '.join(event['winners'])}", highlight=False)


def _tray_list(trays: list[int]) -> str:
    """``5–8`` for a run of trays, ``1, 3`` otherwise."""
    if len(trays) > 1 and trays == list(range(trays[0], trays[-1] + 1)):
        return f"{trays[0]}–{trays[-1]}"
    return ", ".join(str(t) for t in trays)


def _print_single_table(console: Any, event: dict[str, Any]) -> None:
    from rich.table import Table

    console.print(
        f"Single-table (Mnemonic) Duplicate — seed {event['seed']}, trumps {event['trump_rule']}",
        highlight=False,
    )
    plays = Table(title="Plays (tricks per side after penalties)")
    for col in ("Tray", "Play", "Dealer", "N–S", "E–W"):
        plays.add_column(col, justify="right")
    for p in event["plays"]:
        if p.get("abandoned") or p.get("voided"):
            continue
        plays.add_row(
            str(p["tray"]),
            "overplay (turned)" if p["turned"] else "original",
            p["dealer"],
            str(p["won"]["NS"]),
            str(p["won"]["EW"]),
        )
    console.print(plays)
    c = event["comparison"]
    verdict = f"{c['winner']} win by {c['margin']}" if c["winner"] else "a tie: the pairs are equal"
    console.print(
        f"Comparison of the two pairs: {c['original_pair']} took {c['original_ew_tricks']} tricks "
        f"with the E–W cards on the originals; {c['replay_pair']} took {c['replay_tricks']} "
        f"with the same cards on the overplays — {verdict}.",
        highlight=False,
    )


def run_play(args: argparse.Namespace) -> int:
    """Run ``vivant duplicate play``; prints the event and returns 0."""
    from vivant.duplicate.event import play_event
    from vivant.errors import InvalidActionError

    if not args.auto:
        if args.json or args.save is not None or args.individuals:
            raise InvalidActionError(
                "--json, --save and --individuals are for computer players only: add --auto"
            )
        return play_as_a_person(args)
    save = None
    if args.save is not None:
        from pathlib import Path

        from vivant.records.log import save_log

        folder = Path(args.save)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InvalidActionError(
                f"{folder}: cannot make the directory: {exc.strerror}"
            ) from None

        def save(stem: str, table: Table, meta: dict[str, Any]) -> None:
            save_log(table, folder / f"{stem}.json", meta)

    event = play_event(
        args.kind,
        args.tables,
        seed=args.seed,
        trays_per_set=args.trays,
        mnemonic=args.mnemonic,
        trump=args.trump,
        player=args.player,
        individuals=args.individuals,
        save=save,
    )
    if args.json:
        print(json.dumps(event, ensure_ascii=False))
    else:
        _print_event(event)
    return 0


# --- a person at the table (issue 16, point 6) --------------------------------------------------


class BoardSession(PlaySession):
    """The terminal's play loop (:class:`vivant.cli.play.Session`) at one Duplicate table, saying
    after each board what ``board_over`` gives (the comparison and the totals, in the core's
    words) and at each tray what ``tray_here`` gives (where it comes from)."""

    def __init__(
        self,
        *,
        board_over: Callable[[], list[str]],
        tray_here: Callable[[], list[str]],
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.board_over = board_over
        self.tray_here = tray_here

    def after_event(self, e: Event, events: Sequence[Event]) -> None:
        super().after_event(e, events)
        if e.kind == EventKind.HAND_SCORED:
            for line in self.board_over():
                self.say(line, "bold")
        elif e.kind == EventKind.TRAY:
            for line in self.tray_here():
                self.say(line)

    def first_tray(self) -> None:
        """The tray laid out when the table was set up (before any action): said like the
        others."""
        self.narrate([self.table.tray_event()])  # type: ignore[attr-defined]


def _person_session(
    args: argparse.Namespace,
    table: DuplicateTable,
    seed: int,
    board_over: Callable[[], list[str]],
    tray_here: Callable[[], list[str]],
    io: dict[str, Any],
) -> BoardSession:
    return BoardSession(
        board_over=board_over,
        tray_here=tray_here,
        stop=io["stop"],
        console=io["console"],
        read=io["lines"].read,
        ready=io["lines"].ready,
        pause=table_laws.pause_for(args.pause, sys.stdin.isatty()),
        echo=not sys.stdin.isatty(),
        n_players=4,
        seat=None,
        seed=seed,
        laws=args.laws,
        opponents=args.player,
        table=table,
    )


def play_as_a_person(args: argparse.Namespace) -> int:
    """``vivant duplicate play`` without ``--auto``: you sit South at a table of computer
    players. One table with ``--mnemonic`` is Single-table (Mnemonic) Duplicate (SD-5, SD-6);
    more tables an event with a movement, your pair at table 1 and computer players at every
    other table (the core's :mod:`vivant.duplicate.progress` gives the words)."""
    from vivant.cli.play import StopFlag, make_console, stop_signals
    from vivant.errors import InvalidActionError

    if args.player not in player_kinds():
        raise InvalidActionError(
            f"--player with a person at the table is one level: {', '.join(player_kinds())}"
        )
    if args.pause != table_laws.PAUSE_AS_INPUT and not args.laws:
        raise InvalidActionError("--pause is for laws mode (--laws)")
    console = make_console(sys.stdout)
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")
    io: dict[str, Any] = {
        "console": console,
        "stop": StopFlag(),
        "lines": table_laws.Lines(sys.stdin),
    }
    with stop_signals(io["stop"]):
        try:
            if args.tables == 1:
                return _mnemonic_match(args, io)
            return _event(args, io)
        except (Quit, KeyboardInterrupt) as q:
            why = str(q) if isinstance(q, Quit) else "interrupted"
            console.print(LEAVING.get(why, why), highlight=False)
            return 130 if isinstance(q, KeyboardInterrupt) else 0


def _mnemonic_match(args: argparse.Namespace, io: dict[str, Any]) -> int:
    """SD-5, SD-6: the boards played, then replayed turned; you and Ada against Bea and Cyd."""
    from vivant.errors import InvalidActionError

    if not args.mnemonic:
        raise InvalidActionError(
            "one table plays Single-table (Mnemonic) Duplicate: add --mnemonic, or give "
            "--tables 2 or more for a movement"
        )
    names = [BOT_NAMES[0], BOT_NAMES[1], HUMAN, BOT_NAMES[2]]
    table = DuplicateTable(
        names,
        laws=args.laws,
        trays=args.trays,
        mnemonic=True,
        declared_trump=args.trump or "H",
    )
    # the board's comparison and the totals are the core's words for the hand scored (SD-6)
    session = _person_session(args, table, args.seed, list, list, io)
    console = io["console"]
    console.print(
        progress.mnemonic_opening(table, "You sit South") + " Type help for help.",
        style="bold",
        highlight=False,
    )
    session.first_tray()
    session.play_to_the_end()
    return 0


def _event(args: argparse.Namespace, io: dict[str, Any]) -> int:
    """An event with a movement (:class:`vivant.duplicate.progress.PairEvent`): each round the
    other tables are played by computer players, then yours; after each of your boards its
    comparison and the running totals; at the end the final ranking."""
    event = progress.PairEvent(
        args.kind,
        args.tables,
        seed=args.seed,
        trays_per_set=args.trays,
        mnemonic=args.mnemonic,
        trump=args.trump,
        player=args.player,
    )
    console = io["console"]
    console.print(
        event.heading(HUMAN) + " Type help for help.",
        style="bold",
        highlight=False,
    )
    for rnd in range(1, event.schedule.rounds + 1):
        event.play_other_tables(rnd)
        console.print(event.round_words(rnd), style="bold", highlight=False)
        if event.ours(rnd) is None:
            continue
        players, options = event.table_setup(rnd, HUMAN)
        table = DuplicateTable(players, laws=args.laws, **options)  # type: ignore[arg-type]

        def tray_here(table: DuplicateTable = table, rnd: int = rnd) -> list[str]:
            return event.tray_words(rnd, table.current[0])

        def board_over(table: DuplicateTable = table, rnd: int = rnd) -> list[str]:
            return event.board_over(rnd, table.results()[-1])

        session = _person_session(args, table, args.seed + rnd, board_over, tray_here, io)
        session.first_tray()
        session.play_to_the_end()
    for i, line in enumerate(event.final_words()):
        console.print(line, style="bold" if i == 0 else None, highlight=False)
    return 0
