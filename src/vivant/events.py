"""What an action caused, as the table tells it: an :class:`Event` of a kind (:class:`EventKind`)
with its data, JSON-ready.

Events are public: they never carry a card that a seat may not see (the cards played, the
turn-up, an exposed card, never a hidden hand's). The kinds are a :class:`~enum.StrEnum` whose
values are the strings every log and record has always carried; the data of the common kinds
are typed below (TypedDicts: each kind's keys and their types), the table building each with its
TypedDict so that the type checker holds it to those keys.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NotRequired, TypedDict


class Word(StrEnum):
    """An enumeration of the strings the logs and records carry: a member compares, formats and
    serialises as its value, and its repr is the value's (as in the messages of errors)."""

    def __repr__(self) -> str:
        return repr(self.value)


class EventKind(Word):
    """Every kind of event the games tell (a kind compares and serialises as its value)."""

    # The sitting: the cut, the seats, the choices before the deal.
    CUT = "cut"
    TABLE_FORMED = "table_formed"
    SEATS = "seats"
    DEAL_FOR = "deal_for"
    STAYS = "stays"
    RETIRES = "retires"
    TABLE_BROKEN_UP = "table_broken_up"
    NEW_TOURNEE = "new_tournee"
    # The deal and the choices before the play.
    DEALT = "dealt"
    EXCHANGE = "exchange"
    DECLARED = "declared"
    DOUBLED = "doubled"
    DECIDED = "decided"
    TRUMP = "trump"
    LAID_ASIDE = "laid_aside"
    BUNCHED = "bunched"
    NEW_DEAL = "new_deal"
    DISCARDED = "discarded"
    POINT = "point"
    # The play.
    PLAYED = "played"
    FOR_LOW = "for_low"
    TRICK = "trick"
    CLAIM = "claim"
    # Claims and concessions at a casual table (D-TC4..D-TC6, vivant.claims).
    CONCEDED = "conceded"
    TRICKS_CREDITED = "tricks_credited"
    # The laws: irregularities, elections, penalties.
    IRREGULARITY = "irregularity"
    ELECTED = "elected"
    EXPOSED_IN_DEAL = "exposed_in_deal"
    DEALT_WRONGLY = "dealt_wrongly"
    SURPLUS_DRAWN = "surplus_drawn"
    LEAD_WITHDRAWN = "lead_withdrawn"
    PLAYED_OUT_OF_TURN = "played_out_of_turn"
    CARD_CALLED = "card_called"
    CARD_EXPOSED = "card_exposed"
    SUIT_CALLED = "suit_called"
    RENOUNCE_CONFIRMED = "renounce_confirmed"
    REVOKE_TO_CORRECT = "revoke_to_correct"
    REVOKE_CORRECTED = "revoke_corrected"
    REVOKE_CLAIMED = "revoke_claimed"
    PENALTY_CANCELLED = "penalty_cancelled"
    # Boston (variants/boston.py): the cuts offered, the preference turned, the auction, the
    # pool; each carries its words.
    PACK_CUT = "pack_cut"
    PREFERENCE = "preference"
    MISDEALT = "misdealt"
    BID = "bid"
    CONTRACT = "contract"
    POOL = "pool"
    VOID = "void"
    # Scores.
    HAND_SCORED = "hand_scored"
    GAME_OVER = "game_over"
    RUBBER_OVER = "rubber_over"
    TRAY = "tray"
    SESSION_OVER = "session_over"
    # The card room's conventions (D-TC1, vivant.conventions): a card taken back with consent.
    UNDO_ASKED = "undo_asked"
    UNDO_AGREED = "undo_agreed"
    UNDO_REFUSED = "undo_refused"
    CARDS_TAKEN_BACK = "cards_taken_back"


@dataclass(frozen=True, slots=True)
class Event:
    """Something public that an action caused: ``kind`` and JSON-ready ``data``. Events never
    carry a concealed card."""

    kind: EventKind
    data: Mapping[str, Any] = field(default_factory=dict)


class CutData(TypedDict):
    """A player drew a card from the spread pack (WL-1.2)."""

    player: str
    card: str


class TableFormedData(TypedDict):
    """The cut is complete: the players in cutting order, lowest first (WL-1.3, D-G4)."""

    order: list[str]


class DealtData(TypedDict):
    """A hand was dealt: the dealer's role and the card turned up for trumps, if any."""

    dealer: str
    turn_up: str | None
    trump: str | None


class PlayedData(TypedDict):
    """A card played to the trick by the hand at ``seat`` (a role letter)."""

    seat: str
    card: str


class TrickData(TypedDict):
    """A trick complete (T3): who won it, and its number in the hand."""

    winner: str
    number: int


class ElectedData(TypedDict):
    """The side entitled chose ``option`` for the election of ``kind``."""

    kind: str
    option: str


class DeclaredData(TypedDict):
    """Trumps named: by whom, and the suit letter (or NT); the step of Dummy's schedule."""

    by: str
    trump: str
    step: NotRequired[int]


class ExchangedData(TypedDict):
    """A player kept his hand or took the dead hand on his right (HU-2.1)."""

    seat: str
    take: bool


class HandScoredData(TypedDict):
    """A hand scored: the tricks won by side (after penalties), and the game's own score: Mort's
    markers, English whist's score, the dealer's points below the line at Bridge for Three,
    the points marked at All Fours, the tray at Duplicate Whist."""

    won: dict[str, int]
    markers: NotRequired[dict[str, int]]
    score: NotRequired[dict[str, int]]
    below: NotRequired[int]
    tray: NotRequired[int]
    marked: NotRequired[list[dict[str, Any]]]
    words: NotRequired[str]


class GameOverData(TypedDict):
    """A game won: the winning side, its value, and the settlement when a sitting unit ends
    (All Fours: the points of each party instead of a value)."""

    winner: str
    value: NotRequired[int]
    settlement: NotRequired[dict[str, int]]
    points: NotRequired[dict[str, int]]
