"""What the export, the import and the replay of a sitting share: the profile's supplemental
tags, the notes of the irregularity table, the game's name in the file, the errors of an import.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Final

from vivant.cards import SUIT_LETTERS, Card, card_name, parse_card
from vivant.errors import InvalidNotationError, VivantError
from vivant.records.pbn import PbnError
from vivant.records.pbn_whist import WhistDeal, WhistIrregularity
from vivant.table import CLAIMS, CUT, DEAL, OVER, PENALTY, PLAY, Table

PLAYERS_TAG: Final = "WhistPlayers"
LAWS_TAG: Final = "WhistLaws"
OPTIONS_TAG: Final = "WhistOptions"
DOUBLING_TAG: Final = "WhistDoubling"
DOUBLINGS: Final = ("", "doubled", "redoubled")
#: Irregularities of the duplicate laws whose moment in the trick the note keeps (``at``).
TIMED_KINDS: Final = frozenset({"played_out_of_turn", "direction", "card_exposed", "winning_cards"})
#: The kinds of revoke a claim penalises (a DL-5 failure to comply is punished as a revoke).
REVOKE_KINDS: Final = frozenset({"revoke", "failure_to_comply"})


def variant_name(table: Table) -> str:
    """The ``WhistVariant`` value for a table's game: its declared title (the profile's
    recommended game names, docs/pbn-whist-profile.md), read back by
    :func:`~vivant.variants.find_variant`."""
    return table.info.title


def scratch(table: Table) -> Table:
    """A copy of ``table`` to try an action on (its log is not copied, only its state)."""
    return copy.deepcopy(table, {id(table.log): []})


def flags_on(table: Table) -> list[str]:
    """The names of the variant's options that are on (``WhistOptions``)."""
    return [o for o in table.options if getattr(table, o) is True]


def note_text(**items: object) -> str:
    return "; ".join(f"{k} {v}" for k, v in items.items() if v not in (None, "", ()))


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card_name(c) for c in cards)


def penalty_word(option: str) -> str:
    """An election as the table's ``Penalty`` word (a DL-1 direction's ``/`` becomes ``-``)."""
    return option.replace("/", "-")


def penalty_option(kind: str, word: str) -> str:
    return word.replace("-", "/") if kind == "direction" else word


def note_items(note: str) -> dict[str, str]:
    items = {}
    for part in note.split(";"):
        key, _, value = part.strip().partition(" ")
        if key:
            items[key] = value.strip()
    return items


def note_cards(ir: WhistIrregularity, count: int = 1) -> tuple[Card, ...]:
    """The cards an irregularity's note names (at least ``count`` of them)."""
    text = note_items(ir.note).get("cards", "")
    try:
        cards = tuple(parse_card(c) for c in text.split())
    except InvalidNotationError as exc:
        raise InvalidNotationError(f"{ir.kind} note {ir.note!r}: {exc}") from None
    if len(cards) < count:
        raise InvalidNotationError(f"{ir.kind} note {ir.note!r}: 'cards' must name {count} card(s)")
    return cards


def note_number(ir: WhistIrregularity, key: str) -> int:
    text = note_items(ir.note).get(key, "")
    if not text.isdigit():
        raise InvalidNotationError(f"{ir.kind} note {ir.note!r}: '{key}' must be a number")
    return int(text)


def extra_tag(deal: WhistDeal, name: str) -> str | None:
    return next((v for k, v in deal.extra_tags if k == name), None)


def denomination(trump: int | None) -> str:
    return "NT" if trump is None else SUIT_LETTERS[trump]


class SittingImportError(InvalidNotationError):
    """Deals that do not re-enact as a sitting; ``problems`` each name a line (0 if unknown)."""

    def __init__(self, problems: Sequence[PbnError]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(str(p) for p in self.problems))


class Mismatch(VivantError):
    """The table seats the deal's players differently: try another cutting order."""

    def __init__(self, deal: int = 0) -> None:
        super().__init__(f"deal {deal + 1}")
        self.deal = deal


#: What is still to happen at a table in each phase, for messages.
PHASES: Final[dict[str, str]] = {
    CUT: "the players are still to cut",
    DEAL: "a deal is due",
    PLAY: "cards are still to be played",
    CLAIMS: "revoke claims are still open",
    PENALTY: "a revoke penalty is still to be chosen",
    OVER: "the sitting is over",
}


def phase_text(phase: str) -> str:
    return PHASES.get(phase, "decisions before the play are still to be made")
