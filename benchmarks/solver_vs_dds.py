"""Our double-dummy solver against DDS (endplay's bundled libdds 2.9, one thread), side by side.

Same deals, same run: ``--n`` random full deals (seed 20240601, as shared/bench/dds_ref.py) x 5
trumps, leader rotating; every DDS ``SolveBoard`` call is followed by ours on the same position, so
both see the same machine state, and every solve of ours is cold (table emptied first, inside the
timing), as DDS's are. Printed, each with the ratio ours/DDS (ratio of means = ratio of total
time) and the count of results that differ:

* full deals, max tricks and all cards;
* the hard tail: the full-deal max-tricks solves that DDS takes more than 10x its median for;
* 20-result tables: ours (one engine, shared across declarers and strains) against
  ``CalcDDtable`` at ``SetMaxThreads(1)``;
* the Monte-Carlo workload: decisions of whole Mort deals played by the heuristic players, each
  decision's ``--mc-samples`` sampled worlds (the montecarlo player's ``sample_hands``) solved for
  every card's value in a row, our table kept warm across the samples of a decision (emptied once
  before it), against DDS solving the same samples in one ``SolveAllBoardsBin`` batch on one
  thread; checked card by card;
* then the 2-hand 13-card solve time, mid-game times (8 and 5 cards per hand) and the peak RSS of
  a child process that runs only our solver over the same deals, against the table size.

The last lines are the three gated ratios side by side (full deals, hard tail, Monte-Carlo) and
a JSON report.

    .venv/bin/python benchmarks/solver_vs_dds.py            # 100 deals (slow)
    .venv/bin/python benchmarks/solver_vs_dds.py --n 10     # quicker
"""

from __future__ import annotations

import argparse
import ctypes
import json
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any

from vivant.actions import Action, CallCard
from vivant.cards import CardSet
from vivant.players import step
from vivant.players.dd import cards_in_hand, plays_of, solver_position
from vivant.players.heuristic import HeuristicPlayer
from vivant.players.sampling import sample_hands
from vivant.solver import Position, Solver
from vivant.variants.mort import MortTable
from vivant.views import View

SEED = 20240601


