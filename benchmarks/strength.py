"""The strength of the computer players, for every game: ``docs/strength.md`` in one command.

Principle: paired deals (``vivant duel``'s duplicate comparison). For every game, neighbouring
levels are duelled — heuristic v random, mc-fast v heuristic, montecarlo v mc-fast, mc-strong v
montecarlo — and each duel gives both players' double-dummy error (tricks lost a deal against
the solver's value of the best card on the true position) and the paired difference A - B with
its 95% interval. On Mort more duels measure what the Monte-Carlo player's parts are worth
(:data:`SIDE_ABLATIONS`): montecarlo against itself without the inference weights, without the
exact endgame, and with the endgame searched from more cards, mc-fast (the likeliest of four
batches of worlds) against mc-fast with one batch, and montecarlo with four against one, played
with seeds by side (``duel_deal``'s common random numbers: each side's player has the same seed
in both sittings, so the two players draw the same worlds wherever they face the same decision
and the sittings differ only where the ablated part changes a card). Inference models the
others' play by the heuristic player's policy, so it is also measured against that player
(:data:`AGAINST_MODEL`): mc-fast and montecarlo with and without the weights, mc-fast with one
batch and montecarlo with four batches and with one, each duelling the heuristic player on the
deal.
(Until 97c887e mc-fast drew one batch, and ``mc-fast-pool-4`` was the ablation; until the
commit after f13ccad montecarlo drew one, and ``montecarlo-pool-4`` was.)

The deals are played in ``--workers`` processes (both cores) until ``--deals`` deals per
comparison or the ``--minutes`` run out. A scheduler hands the next deal to the comparison that
has had the least computing time, so the cheap comparisons reach many deals and the expensive
ones as many as the time allows; every deal's outcome is appended to ``--results`` (JSON lines)
as soon as it is played, so a run can be stopped and resumed, and the report is written from
whatever the file holds. Run it from a frozen copy of the code (a worktree at a commit) so that
edits made meanwhile do not change it midway. Each line records the commit it was played with
and a digest of the code that decides the cards (:func:`play_code`): a run counts (and resumes)
the deals of every commit whose play code is the same, so that runs of several sessions add up
while only the front ends, the words or the reports change; other play code's deals are another
row. (Lines written before the digest count with their own commit only.)

Usage::

    python benchmarks/strength.py --minutes 90 --workers 2 \
        --results benchmarks/results/strength.jsonl
    python benchmarks/strength.py --report-only --results benchmarks/results/strength.jsonl \
        --out docs/strength.md
"""

from __future__ import annotations

import argparse
import ast
import functools
import hashlib
import inspect
import itertools
import json
import os
import re
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TimeElapsedColumn

import vivant
from vivant.cli.duel import DealOutcome, dd_unit, duel_deal, duel_seed, mean_ci
from vivant.players import Player, find_player
from vivant.players.dd import DD_TT_MB
from vivant.solver import Solver
from vivant.variants import VARIANTS

#: The levels, weakest first; neighbours are duelled.
LEVELS = ("random", "heuristic", "mc-fast", "montecarlo", "mc-strong")
#: The Monte-Carlo player without one of its parts, or with one part set otherwise (the
#: ablations, measured on Mort): the joint endgame from 7 cards a hand instead of 3 (at about a
#: quarter more CPU time a deal).
ABLATIONS: dict[str, dict[str, Any]] = {
    "montecarlo-no-inference": {"kind": "montecarlo", "inference": False},
    "montecarlo-no-endgame": {"kind": "montecarlo", "endgame_cards": 0},
    "montecarlo-endgame-7": {"kind": "montecarlo", "endgame_cards": 7},
    "mc-fast-no-inference": {"kind": "mc-fast", "inference": False},
    "mc-fast-pool-1": {"kind": "mc-fast", "pool": 1},
    "montecarlo-pool-1": {"kind": "montecarlo", "pool": 1},
}
#: The ablations duelled against each other, with seeds by side.
SIDE_ABLATIONS: tuple[tuple[str, str], ...] = (
    ("montecarlo", "montecarlo-no-inference"),
    ("montecarlo", "montecarlo-no-endgame"),
    ("montecarlo", "montecarlo-endgame-7"),
    ("mc-fast", "mc-fast-pool-1"),
    ("montecarlo", "montecarlo-pool-1"),
)
#: The ablations measured against players who play as the model of play says (the heuristic
#: player, whose policy the inference weights model): A and B each meet them on the deal.
AGAINST_MODEL: tuple[tuple[str, str], ...] = (
    ("mc-fast", "mc-fast-no-inference"),
    ("montecarlo", "montecarlo-no-inference"),
    ("mc-fast", "mc-fast-pool-1"),
    ("montecarlo", "montecarlo-pool-1"),
)
MODEL_PLAYER = "heuristic"
ABLATION_GAME = "mort"
#: The ablations get this many times the computing time of a level comparison (they need more
#: deals: their differences are small).
ABLATION_SHARE = 8.0
SEED = 2026
#: Away from a terminal, a run says what it has done this often (seconds).
LOG_EVERY = 300.0
#: Marks a comparison played with seeds by side (the ablations: the same draws for both players
#: wherever they face the same decision, so the difference is the ablated part's).
SIDE_SEEDS = " (seeds by side)"
#: Marks a comparison whose two players each duel a third (:attr:`Comparison.against`).
AGAINST = " against "


