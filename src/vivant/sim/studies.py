"""Foster's claims put to the test: each study plays the sittings its claim needs and writes a
report (Markdown, with PNG and SVG plots) that states the method, the figures with their 95%
intervals, how many deals the main figure needs for the interval it aims at, and a verdict.

Every study names the claim and where the seed makes it:

* ``mort-stakes`` (seed 000, STAKES): six points the least a game can be worth, thirty-seven
  probably the most, about twelve on average.
* ``mort-deal`` (seed 000, DEALING): Vivant should deal the first hand for himself; and "the
  deal is a disadvantage, especially for Mort".
* ``mort-turn-up`` (seed 000, CHEATING): nothing is gained by turning up an honour, beyond its
  possession.
* ``english-dummy-concealed`` (seed 003, English Dummy): holding the dummy is an advantage (the
  player's own hand is concealed), which a player keeping the dummy continuously pays for with
  a point a rubber.
* ``bridge-for-three-declaration`` (seed 002): the pone declares on Dummy's cards "to make this
  fair for both sides" — what seeing Dummy before declaring would be worth, double dummy.
* ``humbug-exchange`` (seed 003, Humbug Whist): a player without four reasonably sure tricks
  should exchange.

Players are computer players of one stated kind (``heuristic`` by default); the verdicts hold for
that level of play, and the reports say so. Sittings are paired across a study's arms (the same
seeds, so the same cuts and packs where the arms' choices allow), which narrows the intervals of
the differences.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from vivant.cards import CardSet, parse_card
from vivant.dummy_declaration import declare_for_dummy
from vivant.errors import VivantError
from vivant.scoring.bridge import DENOMINATIONS, trick_value
from vivant.sim.executors import run
from vivant.sim.summary import Z95, describe
from vivant.sim.tasks import SittingTask, Task, make_tasks, sitting_seed

Rows = list[dict[str, Any]]


@dataclass(frozen=True)
class Arm:
    """One way of playing the study's sittings: a label, a steering per place, table options."""

    label: str
    steer: tuple[str, ...] = ()
    options: tuple[str, ...] = ()


@dataclass
class Findings:
    """What a study found: figure lines, the verdict, plots written, and the sample of the main
    figure (for the number of deals its interval needs)."""

    figures: list[tuple[str, str]]
    verdict: str
    main: list[float]
    plots: list[Path] = field(default_factory=list)


@dataclass(frozen=True)
class Study:
    """A claim, how it is tested, and how the sittings' rows are read."""

    name: str
    game: str
    seats: int
    claim: str
    source: str
    method: str
    main_figure: str
    target: float
    arms: tuple[Arm, ...]
    analyse: Callable[[Study, dict[str, Rows], Path, str], Findings]
    extract: Callable[[SittingTask, dict[str, Any]], dict[str, Any]] | None = None
    #: For a study of deals rather than sittings: the tasks for ``(deals, seed)``, and the share
    #: of ``--deals`` it takes (a deal solved double dummy costs far more than one played).
    deal_tasks: Callable[[int, int], list[DealTask]] | None = None
    deal_share: float = 1.0


# --- reading rows -------------------------------------------------------------------------------


def _share(count: int, total: int) -> str:
    """``count`` of ``total`` in words a reader takes in: "none", or "1 in 79,647 (0.0013%)" with
    two significant figures, so that a rare event never reads as 0.00%."""
    if count == 0:
        return f"none of {total:,}"
    return f"{count:,} in {total:,} ({100 * count / total:.2g}%)"


def _interval(values: Sequence[float], digits: int = 2) -> str:
    stats = describe(values)
    if stats["n"] == 0:
        return "no data"
    return f"{stats['mean']:.{digits}f} ± {stats['ci95']:.{digits}f} (n = {stats['n']:,})"


def _signed_vivant(game: dict[str, Any]) -> float:
    """A Mort game's value from Vivant's side: +N when V–M won it, −N when the adversaries did."""
    value = float(game["value"] or 0)
    return value if game["winner"] == "VM" else -value


def _excludes_zero(values: Sequence[float]) -> bool:
    stats = describe(values)
    return bool(stats["n"] > 1 and abs(stats["mean"]) > stats["ci95"])


