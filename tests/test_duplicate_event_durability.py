"""Nothing lost at a Duplicate Whist event of people (issue 16, point 6, and the server's promise:
kill the server mid-hand): ``vivant serve`` is killed with SIGKILL in the middle of a board of
the second round of a two-table event and started again on the same store, SQLite and a real
PostgreSQL. The event's page (``/api/events/{id}``) must say word for word what it said before,
the round's table resume where it stood, and the event run to its final ranking with exactly the
words of an event never interrupted: the core's own :class:`~vivant.duplicate.progress.PairEvent`
of the same seed, run here in the test's process, its other tables played here again and the
pair's boards read from the pair's stored tables (replayed on a fresh engine).

A store that refuses the write of a new round leaves the event where it was (the client is told
``store_unavailable``), and the round is set up once the store takes writes again, at the table
already made for it. Events forgotten by the server's memory (it holds at most ``MAX_EVENTS``)
are rebuilt from the store, the other tables' results read from it (nothing played again), and
no listing names an event's id (its secret).

Two people, Ann and her partner Bob, play every one of their cards over real websockets; the
server's computer players play every other seat.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from starlette.testclient import TestClient
from websockets.asyncio.client import connect

from server_helpers import (
    AsyncClient,
    Oracle,
    ServerProcess,
    SyncClient,
    http_json,
    mid_hand,
    pick,
    store_url,
)
from test_server_outage import outage
from vivant.duplicate.progress import PairEvent
from vivant.server import create_app
from vivant.server.store import EventRecord, EventRound, Store

pytestmark = pytest.mark.timeout(300)

SEED = 2026
EVENT = {"name": "Ann", "partner": "Bob", "movement": "howell", "tables": 2, "trays": 2}


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with store_url(request.param, tmp_path, "events") as url:
        yield url


def new_event(server: ServerProcess, seed: int = SEED) -> str:
    made = http_json(server.base + "/api/events", {**EVENT, "seed": seed})
    assert "id" in made, made
    event_id: str = made["id"]
    return event_id


def page(server: ServerProcess, event_id: str) -> dict[str, Any]:
    found: dict[str, Any] = http_json(f"{server.base}/api/events/{event_id}")
    assert "error" not in found, found
    return found


async def sync(c: AsyncClient) -> None:
    """Ping and read until the pong: every message sent before it has arrived."""
    await c.ws.send(json.dumps({"type": "ping"}))
    while (await c.recv())["type"] != "pong":
        pass


async def play(clients: list[AsyncClient], rng: random.Random, stop: Callable[[], bool]) -> None:
    """Take the people's turns (``pick``) until ``stop()`` is true, each time all caught up."""
    for _ in range(4000):
        for c in clients:
            await sync(c)
        if stop():
            return
        for c in clients:
            if c.my_turn():
                assert c.state is not None
                c.n += 1
                c.pending = f"{c.prefix}-{c.n}"
                action = pick(c.state["legal"], rng)
                await c.ws.send(json.dumps({"type": "action", "id": c.pending, "action": action}))
        await asyncio.sleep(0.005)
    raise AssertionError("the stop condition was never reached")


def over(clients: list[AsyncClient]) -> Callable[[], bool]:
    return lambda: all(c.state is not None and c.state["status"] == "over" for c in clients)


def second_board_under_way(ann: AsyncClient) -> Callable[[], bool]:
    """Ann to play in the middle of the round's second board (its first board told)."""
    return lambda: (
        mid_hand(ann) and ann.state is not None and ann.state["view"]["extra"]["play"] == 2
    )


async def round_played(
    server: ServerProcess,
    table_id: str,
    tokens: dict[str, str],
    rng: random.Random,
    stop: Callable[[list[AsyncClient]], Callable[[], bool]] = over,
    last_seq: int | None = None,
) -> list[AsyncClient]:
    """Ann and Bob at the round's table, with their tokens, playing until ``stop``."""
    url = f"{server.ws_base}/ws/{table_id}"
    async with connect(url) as aws, connect(url) as bws:
        clients = [AsyncClient(aws, "Ann"), AsyncClient(bws, "Bob")]
        for c in clients:
            await c.hello(tokens[c.name or ""], last_seq=last_seq)
        await play(clients, rng, stop(clients))
        return clients


def play_round(
    server: ServerProcess, state: dict[str, Any], rng: random.Random
) -> list[AsyncClient]:
    """The round in play on the event's page, played to its end from the seats' links."""
    tokens = {s["name"]: s["url"].split("?token=")[1] for s in state["seats"]}
    return asyncio.run(round_played(server, state["tables"][-1]["table"], tokens, rng))


