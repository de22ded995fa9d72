"""Comparison scoring for Duplicate Whist: duplicate.md DUV-1…DUV-7, DUV-10, DUV-11 and
movements.md MVV-9…MVV-12, with property tests for equating (EQ-2, EQ-4, MN-2, MN-3)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vivant.duplicate import movements as mv
from vivant.duplicate.movements import ANY_PAIR
from vivant.duplicate.scoring import (
    IndividualDeal,
    InvalidResultError,
    NSRecord,
    Standing,
    TrayResult,
    compass_standings,
    compass_winners,
    equated_standings,
    equated_value,
    field_standings,
    fixed_pairs_mnemonic,
    individual_mnemonic,
    match_standings,
    matches,
    pars,
    results_from_record,
    round_half_up,
    score_event,
    team_aggregates,
    team_standings,
    totals_standings,
    travellers,
    two_team_margin,
)
from vivant.errors import VivantError


def results_for(schedule: mv.Schedule, tricks: list[int]) -> list[TrayResult]:
    """One result per scheduled play, N–S-seat tricks taken from ``tricks`` in play order."""
    return [
        TrayResult(
            p.tray, p.ns, p.ew, tricks[i % len(tricks)], p.turned, p.round, p.table, p.pass_number
        )
        for i, p in enumerate(mv.plays(schedule))
    ]


def scores(standings: Sequence[Standing]) -> dict[str, Fraction]:
    return {s.pair: s.score for s in standings}


# ---------------------------------------------------------------------------------------------
# Teams (MT-1, MT-2, D-DU5)


def test_duv_1_two_teams_of_four() -> None:
    assert two_team_margin(106, 16) == 2
    assert two_team_margin(100, 16) == -4
    with pytest.raises(InvalidResultError):
        two_team_margin(300, 16)


def test_duv_2_three_teams_against_the_average() -> None:
    table = team_standings({"A": 110, "B": 100, "C": 102})
    assert {t.team: t.score for t in table} == {"A": 6, "B": -4, "C": -2}
    assert [t.team for t in table] == ["A", "C", "B"]


def test_duv_10_average_rounded_halves_up() -> None:
    table = team_standings({"A": 100, "B": 101, "C": 101})
    assert {t.team: t.score for t in table} == {"A": -1, "B": 0, "C": 0}
    assert [t.place for t in table] == [1, 1, 3]


def test_d_du5_round_half_up() -> None:
    assert round_half_up(Fraction(302, 3)) == 101
    assert round_half_up(Fraction(5, 2)) == 3
    assert round_half_up(Fraction(-5, 2)) == -2
    assert round_half_up(Fraction(-7, 3)) == -2


def test_mt_1_two_team_event_from_played_results() -> None:
    """Team O's tricks at both tables against half of all tricks played (MT-1)."""
    s = mv.team_system(2, trays_per_set=2)
    # table 1: O N–S takes 7 and 8; table 2: X N–S takes 6 and 5, so O E–W takes 7 and 8
    played = [
        TrayResult(1, "ON", "XE", 7, table=1, round=1),
        TrayResult(2, "ON", "XE", 8, table=1, round=1),
        TrayResult(1, "XN", "OE", 6, table=2, round=1),
        TrayResult(2, "XN", "OE", 5, table=2, round=1),
    ]
    res = score_event(s, played)
    aggregates = team_aggregates(played)
    assert aggregates == {"O": 30, "X": 22}
    assert two_team_margin(aggregates["O"], 4) == 4
    assert {t.team: t.score for t in res.teams} == {"O": 4, "X": -4}


# ---------------------------------------------------------------------------------------------
# Compass (SC-1, SC-2, MT-4) and equating (EQ-1…EQ-5)

DUV_3_NS = {"a": 201, "b": 204, "c": 211, "d": 207, "e": 212}
DUV_3_EW = {"f": 189, "g": 186, "h": 179, "j": 183, "k": 178}


def test_duv_3_compass_totals_against_field_averages() -> None:
    ns = field_standings(DUV_3_NS, "N–S")
    ew = field_standings(DUV_3_EW, "E–W")
    assert scores(ns) == {"a": -6, "b": -3, "c": 4, "d": 0, "e": 5}
    assert scores(ew) == {"f": 6, "g": 3, "h": -4, "j": 0, "k": -5}
    assert compass_winners(ns + ew) == ("f",)