@dataclass(frozen=True, slots=True)
class Comparison:
    """A duel of ``a`` against ``b`` on ``game``."""

    game: str
    a: str
    b: str
    #: Common random numbers (``duel_deal``'s ``seeds_by_side``): the ablations' setting.
    seeds_by_side: bool = False
    #: A third player that A and B each duel on the deal instead of each other (both with the
    #: same seeds: common random numbers); A - B is then the difference of their results
    #: against the same opponents on the same cards.
    against: str = ""

    @property
    def key(self) -> str:
        return (
            f"{self.game} {self.a} v {self.b}"
            + (SIDE_SEEDS if self.seeds_by_side else "")
            + (f"{AGAINST}{self.against}" if self.against else "")
        )


#: Comparisons made beside the neighbouring levels: issue 19's own measure of the Monte-Carlo
#: player, montecarlo against the heuristic player in Mort (its dd error there was 0.905 tricks
#: a hand when the issue was filed, the goal 0.5).
EXTRA: tuple[tuple[str, str, str], ...] = (("mort", "montecarlo", "heuristic"),)


def comparisons(games: list[str], ablations: bool, weakest: str = LEVELS[0]) -> list[Comparison]:
    """The neighbouring levels of every game from ``weakest`` up, the :data:`EXTRA`
    comparisons of those games, and the ablations on Mort."""
    levels = LEVELS[LEVELS.index(weakest) :]
    out = [Comparison(g, hi, lo) for g in games for lo, hi in itertools.pairwise(levels)]
    out += [Comparison(g, a, b) for g, a, b in EXTRA if g in games and {a, b} <= set(levels)]
    if ablations and ABLATION_GAME in games:
        out += [Comparison(ABLATION_GAME, a, b, True) for a, b in SIDE_ABLATIONS]
        out += [Comparison(ABLATION_GAME, a, b, against=MODEL_PLAYER) for a, b in AGAINST_MODEL]
    return out


def factory(name: str) -> Callable[..., Player]:
    """A player kind, or an ablation of the Monte-Carlo player."""
    if name in ABLATIONS:
        from vivant.players.montecarlo import MonteCarloPlayer

        return functools.partial(MonteCarloPlayer, **ABLATIONS[name])
    return find_player(name)


#: Where the package's sources are.
PACKAGE = Path(vivant.__file__).resolve().parent
#: The parts of the package (paths under ``src/vivant``) that do not decide a duel's cards: the
#: front ends, records, environments, simulations and the words (no duel imports them, or they
#: only say things), except those in :data:`PLAYED_HERE`.
NOT_PLAY = ("server/", "records/", "env/", "sim/", "playout/", "cli/", "describe.py")
#: The duel itself, under a part :data:`NOT_PLAY` leaves out, without the functions of its
#: command line (they parse, print and say; the deals are played by the others).
PLAYED_HERE: Mapping[str, frozenset[str]] = {
    "cli/duel.py": frozenset({"register", "run", "dd_note"})
}


#: A C comment or a literal (kept: it may hold what looks like a comment).
_C_COMMENT = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|/\*.*?\*/|//[^\n]*', re.S)


