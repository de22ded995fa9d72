"""The computer player's contract and the registry that finds a player kind by name.

A player sees only what the laws let its seat see: the :class:`~vivant.views.View` of the seat
whose decision is due, and the list of actions the table says are correct now
(``table.legal_actions(seat)``). It returns one of those actions (DESIGN §1, "players"). The
controller of a dummy (Vivant for Mort) decides for the dummy too; the legal list then names
the dummy's seat.

``default`` is the laws' customary choice for a non-play decision (D-G2: Vivant deals for
himself, the lower cutter sits R, the election defaults of mort.md §5–6). It is public knowledge
— every player at the table knows the custom — so it may inform a choice without leaking any
concealed card.

>>> find_player("random")(seed=1).kind
'random'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from vivant.actions import Action
from vivant.errors import InvalidNotationError
from vivant.views import View


@runtime_checkable
class Player(Protocol):
    """A computer player: ``choose`` returns one of ``legal`` from what ``view`` shows.

    ``kind`` is the registry name that goes into a sitting's record. A player is seeded at
    construction, so the same seed and the same views give the same choices.
    """

    kind: str

    def choose(
        self, view: View, legal: Sequence[Action], default: Action | None = None
    ) -> Action: ...


#: Player kinds by name: ``module:class`` under :mod:`vivant.players`, imported on demand.
PLAYER_KINDS: dict[str, str] = {
    "random": "vivant.players.random:RandomPlayer",
    "heuristic": "vivant.players.heuristic:HeuristicPlayer",
    "mc-fast": "vivant.players.montecarlo:fast",
    "montecarlo": "vivant.players.montecarlo:MonteCarloPlayer",
    "mc-strong": "vivant.players.montecarlo:strong",
    "dd": "vivant.players.dd:DoubleDummyPlayer",
}


def player_kinds() -> tuple[str, ...]:
    """The registered kinds, in registry order."""
    return tuple(PLAYER_KINDS)


def find_player(name: str) -> Callable[..., Player]:
    """The factory (class) of a player kind by name, case-insensitive; call it with ``seed=``."""
    key = name.strip().lower()
    target = PLAYER_KINDS.get(key)
    if target is None:
        raise InvalidNotationError(
            f"unknown player kind {name!r}; known kinds: {', '.join(PLAYER_KINDS)}"
        )
    module, _, cls = target.partition(":")
    factory: Callable[..., Player] = getattr(importlib.import_module(module), cls)
    return factory
