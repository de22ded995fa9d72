"""The ASGI application: pages, the JSON API, card faces, and the table websocket.

Websocket protocol (``/ws/{table_id}``, JSON text frames):

* The client's first message is ``{"type": "hello", "token": <secret or null>, "last_seq": <n or
  null>}``. A token makes the connection that person's (the seat follows the player through the
  variant's rotation); no token makes it a spectator. At a table with a fixed seed, the first use
  of an invitation also carries ``"accept_seed": <the seed>`` (see :func:`create_table`). The
  server answers ``welcome``: the events after ``last_seq`` (``missed``), then the viewer's
  ``state`` (its seat's view and legal actions).
* ``{"type": "action", "id": <client message id>, "action": <engine action JSON>}``: an intent.
  The server validates it with the engine, stores it with the next sequence number, and only then
  answers ``ack`` (``{"id", "seq", "duplicate"}``) and sends every connection an ``update``
  (``seq``, ``actor``, the action made public, the public ``events``, and that viewer's
  ``state``). A message id sent again is acknowledged again with its first ``seq``. An action
  may carry ``"seq"``, the table's number it was chosen at: an action the table has since moved
  past (another player acted first) and no longer allows is refused as ``stale``, in a person's
  words, rather than with the engine's refusal.
* ``{"type": "resync", "last_seq": n}`` resends what came after ``n`` (a ``welcome``; resyncs sent
  faster than they are answered are answered together); ``{"type": "ping"}`` is answered with
  ``pong``.
* Anything refused is answered ``{"type": "error", "code", "message", "id"}`` to that client only;
  the table is unaffected. Frames over :data:`MAX_MESSAGE` bytes, JSON nested deeper than
  :data:`MAX_DEPTH` and sequence numbers beyond :data:`MAX_SEQ` are refused.
* ``{"type": "notice", "code", "message"}`` tells everyone at the table what happened to it:
  ``paused`` (the game's record cannot be written for now; actions are refused) and ``resumed``
  (followed by a fresh ``welcome``); ``stand_in`` (a computer player plays an absent person's
  seat; the events it makes carry ``stand_in``, its kind), ``back`` (the person plays again),
  ``handed`` (the owner handed a seat over). ``{"type": "back"}`` from a person whose seat a
  stand-in plays gives it back to him (so does any action of his, or connecting again).
* The welcome of a connection that has just used its invitation carries the seat's new
  ``token``: an invitation seats once, and the page keeps the token it was given.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from vivant.actions import action_from_json
from vivant.cards import parse_card
from vivant.errors import InvalidNotationError, VivantError
from vivant.table import Table
from vivant.variants import VARIANTS, find_variant

from .analysis import hint, replay_card_values
from .bots import bot_kinds, decision_seed
from .cards_svg import back_svg, card_svg
from .events import Events, event_routes
from .hub import (
    TABLE_ID_BYTES,
    ClientError,
    Connection,
    Hub,
    NewPlayer,
    StoreUnavailable,
    is_table_id,
)
from .limits import BodyLimit, Limits, TableQuota
from .live import HUMAN, LiveTable, Person, replay_sitting
from .options import OptionError, table_options
from .replay import replay_frames
from .store import (
    DEFAULT_ABSENT_AFTER,
    DEFAULT_STAND_IN,
    DEFAULT_URL,
    ParticipantRow,
    Store,
    TableRow,
    TableSettings,
)

log = logging.getLogger("vivant.server")

STATIC = Path(__file__).parent / "static"
#: Largest websocket message or request body accepted, in bytes.
MAX_MESSAGE = 64 * 1024
#: Deepest nesting of arrays and objects accepted in a message or body (the protocol needs 3).
MAX_DEPTH = 8
#: Largest sequence number a client may name (the store's integer column).
MAX_SEQ = 2**31 - 1
#: Seconds a new connection has to say hello.
HELLO_TIMEOUT = 15.0
_NAME = re.compile(r"^[\w .'\-]{1,32}$", re.UNICODE)
_CLIENT_ID = re.compile(r"^[\w.:\-]{1,64}$")


def create_app(
    db_url: str = DEFAULT_URL,
    *,
    bot_delay: float = 0.6,
    store: Store | None = None,
    limits: Limits | None = None,
) -> Starlette:
    """The application over the store at ``db_url`` (SQLite file by default); every request's
    body goes through :class:`~vivant.server.limits.BodyLimit` first.

    ``bot_delay`` is the pause in seconds after each computer player's move, so that people can
    follow the play. ``limits``: how long a body may take, how many tables a client may create,
    when an abandoned table is removed (:class:`~vivant.server.limits.Limits`).
    """
    the_store = store if store is not None else Store(db_url)
    hub = Hub(the_store, bot_delay=bot_delay)
    limits = limits or Limits()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        resumed = await hub.resume_all()
        if resumed:
            log.info("resumed %d table(s)", resumed)
        sweeper = None
        if limits.abandon_after > 0:
            sweeper = asyncio.get_running_loop().create_task(
                _expire_abandoned(hub, limits.abandon_after)
            )
        # What is loaded by now lives as long as the server: keep the collector's full passes
        # off it, so that they stay short (they stop every table while they run). Garbage first:
        # what is frozen is never collected.
        gc.collect()
        gc.freeze()
        yield
        if sweeper is not None:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
        await hub.close()
        if store is None:
            the_store.close()

    routes = [
        Route("/", _page("index.html")),
        Route("/t/{table_id}", _page("table.html")),
        Route("/replay/{table_id}", _page("replay.html")),
        Route("/e/{event_id}", _page("event.html")),
        *event_routes(),
        Route("/cards/{name}.svg", cards),
        Route("/api/variants", variants),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", get_table),
        Route("/api/tables/{table_id}/take", take_seat, methods=["POST"]),
        Route("/api/tables/{table_id}/leave", leave_seat, methods=["POST"]),
        Route("/api/tables/{table_id}/hand", hand_seat, methods=["POST"]),
        Route("/api/tables/{table_id}/replay", replay),
        Route("/api/tables/{table_id}/analysis/{seq:int}", analysis),
        WebSocketRoute("/ws/{table_id}", table_socket),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(BodyLimit, limit=MAX_MESSAGE, timeout=limits.body_timeout)],
        exception_handlers={Exception: _server_error},
    )
    app.state.hub = hub
    app.state.store = the_store
    app.state.quota = TableQuota(limits.new_tables, limits.new_tables_window)
    app.state.events = Events()  # Duplicate Whist events (vivant.server.events): a cache
    return app


#: What a client is told when the server itself failed (the details go to the server's log).
SERVER_FAILED = "the server could not do that just now; try again in a moment"


def _failure(exc: BaseException) -> tuple[int, str]:
    """The status and plain words for an unexpected failure: a store that did not answer is
    503 (try again), anything else 500; never the exception's own text."""
    return (503 if isinstance(exc, SQLAlchemyError) else 500), SERVER_FAILED


