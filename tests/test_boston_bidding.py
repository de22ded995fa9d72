"""Boston: the Monte-Carlo player's call by sampling (players/boston_bidding.py) — a hand that
makes its tricks in every sampled deal is bid at its worth, a sure misère is called, no call is
ever one the auction refuses (BO-4.1, D-BO2), the same seed gives the same call, and a call
stays within its time; the solver's node budget that keeps it so.

Positions are dealt from explicit packs (test_boston's helpers): North deals, East is the eldest
and calls first; the card turned from the still pack makes the preferences (BO-3.2).
"""

from __future__ import annotations

import random
import time

import pytest

from test_boston import calls, cards, deal, formed
from vivant.actions import Elect
from vivant.cards import CardSet
from vivant.cli.duel import deal_position
from vivant.players import find_player
from vivant.players.boston_bidding import Caller, Contract, sample_tricks
from vivant.players.montecarlo import MonteCarloPlayer
from vivant.scoring.boston import BIDS_BY_NAME, TRICK_WORDS, Bid
from vivant.solver import NOTRUMP, Position, Solver
from vivant.variants.boston import BostonTable

N, E, S, W = 0, 1, 2, 3


def table_for(hand: str, turned: str = "S9") -> BostonTable:
    t = formed(shuffle_each_deal=True)
    deal(t, {E: cards(hand)}, turned=turned)
    assert t.to_act() == E
    return t


def call_of(t: BostonTable, player: MonteCarloPlayer) -> str:
    """The player's whole call for the seat due: a word, or a trick bid's number and class."""
    seat = t.to_act()
    assert seat is not None
    first = player.choose(t.view(seat), t.legal_actions(seat), t.default_action())
    assert isinstance(first, Elect) and first in t.legal_actions(seat)
    t.apply(first)
    if first.option not in TRICK_WORDS.values():
        return first.option
    second = player.choose(t.view(seat), t.legal_actions(seat), t.default_action())
    assert isinstance(second, Elect) and second in t.legal_actions(seat)
    t.apply(second)
    return f"{first.option}-{second.option}"


def test_thirteen_sure_tricks_bid_the_grand_slam_in_preference() -> None:
    """Every spade, spades first preference: thirteen tricks in every deal; the grand slam in
    preference pays most (W(13, 13) = 170 from each, BO-6.1, D-BO6)."""
    t = table_for("SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 S3 S2", turned="S9")
    assert BIDS_BY_NAME[call_of(t, MonteCarloPlayer(seed=1))] == Bid(tricks=13, klass="pref")


def test_a_sure_seven_is_not_undersold() -> None:
    """The seven top spades as trumps win seven tricks whatever the others hold, and the
    small cards lose: every sampled deal gives seven or more; a bid below seven is worth less
    with the same tricks (W(5, 7) = 13 < W(6, 7) = 16 < W(7, 7) = 18)."""
    hand = "SA SK SQ SJ ST S9 S8 H3 H2 D3 D2 C3 C2"
    t = table_for(hand, turned="S9")
    view = t.view(E)
    contract = Contract(Bid(tricks=7, klass="pref"), 0, E)
    sampled = sample_tricks(view, random.Random(4), [contract], (Solver(8), Solver(8)))
    assert sampled is not None
    assert min(sampled.tricks[contract.key]) >= 7
    bid = BIDS_BY_NAME[call_of(t, MonteCarloPlayer(seed=4))]
    assert bid.klass == "pref" and bid.tricks >= 7


def test_a_sure_misere_is_called() -> None:
    """The twos, threes and fours and a five: no trick bid reaches five tricks and the hand
    takes no trick in the sampled deals; a misère-type bid is called (BO-4.2)."""
    t = table_for("S5 S4 S3 S2 H4 H3 H2 D4 D3 D2 C4 C3 C2")
    bid = BIDS_BY_NAME[call_of(t, MonteCarloPlayer(seed=2))]
    assert bid.is_misere


def test_a_passed_player_calls_only_a_misere_and_a_hopeless_hand_passes() -> None:
    """D-BO2: after his pass East may only bid a misère; with a hand for a trick bid and none
    for a misère he passes again. A hand with neither passes at once."""
    t = table_for("SA SK SQ SJ ST S9 S8 HA HK DA DK CA CK")
    calls(t, "pass", "pass", "pass", "boston", "plain")  # East, South, West pass; North bids
    assert t.to_act() == E
    assert call_of(t, MonteCarloPlayer(seed=3)) == "pass"
    t = table_for("SA ST S7 S4 HJ H9 H6 DQ D8 D5 C9 C6 C2")
    assert call_of(t, MonteCarloPlayer(seed=3)) == "pass"


def test_whole_auctions_only_legal_calls_and_the_same_seed_the_same_calls() -> None:
    """Four Monte-Carlo players through the auctions of seeded deals: every call is among the
    table's legal actions (the table refuses any other), a trick bid only outranks the current
    one and never follows the caller's pass (BO-4.1, D-BO2); replayed with the same seeds, the
    same calls."""

    def auction(seed: int) -> list[tuple[int, str]]:
        t = formed(shuffle_each_deal=True)
        order = list(range(52))
        random.Random(seed).shuffle(order)
        deal(t, {s: order[13 * s : 13 * s + 13] for s in range(4)}, turned="H9")
        players = {s: MonteCarloPlayer(seed=seed + s) for s in range(4)}
        while t.phase == "declare":
            seat = t.to_act()
            assert seat is not None
            legal = t.legal_actions(seat)
            action = players[seat].choose(t.view(seat), legal, t.default_action())
            assert action in legal
            t.apply(action)
        made = [(str(c["seat"]), str(c["call"])) for c in t.view(N).extra.get("calls", ())]
        passed: set[str] = set()
        current: Bid | None = None
        for who, call in made:
            if call == "pass":
                passed.add(who)
                continue
            bid = BIDS_BY_NAME[call]
            assert bid.outranks(current)
            assert bid.is_misere or who not in passed
            current = bid
        return [("NESW".index(s), c) for s, c in made]

    seen = [auction(seed) for seed in range(3)]
    assert seen == [auction(seed) for seed in range(3)]
    assert any(c != "pass" for a in seen for _, c in a)


