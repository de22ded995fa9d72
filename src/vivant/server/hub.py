"""The hub: live tables in memory, their connections, and the one path by which an action is
accepted — engine validation, then the store, then the acknowledgement and the fan-out.

An action (a person's intent, a computer player's choice or chance) is applied to the engine
table under the table's lock; if the engine refuses it nothing changed and the error goes to
the sender only. Otherwise it is committed to the store with the next sequence number *before*
anyone hears of it. Then the sender gets its ``ack`` and every connection its own ``update`` (its
seat's view, the action made public).

If the store cannot take the event (tried twice), the engine table is rebuilt from the events
known to be stored, so memory never runs ahead of what a restart would find, and the table is
*paused*: everyone at it is told, people's actions are refused with a clear message, and the
store is tried again with growing pauses until it takes a write; then the table is reloaded from
the store, everyone is told it resumes (with a fresh welcome) and the computer players go on.

The store is only ever used from worker threads, never on the event loop, so a slow or
unreachable store holds up no other table and no other client.

Each connection has a bounded outgoing queue and its own writer task, so one slow client never
holds up a table; a client that falls too far behind is disconnected and catches up by sequence
number when it comes back. A catch-up (a ``welcome``: the events since a sequence number, then
the viewer's state) is built from memory by the writer when its turn comes; requests made while
one is waiting are merged into it, and each connection is given at most
:data:`CATCH_UP_BURST` at once and :data:`CATCH_UP_RATE` a second after that.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from vivant.actions import Action
from vivant.errors import VivantError

from .bots import bot_action, chance_action
from .live import HUMAN, LiveTable, Person, dumps, replay_table, worded_events
from .store import NewEvent, SeqConflictError, Store

log = logging.getLogger("vivant.server")

#: Messages waiting for one connection before it is dropped as too slow.
MAX_QUEUE = 1000
#: A table id is this many random bytes, in lower-case hex.
TABLE_ID_BYTES = 6
_TABLE_ID = re.compile(f"[0-9a-f]{{{2 * TABLE_ID_BYTES}}}")


def is_table_id(text: str) -> bool:
    """Whether ``text`` has the shape of a table id (it may still name no table)."""
    return _TABLE_ID.fullmatch(text) is not None


#: Catch-ups a connection is given at once; after that, :data:`CATCH_UP_RATE` a second.
CATCH_UP_BURST = 3
CATCH_UP_RATE = 2.0
#: Messages read from a connection at once; after that, :data:`MESSAGE_RATE` a second (the
#: rest wait in the network's buffers: a flood of messages costs the server little).
MESSAGE_BURST = 200
MESSAGE_RATE = 200.0
#: Seconds before the one quick second try of a failed write.
STORE_RETRY = 0.1
#: Seconds between attempts to reach the store again while a table is paused (the last repeats).
STORE_BACKOFF = (0.2, 0.5, 1.0, 2.0, 4.0)
#: A catch-up request for no missed events: only the viewer's state.
NOTHING_MISSED = sys.maxsize
#: The queue item that stands for a catch-up, built when the writer reaches it.
_CATCH_UP = -1

CatchUp = Callable[["Connection", int], Awaitable[tuple[int, str]]]


class Allowance:
    """So many at once (``burst``), then ``rate`` a second: a token bucket."""

    def __init__(self, burst: float, rate: float) -> None:
        self.burst = burst
        self.rate = rate
        self._tokens = burst
        self._at = time.monotonic()

    async def take(self) -> None:
        """Take one, first waiting until there is one."""
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens < 1:
            await asyncio.sleep((1 - self._tokens) / self.rate)
            self._tokens, self._at = 1.0, time.monotonic()
        self._tokens -= 1


class ClientError(Exception):
    """A refusal sent to the offending client only: a ``code`` and a clear message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class StoreUnavailable(ClientError):
    """The store could not be used: nothing changed, and the client may try again later."""

    def __init__(self, message: str) -> None:
        super().__init__("store_unavailable", message)


def _paused_message(table_id: str) -> str:
    return (
        f"table {table_id} is paused: the game's record cannot be written just now. Nothing "
        f"was lost; play resumes by itself once the record can be written again"
    )