def _plot(out: Path, stem: str, draw: Callable[[Any], None]) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    draw(ax)
    fig.tight_layout()
    paths = [out / f"{stem}.png", out / f"{stem}.svg"]
    for path in paths:
        fig.savefig(path, dpi=110, metadata={"Date": None} if path.suffix == ".svg" else None)
    plt.close(fig)
    return paths


def _bars(ax: Any, labels: list[str], samples: list[list[float]], ylabel: str) -> None:
    stats = [describe(s) for s in samples]
    means = [s.get("mean", 0.0) for s in stats]
    errors = [s.get("ci95", 0.0) for s in stats]
    ax.bar(labels, means, yerr=errors, capsize=6, color="#3b6e8f")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_ylabel(ylabel)


# --- the studies ----------------------------------------------------------------------------------


def _mort_stakes(study: Study, rows: dict[str, Rows], out: Path, kind: str) -> Findings:
    games = rows["stakes"]
    values = [float(g["value"]) for g in games]
    plain = [float(g["value"] - g["extras"]) for g in games if g["extras_any"] == 0]
    stats, base = describe(values), describe(plain)
    over = sum(1 for v in values if v > 37)
    ordered = sorted(values)
    figures = [
        ("games (deals)", f"{len(values):,} ({sum(g['hands'] for g in games):,})"),
        (
            "least and greatest value, games without slams or revoke credits",
            f"{base['min']:g} to {base['max']:g} (n = {base['n']:,})",
        ),
        ("least and greatest value, all games", f"{stats['min']:g} to {stats['max']:g}"),
        ("mean value, all games", _interval(values)),
        ("median value", f"{ordered[len(ordered) // 2]:g}"),
        ("games worth more than 37", _share(over, len(values))),
    ]
    verdict = (
        f"With {kind} players: without slams or revoke credits a game was worth "
        f"{base['min']:g} to {base['max']:g} — Foster's six is "
        f"{'the least, as he says' if base['min'] == 6 else 'not the least'} (M-8's table gives "
        f"6 to 17); with them the greatest was {stats['max']:g}, and {_share(over, len(values))} "
        f"games exceeded his 'probably the highest' of 37 ('fifty … not impossible': "
        f"{'seen' if stats['max'] >= 50 else 'not seen'}). The mean is {stats['mean']:.2f} ± "
        f"{stats['ci95']:.2f} against his 'about twelve': "
        f"{'consistent' if abs(stats['mean'] - 12) <= 1.5 else 'lower than he says'} "
        "(within 1.5 points counts as 'about'). Games whose losers hold slams or revoke credits "
        "can be worth less than six, or even go against the side that won them."
    )

    def draw(ax: Any) -> None:
        top = int(max(values)) if values else 40
        ax.hist(values, bins=range(0, top + 2), color="#3b6e8f", align="left")
        for x, label in ((6, "6: least"), (12, "12: average"), (37, "37: 'highest'")):
            ax.axvline(x, color="#b03a2e", linestyle="--", linewidth=1)
            ax.text(x + 0.3, ax.get_ylim()[1] * 0.9, label, color="#b03a2e", fontsize=8)
        ax.set_xlabel("points won or lost on a game (N)")
        ax.set_ylabel("games")
        ax.set_title(f"Mort: game values, {len(values):,} games, {kind} players")

    return Findings(figures, verdict, values, _plot(out, study.name, draw))


def _stakes(task: SittingTask, record: dict[str, Any]) -> dict[str, Any]:
    """Mort: each game's value N, the sheet extras in it (winners' less losers'), and its hands."""
    rows = []
    for number, game in enumerate(record.get("games", []), start=1):
        extras = game.get("extras", {})
        winner = game.get("winner", "")
        won = sum(v for side, v in extras.items() if side == winner)
        lost = sum(v for side, v in extras.items() if side != winner)
        rows.append(
            {
                "lineup": task.lineup,
                "sitting": task.sitting,
                "game_no": number,
                "hands": len(game.get("hands", [])),
                "value": int(game["value"]),
                "extras": won - lost,
                "extras_any": won + lost,
            }
        )
    return {"stakes": rows}


