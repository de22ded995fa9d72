"""The random player: uniform over the actions the table lists as correct now.

It never looks at the view (it needs nothing from it), so it is the baseline the heuristic
player is measured against and the engine benchmark's bot (``benchmarks/engine.py``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from vivant.actions import Action
from vivant.errors import InvalidActionError
from vivant.views import View


class RandomPlayer:
    """Chooses uniformly among ``legal`` with its own seeded generator."""

    kind = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action], default: Action | None = None) -> Action:
        """One of ``legal``, each with equal chance (``view`` and ``default`` are not used)."""
        if not legal:
            raise InvalidActionError("the random player was given no legal action to choose")
        return legal[self.rng.randrange(len(legal))]
