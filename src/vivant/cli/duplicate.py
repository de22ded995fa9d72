"""``vivant duplicate``: Duplicate Whist movements (duplicate.md §4, movements.md).

``vivant duplicate movement --tables N --kind howell|mitchell|mitchell-stands|teams [--mnemonic]
[--trays K] [--json]`` generates the movement for N tables, validates it (movements.md §1.2) and
prints the schedule — rounds × tables, each cell the N–S pair, the E–W pair and the set — with the
outcome of every check. ``--json`` prints the same as one JSON object. Unsupported movements or
table counts (the Snow system, D-DU6) are refused with the reason.

``vivant duplicate play --tables N [--kind K] [--mnemonic] [--trays K] [--trump S] --auto
[--seed S] [--player KIND] [--json]`` runs a whole event with computer players: the trays are dealt
beforehand from the seed, every table plays its sets with the Duplicate Whist variant as the
movement moves pairs and trays (``vivant.variants.duplicate``), and the plays are compared the way
the movement asks (``vivant.scoring.duplicate``); it prints the results table and every tray's
traveller, or one JSON object. ``--tables 1 --mnemonic`` is Single-table (Mnemonic) Duplicate: the
trays are played, then replayed turned, and the pairs compared (SD-5, SD-6); ``--individuals``
adds the four-player individual form (SD-7, ``--trays`` deals per partner). Same seed, same
output. ``--save DIR`` writes each table session's event log into DIR (``match.json``,
``blockK.json`` for the individuals' blocks, ``roundR-tableT-passP.json`` for an event), each
readable by ``vivant record`` and ``vivant replay``.
"""

from __future__ import annotations

import argparse
import json
import random
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from vivant.movements import KINDS, Schedule, Validation

if TYPE_CHECKING:
    from collections.abc import Callable

    from vivant.players import Player
    from vivant.scoring.duplicate import TrayResult
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
    play.add_argument("--auto", action="store_true", help="computer players at every seat")
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


# ---------------------------------------------------------------------------------------------
# vivant duplicate play


def _fraction(value: Fraction) -> str:
    return str(value)


