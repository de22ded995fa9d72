"""``vivant rules GAME`` prints each game's rules summary; ``vivant rules`` lists the games."""

from __future__ import annotations

import pytest

from vivant.cli import main
from vivant.variants import VARIANTS


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_rules_of_every_game(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", game]) == 0
    out = capsys.readouterr().out
    assert out == VARIANTS[game].rules_summary() and "seed 00" in out


def test_list_and_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert listed == sorted(VARIANTS)
    assert main(["rules", "piquet"]) == 2
    assert "unknown game 'piquet'" in capsys.readouterr().err
