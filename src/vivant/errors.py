"""One error hierarchy, rooted in ``ValueError``; messages name the input and the position.

A front end can catch :class:`VivantError` (or plain ``ValueError``) to report any refusal; the
engine guarantees that a refused action leaves the table exactly as it was.
"""

from __future__ import annotations


class VivantError(ValueError):
    """Base class of every error the rules engine raises for bad input."""


class InvalidNotationError(VivantError):
    """Malformed notation: a card, suit, seat, deal string or record that cannot be read."""


class InvalidActionError(VivantError):
    """An action that does not fit the table: wrong phase, unknown option, malformed fields."""


class OutOfTurnError(InvalidActionError):
    """An action by a seat whose turn it is not (in strict mode, or where the laws allow none)."""


class IllegalPlayError(InvalidActionError):
    """A card that may not be played: not held, or (in strict mode) a revoke."""


class WrongSeatError(InvalidActionError):
    """An action by a seat or side the laws do not give that decision to."""
