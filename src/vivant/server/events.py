"""Duplicate Whist events in the browser (issue 16, point 6): a movement of several tables, the
person's pair at one table, computer players at every other seat.

The event itself is the core's :class:`vivant.duplicate.progress.PairEvent` (the trays dealt
beforehand, the other tables played by computer players, each board's comparison, the running
totals, the final ranking, all in the core's words). Here each round of the person's pair is a
table of the hub like any other (recorded boards and their programme: the boards' numbers on
the felt, the log, the replay), created when the round before it is over; the event page
(``/e/{id}``) shows the rounds, a link to the table in play, every board's comparison and the
totals, and at the end the ranking.

* ``GET /api/events/form`` — what the lobby offers: the game's title, the movements, the limits.
* ``POST /api/events`` ``{"name", "partner"?, "movement", "tables", "trays", "seed"?}`` — a new
  event (``partner``: a second person, the first one's partner; else a computer player); its
  page's address (the event's id is its secret: the page holds the people's seat links).
* ``GET /api/events/{id}`` — the event as it stands (advancing it when a round is over).

Nothing lost (the server's promise for tables, :mod:`vivant.server.store`, kept for events): the
store is the truth and memory a cache of at most :data:`MAX_EVENTS` events, the least recently
asked for forgotten first. An event is stored as what rebuilds it exactly
(:class:`~vivant.server.store.EventRecord`: its creation parameters, the seed among them) and,
for each round, the pair's table, the people's seat links there and the other tables' results
(:class:`~vivant.server.store.EventRound`), committed before the page shows that round; its end
is stored before the page shows the ranking. Everything else is recomputed when an event is
rebuilt (after a restart, or once forgotten): the trays are dealt from the seed, and each board
the pair finished is read from its table, which is durable like any other; so the rebuilt page
says word for word what it said, and the event goes on. The other tables' computer players are
deterministic under the seed, but what they did is recorded all the same, as at any table: a
server restarted with other computer players (a newer version) changes no comparison already
given, and a rebuild plays nothing again. A store that refuses a write leaves the event where it
was, and the client is told so (``store_unavailable``, 503).

The event's id is its secret: no listing names it, and its tables' titles carry a public label
drawn apart from it.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from vivant.duplicate.movements import MOVEMENT_WORDS, default_movement
from vivant.duplicate.progress import PairEvent
from vivant.duplicate.scoring import TrayResult
from vivant.duplicate.table import DuplicateTable
from vivant.errors import VivantError

from .hub import ClientError, Hub, NewPlayer, StoreUnavailable
from .limits import TableQuota
from .live import HUMAN
from .store import EventRecord, EventRound, Store

log = logging.getLogger("vivant.server")

#: The most tables an event of the browser has (every other table is played by the server).
MAX_TABLES = 4
#: The most trays per set.
MAX_TRAYS = 4
#: The most events held in memory at once (the store holds every event).
MAX_EVENTS = 200
#: An event's id: 16 bytes from :mod:`secrets` in hex.
_EVENT_ID = re.compile(r"^[0-9a-f]{32}$")


def _unwritable(what: str) -> StoreUnavailable:
    return StoreUnavailable(
        f"the event's record cannot be {what} just now, so the event stays where it was; "
        "nothing was lost: ask again in a moment"
    )


@dataclass
class LiveEvent:
    """One event: the core's event, how it was made (:class:`EventRecord`), its rounds set up
    so far as stored (:class:`EventRound`), the round in play and its table.

    ``stored``: the event's own row is in the store (it is written with its first round).
    ``prepared``: a round's table created whose round the store did not take; the next try
    uses it rather than make another."""

    record: EventRecord
    event: PairEvent
    stored: bool = False
    rounds: dict[int, EventRound] = field(default_factory=dict)
    prepared: dict[int, EventRound] = field(default_factory=dict)
    round: int = 0
    table_id: str | None = None
    seats: list[dict[str, str]] = field(default_factory=list)
    boards_told: int = 0
    lines: list[str] = field(default_factory=list)
    tables: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @classmethod
    def new(cls, record: EventRecord) -> LiveEvent:
        """The event ``record`` describes, before its first round (:meth:`advance` sets that up,
        or, for an event rebuilt, goes through the rounds stored)."""
        event = PairEvent(
            record.movement, record.tables, seed=record.seed, trays_per_set=record.trays
        )
        return cls(record, event)

    @classmethod
    def rebuilt(cls, record: EventRecord, rounds: list[EventRound]) -> LiveEvent:
        """An event as the store has it, to be brought to where it stood by :meth:`advance`."""
        live = cls.new(record)
        live.stored = True
        live.rounds = {r.round: r for r in rounds}
        return live

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def url(self) -> str | None:
        """The event maker's link to the table in play."""
        return self.seats[0]["url"] if self.seats else None

    async def advance(self, hub: Hub) -> None:
        """Say the boards finished at the table in play; when its round is over, play the next
        round's other tables and set up the pair's table (or, after the last, the ranking).
        A round already stored is set up as stored (an event rebuilt)."""
        async with self.lock:
            try:
                await self._advance(hub)
            except SQLAlchemyError:
                log.exception("event round %d could not be set up", self.round + 1)
                raise _unwritable("written") from None

    async def _advance(self, hub: Hub) -> None:
        while not self.over:
            if self.table_id is not None and not await self._tell_boards(hub):
                return
            if self.round == self.event.schedule.rounds:
                if self.record.status != "over":
                    await asyncio.to_thread(hub.store.set_event_status, self.id, "over")
                    self.record = replace(self.record, status="over")
                self.lines += self.event.final_words()
                self.over = True
                return
            await self._enter_round(hub, self.round + 1)

    async def _tell_boards(self, hub: Hub) -> bool:
        """Say each board finished at the table in play since last told; whether the table's
        round is over (the table in play is then none)."""
        assert self.table_id is not None
        try:
            lt = await hub.get(self.table_id)
        except SQLAlchemyError:
            log.exception("an event's table could not be read")
            raise _unwritable("read") from None
        if lt is None:
            raise ClientError("gone", "the event's table is no longer in the store")
        table = lt.table
        assert isinstance(table, DuplicateTable)
        done = table.results()
        for r in done[self.boards_told :]:
            self.lines += self.event.board_over(self.round, r)
        self.boards_told = len(done)
        if not table.is_over():
            return False
        self.table_id = None
        self.seats = []
        return True

    async def _enter_round(self, hub: Hub, rnd: int) -> None:
        """Round ``rnd``: the other tables played (as stored, for a round already set up), the
        pair's table set up (as stored, or new and stored before anything of the round is
        shown)."""
        setup = self.rounds.get(rnd)
        if setup is not None:
            self.event.results.extend(TrayResult(**r) for r in setup.others)
        else:
            played = len(self.event.results)
            await asyncio.to_thread(self.event.play_other_tables, rnd)
            try:
                others = [asdict(r) for r in self.event.results[played:]]
                setup = await self._new_round(hub, rnd, others)
            except BaseException:
                del self.event.results[played:]  # the round is not entered: as if never played
                raise
        self.round = rnd
        self.lines.append(self.event.round_words(rnd))
        self.table_id = setup.table_id
        self.seats = setup.seats
        self.boards_told = 0
        if setup.table_id is not None:
            self.tables.append({"round": rnd, "table": setup.table_id})

    async def _new_round(self, hub: Hub, rnd: int, others: list[dict[str, Any]]) -> EventRound:
        """Set up the pair's table of round ``rnd`` (none if it sits out) and store the round
        with the other tables' results ``others``."""
        table = self.prepared.get(rnd)
        if table is None and self.event.ours(rnd) is not None:
            table = await self._new_table(hub, rnd)
            self.prepared[rnd] = table
        setup = EventRound(rnd, None) if table is None else table
        setup = replace(setup, others=others)
        await asyncio.to_thread(
            hub.store.save_event_round, None if self.stored else self.record, self.id, setup
        )
        self.stored = True
        self.prepared.pop(rnd, None)
        self.rounds[rnd] = setup
        return setup

    async def _new_table(self, hub: Hub, rnd: int) -> EventRound:
        """The pair's table of round ``rnd``: people at the pair's seats, computer players at
        the others."""
        name, partner = self.record.name, self.record.partner
        players, options = self.event.table_setup(rnd, name, partner)
        humans = {name, partner}
        people = [NewPlayer(n, HUMAN if n in humans else "heuristic") for n in players]
        lt, tokens, _ = await hub.create(
            "duplicate",
            people,
            laws=False,
            seed=None,
            title=f"Event {self.record.label}, round {rnd}",
            options=options,
        )
        seats = [
            {"name": n, "url": f"/t/{lt.id}?token={tokens[n]}"}
            for n in (name, partner)
            if n is not None
        ]
        return EventRound(rnd, lt.id, seats)

    async def to_json(self, hub: Hub) -> dict[str, Any]:
        now: list[str] = []
        if self.table_id is not None:
            lt = await hub.get(self.table_id)
            if lt is not None and isinstance(lt.table, DuplicateTable) and not lt.table.is_over():
                now = self.event.tray_words(self.round, lt.table.current[0])
        return {
            "id": self.id,
            "heading": self.event.heading(self.record.name, self.record.partner),
            "seats": self.seats,
            "round": self.round,
            "rounds": self.event.schedule.rounds,
            "url": self.url,
            "now": now,
            "lines": self.lines,
            "tables": self.tables,
            "over": self.over,
        }


