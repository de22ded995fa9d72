"""The games, one module each, found by name or alias (``find_variant("mort")``).

``VARIANTS`` lists the games every single-sitting front end serves (``vivant play``, the server,
the PBN sitting records). Duplicate Whist (:class:`DuplicateTable`) is a table of an event rather
than a sitting of its own: it is found by name and replays from its log like the others, but is
listed apart, in ``EVENT_VARIANTS``, and played through ``vivant duplicate play``.
"""

from __future__ import annotations

from vivant.errors import InvalidNotationError
from vivant.table import Table
from vivant.variants.bridge_for_three import BridgeForThreeTable
from vivant.variants.double_dummy import DoubleDummyTable
from vivant.variants.duplicate import DuplicateTable
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
)

VARIANTS: dict[str, type[Table]] = {cls.variant: cls for cls in _TABLES}
#: Tables played as part of an event (``vivant duplicate play``), found by :func:`find_variant`.
EVENT_VARIANTS: dict[str, type[Table]] = {DuplicateTable.variant: DuplicateTable}
ALIASES: dict[str, str] = {
    alias: cls.variant for cls in _TABLES for alias in getattr(cls, "aliases", ())
}
_EVENT_ALIASES: dict[str, str] = {
    alias: cls.variant for cls in EVENT_VARIANTS.values() for alias in getattr(cls, "aliases", ())
}


def find_variant(name: str) -> type[Table]:
    """The table class of a game by its name or an alias, case-insensitive."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, _EVENT_ALIASES.get(key, key))
    if key in EVENT_VARIANTS:
        return EVENT_VARIANTS[key]
    if key not in VARIANTS:
        raise InvalidNotationError(
            f"unknown game {name!r}; known games: {', '.join(sorted(VARIANTS))}"
        )
    return VARIANTS[key]


__all__ = [
    "EVENT_VARIANTS",
    "VARIANTS",
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
