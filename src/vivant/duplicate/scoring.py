"""Duplicate Whist scoring: comparison by tricks, travellers and results tables.

Every play of a tray yields one number, the tricks taken by the side seated North–South; East–West
took the rest of the thirteen. Every trick counts: no book, no honours, no games (DU-1.6, movements
§2.1). The comparisons (duplicate.md §3–§4, movements.md §2; seed 003 "Mnemonic Duplicate for more
than one table"):

* compass fields (SC-1, SC-2, MT-4): each pair totals its tricks; N–S totals are compared with the
  N–S average, E–W totals with the E–W average; the largest plus overall wins;
* head-to-head matches (SC-4, MT-3, D-DU8): two pairs that held the same hands of the same trays
  play one match; more tricks wins it, equal tricks give ½ each; most matches, then trick margin;
* equating (EQ-1…EQ-5, HO-11): each tray's par is the mean N–S-hand tricks over its plays; a play
  is worth tricks minus par to the pair that made them; exact fractions, ties share the place;
* raw totals for a mnemonic replay (MN-2, MN-3, MT-5): one list, no equating, no field averages;
* teams (MT-1, MT-2): two teams win by the excess over half the tricks; more teams by the excess
  over the average aggregate, the average rounded to the nearest whole number, halves up (D-DU5);
* single-table mnemonic duplicate (SD-6 fixed pairs, SD-7 individuals).

Inputs are plain frozen dataclasses (:class:`TrayResult`, or the minimal :class:`NSRecord` of D-MV5
mapped onto a schedule by :func:`results_from_record`), so a table engine can feed played deals in.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Final, TypeVar

from vivant.duplicate.movements import ANY_PAIR, Schedule, plays
from vivant.errors import VivantError

__all__ = [
    "TRICKS",
    "EventResult",
    "IndividualDeal",
    "InvalidResultError",
    "Match",
    "NSRecord",
    "SingleTableResult",
    "Standing",
    "TeamStanding",
    "Traveller",
    "TravellerLine",
    "TrayResult",
    "compass_standings",
    "compass_winners",
    "equated_standings",
    "equated_value",
    "field_standings",
    "fixed_pairs_mnemonic",
    "individual_mnemonic",
    "match_standings",
    "matches",
    "pars",
    "results_from_record",
    "round_half_up",
    "score_event",
    "team_aggregates",
    "team_standings",
    "totals_standings",
    "travellers",
    "two_team_margin",
]

#: Tricks in a deal: every one counts (DU-1.6).
TRICKS: Final = 13

NS: Final = "N–S"
EW: Final = "E–W"


class InvalidResultError(VivantError):
    """A result that cannot be scored: impossible tricks, unknown tray or pair, missing plays."""


@dataclass(frozen=True)
class TrayResult:
    """One play of one tray: the pairs seated N–S and E–W and the tricks the N–S seats took.

    ``turned`` means the tray lay turned, its N–S hands held at the E–W seats (MV-1.5, mnemonic
    replay). ``round``, ``table`` and ``pass_number`` place the play in the event (0 = not given).
    """

    tray: int
    ns: str
    ew: str
    ns_tricks: int
    turned: bool = False
    round: int = 0
    table: int = 0
    pass_number: int = 1

    def __post_init__(self) -> None:
        if not 0 <= self.ns_tricks <= TRICKS:
            raise InvalidResultError(
                f"tray {self.tray}, {self.ns} v {self.ew}: N–S tricks {self.ns_tricks} not in 0–13"
            )
        if self.ns == self.ew:
            raise InvalidResultError(f"tray {self.tray}: pair {self.ns} cannot sit both ways")
        if self.tray < 1:
            raise InvalidResultError(f"tray number {self.tray} must be 1 or more")

    @property
    def ew_tricks(self) -> int:
        """Tricks of the side seated E–W: 13 less the N–S tricks (DU-1.6)."""
        return TRICKS - self.ns_tricks

    @property
    def hands_ns_tricks(self) -> int:
        """Tricks taken with the tray's N–S hands, wherever they were held."""
        return self.ew_tricks if self.turned else self.ns_tricks

    def holder(self, hands: str) -> str:
        """The pair that held the tray's ``"N–S"`` or ``"E–W"`` hands in this play."""
        ns_holder, ew_holder = (self.ew, self.ns) if self.turned else (self.ns, self.ew)
        return ns_holder if hands == NS else ew_holder

    def tricks_of(self, pair: str) -> int:
        """Tricks this play gave ``pair``."""
        if pair == self.ns:
            return self.ns_tricks
        if pair == self.ew:
            return self.ew_tricks
        raise InvalidResultError(f"pair {pair} did not play tray {self.tray} here")


