"""A table being served: the engine's table, its participants, and what each viewer is sent.

Everything a connection receives about the game is built here from the engine's per-seat
:meth:`~vivant.table.Table.view` and from public events, never from the hidden hands. Actions
are passed on through :func:`public_action`, which keeps the cards a whole table saw (a card
played, a card cut, a card exposed) and drops every other card field (the shuffled pack of a
``Deal``, or any card field of an action it does not know to be public).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from vivant.actions import Action
from vivant.cards import SEAT_LETTERS, Seat
from vivant.conventions import Sitting
from vivant.describe import Narrator, decision_words
from vivant.laws_offers import laws_offers, out_of_turn
from vivant.players.driver import claims_worth_making
from vivant.table import Event, Table

from .store import EventRow, ParticipantRow, TableRow

HUMAN = "human"

#: Actions whose cards the whole table saw when they were made.
PUBLIC_CARD_ACTIONS = frozenset(
    {"Play", "PlayTogether", "CorrectRevoke", "ReportExposed", "CallCard", "Cut"}
)
_CARD_FIELDS = frozenset({"card", "cards", "order"})


def public_action(action: dict[str, Any]) -> dict[str, Any]:
    """The action as any viewer may see it: hidden card fields removed."""
    if action.get("type") in PUBLIC_CARD_ACTIONS:
        return action
    return {k: v for k, v in action.items() if k not in _CARD_FIELDS}


@dataclass(slots=True)
class Person:
    """A participant of a table: a person (``kind`` ``human``) or a computer player.

    A person's seat is *invited* while its invitation's ``token`` is unused (kept for that
    link alone), *claimed* once someone holds it, and *free* once given up (no token at all:
    leaving revokes it, and the lobby gives whoever takes the seat next a new one).
    """

    name: str
    position: int
    kind: str
    token: str | None
    claimed: bool
    present: int = 0
    #: The kind of computer player playing this person's seat while he is absent.
    stand_in: str | None = None
    #: Since when (``time.monotonic()``) no connection of his is open; ``None``: he is here.
    away_since: float | None = None

    @classmethod
    def from_row(cls, p: ParticipantRow) -> Person:
        return cls(p.name, p.position, p.kind, p.token, p.claimed)

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def invited(self) -> bool:
        """The seat waits for the person its invitation was sent to."""
        return self.is_human and not self.claimed and self.token is not None

    def public(self) -> dict[str, Any]:
        """What anyone may know of this participant (never the token)."""
        return {
            "name": self.name,
            "kind": self.kind,
            "claimed": self.claimed,
            "invited": self.invited,
            "present": self.present > 0,
            "stand_in": self.stand_in,
        }


@dataclass(frozen=True, slots=True)
class Decider:
    """Who makes the table's next decision: ``chance``, a ``bot`` or a ``human``."""

    kind: str
    seat: Seat | None = None
    name: str | None = None
    bot_kind: str | None = None
    #: A computer player standing in for the absent person ``name``.
    stand_in: bool = False


def dumps(data: Any) -> str:
    """Compact JSON, as every message is sent."""
    return json.dumps(data, separators=(",", ":"))


def _settled() -> asyncio.Event:
    settled = asyncio.Event()
    settled.set()
    return settled


