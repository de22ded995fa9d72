"""The words of the games: what a player reads for every action, decision and event (issue 14,
point 3).

The engine speaks in codes (``take_back``, ``T``, ``True``, rule IDs such as ``WL-6.1``); a player
reads words. This module is the one place that turns them into words, in each game's vocabulary
(its :class:`~vivant.info.GameInfo`: letters, roles, the dummy's name, the sitting's unit) and
from a viewer's point of view — "you" for the viewer, never a card the viewer may not see. Every
front end (the terminal, the browser through the server) prints what it says and keeps no
wording of its own.

* :class:`Narrator` follows one table: :meth:`Narrator.event_lines` gives the lines of the events
  of an action; :meth:`Narrator.action` the words of a choice; :meth:`Narrator.question` the
  heading of a decision; :meth:`Narrator.hand_summary` how the last hand was scored.
* :func:`without_rule_ids` takes the rule IDs out of the engine's messages: rule IDs belong in
  ``vivant rules`` and in docstrings.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from vivant.actions import (
    Action,
    AfterTournee,
    AskRenounce,
    AskUndo,
    CallCard,
    CallSuit,
    ChooseDeal,
    ChoosePenalty,
    ChoosePosition,
    ChooseSeat,
    ChooseSeats,
    ChooseSeatsAndPack,
    Claim,
    ClaimRevoke,
    Concede,
    CorrectRevoke,
    Declare,
    DirectExposed,
    Discard,
    Double,
    Elect,
    Exchange,
    Pass,
    Play,
    PlayTogether,
    Redouble,
    WaiveRevokes,
)
from vivant.cards import (
    RANK_LETTERS,
    RANK_WORDS,
    SUIT_LETTERS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Card,
    Seat,
    card_name,
    parse_card,
)
from vivant.claims import CLAIM_KIND, remaining
from vivant.claims import NOTE as CLAIMS_NOTE
from vivant.info import GameInfo
from vivant.scoring.boston import (
    BIDS_BY_NAME,
    CLASS_WORDS,
    MISERE_TRICKS,
    MISERE_WORDS,
    RED,
    Bid,
)
from vivant.scoring.boston import (
    NUMBER_WORDS as BOSTON_NUMBERS,
)
from vivant.scoring.boston import (
    TRICK_WORDS as BOSTON_CALLS,
)
from vivant.table import DECLARE, Event, Table
from vivant.variants.boston import PARTOUT, preferences
from vivant.variants.humbug import SURE_TRICKS_TO_KEEP
from vivant.views import TrickView, View

#: The laws' elections (WL-3 to WL-6, M-6, DD-3.5) in words.
ELECTION_WORDS: Mapping[str, str] = {
    "redeal": "redeal: the same dealer deals again",
    "pass": "pass: the deal passes to the left",
    "stand": "stand: the deal stands",
    "misdeal": "misdeal: the deal passes",
    "accept": "accept the card as played",
    "take_back": "have the card taken back",
    "call_card": "leave the card exposed, to be called",
    "call_suit": "call a suit from the leader",
    "refuse": "refuse the claim: the hand is played out",
    "admit": "admit the claim",
    "accept_claim": "accept the claim: the tricks claimed are credited",
    "dispute_claim": "dispute the claim: the solver credits the claimer with what the cards prove",
    "highest": "his highest card of the suit led",
    "lowest": "his lowest card of the suit led",
    "win": "he must win the trick if he can",
    "lose": "he must not win the trick",
}

#: The irregularities the laws give a choice for, in words.
IRREGULARITY_WORDS: Mapping[str, str] = {
    "misdeal": "a misdeal",
    "exposed_in_deal": "a card exposed in dealing",
    "lead_out_of_turn": "a lead out of turn",
    "two_cards": "two cards played together",
    "cards_together": "cards played together or led again",
    "claim": "a claim of the remaining tricks",
    "tricks_claimed": "a claim of tricks, the claimer's hand shown",
    "revoke": "a revoke",
    "exposed": "a card exposed",
    "played_out_of_turn": "a card played out of turn",
    "misere_claim": "an error against the misère",
    "wrong_number": "a wrong number of cards",
    "direction": "attention called to the trick",
    "revoke_correction": "a revoke found in time, to be corrected",
}

#: What a player may do out of the ordinary course in laws mode (WL-3 to WL-7, DL-1, DL-3), by
#: the class name of the action: the words a front end lists them in (issue 16, point 1).
LAWS_ACTION_WORDS: Mapping[str, str] = {
    "Play": "play or lead a card out of turn, or from the wrong hand: the laws then apply",
    "PlayTogether": "play two cards together to a trick: the adversaries say which is played",
    "ReportMisdeal": "report a misdeal, before the opening lead",
    "ReportExposed": "report a card exposed in dealing, before the opening lead",
    "DrawAttention": "call attention to the trick before your partner has played to it",
    "AskRenounce": 'ask your partner, who did not follow suit, "having none?"',
    "ClaimRevoke": "claim a revoke by the other side in trick N, before or after it is quitted",
    "CallCard": "call an exposed card of the hand about to play",
    "DirectExposed": "as the single player, forbid an adversary's exposed card, or call for his "
    "highest or lowest of the suit led",
}

#: A misdeal's reason in words, by the engine's code (WL-4.1, M-5.2, AF-1.7, BO-2.3): what a
#: player reporting a misdeal chooses among (:class:`~vivant.actions.ReportMisdeal`).
MISDEAL_REASON_WORDS: Mapping[str, str] = {
    "deal": "the cards were not dealt as the laws require",
    "wrong_cut": "the pack was dealt as if the other adversary had cut",
    "wrong_number": "a hand was dealt a wrong number of cards",
}

#: The revoke penalties (M-6.2, WL-7, D-DU2) in words: ``{n}`` is the game's declared number
#: (:attr:`~vivant.info.GameInfo.revoke_penalty`: three, or two at Duplicate Whist).
PENALTY_WORDS: Mapping[str, str] = {
    "T": "{n} tricks taken from the revoking side",
    "D": "{n} deducted from the revoking side's game score",
    "A": "{n} added on the score sheet for the other side",
}

#: Choices before play and after a revoke that are not the whist laws' elections, by (kind,
#: option): All Fours' (AF-1.7, AF-2, AF-5.2).
KIND_WORDS: Mapping[tuple[str, str], str] = {
    ("beg", "stand"): "stand: the turned suit is trumps",
    ("beg", "beg"): "beg: the dealer gives a point or runs the cards",
    ("give", "give"): "give a point; the turned suit stays trumps",
    ("give", "run"): "run the cards: three more each and a new card turned",
    ("bunch", "play"): "play with this trump",
    ("bunch", "bunch"): "propose to bunch the cards",
    ("agree_bunch", "agree"): "agree: the cards are bunched and dealt again",
    ("agree_bunch", "refuse"): "refuse: play with this trump",
    ("wrong_number", "new_deal"): "new deal by the same dealer",
    ("wrong_number", "draw"): "draw the surplus card from the hand",
    ("revoke_penalty", "add"): "add the penalty to your score",
    ("revoke_penalty", "deduct"): "deduct the penalty from the revoker's score",
    ("misere_claim", "claim"): "claim the pool and stakes: the hand ends, the misère won",
    ("misere_claim", "play_on"): "let play go on: the card is taken back",
}

#: The heading of a choice that is not an irregularity's, by its kind (AF-1.7, AF-2, AF-5.2).
CHOICE_TITLES: Mapping[str, str] = {
    "beg": "Stand, or beg?",
    "give": "The eldest begs: give a point, or run the cards?",
    "bunch": "A new trump: play with it, or propose to bunch?",
    "agree_bunch": "Your adversary proposes to bunch the cards:",
    "wrong_number": "A wrong number of cards was dealt:",
    "draw_surplus": "Draw the surplus card, face down:",
    "revoke_penalty": "Penalty for the revoke:",
    "misere_claim": "An adversary of your misère has erred: claim the pool and stakes?",
}

#: Compass seats, for the games whose players choose one.
SEAT_WORDS = ("North", "East", "South", "West")

#: Doubling levels by their multiplier on the tricks' value (Bridge for Three, B3-5, BW-2).
DOUBLING_WORDS: Mapping[int, str] = {1: "undoubled", 2: "doubled", 4: "redoubled"}

#: The items of an English hand's score (ES-3: revoke first, then tricks, then honours).
SCORE_ITEM_WORDS: Mapping[str, str] = {
    "revoke": "for the revoke",
    "tricks": "for tricks",
    "honours": "for honours",
}

#: Why Dummy's forced declaration is what it is: the step of its schedule (B3-4, D-B7).
FORCED_WORDS: Mapping[int, str] = {
    1: "it holds three or four aces",
    2: "its longest suit",
    3: "of its longest suits, the one with the more pips",
    4: "its longest suits being equal in pips, the more valuable",
}

#: The honours of whist (ES-2, HU-4.1).
HONOURS_WORDS = "A K Q J of trumps"

NUMBER_WORDS: Mapping[int, str] = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}

#: Tricks in words, for Boston's contracts (BO-4.2).
TRICKS_SPELT: Sequence[str] = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
)

#: What each bid of Boston's ladder undertakes (BO-4.2, BO-5.2, BO-5.3), by its first call.
BOSTON_UNDERTAKINGS: Mapping[str, str] = {
    "little-misere": "lose every trick after everyone discards one card, no trumps",
    "grand-misere": "lose all thirteen tricks, no trumps",
    "little-spread": "a little misère with your hand laid face up after the first card",
    "grand-spread": "a grand misère with your hand laid face up after the first card",
}


def boston_bid_words(name: str) -> str:
    """A call of Boston's auction by its code: ``six-colour`` as ``six in colour``, ``boston``
    (the first step of a call, BO-4.2) as ``Boston``, ``pass`` as ``pass``."""
    if name in BIDS_BY_NAME:
        return BIDS_BY_NAME[name].words()
    number = next((n for n, code in BOSTON_CALLS.items() if code == name), None)
    if number is not None:
        return BOSTON_NUMBERS[number]
    return in_words(name, {})


def sentence(words: str) -> str:
    """``words`` as the start of a sentence: its first letter a capital (``the pool of 10 is
    shared`` said alone is ``The pool of 10 is shared``)."""
    return words[:1].upper() + words[1:]


def claim_words(n: int, of: int) -> str:
    """A claim of ``n`` of the ``of`` remaining tricks in words (D-TC4): ``the rest (4 tricks)``
    or ``3 of the 4 remaining tricks``."""
    if n == of:
        return "the last trick" if n == 1 else f"the rest ({n} tricks)"
    return f"{n} of the {of} remaining tricks"


def in_words(code: str, table: Mapping[str, str] = ELECTION_WORDS) -> str:
    """``code`` in words from ``table``; a code not in it with its underscores as spaces."""
    return table.get(code, code.replace("_", " "))


def trump_words(letter: str | None) -> str:
    """``"H"`` as ``hearts``, ``"NT"`` (or none) as ``no trumps``."""
    if not letter or letter.upper() == "NT":
        return "no trumps"
    return SUIT_NAMES[SUIT_LETTERS.index(letter.upper())]


def penalty_words(info: GameInfo, option: str) -> str:
    """A revoke penalty in the words of ``info``'s game: ``T`` at Duplicate Whist is two tricks
    taken from the revoking side (D-DU2), at Mort three (M-6.2)."""
    template = PENALTY_WORDS.get(option)
    if template is None:
        return in_words(option)
    return template.format(n=NUMBER_WORDS.get(info.revoke_penalty, str(info.revoke_penalty)))


_RULE_ID = r"(?:[A-Z][A-Z0-9]{0,3}-[A-Z]{0,3}\d+(?:\.\d+)*[a-z]?|seeds? \d{3}(?: [A-Z§][\w.§–-]*)?)"
_ONLY_IDS = re.compile(rf"\s*\((?:{_RULE_ID}(?:,\s*|;\s*|\s+and\s+)?)+\)")
_ID_ITEM = re.compile(rf"(?:,\s*{_RULE_ID}(?=[),;])|{_RULE_ID},\s*)")


def without_rule_ids(message: str) -> str:
    """A message of the engine without the rule IDs it cites: ``(WL-6.1)`` goes, ``(trick 3,
    card 1, WL-5.2)`` keeps ``(trick 3, card 1)``; the rule is said in the words around it."""
    text = _ONLY_IDS.sub("", message)
    return _ID_ITEM.sub("", text)


def pair_words(values: Mapping[str, Any] | None) -> str:
    """``{"VM": 8, "LR": 5}`` as ``VM 8, LR 5``."""
    if not values:
        return ""
    return ", ".join(f"{k} {v}" for k, v in values.items())


#: How a line is meant to be read: an ordinary line, a heading (a new hand, a score) or a
#: warning (an irregularity, a claim); front ends choose how to show each.
Tone = Literal["plain", "heading", "warning"]


@dataclass(frozen=True, slots=True)
class Line:
    """One line of words with its tone."""

    text: str
    tone: Tone = "plain"


@dataclass(frozen=True, slots=True)
class Penalty:
    """An irregularity of a hand and what it cost, in words and in codes."""

    kind: str
    offender: str
    trick: int | None
    election: str
    words: str


@dataclass(frozen=True, slots=True)
class Award:
    """A point of the hand and who took it (All Fours' High, Low, Jack and Game, AF-4): the
    point's name, the side it went to (``None``: nobody, the Jack not out) and what decided it."""

    point: str
    to: str | None
    words: str


@dataclass(frozen=True, slots=True)
class HandSummary:
    """How a hand was scored, from its record: tricks won per side, honours held per side (where
    the game counts them), the points scored per side this hand, the penalties and why, and all of
    it in words (``lines``)."""

    tricks: dict[str, int]
    honours: dict[str, int] | None
    points: dict[str, int]
    score: dict[str, int]
    penalties: tuple[Penalty, ...]
    lines: tuple[str, ...] = field(default=())
    awards: tuple[Award, ...] = field(default=())
    #: The tricks each side took (in play and by claims) before a revoke penalty of three
    #: tricks moved some (WL-7.6): ``tricks`` are then those counted; empty where none moved.
    before_penalty: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "awards": [{"point": a.point, "to": a.to, "words": a.words} for a in self.awards],
            "tricks": dict(self.tricks),
            "before_penalty": dict(self.before_penalty),
            "honours": None if self.honours is None else dict(self.honours),
            "points": dict(self.points),
            "score": dict(self.score),
            "penalties": [
                {
                    "kind": p.kind,
                    "offender": p.offender,
                    "trick": p.trick,
                    "election": p.election,
                    "words": p.words,
                }
                for p in self.penalties
            ],
            "lines": list(self.lines),
        }