@dataclass(frozen=True)
class NSRecord:
    """What a mnemonic event stores per play (D-MV5, MN-4): tray, table, pass, N–S-seat tricks."""

    tray: int
    table: int
    pass_number: int
    ns_tricks: int


@dataclass(frozen=True)
class Standing:
    """A pair's line in a results table.

    ``score`` is its comparison score as an exact fraction (± against its field average, equated
    score, matches won, or raw tricks); ``margin`` breaks ties between equal match scores (MT-3);
    ``place`` is shared by exact ties (EQ-5).
    """

    pair: str
    field: str
    trays: int
    tricks: int
    score: Fraction
    place: int
    margin: int = 0

    @property
    def shown(self) -> int:
        """The score rounded for display, halves up (D-DU5, EQ-5)."""
        return round_half_up(self.score)


@dataclass(frozen=True)
class Match:
    """Two pairs that held the same hands of the same trays (SC-4, MT-3)."""

    first: str
    second: str
    trays: tuple[int, ...]
    first_tricks: int
    second_tricks: int

    @property
    def first_points(self) -> Fraction:
        """1 for the pair with more tricks, ½ each when equal (D-DU8), else 0."""
        if self.first_tricks == self.second_tricks:
            return Fraction(1, 2)
        return Fraction(int(self.first_tricks > self.second_tricks))

    @property
    def second_points(self) -> Fraction:
        return 1 - self.first_points

    @property
    def winner(self) -> str | None:
        if self.first_tricks == self.second_tricks:
            return None
        return self.first if self.first_tricks > self.second_tricks else self.second


@dataclass(frozen=True)
class TeamStanding:
    """A team's aggregate against the average of all teams (MT-2, D-DU5)."""

    team: str
    aggregate: int
    score: int
    place: int


@dataclass(frozen=True)
class TravellerLine:
    """One play on a traveller: where, who, tricks, and the N–S pair's score against par."""

    round: int
    table: int
    pass_number: int
    ns: str
    ew: str
    turned: bool
    ns_tricks: int
    ew_tricks: int
    ns_score: Fraction


@dataclass(frozen=True)
class Traveller:
    """The per-tray record: every play of the tray and its par (EQ-1)."""

    tray: int
    par: Fraction
    lines: tuple[TravellerLine, ...]


@dataclass(frozen=True)
class EventResult:
    """A whole event scored the way its movement asks (:func:`score_event`)."""

    method: str
    standings: tuple[Standing, ...]
    travellers: tuple[Traveller, ...]
    matches: tuple[Match, ...] = ()
    teams: tuple[TeamStanding, ...] = ()


# ---------------------------------------------------------------------------------------------
# Small rules


def round_half_up(value: Fraction) -> int:
    """Nearest whole number, halves up (D-DU5): 100⅔ → 101, 2½ → 3, −2½ → −2."""
    return math.floor(value + Fraction(1, 2))


_T = TypeVar("_T")


def _places(items: Sequence[_T], key: Callable[[_T], tuple[Fraction, ...]]) -> list[tuple[_T, int]]:
    """Sort best first by ``key`` (higher better); exact ties share the place (EQ-5): 1, 2, 2, 4."""
    ordered = sorted(items, key=key, reverse=True)
    out: list[tuple[_T, int]] = []
    for i, item in enumerate(ordered):
        place = out[-1][1] if i and key(item) == key(ordered[i - 1]) else i + 1
        out.append((item, place))
    return out


