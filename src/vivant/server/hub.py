"""The hub: live tables in memory, their connections, and the one path by which an action is
accepted — engine validation, then the store, then the acknowledgement and the fan-out.

An action (a person's intent, a computer player's choice or chance) is applied to the engine
table under the table's lock; if the engine refuses it nothing changed and the error goes to
the sender only. Otherwise it is committed to the store with the next sequence number *before*
anyone hears of it; if the store fails the table is rebuilt from the store, so memory never runs
ahead of what a restart would find. Then the sender gets its ``ack`` and every connection its own
``update`` (its seat's view, the action made public).

Each connection has a bounded outgoing queue and its own writer task, so one slow client never
holds up a table; a client that falls too far behind is disconnected and catches up by sequence
number when it comes back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from vivant.actions import Action
from vivant.errors import VivantError

from .bots import bot_action, chance_action
from .live import HUMAN, LiveTable, Person, event_message
from .store import NewEvent, Store

log = logging.getLogger("vivant.server")

#: Messages waiting for one connection before it is dropped as too slow.
MAX_QUEUE = 1000
#: A table id is this many random bytes, in lower-case hex.
TABLE_ID_BYTES = 6
_TABLE_ID = re.compile(f"[0-9a-f]{{{2 * TABLE_ID_BYTES}}}")


def is_table_id(text: str) -> bool:
    """Whether ``text`` has the shape of a table id (it may still name no table)."""
    return _TABLE_ID.fullmatch(text) is not None


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))


class ClientError(Exception):
    """A refusal sent to the offending client only: a ``code`` and a clear message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


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
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = asyncio.Event()
        self.too_slow = False
        self.sent: int = 0

    def send(self, data: dict[str, Any] | str) -> None:
        """Queue a message; a connection too far behind is closed (it will catch up)."""
        if self.closed.is_set():
            return
        if self.queue.qsize() >= MAX_QUEUE:
            log.warning("dropping a connection that is %d messages behind", MAX_QUEUE)
            self.too_slow = True
            self.close()
            return
        self.queue.put_nowait(data if isinstance(data, str) else dumps(data))

    def close(self) -> None:
        if not self.closed.is_set():
            self.closed.set()
            self.queue.put_nowait(None)

    async def writer(self) -> None:
        """Send queued messages in order until closed; a client too slow to keep up is
        disconnected (1013, try again later) and resumes by sequence number."""
        while True:
            text = await self.queue.get()
            if text is None or self.closed.is_set():
                if self.too_slow and self._close_socket is not None:
                    with contextlib.suppress(Exception):
                        await self._close_socket(1013)
                return
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
            loading = asyncio.ensure_future(self._load(table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(lambda done: self._loaded(table_id, done))
        # Shielded: a caller that gives up (a client gone) does not cancel the others' load.
        return await asyncio.shield(loading)

    def _loaded(self, table_id: str, done: asyncio.Future[LiveTable | None]) -> None:
        """A load has ended: forget it (its failure, if any, was logged and told its callers)."""
        self._loading.pop(table_id, None)
        if not done.cancelled() and done.exception() is not None:
            log.error("table %s could not be loaded: %s", table_id, done.exception())

    async def _load(self, table_id: str) -> LiveTable | None:
        row = self.store.get_table(table_id)
        if row is None:
            return None
        lt = LiveTable.load(
            row, self.store.participants(table_id), self.store.load_events(table_id)
        )
        self.live[table_id] = lt
        self._start_driver(lt)
        return lt

    async def resume_all(self) -> int:
        """Load every table whose sitting is not over, so computer players carry on."""
        n = 0
        for table_id in self.store.active_table_ids():
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
        self.store.create_table(
            table_id, table.variant, table.config(), seed, secret, title, people
        )
        row = self.store.get_table(table_id)
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
                c.send(self.welcome_message(lt, c, []))

    def welcome_message(
        self, lt: LiveTable, conn: Connection, missed: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """What a connection is sent on joining (or resyncing, or losing its seat): the events
        it missed, then its own state."""
        return {
            "type": "welcome",
            "table": lt.id,
            "variant": lt.row.variant,
            "title": lt.row.title,
            "you": conn.name,
            "seed": lt.row.seed,
            "seq": lt.seq,
            "missed": missed,
            "people": lt.people_json(),
            "state": lt.state_for(conn.name),
        }

    # --- connections ----------------------------------------------------------------------------

    async def join(
        self, lt: LiveTable, conn: Connection, last_seq: int | None, token: str | None
    ) -> None:
        """Register a connection and send its welcome: what it missed after ``last_seq`` (from
        the store), then its current state. Done under the table's lock, so no event falls
        between the catch-up and the live stream; a ``token`` revoked meanwhile seats nobody
        (the connection watches)."""
        async with lt.lock:
            if conn.name is not None and lt.people[conn.name].token != token:
                conn.name = None
            missed: list[dict[str, Any]] = []
            if last_seq is not None and last_seq < lt.seq:
                rows = self.store.load_events(lt.id, after=last_seq)
                missed = [event_message(r.seq, r.actor, r.action, r.events) for r in rows]
            person = lt.people.get(conn.name) if conn.name is not None else None
            if person is not None:
                person.present += 1
                if not person.claimed:
                    person.claimed = True
                    self.store.set_claim(lt.id, person.name, True)
            lt.connections.add(conn)
            conn.send(self.welcome_message(lt, conn, missed))
        self._presence(lt)

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
        """Apply, store, acknowledge, fan out. The caller holds ``lt.lock``."""
        try:
            events = lt.table.apply(action)
        except VivantError as exc:
            raise ClientError("illegal", str(exc)) from None
        seq = lt.seq + 1
        data = action.to_json()
        public_events = [{"kind": e.kind, **e.data} for e in events]
        status = "over" if lt.table.is_over() else "playing"
        try:
            await self._store(NewEvent(lt.id, seq, actor, client_id, data, public_events, status))
        except Exception:
            # The details (SQL, the driver's words, the action's cards) are for the log only.
            log.exception("storing event %d of table %s failed", seq, lt.id)
            self._reload(lt)
            raise ClientError(
                "store_failed",
                "the action could not be stored and was not applied; try again in a moment",
            ) from None
        lt.seq = seq
        if actor is not None and client_id is not None:
            lt.client_ids[(actor, client_id)] = (seq, data)
        if sender is not None and client_id is not None:
            sender.send({"type": "ack", "id": client_id, "seq": seq, "duplicate": False})
        self._fan_out(lt, event_message(seq, actor, data, public_events))
        return seq

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
        """The writer: commit whatever events are waiting, as one batch, until none are."""
        while True:
            await self._has_pending.wait()
            await asyncio.sleep(0)  # let the other tables of this loop turn add theirs
            self._has_pending.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            try:
                self.store.append_many([e for e, _ in batch])
            except Exception:
                # One bad event must not sink the others: store them one by one.
                for e, f in batch:
                    try:
                        self.store.append_many([e])
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

    def _reload(self, lt: LiveTable) -> None:
        """Rebuild the engine table from the store after a failed write."""
        try:
            fresh = LiveTable.load(
                lt.row, self.store.participants(lt.id), self.store.load_events(lt.id)
            )
            lt.table, lt.seq, lt.client_ids = fresh.table, fresh.seq, fresh.client_ids
        except Exception:
            log.exception("table %s could not be reloaded from the store", lt.id)
            lt.broken = f"table {lt.id} is unavailable until the server restarts"

    def _fan_out(self, lt: LiveTable, event: dict[str, Any]) -> None:
        """Each connection gets the event and its own state (built once per viewer)."""
        cache: dict[str | None, str] = {}
        for conn in list(lt.connections):
            text = cache.get(conn.name)
            if text is None:
                text = dumps({"type": "update", **event, "state": lt.state_for(conn.name)})
                cache[conn.name] = text
            conn.send(text)

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
                    if decider is None or decider.kind == HUMAN or lt.broken:
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
        """Stop the computer players' tasks and the writer, and close every connection."""
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._writer
            self._writer = None
        for lt in self.live.values():
            if lt.driver is not None:
                lt.driver.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await lt.driver
                lt.driver = None
            for c in list(lt.connections):
                c.close()
