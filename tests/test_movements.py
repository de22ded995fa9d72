"""Movements for Duplicate Whist: movements.md test vectors MVV-1…MVV-17, the published tables of
§3.3–§4.7 as oracles, duplicate.md MT-1/MT-3/MT-4 and SD-7, validation over every accepted table
count, refusal of the others, and the ``vivant duplicate movement`` command."""

from __future__ import annotations

import json
from dataclasses import replace
from itertools import combinations

import pytest

from vivant.cli import main
from vivant.duplicate import movements as mv
from vivant.duplicate.movements import (
    Schedule,
    UnsupportedMovementError,
    generate,
    validate,
)
from vivant.errors import VivantError

# ---------------------------------------------------------------------------------------------
# helpers


def grid(schedule: Schedule) -> list[list[str]]:
    """Rounds × tables as ``"NS-EW set"`` strings (pass 1 only)."""
    return [
        [f"{s.ns}-{s.ew} {s.set}" for s in schedule.round_seatings(r)]
        for r in range(1, schedule.rounds_per_pass + 1)
    ]


def parse(table: str) -> list[list[str]]:
    return [[cell.strip() for cell in line.split("|")] for line in table.strip().splitlines()]


def sets_of(schedule: Schedule, pair: str) -> list[str]:
    return [s.set for s in schedule.seatings if pair in (s.ns, s.ew) and s.pass_number == 1]


def resting(schedule: Schedule, r: int) -> set[str]:
    return {s.label for s in schedule.sets} - {s.set for s in schedule.round_seatings(r)}


# ---------------------------------------------------------------------------------------------
# Mitchell (compass) — MI-2…MI-5, §3.2–§3.5, MT-4

MITCHELL_3 = """
1N-1E A | 2N-2E B | 3N-3E C
1N-2E C | 2N-3E A | 3N-1E B
1N-3E B | 2N-1E C | 3N-2E A
"""

MITCHELL_4_SKIP = """
1N-1E A | 2N-2E B | 3N-3E C | 4N-4E D
1N-2E D | 2N-3E A | 3N-4E B | 4N-1E C
1N-4E C | 2N-1E D | 3N-2E A | 4N-3E B
1N-1E B | 2N-2E C | 3N-3E D | 4N-4E A
"""

MITCHELL_4_STANDS = """
1N-1E A | 2N-2E C | 3N-3E E | 4N-4E G
1N-2E H | 2N-3E B | 3N-4E D | 4N-1E F
1N-3E G | 2N-4E A | 3N-1E C | 4N-2E E
1N-4E F | 2N-1E H | 3N-2E B | 4N-3E D
1N-1E E | 2N-2E G | 3N-3E A | 4N-4E C
1N-2E D | 2N-3E F | 3N-4E H | 4N-1E B
1N-3E C | 2N-4E E | 3N-1E G | 4N-2E A
1N-4E B | 2N-1E D | 3N-2E F | 4N-3E H
"""


def test_mitchell_3_tables_is_the_table_of_3_3() -> None:
    assert grid(mv.mitchell(3)) == parse(MITCHELL_3)


def test_mvv_1_mitchell_3_tables_round_2() -> None:
    s = mv.mitchell(3)
    assert [(x.table, x.ns, x.ew, x.set) for x in s.round_seatings(2)] == [
        (1, "1N", "2E", "C"),
        (2, "2N", "3E", "A"),
        (3, "3N", "1E", "B"),
    ]


def test_mvv_2_mitchell_3_tables_whole_schedule() -> None:
    s = mv.mitchell(3)
    for pair in s.pairs:
        assert sorted(sets_of(s, pair)) == ["A", "B", "C"]
    met = mv.meetings(s)
    for a, b in combinations(s.pairs, 2):
        assert met[mv._key(a, b)] == (1 if a[-1] != b[-1] else 0)
    # §3.3 properties: same-direction pairs compared on all 3 sets, N–S v E–W never: two fields
    compared = mv.comparisons(s)
    for a, b in combinations(s.pairs, 2):
        assert compared[mv._key(a, b)] == (3 if a[-1] == b[-1] else 0)
    assert s.scoring == "fields"