def never_interrupted(db_url: str, seed: int, table_ids: list[str]) -> list[str]:
    """What the core says of the event of ``seed`` played without a stop: the other tables
    played here, the pair's boards of each round from its stored table (replayed)."""
    event = PairEvent(EVENT["movement"], 2, seed=seed, trays_per_set=2)  # type: ignore[arg-type]
    store = Store(db_url)
    try:
        lines: list[str] = []
        for rnd, table_id in enumerate(table_ids, 1):
            event.play_other_tables(rnd)
            lines.append(event.round_words(rnd))
            row = store.get_table(table_id)
            assert row is not None
            final = Oracle(row.variant, row.config, [r.action for r in store.load_events(table_id)])
            assert final.final.is_over()
            for record in final.final.results():  # type: ignore[attr-defined]
                lines += event.board_over(rnd, record)
        assert rnd == event.schedule.rounds
        return lines + event.final_words()
    finally:
        store.close()


def test_an_event_killed_mid_hand_resumes_and_ends_as_if_never_interrupted(db_url: str) -> None:
    rng = random.Random(16)
    server = ServerProcess(db_url).start()
    try:
        event_id = new_event(server)
        play_round(server, page(server, event_id), rng)
        second = page(server, event_id)
        assert second["round"] == 2 and not second["over"]
        tokens = {s["name"]: s["url"].split("?token=")[1] for s in second["seats"]}
        table_id = second["tables"][-1]["table"]

        def stop(clients: list[AsyncClient]) -> Callable[[], bool]:
            return second_board_under_way(clients[0])

        ann, bob = asyncio.run(round_played(server, table_id, tokens, rng, stop))
        before = page(server, event_id)
        assert any(line.startswith("Board ") for line in before["lines"][len(second["lines"]) :])
        server.kill()

        server = ServerProcess(db_url).start()
        assert page(server, event_id) == before  # word for word, the same links
        with urllib.request.urlopen(f"{server.base}/e/{event_id}") as r:
            assert r.status == 200
        lobby = json.dumps(http_json(server.base + "/api/tables"))
        assert event_id not in lobby and f"Event {event_id[:6]}" not in lobby
        # The round's table resumes where it stood; the people come back with their own tokens.
        resumed = asyncio.run(
            round_played(
                server,
                table_id,
                {"Ann": ann.token or "", "Bob": bob.token or ""},
                rng,
                lambda cs: lambda: True,
                last_seq=ann.seq,
            )
        )
        assert [c.messages[0]["state"] for c in resumed] == [ann.state, bob.state]
        assert all(c.messages[0]["missed"] == [] for c in resumed)
        asyncio.run(
            round_played(server, table_id, {"Ann": ann.token or "", "Bob": bob.token or ""}, rng)
        )
        third = page(server, event_id)
        assert third["round"] == 3 and third["lines"][: len(before["lines"])] == before["lines"]
        play_round(server, third, rng)
        final = page(server, event_id)
    finally:
        server.stop()
    assert final["over"] and final["seats"] == [] and final["url"] is None
    tables = [t["table"] for t in final["tables"]]
    assert [t["round"] for t in final["tables"]] == [1, 2, 3] and len(set(tables)) == 3
    assert final["lines"] == never_interrupted(db_url, SEED, tables)
    assert final["lines"][-5].startswith("The event is over. Final ranking")


def test_a_store_refusing_the_next_round_leaves_the_event_where_it_was(db_url: str) -> None:
    rng = random.Random(6)
    server = ServerProcess(db_url).start()
    try:
        event_id = new_event(server, seed=7)
        first = page(server, event_id)
        play_round(server, first, rng)
        refused: list[Any] = []
        started, release = threading.Event(), threading.Event()

        def hold() -> None:
            with outage(db_url):
                started.set()
                release.wait(60)

        holder = threading.Thread(target=hold)
        holder.start()
        try:
            assert started.wait(30)
            refused.append(http_json(f"{server.base}/api/events/{event_id}", timeout=30))
            refused.append(http_json(server.base + "/api/events", {**EVENT, "seed": 8}, 30))
        finally:
            release.set()
            holder.join(60)
        for answer in refused:
            assert answer["error"] == "store_unavailable", answer
            assert "cannot be written just now" in answer["message"]
            assert "the event stays where it was" in answer["message"]
        deadline = time.monotonic() + 30
        while True:  # the store is back (a PostgreSQL pool reconnects on its next use)
            answer = http_json(f"{server.base}/api/events/{event_id}")
            if "error" not in answer or time.monotonic() > deadline:
                break
            time.sleep(0.5)
        assert answer["round"] == 2, answer
        assert answer["lines"][: len(first["lines"])] == first["lines"]
        assert [t["round"] for t in answer["tables"]] == [1, 2]
    finally:
        server.stop()
    store = Store(db_url)
    try:
        found = store.load_event(event_id)
        assert found is not None
        record, rounds = found
        assert (record.seed, record.status) == (7, "playing")
        assert [(r.round, r.table_id) for r in rounds] == [
            (t["round"], t["table"]) for t in answer["tables"]
        ]
        assert [r.seats for r in rounds][-1] == answer["seats"]
        with store.engine.connect() as conn:  # the event refused was never stored
            assert conn.execute(text("SELECT count(*) FROM duplicate_events")).scalar() == 1
    finally:
        store.close()


