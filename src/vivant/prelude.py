"""The decisions between the deal and the first card, as the record of a hand keeps them.

A record of a hand (the PBN whist profile, docs/pbn-whist-profile.md) does not keep every choice
made before the play, only what they came to: who declared the trumps, which hands were exchanged
for the hand on the right, how often the stake was doubled (:class:`Prelude`). Each game declares
the kinds of such decision it has, in their order, as its table class's ``prelude``:

- :data:`EXCHANGES` — Humbug's exchange of the hand dealt for the dead hand on the right (HU-2.1);
- :data:`DECLARATION` — the trumps named by the dealer, or passed to Dummy's schedule (B3-3,
  HU-5.1);
- :data:`DOUBLING` — the eldest's double and the dealer's redouble (B3-5).

A game without any (the cut and the turn-up decide everything) declares none. Writing a record,
:meth:`PreludeDecision.note` folds each decision made into the hand's :class:`Prelude`; reading
one back, :meth:`PreludeDecision.fits` picks, among the legal actions, the one that leads to the
recorded hand, and :meth:`PreludeDecision.complete` says when every recorded decision of its kind
is made. The words of each decision (:meth:`PreludeDecision.words`) name it in messages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from vivant.actions import Action, Declare, Double, Exchange, Pass, Redouble
from vivant.cards import Seat
from vivant.table import DECLARE, DOUBLE, EXCHANGE

if TYPE_CHECKING:
    from vivant.table import Table

__all__ = ["DECLARATION", "DOUBLING", "EXCHANGES", "Prelude", "PreludeDecision"]

#: The denominations by the letters :class:`~vivant.actions.Declare` takes.
DENOMINATION_WORDS: Final = {
    "S": "spades",
    "H": "hearts",
    "D": "diamonds",
    "C": "clubs",
    "NT": "no trumps",
}


@dataclass(frozen=True)
class Prelude:
    """What a hand's decisions before the play came to: ``declared_by`` the seat whose
    declaration stands (Dummy's seat when the dealer passed it to Dummy, B3-3), ``trump`` the
    denomination declared (``"S"`` … ``"NT"``), ``exchanges`` each hand exchanged as (taker, the
    hand taken, HU-2.1), ``doubling`` 0, 1 doubled or 2 redoubled (B3-5)."""

    declared_by: Seat | None = None
    trump: str | None = None
    exchanges: tuple[tuple[Seat, Seat], ...] = ()
    doubling: int = 0


class PreludeDecision:
    """One kind of decision a game makes, in its phase, between the deal and the first card."""

    #: The table phase the decision is due in.
    phase: str = ""

    def note(
        self, table: Table, action: Action, hands_before: Sequence[int], made: Prelude
    ) -> Prelude:
        """``made`` with ``action`` recorded (``table`` just applied it; ``hands_before`` are the
        hands as they were before it)."""
        return made

    def fits(self, table: Table, action: Action, wanted: Prelude, made: Prelude) -> bool:
        """Whether ``action``, legal at ``table`` now, leads towards the ``wanted`` record when
        ``made`` is what the decisions so far came to."""
        return False

    def complete(self, wanted: Prelude, made: Prelude) -> bool:
        """Whether every decision of this kind that ``wanted`` records is made."""
        return True

    def words(self, action: Action) -> str:
        """``action`` as a player says it."""
        return "act"


class _Exchanges(PreludeDecision):
    """HU-2.1: each player keeps his hand or takes the dead hand on his right, once."""

    phase = EXCHANGE

    def note(
        self, table: Table, action: Action, hands_before: Sequence[int], made: Prelude
    ) -> Prelude:
        h = table.hand
        if not isinstance(action, Exchange) or not action.take or h is None:
            return made
        taken = next(s for s in range(4) if s != action.seat and h.hands[s] != hands_before[s])
        return replace(made, exchanges=(*made.exchanges, (action.seat, taken)))

    def fits(self, table: Table, action: Action, wanted: Prelude, made: Prelude) -> bool:
        takers = {taker for taker, _ in wanted.exchanges}
        return isinstance(action, Exchange) and action.take == (action.seat in takers)

    def complete(self, wanted: Prelude, made: Prelude) -> bool:
        return len(made.exchanges) == len(wanted.exchanges)

    def words(self, action: Action) -> str:
        if isinstance(action, Exchange):
            return "take the hand on his right" if action.take else "keep his hand"
        return super().words(action)


class _Declaration(PreludeDecision):
    """B3-3, HU-5.1: the dealer declares the trumps; in Bridge for Three he may pass the
    declaration to Dummy, whose schedule then names them (B3-4)."""

    phase = DECLARE

    def note(
        self, table: Table, action: Action, hands_before: Sequence[int], made: Prelude
    ) -> Prelude:
        if isinstance(action, Declare):
            return replace(made, declared_by=action.seat, trump=action.trump)
        if isinstance(action, Pass):
            dummy = next(d for d in table.dummy_seats if table.controller(d) == action.seat)
            return replace(made, declared_by=dummy)
        return made

    def fits(self, table: Table, action: Action, wanted: Prelude, made: Prelude) -> bool:
        seat = table.to_act()
        if isinstance(action, Declare):
            return wanted.declared_by == seat and action.trump == wanted.trump
        return isinstance(action, Pass) and wanted.declared_by != seat

    def complete(self, wanted: Prelude, made: Prelude) -> bool:
        return wanted.declared_by is None or made.declared_by is not None

    def words(self, action: Action) -> str:
        if isinstance(action, Declare):
            return f"declare {DENOMINATION_WORDS.get(action.trump, action.trump)}"
        return "pass" if isinstance(action, Pass) else super().words(action)


class _Doubling(PreludeDecision):
    """B3-5: the eldest may double the declaration, the dealer then redouble."""

    phase = DOUBLE

    def note(
        self, table: Table, action: Action, hands_before: Sequence[int], made: Prelude
    ) -> Prelude:
        if isinstance(action, Double | Redouble):
            return replace(made, doubling=made.doubling + 1)
        return made

    def fits(self, table: Table, action: Action, wanted: Prelude, made: Prelude) -> bool:
        if isinstance(action, Double | Redouble):
            return made.doubling < wanted.doubling
        return isinstance(action, Pass) and made.doubling >= wanted.doubling

    def complete(self, wanted: Prelude, made: Prelude) -> bool:
        return made.doubling == wanted.doubling

    def words(self, action: Action) -> str:
        if isinstance(action, Double | Redouble | Pass):
            return type(action).__name__.lower()
        return super().words(action)


EXCHANGES: Final[PreludeDecision] = _Exchanges()
DECLARATION: Final[PreludeDecision] = _Declaration()
DOUBLING: Final[PreludeDecision] = _Doubling()