def _mort_deal(study: Study, rows: dict[str, Rows], out: Path, kind: str) -> Findings:
    self_arm, mort_arm = (a.label for a in study.arms)
    games = {
        arm: {(g["sitting"], g["game_no"]): g for g in rows[f"games:{arm}"]}
        for arm in rows_arms(study)
    }
    keys = sorted(set(games[self_arm]) & set(games[mort_arm]))
    diff = [_signed_vivant(games[self_arm][k]) - _signed_vivant(games[mort_arm][k]) for k in keys]
    firsts = {
        arm: {
            (h["sitting"], h["game_no"]): h["won_VM"]
            for h in rows[f"hands:{arm}"]
            if h["hand_no"] == 1
        }
        for arm in rows_arms(study)
    }
    first_diff = [firsts[self_arm][k] - firsts[mort_arm][k] for k in keys if k in firsts[mort_arm]]
    by_dealer: dict[str, list[float]] = {}
    for arm in rows_arms(study):
        for h in rows[f"hands:{arm}"]:
            by_dealer.setdefault(h["dealer"], []).append(float(h["won_VM"]))
    vm_deals = by_dealer.get("V", []) + by_dealer.get("M", [])
    lr_deals = by_dealer.get("L", []) + by_dealer.get("R", [])
    figures = [
        ("Vivant's game value, dealing for himself − for Mort", _interval(diff)),
        ("V–M tricks in the first hand, for himself − for Mort", _interval(first_diff)),
        *((f"V–M tricks when {role} deals", _interval(by_dealer.get(role, []))) for role in "VMLR"),
        ("V–M tricks when V–M deal − when L–R deal", _difference(vm_deals, lr_deals)),
        (
            "V–M tricks when M deals − when V deals",
            _difference(by_dealer.get("M", []), by_dealer.get("V", [])),
        ),
    ]
    mean_diff = _mean(diff)
    dealing = _diff_stats(lr_deals, vm_deals)
    for_mort = _diff_stats(by_dealer.get("V", []), by_dealer.get("M", []))
    custom = _judge(mean_diff, describe(diff).get("ci95", 0.0))
    verdict = (
        f"With {kind} players, dealing the first hand for himself is worth {mean_diff:+.2f} "
        f"points a game to Vivant ({_shown(diff)}): Foster's custom is {custom}. V–M take "
        f"{_more_or_fewer(-dealing[0])} in a hand they deal than in one the adversaries deal, "
        f"so 'the deal is a disadvantage' is {_judge(*dealing)}; and "
        f"{_more_or_fewer(-for_mort[0])} when Mort deals than when Vivant does, so 'especially "
        f"for Mort' is {_judge(*for_mort)}."
    )

    def draw(ax: Any) -> None:
        _bars(
            ax,
            list("VMLR"),
            [[v - 6.5 for v in by_dealer.get(r, [])] for r in "VMLR"],
            "V–M tricks − 6.5",
        )
        ax.set_xlabel("dealer")
        ax.set_title(f"Mort: V–M tricks by who deals, {kind} players (95% intervals)")

    return Findings(figures, verdict, diff, _plot(out, study.name, draw))


def _english_concealed(study: Study, rows: dict[str, Rows], out: Path, kind: str) -> Findings:
    rotation, continuous = (a.label for a in study.arms)
    held = [float(r["dummy_settlement"]) for r in rows[f"rubbers:{rotation}"]]
    kept = [float(r["dummy_settlement"]) for r in rows[f"rubbers:{continuous}"]]
    figures = [
        ("dummy player's settlement a rubber, dummy in rotation", _interval(held)),
        ("the same, one player keeping dummy and conceding a point", _interval(kept)),
    ]
    advantage, net = _mean(held), _mean(kept)
    if not _excludes_zero(kept):
        concession = "fairly compensates it"
    else:
        concession = "over-compensates it" if net < 0 else "does not make up for it"
    holding = (
        "an advantage, as Foster says"
        if advantage > 0 and _excludes_zero(held)
        else "no advantage shown at this level of play"
    )
    verdict = (
        f"With {kind} players, the player holding the dummy wins {advantage:+.2f} a rubber when "
        f"the dummy goes round ({_shown(held)}): {holding}. Keeping it continuously with the "
        f"point conceded he wins {net:+.2f} a rubber ({_shown(kept)}): the concession "
        f"{concession}."
    )

    def draw(ax: Any) -> None:
        _bars(
            ax,
            ["dummy in rotation", "continuous, point conceded"],
            [held, kept],
            "dummy player's settlement a rubber",
        )
        ax.set_title(f"English Dummy: the dummy player's result, {kind} players (95%)")

    return Findings(figures, verdict, held, _plot(out, study.name, draw))


