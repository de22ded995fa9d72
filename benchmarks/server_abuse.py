"""Abuse of a real server, and what it costs everyone else.

Starts ``vivant serve`` in a process of its own on 127.0.0.1 (SQLite in a temporary directory
unless ``--db`` names another store) and runs four attacks one after the other, each from this
process, over loopback only:

(a) resync flood: a spectator with no token sends ``{"type": "resync", "last_seq": 0}``
    ``--resyncs`` times on a table of computer players with about a thousand events;
(b) unknown tables: ``--lookups`` GETs of ``/api/tables/<id>`` with random ids of 8,000
    characters;
(c) one POST whose body is ``--body-mib`` MiB;
(d) ``--half-open`` connections that send half a request line and headers, then nothing, held
    for ``--hold`` seconds (the number the server still holds open at the end is printed).

During each attack a well-behaved client, a spectator of *another* table, sends a ping every
20 ms; the benchmark prints the p50/p99/max of its ping -> pong time and the server process's
resident memory (RSS, from ``/proc``) before and after the attack.

Usage: ``python benchmarks/server_abuse.py [--quick] [--db URL] [--serve-arg=--flag=value ...]``.
``--quick`` runs every attack at a tenth of its size (a hundred half-open connections, 30 MiB).
Every attack is bounded in count and in time (``--timeout`` seconds each).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import string
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.client import connect

from server_load import free_port, pct, post, start_server

#: A table's events to reach before the flood (computer players make them).
FLOOD_EVENTS = 1000


def rss_mb(pid: int) -> float:
    """Resident memory of process ``pid`` in MB (Linux ``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


@dataclass
class Result:
    """One attack: the other client's ping times and the server's memory around it."""

    name: str
    rss_before: float = 0.0
    rss_after: float = 0.0
    rss_peak: float = 0.0
    pings: list[float] = field(default_factory=list)
    lost_pings: int = 0
    seconds: float = 0.0
    note: str = ""


async def pinger(url: str, stop: asyncio.Event, result: Result) -> None:
    """A spectator of another table: a ping every 20 ms, each pong timed (a ping unanswered for
    5 s is counted as lost and timed at 5 s)."""
    async with connect(url, max_queue=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": None, "last_seq": None}))
        while json.loads(await ws.recv())["type"] != "welcome":
            pass
        while not stop.is_set():
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "ping"}))
            try:
                async with asyncio.timeout(5.0):
                    while json.loads(await ws.recv())["type"] != "pong":
                        pass
            except TimeoutError:
                result.lost_pings += 1
                result.pings.append(5000.0)
                continue
            result.pings.append((time.perf_counter() - sent) * 1000)
            await asyncio.sleep(0.02)


async def measured(
    name: str, pid: int, ping_url: str, attack: Callable[[Result], Awaitable[None]], timeout: float
) -> Result:
    """Run ``attack`` while the pinger runs; note RSS before and after (after a 1 s settle)."""
    result = Result(name)
    result.rss_before = rss_mb(pid)
    stop = asyncio.Event()
    ping_task = asyncio.create_task(pinger(ping_url, stop, result))
    sampler = asyncio.create_task(sample_rss(pid, stop, result))
    await asyncio.sleep(0.5)
    start = time.perf_counter()
    try:
        await asyncio.wait_for(attack(result), timeout)
    except TimeoutError:
        result.note += f" (stopped at the {timeout:.0f} s bound)"
    result.seconds = time.perf_counter() - start
    await asyncio.sleep(1.0)
    stop.set()
    await ping_task
    await sampler
    result.rss_after = rss_mb(pid)
    return result


async def sample_rss(pid: int, stop: asyncio.Event, result: Result) -> None:
    """The server's highest RSS, sampled every 50 ms."""
    while not stop.is_set():
        result.rss_peak = max(result.rss_peak, rss_mb(pid))
        await asyncio.sleep(0.05)


# --- the attacks --------------------------------------------------------------------------------


