"""Issue 19, the players: inference weights, the joint endgame, claims, threads, parallel duels.

Oracles: the solver (each world's double-dummy value), the heuristic players' own play (a world
that is the true deal of heuristic players is as likely as any under the heuristic model), and
hand-worked positions (the two-way finesse, where perfect-information Monte Carlo fuses
strategies and the joint search does not).
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

from vivant.actions import Play
from vivant.cards import FULL_PACK_MASK, SUIT_MASK, cards_of, parse_card
from vivant.cli.duel import deal_position, duel, duel_deal, duel_seed, play_sitting_of_deal
from vivant.players import find_player, step
from vivant.players.endgame import Endgame
from vivant.players.heuristic import Position as HeuristicPosition
from vivant.players.heuristic import choose_at
from vivant.players.inference import PlayModel, weights
from vivant.players.montecarlo import MonteCarloPlayer, effective, fast
from vivant.players.sampling import _by_room, all_hands, consistent, sample_hands
from vivant.solver import NOTRUMP, Position, Solver
from vivant.table import PLAY
from vivant.variants import find_variant
from vivant.variants.mort import MortTable
from vivant.views import View

STRENGTH = Path(__file__).resolve().parents[1] / "benchmarks" / "strength.py"


def mask(names: str) -> int:
    out = 0
    for n in names.split():
        out |= 1 << parse_card(n)
    return out


def mort_at(seed: int, cards: int) -> tuple[MortTable, int]:
    """A Mort hand played by heuristic players until the seat to act holds ``cards`` cards and
    has a choice of card."""
    t = MortTable(["P1", "P2", "P3", "P4"])
    players = {n: find_player("heuristic")(seed=1) for n in t.players}
    rng = random.Random(seed)
    while True:
        step(t, players, rng)
        seat = t.to_act()
        if seat is None or t.phase != PLAY or t.hand is None:
            continue
        v = t.view(seat)
        plays = [a for a in t.legal_actions(seat) if isinstance(a, Play)]
        if len(plays) > 1 and v.to_play is not None and v.hand_sizes[v.to_play] == cards:
            return t, seat


def two_way_finesse() -> list[list[int]]:
    """N A-J-3, S K-10-2 of spades, the other six spades (the queen among them) three and three
    between E and W: every split of them."""
    n, s = mask("SA SJ S3"), mask("SK ST S2")
    rest = ["SQ", "S9", "S8", "S7", "S6", "S5"]
    worlds = []
    for east in itertools.combinations(rest, 3):
        e = mask(" ".join(east))
        w = mask(" ".join(c for c in rest if c not in east))
        worlds.append([n, e, s, w])
    return worlds


def test_two_way_finesse_is_a_guess_for_the_joint_search() -> None:
    """Double dummy, every world gives N-S all three tricks (finesse the right way); no single
    line does: the joint search values every card at 2.5 (the queen is guessed half the time)
    and proves no claim."""
    worlds = two_way_finesse()
    solver = Solver(8)
    assert all(solver.tricks(Position.make(w, NOTRUMP, 0, ())) == 3 for w in worlds)
    game = Endgame((0, 1, 2, 3), frozenset({0, 2}), worlds, [1.0] * len(worlds), None, solver)
    values = game.card_values(0, 0, (), 3)
    assert values == {parse_card("SA"): 2.5, parse_card("SJ"): 2.5, parse_card("S3"): 2.5}
    assert not game.all_tricks_certain(0, 0, ())


def test_joint_search_of_one_world_is_the_solver() -> None:
    """With a single world there is nothing to fuse: the joint search, exact to the end, gives
    every card the solver's value, in positions from real play."""
    solver = Solver(8)
    for seed in range(4):
        t, _ = mort_at(seed, 3)
        assert t.hand is not None
        v = t.view(0)
        hands = list(t.hand.hands)
        trick = v.trick.cards if v.trick is not None and len(v.trick.cards) < 4 else ()
        leader = v.trick.leader if trick and v.trick is not None else v.to_play
        assert leader is not None
        game = Endgame((0, 1, 2, 3), frozenset({0, 2}), [hands], [1.0], v.trump, solver)
        to_play = v.to_play
        assert to_play is not None
        trump = NOTRUMP if v.trump is None else v.trump
        want = solver.card_values(Position.make(hands, trump, leader, trick))
        got = game.card_values(0, leader, trick, 3)
        left = v.hand_sizes[to_play]
        ours = to_play % 2 == 0
        assert got == {c: float(x if ours else left - x) for c, x in want.items()}