def gen_deals(seed: int, n: int) -> list[list[list[int]]]:
    """n deals as dds_ref.py makes them: hands[h] = sorted card ids of seat h."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = list(range(52))
        rng.shuffle(cards)
        out.append([sorted(cards[13 * h : 13 * h + 13]) for h in range(4)])
    return out


def mid_positions(seed: int, n: int, left: int) -> list[Position]:
    """Positions with `left` cards per hand reached by random legal play."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        cards = list(range(52))
        rng.shuffle(cards)
        hands = [sorted(cards[13 * h : 13 * h + 13]) for h in range(4)]
        trump, leader = i % 5, rng.randrange(4)
        for _ in range(13 - left):
            trick: list[int] = []
            for j in range(4):
                h = (leader + j) % 4
                legal = [c for c in hands[h] if trick and c // 13 == trick[0] // 13] or hands[h]
                c = rng.choice(legal)
                hands[h].remove(c)
                trick.append(c)
            best = 0
            for k in range(1, 4):
                a, b = trick[k], trick[best]
                if (a // 13 == b // 13 and a > b) or (a // 13 != b // 13 and a // 13 == trump):
                    best = k
            leader = (leader + best) % 4
        out.append(Position(tuple(CardSet(h) for h in hands), trump, leader))
    return out


class DDS:
    """Raw ctypes access to endplay's libdds (as dds_ref.py does): SolveBoard, SolveAllBoardsBin
    and CalcDDtable, one thread."""

    def __init__(self) -> None:
        import endplay._dds as dds

        self.dds = dds
        self.dll = dds._dll
        self.dll.SetMaxThreads.restype = None
        self.dll.SetMaxThreads(1)
        # DDS 2.9's DDSInfo is larger than endplay's declaration of it: a roomy buffer, of
        # which only the leading major, minor and patch numbers are read
        info = ctypes.create_string_buffer(8192)
        self.dll.GetDDSInfo(info)
        major, minor, patch = (ctypes.c_int * 3).from_buffer(info)
        self.version = f"{major}.{minor}.{patch}"

    def deal(self, pos: Position) -> Any:
        """The DDS deal of a 4-hand position (cards on the table in the current trick too)."""
        d = self.dds.deal()
        d.trump = pos.trump
        d.first = pos.leader
        for i in range(3):
            c = pos.trick[i] if i < len(pos.trick) else None
            d.currentTrickSuit[i] = 0 if c is None else c // 13
            d.currentTrickRank[i] = 0 if c is None else c % 13 + 2
        for h in range(4):
            for s in range(4):
                d.remainCards[h][s] = ((pos.hands[h].mask >> (13 * s)) & 0x1FFF) << 2
        return d

    def solve(self, pos: Position, solutions: int) -> tuple[int, int]:
        """(elapsed ns, max tricks) of one SolveBoard call."""
        d = self.deal(pos)
        fut = self.dds.futureTricks()
        t0 = time.perf_counter_ns()
        rc = self.dll.SolveBoard(d, -1, solutions, 1, ctypes.byref(fut), 0)
        t1 = time.perf_counter_ns()
        if rc != 1:
            raise RuntimeError(f"DDS error {rc}")
        return t1 - t0, max(fut.score[i] for i in range(fut.cards))

    def solve_all_boards(self, positions: list[Position]) -> tuple[int, list[dict[int, int]]]:
        """(elapsed ns, every card's value per position) of one SolveAllBoardsBin batch, all
        cards (solutions 3), one thread."""
        bo = self.dds.boards()
        bo.noOfBoards = len(positions)
        for i, pos in enumerate(positions):
            bo.deals[i] = self.deal(pos)
            bo.target[i] = -1
            bo.solutions[i] = 3
            bo.mode[i] = 1
        solved = self.dds.solvedBoards()
        t0 = time.perf_counter_ns()
        rc = self.dll.SolveAllBoardsBin(ctypes.byref(bo), ctypes.byref(solved))
        t1 = time.perf_counter_ns()
        if rc != 1:
            raise RuntimeError(f"DDS error {rc}")
        out = []
        for i in range(len(positions)):
            fut = solved.solvedBoard[i]
            vals: dict[int, int] = {}
            for k in range(fut.cards):
                suit, score = fut.suit[k], fut.score[k]
                vals[13 * suit + fut.rank[k] - 2] = score
                for r in range(2, 15):
                    if fut.equals[k] >> r & 1:
                        vals[13 * suit + r - 2] = score
            out.append(vals)
        return t1 - t0, out

    def table(self, hands: list[list[int]]) -> tuple[int, list[list[int]]]:
        """(elapsed ns, tricks[strain][leader] for the leader's side) of one CalcDDtable."""
        td = self.dds.ddTableDeal()
        for h in range(4):
            for s in range(4):
                td.cards[h][s] = sum(1 << (c % 13 + 2) for c in hands[h] if c // 13 == s)
        res = self.dds.ddTableResults()
        t0 = time.perf_counter_ns()
        rc = self.dll.CalcDDtable(td, ctypes.byref(res))
        t1 = time.perf_counter_ns()
        if rc != 1:
            raise RuntimeError(f"DDS error {rc}")
        # resTable[strain][declarer]: the declarer's LHO leads
        return t1 - t0, [
            [13 - res.resTable[s][(lead + 3) % 4] for lead in range(4)] for s in range(5)
        ]


class Recorder:
    """A heuristic player that keeps the view of each card decision it makes with a choice of
    cards, with the size of its hand then."""

    kind = "heuristic"

    def __init__(self, seed: int, decisions: list[tuple[int, View]]) -> None:
        self.inner = HeuristicPlayer(seed)
        self.decisions = decisions

    def choose(self, view: View, legal: Sequence[Action], default: Action | None = None) -> Action:
        plays = plays_of(legal)
        if len(plays) > 1:
            self.decisions.append((cards_in_hand(view, plays[0].seat), view))
        return self.inner.choose(view, legal, default)

    def call_card(self, view: View, calls: Sequence[CallCard]) -> CallCard | None:
        return self.inner.call_card(view, calls)


def mc_decisions(seed: int, deals: int, samples: int) -> list[list[Position]]:
    """The samples of Monte-Carlo decisions: Mort deals played by heuristic players; in each deal
    the first decision with a choice of cards at 13, 10, 7 and 4 cards a hand, and for each the
    ``samples`` worlds the montecarlo player would solve there (its own sampler)."""
    names = ["P1", "P2", "P3", "P4"]
    rng = random.Random(seed)
    out: list[list[Position]] = []
    while len(out) < 4 * deals:
        table = MortTable(list(names))
        rec: list[tuple[int, View]] = []
        players = {n: Recorder(seed + i, rec) for i, n in enumerate(names)}
        while not table.is_over() and not table.games:
            step(table, players, rng)
        wanted = {13, 10, 7, 4}
        last = 99
        for size, view in rec:
            if size > last:  # a new deal
                wanted = {13, 10, 7, 4}
            last = size
            if size in wanted and len(out) < 4 * deals:
                wanted.discard(size)
                out.append([solver_position(view, sample_hands(view, rng)) for _ in range(samples)])
    return out


def mc_workload(
    dds: DDS, ours: Solver, decisions: list[list[Position]], repeats: int = 1
) -> dict[str, Any]:
    """Each decision's samples: DDS in one batch, then ours in a row with the table kept warm
    (emptied once first, inside the timing); every card's value compared. With ``repeats``,
    each decision is timed so many times, the two in turn, and each keeps its fastest: a few
    decisions weigh most of the workload's time (its mean is ten times its median), so one
    disturbed run of one of them moved the ratio of means by 5% between runs."""
    a: list[int] = []
    b: list[int] = []
    bad = 0
    for samples in decisions:

        def run(ps: list[Position] = samples) -> list[dict[int, int]]:
            ours.clear()
            return [ours.card_values(p) for p in ps]

        ns_d = ns_o = 1 << 62
        for _ in range(repeats):
            took, want = dds.solve_all_boards(samples)
            ns_d = min(ns_d, took)
            took, got = timed(run)
            ns_o = min(ns_o, took)
            bad += sum(g != w for g, w in zip(got, want, strict=True))
        a.append(ns_d)
        b.append(ns_o)
    n = sum(len(x) for x in decisions)
    return {
        "decisions": len(decisions),
        "samples": n,
        "dds_ms_per_decision": stats(a),
        "ours_ms_per_decision": stats(b),
        "ratio_of_means": round(sum(b) / sum(a), 3),
        "mismatches": bad,
    }


def tables(dds: DDS, ours: Solver, deals: list[list[list[int]]]) -> dict[str, Any]:
    """20-result tables: CalcDDtable (one thread) against our lead table, cold each."""
    a: list[int] = []
    b: list[int] = []
    bad = 0
    for hands in deals:
        ns_d, want = dds.table(hands)
        cs = [CardSet(h) for h in hands]

        def run(h: list[CardSet] = cs) -> dict[int, dict[int, int]]:
            ours.clear()
            return ours.lead_table(h)

        ns_o, got = timed(run)
        a.append(ns_d)
        b.append(ns_o)
        bad += sum(got[s][ld] != want[s][ld] for s in range(5) for ld in range(4))
    return {
        "dds": stats(a),
        "ours": stats(b),
        "ratio_of_means": round(sum(b) / sum(a), 3),
        "mismatches": bad,
    }


def hard_tail(a: list[int], b: list[int]) -> dict[str, Any]:
    """The solves DDS takes more than 10x its median for: their count and ratio of means."""
    cut = 10 * statistics.median(a)
    hard = [i for i, x in enumerate(a) if x > cut]
    if not hard:
        return {"solves": 0, "ratio_of_means": None}
    return {
        "solves": len(hard),
        "dds_ms_threshold": round(cut / 1e6, 1),
        "dds_mean_ms": round(statistics.mean(a[i] for i in hard) / 1e6, 1),
        "ours_mean_ms": round(statistics.mean(b[i] for i in hard) / 1e6, 1),
        "ratio_of_means": round(sum(b[i] for i in hard) / sum(a[i] for i in hard), 3),
    }


def cold(solver: Solver, pos: Position, all_cards: bool) -> Any:
    """A cold solve: our table is emptied first (inside the timing), as DDS resets its own for
    every new deal; otherwise our solver would keep entries from the previous deal of the same
    trump, which DDS does not."""
    solver.clear()
    return solver.solve(pos, all_cards)


def timed(fn: Any) -> tuple[int, Any]:
    t0 = time.perf_counter_ns()
    r = fn()
    return time.perf_counter_ns() - t0, r


def stats(ns: list[int]) -> dict[str, float]:
    ms = [x / 1e6 for x in ns]
    return {"median_ms": round(statistics.median(ms), 3), "mean_ms": round(statistics.mean(ms), 3)}


def rss_child(n: int, tt_mb: float) -> None:
    """Child mode: solve the n deals x 5 trumps with our solver only; print the peak RSS."""
    solver = Solver(tt_mb)
    for s in range(5):
        for di, hands in enumerate(gen_deals(SEED, n)):
            solver.tricks(Position(tuple(CardSet(h) for h in hands), s, (di + s) % 4))
    # VmHWM (this process image's peak RSS); ru_maxrss can carry the parent's peak over the fork.
    rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    rss_kb = int(line.split()[1])
    except OSError:
        pass
    print(json.dumps({"peak_rss_mb": round(rss_kb / 1024, 1), "tt_mb": tt_mb}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--n", type=int, default=100, help="full deals (x 5 trumps)")
    ap.add_argument("--mid", type=int, default=100, help="mid-game positions per size")
    ap.add_argument("--tt-mb", type=float, default=64)
    ap.add_argument("--no-all-cards", action="store_true", help="skip the all-cards solves")
    ap.add_argument("--tables", type=int, default=20, help="deals of the 20-result tables")
    ap.add_argument("--mc-deals", type=int, default=5, help="Mort deals of the MC workload")
    ap.add_argument("--mc-samples", type=int, default=32, help="samples a decision")
    ap.add_argument(
        "--mc-repeats", type=int, default=3, help="times each decision is timed (the fastest kept)"
    )
    ap.add_argument("--rss-child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.rss_child:
        rss_child(args.n, args.tt_mb)
        return
    dds = DDS()
    ours = Solver(args.tt_mb)
    deals = gen_deals(SEED, args.n)
    report: dict[str, Any] = {"n_deals": args.n, "tt_mb": args.tt_mb, "dds_version": dds.version}
    print(f"DDS {dds.version} (endplay's libdds), one thread", flush=True)
    tail: dict[str, Any] = {}
    modes = [(1, False)] + ([] if args.no_all_cards else [(3, True)])
    for sol, all_cards in modes:
        a: list[int] = []
        b: list[int] = []
        bad = 0
        for s in range(5):
            for di, hands in enumerate(deals):
                pos = Position(tuple(CardSet(h) for h in hands), s, (di + s) % 4)
                ns_d, want = dds.solve(pos, sol)
                ns_o, got = timed(lambda p=pos, ac=all_cards: cold(ours, p, ac))
                a.append(ns_d)
                b.append(ns_o)
                bad += got.tricks != want
        kind = "all_cards" if all_cards else "max_tricks"
        r: dict[str, Any] = {"dds": stats(a), "ours": stats(b)}
        r["ratio_of_means"] = round(sum(b) / sum(a), 3)
        r["ratio_of_medians"] = round(statistics.median(b) / statistics.median(a), 3)
        r["mismatches"] = bad
        report[kind] = r
        if not all_cards:
            tail = hard_tail(a, b)
            report["hard_tail"] = tail
        print(
            f"{kind:<11} n={len(a)}  DDS median {r['dds']['median_ms']:.2f} ms mean "
            f"{r['dds']['mean_ms']:.2f}  |  ours median {r['ours']['median_ms']:.2f} ms mean "
            f"{r['ours']['mean_ms']:.2f}  |  ratio of means {r['ratio_of_means']}  ratio of "
            f"medians {r['ratio_of_medians']}  mismatches {bad}",
            flush=True,
        )
    if tail["solves"]:
        print(
            f"hard tail   {tail['solves']} solves DDS takes > {tail['dds_ms_threshold']} ms "
            f"(10x its median)  DDS mean {tail['dds_mean_ms']} ms  ours mean "
            f"{tail['ours_mean_ms']} ms  ratio of means {tail['ratio_of_means']}",
            flush=True,
        )
    tab = tables(dds, ours, deals[: args.tables])
    report["tables"] = tab
    print(
        f"20-result tables n={args.tables}  CalcDDtable {tab['dds']}  ours {tab['ours']}  "
        f"ratio of means {tab['ratio_of_means']}  mismatches {tab['mismatches']}",
        flush=True,
    )
    mc = mc_workload(dds, ours, mc_decisions(SEED, args.mc_deals, args.mc_samples), args.mc_repeats)
    report["monte_carlo"] = mc
    print(
        f"Monte-Carlo {mc['decisions']} decisions, {mc['samples']} samples  SolveAllBoardsBin "
        f"{mc['dds_ms_per_decision']}  ours warm {mc['ours_ms_per_decision']}  ratio of means "
        f"{mc['ratio_of_means']}  card mismatches {mc['mismatches']}",
        flush=True,
    )
    rng = random.Random(SEED)
    two: list[int] = []
    for i in range(20):
        cards = list(range(52))
        rng.shuffle(cards)
        pos = Position((CardSet(cards[:13]), CardSet(cards[13:26])), i % 5, 0)
        two.append(timed(lambda p=pos: cold(ours, p, True))[0])
    report["two_hand_13_all_cards"] = stats(two)
    print(f"2-hand 13 cards, all cards: {stats(two)}", flush=True)
    for left in (8, 5):
        pos_list = mid_positions(SEED + left, args.mid, left)
        a, b = [], []
        for p in pos_list:
            ns_d, want = dds.solve(p, 1)
            ns_o, got = timed(lambda p=p: cold(ours, p, False).tricks)
            a.append(ns_d)
            b.append(ns_o)
            assert got == want
        report[f"mid_{left}"] = {"dds": stats(a), "ours": stats(b)}
        print(f"mid-game {left} cards/hand: DDS {stats(a)}  ours {stats(b)}", flush=True)
    child = subprocess.run(
        [sys.executable, __file__, "--rss-child", "--n", str(args.n), "--tt-mb", str(args.tt_mb)],
        capture_output=True,
        text=True,
        check=True,
    )
    rss = json.loads(child.stdout.strip().splitlines()[-1])
    report["rss"] = rss
    print(
        f"peak RSS of our solver alone over the deals: {rss['peak_rss_mb']} MB "
        f"(table {rss['tt_mb']} MB; limit table + 50 MB)",
        flush=True,
    )
    print(
        f"RATIOS ours/DDS {dds.version} (ratio of means): full deals "
        f"{report['max_tricks']['ratio_of_means']}  |  hard tail {tail['ratio_of_means']} "
        f"({tail['solves']} solves)  |  Monte-Carlo workload {mc['ratio_of_means']} "
        f"({mc['samples']} samples)",
        flush=True,
    )
    print("JSON " + json.dumps(report))


if __name__ == "__main__":
    main()