class Events:
    """The events in memory: at most ``size``, the least recently asked for forgotten first
    (the store keeps them; one forgotten is rebuilt when asked for again)."""

    def __init__(self, size: int = MAX_EVENTS) -> None:
        self.size = size
        self.live: dict[str, LiveEvent] = {}
        self._loading = asyncio.Lock()

    def remember(self, live: LiveEvent) -> None:
        """Hold ``live``, forgetting the least recently asked for event not being advanced
        when memory is full; refused when every event held is being advanced."""
        while len(self.live) >= self.size:
            idle = next((k for k, e in self.live.items() if not e.lock.locked()), None)
            if idle is None:
                raise ClientError(
                    "too_many_events", "the server is busy with as many events as it can hold"
                )
            del self.live[idle]
        self.live[live.id] = live

    def forget(self, event_id: str) -> None:
        self.live.pop(event_id, None)

    async def find(self, store: Store, event_id: str) -> LiveEvent | None:
        """The event of id ``event_id``, from memory or rebuilt from the store; ``None`` if
        there is none (an id not of an event's shape is not looked for)."""
        live = self.live.pop(event_id, None)
        if live is not None:
            self.live[event_id] = live  # the most recently asked for
            return live
        if not _EVENT_ID.match(event_id):
            return None
        async with self._loading:  # one rebuild at a time: never two copies of an event
            live = self.live.get(event_id)
            if live is not None:
                return live
            try:
                found = await asyncio.to_thread(store.load_event, event_id)
            except SQLAlchemyError:
                log.exception("an event could not be read")
                raise _unwritable("read") from None
            if found is None:
                return None
            live = LiveEvent.rebuilt(*found)
            self.remember(live)
            return live