def test_true_deal_of_heuristic_players_is_most_likely() -> None:
    """The model is the heuristic's policy (second hand low, covering honours, third hand high,
    discards from weakness), so the true hands of heuristic players weigh as much as the
    likeliest sampled world — with almost no noise, weight 1: every card was the model's — and
    some worlds weigh less (their cards would not have been played from them)."""
    rng = random.Random(5)
    lowered = False
    for seed in range(4):
        t, seat = mort_at(seed, 6)
        assert t.hand is not None
        v = t.view(seat)
        worlds = [sample_hands(v, rng) for _ in range(40)]
        logs = PlayModel(noise=1e-9).log_weights(v, [list(t.hand.hands), *worlds])
        assert logs[0] > -1e-6
        assert max(logs[1:]) <= logs[0] + 1e-6
        lowered |= min(logs[1:]) < -10
    assert lowered


def test_a_followers_choice_reads_only_his_cards_of_the_suit_led() -> None:
    """The model's cache keeps a follower's choice by his cards of the suit led alone
    (``PlayModel._choice``): the maxims of following must then pick the same card from every
    hand that holds those cards, whatever else it holds. Checked at every follower's card of
    heuristic play in four games, against hands whose other suits are dealt anew."""
    rng = random.Random(11)
    checked = 0
    for game, n in (("mort", 4), ("english-dummy", 3), ("bridge-for-three", 3), ("duplicate", 4)):
        for seed in range(3):
            t = find_variant(game)(["P1", "P2", "P3", "P4"][:n])
            players = {p: find_player("heuristic")(seed=seed) for p in t.players}
            play_rng = random.Random(seed)
            while t.phase != PLAY:
                step(t, players, play_rng)
            while t.phase == PLAY and t.hand is not None:
                seat = t.to_act()
                v = t.view(seat) if seat is not None else None
                if (
                    v is not None
                    and v.trick is not None
                    and v.trick.cards
                    and v.to_play is not None
                ):
                    s = v.to_play
                    led = SUIT_MASK << (13 * (v.trick.cards[0] // 13))
                    hand = t.hand.hands[s]
                    if hand & led and (hand & led).bit_count() > 1:
                        at = HeuristicPosition.around(v, s)
                        legal = cards_of(hand & led)
                        want = choose_at(at.holding(hand), legal)
                        others = [
                            c for c in cards_of(FULL_PACK_MASK & ~led) if not at.played >> c & 1
                        ]
                        for _ in range(3):
                            other = hand & led | sum(
                                1 << c
                                for c in rng.sample(
                                    others, min(len(others), (hand & ~led).bit_count())
                                )
                            )
                            assert choose_at(at.holding(other), legal) == want
                            checked += 1
                step(t, players, play_rng)
    assert checked > 300


def test_the_weights_do_not_depend_on_what_the_model_weighed_before() -> None:
    """A world's weight is its own: weighed among others, in another order, or by a model that
    has just weighed the worlds of an earlier decision of the same hand (its cache kept), it is
    the same number to the last bit."""
    rng = random.Random(3)
    for seed in range(3):
        t, seat = mort_at(seed, 9)
        early = t.view(seat)
        worlds = [sample_hands(early, rng) for _ in range(12)]
        warm = PlayModel()
        first = warm.log_weights(early, worlds)
        assert first[::-1] == PlayModel().log_weights(early, worlds[::-1])
        assert [PlayModel().log_weights(early, [w])[0] for w in worlds] == first
        players = {n: find_player("heuristic")(seed=1) for n in t.players}
        step_rng = random.Random(seed)
        for _ in range(3):
            step(t, players, step_rng)
        seat2 = t.to_act()
        assert seat2 is not None
        later = t.view(seat2)
        more = [sample_hands(later, rng) for _ in range(12)]
        assert warm.log_weights(later, more) == PlayModel().log_weights(later, more)


def test_a_holder_is_drawn_by_room_as_random_choices_draws_it() -> None:
    """The sampler's draw of a holder in proportion to its room (``_by_room``) takes the holder
    ``random.choices`` takes with the same weights, from the same single random number."""
    for seed in range(2000):
        rng = random.Random(seed)
        holders = rng.sample(range(5), rng.randint(1, 5))
        room = {s: rng.randint(1, 13) for s in holders}
        a, b = random.Random(seed * 7), random.Random(seed * 7)
        assert _by_room(holders, room, a) == b.choices(holders, [room[s] for s in holders])[0]
        assert a.random() == b.random()


def test_claims_hold_in_every_world() -> None:
    """A claim (every remaining trick) or concession (none) holds in every world the view
    allows, by the solver; and claims are made in real play."""
    solver = Solver(8)
    made = 0
    for seed in range(8):
        t, seat = mort_at(seed, 3)
        v = t.view(seat)
        got = MonteCarloPlayer(1).claim(v)
        if got is None:
            continue
        made += 1
        every = all_hands(v, 256)
        assert every
        to_play = v.to_play
        assert to_play is not None
        for hands in every:
            assert consistent(v, hands)
            pos = Position.make(
                hands,
                NOTRUMP if v.trump is None else v.trump,
                (v.trick.leader if v.trick and len(v.trick.cards) < 4 else to_play),
                v.trick.cards if v.trick and len(v.trick.cards) < 4 else (),
            )
            best = max(solver.card_values(pos).values())
            assert best == got
    assert made


def test_claim_refused_on_a_guess() -> None:
    """The two-way finesse is not claimed though double dummy every world takes every trick."""
    worlds = two_way_finesse()
    game = Endgame((0, 1, 2, 3), frozenset({0, 2}), worlds, [1.0] * len(worlds), None, Solver(8))
    assert not game.all_tricks_certain(0, 0, ())
    top = [[mask("SA SK SQ"), mask("S9 S8 S7"), mask("HA HK HQ"), mask("H9 H8 H7")]]
    game = Endgame((0, 1, 2, 3), frozenset({0, 2}), top, [1.0], None, Solver(8))
    assert game.all_tricks_certain(0, 0, ())


def test_two_threads_decide_deterministically() -> None:
    """mc-strong solves on two threads, world j on solver j mod 2: the same seed and view give
    the same estimate every time."""
    t, seat = mort_at(2, 13)
    v: View = t.view(seat)
    legal = t.legal_actions(seat)
    a = MonteCarloPlayer(3, kind="mc-strong", nodes=3_000_000)
    b = MonteCarloPlayer(3, kind="mc-strong", nodes=3_000_000)
    assert a.threads == 2
    a.choose(v, legal)
    b.choose(v, legal)
    assert a.last is not None and b.last is not None
    assert a.last == b.last


def test_two_threads_solve_what_one_solves_within_the_budget() -> None:
    """Where the node budget is not reached the threads change only the time: mc-strong's two
    solvers, each taking every other world on its own, give the estimate one solver gives (the
    same worlds, each solved exactly, averaged in world order)."""
    t, seat = mort_at(4, 9)
    v: View = t.view(seat)
    legal = t.legal_actions(seat)
    two = MonteCarloPlayer(5, kind="mc-strong", samples=12, nodes=10**12)
    one = MonteCarloPlayer(5, kind="mc-strong", samples=12, nodes=10**12, threads=1)
    assert (two.threads, one.threads) == (2, 1)
    two.choose(v, legal)
    one.choose(v, legal)
    assert two.last is not None and one.last is not None
    assert two.last.samples == 12
    assert two.last == one.last


def test_duel_in_two_processes_equals_one() -> None:
    """``vivant duel --workers 2`` plays the same deals with the same outcomes."""
    one = duel("humbug", "heuristic", "random", 6, 4)
    two = duel("humbug", "heuristic", "random", 6, 4, workers=2)
    assert json.dumps(one.to_json()) == json.dumps(two.to_json())
    assert one.per_deal == two.per_deal


def test_strength_report_from_a_run(tmp_path: Path) -> None:
    """``benchmarks/strength.py`` plays every comparison of a game to the deals asked, saying
    how far it is, keeps each deal, and writes the table of dd errors and paired differences
    from them."""
    results, out = tmp_path / "r.jsonl", tmp_path / "strength.md"
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "strength.py"
    args = ["--games", "humbug", "--weakest", "mc-fast", "--no-ablations", "--deals", "2"]
    args += ["--workers", "1", "--results", str(results), "--out", str(out)]
    ran = subprocess.run([sys.executable, str(script), *args], check=True, capture_output=True)
    # Away from a terminal the run says what it has done in a line (at its end at least).
    said = ran.stderr.decode().splitlines()[-1]
    assert said.startswith("0 of 60 minutes: ") and "humbug montecarlo v mc-fast 2/2" in said
    lines = [json.loads(x) for x in results.read_text().splitlines()]
    assert sorted({r["key"] for r in lines}) == [
        "humbug mc-strong v montecarlo",
        "humbug montecarlo v mc-fast",
    ]
    assert len(lines) == 4
    text = out.read_text()
    assert "| humbug | montecarlo v mc-fast |" in text and "| 2 |" in text
    # The levels at a glance: a cell for each level the run measured, a dash for the others.
    row = next(x for x in text.splitlines() if x.startswith("| humbug | -"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[:3] == ["humbug", "-", "-"]
    assert cells[3].endswith("(2 v montecarlo, " + lines[0]["commit"] + ")")
    assert cells[4].endswith("(2 v mc-fast, " + lines[0]["commit"] + ")")
    assert cells[5].endswith("(2 v montecarlo, " + lines[0]["commit"] + ")")
    # How far each neighbouring levels' comparison is from 10,000 deals, and what the rest costs.
    section = text.split("## Toward 10,000 deals")[1]
    toward = next(x for x in section.splitlines() if x.startswith("| humbug | -"))
    cells = [c.strip() for c in toward.strip("|").split("|")]
    assert cells[:3] == ["humbug", "-", "-"]
    cpu = sum(r["seconds"] for r in lines if r["key"] == "humbug montecarlo v mc-fast") / 2
    assert cells[3] == f"2 ({9_998 * cpu / 3600:.1f} h more)"
    assert cells[4].startswith("2 (") and cells[4].endswith(" h more)")
    # The same at a glance as a picture, drawn beside the report and shown in it.
    picture = out.with_suffix(".svg")
    assert "![Each level's dd error a hand, game by game](strength.svg)" in text
    svg = ElementTree.fromstring(picture.read_text())
    marks = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}title")]
    assert [m.split(":")[0] for m in marks if m] == [
        "humbug, mc-fast",
        "humbug, montecarlo",
        "humbug, mc-strong",
    ]
    assert all(m and m.endswith((" deals v montecarlo", " deals v mc-fast")) for m in marks)


def strength_module() -> Any:
    """``benchmarks/strength.py``, imported (it is a script, not a package module)."""
    spec = importlib.util.spec_from_file_location("strength", STRENGTH)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("strength", mod)
    spec.loader.exec_module(mod)
    return mod


def played(game: str, commit: str, **extra: Any) -> dict[str, Any]:
    """A results line of ``game``'s heuristic v random played at ``commit`` (``extra``: fields
    added or overridden)."""
    return {
        "key": f"{game} heuristic v random", "game": game, "a": "heuristic", "b": "random",
        "seeds_by_side": False, "tricks": [8.0, 5.0], "points": [3, 1], "dd_error": [4, 2],
        "unit": "tricks", "seconds": 0.01, "commit": commit, **extra,
    }  # fmt: skip


def test_all_fours_rows_measured_in_tricks_stay_out_of_the_glance() -> None:
    """All Fours' dd error counts points since its cards are measured by its own search; the
    rows played before (no ``dd_unit``: tricks) are listed with their unit, and the levels at a
    glance take only the rows in points."""
    mod = strength_module()
    old = [played("all-fours", "aaaaaaa", unit="points") for _ in range(3)]
    new = [played("all-fours", "bbbbbbb", unit="points", dd_unit="points") for _ in range(2)]
    text = mod.report(old + new, "strength.py")
    assert "| all-fours | heuristic v random | aaaaaaa | 3 | tricks |" in text
    assert "| all-fours | heuristic v random | bbbbbbb | 2 | points |" in text
    glance = next(x for x in text.splitlines() if x.startswith("| all-fours | "))
    assert "(2 v random, bbbbbbb)" in glance and "aaaaaaa" not in glance


def test_deals_of_the_same_play_code_add_up_across_commits() -> None:
    """A row gathers the deals played by the same code that decides the cards, whatever the
    commit (a session that changed only the front ends resumes the last one's run); other play
    code is another row, and lines older than the digest keep their commit's row."""
    mod = strength_module()
    lines = [played("humbug", c, play=p) for c, p in (("aaaaaaa", "p1"), ("bbbbbbb", "p1"))]
    lines += [played("humbug", "ccccccc", play="p2"), played("humbug", "ddddddd")]
    text = mod.report(lines, "strength.py")
    assert "| humbug | heuristic v random | aaaaaaa, bbbbbbb | 2 | tricks |" in text
    assert "| humbug | heuristic v random | ccccccc | 1 | tricks |" in text
    assert "| humbug | heuristic v random | ddddddd | 1 | tricks |" in text
    assert "(2 v random, aaaaaaa, bbbbbbb)" in text


def test_the_play_code_digest_reads_the_cards_code_not_the_front_ends(tmp_path: Path) -> None:
    """``play_code`` changes with a player's, the solver's or the duel's code and not with the
    server's, the terminal's, the duel's command line's or the words', nor with a comment or a
    docstring anywhere."""
    mod = strength_module()
    root = tmp_path / "vivant"
    py = ("players/montecarlo.py", "cli/duel.py", "cli/play.py", "server/app.py", "describe.py")
    for name in (*py, "solver/dd_core.c", "server/static/table.js"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
    for name in py:
        (root / name).write_text(f'"""{name}."""\n\nSLACK = 0  # none\n')
    (root / "solver/dd_core.c").write_text('int slack = 0; /* none */\nchar *s = "/* kept */";\n')
    (root / "server/static/table.js").write_text("let slack = 0;\n")
    before = mod.play_code(root)
    for name in ("cli/play.py", "server/app.py", "describe.py"):
        (root / name).write_text("SLACK = 1\n")
    (root / "server/static/table.js").write_text("let slack = 1;\n")
    for name in ("players/montecarlo.py", "cli/duel.py"):  # the words around the code
        (root / name).write_text('"""Another docstring."""\n\n\nSLACK = 0  # another comment\n')
    with (root / "cli/duel.py").open("a") as duel:  # the duel's command line
        duel.write("def run(args: object) -> int:\n    return 0\n")
    (root / "solver/dd_core.c").write_text(
        '// a comment\nint  slack = 0;  /* another\n comment */\nchar *s = "/* kept */";\n'
    )
    assert mod.play_code(root) == before
    for name in ("players/montecarlo.py", "cli/duel.py"):
        (root / name).write_text("SLACK = 2\n")
        assert mod.play_code(root) != before
        before = mod.play_code(root)
    for text in ('int slack = 2;\nchar *s = "/* kept */";\n', 'int slack = 2;\nchar *s = "";\n'):
        (root / "solver/dd_core.c").write_text(text)
        assert mod.play_code(root) != before
        before = mod.play_code(root)


def test_the_issues_own_measure_is_a_comparison_of_mort() -> None:
    """Beside the neighbouring levels, ``benchmarks/strength.py`` duels montecarlo against the
    heuristic player in Mort (issue 19's measure of the Monte-Carlo player), once, and only
    when both levels are in the run."""
    mod = strength_module()
    keys = [c.key for c in mod.comparisons(["mort", "humbug"], False)]
    assert keys.count("mort montecarlo v heuristic") == 1
    assert "humbug montecarlo v heuristic" not in keys
    assert "mort montecarlo v mc-fast" in keys and len(keys) == 9
    assert "mort montecarlo v heuristic" not in [
        c.key for c in mod.comparisons(["mort"], False, "mc-fast")
    ]


def test_seeds_by_side_make_a_player_against_itself_an_exact_tie() -> None:
    """With seeds by side (common random numbers) a player duelled against an identical one
    plays both sittings alike: the same tricks and dd error on both sides, deal by deal; the
    ablations' differences are thus the ablated part's alone."""
    solver = Solver(8)
    for deal_seed in (11,):
        out = duel_deal("mort", fast, fast, deal_seed, solver, seeds_by_side=True)
        assert out.tricks[0] == out.tricks[1]
        assert out.dd_error[0] == out.dd_error[1]
        assert out.diff == 0


def test_a_larger_pool_keeps_likelier_worlds_where_the_weights_are_skewed() -> None:
    """With inference, worlds are drawn a batch at a time until the likeliest kept count as the
    fewest samples' worth of effective worlds: where the first batch does (the opening lead,
    nothing played: every weight 1) a pool of three keeps the same worlds as a pool of one;
    where it does not, the worlds kept are at least as likely, rank by rank."""
    t, seat = mort_at(1, 13)
    v = t.view(seat)
    one = MonteCarloPlayer(2, samples=12, min_samples=12, pool=1).worlds(v)
    three = MonteCarloPlayer(2, samples=12, min_samples=12, pool=3).worlds(v)
    assert one == three and one[1] == [1.0] * 12
    deeper = 0
    for seed in range(6):
        t, seat = mort_at(seed, 7)
        v = t.view(seat)
        worlds1, ws1 = MonteCarloPlayer(2, samples=12, min_samples=12, pool=1).worlds(v)
        worlds3, _ = MonteCarloPlayer(2, samples=12, min_samples=12, pool=3).worlds(v)
        model = PlayModel()
        logs1 = sorted(model.log_weights(v, worlds1), reverse=True)
        logs3 = sorted(model.log_weights(v, worlds3), reverse=True)
        assert all(consistent(v, w) for w in worlds3)
        assert all(b >= a - 1e-9 for a, b in zip(logs1, logs3, strict=True))
        deeper += effective(ws1) < 12 and logs3 != logs1
    assert deeper


def test_a_noisier_model_leaves_more_effective_worlds() -> None:
    """``noise`` (the player's setting, handed to its model of play) tempers the weights: the
    same worlds count as more effective worlds under a noisier model, over positions of
    heuristic play (a card against the model weighs ``noise / legal`` against the model's card's
    ``1 - noise + noise / legal``)."""
    sharp = tempered = 0.0
    for seed, cards in itertools.product(range(4), (10, 7)):
        t, seat = mort_at(seed, cards)
        v = t.view(seat)
        worlds, ws = MonteCarloPlayer(seed, samples=24, inference=False).worlds(v)
        assert ws == [1.0] * 24
        player = MonteCarloPlayer(seed, noise=0.6)
        assert player.model is not None and player.model.noise == 0.6
        sharp += effective(weights(PlayModel(0.3).log_weights(v, worlds)))
        tempered += effective(weights(player.model.log_weights(v, worlds)))
    assert tempered > sharp


def test_dd_where_sorts_every_loss_of_a_duels_sitting() -> None:
    """``benchmarks/dd_where.py`` finds every card decision the duel measures and the same loss:
    per deal, its decisions and their losses add up to the duel's own count and dd error of that
    sitting (both sides), and each falls in a trick, a place and a role of the game."""
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "dd_where.py"
    done = subprocess.run(
        [sys.executable, str(script), "--player", "heuristic", "--deals", "3", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    rows = json.loads(done.stdout)["decisions"]
    solver = Solver(16)
    for i in range(3):
        seed = duel_seed(2026, i)
        cls, config, log = deal_position("mort", seed)
        make = find_player("heuristic")
        sitting = play_sitting_of_deal(
            cls, config, log, (make(seed=seed), make(seed=seed + 1)), solver
        )
        mine = [r for r in rows if r["deal"] == i]
        assert len(mine) == sum(sitting.measured)
        assert sum(r["lost"] for r in mine) == sum(sitting.dd_error)
    assert {r["role"] for r in rows} == {"V", "M", "R", "L"}
    assert {r["place"] for r in rows} <= {"lead", "second", "third", "fourth"}
    assert all(1 <= r["trick"] <= 13 and r["lost"] >= 0 for r in rows)


def test_ablations_against_the_model_players_duel_a_third_player(tmp_path: Path) -> None:
    """The inference ablations against the model's own players (``against heuristic``): A and B
    each duel the heuristic player on the deal, and the row holds A's side of its duel and B's
    of its own, as the duels give them played on their own."""
    from vivant.players.montecarlo import MonteCarloPlayer

    results, out = tmp_path / "r.jsonl", tmp_path / "strength.md"
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "strength.py"
    only = "mc-fast v mc-fast-no-inference against,mc-fast v mc-fast-pool-1 against"
    args = ["--games", "mort", "--only", only, "--deals", "1", "--workers", "1"]
    args += ["--results", str(results), "--out", str(out)]
    subprocess.run([sys.executable, str(script), *args], check=True, capture_output=True)
    rows = {r["key"]: r for r in map(json.loads, results.read_text().splitlines())}
    key = "mort mc-fast v mc-fast-no-inference against heuristic"
    assert sorted(rows) == [key, "mort mc-fast v mc-fast-pool-1 against heuristic"]
    solver, seed = Solver(16), duel_seed(2026, 0)
    heuristic = find_player("heuristic")
    for i, inference in enumerate((True, False)):

        def make(seed: int | None = None, inference: bool = inference) -> MonteCarloPlayer:
            return MonteCarloPlayer(seed, kind="mc-fast", inference=inference)

        alone = duel_deal("mort", make, heuristic, seed, solver)
        assert rows[key]["tricks"][i] == alone.tricks[0]
        assert rows[key]["dd_error"][i] == alone.dd_error[0]
    assert f"| mort | {key[5:]} |" in out.read_text()


def humbug_at(seed: int, cards: int) -> tuple[View, list[Play]]:
    """A Humbug hand (two hands, the rest of the pack unseen) played by heuristic players until
    the seat to act holds ``cards`` cards and has a choice of card."""
    cls, config, log = deal_position("humbug", duel_seed(2026, seed))
    t = cls.replay(config, log)
    heuristic = find_player("heuristic")(seed=1)
    rng = random.Random(seed)
    while True:
        seat = t.to_act()
        if seat is None:
            step(t, {}, rng)
            continue
        v, legal = t.view(seat), t.legal_actions(seat)
        plays = [a for a in legal if isinstance(a, Play)]
        if t.phase == PLAY and len(plays) > 1 and v.hand_sizes[seat] == cards:
            return v, plays
        t.apply(heuristic.choose(v, legal, None))


def test_the_endgame_weighs_every_world_the_average_weighs() -> None:
    """At two cards a hand of a two-hand game nothing is left to fuse (after the seat's card
    the other's answers in each world, and the last trick plays itself), so the joint search
    must value each card as the weighted average of the worlds does, over the same worlds: all
    of them (it once kept the likeliest 16 of montecarlo's 40, and chose worse by play)."""
    compared = 0
    for seed in range(6):
        view, plays = humbug_at(seed, 2)
        joint = MonteCarloPlayer(seed, endgame_cards=3, min_samples=40).estimate(view, plays)
        average = MonteCarloPlayer(seed, endgame_cards=0, min_samples=40).estimate(view, plays)
        assert joint is not None and average is not None
        assert average.samples == 40
        assert joint.averages.keys() == average.averages.keys()
        for card, value in average.averages.items():
            assert abs(joint.averages[card] - value) < 1e-9
        compared += len(set(joint.averages.values())) > 1
    assert compared  # some position where the cards' values differ


def test_endgame_benchmark_pairs_only_the_decisions_that_differ(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``benchmarks/endgame.py`` plays a hand out only where the two settings choose different
    cards: a setting against itself (the same seed, the same worlds) never differs, while one
    world against forty does, and each such decision is played out twice to the end of the hand
    (its paired difference in tricks is bounded by the tricks left)."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from endgame import deal

    solver = Solver(16)
    same = {"kind": "mc-fast", "endgame_cards": 3}
    decisions, differ = deal("humbug", 0, 3, same, same, solver)
    assert decisions > 0 and differ == []
    found = []
    for i in range(4):
        _, d = deal(
            "humbug", i, 3, {"samples": 1, "endgame_cards": 0}, {"endgame_cards": 0}, solver
        )
        found += d
    assert found
    assert all(abs(tricks) <= 3 and abs(lost) <= 3 for tricks, lost in found)
    # Against the defence the joint search assumes: the other side plays seeing every card.
    versus_dd = deal("humbug", 0, 3, {"samples": 1}, {}, solver, others="dd")
    assert versus_dd[0] == decisions
    assert versus_dd[1] and all(abs(tricks) <= 3 for tricks, _ in versus_dd[1])
