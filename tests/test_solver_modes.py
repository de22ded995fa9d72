"""Double-dummy solver's other games: any partition of the seats into two sides (one player
against three, the 2+2 splits other than partners opposite) and the misère objective (each side
takes as few tricks as it can), mid-trick and with every card's value, all equal to a plain
minimax written here; the table kept warm across positions and games; bad input refused."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vivant.cards import CardSet
from vivant.errors import VivantError
from vivant.solver import (
    NOTRUMP,
    PARTNERS,
    InvalidPositionError,
    Position,
    Solver,
    parse_sides,
    solve,
)

#: Every partition of the 4 seats, by the mask of the side holding North: N alone v three, and
#: each of the others alone, and the three 2+2 splits (N-S is the default).
ONE_V_THREE = (0b0001, 0b1101, 0b1011, 0b0111)
TWO_TWO_OTHER = (0b0011, 0b1001)
ALL_PARTITIONS = (*ONE_V_THREE, *TWO_TWO_OTHER, PARTNERS)


def brute_force(pos: Position) -> dict[int, int]:
    """Every legal card's value (tricks for the side to move) by exhaustive minimax with no
    pruning: each side picks the card best for itself, the most tricks or in misère the fewest."""
    n = len(pos.hands)
    side = [pos.side(seat) for seat in range(n)]
    pick: Callable[[list[int]], int] = min if pos.misere else max
    trump = pos.trump

    def winner(tl: int, trick: tuple[int, ...]) -> int:
        wi = 0
        for i in range(1, n):
            a, b = trick[i], trick[wi]
            if (a // 13 == b // 13 and a > b) or (a // 13 != b // 13 and a // 13 == trump):
                wi = i
        return (tl + wi) % n

    def legal(hand: int, trick: tuple[int, ...]) -> list[int]:
        if trick:
            led = trick[0] // 13
            hand = hand & (0x1FFF << 13 * led) or hand
        out = []
        while hand:
            low = hand & -hand
            out.append(low.bit_length() - 1)
            hand ^= low
        return out

    def after(hs: tuple[int, ...], tl: int, trick: tuple[int, ...], c: int) -> int:
        """Tricks for the side of the player who plays c, from this trick on."""
        pl = (tl + len(trick)) % n
        left = hs[pl].bit_count()
        nh = list(hs)
        nh[pl] &= ~(1 << c)
        nt = (*trick, c)
        if len(nt) == n:
            w = winner(tl, nt)
            rest = leading(tuple(nh), w) if left > 1 else 0
            return 1 + rest if side[w] == side[pl] else left - 1 - rest
        nxt = (pl + 1) % n
        r = value(tuple(nh), tl, nt)
        return r if side[nxt] == side[pl] else left - r

    def value(hs: tuple[int, ...], tl: int, trick: tuple[int, ...]) -> int:
        pl = (tl + len(trick)) % n
        return pick([after(hs, tl, trick, c) for c in legal(hs[pl], trick)])

    @functools.cache
    def leading(hs: tuple[int, ...], tl: int) -> int:
        """A trick's start: the only node met by more than one line of play (a node inside a
        trick holds the cards played to it), so the only one remembered."""
        return value(hs, tl, ())

    hs = tuple(h.mask for h in pos.hands)
    return {c: after(hs, pos.leader, pos.trick, c) for c in legal(hs[pos.to_move], pos.trick)}


@st.composite
def positions(
    draw: st.DrawFn,
    sides: tuple[int, ...] = ALL_PARTITIONS,
    misere: tuple[bool, ...] = (False, True),
    two_hands: bool = False,
    sizes: tuple[int, ...] = (2, 3, 3, 4, 4),
) -> Position:
    """Random positions of `sizes` cards a hand (4 hands; 2-6 with 2 hands), any trump or
    no-trump, any leader, often mid-trick, in one of the given games."""
    nhands = draw(st.sampled_from([4, 2] if two_hands else [4]))
    k = draw(st.sampled_from(sizes if nhands == 4 else (2, 3, 4, 6)))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [cards[i * k : (i + 1) * k] for i in range(nhands)]
    leader = draw(st.integers(0, nhands - 1))
    played: list[int] = []
    for j in range(draw(st.integers(0, nhands - 1))):
        seat = (leader + j) % nhands
        legal = [c for c in hands[seat] if played and c // 13 == played[0] // 13] or hands[seat]
        c = rng.choice(sorted(legal))
        hands[seat].remove(c)
        played.append(c)
    return Position(
        tuple(CardSet(h) for h in hands),
        draw(st.integers(0, NOTRUMP)),
        leader,
        tuple(played),
        draw(st.sampled_from(sides)) if nhands == 4 else draw(st.sampled_from([1, 2])),
        draw(st.sampled_from(misere)),
    )


def assert_exact(solver: Solver, pos: Position) -> None:
    """The solver's trick count and every card's value equal the brute force's."""
    want = brute_force(pos)
    best = (min if pos.misere else max)(want.values())
    assert solver.tricks(pos) == best, pos
    sol = solver.solve(pos, all_cards=True)
    assert sol.cards == want, pos
    assert sol.tricks == best, pos


@settings(max_examples=1000, deadline=None)
@given(positions(sides=ONE_V_THREE, misere=(False,)))
def test_one_against_three_equals_brute_force(pos: Position) -> None:
    assert_exact(Solver(4), pos)


@settings(max_examples=600, deadline=None)
@given(positions(sides=TWO_TWO_OTHER, misere=(False,)))
def test_other_two_two_partitions_equal_brute_force(pos: Position) -> None:
    assert_exact(Solver(4), pos)


