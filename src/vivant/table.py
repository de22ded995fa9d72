"""The event-sourced table: the trick machinery and the laws of play shared by every variant.

A :class:`Table` is a fold over :mod:`vivant.actions`. :meth:`Table.apply` validates an action
completely before changing anything, so a refused action (an :class:`~vivant.errors.VivantError`
naming the input and the position) leaves the table exactly as it was; :meth:`Table.replay`
rebuilds any state from its action log.

Two modes (DESIGN §2, rules README "Engine-wide decisions"):

* **strict** (default): only correct play is accepted; a revoke or a card out of turn is refused
  with :class:`~vivant.errors.IllegalPlayError` / :class:`~vivant.errors.OutOfTurnError`.
* **laws**: a player may physically play any card he holds. A revoke is recorded (secretly) and
  becomes a matter for the laws when claimed; a lead out of turn, two cards played together, a
  misdeal or a card exposed in dealing open an :class:`~vivant.laws.Election` for the side the
  laws name, and the game waits for its choice.

The laws of play every whist-laws game shares live here: leads out of turn and two cards played
together (WL-5, WL-6), calling attention to the trick (WL-6.9, D-W15), "having none?" (WL-7.3,
D-W16), the revoke, its correction in time with the adversaries' call (WL-7.4, D-W17), its claim
and penalty (WL-7.5, WL-7.6); and what a seat's own view proves, for the claims of computer
players (D-G7, :meth:`Table.revoke_claims`).

A variant subclass supplies the sitting (who sits where, who deals, scoring, the end of a game)
and the laws that differ (hooks named ``_on_*`` and ``_*_election``).
"""

from __future__ import annotations

import dataclasses
import inspect
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from vivant import claims
from vivant.actions import (
    PLAYS,
    Action,
    AskRenounce,
    CallCard,
    CallSuit,
    ChoosePenalty,
    Claim,
    ClaimRevoke,
    Concede,
    CorrectRevoke,
    Deal,
    Discard,
    DrawAttention,
    Elect,
    Play,
    PlayTogether,
    ReportExposed,
    ReportMisdeal,
    WaiveRevokes,
    action_from_json,
)
from vivant.cards import (
    CARD_NAMES,
    SEAT_LETTERS,
    SUIT_LETTERS,
    SUIT_MASK,
    SUIT_NAMES,
    Card,
    CardSet,
    Seat,
    Suit,
    card_name,
    cards_of,
    is_seat,
    partner_of,
    suit_mask,
    suit_of,
)
from vivant.deal import check_pack, deal_hands
from vivant.decisions import Decision, decision, declared
from vivant.errors import (
    IllegalPlayError,
    InvalidActionError,
    OutOfTurnError,
    WrongSeatError,
)
from vivant.events import DealtData, ElectedData, EventKind, PlayedData, TrickData, Word
from vivant.events import Event as Event
from vivant.info import GameInfo
from vivant.laws import Election, IrregularityRecord, ProvenRevoke, Revoke, revokes_in_view
from vivant.trick import is_revoke, playable_mask, trick_winner
from vivant.views import PendingView, TrickView, View, ViewExtra

if TYPE_CHECKING:
    from vivant.prelude import PreludeDecision


class Phase(Word):
    """The phases of a table. Their values are the strings every view, record and log has
    always carried (a phase compares and serialises as its value)."""

    CUT = "cut"
    CHOOSE = "choose"
    DEAL = "deal"
    EXCHANGE = "exchange"
    DECLARE = "declare"
    DOUBLE = "double"
    PLAY = "play"
    CLAIMS = "claims"
    PENALTY = "penalty"
    #: English Dummy: after a tournée, while the players say whether they stay (ED-2.5).
    TOURNEE_OVER = "tournee_over"
    #: Boston: the pack offered to be cut (BO-2.1), the still pack cut and its card turned
    #: (BO-3.1), the plain bidder naming his trump (D-BO3).
    OFFER = "offer"
    TURN = "turn"
    NAME_TRUMP = "name_trump"
    OVER = "over"


CUT = Phase.CUT
CHOOSE = Phase.CHOOSE
DEAL = Phase.DEAL
EXCHANGE = Phase.EXCHANGE
DECLARE = Phase.DECLARE
DOUBLE = Phase.DOUBLE
PLAY = Phase.PLAY
CLAIMS = Phase.CLAIMS
PENALTY = Phase.PENALTY
TOURNEE_OVER = Phase.TOURNEE_OVER
OVER = Phase.OVER

#: Phases between the deal and the opening lead (a hand exists, no card has been played).
BEFORE_PLAY = (EXCHANGE, DECLARE, DOUBLE)

#: WL-6.9: what the adversaries may require of the partner of a player who called attention to
#: the trick (D-W15): his top or bottom card of the suit led, to win or not to win the trick.
ATTENTION_CALLS = ("highest", "lowest", "win", "lose")

#: WL-7.4: how the adversaries have a revoke corrected in time (D-W17): the card played in error
#: left exposed, liable to be called (the offender then plays any card of the suit), or the
#: offender made to play his highest or lowest card of the suit.
CORRECTION_CALLS = ("call_card", "highest", "lowest")

#: Who plays the k-th card of a trick led by each seat, at a table of four.
#: The table's attributes that keep what its views share (:meth:`Table.view`).
_VIEW_PARTS = frozenset(("_view_memo", "_view_hand", "_view_cards", "_view_trick"))

#: The parts of a view that no card played changes (:meth:`Table._sitting_view`): the hands
#: the seat controls, the roles, the names, the score, the election pending, the game's extras.
_SittingView = tuple[
    tuple[Seat, ...],
    dict[Seat, str],
    dict[Seat, str],
    dict[str, int],
    PendingView | None,
    ViewExtra,
]

#: A view (or a trick's view) made from its fields in order, as ``View(*fields)`` without the
#: call of its constructor (a view is a named tuple).
_new_view = tuple.__new__

#: The empty card set every view without cards shares (card sets are immutable).
_NO_CARDS = CardSet()

#: A card set made from a mask known to be one of cards (a hand's), as ``CardSet(mask)``
#: without its checks: the object, then its one slot set.
_new_card_set = object.__new__
_set_card_set_mask = CardSet.__dict__["mask"].__set__

FOUR_SEAT_ORDER: tuple[tuple[Seat, ...], ...] = tuple(
    tuple((leader + k) % 4 for k in range(4)) for leader in range(4)
)


#: The actions a table class handles besides its decisions' (its class attribute
#: ``handlers``): each action class with the name of the method that applies it.
Handlers = tuple[tuple[type[Action], str], ...]

#: What the answers to a table class's elections do (its class attribute ``elections``): each
#: kind of election with the name of the method that carries out the answer.
ElectionKinds = tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A completed trick: leader, cards in play order, the seats that played them, the winner."""

    leader: Seat
    cards: tuple[Card, ...]
    seats: tuple[Seat, ...]
    winner: Seat


@dataclass(slots=True)
class HandState:
    """Everything about the hand being played (one deal)."""

    dealer: Seat
    hands: list[int]
    trump: Suit | None
    turn_up: Card | None
    leader: Seat
    turn_up_taken: bool = False
    stock: int = 0
    initial: list[int] = field(default_factory=list)
    conceded: list[int] = field(default_factory=lambda: [0, 0])
    notes: dict[str, Any] = field(default_factory=dict)
    trick: list[Card] = field(default_factory=list)
    trick_seats: list[Seat] = field(default_factory=list)
    tricks: list[TrickRecord] = field(default_factory=list)
    won: list[int] = field(default_factory=lambda: [0, 0])
    revokes: list[Revoke] = field(default_factory=list)
    penalty_cards: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    suit_call_due: dict[int, Seat] = field(default_factory=dict)
    called_suit: Suit | None = None
    forced: tuple[Seat, Card] | None = None
    must_correct: Seat | None = None
    correction_call: str | None = None
    irregularities: list[IrregularityRecord] = field(default_factory=list)
    trick_views: tuple[TrickView, ...] = ()

    #: The fields of a game's own hand state that its hand's record keeps, in this order.
    recorded: ClassVar[tuple[str, ...]] = ()

    def record_notes(self) -> dict[str, Any]:
        """What the hand's record keeps of it besides the cards and the tricks: a game's own
        state of the hand (its fields named in :attr:`recorded` that are set), then the laws'
        notes of the play."""
        own = {k: v for k in self.recorded if (v := getattr(self, k)) is not None}
        return {**own, **self.notes}

    @property
    def taken(self) -> tuple[int, int]:
        """The tricks each side takes in the hand: won in play, and credited by a claim or a
        concession settled (D-TC4, DD-3.5). Every game's scoring of tricks counts these."""
        return (self.won[0] + self.conceded[0], self.won[1] + self.conceded[1])

    @property
    def trick_number(self) -> int:
        """1-based number of the trick being played (or of the last, after the hand)."""
        return min(len(self.tricks) + 1, 13)


Hand = TypeVar("Hand", bound=HandState)


def game_hand(h: HandState | None, kind: type[Hand]) -> Hand:
    """The hand in play as a game's own hand state ``kind`` (its table's ``hand_state``)."""
    assert isinstance(h, kind), f"no {kind.__name__} in play"
    return h


def _method(cls: type[Table], name: str) -> Callable[[Table, Action], list[Event]]:
    """The method ``name`` of the table class ``cls`` applied to an action: the function the
    class has under that name (every class is indexed as it is made, so that a subclass's
    override is the one called), else looked up on the table at each call."""
    fn = getattr(cls, name, None)
    if inspect.isfunction(fn):
        method: Callable[[Table, Action], list[Event]] = fn
        return method

    def handle(table: Table, action: Action) -> list[Event]:
        result: list[Event] = getattr(table, name)(action)
        return result

    return handle


def _deciders(cls: type[Table], name: str) -> Callable[[Table], Sequence[Seat]]:
    """The method ``name`` of the table class ``cls`` giving a decision's deciders (as
    :func:`_method`): the class's function, else looked up on the table at each call."""
    fn = getattr(cls, name)
    if inspect.isfunction(fn):
        method: Callable[[Table], Sequence[Seat]] = fn
        return method

    def deciders(table: Table) -> Sequence[Seat]:
        seats: Sequence[Seat] = getattr(table, name)()
        return seats

    return deciders


def side_of(seat: Seat) -> int:
    """Partnership of a seat: 0 for North–South, 1 for East–West."""
    return seat & 1


def zero_sum_returns(table: Table, counts: Mapping[str, float]) -> list[float]:
    """Each seat's count (by :meth:`Table.party_name`) against the others': with ``k`` parties,
    ``k`` times its own less the sum of all (its own less the other's, between two sides), so
    that the parties' returns add up to nothing; a dead hand's seat returns nothing."""
    k, total = len(counts), sum(counts.values())
    return [
        0.0 if s in table.dead_seats else float(k * counts.get(table.party_name(s), 0) - total)
        for s in range(4)
    ]


