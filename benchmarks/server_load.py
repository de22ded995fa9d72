"""Load on a real server: many tables of computer players, a person and a spectator at each.

Starts ``vivant serve`` in a process of its own on 127.0.0.1 (SQLite in a temporary directory
unless ``--db`` names another store), creates ``--tables`` Mort tables — a person and two
computer players each — and connects, for every table, one websocket client that plays the
person's turns at once and one spectator. For ``--seconds`` it measures:

* actions/s: every event the spectators saw stored (chance, computer players and persons);
* latency from an intent to the *other* clients' update: the time from the person's client
  sending an action to the table's spectator receiving the update with that action's sequence
  number (both clients live in this process, so one clock times both), and to the sender's ack.

Usage: ``python benchmarks/server_load.py [--tables 100] [--seconds 20] [--bot-delay 0.25]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import uvloop
from websockets.asyncio.client import connect


@dataclass
class Stats:
    """What the clients measured."""

    sent: dict[tuple[str, str], float] = field(default_factory=dict)
    acked: dict[tuple[str, int], tuple[float, float]] = field(default_factory=dict)
    seen: dict[tuple[str, int], float] = field(default_factory=dict)
    events_in_window: int = 0
    errors: list[str] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def post(url: str, body: Any) -> Any:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def start_server(
    db: str, port: int, bot_delay: float, extra: Sequence[str] = ()
) -> subprocess.Popen[bytes]:
    """``vivant serve`` on 127.0.0.1:``port`` with ``extra`` options; returns once it answers."""
    cmd = [
        sys.executable,
        "-c",
        "import sys; from vivant.cli import main; sys.exit(main(sys.argv[1:]))",
        "serve",
        "--port",
        str(port),
        "--db",
        db,
        "--bot-delay",
        str(bot_delay),
        "--log-level",
        "warning",
        *extra,
    ]
    proc = subprocess.Popen(cmd)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/variants", timeout=1):
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("vivant serve did not start")


async def person(
    url: str, table: str, token: str, stats: Stats, until: float, rng: random.Random
) -> None:
    """Play the person's turns at once, timing each intent."""
    async with connect(url, max_queue=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "last_seq": None}))
        pending: str | None = None
        need = 0
        seq = 0
        state: dict[str, Any] | None = None
        n = 0
        while time.perf_counter() < until:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.01, until - time.perf_counter()))
            except TimeoutError:
                break
            m = json.loads(raw)
            kind = m["type"]
            if kind in ("welcome", "update"):
                state, seq = m["state"], m["seq"]
            elif kind == "ack":
                sent = stats.sent.get((table, m["id"]))
                if sent is not None:
                    stats.acked[(table, m["seq"])] = (sent, time.perf_counter())
                pending = None
                need = m["seq"]
            elif kind == "error":
                stats.errors.append(m["message"])
                pending = None
            if (
                state is not None
                and pending is None
                and seq >= need
                and state["waiting_for"] == state["view"]["names"].get(state["seat"] or "", "")
                and state["legal"]
            ):
                n += 1
                pending = f"i{n}"
                legal = state["legal"]
                plays = [a for a in legal if a["type"] == "Play"]
                action = rng.choice(plays) if plays else legal[0]
                stats.sent[(table, pending)] = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "id": pending, "action": action}))


async def spectator(url: str, table: str, stats: Stats, start: float, until: float) -> None:
    """Watch the table, noting when each update arrives."""
    async with connect(url, max_queue=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": None, "last_seq": None}))
        while time.perf_counter() < until:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.01, until - time.perf_counter()))
            except TimeoutError:
                break
            now = time.perf_counter()
            m = json.loads(raw)
            if m["type"] == "update":
                stats.seen[(table, m["seq"])] = now
                if now >= start:
                    stats.events_in_window += 1


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))
    return values[k]


async def run(base: str, tables: list[tuple[str, str]], seconds: float, warmup: float) -> Stats:
    stats = Stats()
    ws_base = base.replace("http://", "ws://")
    begin = time.perf_counter()
    start = begin + warmup
    until = start + seconds
    rng = random.Random(1)
    tasks = []
    for tid, token in tables:
        url = f"{ws_base}/ws/{tid}"
        tasks.append(spectator(url, tid, stats, start, until))
        tasks.append(person(url, tid, token, stats, until, random.Random(rng.random())))
    await asyncio.gather(*tasks)
    # Keep only intents sent inside the measuring window.
    stats.acked = {k: v for k, v in stats.acked.items() if v[0] >= start}
    return stats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0, help="measuring window")
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--bot-delay", type=float, default=0.25, help="seconds between moves")
    parser.add_argument("--db", default=None, help="store URL (default: SQLite in a temp dir)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
        port = free_port()
        # Its --tables tables all come from this one address.
        proc = start_server(db, port, args.bot_delay, ["--new-tables", "0"])
        base = f"http://127.0.0.1:{port}"
        try:
            tables = []
            for i in range(args.tables):
                t = post(
                    base + "/api/tables",
                    {
                        "variant": "mort",
                        "players": [
                            {"name": f"Person {i}", "kind": "human"},
                            {"name": "Heuristic", "kind": "heuristic"},
                            {"name": "Random", "kind": "random"},
                        ],
                    },
                )
                tables.append((t["id"], t["invites"][0]["token"]))
            stats = uvloop.run(run(base, tables, args.seconds, args.warmup))
        finally:
            proc.terminate()
            proc.wait(15)

    to_others = [
        (stats.seen[k] - sent) * 1000 for k, (sent, _) in stats.acked.items() if k in stats.seen
    ]
    to_ack = [(ack - sent) * 1000 for sent, ack in stats.acked.values()]
    print(f"tables: {args.tables} (a person and two computer players each)")
    print(f"websocket clients: {2 * args.tables} ({args.tables} persons, {args.tables} spectators)")
    print(f"store: {'SQLite (temporary)' if args.db is None else args.db}; clients on uvloop")
    print(f"bot delay: {args.bot_delay} s; window: {args.seconds} s after {args.warmup} s warm-up")
    print(f"actions/s (all tables): {stats.events_in_window / args.seconds:.0f}")
    print(f"person intents measured: {len(to_others)}")
    print(
        "intent -> other clients' update, ms: "
        f"p50 {pct(to_others, 50):.1f}  p90 {pct(to_others, 90):.1f}  "
        f"p99 {pct(to_others, 99):.1f}  max {max(to_others, default=float('nan')):.1f}"
    )
    print(
        "intent -> ack, ms: "
        f"p50 {pct(to_ack, 50):.1f}  p99 {pct(to_ack, 99):.1f}"
        + (f"  (mean {statistics.mean(to_ack):.1f})" if to_ack else "")
    )
    if stats.errors:
        print(f"errors: {len(stats.errors)}; first: {stats.errors[0]}")
    return 0 if not stats.errors else 1


if __name__ == "__main__":
    sys.exit(main())
