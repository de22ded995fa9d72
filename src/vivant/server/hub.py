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
from dataclasses import dataclass, replace
from typing import Any

from vivant.actions import Action, AnswerUndo
from vivant.conventions import Sitting
from vivant.errors import VivantError

from . import absent
from .bots import bot_action, bot_kinds, chance_action
from .live import HUMAN, LiveTable, Person, dumps, replay_sitting, worded_events
from .store import NewEvent, SeqConflictError, Store, TableSettings

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


#: The refusal of a choice the table has moved past since it was offered (issue 15).
STALE_WORDS = (
    "That choice is no longer open: the table moved on before it arrived (another player acted "
    "first). Nothing was changed; choose again from what is offered now."
)


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


def _handed_words(name: str, to: str) -> str:
    """What the table is told when its owner hands a seat over."""
    if to == HUMAN:
        return f"the owner has invited a new person to {name}'s seat"
    return f"the owner has handed {name}'s seat to a computer player ({to})"


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
        #: The seat's fresh token, for this connection's next welcome only (an invitation
        #: just used: see :meth:`Hub.join`).
        self.new_token: str | None = None
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
        now = time.monotonic()
        for person in lt.people.values():
            if person.is_human and person.claimed:
                person.away_since = now  # nobody is connected to a table just loaded
        self.live[table_id] = lt
        self._note_turn(lt)
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
        settings: TableSettings | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[LiveTable, dict[str, str], str]:
        """Create and store a table; returns it, the secret token of each person's invitation
        and the owner's secret (with which seats are handed over: :meth:`hand_seat`).

        Without a ``seed`` the table is dealt from a secret of 32 bytes drawn with
        :mod:`secrets`, stored with it and never sent; a ``seed`` is public, and binds only the
        people who accept it when they take their seats (:meth:`check_seed_accepted`).
        """
        from vivant.variants import find_variant

        cls = find_variant(variant)
        table = cls([p.name for p in players], laws=laws, **(options or {}))
        table_id = secrets.token_hex(TABLE_ID_BYTES)
        secret = secrets.token_hex(32) if seed is None else None
        tokens = {p.name: secrets.token_urlsafe(18) for p in players if p.kind == HUMAN}
        owner = secrets.token_urlsafe(18)
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
            owner,
            settings,
        )
        row = await asyncio.to_thread(self.store.get_table, table_id)
        assert row is not None
        lt = LiveTable(
            row=row,
            sitting=Sitting(row.config),
            people={
                p.name: Person(p.name, i, p.kind, tokens.get(p.name), False)
                for i, p in enumerate(players)
            },
            seq=0,
        )
        self.live[table_id] = lt
        self._start_driver(lt)
        return lt, tokens, owner

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

    async def take_seat(self, lt: LiveTable, name: str, accept_seed: object = None) -> str:
        """A free person's seat taken from the lobby: a fresh token. A seat whose invitation
        has not been used yet is kept for it. The store is written in a worker thread, under
        the table's seating lock (two people asking for one seat get it once)."""
        async with lt.seating:
            person = lt.people.get(name)
            if person is None or not person.is_human:
                raise ClientError(
                    "no_seat", f"table {lt.id} has no seat for a person named {name!r}"
                )
            if person.claimed:
                raise ClientError("seat_taken", f"{name}'s seat at table {lt.id} is already taken")
            if person.invited:
                raise ClientError(
                    "seat_reserved",
                    f"{name}'s seat at table {lt.id} is kept for the person invited to it",
                )
            self.check_seed_accepted(lt, person, accept_seed)
            token = secrets.token_urlsafe(18)
            await self._seat_write(lt, self.store.set_claim, lt.id, name, True, token)
            person.token = token
            person.claimed = True
            self._demote(lt, name)
        self._presence(lt)
        return token

    async def leave_seat(self, lt: LiveTable, token: str) -> str:
        """The person gives the seat up (or the holder of an unused invitation withdraws it):
        the token is revoked and the seat is free for anyone in the lobby to take."""
        async with lt.seating:
            person = lt.token_owner(token)
            if person is None:
                raise ClientError("bad_token", f"that token belongs to no seat at table {lt.id}")
            await self._seat_write(lt, self.store.free_seat, lt.id, person.name)
            person.token = None
            person.claimed = False
            self._demote(lt, person.name)
        self._presence(lt)
        return person.name

    async def store_settings(self, lt: LiveTable, settings: TableSettings) -> None:
        """The table's new settings, stored (in a worker thread) before they take effect;
        :class:`StoreUnavailable` if they cannot be, and then nothing changed."""
        try:
            await asyncio.to_thread(self.store.set_settings, lt.id, settings)
        except Exception:
            log.exception("table %s: its settings could not be stored", lt.id)
            raise StoreUnavailable(
                f"the settings of table {lt.id} cannot be changed just now; try again in a moment"
            ) from None
        lt.row = replace(lt.row, settings=settings)

    @staticmethod
    async def _seat_write(lt: LiveTable, write: Callable[..., None], *args: Any) -> None:
        """One write of the seats (in a worker thread); :class:`StoreUnavailable` if it fails,
        and then nothing changed."""
        try:
            await asyncio.to_thread(write, *args)
        except Exception:
            log.exception("table %s: a change of seats could not be stored", lt.id)
            raise StoreUnavailable(
                f"the seats of table {lt.id} cannot be changed just now (the game's record "
                "cannot be written); try again in a moment"
            ) from None

    def _demote(self, lt: LiveTable, name: str) -> None:
        """Connections that held ``name``'s seat go on watching, as spectators; whoever holds
        the seat next starts afresh (no stand-in, not away)."""
        person = lt.people[name]
        person.stand_in = person.away_since = None
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

        An invitation is used once (D-TC3): the first connection that brings it gets a fresh
        token of its own in its welcome (``token``) and the invitation seats nobody again, so
        whoever made or saw the link (the table's creator) cannot take the seat afterwards.

        Raises :class:`StoreUnavailable` if the person's seat cannot be marked taken."""
        async with lt.seating:
            self._check_token(lt, conn, token)
            person = lt.people.get(conn.name) if conn.name is not None else None
            if person is not None and not person.claimed:
                fresh = secrets.token_urlsafe(18)
                try:
                    await asyncio.to_thread(self.store.set_claim, lt.id, person.name, True, fresh)
                except Exception:
                    log.exception("table %s: marking %s's seat taken failed", lt.id, person.name)
                    raise StoreUnavailable(
                        f"your seat at table {lt.id} cannot be marked taken just now (the "
                        f"game's record cannot be written); connect again in a moment"
                    ) from None
                person.claimed = True
                person.token = conn.new_token = fresh
            if person is not None:
                person.present += 1
                person.away_since = None
                self._back(lt, person)
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
        token, conn.new_token = conn.new_token, None
        return lt.seq, lt.welcome_text(conn.name, after, token)

    def leave(self, lt: LiveTable, conn: Connection) -> None:
        if conn in lt.connections:
            lt.connections.discard(conn)
            person = lt.people.get(conn.name) if conn.name is not None else None
            if person is not None:
                person.present = max(0, person.present - 1)
                if person.present == 0 and person.claimed:
                    person.away_since = time.monotonic()
                    self._arm_absence(lt)
            self._presence(lt)
        conn.close()

    def _presence(self, lt: LiveTable) -> None:
        message = dumps({"type": "presence", "people": lt.people_json(), "status": lt.status()})
        for c in list(lt.connections):
            c.send(message)

    # --- actions --------------------------------------------------------------------------------

    async def submit(
        self,
        lt: LiveTable,
        conn: Connection,
        client_id: str,
        action: Action,
        at_seq: int | None = None,
    ) -> None:
        """A person's intent: checked, applied, stored, acknowledged and fanned out; or refused
        with a :class:`ClientError` (the table unchanged). ``at_seq``: the table's sequence number
        the person chose at; a choice the table has since moved past (a computer partner acted
        first) is refused as ``stale``, in a person's words."""
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
            try:
                seat = lt.seat_of(name)
                if seat is None:
                    raise ClientError(
                        "no_seat",
                        f"{name} has no seat in this game (sitting out, or not yet seated)",
                    )
                acting = getattr(action, "seat", None)
                if not isinstance(acting, int) or lt.table.controller(acting) != seat:
                    lt.narrator.remember_names()  # the seats' names as they are now
                    what = (
                        lt.narrator.who(lt.table.role(acting))
                        if isinstance(acting, int)
                        else "a chance action"
                    )
                    raise ClientError(
                        "not_your_seat",
                        f"{name} sits at {lt.table.role(seat)} and cannot act for {what}",
                    )
                self._back(lt, lt.people[name])  # whoever acts is at the table
                await self._commit(lt, action, name, client_id, conn)
            except ClientError as exc:
                moved_on = at_seq is not None and at_seq < lt.seq
                if moved_on and exc.code in ("illegal", "no_seat", "not_your_seat"):
                    raise ClientError("stale", STALE_WORDS) from None
                raise
        lt.wake.set()

    async def _commit(
        self,
        lt: LiveTable,
        action: Action,
        actor: str | None,
        client_id: str | None,
        sender: Connection | None,
        stand_in: str | None = None,
    ) -> int:
        """Apply, store, acknowledge, fan out. The caller holds ``lt.lock``. ``stand_in``: the
        kind of computer player acting for the absent person ``actor``.

        Raises :class:`StoreUnavailable` (the table rebuilt as it was, and paused) if the store
        does not take the event."""
        lt.settled.clear()
        try:
            try:
                lt.narrator.remember_names()
                events = lt.sitting.apply(action)
            except VivantError as exc:
                raise ClientError("illegal", str(exc)) from None
            seq = lt.seq + 1
            data = action.to_json()
            public_events = worded_events(lt.narrator, action, events)
            status = "over" if lt.table.is_over() else "playing"
            event = NewEvent(lt.id, seq, actor, client_id, data, public_events, status, stand_in)
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
            message = lt.record(seq, actor, client_id, data, public_events, stand_in)
        finally:
            lt.settled.set()
        if sender is not None and client_id is not None:
            sender.send({"type": "ack", "id": client_id, "seq": seq, "duplicate": False})
        self._fan_out(lt, message)
        self._note_turn(lt)
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
            lt.sitting = await asyncio.to_thread(replay_sitting, lt.row, list(lt.actions))
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

    # --- absent players (see :mod:`vivant.server.absent`) ---------------------------------------

    def _note_turn(self, lt: LiveTable) -> None:
        """Note whom the table waits for now (a person's time to act starts), and re-arm the
        absence timer."""
        decider = lt.next_decider()
        lt.turn_of = decider.name if decider is not None and decider.kind == HUMAN else None
        lt.turn_since = time.monotonic()
        self._arm_absence(lt)

    def _arm_absence(self, lt: LiveTable) -> None:
        """(Re)arm ``lt``'s one timer for the next stand-in that may be due."""
        if lt.absence is not None:
            lt.absence.cancel()
            lt.absence = None
        at = absent.next_due(lt)
        if at is not None and self.live.get(lt.id) is lt:
            loop = asyncio.get_running_loop()
            lt.absence = loop.call_later(max(0.0, at - time.monotonic()), self._absence_due, lt)

    def _absence_due(self, lt: LiveTable) -> None:
        """The timer fired: a stand-in of the table's chosen kind takes each seat due."""
        lt.absence = None
        due = absent.due_now(lt, time.monotonic())
        kind = lt.row.settings.stand_in
        for person in due:
            person.stand_in = kind
            log.info("table %s: a %s player stands in for %s", lt.id, kind, person.name)
            self._notice(lt, "stand_in", absent.stand_in_words(person, kind, person.present > 0))
        if due:
            self._refresh(lt)
            lt.wake.set()
        self._arm_absence(lt)

    def _back(self, lt: LiveTable, person: Person) -> None:
        """The person is back at the table: the stand-in gives his seat back to him."""
        if person.stand_in is None:
            return
        person.stand_in = None
        if lt.turn_of is None or lt.turn_of == person.name:
            self._note_turn(lt)  # his time to act starts again
        self._notice(lt, "back", absent.back_words(person))
        self._refresh(lt)

    async def back(self, lt: LiveTable, conn: Connection) -> None:
        """``{"type": "back"}``: the person says he is at the table again.

        A stand-in's move half-way into the store is his seat's last: the notice waits for it,
        so every connection gets that move's update before the notice (a person answering the
        notice at once chooses from the table as it is, not as it was before that move)."""
        person = lt.people.get(conn.name) if conn.name is not None else None
        if person is None:
            raise ClientError("spectator", "spectators watch; they have no seat to come back to")
        while not lt.settled.is_set():
            await lt.settled.wait()
        self._back(lt, person)

    def _refresh(self, lt: LiveTable) -> None:
        """Everyone is told who is at the table, and gets a fresh state (whom it waits for)."""
        self._presence(lt)
        for c in list(lt.connections):
            c.request_catch_up(None)

    # --- the owner's seats ----------------------------------------------------------------------

    async def hand_seat(self, lt: LiveTable, owner: object, name: object, to: object) -> str | None:
        """The table's owner hands the seat of ``name`` to a computer player of kind ``to``
        (it then plays that seat; nothing is returned), or, ``to`` ``"human"``, to a new
        person: a fresh invitation's token is returned, and whoever held the seat before
        watches from then on."""
        if lt.row.owner is None or not isinstance(owner, str) or owner != lt.row.owner:
            raise ClientError("not_owner", f"only the owner of table {lt.id} can hand its seats")
        kinds = (HUMAN, *bot_kinds())
        if to not in kinds:
            raise ClientError("bad_kind", f"hand a seat to one of {', '.join(kinds)}, not {to!r}")
        assert isinstance(to, str)
        if lt.table.is_over():
            raise ClientError("over", f"the sitting at table {lt.id} is over")
        async with lt.seating:
            person = lt.people.get(name) if isinstance(name, str) else None
            if person is None:
                raise ClientError("no_seat", f"table {lt.id} has no seat named {name!r}")
            token = secrets.token_urlsafe(18) if to == HUMAN else None
            await self._seat_write(lt, self.store.hand_seat, lt.id, person.name, to, token)
            person.kind, person.token, person.claimed = to, token, False
            self._demote(lt, person.name)
        log.info("table %s: the owner handed %s's seat to %s", lt.id, person.name, to)
        self._notice(lt, "handed", _handed_words(person.name, to))
        self._refresh(lt)
        self._note_turn(lt)
        lt.wake.set()
        return token

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
                        if lt.sitting.undo is not None:
                            # D-TC1: computer players agree to a card taken back.
                            assert decider.seat is not None
                            action: Action = AnswerUndo(decider.seat, True)
                        elif decider.kind == "chance":
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
                                lt.is_person,
                            )
                        if decider.stand_in and lt.next_decider() != decider:
                            continue  # the person came back meanwhile: his own choice counts
                        stand_in = decider.bot_kind if decider.stand_in else None
                        await self._commit(lt, action, decider.name, None, None, stand_in)
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
                pace = self.bot_delay if lt.bot_delay is None else lt.bot_delay
                delay = 0.0 if decider.kind == "chance" else pace
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
            if lt.absence is not None:
                lt.absence.cancel()
                lt.absence = None
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
