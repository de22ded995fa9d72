"""The sitting of every game but Duplicate Whist in the records: the players cut for seats and
deal every hand in turn (WL-1); the choices before a deal (seats, who deals for Mort…) are found
by trying each legal one until the table reaches the deal's dealer, dummies and players.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any, Final

from vivant.actions import Cut
from vivant.cards import SEAT_LETTERS, Seat, parse_card
from vivant.errors import InvalidNotationError
from vivant.records.pbn import PbnError
from vivant.records.pbn_whist import WhistDeal
from vivant.records.sitting.common import (
    CUTS_TAG,
    Mismatch,
    SittingImportError,
    extra_tag,
    flags_on,
    parse_cuts,
    phase_text,
    scratch,
)
from vivant.table import DEAL, OVER, PLAY, HandState, Table

__all__ = ["CUTTING", "CUT_CARDS", "MAX_PLAYERS", "CuttingForm"]

#: Players beyond this many make too many cutting orders to try.
MAX_PLAYERS: Final = 6
#: One card per cutting rank, ace (lowest) first: the cut import draws (WL-1.2).
CUT_CARDS: Final = tuple(parse_card(c) for c in ("CA", "D2", "H3", "S4", "C5", "D6", "H7", "S8"))


def _seated_as(table: Table, deal: WhistDeal) -> bool:
    """Whether the table about to deal has the deal's dealer, dummies and named players."""
    if table.dealer != deal.dealer or frozenset(table.dummy_seats) != deal.dummies:
        return False
    for s, name in enumerate(deal.players):
        if s in deal.dummies or s in deal.dead or name in ("", "?"):
            continue
        if table.seat_player(s) != name:
            return False
    return True


class CuttingForm:
    """A sitting that cuts for seats and deals every hand (see the module docstring)."""

    def board(self, table: Table) -> int | None:
        """Boards are numbered through the sitting."""
        return None

    def hand_tags(self, table: Table) -> tuple[tuple[str, str], ...]:
        """No tags of the hand's own."""
        return ()

    def options(self, table: Table) -> list[str]:
        """The variant's options that are on."""
        return flags_on(table)

    def declared_by(self, table: Table, hand: HandState, declared_by: Seat | None) -> Seat | None:
        """The declaration the decisions before the play made (:mod:`vivant.prelude`)."""
        return declared_by

    def config(
        self, cls: type[Table], deals: Sequence[WhistDeal], on: Sequence[str]
    ) -> dict[str, Any]:
        """Each option on when ``WhistOptions`` names it."""
        return {o: o in on for o in cls.options}

    def starts(self, cls: type[Table], config: dict[str, Any], line: int) -> Iterator[Table]:
        """A fresh table for every cutting order of the players, one card each (ace, two…);
        too many players are refused, the error placed at ``line``."""
        n = len(config["players"])
        if n > MAX_PLAYERS:
            raise SittingImportError([PbnError(line, f"{n} players: too many to work out the cut")])
        for order in itertools.permutations(range(n)):
            table = cls.from_config(config)
            for rank, p in enumerate(order):
                table.apply(Cut(player=p, card=CUT_CARDS[rank]))
            yield table

    def reach(self, table: Table, deal: WhistDeal) -> Table:
        """``table`` (or a copy of it) with the choices made that lead to ``deal``'s seating."""
        if table.phase == DEAL and table.pending is None:
            if not _seated_as(table, deal):
                raise Mismatch()
            return table
        if table.pending is None and table.awaiting_chance() and table.hand is None:
            # The pack offered to be cut before the deal (Boston, BO-2.1): the cuts recorded.
            text = extra_tag(deal, CUTS_TAG)
            if text is None:
                raise InvalidNotationError(
                    f"the pack is cut before this deal, and the deal gives no {CUTS_TAG}"
                )
            for cut in parse_cuts(CUTS_TAG, text):
                table.apply(cut)
            return self.reach(table, deal)
        seat = table.to_act()
        if table.phase == OVER:
            raise InvalidNotationError(
                "the sitting is over before this deal; a file holds one sitting, from its "
                "first deal"
            )
        if table.phase == PLAY or seat is None or table.pending is not None:
            raise InvalidNotationError(f"this deal cannot come yet: {phase_text(table.phase)}")
        for action in table.legal_actions(seat):
            trial = scratch(table)
            trial.apply(action)
            try:
                self.reach(trial, deal)
            except Mismatch:
                continue
            table.apply(action)
            return self.reach(table, deal)
        raise Mismatch()

    def unplayable(
        self, cls: type[Table], config: dict[str, Any], deals: Sequence[WhistDeal], k: int
    ) -> str:
        """Why deal ``k`` cannot be reached by any cutting order."""
        deal = deals[k]
        dummies = "".join(SEAT_LETTERS[s] for s in sorted(deal.dummies)) or "none"
        seated = " ".join(
            f"{SEAT_LETTERS[s]} {p}"
            for s, p in enumerate(deal.players)
            if p and s not in deal.dummies and s not in deal.dead
        )
        return (
            f"deal {k + 1}: no cutting order of {', '.join(config['players'])} gives "
            f"{cls.variant} this deal's dealer {SEAT_LETTERS[deal.dealer]}, dummy {dummies} "
            f"and players {seated} (the file must hold the whole sitting, in order)"
        )


CUTTING: Final = CuttingForm()