@pytest.mark.alone
def test_a_call_takes_about_a_second_at_most() -> None:
    """The search counts nodes (BID_NODES): the first call of seeded deals stays within a
    generous bound on a loaded machine (measured about 0.1 s, at most 0.2 s, unloaded)."""
    for seed in range(4):
        t = formed(shuffle_each_deal=True)
        order = list(range(52))
        random.Random(seed).shuffle(order)
        deal(t, {s: order[13 * s : 13 * s + 13] for s in range(4)})
        player = MonteCarloPlayer(seed=seed)
        begun = time.process_time()
        call_of(t, player)
        assert time.process_time() - begun < 3.0


def test_the_registry_gives_the_bidding_player() -> None:
    """Every Monte-Carlo level calls by sampling in Boston: its first call is its own Caller's,
    seeded by the player's seed (the same call as a Caller of that seed makes), not the
    rule-based one (the seven top spades: the heuristic bids five, "boston", the sampling
    seven); in another game it has no bidder."""
    t = table_for("SA SK SQ SJ ST S9 S8 H3 H2 D3 D2 C3 C2")
    view, legal = t.view(E), t.legal_actions(E)
    sampled = Caller(1).choose(view, legal)
    assert sampled != find_player("heuristic")(seed=1).choose(view, legal, t.default_action())
    for kind in ("mc-fast", "montecarlo", "mc-strong"):
        p = find_player(kind)(seed=1)
        assert isinstance(p, MonteCarloPlayer) and p.kind == kind
        assert p.choose(view, legal, t.default_action()) == sampled
        assert isinstance(p.bidders["boston"], Caller)
    cls, config, log = deal_position("mort", 1)
    table = cls.replay(config, log)
    seat = table.to_act()
    assert seat is not None
    p = MonteCarloPlayer(seed=1)
    assert p.bid(table.view(seat), table.legal_actions(seat)) is None and not p.bidders


def test_a_search_within_a_node_budget() -> None:
    """Solver.tricks_within: the exact figure when the budget suffices, ``None`` when it runs
    out, and the table emptied so that the next solves are exact again (one against three and
    misère positions, against a solver that never ran out)."""
    rng = random.Random(9)
    cut, fresh = Solver(4), Solver(4)
    ran_out = 0
    for i in range(24):
        order = list(range(52))
        rng.shuffle(order)
        hands = tuple(CardSet(sum(1 << c for c in order[13 * k : 13 * k + 7])) for k in range(4))
        misere = i % 2 == 1
        pos = Position(hands, NOTRUMP if misere else i % 4, i % 4, (), 1 << (i // 4 % 4), misere)
        exact = fresh.tricks(pos)
        cut.clear()
        small = cut.tricks_within(pos, 50)
        if small is None:
            ran_out += 1
            assert cut.nodes >= 50
        else:
            assert small == exact
        assert cut.tricks_within(pos, 10**9) == exact
        assert cut.tricks(pos) == exact
    assert ran_out > 0


def test_the_card_play_objective_is_the_settlement() -> None:
    """boston.card_values: in a trick bid each card is worth what each adversary pays the single
    player with the tricks the solver gives it (BO-6.1, BO-6.2), for him, and its negation for
    his adversaries; in a misère minus one for him if he would take a trick (BO-5.2) and plus
    one for them; read against trick_values (the solver's tricks) on the positions of whole
    hands within the horizon."""
    from vivant.players import boston
    from vivant.scoring.boston import trick_bid_value

    checked = {"trick": 0, "misere": 0}
    for seed in range(8):
        cls, config, log = deal_position("boston", seed)
        table = cls.replay(config, log)
        hand = table.hand
        assert hand is not None
        heuristic = find_player("heuristic")(seed=seed)
        while table.hand is hand and table.phase == "play":
            seat = table.to_act()
            assert seat is not None
            view = table.view(seat)
            legal = table.legal_actions(seat)
            worth = boston.card_values(view, list(hand.hands))
            tricks = boston.trick_values(view, list(hand.hands))
            contract = view.extra.get("contract", "misere-partout")
            if worth is not None and tricks is not None and contract != "misere-partout":
                bid = BIDS_BY_NAME[contract]
                single = "NESW".index(view.extra["bidder"])
                taken = view.won["NESW"[single]]
                left = view.hand_sizes[seat]
                for c, v in tricks[0].items():
                    side = -v if bid.is_misere else v
                    his = taken + (side if seat == single else left - side)
                    if bid.is_misere:
                        expected = -1.0 if his > 0 else 0.0
                    else:
                        expected = float(trick_bid_value(bid.tricks, int(his)))
                    assert worth[0][c] == (expected if seat == single else -expected)
                checked["misere" if bid.is_misere else "trick"] += 1
            table.apply(heuristic.choose(view, legal, None))
    assert checked["trick"] > 0 and checked["misere"] > 0