def resync_flood(url: str, count: int) -> Callable[[Result], Awaitable[None]]:
    async def attack(result: Result) -> None:
        answered = 0
        async with connect(url, max_queue=None, max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": None, "last_seq": None}))
            for _ in range(count):
                await ws.send(json.dumps({"type": "resync", "last_seq": 0}))
            # The server coalesces catch-ups (one waiting a connection) and paces them: the
            # flood is over when no welcome has come for two seconds.
            try:
                while True:
                    m = json.loads(await asyncio.wait_for(ws.recv(), 2.0))
                    answered += m["type"] in ("welcome", "error")
            except TimeoutError:
                pass
            finally:
                result.note = f"{count} resyncs sent, answered by {answered} welcomes (coalesced)"

    return attack


async def http_exchange(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, request: bytes
) -> int:
    """Send one HTTP/1.1 request on a kept-alive connection; read the answer; its status."""
    writer.write(request)
    await writer.drain()
    status_line = await reader.readline()
    length = 0
    while (line := await reader.readline()) not in (b"\r\n", b""):
        key, _, value = line.decode("latin-1").partition(":")
        if key.strip().lower() == "content-length":
            length = int(value)
    await reader.readexactly(length)
    return int(status_line.split()[1]) if status_line else 0


def unknown_lookups(port: int, count: int, id_length: int) -> Callable[[Result], Awaitable[None]]:
    async def attack(result: Result) -> None:
        statuses: dict[int, int] = {}
        rng = random.Random(5)
        letters = string.ascii_letters + string.digits

        async def worker(n: int) -> None:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            try:
                for _ in range(n):
                    tid = "".join(rng.choices(letters, k=id_length))
                    request = f"GET /api/tables/{tid} HTTP/1.1\r\nHost: bench\r\n\r\n".encode()
                    status = await http_exchange(reader, writer, request)
                    statuses[status] = statuses.get(status, 0) + 1
            finally:
                writer.close()

        workers = 8
        try:
            shares = [count // workers + (i < count % workers) for i in range(workers)]
            await asyncio.gather(*(worker(n) for n in shares))
        finally:
            result.note = "statuses " + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items()))

    return attack


def big_body(port: int, mib: int) -> Callable[[Result], Awaitable[None]]:
    async def attack(result: Result) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        size = mib * 1024 * 1024
        head = (
            f"POST /api/tables HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n"
            f"Content-Length: {size}\r\n\r\n"
        ).encode()
        chunk = b" " * (1024 * 1024)
        sent = 0
        answer = asyncio.create_task(reader.readline())
        try:
            writer.write(head)
            for _ in range(mib):
                if answer.done():
                    break
                writer.write(chunk)
                await writer.drain()
                sent += 1
            status_line = await asyncio.wait_for(answer, 30)
            result.note = f"sent {sent} MiB; answer {status_line.decode().strip()!r}"
        except (ConnectionError, TimeoutError) as exc:
            result.note = f"sent {sent} MiB; connection ended: {type(exc).__name__}"
            if answer.done() and not answer.cancelled() and answer.exception() is None:
                result.note += f" after answer {answer.result().decode().strip()!r}"
        finally:
            answer.cancel()
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    return attack


def half_open(port: int, count: int, hold: float) -> Callable[[Result], Awaitable[None]]:
    async def attack(result: Result) -> None:
        conns: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
        refused = 0
        for i in range(count):
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                refused += 1
                continue
            writer.write(f"GET /api/tables/{i} HTTP/1.1\r\nHost: bench\r\nX-Slow: ".encode())
            conns.append((reader, writer))
        await asyncio.sleep(hold)
        held = 0
        for reader, writer in conns:
            # The server gave up on a connection if it closed it (EOF) or answered (408, 503...).
            with contextlib.suppress(ConnectionError):
                try:
                    await asyncio.wait_for(reader.read(1), 0.001)
                except TimeoutError:
                    held += 1
            writer.close()
        result.note = f"{held} of {count} still held by the server after {hold:.0f} s"
        if refused:
            result.note += f"; {refused} not accepted"

    return attack


# --- set-up -------------------------------------------------------------------------------------