def _humbug_exchange(study: Study, rows: dict[str, Rows], out: Path, kind: str) -> Findings:
    figures, samples = [], []
    for arm in study.arms:
        won = [float(r["settle_P1"]) for r in rows[f"sitting:{arm.label}"]]
        samples.append(won)
        figures.append(
            (
                f"Foster's rule against a player who {arm.label}: rule's settlement a rubber",
                _interval(won),
            )
        )
    beats = [describe(s).get("mean", 0.0) > 0 and _excludes_zero(s) for s in samples]
    verdict = (
        f"With {kind} players, the player who exchanges exactly when he lacks four sure tricks "
        + " and ".join(
            f"{'beats' if b else 'does not clearly beat'} one who {a.label}"
            for a, b in zip(study.arms, beats, strict=True)
        )
        + f": Foster's advice is {_supported(all(beats))} at this level of play."
    )

    def draw(ax: Any) -> None:
        _bars(ax, [a.label for a in study.arms], samples, "rule player's settlement a rubber")
        ax.set_title(f"Humbug: exchanging without four sure tricks, {kind} players (95%)")

    return Findings(figures, verdict, samples[0], _plot(out, study.name, draw))


def _diff_stats(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """The difference of two independent means and the half-width of its 95% interval."""
    if not a or not b:
        return 0.0, math.inf
    sa, sb = describe(a), describe(b)
    return sa["mean"] - sb["mean"], math.hypot(sa["ci95"], sb["ci95"])


def _mort_turn_up(study: Study, rows: dict[str, Rows], out: Path, kind: str) -> Findings:
    hands = rows["hands"]
    strata: dict[int, tuple[list[float], list[float]]] = {}
    for h in hands:
        honour_up, low_up = strata.setdefault(h["side_honours"], ([], []))
        (honour_up if h["honour_up"] else low_up).append(float(h["dealer_tricks"]))
    held = [k for k in sorted(strata) if min(len(strata[k][0]), len(strata[k][1])) >= 30]
    gaps = {k: _diff_stats(*strata[k]) for k in held}
    figures = [
        (
            f"dealer's side holding {k} trump honours: tricks, honour turned − low card",
            f"{gaps[k][0]:+.3f} ± {gaps[k][1]:.3f} "
            f"(n = {len(strata[k][0]):,} and {len(strata[k][1]):,})",
        )
        for k in held
    ]
    overall = _diff_stats(
        [float(h["dealer_tricks"]) for h in hands if h["honour_up"]],
        [float(h["dealer_tricks"]) for h in hands if not h["honour_up"]],
    )
    figures.append(
        (
            "all hands, not stratified: honour turned − low card",
            f"{overall[0]:+.3f} ± {overall[1]:.3f}",
        )
    )
    # Each hand with an honour turned, less the mean of its stratum's hands with a low card.
    gain = [v - _mean(strata[k][1]) for k in held for v in strata[k][0]]
    figures.insert(0, ("tricks gained by an honour turned, within strata", _interval(gain, 3)))
    gained = [k for k in held if gaps[k][0] > gaps[k][1]]
    lost = [k for k in held if -gaps[k][0] > gaps[k][1]]
    verdict = (
        f"With {kind} players, once the trump honours the dealer's side holds are fixed, an honour "
        f"turned up is worth {_mean(gain):+.3f} tricks a hand to it ({_shown(gain)}); it gains "
        f"significantly in {len(gained)} and loses in {len(lost)} of {len(held)} strata. Foster's "
        f"'nothing is gained by turning up an honour, beyond its possession' is "
        f"{_supported(not gained)}"
        + (
            " — the exposed honour even costs tricks (plausibly: everyone knows where it lies)."
            if lost
            else "."
        )
        + f" Unstratified, an honour turned goes with {overall[0]:+.3f} tricks: its possession."
    )

    def draw(ax: Any) -> None:
        width = 0.38
        for shift, which, label in (
            (-width / 2, 0, "honour turned up"),
            (width / 2, 1, "low card turned up"),
        ):
            stats = [describe(strata[k][which]) for k in held]
            ax.bar(
                [k + shift for k in held],
                [s["mean"] for s in stats],
                width,
                yerr=[s["ci95"] for s in stats],
                capsize=4,
                label=label,
            )
        ax.set_xticks(held)
        ax.set_xlabel("trump honours held by the dealer's side")
        ax.set_ylabel("dealer's side tricks")
        ax.legend()
        ax.set_title(f"Mort: the turn-up, {kind} players (95%)")

    return Findings(figures, verdict, gain, _plot(out, study.name, draw))


def _turn_ups(task: SittingTask, record: dict[str, Any]) -> dict[str, Any]:
    """Mort: each hand's dealer side, whether the turn-up is an honour, the trump honours the
    dealer's side held (read from the cards it played) and the tricks it took."""
    rows = []
    seats = "VRML"
    for game_no, game in enumerate(record.get("games", []), start=1):
        for hand_no, hand in enumerate(game.get("hands", []), start=1):
            if hand.get("turn_up") is None or not hand.get("tricks"):
                continue
            trump = "SHDC".index(hand["trump"])
            side = seats.index(hand["dealer"]) % 2
            honours = 0
            for trick in hand["tricks"]:
                first = seats.index(trick["leader"])
                for k, name in enumerate(trick["cards"]):
                    card = parse_card(name)
                    if (first + k) % 2 == side and card // 13 == trump and card % 13 >= 9:
                        honours += 1
            rows.append(
                {
                    "lineup": task.lineup,
                    "sitting": task.sitting,
                    "game_no": game_no,
                    "hand_no": hand_no,
                    "honour_up": parse_card(hand["turn_up"]) % 13 >= 9,
                    "side_honours": honours,
                    "dealer_tricks": hand["won"]["VM" if side == 0 else "LR"],
                }
            )
    return {"hands": rows}


@dataclass(frozen=True, slots=True)
class DealTask:
    """One random deal of Bridge for Three solved double dummy in every strain (dealer South,
    Dummy North, West leading)."""

    seed: int
    sitting: int
    lineup: int = 0
    cost: float = 400.0

    def run(self) -> dict[str, Any]:
        return {
            "sitting": {"lineup": 0, "sitting": self.sitting, "hands": 1},
            "deals": [_b3_deal(self)],
        }


def _b3_net(ns_tricks: int, strain: int) -> int:
    """The dealer's points against each adversary for a hand in ``strain`` (B3-7): his odd
    tricks below, less the adversaries' odd tricks scored above to each of them."""
    value = trick_value(strain)
    return max(0, ns_tricks - 6) * value - max(0, 7 - ns_tricks) * value


@functools.cache
def _dd_solver() -> Any:
    from vivant.solver import Solver

    return Solver(16)


def _b3_deal(task: DealTask) -> dict[str, Any]:
    from vivant.solver import Position

    rng = random.Random(task.seed)
    pack = list(range(52))
    rng.shuffle(pack)
    hands = [CardSet(sum(1 << c for c in pack[13 * k : 13 * k + 13])) for k in range(4)]
    solver = _dd_solver()
    net = {
        strain: _b3_net(13 - solver.solve(Position(tuple(hands), strain, 3)).tricks, strain)
        for strain in DENOMINATIONS
    }
    schedule = declare_for_dummy(hands[0])
    own = declare_for_dummy(hands[2])
    return {
        "sitting": task.sitting,
        "schedule": net[schedule],
        "own": net[own],
        "best": max(net.values()),
        "schedule_is_best": net[schedule] == max(net.values()),
    }


def _b3_tasks(deals: int, seed: int) -> list[DealTask]:
    return [DealTask(sitting_seed(seed, 0, i), i) for i in range(deals)]


def _bridge_for_three(study: Study, rows: dict[str, Rows], out: Path, kind: str) -> Findings:
    deals = rows["deals"]
    schedule = [float(d["schedule"]) for d in deals]
    own = [float(d["own"]) for d in deals]
    peek = [max(a, b) for a, b in zip(schedule, own, strict=True)]
    best = [float(d["best"]) for d in deals]
    blind = max(_mean(schedule), _mean(own))
    gain = [
        p - (s if _mean(schedule) >= _mean(own) else o)
        for p, s, o in zip(peek, schedule, own, strict=True)
    ]
    hits = sum(1 for d in deals if d["schedule_is_best"])
    figures = [
        ("dealer passes: Dummy's forced declaration, points a deal", _interval(schedule)),
        ("dealer declares his own hand by the same schedule", _interval(own)),
        ("dealer who has seen Dummy takes the better of the two", _interval(peek)),
        ("what seeing Dummy is worth against the better blind choice", _interval(gain)),
        ("the best strain of the deal, double dummy", _interval(best)),
        (
            "deals where the forced declaration is the best strain",
            f"{100 * hits / max(1, len(deals)):.1f}%",
        ),
    ]
    verdict = (
        f"Double dummy, over {len(deals):,} deals: the better blind choice is worth {blind:+.2f} "
        f"points a deal to the dealer; a dealer who saw Dummy's cards before choosing would make "
        f"{_mean(peek):+.2f}, {_mean(gain):+.2f} more ({_shown(gain)}). That is the advantage the "
        f"pone's sorting and declaring keeps from the dealer, so Foster's 'to make this fair for "
        f"both sides' is {_supported(_mean(gain) > 0 and _excludes_zero(gain))}. The forced "
        f"declaration is the deal's best strain {100 * hits / max(1, len(deals)):.0f}% of the time "
        f"and costs {_mean(best) - _mean(schedule):.2f} points a deal against it."
    )

    def draw(ax: Any) -> None:
        labels = ["Dummy's schedule", "own hand", "seen Dummy", "best strain"]
        _bars(ax, labels, [schedule, own, peek, best], "dealer's points a deal (double dummy)")
        ax.set_title("Bridge for Three: the declaration, double dummy (95%)")

    return Findings(figures, verdict, gain, _plot(out, study.name, draw))


def _difference(a: Sequence[float], b: Sequence[float]) -> str:
    mean, half = _diff_stats(a, b)
    return "no data" if math.isinf(half) else f"{mean:+.3f} ± {half:.3f}"


def _judge(mean: float, half: float) -> str:
    """A claim that ``mean`` is positive: supported, not shown, or contradicted at 95%."""
    if abs(mean) <= half:
        return "not shown (the interval includes zero)"
    return "supported" if mean > 0 else "contradicted"


def _more_or_fewer(tricks: float) -> str:
    return f"{abs(tricks):.2f} tricks {'more' if tricks > 0 else 'fewer'}"


def _shown(values: Sequence[float]) -> str:
    return "an interval excluding zero" if _excludes_zero(values) else "not told from zero"


def _supported(yes: bool) -> str:
    return "supported" if yes else "not supported"


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values) if values else 0.0


