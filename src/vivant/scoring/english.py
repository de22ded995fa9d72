"""English short-whist scoring for English Dummy, Double Dummy, Humbug and Thirteen and the Odd.

One hand scorer, :func:`score_hand`, parameterised by :class:`EnglishRules`, serves every game of
the English family; a difference between two games is a field of the rules, never a copied block:

- **English whist** (:data:`ENGLISH_WHIST`; English Dummy ED-5.1, Double Dummy DD-4.1, seed 003
  "the methods of taking tricks; scoring; claiming and counting honours; marking rubber points,
  etc., are the same as in whist"): each trick over the book of six is a point (ES-1); honours
  A K Q J of trumps, 4 held by a side score 4, any 3 score 2 (ES-2), nothing for a side at 4 when
  the deal began (ES-3); revoke penalty of three tricks, or three points off the revokers, or three
  points to the claimants, at the claimants' election (WL-7.6).
- **Humbug Whist** and its declared-trump variation (:data:`HUMBUG`; HU-4, seed 003): tricks as
  whist; honours counted in the two hands played only, the holder of two, three or four scoring
  2 / 3 / 4 when the other holds one or none (HU-4.2); revoke = three tricks only (HU-4.4).
- **Thirteen and the Odd** (:data:`THIRTEEN_AND_THE_ODD`; TO-4, seed 003 "the winner of the odd
  trick scores a point"): one point for the odd trick, no honours, revoke three tricks (D-H6).

Common to all (ES-4, WL-7.7, WL-7.8, HU-4.4): within a hand the revoke penalties score first,
then tricks, then honours; the game (5, ES-6) ends the moment a side reaches it and later items
are not scored; points beyond 5 have no value; a side that revoked in the hand stops at 4 (WL-7.8,
D-W3 for both sides); option T against fewer than three tricks takes them all (D-W1); option D
never takes a score below 0 (D-W2).

Games, rubbers and stakes: a game's value is treble 3 / double 2 / single 1 as the losers have
0 / 1–2 / 3–4 (ES-6); a rubber is the best of three games, the third not played after 2–0, and its
winners add 2 to the values of their games and deduct the losers' game (ES-7, range 1–8).
:class:`EnglishRubber` is the score sheet of one rubber. Stakes: the English Dummy player settles
with each adversary (ED-5.3), optionally conceding a point a rubber when he keeps the dummy
continuously (ED-2.6, D-ED4); Double Dummy, Humbug and Thirteen players settle with each other
(DD-4.3, HU-4.5). :class:`EnglishDummyTournee` accumulates English Dummy's tournée of three
rubbers (ED-2.2).

Sides are the integers 0 and 1; per-side data are ``(side 0, side 1)`` tuples. The variant module
decides which partnership each side is (e.g. the dummy player and dummy as side 0).

>>> hand = HandResult(tricks=(9, 4), honours=(1, 3))
>>> s = score_hand((0, 3), hand)
>>> s.scores_after, s.winner, s.game_value
((3, 5), 1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final, Literal, TypeAlias

from vivant.cards import ACE, JACK, KING, QUEEN, CardSet, Suit, card
from vivant.errors import InvalidActionError

Side: TypeAlias = int
"""A side of the table: 0 or 1. Per-side data are ``(side 0, side 1)`` tuples."""

SIDES: Final = (0, 1)
BOOK: Final = 6
"""A side's first six tricks score nothing (ES-1)."""
TRICKS_PER_HAND: Final = 13
HONOUR_RANKS: Final = (ACE, KING, QUEEN, JACK)
"""Whist honours: A K Q J of trumps (ES-2, HU-4.2)."""
RUBBER_POINTS: Final = 2
"""Added to the rubber winners' game values (ES-7)."""
CONTINUOUS_DUMMY_CONCESSION: Final = 1
"""Point per rubber conceded by a player who keeps the dummy continuously (ED-2.6, D-ED4)."""
TOURNEE_RUBBERS: Final = 3
"""Rubbers in an English Dummy tournée, each player taking dummy once (ED-2.2)."""


def other_side(side: Side) -> Side:
    """The side opposing ``side``."""
    _check_side(side)
    return 1 - side


class HonoursRule(Enum):
    """How honours held turn into points."""

    WHIST = "whist"
    """ES-2: a side holding all four scores 4, any three 2; two each nothing."""
    HUMBUG = "humbug"
    """HU-4.2: a player holding 2 / 3 / 4 scores 2 / 3 / 4 if the other holds at most one."""
    NONE = "none"
    """TO-4 / D-H6: honours are not scored (Thirteen and the Odd)."""


