"""Where a player loses its tricks: the dd error of its card decisions by trick, by place in
the trick and by role.

Principle: the dd error of a duel (``vivant duel``) is the sum over a hand's card decisions of
the tricks each card loses against the solver's best card on the true position
(``vivant.cli.duel.dd_loss``). This script plays one sitting of each deal of the duels' seeds
(``duel/2026/i``) with the same kind of player on both sides and sorts every measured loss by
the trick it falls in (1 to 13), the card's place in the trick (the lead, second, third or
fourth hand) and the role of the hand that plays it (the game's letters: Mort's V, M, R, L).
Printed: the mean loss a hand in each class, with its share of the whole; it tells whether the
tricks are lost where the concealed hands leave the player guessing (the leads of the first
tricks) or where more search would find them (the play later in the hand).

Usage: ``python benchmarks/dd_where.py --player montecarlo --deals 60 [--game mort] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from typing import Any

from vivant.actions import Play
from vivant.cli.duel import deal_position, duel_seed, mean_ci, play_sitting_of_deal
from vivant.players import find_player
from vivant.players.dd import DD_TT_MB
from vivant.solver import Solver
from vivant.views import View

SEED = 2026
PLACES = ("lead", "second", "third", "fourth")


def losses_of_deal(game: str, player: str, index: int, solver: Solver) -> list[dict[str, Any]]:
    """Every measured card decision of one sitting of deal ``index``: the deal, the trick, the
    card's place in it, the role of the hand that plays it and the tricks it lost."""
    seed = duel_seed(SEED, index)
    cls, config, log = deal_position(game, seed)
    make = find_player(player)
    found: list[dict[str, Any]] = []

    def observe(view: View, action: Play, lost: int) -> None:
        trick = len(view.tricks) + 1
        place = len(view.trick.cards) if view.trick is not None else 0
        found.append(
            {
                "deal": index,
                "trick": trick,
                "place": PLACES[place],
                "role": view.roles[action.seat],
                "lost": lost,
            }
        )

    play_sitting_of_deal(
        cls, config, log, (make(seed=seed), make(seed=seed + 1)), solver, observe=observe
    )
    return found


def table(rows: list[dict[str, Any]], deals: int, key: str, order: list[Any]) -> list[str]:
    """One class's lines: the mean loss a hand (both sides) and its share of the whole."""
    total = sum(r["lost"] for r in rows) or 1
    by = Counter[Any]()
    for r in rows:
        by[r[key]] += r["lost"]
    lines = [f"  {key:<7} {'tricks/hand':>12} {'share':>7}"]
    for k in order:
        lines.append(f"  {k!s:<7} {by[k] / deals:>12.3f} {100 * by[k] / total:>6.1f}%")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="mort")
    parser.add_argument("--player", default="montecarlo", help="the kind on both sides")
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.deals < 2:
        parser.error("--deals must be at least 2 (an interval needs two hands)")
    solver = Solver(DD_TT_MB)
    rows: list[dict[str, Any]] = []
    per_hand: list[float] = []
    start = time.process_time()
    for i in range(args.deals):
        found = losses_of_deal(args.game, args.player, i, solver)
        rows += found
        per_hand.append(sum(r["lost"] for r in found))
        print(f"\r{i + 1}/{args.deals} deals", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    mean, (lo, hi) = mean_ci(per_hand)
    if args.json:
        print(
            json.dumps(
                {
                    "game": args.game,
                    "player": args.player,
                    "deals": args.deals,
                    "dd_error_per_hand": mean,
                    "ci95": [lo, hi],
                    "decisions": rows,
                }
            )
        )
        return 0
    roles = sorted({r["role"] for r in rows})
    print(
        f"{args.game}, {args.player} on both sides, {args.deals} deals (seeds duel/{SEED}/i), "
        f"{time.process_time() - start:.0f} CPU s: dd error {mean:.3f} tricks a hand for both "
        f"sides together, 95% [{lo:.3f}, {hi:.3f}], over {len(rows)} card decisions"
    )
    for key, order in (("trick", list(range(1, 14))), ("place", list(PLACES)), ("role", roles)):
        print("\n".join(table(rows, args.deals, key, order)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
