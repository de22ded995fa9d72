"""What the export, the import and the replay of a sitting share: the profile's supplemental
tags, the notes of the irregularity table, the game's name in the file, the errors of an import.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Final

from vivant.actions import Action, CutPack, Discard, Elect, Play
from vivant.cards import SEAT_LETTERS, SUIT_LETTERS, Card, card_name, parse_card
from vivant.errors import InvalidNotationError, VivantError
from vivant.records.pbn import PbnError
from vivant.records.pbn_whist import WhistDeal, WhistIrregularity
from vivant.table import CLAIMS, CUT, DEAL, OVER, PENALTY, PLAY, Table

PLAYERS_TAG: Final = "WhistPlayers"
LAWS_TAG: Final = "WhistLaws"
OPTIONS_TAG: Final = "WhistOptions"
DOUBLING_TAG: Final = "WhistDoubling"
DOUBLINGS: Final = ("", "doubled", "redoubled")
#: The pack games' tags (All Fours, Boston: docs/pbn-whist-profile.md, "Packs, cuts and
#: choices"): the order of the pack as it was dealt, the still pack's when it is first used,
#: the cuts of the pack before the deal and of the still pack after it, the choices made between
#: the deal and the first card.
PACK_TAG: Final = "WhistPack"
STILL_PACK_TAG: Final = "WhistStillPack"
CUTS_TAG: Final = "WhistCuts"
STILL_CUT_TAG: Final = "WhistStillCut"
CHOICES_TAG: Final = "WhistChoices"
#: The games whose deals hang on the pack beyond the hands: All Fours runs the cards from the
#: pack (AF-2.5), Boston's packs are not shuffled between deals (D-BO11) and are cut before each.
PACK_GAMES: Final = frozenset({"all-fours", "boston"})
#: The elections before the play that are a game's choices, not the laws' (All Fours' stand or
#: beg, give or run, play or bunch, AF-2.2..AF-2.6): written among the choices.
CHOICE_KINDS: Final = frozenset({"beg", "give", "bunch", "agree_bunch"})
#: The laws' elections made after the play for a revoke, one for each side not at fault (All
#: Fours: add the penalty to his score or deduct it from the revoker's, AF-5.2): the revoke's
#: ``Penalty`` lists them in order, ``-``-separated (``add-deduct``).
AFTER_PLAY: Final = frozenset({"revoke_penalty"})
#: Irregularities committed in play whose moment in the trick the note keeps (``at``), with
#: what the offender did (``offence``): Boston's errors against a misère (BO-5.8).
MISERE_CLAIM: Final = "misere_claim"
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


def choice_text(action: Action) -> str:
    """A choice as ``WhistChoices`` writes it: ``E six``, ``N stand``, ``W discard C3``."""
    if isinstance(action, Discard):
        return f"{SEAT_LETTERS[action.seat]} discard {card_name(action.card)}"
    if isinstance(action, Play):
        return f"{SEAT_LETTERS[action.seat]} play {card_name(action.card)}"
    assert isinstance(action, Elect)
    return f"{SEAT_LETTERS[action.seat]} {action.option}"


def parse_choice(text: str) -> Action:
    """A ``WhistChoices`` item as the action it records."""
    words = text.split()
    if len(words) not in (2, 3) or words[0] not in SEAT_LETTERS:
        raise InvalidNotationError(
            f"{CHOICES_TAG} item {text!r}: expected '<seat> <option>' or '<seat> discard <card>'"
        )
    seat = SEAT_LETTERS.index(words[0])
    if len(words) == 3:
        if words[1] not in ("discard", "play"):
            raise InvalidNotationError(
                f"{CHOICES_TAG} item {text!r}: only a discard or a card played names a card"
            )
        make = Discard if words[1] == "discard" else Play
        return make(seat, parse_card(words[2]))
    return Elect(seat, words[1])


#: The longest value of one ``WhistChoices`` tag: a longer list goes on in ``WhistChoices2``,
#: ``WhistChoices3``… (PBN §2.3 keeps every line within 255 characters).
CHOICES_PER_TAG: Final = 200


def choices_tags(items: Sequence[str]) -> list[tuple[str, str]]:
    """The choices as ``WhistChoices`` tags, split where one would be too long."""
    tags: list[list[str]] = [[]]
    for item in items:
        if tags[-1] and len(";".join([*tags[-1], item])) > CHOICES_PER_TAG:
            tags.append([])
        tags[-1].append(item)
    return [
        (CHOICES_TAG + (str(k + 1) if k else ""), ";".join(chunk))
        for k, chunk in enumerate(tags)
        if chunk
    ]


def recorded_choices(deal: WhistDeal) -> list[Action]:
    """The choices a deal records, its ``WhistChoices`` tags read in order."""
    text = ";".join(
        v
        for k, v in deal.extra_tags
        if k == CHOICES_TAG or (k.startswith(CHOICES_TAG) and k[len(CHOICES_TAG) :].isdigit())
    )
    return [parse_choice(item) for item in text.split(";") if item.strip()]


def cuts_text(cuts: Sequence[CutPack]) -> str:
    """Cuts as ``WhistCuts`` writes them: ``E 0 S 12 W 0 N 4`` (0: the player did not cut)."""
    return " ".join(f"{SEAT_LETTERS[c.seat]} {c.depth}" for c in cuts)


def parse_cuts(name: str, text: str) -> list[CutPack]:
    """``WhistCuts`` or ``WhistStillCut`` back into the cuts it records."""
    words = text.split()
    if len(words) % 2 or any(
        w not in SEAT_LETTERS or not d.isdigit()
        for w, d in zip(words[::2], words[1::2], strict=True)
    ):
        raise InvalidNotationError(
            f"{name} {text!r}: expected '<seat> <depth>' pairs, e.g. E 0 N 4"
        )
    return [
        CutPack(SEAT_LETTERS.index(w), int(d)) for w, d in zip(words[::2], words[1::2], strict=True)
    ]


def parse_pack(name: str, text: str) -> tuple[Card, ...]:
    """``WhistPack`` or ``WhistStillPack``: 52 cards, top first."""
    try:
        cards = tuple(parse_card(c) for c in text.split())
    except InvalidNotationError as exc:
        raise InvalidNotationError(f"{name}: {exc}") from None
    if sorted(cards) != list(range(52)):
        raise InvalidNotationError(
            f"{name} {text[:20]!r}…: expected the 52 cards of a pack, once each"
        )
    return cards
