"""Every module's examples hold (issue 13, point 25).

The ``>>>`` examples in docstrings are documentation a reader trusts, so each module of the
package is imported (the C solver and the server too: an import that fails is a failure here)
and its examples are run with :mod:`doctest`.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import vivant


def module_names() -> list[str]:
    """Every module of the package, found on disk (so a module that cannot be imported is
    still listed, and fails its test)."""
    return sorted(
        ["vivant"]
        + [info.name for info in pkgutil.walk_packages(vivant.__path__, prefix="vivant.")]
    )


MODULES = module_names()


def test_every_part_of_the_package_is_examined() -> None:
    for name in ("vivant.cards", "vivant.actions", "vivant.solver", "vivant.server.app"):
        assert name in MODULES
    assert len(MODULES) > 40
    finder = doctest.DocTestFinder(exclude_empty=True)
    for name in ("vivant.cards", "vivant.actions", "vivant.records.pbn"):
        assert finder.find(importlib.import_module(name), name), f"{name} has no examples"


@pytest.mark.parametrize("name", MODULES)
def test_module_examples_hold(name: str) -> None:
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    for test in finder.find(module, name):
        runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
