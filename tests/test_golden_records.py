"""``vivant play GAME --auto --seed N --json`` (and ``vivant duplicate play``) print the same
record, and save the same event log, byte for byte, as before the core learnt to describe its
games (issue 14). The files under ``tests/data/golden/`` were made with ``tests/golden_cases.py``
at commit 54de4b3."""

from __future__ import annotations

from pathlib import Path

import pytest

from golden_cases import CASES, GOLDEN, outputs


@pytest.mark.parametrize(("name", "argv"), CASES, ids=[name for name, _ in CASES])
def test_records_and_logs_are_byte_identical(
    name: str, argv: tuple[str, ...], tmp_path: Path
) -> None:
    made = outputs(name, argv, tmp_path)
    kept = {f.name for f in GOLDEN.glob(f"{name}.*")}
    assert set(made) == kept
    for file, text in made.items():
        assert text == (GOLDEN / file).read_text(encoding="utf-8"), file
