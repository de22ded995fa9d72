"""Duplicate Whist's sitting in the records: a programme of tray plays at one table.

Every play of a tray is a deal, ``Board`` the tray number, also the plays whose hands come from
the tray without a deal (recorded trays, overplays). ``WhistTray`` says how the hands came
(:data:`TRAY_WAYS`, then ``turned``); ``WhistOptions`` adds ``trays=N``, ``declared_trump=H`` and
``program=1,2,1t,2t``; a session's declared suit is "declared by" the dealer (SD-2). Import seats
the four players without a cut (DU-1.2) and re-enacts each play at the point of the programme it
belongs to.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Final

from vivant.cards import SEAT_LETTERS, SUIT_LETTERS, Seat, card_name
from vivant.duplicate.table import DuplicateTable, Tray
from vivant.errors import InvalidNotationError
from vivant.records.pbn_whist import WhistDeal
from vivant.records.sitting.common import Mismatch, extra_tag, flags_on
from vivant.table import DEAL, OVER, PLAY, HandState, Table

__all__ = ["MAX_PROGRAM_TEXT", "TRAYS", "TRAY_TAG", "TRAY_WAYS", "TrayForm", "tray_way"]

#: How each play came by its hands (``dealt`` here, a ``recorded`` tray given to the table, an
#: ``overplay`` of a tray played before here), and ``turned`` for a quarter turn.
TRAY_TAG: Final = "WhistTray"
TRAY_WAYS: Final = ("dealt", "recorded", "overplay")
#: A longer programme is left out of ``WhistOptions`` (PBN lines hold 255 characters).
MAX_PROGRAM_TEXT: Final = 180


def tray_way(deal: WhistDeal) -> tuple[str, bool]:
    """How a play's hands came (:data:`TRAY_WAYS`), and whether the tray lies turned."""
    words = (extra_tag(deal, TRAY_TAG) or "dealt").split()
    if not words or words[0] not in TRAY_WAYS or words[1:] not in ([], ["turned"]):
        raise InvalidNotationError(
            f"{TRAY_TAG} {' '.join(words)!r}: dealt, recorded or overplay, then perhaps turned"
        )
    return words[0], words[1:] == ["turned"]


def _session(table: Table) -> DuplicateTable:
    assert isinstance(table, DuplicateTable)
    return table


