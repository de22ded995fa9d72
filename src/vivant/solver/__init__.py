"""Double-dummy solver: exact trick counts for whist-family positions, in C.

The search runs in the C extension :mod:`vivant.solver._dd` (alpha-beta with zero-window searches
on the trick count, a bounded transposition table over relative ranks, sure-trick cut-offs and
equivalent-card pruning). This module is its typed facade over the core's card types: it checks
every position completely before any C runs and raises :class:`InvalidPositionError` (a
``ValueError``) for anything inconsistent.

Positions come in two shapes:

* **4 hands** (whist, bridge and every dummy game): seats N E S W = 0..3, partners opposite by
  default, or any other partition of the seats into two sides (``sides``: the seats of one side,
  e.g. one player alone against three, as in Boston);
* **2 hands** (Humbug, Thirteen and the Odd): seats 0 and 1, two-card tricks.

Each side plays for the most tricks, or, with ``misere``, for the fewest (a misère bid: the other
side then plays to make it take as many as possible, which is the same thing). Results are tricks
for the side *to move*, from this point to the end, the current trick included.

>>> from vivant.cards import CardSet, NORTH
>>> pos = Position.from_pbn("N:AK... QJ... 32... T9...", trump=NOTRUMP, leader=NORTH)
>>> tricks(pos)
2
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Final

from vivant.cards import (
    SEAT_LETTERS,
    SUIT_LETTERS,
    Card,
    CardSet,
    Seat,
    card_name,
    parse_card,
    suit_of,
)
from vivant.deal import parse_deal
from vivant.errors import InvalidNotationError, VivantError
from vivant.solver._dd import Engine

__all__ = [
    "DEFAULT_TT_MB",
    "NOTRUMP",
    "PARTNERS",
    "STRAIN_LETTERS",
    "InvalidPositionError",
    "Position",
    "Solution",
    "Solver",
    "card_values",
    "lead_table",
    "lead_tables",
    "parse_deal",
    "parse_sides",
    "parse_strain",
    "solve",
    "solve_many",
    "tricks",
]

#: Strain number for no-trump; suits are 0..3 (spades, hearts, diamonds, clubs).
NOTRUMP: Final = 4
#: Strain letters in strain order, as the tables print them.
STRAIN_LETTERS: Final = ("S", "H", "D", "C", "NT")
#: The default partition into sides: partners opposite, N-S (seats 0 and 2, mask 0b0101) v E-W.
PARTNERS: Final = 0b0101
#: Default transposition-table size of one engine, in megabytes.
DEFAULT_TT_MB: Final = 64

_FULL: Final = (1 << 52) - 1


class InvalidPositionError(VivantError):
    """A position the solver refuses: wrong card counts, a card twice, a trick that does not fit
    the hands, a seat or trump out of range."""


def parse_strain(text: str) -> int:
    """A strain from ``S H D C`` or ``N``/``NT`` (case-insensitive): 0..3, or 4 for no-trump."""
    t = text.strip().upper()
    if t in ("N", "NT", "NOTRUMP", "NO-TRUMP"):
        return NOTRUMP
    if len(t) == 1 and t in SUIT_LETTERS:
        return SUIT_LETTERS.index(t)
    raise InvalidNotationError(f"invalid trump {text!r}: expected one of S H D C NT")


def parse_sides(text: str) -> int:
    """The seats of one side from their letters, e.g. ``N`` (North alone against East, South and
    West), ``NS`` or ``N+S``, ``NE``, ``NES``: a mask with bit ``seat`` set for each seat named."""
    letters = [ch for ch in text.strip().upper() if ch not in "+-, "]
    if not letters:
        raise InvalidNotationError(
            f"invalid sides {text!r}: name the seats of one side, e.g. N or NS"
        )
    mask = 0
    for ch in letters:
        if ch not in SEAT_LETTERS:
            raise InvalidNotationError(f"invalid sides {text!r}: {ch!r} is not a seat (N E S W)")
        bit = 1 << SEAT_LETTERS.index(ch)
        if mask & bit:
            raise InvalidNotationError(f"invalid sides {text!r}: seat {ch} is named twice")
        mask |= bit
    if mask == 0b1111:
        raise InvalidNotationError(
            f"invalid sides {text!r}: all four seats on one side leave none against them"
        )
    return mask


def _as_cardset(h: CardSet | Iterable[Card] | int | str) -> CardSet:
    if isinstance(h, CardSet):
        return h
    if isinstance(h, str):
        return CardSet.from_pbn(h) if "." in h else CardSet.parse(h)
    if isinstance(h, int):
        if not 0 <= h <= _FULL:
            raise InvalidPositionError(f"card mask out of range: {h:#x}")
        return CardSet(h)
    try:
        return CardSet(list(h))
    except ValueError as exc:
        raise InvalidPositionError(str(exc)) from None


def _as_card(c: Card | str) -> Card:
    if isinstance(c, str):
        return parse_card(c)
    if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52:
        raise InvalidPositionError(f"not a card: {c!r}")
    return c


@dataclass(frozen=True)
class Position:
    """A position to solve: the cards still held, the trump, and the current trick.

    ``hands`` has 4 entries (seats N E S W) or 2 (seats 0 and 1). ``leader`` is the seat that led
    the current trick, or is about to lead; ``trick`` holds the cards already played to it, in
    order. ``trump`` is a suit 0..3 or :data:`NOTRUMP`. ``sides`` is the mask of the seats of one
    side (bit ``seat``; :data:`PARTNERS`, N-S v E-W, by default; ``0b0001``: North alone against
    the other three); with 2 hands each side is one seat and the bits of seats 2 and 3 are
    ignored. ``misere``: each side plays to take as few tricks as it can. A position is validated
    when made.
    """

    hands: tuple[CardSet, ...]
    trump: int
    leader: Seat
    trick: tuple[Card, ...] = ()
    sides: int = PARTNERS
    misere: bool = False

    def __post_init__(self) -> None:
        _validate(self)

    @classmethod
    def make(
        cls,
        hands: Sequence[CardSet | Iterable[Card] | int | str],
        trump: int | str,
        leader: Seat | str,
        trick: Sequence[Card | str] = (),
        sides: int | str = PARTNERS,
        misere: bool = False,
    ) -> Position:
        """A position from loose inputs: hands as card sets, masks, PBN or card lists; trump and
        leader as numbers or letters; trick cards as numbers or names like ``"SA"``; sides as a
        mask or the letters of one side's seats (``"N"``, ``"NS"``, see :func:`parse_sides`)."""
        hs = tuple(_as_cardset(h) for h in hands)
        tr = parse_strain(trump) if isinstance(trump, str) else trump
        if isinstance(leader, str):
            letters = SEAT_LETTERS if len(hs) == 4 else "01"
            key = leader.strip().upper()
            if len(key) != 1 or key not in letters:
                raise InvalidPositionError(f"invalid leader {leader!r}")
            ld = letters.index(key)
        else:
            ld = leader
        sd = parse_sides(sides) if isinstance(sides, str) else sides
        return cls(hs, tr, ld, tuple(_as_card(c) for c in trick), sd, misere)

    @classmethod
    def from_pbn(
        cls,
        deal: str,
        trump: int | str,
        leader: Seat | str,
        trick: Sequence[Card | str] = (),
        sides: int | str = PARTNERS,
        misere: bool = False,
    ) -> Position:
        """A 4-hand position from a PBN deal string of the cards still held."""
        return cls.make(parse_deal(deal), trump, leader, trick, sides, misere)

    @property
    def to_move(self) -> Seat:
        """The seat to play next."""
        return (self.leader + len(self.trick)) % len(self.hands)

    def side(self, seat: Seat) -> int:
        """The side of a seat: 0 for the seats in ``sides``, 1 for the others."""
        return 1 - (self.sides >> seat & 1)

    @property
    def tricks_left(self) -> int:
        """Tricks still to be decided, the current one included."""
        return len(self.hands[self.to_move])

    def legal_cards(self) -> CardSet:
        """The cards the seat to move may play (it must follow suit if it can)."""
        hand = self.hands[self.to_move]
        if self.trick:
            follow = hand.suit(suit_of(self.trick[0]))
            if follow:
                return follow
        return hand


