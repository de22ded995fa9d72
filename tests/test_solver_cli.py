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


def test_a_file_given_as_the_deal_is_named_with_the_option_that_reads_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deals = tmp_path / "deals.txt"
    deals.write_text(DEAL + "\n")
    assert main(["solve", str(deals)]) == 2
    assert f"is a file, not a deal: give its deals with --file {deals}" in capsys.readouterr().err


LONE = "N:A.A.2. K.K.3. Q.Q.4. J.J.5."


def test_solve_lone_player_misere_json(capsys: pytest.CaptureFixture[str]) -> None:
    """North alone in misère against the other three takes his two bare aces, whatever he leads;
    East, South and West, playing to take none, take the diamond (the whist game's figure for
    partners is the same 2: the aces)."""
    args = ["solve", LONE, "--leader", "N", "--sides", "N", "--misere", "--json"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out) == {"tricks": 2}
    assert main([*args, "--cards"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "tricks": 2,
        "cards": {"SA": 2, "HA": 2, "D2": 2},
    }
    assert main(["solve", LONE, "--leader", "E", "--sides", "N", "--misere", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"tricks": 1}


def test_solve_table_in_another_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--table", LONE, "--sides", "N", "--misere", "--json"]) == 0
    table = json.loads(capsys.readouterr().out)["lead_tricks"]
    assert table["NT"] == {"N": 2, "E": 1, "S": 1, "W": 1}
    assert main(["solve", "--table", LONE, "--sides", "N", "--misere"]) == 0
    assert "N v ESW, misère" in capsys.readouterr().out


@pytest.mark.parametrize("sides", ["NESW", "X", ""])
def test_solve_bad_sides(sides: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", LONE, "--sides", sides, "--json"]) == 2
    err = capsys.readouterr().err
    assert "invalid sides" in err
