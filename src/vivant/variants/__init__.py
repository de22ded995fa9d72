"""The games, one module each, found by name or alias (``find_variant("mort")``).

``VARIANTS`` lists every game: the PBN sitting records, the event log, ``vivant record`` and
``vivant replay`` and the server handle each of them. Duplicate Whist (:class:`DuplicateTable`, one
table's programme of trays) is among them, but ``vivant play`` sends it to ``vivant duplicate
play``, which runs the trays of a whole event.
"""

from __future__ import annotations

from vivant.duplicate.table import DuplicateTable
from vivant.errors import InvalidNotationError
from vivant.table import Table
from vivant.variants.all_fours import AllFoursTable
from vivant.variants.boston import BostonTable
from vivant.variants.bridge_for_three import BridgeForThreeTable
from vivant.variants.double_dummy import DoubleDummyTable
from vivant.variants.english_dummy import EnglishDummyTable
from vivant.variants.humbug import HumbugDeclaredTable, HumbugTable
from vivant.variants.mort import MortTable
from vivant.variants.thirteen import ThirteenTable

_TABLES: tuple[type[Table], ...] = (
    MortTable,
    EnglishDummyTable,
    DoubleDummyTable,
    BridgeForThreeTable,
    HumbugTable,
    HumbugDeclaredTable,
    ThirteenTable,
    DuplicateTable,
    AllFoursTable,
    BostonTable,
)

VARIANTS: dict[str, type[Table]] = {cls.variant: cls for cls in _TABLES}
ALIASES: dict[str, str] = {
    alias: cls.variant for cls in _TABLES for alias in getattr(cls, "aliases", ())
}


def find_variant(name: str) -> type[Table]:
    """The table class of a game by its name or an alias, case-insensitive."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, key)
    if key not in VARIANTS:
        raise InvalidNotationError(
            f"unknown game {name!r}; known games: {', '.join(sorted(VARIANTS))}"
        )
    return VARIANTS[key]


__all__ = [
    "VARIANTS",
    "AllFoursTable",
    "BostonTable",
    "BridgeForThreeTable",
    "DoubleDummyTable",
    "DuplicateTable",
    "EnglishDummyTable",
    "HumbugDeclaredTable",
    "HumbugTable",
    "MortTable",
    "ThirteenTable",
    "find_variant",
]
