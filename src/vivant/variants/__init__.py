"""The games, one module each, found by name or alias (``find_variant("mort")``)."""

from __future__ import annotations

from vivant.errors import InvalidNotationError
from vivant.table import Table
from vivant.variants.mort import MortTable

VARIANTS: dict[str, type[Table]] = {MortTable.variant: MortTable}
ALIASES: dict[str, str] = {alias: MortTable.variant for alias in MortTable.aliases}


def find_variant(name: str) -> type[Table]:
    """The table class of a game by its name or an alias, case-insensitive."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, key)
    if key not in VARIANTS:
        raise InvalidNotationError(
            f"unknown game {name!r}; known games: {', '.join(sorted(VARIANTS))}"
        )
    return VARIANTS[key]


__all__ = ["VARIANTS", "MortTable", "find_variant"]
