"""Shared by the server tests: a synchronous websocket client over Starlette's TestClient, the
secrecy oracle, and a choice of action for a test's "person".

The oracle is independent of the server's code: it replays the stored actions on a fresh engine
table and says, for a viewer at a given sequence number, which cards that viewer may see then —
every card shown to the whole table (cut, played, exposed, turned up, Mort's hand; a card shown
by an action stays shown until the next deal, a hand's summary naming the cards of its
irregularities), plus what the laws show that viewer's seat at that moment (its own hand; in
Bridge for Three the pone also sees Dummy before the lead), as the engine's per-seat view states
it; a claimer's hand from the moment he claims until the next deal (D-TC4), taken from the cards
he holds then, not from any view. A card in any message beyond that is a leak.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from vivant.actions import action_from_json
from vivant.cards import CardSet, parse_card, parse_seat
from vivant.conventions import Sitting
from vivant.table import Table

CARD = re.compile(r"^[SHDC][2-9TJQKA]$")
PUBLIC_CARD_ACTIONS = ("Play", "PlayTogether", "CorrectRevoke", "ReportExposed", "CallCard", "Cut")


#: A page script making the table's pauses short (a person's settings, kept in the browser): a
#: finished trick stays 100 ms, the hand summary 300 ms, so that browser tests stay fast.
QUICK_PACE = "localStorage.setItem('vivant.pace', JSON.stringify({trick: 100, summary: 300}));"


def walk_strings(obj: Any) -> Iterator[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from walk_strings(k)
            yield from walk_strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from walk_strings(v)


def card_mentions(obj: Any) -> set[int]:
    """Every card named anywhere in a message."""
    return {parse_card(s) for s in walk_strings(obj) if CARD.match(s)}


class Oracle:
    """What each viewer may see after each event of a table, from its stored actions."""

    def __init__(self, variant: str, config: dict[str, Any], actions: list[dict[str, Any]]):
        self.variant = variant
        self.config = config
        self.actions = actions
        self.public: list[int] = []
        self.hands: list[list[int]] = []
        self.seats: list[dict[str, int]] = []
        sitting = Sitting(config)  # the game's table, and a card taken back (D-TC1)
        t: Table = sitting.table
        cuts = 0  # cards drawn in cutting: shown until the first deal
        claimed = 0  # a claimer's hand, shown face up to all from his claim on (D-TC4)
        played = 0  # every card ever shown by an action (the final record lists them all)
        shown = 0  # every card shown by an action since the deal (a hand's summary names them)
        for i in range(len(actions) + 1):
            now = 0
            if i:
                data = actions[i - 1]
                # A request to take cards back names them: they were played face up.
                now |= sitting.cards_in_question()
                if data["type"] == "Claim" and not t.laws and t.hand is not None:
                    claimed |= t.hand.hands[parse_seat(data["seat"])]
                sitting.apply(action_from_json(data))
                t = sitting.table
                now |= sitting.cards_in_question()
                if data["type"] == "Deal":
                    cuts = -1
                    shown = claimed = 0
                if data["type"] in PUBLIC_CARD_ACTIONS:
                    for key in ("card", "cards"):
                        if key in data:
                            names = data[key] if isinstance(data[key], list) else [data[key]]
                            for n in names:
                                now |= 1 << parse_card(n)
                    if data["type"] == "Cut" and cuts >= 0:
                        cuts |= now
                played |= now
                shown |= now
            now |= t.view(None).visible_cards().mask | shown | claimed
            played |= now
            if cuts > 0:
                now |= cuts
            if t.is_over():
                now |= played
            self.public.append(now)
            self.hands.append([t.view(s).visible_cards().mask for s in range(4)])
            self.seats.append({n: s for s in range(4) if (n := t.seat_player(s)) is not None})
        self.final = t

    def seat_of(self, seq: int, name: str | None) -> int | None:
        if name is None:
            return None
        return self.seats[seq].get(name)

    def allowed(self, seq: int, name: str | None) -> int:
        """Mask of the cards viewer ``name`` (None: a spectator) may see after event ``seq``."""
        mask = self.public[seq]
        seat = self.seat_of(seq, name)
        if seat is not None:
            mask |= self.hands[seq][seat]
        return mask

    def hidden_from(self, seq: int, name: str | None) -> int:
        """Mask of the cards still concealed from that viewer after event ``seq``."""
        return ((1 << 52) - 1) & ~self.allowed(seq, name)


def check_secrecy(oracle: Oracle, name: str | None, messages: list[dict[str, Any]]) -> int:
    """Assert that no message to ``name`` (None: a spectator) names a card it may not see at that
    message's moment; returns how many events and states were checked. A welcome's missed
    events are checked each at its own sequence number."""
    checked = 0

    def check(seq: int, part: Any, whole: dict[str, Any]) -> None:
        nonlocal checked
        allowed = oracle.allowed(seq, name)
        leaked = {c for c in card_mentions(part) if not allowed >> c & 1}
        assert not leaked, (
            f"{name or 'spectator'} was sent {CardSet(sum(1 << c for c in leaked))} at seq "
            f"{seq}, which it may not see: {json.dumps(whole)[:400]}"
        )
        checked += 1

    for m in messages:
        if m.get("type") == "welcome":
            for ev in m["missed"]:
                check(ev["seq"], ev, m)
            check(m["seq"], {k: v for k, v in m.items() if k != "missed"}, m)
        elif m.get("type") == "update":
            check(m["seq"], m, m)
        else:
            assert not card_mentions(m), f"{name}: a {m.get('type')} message names cards: {m}"
    return checked


def pick(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A test person's choice: a random card to play, else the first option offered."""
    plays = [a for a in legal if a["type"] == "Play"]
    if plays:
        return rng.choice(plays)
    return legal[0]