async def wait_for_events(ws_url: str, target: int, timeout: float) -> int:
    """Watch a table of computer players until it has ``target`` events (or is over)."""
    async with connect(ws_url, max_queue=None, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": None, "last_seq": None}))
        deadline = time.monotonic() + timeout
        seq = 0
        while seq < target and time.monotonic() < deadline:
            try:
                m = json.loads(await asyncio.wait_for(ws.recv(), 5))
            except TimeoutError:
                break
            if m["type"] in ("welcome", "update"):
                seq = m["seq"]
                if m["state"]["status"] == "over":
                    break
        return seq


def bot_table(base: str, seed: int) -> str:
    table = post(
        base + "/api/tables",
        {
            "variant": "english-dummy",
            "players": [
                {"name": "Random A", "kind": "random"},
                {"name": "Random B", "kind": "random"},
                {"name": "Random C", "kind": "random"},
            ],
            "seed": seed,
        },
    )
    tid: str = table["id"]
    return tid


def people_table(base: str) -> str:
    table = post(
        base + "/api/tables",
        {"variant": "mort", "players": [{"name": n, "kind": "human"} for n in ("A", "B", "C")]},
    )
    tid: str = table["id"]
    return tid


async def run(args: argparse.Namespace, base: str, port: int, pid: int) -> list[Result]:
    ws_base = base.replace("http://", "ws://")
    events = 0
    flood_id = ""
    # A sitting may end before FLOOD_EVENTS: these seeds' rubbers are long (1,117 events for 8),
    # and the longest is taken.
    for seed in (8, 14, 7):
        tid = bot_table(base, seed)
        n = await wait_for_events(f"{ws_base}/ws/{tid}", FLOOD_EVENTS, 120)
        if n > events:
            flood_id, events = tid, n
        if events >= FLOOD_EVENTS:
            break
    ping_url = f"{ws_base}/ws/{people_table(base)}"
    scale = 10 if args.quick else 1
    attacks = [
        (
            f"(a) {args.resyncs // scale} resyncs from 0, table of {events} events",
            resync_flood(f"{ws_base}/ws/{flood_id}", args.resyncs // scale),
        ),
        (
            f"(b) {args.lookups // scale} unknown ids of {args.id_length} characters",
            unknown_lookups(port, args.lookups // scale, args.id_length),
        ),
        (f"(c) one POST of {args.body_mib // scale} MiB", big_body(port, args.body_mib // scale)),
        (
            f"(d) {args.half_open // scale} half-open connections",
            half_open(port, args.half_open // scale, args.hold / (2 if args.quick else 1)),
        ),
    ]
    results = []
    for name, attack in attacks:
        results.append(await measured(name, pid, ping_url, attack, args.timeout))
        print(report_line(results[-1]), flush=True)
    return results


def report_line(r: Result) -> str:
    return (
        f"{r.name}\n"
        f"    other client's ping, ms: p50 {pct(r.pings, 50):.1f}  p99 {pct(r.pings, 99):.1f}  "
        f"max {max(r.pings, default=float('nan')):.1f}  ({len(r.pings)} pings, "
        f"{r.lost_pings} lost)\n"
        f"    server RSS, MB: {r.rss_before:.0f} -> {r.rss_after:.0f} (peak {r.rss_peak:.0f})   "
        f"attack took "
        f"{r.seconds:.1f} s; {r.note.strip()}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="every attack a tenth of its size")
    parser.add_argument("--resyncs", type=int, default=500)
    parser.add_argument("--lookups", type=int, default=3000)
    parser.add_argument("--id-length", type=int, default=8000)
    parser.add_argument("--body-mib", type=int, default=300)
    parser.add_argument("--half-open", type=int, default=1000)
    parser.add_argument("--hold", type=float, default=30.0, help="seconds half-open ones wait")
    parser.add_argument("--timeout", type=float, default=120.0, help="bound on each attack, s")
    parser.add_argument("--db", default=None, help="store URL (default: SQLite in a temp dir)")
    parser.add_argument(
        "--serve-arg", action="append", default=[], help="an extra option for vivant serve"
    )
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'abuse.db'}"
        port = free_port()
        proc = start_server(db, port, 0.0, args.serve_arg)
        base = f"http://127.0.0.1:{port}"
        print(f"server: vivant serve {' '.join(args.serve_arg)} (pid {proc.pid}), store {db}")
        print(f"clients on this process; {os.cpu_count()} cores; quick: {args.quick}")
        try:
            asyncio.run(run(args, base, port, proc.pid))
        finally:
            proc.terminate()
            proc.wait(15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