class TrickRule(Enum):
    """How tricks turn into points."""

    BY_CARDS = "by_cards"
    """ES-1, HU-4.1: each trick beyond the book of six is a point."""
    ODD_TRICK = "odd_trick"
    """TO-4: the winner of the odd trick (seven or more) scores exactly one point."""


class RevokePenalty(Enum):
    """The penalty the claimants elect for one established revoke (WL-7.6)."""

    TRICKS = "T"
    """Take three tricks from the revoking side and add them to the claimants' (all if fewer)."""
    DEDUCT = "D"
    """Deduct three points from the revoking side's score (never below 0, D-W2)."""
    ADD = "A"
    """Add three points to the claimants' own score."""


_ALL_PENALTIES: Final = frozenset(RevokePenalty)


@dataclass(frozen=True)
class EnglishRules:
    """The settings that distinguish the English-scored games (see the module docstring).

    ``default_revoke_penalty`` is the election used when it must be auto-chosen (D-G2; the rules
    files name no default for these games, so the first option of WL-7.6, three tricks, is used).
    """

    name: str
    game: int = 5
    tricks: TrickRule = TrickRule.BY_CARDS
    honours: HonoursRule = HonoursRule.WHIST
    revoke_penalties: frozenset[RevokePenalty] = _ALL_PENALTIES
    revoke_size: int = 3
    default_revoke_penalty: RevokePenalty = RevokePenalty.TRICKS

    def __post_init__(self) -> None:
        if self.game < 1:
            raise InvalidActionError(f"game target must be positive, got {self.game}")
        if self.revoke_size < 1:
            raise InvalidActionError(f"revoke penalty must be positive, got {self.revoke_size}")
        if not self.revoke_penalties:
            raise InvalidActionError(f"rules {self.name!r} offer no revoke penalty")
        if self.default_revoke_penalty not in self.revoke_penalties:
            raise InvalidActionError(
                f"default revoke penalty {self.default_revoke_penalty.value} is not one of the "
                f"options of {self.name!r}"
            )


ENGLISH_WHIST: Final = EnglishRules("english-whist")
"""English short whist (ES-1..ES-8, WL-7.6): English Dummy and Double Dummy."""
HUMBUG: Final = EnglishRules(
    "humbug",
    honours=HonoursRule.HUMBUG,
    revoke_penalties=frozenset({RevokePenalty.TRICKS}),
)
"""Humbug Whist and its declared-trump variation (HU-4, HU-5.3, D-H4)."""
THIRTEEN_AND_THE_ODD: Final = EnglishRules(
    "thirteen",
    tricks=TrickRule.ODD_TRICK,
    honours=HonoursRule.NONE,
    revoke_penalties=frozenset({RevokePenalty.TRICKS}),
)
"""Thirteen and the Odd (TO-4, TO-5, D-H6)."""


# --------------------------------------------------------------------------------------------
# Honours held


def count_honours(hand: CardSet, trump: Suit | None) -> int:
    """How many of the whist honours, A K Q J of ``trump``, ``hand`` holds (0 with no trump)."""
    if trump is None:
        return 0
    return sum(1 for r in HONOUR_RANKS if card(trump, r) in hand)


def side_honours(
    side0: CardSet | Iterable[CardSet], side1: CardSet | Iterable[CardSet], trump: Suit | None
) -> tuple[int, int]:
    """Honours held per side, each side given as its hand or the hands that count for it.

    Whist games: a side's honours are those of both partners' hands, a dummy's counting for its
    player (ES-2, ED-5.1, DD-4.1). Humbug: only the hand each player actually plays (HU-4.2).
    """
    return (_union_honours(side0, trump), _union_honours(side1, trump))


def _union_honours(hands: CardSet | Iterable[CardSet], trump: Suit | None) -> int:
    if isinstance(hands, CardSet):
        return count_honours(hands, trump)
    union = CardSet()
    for h in hands:
        if union & h:
            raise InvalidActionError(f"hands of one side overlap: {union & h}")
        union = union | h
    return count_honours(union, trump)


