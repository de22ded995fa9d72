"""Vivant: the dummy games of whist, played to the laws in Foster's *Complete Hoyle*.

The public API. The games come from the core by name (:func:`table`, :func:`find_variant`);
actions, views and events are the core's own types. The layers above the core — computer
players, records, the double-dummy solver — are reached from here too, imported only when first
used, so that ``import vivant`` loads the core alone and the core never imports them.

>>> import vivant
>>> t = vivant.table("mort", ["Ann", "Bob", "Cy"])
>>> t.variant, len(t.players)
('mort', 3)
>>> "mort" in vivant.VARIANTS and "all-fours" in vivant.VARIANTS
True
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from vivant import actions
from vivant.actions import Action, Deal, Play, action_from_json
from vivant.cards import (
    CLUBS,
    DIAMONDS,
    EAST,
    HEARTS,
    NORTH,
    SOUTH,
    SPADES,
    WEST,
    Card,
    CardSet,
    Seat,
    card_name,
    parse_card,
)
from vivant.errors import (
    IllegalPlayError,
    InvalidActionError,
    InvalidNotationError,
    OutOfTurnError,
    VivantError,
    WrongSeatError,
)
from vivant.table import Event, Table
from vivant.variants import VARIANTS, find_variant
from vivant.views import View

__version__ = "0.1.0"


def table(game: str, players: Sequence[str], *, laws: bool = False, **options: Any) -> Table:
    """A new table of ``game`` (a name or alias) for ``players``; ``laws`` for laws mode, and
    the game's own options by name (English Dummy's ``continuous=True``)."""
    return find_variant(game)(players, laws=laws, **options)


#: Names reached lazily: the layers above the core, imported on first use (PEP 562).
_LAZY: dict[str, str] = {
    "find_player": "vivant.players",
    "play_sitting": "vivant.players",
    "step": "vivant.players",
    "Solver": "vivant.solver",
    "Position": "vivant.solver",
    "solve": "vivant.solver",
    "lead_table": "vivant.solver",
    "export_pbn": "vivant.records.sitting",
    "import_pbn": "vivant.records.sitting",
    "save_log": "vivant.records.log",
    "parse_log": "vivant.records.log",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'vivant' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


__all__ = [
    "CLUBS",
    "DIAMONDS",
    "EAST",
    "HEARTS",
    "NORTH",
    "SOUTH",
    "SPADES",
    "VARIANTS",
    "WEST",
    "Action",
    "Card",
    "CardSet",
    "Deal",
    "Event",
    "IllegalPlayError",
    "InvalidActionError",
    "InvalidNotationError",
    "OutOfTurnError",
    "Play",
    "Seat",
    "Table",
    "View",
    "VivantError",
    "WrongSeatError",
    "action_from_json",
    "actions",
    "card_name",
    "find_variant",
    "parse_card",
    "table",
    *_LAZY,
]
