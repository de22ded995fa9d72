"""One client must not hold up the others (issue 13, point 1): a spectator floods a table of a
thousand events with ``resync`` and ``hello`` messages asking for everything since event 0,
while a well-behaved client at *another* table pings; its answers stay prompt (p99 under
100 ms), the flooding client still gets a complete, correct catch-up, and its many requests
are answered with few welcomes (coalesced and rate-limited per connection).

A real ``vivant serve`` (uvicorn) on 127.0.0.1, real ``websockets`` clients.
"""

from __future__ import annotations

import asyncio
import collections
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

from server_helpers import ServerProcess, http_json

pytestmark = pytest.mark.timeout(300)

#: Resync messages per flooding connection, and flooding connections.
FLOOD = 2000
FLOODERS = 4
#: Fresh connections that each say hello with ``last_seq`` 0.
HELLOS = 40


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    s = ServerProcess(f"sqlite:///{tmp_path / 'flood.db'}", bot_delay=0.0).start()
    yield s
    s.stop()


def long_table(server: ServerProcess) -> dict[str, Any]:
    """A sitting of five computer players played to its end (about a thousand events)."""
    table: dict[str, Any] = http_json(
        server.base + "/api/tables",
        {
            "variant": "mort",
            "players": [{"name": f"B{i}", "kind": "random"} for i in range(5)],
            "seed": 14,  # a long sitting: 1,125 events
        },
    )
    deadline = time.monotonic() + 60
    while True:
        summary: dict[str, Any] = http_json(f"{server.base}/api/tables/{table['id']}")
        if summary["status"] == "over":
            assert summary["seq"] >= 500, summary
            return summary
        assert time.monotonic() < deadline, summary
        time.sleep(0.2)


def kind_of(text: str) -> str:
    """A message's type, read from its head (the server writes ``{"type":"..."`` first), so
    that the flood's large welcomes need not all be decoded here."""
    head = text[:40]
    assert head.startswith('{"type":"'), head
    return head[9 : head.index('"', 9)]


async def drain(ws: ClientConnection) -> list[str]:
    """Read (and keep) everything until a ``pong``."""
    out: list[str] = []
    while True:
        text = await asyncio.wait_for(ws.recv(), 250)
        assert isinstance(text, str)
        out.append(text)
        if kind_of(text) == "pong":
            return out


async def flooder(url: str) -> dict[str, Any]:
    """Say hello, then send :data:`FLOOD` resyncs from 0 without waiting, then a ping; reads
    all the while (so that every welcome is built and sent). Returns what it sent and what came
    back, in brief."""
    async with connect(url, max_size=None, open_timeout=250) as ws:
        await ws.send(json.dumps({"type": "hello", "token": None, "last_seq": 0}))
        reader = asyncio.ensure_future(drain(ws))
        for _ in range(FLOOD):
            await ws.send(json.dumps({"type": "resync", "last_seq": 0}))
        sent = 1 + FLOOD
        await ws.send(json.dumps({"type": "ping"}))
        received = await reader
    welcomes = [text for text in received if kind_of(text) == "welcome"]
    last = json.loads(welcomes[-1]) if welcomes else None
    return {
        "sent": sent,
        "welcomes": len(welcomes),
        "last": None if last is None else [last["seq"], [e["seq"] for e in last["missed"]]],
        "other": sorted({kind_of(t) for t in received} - {"welcome", "pong", "presence"}),
    }


async def hellos(url: str) -> list[list[int]]:
    """Fresh connections, one after another, each asking for the whole table: the missed
    events of each welcome."""
    out = []
    for _ in range(HELLOS):
        async with connect(url, max_size=None, open_timeout=250) as ws:
            await ws.send(json.dumps({"type": "hello", "token": None, "last_seq": 0}))
            welcome = json.loads(await asyncio.wait_for(ws.recv(), 250))
            out.append([e["seq"] for e in welcome["missed"]])
    return out