class Connection:
    """One websocket: who it is (``name``; ``None`` for a spectator) and its outgoing queue."""

    def __init__(
        self,
        send_text: Callable[[str], Awaitable[None]],
        name: str | None,
        close_socket: Callable[[int], Awaitable[None]] | None = None,
    ) -> None:
        self._send_text = send_text
        self._close_socket = close_socket
        self.name = name
        self.queue: asyncio.Queue[tuple[int, str] | None] = asyncio.Queue()
        self.closed = asyncio.Event()
        self.too_slow = False
        self.sent: int = 0
        #: Builds this connection's catch-up at its table (set when it joins one).
        self.catch_up: CatchUp | None = None
        #: The lowest ``last_seq`` of the catch-up requests waiting, if any.
        self._catch_up_after: int | None = None
        #: Updates up to this sequence number are in the last welcome sent: not sent again.
        self._welcomed_through = 0
        self._catch_ups = Allowance(CATCH_UP_BURST, CATCH_UP_RATE)
        #: Paces what is read from this connection (see :data:`MESSAGE_RATE`).
        self.reading = Allowance(MESSAGE_BURST, MESSAGE_RATE)

    def send(self, data: dict[str, Any] | str, seq: int = 0) -> None:
        """Queue a message (``seq``: the event number of an ``update``); a connection too far
        behind is closed (it will catch up)."""
        if self.closed.is_set():
            return
        if self.queue.qsize() >= MAX_QUEUE:
            log.warning("dropping a connection that is %d messages behind", MAX_QUEUE)
            self.too_slow = True
            self.close()
            return
        self.queue.put_nowait((seq, data if isinstance(data, str) else dumps(data)))

    def request_catch_up(self, after: int | None) -> None:
        """Ask for a welcome: the events after ``after`` (``None``: none), then the current
        state. A request made while another waits is merged into it (the lower ``after``), so
        a connection never has more than one catch-up waiting."""
        after = NOTHING_MISSED if after is None else after
        if self._catch_up_after is not None:
            self._catch_up_after = min(self._catch_up_after, after)
            return
        self._catch_up_after = after
        self.send("", _CATCH_UP)

    async def _welcome(self) -> str | None:
        """The welcome the waiting catch-up requests ask for, once this connection's rate
        allows it (requests arriving meanwhile join it)."""
        await self._catch_ups.take()
        after, self._catch_up_after = self._catch_up_after, None
        if after is None or self.catch_up is None:
            return None
        seq, text = await self.catch_up(self, after)
        self._welcomed_through = seq
        return text

    def close(self) -> None:
        if not self.closed.is_set():
            self.closed.set()
            self.queue.put_nowait(None)

    async def writer(self) -> None:
        """Send queued messages in order until closed; a client too slow to keep up is
        disconnected (1013, try again later) and resumes by sequence number."""
        while True:
            item = await self.queue.get()
            if item is None or self.closed.is_set():
                if self.too_slow and self._close_socket is not None:
                    with contextlib.suppress(Exception):
                        await self._close_socket(1013)
                return
            seq, text = item
            if seq == _CATCH_UP:
                welcome = await self._welcome()
                if welcome is None:
                    continue
                text = welcome
            elif 0 < seq <= self._welcomed_through:
                continue
            try:
                await self._send_text(text)
            except Exception:  # the socket is gone: stop writing, the reader will notice
                self.closed.set()
                return
            self.sent += 1


@dataclass(frozen=True, slots=True)
class NewPlayer:
    """A participant asked for when a table is created."""

    name: str
    kind: str