def _check_results(results: Sequence[TrayResult]) -> None:
    if not results:
        raise InvalidResultError("no results to score")
    seen: set[tuple[int, str, str, int]] = set()
    for r in results:
        key = (r.tray, r.ns, r.ew, r.pass_number)
        if key in seen:
            raise InvalidResultError(f"tray {r.tray}, {r.ns} v {r.ew} recorded twice")
        seen.add(key)


def _totals(results: Iterable[TrayResult]) -> tuple[dict[str, int], dict[str, int]]:
    tricks: dict[str, int] = defaultdict(int)
    trays: dict[str, int] = defaultdict(int)
    for r in results:
        for pair in (r.ns, r.ew):
            if pair != ANY_PAIR:
                tricks[pair] += r.tricks_of(pair)
                trays[pair] += 1
    return tricks, trays


# ---------------------------------------------------------------------------------------------
# Compass fields (SC-1, SC-2)


def field_standings(
    totals: Mapping[str, int], field: str = "", trays: Mapping[str, int] | None = None
) -> tuple[Standing, ...]:
    """Each pair's total against its field's average (SC-2, MT-4): plus or minus the difference.

    The average is kept exact (D-MV4); :attr:`Standing.shown` rounds halves up (D-DU5).
    """
    if not totals:
        return ()
    average = Fraction(sum(totals.values()), len(totals))
    lines = [
        Standing(p, field, (trays or {}).get(p, 0), t, Fraction(t) - average, 0)
        for p, t in totals.items()
    ]
    return tuple(
        Standing(s.pair, s.field, s.trays, s.tricks, s.score, place)
        for s, place in _places(lines, lambda s: (s.score,))
    )


def compass_standings(results: Sequence[TrayResult]) -> tuple[Standing, ...]:
    """Compass scoring (SC-1, SC-2, MT-4): two fields, each pair against its own field's average.

    N–S standings first, then E–W; :func:`compass_winners` names the largest plus overall. A pair
    that sat both ways cannot be scored by fields (use :func:`equated_standings`).
    """
    _check_results(results)
    ns_pairs = {r.ns for r in results}
    ew_pairs = {r.ew for r in results}
    both = ns_pairs & ew_pairs
    if both:
        raise InvalidResultError(
            f"pairs {sorted(both)} sat both N–S and E–W: compass fields need fixed directions"
        )
    tricks, trays = _totals(results)
    return field_standings({p: tricks[p] for p in sorted(ns_pairs)}, NS, trays) + field_standings(
        {p: tricks[p] for p in sorted(ew_pairs)}, EW, trays
    )


def compass_winners(standings: Sequence[Standing]) -> tuple[str, ...]:
    """The pair (or tied pairs) with the largest plus over both fields: Foster's winner (SC-2)."""
    best = max(s.score for s in standings)
    return tuple(s.pair for s in standings if s.score == best)


# ---------------------------------------------------------------------------------------------
# Equating (EQ-1…EQ-5)


def pars(results: Sequence[TrayResult]) -> dict[int, Fraction]:
    """Par of each tray: the mean tricks taken with its N–S hands over all its plays (EQ-1).

    A turned play counts with the hands, not the seats, so one par serves both passes of a mnemonic
    replay (MN-2).
    """
    sums: dict[int, list[int]] = defaultdict(list)
    for r in results:
        sums[r.tray].append(r.hands_ns_tricks)
    return {t: Fraction(sum(v), len(v)) for t, v in sorted(sums.items())}


def equated_value(result: TrayResult, pair: str, par: Fraction) -> Fraction:
    """What a play is worth to ``pair`` against the tray's par (EQ-2): tricks less the par of the
    hands it held; the two pairs' values sum to 0."""
    held = NS if result.holder(NS) == pair else EW
    par_of_hands = par if held == NS else TRICKS - par
    return result.tricks_of(pair) - par_of_hands


def equated_standings(results: Sequence[TrayResult]) -> tuple[Standing, ...]:
    """Equated scores (EQ-1…EQ-5, HO-11): each pair's sum of tricks less par over its plays.

    Exact fractions; rank on the exact value; ties share the place. All scores sum to 0 (EQ-2).
    """
    _check_results(results)
    par = pars(results)
    score: dict[str, Fraction] = defaultdict(Fraction)
    for r in results:
        for pair in (r.ns, r.ew):
            if pair != ANY_PAIR:
                score[pair] += equated_value(r, pair, par[r.tray])
    tricks, trays = _totals(results)
    lines = [Standing(p, "", trays[p], tricks[p], score[p], 0) for p in sorted(score)]
    return tuple(
        Standing(s.pair, s.field, s.trays, s.tricks, s.score, place)
        for s, place in _places(lines, lambda s: (s.score,))
    )


