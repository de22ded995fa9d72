"""How a game's sitting comes by its seats and its hands, as the records see it.

Two forms: :class:`~vivant.records.sitting.cutting.CuttingForm`, the players cut for seats and
deal every hand (every game but one), and :class:`~vivant.records.sitting.trays.TrayForm`,
Duplicate Whist's programme of tray plays at one table with fixed seats (DU-1.2). Export and
import ask the form of the table's class (:func:`form_of`) and nothing else about the game; the
decisions between the deal and the first card are the game's own (its ``prelude``,
:mod:`vivant.prelude`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from vivant.cards import Seat
from vivant.duplicate.table import DuplicateTable
from vivant.records.pbn_whist import WhistDeal
from vivant.records.sitting.cutting import CUTTING
from vivant.records.sitting.trays import TRAYS
from vivant.table import HandState, Table

__all__ = ["SittingForm", "form_of"]


class SittingForm(Protocol):
    """What export and import ask of a sitting's form."""

    def board(self, table: Table) -> int | None:
        """The board number of the hand now laid out (``None``: numbered through the sitting)."""

    def hand_tags(self, table: Table) -> tuple[tuple[str, str], ...]:
        """Supplemental tags of the hand now laid out."""

    def options(self, table: Table) -> list[str]:
        """The ``WhistOptions`` items of the table."""

    def declared_by(self, table: Table, hand: HandState, declared_by: Seat | None) -> Seat | None:
        """Who the file names as declaring ``hand``'s trumps (``declared_by``: who did)."""

    def config(
        self, cls: type[Table], deals: Sequence[WhistDeal], on: Sequence[str]
    ) -> dict[str, Any]:
        """The table's options from the deals and their ``WhistOptions`` items ``on``."""

    def starts(self, cls: type[Table], config: dict[str, Any], line: int) -> Iterator[Table]:
        """The fresh tables to try re-enacting the file on, in order (errors at ``line``)."""

    def reach(self, table: Table, deal: WhistDeal) -> Table:
        """``table`` brought to the point where ``deal`` is dealt or laid out; raises
        :class:`~vivant.records.sitting.common.Mismatch` when it never comes there."""

    def unplayable(
        self, cls: type[Table], config: dict[str, Any], deals: Sequence[WhistDeal], k: int
    ) -> str:
        """Why no start reached deal ``k``."""


def form_of(cls: type[Table]) -> SittingForm:
    """The form of a game's sitting: Duplicate Whist's trays, else the cut and the deal."""
    return TRAYS if issubclass(cls, DuplicateTable) else CUTTING