async def _server_error(request: Request, exc: Exception) -> Response:
    """Any exception a route did not handle: a plain JSON error (uvicorn logs the traceback)."""
    status, message = _failure(exc)
    return _error(status, "server_error", message)


def _no_table(table_id: str) -> str:
    """The refusal for an id naming no table; an id that is not even of a table's shape is not
    echoed back (it may be any size)."""
    if is_table_id(table_id):
        return f"no table {table_id!r}"
    return f"that is not a table id ({2 * TABLE_ID_BYTES} characters, each 0-9 or a-f)"


async def _expire_abandoned(hub: Hub, after: float) -> None:
    """Remove the abandoned tables (see :class:`~vivant.server.limits.Limits`) every so often:
    from the lobby, from memory and from the store."""
    while True:
        await asyncio.sleep(min(60.0, max(0.5, after / 4)))
        try:
            for table_id in hub.store.abandoned_table_ids(time.time() - after):
                await _expire(hub, table_id)
        except Exception:
            log.exception("removing abandoned tables failed; trying again later")


async def _expire(hub: Hub, table_id: str) -> None:
    lt = hub.live.get(table_id)
    if lt is None:
        hub.store.delete_table(table_id)
        log.info("table %s removed: abandoned", table_id)
        return
    async with lt.lock:
        if lt.connections or hub.live.get(table_id) is not lt:
            return  # someone is here (or it went meanwhile)
        if lt.driver is not None:
            lt.driver.cancel()
            lt.driver = None
        del hub.live[table_id]
        hub.store.delete_table(table_id)
    log.info("table %s removed: abandoned", table_id)


