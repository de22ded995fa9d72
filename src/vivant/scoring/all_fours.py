"""All Fours scoring as pure functions: the points of a hand and their count towards game.

A *party* is whoever scores: a player when two or three play each for himself, a partnership
when four play (AF-1.2). Parties are numbered by the caller; ``rotation`` lists them in the order
of rotation from the dealer's left (AF-1.2), which settles ties for Game (AF-4.7, D-AF5).

>>> from vivant.cards import CardSet
>>> game_count(CardSet.parse("SA HK DT C2"))  # AFV-1: 4 + 3 + 10 + 0
17
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from vivant.cards import ACE, JACK, KING, QUEEN, TEN, Card, Suit, suit_of

#: Card-points towards Game (AF-4.4): ace 4, king 3, queen 2, jack 1, ten 10, the rest nothing.
CARD_POINTS: dict[int, int] = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1, TEN: 10}

#: Points of a hand in the order they are counted (AF-4.8, D-AF6).
POINTS_ORDER = ("high", "low", "jack", "game")

#: The game: seven points (AF-1.4).
GAME_TARGET = 7


def game_count(cards: Iterable[Card]) -> int:
    """The card-points of ``cards`` towards Game (AF-4.4, AFV-1)."""
    return sum(CARD_POINTS.get(c % 13, 0) for c in cards)


@dataclass(frozen=True, slots=True)
class PlayedTrick:
    """A trick as scoring sees it: its cards, the party that played each, the winning party."""

    cards: tuple[Card, ...]
    parties: tuple[int, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class HandPoints:
    """Who makes each point of a hand (``None``: nobody) and each party's count for Game.

    ``high``/``low`` go to the party that played the highest/lowest trump in play (AF-4.1,
    AF-4.2, D-AF9); ``jack`` to the winner of the trick holding the Jack of trumps (AF-4.3);
    ``game`` to the most card-points won, ties to the first tied party in rotation (AF-4.7)."""

    high: int | None
    low: int | None
    jack: int | None
    game: int
    counts: tuple[int, ...]
    high_card: Card | None = None
    low_card: Card | None = None

    def awards(self) -> list[tuple[str, int]]:
        """The points made, in counting order (AF-4.8), as (point, party)."""
        made = {"high": self.high, "low": self.low, "jack": self.jack, "game": self.game}
        return [(p, s) for p in POINTS_ORDER if (s := made[p]) is not None]


def hand_points(
    tricks: Sequence[PlayedTrick], trump: Suit | None, rotation: Sequence[int]
) -> HandPoints:
    """The points of a played hand (AF-4.1..4.7). Only cards played to a trick are in play
    (AF-4.11, D-AF13): a trump discarded, turned up or undealt counts for nothing; if no trump is
    in play there is neither High nor Low; one trump alone is both (AF-4.6)."""
    counts = dict.fromkeys(rotation, 0)
    high: tuple[Card, int] | None = None
    low: tuple[Card, int] | None = None
    jack: int | None = None
    for t in tricks:
        counts[t.winner] += game_count(t.cards)
        for c, party in zip(t.cards, t.parties, strict=True):
            if trump is None or suit_of(c) != trump:
                continue
            if high is None or c > high[0]:
                high = (c, party)
            if low is None or c < low[0]:
                low = (c, party)
            if c % 13 == JACK:
                jack = t.winner
    best = max(counts.values())
    game = next(p for p in rotation if counts[p] == best)
    return HandPoints(
        high=None if high is None else high[1],
        low=None if low is None else low[1],
        jack=jack,
        game=game,
        counts=tuple(counts[p] for p in sorted(counts)),
        high_card=None if high is None else high[0],
        low_card=None if low is None else low[0],
    )


def revoke_penalty_points(jack_in_play: bool) -> int:
    """AF-5.2: an established revoke costs 2 points when the Jack of trumps is in play, else 1."""
    return 2 if jack_in_play else 1


@dataclass(frozen=True, slots=True)
class RevokePenalty:
    """One non-revoker's election for one established revoke (AF-5.2, D-AF7): ``add`` the
    ``points`` to his own score or ``deduct`` them from the revoker's (never below 0)."""

    revoker: int
    elector: int
    points: int
    option: str = "add"


@dataclass(slots=True)
class Count:
    """The count of a hand towards game: scores after it, the winner (``None`` if nobody reached
    the target), and each point as it was marked, in order."""

    scores: list[int]
    winner: int | None = None
    steps: list[tuple[str, int, int]] = field(default_factory=list)


def count_points(
    scores: Sequence[int],
    points: HandPoints,
    penalties: Sequence[RevokePenalty] = (),
    revokers: Iterable[int] = (),
    target: int = GAME_TARGET,
) -> Count:
    """Mark the points of a hand one at a time — High, Low, Jack, Game, then the revoke
    penalties in the order given — stopping as soon as a party reaches ``target`` (AF-4.8, D-AF6).

    A revoking party cannot score Jack nor Game (nobody scores them then) and cannot win the
    game that hand: it stops at ``target - 1`` (AF-5.2 (a)-(c), D-AF7 (d)). Each step is
    ``(point, party, amount)``; a deduction has a negative amount."""
    barred = frozenset(revokers)
    out = Count(list(scores))

    def mark(point: str, party: int, amount: int) -> bool:
        before = out.scores[party]
        after = before + amount
        if amount > 0 and party in barred:
            after = min(after, target - 1)
        after = min(max(after, 0), target)  # the game is over at the target
        out.scores[party] = after
        out.steps.append((point, party, after - before))
        if after >= target:
            out.winner = party
            return True
        return False

    for point, party in points.awards():
        if point in ("jack", "game") and party in barred:
            continue
        if mark(point, party, 1):
            return out
    for pen in penalties:
        if pen.option == "deduct":
            mark("revoke", pen.revoker, -pen.points)
        elif mark("revoke", pen.elector, pen.points):
            return out
    return out


def gift_allowed(
    scores: Sequence[int], receivers: Iterable[int], target: int = GAME_TARGET
) -> bool:
    """AF-2.3: the dealer may give a point only if it puts no receiver out."""
    return all(scores[r] + 1 < target for r in receivers)


def stakes(winner: int, parties: int, members: Sequence[Sequence[str]]) -> dict[str, int]:
    """The stake of a game (AF-1.4, D-AF16): each losing player pays one unit to the winners,
    shared between partners; zero-sum. ``members[p]`` are the players of party ``p``."""
    losers = [n for p in range(parties) if p != winner for n in members[p]]
    won = len(losers) // len(members[winner])
    out = {n: -1 for n in losers}
    out.update({n: won for n in members[winner]})
    return out
