"""``vivant simulate``: the same master seed gives the same results on every backend, the rows
agree with the sittings' own records, and bad options get a plain error."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from vivant.cli.play import auto_record
from vivant.sim import batches, make_tasks, run, run_task, summarise, summary_text
from vivant.variants import find_variant

VIVANT = [str(Path(sys.executable).parent / "vivant")]


def simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*VIVANT, "simulate", *args], capture_output=True, text=True, timeout=600, check=False
    )


def test_serial_processes_and_dask_give_identical_summaries() -> None:
    outputs = {
        backend: simulate(
            "mort",
            "--players",
            "heuristic",
            "--sittings",
            "60",
            "--seed",
            "1",
            "--backend",
            backend,
            "--workers",
            "2",
            "--json",
            "--quiet",
        )
        for backend in ("serial", "processes", "dask")
    }
    for backend, done in outputs.items():
        assert done.returncode == 0, (backend, done.stderr)
    texts = {done.stdout for done in outputs.values()}
    assert len(texts) == 1
    summary = json.loads(texts.pop())
    lineup = summary["lineups"][0]
    assert lineup["sittings"] == 60 and lineup["games"] == 180
    assert lineup["game_value"]["min"] >= 6  # M-8: no game is worth less than six


def test_a_task_row_agrees_with_the_record_vivant_play_prints() -> None:
    """A sitting's seed replays it: its row is the record of ``vivant play --auto`` at that seed."""
    task = make_tasks("mort", [["heuristic"] * 3], sittings=3, master_seed=9)[2]
    row = run_task(task)
    record = auto_record(find_variant("mort"), 3, task.seed, False, "heuristic")
    assert [row["sitting"][f"settle_P{i}"] for i in (1, 2, 3)] == [
        record["settlement"][f"P{i}"] for i in (1, 2, 3)
    ]
    assert [g["value"] for g in row["games"]] == [g["value"] for g in record["games"]]
    assert sum(row["sitting"][f"settle_P{i}"] for i in (1, 2, 3)) == 0  # zero-sum stakes


def test_hardest_line_up_is_scheduled_first_and_batches_cover_every_task() -> None:
    tasks = make_tasks("thirteen", [["random", "random"], ["mc-fast", "heuristic"]], 5, 3)
    cut = batches(tasks, 3)
    assert [t.lineup for t in cut[0]] == [1, 1, 1]
    assert sorted((t.lineup, t.sitting) for b in cut for t in b) == sorted(
        (t.lineup, t.sitting) for t in tasks
    )


def test_line_ups_are_summarised_apart_by_player_kind() -> None:
    tasks = make_tasks("thirteen", [["random", "heuristic"], ["random", "random"]], 30, 5)
    summary = summarise(run(tasks))
    first, second = summary["lineups"]
    assert first["players"] == ["random", "heuristic"] and second["players"] == ["random"] * 2
    assert set(first["settlement_by_kind"]) == {"random", "heuristic"}
    heuristic = first["settlement_by_kind"]["heuristic"]["mean"]
    random_ = first["settlement_by_kind"]["random"]["mean"]
    assert heuristic == -random_  # two players settle with each other only
    assert heuristic > 0  # the heuristic player beats random play over 30 rubbers
    assert summary_text(summary) == summary_text(summarise(run(tasks)))


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_rows_are_written_as_csv_or_parquet(tmp_path: Path, fmt: str) -> None:
    done = simulate(
        "humbug",
        "--sittings",
        "4",
        "--seed",
        "2",
        "--out",
        str(tmp_path),
        "--format",
        fmt,
        "--quiet",
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads((tmp_path / "summary.json").read_text())
    if fmt == "csv":
        with (tmp_path / "sittings.csv").open() as f:
            rows = list(csv.DictReader(f))
    else:
        rows = pq.read_table(tmp_path / "sittings.parquet").to_pylist()
    assert len(rows) == 4 == summary["lineups"][0]["sittings"]
    assert {str(r["seed"]) for r in rows} == {
        str(t.seed) for t in make_tasks("humbug", [["heuristic"] * 2], 4, 2)
    }


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["mort", "--sittings", "0"], "--sittings must be at least 1"),
        (["mort", "--workers", "0", "--backend", "processes"], "--workers must be at least 1"),
        (["mort", "--players", "genius"], "genius"),
        (["mort", "--players", "random,random"], "not 2"),
        (["mort", "--seats", "9"], "not 9"),
        (["nosuchgame"], "nosuchgame"),
        (["mort", "--backend", "serial", "--dask", "tcp://127.0.0.1:1"], "--backend dask"),
        (
            ["mort", "--dask", "tcp://127.0.0.1:1", "--sittings", "1"],
            "127.0.0.1:1: nothing listens there",
        ),
    ],
)
def test_bad_options_get_a_plain_error(args: list[str], message: str) -> None:
    done = simulate(*args, "--quiet")
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
