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

Events are held in memory: a server restarted forgets them (their tables stay in the store).
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from vivant.duplicate.movements import KINDS
from vivant.duplicate.progress import PairEvent
from vivant.duplicate.table import DuplicateTable
from vivant.errors import VivantError

from .hub import ClientError, Hub, NewPlayer
from .limits import TableQuota
from .live import HUMAN

#: The most tables an event of the browser has (every other table is played by the server).
MAX_TABLES = 4
#: The most trays per set.
MAX_TRAYS = 4
#: The most events held in memory at once.
MAX_EVENTS = 200


@dataclass
class LiveEvent:
    """One event: the core's event, the person's name, the round in play and its table."""

    id: str
    event: PairEvent
    name: str
    partner: str | None = None
    round: int = 0
    table_id: str | None = None
    url: str | None = None
    seats: list[dict[str, str]] = field(default_factory=list)
    boards_told: int = 0
    lines: list[str] = field(default_factory=list)
    tables: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def advance(self, hub: Hub) -> None:
        """Say the boards finished at the table in play; when its round is over, play the next
        round's other tables and set up the pair's table (or, after the last, the ranking)."""
        async with self.lock:
            while not self.over:
                if self.table_id is not None:
                    lt = await hub.get(self.table_id)
                    if lt is None:
                        raise ClientError("gone", "the event's table is no longer in the store")
                    table = lt.table
                    assert isinstance(table, DuplicateTable)
                    done = table.results()
                    for r in done[self.boards_told :]:
                        self.lines += self.event.board_over(self.round, r)
                    self.boards_told = len(done)
                    if not table.is_over():
                        return
                    self.table_id = self.url = None
                    self.seats = []
                self.round += 1
                if self.round > self.event.schedule.rounds:
                    self.lines += self.event.final_words()
                    self.over = True
                    return
                await asyncio.to_thread(self.event.play_other_tables, self.round)
                self.lines.append(self.event.round_words(self.round))
                if self.event.ours(self.round) is None:
                    continue
                players, options = self.event.table_setup(self.round, self.name, self.partner)
                humans = {self.name, self.partner}
                people = [NewPlayer(n, HUMAN if n in humans else "heuristic") for n in players]
                lt, tokens, _ = await hub.create(
                    "duplicate",
                    people,
                    laws=False,
                    seed=None,
                    title=f"Event {self.id[:6]}, round {self.round}",
                    options=options,
                )
                self.table_id = lt.id
                self.url = f"/t/{lt.id}?token={tokens[self.name]}"
                self.seats = [
                    {"name": n, "url": f"/t/{lt.id}?token={tokens[n]}"}
                    for n in (self.name, self.partner)
                    if n is not None
                ]
                self.boards_told = 0
                self.tables.append({"round": self.round, "table": lt.id})
                return

    async def to_json(self, hub: Hub) -> dict[str, Any]:
        now: list[str] = []
        if self.table_id is not None:
            lt = await hub.get(self.table_id)
            if lt is not None and isinstance(lt.table, DuplicateTable) and not lt.table.is_over():
                now = self.event.tray_words(self.round, lt.table.current[0])
        return {
            "id": self.id,
            "heading": self.event.heading(self.name, self.partner),
            "seats": self.seats,
            "round": self.round,
            "rounds": self.event.schedule.rounds,
            "url": self.url,
            "now": now,
            "lines": self.lines,
            "tables": self.tables,
            "over": self.over,
        }


def _events(request: Request) -> dict[str, LiveEvent]:
    events: dict[str, LiveEvent] = request.app.state.events
    return events


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def event_form(request: Request) -> Response:
    return JSONResponse(
        {
            "title": DuplicateTable.info.title,
            "movements": sorted(k for k in KINDS if k in ("howell", "mitchell", "teams")),
            "default": "howell",
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
        movement = data.get("movement", "howell")
        if not isinstance(movement, str):
            raise ClientError("bad_event", f"movement is a name, not {movement!r}")
        tables = _whole(data, "tables", 2, MAX_TABLES, 2)
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
        if len(events) >= MAX_EVENTS:  # the finished ones make room (their tables stay)
            for key in [k for k, e in events.items() if e.over]:
                del events[key]
        if len(events) >= MAX_EVENTS:
            raise ClientError("too_many_events", "the server holds as many events as it can")
        live = LiveEvent(
            secrets.token_hex(16), event, name.strip(), partner.strip() if partner else None
        )
        events[live.id] = live
        await live.advance(_hub(request))
    except ClientError as exc:
        return JSONResponse({"error": exc.code, "message": exc.message}, status_code=400)
    return JSONResponse({"id": live.id, "url": f"/e/{live.id}"})


async def get_event(request: Request) -> Response:
    live = _events(request).get(request.path_params["event_id"])
    if live is None:
        return JSONResponse({"error": "no_event", "message": "no such event"}, status_code=404)
    try:
        await live.advance(_hub(request))
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