def _hub(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


#: Refusals that say the request conflicts with the table's seats as they are (HTTP 409).
_CONFLICTS = frozenset({"seat_taken", "seat_reserved", "seed_not_accepted", "not_yours"})


def _refused(exc: ClientError) -> JSONResponse:
    """A refusal as an HTTP answer: 503 when the store could not be written (try again), 409
    for a conflict with the seats as they are, 400 for a bad request."""
    if isinstance(exc, StoreUnavailable):
        return _error(503, exc.code, exc.message)
    return _error(409 if exc.code in _CONFLICTS else 400, exc.code, exc.message)


def _page(name: str) -> Any:
    async def page(request: Request) -> Response:
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

    return page


# --- card faces ---------------------------------------------------------------------------------


async def cards(request: Request) -> Response:
    """``/cards/SA.svg`` (any card in notation) and ``/cards/back.svg``."""
    name = request.path_params["name"]
    if name == "back":
        svg = back_svg()
    else:
        try:
            svg = card_svg(parse_card(name))
        except InvalidNotationError as exc:
            return _error(404, "no_card", str(exc))
    return Response(
        svg,
        media_type="image/svg+xml",
        headers={"Cache-Control": "public, max-age=86400"},
    )


# --- JSON API -----------------------------------------------------------------------------------


def _player_range(cls: type[Table]) -> list[int]:
    """The numbers of players a game is played by: its declared metadata (issue 14, point 1)."""
    return list(cls.info.player_counts)


async def variants(request: Request) -> Response:
    """The games this server can seat, from each game's declared metadata (title, player
    counts, seats, sides, the sitting's unit, what laws mode adds, the rules summary)."""
    out = [cls.info.to_json() for _, cls in sorted(VARIANTS.items())]
    default = next(iter(VARIANTS))  # the registry's first game
    return JSONResponse({"variants": out, "default": default, "bots": list(bot_kinds())})


def decode_json(raw: str | bytes, what: str) -> Any:
    """``raw`` decoded as JSON, or a :class:`ClientError` saying why not: not JSON, or nested
    deeper than :data:`MAX_DEPTH` (checked here, at the boundary, so that nothing after it can
    run out of stack on a client's input)."""
    try:
        data = json.loads(raw)
    except RecursionError:
        data = None
        depth_ok = False
    except ValueError as exc:
        raise ClientError("bad_json", f"{what} is not valid JSON: {exc}") from None
    else:
        depth_ok = _depth(data) <= MAX_DEPTH
    if not depth_ok:
        raise ClientError(
            "too_deep", f"{what} nests arrays or objects deeper than {MAX_DEPTH} levels"
        )
    return data


def _depth(value: Any) -> int:
    """How deeply arrays and objects nest in a decoded JSON value (a scalar: 0)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = (
            item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        )
        if children is None:
            continue
        deepest = max(deepest, depth)
        if depth <= MAX_DEPTH:
            stack.extend((child, depth + 1) for child in children)
    return deepest


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object (its size and pace were checked by the body limit)."""
    raw = await request.body()
    data = decode_json(raw or b"{}", "the request body")
    if not isinstance(data, dict):
        raise ClientError("bad_request", "the request body must be a JSON object")
    return data


async def create_table(request: Request) -> Response:
    """Create a table: ``{"variant", "players": [{"name", "kind"}], "laws", "seed", "title",
    "absent_after", "stand_in", "options"}`` (``options``: the game's declared settings,
    :mod:`vivant.server.options`).

    Returns the table id, an invitation link per person (a secret token each, used once: see
    :meth:`Hub.join`), the owner's secret (``owner``: to hand seats over) and the spectators'
    link. Without a ``seed`` the server deals from a secret of its own; a ``seed`` is shown to
    everyone and seats only people who accept it (``accept_seed``). ``absent_after`` (seconds,
    0: never; default 60) and ``stand_in`` (a computer player kind; default heuristic): when and
    by whom an absent person's seat is played (:mod:`vivant.server.absent`).
    """
    try:
        data = await _body(request)
        variant = data.get("variant", "mort")
        if not isinstance(variant, str) or variant.strip().lower() not in _variant_names():
            raise ClientError("bad_variant", f"unknown game {variant!r}")
        raw_players = data.get("players")
        if not isinstance(raw_players, list) or not 2 <= len(raw_players) <= 8:
            raise ClientError("bad_players", "players must be a list of 2 to 8 entries")
        kinds = (HUMAN, *bot_kinds())
        players: list[NewPlayer] = []
        for p in raw_players:
            if not isinstance(p, dict):
                raise ClientError("bad_players", f"each player is an object, not {p!r}")
            name, kind = p.get("name"), p.get("kind", HUMAN)
            if not isinstance(name, str) or not _NAME.match(name.strip()):
                raise ClientError(
                    "bad_name", f"player name {name!r}: 1 to 32 letters, digits, spaces or .'-"
                )
            if kind not in kinds:
                raise ClientError("bad_kind", f"player kind {kind!r}; one of {', '.join(kinds)}")
            players.append(NewPlayer(name.strip(), kind))
        laws = data.get("laws", False)
        seed = data.get("seed")
        title = data.get("title", "")
        if not isinstance(laws, bool):
            raise ClientError("bad_request", "laws must be true or false")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ClientError("bad_request", "seed must be an integer")
        if seed is not None and not 0 <= seed < 2**62:
            raise ClientError("bad_request", "seed must be between 0 and 2**62")
        if not isinstance(title, str) or len(title) > 80 or not title.isprintable():
            raise ClientError(
                "bad_request", "title must be text of at most 80 characters, on one line"
            )
        try:
            options = table_options(find_variant(variant), data.get("options"))
        except OptionError as exc:
            raise ClientError("bad_options", str(exc)) from None
        settings = _settings(data)
        quota: TableQuota = request.app.state.quota
        client = request.client.host if request.client else ""
        refused = quota.refusal(client)
        if refused is not None:
            return refused
        try:
            lt, tokens, owner = await _hub(request).create(
                variant,
                players,
                laws=laws,
                seed=seed,
                title=title.strip(),
                settings=settings,
                options=options,
            )
        except BaseException as exc:
            quota.refund(client)  # a table not made (refused, or the store failed) is not counted
            if isinstance(exc, VivantError):
                raise ClientError("bad_table", str(exc)) from None
            raise
    except ClientError as exc:
        return _error(400, exc.code, exc.message)
    return JSONResponse(
        {
            "id": lt.id,
            "invites": [
                {"name": n, "token": tok, "url": f"/t/{lt.id}?token={tok}"}
                for n, tok in tokens.items()
            ],
            "owner": owner,
            "spectate": f"/t/{lt.id}",
            "table": lt.summary(),
        },
        status_code=201,
    )


#: The longest ``absent_after`` a table may set, in seconds (a day).
MAX_ABSENT_AFTER = 86400.0


def _settings(data: dict[str, Any]) -> TableSettings:
    """The table's settings from a creation request (:class:`TableSettings`'s defaults for
    what it leaves out)."""
    after = data.get("absent_after", DEFAULT_ABSENT_AFTER)
    kind = data.get("stand_in", DEFAULT_STAND_IN)
    if (
        not isinstance(after, int | float)
        or isinstance(after, bool)
        or not 0 <= after <= MAX_ABSENT_AFTER
    ):
        raise ClientError(
            "bad_request",
            f"absent_after is a number of seconds from 0 (never) to {MAX_ABSENT_AFTER:.0f}",
        )
    if kind not in bot_kinds():
        raise ClientError("bad_kind", f"stand_in {_shown(kind)}: one of {', '.join(bot_kinds())}")
    return TableSettings(float(after), str(kind))


def _variant_names() -> set[str]:
    from vivant.variants import ALIASES

    return set(VARIANTS) | set(ALIASES)


async def list_tables(request: Request) -> Response:
    """The lobby: tables open for a person to sit, being played, and finished (to replay)."""
    hub = _hub(request)
    out = []
    rows = await asyncio.to_thread(_lobby_rows, hub.store, set(hub.live))
    for row, people in rows:
        lt = hub.live.get(row.id)
        if lt is not None:
            out.append(lt.summary())
        else:
            out.append(
                {
                    "id": row.id,
                    "variant": row.variant,
                    "title": row.title,
                    "status": row.status,
                    "seq": row.last_seq,
                    "laws": bool(row.config.get("laws", False)),
                    "seed": row.seed,
                    "people": [Person.from_row(p).public() for p in people],
                    "created_at": row.created_at,
                }
            )
    return JSONResponse({"tables": out})


def _lobby_rows(store: Store, live: set[str]) -> list[tuple[TableRow, list[ParticipantRow]]]:
    """The lobby's tables from the store, with the participants of those not in memory (in a
    worker thread)."""
    return [
        (row, [] if row.id in live else store.participants(row.id)) for row in store.list_tables()
    ]


async def _table_or_404(request: Request) -> LiveTable | Response:
    table_id = request.path_params["table_id"]
    try:
        lt = await _hub(request).get(table_id)
    except Exception as exc:
        log.exception("table %s could not be loaded", table_id[:40])
        status, message = _failure(exc)
        return _error(status, "table_broken", message)
    if lt is None:
        return _error(404, "no_table", _no_table(table_id))
    return lt


async def get_table(request: Request) -> Response:
    lt = await _table_or_404(request)
    if isinstance(lt, Response):
        return lt
    return JSONResponse(lt.summary())


async def take_seat(request: Request) -> Response:
    """``{"name", "accept_seed"}``: take a free person's seat; returns its new secret token.
    ``accept_seed`` (the table's seed) is needed at a table with a fixed seed."""
    lt = await _table_or_404(request)
    if isinstance(lt, Response):
        return lt
    try:
        data = await _body(request)
        name = data.get("name")
        if not isinstance(name, str):
            raise ClientError("bad_request", "name the seat to take")
        token = await _hub(request).take_seat(lt, name, data.get("accept_seed"))
    except ClientError as exc:
        return _refused(exc)
    return JSONResponse({"name": name, "token": token, "url": f"/t/{lt.id}?token={token}"})


async def leave_seat(request: Request) -> Response:
    """``{"token"}``: give a seat up (or withdraw an unused invitation), for someone else to take
    from the lobby; the token is revoked."""
    lt = await _table_or_404(request)
    if isinstance(lt, Response):
        return lt
    try:
        data = await _body(request)
        token = data.get("token")
        if not isinstance(token, str):
            raise ClientError("bad_request", "give the seat's token")
        name = await _hub(request).leave_seat(lt, token)
    except ClientError as exc:
        return _refused(exc)
    return JSONResponse({"left": name})


async def hand_seat(request: Request) -> Response:
    """``{"owner", "name", "to"}``: the owner hands the seat of ``name`` to a computer player
    of kind ``to``, or (``to`` ``"human"``) to a new person, whose invitation is returned."""
    lt = await _table_or_404(request)
    if isinstance(lt, Response):
        return lt
    try:
        data = await _body(request)
        name, to = data.get("name"), data.get("to")
        token = await _hub(request).hand_seat(lt, data.get("owner"), name, to)
    except ClientError as exc:
        if exc.code == "not_owner":
            return _error(403, exc.code, exc.message)
        return _refused(exc)
    answer: dict[str, Any] = {"name": name, "to": to}
    if token is not None:
        answer["invite"] = {"name": name, "token": token, "url": f"/t/{lt.id}?token={token}"}
    return JSONResponse(answer)


async def replay(request: Request) -> Response:
    """A finished sitting, card by card (every hand open: the sitting is over)."""
    lt = await _table_or_404(request)
    if isinstance(lt, Response):
        return lt
    if not lt.table.is_over():
        return _error(403, "not_over", "a sitting can be replayed once it is over")
    if lt.replay is None:  # a finished sitting never changes: build its frames once
        store = _hub(request).store
        lt.replay = await asyncio.to_thread(lambda: replay_frames(lt, store.load_events(lt.id)))
    return JSONResponse(lt.replay)


async def analysis(request: Request) -> Response:
    """The double-dummy solver's value of every legal card after event ``seq`` of a finished
    sitting (:func:`~vivant.server.analysis.replay_card_values`)."""
    lt = await _table_or_404(request)
    if isinstance(lt, Response):
        return lt
    if not lt.table.is_over():
        return _error(403, "not_over", "a sitting is analysed once it is over")
    seq = request.path_params["seq"]
    if not 0 <= seq <= lt.seq:
        return _error(404, "no_event", f"the sitting has events 0 to {lt.seq}, not {seq}")
    found = lt.analysis.get(seq)
    if found is None:
        actions = lt.actions[:seq]
        found = await asyncio.to_thread(
            lambda: replay_card_values(replay_sitting(lt.row, actions).table)
        )
        lt.analysis[seq] = found
    return JSONResponse({"seq": seq, **found})


# --- the websocket ------------------------------------------------------------------------------


def _error_message(code: str, message: str, client_id: object = None) -> dict[str, Any]:
    return {
        "type": "error",
        "code": code,
        "message": message,
        "id": client_id if isinstance(client_id, str) else None,
    }


async def _receive(ws: WebSocket) -> str:
    """The next text frame; :class:`ClientError` for a binary or oversized one."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise ClientError("binary", "send JSON in text frames, not binary frames")
    if len(text) > MAX_MESSAGE:
        raise ClientError(
            "too_large", f"message of {len(text)} characters refused; the limit is {MAX_MESSAGE}"
        )
    return str(text)


def _parse(text: str) -> dict[str, Any]:
    data = decode_json(text, "the message")
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ClientError("bad_message", 'a message is a JSON object with a "type" string')
    return data


def _last_seq(data: dict[str, Any]) -> int | None:
    value = data.get("last_seq")
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_SEQ:
        raise ClientError(
            "bad_message",
            f"last_seq must be an event number from 0 to {MAX_SEQ}, not {_shown(value)}",
        )
    return value


def _shown(value: object) -> str:
    """A client's value as an error message quotes it: at most 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


async def table_socket(ws: WebSocket) -> None:
    """One client at one table (see the module doc for the protocol)."""
    await ws.accept()
    hub = _hub(ws)
    table_id = ws.path_params["table_id"]
    try:
        lt = await hub.get(table_id)
    except Exception:
        log.exception("table %s could not be loaded", table_id[:40])
        message = f"table {table_id} cannot be loaded just now (its record cannot be read)"
        await ws.send_text(json.dumps(_error_message("store_unavailable", message)))
        await ws.close(1013)
        return
    if lt is None:
        await ws.send_text(json.dumps(_error_message("no_table", _no_table(table_id))))
        await ws.close(4404)
        return
    try:
        hello = _parse(await asyncio.wait_for(_receive(ws), HELLO_TIMEOUT))
        if hello["type"] != "hello":
            raise ClientError(
                "hello_first", f'the first message must be "hello", not {hello["type"]!r}'
            )
        token = hello.get("token")
        name: str | None = None
        if token is not None:
            person = lt.token_owner(token) if isinstance(token, str) else None
            if person is None:
                raise ClientError(
                    "bad_token",
                    f"that token belongs to no seat at table {lt.id}; ask for a new link",
                )
            hub.check_seed_accepted(lt, person, hello.get("accept_seed"))
            name = person.name
        last_seq = _last_seq(hello)
    except ClientError as exc:
        await ws.send_text(json.dumps(_error_message(exc.code, exc.message)))
        await ws.close(4400 if exc.code != "too_large" else 1009)
        return
    except (TimeoutError, WebSocketDisconnect):
        with contextlib.suppress(Exception):
            await ws.close(4408)
        return

    conn = Connection(ws.send_text, name, lambda code: ws.close(code))
    try:
        await hub.join(lt, conn, last_seq, token if name is not None else None)
    except StoreUnavailable as exc:
        await ws.send_text(json.dumps(_error_message(exc.code, exc.message)))
        await ws.close(1013)
        return
    writer = asyncio.get_running_loop().create_task(conn.writer())
    try:
        while not conn.closed.is_set():
            client_id: object = None
            await conn.reading.take()
            try:
                data = _parse(await _receive(ws))
                client_id = data.get("id")
                await _handle_safely(hub, lt, conn, data)
            except ClientError as exc:
                conn.send(_error_message(exc.code, exc.message, client_id))
            except (WebSocketDisconnect, asyncio.CancelledError):
                raise
            except Exception as exc:
                log.exception("table %s: a message could not be handled", lt.id)
                conn.send(_error_message("server_error", _failure(exc)[1], client_id))
    except WebSocketDisconnect:
        pass
    finally:
        hub.leave(lt, conn)
        writer.cancel()
        with contextlib.suppress(BaseException):
            await writer
        with contextlib.suppress(Exception):
            await ws.close()


async def _handle_safely(hub: Hub, lt: LiveTable, conn: Connection, data: dict[str, Any]) -> None:
    """:func:`_handle`; a defect of ours while handling the message is logged and refused as
    ``internal``, and the connection goes on."""
    try:
        await _handle(hub, lt, conn, data)
    except ClientError:
        raise
    except Exception:
        log.exception("table %s: a message could not be handled", lt.id)
        raise ClientError(
            "internal", "the server could not handle that message; nothing was changed"
        ) from None


async def _handle(hub: Hub, lt: LiveTable, conn: Connection, data: dict[str, Any]) -> None:
    kind = data["type"]
    if kind == "action":
        client_id = data.get("id")
        if not isinstance(client_id, str) or not _CLIENT_ID.match(client_id):
            raise ClientError("bad_id", "an action needs an id: 1 to 64 letters, digits or . : - _")
        raw = data.get("action")
        if not isinstance(raw, dict):
            raise ClientError("bad_action", "an action message carries an action object")
        try:
            action = action_from_json(raw)
        except InvalidNotationError as exc:
            raise ClientError("bad_action", str(exc)) from None
        seen = data.get("seq")
        if seen is not None and (not isinstance(seen, int) or isinstance(seen, bool) or seen < 0):
            raise ClientError(
                "bad_seq", "seq, the table's number the action was chosen at, is 0 or more"
            )
        await hub.submit(lt, conn, client_id, action, at_seq=seen)
    elif kind == "resync":
        conn.request_catch_up(_last_seq(data) or 0)
    elif kind == "ping":
        conn.send({"type": "pong", "seq": lt.seq})
    elif kind == "back":
        await hub.back(lt, conn)
    elif kind == "pace":
        await _set_pace(hub, lt, conn, data)
    elif kind == "hint":
        await _hint(lt, conn)
    elif kind == "hello":
        raise ClientError("already_joined", "this connection has already said hello")
    else:
        raise ClientError(
            "unknown_type",
            f"unknown message type {_shown(kind)}; one of action, resync, ping, back, pace, hint",
        )


#: The slowest pace a table may set for its computer players, in seconds after each move.
MAX_BOT_DELAY = 5.0


async def _set_pace(hub: Hub, lt: LiveTable, conn: Connection, data: dict[str, Any]) -> None:
    """``{"type": "pace", "bot_delay": seconds}``: a person seated at the table sets how long
    its computer players wait after each move (0 to :data:`MAX_BOT_DELAY`); the pace is stored
    with the table's settings (a restarted server keeps it) and everyone at the table is told
    (``{"type": "pace", "bot_delay", "by"}``)."""
    person = lt.people.get(conn.name) if conn.name is not None else None
    if person is None or not person.is_human:
        raise ClientError("not_seated", "only a person seated at the table sets its pace")
    value = data.get("bot_delay")
    if (
        not isinstance(value, int | float)
        or isinstance(value, bool)
        or not 0 <= value <= MAX_BOT_DELAY
    ):
        raise ClientError(
            "bad_pace", f"bot_delay is a number of seconds from 0 to {MAX_BOT_DELAY:g}"
        )
    settings = replace(lt.row.settings, bot_delay=float(value))
    await hub.store_settings(lt, settings)
    lt.bot_delay = settings.bot_delay
    message = {"type": "pace", "bot_delay": lt.bot_delay, "by": person.name}
    for c in list(lt.connections):
        c.send(message)


async def _hint(lt: LiveTable, conn: Connection) -> None:
    """``{"type": "hint"}``: the Monte-Carlo player's choice for the person asking, from his
    own view (:func:`~vivant.server.analysis.hint`), answered to him alone; never at a table in
    laws mode, and only when something is asked of him."""
    if lt.table.laws:
        raise ClientError("no_hints", "there are no hints at a table played by the laws")
    seat = lt.seat_of(conn.name)
    if seat is None or lt.table.is_over() or not lt.table.legal_actions(seat):
        raise ClientError("not_your_turn", "a hint is given when something is asked of you")
    async with lt.lock:
        seed = decision_seed(lt.row.key, 2**40 + lt.seq)  # never the seed of a real decision
        table = lt.table
        try:
            found = await asyncio.to_thread(hint, table, seat, seed)
        except VivantError as exc:
            raise ClientError("no_hint", str(exc)) from None
    conn.send({"type": "hint", "seq": lt.seq, **found})
