"""Mort scoring: the markers hand by hand, the score sheet per game, the settlement per player.

Seed 000 ("OBJECT OF THE GAME", "SLAMS", "SCORING", "STAKES") as distilled in mort.md §7–8.
Sides are indexed 0 = Vivant and Mort (``VM``), 1 = the adversaries (``LR``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

GAME = 5
SLAM_VALUE = 20
REVOKE_TRICKS = 3
REVOKE_POINTS = 3
CONSOLATION = 4
PENALTY_OPTIONS = ("T", "D", "A")


@dataclass(frozen=True, slots=True)
class HandScore:
    """What one hand did to the game: markers after it, tricks after penalty transfers, sheet
    credits earned (slams, revoke option A) and the side that made a slam, if any."""

    markers: tuple[int, int]
    won: tuple[int, int]
    credits: tuple[int, int]
    slam: int | None
    game_over: bool


def score_hand(
    markers: Sequence[int],
    won: Sequence[int],
    penalties: Sequence[tuple[int, str]] = (),
    revoked: Sequence[int] = (),
) -> HandScore:
    """Score one hand of Mort.

    ``markers``: game points per side before the hand; ``won``: tricks each side actually won in
    play (summing to 13); ``penalties``: one ``(revoking side, option)`` per established, claimed
    revoke, option ``T`` (take three tricks), ``D`` (deduct three points) or ``A`` (add three
    points), in the order elected; ``revoked``: the sides that revoked in the hand, claimed or
    waived (a side with a penalty in ``penalties`` has revoked whether or not it is listed).

    The rules (M-7.1 to M-7.4, M-6.2 to M-6.5):

    * revoke penalties first: ``T`` moves ``min(3, t - 1)`` tricks from a revoking side holding
      ``t`` tricks (never leaving it none); ``D`` takes three from its markers, never below 0
      (D-W2); ``A`` is a +3 credit on the score sheet (D-M6);
    * a slam is all 13 tricks actually won, by a side that did not revoke — a revoke waived bars
      it as one claimed (seed 000, D-M16): 20 on the sheet and no game points that hand (M-7.3,
      D-M8);
    * otherwise the side with more than six tricks scores one point a trick over six;
    * a side whose revoke is penalised cannot win the game by that hand: it stops at 4 (D-M7,
      WL-7.8; the bar goes with the penalty claimed, D-W4 and D-M16);
    * the game ends when a side has 5 or more; points over 5 count (M-7.4).

    >>> score_hand((4, 3), (11, 2)).markers   # seed 000: 4 to 3, eleven tricks make 9
    (9, 3)
    >>> score_hand((0, 0), (13, 0), revoked=(0,)).slam is None   # a revoke waived: no slam
    True
    """
    if len(markers) != 2 or len(won) != 2 or sum(won) != 13 or min(won) < 0:
        raise ValueError(f"a Mort hand has two sides and 13 tricks; got {tuple(won)}")
    mark = [markers[0], markers[1]]
    tricks = [won[0], won[1]]
    credits = [0, 0]
    if any(side not in (0, 1) for side in revoked):
        raise ValueError(f"invalid revoking sides {tuple(revoked)!r}")
    penalised = [False, False]
    for side, option in penalties:
        if side not in (0, 1) or option not in PENALTY_OPTIONS:
            raise ValueError(f"invalid revoke penalty {(side, option)!r}")
        penalised[side] = True
        other = 1 - side
        if option == "T":
            moved = max(0, min(REVOKE_TRICKS, tricks[side] - 1))
            tricks[side] -= moved
            tricks[other] += moved
        elif option == "D":
            mark[side] = max(0, mark[side] - REVOKE_POINTS)
        else:
            credits[other] += REVOKE_POINTS
    slam: int | None = None
    for side in (0, 1):
        if won[side] == 13 and not penalised[side] and side not in revoked:
            slam = side
    if slam is not None:
        credits[slam] += SLAM_VALUE
    else:
        for side in (0, 1):
            if tricks[side] > 6:
                mark[side] += tricks[side] - 6
    for side in (0, 1):
        if penalised[side] and mark[side] >= GAME:
            mark[side] = GAME - 1
    return HandScore(
        markers=(mark[0], mark[1]),
        won=(tricks[0], tricks[1]),
        credits=(credits[0], credits[1]),
        slam=slam,
        game_over=max(mark) >= GAME,
    )


@dataclass(frozen=True, slots=True)
class GameValue:
    """One game on the score sheet: the winning side, its bonus (triple 3, double 2, simple 1)
    and the net value ``N`` from the winners' side (may be negative, seed 000's 5-to-4 example)."""

    winner: int
    bonus: int
    value: int


def game_bonus(loser_points: int) -> int:
    """Triple (+3) if the losers have not scored, double (+2) if they are not half way (1–2),
    simple (+1) if they have 3 or 4 (seed 000, "SCORING")."""
    if loser_points == 0:
        return 3
    if loser_points <= 2:
        return 2
    return 1


def game_value(markers: Sequence[int], extras: Sequence[int]) -> GameValue:
    """Net value of a finished game: ``W + bonus + 4 + Xw - Lo - Xl`` (mort.md §8, D-M13).

    >>> game_value((8, 2), (0, 0)).value      # seed 000: a double, 8 to 2
    12
    >>> game_value((4, 5), (20, 0)).value     # seed 000: R-L win 5 to 4, V-M made a slam
    -14
    """
    if markers[0] == markers[1] or max(markers) < GAME:
        raise ValueError(f"no game has been won at {tuple(markers)}")
    w = 0 if markers[0] > markers[1] else 1
    lo = 1 - w
    bonus = game_bonus(markers[lo])
    value = markers[w] + bonus + CONSOLATION + extras[w] - markers[lo] - extras[lo]
    return GameValue(winner=w, bonus=bonus, value=value)


def settle(value: GameValue, vivant: str, right: str, left: str) -> dict[str, int]:
    """Stakes per player for one game: each adversary pays or receives ``N`` against Vivant,
    who receives or pays ``2N`` (seed 000, "STAKES"). A player sitting out has no stake."""
    n = value.value if value.winner == 0 else -value.value
    return {vivant: 2 * n, right: -n, left: -n}