def test_mitchell_4_tables_skip_form_is_the_table_of_3_4() -> None:
    s = mv.mitchell(4)
    assert s.form == mv.MITCHELL_SKIP
    assert grid(s) == parse(MITCHELL_4_SKIP)


def test_mvv_3_path_of_1e_in_the_4_table_skip_form() -> None:
    s = mv.mitchell(4)
    path = [(x.table, x.set) for x in s.seatings if x.ew == "1E"]
    assert path == [(1, "A"), (4, "C"), (2, "D"), (1, "B")]
    met = mv.meetings(s)
    assert met[("1E", "1N")] == 2
    assert met[("1E", "3N")] == 0
    # §3.4: comparisons 4 sets between every two pairs of the same direction
    compared = mv.comparisons(s)
    assert all(compared[mv._key(a, b)] == 4 for a, b in combinations(s.pairs, 2) if a[-1] == b[-1])


@pytest.mark.parametrize(("tables", "skip_before"), [(6, 4), (8, 5)])
def test_mi_5_even_tables_skip_at_half_way(tables: int, skip_before: int) -> None:
    """MI-5: with 6 tables the E–W pairs skip before round 4, with 8 before round 5."""
    s = mv.mitchell(tables)
    for r in range(1, tables):
        before = s.seating(r, 1)
        assert before is not None
        after = next(x for x in s.round_seatings(r + 1) if x.ew == before.ew)
        moved = (1 - after.table) % tables
        assert moved == (2 if r + 1 == skip_before else 1)


def test_mitchell_4_tables_rest_stand_form_is_the_table_of_3_5() -> None:
    s = mv.mitchell_stands(4)
    assert grid(s) == parse(MITCHELL_4_STANDS)
    for r in range(1, 9):
        assert resting(s, r) == (set("BDFH") if r % 2 else set("ACEG"))


def test_mvv_4_mitchell_4_tables_rest_stand_properties() -> None:
    s = mv.mitchell_stands(4)
    assert s.rounds_per_pass == 8
    met = mv.meetings(s)
    for ns in ("1N", "2N", "3N", "4N"):
        for ew in ("1E", "2E", "3E", "4E"):
            assert met[mv._key(ns, ew)] == 2
    for pair in s.pairs:
        assert sorted(sets_of(s, pair)) == list("ABCDEFGH")


def test_mv_1_6_compass_pair_numbering() -> None:
    """MV-1.6: the pair sitting still at table t is tN; the moving pair that started there tE."""
    s = mv.mitchell(5)
    for t in range(1, 6):
        assert {x.ns for x in s.seatings if x.table == t} == {f"{t}N"}
        first = s.seating(1, t)
        assert first is not None and first.ew == f"{t}E"


def test_d_mv1_default_set_sizes() -> None:
    """D-MV1: compass ⌈24/tables⌉ (Knickerbocker: 2 per round with 14 tables, 3 with 10);
    Howell 4 pairs 8, 6 pairs 4, 8 pairs 3."""
    assert mv.mitchell(14).trays_per_set == 2
    assert mv.mitchell(10).trays_per_set == 3
    assert mv.howell(2).trays_per_set == 8
    assert mv.howell(3).trays_per_set == 4
    assert mv.howell(4).trays_per_set == 3
    assert mv.mitchell(3, trays_per_set=5).trays_per_set == 5


def test_rest_stand_form_refuses_tables_divisible_by_three() -> None:
    with pytest.raises(UnsupportedMovementError, match="three stations"):
        mv.mitchell_stands(12)
    with pytest.raises(UnsupportedMovementError, match="multiple of 4"):
        mv.mitchell_stands(6)


# ---------------------------------------------------------------------------------------------
# Howell pair system — HO-4…HO-12, §4.3–§4.6, MT-3