def duv_3_breakdown() -> list[TrayResult]:
    """A per-tray breakdown of DUV-3 on the 5-table compass with 30 deals (6 trays a set).

    N–S pair t meets E–W pair j in exactly one round (6 trays); their N–S trick total y[t][j] is
    41 off the diagonal and 41 plus the pair's excess over 205 on it, so rows give the N–S totals
    and columns the E–W totals; each y is spread over the six trays.
    """
    schedule = mv.mitchell(5, trays_per_set=6)
    names_ns = dict(zip(("1N", "2N", "3N", "4N", "5N"), DUV_3_NS, strict=True))
    names_ew = dict(zip(("1E", "2E", "3E", "4E", "5E"), DUV_3_EW, strict=True))
    rows = [DUV_3_NS[names_ns[f"{t}N"]] for t in range(1, 6)]
    cols = [6 * 13 * 5 - DUV_3_EW[names_ew[f"{j}E"]] for j in range(1, 6)]
    deltas = [r - 205 for r in rows]
    assert deltas == [c - 205 for c in cols]  # DUV-3 happens to need the same deltas both ways
    y = [[41 + (deltas[t] if t == j else 0) for j in range(5)] for t in range(5)]
    assert [sum(row) for row in y] == rows
    assert [sum(y[t][j] for t in range(5)) for j in range(5)] == cols
    out = []
    for p in mv.plays(schedule):
        t, j = int(p.ns[:-1]) - 1, int(p.ew[:-1]) - 1
        total = y[t][j]
        share = total // 6 + (1 if p.step < total % 6 else 0)
        out.append(
            TrayResult(p.tray, names_ns[p.ns], names_ew[p.ew], share, False, p.round, p.table)
        )
    return out


def test_mvv_10_compass_from_a_per_tray_breakdown_and_equating_agree() -> None:
    results = duv_3_breakdown()
    standings = compass_standings(results)
    assert scores(standings) == {
        "a": -6,
        "b": -3,
        "c": 4,
        "d": 0,
        "e": 5,
        "f": 6,
        "g": 3,
        "h": -4,
        "j": 0,
        "k": -5,
    }
    assert compass_winners(standings) == ("f",)
    # EQ-4: equating tray by tray gives exactly Foster's compass plus/minus
    assert scores(equated_standings(results)) == scores(standings)


def test_compass_refuses_a_pair_in_both_fields() -> None:
    with pytest.raises(InvalidResultError, match="both N–S and E–W"):
        compass_standings([TrayResult(1, "a", "b", 7), TrayResult(1, "b", "c", 6)])


def test_mvv_9_equating_one_tray_of_the_8_pair_howell() -> None:
    schedule = mv.howell(4)
    tray = schedule.sets[0].trays[0]
    seated = [p for p in mv.plays(schedule) if p.tray == tray]
    assert [(p.ns, p.ew) for p in seated] == [("8", "1"), ("5", "6"), ("4", "2"), ("7", "3")]
    tricks = {"8": 7, "5": 8, "4": 6, "7": 7}
    results = [TrayResult(p.tray, p.ns, p.ew, tricks[p.ns]) for p in seated]
    assert pars(results) == {tray: 7}
    value = {pair: equated_value(r, pair, Fraction(7)) for r in results for pair in (r.ns, r.ew)}
    assert value == {"8": 0, "5": 1, "4": -1, "7": 0, "1": 0, "6": -1, "2": 1, "3": 0}
    assert sum(value.values()) == 0
    assert scores(equated_standings(results)) == value


def test_mvv_11_mnemonic_equating_is_independent_of_par() -> None:
    """8 tricks with a tray's N–S hands and 6 with its E–W hands: +1 whatever the par (MN-2)."""
    pass1 = TrayResult(1, "P", "Q", 8)
    pass2 = TrayResult(1, "P", "Q", 6, turned=True, pass_number=2)
    for par in (Fraction(29, 4), Fraction(5)):
        assert equated_value(pass1, "P", par) + equated_value(pass2, "P", par) == 1
    # with a second table making the par 7.25 (8, 7 with the N–S hands; 7, 7 at the other table)
    others = [TrayResult(1, "R", "S", 7), TrayResult(1, "R", "S", 6, turned=True, pass_number=2)]
    results = [pass1, pass2, *others]
    assert pars(results) == {1: Fraction(29, 4)}
    assert scores(equated_standings(results))["P"] == 1


def test_mvv_12_mnemonic_mitchell_n_s_record_only() -> None:
    """MN-3/MN-4: N–S-seat tricks 8 (pass 1) and 6 (pass 2, turned) at table 1 on a tray of set A:
    1N 14, 1E 12; 1N wins the tray by 2 (= 2 × (8 + 6 − 13))."""
    schedule = mv.mnemonic(mv.mitchell(3))
    tray = schedule.set_by_label("A").trays[0]
    results = results_from_record(schedule, [NSRecord(tray, 1, 1, 8), NSRecord(tray, 1, 2, 6)])
    assert [(r.ns, r.ew, r.turned, r.round) for r in results] == [
        ("1N", "1E", False, 1),
        ("1N", "1E", True, 4),
    ]
    totals = scores(totals_standings(results))
    assert totals == {"1N": 14, "1E": 12}
    assert totals["1N"] - totals["1E"] == 2 * (8 + 6 - 13)


