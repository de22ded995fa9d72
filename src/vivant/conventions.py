"""The conventions of a card room over the laws of a game: taking a card back with consent.

Rules: D-TC1 (docs/rules/conventions.md). At a casual table (never in laws mode) the player of
a hand may ask, while its hand is being played and no question of the laws is open, to take back
the last card he played for that hand. Every other player at the table answers; computer players
agree. If all agree, the card is taken back with every card played after it (their players play
again) and play goes on from there; if one refuses, the card stands. The request, each answer
and the withdrawal are actions and events of the log (nothing is erased), and the log replays
exactly: a withdrawal rebuilds the game's table from the moves still in effect.

:class:`Sitting` wraps one game's :class:`~vivant.table.Table`: it passes every move of the game
to it and keeps the conventions' own state (the request being answered, the moves in effect).

>>> s = Sitting({"variant": "double-dummy", "players": ["Ann", "Bob"]})
>>> s.may_take_back(0), s.offers(0)
(False, [])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vivant import claims
from vivant.actions import Action, AnswerUndo, AskUndo, Play, action_from_json
from vivant.cards import SEAT_LETTERS, Seat, card_name
from vivant.errors import InvalidActionError, WrongSeatError
from vivant.events import EventKind
from vivant.table import PLAY, Event, Table
from vivant.variants import find_variant

#: The actions of the conventions (the game's table never sees them).
CONVENTION_ACTIONS = (AskUndo, AnswerUndo)


@dataclass(slots=True)
class UndoRequest:
    """A request to take back a card (D-TC1): the hand, the index of its card among the moves
    in effect, and the players (their seats) whose answer is awaited."""

    seat: Seat
    index: int
    waiting: list[Seat]
    agreed: list[Seat] = field(default_factory=list)


class Sitting:
    """One game's table and the conventions over it (see the module doc)."""

    def __init__(self, config: dict[str, Any], table: Table | None = None) -> None:
        """A new sitting of ``config``; or, given its ``table`` already in play, the
        conventions over that table (its log is then the moves in effect)."""
        self.config = config
        self.table: Table = table or find_variant(config["variant"]).from_config(config)
        #: The moves of the game in effect (withdrawn ones are gone from here, not from the log).
        self.moves: list[Action] = list(table.log) if table is not None else []
        self.undo: UndoRequest | None = None

    @classmethod
    def replay(cls, config: dict[str, Any], actions: list[dict[str, Any]]) -> Sitting:
        """The sitting after the stored ``actions`` (the conventions' own included)."""
        sitting = cls(config)
        for data in actions:
            sitting.apply(action_from_json(data))
        return sitting

    # --- what is due ----------------------------------------------------------------------------

    def to_act(self) -> Seat | None:
        """The seat the sitting waits for: the first player yet to answer a request, else the
        game's."""
        if self.undo is not None:
            return self.undo.waiting[0]
        return self.table.to_act()

    def legal_actions(self, seat: Seat) -> list[Action]:
        """The decisions due from ``seat``'s player now: an answer to a request; else the
        game's."""
        if self.undo is not None:
            if seat in self.undo.waiting:
                return [AnswerUndo(seat, True), AnswerUndo(seat, False)]
            return []
        return self.table.legal_actions(seat)

    def offers(self, seat: Seat) -> list[Action]:
        """What ``seat``'s player may also do, his turn or not: ask to take back the last card
        of a hand he plays (D-TC1); between tricks, claim or concede (D-TC4, D-TC6)."""
        if self.undo is not None:
            return []
        t = self.table
        undo: list[Action] = [
            AskUndo(h) for h in range(4) if t.controller(h) == seat and self._may(h)
        ]
        return [*undo, *claims.offers(t, seat)]

    def cards_in_question(self) -> int:
        """The mask of the cards the open request would take back (each was played face up)."""
        u = self.undo
        if u is None:
            return 0
        return sum(1 << m.card for m in self.moves[u.index :] if isinstance(m, Play))

    def may_take_back(self, seat: Seat) -> bool:
        """Whether the hand at ``seat`` may ask to take back its last card now (D-TC1)."""
        return self.undo is None and self._may(seat)

    def _may(self, seat: Seat) -> bool:
        return self._last_card(seat) is not None

    def _last_card(self, seat: Seat) -> int | None:
        """The index among the moves of the card ``seat`` may take back, if any: its last card
        of the hand in play, with nothing but cards played since, at a casual table while no
        question of the laws is open."""
        t = self.table
        if t.laws or t.phase != PLAY or t.pending is not None or t.is_over():
            return None
        for i in range(len(self.moves) - 1, -1, -1):
            move = self.moves[i]
            if not isinstance(move, Play):
                return None  # a deal, an election, a claim: what came before it stands
            if move.seat == seat:
                return i
        return None

    def answerers(self, seat: Seat) -> list[Seat]:
        """The players (their own seats) who answer ``seat``'s request: everyone at the table
        but the player of that hand."""
        t = self.table
        asker = t.controller(seat)
        return [
            s
            for s in range(4)
            if s != asker and t.controller(s) == s and t.seat_player(s) is not None
        ]

    # --- applying -------------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply one action (a game's move or a convention's); a refusal changes nothing."""
        if isinstance(action, AskUndo):
            return self._ask(action)
        if isinstance(action, AnswerUndo):
            return self._answer(action)
        if self.undo is not None:
            raise InvalidActionError(
                f"play waits for the answers to {self._label(self.undo.seat)}'s request to "
                "take a card back"
            )
        events = self.table.apply(action)
        self.moves.append(action)
        return events

    def _label(self, seat: Seat) -> str:
        return self.table.seat_player(self.table.controller(seat)) or SEAT_LETTERS[seat]

    def _ask(self, action: AskUndo) -> list[Event]:
        if self.table.laws:
            raise InvalidActionError("cards are never taken back in laws mode (D-TC1)")
        if self.undo is not None:
            raise InvalidActionError("a request to take a card back is already being answered")
        index = self._last_card(action.seat)
        if index is None:
            raise InvalidActionError(
                f"{self._label(action.seat)} has no card to take back now: only the last card "
                "of the hand in play, with nothing but cards played since (D-TC1)"
            )
        waiting = self.answerers(action.seat)
        self.undo = UndoRequest(action.seat, index, waiting)
        card = card_name(self._card(index))
        events = [Event(EventKind.UNDO_ASKED, {"seat": SEAT_LETTERS[action.seat], "card": card})]
        if not waiting:  # nobody else to ask
            events += self._take_back()
        return events

    def _card(self, index: int) -> int:
        move = self.moves[index]
        assert isinstance(move, Play)
        return move.card

    def _answer(self, action: AnswerUndo) -> list[Event]:
        u = self.undo
        if u is None:
            raise InvalidActionError("no request to take a card back is open")
        if action.seat not in u.waiting:
            raise WrongSeatError(
                f"{'NESW'[action.seat]} has no answer to give to this request (D-TC1)"
            )
        if type(action.agree) is not bool:
            raise InvalidActionError("an answer agrees (true) or refuses (false)")
        u.waiting.remove(action.seat)
        letter = SEAT_LETTERS[action.seat]
        if not action.agree:
            self.undo = None
            return [Event(EventKind.UNDO_REFUSED, {"seat": SEAT_LETTERS[u.seat], "by": letter})]
        u.agreed.append(action.seat)
        events = [Event(EventKind.UNDO_AGREED, {"seat": SEAT_LETTERS[u.seat], "by": letter})]
        if not u.waiting:
            events += self._take_back()
        return events

    def _take_back(self) -> list[Event]:
        """Everyone agreed: the card and the cards played after it go back to their hands."""
        u = self.undo
        assert u is not None
        withdrawn = self.moves[u.index :]
        self.moves = self.moves[: u.index]
        self.table = type(self.table).replay(self.config, self.moves)
        self.undo = None
        cards = [card_name(m.card) for m in withdrawn if isinstance(m, Play)]
        return [Event(EventKind.CARDS_TAKEN_BACK, {"seat": SEAT_LETTERS[u.seat], "cards": cards})]

    def undo_words(self) -> dict[str, Any]:
        """The open request as a decision in words, for those who answer it: the question, and
        the words of the answers in the order :meth:`legal_actions` gives them."""
        u = self.undo
        assert u is not None
        who = self._label(u.seat)
        return {
            "question": f"{who} asks to take back {card_name(self._card(u.index))}: agree?",
            "about": "a card taken back with everyone's consent (D-TC1)",
            "labels": ["Agree: take it back", "Refuse: the card stands"],
        }

    def undo_json(self) -> dict[str, Any] | None:
        """The open request, as every viewer may know it (the card was played face up);
        ``asker``: the person who asked, in words."""
        u = self.undo
        if u is None:
            return None
        return {
            "seat": SEAT_LETTERS[u.seat],
            "asker": self._label(u.seat),
            "card": card_name(self._card(u.index)),
            "waiting": [SEAT_LETTERS[s] for s in u.waiting],
            "agreed": [SEAT_LETTERS[s] for s in u.agreed],
        }
