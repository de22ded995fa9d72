"""The README's library example runs as written (issue 14: a public API shown in the README)."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_readme_example_runs() -> None:
    result = doctest.testfile(
        str(README), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.attempted >= 5
    assert result.failed == 0
