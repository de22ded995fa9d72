"""Actions: everything that can happen at a table, as frozen dataclasses that round-trip through
JSON.

A game is a fold over its actions (DESIGN §2). Chance is an action too (:class:`Cut`,
:class:`Deal`), carrying its outcome, so a log replays exactly without any random generator. Every
option a player has is an explicit action (D-G2).

In JSON, cards are written in notation (``"SA"``), seats as compass letters, suits as letters;
the field name says which: ``card``/``cards``/``order`` hold cards, ``seat``/``target`` seats,
``suit`` a suit.

>>> Play(seat=0, card=51).to_json()
{'type': 'Play', 'seat': 'N', 'card': 'CA'}
>>> action_from_json({'type': 'Play', 'seat': 'N', 'card': 'CA'})
Play(seat=0, card=51)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from vivant.cards import (
    SEAT_LETTERS,
    SUIT_LETTERS,
    Card,
    Seat,
    Suit,
    card_name,
    parse_card,
    parse_seat,
)
from vivant.deal import shuffled_pack
from vivant.errors import InvalidNotationError

_CARD_FIELDS = frozenset({"card"})
_CARDS_FIELDS = frozenset({"cards", "order"})
_SEAT_FIELDS = frozenset({"seat", "target", "by"})
_SUIT_FIELDS = frozenset({"suit"})


@dataclass(frozen=True, slots=True)
class Action:
    """Base of all actions. ``seat`` (where present) is the hand or role acting."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: ``{"type": <class name>, <field>: <value>, ...}``."""
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in _CARD_FIELDS:
                value = card_name(value)
            elif f.name in _CARDS_FIELDS:
                value = [card_name(c) for c in value]
            elif f.name in _SEAT_FIELDS:
                value = None if value is None else SEAT_LETTERS[value]
            elif f.name in _SUIT_FIELDS:
                value = SUIT_LETTERS[value]
            out[f.name] = value
        return out


def action_from_json(data: dict[str, Any]) -> Action:
    """Rebuild an action from :meth:`Action.to_json` output; malformed input raises
    :class:`InvalidNotationError` naming what is wrong."""
    if not isinstance(data, dict):
        raise InvalidNotationError(f"an action must be a JSON object, got {data!r}")
    kind = data.get("type")
    cls = ACTION_KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidNotationError(f"unknown action type {kind!r}")
    names = {f.name: f for f in dataclasses.fields(cls)}
    extra = set(data) - set(names) - {"type"}
    if extra:
        raise InvalidNotationError(f"{kind}: unknown field(s) {sorted(extra)}")
    kwargs: dict[str, Any] = {}
    for name, f in names.items():
        if name not in data:
            if f.default is not dataclasses.MISSING:
                continue
            raise InvalidNotationError(f"{kind}: missing field {name!r}")
        value = data[name]
        try:
            if name in _CARD_FIELDS:
                value = parse_card(_text(value))
            elif name in _CARDS_FIELDS:
                if not isinstance(value, list):
                    raise InvalidNotationError(f"expected a list of cards, got {value!r}")
                value = tuple(parse_card(_text(v)) for v in value)
            elif name in _SEAT_FIELDS:
                if value is not None or f.default is not None:
                    value = parse_seat(_text(value))
            elif name in _SUIT_FIELDS:
                value = SUIT_LETTERS.index(_text(value).upper()) if value else -1
                if value < 0:
                    raise InvalidNotationError(f"invalid suit {data[name]!r}")
            elif f.type in ("int", "bool", "str"):
                expected = {"int": int, "bool": bool, "str": str}[str(f.type)]
                if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
                    raise InvalidNotationError(f"expected {f.type}, got {value!r}")
        except (InvalidNotationError, ValueError) as exc:
            raise InvalidNotationError(f"{kind}.{name}: {exc}") from None
        kwargs[name] = value
    return cls(**kwargs)


def _text(value: object) -> str:
    if not isinstance(value, str) or len(value) > 8:
        raise InvalidNotationError(f"expected a short string, got {value!r}")
    return value


# --- chance -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cut(Action):
    """Player ``player`` (index in the sitting's list) draws ``card`` from the spread pack when
    cutting for the table, roles and deal (WL-1.3)."""

    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """The pack, shuffled and cut, top card first: dealt one at a time from the dealer's left,
    the last card turned up (WL-2.4)."""

    order: tuple[Card, ...]

    @classmethod
    def from_seed(cls, seed: int) -> Deal:
        return cls(order=shuffled_pack(seed))


