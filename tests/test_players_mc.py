"""The Monte-Carlo player: reads only the view, deterministic for a seed, legal in every game."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from test_players import Checked, _alternative_deal
from vivant.actions import Action, Deal, Play
from vivant.cards import parse_card
from vivant.players import Player, find_player, play_sitting, step, who_acts
from vivant.players.dd import best_play, solver_position
from vivant.players.heuristic import HeuristicPlayer
from vivant.players.montecarlo import LEVELS, MonteCarloPlayer, Tally
from vivant.solver import Solver
from vivant.table import PLAY
from vivant.variants import find_variant
from vivant.variants.mort import MortTable
from vivant.views import View


def late_position(seed: int, tricks: int = 6) -> MortTable:
    """A three-player Mort table, heuristic play, stopped once ``tricks`` tricks are played."""
    rng = random.Random(seed)
    names = ["A", "B", "C"]
    players = {n: HeuristicPlayer(seed=i) for i, n in enumerate(names)}
    t = MortTable(names)
    while t.phase != PLAY:
        step(t, players, rng)
    while t.phase == PLAY and t.hand is not None and len(t.hand.tricks) < tricks:
        step(t, players, rng)
    return t


def card_decisions(seeds: range, tricks: int) -> Iterator[tuple[View, list[Action]]]:
    """The view and legal actions of the seat to act in :func:`late_position` for each seed,
    where it has a choice of card."""
    for seed in seeds:
        t = late_position(seed, tricks)
        turn = who_acts(t)
        if turn is None:
            continue
        legal = t.legal_actions(turn[0])
        if len([a for a in legal if isinstance(a, Play)]) > 1:
            yield t.view(turn[0]), legal


def test_levels_are_registered_and_named() -> None:
    for kind in ("mc-fast", "montecarlo", "mc-strong"):
        p = find_player(kind)(seed=1)
        assert isinstance(p, MonteCarloPlayer)
        assert isinstance(p, Player)
        assert p.kind == kind
        assert p.samples == LEVELS[kind].samples
    assert LEVELS["mc-fast"].samples < LEVELS["montecarlo"].samples < LEVELS["mc-strong"].samples


def test_choice_depends_only_on_what_the_view_shows() -> None:
    """Same view, different concealed cards (another deal the seat cannot tell apart): the same
    card, for a fixed seed, and the same estimated tricks."""
    compared = 0
    for seed in range(12):
        t = late_position(seed)
        if t.phase != PLAY:
            continue
        turn = who_acts(t)
        assert turn is not None
        seat = turn[0]
        alt = _alternative_deal(t, seat, random.Random(seed))
        if alt is None:
            continue
        log = list(t.log)
        k = max(i for i, a in enumerate(log) if isinstance(a, Deal))
        other = MortTable.replay(t.config(), [*log[:k], alt, *log[k + 1 :]])
        assert other.view(seat) == t.view(seat)
        assert other.hand is not None and t.hand is not None
        assert other.hand.hands != t.hand.hands
        a = MonteCarloPlayer(seed, samples=6, nodes=10**11)
        b = MonteCarloPlayer(seed, samples=6, nodes=10**11)
        ca = a.choose(t.view(seat), t.legal_actions(seat))
        cb = b.choose(other.view(seat), other.legal_actions(seat))
        assert ca == cb
        assert (a.last is None) == (b.last is None)
        if a.last is not None and b.last is not None:
            assert a.last.averages == b.last.averages
            compared += 1
    assert compared >= 3


def test_estimate_averages_every_legal_card() -> None:
    for seed in range(4):
        t = late_position(seed, tricks=7)
        turn = who_acts(t)
        if turn is None:
            continue
        seat = turn[0]
        legal = t.legal_actions(seat)
        p = MonteCarloPlayer(seed, samples=5, nodes=10**11)
        choice = p.choose(t.view(seat), legal)
        assert choice in legal
        if len(legal) > 1:
            assert p.last is not None
            assert p.last.samples == 5
            assert {a.card for a in legal if isinstance(a, Play)} == set(p.last.averages)
            best = max(p.last.averages.values())
            assert isinstance(choice, Play) and p.last.averages[choice.card] == best
            assert all(0 <= v <= 13 - 7 for v in p.last.averages.values())


def test_same_seed_same_sitting_and_kinds_in_the_record() -> None:
    def run() -> dict[str, object]:
        names = ["A", "B", "C"]
        players: dict[str, Player] = {
            "A": MonteCarloPlayer(1, samples=3, nodes=10**11, kind="mc-fast"),
            "B": HeuristicPlayer(2),
            "C": find_player("random")(seed=3),
        }
        return play_sitting(MortTable(names), players, random.Random(9), seed=9)

    first = run()
    assert first == run()
    assert first["kinds"] == {"A": "mc-fast", "B": "heuristic", "C": "random"}


GAMES = [("english-dummy", 3), ("double-dummy", 2), ("bridge-for-three", 3), ("thirteen", 2)]


@pytest.mark.parametrize(("game", "n"), [*GAMES, ("humbug", 2)])
def test_plays_legal_whole_hands_in_other_games(game: str, n: int) -> None:
    """Every decision of two hands of the game (play, exchange, declaration, doubling) is among
    the legal actions; the two-hand games are solved from the first trick."""
    cls = find_variant(game)
    names = [f"P{i}" for i in range(n)]
    t = cls(names)
    players = {
        p: Checked(MonteCarloPlayer(i, samples=3, nodes=10**11)) for i, p in enumerate(names)
    }
    if game in ("humbug", "thirteen"):  # rounds of worlds where cards lie out of play
        first = names[0]
        players[first] = Checked(MonteCarloPlayer(0, samples=9, prune_after=3, nodes=10**11))
    rng = random.Random(4)
    plays = 0
    while not t.is_over() and plays < 60:
        done = step(t, players, rng)
        plays += isinstance(done.action, Play)
    decisions = sum(sum(p.decisions.values()) for p in players.values())
    assert plays == 60 and decisions >= 60


@pytest.mark.parametrize("game", ["thirteen", "humbug"])
def test_two_hand_samples_agree_with_the_view(game: str) -> None:
    """In a two-hand game the sampled adversary's hand has his card count, avoids every card the
    seat has seen and every suit he has shown out of (the trick's second card is the other live
    hand's, TO-3), and the live hands never hold a turn-up that belongs to neither player (TO-2)."""
    from vivant.players.sampling import knowledge, sample_hands

    cls = find_variant(game)
    t = cls(["P0", "P1"])
    players = {n: HeuristicPlayer(i) for i, n in enumerate(t.players)}
    rng = random.Random(6)
    checked = 0
    while not t.is_over() and checked < 40:
        turn = who_acts(t)
        if turn is not None and t.phase == PLAY:
            view = t.view(turn[0])
            seen = view.visible_cards().mask
            k = knowledge(view)
            hands = sample_hands(view, random.Random(checked))
            for s in (0, 2):
                assert hands[s].bit_count() == view.hand_sizes[s]
                if s != view.seat:
                    assert not hands[s] & seen & ~k.known[s]  # a seen card only where seen
                    for x in range(4):
                        if k.voids[s] >> x & 1:
                            assert not hands[s] >> (13 * x) & 0x1FFF
            if view.turn_up is not None and view.turn_up_holder not in (0, 2):
                assert not (hands[0] | hands[2]) >> view.turn_up & 1
            assert not hands[0] & hands[2]
            checked += 1
        step(t, players, rng)
    assert checked == 40


def _tally_of(values: list[dict[int, float]]) -> Tally:
    tally = Tally()
    for v in values:
        tally.add(1.0, v)
    return tally


def test_a_card_ahead_in_every_world_or_equal_in_every_world_settles() -> None:
    """Adaptive sampling's rule: the leader ahead by a trick in every world is settled, as is a
    card equal to the leader in every world (the same card for the side); a lead that changes
    sign from world to world is not, until its mean is far enough ahead of its spread."""
    ahead = _tally_of([{1: 3.0, 2: 2.0, 3: 3.0}] * 4)
    assert ahead.settled(2.0)
    assert ahead.averages() == {1: 3.0, 2: 2.0, 3: 3.0}
    close = _tally_of([{1: 3.0, 2: 2.0}, {1: 2.0, 2: 3.0}] * 4 + [{1: 3.0, 2: 2.0}])
    assert not close.settled(2.0)
    mostly = _tally_of([{1: 3.0, 2: 2.0}] * 30 + [{1: 2.0, 2: 3.0}])
    assert mostly.settled(2.0)
    assert not Tally().settled(2.0)


def test_a_decision_left_to_few_worlds_by_their_weights_is_not_settled() -> None:
    """Sixteen worlds of which one outweighs the rest (inference weights) count as about one
    effective world: not settled on sixteen, though the same values equally weighted are."""
    values = [{1: 3.0, 2: 2.0}] * 15 + [{1: 2.0, 2: 3.0}]
    skewed = Tally()
    for k, v in enumerate(values):
        skewed.add(1.0 if k == 0 else 1e-4, v)
    assert skewed.effective() < 1.01
    assert not skewed.settled(2.0, 16)
    assert _tally_of(values).effective() == 16.0
    assert _tally_of(values).settled(2.0, 16)


def test_adaptive_sampling_stops_at_the_first_settled_world_and_not_before() -> None:
    """With ``min_samples`` below ``samples`` the player stops after the first world from which
    its tally is settled (not before ``min_samples``), else solves every world: checked against
    the same worlds (the same seed draws them) solved one by one by a fresh solver."""
    stopped = full = 0
    for seed, (view, legal) in enumerate(card_decisions(range(10), 4)):
        p = MonteCarloPlayer(seed, samples=24, min_samples=6, nodes=10**12)
        p.choose(view, legal)
        assert p.last is not None
        worlds, ws = MonteCarloPlayer(seed, samples=24, min_samples=6).worlds(view)
        solver = Solver(8)
        tally = Tally()
        for k, (hands, w) in enumerate(zip(worlds, ws, strict=True), start=1):
            tally.add(w, solver.card_values(solver_position(view, hands)))
            if k >= 6 and tally.settled(p.stop_z, 6):
                break
        assert p.last.samples == len(tally.worlds)
        assert p.last.averages == tally.averages()
        stopped += p.last.samples < 24
        full += p.last.samples == 24
    assert stopped and full


def test_same_seed_same_adaptive_estimate() -> None:
    """Adaptive sampling stays deterministic: the same seed and view give the same estimate."""
    t = late_position(3, tricks=2)
    turn = who_acts(t)
    assert turn is not None
    seat = turn[0]
    a = MonteCarloPlayer(7, min_samples=4)
    b = MonteCarloPlayer(7, min_samples=4)
    a.choose(t.view(seat), t.legal_actions(seat))
    b.choose(t.view(seat), t.legal_actions(seat))
    assert a.last == b.last


def test_equal_values_go_to_the_heuristics_card_else_the_lowest() -> None:
    """Among cards of equal value the heuristic's card is played when it is one of them, else
    the lowest (a tie costs nothing, and a low card keeps the high ones)."""
    sk, sq, s2, h3 = (parse_card(n) for n in ("SK", "SQ", "S2", "H3"))
    plays = [Play(0, c) for c in (sk, sq, s2, h3)]
    values = {sk: 2.0, sq: 2.0, s2: 2.0, h3: 1.0}
    assert best_play(values, plays, Play(0, sq)) == Play(0, sq)
    assert best_play(values, plays, Play(0, h3)) == Play(0, s2)
    assert best_play(values, plays, None) == Play(0, s2)


def test_the_player_breaks_ties_of_its_averages_by_the_heuristic() -> None:
    """In real decisions whose best average is shared by several cards, the Monte-Carlo player
    plays the heuristic's card whenever it is among them."""
    checked = 0
    for seed, (view, legal) in enumerate(card_decisions(range(16), 5)):
        p = MonteCarloPlayer(seed, samples=8, nodes=10**12)
        choice = p.choose(view, legal)
        if p.last is None:
            continue
        top = max(p.last.averages.values())
        best = {c for c, v in p.last.averages.items() if v == top}
        guide = HeuristicPlayer(seed).choose(view, legal)
        if len(best) > 1 and isinstance(guide, Play) and guide.card in best:
            assert choice == guide
            checked += 1
    assert checked


def test_a_decision_does_not_depend_on_the_decisions_before_it() -> None:
    """Each decision draws its worlds from its own random numbers: a player that decided
    something else first estimates a later view exactly as a fresh player of its seed."""
    early, late = late_position(6, tricks=3), late_position(6, tricks=5)
    ea, la = who_acts(early), who_acts(late)
    assert ea is not None and la is not None
    used = MonteCarloPlayer(4, samples=6, nodes=10**12)
    used.choose(early.view(ea[0]), early.legal_actions(ea[0]))
    fresh = MonteCarloPlayer(4, samples=6, nodes=10**12)
    used.choose(late.view(la[0]), late.legal_actions(la[0]))
    fresh.choose(late.view(la[0]), late.legal_actions(la[0]))
    assert used.last is not None and used.last == fresh.last


def test_a_lead_is_sampled_lead_scale_times_over() -> None:
    """``lead_scale``: where the seat to play opens a trick it draws and solves that many times
    its samples (the fewest samples and the budget scaled alike), at any other card its
    samples; without inference the lead's first worlds are the ones it draws unscaled (the
    same random numbers), so the extra worlds only add to them."""
    leads = follows = 0
    for seed in range(4):
        t = late_position(seed, tricks=8)
        while t.phase == PLAY and t.hand is not None and len(t.hand.tricks) == 8:
            turn = who_acts(t)
            assert turn is not None
            seat = turn[0]
            view, legal = t.view(seat), t.legal_actions(seat)
            plays = [a for a in legal if isinstance(a, Play)]
            if len(plays) > 1:
                p = MonteCarloPlayer(seed, samples=3, min_samples=3, lead_scale=3)
                p.choose(view, legal)
                assert p.last is not None
                lead = view.trick is None or not view.trick.cards
                assert p.last.samples == (9 if lead else 3)
                leads += lead
                follows += not lead
                if lead:
                    plain = MonteCarloPlayer(seed, samples=3, inference=False)
                    assert plain.worlds(view, 3)[0][:3] == plain.worlds(view)[0]
            t.apply(HeuristicPlayer(seed).choose(view, legal))
    assert leads and follows


def test_the_contenders_are_the_cards_not_clearly_behind_the_leader() -> None:
    """After a round of worlds the cards behind the leader by more than ``z`` standard errors
    are dropped; the leader, a card equal to it in every world and a close card stay; on fewer
    effective worlds than asked, every card stays. The cards valued by later worlds only are
    the ones to choose from, each averaged over the worlds that value it."""
    rounds = [{1: 3.0, 2: 1.0, 3: 3.0, 4: 2.0}, {1: 2.0, 2: 0.0, 3: 2.0, 4: 3.0}] * 4
    tally = _tally_of(rounds)
    assert tally.contenders(2.0, 8) == {1, 3, 4}
    assert tally.contenders(2.0, 9) == {1, 2, 3, 4}
    tally.add(1.0, {1: 1.0, 3: 1.0, 4: 3.0})
    assert tally.live() == {1: 21 / 9, 3: 21 / 9, 4: 23 / 9}
    assert tally.averages()[2] == 0.5


def test_rounds_solve_only_the_contenders_of_the_rounds_before() -> None:
    """With ``prune_after`` the worlds come in rounds: the first values every card, each later
    one only the cards still in contention, and a decision settled at the end of a round stops
    there. Checked against the same worlds solved whole by a fresh solver, rounds and
    contenders worked out from those values."""
    pruned = stopped = 0
    for seed, (view, legal) in enumerate(card_decisions(range(12), 2)):
        p = MonteCarloPlayer(seed, samples=18, prune_after=6, nodes=10**12, inference=False)
        p.choose(view, legal)
        assert p.last is not None
        worlds, ws = p.worlds(view)
        solver = Solver(8)
        full = [solver.card_values(solver_position(view, hands)) for hands in worlds]
        tally = Tally()
        cards = set(full[0])
        for start in range(0, 18, 6):
            for k in range(start, start + 6):
                tally.add(ws[k], {c: v for c, v in full[k].items() if c in cards})
            if tally.settled(p.stop_z, 6):
                break
            cards = set(tally.contenders(p.stop_z, 6))
        assert p.last.samples == len(tally.worlds)
        assert p.last.averages == tally.averages()
        pruned += len(tally.live()) < len(full[0]) and p.last.samples > 6
        stopped += p.last.samples < 18
    assert pruned and stopped


def test_no_thread_spends_more_than_its_share_of_the_budget() -> None:
    """The budget bounds each thread's nodes: a world that would overrun what its thread has
    left is abandoned, and with it that thread's later worlds; the worlds solved are the first
    of each thread's, valued as a whole solve values them."""
    view, _ = next(card_decisions(range(1, 9), 0))
    p = MonteCarloPlayer(1, kind="mc-strong", inference=False)
    worlds, _ = p.worlds(view)
    share = 1_500_000
    left = [share, share]
    got = dict(p._solve_all(view, worlds, left, None, whole_first=False))
    assert all(-100 <= x <= share for x in left) and min(left) < share // 4
    for k in (0, 1):
        mine = sorted(i for i in got if i % 2 == k)
        assert mine == list(range(k, 2 * len(mine), 2))
    assert 0 < len(got) < len(worlds)
    solver = Solver(8)
    for i, values in got.items():
        assert values == solver.card_values(solver_position(view, worlds[i]))
