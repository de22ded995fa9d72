"""``vivant solve``: JSON shapes of DESIGN.md §4, --file, --cards, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vivant.cli import main

DEAL = "N:AKQ... .AKQ.. ..AKQ. ...AKQ"


def test_solve_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", DEAL, "--trump", "S", "--leader", "N", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"tricks": 3}


def test_solve_table_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--table", DEAL, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out["lead_tricks"]) == ["S", "H", "D", "C", "NT"]
    assert out["lead_tricks"]["S"] == {"N": 3, "E": 0, "S": 3, "W": 0}
    assert out["lead_tricks"]["NT"] == {"N": 3, "E": 3, "S": 3, "W": 3}


def test_solve_cards_and_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "deals.txt"
    f.write_text(DEAL + "\n" + "N:2... .2.. ..2. ...2\n")
    assert main(["solve", "--file", str(f), "--trump", "H", "--leader", "E", "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines == [{"tricks": 3}, {"tricks": 1}]
    assert main(["solve", DEAL, "--trump", "NT", "--leader", "W", "--cards", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"tricks": 3, "cards": {"CA": 3, "CK": 3, "CQ": 3}}


def test_solve_readable_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--table", DEAL]) == 0
    assert "W leads" in capsys.readouterr().out


def test_solve_bad_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "N:AKQ... AKQ.. ..AKQ. ...AKQ", "--json"]) == 2
    assert "error" in capsys.readouterr().err