def _python_code(text: str, without: frozenset[str] = frozenset()) -> bytes:
    """Python source as its syntax tree without docstrings (:func:`_code_of`), nor the
    module's functions named in ``without``."""
    tree = ast.parse(textwrap.dedent(text))
    tree.body = [
        node
        for node in tree.body
        if not (isinstance(node, ast.FunctionDef) and node.name in without)
    ]
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            body[0] = ast.Pass()
    return ast.dump(tree).encode()


def _code_of(path: Path, without: frozenset[str] = frozenset()) -> bytes:
    """A source file's code without what cannot change a card: in Python its syntax tree
    without the docstrings (comments and layout are not in it), in C the text without the
    comments and with each line's spaces closed up (the figures this project's comments and
    docstrings record do not make another play code)."""
    text = path.read_text()
    if path.suffix == ".py":
        return _python_code(text, without)
    code = _C_COMMENT.sub(lambda m: m[0] if m[0][0] in "\"'" else " ", text)
    lines = (" ".join(line.split()) for line in code.splitlines())
    return "\n".join(line for line in lines if line).encode()


def play_code(root: Path = PACKAGE) -> str:
    """A digest of the code that decides every card of a duel: the Python and C sources of the
    package (at ``root``) but the parts that do not (:data:`NOT_PLAY`), the ablations and how a
    deal is played here (:func:`play_deal`, :func:`factory`, the seeds), each without its
    comments and docstrings (:func:`_code_of`). Two commits with the same digest play every
    deal alike, so their deals are one row."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        name = path.relative_to(root).as_posix()
        if path.suffix not in (".py", ".c", ".h"):
            continue
        if name.startswith(NOT_PLAY) and name not in PLAYED_HERE:
            continue
        code = _code_of(path, PLAYED_HERE.get(name, frozenset()))
        digest.update(name.encode() + b"\0" + code + b"\0")
    for part in (play_deal, factory):
        digest.update(_python_code(inspect.getsource(part)))
    digest.update(json.dumps([SEED, ABLATIONS, SIDE_SEEDS, AGAINST], sort_keys=True).encode())
    return digest.hexdigest()[:12]


def _code(r: dict[str, Any]) -> str:
    """The code a line was played with: its play code's digest, else (older lines) its commit."""
    return str(r.get("play") or r["commit"])


_solver: Solver | None = None


def play_deal(
    game: str, a: str, b: str, index: int, seeds_by_side: bool = False, against: str = ""
) -> tuple[DealOutcome, float]:
    """Deal ``index`` of a comparison, and the seconds it took (in a worker process): A against
    B, or A and B each against ``against`` (A's outcome first, then B's, each A's or B's side of
    its own duel)."""
    global _solver
    if _solver is None:
        _solver = Solver(DD_TT_MB)
    start = time.process_time()
    seed = duel_seed(SEED, index)
    if not against:
        out = duel_deal(game, factory(a), factory(b), seed, _solver, seeds_by_side=seeds_by_side)
        return out, time.process_time() - start
    oa, ob = (duel_deal(game, factory(p), factory(against), seed, _solver) for p in (a, b))
    out = DealOutcome(
        tricks=(oa.tricks[0], ob.tricks[0]),
        points=(oa.points[0], ob.points[0]),
        dd_error=(oa.dd_error[0], ob.dd_error[0]),
        unit=oa.unit,
    )
    return out, time.process_time() - start


