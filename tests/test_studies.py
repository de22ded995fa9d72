"""``vivant study``: each of Foster's claims runs as a study whose report states the method, the
figures, the deals needed and a verdict; steerings make exactly the choice they name."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

from vivant.sim.studies import STUDIES, _judge, deals_needed, run_study
from vivant.sim.summary import describe
from vivant.sim.tasks import SittingTask, play_task

VIVANT = str(Path(sys.executable).parent / "vivant")


@pytest.mark.parametrize("name", sorted(STUDIES))
def test_every_study_writes_a_report_with_its_plots(tmp_path: Path, name: str) -> None:
    path = run_study(name, deals=150, out=tmp_path, seed=3)
    text = path.read_text()
    for heading in ("## Method", "## Figures", "## Verdict", "## Plots", "## Reproduce"):
        assert heading in text
    assert STUDIES[name].claim[:40] in text
    assert "needs about" in text or "too few observations" in text
    png = tmp_path / f"{name}.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / f"{name}.svg").read_text().lstrip().startswith("<?xml")


def test_the_same_seed_gives_the_same_report(tmp_path: Path) -> None:
    first = run_study("humbug-exchange", deals=120, out=tmp_path / "a", seed=5)
    second = run_study(
        "humbug-exchange", deals=120, out=tmp_path / "b", seed=5, workers=2, backend="processes"
    )
    assert first.read_text() == second.read_text()


def test_deal_for_mort_steering_makes_mort_deal_every_first_hand() -> None:
    for steering, dealer in (("deal-for-mort", "M"), ("deal-for-self", "V")):
        task = SittingTask("mort", ("heuristic",) * 3, 11, 0, steer=(steering,) * 3)
        record = play_task(task)
        assert [g["hands"][0]["dealer"] for g in record["games"]] == [dealer] * 3


def test_exchange_steering_decides_only_the_steered_players_exchange() -> None:
    task = SittingTask("humbug", ("heuristic", "heuristic"), 4, 0, steer=("", "always-exchange"))
    record = play_task(task)
    steered_role = {name: role for role, name in record["games"][0]["roles"].items()}["P2"]
    decisions = [h["exchanged"] for g in record["games"] for h in g["hands"]]
    assert decisions and all(d[steered_role] for d in decisions)


def test_deals_needed_follows_the_normal_interval() -> None:
    rng = random.Random(1)
    sample = [rng.gauss(0, 4) for _ in range(4000)]
    sd = describe(sample)["ci95"] / 1.959963984540054 * math.sqrt(len(sample))
    assert deals_needed(sample, 0.1) == math.ceil((1.959963984540054 * sd / 0.1) ** 2)
    needed = deals_needed(sample, 0.2)
    assert needed is not None and 1400 < needed < 1700  # (1.96 · 4 / 0.2)² ≈ 1,537


def test_a_claim_is_judged_by_its_interval() -> None:
    assert _judge(0.5, 0.2) == "supported"
    assert _judge(-0.5, 0.2) == "contradicted"
    assert _judge(0.1, 0.2).startswith("not shown")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nosuch"], "unknown study 'nosuch'"),
        (["mort-stakes", "--deals", "0"], "--deals must be at least 1"),
        (["mort-stakes", "--players", "genius"], "genius"),
    ],
)
def test_bad_study_options_get_a_plain_error(args: list[str], message: str) -> None:
    done = subprocess.run(
        [VIVANT, "study", *args, "--quiet"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


def test_study_alone_lists_the_studies() -> None:
    done = subprocess.run([VIVANT, "study"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    named = [line.split()[0] for line in lines[1:] if line and not line.startswith(" ")]
    assert named == list(STUDIES)
    # each with Foster's claim in his words (wrapped) and its source
    flat = " ".join(line.strip() for line in lines)
    for study in STUDIES.values():
        assert f"\u201c{study.claim}\u201d" in flat and f"Source: {study.source}" in flat


def test_all_studies_write_an_index_of_their_verdicts(tmp_path: Path) -> None:
    from vivant.cli.study import write_index

    reports = [run_study(name, deals=100, out=tmp_path, seed=2) for name in ("humbug-exchange",)]
    index = write_index(tmp_path, reports, "heuristic").read_text()
    assert "[humbug-exchange](humbug-exchange.md)" in index
    assert "Foster's advice is" in index