FOSTER_FOUR = """
b-a 1 | d-c 1
c-a 2 | b-d 2
d-a 3 | c-b 3
"""

HOWELL_6 = """
6-1 1 | 3-4 2 | 5-2 4
6-2 2 | 4-5 3 | 1-3 4
6-3 3 | 5-1 2 | 2-4 1
6-4 4 | 1-2 3 | 3-5 1
6-5 5 | 2-3 5 | 4-1 5
"""

HOWELL_8 = """
8-1 1 | 2-7 6 | 3-6 4 | 4-5 7
8-2 2 | 3-1 7 | 4-7 5 | 5-6 1
8-3 3 | 4-2 1 | 5-1 6 | 6-7 2
8-4 4 | 5-3 2 | 6-2 7 | 7-1 3
8-5 5 | 6-4 3 | 7-3 1 | 1-2 4
8-6 6 | 7-5 4 | 1-4 2 | 2-3 5
8-7 7 | 1-6 5 | 2-5 3 | 3-4 6
"""


def test_mt_3_foster_four_pairs_schedule() -> None:
    """MT-3 / §4.3: 24 deals in three sets of 8; pair a E–W at table 1 throughout."""
    s = mv.howell(2)
    assert grid(s) == parse(FOSTER_FOUR)
    assert [x.trays for x in s.sets] == [
        tuple(range(1, 9)),
        tuple(range(9, 17)),
        tuple(range(17, 25)),
    ]
    assert {(x.table, x.ew) for x in s.seatings if x.table == 1} == {(1, "a")}
    assert s.scoring == "matches"


def test_duv_4_foster_four_pairs_comparisons_and_meetings() -> None:
    """DUV-4: comparisons a–c, b–d / a–d, c–b / a–b, d–c; every pair meets every other once."""
    s = mv.howell(2)
    assert set(mv.meetings(s).values()) == {1}
    compared = mv.comparisons(s)
    assert set(compared.values()) == {1}
    by_set = {}
    for label in ("1", "2", "3"):
        seated = [x for x in s.seatings if x.set == label]
        by_set[label] = {
            frozenset(x.ns for x in seated),
            frozenset(x.ew for x in seated),
        }
    assert by_set == {
        "1": {frozenset("ac"), frozenset("bd")},
        "2": {frozenset("ad"), frozenset("cb")},
        "3": {frozenset("ab"), frozenset("dc")},
    }


def test_mvv_17_foster_four_pairs_tables_deal_four_each_then_exchange() -> None:
    """MVV-17 (D-MV3): in set 1 table 1 deals and plays 1–4 while table 2 deals and plays 5–8."""
    plays = [p for p in mv.plays(mv.howell(2)) if p.round == 1]
    t1 = [p.tray for p in sorted(plays, key=lambda p: p.step) if p.table == 1]
    t2 = [p.tray for p in sorted(plays, key=lambda p: p.step) if p.table == 2]
    assert t1 == [1, 2, 3, 4, 5, 6, 7, 8]
    assert t2 == [5, 6, 7, 8, 1, 2, 3, 4]
    originals = {p.tray: p.table for p in plays if p.original}
    assert originals == {1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 6: 2, 7: 2, 8: 2}
    # table 2 starts scoring at deals 5, 13, 21 (MT-3)
    starts = [
        next(
            p.tray for p in mv.plays(mv.howell(2)) if p.round == r and p.table == 2 and p.step == 0
        )
        for r in (1, 2, 3)
    ]
    assert starts == [5, 13, 21]


def test_howell_6_pairs_is_the_modern_form_of_4_4a() -> None:
    s = mv.howell(3)
    assert grid(s) == parse(HOWELL_6)