def test_events_the_server_forgot_are_rebuilt_from_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At most ``size`` events in memory; one forgotten is rebuilt from the store as it was,
    the other tables' results read, not played again."""

    def played_again(event: PairEvent, rnd: int) -> None:
        raise AssertionError(f"round {rnd}'s other tables were played again")

    with TestClient(create_app(f"sqlite:///{tmp_path / 'events.db'}", bot_delay=0.0)) as client:
        client.app.state.events.size = 1  # type: ignore[attr-defined]
        first = client.post("/api/events", json={**EVENT, "seed": 3}).json()
        shown = client.get(f"/api/events/{first['id']}").json()
        second = client.post("/api/events", json={**EVENT, "seed": 4}).json()
        held = client.app.state.events.live  # type: ignore[attr-defined]
        assert list(held) == [second["id"]]  # the first forgotten, the bound kept
        monkeypatch.setattr(PairEvent, "play_other_tables", played_again)
        assert client.get(f"/api/events/{first['id']}").json() == shown
        assert list(held) == [first["id"]]
        for wrong in ("0" * 32, "not-an-event", first["id"].upper()):
            answer = client.get(f"/api/events/{wrong}")
            assert answer.status_code == 404 and answer.json()["error"] == "no_event"


def test_a_store_made_before_events_gets_their_tables(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    store = Store(url)
    with store.engine.begin() as conn:
        conn.execute(text("DROP TABLE duplicate_rounds"))
        conn.execute(text("DROP TABLE duplicate_events"))
    store.close()
    store = Store(url)
    try:
        assert store.load_event("a" * 32) is None
        record = EventRecord("a" * 32, "label", "Ann", None, "howell", 2, 2, 2**62 - 1)
        others = [{"tray": 3, "ns": "c", "ew": "d", "ns_tricks": 8, "turned": False}]
        store.save_event_round(
            record, record.id, EventRound(1, "b" * 12, [{"name": "Ann"}], others)
        )
        store.set_event_status(record.id, "over")
        found = store.load_event(record.id)
    finally:
        store.close()
    assert found is not None
    assert found[0].seed == 2**62 - 1 and found[0].status == "over"
    assert found[1] == [EventRound(1, "b" * 12, [{"name": "Ann"}], others)]


def test_a_round_the_store_refused_is_set_up_at_the_table_already_made(tmp_path: Path) -> None:
    """The store takes the round's table but refuses the round itself (a trigger of the real
    SQLite store aborts it): the event stays in round 1, and once the store takes the round the
    table made for it is the round's (no second table is made)."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'events.db'}", bot_delay=0.0)) as client:
        store: Store = client.app.state.store  # type: ignore[attr-defined]
        event_id = client.post("/api/events", json={**EVENT, "seed": 9}).json()["id"]
        first = client.get(f"/api/events/{event_id}").json()
        play_round_here(client, first)
        with store.engine.begin() as conn:
            conn.execute(
                text(
                    "CREATE TRIGGER refuse BEFORE INSERT ON duplicate_rounds "
                    "BEGIN SELECT RAISE(ABORT, 'refused'); END"
                )
            )
        made = {t["id"] for t in client.get("/api/tables").json()["tables"]}
        for _ in range(2):
            refused = client.get(f"/api/events/{event_id}")
            assert refused.status_code == 503 and refused.json()["error"] == "store_unavailable"
        after = {t["id"] for t in client.get("/api/tables").json()["tables"]}
        assert len(after - made) == 1  # the round's table, made once
        with store.engine.begin() as conn:
            conn.execute(text("DROP TRIGGER refuse"))
        second = client.get(f"/api/events/{event_id}").json()
        assert second["round"] == 2 and second["lines"][: len(first["lines"])] == first["lines"]
        assert {second["tables"][-1]["table"]} == after - made
        assert len({t["id"] for t in client.get("/api/tables").json()["tables"]}) == len(after)


def play_round_here(client: TestClient, state: dict[str, Any]) -> None:
    """Ann and Bob play the event's round in play to its end, in the test's process."""
    tokens = {s["name"]: s["url"].split("?token=")[1] for s in state["seats"]}
    table_id = state["tables"][-1]["table"]
    rng = random.Random(2)
    with (
        client.websocket_connect(f"/ws/{table_id}") as aws,
        client.websocket_connect(f"/ws/{table_id}") as bws,
    ):
        people = [SyncClient(aws, "Ann"), SyncClient(bws, "Bob")]
        for c in people:
            c.hello(tokens[c.name or ""])
        for _ in range(3000):
            for c in people:
                c.sync()
            if all(c.state is not None and c.state["status"] == "over" for c in people):
                return
            for c in people:
                if c.state is not None and c.state["waiting_for"] == c.name and c.state["legal"]:
                    assert c.act(pick(c.state["legal"], rng))["type"] == "ack"
    raise AssertionError("the round did not end")