class TrayForm:
    """Duplicate Whist's programme of trays (see the module docstring)."""

    def board(self, table: Table) -> int | None:
        """The tray now in play."""
        return _session(table).current[0]

    def hand_tags(self, table: Table) -> tuple[tuple[str, str], ...]:
        """``WhistTray``: how the play now laid out came by its hands."""
        session = _session(table)
        number, turned = session.current
        way = (
            "overplay"
            if session.is_overplay()
            else ("recorded" if not session.dealt_here(number) else "dealt")
        )
        return ((TRAY_TAG, f"{way} turned" if turned else way),)

    def options(self, table: Table) -> list[str]:
        """The flags, then the number of trays, the session's declared trump and the programme
        of plays (``1,2,1t,2t``: ``t`` turned) as ``name=value`` items."""
        session = _session(table)
        items = flags_on(session)
        if session.trays is not None:
            items.append(f"trays={session.trays}")
        if session.declared_trump is not None:
            items.append(f"declared_trump={session.declared_trump}")
        if session.program is not None:
            text = ",".join(f"{t}{'t' if turned else ''}" for t, turned in session.program)
            if len(text) <= MAX_PROGRAM_TEXT:
                items.append(f"program={text}")
        return items

    def declared_by(self, table: Table, hand: HandState, declared_by: Seat | None) -> Seat | None:
        """SD-2: the session's suit, agreed, stands for a declaration by the dealer."""
        return hand.dealer if _session(table).declared_trump is not None else declared_by

    def config(
        self, cls: type[Table], deals: Sequence[WhistDeal], on: Sequence[str]
    ) -> dict[str, Any]:
        """The options from ``WhistOptions`` (flags and ``name=value`` items) and the recorded
        trays from the deals of their first plays (turned back when they lie turned)."""
        values = dict(item.partition("=")[::2] for item in on if "=" in item)
        config: dict[str, Any] = {
            "mnemonic": "mnemonic" in on,
            "turn_trump_each_deal": "turn_trump_each_deal" in on,
            "declared_trump": values.get("declared_trump"),
            "trays": None,
            "program": None,
        }
        program = values.get("program")
        if program is not None:
            items = []
            for item in program.split(","):
                number = item.removesuffix("t")
                if not number.isdigit():
                    raise InvalidNotationError(
                        f"program item {item!r}: a tray number, then perhaps t"
                    )
                items.append([int(number), item.endswith("t")])
            config["program"] = items
        elif "trays" in values:
            if not values["trays"].isdigit():
                raise InvalidNotationError(f"trays={values['trays']!r}: a number")
            config["trays"] = int(values["trays"])
        else:  # no programme kept: the plays in the file are the programme
            config["program"] = [[d.board, tray_way(d)[1]] for d in deals]
        config["boards"] = _recorded_trays(deals)
        return config

    def starts(self, cls: type[Table], config: dict[str, Any], line: int) -> Iterator[Table]:
        """DU-1.2: no cutting, the seats are fixed — one table to re-enact the file on."""
        yield cls.from_config(config)

    def reach(self, table: Table, deal: WhistDeal) -> Table:
        """The table must be about to play the deal's tray, turned as the deal says; a play
        from the tray must hold the deal's hands."""
        session = _session(table)
        if session.phase == OVER or session.pending is not None:
            raise Mismatch()
        number, turned = session.current
        if deal.board != number or tray_way(deal)[1] != turned or session.dealer != deal.dealer:
            raise Mismatch()
        h = session.hand
        if session.phase == DEAL:
            return session
        if h is None or session.phase != PLAY or h.tricks or h.trick:
            raise InvalidNotationError(f"the session cannot play tray {number} now")
        if tuple(h.hands) != tuple(c.mask if c is not None else 0 for c in deal.hands):
            raise InvalidNotationError(f"tray {number} holds other hands than the deal shows")
        return session

    def unplayable(
        self, cls: type[Table], config: dict[str, Any], deals: Sequence[WhistDeal], k: int
    ) -> str:
        """Why deal ``k`` cannot be reached."""
        deal = deals[k]
        turned = " turned" if tray_way(deal)[1] else ""
        return (
            f"deal {k + 1}: the session does not play tray {deal.board}"
            f"{turned}, dealt by {SEAT_LETTERS[deal.dealer]}, here (the file must "
            "hold the whole session, in order)"
        )


def _recorded_trays(deals: Sequence[WhistDeal]) -> list[dict[str, Any]]:
    """The trays recorded in the file, from the deals of their first plays, in tray order."""
    boards: dict[int, dict[str, Any]] = {}
    for d in deals:
        way, turned = tray_way(d)
        if way != "recorded" or d.board is None or d.board in boards:
            continue
        # D-DU11: turned, the tray's seat s is held at table seat s + 1.
        hands = [d.hands[(s + (1 if turned else 0)) % 4] for s in range(4)]
        if d.trump is None:
            raise InvalidNotationError(f"tray {d.board}: a trump suit")
        text = " ".join(h.pbn() if h is not None else "-" for h in hands)
        boards[d.board] = Tray.from_json(
            {
                "tray": d.board,
                "dealer": SEAT_LETTERS[(d.dealer - (1 if turned else 0)) % 4],
                "trump": SUIT_LETTERS[d.trump],
                "turn_up": None if d.turn_up is None else card_name(d.turn_up),
                "deal": "N:" + text,
            }
        ).to_json()
    return [boards[t] for t in sorted(boards)]


TRAYS: Final = TrayForm()