def irregularity_note(info: GameInfo, irr: Mapping[str, Any]) -> str:
    """An irregularity of a hand's record in the words of ``info``'s game: ``revoke by V in
    trick 3 (SA): penalty A, three added on the score sheet for the other side``."""
    cards = " ".join(irr.get("cards", ()))
    text = f"{in_words(irr['kind'], IRREGULARITY_WORDS)} by {irr['offender']}"
    if irr.get("trick"):
        text += f" in trick {irr['trick']}"
    if cards:
        text += f" ({cards})"
    election = str(irr.get("election") or "")
    if election in PENALTY_WORDS:
        text += f": penalty {election}, {penalty_words(info, election)}"
    elif election:
        text += f": {in_words(election)}"
    return text


def _tricks_moved(record: Mapping[str, Any]) -> dict[str, int]:
    """The tricks each side took, won in play and credited by claims (D-TC4), where a revoke
    penalty of three tricks (WL-7.6) made those counted (the record's ``won``) others; else
    empty."""
    taken = {k: int(v) for k, v in (record.get("tricks_in_play") or {}).items()}
    for claim in record.get(CLAIMS_NOTE) or ():
        for side, n in (claim.get("credited") or {}).items():
            taken[side] = taken.get(side, 0) + int(n)
    won = record.get("won") or {}
    return taken if taken and any(won.get(k) != v for k, v in taken.items()) else {}


def last_hand_record(table: Table) -> Mapping[str, Any] | None:
    """The record of the hand scored last (it moves to its game's record when the game ends)."""
    hands = _game_hands(table)
    return hands[-1] if hands else None


def _game_hands(table: Table) -> Sequence[Mapping[str, Any]]:
    """The records of the hands of the game being played (or of the last game, once over)."""
    if table.hand_records:
        return table.hand_records
    games = table.record().get("games") or []
    hands: Sequence[Mapping[str, Any]] = games[-1].get("hands") or () if games else ()
    return hands


def markers_before(table: Table) -> dict[str, int]:
    """The game's markers before the hand scored last (Mort's running score, M-7): those of the
    hand scored before it in the same game, none for the game's first hand."""
    hands = [h for h in _game_hands(table) if "markers" in h]
    return dict(hands[-2]["markers"]) if len(hands) >= 2 else {}


def bridge_detail(table: Table) -> str:
    """Bridge for Three: what the points above the line are made of (B3-7: honours, chicane,
    slam per side), from the score sheet's last hand; empty for the other games."""
    sheet = getattr(table, "sheet", None)
    hands = getattr(sheet, "hands", None)
    if not hands:
        return ""
    detail = getattr(hands[-1].score, "detail", None)
    if detail is None or not hasattr(detail, "chicane"):
        return ""
    parts = []
    for label, values in (
        ("odd tricks", detail.trick_points),
        ("honours", detail.honours),
        ("chicane", detail.chicane),
        ("slam", detail.slam),
    ):
        if any(values):
            parts.append(f"{label} dealer's side {values[0]}, other side {values[1]}")
    return ("Made of: " + "; ".join(parts) + ".") if parts else ""


def choice_keys(a: Action) -> tuple[str, ...]:
    """What a player may type for a choice besides its number: the trump's letter or name
    (``H``, ``hearts``, ``NT``), ``P`` for pass."""
    if isinstance(a, Declare):
        letter = a.trump.upper()
        return (letter, trump_words(letter).upper())
    if isinstance(a, Pass):
        return ("P", "PASS")
    return ()