def hello_message(
    token: str | None, last_seq: int | None, accept_seed: int | None
) -> dict[str, Any]:
    """A client's first message; ``accept_seed`` agrees to a table's fixed seed."""
    m: dict[str, Any] = {"type": "hello", "token": token, "last_seq": last_seq}
    if accept_seed is not None:
        m["accept_seed"] = accept_seed
    return m


class SyncClient:
    """One websocket of Starlette's TestClient, keeping every message it receives."""

    def __init__(self, ws: Any, name: str | None) -> None:
        self.ws = ws
        self.name = name
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.seq = 0
        self.n = 0
        #: The seat's token once said hello with (a used invitation's replacement).
        self.token: str | None = None

    def hello(
        self, token: str | None, last_seq: int | None = None, accept_seed: int | None = None
    ) -> dict[str, Any]:
        self.ws.send_text(json.dumps(hello_message(token, last_seq, accept_seed)))
        m = self.receive()
        self.token = m.get("token", token)
        return m

    def receive(self) -> dict[str, Any]:
        m: dict[str, Any] = self.ws.receive_json()
        self.messages.append(m)
        if m.get("type") in ("welcome", "update"):
            self.state = m["state"]
            self.seq = m["seq"]
        return m

    def until(self, kind: str) -> dict[str, Any]:
        """Read until a message of ``kind``; returns it."""
        while True:
            m = self.receive()
            if m["type"] == kind:
                return m

    def sync(self) -> int:
        """Ping and read until the pong: every update up to the pong's seq has arrived."""
        self.ws.send_text(json.dumps({"type": "ping"}))
        pong = self.until("pong")
        seq: int = pong["seq"]
        return seq

    def act(self, action: dict[str, Any], client_id: str | None = None) -> dict[str, Any]:
        """Send an intent and read until its ack or error."""
        self.n += 1
        cid = client_id or f"{self.name}-{self.n}"
        self.ws.send_text(json.dumps({"type": "action", "id": cid, "action": action}))
        while True:
            m = self.receive()
            if m["type"] in ("ack", "error") and m.get("id") == cid:
                return m


class AsyncClient:
    """A ``websockets`` client at a live server: keeps every message, plays a person's turns."""

    def __init__(self, ws: Any, name: str | None) -> None:
        self.ws = ws
        self.name = name
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.seq = 0
        self.pending: str | None = None
        self.need_seq = 0
        self.n = 0
        #: The seat's token once said hello with (a used invitation's replacement).
        self.token: str | None = None
        self.prefix = f"{name}-{random.getrandbits(32):08x}"

    async def hello(
        self, token: str | None, last_seq: int | None = None, accept_seed: int | None = None
    ) -> dict[str, Any]:
        await self.ws.send(json.dumps(hello_message(token, last_seq, accept_seed)))
        m = await self.recv()
        assert m["type"] == "welcome", m
        self.token = m.get("token", token)
        return m

    async def recv(self, timeout: float = 15.0) -> dict[str, Any]:
        import asyncio

        m: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.messages.append(m)
        if m["type"] in ("welcome", "update"):
            self.state = m["state"]
            self.seq = m["seq"]
        elif m["type"] == "error":
            raise AssertionError(f"{self.name}: unexpected error {m}")
        elif m["type"] == "ack" and m["id"] == self.pending:
            self.pending = None
            self.need_seq = m["seq"]
        return m

    def my_turn(self) -> bool:
        s = self.state
        return (
            s is not None
            and self.pending is None
            and self.seq >= self.need_seq
            and s["status"] != "over"
            and s["waiting_for"] == self.name
            and bool(s["legal"])
        )

    async def play(
        self, rng: random.Random, stop: Any, limit: int = 20000, timeout: float = 15.0
    ) -> None:
        """Take this person's turns (``pick``) until ``stop(self)`` is true."""
        for _ in range(limit):
            if stop(self):
                return
            if self.my_turn():
                assert self.state is not None
                self.n += 1
                self.pending = f"{self.prefix}-{self.n}"
                action = pick(self.state["legal"], rng)
                await self.ws.send(
                    json.dumps({"type": "action", "id": self.pending, "action": action})
                )
                continue
            await self.recv(timeout)
        raise AssertionError(f"{self.name}: stop condition never reached")


