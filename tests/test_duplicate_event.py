"""Duplicate Whist events: sessions from a movement, trays travelling, scoring, ``vivant duplicate
play``."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from vivant.cards import SEATS
from vivant.cli import main
from vivant.duplicate.event import play_event
from vivant.duplicate.movements import generate, plays
from vivant.duplicate.scoring import TrayResult, score_event
from vivant.duplicate.table import (
    deal_trays,
    event_results,
    event_sessions,
    pair_players,
)
from vivant.players import find_player, play_sitting


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


# --- sessions from a schedule ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "tables", "replay"),
    [("howell", 2, False), ("mitchell", 3, False), ("howell", 3, True), ("teams", 3, False)],
)
def test_sessions_cover_every_scheduled_play_once(kind: str, tables: int, replay: bool) -> None:
    schedule = generate(kind, tables, replay=replay)
    sessions = event_sessions(schedule)
    from_sessions = Counter(
        (s.round, s.table, tray, turned, s.ns, s.ew, s.pass_number)
        for s in sessions
        for tray, turned in s.program
    )
    from_schedule = Counter(
        (p.round, p.table, p.tray, p.turned, p.ns, p.ew, p.pass_number) for p in plays(schedule)
    )
    assert from_sessions == from_schedule
    assert len({(s.round, s.table) for s in sessions}) == len(sessions)


def test_foster_four_pairs_trays_travel_between_the_two_tables() -> None:
    """MVV-17: in set 1 table 1 plays trays 1–4 while table 2 plays 5–8, then they exchange."""
    sessions = event_sessions(generate("howell", 2))
    first = [s for s in sessions if s.round == 1]
    assert [(s.table, s.ns, s.ew) for s in first] == [(1, "b", "a"), (2, "d", "c")]
    assert [t for t, _ in first[0].program] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert [t for t, _ in first[1].program] == [5, 6, 7, 8, 1, 2, 3, 4]
    assert first[0].players() == ["b/1", "a/1", "b/2", "a/2"]  # N E S W
    assert pair_players("1N") == ("1N/1", "1N/2")


def test_a_session_plays_the_recorded_trays_turned_where_the_schedule_says() -> None:
    schedule = generate("howell", 2, 2, replay=True)
    trays = {t.tray: t for t in deal_trays(4, 6)}
    second = next(s for s in event_sessions(schedule) if s.pass_number == 2)
    table = second.table_for(trays)
    tray, turned = second.program[0]
    assert turned and table.view(None).extra["tray"] == tray
    for seat in SEATS:  # the tray's N–S hands held at the E–W seats (MN-1)
        assert table.view((seat + 1) % 4).hand.mask == trays[tray].hands[seat]
    bots = {n: find_player("random")(seed=i) for i, n in enumerate(table.players)}
    play_sitting(table, bots, random.Random(0))
    results = event_results(second, table)
    assert [(r.tray, r.turned, r.pass_number) for r in results] == [
        (t, True, 2) for t, _ in second.program
    ]
    assert all(r.ns == second.ns and r.ew == second.ew for r in results)


# --- whole events ---------------------------------------------------------------------------


def results_from_json(event: dict[str, Any]) -> list[TrayResult]:
    """The plays of an event as comparison records, rebuilt from its JSON alone."""
    out = []
    for s in event["sessions"]:
        for p in s["plays"]:
            ns = sum(1 for t in p["tricks"] if t["winner"] in "NS")
            assert p["won"]["NS"] == ns  # no irregularities with computer players
            out.append(
                TrayResult(
                    p["tray"], s["ns"], s["ew"], ns, p["turned"], s["round"], s["table"], s["pass"]
                )
            )
    return out


@pytest.mark.parametrize(
    ("kind", "tables", "mnemonic", "method"),
    [
        ("howell", 2, False, "matches"),
        ("mitchell", 3, False, "fields"),
        ("howell", 2, True, "totals"),
        ("teams", 2, False, "teams"),
        ("howell", 4, False, "equated"),
    ],
)
def test_event_is_scored_as_its_movement_asks(
    kind: str, tables: int, mnemonic: bool, method: str
) -> None:
    event = play_event(
        kind, tables, seed=3, trays_per_set=2, mnemonic=mnemonic, player="heuristic,random"
    )
    assert event["scoring"] == method and event["mnemonic"] is mnemonic
    schedule = generate(kind, tables, 2, replay=mnemonic)
    scored = score_event(schedule, results_from_json(event))
    assert [(s["pair"], s["score"], s["place"]) for s in event["standings"]] == [
        (s.pair, str(s.score), s.place) for s in scored.standings
    ]
    assert len(event["trays"]) == sum(len(s.trays) for s in schedule.sets)
    lines = sum(len(t["lines"]) for t in event["travellers"])
    assert lines == len(plays(schedule))
    assert all(
        sum(len(tr["cards"]) for tr in p["tricks"]) == 52
        for s in event["sessions"]
        for p in s["plays"]
    )


def test_mnemonic_event_gives_each_pair_both_sides_of_every_tray() -> None:
    event = play_event("mitchell", 3, seed=5, trays_per_set=1, mnemonic=True)
    held: Counter[tuple[str, int, bool]] = Counter()
    for s in event["sessions"]:
        for p in s["plays"]:
            held[(s["ns"], p["tray"], p["turned"])] += 1
    for (pair, tray, turned), n in held.items():
        assert n == 1 and held[(pair, tray, not turned)] == 1  # V8: once each way


def test_single_table_mnemonic_through_play_event() -> None:
    event = play_event(None, 1, seed=2, trays_per_set=3, mnemonic=True, player="heuristic,random")
    assert event["form"] == "single-table" and event["trump_rule"] == "declared H"
    assert len(event["plays"]) == 6
    c = event["comparison"]
    ew = sum(p["won"]["EW"] for p in event["plays"] if not p["turned"])
    ns = sum(p["won"]["NS"] for p in event["plays"] if p["turned"])
    assert (c["original_ew_tricks"], c["replay_tricks"], c["margin"]) == (ew, ns, abs(ew - ns))


# --- the command ----------------------------------------------------------------------------


def test_cli_play_json_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["duplicate", "play", "--tables", "2", "--auto", "--seed", "1", "--json"]
    code, out, _ = run(argv, capsys)
    assert code == 0 and out.count("\n") == 1
    assert run(argv, capsys)[1] == out
    event = json.loads(out)
    assert (event["kind"], event["tables"], event["seed"]) == ("howell", 2, 1)
    assert len(event["trays"]) == 24 and len(event["sessions"]) == 6
    other = json.loads(run([*argv[:-2], "2", "--json"], capsys)[1])
    assert other["trays"] != event["trays"]


def test_cli_play_prints_results_and_travellers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["duplicate", "play", "--tables", "3", "--auto", "--seed", "1", "--trays", "1"], capsys
    )
    assert code == 0
    assert "Results" in out and "Traveller — tray 3" in out and "mitchell" in out
    code, out, _ = run(
        ["duplicate", "play", "--mnemonic", "--auto", "--seed", "1", "--trays", "2"], capsys
    )
    assert code == 0 and "Single-table (Mnemonic) Duplicate" in out
    assert "Comparison of the two pairs" in out and "SD-6" not in out
    code, out, _ = run(
        ["duplicate", "play", "--kind", "foster-six", "--tables", "3", "--auto"],
        capsys,
    )
    assert code == 0 and "Matches" in out
    code, out, _ = run(
        ["duplicate", "play", "--mnemonic", "--individuals", "--auto", "--trays", "1"], capsys
    )
    assert code == 0 and "Duplicate for individuals" in out and "Winner" in out


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--tables", "2", "--json"], "add --auto"),
        (["--tables", "2", "--player", "heuristic,random"], "one level"),
        (["--tables", "1", "--auto"], "add --mnemonic"),
        (["--tables", "2", "--kind", "snow", "--auto"], "not documented"),
        (["--tables", "5", "--kind", "howell", "--auto"], "10 pairs"),
        (["--tables", "2", "--auto", "--player", "nobody"], "unknown player kind"),
    ],
)
def test_cli_play_refusals(
    extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["duplicate", "play", *extra], capsys)
    assert code == 2 and out == "" and message in err


def test_individual_mnemonic_scores_recomputed_from_the_plays() -> None:
    """SD-7: S keeps his seat; c, b, a partner him in turn; each block is replayed turned."""
    event = play_event(
        None, 1, seed=4, trays_per_set=2, mnemonic=True, individuals=True, player="heuristic,random"
    )
    blocks = event["blocks"]
    assert [(b["north"], b["east_west"], b["overplay"]) for b in blocks] == [
        ("c", ["a", "b"], False),
        ("b", ["a", "c"], False),
        ("a", ["b", "c"], False),
        ("c", ["a", "b"], True),
        ("b", ["a", "c"], True),
        ("a", ["b", "c"], True),
    ]
    first: dict[int, dict[str, Any]] = {}
    score = dict.fromkeys("Sabc", 0)
    for b in blocks:
        for p in b["plays"]:
            if not b["overplay"]:
                first[p["tray"]] = p
                continue
            o = first[p["tray"]]
            turned = {s: p["hands"]["NESW"[("NESW".index(s) + 1) % 4]] for s in "NESW"}
            assert turned == o["hands"]
            m = o["won"]["NS"] - p["won"]["EW"]
            for name in ("S", b["north"]):
                score[name] += m
            for name in b["east_west"]:
                score[name] -= m
    assert len(first) == 6 and event["scores"] == score and sum(score.values()) == 0
    assert event["winners"] == [n for n in "Sabc" if score[n] == max(score.values())]
