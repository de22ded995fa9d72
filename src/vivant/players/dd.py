"""The double-dummy player: the solver's best card on the full position.

Principle: with every hand known, whist card play is a finite two-sided game of perfect
information; the solver's value of each legal card (tricks its side takes from here with best
play on both sides) is exact, so playing a card of the highest value never loses a trick against
that value, whatever the other side does.

Honesty: the player sees only :meth:`Table.view`. When the view shows every hand in play (Double
Dummy with ``all_hands_exposed``, the one perfect-information game) it needs nothing more. In
every other game the full position is concealed from the seat, so the player refuses to play
unless a table is attached *explicitly* with :meth:`DoubleDummyPlayer.attach` — the "cheating"
reference that the duel harness and hints use for measurement, never an opponent unless asked
for by name.

Horizon: the solver chooses every card from the first trick on (a fresh 13-card deal solves
every card's value in about 0.1 s), so the player is perfect wherever the view shows every
hand. ``max_cards`` can set a shorter horizon for the cheating reference on an attached table
(the heuristic player's maxims choose before it); where the view shows every hand it is not
applied. In a two-hand game (Humbug, Thirteen and the Odd) whole hands solve in milliseconds.

Games with an objective of their own: where tricks are not the partnerships' (All Fours' points,
Boston's single player against three and its misères), the cards are valued by the game's own
search (:data:`DD_MEASURES`), within its reach; beyond it the maxims choose.

The helpers here (:func:`playing_seats`, :func:`solver_position`, :func:`best_play`) are shared
with the Monte-Carlo player and the duel harness.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from vivant.actions import Action, Play
from vivant.cards import SEAT_LETTERS, Card, Seat
from vivant.errors import InvalidActionError
from vivant.players import all_fours, boston
from vivant.players.heuristic import HeuristicPlayer
from vivant.players.sampling import knowledge
from vivant.solver import NOTRUMP, InvalidPositionError, Position, Solver
from vivant.variants import find_variant
from vivant.views import View

#: Solve once the hand to play holds at most this many cards (four-hand games): every card.
DD_MAX_CARDS = 13
#: Transposition-table megabytes of a player's own solver. Whole 13-card hands need the room: a
#: full table is cleared, and a 13-card search that outgrows 8 MB runs several times slower.
PLAYER_TT_MB = 32
#: The double-dummy player's and the duel's reference solver's table.
DD_TT_MB = PLAYER_TT_MB


class _HasHands(Protocol):
    hands: list[int]


class _HasHand(Protocol):
    @property
    def hand(self) -> _HasHands | None: ...


@dataclass(frozen=True, slots=True)
class TrickMeasure:
    """A game's own double-dummy measure of a card (:data:`DD_MEASURES`): its search of a position
    (each legal card's value in ``unit`` for the seat to play, ``None`` beyond its horizon or
    where it cannot search), the cards within which it searches, and what it measures in words."""

    search: Callable[[View, list[int]], tuple[dict[Card, float], int] | None]
    horizon: dict[str, int]
    words: str
    #: What one position's values are, for a person reading them beside the cards.
    explains: str
    unit: str = "tricks"


#: What the solver's values of one position are in the other games (the partnerships' tricks).
TRICKS_EXPLAINED = "Tricks for that side from this trick on, with best play by all"


#: The games whose dd error has sides and an objective of their own, by variant; the others are
#: measured by the solver's tricks for the partnerships within ``vivant.players.dd.DD_MAX_CARDS``.
DD_MEASURES: dict[str, TrickMeasure] = {
    "boston": TrickMeasure(
        boston.trick_values,
        {"trick_bids": boston.TRICK_HORIZON, "misere": boston.MISERE_HORIZON},
        "the solver with the hand's sides (the single player against three; misère partout each "
        "for himself) and objective (misères to lose), within the last "
        f"{boston.TRICK_HORIZON} tricks of trick bids and {boston.MISERE_HORIZON} of misères",
        "Tricks for that player's side in this hand (the single player alone against the three; "
        "in misère partout each for himself) from this trick on, with best play by all; in a "
        "misère the tricks are counted negative, fewer being better",
    ),
    # AF-4.1..4.7: tricks count only for the points in them, so a card is measured by the
    # points it loses (a trick given away to keep the Ten for Game loses nothing).
    "all-fours": TrickMeasure(
        all_fours.card_values,
        {"all_hands": all_fours.SEARCH_CARDS},
        "the search of the points each player or partnership makes (High, Low, Jack, Game), "
        f"within the last {all_fours.SEARCH_CARDS} cards of all the hands",
        "Points of High, Low, Jack and Game for that player or partnership less the others', "
        "over the whole hand, with best play by all from here",
        unit="points",
    ),
}


def measured_values(view: View, hands: Sequence[int], solver: Solver) -> dict[Card, int] | None:
    """Every legal card's exact value on the position ``hands``: by the game's own measure where
    it has one (:data:`DD_MEASURES`; ``None`` beyond its reach), else the solver's tricks for the
    side to play. Raises :class:`InvalidPositionError` where the solver cannot take it."""
    measure = DD_MEASURES.get(view.variant)
    if measure is None:
        return solver.card_values(solver_position(view, hands))
    found = measure.search(view, list(hands))
    return None if found is None else {c: round(v) for c, v in found[0].items()}


def playing_seats(view: View) -> tuple[Seat, ...]:
    """The seats whose hands play to the tricks, in the solver's seat order: N E S W, or the
    two live hands of a two-hand game (its ``seat_order`` from North)."""
    cls = find_variant(view.variant)
    if cls.trick_size == 2:
        return tuple(cls.seat_order[0])
    return (0, 1, 2, 3)


def solver_position(view: View, hands: Sequence[int]) -> Position:
    """The solver's position of ``view``'s current trick with ``hands`` (masks of the cards each
    compass seat holds now). Raises :class:`InvalidPositionError` for a position the solver
    cannot take (a revoke standing in the current trick, in laws mode)."""
    seats = playing_seats(view)
    trump = NOTRUMP if view.trump is None else view.trump
    trick = view.trick
    cards: tuple[Card, ...] = ()
    if trick is not None and trick.cards and len(trick.cards) < len(seats):
        leader, cards = trick.leader, trick.cards
    elif view.to_play is not None:
        leader = view.to_play
    else:
        raise InvalidPositionError("no card is due: the view has no trick in play")
    if leader not in seats:
        raise InvalidPositionError(f"seat {leader} does not play to the tricks")
    return Position.make([hands[s] for s in seats], trump, seats.index(leader), cards)


def plays_of(legal: Sequence[Action]) -> list[Play]:
    """The card plays among ``legal``."""
    return [a for a in legal if isinstance(a, Play)]


def best_play(
    values: Mapping[Card, float], plays: Sequence[Play], preferred: Play | None
) -> Play | None:
    """The play of highest value; among equals ``preferred`` if it is one of them, else the
    lowest card (ties cost nothing, and a low card keeps the high ones). ``None`` when no legal
    card has a value."""
    valued = [a for a in plays if a.card in values]
    if not valued:
        return None
    top = max(values[a.card] for a in valued)
    best = [a for a in valued if values[a.card] == top]
    if preferred is not None and preferred in best:
        return preferred
    return min(best, key=lambda a: (a.card % 13, a.card))


def cards_in_hand(view: View, seat: Seat) -> int:
    """How many cards the hand at ``seat`` holds now."""
    return view.hand_sizes.get(seat, 0)


class DoubleDummyPlayer:
    """Plays the solver's best card on the full position (see the module doc); other decisions
    and cards beyond the horizon are the heuristic player's."""

    kind = "dd"

    def __init__(
        self,
        seed: int | None = None,
        *,
        max_cards: int = DD_MAX_CARDS,
        tt_mb: float = DD_TT_MB,
    ) -> None:
        self.rng = random.Random(seed)
        self.max_cards = max_cards
        self.solver = Solver(tt_mb)
        self.heuristic = HeuristicPlayer(seed)
        self._table: _HasHand | None = None

    def attach(self, table: _HasHand) -> DoubleDummyPlayer:
        """Let the player read the true hands of ``table``: the cheating reference, for
        measurement and hints only (or an opponent the user asked for by name)."""
        self._table = table
        return self

    @staticmethod
    def sees_everything(view: View) -> bool:
        """Whether the view shows every hand in play (a game of perfect information)."""
        hidden = knowledge(view).hidden
        return not any(s in hidden for s in playing_seats(view))

    def full_hands(self, view: View) -> list[int]:
        """The cards each seat holds now: from the view when it shows every hand in play, else
        from the attached table; refused when neither can tell."""
        k = knowledge(view)
        if not any(s in k.hidden for s in playing_seats(view)):
            return list(k.known)
        table = self._table
        if table is None or table.hand is None:
            raise InvalidActionError(
                "the double-dummy player sees concealed hands only when a table is attached "
                "for measurement (DoubleDummyPlayer.attach); this view hides "
                + ", ".join(SEAT_LETTERS[s] for s in k.hidden)
            )
        return list(table.hand.hands)

    def card_values(self, view: View) -> dict[Card, int] | None:
        """Every legal card's exact value on the full position: by the game's own measure where
        it has one (:data:`DD_MEASURES`: All Fours' points, Boston's sides; ``None`` beyond its
        reach), else the tricks for its side from here."""
        return measured_values(view, self.full_hands(view), self.solver)

    def choose(self, view: View, legal: Sequence[Action], default: Action | None = None) -> Action:
        """The solver's best legal card: always when the view shows every hand, else within the
        horizon; otherwise the heuristic's choice."""
        if not legal:
            raise InvalidActionError("the double-dummy player was given no legal action")
        plays = plays_of(legal)
        guide = self.heuristic.choose(view, legal, default)
        if not plays or len(legal) == 1:
            return guide
        seat = plays[0].seat
        if (
            len(playing_seats(view)) == 4
            and cards_in_hand(view, seat) > self.max_cards
            and not self.sees_everything(view)
        ):
            return guide
        try:
            values = self.card_values(view)
        except InvalidPositionError:
            return guide  # laws mode: a revoke stands in the trick; the maxims play on
        if values is None:
            return guide  # beyond the reach of the game's own search
        pick = best_play(values, plays, guide if isinstance(guide, Play) else None)
        return pick if pick is not None else guide


__all__ = [
    "DD_MAX_CARDS",
    "DD_TT_MB",
    "DoubleDummyPlayer",
    "best_play",
    "playing_seats",
    "plays_of",
    "solver_position",
]