def play_event(
    kind: str | None,
    tables: int,
    *,
    seed: int,
    trays_per_set: int | None = None,
    mnemonic: bool = False,
    trump: str | None = None,
    player: str = "heuristic",
    individuals: bool = False,
    save: Callable[[str, Table, dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Run a whole event with computer players and return its JSON record (see the module doc).

    With one table and ``mnemonic`` it is a single-table Mnemonic Duplicate match (SD-5, SD-6),
    or with ``individuals`` the four-player individual form (SD-7). ``save`` is given each table
    session once played: a file stem, the table and the log's meta."""
    from vivant.cards import parse_suit
    from vivant.errors import InvalidActionError
    from vivant.movements import generate
    from vivant.players import find_player, play_sitting
    from vivant.scoring.duplicate import score_event
    from vivant.variants.duplicate import (
        DuplicateTable,
        deal_trays,
        event_results,
        event_sessions,
        pair_players,
    )

    kinds = [k.strip() for k in player.split(",") if k.strip()] or ["heuristic"]
    factories = [find_player(k) for k in kinds]
    if tables == 1:
        if not mnemonic:
            raise InvalidActionError(
                "one table plays Single-table (Mnemonic) Duplicate: add --mnemonic, or give "
                "--tables 2 or more for a movement"
            )
        declared = trump or "H"
        if individuals:
            return play_individuals(seed, trays_per_set or 4, declared, factories, save)
        count = trays_per_set if trays_per_set is not None else 12
        names = ("North", "East", "South", "West")
        table = DuplicateTable(list(names), trays=count, mnemonic=True, declared_trump=declared)
        bots = {
            n: factories[(i % 2) % len(factories)](seed=seed * 16 + i) for i, n in enumerate(names)
        }
        record = play_sitting(table, bots, random.Random(seed), seed=seed)
        if save is not None:
            save("match", table, {"event": "Single-table Mnemonic Duplicate", "seed": seed})
        return {"game": "duplicate", "seed": seed, "tables": 1, "form": "single-table", **record}
    name = kind or ("howell" if tables == 2 else "mitchell")
    schedule = generate(name, tables, trays_per_set, replay=mnemonic)
    suit = None if trump is None else parse_suit(trump)
    count = sum(len(s.trays) for s in schedule.sets)
    trays = {t.tray: t for t in deal_trays(seed, count, declared_trump=suit)}
    schedule_sessions = event_sessions(schedule)
    # A seat any spare pair may fill (Foster's six pairs, ANY_PAIR) gets players of its own.
    pairs = [
        *schedule.pairs,
        *sorted({p for s in schedule_sessions for p in (s.ns, s.ew)} - set(schedule.pairs)),
    ]
    everyone = [n for p in pairs for n in pair_players(p)]
    bots = {
        n: factories[(i // 2) % len(factories)](seed=seed * 1024 + i)
        for i, n in enumerate(everyone)
    }
    results: list[TrayResult] = []
    sessions: list[dict[str, Any]] = []
    for session in schedule_sessions:
        table = session.table_for(trays)
        play_sitting(table, bots, random.Random(seed))
        if save is not None:
            save(
                f"round{session.round}-table{session.table}-pass{session.pass_number}",
                table,
                {
                    "event": f"Duplicate Whist, {schedule.kind}",
                    "seed": seed,
                    "round": session.round,
                    "table": session.table,
                    "pass": session.pass_number,
                    "ns": session.ns,
                    "ew": session.ew,
                },
            )
        got = event_results(session, table)
        results.extend(got)
        sessions.append(
            {
                "round": session.round,
                "table": session.table,
                "pass": session.pass_number,
                "ns": session.ns,
                "ew": session.ew,
                "plays": [
                    {
                        "tray": r["tray"],
                        "turned": r["turned"],
                        "won": r["won"],
                        "tricks": r["tricks"],
                        "irregularities": r["irregularities"],
                    }
                    for r in table.results()
                ],
            }
        )
    scored = score_event(schedule, results)
    return {
        "game": "duplicate",
        "seed": seed,
        "kind": schedule.kind,
        "form": schedule.form,
        "tables": schedule.tables,
        "mnemonic": schedule.passes == 2,
        "scoring": scored.method,
        "player": player,
        "trump_rule": "turned" if suit is None else f"declared {trump.upper() if trump else ''}",
        "trays": [trays[t].to_json() for t in sorted(trays)],
        "sessions": sessions,
        "standings": [
            {
                "place": s.place,
                "pair": s.pair,
                "field": s.field,
                "trays": s.trays,
                "tricks": s.tricks,
                "score": _fraction(s.score),
                "shown": s.shown,
                "margin": s.margin,
            }
            for s in scored.standings
        ],
        "matches": [
            {
                "pairs": [m.first, m.second],
                "trays": list(m.trays),
                "tricks": [m.first_tricks, m.second_tricks],
                "winner": m.winner,
            }
            for m in scored.matches
        ],
        "teams": [
            {"place": t.place, "team": t.team, "aggregate": t.aggregate, "score": t.score}
            for t in scored.teams
        ],
        "travellers": [
            {
                "tray": tv.tray,
                "par": _fraction(tv.par),
                "lines": [
                    {
                        "round": ln.round,
                        "table": ln.table,
                        "pass": ln.pass_number,
                        "ns": ln.ns,
                        "ew": ln.ew,
                        "turned": ln.turned,
                        "ns_tricks": ln.ns_tricks,
                        "ew_tricks": ln.ew_tricks,
                        "ns_score": _fraction(ln.ns_score),
                    }
                    for ln in tv.lines
                ],
            }
            for tv in scored.travellers
        ],
    }


def play_individuals(
    seed: int,
    deals_per_partner: int,
    trump: str,
    factories: list[Callable[..., Player]],
    save: Callable[[str, Table, dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """SD-7: individual Single-table (Mnemonic) Duplicate for S, a, b, c. S sits South and never
    moves; each of the others partners him at North for a block of deals, then every block is
    replayed turned with the same partner (``vivant.movements.single_table_individuals``). Per
    deal m = the original N–S tricks less the tricks the overplay pair made with those cards;
    S and his partner +m, the other two −m (``scoring.duplicate.individual_mnemonic``)."""
    from vivant.movements import single_table_individuals
    from vivant.players import play_sitting
    from vivant.scoring.duplicate import IndividualDeal, individual_mnemonic
    from vivant.variants.duplicate import DuplicateTable, Tray

    names = ("S", "a", "b", "c")
    bots = {n: factories[i % len(factories)](seed=seed * 16 + i) for i, n in enumerate(names)}
    rng = random.Random(seed)
    trays: dict[int, Tray] = {}
    originals: dict[int, tuple[tuple[str, str], tuple[str, str], int]] = {}
    deals: list[IndividualDeal] = []
    blocks: list[dict[str, Any]] = []
    for block in single_table_individuals("S", ("a", "b", "c"), deals_per_partner):
        east, west = block.east_west
        table = DuplicateTable(
            [block.north, east, "S", west],
            declared_trump=trump,
            boards=[trays[d].to_json() for d in block.deals] if block.overplay else [],
            program=[[d, block.overplay] for d in block.deals],
        )
        play_sitting(table, bots, rng)
        if save is not None:
            save(
                f"block{len(blocks) + 1}",
                table,
                {"event": "Single-table Mnemonic Duplicate, individuals", "seed": seed},
            )
        trays.update(table.trays_dealt)
        for r in table.results():
            if not block.overplay:
                originals[r["tray"]] = (("S", block.north), (east, west), r["won"]["NS"])
            else:  # turned: the overplay pair holds the original N–S cards at E–W
                ns, ew, made = originals[r["tray"]]
                deals.append(IndividualDeal(ns, ew, made, r["won"]["EW"]))
        blocks.append(
            {
                "deals": list(block.deals),
                "north": block.north,
                "east_west": [east, west],
                "overplay": block.overplay,
                "plays": table.results(),
            }
        )
    scores = individual_mnemonic(deals)
    best = max(scores.values())
    return {
        "game": "duplicate",
        "seed": seed,
        "tables": 1,
        "form": "single-table individuals",
        "trump_rule": f"declared {trump.upper()}",
        "players": list(names),
        "trays": [trays[t].to_json() for t in sorted(trays)],
        "blocks": blocks,
        "deals": [
            {
                "deal": i + 1,
                "original_ns": list(d.original_ns),
                "original_ew": list(d.original_ew),
                "original_ns_tricks": d.original_ns_tricks,
                "overplay_ns_tricks": d.overplay_ns_tricks,
            }
            for i, d in enumerate(deals)
        ],
        "scores": {n: scores.get(n, 0) for n in names},
        "winners": [n for n in names if scores.get(n, 0) == best],
    }


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
        found = Table(title="Matches (SC-4)")
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
    from vivant.errors import InvalidActionError

    if not args.auto:
        raise InvalidActionError(
            "vivant duplicate play runs computer players only for now: add --auto"
        )
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
