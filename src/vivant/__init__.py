"""Vivant: the dummy games of whist, played to the laws in Foster's *Complete Hoyle*.

The core (this package's top-level modules and :mod:`vivant.variants`) is pure Python with no
third-party imports and no I/O; front ends (``cli``, ``server``, ``sim``), records and players
import it, never the reverse.
"""

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

__version__ = "0.1.0"

__all__ = [
    "CLUBS",
    "DIAMONDS",
    "EAST",
    "HEARTS",
    "NORTH",
    "SOUTH",
    "SPADES",
    "WEST",
    "Card",
    "CardSet",
    "IllegalPlayError",
    "InvalidActionError",
    "InvalidNotationError",
    "OutOfTurnError",
    "Seat",
    "VivantError",
    "WrongSeatError",
    "card_name",
    "parse_card",
]