class Narrator:
    """The words of one table, for a viewer: the player named ``you`` (the viewer; verbs agree
    with him: "You cut", "Ada cuts") or ``None`` for a spectator.

    It follows the table's actions: call :meth:`remember_names` before an action (the action may
    end a game, and the roles change with the next one) and :meth:`event_lines` with its events.
    """

    def __init__(self, table: Table, you: str | None = None, *, every_card: bool = False) -> None:
        self.table = table
        self.info: GameInfo = table.info
        self.you = you
        #: Say each card as it is played (a replay's caption), not only with its trick.
        self.every_card = every_card
        self.names: dict[str, str] = {}
        self.trick_cards: list[tuple[str, str]] = []
        self.announced_roles: dict[str, str] = {}
        self._lines: list[Line] = []
        self.resume()

    def resume(self) -> None:
        """Take up the table where it is (after a reload): the cards of the trick in play."""
        trick = self.table.view(None).trick
        self.trick_cards = [] if trick is None else self.trick_pairs(trick)

    # --- who ------------------------------------------------------------------------------------

    def verb(self, name: str, verb: str) -> str:
        """``You cut`` but ``Ada cuts``: the verb agrees with the viewer."""
        return verb if name == self.you else verb + "s"

    def is_you(self, who: str) -> bool:
        return self.you is not None and who.endswith(f"({self.you})")

    def dummy_word(self) -> str:
        """The dummy as a player calls it in a sentence: ``Mort`` by its name, else ``dummy``."""
        name = self.info.dummy_name
        return "dummy" if name == "Dummy" else name

    def who(self, role: str) -> str:
        """A role with the name of the person who held it when the action was taken:
        ``R (Ada)``, ``M (Mort)``, ``N (dummy)``."""
        if role in self.dummies:
            return f"{role} ({self.dummy_word()})"
        name = self.names.get(role)
        return f"{role} ({name})" if name else role

    @property
    def dummies(self) -> set[str]:
        return {self.table.role(s) for s in self.table.dummy_seats}

    def remember_names(self) -> None:
        """Note who holds each role before an action."""
        t = self.table
        self.names = {t.role(s): n for s in range(4) if (n := t.seat_player(s))}

    def role_word(self, letter: str) -> str:
        """What a role is, in words (M-2.1, B3-1), from the game's declared seats; empty where
        the letter says it all (a compass seat)."""
        role = self.info.role(letter)
        return "" if role in SEAT_WORDS or not role else role

    def current_roles(self) -> dict[str, str]:
        """Who holds each role of the game now, ``out`` for the one sitting out."""
        view = self.table.view(None)
        roles: dict[str, str] = view.extra.get("roles") or {
            view.roles[s]: n for s, n in view.names.items()
        }
        return dict(roles)

    def sitting_out(self) -> bool:
        """Whether the viewer has no place in the game being played (four-player Mort: one
        player sits out each game, M-2.6)."""
        return self.you in self.table.players and all(
            self.table.seat_player(s) != self.you for s in range(4)
        )

    # --- events ---------------------------------------------------------------------------------

    def say(self, text: str = "", tone: Tone = "plain") -> None:
        self._lines.append(Line(text, tone))

    def take(self) -> list[Line]:
        lines, self._lines = self._lines, []
        return lines

    def event_lines(self, event: Event, events: Sequence[Event] = ()) -> list[Line]:
        """The lines of one public event of an action (``events``: all of the action's, for
        the words that depend on what else happened). Every kind of event the games emit has its
        sentence; none is said as the engine's raw values (issue 13, point 16)."""
        tell = getattr(self, "_tell_" + event.kind, None)
        d = event.data
        if tell is not None:
            tell(d, events or (event,))
        elif "words" in d:  # an event that carries its own words (All Fours)
            words = str(d["words"])
            self.say(f"{self.who(d['seat'])} {words}." if "seat" in d else f"{sentence(words)}.")
        else:  # a kind added to the engine later: its name in words, never its values
            self.say(in_words(event.kind).capitalize() + ".")
        return self.take()

    def announce_roles(self) -> list[Line]:
        """When the roles change (a new game of the tournée, a new rubber, a new dealer in
        Bridge for Three), who holds each and who sits out (issue 13, point 21)."""
        roles = self.current_roles()
        if roles == self.announced_roles:
            return []
        self.announced_roles = roles
        extra = self.table.view(None).extra
        game = ""
        if "game" in extra and "games" in extra:
            game = f"Game {extra['game']} of {extra['games']}: "
        held = ", ".join(
            f"{r} {n}" + (f" ({self.role_word(r)})" if self.role_word(r) else "")
            for r, n in roles.items()
            if r != "out"
        )
        out = roles.get("out")
        lines = [
            Line(
                f"{game}{held}"
                + (f"; {out} {self.verb(out, 'sit')} out this game" if out else "")
                + ".",
                "heading",
            )
        ]
        if out is not None and out == self.you:
            lines.append(
                Line(
                    "You sit out: the others play this game; you see what the table sees "
                    f"({self.info.dummy_name}'s cards face up, the tricks)."
                )
            )
        return lines

    def _announce(self) -> None:
        self._lines.extend(self.announce_roles())

    def _tell_cut(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{d['player']} {self.verb(d['player'], 'cut')} {d['card']}.")

    def _tell_table_formed(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"The table is formed; cutting order: {', '.join(d['order'])}.")

    def _tell_seats(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """The seats chosen: Mort's R and L (M-2.2), or the roles of the other games."""
        if "R" in d and "L" in d:
            self.say(
                f"{d['R']} {self.verb(d['R'], 'sit')} R ({self.info.role('R')}), "
                f"{d['L']} {self.verb(d['L'], 'sit')} L ({self.info.role('L')})."
            )
        roles = {k: v for k, v in d.items() if k in self.table.role_letters and k not in "RL"}
        if "pack" in d:
            self.say(f"Pack {d['pack']} is dealt first.")
        if roles:
            self.say("Seats: " + ", ".join(f"{r} {n}" for r, n in roles.items()) + ".")
            self.announced_roles = self.current_roles()  # told here: not again at the deal
        else:
            self._announce()

    def _tell_deal_for(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self._announce()
        dummy = self.info.dummy_name
        whom = f"for {dummy}" if d["mort"] else "for himself"
        dealer = self.info.seats[0]
        self.say(
            f"{dealer.role.split(',')[0]} ({self.table.seat_player(0)}) deals the first hand "
            f"{whom}."
        )

    def _tell_dealt(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self._announce()
        if d.get("trump") and d.get("turn_up"):
            turned = f", turn-up {d['turn_up']}: {trump_words(d['trump'])} are trumps"
        else:
            turned = ""  # trumps are declared, not turned
        self.say(f"New hand: {self.who(d['dealer'])} deals{turned}.", "heading")

    def _tell_tray(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """A tray comes to the table (MV-1.1): its number, dealt here or taken from the tray,
        and, turned a quarter round (SD-5, D-DU11), whose cards the viewer now holds."""
        how = "dealt here into its tray" if d.get("deal") else "the hands taken from its tray"
        self.say(f"Board {d['tray']}: {how}.", "heading")
        if not d.get("turned"):
            return
        t = self.table
        mine = next((s for s in range(4) if self.you and t.seat_player(s) == self.you), None)
        words = "The tray lies turned a quarter round: each hand is held one seat on"
        if mine is None:
            self.say(words + ".")
            return
        held = (mine - 1) % 4  # D-DU11: the tray's N hand at E, E at S, S at W, W at N
        first = t.seat_player(held) if getattr(t, "mnemonic", False) else None
        whose = f", the cards {first} ({t.role(held)}) held on the first play" if first else ""
        self.say(f"{words}: you hold the tray's {t.role(held)} hand{whose}.")

    def _tell_played(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.trick_cards.append((d["seat"], d["card"]))  # told with its trick
        if self.every_card:
            who = self.who(d["seat"])
            self.say(f"{who} {'play' if self.is_you(who) else 'plays'} {d['card']}.")

    def _tell_discarded(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """A card laid aside face down (All Fours AF-2.7, Boston): who, never which."""
        who = self.who(d["seat"])
        self.say(f"{who} {'discard' if self.is_you(who) else 'discards'} a card face down.")

    def _tell_trick(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        cards = ", ".join(f"{r} {c}" for r, c in self.trick_cards)
        self.say(f"Trick {d['number']}: {cards} — won by {self.who(d['winner'])}")
        self.trick_cards = []

    def _tell_hand_scored(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        score = d.get("markers", d.get("score"))
        if self.trick_cards:  # the hand ended within a trick (Boston's misère claim, BO-5.8)
            cards = ", ".join(f"{r} {c}" for r, c in self.trick_cards)
            self.say(f"Trick left unfinished: {cards}.")
            self.trick_cards = []
        record = last_hand_record(self.table)
        taken = _tricks_moved(record) if record and record.get("won") == d["won"] else {}
        if taken:  # a revoke penalty moved tricks (WL-7.6): before it, then as counted
            self.say(
                f"Hand over: tricks {pair_words(taken)} before the revoke penalty; "
                f"{pair_words(d['won'])} after it.",
                "heading",
            )
        else:
            self.say(f"Hand over: tricks {pair_words(d['won'])}.", "heading")
        for line in self.scoring_words():
            self.say("  " + line)
        if isinstance(score, Mapping):
            self.say(f"{self.info.score_title}: {pair_words(score)}.", "heading")

    def _tell_game_over(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self._tell_over("Game", d)

    def _tell_rubber_over(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self._tell_over("Rubber", d)

    def _tell_over(self, what: str, d: Mapping[str, Any]) -> None:
        settlement = d.get("settlement") or {}
        winner = str(d.get("winner", ""))
        wins = self.verb(winner, "win") if winner in self.table.players else "win"
        self.say(
            f"{what} over"
            + (f": {winner} {wins}" if "winner" in d else "")
            + (f", value {d['value']}" if "value" in d else "")
            + ("; " if settlement else "")
            + ", ".join(f"{p} {v:+d}" for p, v in settlement.items()),
            "heading",
        )

    def _tell_session_over(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """The end of a session of trays: its result (DU-4, SD-6)."""
        lines = self.result_lines() or ["The session is over."]
        self.say(lines[0], "heading")
        for line in lines[1:]:
            self.say("  " + line)

    def _tell_irregularity(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        choices = " or ".join(in_words(o) for o in d["options"])
        self.say(
            f"Irregularity: {self.irregularity_words(d)}; "
            f"{' or '.join(self.who(r) for r in d['electors'])} to choose: {choices}.",
            "warning",
        )

    def _tell_elected(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        if d["kind"] == CLAIM_KIND:
            return  # the settlement says it (_tell_tricks_credited)
        option = str(d["option"])
        if option in PENALTY_WORDS:
            option = penalty_words(self.info, option)
        self.say(f"For {in_words(d['kind'], IRREGULARITY_WORDS)}: {in_words(option)}.")

    def _tell_exposed_in_deal(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(
            f"{d['card']}, dealt to {self.who(d['holder'])}, was exposed by {self.who(d['by'])}; "
            "the deal stands, since a player who could have claimed had touched his cards.",
            "warning",
        )

    def _tell_dealt_wrongly(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{self.who(d['seat'])} deals a wrong number of cards.", "warning")

    def _tell_surplus_drawn(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"A surplus card is drawn from {self.who(d['seat'])}'s hand, face down.")

    def _tell_renounce_confirmed(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{self.who(d['seat'])} has none of the suit led in trick {d['trick']}.")

    def _tell_revoke_claimed(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(
            f"The revoke by {self.who(d['seat'])} in trick {d['trick']} is claimed.", "warning"
        )

    def _tell_revoke_to_correct(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{self.who(d['seat'])} must correct the revoke.", "warning")
        self.resume()  # a trick already complete is taken back up (WL-7.4)

    def _tell_revoke_corrected(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """The card played in error is taken back, and the cards played after it to the trick
        (WL-7.4): the trick goes on from the card before it, the correcting card and any other
        card of this action being told after."""
        self.say(f"{self.who(d['seat'])} takes back {d['card']}.")
        taken = (d["seat"], d["card"])
        if taken in self.trick_cards:
            del self.trick_cards[self.trick_cards.index(taken) :]
            return
        # Corrected without a claim (the trick taken back up in the same action): the trick
        # as it lies after the action, less the cards this action plays to it.
        kinds = [str(e.kind) for e in events]
        after = kinds[kinds.index("revoke_corrected") + 1 :]
        view = self.table.view(None)
        trick = view.tricks[-1] if "trick" in after and view.tricks else view.trick
        pairs = [] if trick is None else self.trick_pairs(trick)
        self.trick_cards = pairs[: max(0, len(pairs) - after.count("played"))]

    def _tell_lead_withdrawn(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{self.who(d['seat'])}'s lead out of turn ({d['card']}) is withdrawn.")

    def _tell_card_called(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """An exposed card called (WL-5.2), or Boston's single player's direction over it
        (BO-5.7)."""
        demand = d.get("demand")
        if demand is None:
            self.say(f"{d['card']} of {self.who(d['seat'])} is called.")
            return
        said = self._direction_words(str(demand), self.who(d["seat"]), parse_card(d["card"]))
        self.say(f"The single player directs: {said}.", "warning")

    def _direction_words(self, demand: str, who: str, c: Card) -> str:
        """BO-5.7: ``forbid S (Cyd) to play his exposed SQ``, ``… to ruff with his exposed H2``,
        ``call on S (Cyd) to play his highest spade``."""
        h = self.table.hand
        trump = h.trump if h is not None else None
        if demand == "forbid":
            use = "ruff with" if c // 13 == trump else "play"
            return f"forbid {who} to {use} his exposed {card_name(c)}"
        suit = SUIT_NAMES[c // 13].rstrip("s")
        return f"call on {who} to play his {demand} {suit}"

    def _tell_suit_called(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{trump_words(d['suit']).capitalize()} are called.")

    def _tell_exchange(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """Humbug (HU-2.1): a player keeps his hand or takes the dead hand on his right."""
        who = self.who(d["seat"])
        you = self.is_you(who)
        his = "your" if you else "his"
        if d["take"]:
            verb = "exchange" if you else "exchanges"
            self.say(f"{who} {verb} {his} hand for the dead hand on {his} right.")
        else:
            self.say(
                f"{who} {'keep' if you else 'keeps'} the hand dealt {'you' if you else 'him'}."
            )

    def _tell_declared(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """The trumps named: by the dealer (HU-5.1, B3-3), or Dummy's forced declaration from
        its cards, announced by the pone (B3-4)."""
        trumps = trump_words(d["trump"])
        named = "no trumps" if trumps == "no trumps" else f"{trumps} trumps"
        if d["by"] == "dummy":
            why = FORCED_WORDS.get(d.get("step", 0), "by the schedule")
            self.say(f"The dealer passes; Dummy's hand declares {named} ({why}).", "heading")
            return
        role = d["by"]
        if role not in self.table.role_letters:  # Bridge for Three names the dealer's role
            dealer = self.table.view(None).dealer
            role = self.table.role(dealer) if dealer is not None else role
        by = self.who(role)
        verb = "declare" if self.is_you(by) else "declares"
        self.say(f"{by} {verb} {named}.", "heading")

    def _tell_doubled(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        level = DOUBLING_WORDS.get(int(d["doubling"]), "doubled")
        verb = "redouble" if level == "redoubled" else "double"
        who = self.who(d["seat"])
        verb += "" if self.is_you(who) else "s"
        self.say(
            f"{who} {verb}: each trick is worth {int(d['doubling'])} times its value.", "heading"
        )

    def _tell_claim(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        who = self.who(d["seat"])
        if "of" not in d:  # Double Dummy's law (DD-3.5)
            self.say(f"{who} claims {d['tricks']} of the remaining tricks.")
            return
        what = claim_words(int(d["tricks"]), int(d["of"]))
        shown = " ".join(d.get("hand") or ())
        verb = "claim" if self.is_you(who) else "claims"
        self.say(f"{who} {verb} {what}, showing {shown}.", "warning")

    def _tell_conceded(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        n = int(d["tricks"])
        rest = "the last trick" if n == 1 else f"the rest ({n} tricks)"
        who = self.who(d["seat"])
        self.say(f"{who} {'concede' if self.is_you(who) else 'concedes'} {rest}.")

    def _tell_tricks_credited(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        how = {
            "accepted": "The claim is accepted",
            "adjudicated": "The claim is disputed; the solver adjudicates it, the cards as "
            "they lie",
            "conceded": "Conceded",
        }[str(d["how"])]
        credited = ", ".join(
            f"{self.info.side_name(k)} {v} trick{'s' if v != 1 else ''}"
            for k, v in d["credited"].items()
        )
        self.say(f"{how}: credited {credited}.")

    def _tell_stays(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{d['player']} {self.verb(d['player'], 'stay')} for another {self.info.unit}.")

    def _tell_retires(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        newcomer = f"; {d['newcomer']} takes the place" if d.get("newcomer") else ""
        self.say(f"{d['player']} {self.verb(d['player'], 'retire')}{newcomer}.")

    def _tell_table_broken_up(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"{d['retired']} {self.verb(d['retired'], 'retire')}: the table breaks up.")

    def _tell_new_tournee(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        self.say(f"A new {self.info.unit}: {', '.join(d['players'])}.", "heading")

    def trick_words(self, trick: TrickView) -> str:
        """A trick: ``V SA, R S2, M S5, L SK — won by L (Bea)`` (each card with the seat that
        played it, which need not follow round the table: HU-3.1)."""
        roles = self.table.view(None).roles
        cards = ", ".join(
            f"{roles[s]} {card_name(c)}" for s, c in zip(trick.seats, trick.cards, strict=False)
        )
        if trick.winner is None:
            return cards
        return f"{cards} — won by {self.who(roles[trick.winner])}"

    def trick_pairs(self, trick: TrickView) -> list[tuple[str, str]]:
        """The cards of a trick with the role letters that played them."""
        roles = self.table.view(None).roles
        return [(roles[s], card_name(c)) for s, c in zip(trick.seats, trick.cards, strict=False)]

    def irregularity_words(self, d: Mapping[str, Any]) -> str:
        """``a lead out of turn by M (Mort) — SA``: the kind in words, never its rule ID."""
        cards = " ".join(d.get("cards") or ())
        return f"{in_words(d['kind'], IRREGULARITY_WORDS)} by {self.who(d['offender'])}" + (
            f" — {cards}" if cards else ""
        )

    def irregularity_note(self, irr: Mapping[str, Any]) -> str:
        """An irregularity of a hand's record in words (:func:`irregularity_note`)."""
        return irregularity_note(self.info, irr)

    # --- how a hand was scored (issue 13, point 18) -----------------------------------------

    def hand_summary(self) -> HandSummary | None:
        """How the hand scored last was scored, as a structure with its words (``None`` before
        the first hand is scored)."""
        record = last_hand_record(self.table)
        if record is None:
            return None
        score = record.get("markers", record.get("score"))
        points: dict[str, int] = {}
        for it in record.get("scored", ()):
            points[it["side"]] = points.get(it["side"], 0) + int(it["points"])
        if not points and isinstance(score, Mapping) and "markers" in record:
            before = markers_before(self.table)
            points = {k: int(v) - before.get(k, 0) for k, v in score.items()}
        if not points and "below" in record:
            roles = record.get("roles") or {}
            points = {roles.get("S", "dealer"): int(record["below"])}
        for it in record.get("marked", ()):  # All Fours' points marked, in order (D-AF6)
            points[it["to"]] = points.get(it["to"], 0) + int(it["amount"])
        if not points and "payments" in record:  # Boston's counters this hand (BO-6)
            points = {str(k): int(v) for k, v in record["payments"].items()}
        if score is None and "scores" in record:
            score = record["scores"]
        penalties = tuple(
            Penalty(
                kind=str(irr["kind"]),
                offender=str(irr["offender"]),
                trick=irr.get("trick"),
                election=str(irr.get("election") or ""),
                words=self.irregularity_note(irr),
            )
            for irr in record.get("irregularities", ())
        )
        tricks = dict(record.get("won") or {})
        taken = _tricks_moved(record)
        if set(points) <= set(tricks):  # the sides in one order, the tricks' (issue 15)
            points = {k: points[k] for k in tricks if k in points}
        return HandSummary(
            tricks=tricks,
            honours=dict(record["honours"]) if "honours" in record else None,
            points=points,
            score=self._in_seat_order(score, tricks) if isinstance(score, Mapping) else {},
            penalties=penalties,
            lines=tuple(self.scoring_words()),
            awards=self._awards(record),
            before_penalty=taken,
        )

    def _in_seat_order(self, score: Mapping[str, int], tricks: Mapping[str, int]) -> dict[str, int]:
        """The score in the order the tricks are listed: a score kept per player (Boston's
        running account, BO-6) follows the seats the players held this hand, so that every row
        of a summary lists the players in one order."""
        roles = self.current_roles()
        order = [roles[r] for r in tricks if r in roles]
        if not order or not set(score) <= set(order):
            return dict(score)
        return {name: int(score[name]) for name in order if name in score}

    def _awards(self, record: Mapping[str, Any]) -> tuple[Award, ...]:
        """Who took each of All Fours' points, in the order they count (AF-4, D-AF6): High,
        the highest trump out; Low, the lowest, to who was dealt it; Jack, to who won it, if
        out; Game, the most counting cards (AF-4.5)."""
        if "high" not in record or "game" not in record:
            return ()
        counts: Mapping[str, int] = record.get("counts") or {}
        low = record.get("low_card")
        game = str(record["game"])
        others = [str(v) for k, v in counts.items() if k != game]
        rest = " and ".join(others)
        return (
            Award("High", record.get("high"), "the highest trump out"),
            Award(
                "Low",
                record.get("low"),
                "the lowest trump out" + (f" ({low}), to the player dealt it" if low else ""),
            ),
            Award(
                "Jack",
                record.get("jack"),
                "the Jack of trumps, to who won it"
                if record.get("jack")
                else "the Jack of trumps was not out",
            ),
            Award(
                "Game",
                game,
                f"the most counted for game: {counts.get(game, 0)}"
                + (f" to {rest}" if rest else ""),
            ),
        )

    def result_lines(self) -> list[str]:
        """The result of a finished session played tray by tray (Duplicate Whist, DU-4, SD-6),
        from its record: each play's tricks per side, the totals, and the fixed pairs'
        comparison where the match is mnemonic; empty before the end, or where the record
        keeps its games (their score sheet says the result)."""
        return self.session_lines() if self.table.is_over() else []

    def session_lines(self) -> list[str]:
        """A session played tray by tray so far (its sheet, DU-4): the plays' tricks per side
        and the totals, and at the end the fixed pairs' comparison; empty where the record keeps
        games (a score sheet of games says them)."""
        t = self.table
        record_of = getattr(t, "record", None)
        if not callable(record_of):
            return []
        record: Mapping[str, Any] = record_of()
        if "games" in record or "plays" not in record or "totals" not in record:
            return []
        side = self.info.side_name
        counted = [p for p in record["plays"] if not p.get("abandoned")]
        played = count_words(len(counted), "play")
        lines = [
            f"The session is over: {played} of {self.info.title}."
            if t.is_over()
            else f"The session so far: {played} of {self.info.title}."
        ]
        for p in counted:
            won = p.get("won") or {}
            turned = ", turned (the overplay)" if p.get("turned") else ""
            lines.append(
                f"Tray {p['tray']}{turned}: "
                + ", ".join(f"{side(k)} {_tricks(int(v))}" for k, v in won.items())
                + "."
            )
        totals = record["totals"]
        lines.append(
            "Tricks in all: " + ", ".join(f"{side(k)} {v}" for k, v in totals.items()) + "."
        )
        comparison = record.get("comparison")
        if comparison:
            winner = comparison.get("winner")
            lines.append(
                f"On the same cards East–West took {comparison['original_ew_tricks']} for "
                f"{comparison['original_pair']} and {comparison['replay_tricks']} for "
                f"{comparison['replay_pair']}: "
                + (
                    f"{winner} win by {count_words(int(comparison['margin']), 'trick')}."
                    if winner
                    else "a tie."
                )
            )
        return lines

    def scoring_words(self) -> list[str]:
        """How the hand just finished was scored, item by item, from its record: the English
        games' items (revoke, tricks, honours: ES-3) and the honours held; Mort's points (M-7:
        a trick over six a point, no honours); Bridge for Three's points below and above the
        line (B3-7)."""
        record = last_hand_record(self.table)
        if record is None:
            return []
        if "below" in record:
            return self._bridge_words(record)
        if "calls" in record and "payments" in record:
            return self._boston_words(record)
        lines: list[str] = []
        for a in self._awards(record):  # All Fours' points, in the order they count (D-AF6)
            lines.append(
                f"{a.point}: {self.who(a.to)}, {a.words}." if a.to else f"{a.point}: {a.words}."
            )
        if "scored" in record:
            items = [
                f"{it['side']} {it['points']:+d} {in_words(it['item'], SCORE_ITEM_WORDS)}"
                for it in record["scored"]
            ]
            lines.append("Scored: " + (", ".join(items) if items else "nothing") + ".")
        elif "markers" in record:
            before = markers_before(self.table)
            gained = {side: v - before.get(side, 0) for side, v in record["markers"].items()}
            scored = [f"{side} {v:+d}" for side, v in gained.items() if v]
            lines.append(
                "Scored: "
                + (", ".join(scored) if scored else "nothing")
                + " (a point for each trick over six)."
            )
        if "honours" in record:
            lines.append(
                f"Honours held ({HONOURS_WORDS}): {pair_words(record['honours'])}"
                + (
                    "."
                    if any(it["item"] == "honours" for it in record.get("scored", ()))
                    else " — no score for honours this hand."
                )
            )
        elif not self.info.honours and ("markers" in record or "scored" in record):
            lines.append(f"Honours do not count at {self.info.title}.")
        if record.get("slam"):
            lines.append(f"Slam by {record['slam']}: 20 on the score sheet.")
        for irr in record.get("irregularities", ()):
            note = self.irregularity_note(irr)
            lines.append(note[:1].upper() + note[1:] + ".")
        board_words = getattr(self.table, "board_words", None)
        if callable(board_words):  # Duplicate Whist: the board compared (SD-6)
            lines.extend(board_words())
        return lines

    def _bridge_words(self, record: Mapping[str, Any]) -> list[str]:
        """Bridge for Three (B3-7): the dealer's points below the line toward game, then what
        goes above the line — to him, and to **each** of the eldest and the pone."""
        roles = record.get("roles") or {}
        dealer, eldest, pone = roles.get("S", "dealer"), roles.get("W"), roles.get("E")
        above = [f"{dealer} {record['dealer_above']}"]
        if eldest and pone:
            above.append(f"{eldest} {record['non_dealer_above']}")
            above.append(f"{pone} {record['non_dealer_above']}")
        lines = [
            f"Below the line: {dealer} (the dealer) {record['below']} toward game (30).",
            "Above the line: " + ", ".join(above) + ".",
        ]
        detail = bridge_detail(self.table)
        if detail:
            lines.append(detail)
        if record.get("game"):
            lines.append(f"{dealer} {self.verb(dealer, 'win')} the game.")
        return lines

    # --- Boston (BO-3, BO-4, BO-5.2, BO-6) -----------------------------------------------------

    def _does(self, who: str, verb: str, third: str = "") -> str:
        """``who`` with ``verb`` agreeing: ``E (You) bid``, ``N (Ada) bids``."""
        return f"{who} {verb if self.is_you(who) else third or verb + 's'}"

    def _seen(self, view: View, role: str) -> str:
        """A role with the name of who holds it in ``view``: ``N (Ada)``, ``E (You)``."""
        seat = next((s for s, r in view.roles.items() if r == role), None)
        name = view.names.get(seat) if seat is not None else None
        if name is None:
            return role
        return f"{role} ({name})"

    def _preference_suits(self, view: View) -> tuple[str, str, str, str] | None:
        """The first and second preferences and the two plain suits in words (BO-3.2)."""
        pref = view.extra.get("preference")
        if not pref:
            return None
        first, second, plain = preferences(SUIT_LETTERS.index(pref["first"]) * 13)
        return SUIT_NAMES[first], SUIT_NAMES[second], SUIT_NAMES[plain[0]], SUIT_NAMES[plain[1]]

    def _boston_trump_line(self, view: View, dealer: str) -> str:
        """Boston's trumps: none before the auction is won (no trump is turned, BO-2.2), the
        preferences it is bid in (BO-3.2), then the contract's trump or none (BO-4.6, BO-5.4)."""
        extra = view.extra
        suits = self._preference_suits(view)
        prefs = (
            f"{suits[0]} first preference, {suits[1]} second, {suits[2]} and {suits[3]} plain"
            if suits
            else "the preference not yet turned"
        )
        pool = f"; the pool holds {extra['pool']}" if extra.get("pool") else ""
        tail = f" ({prefs}; dealt by {dealer}{pool})"
        contract = extra.get("contract")
        if contract is None:
            return "none yet — the auction decides" + tail
        if contract == PARTOUT:
            return "no trumps — misère partout, each for himself" + tail
        bid = BIDS_BY_NAME[str(contract)]
        bidder = self._seen(view, str(extra.get("bidder")))
        plays = self._does(bidder, "play")
        if bid.is_misere:
            return f"no trumps — {plays} {bid.words()}, to lose every trick" + tail
        if view.trump is None:
            return f"to be named by {bidder}, who plays {bid.words()}" + tail
        trump = f"{SUIT_SYMBOLS[view.trump]} {SUIT_NAMES[view.trump]}"
        return f"{trump} — {plays} {bid.words()}, to take {_boston_aim(bid)}" + tail

    def contract_words(self, view: View) -> str | None:
        """What the hand is played for, once an auction has settled it (Boston, BO-4, BO-5):
        ``S (Cyd) plays seven in preference, to take seven tricks``, or misère partout (BO-4.5);
        ``None`` in a game without a contract, or before it is made."""
        contract = view.extra.get("contract")
        if contract is None:
            return None
        if contract == PARTOUT:
            return "Misère partout: all four passed; no trumps, each for himself, to lose tricks"
        bid = BIDS_BY_NAME[str(contract)]
        bidder = self._seen(view, str(view.extra.get("bidder")))
        aim = "to lose every trick" if bid.is_misere else f"to take {_boston_aim(bid)}"
        return f"{self._does(bidder, 'play')} {bid.words()} alone against the other three, {aim}"

    def _ask_call_bid(self, view: View) -> str:
        """BO-4.1..BO-4.4: the call, with the highest bid and who holds it; after a number,
        its suit class."""
        extra = view.extra
        number = extra.get("number")
        if number is not None:
            said = boston_bid_words(str(number))
            return (
                f"{said[:1].upper() + said[1:]}: in which suit? A plain suit (you name the trump "
                "after the auction) ranks below colour, colour below preference."
            )
        calls = list(extra.get("calls") or ())
        bids = [c for c in calls if c["call"] != "pass"]
        if bids:
            top = bids[-1]
            highest = (
                f" The highest bid is {boston_bid_words(top['call'])}, by "
                f"{self._seen(view, top['seat'])}."
            )
        else:
            highest = " No one has bid yet."
        mine = view.roles.get(view.seat) if view.seat is not None else None
        passed = any(c["seat"] == mine and c["call"] == "pass" for c in calls)
        after = " You have passed: you may now bid only a misère." if passed else ""
        return f"Your call: bid or pass?{highest}{after}"

    def _label_call_bid(self, a: Action) -> str:
        """A call in words with what it undertakes: ``six — take six tricks or more``,
        ``in colour — spades trumps``, ``little misère — lose every trick …``, ``pass``."""
        option = str(getattr(a, "option", ""))
        if option == "pass":
            return "pass"
        if option in BOSTON_UNDERTAKINGS:
            return f"{MISERE_WORDS[option]} — {BOSTON_UNDERTAKINGS[option]}"
        number = next((n for n, code in BOSTON_CALLS.items() if code == option), None)
        if number is not None:
            return f"{BOSTON_NUMBERS[number]} — take {_boston_aim(Bid(tricks=number))}"
        if option in CLASS_WORDS:
            suits = self._preference_suits(self.table.view(None))
            if suits is None:
                return CLASS_WORDS[option]
            trumps = {
                "plain": f"{suits[2]} or {suits[3]} trumps, as you name",
                "colour": f"{suits[1]} trumps",
                "pref": f"{suits[0]} trumps",
            }[option]
            return f"{CLASS_WORDS[option]} — {trumps}"
        return boston_bid_words(option)

    def _ask_name_plain_trump(self, view: View) -> str:
        """BO-4.6 (D-BO3): the plain bidder names one of the plain suits."""
        suits = self._preference_suits(view)
        bid = BIDS_BY_NAME[str(view.extra.get("contract"))]
        plain = f"{suits[2]} or {suits[3]}" if suits else "a plain suit"
        return f"You play {bid.words()}: name the trumps, {plain}."

    def _label_name_plain_trump(self, a: Action) -> str:
        return f"{trump_words(str(getattr(a, 'option', '')))} trumps"

    def _ask_discard(self, view: View) -> str:
        """A discard face down: All Fours' after a run, down to six (AF-2.7); Boston's in a
        little misère or spread, one card from everyone (BO-5.2, D-BO16)."""
        contract = view.extra.get("contract")
        if contract is None:
            return "Discard down to six, face down:"
        bid = BIDS_BY_NAME[str(contract)]
        bidder = self._seen(view, str(view.extra.get("bidder")))
        bids = self._does(bidder, "play")
        return (
            f"{bids} {bid.words()}: before the play everyone discards one card face down, "
            "dead and seen by nobody. Which card do you discard?"
        )

    def _tell_pack_cut(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """BO-2.1: each cuts once in turn, the dealer last, or declines."""
        who = self.who(d["seat"])
        if d["depth"]:
            self.say(f"{self._does(who, 'cut')} the pack at {d['depth']}.")
        else:
            self.say(f"{self._does(who, 'do', 'does')} not cut the pack.")

    def _tell_preference(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """BO-3.1, BO-3.2: the still pack cut, its top card turned, the preferences."""
        who = self.who(d["seat"])
        first = SUIT_LETTERS.index(d["preference"])
        _, second, plain = preferences(first * 13)
        rank = RANK_WORDS[RANK_LETTERS.index(d["rank"])]
        self.say(
            f"{self._does(who, 'cut')} the still pack; the eldest turns its top card, the {rank} "
            f"of {SUIT_NAMES[first]}: {SUIT_NAMES[first]} are first preference, "
            f"{SUIT_NAMES[second]} second (colour), {SUIT_NAMES[plain[0]]} and "
            f"{SUIT_NAMES[plain[1]]} plain."
        )

    def _tell_bid(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """A call of the auction (BO-4.1)."""
        who = self.who(d["seat"])
        if d["call"] == "pass":
            self.say(f"{self._does(who, 'pass', 'passes')}.")
        else:
            self.say(f"{self._does(who, 'bid')} {boston_bid_words(d['call'])}.")

    def _tell_contract(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """Who won the auction and what he must make (BO-4.1, BO-5.1..5.4), or misère
        partout (BO-4.5)."""
        if d["contract"] == PARTOUT:
            self.say(
                "All four pass: misère partout, without trumps, each for himself; whoever takes "
                "most tricks pays each other player the difference in red counters.",
                "heading",
            )
            return
        who = self.who(d["seat"])
        bid = BIDS_BY_NAME[d["contract"]]
        he = "you" if self.is_you(who) else "he"
        if bid.is_misere:
            aim = "lose every trick, without trumps"
            if MISERE_TRICKS[bid.misere] == 12:
                aim += ", after everyone discards one card face down"
            if bid.misere.endswith("spread"):
                aim += f"; {'your' if he == 'you' else 'his'} hand is laid face up after the "
                aim += "first card is led"
        else:
            aim = f"take {_boston_aim(bid)}"
        self.say(
            f"{self._does(who, 'win')} the auction with {bid.words()}: {he} "
            f"{'play' if he == 'you' else 'plays'} alone against the other three, to {aim}.",
            "heading",
        )

    def _tell_trump(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """The trumps: turned (All Fours, AF-2), or the Boston bid's (BO-4.6): the preference's
        suit, or the plain suit the bidder names."""
        if "klass" not in d:
            self.say(f"{sentence(str(d['words']))}.")
            return
        suit = trump_words(d["trump"])
        if d["klass"] == "plain":
            self.say(f"{self._does(self.who(d['seat']), 'name')} {suit} trumps.")
        else:
            which = "first preference" if d["klass"] == "pref" else "second preference"
            self.say(f"{suit.capitalize()} are trumps, the {which}.")

    def _tell_pool(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """The pool (BO-6.5..6.9, D-BO9): the dealer's five, a failure doubling it, a success
        taking it, the forfeits toward it, and what is left shared at the end."""
        what = d.get("what")
        if what == "share":
            shares = ", ".join(f"{r} {v}" for r, v in (d.get("shared") or {}).items())
            self.say(f"The sitting is over: {d['words']} ({shares}).")
            return
        who = self.who(d["seat"])
        seat = self.table.role_letters.index(d["seat"])
        if who == d["seat"] and (name := self.table.seat_player(seat)):
            who = f"{who} ({name})"  # the first stake, as the table is formed (BO-6.6)
        holds = f"; the pool holds {d['pool']}"
        if what == "take":
            self.say(f"{self._does(who, 'take')} the pool of {-int(d['amount'])}.")
        elif what == "stake":
            self.say(f"{self._does(who, 'put')} {d['amount']} into the pool{holds}.")
        elif what == "double":
            self.say(f"{self._does(who, 'double')} the pool, paying {d['amount']} into it{holds}.")
        else:
            red = int(d["amount"]) // RED
            counters = f"{TRICKS_SPELT[red]} red counter{'s' if red > 1 else ''}"
            toward = (
                "toward the next pool" if d.get("rule") in ("BO-5.8", "D-BO13") else "to the pool"
            )
            self.say(
                f"{self._does(who, 'forfeit')} {counters} ({d['amount']}) {toward}{holds}.",
                "warning",
            )

    def _tell_misdealt(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """BO-2.3, BO-2.4: a misdeal never loses the deal; the hands are sorted and gathered."""
        self.say(
            f"{self.who(d['seat'])} {d['words']}; the hands are sorted and gathered, and the same "
            "dealer deals the same pack again.",
            "warning",
        )

    def _tell_void(self, d: Mapping[str, Any], events: Sequence[Event]) -> None:
        """D-BO17 (f): players on both sides short of cards: the deal is void."""
        self.say("Players on both sides were short of cards: the deal is void, nothing is paid.")

    def _boston_words(self, record: Mapping[str, Any]) -> list[str]:
        """How a Boston hand was settled (BO-6.1..6.4), in white counters, from its record."""
        payments: Mapping[str, int] = record.get("payments") or {}
        won: Mapping[str, int] = record.get("won") or {}
        contract = record.get("contract")
        lines: list[str] = []
        paid = ", ".join(f"{r} {v:+d}" for r, v in payments.items())
        if contract == PARTOUT and record.get("irregularities"):
            lines.append("Misère partout, settled by the laws:")
        elif contract == PARTOUT:  # BO-6.4, D-BO8: the most tricks pay each player with fewer
            payers = [self.who(r) for r, v in payments.items() if v < 0]
            pay = "pay" if len(payers) > 1 or any(map(self.is_you, payers)) else "pays"
            lines.append(
                f"Misère partout: {' and '.join(payers)}, with most tricks, {pay} each player "
                "with fewer the difference in red counters (a red is ten white)."
            )
        elif contract is not None and record.get("bidder") is not None:
            bid = BIDS_BY_NAME[str(contract)]
            bidder = str(record["bidder"])
            who = self.who(bidder)
            each = int(payments.get(bidder, 0)) // 3
            taken = int(won.get(bidder, 0))
            took = f"{who} took {_tricks(taken)}"
            count = taken
            for irr in record.get("irregularities", ()):
                if irr.get("kind") == "revoke" and irr.get("rule") == "D-BO13":
                    moved = -3 if irr.get("offender") == bidder else 3  # D-BO13 a, b
                    count = max(0, min(13, count + moved))
            if count != taken and not bid.is_misere:
                took += f", counted as {TRICKS_SPELT[count]} for the revokes"
            if each == 0:
                result = f"{took}: no settlement."
            elif each > 0:
                result = (
                    f"{took}: {bid.words()} is won; each of the other three pays "
                    f"{bidder} {each} ({3 * each} in all)."
                )
            else:
                result = (
                    f"{took}: {bid.words()} is lost; {bidder} pays each of the other three "
                    f"{-each} ({-3 * each} in all)."
                )
            lines.append(result)
        lines.append(f"Counters this hand: {paid}.")
        for irr in record.get("irregularities", ()):
            note = self.irregularity_note(irr)
            lines.append(note[:1].upper() + note[1:] + ".")
        board_words = getattr(self.table, "board_words", None)
        if callable(board_words):  # Duplicate Whist: the board compared (SD-6)
            lines.extend(board_words())
        return lines

    # --- the table as a seat sees it --------------------------------------------------------

    def trump_line(self, view: View) -> str:
        """``♥ hearts (turn-up H5, dealt by S)``; what is still to be declared; or the suit
        turned up that the eldest may yet refuse (All Fours' stand or beg, AF-2.2)."""
        dealer = view.roles[view.dealer] if view.dealer is not None else "?"
        if "calls" in view.extra:
            return self._boston_trump_line(view, dealer)
        if view.phase == DECLARE and view.trump is None and view.turn_up is None:
            return f"to be declared by the dealer ({dealer})"
        if view.trump is None and view.turn_up is not None:
            suit = view.turn_up // 13
            return (
                f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]} turned up, not yet trumps "
                f"(turn-up {card_name(view.turn_up)}, dealt by {dealer})"
            )
        trump = (
            "no trumps"
            if view.trump is None
            else f"{SUIT_SYMBOLS[view.trump]} {SUIT_NAMES[view.trump]}"
        )
        doubling = int(view.extra.get("doubling") or 1)
        if doubling > 1:
            trump += f", {DOUBLING_WORDS.get(doubling, 'doubled')}"
        turn_up = f"turn-up {card_name(view.turn_up)}, " if view.turn_up is not None else ""
        return f"{trump} ({turn_up}dealt by {dealer})"

    def exposed_label(self, seat: Seat, view: View) -> str:
        """What a hand shown face up is: a claimer's hand (D-TC4), the dummy (Mort, Dummy), a
        spread misère, a hand this seat alone has seen, or a hand the game lays open."""
        role = view.roles[seat]
        pending = view.pending
        if pending is not None and pending["kind"] == CLAIM_KIND and pending["offender"] == role:
            return f"The hand of {self._seen(view, role)}, shown with the claim"
        if str(view.extra.get("contract", "")).endswith("spread"):
            return f"The spread hand of {self._seen(view, role)}, face up"
        if seat in self.table.dead_seats:
            return f"The dead hand you discarded ({role}), which you remember"
        if seat not in self.table.dummy_seats:
            return f"The hand of {self._seen(view, role)}, face up"
        dummy = self.info.dummy_name
        if dummy == "Dummy" and seat not in view.controls and not (view.trick or view.tricks):
            return f"Dummy ({role}), which you sorted to announce its declaration"
        return f"{dummy} ({role}), face up"

    def game_heading(self, view: View) -> str:
        """``Game 2 of 3`` where the sitting counts its games; ``Board 3 (turned), play 5 of
        8`` where it plays trays (Duplicate Whist, MV-1.1); else empty."""
        extra = view.extra
        if isinstance(extra.get("tray"), int):
            turned = " (turned)" if extra.get("turned") else ""
            return f"Board {extra['tray']}{turned}, play {extra['play']} of {extra['plays']}"
        if "game" not in extra or not isinstance(extra["game"], int):
            return ""
        return f"Game {extra['game']}" + (f" of {extra['games']}" if "games" in extra else "")

    # --- decisions ----------------------------------------------------------------------------

    def pending_words(self, view: View) -> str | None:
        """The irregularity a choice is about (``a lead out of turn by M (Mort) — SA``), or
        ``None`` where the choice is not an irregularity's (All Fours' stand or beg)."""
        pending = view.pending
        if not pending or pending.get("kind") not in IRREGULARITY_WORDS:
            return None
        return self.irregularity_words(pending)

    def _declared(self, a: Action, prefix: str) -> Any:
        """The narrator's method ``prefix`` + the name of the declared decision ``a`` answers
        (``_ask_call_bid`` for Boston's call), or ``None``: a game's own words for its own
        decisions."""
        due = self.table.decision_due()
        if due is None or not isinstance(a, due[0].actions):
            return None
        return getattr(self, prefix + due[0].name, None)

    def question(self, a: Action, view: View) -> str:
        """What the decision is, in the game's words."""
        ask = self._declared(a, "_ask")
        if ask is not None:
            text: str = ask(view)
            return text
        if isinstance(a, ChooseSeats):
            roles = self.current_roles()
            out = f"; {roles['out']} {self.verb(roles['out'], 'sit')} out" if "out" in roles else ""
            vivant = f"{roles['V']} {'are' if roles.get('V') == self.you else 'is'} Vivant{out}. "
            return vivant + "The adversaries choose their seats: who sits R, on Mort's right?"
        if isinstance(a, ChooseDeal):
            return (
                f"You are {self.info.role('V').split(',')[0]}: deal the first hand of the game "
                f"for yourself or for {self.info.dummy_name}? (The dealer's hand takes the "
                "turn-up.)"
            )
        if isinstance(a, ClaimRevoke | WaiveRevokes):
            return "The hand is played. Revokes by the other side may be claimed:"
        if isinstance(a, ChoosePenalty):
            return f"Penalty for the revoke in trick {a.trick}:"
        if isinstance(a, CallSuit):
            return "Call the suit to be led:"
        if isinstance(a, Exchange):
            return self.exchange_title(view)
        if isinstance(a, Declare):
            return self.declare_title(view)
        if isinstance(a, Double | Redouble) or (isinstance(a, Pass) and view.phase != DECLARE):
            return self.double_title(a, view)
        return self._setup_question(a)

    def _setup_question(self, a: Action) -> str:
        if isinstance(a, ChooseSeat):
            return (
                "You cut lowest: you deal first and choose your seat; your adversary sits "
                "opposite you, and East and West hold the dead hands."
            )
        if isinstance(a, ChooseSeatsAndPack):
            return "You cut lowest: choose who sits on your right, and which pack is dealt first:"
        if isinstance(a, ChoosePosition):
            return "You cut lowest: choose your place, on your adversary's right or on his left:"
        if isinstance(a, AfterTournee):
            return f"The {self.info.unit} is over: stay for another, or retire?"
        pending = self.table.pending
        if isinstance(a, Elect) and pending is not None and pending.kind == CLAIM_KIND:
            who = self.who(self.table.role(pending.offender))
            n, of = int(pending.details["tricks"]), int(pending.details["of"])
            return (
                f"{who} claims {claim_words(n, of)}, showing the hand: accept, or dispute (the "
                "solver then credits what the cards prove against any defence)?"
            )
        if isinstance(a, Elect) and pending is not None and pending.kind in CHOICE_TITLES:
            return CHOICE_TITLES[pending.kind]
        if isinstance(a, Elect):
            return "Your choice, as the laws allow:"
        if isinstance(a, Claim):
            return "Claim some of the remaining tricks, or play on:"
        return "Your choice:"

    def exchange_title(self, view: View) -> str:
        """Humbug (HU-2.1 to HU-2.3): keep the hand or take the dead hand on the right."""
        seat = view.seat if view.seat is not None else 0
        right = view.roles[(seat - 1) % 4]
        text = (
            f"Keep the hand dealt you, or exchange it for the dead hand on your right ({right}), "
            "unseen: all thirteen cards, once, no going back."
        )
        if view.dealer == seat and view.turn_up is not None:
            text += " As dealer you would give up the turn-up; trumps stay the same."
        return text + (
            f" The default is Foster's advice: exchange a hand without {SURE_TRICKS_TO_KEEP} "
            "sure tricks."
        )

    def declare_title(self, view: View) -> str:
        """The dealer names the trumps from his own hand (HU-5.1; B3-3 with Dummy's schedule)."""
        if not any(isinstance(a, Pass) for a in self._legal(view)):
            return (
                "You deal: name the trumps from your own hand — any suit (no trumps is not "
                "allowed)."
            )
        return (
            "You deal: declare the trumps from your own hand (a suit or no trumps), or pass "
            "and Dummy's hand decides them — three or four aces no trumps, else its longest "
            "suit."
        )

    def _legal(self, view: View) -> list[Action]:
        return [] if view.seat is None else self.table.legal_actions(view.seat)

    def double_title(self, a: Action, view: View) -> str:
        """Bridge for Three (B3-5): only the eldest doubles, only the dealer redoubles."""
        declared = view.extra.get("declaration")
        named = trump_words(declared["trump"] if declared else None)
        by = "Dummy's hand" if declared and declared["by"] == "dummy" else "the dealer"
        if isinstance(a, Redouble) or view.seat == view.dealer:
            return (
                f"The eldest doubles {named}: redouble (each trick worth four times its value) "
                "or not?"
            )
        unseen = (
            " You decide before looking at your own cards." if not view.hand and view.seat else ""
        )
        return (
            f"{by.capitalize()} declared {named}. You are the eldest hand: double (each trick "
            f"worth twice its value) or not?{unseen}"
        )

    def action(self, a: Action, viewer: Seat | None = None) -> str:
        """A choice in words; a card the ``viewer`` may not see is said as "a card"."""
        if isinstance(a, ChooseSeats):
            name = self.table.players[a.right]
            return f"{name} {self.verb(name, 'sit')} R"
        if isinstance(a, ChooseDeal):
            return f"deal for {self.info.dummy_name}" if a.for_mort else "deal for yourself"
        if isinstance(a, ClaimRevoke):
            return f"claim the revoke in trick {a.trick}"
        if isinstance(a, WaiveRevokes):
            return "waive: score the hand without a claim"
        if isinstance(a, ChoosePenalty):
            return f"{a.option}: {penalty_words(self.info, a.option)}"
        if isinstance(a, CallSuit):
            return f"call {SUIT_NAMES[a.suit]}"
        if isinstance(a, CallCard):
            return f"call {self.card(a.card, viewer)} of {self.who(self.table.role(a.target))}"
        if isinstance(a, DirectExposed):
            return self._direction_words(a.demand, self.who(self.table.role(a.target)), a.card)
        label = self._declared(a, "_label")
        if label is not None:
            text: str = label(a)
            return text
        if isinstance(a, Elect):
            pending = self.table.pending
            kind = pending.kind if pending is not None else ""
            if kind == "draw_surplus":
                return f"draw card {a.option}, face down"
            return KIND_WORDS.get((kind, a.option)) or in_words(a.option)
        if isinstance(a, Discard):
            return f"discard {self.card(a.card, viewer)}"
        if isinstance(a, Play | CorrectRevoke):
            return f"play {self.card(a.card, viewer)}"
        if isinstance(a, PlayTogether):
            return "play " + " and ".join(self.card(c, viewer) for c in a.cards) + " together"
        if isinstance(a, AskUndo):  # D-TC1
            if a.seat == viewer:
                return "take back your last card"
            return f"take back the last card of {self.who(self.table.role(a.seat))}"
        return self._setup_action(a)

    def card(self, c: Card, viewer: Seat | None) -> str:
        """A card's name, or ``a card`` where ``viewer`` is given and may not see it."""
        if viewer is not None and not self.table.sees(viewer, c):
            return "a card"
        return card_name(c)

    def _setup_action(self, a: Action) -> str:
        """The choices before play of the other games, in words."""
        players = self.table.players
        if isinstance(a, ChooseSeat):
            return f"sit {SEAT_WORDS[a.target]}"
        if isinstance(a, ChooseSeatsAndPack):
            name = players[a.right]
            return f"{name} on your right, pack {a.pack} dealt first"
        if isinstance(a, ChoosePosition):
            return "sit on your adversary's right" if a.right else "sit on his left"
        if isinstance(a, AfterTournee):
            if a.stay:
                return f"stay for another {self.info.unit}"
            return f"retire, {a.newcomer} taking your place" if a.newcomer else "retire"
        if isinstance(a, Exchange):
            return "exchange for the dead hand on your right" if a.take else "keep your hand"
        if isinstance(a, Declare):
            return f"declare {trump_words(a.trump)}" + (
                "" if a.trump.upper() == "NT" else " trumps"
            )
        if isinstance(a, Pass):
            if self.table.phase == DECLARE:
                return "pass: Dummy's hand declares by its schedule"
            dealer = self.table.view(None).dealer
            return "do not redouble" if self.table.to_act() == dealer else "do not double"
        if isinstance(a, Double):
            return "double"
        if isinstance(a, Redouble):
            return "redouble"
        if isinstance(a, Claim):
            h = self.table.hand
            if self.table.laws or h is None:  # Double Dummy's law (DD-3.5)
                return f"claim {a.tricks} of the remaining tricks"
            return "claim " + claim_words(a.tricks, remaining(h)) + ", showing your hand"
        if isinstance(a, Concede):
            return "concede the rest"
        return type(a).__name__

    def choice_said(self, action: Action, events: Sequence[Event]) -> list[Line]:
        """What was chosen where the events do not say it: a revoke penalty, a revoke waived, a
        double or redouble declined (B3-5), "having none?" asked (WL-7.3), a revoke claimed
        before its trick is quitted (WL-7.4)."""
        seat = getattr(action, "seat", 0)
        who = self.who(self.table.role(seat))
        you = self.is_you(who)
        if isinstance(action, ChoosePenalty):
            return [
                Line(
                    f"{who} chooses the penalty for the revoke in trick {action.trick}: "
                    f"{self.action(action)}.",
                    "warning",
                )
            ]
        if isinstance(action, WaiveRevokes):
            return [Line(f"{who} waives the revoke claims.")]
        if isinstance(action, AskRenounce):  # WL-7.3: the answer is the events'
            whose = "your" if you else "his"
            return [Line(f'{who} {"ask" if you else "asks"} {whose} partner: "having none?"')]
        if isinstance(action, ClaimRevoke) and any(e.kind == "revoke_to_correct" for e in events):
            return [  # WL-7.4: found before the trick is quitted, it is corrected
                Line(
                    f"{who} {'claim' if you else 'claims'} the revoke in trick {action.trick} "
                    "before it is quitted.",
                    "warning",
                )
            ]
        if isinstance(action, Pass) and not any(e.kind == "declared" for e in events):
            dealer = self.table.view(None).dealer
            double = "redouble" if seat == dealer else "double"
            return [Line(f"{who} {'do' if you else 'does'} not {double}.")]
        return []


def _boston_aim(bid: Bid) -> str:
    """What a trick bid must take (BO-4.2): ``six tricks or more``, ``all thirteen tricks``."""
    if bid.tricks == 13:
        return "all thirteen tricks"
    return f"{TRICKS_SPELT[bid.tricks]} tricks or more"


def count_words(n: int, noun: str) -> str:
    """``1 play``, ``4 plays``: a number with its noun agreeing."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _tricks(n: int) -> str:
    """``no trick``, ``one trick``, ``six tricks``."""
    if n == 0:
        return "no trick"
    return f"{TRICKS_SPELT[n]} trick{'s' if n != 1 else ''}"


def public_words(narrator: Narrator, events: Sequence[Event]) -> list[list[str]]:
    """The words of each of an action's events as everyone at the table reads them (the
    narrator's viewer ``None``): one list of lines per event, what the server sends."""
    return [[line.text for line in narrator.event_lines(e, events)] for e in events]


def decision_words(narrator: Narrator, legal: Sequence[Action], view: View) -> dict[str, Any]:
    """A decision as the viewer of ``view`` reads it: the question, the irregularity it is about
    (if any), and the words of each legal action, in order."""
    if not legal:
        return {"question": "", "about": None, "labels": []}
    first = legal[0]
    cards_only = all(isinstance(a, Play | CorrectRevoke) for a in legal)
    return {
        "question": "" if cards_only else narrator.question(first, view),
        "about": narrator.pending_words(view),
        "labels": [narrator.action(a, view.seat) for a in legal],
    }
