"""Multi-table movements for Duplicate Whist: generators and a validator.

A *schedule* says, for every round and table, which pair sits North–South, which East–West, which
set of trays they play and whether the trays lie turned (rules movements.md §1, MV-1.1…MV-1.6).
Every schedule here is generated for the number of tables by the movement's own rule, then checked
by :func:`validate`, which works from the seatings alone and re-derives what the movement promises.

Movements (movements.md; duplicate.md §4; seed 003 "Mnemonic Duplicate for more than one table"):

* ``mitchell`` — compass whist (MI-2, MI-3, MT-4, §3.2). N–S pairs sit still; E–W pairs move one
  table down (2 → 1, 1 → last) after each round; the sets move one table up (D-DU9). Odd table
  counts rotate unaided (MI-4); even ones use the skip form: the E–W pairs move two tables after
  round n/2 (MI-5, §3.4). Scored in two fields (SC-1, SC-2).
* ``mitchell-stands`` — the rest-stand form (MI-5, §3.5, [BC4]): 2n stations alternate table and
  stand, 2n half-size sets advance one station per round, E–W pairs move one table down, 2n rounds.
* ``howell`` — the Howell pair system (HO-4…HO-12, §4.3–§4.6), every two pairs meet exactly once:
  4 pairs is Foster's schedule (MT-3, D-DU4: pair a E–W at table 1, every set shared by both
  tables); 6 pairs is the modern form of §4.4a (four sets circulate, the fifth is shared by all
  tables in the last round — HO-6), found by search; 8 pairs and more is the cyclic share-free form
  of §4.6 (seat succession HO-7, set offsets b_k). 10 pairs has no share-free cyclic form (§4.6) and
  is refused.
* ``teams`` — Howell's team system for odd table counts (§4.7, [FCH pp.109–110]): team x's E–W pair
  stays at table x, N–S pairs move one table east, trays move (n − 1)/2 tables west; with two tables
  it is the match of two teams of four (MT-1).
* ``foster-six`` — Foster's period schedule for six pairs at three tables (§4.4b, [FCH pp.112–114]),
  scored as fifteen two-deal matches (SC-4); for exactly six pairs.
* ``snow`` — not documented anywhere the rules files could find (SN-1…SN-2, D-DU6, D-MV7): refused.

Outside the schedule model: :func:`single_table_individuals`, the four-player rotation of
individual Single-table (Mnemonic) Duplicate (SD-7).

:func:`mnemonic` runs any schedule twice, the second time with every tray turned (MN-1, MT-5, V8).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Final

from vivant.describe import count_words
from vivant.errors import VivantError

__all__ = [
    "ANY_PAIR",
    "HOWELL_OFFSETS",
    "KINDS",
    "MAX_TABLES",
    "MOVEMENT_WORDS",
    "Check",
    "IndividualSeating",
    "InvalidScheduleError",
    "Schedule",
    "Seating",
    "TrayPlay",
    "TraySet",
    "UnsupportedMovementError",
    "Validation",
    "accepted_tables",
    "comparisons",
    "default_movement",
    "foster_six",
    "generate",
    "howell",
    "meetings",
    "mitchell",
    "mitchell_stands",
    "mnemonic",
    "plays",
    "set_label",
    "single_table_individuals",
    "team_system",
    "validate",
]


class UnsupportedMovementError(VivantError):
    """A movement the rules files do not pin down, or a table count its rule cannot serve."""


class InvalidScheduleError(VivantError):
    """A schedule that fails one of the validation properties (movements.md §1.2)."""


#: Largest table count offered for compass movements (Foster's Knickerbocker club: 14 tables).
MAX_TABLES: Final = 30
#: Howell's own schedules ran from 8 to 30 pairs (HO-2): at most 15 tables.
MAX_HOWELL_TABLES: Final = 15

#: Movement kinds :func:`generate` knows, with their aliases.
KINDS: Final[Mapping[str, str]] = {
    "mitchell": "mitchell",
    "compass": "mitchell",
    "mitchell-stands": "mitchell-stands",
    "rest-stands": "mitchell-stands",
    "howell": "howell",
    "teams": "teams",
    "howell-teams": "teams",
    "foster-six": "foster-six",
    "foster6": "foster-six",
    "snow": "snow",
}

#: What a person is told of each movement the lobby offers, in a line (MI-3, HO-2, HO-4, §4.7).
MOVEMENT_WORDS: Final[Mapping[str, str]] = {
    "howell": "Howell — every two pairs meet",
    "mitchell": "Mitchell — E–W and trays move on",
    "teams": "Teams — team against team",
}


def default_movement(tables: int) -> str:
    """The movement an event gets when none is asked for: the Howell pair system at two tables,
    where every pair meets every other (HO-4, MT-3), else the Mitchell (MI-3)."""
    return "howell" if tables == 2 else "mitchell"


#: Set offsets b_1…b_{n−1} and reversed matches of the cyclic Howell (movements.md §4.6), for the
#: pair counts the rules file lists; chosen there for their balanced comparisons. Other counts are
#: searched for by :func:`_search_offsets`.
HOWELL_OFFSETS: Final[Mapping[int, tuple[tuple[int, ...], frozenset[int]]]] = {
    8: ((5, 3, 6), frozenset()),
    12: ((3, 5, 9, 1, 4), frozenset({2})),
    14: ((3, 5, 9, 1, 6, 2), frozenset({4})),
    16: ((2, 7, 11, 6, 1, 13, 5), frozenset({1, 3, 5, 7})),
}

# Forms a schedule can take; the validator checks each form's own promises.
MITCHELL_ODD: Final = "mitchell"
MITCHELL_SKIP: Final = "mitchell skip"
MITCHELL_STANDS: Final = "mitchell rest-stand"
HOWELL_SHARED: Final = "howell shared sets (Foster four pairs)"
HOWELL_LAST_SHARED: Final = "howell last round shared"
HOWELL_CYCLIC: Final = "howell cyclic"
TEAMS_HOWELL: Final = "howell team system"
TEAMS_TWO: Final = "two teams of four"
FOSTER_SIX: Final = "Foster six pairs"

#: A seat any spare pair may fill, whose results do not count (Foster's six pairs, position 7).
ANY_PAIR: Final = "*"


@dataclass(frozen=True)
class TraySet:
    """A set: the trays one table plays in one round (MV-1.2). Trays are numbered 1, 2, …"""

    label: str
    trays: tuple[int, ...]


@dataclass(frozen=True)
class Seating:
    """One table in one round: the N–S pair, the E–W pair, the set, and the trays' orientation.

    ``turned`` means the tray's N–S hands are held at the E–W seats (MV-1.5, the mnemonic replay).
    Rounds are numbered from 1 over the whole event; ``pass_number`` is 2 in a mnemonic replay.
    """

    round: int
    table: int
    ns: str
    ew: str
    set: str
    turned: bool = False
    pass_number: int = 1


@dataclass(frozen=True)
class TrayPlay:
    """One play of one tray: who sat where, in which round, at which step of the round (D-MV3)."""

    round: int
    table: int
    step: int
    tray: int
    set: str
    ns: str
    ew: str
    turned: bool
    pass_number: int
    original: bool


@dataclass(frozen=True)
class Schedule:
    """A whole movement as data (movements.md §1.1): pairs, sets, and a seating per round × table.

    ``scoring`` names the comparison the rules give this movement: ``"fields"`` (compass, SC-2),
    ``"matches"`` (Foster's head-to-head matches, SC-4), ``"equated"`` (Howell, HO-11),
    ``"teams"`` (MT-1, MT-2) or ``"totals"`` (a mnemonic replay, MN-2, MN-3).
    """

    kind: str
    form: str
    tables: int
    pairs: tuple[str, ...]
    sets: tuple[TraySet, ...]
    seatings: tuple[Seating, ...]
    rounds_per_pass: int
    scoring: str
    passes: int = 1

    @property
    def rounds(self) -> int:
        """Number of rounds over all passes."""
        return self.rounds_per_pass * self.passes

    @property
    def trays_per_set(self) -> int:
        return len(self.sets[0].trays)

    def set_by_label(self, label: str) -> TraySet:
        for s in self.sets:
            if s.label == label:
                return s
        raise KeyError(label)

    def round_seatings(self, round_number: int) -> tuple[Seating, ...]:
        """The seatings of one round, by table number."""
        return tuple(
            sorted((s for s in self.seatings if s.round == round_number), key=lambda s: s.table)
        )

    def seating(self, round_number: int, table: int) -> Seating | None:
        for s in self.seatings:
            if s.round == round_number and s.table == table:
                return s
        return None

    def describe(self) -> str:
        passes = ", run twice (mnemonic)" if self.passes == 2 else ""
        return (
            f"{self.form}: {count_words(self.tables, 'table')}, "
            f"{count_words(len(self.pairs), 'pair')}, {count_words(len(self.sets), 'set')} of "
            f"{count_words(self.trays_per_set, 'tray')}, "
            f"{count_words(self.rounds_per_pass, 'round')}{passes}"
        )


@dataclass(frozen=True)
class Check:
    """One validation property and its outcome."""

    id: str
    rule: str
    passed: bool
    detail: str = ""


@dataclass(frozen=True)
class Validation:
    """The outcome of :func:`validate`: every check, with the meeting and comparison counts."""

    checks: tuple[Check, ...]
    meetings: Mapping[tuple[str, str], int]
    comparisons: Mapping[tuple[str, str], int]

    @property
    def ok(self) -> bool:
        return all(c.passed for c in self.checks)

    def failures(self) -> tuple[Check, ...]:
        return tuple(c for c in self.checks if not c.passed)


# ---------------------------------------------------------------------------------------------
# Helpers


def set_label(index: int) -> str:
    """Letters for compass sets (MV-1, §3.3): 0 → ``A`` … 25 → ``Z``, 26 → ``AA`` …"""
    label = ""
    i = index + 1
    while i:
        i, rem = divmod(i - 1, 26)
        label = chr(ord("A") + rem) + label
    return label


def _make_sets(labels: Iterable[str], trays_per_set: int) -> tuple[TraySet, ...]:
    return tuple(
        TraySet(label, tuple(range(i * trays_per_set + 1, (i + 1) * trays_per_set + 1)))
        for i, label in enumerate(labels)
    )


def _check_trays(trays_per_set: int) -> None:
    if trays_per_set < 1:
        raise UnsupportedMovementError(
            f"trays per set must be at least 1, got {trays_per_set} (MV-1.2)"
        )


def _finish(schedule: Schedule) -> Schedule:
    """Validate a freshly generated schedule; a generator never hands out an invalid one. Too
    few trays for a set shared by several tables at once (V7, D-MV3) is the one failure a
    person's choice makes, and it is said as that choice."""
    sharing = Counter((s.round, s.set) for s in schedule.seatings)
    most = max(sharing.values(), default=1)
    if most > schedule.trays_per_set:
        raise UnsupportedMovementError(
            f"{schedule.describe()}: a set of trays is shared by {most} tables at once, so it "
            f"needs at least {most} trays, not {schedule.trays_per_set}"
        )
    result = validate(schedule)
    if not result.ok:
        failed = "; ".join(f"{c.id} {c.detail}" for c in result.failures())
        raise InvalidScheduleError(f"{schedule.describe()} fails validation: {failed}")
    return schedule


# ---------------------------------------------------------------------------------------------
# Mitchell (compass)


def mitchell(tables: int, trays_per_set: int | None = None) -> Schedule:
    """Foster's compass movement, modern Mitchell tray travel (MI-2, MI-3, MI-4, MI-5, §3.2).

    Pair ``tN`` sits N–S at table t throughout; pair ``tE`` starts E–W at table t and moves one
    table down after every round (table 1 → table n); set S_t starts at table t and moves one table
    up (D-DU9). n rounds. With an even n the E–W pairs move two tables after round n/2 (the skip,
    §3.4), so no pair meets a set twice. Sets hold ⌈24/n⌉ trays unless told (D-MV1).
    """
    if tables < 3 or tables > MAX_TABLES:
        hint = (
            " (with 2 tables the skip brings every E–W pair back to its own table: use the "
            "two-team match, kind 'teams', or the 4-pair Howell)"
            if tables == 2
            else ""
        )
        raise UnsupportedMovementError(
            f"the Mitchell movement is generated for 3 to {MAX_TABLES} tables, not {tables}{hint}"
        )
    k = trays_per_set if trays_per_set is not None else math.ceil(24 / tables)
    _check_trays(k)
    sets = _make_sets((set_label(i) for i in range(tables)), k)
    skip = tables % 2 == 0
    seatings = []
    for r in range(tables):
        ew_shift = r + (1 if skip and r >= tables // 2 else 0)
        for t in range(tables):
            seatings.append(
                Seating(
                    round=r + 1,
                    table=t + 1,
                    ns=f"{t + 1}N",
                    ew=f"{(t + ew_shift) % tables + 1}E",
                    set=sets[(t - r) % tables].label,
                )
            )
    pairs = tuple(f"{t}N" for t in range(1, tables + 1)) + tuple(
        f"{t}E" for t in range(1, tables + 1)
    )
    return _finish(
        Schedule(
            kind="mitchell",
            form=MITCHELL_SKIP if skip else MITCHELL_ODD,
            tables=tables,
            pairs=pairs,
            sets=sets,
            seatings=tuple(seatings),
            rounds_per_pass=tables,
            scoring="fields",
        )
    )


def mitchell_stands(tables: int, trays_per_set: int | None = None) -> Schedule:
    """Mitchell with a rest stand between every two tables (MI-5, §3.2, §3.5, [BC4]).

    Stations T1, s12, T2, s23, …, Tn, sn1; 2n half-size sets start one per station and advance one
    station per round toward higher tables; E–W pairs move one table down; 2n rounds; every N–S pair
    meets every E–W pair twice. The rules file gives the form for multiples of 4 tables; with the
    stated stepping an E–W pair gains three stations a round on the sets, so a table count divisible
    by 3 (12, 24) brings pairs back to sets already played and is refused.
    """
    if tables < 4 or tables > MAX_TABLES or tables % 4:
        raise UnsupportedMovementError(
            f"the rest-stand Mitchell is defined for a multiple of 4 tables (MI-5), not {tables}"
        )
    if tables % 3 == 0:
        raise UnsupportedMovementError(
            f"the rest-stand Mitchell cannot serve {tables} tables: E–W pairs gain three stations "
            f"a round on the sets, so with {2 * tables} stations they would meet sets again (V2)"
        )
    k = trays_per_set if trays_per_set is not None else math.ceil(12 / tables)
    _check_trays(k)
    stations = 2 * tables
    sets = _make_sets((set_label(i) for i in range(stations)), k)
    seatings = []
    for r in range(stations):
        for t in range(tables):
            seatings.append(
                Seating(
                    round=r + 1,
                    table=t + 1,
                    ns=f"{t + 1}N",
                    ew=f"{(t + r) % tables + 1}E",
                    set=sets[(2 * t - r) % stations].label,
                )
            )
    pairs = tuple(f"{t}N" for t in range(1, tables + 1)) + tuple(
        f"{t}E" for t in range(1, tables + 1)
    )
    return _finish(
        Schedule(
            kind="mitchell-stands",
            form=MITCHELL_STANDS,
            tables=tables,
            pairs=pairs,
            sets=sets,
            seatings=tuple(seatings),
            rounds_per_pass=stations,
            scoring="fields",
        )
    )


# ---------------------------------------------------------------------------------------------
# Howell pair system


def _search_offsets(tables: int) -> tuple[int, ...] | None:
    """Set offsets b_1…b_{n−1} of a share-free cyclic Howell for 2n pairs (§4.6), or None.

    The schedule is complete and share-free exactly when the b_k are distinct and non-zero and
    {0} ∪ {b_k − k, b_k + k} covers every residue mod 2n − 1 once. Depth-first search, largest k
    first, smallest b first; exhaustive, so None means no such schedule exists.
    """
    m = 2 * tables - 1
    used = [False] * m
    used[0] = True
    chosen: dict[int, int] = {}

    def place(k: int) -> bool:
        if k == 0:
            return True
        for b in range(1, m):
            if b in chosen.values():
                continue
            lo, hi = (b - k) % m, (b + k) % m
            if lo == hi or used[lo] or used[hi]:
                continue
            used[lo] = used[hi] = True
            chosen[k] = b
            if place(k - 1):
                return True
            used[lo] = used[hi] = False
            del chosen[k]
        return False

    if not place(tables - 1):
        return None
    return tuple(chosen[k] for k in range(1, tables))


def _howell_match(r: int, k: int, m: int, rev: bool) -> tuple[int, int]:
    """The k-th match of round r among moving pairs 1…m (HO-7): (N–S, E–W) as residues 1…m."""
    a, b = (r + k - 1) % m + 1, (r - k - 1) % m + 1
    return (b, a) if rev else (a, b)


def _search_last_round_shared(
    m: int, tables: int, rev: frozenset[int]
) -> dict[tuple[int, int], int]:
    """Sets for the HO-6 form: rounds 1…m−1 share-free with sets 1…m−1, set m shared last.

    Table 1 holds the stationary pair against pair r, playing set r; the other matches of the
    seat-succession pairing (HO-7) get sets so that each pair plays every set once. Exhaustive
    depth-first search in round-then-table order, smallest set first.
    """
    cells = [(r, k) for r in range(1, m) for k in range(tables - 1, 0, -1)]
    played: dict[int, set[int]] = {p: {p} for p in range(1, m + 1)}
    in_round: dict[int, set[int]] = {r: {r} for r in range(1, m)}
    assign: dict[tuple[int, int], int] = {}

    def place(i: int) -> bool:
        if i == len(cells):
            return True
        r, k = cells[i]
        pair = _howell_match(r, k, m, k in rev)
        for s in range(1, m):
            if s in in_round[r] or s in played[pair[0]] or s in played[pair[1]]:
                continue
            in_round[r].add(s)
            played[pair[0]].add(s)
            played[pair[1]].add(s)
            assign[(r, k)] = s
            if place(i + 1):
                return True
            in_round[r].discard(s)
            played[pair[0]].discard(s)
            played[pair[1]].discard(s)
            del assign[(r, k)]
        return False

    if not place(0):
        raise UnsupportedMovementError(f"no last-round-shared Howell exists for {2 * tables} pairs")
    return assign


def howell(tables: int, trays_per_set: int | None = None) -> Schedule:
    """The Howell pair system for 2n pairs at n tables (HO-4, HO-7, HO-10, §4.3–§4.6).

    2n − 1 rounds; one pair stationary at table 1; the others follow the seat-succession rule
    (HO-7): in round r the moving pairs, numbered by residues mod 2n − 1, meet as (r + k) – (r − k)
    at table k + 1, the stationary pair plays pair r. Every two pairs meet exactly once and every
    pair plays every set once.

    * 2 tables — Foster's four-pair schedule (MT-3, D-DU4, §4.3): pairs a–d, a E–W at table 1,
      3 sets of 8 trays, each set shared by both tables (each table deals four, then they exchange).
    * 3 tables — the modern form (§4.4a, HO-6): sets 1–4 circulate, set 5 shared by all three
      tables in round 5; found by search (the only solution).
    * 4 tables and more — the cyclic share-free form (§4.6, §4.5): the k-th match plays set
      r + b_k; b from :data:`HOWELL_OFFSETS` or searched. 5 tables (10 pairs): none exists; refused.

    Sets hold 8 (4 pairs), 4 (6 pairs), 3 (8 pairs) or ⌊24/(2n − 1)⌋ ≥ 2 trays unless told (D-MV1).
    """
    if tables < 2 or tables > MAX_HOWELL_TABLES:
        raise UnsupportedMovementError(
            f"the Howell pair system is generated for 2 to {MAX_HOWELL_TABLES} tables "
            f"(4 to 30 pairs, HO-2), not {tables}"
        )
    m = 2 * tables - 1
    defaults = {2: 8, 3: 4, 4: 3}
    k = trays_per_set if trays_per_set is not None else defaults.get(tables, max(2, 24 // m))
    _check_trays(k)
    seatings: list[Seating] = []
    if tables == 2:
        # Foster's pairs: a stationary (E–W at table 1); b, c, d are moving pairs 1, 2, 3.
        names = ("a", "b", "c", "d")
        sets = _make_sets(("1", "2", "3"), k)
        for r in range(1, m + 1):
            label = sets[r - 1].label
            seatings.append(Seating(r, 1, names[r], "a", label))
            ns, ew = _howell_match(r, 1, m, rev=True)
            seatings.append(Seating(r, 2, names[ns], names[ew], label))
        return _finish(
            Schedule(
                kind="howell",
                form=HOWELL_SHARED,
                tables=2,
                pairs=names,
                sets=sets,
                seatings=tuple(seatings),
                rounds_per_pass=m,
                scoring="matches",
            )
        )
    sets = _make_sets((str(i) for i in range(1, m + 1)), k)
    stationary = str(2 * tables)
    pairs = tuple(str(i) for i in range(1, 2 * tables + 1))
    if tables == 3:
        rev = frozenset({1})
        assign = _search_last_round_shared(m, tables, rev)
        for r in range(1, m + 1):
            seatings.append(Seating(r, 1, stationary, str(r), str(r)))
            for table, kk in enumerate(range(tables - 1, 0, -1), start=2):
                ns, ew = _howell_match(r, kk, m, kk in rev)
                s = assign[(r, kk)] if r < m else m
                seatings.append(Seating(r, table, str(ns), str(ew), str(s)))
        form = HOWELL_LAST_SHARED
    else:
        if 2 * tables in HOWELL_OFFSETS:
            offsets, rev = HOWELL_OFFSETS[2 * tables]
        else:
            found = _search_offsets(tables)
            if found is None:
                raise UnsupportedMovementError(
                    f"no share-free cyclic Howell exists for {2 * tables} pairs "
                    "(movements.md §4.6); a 5-table Howell needs a published schedule with "
                    "relay tables, which the rules files do not give"
                )
            offsets, rev = found, frozenset()
        for r in range(1, m + 1):
            seatings.append(Seating(r, 1, stationary, str(r), str(r)))
            for kk in range(1, tables):
                ns, ew = _howell_match(r, kk, m, kk in rev)
                s = (r + offsets[kk - 1] - 1) % m + 1
                seatings.append(Seating(r, kk + 1, str(ns), str(ew), str(s)))
        form = HOWELL_CYCLIC
    return _finish(
        Schedule(
            kind="howell",
            form=form,
            tables=tables,
            pairs=pairs,
            sets=sets,
            seatings=tuple(seatings),
            rounds_per_pass=m,
            scoring="equated",
        )
    )


# ---------------------------------------------------------------------------------------------
# Team systems


def team_system(tables: int, trays_per_set: int | None = None) -> Schedule:
    """Howell's team system for an odd number of tables, or two teams of four (§4.7, MT-1).

    Odd n ≥ 3 [FCH pp.109–110]: team x's E–W pair (``xE``) sits at table x throughout; before the
    first set every N–S pair (``xN``) moves one table east, and one more after each set; each table
    deals four trays into a group, and after each set the groups move (n − 1)/2 tables west. n − 1
    sets; every two teams play exactly one complete match (one pair of each holds the same deals in
    opposite directions).

    Two tables (MT-1, [AWL94][FCH]): team O sits N–S at table 1 and E–W at table 2, team X the
    reverse; every deal is played at both tables (16 by default, D-MV3 halves).
    """
    if tables == 2:
        k = trays_per_set if trays_per_set is not None else 16
        _check_trays(k)
        sets = _make_sets((f"1–{k}",), k)
        label = sets[0].label
        return _finish(
            Schedule(
                kind="teams",
                form=TEAMS_TWO,
                tables=2,
                pairs=("ON", "OE", "XN", "XE"),
                sets=sets,
                seatings=(Seating(1, 1, "ON", "XE", label), Seating(1, 2, "XN", "OE", label)),
                rounds_per_pass=1,
                scoring="teams",
            )
        )
    if tables < 3 or tables % 2 == 0 or tables > 25:
        raise UnsupportedMovementError(
            f"Howell's team system needs an odd number of tables from 3 to 25, or 2 tables for two "
            f"teams of four, not {tables} (Gilman's even-team schedule is named but not described, "
            f"§4.7)"
        )
    k = trays_per_set if trays_per_set is not None else 4
    _check_trays(k)
    teams = [chr(ord("a") + i) for i in range(tables)]
    labels = [f"{i * k + 1}–{(i + 1) * k}" if k > 1 else str(i + 1) for i in range(tables)]
    sets = _make_sets(labels, k)
    h = (tables - 1) // 2
    seatings = []
    for s in range(1, tables):
        for t in range(tables):
            seatings.append(
                Seating(
                    round=s,
                    table=t + 1,
                    ns=f"{teams[(t - s) % tables]}N",
                    ew=f"{teams[t]}E",
                    set=sets[(t + (s - 1) * h) % tables].label,
                )
            )
    pairs = tuple(f"{x}N" for x in teams) + tuple(f"{x}E" for x in teams)
    return _finish(
        Schedule(
            kind="teams",
            form=TEAMS_HOWELL,
            tables=tables,
            pairs=pairs,
            sets=sets,
            seatings=tuple(seatings),
            rounds_per_pass=tables - 1,
            scoring="teams",
        )
    )


# Foster's six-pair positions [FCH pp.112–114] (movements.md §4.4b): per position, per table, the
# N–S and E–W pairs and the first deal of the two played (None: the table is idle). Positions 5 and
# 6 are the rules file's reconstruction (R), the only seats that complete the matches.
_FOSTER_SIX_POSITIONS: Final = (
    (("b", "a", 1), ("d", "c", 1), ("f", "e", 3)),
    (("c", "a", 5), ("d", "b", 5), None),
    (("e", "a", 7), ("d", "f", 7), ("b", "c", 3)),
    (("f", "a", 9), ("d", "e", 9), None),
    (("e", "b", 11), ("f", "c", 11), None),
    (("b", "f", 13), ("e", "c", 13), None),
    ((ANY_PAIR, "a", 15), (ANY_PAIR, "d", 15), None),
)


def foster_six(tables: int = 3, trays_per_set: int | None = None) -> Schedule:
    """Foster's period schedule for six pairs (movements.md §4.4b, [FCH pp.112–114], SC-4).

    Three tables, the third used only half the time; two deals per position. Tables 1 and 2 play
    the same two deals in each position, each dealing one and then exchanging (D-MV6: table 1 deals
    the lower number, as D-MV3's blocks give); table 3 deals 3–4 in position 1, keeps them in the
    trays, and has them overplayed in position 3. In position 7 pairs a and d sit E–W against any
    spare pairs (:data:`ANY_PAIR`) and only the E–W scores count. Every two pairs are compared
    exactly once (15 two-deal matches); every pair plays 10 deals; a and d never sit opposite.
    This is a period table for exactly six pairs, not a rule for other numbers: other table counts
    are refused.
    """
    if tables != 3:
        raise UnsupportedMovementError(
            f"Foster's six-pair schedule uses 3 tables (the third half the time), not {tables}"
        )
    k = trays_per_set if trays_per_set is not None else 2
    if k != 2:
        raise UnsupportedMovementError(
            f"Foster's six-pair schedule plays two deals per position, not {k} (§4.4b)"
        )
    sets = _make_sets((f"{d}–{d + 1}" for d in range(1, 17, 2)), k)
    label = {s.trays[0]: s.label for s in sets}
    seatings = tuple(
        Seating(position, table, ns, ew, label[first])
        for position, row in enumerate(_FOSTER_SIX_POSITIONS, start=1)
        for table, cell in enumerate(row, start=1)
        if cell is not None
        for ns, ew, first in (cell,)
    )
    return _finish(
        Schedule(
            kind="foster-six",
            form=FOSTER_SIX,
            tables=3,
            pairs=("a", "b", "c", "d", "e", "f"),
            sets=sets,
            seatings=seatings,
            rounds_per_pass=len(_FOSTER_SIX_POSITIONS),
            scoring="matches",
        )
    )


# ---------------------------------------------------------------------------------------------
# Mnemonic replay and dispatch


def mnemonic(schedule: Schedule) -> Schedule:
    """The schedule run through twice, the second time with every tray turned (MN-1, MT-5, V8).

    Seating and set order repeat exactly; the N–S hands go to the E–W players and vice versa.
    Howell events then need no equating (MN-2) and other movements keep N–S scores only (MN-3):
    every pair is ranked on one list by raw totals (scoring ``"totals"``).
    """
    if schedule.passes != 1:
        raise UnsupportedMovementError("the schedule is already a mnemonic replay")
    again = tuple(
        replace(s, round=s.round + schedule.rounds_per_pass, turned=not s.turned, pass_number=2)
        for s in schedule.seatings
    )
    return replace(schedule, seatings=schedule.seatings + again, passes=2, scoring="totals")


@dataclass(frozen=True)
class IndividualSeating:
    """SD-7: a block of deals at the single table of individual mnemonic duplicate."""

    deals: tuple[int, ...]
    north: str
    east_west: tuple[str, str]
    overplay: bool


def single_table_individuals(
    stationary: str = "S",
    others: tuple[str, str, str] = ("a", "b", "c"),
    deals_per_partner: int = 4,
) -> tuple[IndividualSeating, ...]:
    """Individual Single-table (Mnemonic) Duplicate for four players (SD-5, SD-7, [FCH]).

    ``stationary`` (S) never moves and keeps score; each of the others partners him (sitting N) for
    ``deals_per_partner`` originals, the last-named first (c, then b, then a), the other two sitting
    E–W; then every block is overplayed turned with the same N partner facing S, so each partners S
    for 4 originals and the same 4 replayed, 8 hands. Deals are numbered 1, 2, … in block order.
    """
    if len({stationary, *others}) != 4:
        raise UnsupportedMovementError("individual mnemonic duplicate needs four different players")
    if deals_per_partner < 1:
        raise UnsupportedMovementError(
            f"deals per partner must be 1 or more, not {deals_per_partner}"
        )
    blocks = []
    for i, partner in enumerate(reversed(others)):
        deals = tuple(range(i * deals_per_partner + 1, (i + 1) * deals_per_partner + 1))
        pair = tuple(p for p in others if p != partner)
        blocks.append(IndividualSeating(deals, partner, (pair[0], pair[1]), overplay=False))
    return tuple(blocks) + tuple(replace(b, overplay=True) for b in blocks)


_GENERATORS: Final[Mapping[str, Callable[[int, int | None], Schedule]]] = {
    "mitchell": mitchell,
    "mitchell-stands": mitchell_stands,
    "howell": howell,
    "teams": team_system,
    "foster-six": foster_six,
}


def generate(
    kind: str, tables: int, trays_per_set: int | None = None, *, replay: bool = False
) -> Schedule:
    """The schedule of movement ``kind`` (or an alias, :data:`KINDS`) for ``tables`` tables.

    ``replay`` runs it twice, turned the second time (mnemonic duplicate, MN-1). The Snow system is
    refused: no description of it was found (SN-1, SN-2, D-DU6, D-MV7).
    """
    name = KINDS.get(kind.strip().lower())
    if name is None:
        raise UnsupportedMovementError(
            f"unknown movement {kind!r}: expected one of {', '.join(sorted(KINDS))}"
        )
    if name == "snow":
        raise UnsupportedMovementError(
            "the Snow system is not documented: Foster prefers it 'where practicable' but gives "
            "no description of its movement (D-DU6, D-MV7); use 'mitchell' with the mnemonic "
            "replay instead"
        )
    schedule = _GENERATORS[name](tables, trays_per_set)
    return mnemonic(schedule) if replay else schedule


def accepted_tables(kind: str) -> tuple[int, ...]:
    """Every table count :func:`generate` accepts for ``kind`` (for tests and help texts)."""
    name = KINDS.get(kind.strip().lower(), kind)
    if name == "mitchell":
        return tuple(range(3, MAX_TABLES + 1))
    if name == "mitchell-stands":
        return tuple(n for n in range(4, MAX_TABLES + 1, 4) if n % 3)
    if name == "howell":
        return tuple(
            n
            for n in range(2, MAX_HOWELL_TABLES + 1)
            if n in (2, 3) or 2 * n in HOWELL_OFFSETS or _search_offsets(n) is not None
        )
    if name == "teams":
        return (2, *range(3, 26, 2))
    if name == "foster-six":
        return (3,)
    return ()


# ---------------------------------------------------------------------------------------------
# Plays: trays within rounds (D-MV3) and originals (D-MV2)


def plays(schedule: Schedule) -> tuple[TrayPlay, ...]:
    """Every play of every tray, in order, with the step at which it happens and its original.

    D-MV3: a set shared by m tables in one round is played so that no tray is needed at two tables
    at once. If m divides k the set is split into m blocks, the i-th sharing table starts (and
    deals) block i, and the blocks pass round (Foster's two tables dealing four each and exchanging,
    MVV-17); otherwise at step j the i-th sharing table plays tray (i + j) mod k (MVV-15). A table
    alone with its set plays the trays in order. D-MV2: each tray's first play in pass 1 is its
    original (where it is dealt); all later plays use its recorded hands and trump.
    """
    by_round_set: dict[tuple[int, str], list[Seating]] = defaultdict(list)
    for s in schedule.seatings:
        by_round_set[(s.round, s.set)].append(s)
    out: list[TrayPlay] = []
    for (_, label), group in by_round_set.items():
        trays = schedule.set_by_label(label).trays
        k, m = len(trays), len(group)
        for i, seat in enumerate(sorted(group, key=lambda s: s.table)):
            for j in range(k):
                if m > 1 and k % m == 0:
                    b = k // m
                    index = ((i + j // b) % m) * b + j % b
                else:
                    index = (i + j) % k
                out.append(
                    TrayPlay(
                        seat.round,
                        seat.table,
                        j,
                        trays[index],
                        label,
                        seat.ns,
                        seat.ew,
                        seat.turned,
                        seat.pass_number,
                        original=False,
                    )
                )
    out.sort(key=lambda p: (p.round, p.step, p.table))
    seen: set[int] = set()
    result = []
    for p in out:
        if p.pass_number == 1 and p.tray not in seen:
            seen.add(p.tray)
            p = replace(p, original=True)
        result.append(p)
    return tuple(result)


# ---------------------------------------------------------------------------------------------
# Validation (movements.md §1.2 V1–V9 and each movement's promises)


def _key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def meetings(schedule: Schedule, pass_number: int = 1) -> dict[tuple[str, str], int]:
    """How often each two pairs sit opposite in one pass (V4); every two pairs listed, 0 too."""
    count: Counter[tuple[str, str]] = Counter()
    for s in schedule.seatings:
        if s.pass_number == pass_number:
            count[_key(s.ns, s.ew)] += 1
    return {_key(a, b): count[_key(a, b)] for a, b in combinations(schedule.pairs, 2)}


def comparisons(schedule: Schedule, pass_number: int | None = None) -> dict[tuple[str, str], int]:
    """On how many sets each two pairs held the same hands (V6), over the whole event or one pass.

    The pair holding a set's N–S hands is the N–S pair when the trays lie normal, the E–W pair when
    they are turned.
    """
    holders: dict[tuple[str, str], set[str]] = defaultdict(set)
    for s in schedule.seatings:
        if pass_number is not None and s.pass_number != pass_number:
            continue
        ns_hands, ew_hands = (s.ew, s.ns) if s.turned else (s.ns, s.ew)
        holders[(s.set, "NS")].add(ns_hands)
        holders[(s.set, "EW")].add(ew_hands)
    sets_compared: dict[tuple[str, str], set[str]] = defaultdict(set)
    for (label, _), group in holders.items():
        for a, b in combinations(sorted(group), 2):
            sets_compared[(a, b)].add(label)
    return {_key(a, b): len(sets_compared[_key(a, b)]) for a, b in combinations(schedule.pairs, 2)}


def _table_of(pair: str) -> int:
    """Home table of a compass pair ``tN`` / ``tE`` (MV-1.6)."""
    return int(pair[:-1])


def _promised_meetings(schedule: Schedule) -> Callable[[str, str], int] | None:
    """How often the movement promises two pairs meet (V4), or None if it promises nothing."""
    n = schedule.tables
    form = schedule.form
    if form in (HOWELL_SHARED, HOWELL_LAST_SHARED, HOWELL_CYCLIC):
        return lambda a, b: 1
    if form in (MITCHELL_ODD, MITCHELL_SKIP, MITCHELL_STANDS):

        def compass(a: str, b: str) -> int:
            if a[-1] == b[-1]:
                return 0
            ns, ew = (a, b) if a.endswith("N") else (b, a)
            offset = (_table_of(ew) - _table_of(ns)) % n
            if form == MITCHELL_ODD:
                return 1
            if form == MITCHELL_STANDS:
                return 2
            return 2 if offset == 0 else 0 if offset == n // 2 else 1

        return compass
    if form in (TEAMS_HOWELL, TEAMS_TWO):
        return lambda a, b: int(a[-1] != b[-1] and a[:-1] != b[:-1])
    if form == FOSTER_SIX:
        return lambda a, b: int({a, b} != {"a", "d"})
    return None


def _check(checks: list[Check], id_: str, rule: str, problems: list[str]) -> None:
    shown = "; ".join(problems[:5]) + (f"; … {len(problems) - 5} more" if len(problems) > 5 else "")
    checks.append(Check(id_, rule, not problems, shown))


def _travel(schedule: Schedule) -> tuple[str, str, list[str]]:
    """Check that pairs and trays move as the movement says (MI-2, MI-3, HO-7, §4.7)."""
    n = schedule.tables
    R = schedule.rounds_per_pass
    grid: dict[tuple[int, int], Seating] = {
        (s.round, s.table): s for s in schedule.seatings if s.pass_number == 1
    }
    problems: list[str] = []
    form = schedule.form

    def at(r: int, t: int) -> Seating:
        return grid[(r, (t - 1) % n + 1)]

    if form in (MITCHELL_ODD, MITCHELL_SKIP, MITCHELL_STANDS):
        rule = "N–S pairs stay; E–W pairs move one table down"
        if form == MITCHELL_SKIP:
            rule += f" (two after round {n // 2})"
        rule += "; sets move one table up" if form != MITCHELL_STANDS else "; sets one station up"
        for r in range(1, R + 1):
            for t in range(1, n + 1):
                if at(r, t).ns != f"{t}N":
                    problems.append(f"round {r} table {t}: N–S pair {at(r, t).ns} is not {t}N")
        for r in range(1, R):
            step = 2 if form == MITCHELL_SKIP and r == n // 2 else 1
            for t in range(1, n + 1):
                if at(r + 1, t - step).ew != at(r, t).ew:
                    problems.append(
                        f"after round {r}: E–W pair {at(r, t).ew} left table {t} wrongly"
                    )
        if form == MITCHELL_STANDS:
            for r in range(1, R - 1):
                for t in range(1, n + 1):
                    if at(r + 2, t + 1).set != at(r, t).set:
                        problems.append(f"set {at(r, t).set} did not advance two stations")
            resting = [
                {s.set for s in schedule.round_seatings(r)}
                & {s.set for s in schedule.round_seatings(r + 1)}
                for r in range(1, R)
            ]
            problems += [f"sets {sorted(x)} play two rounds running" for x in resting if x]
        else:
            for r in range(1, R):
                for t in range(1, n + 1):
                    if at(r + 1, t + 1).set != at(r, t).set:
                        problems.append(
                            f"after round {r}: set {at(r, t).set} left table {t} wrongly"
                        )
        return "travel", rule, problems
    if form in (HOWELL_SHARED, HOWELL_LAST_SHARED, HOWELL_CYCLIC):
        rule = "one pair keeps its seat; every other pair takes the seat the next-lower pair had"
        seat_of: dict[tuple[int, str], tuple[int, str]] = {}
        for (r, t), s in grid.items():
            seat_of[(r, s.ns)] = (t, "N–S")
            seat_of[(r, s.ew)] = (t, "E–W")
        fixed = [p for p in schedule.pairs if len({seat_of[(r, p)] for r in range(1, R + 1)}) == 1]
        if len(fixed) != 1:
            problems.append(f"expected one stationary pair, found {fixed}")
        else:
            moving = [p for p in schedule.pairs if p != fixed[0]]
            for r in range(1, R):
                for i, p in enumerate(moving):
                    if seat_of[(r + 1, p)] != seat_of[(r, moving[i - 1])]:
                        problems.append(f"round {r + 1}: pair {p} is not in {moving[i - 1]}'s seat")
        if form == HOWELL_CYCLIC:
            rule += "; each table's set number rises by one each round"
            for r in range(1, R):
                for t in range(1, n + 1):
                    if int(at(r + 1, t).set) != int(at(r, t).set) % R + 1:
                        problems.append(f"table {t}: set after round {r} is not the next")
        elif form == HOWELL_SHARED:
            rule += "; every table plays set r in round r"
            problems += [
                f"round {s.round} table {s.table} plays set {s.set}"
                for s in grid.values()
                if s.set != schedule.sets[s.round - 1].label
            ]
        else:
            rule += "; no set shared before the last round, the last set shared by every table"
            for r in range(1, R + 1):
                used = [s.set for s in schedule.round_seatings(r)]
                if r < R and len(set(used)) != len(used):
                    problems.append(f"round {r} shares a set")
                if r == R and set(used) != {schedule.sets[-1].label}:
                    problems.append(f"round {r} does not share set {schedule.sets[-1].label}")
        return "HO-7", rule, problems
    if form == TEAMS_HOWELL:
        h = (n - 1) // 2
        rule = f"§4.7: E–W pairs stay; N–S pairs one table east; trays {h} tables west"
        for r in range(1, R + 1):
            for t in range(1, n + 1):
                s = at(r, t)
                if s.ew[:-1] != chr(ord("a") + t - 1):
                    problems.append(f"round {r} table {t}: E–W pair {s.ew} is not at home")
                if r == 1 and s.ns[:-1] != chr(ord("a") + (t - 2) % n):
                    problems.append(f"set 1 table {t}: N–S pair {s.ns} did not move one table east")
                if r < R:
                    if at(r + 1, t + 1).ns != s.ns:
                        problems.append(f"after set {r}: N–S pair {s.ns} did not move east")
                    if at(r + 1, t - h).set != s.set:
                        problems.append(f"after set {r}: trays {s.set} did not move {h} west")
        return "travel", rule, problems
    if form == FOSTER_SIX:
        rule = (
            "Foster's positions: every two pairs compared exactly once; deals 3–4 stay at table 3"
        )
        compared = comparisons(schedule, pass_number=1)
        problems += [f"{a}–{b} compared {c} times" for (a, b), c in compared.items() if c != 1]
        kept = {s.table for s in schedule.seatings if s.set == "3–4"}
        if kept != {3}:
            problems.append(f"deals 3–4 played at tables {sorted(kept)}")
        return "§4.4b", rule, problems
    if form == TEAMS_TWO:
        rule = "MT-1: team O N–S at table 1 and E–W at table 2, team X the reverse, one set at both"
        one, two = at(1, 1), at(1, 2)
        if (one.ns[:-1], one.ew[:-1], two.ns[:-1], two.ew[:-1]) != ("O", "X", "X", "O"):
            problems.append("teams not seated as MT-1 says")
        if one.set != two.set:
            problems.append("the two tables do not play the same deals")
        return "travel", rule, problems
    return "travel", "no travel rule known for this form", [f"unknown form {form!r}"]


def validate(schedule: Schedule) -> Validation:
    """Check a schedule against movements.md §1.2 (V1–V9) and its movement's promises.

    Works from the seatings alone, so it checks the generators rather than repeating them: V1 one
    table per pair per round, one N–S and one E–W pair per table; V2 no pair meets a tray twice in a
    pass; V3 complete movements give every pair every set once per pass (the team system gives
    each pair n − 1 of the n groups); V4 meetings exactly as promised; V5 one orientation per tray
    per pass; V6 comparisons counted; V7 shared sets hold enough trays and no tray is needed at two
    tables at once (D-MV3); V8 a replay repeats pass 1 turned; V9 each tray dealt exactly once;
    travel of pairs and trays as the movement says; for team movements, every two teams play one
    complete match.
    """
    checks: list[Check] = []
    pairs = set(schedule.pairs)
    seat_list = list(schedule.seatings)

    # V1
    problems: list[str] = []
    for r in range(1, schedule.rounds + 1):
        rnd = [s for s in seat_list if s.round == r]
        tables = Counter(s.table for s in rnd)
        problems += [f"round {r}: table {t} seated twice" for t, c in tables.items() if c > 1]
        problems += [
            f"round {r}: table {t} out of range" for t in tables if not 1 <= t <= schedule.tables
        ]
        seated = Counter(p for s in rnd for p in (s.ns, s.ew) if p != ANY_PAIR)
        problems += [f"round {r}: pair {p} at {c} places" for p, c in seated.items() if c > 1]
        problems += [f"round {r}: unknown pair {p}" for p in seated if p not in pairs]
    _check(
        checks,
        "V1",
        "each round each pair at one table; one N–S and one E–W pair a table",
        problems,
    )

    # V2, V3
    labels = [s.label for s in schedule.sets]
    per_pair: dict[tuple[int, str], Counter[str]] = defaultdict(Counter)
    for s in seat_list:
        for pair in (s.ns, s.ew):
            if pair != ANY_PAIR:
                per_pair[(s.pass_number, pair)][s.set] += 1
    problems = [
        f"pass {ps}: pair {p} plays set {label} {c} times"
        for (ps, p), counter in sorted(per_pair.items())
        for label, c in counter.items()
        if c > 1
    ]
    _check(checks, "V2", "no pair plays any tray twice within one pass", problems)
    problems = []
    if schedule.form == TEAMS_HOWELL:
        rule = "each pair plays n − 1 of the n tray groups (team system)"
        for ps in range(1, schedule.passes + 1):
            for p in schedule.pairs:
                if len(per_pair[(ps, p)]) != schedule.tables - 1:
                    problems.append(f"pass {ps}: pair {p} plays {len(per_pair[(ps, p)])} groups")
    elif schedule.form == FOSTER_SIX:
        rule = "every pair plays 10 deals: five of the eight two-deal sets (§4.4b)"
        for ps in range(1, schedule.passes + 1):
            for p in schedule.pairs:
                if len(per_pair[(ps, p)]) != 5:
                    problems.append(f"pass {ps}: pair {p} plays {len(per_pair[(ps, p)])} sets")
    else:
        rule = "every pair plays every set exactly once per pass"
        for ps in range(1, schedule.passes + 1):
            for p in schedule.pairs:
                missing = [x for x in labels if per_pair[(ps, p)][x] != 1]
                if missing:
                    problems.append(f"pass {ps}: pair {p} misses or repeats sets {missing}")
    _check(checks, "V3", rule, problems)

    # V4
    met = meetings(schedule)
    promise = _promised_meetings(schedule)
    if promise is None:
        checks.append(Check("V4", "meetings as promised", False, "no promise known for this form"))
    else:
        problems = [
            f"{a}–{b} meet {c} times, promised {promise(a, b)}"
            for (a, b), c in met.items()
            if c != promise(a, b)
        ]
        _check(checks, "V4", "meetings exactly as the movement promises", problems)

    # V5
    orient: dict[tuple[int, str], set[bool]] = defaultdict(set)
    for s in seat_list:
        orient[(s.pass_number, s.set)].add(s.turned)
    problems = [
        f"pass {ps}: set {label} played both ways"
        for (ps, label), o in orient.items()
        if len(o) > 1
    ]
    _check(checks, "V5", "within a pass every play of a tray has the same orientation", problems)

    # V7
    sharing = Counter((s.round, s.set) for s in seat_list)
    problems = [
        f"round {r}: set {label} shared by {m} tables holds {schedule.trays_per_set} trays"
        for (r, label), m in sharing.items()
        if m > schedule.trays_per_set
    ]
    all_plays = plays(schedule)
    at_once = Counter((p.round, p.step, p.tray) for p in all_plays)
    problems += [
        f"round {r} step {j}: tray {t} at {c} tables" for (r, j, t), c in at_once.items() if c > 1
    ]
    _check(
        checks,
        "V7",
        "a shared set holds a tray for every sharing table, none at two at once",
        problems,
    )

    # V8
    problems = []
    if schedule.passes == 2:
        first = {(s.round, s.table): s for s in seat_list if s.pass_number == 1}
        second = {
            (s.round - schedule.rounds_per_pass, s.table): s
            for s in seat_list
            if s.pass_number == 2
        }
        if first.keys() != second.keys():
            problems.append("pass 2 does not repeat pass 1's rounds and tables")
        for key, s in first.items():
            t = second.get(key)
            if t is not None and (t.ns, t.ew, t.set, t.turned) != (s.ns, s.ew, s.set, not s.turned):
                problems.append(f"round {key[0]} table {key[1]}: replay is not pass 1 turned")
        rule = "pass 2 repeats pass 1's seating and sets exactly, every tray turned"
    else:
        rule = "single pass (no mnemonic replay)"
    _check(checks, "V8", rule, problems)

    # V9
    originals = Counter(p.tray for p in all_plays if p.original)
    every_tray = [t for s in schedule.sets for t in s.trays]
    problems = [f"tray {t} dealt {originals[t]} times" for t in every_tray if originals[t] != 1]
    _check(
        checks, "V9", "each tray dealt exactly once (its original); all others overplays", problems
    )

    # travel
    try:
        id_, rule, problems = _travel(schedule)
    except KeyError as missing:
        id_, rule = "travel", "pairs and trays move as the movement says"
        problems = [f"cannot follow the movement: no seat or table for {missing}"]
    _check(checks, id_, rule, problems)

    # complete team matches (§4.7, MT-1)
    if schedule.form in (TEAMS_HOWELL, TEAMS_TWO):
        held: dict[tuple[str, str], set[str]] = defaultdict(set)
        for s in seat_list:
            if s.pass_number == 1:
                held[(s.ns[:-1], s.ew[:-1])].add(s.set)
        teams = sorted({p[:-1] for p in schedule.pairs})
        problems = []
        for x, y in combinations(teams, 2):
            both = held[(x, y)] & held[(y, x)]
            if len(both) != 1:
                problems.append(f"teams {x} and {y} play {len(both)} complete matches")
        _check(checks, "§4.7", "every two teams play exactly one complete match", problems)

    compared = comparisons(schedule)
    spread = sorted(set(compared.values()))
    checks.append(
        Check(
            "V6",
            "comparisons counted (sets on which two pairs held the same hands)",
            True,
            f"per two pairs: {', '.join(map(str, spread))}",
        )
    )
    return Validation(tuple(checks), met, compared)