def _validate(p: Position) -> None:
    n = len(p.hands)
    if n not in (2, 4):
        raise InvalidPositionError(f"a position has 2 or 4 hands, not {n}")
    for h in p.hands:
        if not isinstance(h, CardSet):
            raise InvalidPositionError(f"hands must be CardSets, got {type(h).__name__}")
    if isinstance(p.trump, bool) or not isinstance(p.trump, int) or not 0 <= p.trump <= NOTRUMP:
        raise InvalidPositionError(f"invalid trump {p.trump!r}: expected 0..3 or 4 (no-trump)")
    if isinstance(p.leader, bool) or not isinstance(p.leader, int) or not 0 <= p.leader < n:
        raise InvalidPositionError(f"invalid leader {p.leader!r}: expected a seat 0..{n - 1}")
    _validate_game(p)
    if len(p.trick) >= n:
        raise InvalidPositionError(
            f"the current trick has {len(p.trick)} cards; at most {n - 1} can be on the table"
        )
    seen = 0
    names = SEAT_LETTERS if n == 4 else "01"
    for seat, h in enumerate(p.hands):
        if h.mask & seen:
            raise InvalidPositionError(
                f"card {CardSet(h.mask & seen)} is held twice (again by seat {names[seat]})"
            )
        seen |= h.mask
    for i, c in enumerate(p.trick):
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52:
            raise InvalidPositionError(f"not a card in the current trick: {c!r}")
        if seen >> c & 1:
            raise InvalidPositionError(
                f"card {card_name(c)} is in the current trick and also "
                + ("earlier in the trick" if c in p.trick[:i] else "in a hand")
            )
        seen |= 1 << c
    to_move = p.to_move
    size = len(p.hands[to_move])
    limit = 13 if n == 4 else 26
    if size == 0:
        raise InvalidPositionError("no card left to play: the seat to move has an empty hand")
    if size > limit:
        raise InvalidPositionError(f"seat {names[to_move]} holds {size} cards; at most {limit}")
    for i in range(n):
        seat = (p.leader + i) % n
        want = size - 1 if i < len(p.trick) else size
        if len(p.hands[seat]) != want:
            raise InvalidPositionError(
                f"seat {names[seat]} holds {len(p.hands[seat])} cards but should hold {want}: "
                f"the seat to move ({names[to_move]}) holds {size} and "
                f"{len(p.trick)} card(s) are on the table"
            )
    if p.trick:
        led = suit_of(p.trick[0])
        for i in range(1, len(p.trick)):
            seat = (p.leader + i) % n
            if suit_of(p.trick[i]) != led and p.hands[seat].has_suit(led):
                raise InvalidPositionError(
                    f"seat {names[seat]} played {card_name(p.trick[i])} to a "
                    f"{SUIT_LETTERS[led]} lead while still holding that suit (a revoke)"
                )