def test_results_from_record_refuses_unscheduled_and_repeated_plays() -> None:
    schedule = mv.mitchell(3)
    with pytest.raises(InvalidResultError, match="not played at table 4"):
        results_from_record(schedule, [NSRecord(1, 4, 1, 7)])
    with pytest.raises(InvalidResultError, match="recorded twice"):
        results_from_record(schedule, [NSRecord(1, 1, 1, 7), NSRecord(1, 1, 1, 6)])


# ---------------------------------------------------------------------------------------------
# Head-to-head matches (SC-4, MT-3, D-DU8)


def foster_four_results(margins: dict[str, tuple[int, int]]) -> list[TrayResult]:
    """Results on Foster's four-pair schedule giving N–S totals (table 1, table 2) per set."""
    schedule = mv.howell(2)
    out = []
    for p in mv.plays(schedule):
        total = margins[p.set][p.table - 1]
        index = p.tray - schedule.set_by_label(p.set).trays[0]
        share = total // 8 + (1 if index < total % 8 else 0)
        out.append(TrayResult(p.tray, p.ns, p.ew, share, False, p.round, p.table))
    return out


def test_duv_4_foster_four_pairs_matches() -> None:
    res = foster_four_results({"1": (52, 52), "2": (52, 52), "3": (52, 52)})
    found = {frozenset((m.first, m.second)): m for m in matches(res)}
    assert set(found) == {frozenset(x) for x in ("ac", "bd", "ad", "cb", "ab", "dc")}
    assert all(len(m.trays) == 8 for m in found.values())


def test_duv_5_matches_then_margin() -> None:
    """a and d win two matches each; a's margin +6 beats d's +2 (MT-3)."""
    res = foster_four_results({"1": (50, 54), "2": (52, 51), "3": (50, 53)})
    table = match_standings(res)
    line = {s.pair: (s.score, s.margin, s.place) for s in table}
    assert line["a"] == (Fraction(2), 6, 1)
    assert line["d"] == (Fraction(2), 2, 2)
    assert line["c"] == (Fraction(2), 0, 3)
    assert line["b"] == (Fraction(0), -8, 4)
    assert [s.pair for s in table] == ["a", "d", "c", "b"]


def test_duv_11_equal_tricks_give_half_a_match_each() -> None:
    res = foster_four_results({"1": (52, 52), "2": (50, 53), "3": (52, 52)})
    m = next(m for m in matches(res) if {m.first, m.second} == {"b", "d"})
    assert m.first_points == m.second_points == Fraction(1, 2)
    assert m.winner is None
    pts = {s.pair: s.score for s in match_standings(res)}
    assert sum(pts.values()) == 6


def test_foster_six_pairs_matches_ignore_the_spare_n_s_pairs() -> None:
    """SC-4 on §4.4b: 15 matches of two deals; in position 7 only the E–W scores count (a v d)."""
    schedule = mv.foster_six()
    results = results_for(schedule, [7, 6, 8, 5, 9])
    found = matches(results)
    assert len(found) == 15
    assert all(len(m.trays) == 2 for m in found)
    assert all(ANY_PAIR not in (m.first, m.second) for m in found)
    table = score_event(schedule, results).standings
    assert {s.pair for s in table} == set("abcdef")
    assert all(s.trays == 10 for s in table)
    assert sum(s.score for s in table) == 15


# ---------------------------------------------------------------------------------------------
# Single-table (Mnemonic) Duplicate (SD-6, SD-7)


def test_duv_6_fixed_pairs() -> None:
    originals = [6, 7, 5, 6, 6, 5, 6, 6]  # pair Y, E–W, 47
    overplays = [7, 6, 7, 6, 7, 6, 6, 6]  # pair X, E–W on the same cards, 51
    result = fixed_pairs_mnemonic(originals, overplays)
    assert (result.original_tricks, result.replay_tricks) == (47, 51)
    assert (result.winner, result.margin) == ("X", 4)
    with pytest.raises(InvalidResultError):
        fixed_pairs_mnemonic([6], [6, 7])


def test_duv_7_individuals() -> None:
    deal = IndividualDeal(("S", "c"), ("a", "b"), original_ns_tricks=8, overplay_ns_tricks=6)
    assert individual_mnemonic([deal]) == {"S": 2, "c": 2, "a": -2, "b": -2}


def test_sd_7_individual_totals_sum_to_zero_over_the_schedule() -> None:
    blocks = [b for b in mv.single_table_individuals() if not b.overplay]
    deals = [
        IndividualDeal(("S", b.north), b.east_west, 7 + d % 3, 6 + d % 2)
        for b in blocks
        for d in b.deals
    ]
    totals = individual_mnemonic(deals)
    assert sum(totals.values()) == 0
    assert set(totals) == {"S", "a", "b", "c"}


