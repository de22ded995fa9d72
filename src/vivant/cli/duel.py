"""``vivant duel GAME --a PLAYER --b PLAYER --deals N --seed S [--json]``: which player is stronger.

Principle: duplicate comparison. Each deal is played twice from the same position — player A on
side 1 and B on side 2, then the sides swapped — so the luck of the cards cancels and what
remains is the difference in play. A "deal" is one hand (for Mort the sides are V–M and R–L).
Everything before the first card (cuts, Vivant's deal for himself or for Mort, Humbug's exchange,
Bridge for Three's declaration and doubling) is decided once, by the heuristic player, and
replayed for both sittings, so both see the same hands, trump and contract; the duel compares
card play.

Reported, per player: tricks per deal (the mean over both sittings of a deal), points per deal
(the trick points: tricks over six, the honours being dealt and not played; All Fours: the points
of High, Low, Jack and Game each side marked), the difference A−B in tricks per deal (All Fours:
in points per deal) with a 95% confidence interval (normal approximation over the deals'
differences), and the double-dummy error: for each of the player's card decisions within the
solver's horizon, the solver's value of the best legal card on the true position minus the value
of the card played, summed per hand (tricks thrown away against perfect play). The horizon is
``DD_MAX_CARDS`` cards a hand in four-hand games (13: the whole hand) and the whole hand in
two-hand games.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from vivant.actions import Action, Deal, Play
from vivant.cards import Seat
from vivant.errors import VivantError
from vivant.players import Player, find_player, step
from vivant.players.dd import (
    DD_MAX_CARDS,
    DD_MEASURES,
    DD_TT_MB,
    DoubleDummyPlayer,
    measured_values,
    playing_seats,
)
from vivant.players.heuristic import HeuristicPlayer
from vivant.solver import InvalidPositionError, Solver
from vivant.table import DECLARE, PLAY, Table
from vivant.variants import find_variant
from vivant.views import View

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


@dataclass
class Sitting:
    """One sitting of a deal: tricks per side, and each side's double-dummy error (tricks) and
    the number of its card decisions measured."""

    tricks: tuple[int, int]
    dd_error: list[int] = field(default_factory=lambda: [0, 0])
    measured: list[int] = field(default_factory=lambda: [0, 0])
    #: Points marked per side in the hand, for a game whose tricks count only for the points in
    #: them (All Fours: High, Low, Jack, Game, AF-4); ``None`` for the whist games.
    points: tuple[int, int] | None = None


def deal_position(
    game: str, seed: int, until: str = PLAY
) -> tuple[type[Table], dict[str, Any], list[Action]]:
    """The table class, config and log of a deal ready for its first card (``until`` another
    phase: ready for its first decision there, e.g. the auction): heuristic players make the
    decisions before; the pack comes from ``seed``."""
    cls = find_variant(game)
    seats = cls.info.default_players
    table = cls([f"P{i + 1}" for i in range(seats)])
    setup: dict[str, Player] = {n: HeuristicPlayer(seed) for n in table.players}
    rng = random.Random(seed)
    while table.phase != "deal":
        step(table, setup, rng)
    table.apply(Deal.from_seed(seed))
    while table.phase not in (until, PLAY):
        step(table, setup, rng)
    return cls, table.config(), list(table.log)


def play_sitting_of_deal(
    cls: type[Table],
    config: dict[str, Any],
    log: list[Action],
    sides: tuple[Player, Player],
    solver: Solver,
    seats: frozenset[Seat] | None = None,
    observe: Callable[[View, Play, int], None] | None = None,
) -> Sitting:
    """Play the hand of a prepared deal with ``sides[k]`` deciding for every hand of side ``k``,
    measuring each card decision against the solver on the true position (``observe`` is told
    each measured card: the view it was chosen in, the card and the tricks it lost). With
    ``seats``, side 0 is those seats and side 1 the others, deciding everything from the
    prepared position on (Boston's auction included) and scored by seat."""
    table = cls.replay(config, log)
    hand = table.hand
    assert hand is not None
    for p in sides:
        if isinstance(p, DoubleDummyPlayer):
            p.attach(table)
    out = Sitting((0, 0))
    rng = random.Random(0)

    def side_of(seat: Seat) -> int:
        return table.seat_sides[seat] if seats is None else int(seat not in seats)

    while table.hand is hand and (seats is not None or table.phase == PLAY):
        seat = table.to_act()
        if seat is None:
            step(table, {}, rng)
            continue
        legal = table.legal_actions(seat)
        plays = [a for a in legal if isinstance(a, Play)]
        side = side_of(plays[0].seat if plays else seat)
        view = table.view(seat)
        action = sides[side].choose(view, legal, None)
        if action not in legal:
            raise ValueError(f"the {sides[side].kind} player chose {action!r}, not legal now")
        if isinstance(action, Play) and len(plays) > 1:
            lost = dd_loss(view, hand.hands, action, solver)
            if lost is not None:
                out.dd_error[side] += lost
                out.measured[side] += 1
                if observe is not None:
                    observe(view, action, lost)
        table.apply(action)
    record = table.hand_records[-1] if table.hand_records else {}

    def by_side(per_seat: dict[str, int]) -> tuple[int, int]:
        got = [sum(v for r, v in per_seat.items() if side_of("NESW".index(r)) == k) for k in (0, 1)]
        return got[0], got[1]

    out.tricks = (hand.won[0], hand.won[1]) if seats is None else by_side(record["won"])
    marked = record.get("marked")
    payments = record.get("payments")
    if payments is not None:  # Boston: the counters each side's players won or paid
        out.points = by_side(payments)
    elif marked is not None:
        names = table.side_names
        got = [sum(m["amount"] for m in marked if m["to"] == names[k]) for k in (0, 1)]
        out.points = (got[0], got[1])
    return out


def dd_loss(view: View, hands: Sequence[int], action: Play, solver: Solver) -> int | None:
    """The tricks (All Fours: points) ``action`` loses against the solver's best card on the
    true position ``hands``, or ``None`` where it is not measured: beyond :data:`DD_MAX_CARDS`
    cards a hand in four-hand games, a position the solver cannot take (a revoke standing, laws
    mode). A game of :data:`~vivant.players.dd.DD_MEASURES` is measured by its own search
    (Boston: the single player against three, a misère to lose, within the Monte-Carlo player's
    search horizon: a whole one-against-three hand is beyond the solver's reach at every card;
    All Fours: the points of the hand, within its search's reach)."""
    too_long = view.hand_sizes.get(action.seat, 0) > DD_MAX_CARDS
    if view.variant not in DD_MEASURES and len(playing_seats(view)) == 4 and too_long:
        return None
    try:
        values = measured_values(view, hands, solver)
    except InvalidPositionError:
        return None
    if values is None or action.card not in values:
        return None
    return round(max(values.values()) - values[action.card])


def each_for_himself(game: str) -> bool:
    """Whether the game is played each for himself (declared: ``GameInfo.each_for_himself``)."""
    return find_variant(game).info.each_for_himself


def parse_seats(text: str, game: str) -> frozenset[Seat]:
    """``--players``: the seats player A takes in a deal's first sitting, by their letters
    (``NS``, ``N``): a game where each plays for himself only (Boston), some seats and not all."""
    if not each_for_himself(game):
        raise VivantError("--players applies to a game where each plays for himself")
    letters = text.strip().upper()
    if not letters or any(ch not in "NESW" for ch in letters) or len(set(letters)) != len(letters):
        raise VivantError(f"--players {text!r}: name A's seats once each, e.g. NS or N")
    if len(letters) == 4:
        raise VivantError(f"--players {text!r}: leave B a seat")
    return frozenset("NESW".index(ch) for ch in letters)


@dataclass
class DuelResult:
    """The figures of a duel (see the module doc)."""

    game: str
    a: str
    b: str
    deals: int
    seed: int
    tricks: dict[str, float]
    points: dict[str, float]
    diff: float
    ci95: tuple[float, float]
    dd_error: dict[str, float]
    per_deal: list[float]
    #: What ``diff`` counts: tricks, or the points of a game that scores points in play.
    unit: str = "tricks"
    #: With ``--players``: A's seats in each deal's first sitting (B's in its second).
    players: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The JSON shape ``vivant duel --json`` prints."""
        return {
            "game": self.game,
            "a": self.a,
            "b": self.b,
            "deals": self.deals,
            "seed": self.seed,
            "tricks_per_deal": self.tricks,
            "points_per_deal": self.points,
            "a_minus_b": {f"{self.unit}_per_deal": self.diff, "ci95": list(self.ci95)},
            "dd_error": self.dd_error,
            "dd_horizon_cards": dd_horizon(self.game),
            **({} if self.players is None else {"players": self.players}),
        }


def dd_unit(game: str) -> str:
    """What a card's dd error counts in ``game``: tricks, or All Fours' points (:func:`dd_loss`)."""
    measure = DD_MEASURES.get(game)
    return "tricks" if measure is None else measure.unit


def dd_horizon(game: str) -> int | dict[str, int]:
    """The cards a hand may hold for a card decision to be measured (:func:`dd_loss`)."""
    measure = DD_MEASURES.get(game)
    return DD_MAX_CARDS if measure is None else measure.horizon


def mean_ci(xs: list[float]) -> tuple[float, tuple[float, float]]:
    """The mean of ``xs`` and its 95% confidence interval (normal approximation)."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, (m, m)
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return m, (m - half, m + half)


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """One deal of a duel, both sittings: A's and B's tricks (the mean of the two sittings) and
    points (their sum over the sittings), their double-dummy errors (summed over both sittings)
    and the unit of the paired difference."""

    tricks: tuple[float, float]
    points: tuple[int, int]
    dd_error: tuple[int, int]
    unit: str

    @property
    def diff(self) -> float:
        """A - B for this deal: in points for a game that scores points in play, else tricks."""
        if self.unit == "points":
            return (self.points[0] - self.points[1]) / 2
        return self.tricks[0] - self.tricks[1]


def duel_seed(seed: int, i: int) -> int:
    """The seed of deal ``i`` of a duel seeded ``seed``."""
    return random.Random(f"duel/{seed}/{i}").getrandbits(32)


def duel_deal(
    game: str,
    make_a: Callable[..., Player],
    make_b: Callable[..., Player],
    deal_seed: int,
    solver: Solver,
    seats: frozenset[Seat] | None = None,
    *,
    seeds_by_side: bool = False,
) -> DealOutcome:
    """Play one deal twice, A and B swapping sides, each player made fresh for each sitting:
    seeded by player (A ``deal_seed``, B the next), or with ``seeds_by_side`` by side (side 1's
    player ``deal_seed`` in both sittings): common random numbers, so that two players that
    differ in one part make the same random draws wherever they face the same decision and the
    paired difference is that part's alone. With ``seats`` (``--players``), A takes those seats
    and B the others from the auction on, then the seats are swapped."""
    until = PLAY if seats is None else DECLARE
    cls, config, log = deal_position(game, deal_seed, until)
    pa, pb = make_a(seed=deal_seed), make_b(seed=deal_seed + 1)
    first = play_sitting_of_deal(cls, config, log, (pa, pb), solver, seats)
    if seeds_by_side:
        pa, pb = make_a(seed=deal_seed + 1), make_b(seed=deal_seed)
    else:
        pa, pb = make_a(seed=deal_seed), make_b(seed=deal_seed + 1)
    second = play_sitting_of_deal(cls, config, log, (pb, pa), solver, seats)
    ta = first.tricks[0] + second.tricks[1]
    tb = first.tricks[1] + second.tricks[0]
    unit = "tricks"
    if first.points is not None and second.points is not None:
        got_a, got_b = first.points[0] + second.points[1], first.points[1] + second.points[0]
        unit = "points"
    else:
        got_a = max(0, first.tricks[0] - 6) + max(0, second.tricks[1] - 6)
        got_b = max(0, first.tricks[1] - 6) + max(0, second.tricks[0] - 6)
    return DealOutcome(
        tricks=(ta / 2, tb / 2),
        points=(got_a, got_b),
        dd_error=(first.dd_error[0] + second.dd_error[1], first.dd_error[1] + second.dd_error[0]),
        unit=unit,
    )


_worker_solver: Solver | None = None


def _worker_deal(
    game: str, a: str, b: str, deal_seed: int, seats: frozenset[Seat] | None
) -> DealOutcome:
    """One deal in a worker process, with that process's own reference solver."""
    global _worker_solver
    if _worker_solver is None:
        _worker_solver = Solver(DD_TT_MB)
    return duel_deal(game, find_player(a), find_player(b), deal_seed, _worker_solver, seats)


def duel(
    game: str,
    a: str,
    b: str,
    deals: int,
    seed: int,
    progress: Callable[[], None] | None = None,
    workers: int = 1,
    players: str | None = None,
) -> DuelResult:
    """Play ``deals`` deals twice each, A and B swapping sides (see the module doc), in
    ``workers`` processes (the deals and their results do not depend on the number); with
    ``players`` (Boston), A takes those seats in each first sitting, bidding included."""
    find_player(a)
    find_player(b)
    seats = None if players is None else parse_seats(players, game)
    seeds = [duel_seed(seed, i) for i in range(deals)]
    outcomes: list[DealOutcome] = []
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            jobs = [pool.submit(_worker_deal, game, a, b, s, seats) for s in seeds]
            for job in jobs:
                outcomes.append(job.result())
                if progress is not None:
                    progress()
    else:
        solver = Solver(DD_TT_MB)
        for s in seeds:
            outcomes.append(duel_deal(game, find_player(a), find_player(b), s, solver, seats))
            if progress is not None:
                progress()
    result = duel_result(game, a, b, seed, outcomes)
    if seats is not None:
        result.players = "".join("NESW"[x] for x in sorted(seats))
    return result


def duel_result(game: str, a: str, b: str, seed: int, outcomes: list[DealOutcome]) -> DuelResult:
    """The figures of a duel from its deals' outcomes."""
    deals = len(outcomes)
    diffs = [o.diff for o in outcomes]
    d, ci = mean_ci(diffs)
    return DuelResult(
        game=find_variant(game).variant,
        a=a,
        b=b,
        deals=deals,
        seed=seed,
        tricks={k: sum(o.tricks[i] for o in outcomes) / deals for i, k in enumerate("ab")},
        points={k: sum(o.points[i] for o in outcomes) / (2 * deals) for i, k in enumerate("ab")},
        diff=d,
        ci95=ci,
        dd_error={
            k: sum(o.dd_error[i] for o in outcomes) / (2 * deals) for i, k in enumerate("ab")
        },
        per_deal=diffs,
        unit=outcomes[0].unit if outcomes else "tricks",
    )


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``duel`` to the ``vivant`` parser."""
    parser = subparsers.add_parser(
        "duel",
        help="compare two computer players on the same deals, sides swapped",
        description=(
            "Duplicate-style duel: every deal is played twice, A on one side and B on the other, "
            "then swapped; prints tricks and points per deal, A-B with a 95% interval, and each "
            "player's double-dummy error."
        ),
    )
    parser.add_argument("game", help="the game (e.g. mort)")
    parser.add_argument("--a", required=True, help="player kind A (e.g. montecarlo)")
    parser.add_argument("--b", required=True, help="player kind B (e.g. heuristic)")
    parser.add_argument("--deals", type=int, default=20, help="deals to play (each twice)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--workers", type=int, default=1, help="processes to play the deals in (e.g. 2 cores)"
    )
    parser.add_argument(
        "--players",
        metavar="SEATS",
        help=(
            "a game where each plays for himself: the seats A takes in each first sitting "
            "(e.g. NS), B the others, swapped in the second; the players then bid too "
            "(without it the heuristic bids once for both sittings and A and B play the "
            "single player and his adversaries in turn)"
        ),
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
    from rich.table import Table as RichTable

    if args.deals < 1:
        raise VivantError(f"--deals must be at least 1, not {args.deals}")
    if args.workers < 1:
        raise VivantError(f"--workers must be at least 1, not {args.workers}")
    find_variant(args.game)  # an unknown game or player is said before the progress bar shows
    for kind in (args.a, args.b):
        find_player(kind)
    err = Console(stderr=True)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
    ) as bar:
        task = bar.add_task(f"{args.a} v {args.b}", total=args.deals)
        result = duel(
            args.game,
            args.a,
            args.b,
            args.deals,
            args.seed,
            progress=lambda: bar.advance(task),
            workers=args.workers,
            players=args.players,
        )
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    out = Console(highlight=False)
    title = f"{result.game}: {result.deals} deals, each played twice (seed {args.seed})"
    t = RichTable(title=title)
    t.add_column("player")
    t.add_column("tricks/deal", justify="right")
    t.add_column("points/deal", justify="right")
    t.add_column("dd error/deal", justify="right")
    for key, name in (("a", args.a), ("b", args.b)):
        t.add_row(
            f"{key.upper()} {name}",
            f"{result.tricks[key]:.3f}",
            f"{result.points[key]:.3f}",
            f"{result.dd_error[key]:.3f}",
        )
    out.print(t)
    lo, hi = result.ci95
    verdict = "A ahead" if lo > 0 else "B ahead" if hi < 0 else "no clear difference"
    out.print(
        f"A - B: {result.diff:+.3f} {result.unit} per deal, 95% CI [{lo:+.3f}, {hi:+.3f}] "
        f"({verdict})",
        markup=False,
    )
    out.print(dd_note(result.game), markup=False)
    return 0


def dd_note(game: str) -> str:
    """What the printed dd error measures (:func:`dd_loss`)."""
    measure = DD_MEASURES.get(game)
    if measure is not None:
        return f"dd error: {measure.unit} lost per hand against {measure.words}"
    if DD_MAX_CARDS >= 13:
        return "dd error: tricks lost per hand against the solver, over whole hands"
    return (
        f"dd error: tricks lost per hand against the solver, within the last {DD_MAX_CARDS} "
        "tricks of four-hand games (whole hands in two-hand games)"
    )
