"""A real uvicorn on 127.0.0.1 (``vivant serve`` in its own process) driven by the ``websockets``
client library: a person plays a whole tournée of Mort against computer players, drops the
connection mid-hand and resumes with the last sequence number seen; the protocol layer refuses
frames that are far too large."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
import websockets
from websockets.asyncio.client import connect

from server_helpers import (
    AsyncClient,
    Oracle,
    ServerProcess,
    check_secrecy,
    http_json,
    is_over,
    mid_hand,
)
from vivant.server import MAX_MESSAGE
from vivant.server.store import Store

pytestmark = pytest.mark.timeout(240)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    s = ServerProcess(f"sqlite:///{tmp_path / 'live.db'}").start()
    yield s
    s.stop()


def test_a_person_plays_a_tournee_with_a_reconnect(server: ServerProcess) -> None:
    table = http_json(
        server.base + "/api/tables",
        {
            "variant": "mort",
            "players": [
                {"name": "Ann", "kind": "human"},
                {"name": "Bob", "kind": "heuristic"},
                {"name": "Cy", "kind": "random"},
            ],
            "seed": 2024,
        },
    )
    tid, token = table["id"], table["invites"][0]["token"]
    url = f"{server.ws_base}/ws/{tid}"
    rng = random.Random(8)

    async def scenario() -> tuple[list[AsyncClient], AsyncClient, int]:
        async with connect(url) as ws, connect(url) as spec_ws:
            spectator = AsyncClient(spec_ws, None)
            await spectator.hello(None)
            ann = AsyncClient(ws, "Ann")
            await ann.hello(token, accept_seed=2024)
            await ann.play(rng, mid_hand)
            first = ann
            last = ann.seq
            seat_token = ann.token  # her invitation is used up: her seat's own token
            while spectator.seq < last:
                await spectator.recv()
        # Gone mid-hand, with the table waiting for Ann: she comes back with last_seq.
        async with connect(url) as ws:
            ann = AsyncClient(ws, "Ann")
            welcome = await ann.hello(seat_token, last_seq=last)
            assert welcome["seq"] == last and welcome["missed"] == []
            assert welcome["state"] == first.state
            await ann.play(rng, is_over)
            assert ann.state is not None
            return [first, ann], spectator, ann.seq

    clients, spectator, final_seq = asyncio.run(scenario())
    store = Store(server.db_url)
    rows = store.load_events(tid)
    assert len(rows) == final_seq
    row = store.get_table(tid)
    assert row is not None and row.status == "over"
    oracle = Oracle("mort", row.config, [r.action for r in rows])
    record = clients[-1].state["record"]  # type: ignore[index]
    assert record == oracle.final.record()
    assert len(record["games"]) == 3
    for c in clients:
        assert check_secrecy(oracle, "Ann", c.messages) > 10
    assert check_secrecy(oracle, None, spectator.messages) > 10
    # Ann's ids were all stored once each.
    ids = [r.client_id for r in rows if r.actor == "Ann"]
    assert len(ids) == len(set(ids)) > 20


def test_protocol_layer_refuses_huge_frames(server: ServerProcess) -> None:
    table = http_json(
        server.base + "/api/tables",
        {
            "variant": "mort",
            "players": [{"name": n, "kind": "human"} for n in ("Ann", "Bob", "Cy")],
            "seed": 1,
        },
    )
    url = f"{server.ws_base}/ws/{table['id']}"

    async def scenario() -> None:
        async with connect(url, max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": None}))
            assert json.loads(await ws.recv())["type"] == "welcome"
            # Over the application's limit: a clear error, the connection stays.
            await ws.send(json.dumps({"type": "ping", "pad": "y" * (2 * MAX_MESSAGE)}))
            m = json.loads(await ws.recv())
            while m["type"] in ("presence", "update"):  # chance may be cutting meanwhile
                m = json.loads(await ws.recv())
            assert m["type"] == "error" and m["code"] == "too_large"
            await ws.send(json.dumps({"type": "ping"}))
            m = json.loads(await ws.recv())
            while m["type"] in ("presence", "update"):
                m = json.loads(await ws.recv())
            assert m["type"] == "pong"
            # Over the transport's limit: closed with 1009 (message too big).
            with pytest.raises(websockets.ConnectionClosed) as exc:
                await ws.send("z" * (32 * MAX_MESSAGE))
                while True:  # what was already on its way, then the close
                    await ws.recv()
            assert exc.value.rcvd is not None and exc.value.rcvd.code == 1009

    asyncio.run(scenario())
    # The table goes on for everyone else.
    assert http_json(f"{server.base}/api/tables/{table['id']}")["status"] == "open"
