"""Duplicate Whist as it is played: board by board comparisons, running totals, the tray's travel.

A person playing Duplicate Whist is told after each board how his play compares with the other
plays of the same cards, and how the totals stand; the front ends print these words and keep no
wording or arithmetic of their own. Every figure comes from :mod:`vivant.duplicate.scoring`:

* Single-table (Mnemonic) Duplicate (SD-5, SD-6): each board is played, laid aside in its tray,
  and replayed turned; on the replay the pair sitting N–S holds the cards E–W held the first
  time. Per board the trick difference is the replay pair's tricks with those cards less the
  original pair's (:func:`mnemonic_boards`); the totals are
  :func:`~vivant.duplicate.scoring.fixed_pairs_mnemonic` over the boards compared so far.
* An event with a movement (Howell, Mitchell, …): a play is compared with every other play of
  the board in which a pair held the same hands (SC-4, SC-2: the pairs are compared by the tricks
  they took with the same cards, :func:`board_comparison`); the running totals are the
  movement's own scoring (``schedule.scoring``) over the plays made so far
  (:func:`standings_so_far`), the final ranking :func:`~vivant.duplicate.scoring.score_event`.
* The tray's travel (MV-1.1, D-MV3): where a tray comes from and goes to next
  (:func:`travel_words`), from the movement's plays in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from vivant.cards import SUIT_NAMES
from vivant.describe import count_words
from vivant.duplicate.movements import ANY_PAIR, Schedule, TrayPlay, default_movement, plays
from vivant.duplicate.scoring import (
    EW,
    NS,
    SingleTableResult,
    Standing,
    TrayResult,
    compass_standings,
    equated_standings,
    fixed_pairs_mnemonic,
    match_standings,
    totals_standings,
)
from vivant.errors import InvalidActionError

if TYPE_CHECKING:
    from vivant.duplicate.table import DuplicateTable, Session

__all__ = [
    "BoardComparison",
    "MnemonicBoard",
    "PairEvent",
    "board_comparison",
    "comparison_words",
    "mnemonic_boards",
    "mnemonic_words",
    "standing_words",
    "standings_so_far",
    "travel_words",
]


# ---------------------------------------------------------------------------------------------
# Single-table (Mnemonic) Duplicate (SD-5, SD-6)


@dataclass(frozen=True)
class MnemonicBoard:
    """One board of a single-table mnemonic match, once played twice (SD-6): the E–W tricks of
    the original (pair Y, sitting E–W) and the tricks made with the same cards on the overplay
    (pair X, sitting N–S, the tray turned)."""

    tray: int
    original_ew: int
    replay_tricks: int

    @property
    def difference(self) -> int:
        """The replay pair's tricks less the original pair's with the same cards (SD-6)."""
        return self.replay_tricks - self.original_ew


def mnemonic_boards(records: Sequence[dict[str, object]]) -> tuple[MnemonicBoard, ...]:
    """The boards played twice so far, in the order of their replay, from a table's
    :meth:`~vivant.duplicate.table.DuplicateTable.results` (tricks after penalties)."""
    originals: dict[int, int] = {}
    out = []
    for r in records:
        won = r["won"]
        assert isinstance(won, dict)
        tray = r["tray"]
        assert isinstance(tray, int)
        if not r["turned"]:
            originals[tray] = int(won["EW"])
        elif tray in originals:  # turned: the N–S seats hold the tray's E–W cards
            out.append(MnemonicBoard(tray, originals[tray], int(won["NS"])))
    return tuple(out)


def mnemonic_words(
    records: Sequence[dict[str, object]], replay_pair: str, original_pair: str
) -> list[str]:
    """What is said when a play of a mnemonic match is over: the board's result and, on its
    replay, its comparison (SD-6) and the totals of the boards compared so far.

    ``replay_pair`` sits N–S (pair X), ``original_pair`` E–W (pair Y)."""
    if not records:
        return []
    last = records[-1]
    tray, won = last["tray"], last["won"]
    assert isinstance(won, dict)
    if not last["turned"]:
        return [
            f"Board {tray}, first play: N–S ({replay_pair}) {won['NS']}, E–W ({original_pair}) "
            f"{won['EW']} tricks. It is laid aside in its tray, to be replayed turned: then "
            f"{replay_pair} hold the cards {original_pair} hold now."
        ]
    boards = mnemonic_boards(records)
    board = boards[-1]
    lines = [
        f"Board {tray}, comparison: with the same cards {replay_pair} took "
        f"{board.replay_tricks} on the replay, {original_pair} {board.original_ew} on the first "
        f"play: " + (f"{board.difference:+d} to {replay_pair}." if board.difference else "level.")
    ]
    total = fixed_pairs_mnemonic(
        [b.original_ew for b in boards],
        [b.replay_tricks for b in boards],
        original_pair=original_pair,
        replay_pair=replay_pair,
    )
    lines.append(
        f"Totals after {count_words(len(boards), 'board')} compared: {result_words(total)}"
    )
    return lines


def result_words(result: SingleTableResult, *, final: bool = False) -> str:
    """``Ada & You 18, Bea & Cyd 15 with the same cards: Ada & You ahead by 3.`` (``final``:
    ``… win by 3``; SD-6: the larger total wins by the difference)."""
    head = (
        f"{result.replay_pair} {result.replay_tricks}, {result.original_pair} "
        f"{result.original_tricks} with the same cards"
    )
    if result.winner is None:
        return head + (": a tie." if final else ": level.")
    return head + f": {result.winner} {'win' if final else 'ahead'} by {result.margin}."


# ---------------------------------------------------------------------------------------------
# Events with a movement


@dataclass(frozen=True)
class BoardComparison:
    """One play of a board against the other plays so far in which a pair held the same hands
    (SC-4): the pair's tricks, and each other pair's with those cards."""

    tray: int
    pair: str
    hands: str
    tricks: int
    others: tuple[tuple[str, int], ...]

    @property
    def differences(self) -> tuple[int, ...]:
        """The pair's tricks less each other pair's with the same cards."""
        return tuple(self.tricks - t for _, t in self.others)


def board_comparison(results: Sequence[TrayResult], play: TrayResult, pair: str) -> BoardComparison:
    """``pair``'s play ``play`` against the other plays of its board among ``results`` in which
    a pair held the same hands of the tray (the tray's N–S or E–W hands, wherever held)."""
    if pair not in (play.ns, play.ew):
        raise InvalidActionError(f"pair {pair} did not play board {play.tray} here")
    hands = NS if play.holder(NS) == pair else EW
    others = []
    for r in results:
        if r is play or r.tray != play.tray:
            continue
        other = r.holder(hands)
        if other in (ANY_PAIR, pair):
            continue
        others.append((other, r.tricks_of(other)))
    return BoardComparison(play.tray, pair, hands, play.tricks_of(pair), tuple(others))


def comparison_words(c: BoardComparison) -> str:
    """``Board 3: 1N held the N–S cards and took 7; 2N took 5 with them: +2.``"""
    head = f"Board {c.tray}: {c.pair} held the tray's {c.hands} cards and took {c.tricks}"
    if not c.others:
        return head + "; no other play of these cards yet, it is compared when there is."
    parts = [f"{p} took {t} with them: {_signed(c.tricks - t)}" for p, t in c.others]
    return head + "; " + "; ".join(parts) + "."


def standings_so_far(schedule: Schedule, results: Sequence[TrayResult]) -> tuple[Standing, ...]:
    """The running totals: the movement's own scoring (``schedule.scoring``) over the plays made
    so far — compass fields (SC-2), equating (EQ-1…EQ-5), matches (SC-4, MT-3), or raw totals
    (MN-2, MT-1); the final ranking is :func:`~vivant.duplicate.scoring.score_event`."""
    if not results:
        return ()
    method = schedule.scoring
    if method == "fields":
        return compass_standings(results)
    if method == "equated":
        return equated_standings(results)
    if method == "matches":
        return match_standings(results)
    return totals_standings(results)


def standing_words(method: str, standings: Sequence[Standing]) -> list[str]:
    """One line per pair: place, pair, tricks and the score the method gives."""
    unit = {
        "matches": "matches",
        "fields": "against the field's average",
        "equated": "against par",
    }.get(method, "tricks")
    lines = []
    for s in standings:
        score = _score_text(s, method)
        field = f" ({s.field})" if s.field else ""
        extra = f", margin {_signed(s.margin)}" if method == "matches" else ""
        word = "match" if method == "matches" and 0 < s.score <= 1 else unit
        lines.append(
            f"{s.place}. {s.pair}{field}: {s.tricks} tricks on {count_words(s.trays, 'board')}, "
            f"{score} {word}{extra}"
        )
    return lines


def _score_text(s: Standing, method: str) -> str:
    if method == "matches":  # D-DU8: a tied match is half a match to each pair
        whole, half = divmod(s.score * 2, 2)
        return ("" if whole == 0 and half else str(int(whole))) + ("½" if half else "")
    if method in ("fields", "equated"):
        shown = str(s.score) if s.score.denominator == 1 else f"{s.score} (~{s.shown})"
        return shown if s.score < 0 else "+" + shown
    return str(s.score)


# ---------------------------------------------------------------------------------------------
# The tray's travel (MV-1.1, D-MV3)


def travel_words(schedule: Schedule, play: TrayPlay) -> tuple[str, str]:
    """Where the tray of ``play`` comes from and where it goes after it (the movement's plays in
    order, D-MV3): ``("Board 2 comes from table 2.", "Board 2 goes to table 2 …")``."""
    order = [p for p in plays(schedule) if p.tray == play.tray]
    i = next(
        k
        for k, p in enumerate(order)
        if (p.round, p.table, p.pass_number) == (play.round, play.table, play.pass_number)
    )
    if i == 0:
        came = f"Board {play.tray} is played here first, at table {play.table} (its original)."
    else:
        before = order[i - 1]
        came = f"Board {play.tray} comes from table {before.table} (played there in round " + (
            f"{before.round})."
        )
    if i + 1 == len(order):
        went = f"Board {play.tray} has been played at every table it visits."
    else:
        after = order[i + 1]
        turned = ", turned" if after.turned else ""
        went = (
            f"Board {play.tray} goes to table {after.table}, round {after.round}{turned} "
            f"({after.ns} N–S, {after.ew} E–W)."
        )
    return came, went


def mnemonic_opening(table: DuplicateTable, seat_words: str) -> str:
    """How a single-table (Mnemonic) match goes, said to the person about to play it (SD-2,
    SD-5): the boards, each played and then replayed turned, the trumps of the session, and the
    pairs (``seat_words``: where the person sits)."""
    trumps = (
        "a card is turned for trumps on each board"
        if table.trump_suit is None
        else f"{SUIT_NAMES[table.trump_suit]} are trumps for the whole session"
    )
    boards = count_words(len({t for t, _ in table.sequence}), "board")
    return (
        f"Single-table (Mnemonic) Duplicate: {boards}, each "
        "played and then "
        f"replayed turned, so that you hold the cards an adversary held; {trumps}. "
        f"{seat_words}: {table.pair_name(0)} against {table.pair_name(1)}."
    )


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "level"


# ---------------------------------------------------------------------------------------------
# An event for one pair of people, computer players at every other table


class PairEvent:
    """An event with a movement in which one pair is the people's (the first N–S pair of table
    1, its second player the person) and computer players fill every other seat, the same for
    the terminal and the browser.

    The trays are dealt beforehand from ``seed`` (DU-1.3); each round the other tables are
    played first by computer players (:meth:`play_other_tables`), then the pair's own
    (:meth:`table_setup`, a :class:`~vivant.duplicate.table.DuplicateTable` of recorded boards
    and their programme); after each of its boards :meth:`board_over` records the play and gives
    its comparison, the tray's travel and the running totals; :meth:`final_words` the ranking
    (:func:`~vivant.duplicate.scoring.score_event`)."""

    def __init__(
        self,
        kind: str | None,
        tables: int,
        *,
        seed: int,
        trays_per_set: int | None = None,
        mnemonic: bool = False,
        trump: str | None = None,
        player: str = "heuristic",
    ) -> None:
        from vivant.cards import parse_suit
        from vivant.duplicate.movements import generate
        from vivant.duplicate.table import deal_trays, event_sessions, pair_players

        self.kind = kind or default_movement(tables)
        self.schedule = generate(self.kind, tables, trays_per_set, replay=mnemonic)
        suit = None if trump is None else parse_suit(trump)
        count = sum(len(s.trays) for s in self.schedule.sets)
        self.trays = {t.tray: t for t in deal_trays(seed, count, declared_trump=suit)}
        self.sessions = event_sessions(self.schedule)
        self.order = plays(self.schedule)
        self.seed = seed
        self.player = player
        self.pair = self.sessions[0].ns
        self.partner, self.person = pair_players(self.pair)
        self.results: list[TrayResult] = []

    def heading(self, person: str | None = None, partner: str | None = None) -> str:
        """What the event is, and the pair's players (``person`` and ``partner``: the names
        they sit under, if not the pair's own)."""
        who = person or self.person
        mate = partner or f"{self.partner} (a computer player)"
        what = self.schedule.describe()
        return (
            f"{what[:1].upper()}{what[1:]}; scoring: {self.schedule.scoring}. Pair {self.pair}: "
            f"{who} and {mate}; computer players ({self.player}) everywhere else."
        )

    def ours(self, rnd: int) -> Session | None:
        """The pair's table in round ``rnd`` (``None``: it sits out)."""
        return next(
            (s for s in self.sessions if s.round == rnd and self.pair in (s.ns, s.ew)), None
        )

    def play_other_tables(self, rnd: int) -> None:
        """Round ``rnd`` at every other table, computer players at every seat."""
        import random

        from vivant.duplicate.table import event_results
        from vivant.players import find_player, play_sitting

        factory = find_player(self.player)
        for s in self.sessions:
            if s.round != rnd or self.pair in (s.ns, s.ew):
                continue
            table = s.table_for(self.trays)
            bots = {n: factory(seed=self.seed * 1024 + i) for i, n in enumerate(table.players)}
            play_sitting(table, bots, random.Random(self.seed))
            self.results.extend(event_results(s, table))

    def round_words(self, rnd: int) -> str:
        s = self.ours(rnd)
        if s is None:
            return f"Round {rnd}: pair {self.pair} sits out."
        boards = ", ".join(str(t) for t, _ in s.program)
        return f"Round {rnd}: table {s.table}, {s.ns} N–S against {s.ew} E–W; boards {boards}."

    def table_setup(
        self, rnd: int, person: str, partner: str | None = None
    ) -> tuple[list[str], dict[str, object]]:
        """The players by seat (the person named ``person``, and his partner ``partner`` if a
        person too) and the table's options (the recorded boards and the programme) for the
        pair's table in round ``rnd``."""
        s = self.ours(rnd)
        assert s is not None
        names = {self.person: person, self.partner: partner or self.partner}
        players = [names.get(n, n) for n in s.players()]
        options: dict[str, object] = {
            "boards": [self.trays[t].to_json() for t in sorted({t for t, _ in s.program})],
            "program": [[t, turned] for t, turned in s.program],
        }
        return players, options

    def _play_of(self, s: Session, tray: int) -> TrayPlay:
        return next(
            p
            for p in self.order
            if (p.tray, p.round, p.table, p.pass_number) == (tray, s.round, s.table, s.pass_number)
        )

    def tray_words(self, rnd: int, tray: int) -> list[str]:
        """Where the tray now at the pair's table comes from (D-MV3)."""
        s = self.ours(rnd)
        assert s is not None
        return [travel_words(self.schedule, self._play_of(s, tray))[0]]

    def board_over(self, rnd: int, record: dict[str, object]) -> list[str]:
        """Record the pair's play of a board (a record of the table's ``results()``) and say
        its comparison, where the tray goes and the running totals."""
        s = self.ours(rnd)
        assert s is not None
        won = record["won"]
        tray, turned = record["tray"], record["turned"]
        assert isinstance(won, dict) and isinstance(tray, int) and isinstance(turned, bool)
        play = TrayResult(tray, s.ns, s.ew, int(won["NS"]), turned, s.round, s.table, s.pass_number)
        self.results.append(play)
        lines = [
            comparison_words(board_comparison(self.results, play, self.pair)),
            travel_words(self.schedule, self._play_of(s, tray))[1],
            f"Running totals ({self.schedule.scoring}):",
        ]
        standings = standings_so_far(self.schedule, self.results)
        return lines + ["  " + w for w in standing_words(self.schedule.scoring, standings)]

    def final_words(self) -> list[str]:
        """The final ranking, the movement's scoring over every play (``score_event``)."""
        from vivant.duplicate.scoring import score_event

        final = score_event(self.schedule, self.results)
        return [f"The event is over. Final ranking ({final.method}):"] + [
            "  " + w for w in standing_words(final.method, final.standings)
        ]
