"""The Monte-Carlo player: sample the concealed hands, solve each sample, play the best average.

Principle (perfect-information Monte Carlo, the method of the strongest bridge programs): the
seat cannot see the other hands, but it knows everything its view shows — its own hand, the
exposed hands, every card played and by whom, the voids shown by failures to follow, the hand
that holds the turn-up (or the stock, in Thirteen and the Odd), the cards left undealt, in laws
mode only the card counts where a show-out may have been a revoke.
:func:`~vivant.players.sampling.sample_hands` deals the unseen cards consistently with all of
that, in every game (the two-hand games' dead hands and stock included); each sample is solved
double-dummy for the value of every legal card, and the card with the best average over the
samples is played (ties go to the heuristic's card, else the lowest).

The player reads nothing but the view it is given: with the same seed and the same view it makes
the same choice, whatever the concealed hands really are.

Levels differ by sample count, horizon (the cards a hand may hold for the solver to be
consulted) and search budget: ``mc-fast`` 8 samples from 11 cards within 2.5 million search
nodes, ``montecarlo`` (the default) 32 samples from the first trick within 10 million nodes,
``mc-strong`` 48 samples from the first trick within 40 million nodes. A sampled 13-card deal
solves every card's value in about 0.4 million nodes (median; 0.75 million mean, about 0.1 µs a
node here), so at the first tricks the budget, not the sample count, decides how many samples
are solved. Two-hand games solve whole hands at every level.
The budget counts the solver's search nodes, not seconds, so that it bounds the time of a
decision (at least one sample is always solved) while the choice stays deterministic for a seed
on any machine and under any load.

All Fours scores points, not tricks: its samples are searched exactly for the points of the
remaining play (:func:`vivant.players.all_fours.card_values`) once at most twelve cards are left
in the hands (the whole of a two-player hand), the heuristic playing before.

Non-play decisions are the heuristic player's (simulation is not worth it there): Mort's deal
for himself (M-3.1), the revoke penalty worth most on the score, claiming every revoke, the suit
call, the customary elections; Humbug's exchange, Bridge for Three's declare or pass and the
doubling follow the laws' customary choice that the heuristic player takes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from vivant.actions import Action, CallCard, Play
from vivant.cards import Card
from vivant.errors import InvalidActionError
from vivant.players import all_fours, boston
from vivant.players.dd import (
    PLAYER_TT_MB,
    best_play,
    cards_in_hand,
    playing_seats,
    plays_of,
    solver_position,
)
from vivant.players.heuristic import HeuristicPlayer
from vivant.players.sampling import sample_hands
from vivant.solver import InvalidPositionError, Solver
from vivant.views import View

#: Games that score points rather than tricks: each sample is searched exactly for the game's
#: own objective (All Fours: High, Low, Jack and Game) instead of solved double-dummy for tricks.
SAMPLE_SEARCHES: dict[str, Callable[[View, list[int]], tuple[dict[Card, float], int] | None]] = {
    "all-fours": all_fours.card_values,
    "boston": boston.card_values,
}


@dataclass(frozen=True, slots=True)
class Level:
    """A strength level: samples per decision, the horizon in cards, the search budget (nodes
    summed over the samples of one decision)."""

    samples: int
    max_cards: int
    nodes: int


#: The levels by registry name.
LEVELS: dict[str, Level] = {
    "mc-fast": Level(samples=8, max_cards=11, nodes=2_500_000),
    "montecarlo": Level(samples=32, max_cards=13, nodes=10_000_000),
    "mc-strong": Level(samples=48, max_cards=13, nodes=40_000_000),
}
DEFAULT_LEVEL = "montecarlo"


@dataclass(frozen=True, slots=True)
class Estimate:
    """A decision's evidence: each legal card's average tricks (for the side to play, from this
    trick on) over ``samples`` solved deals, and the card chosen."""

    averages: dict[Card, float]
    samples: int
    choice: Play


class MonteCarloPlayer:
    """Samples, solves and averages (see the module doc). ``kind`` names the level."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        samples: int | None = None,
        max_cards: int | None = None,
        nodes: int | None = None,
        kind: str = DEFAULT_LEVEL,
        tt_mb: float = PLAYER_TT_MB,
    ) -> None:
        level = LEVELS.get(kind, LEVELS[DEFAULT_LEVEL])
        self.kind = kind
        self.samples = level.samples if samples is None else samples
        self.max_cards = level.max_cards if max_cards is None else max_cards
        self.node_budget = level.nodes if nodes is None else nodes
        if self.samples < 1:
            raise ValueError(f"samples must be at least 1, got {self.samples}")
        self.rng = random.Random(seed)
        self.solver = Solver(tt_mb)
        self.heuristic = HeuristicPlayer(seed)
        self.last: Estimate | None = None

    def within_horizon(self, view: View, seat: int) -> bool:
        """Whether the solver is consulted for the hand at ``seat`` now."""
        return len(playing_seats(view)) == 2 or cards_in_hand(view, seat) <= self.max_cards

    def estimate(self, view: View, legal: Sequence[Action]) -> Estimate | None:
        """Sample, solve and average for the card plays in ``legal``; ``None`` when no sample
        could be solved (a revoke standing in the current trick, in laws mode)."""
        plays = plays_of(legal)
        if not plays:
            return None
        spent = 0
        totals: dict[Card, float] = {}
        solved = 0
        search = SAMPLE_SEARCHES.get(view.variant)
        values: Mapping[Card, float]
        for _ in range(self.samples):
            hands = sample_hands(view, self.rng)
            if search is not None:  # a game whose objective is not tricks searches its own
                found = search(view, hands)
                if found is None:
                    break
                values, nodes = found
            else:
                try:
                    values = self.solver.card_values(solver_position(view, hands))
                except InvalidPositionError:
                    continue
                nodes = self.solver.nodes
            for c, v in values.items():
                totals[c] = totals.get(c, 0.0) + v
            solved += 1
            spent += nodes
            if spent >= self.node_budget:
                break
        if not solved:
            return None
        averages = {c: v / solved for c, v in totals.items()}
        guide = self.heuristic.choose(view, plays)
        pick = best_play(averages, plays, guide if isinstance(guide, Play) else None)
        if pick is None:
            return None
        return Estimate(averages, solved, pick)

    def choose(self, view: View, legal: Sequence[Action], default: Action | None = None) -> Action:
        """The best card on average over the samples within the horizon; otherwise (and for
        every other decision) the heuristic player's choice."""
        if not legal:
            raise InvalidActionError("the Monte-Carlo player was given no legal action")
        self.last = None
        plays = plays_of(legal)
        if not plays or len(legal) == 1 or not self.within_horizon(view, plays[0].seat):
            return self.heuristic.choose(view, legal, default)
        est = self.estimate(view, legal)
        if est is None:
            return self.heuristic.choose(view, legal, default)
        self.last = est
        return est.choice

    def call_card(self, view: View, calls: Sequence[CallCard]) -> CallCard | None:
        """WL-5.2 calls of an opponent's exposed card: the heuristic player's rule."""
        return self.heuristic.call_card(view, calls)


def fast(seed: int | None = None) -> MonteCarloPlayer:
    """The ``mc-fast`` level."""
    return MonteCarloPlayer(seed, kind="mc-fast")


def strong(seed: int | None = None) -> MonteCarloPlayer:
    """The ``mc-strong`` level."""
    return MonteCarloPlayer(seed, kind="mc-strong")


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Estimate",
    "Level",
    "MonteCarloPlayer",
    "fast",
    "strong",
]