def _rubbers(task: SittingTask, record: dict[str, Any]) -> dict[str, Any]:
    """English Dummy: each rubber's dummy player (``S``) and what he won or lost in it."""
    rubbers = []
    for k, rubber in enumerate(record.get("rubbers", []), start=1):
        holder = rubber["roles"]["S"]
        rubbers.append(
            {
                "lineup": task.lineup,
                "sitting": task.sitting,
                "rubber": k,
                "dummy_player": holder,
                "dummy_settlement": int(rubber["settlement"].get(holder, 0)),
            }
        )
    return {"rubbers": rubbers}


STUDIES: dict[str, Study] = {
    s.name: s
    for s in (
        Study(
            "mort-stakes",
            "mort",
            3,
            "Six is the smallest number of points that can be won or lost on a single game, and "
            "thirty-seven is probably the highest, although fifty, or even a hundred is not "
            "impossible. The average is about twelve.",
            "seed 000, STAKES (mort.md §8)",
            "Whole three-player tournées of Mort; every game's net value N (M-8) is recorded.",
            "mean game value",
            0.1,
            (Arm("as played"),),
            _mort_stakes,
            _stakes,
        ),
        Study(
            "mort-deal",
            "mort",
            3,
            "It is usual for Vivant to deal the first hand for himself, as the disadvantage of "
            "exposing fourteen cards is more than compensated for in compelling the adversary to "
            "open the game by leading up to an unknown hand … the deal is a disadvantage, "
            "especially for Mort.",
            "seed 000, DEALING (mort.md §3)",
            "The same tournées (paired seeds) played twice: every Vivant deals the first hand of "
            "his game for himself, then every Vivant deals it for Mort. Vivant's game value is "
            "compared game by game; the tricks V–M take are grouped by who dealt the hand.",
            "Vivant's game value, for himself − for Mort",
            0.25,
            (
                Arm("deals for himself", ("deal-for-self",) * 3),
                Arm("deals for Mort", ("deal-for-mort",) * 3),
            ),
            _mort_deal,
        ),
        Study(
            "mort-turn-up",
            "mort",
            3,
            "Mort offers even less opportunity to the greek than whist, as the deal is a "
            "disadvantage, and nothing is gained by turning up an honour, beyond its possession.",
            "seed 000, CHEATING (mort.md §3)",
            "Tournées of Mort; for every hand, whether the card turned up is an honour (A K Q J), "
            "how many trump honours the dealer's side held, and how many tricks it took. Within "
            "each number of honours held, hands with an honour turned are compared with hands "
            "with a low card turned.",
            "tricks an honour turned gains within strata",
            0.05,
            (Arm("as played"),),
            _mort_turn_up,
            _turn_ups,
        ),
        Study(
            "english-dummy-concealed",
            "english-dummy",
            3,
            "It is sometimes agreed that one player shall take dummy continuously, on condition "
            "that he concedes to his adversaries one point in each rubber … because it is an "
            "advantage to have the player's hand concealed.",
            "seed 003, English Dummy (english-dummy.md ED-2.6)",
            "Tournées of English Dummy with the dummy in rotation, and the same seeds with the "
            "lowest cutter keeping it continuously and conceding the point; each rubber's dummy "
            "player's settlement is recorded.",
            "dummy player's settlement a rubber, in rotation",
            0.1,
            (Arm("dummy in rotation"), Arm("continuous dummy", (), ("continuous",))),
            _english_concealed,
            _rubbers,
        ),
        Study(
            "bridge-for-three-declaration",
            "bridge-for-three",
            3,
            "In order to make this fair for both sides, it is usual to let the pone sort and "
            "declare on Dummy's cards, so that the dealer shall not see them until the first card "
            "is led.",
            "seed 002, Bridge for Three (bridge-for-three.md B3-4)",
            "Random deals solved double dummy in every strain, South dealing, North the Dummy, "
            "West leading; each strain is worth the dealer his odd tricks below less the "
            "adversaries' odd tricks above (trick values only). The dealer may pass (Dummy's "
            "schedule declares) or declare his own hand by the same schedule; a dealer who had "
            "seen Dummy's cards would take the better of the two.",
            "value of seeing Dummy, points a deal",
            0.25,
            (Arm("double dummy"),),
            _bridge_for_three,
            deal_tasks=_b3_tasks,
            deal_share=0.05,
        ),
        Study(
            "humbug-exchange",
            "humbug",
            2,
            "It is considered best for a player not finding four reasonably sure tricks in his "
            "hand to exchange … Beyond this there is little skill in the game.",
            "seed 003, Humbug Whist, Suggestions for good play (humbug.md)",
            "Rubbers of Humbug between a player who follows Foster's rule (P1) and the same "
            "player steered to exchange always, then never (P2), on the same seeds.",
            "rule player's settlement a rubber, against always exchanging",
            0.1,
            (
                Arm("always exchanges", ("", "always-exchange")),
                Arm("never exchanges", ("", "never-exchange")),
            ),
            _humbug_exchange,
        ),
    )
}