class Table(ABC):
    """Shared machinery of a trick-taking table of four hands; variants subclass it.

    Class-level settings: ``variant`` (registry name), ``dummy_seats`` (hands exposed and played
    by their partner; a variant may set it per hand), ``dead_seats`` (hands dealt but never
    played), ``side_names``, ``role_letters`` (the variant's letters for N E S W), ``seat_sides``
    (the side of each seat), ``seat_order`` (who plays the k-th card of a trick led by each
    seat) and ``trick_size`` (cards to a trick: four, or two when only two hands play).
    ``summary`` is the short text of the rules as the program plays them (:meth:`rules_summary`).
    """

    variant: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    #: The game's declared metadata (title, players, seats, sides, unit…): :mod:`vivant.info`.
    info: ClassVar[GameInfo]
    dummy_seats: tuple[Seat, ...] = ()
    dead_seats: ClassVar[tuple[Seat, ...]] = ()
    side_names: ClassVar[tuple[str, str]] = ("NS", "EW")
    role_letters: ClassVar[tuple[str, str, str, str]] = ("N", "E", "S", "W")
    seat_sides: ClassVar[tuple[int, int, int, int]] = (0, 1, 0, 1)
    seat_order: ClassVar[tuple[tuple[Seat, ...], ...]] = FOUR_SEAT_ORDER
    trick_size: ClassVar[int] = 4
    deal_step: ClassVar[int] = 1
    #: The trick rule T2 as the game plays it: ``False``, follow suit if able (whist); ``True``,
    #: follow suit *or trump* — a trump may always be played instead (All Fours, AF-3.2). The
    #: fast playout engine reads it too.
    follow_or_trump: ClassVar[bool] = False
    _played_cache: ClassVar[tuple[tuple[Event, ...], ...] | None] = None
    #: The class of the state of a hand, a game's own where it keeps more than the cards and
    #: the tricks (a subclass of :class:`HandState`).
    hand_state: ClassVar[type[HandState]] = HandState
    #: The actions that answer no declared decision (a card played, a deal, the irregularities
    #: of the laws), by class: the name of the method that applies each. Each class declares
    #: its own; they are collected along its bases.
    handlers: ClassVar[Handlers] = (
        (Play, "_play_action"),
        (Elect, "_elect"),
        (Deal, "_deal"),
        (PlayTogether, "_play_together"),
        (CorrectRevoke, "_correct_revoke"),
        (ReportMisdeal, "_report_deal"),
        (ReportExposed, "_report_deal"),
        (CallCard, "_call_card"),
        (DrawAttention, "_draw_attention"),
        (AskRenounce, "_ask_renounce"),
        (Claim, "_claim_tricks"),
        (Concede, "_concede"),
    )
    _decisions: ClassVar[tuple[Decision, ...]] = ()
    _by_phase: ClassVar[dict[str, tuple[Decision, ...]]] = {}
    #: Each phase's decisions with the name of the method that says who decides
    #: (:meth:`Decision.deciders`), looked up at every turn.
    _deciders_by_phase: ClassVar[
        dict[str, tuple[tuple[Decision, Callable[[Table], Sequence[Seat]]], ...]]
    ] = {}
    _answers: ClassVar[dict[type[Action], tuple[Decision, ...]]] = {}
    _handlers: ClassVar[dict[type[Action], Callable[[Table, Action], list[Event]]]] = {}
    _elections: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._index()

    @classmethod
    def _index(cls) -> None:
        """Collect the decisions and handlers the class and its bases declare, by phase and by
        the action classes they take."""
        named: dict[str, Decision] = {}
        names: dict[type[Action], str] = {}
        elections: dict[str, str] = {}
        for klass in reversed(cls.__mro__):
            named.update({d.name: d for d in declared(klass.__dict__)})
            names.update(klass.__dict__.get("handlers", ()))
            elections.update(klass.__dict__.get("elections", ()))
        cls._elections = elections
        by_phase: dict[str, list[Decision]] = {}
        answers: dict[type[Action], list[Decision]] = {}
        for d in named.values():
            for p in d.phases:
                by_phase.setdefault(p, []).append(d)
            for a in d.actions:
                answers.setdefault(a, []).append(d)
        for d in named.values():
            missing = [m for m in ("_deciders", "_options") if not hasattr(cls, d.name + m)]
            if missing:
                raise TypeError(f"{cls.__name__} declares {d.name} without {d.name}{missing[0]}")
        cls._decisions = tuple(named.values())
        cls._by_phase = {p: tuple(ds) for p, ds in by_phase.items()}
        cls._deciders_by_phase = {
            p: tuple((d, _deciders(cls, d.name + "_deciders")) for d in ds)
            for p, ds in by_phase.items()
        }
        cls._answers = {a: tuple(ds) for a, ds in answers.items()}
        cls._handlers = {a: _method(cls, name) for a, name in names.items()}

    @classmethod
    def decisions(cls) -> tuple[Decision, ...]:
        """Every decision the game declares (:mod:`vivant.decisions`), its bases' included: who
        decides, the options, the default, the rule and the question in words."""
        return cls._decisions

    @classmethod
    def rules_summary(cls) -> str:
        """A short text of the rules as the program plays them (``vivant rules GAME``)."""
        return cls.summary

    def __init__(self, players: Sequence[str], *, laws: bool = False) -> None:
        self.players: tuple[str, ...] = tuple(players)
        self.laws = laws
        self.log: list[Action] = []
        self.phase: Phase = DEAL
        self.hand: HandState | None = None
        self.pending: Election | None = None
        self.dealer: Seat = 0
        self.hand_records: list[dict[str, Any]] = []
        self._forget_views()

    def _forget_views(self) -> None:
        """Start afresh what the views of the hand in play share (:meth:`view`)."""
        self._view_memo: dict[Seat | None, tuple[HandState, tuple[int, int], _SittingView]] = {}
        self._view_hand: HandState | None = None
        self._view_cards: dict[int, CardSet] = {}
        self._view_trick: TrickView | None = None

    def __getstate__(self) -> dict[str, Any]:
        """A copy or a pickle of the table leaves out what its views share (rebuilt when
        needed)."""
        return {k: v for k, v in self.__dict__.items() if k not in _VIEW_PARTS}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._forget_views()

    # --- configuration and replay ---------------------------------------------------------------

    #: Keyword options of the variant's constructor (attributes of the same names), kept in the
    #: config so that a replay rebuilds the same sitting.
    options: ClassVar[tuple[str, ...]] = ()
    #: The kinds of decision the game makes between the deal and the first card, in order, as a
    #: record of a hand keeps them (:mod:`vivant.prelude`); none where the cut and the turn-up
    #: decide everything.
    prelude: ClassVar[tuple[PreludeDecision, ...]] = ()

    def config(self) -> dict[str, Any]:
        """What, with the action log, rebuilds this table: ``replay(config, log)``."""
        return {
            "variant": self.variant,
            "players": list(self.players),
            "laws": self.laws,
            **{o: getattr(self, o) for o in self.options},
        }

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> Table:
        extra = {o: config[o] for o in cls.options if o in config}
        return cls(config["players"], laws=bool(config.get("laws", False)), **extra)

    @classmethod
    def replay(cls, config: dict[str, Any], actions: Iterable[Action | dict[str, Any]]) -> Table:
        """Rebuild a table by applying ``actions`` (objects or their JSON) to a fresh one."""
        table = cls.from_config(config)
        for a in actions:
            table.apply(a if isinstance(a, Action) else action_from_json(a))
        return table

    def log_json(self) -> list[dict[str, Any]]:
        return [a.to_json() for a in self.log]

    def action_seen_by(self, action: Action, seat: Seat | None) -> dict[str, Any]:
        """An action of the log as ``seat`` (``None``: a spectator) may know it, as JSON: the
        action itself, unless the game makes part of it face down (an All Fours discard)."""
        return action.to_json()

    # --- seats, roles and control ---------------------------------------------------------------

    def controller(self, seat: Seat) -> Seat:
        """The seat whose player acts for ``seat`` (a dummy's partner plays for it)."""
        return partner_of(seat) if seat in self.dummy_seats else seat

    def role(self, seat: Seat) -> str:
        return self.role_letters[seat]

    def party_name(self, seat: Seat) -> str:
        """The key under which ``seat``'s tricks and score are counted in views and events: its
        side's (``NS``, ``VM``); a game played each for himself names the player's own."""
        return self.side_names[self.seat_sides[seat]]

    def hand_returns(self, scored: Mapping[str, Any]) -> list[float]:
        """What the hand just scored (``scored``: its ``hand_scored`` event's data) returns to
        each seat, zero-sum, for learning and search (:mod:`vivant.env`): its side's tricks less
        the other side's, the object of play of the whist games. A game that scores otherwise
        says so (All Fours' points, Boston's counters)."""
        return zero_sum_returns(self, scored["won"])

    def hand_return_limit(self) -> float:
        """The largest size of a seat's :meth:`hand_returns`: all thirteen tricks."""
        return 13.0

    def electors(self, side: int) -> tuple[Seat, ...]:
        """The seats of ``side`` that can make the side's choices (not a dummy, nor dead)."""
        return tuple(
            s
            for s in range(4)
            if self.seat_sides[s] == side and s not in self.dummy_seats and s not in self.dead_seats
        )

    def cutter(self, dealer: Seat) -> Seat:
        """Who cuts the pack: the dealer's pone, or the player who acts for a dummy pone (M-3.5
        with D-M4, ED-3.1 with D-ED3, DD-2.1 with D-DD2)."""
        return self.controller((dealer - 1) % 4)

    def seat_player(self, seat: Seat) -> str | None:
        """Name of the player at ``seat`` in the current game (None for a dummy)."""
        return None

    # --- the main API ---------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == OVER

    def awaiting_chance(self) -> bool:
        """Whether the next action is chance (a cut or a deal) rather than a player's choice."""
        return self.pending is None and self.phase in (CUT, DEAL)

    def chance_action(self, rng: random.Random) -> Action:
        """The next chance action, drawn from ``rng`` (a shuffled pack for a deal)."""
        if self.phase == DEAL and self.pending is None:
            pack = list(range(52))
            rng.shuffle(pack)
            return Deal(order=tuple(pack))
        raise InvalidActionError(f"no chance action is due in phase {self.phase!r}")

    def to_act(self) -> Seat | None:
        """The seat whose decision the game now waits for (a dummy's controller acts for it);
        ``None`` when chance is due or the sitting is over."""
        p = self.pending
        if p is not None:
            return p.electors[0]
        h = self.hand
        if h is not None and self.phase == PLAY:
            if h.must_correct is not None:
                return self.controller(h.must_correct)
            for _, deciders in type(self)._deciders_by_phase.get(PLAY, ()):  # decision_due()
                seats = deciders(self)
                if seats:
                    return seats[0]
            nxt = self.seat_order[h.leader][len(h.trick)]
            return partner_of(nxt) if nxt in self.dummy_seats else nxt
        due = self.decision_due()
        return None if due is None else due[1][0]

    def decision_due(self) -> tuple[Decision, Sequence[Seat]] | None:
        """The declared decision the game waits for now, with the seats that may make it (the
        first of them the one it waits for); ``None`` when none is due (an election pending, a
        card to play, chance)."""
        if self.pending is not None:
            return None
        for d, deciders in type(self)._deciders_by_phase.get(self.phase, ()):
            seats = deciders(self)  # d.deciders(self)
            if seats:
                return d, seats
        return None

    def legal_actions(self, seat: Seat) -> list[Action]:
        """What ``seat`` may correctly do now (its controller acts for a dummy). Irregular but
        recordable actions of laws mode are not listed; :meth:`apply` accepts them."""
        if self.pending is not None:
            if seat in self.pending.electors:
                return [Elect(seat, o) for o in self.pending.options]
            return []
        h = self.hand
        if self.phase == PLAY and h is not None and h.must_correct is not None:
            if self.controller(h.must_correct) != seat:
                return []
            mask = self._correction_mask(h, h.must_correct)
            return [CorrectRevoke(h.must_correct, c) for c in cards_of(mask)]
        due = self.decision_due()
        if due is not None:
            return due[0].options(self, seat) if seat in due[1] else []
        if self.phase == PLAY and h is not None:
            return self._play_actions(seat)
        return []

    def default_action(self) -> Action:
        """The action taken when a pending choice is made automatically (D-G2 defaults)."""
        if self.pending is not None:
            return Elect(self.pending.electors[0], self.pending.default)
        seat = self.to_act()
        if seat is None:
            raise InvalidActionError(f"no decision is pending in phase {self.phase!r}")
        due = self.decision_due()
        if due is None or seat not in due[1]:
            raise InvalidActionError(f"no default action for {self._seat_label(seat)} now")
        return due[0].default(self, seat)

    def apply(self, action: Action) -> list[Event]:
        """Validate and apply one action; returns the public events it caused.

        Raises a :class:`~vivant.errors.VivantError` subclass, leaving the table unchanged, when
        the action is not allowed now.
        """
        if self.phase == OVER:
            raise InvalidActionError(f"the sitting is over; {action!r} cannot be applied")
        if self.pending is not None and not isinstance(action, Elect):
            p = self.pending
            raise InvalidActionError(
                f"{self._seat_label(p.electors[0])} must first choose for the {p.kind} "
                f"({p.rule}): one of {', '.join(p.options)}"
            )
        events = self._dispatch(action)
        self.log.append(action)
        return events

    @classmethod
    def knows(cls, action: str) -> bool:
        """Whether the game applies actions of the class named ``action`` (its handlers and its
        declared decisions): a front end offers only those."""
        return any(a.__name__ == action for a in (*cls._handlers, *cls._answers))

    def _dispatch(self, action: Action) -> list[Event]:
        """Hand ``action`` to the table's handler of its class (:attr:`handlers`), or to the
        declared decision it answers (:attr:`decisions`): the one due now, if it is one."""
        cls = type(self)
        handler = cls._handlers.get(type(action))
        if handler is not None:
            return handler(self, action)
        answering = cls._answers.get(type(action))
        if not answering:
            raise InvalidActionError(f"{type(action).__name__} is not an action of {self.variant}")
        due = self.decision_due()
        decision = next((d for d in answering if due is not None and d is due[0]), answering[0])
        return decision.take(self, action)

    def _play_action(self, action: Play) -> list[Event]:
        return self._play(action.seat, action.card)

    # --- dealing --------------------------------------------------------------------------------

    def _deal(self, action: Deal) -> list[Event]:
        if self.phase != DEAL:
            raise InvalidActionError(f"no deal is due now (phase {self.phase!r})")
        pack = check_pack(action.order)
        h = self._new_hand(pack, self.dealer)
        self.hand = h
        events = [
            Event(
                EventKind.DEALT,
                DealtData(
                    dealer=self.role(h.dealer),
                    turn_up=None if h.turn_up is None else card_name(h.turn_up),
                    trump=None if h.trump is None else SUIT_LETTERS[h.trump],
                ),
            )
        ]
        return events + self._after_deal(h)

    def _new_hand(self, pack: tuple[Card, ...], dealer: Seat) -> HandState:
        """Deal ``pack`` (WL-2.4): thirteen to each hand one at a time from the dealer's left, the
        last card turned up for trump and the dealer's; the eldest hand leads."""
        turn_up = pack[-1]
        return self.hand_state(
            dealer=dealer,
            hands=deal_hands(pack, dealer),
            trump=suit_of(turn_up),
            turn_up=turn_up,
            leader=(dealer + 1) % 4,
        )

    def _after_deal(self, h: HandState) -> list[Event]:
        """What follows the deal: by default the play begins (variants may first exchange or
        declare, then call :meth:`_start_play`)."""
        return self._start_play(h)

    # --- discards face down (All Fours AF-2.7, Boston BO-5.2) ---------------------------------

    def _discarder(self) -> Seat | None:
        """The seat to discard a card face down now; ``None``: no discard is due (a game that
        discards declares a ``_discard`` decision and says who)."""
        return None

    def _discard_deciders(self) -> tuple[Seat, ...]:
        due = self._discarder()
        return () if due is None else (due,)

    def _discard_options(self, seat: Seat) -> list[Action]:
        h = self.hand
        assert h is not None
        return [Discard(seat, c) for c in cards_of(h.hands[seat])]

    def _face_down(
        self, action: Discard, lay_aside: Callable[[HandState, Seat, Card], None]
    ) -> list[Event]:
        """What every discard face down shares: the card must be in the discarder's hand; it
        leaves the hand and the game lays it aside where it keeps such cards (``lay_aside``: out
        of play, seen by its owner); everyone is told a card was discarded, never which; the
        play starts once no discard is due."""
        h = self.hand
        assert h is not None
        if type(action.card) is not int or not h.hands[action.seat] >> action.card & 1:
            raise IllegalPlayError(
                f"{action.card!r} is not in the hand of {self._seat_label(action.seat)}"
            )
        h.hands[action.seat] &= ~(1 << action.card)
        lay_aside(h, action.seat, action.card)
        words = "discards a card face down"
        events = [Event(EventKind.DISCARDED, {"seat": self.role(action.seat), "words": words})]
        if self._discarder() is None:
            events += self._start_play(h)
        return events

    def _start_play(self, h: HandState) -> list[Event]:
        """The hands as they go into play are kept (honours are counted from them)."""
        h.initial = list(h.hands)
        self.phase = PLAY
        return []

    def _report_deal(self, action: ReportMisdeal | ReportExposed) -> list[Event]:
        h = self.hand
        if h is None or self.phase not in (PLAY, *BEFORE_PLAY):
            raise InvalidActionError(f"no hand is being played (phase {self.phase!r})")
        if not self.laws:
            raise InvalidActionError("irregularities of the deal are recorded in laws mode only")
        if h.tricks or h.trick:
            raise InvalidActionError(
                "a deal irregularity must be raised before the opening lead; play has begun"
            )
        self._check_seat(action.seat)
        if action.seat in self.dead_seats:
            raise WrongSeatError(
                f"{self._seat_label(action.seat)} is a dead hand and reports nothing"
            )
        touched = self._touched(action.touched)
        if isinstance(action, ReportExposed):
            return self._report_exposed(h, action, touched)
        if action.reason not in self.misdeal_reasons:
            raise InvalidActionError(
                f"unknown misdeal reason {action.reason!r}; one of "
                + ", ".join(self.misdeal_reasons)
            )
        election = self._misdeal_election(h, action.reason)
        if "pass" in election.options and self._adversary_touched_first(h, touched):
            # WL-4.2: an adversary touched the cards before the dealer's partner: no loss of deal.
            kept = tuple(o for o in election.options if o != "pass") or ("redeal",)
            election = dataclasses.replace(election, rule="WL-4.2", options=kept, default=kept[0])
        if touched:
            details = {"touched": "".join(SEAT_LETTERS[s] for s in touched)}
            election = dataclasses.replace(election, details=details)
        self.pending = election
        return [Event(EventKind.IRREGULARITY, election.to_json(self._seat_label))]

    misdeal_reasons: ClassVar[tuple[str, ...]] = ("deal",)

    def _players_seats(self) -> tuple[Seat, ...]:
        """The hands held by players (not a dummy, nor a dead hand)."""
        return self.electors(0) + self.electors(1)

    def _touched(self, text: object) -> tuple[Seat, ...]:
        """D-G6: the players who touched their cards during the deal, in the order they did, as
        compass letters (``"ES"``); only players' hands can be touched."""
        if not isinstance(text, str) or len(text) > 4:
            raise InvalidActionError(f"'touched' lists up to four seats as letters, not {text!r}")
        seats: list[Seat] = []
        for letter in text.upper():
            seat = SEAT_LETTERS.find(letter)
            if seat < 0 or seat in seats or seat not in self._players_seats():
                raise InvalidActionError(
                    f"'touched' lists each player's seat once (one of "
                    f"{' '.join(SEAT_LETTERS[s] for s in sorted(self._players_seats()))}), "
                    f"not {text!r}"
                )
            seats.append(seat)
        return tuple(seats)

    def _dealers_partners(self, h: HandState) -> tuple[Seat, ...]:
        """The players of the dealer's side other than the one dealing (a dummy's partner deals
        for it)."""
        dealing = self.controller(h.dealer)
        return tuple(s for s in self.electors(self.seat_sides[h.dealer]) if s != dealing)

    def _adversary_touched_first(self, h: HandState, touched: Sequence[Seat]) -> bool:
        """WL-4.2's exception: an adversary of the dealer touched the cards during the deal
        before the dealer's partner did."""
        partners = self._dealers_partners(h)
        for s in touched:
            if s in partners:
                return False
            if self.seat_sides[s] != self.seat_sides[h.dealer]:
                return True
        return False

    def sees(self, seat: Seat, card: Card) -> bool:
        """Whether the player at ``seat`` sees ``card`` now (see :meth:`_visible_to`)."""
        return bool(self._visible_to(self.controller(seat)) >> card & 1)

    def _visible_to(self, seat: Seat) -> int:
        """Mask of the cards in the hands that ``seat`` sees now: his own (once he has looked
        at it), the hands face up to the table or shown to him, and every exposed penalty card
        (the same cards as :meth:`view`)."""
        h = self.hand
        if h is None:
            return 0
        mask = 0 if self._own_hand_unseen(seat) else h.hands[seat]
        for d in self._exposed_seats():
            mask |= h.hands[d]
        for shown in self._shown_to(seat).values():
            mask |= shown
        for p in h.penalty_cards:
            mask |= p
        claimer = claims.shown_hand(self)
        if claimer is not None:
            mask |= claimer[1]
        return mask

    def _report_exposed(
        self, h: HandState, action: ReportExposed, touched: tuple[Seat, ...]
    ) -> list[Event]:
        """A card exposed in dealing (WL-3.3, WL-3.4, D-W11).

        D-W11: the reporter names only a card he can see, and every refusal depends only on what
        he sees, so a report can never find where a hidden card lies. The card was exposed by
        the player dealing or by the player it was dealt to (``by``). Exposed by the dealer's
        side, the adversaries may claim a new deal unless one of them had touched his cards
        (WL-3.3); exposed by an adversary, the dealer may, unless his partner had (WL-3.4); a
        touch made after a player of the other side had touched his own does not count (WL-3.8).
        Without a claim open the deal stands and the card may not be called. A card already
        reported (the deal standing) is not reported again: the claim it gave is spent."""
        c = action.card
        seat = self.controller(action.seat)  # a dummy's partner reports for it
        if type(c) is not int or not 0 <= c < 52:
            raise InvalidActionError(f"invalid card {c!r}")
        if c == h.turn_up:
            raise InvalidActionError(
                f"{card_name(c)} is the card turned up for trumps, dealt face up by the laws"
            )
        if not self._visible_to(seat) >> c & 1:
            raise InvalidActionError(
                f"{self._seat_label(seat)} cannot see {card_name(c)}: a card exposed in dealing "
                "is reported by a player who sees it, in his own hand or in a hand face up"
            )
        if any(r.kind == "exposed_in_deal" and c in r.cards for r in h.irregularities):
            raise InvalidActionError(
                f"{card_name(c)} was reported exposed in dealing already, and the deal stands: "
                "a card gives one claim of a new deal"
            )
        holder = next(s for s in range(4) if h.hands[s] >> c & 1)
        by = seat if action.by is None else action.by
        self._check_seat(by)
        dealing = self.controller(h.dealer)
        if by != dealing and (by != holder or by not in self._players_seats()):
            raise InvalidActionError(
                f"{card_name(c)} was exposed by the player dealing ({self._seat_label(dealing)})"
                f" or by the player it was dealt to, not by {self._seat_label(by)}"
            )
        election = self._exposed_in_deal_election(h, c, by)
        details: dict[str, Any] = {"holder": self.role(holder)}
        if touched:
            details["touched"] = "".join(SEAT_LETTERS[s] for s in touched)
        if not self._claim_barred_by_touch(h, election, touched):
            self.pending = dataclasses.replace(election, details=details)
            return [Event(EventKind.IRREGULARITY, self.pending.to_json(self._seat_label))]
        h.irregularities.append(
            IrregularityRecord(
                election.kind, election.rule, by, 0, (c,), None, {**details, "stands": True}
            )
        )
        return [
            Event(
                EventKind.EXPOSED_IN_DEAL,
                {
                    "card": card_name(c),
                    "by": self.role(by),
                    "holder": self.role(holder),
                    "stands": True,
                },
            )
        ]

    def _claim_barred_by_touch(
        self, h: HandState, election: Election, touched: Sequence[Seat]
    ) -> bool:
        """WL-3.3/WL-3.4: the claim of a new deal is lost when a player of the claiming side
        (other than the one dealing) had touched his cards, unless a player of the other side
        had touched his first (WL-3.8)."""
        side = self.seat_sides[election.electors[0]]
        barring = tuple(s for s in self.electors(side) if s != self.controller(h.dealer))
        for i, s in enumerate(touched):
            if s in barring and all(self.seat_sides[t] == side for t in touched[:i]):
                return True
        return False

    def _misdeal_election(self, h: HandState, reason: str) -> Election:
        """WL-4: a misdeal. Default whist law: the deal passes (no choice)."""
        return Election(
            "misdeal",
            "WL-4.2",
            h.dealer,
            self.electors(1 - self.seat_sides[h.dealer]),
            ("pass",),
            "pass",
        )

    def _exposed_in_deal_election(self, h: HandState, c: Card, by: Seat) -> Election:
        """WL-3.3: a card exposed by the dealer or his partner, the adversaries may claim a new
        deal; WL-3.4: by an adversary, the dealer may. D-W12: the default is a new deal."""
        dealers = self.seat_sides[h.dealer]
        own = self.seat_sides[by] == dealers
        return Election(
            "exposed_in_deal",
            "WL-3.3" if own else "WL-3.4",
            by,
            self.electors(1 - dealers if own else dealers),
            ("stand", "redeal"),
            "redeal",
            (c,),
        )

    def _redeal(self, same_dealer: bool) -> None:
        """Abandon the hand: the same dealer deals again, or the deal passes to the left."""
        assert self.hand is not None
        if not same_dealer:
            self._pass_deal(self.hand.dealer)
        self.hand = None
        self.phase = DEAL

    def _pass_deal(self, dealer: Seat) -> None:
        """The deal passes from ``dealer`` to the next (variants whose players change seats each
        hand move the players instead)."""
        self.dealer = self._next_dealer(dealer)

    def _abandon_hand(self, h: HandState) -> None:
        """A hand thrown in by the laws (misdeal, new deal): kept in the record, never scored."""
        self.hand_records.append(self._hand_record(h, abandoned=True))

    def _next_dealer(self, dealer: Seat) -> Seat:
        """The deal passes to the left (WL-2.5); between two players it alternates."""
        return (dealer + self.deal_step) % 4

    # --- play -----------------------------------------------------------------------------------

    def _require_hand(self) -> HandState:
        if self.phase != PLAY or self.hand is None:
            raise InvalidActionError(f"no hand is being played (phase {self.phase!r})")
        return self.hand

    def _check_seat(self, seat: object) -> None:
        if not is_seat(seat):
            raise InvalidActionError(f"invalid seat {seat!r}")

    def _next_to_play(self, h: HandState) -> Seat:
        """The hand whose card is due: refused while a complete trick waits for a revoke's
        correction (a question asked once it was complete found the revoke, WL-7.3, DL-3)."""
        order = self.seat_order[h.leader]
        if len(h.trick) >= len(order):
            message = f"trick {h.trick_number} is complete"
            if h.must_correct is not None:
                who = self._seat_label(h.must_correct)
                message += f": the revoke by {who} must first be corrected"
            raise InvalidActionError(message)
        return order[len(h.trick)]

    def _seat_label(self, seat: Seat) -> str:
        """A seat as a refusal names it: the game's letter and who holds it (``R (Ann)``,
        ``M (Mort)``); the letter alone where no one is named."""
        name = self.seat_player(seat)
        if name is None and seat in self.dummy_seats:
            name = "dummy" if self.info.dummy_name == "Dummy" else self.info.dummy_name
        role = self.role(seat)
        return f"{role} ({name})" if name and name != role else role

    def _position(self, h: HandState) -> str:
        return f"trick {h.trick_number}, card {len(h.trick) + 1}"

    def playable(self, seat: Seat) -> int:
        """Mask of the cards the hand at ``seat`` may correctly play now (0 if not its turn)."""
        h = self.hand
        if self.phase != PLAY or h is None or self.pending is not None:
            return 0
        if h.must_correct is not None or (
            h.suit_call_due and self._suit_call_elector() is not None
        ):
            return 0
        if seat != self.seat_order[h.leader][len(h.trick)]:
            return 0
        hand = h.hands[seat]
        if h.forced is not None:  # a card called (WL-5.2)
            called = self._called_card(h, seat)
            if called is not None:
                return 1 << called
        if not h.trick:
            if h.called_suit is not None:
                follow = hand & suit_mask(h.called_suit)
                if follow:
                    return follow
            return hand
        legal = playable_mask(hand, suit_of(h.trick[0]), self._may_trump(h))
        duty = self._duty_mask(h, seat) if h.notes else None  # directions live in the notes
        return (legal & duty[0]) or legal if duty is not None else legal

    def _may_trump(self, h: HandState) -> Suit | None:
        """The suit that may always be played instead of following (:attr:`follow_or_trump`)."""
        return h.trump if self.follow_or_trump else None

    def _is_revoke(self, h: HandState, hand: int, led: Suit | None, c: Card) -> bool:
        """Whether ``c`` from ``hand`` is a revoke under the game's trick rule T2."""
        return is_revoke(hand, led, c, self._may_trump(h))

    def _play_actions(self, seat: Seat) -> list[Action]:
        """The cards ``seat`` may play now for the hand whose turn it is (T2, WL-5.2), or the
        penalty cards he may call from the adversary to play."""
        h = self.hand
        assert h is not None
        nxt = self.seat_order[h.leader][len(h.trick)]
        if self.controller(nxt) != seat:
            return self._call_card_actions(seat, nxt)
        plays = PLAYS[nxt]
        out: list[Action] = []
        mask = self.playable(nxt)
        while mask:  # the cards of the mask, lowest first (as cards_of, without the list)
            low = mask & -mask
            out.append(plays[low.bit_length() - 1])
            mask ^= low
        return out

    def _call_card_actions(self, seat: Seat, nxt: Seat) -> list[Action]:
        """An opponent of the hand to play may call its exposed penalty cards (WL-5.2). D-W14:
        every one of them, since whether playing it would make him revoke depends on cards the
        caller may not see; such a call does not bind (WL-6.4, :meth:`_called_card`)."""
        h = self.hand
        assert h is not None
        if (
            not h.penalty_cards[nxt]
            or self.seat_sides[seat] == self.seat_sides[nxt]
            or h.forced is not None
        ):
            return []
        if seat not in self.electors(self.seat_sides[seat]):
            return []
        return [CallCard(seat, nxt, c) for c in cards_of(h.penalty_cards[nxt])]

    def _called_card(self, h: HandState, seat: Seat) -> Card | None:
        """The card ``seat`` must play now: one called (WL-5.2), unless playing it would make him
        revoke (WL-6.4)."""
        if h.forced is None or h.forced[0] != seat:
            return None
        c = h.forced[1]
        led = suit_of(h.trick[0]) if h.trick else None
        return None if self._is_revoke(h, h.hands[seat], led, c) else c

    def _play(self, seat: Seat, c: Card) -> list[Event]:
        h = self.hand  # as _require_hand() and _check_seat(seat), without the calls
        if self.phase != PLAY or h is None:
            raise InvalidActionError(f"no hand is being played (phase {self.phase!r})")
        if type(seat) is not int or not 0 <= seat < 4:
            raise InvalidActionError(f"invalid seat {seat!r}")
        if type(c) is not int or not 0 <= c < 52:
            raise InvalidActionError(f"invalid card {c!r}")
        if h.must_correct is not None:
            raise InvalidActionError(
                f"the revoke by {self._seat_label(h.must_correct)} must first be corrected "
                f"({self._position(h)})"
            )
        if seat in self.dummy_seats:  # only a dummy's hand may be unseen by its player
            self._check_hand_seen(h, seat)
        if not h.hands[seat] >> c & 1:
            raise IllegalPlayError(
                f"{card_name(c)} is not in the hand of {self._seat_label(seat)} "
                f"({self._position(h)})"
            )
        elector = self._suit_call_elector() if h.suit_call_due else None
        if elector is not None:
            raise InvalidActionError(
                f"{self._seat_label(elector)} must first call a suit for the lead (WL-6.1)"
            )
        nxt = self.seat_order[h.leader][len(h.trick)]
        if seat != nxt:
            if seat in self.dead_seats:
                raise IllegalPlayError(
                    f"{self._seat_label(seat)} is a dead hand and takes no part in the play"
                )
            if not self.laws:
                raise OutOfTurnError(
                    f"it is {self._seat_label(nxt)}'s turn, not {self._seat_label(seat)}'s "
                    f"({self._position(h)})"
                )
            return self._out_of_turn(h, seat, c, nxt)
        called = self._called_card(h, seat) if h.forced is not None else None
        if called is not None and called != c:
            raise IllegalPlayError(
                f"{card_name(called)} was called and must be played, not {card_name(c)} "
                f"({self._position(h)}, WL-5.2)"
            )
        hand = h.hands[seat]
        if not h.trick and h.called_suit is not None:
            s = h.called_suit
            if (
                suit_of(c) != s
                and hand & suit_mask(s)
                and not self._punish_as_revoke(h, seat, c, "lead the suit called")
            ):
                raise IllegalPlayError(
                    f"{SUIT_NAMES[s]} were called: {self._seat_label(seat)} must lead one "
                    f"({self._position(h)}, WL-6.1)"
                )
        if h.notes:  # the directions given live in the notes (WL-6.9, DL-1, DL-6)
            duty = self._duty_mask(h, seat)
            if duty is not None:
                self._obey(h, seat, c, duty)
            self._spend_directions(h, seat)
        led = suit_of(h.trick[0]) if h.trick else None
        revoke = self._is_revoke(h, hand, led, c)
        if revoke and not self.laws:
            raise IllegalPlayError(
                f"{card_name(c)} would be a revoke: {self._seat_label(seat)} holds "
                f"{SUIT_NAMES[led or 0]} ({self._position(h)})"
            )
        return self._put_card(h, seat, c, revoke)

    def _check_hand_seen(self, h: HandState, seat: Seat) -> None:
        """D-W11: a dummy's cards are played by a partner who sees them; until then (Bridge for
        Three's Dummy before the opening lead) no card is played from it, whatever it holds."""
        if (
            seat in self.dummy_seats
            and seat not in self._exposed_seats()  # a hand face up is seen by all
            and self._visible_to(self.controller(seat)) & h.hands[seat] != h.hands[seat]
        ):
            raise IllegalPlayError(
                f"{self._seat_label(self.controller(seat))} cannot play from the hand of "
                f"{self._seat_label(seat)} before it is laid face up"
            )

    def _obey(self, h: HandState, seat: Seat, c: Card, duty: tuple[int, str]) -> None:
        """A direction binds the hand about to play (WL-6.9, DL-1, DL-6): a card that disobeys
        it when the hand could comply is refused at whist, or accepted and punished as a revoke
        where the laws say so (DL-5). A card called from him (WL-5.2) is played all the same."""
        mask, what = duty
        if mask >> c & 1 or self._punish_as_revoke(h, seat, c, what):
            return
        if self._called_card(h, seat) is None:  # a card called must be played (WL-5.2)
            raise IllegalPlayError(
                f"{self._seat_label(seat)} was directed to {what}: {card_name(c)} does not "
                f"({self._position(h)})"
            )

    def _spend_directions(self, h: HandState, seat: Seat) -> None:
        """A direction for the trick in play is spent once its hand plays to that trick,
        whether it bound him or not (he led it, D-DU12; none of the cards played together lay
        in it, D-DU15)."""
        for key in ("direction", "win_due"):
            due = h.notes.get(key)
            if due and due["seat"] == self.role(seat) and due["trick"] == len(h.tricks) + 1:
                h.notes.pop(key)

    def _direction_due(self, h: HandState, seat: Seat, key: str) -> dict[str, Any] | None:
        """The direction ``key`` (``direction``: WL-6.9, DL-1; ``win_due``: DL-6) if it binds
        ``seat`` in the trick in play, with a card led. DL-6 makes the partner win only a trick
        to which one of the cards played together goes (seed 003 SEC 6, D-DU15): it binds when
        one of them lies in the trick as he plays, not otherwise."""
        due: dict[str, Any] | None = h.notes.get(key)
        if due is None or due["seat"] != self.role(seat) or due["trick"] != len(h.tricks) + 1:
            return None
        if not h.trick:
            return None
        if "cards" in due and not any(card_name(c) in due["cards"] for c in h.trick):
            return None
        return due

    def _duty_mask(self, h: HandState, seat: Seat) -> tuple[int, str] | None:
        """The cards ``seat`` may play to obey a direction due now, and the duty in words:
        his highest or lowest of the suit led, and if void to trump or not (WL-6.9, DL-1), to
        win or not to win the trick (WL-6.9, DL-6). A duty he cannot meet leaves him free."""
        notes = h.notes
        if not h.trick or ("direction" not in notes and "win_due" not in notes):
            return None
        hand = h.hands[seat]
        led = suit_of(h.trick[0])
        follow = hand & suit_mask(led)
        legal = follow or hand
        direction = self._direction_due(h, seat, "direction")
        if direction is not None:
            order, _, ruff = str(direction["option"]).partition("/")
            if order in ("highest", "lowest"):
                if follow:
                    cards = cards_of(follow)
                    return 1 << (cards[-1] if order == "highest" else cards[0]), f"play his {order}"
                if not ruff:
                    return None
                trumps = hand & suit_mask(h.trump) if h.trump is not None else 0
                if ruff == "trump":
                    return (trumps or hand), "trump"
                return (hand & ~trumps or hand), "not trump"
            winners = self._winners(h, legal)
            if order == "win":
                return (winners or legal), "win the trick"
            return (legal & ~winners or legal), "not win the trick"
        if self._direction_due(h, seat, "win_due") is not None:
            return (self._winners(h, legal) or legal), "win the trick"
        return None

    @staticmethod
    def _winners(h: HandState, cards: int) -> int:
        """The cards of ``cards`` that would take the trick in play as it stands."""
        trick = tuple(h.trick)
        winners = 0
        for c in cards_of(cards):
            if trick_winner((*trick, c), h.trump) == len(trick):
                winners |= 1 << c
        return winners

    def _punish_as_revoke(self, h: HandState, seat: Seat, c: Card, duty: str) -> bool:
        """Laws mode: whether a card that fails a lawful direction (here: to lead the suit
        called) is accepted and punished as a revoke instead of refused. Whist refuses it; the
        Duplicate Whist laws accept it (DL-5) and record the offence."""
        return False

    def _put_card(self, h: HandState, seat: Seat, c: Card, revoke: bool) -> list[Event]:
        """Play a card that the laws accept into the trick and finish the trick if complete."""
        events: list[Event] = []
        if not h.trick:
            # The previous trick is now turned and quitted: its revokes are established (WL-7.2).
            for r in h.revokes:
                if not r.established and r.trick == len(h.tricks):
                    self._establish(r)
            h.called_suit = None
            if h.suit_call_due:
                h.suit_call_due.pop(self.seat_sides[seat], None)
        bit = 1 << c
        h.hands[seat] &= ~bit
        if h.penalty_cards[seat] & bit:
            h.penalty_cards[seat] &= ~bit
        if h.forced is not None and h.forced[0] == seat:
            h.forced = None
        if seat == h.dealer:
            h.turn_up_taken = True
        if revoke:
            h.revokes.append(Revoke(trick=len(h.tricks) + 1, seat=seat, card=c))
        h.trick.append(c)
        h.trick_seats.append(seat)
        played = type(self).__dict__.get("_played_cache") or self._played_events()
        events.append(played[seat][c])
        if len(h.trick) == self.trick_size:
            events.extend(self._quit_trick(h))
        return events

    @classmethod
    def _played_events(cls) -> tuple[tuple[Event, ...], ...]:
        """The "played" event of every seat and card, made once per variant (they never change
        and are never mutated)."""
        cached = cls.__dict__.get("_played_cache")
        if cached is None:
            cached = tuple(
                tuple(
                    Event(
                        EventKind.PLAYED, PlayedData(seat=cls.role_letters[s], card=CARD_NAMES[c])
                    )
                    for c in range(52)
                )
                for s in range(4)
            )
            cls._played_cache = cached
        return cached

    def _establish(self, r: Revoke) -> None:
        """A revoke becomes established; a dummy's revoke then simply stands (M-6.1, ED-6.1)."""
        r.established = True

    def _quit_trick(self, h: HandState) -> list[Event]:
        cards = tuple(h.trick)
        winner = h.trick_seats[trick_winner(cards, h.trump)]
        h.tricks.append(TrickRecord(h.leader, cards, tuple(h.trick_seats), winner))
        h.won[self.seat_sides[winner]] += 1
        h.trick = []
        h.trick_seats = []
        h.leader = winner
        events = [Event(EventKind.TRICK, TrickData(winner=self.role(winner), number=len(h.tricks)))]
        if self._hand_complete(h):
            for r in h.revokes:
                if not r.established:
                    self._establish(r)
            events.extend(self._hand_played())
        return events

    def _hand_complete(self, h: HandState) -> bool:
        """Whether every trick of the hand has been played: thirteen at whist; a game whose
        hands are shorter says so."""
        return len(h.tricks) == 13

    def _hand_played(self) -> list[Event]:
        """All tricks are played: revoke claims (laws mode), then penalties, then scoring."""
        if self._unclaimed_revokes():
            self.phase = CLAIMS
            return []
        if self._next_penalty() is not None:
            self.phase = PENALTY
            return []
        return self._finish_hand()

    # --- laws of play ---------------------------------------------------------------------------

    def _penalisable(self, r: Revoke) -> bool:
        """Dummies are never liable to penalty (M-6.1, ED-6.1)."""
        return r.seat not in self.dummy_seats

    def _revoking_sides(self, h: HandState) -> frozenset[int]:
        """The sides that revoked in the hand: an established revoke by a hand liable for it,
        claimed or waived. A law that bars "a side that has revoked" (a slam: seed 000 with
        D-M16, BW-7 with D-B10) looks here; one that goes with the penalty looks at the revokes
        claimed (D-W4). A revoke corrected in time was never established; a dummy's stands "as
        if no revoke had occurred" (M-6.1, ED-6.1)."""
        return frozenset(
            self.seat_sides[r.seat] for r in h.revokes if r.established and self._penalisable(r)
        )

    #: Whether one claimant's waiver settles a revoke for his partner too: at whist the partners
    #: may consult on a revoke penalty and answer as a side (WL-8.1, D-W4); Duplicate Whist's
    #: SEC 4 leaves the claim to the other adversary (D-DU13).
    revoke_waiver_binds_partner: ClassVar[bool] = True

    def _claimants(self, r: Revoke) -> tuple[Seat, ...]:
        """The players who may still claim ``r``: the other side's, less those who waived it."""
        side = 1 - self.seat_sides[r.seat]
        return tuple(s for s in self.electors(side) if s not in r.waived_by)

    def _claim_details(self, r: Revoke) -> dict[str, Any]:
        """What the hand's record keeps of a revoke's claim besides the option: who waived it,
        where one waiver does not settle it for both (D-DU13)."""
        if self.revoke_waiver_binds_partner or not r.waived_by:
            return {}
        return {"waived_by": [self.role(s) for s in r.waived_by]}

    def _unclaimed_revokes(self) -> list[Revoke]:
        h = self.hand
        if h is None:
            return []
        return [r for r in h.revokes if r.established and not r.claimed and self._penalisable(r)]

    def _claim_actions(self, seat: Seat) -> list[Action]:
        pending = self._unclaimed_revokes()
        if not pending or seat not in self._claimants(pending[0]):
            return []
        side = self.seat_sides[pending[0].seat]
        acts: list[Action] = [
            ClaimRevoke(seat, r.trick) for r in pending if self.seat_sides[r.seat] == side
        ]
        acts.append(WaiveRevokes(seat))
        return acts

    @decision(CLAIMS, (ClaimRevoke, WaiveRevokes), "WL-7.5", "Claim the revoke, or waive it?")
    def _revoke_claim(self, action: ClaimRevoke | WaiveRevokes) -> list[Event]:
        """WL-7.5: at the end of the hand the adversaries of a revoking side claim its revokes
        or waive them (a revoke is claimed during the play too, :meth:`_claim_revoke`)."""
        if isinstance(action, WaiveRevokes):
            return self._waive(action)
        return self._claim_revoke(action)

    def _revoke_claim_deciders(self) -> tuple[Seat, ...]:
        pending = self._unclaimed_revokes()
        return self._claimants(pending[0]) if pending else ()

    def _revoke_claim_options(self, seat: Seat) -> list[Action]:
        return self._claim_actions(seat)

    def _revoke_claim_default(self, seat: Seat) -> Action:
        """D-G7: the computer players claim every revoke their adversaries made."""
        acts = self._claim_actions(seat)
        return next((a for a in acts if isinstance(a, ClaimRevoke)), acts[-1])

    def _claim_revoke(self, action: ClaimRevoke) -> list[Event]:
        self._check_seat(action.seat)
        h = self.hand
        if h is None or self.phase not in (PLAY, CLAIMS):
            raise InvalidActionError(f"no hand to claim a revoke in (phase {self.phase!r})")
        if action.seat not in self.electors(self.seat_sides[action.seat]):
            raise WrongSeatError(f"{self._seat_label(action.seat)} cannot claim (a dummy)")
        opp = 1 - self.seat_sides[action.seat]
        current = len(h.tricks) + 1
        if not 1 <= action.trick <= current:
            raise InvalidActionError(f"there is no trick {action.trick} yet")
        found = [
            r
            for r in h.revokes
            if r.trick == action.trick and self.seat_sides[r.seat] == opp and not r.claimed
        ]
        if self.phase == PLAY:
            found = [r for r in found if self._revoke_shown_to(r, action.seat)]
            if not found:
                raise InvalidActionError(
                    f"nothing {self._seat_label(action.seat)} has seen shows a revoke by "
                    f"{self.side_names[opp]} in trick {action.trick}: the tricks are examined "
                    "for revokes at the end of the hand"
                )
        if not found:
            raise InvalidActionError(
                f"no unclaimed revoke by {self.side_names[opp]} in trick {action.trick}"
            )
        if all(action.seat in r.waived_by for r in found):
            raise WrongSeatError(
                f"{self._seat_label(action.seat)} has waived the revoke in trick {action.trick}; "
                "only his partner may still claim it"
            )
        found = [r for r in found if action.seat not in r.waived_by]
        fresh = [r for r in found if not r.established]
        if fresh:
            return self._revoke_found(h, fresh[0])
        liable = [r for r in found if self._penalisable(r)]
        if not liable:
            raise InvalidActionError(
                f"{self._seat_label(found[0].seat)} is never liable to penalty; "
                "its revoke stands (M-6.1)"
            )
        r = liable[0]
        r.claimed = True
        h.irregularities.append(
            IrregularityRecord(
                r.kind, r.rule, r.seat, r.trick, (r.card,), details=self._claim_details(r)
            )
        )
        events = [
            Event(EventKind.REVOKE_CLAIMED, {"seat": self.role(r.seat), "trick": r.trick}),
        ]
        if self.phase == CLAIMS and not self._unclaimed_revokes():
            events.extend(self._hand_played())
        return events

    def _revoke_shown_to(self, r: Revoke, seat: Seat) -> bool:
        """D-W13: during the play a revoke claim is examined only when the cards ``seat`` has
        seen prove it: a revoke (WL-7.1), when the revoking hand has since played, or still
        holds in a hand ``seat`` sees, a card of the suit it failed to follow; an offence the
        laws punish as one (DL-5), when ``seat`` sees the offender's hand. Otherwise the claim
        waits for the end of the hand, when the tricks are examined (WL-7.5), and is refused in
        the same words whether or not there was a revoke."""
        h = self.hand
        assert h is not None
        seen = self._visible_to(seat) & h.hands[r.seat]
        if r.kind != "revoke":
            return bool(h.hands[r.seat]) and seen == h.hands[r.seat]
        trick = h.tricks[r.trick - 1] if r.trick <= len(h.tricks) else None
        led = suit_of(trick.cards[0] if trick is not None else h.trick[0])
        for t in h.tricks[r.trick :]:
            seen |= sum(1 << c for c, s in zip(t.cards, t.seats, strict=True) if s == r.seat)
        if r.trick <= len(h.tricks):
            seen |= sum(1 << c for c, s in zip(h.trick, h.trick_seats, strict=True) if s == r.seat)
        return bool(seen & suit_mask(led))

    def _revoke_found(self, h: HandState, rev: Revoke, **data: str) -> list[Event]:
        """A revoke found before its trick is turned and quitted must be corrected (WL-7.4,
        M-6.1): the trick is taken back up if it was complete, and where the offender is liable
        (not Mort or a dummy, :meth:`_revoke_correction`) his adversaries first choose how
        (``CORRECTION_CALLS``, D-W17): the card played in error exposed, or his highest or lowest
        card of the suit to the trick."""
        if rev.trick == len(h.tricks):
            self._reopen_last_trick(h)
        h.must_correct = rev.seat
        events = [Event(EventKind.REVOKE_TO_CORRECT, {"seat": self.role(rev.seat), **data})]
        liable, _ = self._revoke_correction(rev.seat)
        if liable:
            self.pending = Election(
                "revoke_correction",
                "WL-7.4",
                rev.seat,
                self.electors(1 - self.seat_sides[rev.seat]),
                CORRECTION_CALLS,
                CORRECTION_CALLS[0],
                (rev.card,),
            )
            events.append(Event(EventKind.IRREGULARITY, self.pending.to_json(self._seat_label)))
        return events

    def _correction_mask(self, h: HandState, seat: Seat) -> int:
        """The cards that may correct ``seat``'s revoke: any card of the suit led, or the one
        the adversaries called, his highest or lowest of it (WL-7.4)."""
        led = suit_of(h.trick[0])
        mask = h.hands[seat] & suit_mask(led)
        if mask and h.correction_call in ("highest", "lowest"):
            cards = cards_of(mask)
            return 1 << (cards[-1] if h.correction_call == "highest" else cards[0])
        return mask

    def _reopen_last_trick(self, h: HandState) -> None:
        """The last trick is complete but not yet turned and quitted (T5): take it back up."""
        t = h.tricks.pop()
        h.won[self.seat_sides[t.winner]] -= 1
        h.trick = list(t.cards)
        h.trick_seats = list(t.seats)
        h.leader = t.leader

    def _correct_revoke(self, action: CorrectRevoke) -> list[Event]:
        h = self._require_hand()
        seat = action.seat
        self._check_seat(seat)
        if not self.laws:
            raise InvalidActionError("there are no revokes to correct in strict mode")
        rev = next((r for r in h.revokes if not r.established and r.seat == seat), None)
        if rev is None:
            raise InvalidActionError(
                f"{self._seat_label(seat)} has no revoke in the trick being played"
            )
        complete = rev.trick == len(h.tricks)  # the trick is complete, not yet quitted
        led = suit_of((h.tricks[-1].cards if complete else h.trick)[0])
        if suit_of(action.card) != led or not h.hands[seat] >> action.card & 1:
            raise IllegalPlayError(
                f"the revoke must be corrected with a {SUIT_NAMES[led][:-1]} from the hand of "
                f"{self._seat_label(seat)}, not {card_name(action.card)}"
            )
        if h.must_correct is None and self._revoke_correction(seat)[0]:
            # The offender finds his own revoke: his adversaries first say how it is corrected.
            return self._revoke_found(h, rev)
        if complete:
            self._reopen_last_trick(h)
        if not self._correction_mask(h, seat) >> action.card & 1:
            raise IllegalPlayError(
                f"the adversaries called {self._seat_label(seat)}'s {h.correction_call} "
                f"{SUIT_NAMES[led][:-1]} (WL-7.4), not {card_name(action.card)}"
            )
        # WL-7.4: the card played in error is taken back; later players may take theirs back.
        pos = h.trick_seats.index(seat)
        back = [card_name(c) for c in h.trick[pos + 1 :]]  # the later players', in order
        for s, c in zip(h.trick_seats[pos:], h.trick[pos:], strict=True):
            h.hands[s] |= 1 << c
        self._withdraw_later_plays(h, rev.trick, h.trick_seats[pos + 1 :])
        del h.trick[pos:]
        del h.trick_seats[pos:]
        h.revokes.remove(rev)
        h.must_correct = None
        call, h.correction_call = h.correction_call, None
        exposed, rule = self._revoke_correction(seat)
        exposed = exposed and call not in ("highest", "lowest")
        if exposed:
            h.penalty_cards[seat] |= 1 << rev.card
        h.irregularities.append(
            IrregularityRecord(
                "revoke_corrected",
                rule,
                seat,
                rev.trick,
                (rev.card,),
                call,
                details={"penalty_card": exposed, **({"taken_back": back} if back else {})},
            )
        )
        events = [
            Event(
                EventKind.REVOKE_CORRECTED, {"seat": self.role(seat), "card": card_name(rev.card)}
            )
        ]
        return events + self._put_card(h, seat, action.card, False)

    #: The irregularities of cards played together (:meth:`_withdraw_later_plays`): two cards
    #: (WL-5.1); Duplicate Whist adds winning cards (DL-6).
    together_kinds: ClassVar[frozenset[str]] = frozenset({"two_cards"})

    def _withdraw_later_plays(self, h: HandState, trick: int, seats: Sequence[Seat]) -> None:
        """D-W17: the later players take their cards back unpenalised (WL-7.4), and with them
        what those cards were: a revoke (or a failure punished as one, with its note) is no
        longer made, and of cards played together (:attr:`together_kinds`) the others go back
        into the hand, not exposed."""
        h.revokes = [r for r in h.revokes if not (r.trick == trick and r.seat in seats)]
        if "failures" in h.notes:
            roles = {self.role(s) for s in seats}
            kept_failures = [
                f for f in h.notes["failures"] if not (f["trick"] == trick and f["seat"] in roles)
            ]
            if kept_failures:
                h.notes["failures"] = kept_failures
            else:
                del h.notes["failures"]
        kept = []
        for rec in h.irregularities:
            if rec.trick == trick and rec.offender in seats and rec.kind in self.together_kinds:
                for c in rec.cards:
                    h.penalty_cards[rec.offender] &= ~(1 << c)
                continue
            kept.append(rec)
        h.irregularities = kept

    def _waive(self, action: WaiveRevokes) -> list[Event]:
        """The claimant waives the other side's revokes: no penalty for them, and each stays in
        the hand's record as waived (D-W4). Whether his partner may still claim is the
        variant's law (:attr:`revoke_waiver_binds_partner`)."""
        if self.phase != CLAIMS:
            raise InvalidActionError("there is nothing to waive now")
        pending = self._unclaimed_revokes()
        if not pending or action.seat not in self._claimants(pending[0]):
            raise WrongSeatError(f"{self._seat_label(action.seat)} has no revoke claim to waive")
        side = self.seat_sides[pending[0].seat]
        h = self.hand
        assert h is not None
        for r in pending:
            if self.seat_sides[r.seat] != side:
                continue
            r.waived_by += (action.seat,)
            if self.revoke_waiver_binds_partner or not self._claimants(r):
                r.claimed = True
                r.penalty = "waived"
                h.irregularities.append(
                    IrregularityRecord(
                        r.kind, r.rule, r.seat, r.trick, (r.card,), "waived", self._claim_details(r)
                    )
                )
        return self._hand_played()

    def _revoke_correction(self, seat: Seat) -> tuple[bool, str]:
        """Whether a revoke corrected in time leaves the card played in error exposed (liable to
        be called, WL-7.4), and the rule: a dummy's card simply goes back (M-6.1)."""
        if seat in self.dummy_seats:
            return False, "M-6.1"
        return True, "WL-7.4"

    def _next_penalty(self) -> Revoke | None:
        h = self.hand
        if h is None:
            return None
        return next((r for r in h.revokes if r.claimed and r.penalty is None), None)

    def _penalty_options(self, rev: Revoke) -> tuple[str, ...]:
        return ("T", "D", "A")

    def _default_penalty(self, rev: Revoke) -> str:
        return self._penalty_options(rev)[0]

    @decision(PENALTY, ChoosePenalty, "WL-7.6", "Which penalty for the revoke?")
    def _choose_penalty(self, action: ChoosePenalty) -> list[Event]:
        """WL-7.6: the side that claimed a revoke chooses its penalty among those the game
        offers (:meth:`_penalty_options`)."""
        rev = self._next_penalty()
        if self.phase != PENALTY or rev is None:
            raise InvalidActionError("no revoke penalty is to be chosen now")
        h = self.hand
        assert h is not None
        target = next(
            (r for r in h.revokes if r.trick == action.trick and r.claimed and r.penalty is None),
            None,
        )
        if target is None:
            raise InvalidActionError(f"no claimed revoke in trick {action.trick} awaits a penalty")
        if action.seat not in self.electors(1 - self.seat_sides[target.seat]):
            raise WrongSeatError(
                f"the penalty for {self._seat_label(target.seat)}'s revoke is chosen by "
                f"{self.side_names[1 - self.seat_sides[target.seat]]}, "
                f"not {self._seat_label(action.seat)}"
            )
        options = self._penalty_options(target)
        if action.option not in options:
            raise InvalidActionError(
                f"penalty {action.option!r} is not open here; choose one of {', '.join(options)}"
            )
        target.penalty = action.option
        for rec in h.irregularities:
            if (
                rec.kind == target.kind
                and rec.trick == target.trick
                and rec.offender == target.seat
            ):
                rec.election = action.option
        if self._next_penalty() is None:
            return self._finish_hand()
        return []

    def _choose_penalty_deciders(self) -> tuple[Seat, ...]:
        rev = self._next_penalty()
        return () if rev is None else self.electors(1 - self.seat_sides[rev.seat])

    def _choose_penalty_options(self, seat: Seat) -> list[Action]:
        rev = self._next_penalty()
        assert rev is not None
        return [ChoosePenalty(seat, rev.trick, o) for o in self._penalty_options(rev)]

    def _choose_penalty_default(self, seat: Seat) -> Action:
        rev = self._next_penalty()
        assert rev is not None
        return ChoosePenalty(seat, rev.trick, self._default_penalty(rev))

    def _out_of_turn(self, h: HandState, seat: Seat, c: Card, nxt: Seat) -> list[Event]:
        """Laws mode: a card played when it was another hand's turn."""
        if h.trick:
            raise OutOfTurnError(
                f"it is {self._seat_label(nxt)}'s turn, not {self._seat_label(seat)}'s "
                f"({self._position(h)}); only a lead out of turn is recorded"
            )
        election = self._lead_out_of_turn_election(h, seat, c, nxt)
        if election is None:
            h.irregularities.append(
                IrregularityRecord(
                    "lead_out_of_turn", self.withdrawn_lead_rule, seat, h.trick_number, (c,)
                )
            )
            return [
                Event(EventKind.LEAD_WITHDRAWN, {"seat": self.role(seat), "card": card_name(c)})
            ]
        self.pending = election
        return [Event(EventKind.IRREGULARITY, election.to_json(self._seat_label))]

    #: The rule under which a lead out of turn is simply withdrawn, when the variant's
    #: :meth:`_lead_out_of_turn_election` gives no choice.
    withdrawn_lead_rule: ClassVar[str] = "D-M9"

    def _lead_out_of_turn_election(
        self, h: HandState, seat: Seat, c: Card, due: Seat
    ) -> Election | None:
        """WL-6.1: the adversaries may accept, call the card, or call a suit."""
        return Election(
            "lead_out_of_turn",
            "WL-6.1",
            seat,
            self.electors(1 - self.seat_sides[seat]),
            ("accept", "call_card", "call_suit"),
            "call_card",
            (c,),
        )

    def _play_together(self, action: PlayTogether) -> list[Event]:
        h = self._require_hand()
        seat = action.seat
        self._check_seat(seat)
        if not self.laws:
            raise InvalidActionError("two cards played together are recorded in laws mode only")
        cards = tuple(action.cards)
        if len(cards) != 2 or cards[0] == cards[1]:
            raise InvalidActionError("two cards played together must be two different cards")
        self._check_hand_seen(h, seat)
        for c in cards:
            if not h.hands[seat] >> c & 1:
                raise IllegalPlayError(
                    f"{card_name(c)} is not in the hand of {self._seat_label(seat)}"
                )
        nxt = self._next_to_play(h)
        if seat != nxt or h.must_correct is not None or self._suit_call_elector() is not None:
            raise OutOfTurnError(
                f"it is not {self._seat_label(seat)}'s turn to play ({self._position(h)})"
            )
        led = suit_of(h.trick[0]) if h.trick else None
        options = tuple(
            card_name(c) for c in cards if not self._is_revoke(h, h.hands[seat], led, c)
        )
        if not options:
            options = tuple(card_name(c) for c in cards)
        self.pending = self._two_cards_election(seat, cards, options)
        return [Event(EventKind.IRREGULARITY, self.pending.to_json(self._seat_label))]

    def _two_cards_election(
        self, seat: Seat, cards: tuple[Card, ...], options: tuple[str, ...]
    ) -> Election:
        """WL-5.1: both are exposed; the adversaries say which is played."""
        return Election(
            "two_cards",
            "WL-5.1",
            seat,
            self.electors(1 - self.seat_sides[seat]),
            options,
            options[0],
            cards,
        )

    def _elect(self, action: Elect) -> list[Event]:
        p = self.pending
        if p is None:
            raise InvalidActionError("there is no choice to make now")
        if action.seat not in p.electors:
            raise WrongSeatError(
                f"the choice for the {p.kind} ({p.rule}) belongs to "
                f"{' or '.join(self._seat_label(s) for s in p.electors)}, "
                f"not {self._seat_label(action.seat)}"
            )
        if action.option not in p.options:
            raise InvalidActionError(
                f"{action.option!r} is not an option for the {p.kind}; one of "
                + ", ".join(p.options)
            )
        name = type(self)._elections.get(p.kind)
        if name is None:
            raise InvalidActionError(f"unknown election kind {p.kind!r}")
        self.pending = None
        result: list[Event] = getattr(self, name)(p, action)
        return result

    def _deal_elected(self, p: Election, action: Elect) -> list[Event]:
        """A misdeal or a card exposed in dealing (WL-3, WL-4): the deal stands, or the hand is
        thrown in and dealt again by the same dealer (``redeal``) or the next (``pass``)."""
        h = self.hand
        assert h is not None
        h.irregularities.append(
            IrregularityRecord(
                p.kind, p.rule, p.offender, 0, p.cards, action.option, dict(p.details)
            )
        )
        if action.option != "stand":
            self._abandon_hand(h)
            self._redeal(same_dealer=action.option == "redeal")
        return [Event(EventKind.ELECTED, ElectedData(kind=p.kind, option=action.option))]

    def _direction_elected(self, p: Election, action: Elect) -> list[Event]:
        return self._direction(p, action.option)

    def _correction_elected(self, p: Election, action: Elect) -> list[Event]:
        """WL-7.4, D-W17: how the revoke found in time is corrected."""
        h = self.hand
        assert h is not None
        h.correction_call = action.option
        return [Event(EventKind.ELECTED, ElectedData(kind=p.kind, option=action.option))]

    def _card_elected(self, p: Election, action: Elect) -> list[Event]:
        """The adversaries' election on a card led out of turn (WL-6.1) or two cards played
        together (WL-5.1): recorded, then carried out."""
        h = self.hand
        assert h is not None
        h.irregularities.append(
            IrregularityRecord(p.kind, p.rule, p.offender, h.trick_number, p.cards, action.option)
        )
        events = [Event(EventKind.ELECTED, ElectedData(kind=p.kind, option=action.option))]
        if p.kind == "lead_out_of_turn":
            return events + self._lead_elected(h, p, action)
        return events + self._two_cards_elected(h, p, action.option)

    def _lead_elected(self, h: HandState, p: Election, action: Elect) -> list[Event]:
        """WL-6.1: the lead accepted, the card exposed to be called, or a suit to be called."""
        seat, c = p.offender, p.cards[0]
        if action.option == "accept":
            h.leader = seat
            return self._put_card(h, seat, c, False)
        if action.option == "call_card":
            h.penalty_cards[seat] |= 1 << c
        elif action.option == "call_suit":
            h.suit_call_due[self.seat_sides[seat]] = action.seat
        return []

    def _two_cards_elected(self, h: HandState, p: Election, option: str) -> list[Event]:
        """WL-5.1: the card chosen is played; the other stays exposed, unless unpenalised."""
        seat = p.offender
        chosen = next(x for x in p.cards if card_name(x) == option)
        other = next(x for x in p.cards if x != chosen)
        if seat not in self._unpenalised_two_cards():
            h.penalty_cards[seat] |= 1 << other
        led = suit_of(h.trick[0]) if h.trick else None
        revoke = self._is_revoke(h, h.hands[seat], led, chosen)
        return self._put_card(h, seat, chosen, revoke)

    #: What an election's answer does, by its kind: the name of the method applying it (each
    #: class declares its own kinds; they are collected along its bases).
    elections: ClassVar[ElectionKinds] = (
        ("misdeal", "_deal_elected"),
        ("exposed_in_deal", "_deal_elected"),
        ("direction", "_direction_elected"),
        ("revoke_correction", "_correction_elected"),
        ("lead_out_of_turn", "_card_elected"),
        ("two_cards", "_card_elected"),
        (claims.CLAIM_KIND, "_claim_answered"),
    )

    # --- claims and concessions at a casual table (D-TC4..D-TC7: vivant.claims) ---------------

    def _claim_tricks(self, action: Claim) -> list[Event]:
        return claims.claim(self, action)

    def _concede(self, action: Concede) -> list[Event]:
        return claims.concede(self, action)

    def _claim_answered(self, p: Election, action: Elect) -> list[Event]:
        return claims.answered(self, p, action)

    def _unpenalised_two_cards(self) -> tuple[Seat, ...]:
        """Seats whose second card returns to hand unpenalised (Mort: V and M, M-6.6)."""
        return ()

    def _suit_call_elector(self) -> Seat | None:
        """The elector due to call a suit before this lead (WL-6.1 (b)), if any."""
        h = self.hand
        if h is None or not h.suit_call_due or h.trick or h.called_suit is not None:
            return None
        side = self.seat_sides[h.leader]
        return h.suit_call_due.get(side)

    @decision(PLAY, CallSuit, "WL-6.1", "Which suit is to be led?")
    def _call_suit(self, action: CallSuit) -> list[Event]:
        """WL-6.1 (b): the adversary entitled calls the suit the leader must lead, if he can."""
        h = self._require_hand()
        elector = self._suit_call_elector()
        if elector is None:
            raise InvalidActionError("no suit is to be called now")
        if action.seat != elector:
            raise WrongSeatError(
                f"the suit is called by {self._seat_label(elector)}, "
                f"not {self._seat_label(action.seat)}"
            )
        if not 0 <= action.suit < 4:
            raise InvalidActionError(f"invalid suit {action.suit!r}")
        h.called_suit = action.suit
        del h.suit_call_due[self.seat_sides[h.leader]]
        return [Event(EventKind.SUIT_CALLED, {"suit": SUIT_LETTERS[action.suit]})]

    def _call_suit_deciders(self) -> tuple[Seat, ...]:
        h = self.hand
        if h is None or not h.suit_call_due or h.must_correct is not None:
            return ()
        elector = self._suit_call_elector()
        return () if elector is None else (elector,)

    def _call_suit_options(self, seat: Seat) -> list[Action]:
        return [CallSuit(seat, s) for s in range(4)]

    def _call_suit_default(self, seat: Seat) -> Action:
        return CallSuit(seat, self._default_suit_call(seat))

    def _default_suit_call(self, seat: Seat) -> Suit:
        """Bots call the suit their side holds most of among the cards they can see."""
        h = self.hand
        assert h is not None
        mine = h.hands[seat] | sum(
            h.hands[s] for s in self.dummy_seats if self.seat_sides[s] == self.seat_sides[seat]
        )
        return max(range(4), key=lambda s: ((mine >> (13 * s)) & SUIT_MASK).bit_count())

    def _call_card(self, action: CallCard) -> list[Event]:
        h = self._require_hand()
        self._check_seat(action.target)
        legal = self._call_card_actions(action.seat, self._next_to_play(h))
        if action not in legal:
            raise InvalidActionError(
                f"{card_name(action.card)} cannot be called from "
                f"{self._seat_label(action.target)} now ({self._position(h)})"
            )
        h.forced = (action.target, action.card)
        return [
            Event(
                EventKind.CARD_CALLED,
                {"seat": self.role(action.target), "card": card_name(action.card)},
            )
        ]

    # --- calling attention to the trick (WL-6.9) and "having none?" (WL-7.3) ----------------------

    def partner_of(self, seat: Seat) -> Seat | None:
        """The other hand of ``seat``'s side (where a side has three hands, Boston's adversaries
        of the bidder, the first of the others in seat order), or ``None``."""
        side = self.seat_sides[seat]
        return next((s for s in range(4) if s != seat and self.seat_sides[s] == side), None)

    def _directable_partner(self, seat: Seat, what: str) -> Seat:
        """The partner of ``seat`` (:meth:`partner_of`), who must be a living hand played by
        another player: a dummy's or a dead hand's cards are not his to direct or question
        (D-W15)."""
        side = self.seat_sides[seat]
        partner = self.partner_of(seat)
        if partner is None or seat not in self.electors(side) or partner not in self.electors(side):
            raise InvalidActionError(
                f"{self._seat_label(seat)} has no partner playing his own cards: {what}"
            )
        return partner

    def _draw_attention(self, action: DrawAttention) -> list[Event]:
        """WL-6.9 (DL-1 at Duplicate Whist): ``seat`` calls attention to the trick before his
        partner has played to it (claims it, names his card, draws it in): the adversaries may
        direct the partner's play (:meth:`_direction_election`)."""
        h = self._require_hand()
        seat = action.seat
        self._check_seat(seat)
        if not self.laws:
            raise InvalidActionError("irregularities are recorded in laws mode only")
        if h.must_correct is not None:
            raise InvalidActionError("a revoke must first be corrected")
        partner = self._directable_partner(seat, "there is nobody to direct")
        if not h.trick:
            raise InvalidActionError(
                "no card has been led to this trick: there is nothing to direct "
                f"({self.direction_rule})"
            )
        if partner in h.trick_seats:
            raise InvalidActionError(
                f"{self._seat_label(partner)} has already played to this trick "
                f"({self.direction_rule})"
            )
        self.pending = self._direction_election(h, seat)
        return [Event(EventKind.IRREGULARITY, self.pending.to_json(self._seat_label))]

    #: The law under which attention called to the trick lets the adversaries direct.
    direction_rule: ClassVar[str] = "WL-6.9"

    def _direction_election(self, h: HandState, seat: Seat) -> Election:
        """WL-6.9, D-W15: either adversary may require the partner to play his highest or lowest
        of the suit led, or to win or not to win the trick; default his lowest (D-G2)."""
        return Election(
            "direction",
            "WL-6.9",
            seat,
            self.electors(1 - self.seat_sides[seat]),
            ATTENTION_CALLS,
            "lowest",
        )

    def _direction(self, p: Election, option: str) -> list[Event]:
        """The adversaries' direction binds the offender's partner in the trick in play."""
        h = self.hand
        assert h is not None
        self.pending = None
        partner = self._directable_partner(p.offender, "")
        h.notes["direction"] = {
            "seat": self.role(partner),
            "trick": len(h.tricks) + 1,
            "option": option,
            "by": self.role(p.electors[0]),
        }
        h.irregularities.append(
            IrregularityRecord(p.kind, p.rule, p.offender, h.trick_number, (), option)
        )
        return [Event(EventKind.ELECTED, ElectedData(kind=p.kind, option=option))]

    #: The law under which a partner asks "having none?" (WL-7.3; DL-3 at Duplicate Whist).
    renounce_question_rule: ClassVar[str] = "WL-7.3"

    def _ask_renounce(self, action: AskRenounce) -> list[Event]:
        """WL-7.3 (DL-3): ``seat`` asks his partner, who did not follow suit to a trick not yet
        turned and quitted, whether he has none of the suit. D-W16: the answer is given at once
        and truly: a renounce is confirmed, or the revoke is found and must be corrected (WL-7.4,
        the adversaries choosing how, :meth:`_revoke_found`); until it is, nothing is asked
        again (the answer stands)."""
        h = self._require_hand()
        seat = action.seat
        self._check_seat(seat)
        if not self.laws:
            raise InvalidActionError("irregularities are recorded in laws mode only")
        rule = self.renounce_question_rule
        partner = self._directable_partner(seat, f"there is nobody to ask ({rule})")
        if h.must_correct is not None:  # the question is answered: the correction is due
            raise InvalidActionError(
                f"{self._seat_label(h.must_correct)} must first correct the revoke (WL-7.4)"
            )
        if h.trick:
            cards, seats, number = list(h.trick), list(h.trick_seats), len(h.tricks) + 1
        elif h.tricks:
            last = h.tricks[-1]
            cards, seats, number = list(last.cards), list(last.seats), len(h.tricks)
        else:
            raise InvalidActionError(f"no trick is open to the question now ({rule})")
        if partner not in seats:
            raise InvalidActionError(
                f"{self._seat_label(partner)} has not played to trick {number} ({rule})"
            )
        card = cards[seats.index(partner)]
        if suit_of(card) == suit_of(cards[0]):
            raise InvalidActionError(
                f"{self._seat_label(partner)} followed suit to trick {number}: nothing to ask"
            )
        h.notes.setdefault("inquiries", []).append(
            {"by": self.role(seat), "trick": number, "rule": rule}
        )
        fresh = next(
            (r for r in h.revokes if r.seat == partner and r.trick == number and not r.established),
            None,
        )
        if fresh is None:
            return [
                Event(EventKind.RENOUNCE_CONFIRMED, {"seat": self.role(partner), "trick": number})
            ]
        return self._revoke_found(h, fresh, rule=rule)

    # --- what a seat's view proves (D-G7) -------------------------------------------------------

    def revoke_claims(self, seat: Seat) -> list[ProvenRevoke]:
        """The revoke claims open to ``seat`` now that its own view proves (D-G7): never one
        resting on a concealed card. Each says whether the revoke's trick is quitted and whether
        the offending hand is liable to penalty (Mort and dummies are not: their revoke stands
        unless claimed before the trick is quitted, M-6.1, ED-6.1)."""
        h = self.hand
        if (
            not self.laws
            or h is None
            or not h.revokes
            or self.phase not in (PLAY, CLAIMS)
            or self.pending is not None
            or h.must_correct is not None
            or seat not in self.electors(self.seat_sides[seat])
        ):
            return []
        out: list[ProvenRevoke] = []
        for trick, offender in revokes_in_view(self.view(seat), self.follow_or_trump):
            if self.seat_sides[offender] == self.seat_sides[seat]:
                continue
            r = next(
                (r for r in h.revokes if (r.trick, r.seat) == (trick, offender) and not r.claimed),
                None,
            )
            if r is None or (r.established and not self._penalisable(r)):
                continue
            seats = h.trick_seats if trick > len(h.tricks) else h.tricks[trick - 1].seats
            out.append(
                ProvenRevoke(
                    ClaimRevoke(seat, trick),
                    r.established,
                    self._penalisable(r),
                    list(seats).index(offender),
                )
            )
        return out

    def renounce_questions(self, seat: Seat) -> list[AskRenounce]:
        """ "Having none?" put to ``seat``'s partner only when ``seat``'s view proves he holds
        the suit he renounced to the open trick (D-G7)."""
        h = self.hand
        if not self.laws or h is None or self.phase != PLAY or self.pending is not None:
            return []
        try:
            partner = self._directable_partner(seat, "")
        except InvalidActionError:
            return []
        fresh = [r for r in h.revokes if r.seat == partner and not r.established]
        if not fresh or h.must_correct is not None:
            return []
        proven = revokes_in_view(self.view(seat), self.follow_or_trump)
        if any((r.trick, partner) in proven for r in fresh):
            return [AskRenounce(seat)]
        return []

    # --- end of a hand --------------------------------------------------------------------------

    @abstractmethod
    def record(self) -> dict[str, Any]:
        """The record of the sitting so far in DESIGN §4's shape (game, players, games with
        their hands and scores, settlement)."""

    @abstractmethod
    def _finish_hand(self) -> list[Event]:
        """Score the hand, record it, and go on to the next hand, game or the end."""

    def _hand_record(self, h: HandState, *, abandoned: bool = False) -> dict[str, Any]:
        """The record of a hand in the variant's letters (DESIGN §4 "hands")."""
        rec: dict[str, Any] = {
            "dealer": self.role(h.dealer),
            "trump": None if h.trump is None else SUIT_LETTERS[h.trump],
            "turn_up": None if h.turn_up is None else card_name(h.turn_up),
            "tricks": [
                {
                    "leader": self.role(t.leader),
                    "cards": [card_name(c) for c in t.cards],
                    "winner": self.role(t.winner),
                }
                for t in h.tricks
            ],
            "irregularities": [
                {
                    "kind": r.kind,
                    "rule": r.rule,
                    "offender": self.role(r.offender),
                    "trick": r.trick,
                    "cards": [card_name(c) for c in r.cards],
                    "election": r.election,
                    **r.details,
                }
                for r in h.irregularities
            ],
        }
        if claims.NOTE in h.notes:  # the claims and concessions settled (D-TC4)
            rec[claims.NOTE] = h.notes[claims.NOTE]
        if abandoned:
            rec["abandoned"] = True
        return rec

    # --- views ----------------------------------------------------------------------------------

    def view(self, seat: Seat | None) -> View:
        """What ``seat`` may see now (``None``: a spectator, who sees what a bystander may).

        A view is built for every decision, so it is built from parts: what changes with the
        cards played (the hands, the trick, whose turn) every time, and the sitting's parts
        (:meth:`_sitting_view`) once for the play of a hand. Immutable parts (the card sets, the
        tricks) are shared between views."""
        h = self.hand
        controls, roles, names, score, pending, extra = self._sitting_view(seat)
        if h is None:
            return View(
                self.variant,
                seat,
                self.phase,
                roles,
                names,
                _NO_CARDS,
                controls,
                {},
                {},
                {},
                None,
                None,
                None,
                False,
                None,
                None,
                self.to_act(),
                None,
                (),
                {},
                score,
                None,
                pending,
                extra,
            )
        if self._view_hand is not h:
            self._view_hand = h
            self._view_cards = {}
        cards = self._view_cards
        hands = h.hands
        exposed: dict[Seat, CardSet] = {}
        for d in self._exposed_seats():
            m = hands[d]
            got = cards.get(m)
            exposed[d] = self._card_set(m) if got is None else got
        if seat is not None:
            for d, m in self._shown_to(seat).items():
                got = cards.get(m)
                exposed[d] = self._card_set(m) if got is None else got
        if self.pending is not None:  # a claimer's hand, face up to all (D-TC4)
            shown = claims.shown_hand(self)
            if shown is not None and shown[0] != seat:
                exposed[shown[0]] = CardSet(shown[1])
        pc = h.penalty_cards
        penalty: dict[Seat, CardSet] = {}
        if pc[0] or pc[1] or pc[2] or pc[3]:
            penalty = {s: CardSet(pc[s]) for s in range(4) if pc[s]}
        own = _NO_CARDS
        if seat is not None and not self._own_hand_unseen(seat):
            m = hands[seat]
            got = cards.get(m)
            own = self._card_set(m) if got is None else got
        to_play = None
        if self.phase == PLAY:
            # A revoke found before the trick is quitted: the revoker plays again (WL-7.4).
            to_play = (
                h.must_correct
                if h.must_correct is not None
                else self.seat_order[h.leader][len(h.trick)]
            )
        trick = self._trick_view(h)
        won = h.won
        return _new_view(  # View(...), the fields in their order
            View,
            (
                self.variant,
                seat,
                self.phase,
                roles,
                names,
                own,
                controls,
                exposed,
                penalty,
                {
                    0: hands[0].bit_count(),
                    1: hands[1].bit_count(),
                    2: hands[2].bit_count(),
                    3: hands[3].bit_count(),
                },
                h.dealer,
                h.trump,
                h.turn_up,
                not h.turn_up_taken,
                self._turn_up_holder(h),
                to_play,
                self.to_act(),
                trick,
                self._trick_views(h),
                {self.side_names[0]: won[0], self.side_names[1]: won[1]},
                score,
                h.called_suit,
                pending,
                extra,
            ),
        )

    #: Whether the game's :meth:`_view_extra` changes with the cards played (All Fours' lowest
    #: trump out, AF-4.10): it is then built for every view, not once for the play of a hand.
    view_extra_follows_play: ClassVar[bool] = False

    def _sitting_view(self, seat: Seat | None) -> _SittingView:
        """The parts of ``seat``'s view that no card played changes: the hands it controls,
        the roles and names, the score, the election pending, the game's extras.

        In strict play with no election pending, a card played changes none of them (what the
        sitting shows changes with an action other than a card, or when the hand ends), so they
        are built once and kept while the hand's play goes on: while the same hand is in play,
        no hand has ended, and every action since was a card played into its tricks (the log
        grew by as many actions as cards were played). Otherwise they are built afresh."""
        h = self.hand
        key: tuple[int, int] | None = None
        if h is not None and self.phase == PLAY and self.pending is None and not self.laws:
            played = len(h.tricks) * self.trick_size + len(h.trick)
            key = (len(self.hand_records), len(self.log) - played)
            got = self._view_memo.get(seat)
            if got is not None and got[0] is h and got[1] == key:
                parts = got[2]
                if self.view_extra_follows_play:
                    return (*parts[:5], self._view_extra(seat))
                return parts
        controls: tuple[Seat, ...] = ()
        if seat is not None:
            controls = (seat, *(d for d in self.dummy_seats if self.controller(d) == seat))
        parts = (
            controls,
            {s: self.role(s) for s in range(4)},
            {s: n for s in range(4) if (n := self.seat_player(s)) is not None},
            self._score_view(),
            self.pending.pending_view(self.role) if self.pending else None,
            self._view_extra(seat),
        )
        if key is not None and h is not None:
            self._view_memo[seat] = (h, key, parts)
        return parts

    def _card_set(self, mask: int) -> CardSet:
        """The card set of ``mask``, kept for the other views of the hand (card sets are
        immutable)."""
        cs = _new_card_set(CardSet)  # CardSet(mask) without its checks: a hand's mask is valid
        _set_card_set_mask(cs, mask)
        self._view_cards[mask] = cs
        return cs

    def _trick_view(self, h: HandState) -> TrickView:
        """The trick in play as a view, kept while it stays as it is."""
        got = self._view_trick
        cards = tuple(h.trick)
        if got is not None and got.cards == cards and got.leader == h.leader:
            seats = tuple(h.trick_seats)
            if got.seats == seats:
                return got
            got = _new_view(TrickView, (h.leader, cards, None, seats))
        else:  # TrickView(...), the fields in their order
            got = _new_view(TrickView, (h.leader, cards, None, tuple(h.trick_seats)))
        self._view_trick = got
        return got

    @staticmethod
    def _trick_views(h: HandState) -> tuple[TrickView, ...]:
        """The finished tricks as views, built once per trick: every view of the hand shares
        them (they are immutable)."""
        cached = h.trick_views
        n = len(h.tricks)
        if len(cached) == n and (not n or cached[-1].cards is h.tricks[-1].cards):
            return cached
        tricks = h.tricks
        if len(cached) == n - 1 and (n == 1 or cached[-1].cards is tricks[-2].cards):
            t = tricks[-1]  # one more trick quitted since the last view
            cached = (*cached, TrickView(t.leader, t.cards, t.winner, t.seats))
        else:
            cached = tuple(TrickView(t.leader, t.cards, t.winner, t.seats) for t in tricks)
        h.trick_views = cached
        return cached

    @staticmethod
    def _turn_up_holder(h: HandState | None) -> Seat | None:
        """The hand holding the turn-up, public since it was turned (see :class:`View`)."""
        if h is None or h.turn_up is None:
            return None
        bit = 1 << h.turn_up
        hands = h.hands
        if hands[h.dealer] & bit:  # the dealer's, until he plays it (the hands are disjoint)
            return h.dealer
        for s in range(4):
            if hands[s] & bit:
                return s
        return None

    def _exposed_seats(self) -> tuple[Seat, ...]:
        """Hands face up to the whole table (dummies, before the opening lead by default)."""
        return self.dummy_seats

    def _shown_to(self, seat: Seat) -> dict[Seat, int]:
        """Hands (masks by seat) that ``seat`` alone has been shown: a discarded hand the player
        remembers (Humbug), Dummy's cards the pone sorted (Bridge for Three)."""
        return {}

    def _own_hand_unseen(self, seat: Seat) -> bool:
        """Whether ``seat`` has not yet looked at its own cards (an information rule)."""
        return False

    def _score_view(self) -> dict[str, int]:
        return {}

    def _view_extra(self, seat: Seat | None) -> ViewExtra:
        return {}


Table._index()