# ---------------------------------------------------------------------------------------------
# Raw totals (MN-2, MN-3)


def totals_standings(results: Sequence[TrayResult]) -> tuple[Standing, ...]:
    """One list ranked by raw trick totals, as after a mnemonic replay (MN-2, MN-3, MT-5).

    Every pair has held both sides of every tray it met, so no equating and no field averages.
    """
    _check_results(results)
    tricks, trays = _totals(results)
    lines = [Standing(p, "", trays[p], tricks[p], Fraction(tricks[p]), 0) for p in sorted(tricks)]
    return tuple(
        Standing(s.pair, s.field, s.trays, s.tricks, s.score, place)
        for s, place in _places(lines, lambda s: (s.score,))
    )


# ---------------------------------------------------------------------------------------------
# Head-to-head matches (SC-4, MT-3, D-DU8)


def matches(results: Sequence[TrayResult]) -> tuple[Match, ...]:
    """Every two pairs that held the same hands of the same trays, as one match each (SC-4).

    The match covers all the trays on which both held the same hands; the pair with more tricks on
    them wins; equal tricks give ½ each (D-DU8). A spare pair filling a seat (``ANY_PAIR``, Foster's
    six pairs, position 7) is never compared and its tricks count for nobody.
    """
    _check_results(results)
    held: dict[tuple[int, str], dict[str, int]] = defaultdict(dict)
    for r in results:
        for hands in (NS, EW):
            pair = r.holder(hands)
            if pair == ANY_PAIR:
                continue
            held[(r.tray, hands)][pair] = held[(r.tray, hands)].get(pair, 0) + r.tricks_of(pair)
    common: dict[tuple[str, str], list[tuple[int, int, int]]] = defaultdict(list)
    for (tray, _), by_pair in held.items():
        for a, b in combinations(sorted(by_pair), 2):
            common[(a, b)].append((tray, by_pair[a], by_pair[b]))
    out = []
    for (a, b), rows in sorted(common.items()):
        out.append(
            Match(
                a,
                b,
                tuple(sorted({t for t, _, _ in rows})),
                sum(x for _, x, _ in rows),
                sum(y for _, _, y in rows),
            )
        )
    return tuple(out)


def match_standings(results: Sequence[TrayResult]) -> tuple[Standing, ...]:
    """Ranking by matches won, then by total trick margin over those matches (MT-3, SC-4, DUV-5)."""
    found = matches(results)
    points: dict[str, Fraction] = defaultdict(Fraction)
    margin: dict[str, int] = defaultdict(int)
    for m in found:
        points[m.first] += m.first_points
        points[m.second] += m.second_points
        margin[m.first] += m.first_tricks - m.second_tricks
        margin[m.second] += m.second_tricks - m.first_tricks
    tricks, trays = _totals(results)
    lines = [Standing(p, "", trays[p], tricks[p], points[p], 0, margin[p]) for p in sorted(tricks)]
    return tuple(
        Standing(s.pair, s.field, s.trays, s.tricks, s.score, place, s.margin)
        for s, place in _places(lines, lambda s: (s.score, Fraction(s.margin)))
    )


# ---------------------------------------------------------------------------------------------
# Teams (MT-1, MT-2)


def two_team_margin(tricks: int, deals: int) -> Fraction:
    """MT-1: a team's excess over half the tricks of ``deals`` deals (13·deals/2); >0 wins by it.

    ``deals`` counts the plays the team's tricks were gathered over (DUV-1: 16 deals, 208 tricks,
    team O 106 → wins by 2).
    """
    if not 0 <= tricks <= TRICKS * deals:
        raise InvalidResultError(f"{tricks} tricks impossible in {deals} deals")
    return tricks - Fraction(TRICKS * deals, 2)


