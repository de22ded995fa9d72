"""What ``vivant record import`` says of a whist file that does not re-enact: the file, the line,
the deal, and what is wrong in the game's words, no Python values (issue 13, point 24)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from test_records_sitting import played_sitting
from vivant.cli import main
from vivant.records.sitting import export_pbn

INTERNALS = re.compile(r"\(\(|\)\)|phase '|CardSet|\bNone\b|\bmort\b")


@pytest.fixture(scope="module")
def mort_pbn() -> str:
    return export_pbn(played_sitting("mort", 3, 2))


def import_errors(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    path = tmp_path / "sitting.pbn"
    path.write_bytes(text.encode("latin-1"))
    assert main(["record", "import", str(path)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[-1].endswith("; no log written")
    problems = lines[:-1]
    assert all(line.startswith(f"{path}:") for line in problems)
    assert not [line for line in problems if INTERNALS.search(line)], problems
    return [line.removeprefix(f"{path}:") for line in problems]


def test_scores_that_do_not_re_enact_are_written_as_in_the_file(
    mort_pbn: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    m = re.search(r'\[WhistPoints "NS (\d+)"\]', mort_pbn)
    assert m is not None
    bumped = int(m.group(1)) + 1
    text = mort_pbn[: m.start()] + f'[WhistPoints "NS {bumped}"]' + mort_pbn[m.end() :]
    (problem,) = import_errors(text, tmp_path, capsys)
    assert re.fullmatch(
        rf"\d+: error: deal \d+: points in the file NS {bumped}, replayed NS {bumped - 1}", problem
    )


def test_a_second_sitting_after_the_first_is_named_plainly(
    mort_pbn: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deals = mort_pbn.count("[Deal ")
    again = mort_pbn.split("\r\n", 2)[2]  # without the escape lines
    (problem,) = import_errors(mort_pbn + "\r\n" + again, tmp_path, capsys)
    assert problem.endswith(
        f"error: deal {deals + 1}: the sitting is over before this deal; a file holds one "
        "sitting, from its first deal"
    )


def test_a_missing_turn_up_names_the_game(
    mort_pbn: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = mort_pbn.replace("[WhistTurnUp", "[WhistTurnedUp", 1)
    (problem,) = import_errors(text, tmp_path, capsys)
    assert problem.endswith("error: deal 1: Mort turns a card for trump; the deal has no turn-up")
