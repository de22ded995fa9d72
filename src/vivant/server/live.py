"""A table being served: the engine's table, its participants, and what each viewer is sent.

Everything a connection receives about the game is built here from the engine's per-seat
:meth:`~vivant.table.Table.view` and from public events, never from the hidden hands. Actions
are passed on through :func:`public_action`, which keeps the cards a whole table saw (a card
played, a card cut, a card exposed) and drops every other card field (the shuffled pack of a
``Deal``, or any card field of an action it does not know to be public).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from vivant.actions import Action
from vivant.cards import Seat
from vivant.players.driver import claims_worth_making
from vivant.table import Table
from vivant.variants import find_variant

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
        }


@dataclass(frozen=True, slots=True)
class Decider:
    """Who makes the table's next decision: ``chance``, a ``bot`` or a ``human``."""

    kind: str
    seat: Seat | None = None
    name: str | None = None
    bot_kind: str | None = None


@dataclass(slots=True)
class LiveTable:
    """A table in memory: the engine table (the fold of the stored events), who plays, who
    watches, and the client message ids already used."""

    row: TableRow
    table: Table
    people: dict[str, Person]
    seq: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Any] = field(default_factory=set)
    client_ids: dict[tuple[str, str], tuple[int, dict[str, Any]]] = field(default_factory=dict)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    driver: asyncio.Task[None] | None = None
    broken: str | None = None
    replay: dict[str, Any] | None = None

    @property
    def id(self) -> str:
        return self.row.id

    @classmethod
    def load(cls, row: TableRow, people: list[ParticipantRow], rows: list[EventRow]) -> LiveTable:
        """Rebuild a table from its stored config and events (a :meth:`Table.replay`)."""
        table_cls = find_variant(row.variant)
        table = table_cls.replay(row.config, [r.action for r in rows])
        live = cls(
            row=row,
            table=table,
            people={p.name: Person.from_row(p) for p in people},
            seq=len(rows),
        )
        for r in rows:
            if r.actor is not None and r.client_id is not None:
                live.client_ids[(r.actor, r.client_id)] = (r.seq, r.action)
        return live

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
        if any(p.is_human and not p.claimed for p in self.people.values()):
            return "open"
        return "playing"

    def next_decider(self) -> Decider | None:
        """Who the table waits for, or ``None`` once the sitting is over."""
        t = self.table
        if t.is_over():
            return None
        if t.awaiting_chance():
            return Decider("chance")
        seat = t.to_act()
        if seat is None:
            return None
        claimer = self._claiming_bot()
        if claimer is not None:
            return claimer
        name = t.seat_player(t.controller(seat))
        person = self.people.get(name) if name is not None else None
        if person is None:
            return None
        if person.is_human:
            return Decider(HUMAN, seat, name)
        return Decider("bot", seat, name, person.kind)

    def _claiming_bot(self) -> Decider | None:
        """A computer player with a claim to make out of turn (D-G7), whoever is to play."""
        t = self.table
        if not t.laws or t.hand is None or not t.hand.revokes:
            return None
        for s in range(4):
            name = t.seat_player(s)
            person = self.people.get(name) if name is not None else None
            if person is not None and not person.is_human and claims_worth_making(t, s):
                return Decider("bot", s, name, person.kind)
        return None

    # --- what a viewer is sent ------------------------------------------------------------------

    def state_for(self, name: str | None) -> dict[str, Any]:
        """The viewer's state: its seat's view, the actions it may take, whose turn it is."""
        seat = self.seat_of(name)
        t = self.table
        legal: list[dict[str, Any]] = []
        if seat is not None and not t.is_over():
            legal = [a.to_json() for a in t.legal_actions(seat)]
        decider = self.next_decider()
        state: dict[str, Any] = {
            "seat": None if seat is None else "NESW"[seat],
            "view": t.view(seat).to_json(),
            "legal": legal,
            "waiting_for": None if decider is None else decider.name,
            "status": self.status(),
        }
        if t.is_over():
            record = getattr(t, "record", None)
            if callable(record):
                state["record"] = record()
        return state

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
        }


def event_message(
    seq: int, actor: str | None, action: Action | dict[str, Any], events: list[dict[str, Any]]
) -> dict[str, Any]:
    """One stored event as viewers receive it (the action made public)."""
    data = action.to_json() if isinstance(action, Action) else action
    return {"seq": seq, "actor": actor, "action": public_action(data), "events": events}
