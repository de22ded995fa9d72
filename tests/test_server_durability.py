"""Nothing lost: ``vivant serve`` is killed with SIGKILL mid-hand and started again on the same
store, on SQLite and on a real PostgreSQL; the game resumes with the same state and every event.

Two cases on each store: a person's table killed while it waits for the person (the state must
come back identical), and a table of computer players killed while they are playing (every event
any client saw must be in the store, and the sitting must carry on by itself to its end).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from server_helpers import (
    AsyncClient,
    Oracle,
    ServerProcess,
    http_json,
    is_over,
    mid_hand,
    store_url,
)
from vivant.server.store import Store

pytestmark = pytest.mark.timeout(240)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh store: a SQLite file, or a PostgreSQL database of this test's own."""
    with store_url(request.param, tmp_path, "durable") as url:
        yield url


def new_table(server: ServerProcess, people: list[tuple[str, str]], seed: int) -> dict[str, Any]:
    table: dict[str, Any] = http_json(
        server.base + "/api/tables",
        {"variant": "mort", "players": [{"name": n, "kind": k} for n, k in people], "seed": seed},
    )
    assert "id" in table, table
    return table


def seen_events(clients: list[AsyncClient]) -> dict[int, dict[str, Any]]:
    """Every event the clients were sent, by sequence number (checking they agree)."""
    out: dict[int, dict[str, Any]] = {}
    for c in clients:
        for m in c.messages:
            events = m["missed"] if m["type"] == "welcome" else [m] if m["type"] == "update" else []
            for e in events:
                item = {"actor": e["actor"], "action": e["action"], "events": e["events"]}
                assert out.setdefault(e["seq"], item) == item
    return out


def test_sigkill_while_a_person_is_to_play(db_url: str) -> None:
    server = ServerProcess(db_url).start()
    try:
        table = new_table(server, [("Ann", "human"), ("Bob", "heuristic"), ("Cy", "random")], 77)
        url = f"{server.ws_base}/ws/{table['id']}"
        token = table["invites"][0]["token"]
        rng = random.Random(5)

        async def before_kill() -> tuple[AsyncClient, AsyncClient]:
            async with connect(url) as ws, connect(url) as sws:
                ann, spectator = AsyncClient(ws, "Ann"), AsyncClient(sws, None)
                await ann.hello(token, accept_seed=77)
                await spectator.hello(None)
                await ann.play(rng, mid_hand)
                while spectator.seq < ann.seq:
                    await spectator.recv()
                return ann, spectator

        ann, spectator = asyncio.run(before_kill())
        assert ann.state is not None and ann.state["view"]["phase"] == "play"
        server.kill()
        server = ServerProcess(db_url).start()
        url = f"{server.ws_base}/ws/{table['id']}"

        async def after_restart() -> AsyncClient:
            async with connect(url) as sws:
                spectator2 = AsyncClient(sws, None)
                sw = await spectator2.hello(None, last_seq=0)
                assert sw["state"] == spectator.state
                history = seen_events([spectator2])
                assert set(history) == set(range(1, ann.seq + 1))
                for seq, item in seen_events([ann, spectator]).items():
                    assert history[seq] == item
            async with connect(url) as ws:
                ann2 = AsyncClient(ws, "Ann")
                welcome = await ann2.hello(ann.token, last_seq=ann.seq)
                # The same state, nothing missed, nothing added.
                assert welcome["seq"] == ann.seq and welcome["missed"] == []
                assert welcome["state"] == ann.state
                await ann2.play(rng, is_over)
                return ann2

        ann2 = asyncio.run(after_restart())
    finally:
        server.stop()
    store = Store(db_url)
    try:
        rows = store.load_events(table["id"])
        row = store.get_table(table["id"])
    finally:
        store.close()
    assert row is not None and row.status == "over"
    assert [r.seq for r in rows] == list(range(1, ann2.seq + 1))
    oracle = Oracle("mort", row.config, [r.action for r in rows])
    assert ann2.state is not None
    assert ann2.state["record"] == oracle.final.record()


def test_sigkill_while_computer_players_play(db_url: str) -> None:
    server = ServerProcess(db_url, bot_delay=0.004).start()
    try:
        table = new_table(server, [("Bob", "heuristic"), ("Cy", "random"), ("Dee", "random")], 31)
        url = f"{server.ws_base}/ws/{table['id']}"

        async def watch(stop_at: int | None) -> AsyncClient:
            async with connect(url) as ws:
                spectator = AsyncClient(ws, None)
                await spectator.hello(None, last_seq=0)
                while (stop_at is None or spectator.seq < stop_at) and not is_over(spectator):
                    await spectator.recv()
                return spectator

        first = asyncio.run(watch(60))
        server.kill()  # the computer players are mid-stride: events may be in flight
        seen = seen_events([first])
        assert max(seen) >= 60
        server = ServerProcess(db_url, bot_delay=0.004).start()
        url = f"{server.ws_base}/ws/{table['id']}"
        second = asyncio.run(watch(None))  # they resume by themselves and finish
    finally:
        server.stop()
    after = seen_events([second])
    assert is_over(second)
    # Every event seen before the kill is in the store, unchanged; none is missing after it.
    assert set(after) == set(range(1, max(after) + 1))
    for seq, item in seen.items():
        assert after[seq] == item
    store = Store(db_url)
    try:
        rows = store.load_events(table["id"])
        row = store.get_table(table["id"])
    finally:
        store.close()
    assert row is not None
    assert len(rows) == max(after)
    oracle = Oracle("mort", row.config, [r.action for r in rows])
    assert oracle.final.is_over()
