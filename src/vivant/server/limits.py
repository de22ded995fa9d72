"""What the server allows one client: how long it may take to send a request, how big a body may
be, how many connections the server holds, how many tables a client may create, and what the
log may say about it.

* **Half-sent requests.** uvicorn's HTTP protocols (h11 and httptools alike) time a connection
  out only *between* requests (``timeout_keep_alive``, armed once a response is complete); a
  client that connects and sends half a request line, or headers without their blank line, is
  held for ever, and ``limit_concurrency`` only answers 503 to requests that *did* arrive whole.
  :func:`guarded_http` is uvicorn's h11 protocol with a header deadline (armed when a connection
  opens and again after each response, until the next request's headers are complete) and a
  bound on connections: past it, the oldest connection still waiting for its headers is dropped
  to make room (so a flood of half-sent requests cannot lock well-behaved clients out), and when
  none is waiting the new connection is answered 503 and closed. Websockets are not affected
  once upgraded (their pings, and the table's hello timeout, watch them).
* **Bodies.** :class:`BodyLimit` refuses a body over the limit by its ``Content-Length`` (413
  before a byte of it is read) or, chunked, as soon as what arrived passes the limit, and gives
  the whole body a deadline (408). Every route is behind it, so no handler ever reads more.
* **New tables.** :class:`TableQuota`: at most ``n`` new tables per client address in any
  ``window`` seconds (429 with ``Retry-After`` past it).
* **The log.** :class:`RedactTokens` hides the value of every ``token=`` query parameter (the
  invitation links and any websocket URL carry a seat's secret) in uvicorn's access and error
  lines.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import re
import time
from collections import deque
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from starlette.responses import JSONResponse

if TYPE_CHECKING:  # uvicorn is imported only by a server that runs (not by `vivant --help`)
    from uvicorn.protocols.http.h11_impl import H11Protocol
    from uvicorn.server import ServerState

log = logging.getLogger("vivant.server")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Limits:
    """The application's limits (``vivant serve`` sets each from its options).

    ``body_timeout``: seconds a client has to send a request's whole body. ``new_tables`` per
    ``new_tables_window`` seconds: tables one client address may create (0: no limit).
    ``abandon_after``: seconds after which an abandoned table is removed (0: never); a table is
    *abandoned* when its sitting is not over, nobody (no player, no spectator) is connected to
    it, and no action has been made at it (nor has it been created) for that long.
    """

    body_timeout: float = 10.0
    new_tables: int = 20
    new_tables_window: float = 600.0
    abandon_after: float = 86400.0


# --- bodies -------------------------------------------------------------------------------------


def _json_response(status: int, code: str, message: str) -> tuple[Message, Message]:
    body = json.dumps({"error": code, "message": message}).encode()
    start: Message = {
        "type": "http.response.start",
        "status": status,
        "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),  # what is left of the body is not worth reading
        ],
    }
    return start, {"type": "http.response.body", "body": body}


class _Refused(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


class BodyLimit:
    """ASGI middleware: every HTTP request's body is read here, at most ``limit`` bytes within
    ``timeout`` seconds, before the application sees the request; over the limit 413, too slow
    408, both closing the connection."""

    def __init__(self, app: ASGIApp, limit: int, timeout: float) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            self._check_length(scope)
            async with asyncio.timeout(self.timeout):
                body = await self._read(receive)
        except _Refused as exc:
            for message in _json_response(exc.status, exc.code, exc.message):
                await send(message)
            return
        except TimeoutError:
            for message in _json_response(
                408, "too_slow", f"the request body did not arrive within {self.timeout:g} s"
            ):
                await send(message)
            return
        if body is None:  # the client went away
            return
        await self.app(scope, _replay(body, receive), send)

    def _too_large(self, size: str) -> _Refused:
        return _Refused(
            413, "too_large", f"request body of {size} bytes refused; the limit is {self.limit}"
        )

    def _check_length(self, scope: Scope) -> None:
        for name, value in scope["headers"]:
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                raise self._too_large(value.decode("latin-1")[:20])

    async def _read(self, receive: Receive) -> bytes | None:
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                raise self._too_large(f"more than {self.limit}")
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    """The request's body once, then whatever the server says next (a disconnect)."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