@dataclass(slots=True)
class LiveTable:
    """A table in memory: the engine table (the fold of the stored events), who plays, who
    watches, and the client message ids already used.

    It also keeps, in memory, every stored event as viewers receive it (``log``, JSON text, one
    per sequence number) and the stored actions (``actions``): a catch-up is served from these
    and never from the store, and a failed write is undone by replaying ``actions``. ``settled``
    is clear only while an action is applied to the engine table but not yet stored: no viewer's
    state is built then.
    """

    row: TableRow
    #: The game's table and the conventions over it (a card taken back: D-TC1).
    sitting: Sitting
    people: dict[str, Person]
    seq: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: Held while the seats change (a seat taken, given up, handed over): one change at a time.
    seating: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Any] = field(default_factory=set)
    client_ids: dict[tuple[str, str], tuple[int, dict[str, Any]]] = field(default_factory=dict)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    driver: asyncio.Task[None] | None = None
    broken: str | None = None
    paused: str | None = None
    recovery: asyncio.Task[None] | None = None
    replay: dict[str, Any] | None = None
    #: Seconds a computer player waits after its move at this table (``None``: the server's
    #: pace); a person at the table sets it (the "pace" message), in memory only.
    bot_delay: float | None = None
    #: The solver's card values at events of the finished sitting's replay, once computed.
    analysis: dict[int, dict[str, Any]] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    actions: list[dict[str, Any]] = field(default_factory=list)
    settled: asyncio.Event = field(default_factory=_settled)
    #: The person the table waits for, and since when (``time.monotonic()``): see
    #: :mod:`vivant.server.absent`.
    turn_of: str | None = None
    turn_since: float = 0.0
    #: The timer of the next stand-in that may be due.
    absence: asyncio.TimerHandle | None = None
    _states: dict[tuple[str | None, str], str] = field(default_factory=dict)
    _states_seq: int = -1
    _narrator: Narrator | None = None

    @property
    def narrator(self) -> Narrator:
        """The core's words for this table as everyone at it reads them (a spectator's point of
        view: no hidden card), following the engine table (made anew when it is rebuilt)."""
        if self._narrator is None or self._narrator.table is not self.table:
            self._narrator = Narrator(self.table)
        return self._narrator

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def table(self) -> Table:
        """The game's engine table as it stands."""
        return self.sitting.table

    @classmethod
    def load(cls, row: TableRow, people: list[ParticipantRow], rows: list[EventRow]) -> LiveTable:
        """Rebuild a table from its stored config and events (a :meth:`Table.replay`)."""
        live = cls(
            row=row,
            sitting=replay_sitting(row, [r.action for r in rows]),
            people={p.name: Person.from_row(p) for p in people},
            seq=0,
            bot_delay=row.settings.bot_delay,
        )
        for r in rows:
            live.record(r.seq, r.actor, r.client_id, r.action, r.events, r.stand_in)
        return live

    def adopt(self, fresh: LiveTable) -> None:
        """Take the engine table and the event history of ``fresh`` (the same table reloaded
        from the store); people, connections and tasks stay."""
        self.sitting, self.seq, self.client_ids = fresh.sitting, fresh.seq, fresh.client_ids
        self.log, self.actions = fresh.log, fresh.actions

    def record(
        self,
        seq: int,
        actor: str | None,
        client_id: str | None,
        action: dict[str, Any],
        events: list[dict[str, Any]],
        stand_in: str | None = None,
    ) -> dict[str, Any]:
        """Note event ``seq`` as stored; returns it as viewers receive it."""
        message = event_message(seq, actor, action, events, stand_in)
        self.seq = seq
        self.log.append(dumps(message))
        self.actions.append(action)
        if actor is not None and client_id is not None:
            self.client_ids[(actor, client_id)] = (seq, action)
        return message

    # --- who is where ---------------------------------------------------------------------------

    def seat_of(self, name: str | None) -> Seat | None:
        """The seat the named player holds in the current game (``None``: sitting out, or the
        table not yet formed). Seats follow the variant's rotation of players."""
        if name is None:
            return None
        for s in range(4):
            if self.table.seat_player(s) == name:
                return s
        return None

    def token_owner(self, token: str) -> Person | None:
        return next((p for p in self.people.values() if p.token == token), None)

    def status(self) -> str:
        if self.table.is_over():
            return "over"
        if self.paused is not None:
            return "paused"
        if any(p.is_human and not p.claimed for p in self.people.values()):
            return "open"
        return "playing"

    def next_decider(self) -> Decider | None:
        """Who the table waits for, or ``None`` once the sitting is over."""
        t = self.table
        if t.is_over():
            return None
        if self.sitting.undo is not None:
            return self._decider(self.sitting.to_act())
        if t.awaiting_chance():
            return Decider("chance")
        seat = t.to_act()
        if seat is None:
            return None
        claimer = self._claiming_bot()
        if claimer is not None:
            return claimer
        return self._decider(seat)

    def _decider(self, seat: Seat | None) -> Decider | None:
        """Who decides for ``seat``: its controller's player, or a stand-in for him."""
        if seat is None:
            return None
        t = self.table
        name = t.seat_player(t.controller(seat))
        person = self.people.get(name) if name is not None else None
        if person is None:
            return None
        if person.stand_in is not None:
            return Decider("bot", seat, name, person.stand_in, stand_in=True)
        if person.is_human:
            return Decider(HUMAN, seat, name)
        other = self._person_who_may_decide(seat)
        if other is not None:
            return other
        return Decider("bot", seat, name, person.kind)

    def _person_who_may_decide(self, seat: Seat) -> Decider | None:
        """A person who may make the decision that computer player's ``seat`` is asked for,
        when the laws leave it to either of several players (Mort's adversaries choosing who
        sits Right, M-2.2): the table waits for the person rather than let the computer answer
        for both. Never for a card to play."""
        t = self.table
        kinds = {type(a).__name__ for a in t.legal_actions(seat)}
        if not kinds or "Play" in kinds:
            return None
        for s in range(4):
            name = t.seat_player(t.controller(s)) if s != seat else None
            person = self.people.get(name) if name is not None else None
            if person is None or not person.is_human:
                continue
            theirs = {type(a).__name__ for a in t.legal_actions(s)}
            if theirs and theirs <= kinds:
                return Decider(HUMAN, s, name)
        return None

    def is_person(self, name: str) -> bool:
        """Whether a person (no computer player standing in for him) plays as ``name``: the
        computer players claim tricks only against a person (D-TC5)."""
        person = self.people.get(name)
        return person is not None and person.is_human and person.stand_in is None

    def _claiming_bot(self) -> Decider | None:
        """A computer player with a claim to make out of turn (D-G7), whoever is to play."""
        t = self.table
        if not t.laws or t.hand is None or not t.hand.revokes:
            return None
        for s in range(4):
            name = t.seat_player(s)
            person = self.people.get(name) if name is not None else None
            if person is None or (person.is_human and person.stand_in is None):
                continue
            if claims_worth_making(t, s):
                kind = person.stand_in or person.kind
                return Decider("bot", s, name, kind, stand_in=person.stand_in is not None)
        return None

    # --- what a viewer is sent ------------------------------------------------------------------

    def state_for(self, name: str | None) -> dict[str, Any]:
        """The viewer's state: its seat's view, the actions it may take, whose turn it is."""
        seat = self.seat_of(name)
        t = self.table
        legal: list[dict[str, Any]] = []
        if seat is not None and not t.is_over():
            legal = [a.to_json() for a in self.sitting.legal_actions(seat)]
        decider = self.next_decider()
        view = t.view(seat)
        words = Narrator(t, name)
        actions = self.sitting.legal_actions(seat) if legal and seat is not None else []
        summary = words.hand_summary()
        decision = self.sitting.undo_words() if self.sitting.undo is not None and legal else None
        state: dict[str, Any] = {
            "seat": None if seat is None else SEAT_LETTERS[seat],
            "view": view.to_json(),
            "legal": legal,
            "decision": decision or decision_words(words, actions, view),
            "summary": None if summary is None else summary.to_json(),
            "contract": words.contract_words(view),
            "waiting_for": None if decider is None else decider.name,
            "status": self.status(),
            "heading": words.game_heading(view),
        }
        undo = self.sitting.undo_json()
        if undo is not None:
            state["undo"] = undo
        if t.laws and seat is not None and name is not None and not t.is_over():
            laws = laws_json(t, seat, name)
            if laws is not None:
                state["laws"] = laws
        offers = self.sitting.offers(seat) if seat is not None and not t.is_over() else []
        if offers:
            state["offers"] = [a.to_json() for a in offers]
            state["offer_words"] = [words.action(a, seat) for a in offers]  # D-TC4: claims
        if t.is_over():
            record = getattr(t, "record", None)
            if callable(record):
                state["record"] = record()
            state["result"] = words.result_lines()
        return state

    def state_text(self, name: str | None) -> str:
        """:meth:`state_for` as JSON text, built once per viewer, event and status."""
        if self._states_seq != self.seq:
            self._states.clear()
            self._states_seq = self.seq
        key = (name, self.status())
        text = self._states.get(key)
        if text is None:
            text = self._states[key] = dumps(self.state_for(name))
        return text

    def welcome_text(self, name: str | None, after: int, token: str | None = None) -> str:
        """The ``welcome`` for viewer ``name`` (``None``: a spectator): the events after
        ``after`` (from memory), then the viewer's state. Built from texts kept ready, so a
        catch-up of the whole sitting costs a string join. ``token``: the seat's new secret,
        for the one connection that has just used its invitation."""
        head_data: dict[str, Any] = {
            "type": "welcome",
            "table": self.id,
            "variant": self.row.variant,
            "title": self.row.title,
            "you": name,
            "seed": self.row.seed,
            "seq": self.seq,
        }
        if token is not None:
            head_data["token"] = token
        head = dumps(head_data)
        missed = ",".join(self.log[max(0, min(after, self.seq)) : self.seq])
        people = dumps(self.people_json())
        return (
            f'{head[:-1]},"missed":[{missed}],"people":{people},"state":{self.state_text(name)}}}'
        )

    def update_text(self, name: str | None) -> str:
        """The ``update`` for viewer ``name`` of the last event."""
        return f'{{"type":"update",{self.log[-1][1:-1]},"state":{self.state_text(name)}}}'

    def people_json(self) -> list[dict[str, Any]]:
        return [p.public() for p in sorted(self.people.values(), key=lambda p: p.position)]

    def summary(self) -> dict[str, Any]:
        """The table as the lobby shows it."""
        return {
            "id": self.id,
            "variant": self.row.variant,
            "title": self.row.title,
            "status": self.status(),
            "seq": self.seq,
            "laws": bool(self.row.config.get("laws", False)),
            "seed": self.row.seed,
            "people": self.people_json(),
            "created_at": self.row.created_at,
            "bot_delay": self.bot_delay,
        }