def load(path: Path) -> list[dict[str, Any]]:
    """The deals a results file holds."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def commit() -> str:
    """The commit of the code being run (``unknown`` outside git)."""
    here = Path(__file__).resolve().parent
    try:
        out = subprocess.run(
            ["git", "-C", str(here), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out.stdout.strip()


class Meter:
    """What a run has done, for the person who started it (on standard error): on a terminal a
    bar a comparison (its deals of the ``deals`` asked) and one for the run's time; elsewhere
    (a log) a line every :data:`LOG_EVERY` seconds and one at the end."""

    def __init__(self, count: dict[str, int], deals: int, minutes: float) -> None:
        self.count, self.deals, self.seconds = count, deals, 60 * minutes
        self.start = self.said = time.monotonic()
        self.bar: Progress | None = None
        self.tasks: dict[str, TaskID] = {}

    def __enter__(self) -> Meter:
        if sys.stderr.isatty():
            columns = (BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
            self.bar = Progress("{task.description}", *columns, console=Console(stderr=True))
            self.bar.start()
            for k, n in self.count.items():
                self.tasks[k] = self.bar.add_task(k, total=self.deals, completed=n)
            self.tasks[""] = self.bar.add_task(
                f"time ({self.seconds / 60:g} minutes)", total=round(self.seconds)
            )
        return self

    def advance(self, key: str) -> None:
        """One more deal of comparison ``key`` (already counted)."""
        now = time.monotonic()
        if self.bar is not None:
            self.bar.update(self.tasks[key], completed=self.count[key])
            self.bar.update(self.tasks[""], completed=round(min(now - self.start, self.seconds)))
        elif now - self.said >= LOG_EVERY:
            self.said = now
            self._line()

    def _line(self) -> None:
        done = ", ".join(f"{k} {n}/{self.deals}" for k, n in self.count.items())
        minutes = (time.monotonic() - self.start) / 60
        print(
            f"{minutes:.0f} of {self.seconds / 60:g} minutes: {done}", file=sys.stderr, flush=True
        )

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
        else:
            self._line()


def run(todo: list[Comparison], deals: int, minutes: float, workers: int, results: Path) -> None:
    """Play deals until every comparison has ``deals`` or the time is up (see the module doc)."""
    version, code = commit(), play_code()
    count = {c.key: 0 for c in todo}
    spent = {c.key: 0.0 for c in todo}
    for r in load(results):  # other play code's deals are another row: this one starts its own
        if r["key"] in count and _code(r) == code:
            count[r["key"]] += 1
            spent[r["key"]] += r["seconds"]
    by_key = {c.key: c for c in todo}
    share = {c.key: ABLATION_SHARE if {c.a, c.b} & ABLATIONS.keys() else 1.0 for c in todo}
    next_index = dict(count)
    stop = time.monotonic() + 60 * minutes
    pending: dict[Future[tuple[DealOutcome, float]], str] = {}

    def pick() -> str | None:
        open_ = [k for k in by_key if next_index[k] < deals]
        if not open_:
            return None
        return min(open_, key=lambda k: ((spent[k] + _in_flight(k)) / share[k], k))

    def _in_flight(k: str) -> float:
        mean = spent[k] / count[k] if count[k] else 0.0
        return mean * sum(1 for v in pending.values() if v == k)

    with (
        ProcessPoolExecutor(workers) as pool,
        results.open("a") as sink,
        Meter(count, deals, minutes) as meter,
    ):
        while True:
            while len(pending) < 2 * workers and time.monotonic() < stop:
                k = pick()
                if k is None:
                    break
                c = by_key[k]
                job = pool.submit(
                    play_deal, c.game, c.a, c.b, next_index[k], c.seeds_by_side, c.against
                )
                pending[job] = k
                next_index[k] += 1
            if not pending:
                break
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for job in finished:
                k = pending.pop(job)
                out, seconds = job.result()
                c = by_key[k]
                count[k] += 1
                spent[k] += seconds
                meter.advance(k)
                line = {
                    "key": k,
                    "game": c.game,
                    "a": c.a,
                    "b": c.b,
                    "seeds_by_side": c.seeds_by_side,
                    **({"against": c.against} if c.against else {}),
                    "tricks": list(out.tricks),
                    "points": list(out.points),
                    "dd_error": list(out.dd_error),
                    "dd_unit": dd_unit(c.game),
                    "unit": out.unit,
                    "seconds": round(seconds, 3),
                    "commit": version,
                    "play": code,
                }
                sink.write(json.dumps(line) + "\n")
                sink.flush()


def _rows(lines: list[dict[str, Any]]) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    keys: dict[str, list[dict[str, Any]]] = {}
    for r in lines:  # the same comparison played by different code is a different row
        keys.setdefault(f"{r['key']} @{_code(r)}", []).append(r)
    order = {name: i for i, name in enumerate(LEVELS)}

    def rank(item: tuple[str, list[dict[str, Any]]]) -> tuple[str, str, int, str]:
        r = item[1][0]
        return (_commits(item[1]), r["game"], order.get(r["b"], len(order)), r["b"])

    yield from sorted(keys.items(), key=rank)


def _commits(rs: list[dict[str, Any]]) -> str:
    """The commits a row's deals were played at (the same play code), in the order played."""
    return ", ".join(dict.fromkeys(r["commit"] for r in rs))


