"""The server's limits, against a real uvicorn on 127.0.0.1 (``vivant serve`` in its own process)
and raw sockets or real ``websockets`` clients: nothing is kept for a table id that does not
exist, bodies over the limit are refused before they are read, half-sent requests are dropped
and connections are bounded, tokens stay out of the log, table creation is rate-limited and
abandoned tables expire, store errors reach clients in plain words, and actions are stored in
their canonical form (issue 13, points 5, 6, 7 and 10)."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import sqlite3
import string
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from server_helpers import AsyncClient, ServerProcess, http_json
from vivant.server import MAX_MESSAGE
from vivant.server.store import Store

pytestmark = pytest.mark.timeout(240)

CLI = "import sys; from vivant.cli import main; sys.exit(main())"
PEOPLE = [{"name": n, "kind": "human"} for n in ("Ann", "Bob", "Cy")]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    s = ServerProcess(f"sqlite:///{tmp_path / 'limits.db'}").start()
    yield s
    s.stop()


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def raw(port: int, source: str = "127.0.0.1") -> socket.socket:
    """A TCP connection to the server from ``source`` (any 127.x address is loopback)."""
    s = socket.socket()
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    return s


def complete(response: bytes) -> bool:
    """Whether ``response`` holds a whole HTTP answer (headers and a Content-Length body)."""
    head, sep, body = response.partition(b"\r\n\r\n")
    if not sep or b"content-length:" not in head.lower():
        return False
    length = int(head.lower().split(b"content-length:")[1].split(b"\r\n")[0])
    return len(body) >= length


def answer(s: socket.socket, within: float, whole: bool = True) -> bytes:
    """What the server sends until it closes the connection, or ``within`` seconds pass, or
    (``whole``) one whole answer has arrived; ``<closed>``/``<reset>`` mark the end."""
    out = b""
    deadline = time.monotonic() + within
    while (left := deadline - time.monotonic()) > 0:
        s.settimeout(left)
        try:
            data = s.recv(65536)
        except TimeoutError:
            break
        except ConnectionResetError:
            return out + b"<reset>"
        if not data:
            return out + b"<closed>"
        out += data
        if whole and complete(out):
            return out
    return out


def closed_by_server(s: socket.socket, within: float) -> bool:
    """Whether the server closed the connection (after answering or not) within the time."""
    got = answer(s, within, whole=False)
    return got.endswith((b"<closed>", b"<reset>"))


def status_of(response: bytes) -> int:
    assert response.startswith(b"HTTP/1.1 "), response[:200]
    return int(response.split()[1])


def body_of(response: bytes) -> Any:
    _, _, body = response.partition(b"\r\n\r\n")
    return json.loads(body.removesuffix(b"<closed>").removesuffix(b"<reset>"))


def new_table(server: ServerProcess, **extra: Any) -> dict[str, Any]:
    table: dict[str, Any] = http_json(
        server.base + "/api/tables", {"variant": "mort", "players": PEOPLE, **extra}
    )
    assert "id" in table, table
    return table


# --- point 5: unknown table ids -------------------------------------------------------------------


def test_unknown_table_ids_leave_nothing_behind(server: ServerProcess) -> None:
    """Thousands of lookups of long random ids, on every route that takes a table id and on the
    websocket, leave the server's memory where it was; each gets a 404 that does not echo the
    id back; an id of the right shape that names no table is a plain ``no_table``."""
    rng = random.Random(5)
    letters = string.ascii_letters + string.digits

    def long_id() -> str:
        return "".join(rng.choices(letters, k=8000))

    echoed: list[bool] = []

    def lookups(n: int) -> None:
        conn = raw(server.port)
        try:
            for i in range(n):
                tid = long_id()
                if i % 3 == 0:
                    body = b'{"name": "Ann"}'
                    req = (
                        f"POST /api/tables/{tid}/take HTTP/1.1\r\nHost: t\r\n"
                        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
                    ).encode() + body
                else:
                    route = "/replay" if i % 3 == 1 else ""
                    req = f"GET /api/tables/{tid}{route} HTTP/1.1\r\nHost: t\r\n\r\n".encode()
                conn.sendall(req)
                got = answer(conn, 10)
                assert status_of(got) == 404, got[:300]
                echoed.append(tid in got.decode())
        finally:
            conn.close()

    async def sockets(n: int) -> None:
        for _ in range(n):
            async with connect(f"{server.ws_base}/ws/{long_id()}") as ws:
                m = json.loads(await ws.recv())
                assert m["type"] == "error" and m["code"] == "no_table", m

    lookups(300)  # warm up: the first requests allocate what every request then reuses
    asyncio.run(sockets(30))
    before = rss_mb(server.proc.pid)
    threads = [threading.Thread(target=lookups, args=(900,)) for _ in range(4)]
    for t in threads:
        t.start()
    asyncio.run(sockets(300))
    for t in threads:
        t.join()
    after = rss_mb(server.proc.pid)
    # 3,900 lookups of 8,000 characters: a lock (or anything) kept per id would be 30 MB or more.
    assert after - before < 8, f"server RSS {before:.0f} -> {after:.0f} MB"
    assert not any(echoed), "a 404 echoes the whole id back"
    missing = http_json(f"{server.base}/api/tables/{'ab' * 6}")
    assert missing["error"] == "no_table" and "abababababab" in missing["message"]
    # The server goes on serving the tables that do exist.
    table = new_table(server)
    assert http_json(f"{server.base}/api/tables/{table['id']}")["id"] == table["id"]


# --- point 6: bodies ------------------------------------------------------------------------------


def test_oversized_bodies_are_refused_before_they_are_read(server: ServerProcess) -> None:
    """A Content-Length over the limit is answered 413 at once, before any byte of the body is
    sent; a chunked body is refused as soon as what arrived passes the limit; both on every
    route that reads a body; a body within the limit still works."""
    table = new_table(server)
    routes = ["/api/tables", f"/api/tables/{table['id']}/take", f"/api/tables/{table['id']}/leave"]
    for route in routes:
        s = raw(server.port)
        s.sendall(
            f"POST {route} HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
            f"Content-Length: {300 * 1024 * 1024}\r\n\r\n".encode()
        )
        got = answer(s, 5)  # no body sent at all: the answer cannot wait for it
        assert status_of(got) == 413, got[:300]
        assert body_of(got)["error"] == "too_large"
        s.close()

        s = raw(server.port)
        s.sendall(
            f"POST {route} HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\n\r\n".encode()
        )
        chunk = b"x" * 16384
        for _ in range(2 * MAX_MESSAGE // len(chunk)):  # twice the limit, never terminated
            s.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
        got = answer(s, 5)
        assert status_of(got) == 413, got[:300]
        assert body_of(got)["error"] == "too_large"
        s.close()
    # Within the limit, chunked or not, a body is read as before.
    body = json.dumps({"variant": "mort", "players": PEOPLE, "title": "x" * 40}).encode()
    s = raw(server.port)
    s.sendall(
        b"POST /api/tables HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
        + f"{len(body):x}\r\n".encode()
        + body
        + b"\r\n0\r\n\r\n"
    )
    got = answer(s, 5)
    assert status_of(got) == 201, got[:300]
    s.close()


# --- point 7: half-sent requests and the number of connections ------------------------------------


def test_half_sent_requests_are_dropped_by_default(server: ServerProcess) -> None:
    """With ``vivant serve``'s default timeouts, a connection that sends half a request's
    headers, one that sends its headers and half the body, and a kept-alive one that sends half
    its second request are all closed by the server within 10 s (plus headroom); a client that
    connects and sends nothing is closed too."""
    half_headers = [raw(server.port) for _ in range(20)]
    for s in half_headers:
        s.sendall(b"GET /api/variants HTTP/1.1\r\nHost: t\r\nX-Slow: ")
    half_body = raw(server.port)
    half_body.sendall(
        b"POST /api/tables HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
        b'Content-Length: 100\r\n\r\n{"variant": '
    )
    kept = raw(server.port)
    kept.sendall(b"GET /api/variants HTTP/1.1\r\nHost: t\r\n\r\n")
    assert status_of(answer(kept, 5)) == 200
    kept.sendall(b"GET /api/variants HTTP/1.1\r\nHost: t\r\n")
    silent = raw(server.port)
    start = time.monotonic()
    for s in [*half_headers, half_body, kept, silent]:
        assert closed_by_server(s, 16 - (time.monotonic() - start)), "a half-sent request held"
        s.close()
    assert time.monotonic() - start < 16
    # The server still answers.
    assert http_json(server.base + "/api/variants")["variants"]


def test_connections_are_bounded_and_a_flood_cannot_lock_clients_out(tmp_path: Path) -> None:
    """Over ``--max-connections`` the server drops the oldest half-sent requests first, so it
    never holds more than that many connections, and a well-behaved client (HTTP or websocket)
    still gets in while a slowloris keeps opening connections."""
    limit = 40
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'limits.db'}",
        args=("--max-connections", str(limit), "--header-timeout", "60"),
    ).start()
    try:
        table = new_table(server)
        slow = []
        for _ in range(2 * limit):
            s = raw(server.port)
            s.sendall(b"GET /api/variants HTTP/1.1\r\nHost: t\r\nX-Slow: ")
            slow.append(s)
        time.sleep(0.5)
        assert http_json(server.base + "/api/variants")["variants"]

        async def spectate() -> None:
            async with connect(f"{server.ws_base}/ws/{table['id']}") as ws:
                c = AsyncClient(ws, None)
                await c.hello(None)

        asyncio.run(spectate())
        held = sum(not closed_by_server(s, 0.3) for s in slow)
        assert held <= limit, f"{held} half-sent requests held; the limit is {limit}"
        assert held >= limit // 2, "the newest half-sent requests should still be waiting"
        for s in slow:
            s.close()
    finally:
        server.stop()


# --- point 10: the log, the number of tables, store errors, canonical actions ---------------------


def test_tokens_never_reach_the_server_log(tmp_path: Path) -> None:
    """The invitation page's ``?token=`` and a websocket URL's ``?token=`` are logged with the
    token replaced; the paths themselves are still logged."""
    log = tmp_path / "serve.log"
    server = ServerProcess(f"sqlite:///{tmp_path / 'log.db'}", log=log, log_level="info").start()
    try:
        table = new_table(server)
        tid, token = table["id"], table["invites"][0]["token"]
        s = raw(server.port)
        s.sendall(f"GET /t/{tid}?token={token}&x=1 HTTP/1.1\r\nHost: t\r\n\r\n".encode())
        assert status_of(answer(s, 5)) == 200
        s.close()

        async def join() -> None:
            async with connect(f"{server.ws_base}/ws/{tid}?token={token}") as ws:
                c = AsyncClient(ws, "Ann")
                await c.hello(token)

        asyncio.run(join())
        time.sleep(0.5)
    finally:
        server.stop()
    text = log.read_text()
    assert f"/t/{tid}" in text and f"/ws/{tid}" in text, text[-2000:]
    assert token not in text, "a seat's token was written to the server log"


def test_table_creation_is_rate_limited_per_client(tmp_path: Path) -> None:
    """Past ``--new-tables`` tables in the window, a client's next table is refused with 429 and
    a Retry-After; a table the engine refused is not counted; another client address is not
    affected."""
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'rate.db'}", args=("--new-tables", "5", "--new-tables-window", "60")
    ).start()
    try:
        for _ in range(3):  # two people cannot play Mort: refused, and not counted
            refused = http_json(
                server.base + "/api/tables", {"variant": "mort", "players": PEOPLE[:2]}
            )
            assert refused["error"] == "bad_table", refused
        for _ in range(5):
            new_table(server)
        body = json.dumps({"variant": "mort", "players": PEOPLE}).encode()

        def post_from(source: str) -> bytes:
            s = raw(server.port, source)
            s.sendall(
                b"POST /api/tables HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                + f"Content-Length: {len(body)}\r\n\r\n".encode()
                + body
            )
            got = answer(s, 5)
            s.close()
            return got

        refused = post_from("127.0.0.1")
        assert status_of(refused) == 429, refused[:300]
        assert b"retry-after:" in refused.lower()
        assert body_of(refused)["error"] == "too_many_tables"
        assert status_of(post_from("127.0.0.2")) == 201
        assert len(http_json(server.base + "/api/tables")["tables"]) == 6
    finally:
        server.stop()


def test_abandoned_tables_expire(tmp_path: Path) -> None:
    """A table nobody is connected to, with no action for ``--abandon-after`` seconds, is
    removed (lobby, store, memory); one with a spectator connected stays, and expires once the
    spectator has gone; a sitting of computer players (acting, then over) is never removed."""
    db = f"sqlite:///{tmp_path / 'expire.db'}"
    server = ServerProcess(db, args=("--abandon-after", "2")).start()
    lobby = server.base + "/api/tables"
    try:
        alone = new_table(server)["id"]
        watched = new_table(server)["id"]
        bots = http_json(
            lobby,
            {"variant": "mort", "players": [{"name": n, "kind": "random"} for n in "ABC"]},
        )["id"]

        async def watch() -> set[str]:
            async with connect(f"{server.ws_base}/ws/{watched}") as ws:
                c = AsyncClient(ws, None)
                await c.hello(None)
                await asyncio.sleep(4.0)
                tables = (await asyncio.to_thread(http_json, lobby))["tables"]
                return {t["id"] for t in tables}

        ids = asyncio.run(watch())
        assert alone not in ids and watched in ids and bots in ids
        assert http_json(f"{server.base}/api/tables/{alone}")["error"] == "no_table"
        deadline = time.monotonic() + 8
        while watched in {t["id"] for t in http_json(lobby)["tables"]}:
            assert time.monotonic() < deadline, "the table was not removed once left"
            time.sleep(0.2)
        assert bots in {t["id"] for t in http_json(lobby)["tables"]}
    finally:
        server.stop()
    store = Store(db)
    assert store.get_table(alone) is None and store.load_events(alone) == []
    assert store.participants(alone) == [] and store.get_table(watched) is None
    assert store.get_table(bots) is not None and store.load_events(bots)
    store.close()


def test_store_errors_reach_clients_as_plain_messages(tmp_path: Path) -> None:
    """While the SQLite file is locked by another process past the busy timeout, creating a
    table, taking a seat and acting each get a plain refusal: no SQL, no driver names, no
    action; the details go to the server log."""
    path = tmp_path / "locked.db"
    log = tmp_path / "serve.log"
    server = ServerProcess(f"sqlite:///{path}?timeout=0.5", log=log).start()  # a short wait
    try:
        table = new_table(server)
        tid = table["id"]
        tokens = {i["name"]: i["token"] for i in table["invites"]}
        url = f"{server.ws_base}/ws/{tid}"

        async def scenario() -> list[dict[str, Any]]:
            async with connect(url) as spec_ws:
                spectator = AsyncClient(spec_ws, None)
                await spectator.hello(None)
                while spectator.state is None or spectator.state["waiting_for"] not in tokens:
                    await spectator.recv()  # chance cuts; then a person is to decide
            who = spectator.state["waiting_for"]
            other = next(n for n in tokens if n != who)
            # An invited seat is kept for its link: free one, so that taking it reaches the store.
            left = await asyncio.to_thread(
                http_json, f"{server.base}/api/tables/{tid}/leave", {"token": tokens[other]}
            )
            assert left == {"left": other}, left
            async with connect(url) as ws:
                person = AsyncClient(ws, who)
                await person.hello(tokens[who])
                assert person.state is not None and person.state["legal"]
                locker = sqlite3.connect(path, timeout=0)
                locker.execute("BEGIN EXCLUSIVE")
                try:
                    created = await asyncio.to_thread(
                        http_json,
                        server.base + "/api/tables",
                        {"variant": "mort", "players": PEOPLE},
                        20,
                    )
                    taken = await asyncio.to_thread(
                        http_json, f"{server.base}/api/tables/{tid}/take", {"name": other}, 20
                    )
                    action = person.state["legal"][0]
                    await ws.send(json.dumps({"type": "action", "id": "a1", "action": action}))
                    while (m := json.loads(await asyncio.wait_for(ws.recv(), 20)))[
                        "type"
                    ] != "error":
                        pass
                finally:
                    locker.rollback()
                    locker.close()
            return [created, taken, m]

        answers = asyncio.run(scenario())
    finally:
        server.stop()
    assert [a.get("error", a.get("code")) for a in answers] == [
        "server_error",
        "store_unavailable",  # a seat's write is refused in words: nothing changed, try again
        "store_unavailable",  # the table pauses until the store takes writes again (point 4)
    ], answers
    for a in answers:
        text = json.dumps(a)
        assert len(a["message"]) > 10, a
        for internal in ("sqlite", "SQL", "sqlalche", "Traceback", "OperationalError", "INSERT"):
            assert internal not in text, f"{internal!r} reached a client: {text}"
    assert "database is locked" in log.read_text()


def test_actions_are_stored_in_canonical_form(tmp_path: Path) -> None:
    """A Bridge for Three dealer's declaration sent in lower case (``"nt"``, ``"s"``) is stored,
    acknowledged and shown to the others as ``"NT"``/``"S"``: the stored log is the action the
    engine applied, in its own notation."""
    db = f"sqlite:///{tmp_path / 'canonical.db'}"
    server = ServerProcess(db).start()
    try:
        table = http_json(
            server.base + "/api/tables",
            {
                "variant": "bridge-for-three",
                "players": [
                    {"name": "Ann", "kind": "human"},
                    {"name": "Bob", "kind": "random"},
                    {"name": "Cy", "kind": "random"},
                ],
                "seed": 3,
            },
        )
        tid, token = table["id"], table["invites"][0]["token"]
        rng = random.Random(2)

        def may_declare(c: AsyncClient) -> bool:
            return c.my_turn() and any(a["type"] == "Declare" for a in c.state["legal"])  # type: ignore[index]

        async def scenario() -> list[str]:
            sent: list[str] = []
            async with (
                connect(f"{server.ws_base}/ws/{tid}") as ws,
                connect(f"{server.ws_base}/ws/{tid}") as spec_ws,
            ):
                spectator = AsyncClient(spec_ws, None)
                await spectator.hello(None)
                ann = AsyncClient(ws, "Ann")
                await ann.hello(token, accept_seed=3)
                for trump in ("nt", "s"):
                    await ann.play(rng, may_declare)
                    assert ann.state is not None
                    seat = next(a for a in ann.state["legal"] if a["type"] == "Declare")["seat"]
                    ann.pending = f"declare-{trump}"
                    action = {"type": "Declare", "seat": seat, "trump": trump}
                    await ws.send(
                        json.dumps({"type": "action", "id": ann.pending, "action": action})
                    )
                    while ann.pending is not None:
                        await ann.recv()
                    sent.append(trump)
                while spectator.seq < ann.need_seq:
                    await spectator.recv()
                shown = [
                    m["action"]["trump"]
                    for m in spectator.messages
                    if m["type"] == "update" and m["action"]["type"] == "Declare"
                ]
                assert {"NT", "S"} <= set(shown), shown
            return sent

        assert asyncio.run(scenario()) == ["nt", "s"]
    finally:
        server.stop()
    store = Store(db)
    declared = [r.action["trump"] for r in store.load_events(tid) if r.action["type"] == "Declare"]
    store.close()
    assert {"NT", "S"} <= set(declared) and set(declared) <= {"S", "H", "D", "C", "NT"}, declared


def test_serve_documents_and_checks_its_limits(tmp_path: Path) -> None:
    """Every limit is an option of ``vivant serve`` with its default in the help, and a value
    that is no number of seconds is refused with a clear message, not a traceback; so is an
    SQLite store's busy timeout (``?timeout=``), whose default the help gives too."""
    import subprocess
    import sys

    def serve(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", CLI, "serve", *args],
            capture_output=True,
            text=True,
            timeout=60,
        )

    text = " ".join(serve("--help").stdout.split())
    for option, default in (
        ("--header-timeout", "default 10"),
        ("--body-timeout", "default 10"),
        ("--keep-alive", "default 5"),
        ("--max-connections", "default 1000"),
        ("--new-tables", "default 20"),
        ("--new-tables-window", "default 600"),
        ("--abandon-after", "default 86400"),
    ):
        assert option in text, option
        assert default in text.split(option + " ")[-1][:400], option
    for bad in (("--header-timeout", "0"), ("--body-timeout", "nan"), ("--abandon-after", "-1")):
        done = serve(*bad)
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert bad[0] in done.stderr and "seconds" in done.stderr
    assert "?timeout=S" in text and "default 5" in text.split("?timeout=S")[1][:80]
    for wait in ("soon", "-1", "nan", "inf"):
        done = serve("--db", f"sqlite:///{tmp_path / 'v.db'}?timeout={wait}", "--port", "0")
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert f"timeout={wait} is not a number of seconds" in done.stderr, done.stderr
    assert not (tmp_path / "v.db").exists()
