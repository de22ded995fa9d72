"""Double-dummy solver: exactness against DDS vectors, a brute-force minimax, endplay; bad input."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vivant.cards import CardSet, parse_card
from vivant.errors import VivantError
from vivant.solver import (
    NOTRUMP,
    InvalidPositionError,
    Position,
    Solver,
    card_values,
    lead_tables,
    parse_deal,
    solve_many,
    tricks,
)

# DDS's results on 200 deals, copied unchanged from shared/bench/dd_vectors_200.json (made by
# shared/bench/dds_ref.py with DDS 2.9.0) so that a clone tests on its own.
VECTORS = Path(__file__).resolve().parent / "data" / "dd_vectors_200.json"
STRAINS = "SHDCN"
SEATS = "NESW"


@functools.cache
def vectors() -> dict[str, Any]:
    with VECTORS.open() as f:
        data: dict[str, Any] = json.load(f)
    return data


# --------------------------------------------------------------------------------------------
# Brute-force minimax (plain Python, no pruning), the oracle for small positions


def brute_force(hands: tuple[int, ...], trump: int, leader: int, trick: tuple[int, ...]) -> int:
    """Tricks for the side to move, the current trick included, by exhaustive minimax."""
    n = len(hands)

    @functools.cache
    def value(hs: tuple[int, ...], tl: int, tr: tuple[int, ...]) -> int:
        pl = (tl + len(tr)) % n
        hand = hs[pl]
        if not hand:
            return 0
        cards = [c for c in range(52) if hand >> c & 1]
        if tr:
            follow = [c for c in cards if c // 13 == tr[0] // 13]
            cards = follow or cards
        left = hand.bit_count()
        best = 0
        for c in cards:
            nh = list(hs)
            nh[pl] &= ~(1 << c)
            nt = (*tr, c)
            if len(nt) == n:
                wi = 0
                for i in range(1, n):
                    a, b = nt[i], nt[wi]
                    if a // 13 == b // 13:
                        if a > b:
                            wi = i
                    elif a // 13 == trump:
                        wi = i
                w = (tl + wi) % n
                rest = value(tuple(nh), w, ())
                v = 1 + rest if w % 2 == pl % 2 else left - 1 - rest
            else:
                r = value(tuple(nh), tl, nt)
                v = r if (pl + 1) % 2 == pl % 2 else left - r
            best = max(best, v)
        return best

    return value(tuple(hands), leader, tuple(trick))


@st.composite
def small_positions(draw: st.DrawFn) -> Position:
    """Random small positions: 4 hands of 1-3 cards or 2 hands of 1-5, often mid-trick."""
    nhands = draw(st.sampled_from([2, 4]))
    k = draw(st.integers(1, 3 if nhands == 4 else 5))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [cards[i * k : (i + 1) * k] for i in range(nhands)]
    leader = draw(st.integers(0, nhands - 1))
    trump = draw(st.integers(0, NOTRUMP))
    played: list[int] = []
    for j in range(draw(st.integers(0, nhands - 1))):
        seat = (leader + j) % nhands
        legal = hands[seat]
        if played:
            legal = [c for c in hands[seat] if c // 13 == played[0] // 13] or hands[seat]
        c = rng.choice(sorted(legal))
        hands[seat].remove(c)
        played.append(c)
    return Position(tuple(CardSet(h) for h in hands), trump, leader, tuple(played))


@settings(max_examples=800, deadline=None)
@given(small_positions())
def test_equals_brute_force_minimax(pos: Position) -> None:
    masks = tuple(h.mask for h in pos.hands)
    want = brute_force(masks, pos.trump, pos.leader, pos.trick)
    assert tricks(pos) == want
    values = card_values(pos)
    assert set(values) == set(pos.legal_cards())
    assert max(values.values()) == want
    for c, v in values.items():
        child = list(masks)
        child[pos.to_move] &= ~(1 << c)
        trick = (*pos.trick, c)
        n = len(masks)
        if len(trick) < n:
            r = brute_force(tuple(child), pos.trump, pos.leader, trick)
            nxt = (pos.to_move + 1) % n
            assert v == (r if nxt % 2 == pos.to_move % 2 else pos.tricks_left - r)


@settings(max_examples=200, deadline=None)
@given(st.lists(small_positions(), min_size=6, max_size=6), st.integers(0, NOTRUMP))
def test_one_solver_kept_across_positions_of_one_trump(positions: list[Position], t: int) -> None:
    """The table is kept between solves while the trump stays the same (its entries hold for
    every position with their lengths and pinned owners, whatever the deal): one solver, many
    unrelated positions in a row, each equal to the brute force."""
    solver = Solver(1)
    for p in positions:
        pos = Position(p.hands, t, p.leader, p.trick)
        masks = tuple(h.mask for h in pos.hands)
        want = brute_force(masks, t, pos.leader, pos.trick)
        assert solver.tricks(pos) == want
        assert max(solver.card_values(pos).values()) == want


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(small_positions(), st.integers(0, NOTRUMP)), min_size=8, max_size=8))
def test_one_solver_kept_across_strains(cases: list[tuple[Position, int]]) -> None:
    """The table is kept when the trump changes too: its entries are keyed on the strain in
    play (no-trump once no trump is left), so a suit's entries never answer for another strain
    while trumps remain. One solver, unrelated positions of mixed strains in a row, each equal to
    the brute force."""
    solver = Solver(1)
    for p, t in cases:
        pos = Position(p.hands, t, p.leader, p.trick)
        want = brute_force(tuple(h.mask for h in pos.hands), t, pos.leader, pos.trick)
        assert solver.tricks(pos) == want
        assert max(solver.card_values(pos).values()) == want


# --------------------------------------------------------------------------------------------
# DDS oracle vectors


@pytest.mark.parametrize("kind", ["k8", "k8_midtrick", "k5", "k5_midtrick", "k2", "k2_midtrick"])
def test_mid_game_positions_equal_dds(kind: str) -> None:
    positions = [p for p in vectors()["positions"] if p["id"].rsplit("-", 1)[0] == kind]
    assert len(positions) == 100
    solver = Solver(16)
    for p in positions:
        pos = Position.from_pbn(p["hands"], p["trump"], p["trick_leader"], p["current_trick"])
        assert SEATS[pos.to_move] == p["to_move"]
        want = {parse_card(c): v for c, v in p["card_scores"].items()}
        assert solver.card_values(pos) == want, p["id"]
        assert solver.tricks(pos) == p["max_tricks"], p["id"]


@pytest.mark.alone  # both cores
def test_every_full_deal_result_equals_dds() -> None:
    """All 200 deals x 20 (trump, leader) results of the vector file, through the table entry
    point on both cores (about 80 s on this 2-core machine)."""
    deals = vectors()["deals"]
    tables = lead_tables([parse_deal(d["pbn"]) for d in deals], threads=2, tt_mb=32)
    wrong = [
        (
            d["id"],
            STRAINS[s],
            SEATS[seat],
            table[s][seat],
            d["lead_tricks"][STRAINS[s]][SEATS[seat]],
        )
        for d, table in zip(deals, tables, strict=True)
        for s in range(5)
        for seat in range(4)
        if table[s][seat] != d["lead_tricks"][STRAINS[s]][SEATS[seat]]
    ]
    assert len(deals) == 200
    assert wrong == []


def test_lead_table_equals_dds_on_an_endgame_deal() -> None:
    # The table entry point (TT kept across leaders) on 5-card hands cut from a vector position.
    p = next(p for p in vectors()["positions"] if p["id"].startswith("k5-"))
    hands = parse_deal(p["hands"])
    table = lead_tables([hands], threads=1, tt_mb=8)[0]
    solver = Solver(8)
    for s in range(5):
        for seat in range(4):
            assert table[s][seat] == solver.tricks(Position(hands, s, seat))


@pytest.mark.alone  # both cores
def test_every_opening_lead_score_equals_dds() -> None:
    """The 500 opening-lead score sets (every legal lead's tricks, 13 cards a hand) of the vector
    file, through the batch entry point on both cores (about 50 s)."""
    entries = [(d, e) for d in vectors()["deals"] for e in d.get("opening_lead_scores", [])]
    positions = [Position.from_pbn(d["pbn"], e["trump"], e["leader"]) for d, e in entries]
    got = solve_many(positions, all_cards=True, threads=2, tt_mb=32)
    wrong = [
        (d["id"], e["trump"], e["leader"])
        for (d, e), sol in zip(entries, got, strict=True)
        if sol.cards != {parse_card(c): v for c, v in e["card_scores"].items()}
        or sol.tricks != max(e["card_scores"].values())
    ]
    assert len(entries) == 500
    assert wrong == []


# --------------------------------------------------------------------------------------------
# endplay (DDS) on random mid-game positions


def test_equals_endplay_on_random_mid_game_positions() -> None:
    dds = pytest.importorskip("endplay.dds")
    from endplay.types import Deal, Denom, Player

    rng = random.Random(20261130)
    denoms = [Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs, Denom.nt]
    positions = []
    for i in range(60):
        cards = list(range(52))
        rng.shuffle(cards)
        k = 4 + i % 3
        hands = [cards[13 * h : 13 * h + k] for h in range(4)]
        leader = rng.randrange(4)
        trump = rng.randrange(5)
        played: list[int] = []
        for j in range(rng.randrange(4)):
            seat = (leader + j) % 4
            legal = [c for c in hands[seat] if played and c // 13 == played[0] // 13]
            c = rng.choice(sorted(legal or hands[seat]))
            hands[seat].remove(c)
            played.append(c)
        positions.append(Position(tuple(CardSet(h) for h in hands), trump, leader, tuple(played)))
    ours = solve_many(positions, all_cards=True, threads=2, tt_mb=8)
    for pos, sol in zip(positions, ours, strict=True):
        held = [h.mask for h in pos.hands]
        for j, c in enumerate(pos.trick):
            held[(pos.leader + j) % 4] |= 1 << c
        deal = Deal("N:" + " ".join(CardSet(m).pbn() for m in held))
        deal.trump = denoms[pos.trump]
        deal.first = Player(pos.leader)
        for c in pos.trick:
            deal.play(f"{'SHDC'[c // 13]}{'23456789TJQKA'[c % 13]}")
        want = {}
        for card, score in dds.solve_board(deal):
            name = str(card)
            want[parse_card(name[-1] + name[:-1] if name[0] not in "SHDC" else name)] = score
        assert sol.cards == want


# --------------------------------------------------------------------------------------------
# Consistency and batch


def test_card_values_consistent_with_max_tricks() -> None:
    rng = random.Random(7)
    solver = Solver(16)
    for _ in range(40):
        cards = list(range(52))
        rng.shuffle(cards)
        k = rng.randint(3, 7)
        hands = tuple(CardSet(cards[13 * h : 13 * h + k]) for h in range(4))
        pos = Position(hands, rng.randrange(5), rng.randrange(4))
        values = solver.card_values(pos)
        assert set(values) == set(pos.legal_cards())
        assert max(values.values()) == solver.tricks(pos)


@settings(max_examples=300, deadline=None)
@given(small_positions(), st.integers(0, 2**32 - 1))
def test_card_values_of_some_cards_equal_those_of_every_card(pos: Position, seed: int) -> None:
    """Asked for some legal cards, the solver values those (and cards equivalent to them, of the
    same suit in the same hand) exactly as when it values every card, and no other card."""
    rng = random.Random(seed)
    every = Solver(4).card_values(pos)
    legal = sorted(pos.legal_cards())
    asked = rng.sample(legal, rng.randint(1, len(legal)))
    some = Solver(4).card_values(pos, asked)
    assert set(asked) <= set(some)
    assert all(some[c] == every[c] for c in some)
    hand = pos.hands[pos.to_move]
    for c in set(some) - set(asked):
        assert c in hand and any(a // 13 == c // 13 for a in asked)
    assert Solver(4).card_values(pos, legal) == every


def test_card_values_of_no_legal_card_are_refused() -> None:
    """Cards asked for that the seat cannot play now leave nothing to value: refused."""
    cards = list(range(52))
    hands = tuple(CardSet(cards[13 * h : 13 * h + 2]) for h in range(4))
    pos = Position(hands, NOTRUMP, 0)
    others = [c for c in range(52) if c not in pos.legal_cards()]
    with pytest.raises(InvalidPositionError, match="none of the cards"):
        Solver(4).card_values(pos, others[:3])


def test_card_values_within_a_node_limit() -> None:
    """Within enough nodes the values are those of an unlimited search, for every card or for
    some; within too few the answer is ``None``, the nodes spent stop at about the limit, and
    the table emptied by the cut-short search leaves the next answer exact."""
    rng = random.Random(11)
    cards = list(range(52))
    rng.shuffle(cards)
    pos = Position(tuple(CardSet(cards[13 * h : 13 * h + 9]) for h in range(4)), 1, 2)
    every = Solver(8).card_values(pos)
    solver = Solver(8)
    assert solver.card_values_within(pos, 10**9) == every
    spent = solver.nodes
    solver.clear()
    assert solver.card_values_within(pos, spent // 3) is None
    assert spent // 3 <= solver.nodes <= spent // 3 + 100
    assert solver.card_values(pos) == every
    some = sorted(pos.legal_cards())[:2]
    found = solver.card_values_within(pos, 10**9, some)
    assert found is not None and set(some) <= set(found)
    assert all(every[c] == v for c, v in found.items())
    with pytest.raises(ValueError, match="at least 1"):
        solver.card_values_within(pos, 0)


def test_solve_many_matches_single_solves_in_order() -> None:
    rng = random.Random(3)
    positions = []
    for _ in range(30):
        cards = list(range(52))
        rng.shuffle(cards)
        hands = tuple(CardSet(cards[13 * h : 13 * h + 5]) for h in range(4))
        positions.append(Position(hands, rng.randrange(5), rng.randrange(4)))
    batch = solve_many(positions, threads=2)
    assert [s.tricks for s in batch] == [tricks(p) for p in positions]


def test_two_hand_thirteen_cards() -> None:
    rng = random.Random(13)
    cards = list(range(52))
    rng.shuffle(cards)
    pos = Position((CardSet(cards[:13]), CardSet(cards[13:26])), 2, 0)
    values = card_values(pos)
    assert len(values) == 13
    assert 0 <= max(values.values()) == tricks(pos) <= 13


def test_small_table_tt_still_exact() -> None:
    d = vectors()["positions"][0]
    pos = Position.from_pbn(d["hands"], d["trump"], d["trick_leader"], d["current_trick"])
    assert Solver(1).tricks(pos) == d["max_tricks"]


# --------------------------------------------------------------------------------------------
# Bad input: a clear ValueError from the facade, before any C runs


GOOD = "N:AKQ... .AKQ.. ..AKQ. ...AKQ"


@pytest.mark.parametrize(
    ("deal", "trump", "leader", "trick", "message"),
    [
        ("N:AKQ... .AKQ.. ..AKQ. ...AK", "S", "N", [], "should hold"),
        ("N:AKQ... .AKQ.. ..AKQ. ...AKQJ", "S", "N", [], "should hold"),
        ("N:AKQ... AKQ... ..AKQ. ...AKQ", "S", "N", [], "twice"),
        (GOOD, "S", "N", ["SA"], "also in a hand"),
        ("N:KQ... .AKQ.. ..AKQ. ...AKQ", "S", "N", ["SA", "SA"], "also earlier"),
        ("N:KQ... .KQ.. ..KQ. ...KQ", "S", "N", ["SA", "HA", "DA", "CA"], "at most 3"),
        ("N:KQ... .KQJ.. ..AKQ. ...AKQ", "S", "N", ["SA", "HA"], "should hold"),
        ("N:KQ... .KQ2.. ..AKQ. ...AKQ", "S", "N", ["SA", "H3"], "should hold"),
        ("N:AKQ... .AKQ.. ..AKQ. ...AKQ", "X", "N", [], "invalid trump"),
        ("N:... ... ... ...", "S", "N", [], "no card left"),
    ],
)
def test_bad_positions_raise_value_error(
    deal: str, trump: str, leader: str, trick: list[str], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Position.from_pbn(deal, trump, leader, trick)


def test_revoke_in_current_trick_is_refused() -> None:
    with pytest.raises(InvalidPositionError, match="revoke"):
        Position.from_pbn("N:KQ... 2.K.. ..AKQ. ...AKQ", "NT", "N", ["SA", "HA"])


def test_bad_seats_and_trumps() -> None:
    hands = parse_deal(GOOD)
    with pytest.raises(InvalidPositionError, match="leader"):
        Position(hands, 0, 4)
    with pytest.raises(InvalidPositionError, match="leader"):
        Position(hands, 0, -1)
    with pytest.raises(InvalidPositionError, match="trump"):
        Position(hands, 5, 0)
    with pytest.raises(InvalidPositionError, match="2 or 4 hands"):
        Position(hands[:3], 0, 0)
    with pytest.raises(ValueError):
        Position.make(hands, "S", "Q")
    with pytest.raises(InvalidPositionError, match="not a card"):
        Position(hands, 0, 0, (60,))
    with pytest.raises(VivantError):
        parse_deal("N:AKQ... .AKQ..")
    with pytest.raises(VivantError):
        parse_deal("N:AKQ... .AKQ.. ..AKQ. ...AKQ AKQ...")


def test_two_hand_counts_checked() -> None:
    with pytest.raises(InvalidPositionError, match="should hold"):
        Position((CardSet.parse("SA SK"), CardSet.parse("HA")), NOTRUMP, 0)
    Position((CardSet.parse("SK"), CardSet.parse("HA SQ")), NOTRUMP, 0, (parse_card("S2"),))


def test_c_layer_rejects_bad_input_too() -> None:
    from vivant.solver._dd import Engine

    e = Engine(1 << 20)
    with pytest.raises(ValueError):
        e.solve((1, 1, 2, 4), 0, 0, (), False)
    with pytest.raises(ValueError):
        e.solve((1 << 60, 2, 4, 8), 0, 0, (), False)
    with pytest.raises(ValueError):
        e.solve((1, 2, 4), 0, 0, (), False)
    with pytest.raises(ValueError):
        e.solve((1, 2, 4, 8), 9, 0, (), False)
    with pytest.raises(ValueError):
        e.solve((1, 2, 4, 8), 0, 7, (), False)
    with pytest.raises(ValueError):
        e.solve((1, 2, 4, 8), 0, 0, (99,), False)
    with pytest.raises(ValueError):
        e.solve((1, 2, 4, 8), 0, 0, (-1,), False)
    with pytest.raises(ValueError):
        Engine(0)