async def flood(url: str) -> dict[str, Any]:
    """The whole flood: :data:`FLOODERS` flooding connections and :data:`HELLOS` hellos."""
    hellos_missed, *flooders = await asyncio.gather(
        hellos(url), *(flooder(url) for _ in range(FLOODERS))
    )
    return {"hellos": hellos_missed, "flooders": flooders}


async def pinger(url: str, stop: asyncio.Event) -> list[tuple[float, float]]:
    """A spectator of another table sending a ping every 10 ms, on the clock (not waiting for
    the last pong, so that a stall counts once for every ping it delays), until ``stop``: when
    each ping was sent and its round trip, in seconds."""
    rtts: list[tuple[float, float]] = []
    waiting: collections.deque[float] = collections.deque()
    async with connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "token": None, "last_seq": None}))
        assert json.loads(await ws.recv())["type"] == "welcome"

        async def pongs() -> None:
            while True:
                if json.loads(await ws.recv())["type"] == "pong":
                    sent = waiting.popleft()
                    rtts.append((sent, time.perf_counter() - sent))

        reader = asyncio.ensure_future(pongs())
        while not stop.is_set():
            waiting.append(time.perf_counter())
            await ws.send(json.dumps({"type": "ping"}))
            await asyncio.sleep(0.01)
        deadline = time.perf_counter() + 250
        while waiting and not reader.done() and time.perf_counter() < deadline:
            await asyncio.sleep(0.01)
        reader.cancel()
        assert not waiting, f"{len(waiting)} pings never answered"
    return rtts


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


@pytest.mark.alone
def test_a_catch_up_flood_does_not_hold_up_another_table(server: ServerProcess) -> None:
    flooded = long_table(server)
    quiet = http_json(
        server.base + "/api/tables",
        {
            "variant": "mort",
            "players": [{"name": "Ann", "kind": "human"}]
            + [{"name": f"C{i}", "kind": "heuristic"} for i in range(2)],
        },
    )
    flood_url = f"{server.ws_base}/ws/{flooded['id']}"
    quiet_url = f"{server.ws_base}/ws/{quiet['id']}"

    async def scenario() -> tuple[list[float], dict[str, Any], float]:
        stop = asyncio.Event()
        ping_task = asyncio.ensure_future(pinger(quiet_url, stop))
        await asyncio.sleep(0.3)
        t0 = time.perf_counter()
        # The flood runs in a process of its own: its clients' work must not delay the pinger.
        proc = await asyncio.create_subprocess_exec(
            sys.executable, __file__, flood_url, stdout=asyncio.subprocess.PIPE
        )
        out, _ = await proc.communicate()
        t1 = time.perf_counter()
        stop.set()
        assert proc.returncode == 0
        rtts = [rtt for sent, rtt in await ping_task if t0 <= sent <= t1]
        return rtts, json.loads(out), t1 - t0

    rtts, result, took = asyncio.run(scenario())
    assert len(rtts) >= 100, f"only {len(rtts)} pings during the flood"
    worst = p99(rtts)
    print(
        f"\nflood of {sum(f['sent'] for f in result['flooders'])} resyncs on {FLOODERS} "
        f"connections + {HELLOS} hellos, table of {flooded['seq']} events: {took:.1f} s; "
        f"other table's ping p99 {worst * 1000:.1f} ms, max {max(rtts) * 1000:.1f} ms over "
        f"{len(rtts)} pings; welcomes per flooder "
        f"{[f['welcomes'] for f in result['flooders']]}"
    )
    assert worst < 0.100, f"p99 ping {worst * 1000:.0f} ms during the flood"

    every = list(range(1, flooded["seq"] + 1))
    for f in result["flooders"]:
        # Every request is answered (the last welcome is complete and current), with far fewer
        # welcomes than requests, and no error.
        assert f["last"] == [flooded["seq"], every]
        assert f["welcomes"] < f["sent"] / 10, f
        assert f["other"] == [], f
    assert result["hellos"] == [every] * HELLOS


if __name__ == "__main__":
    print(json.dumps(asyncio.run(flood(sys.argv[1]))))
