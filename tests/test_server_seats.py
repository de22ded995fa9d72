"""Who sits, against a real uvicorn on 127.0.0.1 with ``websockets`` clients.

Issue 13, point 8: an invited seat is kept for its invitation, and a seat given up takes its
token with it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from server_helpers import AsyncClient, ServerProcess, http_json

pytestmark = pytest.mark.timeout(240)

TWO_PEOPLE = [("Ann", "human"), ("Bob", "human"), ("Cy", "random")]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    s = ServerProcess(f"sqlite:///{tmp_path / 'seats.db'}").start()
    yield s
    s.stop()


def new_table(
    server: ServerProcess, people: list[tuple[str, str]], seed: int | None = None
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "variant": "mort",
        "players": [{"name": n, "kind": k} for n, k in people],
    }
    if seed is not None:
        body["seed"] = seed
    table: dict[str, Any] = http_json(server.base + "/api/tables", body)
    assert "id" in table, table
    return table


def invitation(table: dict[str, Any], name: str) -> str:
    token: str = next(i["token"] for i in table["invites"] if i["name"] == name)
    return token


async def first_hello(url: str, token: str | None, **extra: Any) -> dict[str, Any]:
    """The server's first answer to a hello (a welcome or an error)."""
    async with connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, **extra}))
        m: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 15))
        return m


# --- point 8: the seats ---------------------------------------------------------------------


def test_an_invited_seat_is_kept_for_its_invitation(server: ServerProcess) -> None:
    """Before Bob has come, his seat cannot be taken from the lobby; his link still seats him."""
    table = new_table(server, TWO_PEOPLE)
    tid = table["id"]
    refused = http_json(f"{server.base}/api/tables/{tid}/take", {"name": "Bob"})
    assert refused.get("error") == "seat_reserved", refused
    lobby = next(t for t in http_json(server.base + "/api/tables")["tables"] if t["id"] == tid)
    bob = next(p for p in lobby["people"] if p["name"] == "Bob")
    assert bob["invited"] and not bob["claimed"]
    welcome = asyncio.run(first_hello(f"{server.ws_base}/ws/{tid}", invitation(table, "Bob")))
    assert welcome["type"] == "welcome" and welcome["you"] == "Bob", welcome
    taken = http_json(f"{server.base}/api/tables/{tid}/take", {"name": "Bob"})
    assert taken["error"] == "seat_taken", taken


def test_leaving_a_seat_revokes_its_token(server: ServerProcess) -> None:
    """A seat given up is free for the lobby, and the token that held it seats nobody again:
    not the invitation, not a token taken from the lobby."""
    table = new_table(server, TWO_PEOPLE)
    tid = table["id"]
    url = f"{server.ws_base}/ws/{tid}"
    leave, take = f"{server.base}/api/tables/{tid}/leave", f"{server.base}/api/tables/{tid}/take"
    old = invitation(table, "Bob")

    async def seated_then_left(token: str) -> dict[str, Any]:
        async with connect(url) as ws:
            bob = AsyncClient(ws, "Bob")
            assert (await bob.hello(token))["you"] == "Bob"
            assert http_json(leave, {"token": token}) == {"left": "Bob"}
            while True:  # the connection goes on watching, told so
                m = await bob.recv()
                if m["type"] == "welcome":
                    return m

    assert asyncio.run(seated_then_left(old))["you"] is None
    for _ in range(2):
        refused = asyncio.run(first_hello(url, old))
        assert refused["type"] == "error" and refused["code"] == "bad_token", refused
        assert http_json(leave, {"token": old})["error"] == "bad_token"
        lobby = next(t for t in http_json(server.base + "/api/tables")["tables"] if t["id"] == tid)
        bob = next(p for p in lobby["people"] if p["name"] == "Bob")
        assert not bob["claimed"] and not bob["invited"]
        fresh = http_json(take, {"name": "Bob"})["token"]
        assert fresh != old
        assert asyncio.run(seated_then_left(fresh))["you"] is None
        old = fresh