def honour_points(rule: HonoursRule, honours: tuple[int, int]) -> tuple[int, int]:
    """Points each side's honours are worth, before the bar on a side at 4 (ES-2, HU-4.2, TO-4).

    >>> honour_points(HonoursRule.WHIST, (3, 1)), honour_points(HonoursRule.HUMBUG, (3, 1))
    ((2, 0), (3, 0))
    """
    _check_honours(honours)
    if rule is HonoursRule.NONE:
        return (0, 0)
    points = [0, 0]
    for side in SIDES:
        mine, theirs = honours[side], honours[1 - side]
        if rule is HonoursRule.WHIST:
            points[side] = 4 if mine == 4 else 2 if mine == 3 else 0
        elif mine >= 2 and theirs <= 1:
            points[side] = mine
    return (points[0], points[1])


def trick_points(rule: TrickRule, tricks: tuple[int, int]) -> tuple[int, int]:
    """Points each side's tricks are worth (ES-1 / HU-4.1 by cards, TO-4 one for the odd trick).

    >>> trick_points(TrickRule.BY_CARDS, (9, 4)), trick_points(TrickRule.ODD_TRICK, (9, 4))
    ((3, 0), (1, 0))
    """
    _check_tricks(tricks)
    if rule is TrickRule.BY_CARDS:
        return (max(0, tricks[0] - BOOK), max(0, tricks[1] - BOOK))
    return (int(tricks[0] > BOOK), int(tricks[1] > BOOK))


# --------------------------------------------------------------------------------------------
# One hand


@dataclass(frozen=True)
class PenalizedRevoke:
    """One established revoke: the revoking side and the penalty its adversaries elected."""

    side: Side
    penalty: RevokePenalty = RevokePenalty.TRICKS

    def __post_init__(self) -> None:
        _check_side(self.side)


@dataclass(frozen=True)
class HandResult:
    """What one hand produced, as the scorer needs it.

    ``tricks``: tricks won in play (or claimed and admitted, D-DD4) per side, 13 in all.
    ``honours``: honours held per side (:func:`side_honours`); ignored by Thirteen and the Odd.
    ``revokes``: each established revoke claimed, with the penalty elected, in the order to apply
    them; a revoke waived is not one of them: it carries no penalty and no bar (D-W4).
    """

    tricks: tuple[int, int]
    honours: tuple[int, int] = (0, 0)
    revokes: tuple[PenalizedRevoke, ...] = ()

    def __post_init__(self) -> None:
        _check_tricks(self.tricks)
        _check_honours(self.honours)


ItemKind: TypeAlias = Literal["revoke", "tricks", "honours"]


@dataclass(frozen=True)
class ScoreItem:
    """One scoring entry of a hand, in the order scored (ES-4).

    ``points`` is the nominal value (negative for a deduction, option D); ``applied`` is what it
    changed on the side's score after the floor of 0, the ceiling of game, and a revoker's stop
    at one short of game.
    """

    kind: ItemKind
    side: Side
    points: int
    applied: int


@dataclass(frozen=True)
class HandScore:
    """The outcome of scoring one hand (see :func:`score_hand`)."""

    scores_before: tuple[int, int]
    scores_after: tuple[int, int]
    tricks_played: tuple[int, int]
    tricks: tuple[int, int]
    """Tricks per side after any revoke penalty of three tricks."""
    items: tuple[ScoreItem, ...]
    winner: Side | None
    """The side that reached game on this hand, if any."""
    game_value: int | None
    """Value of the game to its winners (ES-6), when the hand ended the game."""

    @property
    def points(self) -> tuple[int, int]:
        """Net change of each side's score on this hand."""
        return (
            self.scores_after[0] - self.scores_before[0],
            self.scores_after[1] - self.scores_before[1],
        )

    @property
    def game_over(self) -> bool:
        return self.winner is not None


def game_value(loser_score: int) -> int:
    """Value of a game to its winners (ES-6): treble 3, double 2, single 1 (losers 0 / 1–2 / 3–4).

    >>> [game_value(s) for s in range(5)]
    [3, 2, 2, 1, 1]
    """
    if not 0 <= loser_score <= 4:
        raise InvalidActionError(f"losers' score must be 0..4 at game end, got {loser_score}")
    return 3 if loser_score == 0 else 2 if loser_score <= 2 else 1