@dataclass(frozen=True, slots=True)
class CutPack(Action):
    """Boston (BO-2.1, BO-3.1): ``seat`` cuts the pack offered to him, the top ``depth`` cards
    going under the rest (4 to 48, WL-2.2), or declines to cut (``depth`` 0). Chance, like the
    deal: the depth is an input (D-G1, D-BO11)."""

    seat: Seat
    depth: int


# --- choices before play ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseSeats(Action):
    """The adversaries choose which of them sits Right of Mort (M-2.2): ``seat`` is the adversary
    deciding, ``right`` the index (in the sitting's player list) of the one who takes R."""

    seat: Seat
    right: int


@dataclass(frozen=True, slots=True)
class ChooseDeal(Action):
    """Vivant deals the first hand of his game for himself or for Mort (M-3.1), binding."""

    seat: Seat
    for_mort: bool


@dataclass(frozen=True, slots=True)
class ChoosePosition(Action):
    """Double Dummy (DD-1.2): the lowest cutter, at ``seat``, sits on his adversary's right
    (``right``, the usual choice) or on his left."""

    seat: Seat
    right: bool


@dataclass(frozen=True, slots=True)
class ChooseSeat(Action):
    """The lowest cutter, at ``seat`` until he has chosen, takes the seat ``target`` for the
    sitting: Humbug Whist and Thirteen and the Odd (HU-1.2 with D-H0, TO-1) — North or South, his
    adversary opposite, the dead hands East and West."""

    seat: Seat
    target: Seat


@dataclass(frozen=True, slots=True)
class ChooseSeatsAndPack(Action):
    """English Dummy (ED-2.3): the lowest cutter, at ``seat`` (S, the dummy player of the first
    rubber), chooses seats and cards. ``right`` is the adversary (index in the sitting's player
    list) who sits on his right (E, the eldest hand when he deals for dummy), the other sitting on
    his left (W); ``pack`` (1 or 2) is the pack of the first deal, the two then alternating."""

    seat: Seat
    right: int
    pack: int