def rows_arms(study: Study) -> list[str]:
    return [a.label for a in study.arms]


def _tasks(study: Study, kind: str, sittings: int, seed: int, start: int = 0) -> list[SittingTask]:
    base = make_tasks(
        study.game, [[kind] * study.seats] * len(study.arms), sittings, seed, paired=True
    )
    return [
        replace(
            t,
            steer=study.arms[t.lineup].steer,
            options=study.arms[t.lineup].options,
            extract=study.extract,
        )
        for t in base
        if t.sitting >= start
    ]


def _collect(study: Study, results: list[dict[str, Any]]) -> dict[str, Rows]:
    rows: dict[str, Rows] = {}
    for result in results:
        label = study.arms[result["sitting"]["lineup"]].label
        for table, items in result.items():
            batch = items if isinstance(items, list) else [items]
            rows.setdefault(table, []).extend(batch)
            rows.setdefault(f"{table}:{label}", []).extend(batch)
    return rows


def run_study(
    name: str,
    *,
    deals: int,
    kind: str = "heuristic",
    seed: int = 1,
    out: Path,
    backend: str = "serial",
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Path:
    """Run the study ``name`` over about ``deals`` hands an arm and write its report under
    ``out``; returns the report's path. ``progress(done, total)`` follows the sittings."""
    study = STUDIES.get(name)
    if study is None:
        raise VivantError(f"unknown study {name!r}: choose one of {', '.join(STUDIES)}")
    if deals < 1:
        raise VivantError(f"a study needs at least one deal, not {deals}")
    if study.deal_tasks is not None:
        return _run_deals(study, deals, kind, seed, out, backend, workers, progress)
    pilot_n = 10
    pilot = run(_tasks(study, kind, pilot_n, seed), backend, workers=workers)
    hands_per_sitting = sum(r["sitting"]["hands"] for r in pilot) / len(pilot)
    sittings = max(pilot_n, math.ceil(deals / hands_per_sitting))
    done = [len(pilot)]
    total = sittings * len(study.arms)

    def tick(n: int) -> None:
        done[0] += n
        if progress is not None:
            progress(done[0], total)

    rest = run(
        _tasks(study, kind, sittings, seed, start=pilot_n), backend, workers=workers, progress=tick
    )
    results = sorted(pilot + rest, key=lambda r: (r["sitting"]["lineup"], r["sitting"]["sitting"]))
    out.mkdir(parents=True, exist_ok=True)
    findings = study.analyse(study, _collect(study, results), out, kind)
    path = out / f"{study.name}.md"
    scale = (
        f"Players: `{kind}` at every place. Arms: {', '.join(a.label for a in study.arms)}. "
        f"{sittings:,} sittings an arm (about {deals:,} deals an arm)"
    )
    path.write_text(_report(study, findings, scale, seed, deals, kind), encoding="utf-8")
    return path


def _run_deals(
    study: Study,
    deals: int,
    kind: str,
    seed: int,
    out: Path,
    backend: str,
    workers: int,
    progress: Callable[[int, int], None] | None,
) -> Path:
    assert study.deal_tasks is not None
    count = max(10, round(deals * study.deal_share))
    tasks: list[Task] = list(study.deal_tasks(count, seed))
    done = [0]

    def tick(n: int) -> None:
        done[0] += n
        if progress is not None:
            progress(done[0], count)

    results = run(
        tasks, backend, workers=workers, batch_size=max(1, count // (8 * workers)), progress=tick
    )
    out.mkdir(parents=True, exist_ok=True)
    findings = study.analyse(study, _collect(study, results), out, kind)
    path = out / f"{study.name}.md"
    scale = f"{count:,} deals, every strain solved double dummy ({study.deal_share:g} of --deals)"
    path.write_text(_report(study, findings, scale, seed, deals, kind), encoding="utf-8")
    return path


def deals_needed(sample: Sequence[float], half_width: float) -> int | None:
    """Observations a mean of this spread needs for a 95% interval of ``± half_width``."""
    stats = describe(sample)
    if stats["n"] < 2:
        return None
    sd = float(stats["ci95"]) / Z95 * math.sqrt(stats["n"])
    return math.ceil((Z95 * sd / half_width) ** 2)


def _report(study: Study, findings: Findings, scale: str, seed: int, deals: int, kind: str) -> str:
    """The Markdown report; ``scale`` says who played and how much."""
    needed = deals_needed(findings.main, study.target)
    lines = [
        f"# {study.name}",
        "",
        f"> {study.claim}",
        "",
        f"— Foster, *Complete Hoyle*; {study.source}.",
        "",
        "## Method",
        "",
        study.method,
        f"{scale}, master seed {seed}.",
        "",
        f"The main figure is the {study.main_figure}; for a 95% interval of ±{study.target:g} "
        + (
            f"it needs about {needed:,} observations at the spread measured here (this run has "
            f"{len(findings.main):,})."
            if needed is not None
            else "this run has too few observations to say how many it needs."
        ),
        "",
        "## Figures",
        "",
        "| measure | value (95% interval) |",
        "|---|---|",
        *(f"| {label} | {value} |" for label, value in findings.figures),
        "",
        "## Verdict",
        "",
        findings.verdict,
        "",
        "## Plots",
        "",
        *(f"![{p.stem}]({p.name})" for p in findings.plots if p.suffix == ".png"),
        "",
        "## Reproduce",
        "",
        f"    vivant study {study.name} --deals {deals} --players {kind} --seed {seed}",
        "",
    ]
    return "\n".join(lines)