def score_hand(
    scores_before: tuple[int, int], hand: HandResult, rules: EnglishRules = ENGLISH_WHIST
) -> HandScore:
    """Score one hand from the scores of the game in progress (ES-1..6, WL-7.6..7.10, HU-4, TO-4).

    Order (ES-4, WL-7.7, HU-4.4): each revoke penalty (T moves tricks, D deducts points, A adds
    points), then tricks, then honours (barred for a side at game − 1 when the deal began, ES-3).
    The game ends the moment a side reaches ``rules.game``; nothing later in the order is scored
    and points beyond game are lost. A side whose revoke is penalised stops at game − 1 (WL-7.8,
    D-W3; the bar goes with the penalty claimed, D-W4).
    """
    target = rules.game
    for side in SIDES:
        if not 0 <= scores_before[side] < target:
            raise InvalidActionError(
                f"score before the hand must be 0..{target - 1}, got {scores_before[side]} "
                f"for side {side}"
            )
    if rules.honours is HonoursRule.WHIST and sum(hand.honours) != len(HONOUR_RANKS):
        raise InvalidActionError(
            f"whist honours must total 4 between the sides (all four are dealt), got {hand.honours}"
        )
    revoked = {r.side for r in hand.revokes}
    ceiling = tuple(target - 1 if side in revoked else target for side in SIDES)
    scores = list(scores_before)
    tricks = list(hand.tricks)
    items: list[ScoreItem] = []
    winner: Side | None = None

    def add(kind: ItemKind, side: Side, points: int) -> bool:
        nonlocal winner
        new = min(max(scores[side] + points, 0), ceiling[side])
        items.append(ScoreItem(kind, side, points, new - scores[side]))
        scores[side] = new
        if new >= target:
            winner = side
        return winner is not None

    for revoke in hand.revokes:
        if revoke.penalty not in rules.revoke_penalties:
            options = " ".join(sorted(p.value for p in rules.revoke_penalties))
            raise InvalidActionError(
                f"revoke penalty {revoke.penalty.value} is not allowed in {rules.name} "
                f"(options: {options})"
            )
        claimants = 1 - revoke.side
        if revoke.penalty is RevokePenalty.TRICKS:
            moved = min(rules.revoke_size, tricks[revoke.side])
            tricks[revoke.side] -= moved
            tricks[claimants] += moved
        elif revoke.penalty is RevokePenalty.DEDUCT:
            add("revoke", revoke.side, -rules.revoke_size)
        elif add("revoke", claimants, rules.revoke_size):
            break
    final_tricks = (tricks[0], tricks[1])
    if winner is None:
        for side, pts in enumerate(trick_points(rules.tricks, final_tricks)):
            if pts and add("tricks", side, pts):
                break
    if winner is None:
        for side, pts in enumerate(honour_points(rules.honours, hand.honours)):
            if pts and scores_before[side] < target - 1 and add("honours", side, pts):
                break
    after = (scores[0], scores[1])
    value = None if winner is None else game_value(after[1 - winner])
    return HandScore(
        scores_before=scores_before,
        scores_after=after,
        tricks_played=hand.tricks,
        tricks=final_tricks,
        items=tuple(items),
        winner=winner,
        game_value=value,
    )


# --------------------------------------------------------------------------------------------
# Games and rubbers


@dataclass(frozen=True)
class GameRecord:
    """One finished game: its winners, final scores (at most 5), value (ES-6) and hands."""

    winner: Side
    scores: tuple[int, int]
    value: int
    hands: tuple[HandScore, ...]


@dataclass(frozen=True)
class RubberResult:
    """A finished rubber (ES-7).

    ``game_points`` are the summed game values per side; ``value`` is the rubber's worth to its
    winners: their games + 2 − the losers' game (1..8); ``net`` is that value signed per side.
    """

    winner: Side
    game_winners: tuple[Side, ...]
    game_values: tuple[int, ...]
    game_points: tuple[int, int]
    rubber_points: int
    value: int

    @property
    def net(self) -> tuple[int, int]:
        """The rubber value from each side's point of view (+value winners, −value losers)."""
        return (self.value, -self.value) if self.winner == 0 else (-self.value, self.value)


def rubber_result(games: Sequence[tuple[Side, int]]) -> RubberResult:
    """The result of a rubber from its games as ``(winner side, game value)`` (ES-7).

    The rubber is two games won by one side, either 2–0 (no third game) or 2–1 with the decider
    last. Raises :class:`InvalidActionError` on any other sequence.

    >>> rubber_result([(0, 1), (1, 2), (0, 3)]).value
    4
    """
    wins = [0, 0]
    for i, (side, value) in enumerate(games):
        _check_side(side)
        if not 1 <= value <= 3:
            raise InvalidActionError(f"game {i + 1}: value must be 1..3, got {value}")
        if max(wins) == 2:
            raise InvalidActionError(f"game {i + 1} played after the rubber was decided")
        wins[side] += 1
    if max(wins) != 2:
        raise InvalidActionError(f"rubber not finished: games won {wins[0]}-{wins[1]}")
    winner = 0 if wins[0] == 2 else 1
    points = [0, 0]
    for side, value in games:
        points[side] += value
    return RubberResult(
        winner=winner,
        game_winners=tuple(side for side, _ in games),
        game_values=tuple(value for _, value in games),
        game_points=(points[0], points[1]),
        rubber_points=RUBBER_POINTS,
        value=points[winner] + RUBBER_POINTS - points[1 - winner],
    )


