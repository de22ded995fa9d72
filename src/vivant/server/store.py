"""The server's store: tables, their participants and their event logs, and the Duplicate Whist
events of the browser, through SQLAlchemy.

One schema for SQLite (the default, ``./vivant.db`` in WAL mode) and PostgreSQL
(``postgresql+psycopg://...``). Payloads are plain JSON text plus a few scalar columns, so both
engines behave the same (research/ecosystem.md A3.2).

The event log is the truth: ``events(table_id, seq)`` is unique, every accepted action is one
row, and a table's state is the fold of its rows over its ``config`` (:meth:`Table.replay`).
A row is committed before the action is acknowledged to anyone, so a server killed at any moment
restarts with every acknowledged action. ``(table_id, actor, client_id)`` is unique too: a client
message id is used once per player, which makes resent messages idempotent.

A table's chance actions and computer players' choices are derived from its key
(:attr:`TableRow.key`): the ``secret`` the server drew with :mod:`secrets` when the table was
made, kept here and nowhere else, so that a restart deals exactly as before while no client can
know a deal before it is made; or, at a table whose fixed ``seed`` every person accepted (or
that seats computer players only), that public seed.

A Duplicate Whist event of the browser (``duplicate_events``, ``duplicate_rounds``) is stored as
what rebuilds it exactly (:mod:`vivant.server.events`): its creation parameters and, for each
round as it is set up, the pair's table, the people's seat links there and the other tables'
results, committed before the event's page shows that round. A store made before these tables
gets them, empty, when it is opened (``create_all`` makes the tables a store lacks).
"""

from __future__ import annotations

import json
import math
import secrets
import time
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    event,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import IntegrityError

DEFAULT_URL = "sqlite:///vivant.db"

#: Seconds an SQLite write waits for a lock another connection holds, unless the store's URL
#: sets its own ``timeout``.
SQLITE_BUSY_TIMEOUT = 5.0

metadata = MetaData()


def _timestamps() -> tuple[Column[float], Column[float]]:
    """A row's ``created_at`` and ``updated_at`` (``time.time()``)."""
    return Column("created_at", Float, nullable=False), Column("updated_at", Float, nullable=False)


tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("variant", String(40), nullable=False),
    Column("config", Text, nullable=False),
    # The fixed seed everyone at the table accepted; 0 and unused when ``secret`` is set.
    Column("seed", BigInteger, nullable=False),
    # 32 bytes from ``secrets`` in hex: the table's key, never sent to any client.
    Column("secret", String(64), nullable=True),
    Column("title", String(120), nullable=False, default=""),
    # The owner's secret (the creator's), with which seats are handed over; never listed.
    Column("owner", String(64), nullable=True),
    # The table's settings as JSON: when a computer player stands in for an absent person, and
    # which kind (see :class:`TableSettings`).
    Column("settings", Text, nullable=True),
    Column("status", String(16), nullable=False, default="playing"),
    Column("last_seq", Integer, nullable=False, default=0),
    *_timestamps(),
)

participants = Table(
    "participants",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("name", String(64), primary_key=True),
    Column("position", Integer, nullable=False),
    Column("kind", String(24), nullable=False),
    Column("token", String(64), nullable=True, unique=True),
    Column("claimed", Boolean, nullable=False, default=False),
)

events = Table(
    "events",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("actor", String(64), nullable=True),
    Column("client_id", String(64), nullable=True),
    Column("action", Text, nullable=False),
    Column("events", Text, nullable=False),
    # The kind of computer player that made this action for the absent person ``actor``.
    Column("stand_in", String(24), nullable=True),
    Column("created_at", Float, nullable=False),
    UniqueConstraint("table_id", "actor", "client_id", name="uq_events_client_id"),
)

# Duplicate Whist events of the browser (:mod:`vivant.server.events`): what rebuilds one
# exactly. The trays are dealt from ``seed``, so they are recomputed; the pair's table of each
# round is a table above (durable like any other), and its invitations are kept with the round,
# and so are the results the computer players made at every other table (what they did is
# recorded, as at any table, so that other computer players, of a newer server, change nothing
# that was said).
duplicate_events = Table(
    "duplicate_events",
    metadata,
    # 16 bytes from ``secrets`` in hex: the event's id and its secret (its page holds the
    # people's seat links); never listed.
    Column("id", String(32), primary_key=True),
    # A public label, independent of the id, naming the event in its tables' titles.
    Column("label", String(16), nullable=False),
    Column("name", String(64), nullable=False),
    Column("partner", String(64), nullable=True),
    Column("movement", String(24), nullable=False),
    Column("tables", Integer, nullable=False),
    Column("trays", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False, default="playing"),
    *_timestamps(),
)