def _events(request: Request) -> Events:
    events: Events = request.app.state.events
    return events


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def event_form(request: Request) -> Response:
    return JSONResponse(
        {
            "title": DuplicateTable.info.title,
            "movements": [{"value": k, "words": w} for k, w in MOVEMENT_WORDS.items()],
            "default": default_movement(2),
            "max_tables": MAX_TABLES,
            "max_trays": MAX_TRAYS,
        }
    )


def _whole(data: dict[str, Any], key: str, low: int, high: int, default: int | None) -> int:
    value = data.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise ClientError(
            "bad_event", f"{key} is a whole number from {low} to {high}, not {value!r}"
        )
    return value


async def create_event(request: Request) -> Response:
    from .app import _NAME, _body

    try:
        data = await _body(request)
        name = data.get("name")
        if not isinstance(name, str) or not _NAME.match(name.strip()):
            raise ClientError("bad_name", f"name {name!r}: 1 to 32 letters, digits, spaces or .'-")
        partner = data.get("partner")
        if partner is not None and (
            not isinstance(partner, str)
            or not _NAME.match(partner.strip())
            or partner.strip() == name.strip()
        ):
            raise ClientError(
                "bad_name",
                f"partner {partner!r}: a name other than yours, 1 to 32 letters, digits, "
                "spaces or .'-",
            )
        tables = _whole(data, "tables", 2, MAX_TABLES, 2)
        movement = data.get("movement", default_movement(tables))
        if not isinstance(movement, str):
            raise ClientError("bad_event", f"movement is a name, not {movement!r}")
        trays = _whole(data, "trays", 1, MAX_TRAYS, 2)
        seed = data.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**62)
        elif type(seed) is not int or not 0 <= seed < 2**62:
            raise ClientError("bad_event", "seed must be a whole number from 0 to 2**62")
        try:
            event = PairEvent(movement, tables, seed=seed, trays_per_set=trays)
        except VivantError as exc:
            raise ClientError("bad_event", str(exc)) from None
        # an event sets up a table a round: it counts against the address's quota of new tables
        quota: TableQuota = request.app.state.quota
        client = request.client.host if request.client else ""
        refused = quota.refusal(client)
        if refused is not None:
            return refused
        events = _events(request)
        record = EventRecord(
            id=secrets.token_hex(16),
            label=secrets.token_hex(3),
            name=name.strip(),
            partner=partner.strip() if partner else None,
            movement=event.kind,
            tables=tables,
            trays=trays,
            seed=seed,
        )
        live = LiveEvent(record, event)
        events.remember(live)
        try:
            await live.advance(_hub(request))
        except ClientError:
            events.forget(live.id)  # not stored: there is no such event
            raise
    except StoreUnavailable as exc:
        return JSONResponse({"error": exc.code, "message": exc.message}, status_code=503)
    except ClientError as exc:
        return JSONResponse({"error": exc.code, "message": exc.message}, status_code=400)
    return JSONResponse({"id": live.id, "url": f"/e/{live.id}"})


async def get_event(request: Request) -> Response:
    try:
        live = await _events(request).find(_hub(request).store, request.path_params["event_id"])
        if live is None:
            return JSONResponse({"error": "no_event", "message": "no such event"}, status_code=404)
        await live.advance(_hub(request))
    except StoreUnavailable as exc:
        return JSONResponse({"error": exc.code, "message": exc.message}, status_code=503)
    except ClientError as exc:
        return JSONResponse({"error": exc.code, "message": exc.message}, status_code=409)
    return JSONResponse(await live.to_json(_hub(request)))


def event_routes() -> list[Route]:
    """The event API's routes (the page ``/e/{id}`` is the application's)."""
    return [
        Route("/api/events/form", event_form),
        Route("/api/events", create_event, methods=["POST"]),
        Route("/api/events/{event_id}", get_event),
    ]