@dataclass(frozen=True)
class EnglishRubber:
    """The score sheet of one rubber of an English-scored game (ES-6..ES-8, ED-5.2, DD-4.2, HU-4.5).

    Immutable: :meth:`record` returns the sheet after one more hand. Scores restart at 0–0 after
    each game (ES-8); the rubber ends when a side has won two games, so no third game follows 2–0.

    >>> sheet = EnglishRubber().record(HandResult((13, 0), (4, 0)))
    >>> sheet.games[0].value, sheet.scores
    (3, (0, 0))
    """

    rules: EnglishRules = ENGLISH_WHIST
    games: tuple[GameRecord, ...] = ()
    hands: tuple[HandScore, ...] = ()
    """Hands of the game in progress."""

    @property
    def scores(self) -> tuple[int, int]:
        """Scores of the game in progress."""
        return self.hands[-1].scores_after if self.hands else (0, 0)

    @property
    def games_won(self) -> tuple[int, int]:
        won = [0, 0]
        for g in self.games:
            won[g.winner] += 1
        return (won[0], won[1])

    @property
    def finished(self) -> bool:
        return max(self.games_won) == 2

    @property
    def game_number(self) -> int:
        """1-based number of the game in progress (or of the last game once finished)."""
        return len(self.games) + (0 if self.finished else 1)

    def record(self, hand: HandResult) -> EnglishRubber:
        """The sheet after scoring ``hand`` in the game in progress."""
        if self.finished:
            raise InvalidActionError("the rubber is over: no more hands are scored")
        scored = score_hand(self.scores, hand, self.rules)
        hands = (*self.hands, scored)
        if scored.winner is None or scored.game_value is None:
            return EnglishRubber(self.rules, self.games, hands)
        record = GameRecord(scored.winner, scored.scores_after, scored.game_value, hands)
        return EnglishRubber(self.rules, (*self.games, record), ())

    def result(self) -> RubberResult:
        """The finished rubber's result (ES-7); raises if it is not over."""
        if not self.finished:
            raise InvalidActionError(f"rubber not finished: games won {self.games_won}")
        return rubber_result([(g.winner, g.value) for g in self.games])


# --------------------------------------------------------------------------------------------
# Stakes


def settle_sides(
    net: int, side0: Sequence[str], side1: Sequence[str], unit: int = 1
) -> dict[str, int]:
    """Each player of ``side0`` receives ``net * unit`` from each player of ``side1``.

    With one player against two this is English Dummy's stake (ED-5.3: the dummy player pays to
    or receives from each adversary); one against one is Double Dummy's (DD-4.3). Zero-sum.
    """
    players = [*side0, *side1]
    if len(set(players)) != len(players) or not side0 or not side1:
        raise InvalidActionError(f"sides must be non-empty with distinct players: {side0} {side1}")
    out = {p: net * unit * len(side1) for p in side0}
    out.update({p: -net * unit * len(side0) for p in side1})
    return out


def dummy_player_net(result: RubberResult, dp_side: Side = 0, continuous: bool = False) -> int:
    """The rubber's value to the English Dummy player, per adversary (ES-7, ED-2.6, D-ED4).

    With the continuous-dummy option the dummy player concedes one point a rubber to the
    adversaries: he wins ``value − 1`` (7 at most, possibly 0) or loses ``value + 1`` (2..9).
    """
    _check_side(dp_side)
    net = result.net[dp_side]
    return net - CONTINUOUS_DUMMY_CONCESSION if continuous else net


def english_dummy_settlement(
    result: RubberResult,
    dummy_player: str,
    adversaries: tuple[str, str],
    dp_side: Side = 0,
    continuous: bool = False,
    unit: int = 1,
) -> dict[str, int]:
    """English Dummy stakes for one rubber: the dummy player settles with each adversary (ED-5.3).

    >>> r = rubber_result([(0, 1), (1, 2), (0, 3)])
    >>> english_dummy_settlement(r, "P1", ("P2", "P3"))
    {'P1': 8, 'P2': -4, 'P3': -4}
    """
    net = dummy_player_net(result, dp_side, continuous)
    return settle_sides(net, (dummy_player,), adversaries, unit)