duplicate_rounds = Table(
    "duplicate_rounds",
    metadata,
    Column("event_id", String(32), ForeignKey("duplicate_events.id"), primary_key=True),
    Column("round", Integer, primary_key=True),
    # The pair's table of the round (``None``: the pair sits out); not a foreign key: an
    # abandoned table may be removed (the event then says its table is gone).
    Column("table_id", String(32), nullable=True),
    # The people's seat links of that table as JSON: ``[{"name", "url"}]``.
    Column("seats", Text, nullable=False),
    # The other tables' results of the round as JSON (the fields of each ``TrayResult``).
    Column("others", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)


# Built once: compiling a statement per event would cost more than executing it.
_INSERT_EVENT = events.insert()
_UPDATE_TABLE = (
    update(tables)
    .where(tables.c.id == bindparam("b_id"))
    .values(
        last_seq=bindparam("b_seq"), status=bindparam("b_status"), updated_at=bindparam("b_now")
    )
)


class SeqConflictError(RuntimeError):
    """Another writer stored an event with the same ``(table_id, seq)`` first."""


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event to store: the table, its sequence number, who sent it with which message id,
    the action (engine JSON), its public events, and the table's status after it."""

    table_id: str
    seq: int
    actor: str | None
    client_id: str | None
    action: dict[str, Any]
    events: list[dict[str, Any]]
    status: str
    stand_in: str | None = None


#: Seconds a person may be away (disconnected, or not acting when it is his turn) before a
#: computer player stands in, unless the table says otherwise.
DEFAULT_ABSENT_AFTER = 60.0
#: The kind of computer player that stands in, unless the table says otherwise.
DEFAULT_STAND_IN = "heuristic"


@dataclass(frozen=True, slots=True)
class TableSettings:
    """How a table treats an absent person: after ``absent_after`` seconds away (disconnected,
    or not acting at his turn; 0: never by itself) a computer player of kind ``stand_in`` plays
    his seat until he is back. ``bot_delay``: the pace a person set for the table's computer
    players (seconds after each move; ``None``: the server's), kept across restarts."""

    absent_after: float = DEFAULT_ABSENT_AFTER
    stand_in: str = DEFAULT_STAND_IN
    bot_delay: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "absent_after": self.absent_after,
            "stand_in": self.stand_in,
            "bot_delay": self.bot_delay,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> TableSettings:
        if not data:
            return cls()
        delay = data.get("bot_delay")
        return cls(
            float(data["absent_after"]),
            str(data["stand_in"]),
            None if delay is None else float(delay),
        )


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table as stored: its config (with which the event log replays), its key and its state.

    ``seed`` is the fixed seed shown to everyone (``None``: the table is dealt from its
    ``secret``, which only the server knows).
    """

    id: str
    variant: str
    config: dict[str, Any]
    seed: int | None
    secret: str | None = field(repr=False)  # never in a log line or a message
    title: str
    status: str
    last_seq: int
    created_at: float
    updated_at: float
    owner: str | None = field(default=None, repr=False)  # never in a log line or a message
    settings: TableSettings = field(default_factory=TableSettings)

    @property
    def key(self) -> bytes:
        """What the table's chance actions and computer players' choices are derived from: the
        secret's 32 bytes, or the public seed's digits."""
        if self.secret is not None:
            return bytes.fromhex(self.secret)
        return f"vivant-seed:{self.seed}".encode()


@dataclass(frozen=True, slots=True)
class EventRecord:
    """A Duplicate Whist event of the browser as created: its id (its secret), its public
    label, the person's name and his partner's (``None``: a computer player), the movement, the
    number of tables, the trays per set, the seed the trays are dealt from, and its status
    (``playing`` or ``over``)."""

    id: str = field(repr=False)  # never in a log line
    label: str
    name: str
    partner: str | None
    movement: str
    tables: int
    trays: int
    seed: int
    status: str = "playing"


@dataclass(frozen=True, slots=True)
class EventRound:
    """A round of an event as it was set up: the pair's table (``None``: it sits out), the
    people's seat links there (``[{"name", "url"}]``), and the results of the other tables,
    played by computer players (the fields of each
    :class:`~vivant.duplicate.scoring.TrayResult`)."""

    round: int
    table_id: str | None
    seats: list[dict[str, str]] = field(default_factory=list)
    others: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class ParticipantRow:
    """A person or computer player of a table: ``kind`` is ``human`` or a player kind."""

    table_id: str
    name: str
    position: int
    kind: str
    token: str | None
    claimed: bool


@dataclass(frozen=True, slots=True)
class EventRow:
    """One stored action: ``seq`` (1-based, per table), who sent it (``None``: the server's
    chance or a computer player's move has ``actor`` = its name), the client's message id, the
    action in the engine's JSON and the public events it caused."""

    table_id: str
    seq: int
    actor: str | None
    client_id: str | None
    action: dict[str, Any]
    events: list[dict[str, Any]]
    created_at: float
    stand_in: str | None = None


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    # NORMAL is durable against a killed process in WAL mode (only a power loss can lose the
    # last transactions); the server's promise is about the process.
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def make_engine(url: str = DEFAULT_URL) -> Engine:
    """An SQLAlchemy engine for ``url``; SQLite gets WAL mode and a busy timeout: a write waits
    that long for another connection's lock before it fails (and the table pauses), by default
    :data:`SQLITE_BUSY_TIMEOUT` seconds, or as the URL says (``sqlite:///vivant.db?timeout=1``)."""
    if url.startswith("sqlite"):
        parsed = make_url(url)
        wait = parsed.query.get("timeout", str(SQLITE_BUSY_TIMEOUT))
        try:
            seconds = float(str(wait))
        except ValueError:
            seconds = math.nan
        if not 0 <= seconds < math.inf:
            raise ValueError(f"timeout={wait} is not a number of seconds")
        engine = create_engine(
            parsed.difference_update_query(["timeout"]),
            connect_args={"check_same_thread": False, "timeout": seconds},
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


class Store:
    """Synchronous access to the schema. Every write is one committed transaction."""

    def __init__(self, url: str = DEFAULT_URL) -> None:
        self.url = url
        self.engine = make_engine(url)
        metadata.create_all(self.engine)
        _give_old_tables_secrets(self.engine)
        _add_new_columns(self.engine)

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()

    # --- tables ---------------------------------------------------------------------------------

    def create_table(
        self,
        table_id: str,
        variant: str,
        config: dict[str, Any],
        seed: int | None,
        secret: str | None,
        title: str,
        people: list[tuple[str, str, str | None]],
        owner: str | None = None,
        settings: TableSettings | None = None,
    ) -> None:
        """Store a new table and its participants (``(name, kind, token)`` in seating order):
        dealt from ``secret``, or from the fixed ``seed`` when ``secret`` is ``None``; its
        ``owner``'s secret and its ``settings``."""
        if (seed is None) == (secret is None):
            raise ValueError("a table is dealt from a secret or from a fixed seed, not both")
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                tables.insert().values(
                    id=table_id,
                    variant=variant,
                    config=json.dumps(config),
                    seed=0 if seed is None else seed,
                    secret=secret,
                    title=title,
                    owner=owner,
                    settings=json.dumps((settings or TableSettings()).to_json()),
                    status="playing",
                    last_seq=0,
                    created_at=now,
                    updated_at=now,
                )
            )
            for i, (name, kind, token) in enumerate(people):
                conn.execute(
                    participants.insert().values(
                        table_id=table_id,
                        name=name,
                        position=i,
                        kind=kind,
                        token=token,
                        claimed=False,
                    )
                )

    def get_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables).where(tables.c.id == table_id)).first()
        return None if row is None else _table_row(row._mapping)

    def list_tables(self, limit: int = 200) -> list[TableRow]:
        """Tables, the most recently active first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(tables).order_by(tables.c.updated_at.desc()).limit(limit)
            ).all()
        return [_table_row(r._mapping) for r in rows]

    def active_table_ids(self) -> list[str]:
        """Tables whose sitting is not over (resumed when the server starts)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables.c.id).where(tables.c.status != "over")).all()
        return [r[0] for r in rows]

    def abandoned_table_ids(self, idle_since: float) -> list[str]:
        """Tables whose sitting is not over and whose last action (or creation) is older than
        ``idle_since`` (a ``time.time()``): candidates for removal once nobody is connected."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(tables.c.id).where(
                    tables.c.status != "over", tables.c.updated_at < idle_since
                )
            ).all()
        return [r[0] for r in rows]

    def delete_table(self, table_id: str) -> None:
        """Remove a table, its participants and its events, in one transaction."""
        with self.engine.begin() as conn:
            conn.execute(events.delete().where(events.c.table_id == table_id))
            conn.execute(participants.delete().where(participants.c.table_id == table_id))
            conn.execute(tables.delete().where(tables.c.id == table_id))

    # --- participants ---------------------------------------------------------------------------

    def participants(self, table_id: str) -> list[ParticipantRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(participants)
                .where(participants.c.table_id == table_id)
                .order_by(participants.c.position)
            ).all()
        return [ParticipantRow(**dict(r._mapping)) for r in rows]

    def set_claim(self, table_id: str, name: str, claimed: bool, token: str | None = None) -> None:
        """Mark a person's seat taken or free; a new ``token`` replaces the old one."""
        values: dict[str, Any] = {"claimed": claimed}
        if token is not None:
            values["token"] = token
        with self.engine.begin() as conn:
            conn.execute(
                update(participants)
                .where(participants.c.table_id == table_id, participants.c.name == name)
                .values(**values)
            )

    def set_settings(self, table_id: str, settings: TableSettings) -> None:
        """The table's settings changed (a person set its pace)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(settings=json.dumps(settings.to_json()))
            )

    def hand_seat(self, table_id: str, name: str, kind: str, token: str | None) -> None:
        """A seat handed by the owner to a computer player of ``kind`` (``token`` ``None``) or
        to a new person (``kind`` ``human``, invited with ``token``): the old token is revoked."""
        with self.engine.begin() as conn:
            conn.execute(
                update(participants)
                .where(participants.c.table_id == table_id, participants.c.name == name)
                .values(kind=kind, claimed=False, token=token)
            )

    def free_seat(self, table_id: str, name: str) -> None:
        """A person's seat given up: free, and its token revoked (it seats nobody again)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(participants)
                .where(participants.c.table_id == table_id, participants.c.name == name)
                .values(claimed=False, token=None)
            )

    # --- events ---------------------------------------------------------------------------------

    def append(
        self,
        table_id: str,
        seq: int,
        actor: str | None,
        client_id: str | None,
        action: dict[str, Any],
        public_events: list[dict[str, Any]],
        status: str,
    ) -> None:
        """Commit one event and the table's new ``last_seq``/``status`` in one transaction.

        Raises :class:`SeqConflictError` if ``seq`` (or the client id) was already stored.
        """
        self.append_many([NewEvent(table_id, seq, actor, client_id, action, public_events, status)])

    def append_many(self, batch: list[NewEvent]) -> None:
        """Commit several events (of any tables) in one transaction: all or none.

        Raises :class:`SeqConflictError` if any ``(table_id, seq)`` or client id was already
        stored; then none of the batch is.
        """
        now = time.time()
        last: dict[str, NewEvent] = {}
        rows = []
        for e in batch:
            rows.append(
                {
                    "table_id": e.table_id,
                    "seq": e.seq,
                    "actor": e.actor,
                    "client_id": e.client_id,
                    "action": json.dumps(e.action, separators=(",", ":")),
                    "events": json.dumps(e.events, separators=(",", ":")),
                    "stand_in": e.stand_in,
                    "created_at": now,
                }
            )
            last[e.table_id] = e
        try:
            with self.engine.begin() as conn:
                conn.execute(_INSERT_EVENT, rows)
                conn.execute(
                    _UPDATE_TABLE,
                    [
                        {"b_id": e.table_id, "b_seq": e.seq, "b_status": e.status, "b_now": now}
                        for e in last.values()
                    ],
                )
        except IntegrityError as exc:
            raise SeqConflictError(
                f"an event of {sorted(last)} is already stored (seq or client id)"
            ) from exc

    def check_writable(self, table_id: str) -> None:
        """Raise unless the store takes a write now: an update of the table's row that changes
        nothing (it takes the same locks as storing an event)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(tables).where(tables.c.id == table_id).values(updated_at=tables.c.updated_at)
            )

    def load_events(self, table_id: str, after: int = 0) -> list[EventRow]:
        """The table's events with ``seq > after``, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(events)
                .where(events.c.table_id == table_id, events.c.seq > after)
                .order_by(events.c.seq)
            ).all()
        return [_event_row(r._mapping) for r in rows]

    def find_client_message(self, table_id: str, actor: str, client_id: str) -> EventRow | None:
        """The event stored for this player's client message id, if any."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(events).where(
                    events.c.table_id == table_id,
                    events.c.actor == actor,
                    events.c.client_id == client_id,
                )
            ).first()
        return None if row is None else _event_row(row._mapping)

    # --- Duplicate Whist events -----------------------------------------------------------------

    def save_event_round(self, new: EventRecord | None, event_id: str, rnd: EventRound) -> None:
        """Commit a round of an event as set up, in one transaction; with ``new``, the event's
        own row first (an event is stored with its first round, or not at all).

        Raises :class:`sqlalchemy.exc.IntegrityError` if that round was already stored."""
        now = time.time()
        with self.engine.begin() as conn:
            if new is not None:
                conn.execute(
                    duplicate_events.insert().values(**asdict(new), created_at=now, updated_at=now)
                )
            conn.execute(
                duplicate_rounds.insert().values(
                    event_id=event_id,
                    round=rnd.round,
                    table_id=rnd.table_id,
                    seats=json.dumps(rnd.seats),
                    others=json.dumps(rnd.others),
                    created_at=now,
                )
            )
            conn.execute(
                update(duplicate_events)
                .where(duplicate_events.c.id == event_id)
                .values(updated_at=now)
            )

    def set_event_status(self, event_id: str, status: str) -> None:
        """The event's status changed (``over``: its last round is played)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(duplicate_events)
                .where(duplicate_events.c.id == event_id)
                .values(status=status, updated_at=time.time())
            )

    def load_event(self, event_id: str) -> tuple[EventRecord, list[EventRound]] | None:
        """The event and its rounds so far, in order; ``None`` if there is no such event."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(duplicate_events).where(duplicate_events.c.id == event_id)
            ).first()
            if row is None:
                return None
            rounds = conn.execute(
                select(duplicate_rounds)
                .where(duplicate_rounds.c.event_id == event_id)
                .order_by(duplicate_rounds.c.round)
            ).all()
        record = EventRecord(**{f.name: row._mapping[f.name] for f in fields(EventRecord)})
        return record, [
            EventRound(int(r.round), r.table_id, json.loads(r.seats), json.loads(r.others))
            for r in rounds
        ]


def _give_old_tables_secrets(engine: Engine) -> None:
    """A store made before tables had a ``secret`` gets the column, and each of its tables a
    secret of its own: their next deals come from it, and their old seed (perhaps a creator's)
    is never shown."""
    if "secret" in {c["name"] for c in inspect(engine).get_columns("tables")}:
        return
    with engine.begin() as conn:
        conn.execute(text("ALTER TABLE tables ADD COLUMN secret VARCHAR(64)"))
        for table_id in conn.execute(select(tables.c.id)).scalars().all():
            conn.execute(
                update(tables).where(tables.c.id == table_id).values(secret=secrets.token_hex(32))
            )


#: Columns added since the first schema: (table, column, SQL type). A store made before them
#: gets them, empty (no owner, the default settings, no stand-in).
_NEW_COLUMNS = (
    ("tables", "owner", "VARCHAR(64)"),
    ("tables", "settings", "TEXT"),
    ("events", "stand_in", "VARCHAR(24)"),
)


def _add_new_columns(engine: Engine) -> None:
    """Give an older store the columns of :data:`_NEW_COLUMNS` it lacks."""
    inspector = inspect(engine)
    have = {name: {c["name"] for c in inspector.get_columns(name)} for name in ("tables", "events")}
    missing = [(t, c, sql) for t, c, sql in _NEW_COLUMNS if c not in have[t]]
    if not missing:
        return
    with engine.begin() as conn:
        for table_name, column, sql in missing:
            conn.execute(text(f"ALTER TABLE {table_name} ADD COLUMN {column} {sql}"))


def _table_row(m: Any) -> TableRow:
    secret = m["secret"]
    return TableRow(
        id=m["id"],
        variant=m["variant"],
        config=json.loads(m["config"]),
        seed=None if secret is not None else int(m["seed"]),
        secret=secret,
        title=m["title"],
        status=m["status"],
        last_seq=int(m["last_seq"]),
        created_at=float(m["created_at"]),
        updated_at=float(m["updated_at"]),
        owner=m["owner"],
        settings=TableSettings.from_json(json.loads(m["settings"]) if m["settings"] else None),
    )


def _event_row(m: Any) -> EventRow:
    return EventRow(
        table_id=m["table_id"],
        seq=int(m["seq"]),
        actor=m["actor"],
        client_id=m["client_id"],
        action=json.loads(m["action"]),
        events=json.loads(m["events"]),
        created_at=float(m["created_at"]),
        stand_in=m["stand_in"],
    )
