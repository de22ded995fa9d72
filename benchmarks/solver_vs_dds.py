"""Our double-dummy solver against DDS (endplay's bundled libdds, one thread), side by side.

Same deals, same run: ``--n`` random full deals (seed 20240601, as shared/bench/dds_ref.py) x 5
trumps, leader rotating; every DDS ``SolveBoard`` call is followed by ours on the same position, so
both see the same machine state, and every solve of ours is cold (table emptied first, inside the
timing), as DDS's are. Prints, for max-tricks and all-cards solves, the median and mean
of each and the ratio ours/DDS; then the 2-hand 13-card solve time, mid-game times (8 and 5 cards
per hand) and the peak RSS of a child process that runs only our solver over the same deals,
against the configured table size.

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
from typing import Any

from vivant.cards import CardSet
from vivant.solver import Position, Solver

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
    """Raw ctypes access to endplay's libdds SolveBoard (as dds_ref.py does)."""

    def __init__(self) -> None:
        import endplay._dds as dds

        self.dds = dds
        self.dll = dds._dll
        self.dll.SetMaxThreads.restype = None
        self.dll.SetMaxThreads(1)

    def solve(self, pos: Position, solutions: int) -> tuple[int, int]:
        """(elapsed ns, max tricks) of one SolveBoard call."""
        d = self.dds.deal()
        d.trump = pos.trump
        d.first = pos.leader
        for i in range(3):
            d.currentTrickSuit[i] = 0
            d.currentTrickRank[i] = 0
        for h in range(4):
            for s in range(4):
                d.remainCards[h][s] = ((pos.hands[h].mask >> (13 * s)) & 0x1FFF) << 2
        fut = self.dds.futureTricks()
        t0 = time.perf_counter_ns()
        rc = self.dll.SolveBoard(d, -1, solutions, 1, ctypes.byref(fut), 0)
        t1 = time.perf_counter_ns()
        if rc != 1:
            raise RuntimeError(f"DDS error {rc}")
        return t1 - t0, max(fut.score[i] for i in range(fut.cards))


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
    ap.add_argument("--rss-child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.rss_child:
        rss_child(args.n, args.tt_mb)
        return
    dds = DDS()
    ours = Solver(args.tt_mb)
    deals = gen_deals(SEED, args.n)
    report: dict[str, Any] = {"n_deals": args.n, "tt_mb": args.tt_mb}
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
        print(
            f"{kind:<11} n={len(a)}  DDS median {r['dds']['median_ms']:.2f} ms mean "
            f"{r['dds']['mean_ms']:.2f}  |  ours median {r['ours']['median_ms']:.2f} ms mean "
            f"{r['ours']['mean_ms']:.2f}  |  ratio of means {r['ratio_of_means']}  ratio of "
            f"medians {r['ratio_of_medians']}  mismatches {bad}",
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
    print("JSON " + json.dumps(report))


if __name__ == "__main__":
    main()