# ---------------------------------------------------------------------------------------------
# Whole events, travellers, bad input


def test_score_event_uses_the_movement_s_method() -> None:
    for schedule, method in (
        (mv.mitchell(3), "fields"),
        (mv.howell(4), "equated"),
        (mv.howell(2), "matches"),
        (mv.team_system(5), "teams"),
        (mv.mnemonic(mv.howell(3)), "totals"),
    ):
        result = score_event(schedule, results_for(schedule, [7, 5, 9, 6, 8]))
        assert result.method == method
        assert {s.pair for s in result.standings} == set(schedule.pairs)
        assert len(result.travellers) == sum(len(x.trays) for x in schedule.sets)


def test_score_event_wants_every_play_and_only_scheduled_plays() -> None:
    schedule = mv.mitchell(3)
    results = results_for(schedule, [7])
    with pytest.raises(InvalidResultError, match="no result"):
        score_event(schedule, results[:-1])
    wrong = [*results[:-1], TrayResult(results[-1].tray, "1N", "1E", 7)]
    with pytest.raises(InvalidResultError):
        score_event(schedule, wrong)
    with pytest.raises(InvalidResultError, match="twice"):
        score_event(schedule, [*results, results[0]])


def test_traveller_lists_every_play_with_its_score_against_par() -> None:
    schedule = mv.mitchell(3)
    results = results_for(schedule, [7, 9, 5])
    board = travellers(results)[0]
    assert board.tray == 1
    assert len(board.lines) == 3
    assert board.par == Fraction(sum(x.ns_tricks for x in board.lines), 3)
    for line in board.lines:
        assert line.ns_tricks + line.ew_tricks == 13
        assert line.ns_score == line.ns_tricks - board.par
    assert [line.round for line in board.lines] == sorted(line.round for line in board.lines)


def test_impossible_results_are_refused() -> None:
    with pytest.raises(InvalidResultError, match="0–13"):
        TrayResult(1, "a", "b", 14)
    with pytest.raises(InvalidResultError, match="both ways"):
        TrayResult(1, "a", "a", 7)
    with pytest.raises(InvalidResultError):
        totals_standings([])
    with pytest.raises(VivantError):
        IndividualDeal(("S", "a"), ("a", "b"), 7, 7)


def test_ties_share_the_place() -> None:
    table = equated_standings([TrayResult(1, "a", "b", 7), TrayResult(1, "c", "d", 7)])
    assert [s.place for s in table] == [1, 1, 1, 1]
    assert all(s.score == 0 for s in table)


# ---------------------------------------------------------------------------------------------
# Properties

tricks_lists = st.lists(st.integers(0, 13), min_size=1, max_size=40)


@settings(max_examples=40, deadline=None)
@given(tricks_lists, st.sampled_from([("howell", 4), ("howell", 3), ("mitchell", 4)]))
def test_eq_2_equated_scores_sum_to_zero(tricks: list[int], movement: tuple[str, int]) -> None:
    schedule = mv.generate(*movement)
    total = sum(s.score for s in equated_standings(results_for(schedule, tricks)))
    assert total == 0


@settings(max_examples=40, deadline=None)
@given(tricks_lists, st.sampled_from([3, 4, 5, 6]))
def test_eq_4_equating_a_mitchell_gives_the_compass_plus_minus(
    tricks: list[int], tables: int
) -> None:
    results = results_for(mv.mitchell(tables), tricks)
    assert scores(equated_standings(results)) == scores(compass_standings(results))


@settings(max_examples=40, deadline=None)
@given(tricks_lists, st.sampled_from([2, 3, 4]))
def test_mn_2_mnemonic_howell_ranks_alike_by_totals_and_by_equating(
    tricks: list[int], tables: int
) -> None:
    results = results_for(mv.mnemonic(mv.howell(tables)), tricks)
    eq = scores(equated_standings(results))
    raw = scores(totals_standings(results))
    plays = {s.pair: s.trays for s in totals_standings(results)}
    for pair in raw:
        # equated = raw − 13/2 per play, the same for every pair (each plays the same trays)
        assert eq[pair] == raw[pair] - Fraction(13 * plays[pair], 2)
    assert len(set(plays.values())) == 1


@settings(max_examples=30, deadline=None)
@given(tricks_lists)
def test_mn_3_n_s_record_alone_determines_every_total(tricks: list[int]) -> None:
    schedule = mv.mnemonic(mv.mitchell(3))
    full = results_for(schedule, tricks)
    records = [NSRecord(r.tray, r.table, r.pass_number, r.ns_tricks) for r in full]
    rebuilt = results_from_record(schedule, records)
    assert sorted(rebuilt, key=repr) == sorted(full, key=repr)
    assert scores(score_event(schedule, rebuilt).standings) == scores(totals_standings(full))