def team_standings(aggregates: Mapping[str, int]) -> tuple[TeamStanding, ...]:
    """MT-2: each team wins or loses by its aggregate less the average aggregate of all teams,
    the average rounded to the nearest whole number, halves up (D-DU5).

    DUV-2: 110, 100, 102 → average 104 → +6, −4, −2. DUV-10: 100, 101, 101 → 100⅔ → 101 → −1, 0, 0.
    """
    if not aggregates:
        raise InvalidResultError("no team aggregates to compare")
    average = round_half_up(Fraction(sum(aggregates.values()), len(aggregates)))
    lines = [TeamStanding(t, a, a - average, 0) for t, a in aggregates.items()]
    return tuple(
        TeamStanding(s.team, s.aggregate, s.score, place)
        for s, place in _places(lines, lambda s: (Fraction(s.score),))
    )


def team_aggregates(results: Sequence[TrayResult]) -> dict[str, int]:
    """Each team's tricks over all its pairs' plays; a team pair is named team + ``N`` or ``E``
    (``aN`` is team a's N–S pair, as in the team movements)."""
    tricks, _ = _totals(results)
    out: dict[str, int] = defaultdict(int)
    for pair, t in tricks.items():
        out[pair[:-1]] += t
    return dict(sorted(out.items()))


# ---------------------------------------------------------------------------------------------
# Travellers and whole events


def travellers(results: Sequence[TrayResult]) -> tuple[Traveller, ...]:
    """One traveller per tray: every play, its tricks, and the N–S pair's score against par."""
    par = pars(results)
    by_tray: dict[int, list[TrayResult]] = defaultdict(list)
    for r in results:
        by_tray[r.tray].append(r)
    return tuple(
        Traveller(
            tray,
            par[tray],
            tuple(
                TravellerLine(
                    r.round,
                    r.table,
                    r.pass_number,
                    r.ns,
                    r.ew,
                    r.turned,
                    r.ns_tricks,
                    r.ew_tricks,
                    equated_value(r, r.ns, par[tray]),
                )
                for r in sorted(rows, key=lambda r: (r.pass_number, r.round, r.table))
            ),
        )
        for tray, rows in sorted(by_tray.items())
    )


def results_from_record(schedule: Schedule, records: Iterable[NSRecord]) -> tuple[TrayResult, ...]:
    """Rebuild every play's result from the N–S-seat tricks alone (D-MV5, MN-4, MN-3).

    Each record names the tray, table and pass; the schedule supplies the round, the pairs and the
    orientation. A record that matches no scheduled play, or a play recorded twice, is refused.
    """
    index = {(p.tray, p.table, p.pass_number): p for p in plays(schedule)}
    out: list[TrayResult] = []
    seen: set[tuple[int, int, int]] = set()
    for rec in records:
        key = (rec.tray, rec.table, rec.pass_number)
        play = index.get(key)
        if play is None:
            raise InvalidResultError(
                f"tray {rec.tray} is not played at table {rec.table} in pass {rec.pass_number}"
            )
        if key in seen:
            raise InvalidResultError(
                f"tray {rec.tray} at table {rec.table}, pass {rec.pass_number}, recorded twice"
            )
        seen.add(key)
        out.append(
            TrayResult(
                rec.tray,
                play.ns,
                play.ew,
                rec.ns_tricks,
                play.turned,
                play.round,
                play.table,
                play.pass_number,
            )
        )
    return tuple(out)


def _check_against(schedule: Schedule, results: Sequence[TrayResult]) -> None:
    expected = {(p.tray, p.pass_number, p.ns, p.ew, p.turned) for p in plays(schedule)}
    got = [(r.tray, r.pass_number, r.ns, r.ew, r.turned) for r in results]
    unknown = [g for g in got if g not in expected]
    if unknown:
        tray, pass_number, ns, ew, _ = unknown[0]
        raise InvalidResultError(
            f"tray {tray}, {ns} v {ew} (pass {pass_number}) is not a play of this schedule"
        )
    missing = expected - set(got)
    if missing:
        tray, pass_number, ns, ew, _ = min(missing)
        raise InvalidResultError(
            f"{len(missing)} scheduled plays have no result, e.g. tray {tray}, {ns} v {ew} "
            f"(pass {pass_number})"
        )