def _validate_game(p: Position) -> None:
    """The partition into sides and the objective of a position."""
    sd = p.sides
    if isinstance(sd, bool) or not isinstance(sd, int) or not 0 <= sd <= 0b1111:
        raise InvalidPositionError(
            f"invalid sides {sd!r}: expected the mask of one side's seats (N=1 E=2 S=4 W=8)"
        )
    if len(p.hands) == 4 and sd in (0, 0b1111):
        raise InvalidPositionError(
            f"invalid sides {sd:#06b}: each side needs a seat (a mask 1..14 of one side's seats)"
        )
    if len(p.hands) == 2 and sd & 0b11 in (0, 0b11):
        raise InvalidPositionError(
            f"invalid sides {sd:#06b}: with 2 hands each side is one seat (seat 0 or seat 1)"
        )
    if not isinstance(p.misere, bool):
        raise InvalidPositionError(f"misere must be True or False, not {p.misere!r}")


@dataclass(frozen=True)
class Solution:
    """The result of a solve: ``tricks`` for the side to move with best play (current trick
    included; in misère the fewest it can be held to) and, when asked for, ``cards``: the same
    figure if each legal card is played now."""

    tricks: int
    cards: dict[Card, int] | None = None


class Solver:
    """One search engine with its own transposition table of at most ``tt_mb`` megabytes.

    A solver is not shared between threads at once: use one per thread (as :func:`solve_many`
    does). Results never depend on earlier calls: the table keeps only entries that hold for
    every position of the same game (see :meth:`clear`).
    """

    def __init__(self, tt_mb: float = DEFAULT_TT_MB) -> None:
        if not tt_mb > 0:
            raise ValueError(f"tt_mb must be positive, got {tt_mb!r}")
        self._engine = Engine(int(tt_mb * (1 << 20)))

    @property
    def tt_bytes(self) -> int:
        """Bytes reserved for the transposition table."""
        return int(self._engine.tt_bytes)

    @property
    def nodes(self) -> int:
        """Search nodes visited by the last solve."""
        return int(self._engine.nodes)

    def clear(self) -> None:
        """Empties the transposition table and the lead history kept with it, so that the next
        solve starts cold. The table is otherwise kept from one solve to the next while the
        number of hands, the partition into sides and the objective (misère or not) stay the
        same, and so does the deal: its entries hold for every position they describe in that
        game and strain (no-trump once no trump is left in play), so the strains of a table
        share them; a change of any of the three empties it, and so does a position of another
        deal (another sampled world) once the table holds more than a few thousand entries,
        which would cost more time than they save."""
        self._engine.clear()

    def solve(self, pos: Position, all_cards: bool = False) -> Solution:
        """Solves ``pos``: its trick count, and each legal card's value if ``all_cards``."""
        t, vals = self._run(pos, all_cards)
        return Solution(int(t), dict(vals) if vals is not None else None)

    def tricks(self, pos: Position) -> int:
        """Tricks the side to move takes from here (the current trick included) with best play
        (in misère: the fewest it can be held to)."""
        return int(self._run(pos, False)[0])

    def tricks_within(self, pos: Position, nodes: int) -> int | None:
        """:meth:`tricks`, or ``None`` when ``nodes`` search nodes (at least 1) are spent before
        the answer is found; the table is then emptied, since what the cut-short search stored
        does not hold. :attr:`nodes` counts the nodes spent either way."""
        if nodes < 1:
            raise ValueError(f"nodes must be at least 1, got {nodes!r}")
        found = self._search(pos, False, nodes)
        return None if found is None else int(found[0])

    def _run(
        self, pos: Position, all_cards: bool, only: int = 0
    ) -> tuple[int, dict[int, int] | None]:
        found = self._search(pos, all_cards, 0, only)
        assert found is not None  # no node limit: the search always ends with its answer
        return found

    def _search(
        self, pos: Position, all_cards: bool, nodes: int, only: int = 0
    ) -> tuple[int, dict[int, int] | None] | None:
        masks = tuple(h.mask for h in pos.hands)
        return self._engine.solve(
            masks, pos.trump, pos.leader, pos.trick, all_cards, pos.sides, pos.misere, nodes, only
        )

    def card_values(
        self, pos: Position, cards: CardSet | Iterable[Card] | None = None
    ) -> dict[Card, int]:
        """For every legal card of the seat to move: the tricks its side takes if it plays it.
        ``cards`` (legal ones, at least one) limits the search to those cards and the cards
        equivalent to them in the position (a run such as K-Q in one hand, the cards between
        them played): each run is searched once, so asking for one card of a run values all of
        it, and nothing else."""
        _, vals = self._run(pos, True, self._only(pos, cards))
        assert vals is not None
        return dict(vals)

    def card_values_within(
        self, pos: Position, nodes: int, cards: CardSet | Iterable[Card] | None = None
    ) -> dict[Card, int] | None:
        """:meth:`card_values`, or ``None`` when ``nodes`` search nodes (at least 1) are spent
        before every value is found (the table is then emptied, as by :meth:`tricks_within`).
        :attr:`nodes` counts the nodes spent either way."""
        if nodes < 1:
            raise ValueError(f"nodes must be at least 1, got {nodes!r}")
        found = self._search(pos, True, nodes, self._only(pos, cards))
        if found is None:
            return None
        assert found[1] is not None
        return dict(found[1])

    @staticmethod
    def _only(pos: Position, cards: CardSet | Iterable[Card] | None) -> int:
        """The mask of ``cards`` for the search (0: every card); refused if none is legal."""
        if cards is None:
            return 0
        only = _as_cardset(cards).mask
        if not only & pos.legal_cards().mask:
            raise InvalidPositionError("none of the cards asked for is a legal card")
        return only

    def lead_table(self, hands: Sequence[CardSet]) -> dict[int, dict[Seat, int]]:
        """For a 4-hand deal with equal hands: tricks for the leader's side, for every strain
        (0..3, :data:`NOTRUMP`) and every leader (seat 0..3), partners opposite, most tricks."""
        pos = Position(tuple(hands), NOTRUMP, 0)
        if len(pos.hands) != 4:
            raise InvalidPositionError("a lead table needs a 4-hand deal")
        rows = self._engine.lead_table(tuple(h.mask for h in pos.hands))
        return {s: {seat: int(rows[s][seat]) for seat in range(4)} for s in range(5)}


