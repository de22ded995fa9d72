"""Every input gets an answer in the error protocol (issue 13, point 9): JSON nested as deep as
a frame allows, integers beyond what the store's columns hold, and values of the wrong type, in
every field a client sends (the hello, a resync, an action message and the action's own fields,
the JSON bodies of the HTTP API). Each gets a clear ``error`` (or a 4xx with one), never a 500 or
a dropped connection; the connection and the table go on, the store is unchanged.

On SQLite and on a real PostgreSQL (where an integer column overflows at 2**31 and text may not
hold a NUL); a real ``vivant serve`` (uvicorn) on 127.0.0.1, real ``websockets`` clients.
"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

from server_helpers import ServerProcess, http_json, store_url
from vivant.server import MAX_MESSAGE
from vivant.server.store import Store

pytestmark = pytest.mark.timeout(240)

#: Nested as deep as a frame under the size limit allows.
DEEP_ARRAY = "[" * (MAX_MESSAGE // 2 - 10) + "]" * (MAX_MESSAGE // 2 - 10)
#: Deep enough for the JSON decoder, too deep for anything after it.
DEEPISH = "[" * 600 + "]" * 600
#: Integers past a 32-bit and a 64-bit column, and past anything.
HUGE = [2**31, 2**63, 10**40, -1, -(2**63) - 1]
WRONG = [1.5, "3", True, None, [], {}, [1], {"n": 1}, float("inf")]


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServerProcess]:
    with store_url(request.param, tmp_path, "boundary") as url:
        s = ServerProcess(url).start()
        try:
            yield s
        finally:
            s.stop()


def new_table(server: ServerProcess) -> dict[str, Any]:
    table: dict[str, Any] = http_json(
        server.base + "/api/tables",
        {
            "variant": "mort",
            "players": [{"name": n, "kind": "human"} for n in ("Ann", "Bob", "Cy")],
        },
    )
    assert "id" in table, table
    return table


def post(url: str, raw: bytes) -> tuple[int, Any]:
    """POST ``raw`` as the body; the status and the decoded JSON answer."""
    req = urllib.request.Request(url, data=raw, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


async def answer(ws: ClientConnection) -> dict[str, Any]:
    """The next message that is not news of the table (presence, updates)."""
    while True:
        m: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if m["type"] not in ("presence", "update"):
            return m


def is_clear_error(m: dict[str, Any]) -> bool:
    text = m.get("message", "")
    return (
        m.get("type") == "error"
        and isinstance(text, str)
        and 10 < len(text) <= 400
        and "Traceback" not in text
        and "sqlalchemy" not in text.lower()
    )


def frames_after_hello(table: dict[str, Any]) -> list[str]:
    """Messages sent after a hello that must each be refused with an error."""
    frames = [DEEP_ARRAY, DEEPISH, '{"type": "ping", "pad": ' + DEEPISH + "}"]
    # (``null`` asks for everything, as 0 does.)
    frames += [
        json.dumps({"type": "resync", "last_seq": v}) for v in HUGE + WRONG[:-1] if v is not None
    ]
    frames.append('{"type": "resync", "last_seq": Infinity}')
    frames.append('{"type": "resync", "last_seq": ' + "9" * 5000 + "}")
    frames += [json.dumps({"type": v}) for v in WRONG]
    frames += [json.dumps({"type": "action", "id": v, "action": {"type": "Pass"}}) for v in WRONG]
    frames += [json.dumps({"type": "action", "id": "a1", "action": v}) for v in WRONG]
    frames.append(
        '{"type": "action", "id": "a2", "action": {"type": "Play", "card": ' + DEEPISH + "}}"
    )
    # Every integer field of an action, out of any range (and of the wrong type).
    for base, name in (
        ({"type": "Claim", "seat": "N"}, "tricks"),
        ({"type": "ClaimRevoke", "seat": "N"}, "trick"),
        ({"type": "ChoosePenalty", "seat": "N", "option": "x"}, "trick"),
        ({"type": "ChooseSeats", "seat": "N"}, "right"),
        ({"type": "ChooseSeatsAndPack", "seat": "N", "right": 0}, "pack"),
        ({"type": "Cut", "card": "SA"}, "player"),
    ):
        for v in HUGE + WRONG[:-1]:
            action = {**base, name: v}
            frames.append(json.dumps({"type": "action", "id": "a3", "action": action}))
    return frames


def test_every_websocket_input_gets_an_error_and_the_table_goes_on(server: ServerProcess) -> None:
    table = new_table(server)
    url = f"{server.ws_base}/ws/{table['id']}"
    token = table["invites"][0]["token"]
    bad_hellos = [DEEP_ARRAY, DEEPISH]
    bad_hellos += [json.dumps({"type": "hello", "token": None, "last_seq": v}) for v in HUGE]
    bad_hellos += [json.dumps({"type": "hello", "token": v}) for v in WRONG[:-1] if v is not None]
    bad_hellos += [json.dumps({"type": "hello", "last_seq": v}) for v in WRONG[:3] + WRONG[4:-1]]

    async def scenario() -> tuple[list[dict[str, Any]], list[tuple[str, dict[str, Any]]], int]:
        hello_answers = []
        for raw in bad_hellos:
            async with connect(url) as ws:
                await ws.send(raw)
                hello_answers.append(await answer(ws))
        refusals = []
        async with connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "last_seq": 0}))
            assert (await answer(ws))["type"] == "welcome"
            for raw in frames_after_hello(table):
                await ws.send(raw)
                refusals.append((raw[:80], await answer(ws)))
            # The connection goes on.
            await ws.send(json.dumps({"type": "ping"}))
            pong = await answer(ws)
            assert pong["type"] == "pong"
            # A resync at the largest sequence number the store can hold: nothing missed.
            await ws.send(json.dumps({"type": "resync", "last_seq": 2**31 - 1}))
            welcome = await answer(ws)
            assert welcome["type"] == "welcome" and welcome["missed"] == [], welcome
            seq: int = pong["seq"]
            return hello_answers, refusals, seq

    hello_answers, refusals, seq = asyncio.run(scenario())
    for raw, m in zip(bad_hellos, hello_answers, strict=True):
        assert is_clear_error(m), (raw[:80], m)
    for raw, m in refusals:
        assert is_clear_error(m), (raw, m)
    too_deep = [m for raw, m in refusals if raw.startswith("[[[")]
    assert too_deep and all("deep" in m["message"] for m in too_deep), too_deep
    # Nothing was stored for any of it, and the table is as it was.
    assert http_json(f"{server.base}/api/tables/{table['id']}")["seq"] == seq
    store = Store(server.db_url)
    try:
        assert [r.seq for r in store.load_events(table["id"])] == list(range(1, seq + 1))
    finally:
        store.close()


def test_every_http_body_gets_a_4xx_and_the_server_goes_on(server: ServerProcess) -> None:
    table = new_table(server)
    base = f"{server.base}/api/tables"
    players = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "random"}]
    players.append({"name": "Cy", "kind": "random"})
    bodies = [DEEP_ARRAY, DEEPISH]
    bodies.append('{"variant": "mort", "players": ' + DEEPISH + "}")
    bodies.append('{"variant": "mort", "title": ' + DEEPISH + "}")
    valid = [("laws", True), ("seed", None), ("title", "3"), ("seed", 2**31)]
    for field in ("variant", "players", "laws", "seed", "title"):
        for v in WRONG[:-1] + HUGE:
            if any(field == f and type(v) is type(w) and v == w for f, w in valid):
                continue
            body: dict[str, Any] = {
                "variant": "mort",
                "players": players,
            }
            body[field] = v
            bodies.append(json.dumps(body))
    # Text a database column cannot hold: a NUL (PostgreSQL), a lone surrogate (any encoding).
    for title in ("a\u0000b", "\ud800", "line\nbreak"):
        body = {"variant": "mort", "players": players}
        bodies.append(json.dumps({**body, "title": title}))
    # The body every case spoils one field of is itself accepted.
    assert post(base, json.dumps({"variant": "mort", "players": players}).encode())[0] == 201
    answers = [(raw[:80], *post(base, raw.encode())) for raw in bodies]
    for path in ("take", "leave"):
        for raw in (DEEP_ARRAY, DEEPISH, '{"name": ' + DEEPISH + "}", '{"token": [[[[1]]]]}'):
            answers.append(
                (f"{path} {raw[:60]}", *post(f"{base}/{table['id']}/{path}", raw.encode()))
            )
    for raw, status, data in answers:
        assert 400 <= status < 500, (raw, status, data)
        assert isinstance(data, dict) and is_clear_error({"type": "error", **data}), (raw, data)
    # The server goes on: the lobby lists the table, a table can still be made.
    assert any(t["id"] == table["id"] for t in http_json(base)["tables"])
    assert "id" in new_table(server)
