"""The Monte-Carlo player's endgame judged by play: two settings paired where their cards differ.

Principle: the dd error of a duel values each card by the double-dummy value of the true deal
after it, as if the rest of the hand were played seeing every card; that is the very strategy
fusion the joint endgame search (:mod:`vivant.players.endgame`) removes, so it cannot show the
search's worth. Here the hand is played out instead. For deal ``i`` of the duels' seeds
(``duel/2026/i``) mc-fast (without the endgame) plays every hand; at each of its card decisions
with a choice, from ``--cards`` cards a hand down to two, the seat's card is chosen twice, by
``MonteCarloPlayer(seed, **a)`` and ``MonteCarloPlayer(seed, **b)`` with the same seed (the same
worlds). Where the cards differ, the hand is played out twice from there: the seat's side by
each setting, the other side by montecarlo without the endgame (its seed fixed), and the tricks
the seat's side takes from the decision on are counted. Printed: the decisions, those that
differ, and the paired difference A - B in tricks a differing decision with its 95% interval
(and the dd loss difference, for comparison).

Usage: ``python benchmarks/endgame.py --game humbug --cards 3 --deals 200 --a '{}'
--b '{"endgame_cards": 0}'``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from vivant.actions import Play
from vivant.cards import Seat
from vivant.cli.duel import dd_loss, deal_position, duel_seed, mean_ci
from vivant.players import Player, step, who_acts
from vivant.players.dd import DD_TT_MB, DoubleDummyPlayer, cards_in_hand
from vivant.players.montecarlo import MonteCarloPlayer
from vivant.solver import Solver
from vivant.table import PLAY, Table

SEED = 2026


def play_out(
    table: Table, name: str, ours: frozenset[Seat], mine: MonteCarloPlayer, seed: int, others: str
) -> int:
    """The tricks ``ours`` take from now to the end of the hand, ``name``'s seats played by
    ``mine`` and the others by ``others``: montecarlo without the endgame, or ``dd`` (seeing
    every card: the defence the joint search assumes)."""
    hand = table.hand
    assert hand is not None
    start = len(hand.tricks)
    rng = random.Random(seed)
    them: Player = (
        DoubleDummyPlayer().attach(table)
        if others == "dd"
        else MonteCarloPlayer(seed + 1, endgame_cards=0)
    )
    while table.hand is hand and table.phase == PLAY:
        turn = who_acts(table)
        if turn is None:
            step(table, {}, rng)
            continue
        seat, who = turn
        player = mine if who == name else them
        table.apply(player.choose(table.view(seat), table.legal_actions(seat), None))
    return sum(1 for t in hand.tricks[start:] if t.winner in ours)


def deal(
    game: str,
    i: int,
    cards: int,
    a: dict[str, Any],
    b: dict[str, Any],
    solver: Solver,
    others: str = "montecarlo",
) -> tuple[int, list[tuple[int, int]]]:
    """Deal ``i``: its decisions within reach, and for each that differs the tricks A - B and
    the dd loss A - B."""
    seed = duel_seed(SEED, i)
    cls, config, log = deal_position(game, seed)
    table = cls.replay(config, log)
    hand = table.hand
    rng = random.Random(seed)
    base = MonteCarloPlayer(seed, kind="mc-fast", endgame_cards=0)
    # A decision depends on the seed and the view alone: one pair serves the whole deal.
    pa, pb = MonteCarloPlayer(seed, **a), MonteCarloPlayer(seed, **b)
    decisions, differ = 0, []
    while table.hand is hand and hand is not None and table.phase == PLAY:
        turn = who_acts(table)
        if turn is None:
            step(table, {}, rng)
            continue
        seat, name = turn
        view, legal = table.view(seat), table.legal_actions(seat)
        plays = [x for x in legal if isinstance(x, Play)]
        if len(plays) > 1 and 2 <= cards_in_hand(view, plays[0].seat) <= cards:
            decisions += 1
            ca, cb = pa.choose(view, legal), pb.choose(view, legal)
            ours = pa.our_seats(view, plays[0].seat)
            if ca != cb and ours is not None and isinstance(ca, Play) and isinstance(cb, Play):
                won = [
                    play_out(cls.replay(config, table.log), name, ours, p, seed, others)
                    for p in (pa, pb)
                ]
                lost = [dd_loss(view, hand.hands, c, solver) or 0 for c in (ca, cb)]
                differ.append((won[0] - won[1], lost[0] - lost[1]))
        table.apply(base.choose(view, legal, None))
    return decisions, differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="humbug")
    parser.add_argument("--cards", type=int, default=3, help="decisions from this many cards")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--a", default="{}", help="setting A: MonteCarloPlayer keywords, JSON")
    parser.add_argument("--b", default='{"endgame_cards": 0}', help="setting B, likewise")
    parser.add_argument(
        "--others",
        choices=("montecarlo", "dd"),
        default="montecarlo",
        help="who plays the other side in the play-outs: montecarlo without the endgame, or "
        "dd, seeing every card (the defence the joint search assumes)",
    )
    args = parser.parse_args()
    a, b = json.loads(args.a), json.loads(args.b)
    solver = Solver(DD_TT_MB)
    start = time.process_time()
    decisions, differ = 0, []
    for i in range(args.deals):
        n, d = deal(args.game, i, args.cards, a, b, solver, args.others)
        decisions += n
        differ += d
    print(
        f"{args.game}, A {a} v B {b}, the other side {args.others}: {decisions} decisions from "
        f"{args.cards} cards a hand"
    )
    if len(differ) < 2:
        print(f"the cards differ at {len(differ)}: nothing to compare")
        return
    m, (lo, hi) = mean_ci([float(x) for x, _ in differ])
    dd = sum(y for _, y in differ)
    print(
        f"the cards differ at {len(differ)}: tricks A - B {m:+.3f} [{lo:+.3f}, {hi:+.3f}] a "
        f"differing decision; dd loss A - B {dd:+d} in all; {time.process_time() - start:.0f} "
        "CPU s"
    )


if __name__ == "__main__":
    main()