def two_player_settlement(
    result: RubberResult, players: tuple[str, str], unit: int = 1
) -> dict[str, int]:
    """Two living players settle the rubber with each other, nothing doubled (DD-4.3, HU-4.5).

    ``players[i]`` is the player of side ``i``.
    """
    return settle_sides(result.net[0], (players[0],), (players[1],), unit)


def add_settlements(*settlements: Mapping[str, int]) -> dict[str, int]:
    """Sum per-player settlements (e.g. the rubbers of a tournée)."""
    out: dict[str, int] = {}
    for s in settlements:
        for player, amount in s.items():
            out[player] = out.get(player, 0) + amount
    return out


@dataclass(frozen=True)
class TourneeRubber:
    """One rubber of an English Dummy sitting, with who held dummy and what each player settled."""

    dummy_player: str
    adversaries: tuple[str, str]
    result: RubberResult
    dummy_player_net: int
    settlement: dict[str, int]


@dataclass(frozen=True)
class EnglishDummyTournee:
    """English Dummy's tournée (ED-2.2, ED-2.6, ED-5.3; seed 003).

    ``players`` are in cutting order, lowest first: the lowest takes dummy for rubber 1, the next
    for rubber 2, the highest for rubber 3, and all three rubbers are obligatory. With
    ``continuous=True`` the first player keeps dummy in every rubber and concedes one point per
    rubber (D-ED4); the sitting then lasts ``rubbers`` rubbers (three unless agreed otherwise).
    """

    players: tuple[str, str, str]
    continuous: bool = False
    rubbers: int = TOURNEE_RUBBERS
    unit: int = 1
    played: tuple[TourneeRubber, ...] = ()

    def __post_init__(self) -> None:
        if len(set(self.players)) != 3:
            raise InvalidActionError(f"English Dummy needs three distinct players: {self.players}")
        if not self.continuous and self.rubbers != TOURNEE_RUBBERS:
            raise InvalidActionError("a tournée is three rubbers, each player taking dummy once")
        if self.rubbers < 1:
            raise InvalidActionError(f"at least one rubber must be played, got {self.rubbers}")

    @property
    def finished(self) -> bool:
        return len(self.played) >= self.rubbers

    def dummy_player(self) -> str:
        """Who takes dummy in the next rubber (ED-2.2; always the first player when continuous)."""
        if self.finished:
            raise InvalidActionError("the tournée is over")
        return self.players[0 if self.continuous else len(self.played)]

    def adversaries(self) -> tuple[str, str]:
        """The two adversaries of the next rubber's dummy player, in cutting order."""
        dp = self.dummy_player()
        a, b = (p for p in self.players if p != dp)
        return (a, b)

    def record(self, result: RubberResult, dp_side: Side = 0) -> EnglishDummyTournee:
        """The sheet after one more rubber, whose dummy player's side is ``dp_side``."""
        dp, adv = self.dummy_player(), self.adversaries()
        net = dummy_player_net(result, dp_side, self.continuous)
        entry = TourneeRubber(dp, adv, result, net, settle_sides(net, (dp,), adv, self.unit))
        return EnglishDummyTournee(
            self.players, self.continuous, self.rubbers, self.unit, (*self.played, entry)
        )

    @property
    def settlement(self) -> dict[str, int]:
        """Each player's total over the rubbers played so far (zero-sum)."""
        base = {p: 0 for p in self.players}
        return add_settlements(base, *(r.settlement for r in self.played))


# --------------------------------------------------------------------------------------------
# Checks


def _check_side(side: int) -> None:
    if side not in SIDES:
        raise InvalidActionError(f"side must be 0 or 1, got {side!r}")


def _check_tricks(tricks: tuple[int, int]) -> None:
    if len(tricks) != 2 or min(tricks) < 0 or sum(tricks) != TRICKS_PER_HAND:
        raise InvalidActionError(f"tricks per side must be two counts totalling 13, got {tricks}")


def _check_honours(honours: tuple[int, int]) -> None:
    if len(honours) != 2 or min(honours) < 0 or sum(honours) > len(HONOUR_RANKS):
        raise InvalidActionError(f"honours per side must be two counts totalling <= 4: {honours}")