def test_mvv_7_howell_6_pairs_properties() -> None:
    s = mv.howell(3)
    assert set(mv.meetings(s).values()) == {1}
    assert {x.set for x in s.round_seatings(5)} == {"5"}
    assert all(len({x.set for x in s.round_seatings(r)}) == 3 for r in range(1, 5))
    counts = sorted(mv.comparisons(s).values())
    assert counts == [1] * 5 + [2] * 5 + [3] * 5
    for pair in "12345":
        ns = sum(1 for x in s.seatings if x.ns == pair)
        assert (ns, 5 - ns) == (2, 3)
    assert all(x.ns == "6" for x in s.seatings if "6" in (x.ns, x.ew))
    # each set played three times
    assert sorted(sum(1 for x in s.seatings if x.set == str(k)) for k in range(1, 6)) == [3] * 5


def test_mvv_8_no_six_pair_howell_has_equal_comparisons() -> None:
    """MVV-8, by exhaustive search independent of the generator: comparisons depend only on which
    matches share a set (a 1-factorisation of the six pairs, every pair playing every set once) and
    on which side of each match holds the N–S hands; no choice compares every two pairs twice."""
    pairs = range(6)
    edges = [frozenset(e) for e in combinations(pairs, 2)]
    matchings = [m for m in combinations(edges, 3) if len(frozenset().union(*m)) == 6]

    def factorisations(left: frozenset[frozenset[int]]) -> list[list[tuple[frozenset[int], ...]]]:
        if not left:
            return [[]]
        first = min(left, key=sorted)
        out = []
        for m in matchings:
            if first in m and set(m) <= left:
                out += [[m, *rest] for rest in factorisations(left - set(m))]
        return out

    found_equal = False
    facts = factorisations(frozenset(edges))
    assert len(facts) == 6  # K6 has six 1-factorisations

    def orient(
        fact: list[tuple[frozenset[int], ...]], i: int, count: dict[frozenset[int], int]
    ) -> bool:
        if i == len(fact):
            return all(v == 2 for v in count.values())
        for bits in range(8):
            ns = [sorted(e)[bits >> j & 1] for j, e in enumerate(fact[i])]
            ew = [sorted(e)[1 - (bits >> j & 1)] for j, e in enumerate(fact[i])]
            new = dict(count)
            for group in (ns, ew):
                for a, b in combinations(group, 2):
                    new[frozenset((a, b))] += 1
            if max(new.values()) <= 2 and orient(fact, i + 1, new):
                return True
        return False

    for fact in facts:
        if orient(fact, 0, dict.fromkeys(edges, 0)):
            found_equal = True
    assert not found_equal


def test_howell_8_pairs_is_the_table_of_4_5() -> None:
    s = mv.howell(4)
    assert grid(s) == parse(HOWELL_8)
    expected_resting = ["235", "346", "457", "156", "267", "137", "124"]
    for r, rest in enumerate(expected_resting, start=1):
        assert resting(s, r) == set(rest)


def test_howell_8_pairs_set_travel() -> None:
    """§4.5: a set goes T1 → T4 → T2 → (rest 1 round) → T3 → (rest 2 rounds) → T1."""
    s = mv.howell(4)
    # follow set 1 from its start at table 1 in round 1, cyclically
    table_of = {}
    for label in (str(k) for k in range(1, 8)):
        table_of[label] = [
            next((x.table for x in s.round_seatings(r) if x.set == label), 0) for r in range(1, 8)
        ]
    start = table_of["1"].index(1)
    path = [table_of["1"][(start + i) % 7] for i in range(7)]
    assert path == [1, 4, 2, 0, 3, 0, 0]


def test_mvv_5_howell_8_pairs_round_3_table_2() -> None:
    x = mv.howell(4).seating(3, 2)
    assert x is not None and (x.ns, x.ew, x.set) == ("4", "2", "1")


def test_mvv_6_howell_8_pairs_every_two_pairs_compared_on_three_sets() -> None:
    s = mv.howell(4)
    assert set(mv.comparisons(s).values()) == {3}
    assert set(mv.meetings(s).values()) == {1}
    for pair in "1234567":
        assert sum(1 for x in s.seatings if x.ns == pair) == 3