@settings(max_examples=1000, deadline=None)
@given(positions(misere=(True,), two_hands=True))
def test_misere_equals_brute_force_in_every_partition(pos: Position) -> None:
    assert_exact(Solver(4), pos)


@settings(max_examples=15, deadline=None)
@given(positions(sides=(*ONE_V_THREE, *TWO_TWO_OTHER), sizes=(5,)))
def test_five_cards_a_hand_equal_brute_force(pos: Position) -> None:
    """The largest positions the brute force reaches: 5 cards a hand, every game but whist."""
    assert_exact(Solver(4), pos)


GAMES = st.tuples(st.sampled_from(ALL_PARTITIONS), st.booleans())


@settings(max_examples=80, deadline=None)
@given(
    st.lists(positions(two_hands=True, sizes=(3, 4)), min_size=4, max_size=4),
    st.lists(GAMES, min_size=3, max_size=3),
)
def test_one_warm_table_across_positions_and_games(
    positions: list[Position], games: list[tuple[int, bool]]
) -> None:
    """One solver, its table kept from one position to the next: each deal solved in its own
    game and then in others (another partition, the other objective), and again in its own:
    entries carry over within a game and never answer for another."""
    solver = Solver(4)
    for pos in positions:
        others = [
            replace(pos, sides=sides if len(pos.hands) == 4 else pos.sides, misere=misere)
            for sides, misere in games
        ]
        for p in (pos, *others, pos):
            assert_exact(solver, p)


@pytest.mark.parametrize("seed", range(6))
def test_a_table_entry_never_answers_for_another_game(seed: int) -> None:
    """Six-card deals solved in turn for most and fewest tricks, partners, one against three and
    another 2+2 split, with one warm table: each result is a fresh solver's (the table is
    emptied whenever the game changes, kept while it does not)."""
    rng = random.Random(seed)
    cards = list(range(52))
    rng.shuffle(cards)
    hands = tuple(CardSet(cards[6 * i : 6 * i + 6]) for i in range(4))
    trump = seed % 5
    warm = Solver(4)
    for misere in (False, True, False, True):
        for sides in (PARTNERS, 0b0001, 0b0011, 0b1000, PARTNERS):
            pos = Position(hands, trump, seed % 4, (), sides, misere)
            assert warm.solve(pos, all_cards=True) == Solver(4).solve(pos, all_cards=True), pos


def test_lone_player_in_misere_takes_his_bare_aces() -> None:
    """North alone in misère with the bare aces of two suits cannot avoid taking both, whatever
    he leads; with his partner in the whist game he takes them and no more."""
    deal = "N:A.A.2. K.K.3. Q.Q.4. J.J.5."
    lone = Position.from_pbn(deal, NOTRUMP, "N", sides="N", misere=True)
    assert solve(lone, all_cards=True).cards == brute_force(lone) == {12: 2, 25: 2, 26: 2}
    whist = Position.from_pbn(deal, NOTRUMP, "N")
    assert solve(whist).tricks == max(brute_force(whist).values()) == 2


def test_default_partition_is_partners_opposite() -> None:
    deal = "N:AK... QJ... 32... T9..."
    pos = Position.from_pbn(deal, NOTRUMP, "E")
    assert pos.sides == PARTNERS == parse_sides("NS") == parse_sides("E+W") ^ 0b1111
    assert [pos.side(s) for s in range(4)] == [0, 1, 0, 1]
    assert solve(pos).tricks == max(brute_force(pos).values())


@pytest.mark.parametrize(
    ("text", "mask"), [("N", 1), ("NS", 5), ("n+e", 3), ("W", 8), ("N,E,S", 7), ("ES", 6)]
)
def test_parse_sides(text: str, mask: int) -> None:
    assert parse_sides(text) == mask


@pytest.mark.parametrize("text", ["", "X", "NN", "NESW", "N+Q", "+"])
def test_parse_sides_refuses_bad_text(text: str) -> None:
    with pytest.raises(VivantError):
        parse_sides(text)


@pytest.mark.parametrize("sides", [0, 15, 16, -1, True, 1.0, "Q", "NESW", ""])
def test_bad_sides_refused_with_four_hands(sides: object) -> None:
    with pytest.raises(VivantError, match="sides"):
        Position.from_pbn("N:A... K... Q... J...", NOTRUMP, "N", sides=sides)  # type: ignore[arg-type]


@pytest.mark.parametrize("sides", [0, 3, 0b0100, 16])
def test_bad_sides_refused_with_two_hands(sides: int) -> None:
    with pytest.raises(InvalidPositionError, match="sides"):
        Position((CardSet.parse("SA"), CardSet.parse("SK")), NOTRUMP, 0, (), sides)


def test_misere_must_be_a_bool() -> None:
    with pytest.raises(InvalidPositionError, match="misere"):
        Position.from_pbn("N:A... K... Q... J...", NOTRUMP, "N", misere=1)  # type: ignore[arg-type]


def test_c_layer_refuses_bad_sides_too() -> None:
    from vivant.solver._dd import Engine

    e = Engine(1 << 20)
    hands = tuple(CardSet.parse(c).mask for c in ("SA", "SK", "SQ", "SJ"))
    for bad in (15, 16, -3):
        with pytest.raises(ValueError, match="sides"):
            e.solve(hands, NOTRUMP, 0, (), False, bad, False)
    solved = e.solve(hands, NOTRUMP, 0, (), False, 0b0001, True)
    assert solved is not None and solved[0] == 1  # no node limit: always solved