def mid_hand(c: AsyncClient) -> bool:
    """Stop condition: a hand is well under way and the table waits for this person to play."""
    s = c.state
    return (
        c.my_turn()
        and s is not None
        and s["view"]["phase"] == "play"
        and len(s["view"]["tricks"]) >= 4
        and any(a["type"] == "Play" for a in s["legal"])
    )


def is_over(c: AsyncClient) -> bool:
    return c.state is not None and c.state["status"] == "over"


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def http_json(url: str, body: Any = None, timeout: float = 10.0) -> Any:
    """GET (or POST ``body`` as JSON) and decode the JSON answer, errors included."""
    import urllib.error
    import urllib.request

    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return json.loads(exc.read())


#: The PostgreSQL server the tests use (trust authentication), as its administrator.
PG_ADMIN = "host=127.0.0.1 port=5432 user=postgres dbname=postgres"


@contextlib.contextmanager
def store_url(kind: str, directory: Path, name: str = "vivant") -> Iterator[str]:
    """A fresh store of ``kind`` (``sqlite``: a file in ``directory``; ``postgresql``: a
    database of this process's own, dropped afterwards); yields its URL."""
    if kind == "sqlite":
        yield f"sqlite:///{directory / (name + '.db')}"
        return
    import psycopg

    db = f"vivant_{name}_{os.getpid()}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {db}")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:5432/{db}"
    finally:
        with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")


class ServerProcess:
    """``vivant serve`` in a process of its own, on the given store."""

    def __init__(
        self,
        db_url: str,
        bot_delay: float = 0.0,
        args: tuple[str, ...] = (),
        log: Any = None,
        log_level: str = "warning",
    ) -> None:
        """``args``: more options for ``vivant serve``; ``log``: a path that receives the
        server's output (its stdout and its stderr)."""
        self.db_url = db_url
        self.bot_delay = bot_delay
        self.args = args
        self.log = log
        self.log_level = log_level
        self.port = free_port()
        self.proc: Any = None
        self._log_file: Any = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        import subprocess
        import sys
        import time
        import urllib.request

        cmd = [
            sys.executable,
            "-c",
            "import sys; from vivant.cli import main; sys.exit(main(sys.argv[1:]))",
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.db_url,
            "--bot-delay",
            str(self.bot_delay),
            "--log-level",
            self.log_level,
            *self.args,
        ]
        if self.log is None:
            self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        else:
            self._log_file = open(self.log, "wb")  # noqa: SIM115 (closed in stop)
            self.proc = subprocess.Popen(cmd, stdout=self._log_file, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while True:
            if self.proc.poll() is not None:
                out = self.proc.stderr.read() if self.proc.stderr else Path(self.log).read_bytes()
                raise AssertionError(f"vivant serve exited: {out.decode()}")
            try:
                with urllib.request.urlopen(self.base + "/api/variants", timeout=1) as r:
                    if r.status == 200:
                        return self
            except OSError:
                pass
            assert time.monotonic() < deadline, "vivant serve did not start"
            time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL: no shutdown handlers, no flushing, nothing."""
        import signal

        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        assert self.proc.returncode == -signal.SIGKILL

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except Exception:
                self.proc.kill()
                self.proc.wait(5)
        if self.proc is not None and self.proc.stderr is not None:
            self.proc.stderr.close()
        if self._log_file is not None:
            self._log_file.close()


#: Debian's Chromium, driven by Playwright (no browser is ever downloaded here).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@contextlib.contextmanager
def chromium() -> Iterator[Browser]:
    """A real headless Chromium with a fresh, empty profile of its own."""
    assert Path(CHROMIUM).exists(), "make test installs Debian's chromium (make browser)"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def play_a_card(pg: Page, choices: str = ".decision button") -> bool:
    """Click the first of ``choices`` offered, else a legal card; ``False`` if there is none, or
    if it went before it could be clicked (a choice offered to two people goes once one of them
    has made it: Mort's adversaries' seats, a partner's turn)."""
    buttons = pg.locator(choices)
    legal = pg.locator(".card.legal")
    try:
        if buttons.count():
            buttons.first.click(timeout=2_000)
            return True
        if legal.count():
            legal.first.click(position={"x": 12, "y": 12}, timeout=2_000)
            return True
    except PlaywrightTimeout:
        pass
    return False


def close_last_summary(page: Page, *, tap: bool = False) -> None:
    """Close the last hand's summary, if it is still open, and wait until it is gone. At the quick
    pace it also closes by itself after 300 ms, so the button may be gone before it is pressed."""
    button = page.locator("#summary:not([hidden]) button")
    if button.count():
        try:
            if tap:
                button.tap(timeout=2_000)
            else:
                button.click(timeout=2_000)
        except PlaywrightTimeout:
            pass  # closed by itself between the look and the press
    page.wait_for_selector("#summary", state="hidden")