@pytest.mark.parametrize(("pairs", "spread"), [(12, {5}), (14, {5, 6, 7}), (16, {7})])
def test_howell_cyclic_rows_of_4_6(pairs: int, spread: set[int]) -> None:
    """§4.6: the listed offsets give complete share-free Howells with these comparison counts."""
    s = mv.howell(pairs // 2)
    assert s.form == mv.HOWELL_CYCLIC
    assert set(mv.comparisons(s).values()) == spread
    assert set(mv.meetings(s).values()) == {1}
    assert all(
        len({x.set for x in s.round_seatings(r)}) == s.tables for r in range(1, s.rounds + 1)
    )


@pytest.mark.parametrize("tables", [4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
def test_howell_offset_search_satisfies_the_covering_condition(tables: int) -> None:
    m = 2 * tables - 1
    offsets = mv._search_offsets(tables)
    assert offsets is not None
    residues = [0] + [(b - k) % m for k, b in enumerate(offsets, 1)]
    residues += [(b + k) % m for k, b in enumerate(offsets, 1)]
    assert sorted(residues) == list(range(m))
    for pairs, (listed, _) in mv.HOWELL_OFFSETS.items():
        mm = pairs - 1
        covered = [0] + [(b - k) % mm for k, b in enumerate(listed, 1)]
        covered += [(b + k) % mm for k, b in enumerate(listed, 1)]
        assert sorted(covered) == list(range(mm))


def test_howell_10_pairs_has_no_cyclic_form_and_is_refused() -> None:
    assert mv._search_offsets(5) is None
    with pytest.raises(UnsupportedMovementError, match="10 pairs"):
        mv.howell(5)


def test_ho_7_seat_succession_holds_in_every_howell() -> None:
    for tables in mv.accepted_tables("howell"):
        check = next(c for c in validate(mv.howell(tables)).checks if c.id == "HO-7")
        assert check.passed, (tables, check.detail)


FOSTER_SIX = """
b-a 1–2 | d-c 1–2 | f-e 3–4
c-a 5–6 | d-b 5–6
e-a 7–8 | d-f 7–8 | b-c 3–4
f-a 9–10 | d-e 9–10
e-b 11–12 | f-c 11–12
b-f 13–14 | e-c 13–14
*-a 15–16 | *-d 15–16
"""


def test_foster_six_pairs_is_the_table_of_4_4b() -> None:
    s = mv.foster_six()
    assert grid(s) == parse(FOSTER_SIX)
    assert s.scoring == "matches"
    assert s.seating(2, 3) is None and s.seating(5, 3) is None


def test_mvv_14_foster_six_pairs_position_3() -> None:
    """Position 3: at table 3, b (N–S) and c (E–W) overplay deals 3–4: matches b–f and c–e."""
    s = mv.foster_six()
    x = s.seating(3, 3)
    assert x is not None and (x.ns, x.ew, x.set) == ("b", "c", "3–4")
    holders = {(y.ns, y.ew) for y in s.seatings if y.set == "3–4"}
    assert holders == {("f", "e"), ("b", "c")}
    compared = mv.comparisons(s)
    assert compared[("b", "f")] == 1 and compared[("c", "e")] == 1
    originals = [p for p in mv.plays(s) if p.original and p.tray in (3, 4)]
    assert {(p.round, p.table) for p in originals} == {(1, 3)}


def test_foster_six_pairs_properties() -> None:
    """§4.4b: 15 two-deal matches, every pair plays 10 deals, a and d never sit opposite; D-MV6:
    table 1 deals the lower number of the two deals it exchanges with table 2."""
    s = mv.foster_six()
    assert set(mv.comparisons(s).values()) == {1}
    assert mv.meetings(s)[("a", "d")] == 0
    for pair in s.pairs:
        assert len(sets_of(s, pair)) * s.trays_per_set == 10
    dealt = {p.tray: p.table for p in mv.plays(s) if p.original}
    assert dealt == {t: 3 if t in (3, 4) else 1 if t % 2 else 2 for t in range(1, 17)}
    with pytest.raises(UnsupportedMovementError, match="3 tables"):
        mv.foster_six(4)
    with pytest.raises(UnsupportedMovementError, match="two deals"):
        mv.foster_six(3, trays_per_set=4)


# ---------------------------------------------------------------------------------------------
# Team systems — §4.7, MT-1

HOWELL_TEAMS_5 = """
eN-aE 1–4 | aN-bE 5–8 | bN-cE 9–12 | cN-dE 13–16 | dN-eE 17–20
dN-aE 9–12 | eN-bE 13–16 | aN-cE 17–20 | bN-dE 1–4 | cN-eE 5–8
cN-aE 17–20 | dN-bE 1–4 | eN-cE 5–8 | aN-dE 9–12 | bN-eE 13–16
bN-aE 5–8 | cN-bE 9–12 | dN-cE 13–16 | eN-dE 17–20 | aN-eE 1–4
"""


def test_howell_team_system_5_tables_is_the_table_of_4_7() -> None:
    assert grid(mv.team_system(5)) == parse(HOWELL_TEAMS_5)


def test_mvv_13_howell_teams_match_a_v_d() -> None:
    s = mv.team_system(5)
    one = s.seating(2, 1)
    four = s.seating(3, 4)
    assert one is not None and (one.ew, one.ns, one.set) == ("aE", "dN", "9–12")
    assert four is not None and (four.ns, four.ew, four.set) == ("aN", "dE", "9–12")


@pytest.mark.parametrize("tables", [3, 5, 7, 9, 11])
def test_howell_team_system_every_two_teams_one_complete_match(tables: int) -> None:
    s = mv.team_system(tables)
    check = next(c for c in validate(s).checks if c.id == "§4.7")
    assert check.passed
    h = (tables - 1) // 2
    for r in range(1, tables - 1):
        for t in range(1, tables + 1):
            here = s.seating(r, t)
            there = s.seating(r + 1, (t - 1 - h) % tables + 1)
            assert here is not None and there is not None and there.set == here.set


def test_mt_1_two_teams_of_four() -> None:
    s = mv.team_system(2)
    assert grid(s) == [["ON-XE 1–16", "XN-OE 1–16"]]
    assert s.trays_per_set == 16


def test_team_system_refuses_even_tables() -> None:
    with pytest.raises(UnsupportedMovementError, match="odd number of tables"):
        mv.team_system(4)


# ---------------------------------------------------------------------------------------------
# Shared sets (D-MV3), originals (D-MV2), mnemonic replay (MN-1, V8), Snow (MVV-16)


def test_mvv_15_shared_set_of_four_trays_at_three_tables() -> None:
    s = mv.howell(3, trays_per_set=4)
    last = [p for p in mv.plays(s) if p.round == 5]
    first_tray = s.sets[4].trays[0]
    for p in last:
        assert p.tray - first_tray == (p.table - 1 + p.step) % 4
    assert len({(p.step, p.tray) for p in last}) == len(last)


def test_v7_too_few_trays_for_a_shared_set_is_refused() -> None:
    """The generator refuses in the words of the choice made; the validation still finds V7."""
    with pytest.raises(
        UnsupportedMovementError, match="shared by 3 tables at once, so it needs at least 3"
    ):
        mv.howell(3, trays_per_set=2)
    whole = mv.howell(3, trays_per_set=3)
    short = replace(whole, sets=tuple(replace(t, trays=t.trays[:2]) for t in whole.sets))
    assert "V7" in [c.id for c in mv.validate(short).failures()]


def test_d_mv2_each_tray_dealt_once_at_its_first_play() -> None:
    for s in (mv.mitchell(5), mv.howell(4), mv.team_system(5), mv.mnemonic(mv.howell(3))):
        plays = mv.plays(s)
        originals = [p for p in plays if p.original]
        assert sorted(p.tray for p in originals) == [t for x in s.sets for t in x.trays]
        for o in originals:
            assert all(
                (p.round, p.step) > (o.round, o.step) for p in plays if p.tray == o.tray and p != o
            )


def test_mn_1_mnemonic_replay_repeats_the_schedule_turned() -> None:
    s = mv.mitchell(3)
    twice = mv.mnemonic(s)
    assert twice.passes == 2 and twice.rounds == 6
    for x in s.seatings:
        again = twice.seating(x.round + 3, x.table)
        assert again is not None
        assert (again.ns, again.ew, again.set, again.turned, again.pass_number) == (
            x.ns,
            x.ew,
            x.set,
            True,
            2,
        )
    assert validate(twice).ok
    assert twice.scoring == "totals"
    # every pair now holds both sides of every tray: N–S and E–W pairs are compared (MN-3)
    assert mv.comparisons(twice)[("1E", "1N")] >= 1
    with pytest.raises(UnsupportedMovementError):
        mv.mnemonic(twice)


def test_v8_catches_a_replay_that_is_not_turned() -> None:
    twice = mv.mnemonic(mv.mitchell(3))
    broken = replace(
        twice,
        seatings=tuple(
            replace(x, turned=False) if x.pass_number == 2 and x.table == 1 else x
            for x in twice.seatings
        ),
    )
    assert {c.id for c in validate(broken).failures()} >= {"V8"}


def test_mvv_16_snow_is_refused_as_not_documented() -> None:
    with pytest.raises(UnsupportedMovementError, match="not documented"):
        generate("snow", 5)
    with pytest.raises(UnsupportedMovementError, match="unknown movement"):
        generate("clay", 5)


# ---------------------------------------------------------------------------------------------
# Validation over the accepted range, refusal elsewhere

KINDS = ("mitchell", "mitchell-stands", "howell", "teams", "foster-six")


@pytest.mark.parametrize("kind", KINDS)
def test_every_accepted_table_count_validates(kind: str) -> None:
    accepted = mv.accepted_tables(kind)
    assert accepted
    for tables in accepted:
        s = generate(kind, tables)
        result = validate(s)
        assert result.ok, (kind, tables, result.failures())
        assert s.tables == tables
        assert validate(mv.mnemonic(s)).ok


@pytest.mark.parametrize("kind", KINDS)
def test_every_other_table_count_is_refused_with_a_clear_message(kind: str) -> None:
    accepted = set(mv.accepted_tables(kind))
    for tables in range(-1, mv.MAX_TABLES + 3):
        if tables in accepted:
            continue
        with pytest.raises(UnsupportedMovementError) as info:
            generate(kind, tables)
        assert str(tables) in str(info.value)
        assert isinstance(info.value, VivantError)


def test_accepted_ranges() -> None:
    assert mv.accepted_tables("mitchell") == tuple(range(3, 31))
    assert mv.accepted_tables("compass") == tuple(range(3, 31))
    assert mv.accepted_tables("mitchell-stands") == (4, 8, 16, 20, 28)
    assert mv.accepted_tables("howell") == (2, 3, 4, *range(6, 16))
    assert mv.accepted_tables("teams") == (2, *range(3, 26, 2))
    assert mv.accepted_tables("foster6") == (3,)


def _failed(s: Schedule) -> set[str]:
    return {c.id for c in validate(s).failures()}


def test_validator_catches_a_pair_at_two_tables() -> None:
    s = mv.mitchell(3)
    seats = list(s.seatings)
    seats[1] = replace(seats[1], ew=seats[0].ew)
    assert {"V1", "V4"} <= _failed(replace(s, seatings=tuple(seats)))


def test_validator_catches_a_set_played_twice() -> None:
    s = mv.howell(4)
    seats = list(s.seatings)
    i = next(i for i, x in enumerate(seats) if x.round == 2 and x.table == 1)
    seats[i] = replace(seats[i], set="1")
    assert {"V2", "V3", "HO-7"} <= _failed(replace(s, seatings=tuple(seats)))


def test_validator_catches_trays_travelling_the_wrong_way() -> None:
    """Sets moving down instead of up still cover everything for 3 tables, but not as MI-3 says."""
    s = mv.mitchell(3)
    seats = tuple(replace(x, set=mv.set_label((x.table - 1 + x.round - 1) % 3)) for x in s.seatings)
    failed = _failed(replace(s, seatings=seats))
    assert "travel" in failed


def test_validator_catches_mixed_orientation_and_missed_meetings() -> None:
    s = mv.howell(4)
    seats = tuple(
        replace(x, turned=True) if x.set == "3" and x.table == 1 else x for x in s.seatings
    )
    assert "V5" in _failed(replace(s, seatings=seats))
    compass = mv.mitchell(3)
    swapped = tuple(
        replace(x, ew={"1E": "2E", "2E": "1E"}[x.ew]) if x.round == 1 and x.table < 3 else x
        for x in compass.seatings
    )
    failed = _failed(replace(compass, seatings=swapped))
    assert "V4" in failed and "V1" not in failed


# ---------------------------------------------------------------------------------------------
# SD-7: single-table individuals


def test_sd_7_individual_schedule() -> None:
    blocks = mv.single_table_individuals()
    assert [(b.deals, b.north, b.east_west, b.overplay) for b in blocks] == [
        ((1, 2, 3, 4), "c", ("a", "b"), False),
        ((5, 6, 7, 8), "b", ("a", "c"), False),
        ((9, 10, 11, 12), "a", ("b", "c"), False),
        ((1, 2, 3, 4), "c", ("a", "b"), True),
        ((5, 6, 7, 8), "b", ("a", "c"), True),
        ((9, 10, 11, 12), "a", ("b", "c"), True),
    ]
    for player in "abc":
        assert sum(len(b.deals) for b in blocks if b.north == player) == 8
    with pytest.raises(UnsupportedMovementError):
        mv.single_table_individuals("S", ("a", "a", "c"))


# ---------------------------------------------------------------------------------------------
# CLI


def test_cli_movement_prints_the_schedule_and_its_validation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["duplicate", "movement", "--tables", "3", "--kind", "mitchell"]) == 0
    out = capsys.readouterr().out
    assert "1N–2E · C" in out
    assert "boards 17–24" in out  # set C of 8 trays (D-MV1: ⌈24/3⌉)
    assert "Schedule valid." in out
    assert "V4" in out


def test_cli_movement_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duplicate", "movement", "--tables", "4", "--kind", "howell", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["form"] == mv.HOWELL_CYCLIC
    assert data["validation"]["ok"] is True
    assert data["validation"]["comparison_counts"] == [3]
    round3 = data["rounds"][2]["tables"][1]
    assert round3 == {"table": 2, "ns": "4", "ew": "2", "set": "1", "turned": False}


def test_cli_movement_mnemonic_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["duplicate", "movement", "--tables", "3", "--kind", "compass", "--mnemonic", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["passes"] == 2 and len(data["rounds"]) == 6
    assert data["rounds"][3]["tables"][0]["turned"] is True


def test_cli_refuses_snow_and_bad_table_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duplicate", "movement", "--tables", "5", "--kind", "snow"]) == 2
    assert "not documented" in capsys.readouterr().err
    assert main(["duplicate", "movement", "--tables", "5", "--kind", "howell"]) == 2
    assert "10 pairs" in capsys.readouterr().err
    assert main(["duplicate", "movement", "--tables", "2", "--kind", "mitchell"]) == 2
    assert "3 to 30 tables" in capsys.readouterr().err


def test_an_event_asked_for_no_movement_gets_the_howell_at_two_tables_else_the_mitchell() -> None:
    """HO-4/MT-3: at two tables the Howell lets every pair meet every other; MI-3 otherwise."""
    assert mv.default_movement(2) == "howell"
    assert [mv.default_movement(n) for n in (3, 4)] == ["mitchell", "mitchell"]
    assert set(mv.MOVEMENT_WORDS) >= {mv.default_movement(n) for n in (2, 3, 4)}