def score_event(schedule: Schedule, results: Sequence[TrayResult]) -> EventResult:
    """Score a complete event the way its movement asks (``schedule.scoring``).

    ``fields`` compass averages (SC-2); ``equated`` Howell equating (HO-11, EQ-1…EQ-5); ``matches``
    Foster's head-to-head matches (SC-4, MT-3); ``teams`` team aggregates (MT-1, MT-2); ``totals``
    raw totals after a mnemonic replay (MN-2, MN-3). Every scheduled play needs exactly one result.
    """
    _check_results(results)
    _check_against(schedule, results)
    method = schedule.scoring
    travel = travellers(results)
    if method == "fields":
        return EventResult(method, compass_standings(results), travel)
    if method == "equated":
        return EventResult(method, equated_standings(results), travel)
    if method == "matches":
        return EventResult(method, match_standings(results), travel, matches(results))
    if method == "totals":
        return EventResult(method, totals_standings(results), travel)
    if method == "teams":
        return EventResult(
            method,
            totals_standings(results),
            travel,
            teams=team_standings(team_aggregates(results)),
        )
    raise InvalidResultError(f"unknown scoring method {method!r}")


# ---------------------------------------------------------------------------------------------
# Single-table (Mnemonic) Duplicate (SD-6, SD-7)


@dataclass(frozen=True)
class SingleTableResult:
    """SD-6: the two fixed pairs' E–W totals on the same cards, and who won by how much."""

    original_pair: str
    original_tricks: int
    replay_pair: str
    replay_tricks: int

    @property
    def margin(self) -> int:
        return abs(self.original_tricks - self.replay_tricks)

    @property
    def winner(self) -> str | None:
        if self.original_tricks == self.replay_tricks:
            return None
        return self.original_pair if self.original_tricks > self.replay_tricks else self.replay_pair


def fixed_pairs_mnemonic(
    originals_ew: Sequence[int],
    overplays_ew: Sequence[int],
    original_pair: str = "Y",
    replay_pair: str = "X",
) -> SingleTableResult:
    """SD-6: pair X sits N–S, pair Y E–W; only E–W results are recorded, originals and overplays
    on separate cards. Y's E–W tricks on the originals against X's E–W tricks on the overplays
    (the same cards): the larger total wins by the difference (DUV-6: 47 v 51 → X by 4).
    """
    if len(originals_ew) != len(overplays_ew):
        raise InvalidResultError(
            f"{len(originals_ew)} originals but {len(overplays_ew)} overplays: each deal is "
            "played twice (SD-1)"
        )
    for t in (*originals_ew, *overplays_ew):
        if not 0 <= t <= TRICKS:
            raise InvalidResultError(f"E–W tricks {t} not in 0–13")
    return SingleTableResult(original_pair, sum(originals_ew), replay_pair, sum(overplays_ew))


@dataclass(frozen=True)
class IndividualDeal:
    """SD-7: one deal of individual mnemonic duplicate, original and overplay of the N–S cards."""

    original_ns: tuple[str, str]
    original_ew: tuple[str, str]
    original_ns_tricks: int
    overplay_ns_tricks: int

    def __post_init__(self) -> None:
        for t in (self.original_ns_tricks, self.overplay_ns_tricks):
            if not 0 <= t <= TRICKS:
                raise InvalidResultError(f"tricks {t} not in 0–13")
        if len(set(self.original_ns + self.original_ew)) != 4:
            raise InvalidResultError("an individual deal needs four different players")


def individual_mnemonic(deals: Iterable[IndividualDeal]) -> dict[str, int]:
    """SD-7: per deal m = original N–S tricks with the N–S cards less the overplay pair's tricks
    with those same cards; the original N–S players each get +m, the other two −m. Totals sum to 0
    (DUV-7: S+c 8, a+b 6 → S +2, c +2, a −2, b −2)."""
    score: dict[str, int] = defaultdict(int)
    for d in deals:
        m = d.original_ns_tricks - d.overplay_ns_tricks
        for player in d.original_ns:
            score[player] += m
        for player in d.original_ew:
            score[player] -= m
    return dict(score)
