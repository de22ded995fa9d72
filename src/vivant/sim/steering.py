"""Steerings: a fixed answer to one kind of decision, laid over a computer player for a study.

A study that asks what a choice is worth ("Vivant deals the first hand for himself", "exchange
without four sure tricks") plays the same players twice, once steered each way. A steered
player takes the first legal action its steering prefers whenever one is offered, and leaves
every other decision to the player underneath; it sees nothing more than that player does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from vivant.actions import Action, ChooseDeal, Exchange
from vivant.errors import VivantError
from vivant.players.base import Player
from vivant.views import View

#: Steerings by name: which of the offered actions to take (M-3.1, HU-2.1).
STEERINGS: dict[str, Callable[[Action], bool]] = {
    "deal-for-self": lambda a: isinstance(a, ChooseDeal) and not a.for_mort,
    "deal-for-mort": lambda a: isinstance(a, ChooseDeal) and a.for_mort,
    "always-exchange": lambda a: isinstance(a, Exchange) and a.take,
    "never-exchange": lambda a: isinstance(a, Exchange) and not a.take,
}


@dataclass
class Steered:
    """``inner`` with the decision ``steering`` names answered the steering's way."""

    inner: Player
    steering: str
    kind: str = field(init=False)  # the record names the player underneath

    def __post_init__(self) -> None:
        self.kind = self.inner.kind

    def choose(self, view: View, legal: Sequence[Action], default: Action | None = None) -> Action:
        prefer = STEERINGS[self.steering]
        chosen = next((a for a in legal if prefer(a)), None)
        return chosen if chosen is not None else self.inner.choose(view, legal, default)

    def __getattr__(self, name: str) -> object:  # call_card and the like stay the inner's
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)


def steered(player: Player, steering: str) -> Steered:
    """``player`` steered by the steering named ``steering``."""
    if steering not in STEERINGS:
        raise VivantError(f"unknown steering {steering!r}: choose one of {', '.join(STEERINGS)}")
    return Steered(player, steering)
