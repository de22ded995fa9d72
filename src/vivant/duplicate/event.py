"""Running a Duplicate Whist event with computer players, for the terminal and the server alike.

:func:`play_event` deals the trays beforehand from the seed (DU-1.3), seats the pairs at every table
of the movement round by round (:mod:`vivant.duplicate.movements`, D-MV3), plays each table's
programme of trays with :class:`~vivant.duplicate.table.DuplicateTable`, and compares the plays
the way the movement asks (:func:`~vivant.duplicate.scoring.score_event`). One table with
``mnemonic`` is Single-table (Mnemonic) Duplicate (SD-5, SD-6); with ``individuals`` its
four-player individual form (SD-7, :func:`play_individuals`). Same seed, same event. The result is
one JSON-ready record; :func:`schedule_json` gives a movement and its validation the same way.
A ``save`` callback receives every table session once played (a file stem, the table and the
meta of its event log), so a front end decides where the logs go.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from vivant.cards import parse_suit
from vivant.duplicate.movements import (
    Schedule,
    Validation,
    default_movement,
    generate,
    single_table_individuals,
)
from vivant.duplicate.scoring import (
    IndividualDeal,
    TrayResult,
    individual_mnemonic,
    score_event,
)
from vivant.duplicate.table import (
    DuplicateTable,
    Tray,
    deal_trays,
    event_results,
    event_sessions,
    pair_players,
)
from vivant.errors import InvalidActionError
from vivant.players import Player, find_player, play_sitting
from vivant.table import Table

__all__ = ["SaveSession", "play_event", "play_individuals", "schedule_json"]

#: Called with each table session once played: a file stem, the table and its log's meta.
SaveSession = Callable[[str, Table, dict[str, Any]], None]


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
    save: SaveSession | None = None,
) -> dict[str, Any]:
    """Run a whole event with computer players and return its JSON record (see the module doc).

    ``kind`` names the movement (default howell for two tables, else mitchell); ``player`` is a
    computer player kind, or kinds separated by commas given to the pairs in turn.

    With one table and ``mnemonic`` it is a single-table Mnemonic Duplicate match (SD-5, SD-6),
    or with ``individuals`` the four-player individual form (SD-7). ``save`` is given each table
    session once played: a file stem, the table and the log's meta."""

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
    name = kind or default_movement(tables)
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
    save: SaveSession | None = None,
) -> dict[str, Any]:
    """SD-7: individual Single-table (Mnemonic) Duplicate for S, a, b, c. S sits South and never
    moves; each of the others partners him at North for a block of deals, then every block is
    replayed turned with the same partner (``movements.single_table_individuals``). Per deal
    m = the original N–S tricks less the tricks the overplay pair made with those cards; S and
    his partner +m, the other two −m (``scoring.individual_mnemonic``)."""

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