_local = threading.local()


def _default_solver() -> Solver:
    s: Solver | None = getattr(_local, "solver", None)
    if s is None:
        s = Solver()
        _local.solver = s
    return s


def solve(pos: Position, all_cards: bool = False) -> Solution:
    """Solves one position with this thread's default solver (see :class:`Solver.solve`)."""
    return _default_solver().solve(pos, all_cards)


def tricks(pos: Position) -> int:
    """Tricks the side to move takes from ``pos`` with best play (see :meth:`Solver.tricks`)."""
    return _default_solver().tricks(pos)


def card_values(pos: Position) -> dict[Card, int]:
    """Every legal card's value in ``pos`` (see :meth:`Solver.card_values`)."""
    return _default_solver().card_values(pos)


def lead_table(hands: Sequence[CardSet]) -> dict[int, dict[Seat, int]]:
    """The 5 x 4 lead table of a deal (see :meth:`Solver.lead_table`)."""
    return _default_solver().lead_table(hands)


def _workers(threads: int | None, n: int) -> int:
    if threads is None:
        threads = os.cpu_count() or 1
    if threads < 1:
        raise ValueError(f"threads must be at least 1, got {threads}")
    return max(1, min(threads, n))


def solve_many(
    positions: Sequence[Position],
    all_cards: bool = False,
    threads: int | None = None,
    tt_mb: float = DEFAULT_TT_MB,
) -> list[Solution]:
    """Solves many positions on all cores (or ``threads``), in input order.

    Each worker thread has its own engine of ``tt_mb`` megabytes; the C search releases the GIL,
    so the threads run in parallel. Every position is validated before any search starts.
    """
    for p in positions:
        if not isinstance(p, Position):
            raise InvalidPositionError(f"not a Position: {p!r}")
    n = _workers(threads, len(positions))
    if n == 1:
        s = Solver(tt_mb)
        return [s.solve(p, all_cards) for p in positions]
    tls = threading.local()

    def one(p: Position) -> Solution:
        s: Solver | None = getattr(tls, "solver", None)
        if s is None:
            s = Solver(tt_mb)
            tls.solver = s
        return s.solve(p, all_cards)

    with ThreadPoolExecutor(max_workers=n) as pool:
        return list(pool.map(one, positions))


def lead_tables(
    deals: Sequence[Sequence[CardSet]],
    threads: int | None = None,
    tt_mb: float = DEFAULT_TT_MB,
) -> list[dict[int, dict[Seat, int]]]:
    """Lead tables (see :meth:`Solver.lead_table`) of many deals on all cores, in input order."""
    checked = [tuple(d) for d in deals]
    for d in checked:
        Position(d, NOTRUMP, 0)
    n = _workers(threads, len(checked))
    tls = threading.local()

    def one(d: tuple[CardSet, ...]) -> dict[int, dict[Seat, int]]:
        s: Solver | None = getattr(tls, "solver", None)
        if s is None:
            s = Solver(tt_mb)
            tls.solver = s
        return s.lead_table(d)

    if n == 1:
        return [one(d) for d in checked]
    with ThreadPoolExecutor(max_workers=n) as pool:
        return list(pool.map(one, checked))