class Hub:
    """All live tables of this server process."""

    def __init__(self, store: Store, bot_delay: float = 0.6) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self._pending: list[tuple[NewEvent, asyncio.Future[None]]] = []
        self._has_pending = asyncio.Event()
        self._writer: asyncio.Task[None] | None = None

    # --- tables ---------------------------------------------------------------------------------

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, loaded from the store (and its computer players started) if needed;
        ``None`` if there is no such table.

        Nothing is kept for an id that names no table: an id not of the shape :meth:`create`
        gives is refused before the store is asked, and a load in progress is remembered only
        while it runs (callers asking for the same table meanwhile wait for that one load).
        """
        lt = self.live.get(table_id)
        if lt is not None or not is_table_id(table_id):
            return lt
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.ensure_future(self._open(table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(lambda done: self._loaded(table_id, done))
        # Shielded: a caller that gives up (a client gone) does not cancel the others' load.
        return await asyncio.shield(loading)

    def _loaded(self, table_id: str, done: asyncio.Future[LiveTable | None]) -> None:
        """A load has ended: forget it (its failure, if any, was logged and told its callers)."""
        self._loading.pop(table_id, None)
        if not done.cancelled() and done.exception() is not None:
            log.error("table %s could not be loaded: %s", table_id, done.exception())

    async def _open(self, table_id: str) -> LiveTable | None:
        """Load the table in a worker thread, then start its computer players."""
        lt = await asyncio.to_thread(self._load, table_id)
        if lt is None:
            return None
        self.live[table_id] = lt
        self._start_driver(lt)
        return lt

    def _load(self, table_id: str) -> LiveTable | None:
        """The table as stored (in a worker thread: it reads the store and replays)."""
        row = self.store.get_table(table_id)
        if row is None:
            return None
        return LiveTable.load(
            row, self.store.participants(table_id), self.store.load_events(table_id)
        )

    async def resume_all(self) -> int:
        """Load every table whose sitting is not over, so computer players carry on."""
        n = 0
        for table_id in await asyncio.to_thread(self.store.active_table_ids):
            try:
                if await self.get(table_id) is not None:
                    n += 1
            except Exception:
                log.exception("table %s could not be resumed", table_id)
        return n

    async def create(
        self,
        variant: str,
        players: list[NewPlayer],
        *,
        laws: bool,
        seed: int | None,
        title: str,
    ) -> tuple[LiveTable, dict[str, str]]:
        """Create and store a table; returns it and the secret token of each person.

        Without a ``seed`` the table is dealt from a secret of 32 bytes drawn with
        :mod:`secrets`, stored with it and never sent; a ``seed`` is public, and binds only the
        people who accept it when they take their seats (:meth:`check_seed_accepted`).
        """
        from vivant.variants import find_variant

        cls = find_variant(variant)
        table = cls([p.name for p in players], laws=laws)
        table_id = secrets.token_hex(TABLE_ID_BYTES)
        secret = secrets.token_hex(32) if seed is None else None
        tokens = {p.name: secrets.token_urlsafe(18) for p in players if p.kind == HUMAN}
        people = [(p.name, p.kind, tokens.get(p.name)) for p in players]
        await asyncio.to_thread(
            self.store.create_table,
            table_id,
            table.variant,
            table.config(),
            seed,
            secret,
            title,
            people,
        )
        row = await asyncio.to_thread(self.store.get_table, table_id)
        assert row is not None
        lt = LiveTable(
            row=row,
            table=table,
            people={
                p.name: Person(p.name, i, p.kind, tokens.get(p.name), False)
                for i, p in enumerate(players)
            },
            seq=0,
        )
        self.live[table_id] = lt
        self._start_driver(lt)
        return lt, tokens

    def check_seed_accepted(
        self, lt: LiveTable, person: Person | None, accept_seed: object
    ) -> None:
        """A fixed seed lets whoever knows it work out every deal, so it binds only the people
        who accept it: a seat at a table with a seed is taken (from the lobby, or by a first
        use of an invitation) only with ``accept_seed`` equal to that seed, which every listing
        shows. Coming back to a seat already taken needs nothing more."""
        seed = lt.row.seed
        if seed is None:
            if accept_seed is not None:
                raise ClientError(
                    "no_seed",
                    f"table {lt.id} is dealt from the server's secret randomness; "
                    "there is no seed to accept",
                )
            return
        if accept_seed is None and person is not None and person.claimed:
            return
        if type(accept_seed) is not int or accept_seed != seed:
            raise ClientError(
                "seed_not_accepted",
                f"table {lt.id} is dealt from the fixed seed {seed}, which its creator chose "
                "and so can know every deal; to play on those terms, take the seat with "
                f"accept_seed {seed}",
            )

    def take_seat(self, lt: LiveTable, name: str, accept_seed: object = None) -> str:
        """A free person's seat taken from the lobby: a fresh token. A seat whose invitation
        has not been used yet is kept for it."""
        person = lt.people.get(name)
        if person is None or not person.is_human:
            raise ClientError("no_seat", f"table {lt.id} has no seat for a person named {name!r}")
        if person.claimed:
            raise ClientError("seat_taken", f"{name}'s seat at table {lt.id} is already taken")
        if person.invited:
            raise ClientError(
                "seat_reserved",
                f"{name}'s seat at table {lt.id} is kept for the person invited to it",
            )
        self.check_seed_accepted(lt, person, accept_seed)
        token = secrets.token_urlsafe(18)
        self.store.set_claim(lt.id, name, True, token)
        person.token = token
        person.claimed = True
        self._demote(lt, name)
        self._presence(lt)
        return token

    def leave_seat(self, lt: LiveTable, token: str) -> str:
        """The person gives the seat up (or the holder of an unused invitation withdraws it):
        the token is revoked and the seat is free for anyone in the lobby to take."""
        person = lt.token_owner(token)
        if person is None:
            raise ClientError("bad_token", f"that token belongs to no seat at table {lt.id}")
        self.store.free_seat(lt.id, person.name)
        person.token = None
        person.claimed = False
        self._demote(lt, person.name)
        self._presence(lt)
        return person.name

    def _demote(self, lt: LiveTable, name: str) -> None:
        """Connections that held ``name``'s seat go on watching, as spectators."""
        person = lt.people[name]
        for c in list(lt.connections):
            if c.name == name:
                c.name = None
                person.present = max(0, person.present - 1)
                c.request_catch_up(None)

    # --- connections ----------------------------------------------------------------------------

    async def join(
        self, lt: LiveTable, conn: Connection, last_seq: int | None, token: str | None
    ) -> None:
        """Register a connection and ask for its welcome: what it missed after ``last_seq``,
        then its current state (:meth:`catch_up`, from memory). The welcome is first in the
        connection's queue, and the updates it already holds are not sent again after it. A
        ``token`` revoked meanwhile (the seat given up while this hello waited) seats nobody:
        the connection watches.

        Raises :class:`StoreUnavailable` if the person's seat cannot be marked taken."""
        self._check_token(lt, conn, token)
        person = lt.people.get(conn.name) if conn.name is not None else None
        if person is not None and not person.claimed:
            try:
                await asyncio.to_thread(self.store.set_claim, lt.id, person.name, True)
            except Exception:
                log.exception("table %s: marking %s's seat taken failed", lt.id, person.name)
                raise StoreUnavailable(
                    f"your seat at table {lt.id} cannot be marked taken just now (the game's "
                    f"record cannot be written); connect again in a moment"
                ) from None
            person.claimed = True
        self._check_token(lt, conn, token)
        person = lt.people.get(conn.name) if conn.name is not None else None
        if person is not None:
            person.present += 1
        conn.catch_up = lambda c, after: self.catch_up(lt, c, after)
        conn.request_catch_up(last_seq)
        lt.connections.add(conn)
        self._presence(lt)

    @staticmethod
    def _check_token(lt: LiveTable, conn: Connection, token: str | None) -> None:
        """A connection whose token no longer holds its seat (it was given up) watches."""
        if conn.name is not None and lt.people[conn.name].token != token:
            conn.name = None

    async def catch_up(self, lt: LiveTable, conn: Connection, after: int) -> tuple[int, str]:
        """The table's sequence number and ``conn``'s welcome with the events after ``after``:
        built from memory, once no action is half-way between the engine and the store."""
        while not lt.settled.is_set():
            await lt.settled.wait()
        return lt.seq, lt.welcome_text(conn.name, after)

    def leave(self, lt: LiveTable, conn: Connection) -> None:
        if conn in lt.connections:
            lt.connections.discard(conn)
            person = lt.people.get(conn.name) if conn.name is not None else None
            if person is not None:
                person.present = max(0, person.present - 1)
            self._presence(lt)
        conn.close()

    def _presence(self, lt: LiveTable) -> None:
        message = dumps({"type": "presence", "people": lt.people_json(), "status": lt.status()})
        for c in list(lt.connections):
            c.send(message)

    # --- actions --------------------------------------------------------------------------------

    async def submit(self, lt: LiveTable, conn: Connection, client_id: str, action: Action) -> None:
        """A person's intent: checked, applied, stored, acknowledged and fanned out; or refused
        with a :class:`ClientError` (the table unchanged)."""
        name = conn.name
        if name is None:
            raise ClientError("spectator", "spectators watch; they cannot act at the table")
        data = action.to_json()
        async with lt.lock:
            seen = lt.client_ids.get((name, client_id))
            if seen is not None:
                if seen[1] != data:
                    raise ClientError(
                        "id_reused",
                        f"message id {client_id!r} was already used for another action "
                        f"(event {seen[0]}); use a new id for a new action",
                    )
                conn.send({"type": "ack", "id": client_id, "seq": seen[0], "duplicate": True})
                return
            if lt.broken:
                raise ClientError("table_broken", lt.broken)
            if lt.paused:
                raise StoreUnavailable(f"{lt.paused}; your action was not applied")
            seat = lt.seat_of(name)
            if seat is None:
                raise ClientError(
                    "no_seat", f"{name} has no seat in this game (sitting out, or not yet seated)"
                )
            acting = getattr(action, "seat", None)
            if not isinstance(acting, int) or lt.table.controller(acting) != seat:
                what = "a chance action" if acting is None else f"seat {'NESW'[acting]}"
                raise ClientError(
                    "not_your_seat",
                    f"{name} sits at {'NESW'[seat]} and cannot act for {what}",
                )
            await self._commit(lt, action, name, client_id, conn)
        lt.wake.set()

    async def _commit(
        self,
        lt: LiveTable,
        action: Action,
        actor: str | None,
        client_id: str | None,
        sender: Connection | None,
    ) -> int:
        """Apply, store, acknowledge, fan out. The caller holds ``lt.lock``.

        Raises :class:`StoreUnavailable` (the table rebuilt as it was, and paused) if the store
        does not take the event."""
        lt.settled.clear()
        try:
            try:
                lt.narrator.remember_names()
                events = lt.table.apply(action)
            except VivantError as exc:
                raise ClientError("illegal", str(exc)) from None
            seq = lt.seq + 1
            data = action.to_json()
            public_events = worded_events(lt.narrator, action, events)
            status = "over" if lt.table.is_over() else "playing"
            event = NewEvent(lt.id, seq, actor, client_id, data, public_events, status)
            try:
                await self._store_retrying(event)
            except Exception:
                log.exception("storing event %d of table %s failed", seq, lt.id)
                await self._rewind(lt)
                self._pause(lt)
                raise StoreUnavailable(
                    f"{_paused_message(lt.id)}. The action was not applied: send it again "
                    f"(with the same id) once play resumes"
                ) from None
            message = lt.record(seq, actor, client_id, data, public_events)
        finally:
            lt.settled.set()
        if sender is not None and client_id is not None:
            sender.send({"type": "ack", "id": client_id, "seq": seq, "duplicate": False})
        self._fan_out(lt, message)
        return seq

    async def _store_retrying(self, event: NewEvent) -> None:
        """Store one event, trying a second time after :data:`STORE_RETRY` seconds (a dropped
        connection is replaced by then). A sequence conflict is not retried: the store holds
        more than this table knows, and only a reload can tell what."""
        try:
            await self._store(event)
        except SeqConflictError:
            raise
        except Exception:
            log.warning(
                "storing event %d of table %s failed; trying again", event.seq, event.table_id
            )
            await asyncio.sleep(STORE_RETRY)
            await self._store(event)

    async def _store(self, event: NewEvent) -> None:
        """Store one event; returns once it is committed. Events arriving together (from many
        tables) are committed in one transaction by the writer task: group commit."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((event, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write())
        self._has_pending.set()
        await future

    async def _write(self) -> None:
        """The writer: commit whatever events are waiting, as one batch, until none are (in a
        worker thread; events arriving meanwhile make the next batch)."""
        while True:
            await self._has_pending.wait()
            await asyncio.sleep(0)  # let the other tables of this loop turn add theirs
            self._has_pending.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            try:
                await asyncio.to_thread(self.store.append_many, [e for e, _ in batch])
            except Exception as exc:
                if not isinstance(exc, SeqConflictError) or len(batch) == 1:
                    for _, f in batch:  # the store is failing: each table retries or pauses
                        if not f.done():
                            f.set_exception(exc)
                    continue
                # One conflicting event must not sink the others: store them one by one.
                for e, f in batch:
                    try:
                        await asyncio.to_thread(self.store.append_many, [e])
                    except Exception as exc:
                        if not f.done():
                            f.set_exception(exc)
                    else:
                        if not f.done():
                            f.set_result(None)
                continue
            for _, f in batch:
                if not f.done():
                    f.set_result(None)

    async def _rewind(self, lt: LiveTable) -> None:
        """Rebuild the engine table from the actions known to be stored (after a failed write
        left one applied in memory only)."""
        try:
            lt.table = await asyncio.to_thread(replay_table, lt.row, list(lt.actions))
        except Exception as exc:  # the engine cannot replay its own log: nothing to resume
            log.exception("table %s could not be rebuilt", lt.id)
            lt.broken = f"table {lt.id} stopped: it could not be rebuilt ({type(exc).__name__})"

    def _pause(self, lt: LiveTable) -> None:
        """Stop the table until the store takes writes again; tell everyone at it."""
        if lt.paused is not None or lt.broken is not None:
            return
        lt.paused = _paused_message(lt.id)
        self._notice(lt, "paused", lt.paused)
        self._presence(lt)
        lt.recovery = asyncio.get_running_loop().create_task(self._recover(lt))

    async def _recover(self, lt: LiveTable) -> None:
        """Try the store with growing pauses (:data:`STORE_BACKOFF`) until it takes a write and
        the table reloads from it; then resume the table: everyone is told, each connection
        gets a fresh welcome (with any event it had not seen), the computer players go on."""
        attempt = 0
        while True:
            await asyncio.sleep(STORE_BACKOFF[min(attempt, len(STORE_BACKOFF) - 1)])
            attempt += 1
            try:
                fresh = await asyncio.to_thread(self._reload, lt.id)
            except Exception as exc:
                log.warning("table %s: the store is still unavailable (%s)", lt.id, exc)
                continue
            break
        async with lt.lock:
            before = lt.seq
            lt.adopt(fresh)
            lt.paused = None
            lt.recovery = None
        log.info("table %s resumes after %d attempt(s)", lt.id, attempt)
        self._notice(
            lt, "resumed", f"table {lt.id} resumes: the game's record can be written again"
        )
        for c in list(lt.connections):
            c.request_catch_up(min(before, lt.seq))
        self._presence(lt)
        self._start_driver(lt)

    def _reload(self, table_id: str) -> LiveTable:
        """The table as stored, once the store takes a write again (in a worker thread)."""
        self.store.check_writable(table_id)
        fresh = self._load(table_id)
        if fresh is None:
            raise LookupError(f"table {table_id} is no longer in the store")
        return fresh

    def _notice(self, lt: LiveTable, code: str, message: str) -> None:
        """Tell every connection at the table what happened to it."""
        text = dumps({"type": "notice", "code": code, "message": message})
        for c in list(lt.connections):
            c.send(text)

    def _fan_out(self, lt: LiveTable, event: dict[str, Any]) -> None:
        """Each connection gets the event and its own state (built once per viewer)."""
        seq = event["seq"]
        for conn in list(lt.connections):
            conn.send(lt.update_text(conn.name), seq)

    # --- computer players and chance ------------------------------------------------------------

    def _start_driver(self, lt: LiveTable) -> None:
        if lt.driver is None and not lt.table.is_over():
            lt.driver = asyncio.get_running_loop().create_task(self._drive(lt))
        lt.wake.set()

    async def _drive(self, lt: LiveTable) -> None:
        """Make chance's and the computer players' moves whenever the table waits for them."""
        while not lt.table.is_over():
            await lt.wake.wait()
            lt.wake.clear()
            while True:
                async with lt.lock:
                    decider = lt.next_decider()
                    if decider is None or decider.kind == HUMAN or lt.broken or lt.paused:
                        break
                    try:
                        if decider.kind == "chance":
                            action = chance_action(lt.table, lt.row.key, lt.seq + 1)
                        else:
                            assert decider.seat is not None and decider.bot_kind is not None
                            # In a worker thread: a Monte-Carlo player may think for a second,
                            # and the solver releases the GIL, so the other tables and clients
                            # go on meanwhile (this table's lock is held; the bot only reads).
                            action = await asyncio.to_thread(
                                bot_action,
                                lt.table,
                                decider.seat,
                                decider.bot_kind,
                                lt.row.key,
                                lt.seq + 1,
                            )
                        await self._commit(lt, action, decider.name, None, None)
                    except StoreUnavailable:
                        break  # paused: resumed by _recover
                    except ClientError as exc:
                        log.error("table %s: computer move refused: %s", lt.id, exc.message)
                        lt.broken = f"table {lt.id} stopped: {exc.message}"
                        break
                    except Exception:
                        log.exception("table %s: computer move failed", lt.id)
                        lt.broken = f"table {lt.id} stopped: a computer player's move failed"
                        break
                delay = 0.0 if decider.kind == "chance" else self.bot_delay
                await asyncio.sleep(delay)
        lt.driver = None

    async def close(self) -> None:
        """Stop the computer players' and recovery tasks and the writer, and close every
        connection."""
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._writer
            self._writer = None
        for lt in self.live.values():
            if lt.recovery is not None:
                lt.recovery.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await lt.recovery
                lt.recovery = None
            if lt.driver is not None:
                lt.driver.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await lt.driver
                lt.driver = None
            for c in list(lt.connections):
                c.close()