def laws_json(table: Table, seat: Seat, name: str) -> dict[str, Any] | None:
    """What the laws let the player ``name`` at ``seat`` do now besides his correct moves
    (:mod:`vivant.laws_offers`, in the core's words): ``actions``, each with the fields he
    chooses, and ``out_of_turn``, the hands he plays whose cards may be played now out of turn,
    with the law that then applies; ``None`` when there is none."""
    actions = [o.to_json() for o in laws_offers(table, seat, name)]
    hands = {SEAT_LETTERS[h]: words for h, words in out_of_turn(table, seat, name).items()}
    if not actions and not hands:
        return None
    return {"actions": actions, "out_of_turn": hands}


def replay_sitting(row: TableRow, actions: list[dict[str, Any]]) -> Sitting:
    """The sitting of ``row`` after ``actions`` (stored, in order)."""
    return Sitting.replay(row.config, actions)


def worded_events(
    narrator: Narrator, action: Action, events: Sequence[Event]
) -> list[dict[str, Any]]:
    """The public events of ``action`` as stored and sent, each with ``text``: the core's words
    for it as everyone at the table reads them (what was chosen, where the events do not say it,
    goes with the first event)."""
    said = [line.text for line in narrator.choice_said(action, events)]
    out = []
    for i, e in enumerate(events):
        text = [line.text for line in narrator.event_lines(e, events)]
        out.append({"kind": e.kind, **e.data, "text": (said if i == 0 else []) + text})
    return out


def event_message(
    seq: int,
    actor: str | None,
    action: Action | dict[str, Any],
    events: list[dict[str, Any]],
    stand_in: str | None = None,
) -> dict[str, Any]:
    """One stored event as viewers receive it (the action made public); ``stand_in``: the kind
    of computer player that made it for the absent person ``actor``."""
    data = action.to_json() if isinstance(action, Action) else action
    message = {"seq": seq, "actor": actor, "action": public_action(data), "events": events}
    if stand_in is not None:
        message["stand_in"] = stand_in
    return message