@dataclass(frozen=True, slots=True)
class AfterTournee(Action):
    """English Dummy (ED-2.5): at the end of a tournée the player at ``seat`` stays for another
    (``stay`` true) or retires; a player who retires names the ``newcomer`` who takes his place,
    or none (``""``), and then the table breaks up."""

    seat: Seat
    stay: bool
    newcomer: str = ""


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Humbug (HU-2.1): the player at ``seat`` keeps the hand dealt him (``take`` false) or
    exchanges it for the dead hand on his right (``take`` true), once, all or nothing."""

    seat: Seat
    take: bool


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """The dealer names the trumps: ``trump`` is ``"S" "H" "D" "C"`` or ``"NT"`` where the game
    allows no trumps (Bridge for Three B3-3; Humbug's declared-trump variation HU-5.1)."""

    seat: Seat
    trump: str

    def __post_init__(self) -> None:
        """The trump in its one notation (upper case, as :meth:`to_json` then writes it), however
        it was typed (``"s"``, ``"nt"``): a log stores the action the engine applied, and a
        resent message matches the first (B3-3, HU-5.1)."""
        if isinstance(self.trump, str):
            object.__setattr__(self, "trump", self.trump.strip().upper())


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """``seat`` lets the decision due from it go: the dealer passes the declaration to Dummy,
    the eldest does not double, the dealer does not redouble (B3-3, B3-5)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Double(Action):
    """The eldest hand doubles the value of the tricks (B3-5, BW-2)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Redouble(Action):
    """The dealer redoubles after the eldest's double (B3-5, BW-2)."""

    seat: Seat


# --- play ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play(Action):
    """The hand at ``seat`` plays ``card`` (the controller of a dummy plays for it)."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class PlayTogether(Action):
    """Two cards played at once to a trick from ``seat`` (M-6.6, WL-5.1); laws mode only."""

    seat: Seat
    cards: tuple[Card, ...]


# --- irregularities and the laws ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReportMisdeal(Action):
    """A misdeal is pointed out before the opening lead. ``reason``: ``"deal"`` (WL-4.1) or
    ``"wrong_cut"`` (M-5.2: dealt as if the other adversary had cut). ``touched`` lists the
    players (compass letters) who had touched their cards during the deal, in the order they did
    (D-G6; WL-4.2: an adversary first, and the deal is not lost)."""

    seat: Seat
    reason: str
    touched: str = ""


@dataclass(frozen=True, slots=True)
class ReportExposed(Action):
    """``seat`` reports that ``card`` was exposed in dealing (WL-3.3/3.4, M-5.3).

    ``by`` is the player who exposed it: the player dealing, or the player it was dealt to
    showing one of his own cards (``None``: the reporter himself). ``touched`` lists the players
    (compass letters, ``"ES"``) who had touched their cards during the deal, in the order they
    did (D-G6, WL-3.8). The reporter names only a card he can see (D-W11)."""

    seat: Seat
    card: Card
    by: Seat | None = None
    touched: str = ""


@dataclass(frozen=True, slots=True)
class DealWrongly(Action):
    """Laws mode (All Fours, AF-1.7): the dealer, dealing, gave the hand at ``seat`` ``extra``
    cards too many (the next cards of the stock) or, when ``extra`` is negative, too few (its
    last cards stay on the stock). A physical event like the deal itself, recorded so that the
    log replays; the players find it only when it is reported (:class:`ReportMisdeal`)."""

    seat: Seat
    extra: int


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """``seat`` lays ``card`` aside face down, dead, reducing his hand after the cards were run
    (All Fours, AF-2.7 with D-AF4)."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class Elect(Action):
    """The side the laws name chooses among the options of the pending irregularity."""

    seat: Seat
    option: str


@dataclass(frozen=True, slots=True)
class ClaimRevoke(Action):
    """``seat`` claims that the other side revoked in trick number ``trick`` (1-based)."""

    seat: Seat
    trick: int


@dataclass(frozen=True, slots=True)
class CorrectRevoke(Action):
    """Before the trick is quitted, the revoking hand takes back its card and plays ``card``
    of the suit led instead (WL-7.4, M-6.1)."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class WaiveRevokes(Action):
    """At the end of a hand the side that could claim a revoke lets the hand be scored."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class ChoosePenalty(Action):
    """The non-revoking side's penalty for the revoke in trick ``trick``: ``"T"`` three tricks,
    ``"D"`` deduct three points, ``"A"`` add three points (M-6.2, WL-7.6)."""

    seat: Seat
    trick: int
    option: str


@dataclass(frozen=True, slots=True)
class CallCard(Action):
    """``seat`` calls the exposed ``card`` of the hand at ``target``, who must play it now
    unless that would make him revoke (WL-5.2, WL-6.4)."""

    seat: Seat
    target: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class DirectExposed(Action):
    """Boston (BO-5.7): against a trick bid the single player ``seat`` directs the adversary at
    ``target``, who has the exposed ``card`` on the table: ``forbid`` — not to play it (an exposed
    trump: not to ruff with it), or ``highest`` / ``lowest`` — to play his highest or lowest card
    of the suit led, which is ``card``'s suit. A direction that would make him revoke does not
    bind."""

    seat: Seat
    target: Seat
    card: Card
    demand: str


@dataclass(frozen=True, slots=True)
class CallSuit(Action):
    """``seat`` names the suit the hand about to lead must lead (WL-6.1 (b), WL-6.3)."""

    seat: Seat
    suit: Suit


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """``seat`` claims ``tricks`` of the tricks still to play, showing his hand. At a casual
    table the other side accepts or disputes, a disputed claim being adjudicated by the
    double-dummy solver (D-TC4, D-TC5, :mod:`vivant.claims`); in laws mode at Double Dummy, if
    the adversary admits the claim the hand is scored as if they had been won in play (DD-3.5,
    D-DD4)."""

    seat: Seat
    tricks: int


@dataclass(frozen=True, slots=True)
class Concede(Action):
    """``seat``'s player gives up every trick still to play to the other side, at a casual
    table; settled at once (D-TC6, :mod:`vivant.claims`)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class DrawAttention(Action):
    """Duplicate Whist (DL-1): ``seat`` draws attention to the trick in play (claims it, names or
    draws his card) while his partner has still to play to it; the adversary last to play to the
    trick may direct the partner's play. Laws mode only."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class AskRenounce(Action):
    """Duplicate Whist (DL-3, WL-7.3): ``seat`` asks his partner, who did not follow suit to a
    trick not yet turned and quitted, whether he has none of the suit; a revoke so found must be
    corrected. Laws mode only."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class AskUndo(Action):
    """``seat``'s player asks to take back the last card he played (a casual table's
    convention, never in laws mode: D-TC1, :mod:`vivant.conventions`)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class AnswerUndo(Action):
    """``seat``'s player agrees to (``agree``) or refuses the request to take a card back
    (D-TC1)."""

    seat: Seat
    agree: bool


#: Every action class by its JSON ``type`` name.
ACTION_KINDS: dict[str, type[Action]] = {c.__name__: c for c in Action.__subclasses__()}


#: Every ``Play`` there can be, shared (actions are immutable): ``PLAYS[seat][card]``.
PLAYS: tuple[tuple[Play, ...], ...] = tuple(tuple(Play(s, c) for c in range(52)) for s in range(4))