# --- half-sent requests and the number of connections -----------------------------------------

# Per server: the connections waiting for a request's headers, oldest first.
_WAITING: WeakKeyDictionary[ServerState, dict[H11Protocol, None]] = WeakKeyDictionary()

_BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
    b"Connection: close\r\nContent-Length: 32\r\n\r\nthe server is full; try again.\r\n"
)


_warned = [0.0]


def _warn_full(limit: int) -> None:
    """Say in the log, at most once a minute, that the connection limit is reached."""
    now = time.monotonic()
    if now - _warned[0] >= 60.0:
        _warned[0] = now
        log.warning(
            "%d connections (the limit): dropping the oldest half-sent requests, or refusing", limit
        )


def guarded_http(header_timeout: float, max_connections: int) -> type[H11Protocol]:
    """uvicorn's h11 protocol with a deadline for each request's headers and a bound on the
    server's connections (see the module's doc)."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class GuardedH11Protocol(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            waiting = _WAITING.setdefault(self.server_state, {})
            if len(self.connections) > max_connections:
                _warn_full(max_connections)
                if not waiting:
                    transport.write(_BUSY)
                    transport.close()
                    return
                oldest = next(iter(waiting))
                del waiting[oldest]
                oldest.transport.close()  # its deadline is cancelled when it is lost
            self._arm()

        def data_received(self, data: bytes) -> None:
            cycle = self.cycle
            super().data_received(data)
            if self.cycle is not cycle or self.transport.get_protocol() is not self:
                self._disarm()  # a request's headers are complete (or it became a websocket)

        def on_response_complete(self) -> None:
            cycle = self.cycle
            super().on_response_complete()
            if self.cycle is cycle and not self.transport.is_closing():
                self._arm()  # the next request's headers, on a kept-alive connection

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(header_timeout, self._give_up)
            _WAITING.setdefault(self.server_state, {})[self] = None

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None
            _WAITING.get(self.server_state, {}).pop(self, None)

        def _give_up(self) -> None:
            """No whole request in time (or room needed): close without an answer."""
            self._disarm()
            if not self.transport.is_closing():
                self.transport.close()

    return GuardedH11Protocol


# --- new tables ---------------------------------------------------------------------------------


class TableQuota:
    """At most ``n`` new tables per client address in any ``window`` seconds (``n`` 0: any)."""

    def __init__(self, n: int, window: float) -> None:
        self.n = n
        self.window = window
        self._made: dict[str, deque[float]] = {}

    def wait(self, client: str) -> float:
        """Seconds before ``client`` may create a table (0: now, and it is counted)."""
        if self.n <= 0:
            return 0.0
        now = time.monotonic()
        if len(self._made) > 10_000:  # forget the clients whose window has passed
            self._made = {k: d for k, d in self._made.items() if d and d[-1] > now - self.window}
        made = self._made.setdefault(client, deque())
        while made and made[0] <= now - self.window:
            made.popleft()
        if len(made) >= self.n:
            return max(1.0, math.ceil(made[0] + self.window - now))
        made.append(now)
        return 0.0

    def refusal(self, client: str) -> JSONResponse | None:
        """The answer (a 429 with ``Retry-After``) when ``client`` may not create a table now,
        or ``None``: it may, and the table is counted."""
        wait = self.wait(client)
        if not wait:
            return None
        return JSONResponse(
            {
                "error": "too_many_tables",
                "message": f"too many new tables from your address; try again in {wait:.0f} s",
            },
            status_code=429,
            headers={"Retry-After": f"{wait:.0f}"},
        )

    def refund(self, client: str) -> None:
        """The table counted by the last :meth:`wait` was not made after all."""
        made = self._made.get(client)
        if made:
            made.pop()


# --- the log ------------------------------------------------------------------------------------

_TOKEN = re.compile(r"([?&]token=)[^&\s\"#]*", re.IGNORECASE)


def redact(text: str) -> str:
    """``text`` with the value of each ``token=`` query parameter hidden."""
    return _TOKEN.sub(r"\1(hidden)", text)


class RedactTokens(logging.Filter):
    """A log filter that hides seat tokens in query strings (of any record's message and its
    arguments: uvicorn's access lines pass the path as an argument)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True