def _dd_unit(r: dict[str, Any]) -> str:
    """What a row's dd error counts: rows from before ``dd_unit`` was written are in tricks (All
    Fours' included: until the commit after e724ed5 its cards were measured by the trick solver)."""
    return str(r.get("dd_unit", "tricks"))


def _seeding(r: dict[str, Any]) -> str:
    against = r.get("against")
    return (SIDE_SEEDS if r.get("seeds_by_side") else "") + (AGAINST + against if against else "")


def _ci(xs: list[float]) -> str:
    m, (lo, hi) = mean_ci(xs)
    return f"{m:+.3f} [{lo:+.3f}, {hi:+.3f}]"


def _mean_ci(xs: list[float]) -> str:
    m, (lo, hi) = mean_ci(xs)
    return f"{m:.3f} [{lo:.3f}, {hi:.3f}]"


#: A level's place at a glance: deals, dd error a hand with its 95% interval, whom it met, commit.
Cell = tuple[int, float, float, float, str, str]


def _best(lines: list[dict[str, Any]]) -> dict[tuple[str, str], Cell]:
    """For every game and level, its dd error a hand in the plain level comparison (neither
    seeded by side nor against a third player, in the game's present dd unit) with the most
    deals."""
    best: dict[tuple[str, str], Cell] = {}
    for _, rs in _rows(lines):
        r0 = rs[0]
        if _seeding(r0) or r0["a"] not in LEVELS or r0["b"] not in LEVELS:
            continue
        if _dd_unit(r0) != dd_unit(r0["game"]):
            continue  # measured in another unit than the game's dd error now
        for side, (me, other) in enumerate(((r0["a"], r0["b"]), (r0["b"], r0["a"]))):
            m, (lo, hi) = mean_ci([r["dd_error"][side] / 2 for r in rs])
            if len(rs) > best.get((r0["game"], me), (0,))[0]:
                best[r0["game"], me] = (len(rs), m, lo, hi, other, _commits(rs))
    return best


def glance(lines: list[dict[str, Any]]) -> list[str]:
    """The levels at a glance: for every game, each level's dd error a hand in the plain level
    comparison with the most deals (:func:`_best`), and whom it met there (a player's dd error
    depends on the play it faces, so the opponent is named); no table where no level
    comparison was played."""
    best = _best(lines)
    games = sorted({g for g, _ in best})
    if not games:
        return []

    def cell(g: str, level: str) -> str:
        if (g, level) not in best:
            return "-"
        n, m, lo, hi, other, commit = best[g, level]
        return f"{m:.3f} [{lo:.3f}, {hi:.3f}] ({n} v {other}, {commit})"

    return [
        "| game | " + " | ".join(LEVELS) + " |",
        "|---|" + "---:|" * len(LEVELS),
        *(f"| {g} | " + " | ".join(cell(g, lv) for lv in LEVELS) + " |" for g in games),
    ]


#: Each level's colour in the picture; a game's marks lie one below the other in this order too.
COLOURS = {
    "random": "#8c8c8c",
    "heuristic": "#1f6fb4",
    "mc-fast": "#2e9d3a",
    "montecarlo": "#c8342c",
    "mc-strong": "#8e5cb8",
}


def chart(lines: list[dict[str, Any]]) -> str | None:
    """The levels at a glance as a picture (SVG): a row a game, each level's dd error a hand as
    a mark on its 95% interval, the marks of a game's levels one below the other; ``None`` where
    no level comparison was played."""
    best = _best(lines)
    games = sorted({g for g, _ in best})
    if not games:
        return None
    top = max(1.0, -(-max(c[3] for c in best.values()) // 1))
    left, right, head, row = 190, 30, 56, 14 * len(LEVELS) + 12
    width, height = 760, head + row * len(games) + 44
    span = width - left - right

    def x(v: float) -> float:
        return left + span * max(0.0, v) / top

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="{left}" y="18" font-size="14" font-weight="bold">dd error a hand (tricks; '
        "All Fours: points), 95% intervals; lower is stronger</text>",
    ]
    for i, level in enumerate(LEVELS):
        lx = left + i * 112
        out.append(f'<circle cx="{lx + 5}" cy="36" r="5" fill="{COLOURS[level]}"/>')
        out.append(f'<text x="{lx + 14}" y="40">{level}</text>')
    for k in range(int(top * 2) + 1):
        v = k / 2
        out.append(
            f'<line x1="{x(v):.1f}" y1="{head}" x2="{x(v):.1f}" y2="{height - 36}" '
            f'stroke="#dddddd"/><text x="{x(v):.1f}" y="{height - 20}" '
            f'text-anchor="middle">{v:g}</text>'
        )
    for j, g in enumerate(games):
        y0 = head + j * row
        if j % 2:
            out.append(f'<rect x="0" y="{y0}" width="{width}" height="{row}" fill="#f4f4f4"/>')
        unit = " (points)" if dd_unit(g) == "points" else ""
        title = VARIANTS[g].info.title if g in VARIANTS else g
        out.append(f'<text x="10" y="{y0 + row / 2 + 4:.1f}">{title}{unit}</text>')
        for i, level in enumerate(LEVELS):
            if (g, level) not in best:
                continue
            n, m, lo, hi, other, _ = best[g, level]
            y = y0 + 10 + i * 14
            colour = COLOURS[level]
            out.append(
                f'<line x1="{x(lo):.1f}" y1="{y}" x2="{x(hi):.1f}" y2="{y}" stroke="{colour}" '
                f'stroke-width="2"/><circle cx="{x(m):.1f}" cy="{y}" r="4" fill="{colour}">'
                f"<title>{g}, {level}: {m:.3f} [{lo:.3f}, {hi:.3f}], {n} deals v {other}</title>"
                "</circle>"
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"


#: The deals a main comparison is measured on (issue 19).
TARGET_DEALS = 10_000


def _toward_target(lines: list[dict[str, Any]]) -> list[str]:
    """The report's section on the neighbouring levels' comparisons of every game measured so
    far: each one's most deals at one play code, and the CPU hours the deals it lacks of
    :data:`TARGET_DEALS` would take at its CPU time a deal there (none where it has them)."""
    most: dict[tuple[str, str], tuple[int, float]] = {}
    for _, rs in _rows(lines):
        r0 = rs[0]
        if _seeding(r0) or (r0["b"], r0["a"]) not in set(itertools.pairwise(LEVELS)):
            continue
        cpu = sum(r["seconds"] for r in rs) / len(rs)
        key = (r0["game"], f"{r0['a']} v {r0['b']}")
        if len(rs) > most.get(key, (0, 0.0))[0]:
            most[key] = (len(rs), cpu)
    if not most:
        return []
    games = sorted({g for g, _ in most})
    pairs = [f"{hi} v {lo}" for lo, hi in itertools.pairwise(LEVELS)]

    def cell(g: str, pair: str) -> str:
        if (g, pair) not in most:
            return "-"
        n, cpu = most[g, pair]
        if n >= TARGET_DEALS:
            return f"{n}"
        return f"{n} ({(TARGET_DEALS - n) * cpu / 3600:.1f} h more)"

    return [
        f"## Toward {TARGET_DEALS:,} deals",
        "",
        "Each neighbouring levels' comparison: its most deals played by one play code, and, "
        f"short of {TARGET_DEALS:,}, the CPU hours the rest would take at its CPU time a deal "
        "(one core; a run on both cores halves the wall time).",
        "",
        "| game | " + " | ".join(pairs) + " |",
        "|---|" + "---:|" * len(pairs),
        *(f"| {g} | " + " | ".join(cell(g, pair) for pair in pairs) + " |" for g in games),
        "",
    ]


def _glance_section(lines: list[dict[str, Any]], picture: str | None = None) -> list[str]:
    """The report's section of :func:`glance`, none where no level comparison was played (a
    report of ablations only), with the :func:`chart` drawn in the file ``picture``, if any."""
    table = glance(lines)
    if not table:
        return []
    return [
        "## The levels at a glance",
        "",
        "Each level's dd error a hand, game by game, from the level comparison with the most "
        "deals (in brackets: the deals, the level it met and the commits; a level's dd error "
        "depends on the play it faces; All Fours: points, from the rows so measured). A dash: "
        "not yet measured.",
        "",
        *([f"![Each level's dd error a hand, game by game]({picture})", ""] if picture else []),
        *table,
        "",
    ]


def report(
    lines: list[dict[str, Any]], command: str, note: str = "", picture: str | None = None
) -> str:
    """``docs/strength.md`` from the deals played (``picture``: the file of its :func:`chart`)."""
    commits = sorted({r["commit"] for r in lines})
    out = [
        "# The strength of the computer players",
        "",
        "Generated by `" + command + "` from "
        f"{len(lines)} paired deals (commits {', '.join(commits) or 'none'}); do not edit by hand.",
        "",
        "Every deal is played twice, the players swapping sides (`vivant duel`), so the luck of "
        "the cards cancels. **dd error**: tricks a player's side loses in a hand against the "
        "solver's value of the best card on the true position, summed over its card decisions "
        "(the whole hand; per hand, the mean over both sittings); in All Fours, where tricks "
        "count only for the points in them, the points lost against the game's own search, in "
        "the rows whose dd unit says so (the earlier rows measured its tricks). **A - B**: the "
        "paired "
        "difference in tricks a deal (All Fours: points a deal). Intervals are 95% (normal "
        "approximation over the deals). Deal seeds are the same for every comparison "
        f"(`duel/{SEED}/i`). **A v B against C**: A and B do not meet; each duels C on the "
        "deal, with the same seeds, and A - B compares their results against the same "
        "opponents on the same cards. **commits**: a row's deals were all played by the same "
        "code that decides the cards (the digest of `play_code` in `benchmarks/strength.py`), at "
        "these commits, so runs at commits that changed only the front ends, the words or the "
        "reports add up.",
        "",
        *([note, ""] if note else []),
        *_glance_section(lines, picture),
        *_toward_target(lines),
        "## Every comparison",
        "",
        "| game | A v B | commits | deals | dd unit | dd error A | dd error B | dd error A - B "
        "| A - B | CPU s/deal |",
        "|---|---|---|---:|---|---:|---:|---:|---:|---:|",
    ]
    for key, rs in _rows(lines):
        r0 = rs[0]
        n = len(rs)
        ea = [r["dd_error"][0] / 2 for r in rs]
        eb = [r["dd_error"][1] / 2 for r in rs]
        diff = [
            (r["points"][0] - r["points"][1]) / 2
            if r["unit"] == "points"
            else r["tricks"][0] - r["tricks"][1]
            for r in rs
        ]
        cpu = sum(r["seconds"] for r in rs) / n
        out.append(
            f"| {r0['game']} | {r0['a']} v {r0['b']}{_seeding(r0)} | {_commits(rs)} | {n} | "
            f"{_dd_unit(r0)} | {_mean_ci(ea)} | {_mean_ci(eb)} | "
            f"{_ci([x - y for x, y in zip(ea, eb, strict=True)])} | {_ci(diff)} | {cpu:.1f} |"
        )
        del key
    out += [
        "",
        "Fewer than 10,000 deals in a row means the run's time ran out first (the machine is "
        "shared; the scheduler gives every level comparison the same computing time, and each "
        f"ablation {ABLATION_SHARE:g} times as much).",
        "",
    ]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(VARIANTS))
    parser.add_argument("--deals", type=int, default=10_000, help="deals per comparison at most")
    parser.add_argument("--minutes", type=float, default=60.0, help="wall time of the run")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--results", type=Path, default=Path("benchmarks/results/strength.jsonl"))
    parser.add_argument("--out", type=Path, default=Path("docs/strength.md"))
    parser.add_argument("--no-ablations", action="store_true")
    parser.add_argument("--weakest", default=LEVELS[0], choices=LEVELS, help="first level duelled")
    parser.add_argument(
        "--only",
        default="",
        help="the comparisons whose name contains this (several: separated by commas)",
    )
    parser.add_argument("--report-only", action="store_true")
    parser.add_argument("--note", default="", help="a paragraph for the report (the run's story)")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    if not args.report_only:
        todo = comparisons(games, not args.no_ablations, args.weakest)
        run(
            [c for c in todo if any(part in c.key for part in args.only.split(","))],
            args.deals,
            args.minutes,
            args.workers,
            args.results,
        )
    command = "make strength"
    if args.report_only:
        command = f"python benchmarks/strength.py --report-only --results {args.results}"
    lines = load(args.results)
    drawn = chart(lines)
    picture = args.out.with_suffix(".svg")
    if drawn is not None:
        picture.write_text(drawn)
    args.out.write_text(report(lines, command, args.note, picture.name if drawn else None))
    print(f"wrote {args.out}" + (f" and {picture}" if drawn else ""))


if __name__ == "__main__":
    main()
