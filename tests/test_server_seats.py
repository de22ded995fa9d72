"""Who deals and who sits, against a real uvicorn on 127.0.0.1 with ``websockets`` clients.

Issue 13, point 3: the deals at a table with people come from a secret the server drew with
``secrets`` and keeps in its store (so a restart after SIGKILL deals exactly as before), which
no message, view, listing, replay or error ever carries; a creator's fixed seed binds only the
people who accepted it when they took their seats, and it is shown to everyone. Point 8: an
invited seat is kept for its invitation, and a seat given up takes its token with it.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from websockets.asyncio.client import connect

from server_helpers import AsyncClient, ServerProcess, http_json, is_over, mid_hand
from test_server_durability import db_url  # noqa: F401  (the SQLite and PostgreSQL stores)
from vivant.actions import action_from_json
from vivant.conventions import Sitting
from vivant.server.bots import bot_action, chance_action
from vivant.server.live import LiveTable, Person
from vivant.server.store import Store, TableRow

pytestmark = pytest.mark.timeout(240)

ANN_AND_BOTS = [("Ann", "human"), ("Bob", "heuristic"), ("Cy", "random")]
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


def stored(server: ServerProcess, table_id: str) -> tuple[TableRow, list[Any], list[Any]]:
    store = Store(server.db_url)
    try:
        row = store.get_table(table_id)
        assert row is not None
        return row, store.participants(table_id), store.load_events(table_id)
    finally:
        store.close()


async def first_hello(url: str, token: str | None, **extra: Any) -> dict[str, Any]:
    """The server's first answer to a hello (a welcome or an error)."""
    async with connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, **extra}))
        m: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 15))
        return m


async def first_deal(server: ServerProcess, table: dict[str, Any]) -> list[str]:
    """The first deal's pack order, read from the store once chance has dealt (Ann, if she
    sits at the table, doing what is hers to do before it)."""
    if table["invites"]:
        async with connect(f"{server.ws_base}/ws/{table['id']}") as ws:
            ann = AsyncClient(ws, "Ann")
            await ann.hello(invitation(table, "Ann"))
            await ann.play(random.Random(1), lambda c: bool(c.state and c.state["view"]["hand"]))
    for _ in range(400):
        _, _, rows = stored(server, table["id"])
        deals = [r.action["order"] for r in rows if r.action["type"] == "Deal"]
        if deals:
            return list(deals[0])
        await asyncio.sleep(0.025)
    raise AssertionError("chance never dealt")


def check_derived_from_the_store(server: ServerProcess, table_id: str) -> int:
    """Every chance action and computer player's move of the table is the one its stored key
    gives for that event: nothing but the store decides them. Returns how many were checked."""
    row, people, rows = stored(server, table_id)
    live = LiveTable(
        row=row,
        sitting=Sitting(row.config),
        people={p.name: Person(p.name, p.position, p.kind, p.token, p.claimed) for p in people},
        seq=0,
    )
    checked = 0
    for r in rows:
        table = live.table
        decider = live.next_decider()
        assert decider is not None
        if decider.kind == "chance":
            assert chance_action(table, row.key, r.seq).to_json() == r.action
            checked += 1
        elif decider.kind == "bot":
            assert decider.seat is not None and decider.bot_kind is not None
            made = bot_action(table, decider.seat, decider.bot_kind, row.key, r.seq, live.is_person)
            assert made.to_json() == r.action
            checked += 1
        live.sitting.apply(action_from_json(r.action))
        live.seq = r.seq
    return checked


# --- point 3: the deals ---------------------------------------------------------------------


def test_a_creator_seed_seats_no_person_who_has_not_accepted_it(server: ServerProcess) -> None:
    """The same creator-supplied seed at two tables with people: nobody is seated, by an
    invitation or from the lobby, without accepting that seed, which every listing shows."""
    tables = [new_table(server, TWO_PEOPLE, seed=1234) for _ in range(2)]
    for t in tables:
        assert t["table"]["seed"] == 1234
        assert http_json(f"{server.base}/api/tables/{t['id']}")["seed"] == 1234
    lobby = {t["id"]: t for t in http_json(server.base + "/api/tables")["tables"]}
    assert all(lobby[t["id"]]["seed"] == 1234 for t in tables)
    url = f"{server.ws_base}/ws/{tables[0]['id']}"
    ann = invitation(tables[0], "Ann")

    refused = asyncio.run(first_hello(url, ann))
    assert refused["type"] == "error" and refused["code"] == "seed_not_accepted", refused
    assert "1234" in refused["message"] and "state" not in refused
    wrong = asyncio.run(first_hello(url, ann, accept_seed=1235))
    assert wrong["type"] == "error" and wrong["code"] == "seed_not_accepted", wrong
    welcome = asyncio.run(first_hello(url, ann, accept_seed=1234))
    assert welcome["type"] == "welcome" and welcome["you"] == "Ann" and welcome["seed"] == 1234
    # Seated once, Ann comes back with her seat's own token alone (the invitation is used up).
    again = asyncio.run(first_hello(url, welcome["token"]))
    assert again["type"] == "welcome" and again["you"] == "Ann"

    # Bob sits, gives his seat up; whoever takes it from the lobby must accept the seed too.
    bob_seated = asyncio.run(first_hello(url, invitation(tables[0], "Bob"), accept_seed=1234))
    assert bob_seated["you"] == "Bob"
    bob = bob_seated["token"]
    assert http_json(f"{server.base}/api/tables/{tables[0]['id']}/leave", {"token": bob}) == {
        "left": "Bob"
    }
    take = f"{server.base}/api/tables/{tables[0]['id']}/take"
    assert http_json(take, {"name": "Bob"})["error"] == "seed_not_accepted"
    assert http_json(take, {"name": "Bob", "accept_seed": 99})["error"] == "seed_not_accepted"
    taken = http_json(take, {"name": "Bob", "accept_seed": 1234})
    assert asyncio.run(first_hello(url, taken["token"]))["you"] == "Bob"
    # A seed at a table dealt from the server's secret is nothing to accept.
    secret = new_table(server, TWO_PEOPLE)
    assert secret["table"]["seed"] is None
    other = asyncio.run(
        first_hello(f"{server.ws_base}/ws/{secret['id']}", invitation(secret, "Ann"), accept_seed=1)
    )
    assert other["type"] == "error" and other["code"] == "no_seed", other


def test_two_tables_with_people_are_dealt_differently_from_secrets(server: ServerProcess) -> None:
    """The same request twice: different deals, from different 256-bit secrets that the store
    keeps; no creator's number enters them."""
    tables = [new_table(server, ANN_AND_BOTS) for _ in range(2)]
    deals = [asyncio.run(first_deal(server, t)) for t in tables]
    assert deals[0] != deals[1]
    rows = [stored(server, t["id"])[0] for t in tables]
    for row in rows:
        assert row.seed is None and row.secret is not None
        assert len(bytes.fromhex(row.secret)) == 32
    assert rows[0].secret != rows[1].secret
    for t in tables:
        assert check_derived_from_the_store(server, t["id"]) >= 1


def test_no_message_ever_carries_the_deal_secret(server: ServerProcess) -> None:
    """A whole sitting of a person and two computer players: the secret the deals come from is
    in no websocket message (the person's, a spectator's, a refusal), no HTTP answer (the
    creation, the lobby, the table, a take or leave refused, the replay after the end)."""
    table = new_table(server, ANN_AND_BOTS)
    tid, token = table["id"], invitation(table, "Ann")
    url = f"{server.ws_base}/ws/{tid}"
    answers: list[Any] = [table]

    async def sitting() -> list[AsyncClient]:
        async with connect(url) as ws, connect(url) as sws:
            spectator, ann = AsyncClient(sws, None), AsyncClient(ws, "Ann")
            await spectator.hello(None, last_seq=0)
            await ann.hello(token)
            await ann.play(random.Random(4), mid_hand)
            # A refusal: chance's deal is not Ann's to make.
            await ws.send(json.dumps({"type": "action", "id": "x", "action": {"type": "Deal"}}))
            with pytest.raises(AssertionError, match="unexpected error"):
                while True:
                    await ann.recv()
            answers.append(await first_hello(url, "not-a-token"))
            await ann.play(random.Random(5), is_over)
            while spectator.seq < ann.seq:
                await spectator.recv()
            return [ann, spectator]

    clients = asyncio.run(sitting())
    answers.append(http_json(f"{server.base}/api/tables"))
    answers.append(http_json(f"{server.base}/api/tables/{tid}"))
    answers.append(http_json(f"{server.base}/api/tables/{tid}/take", {"name": "Ann"}))
    answers.append(http_json(f"{server.base}/api/tables/{tid}/leave", {"token": "nobody's"}))
    replay = http_json(f"{server.base}/api/tables/{tid}/replay")
    assert replay["frames"], replay
    answers.append(replay)
    row = stored(server, tid)[0]
    assert row.status == "over" and row.secret is not None
    sent = json.dumps([c.messages for c in clients]) + json.dumps(answers)
    assert any(m["type"] == "error" for m in clients[0].messages)
    for form in (row.secret, row.secret.upper(), str(int(row.secret, 16))):
        assert form not in sent
    assert check_derived_from_the_store(server, tid) > 100


def test_restart_after_sigkill_deals_exactly_from_the_stored_secret(db_url: str) -> None:  # noqa: F811
    """Killed mid-hand and started again on the same store (SQLite, PostgreSQL): the secret
    comes back from the store, so the deals and moves made after the restart are exactly the
    ones the secret gives, as before it."""
    server = ServerProcess(db_url).start()
    try:
        table = new_table(server, ANN_AND_BOTS)
        tid, tokens = table["id"], {"Ann": invitation(table, "Ann")}
        rng = random.Random(6)

        async def play_until(stop: Any) -> int:
            async with connect(f"{server.ws_base}/ws/{tid}") as ws:
                ann = AsyncClient(ws, "Ann")
                await ann.hello(tokens["Ann"])
                assert ann.token is not None
                tokens["Ann"] = ann.token  # the invitation is used up: her seat's own token
                await ann.play(rng, stop)
                return ann.seq

        killed_at = asyncio.run(play_until(mid_hand))
        server.kill()
        server = ServerProcess(db_url).start()
        deals_before = sum(r.action["type"] == "Deal" for r in stored(server, tid)[2])
        asyncio.run(play_until(lambda c: (c.seq > killed_at + 120 and mid_hand(c)) or is_over(c)))
        rows = stored(server, tid)[2]
        assert sum(r.action["type"] == "Deal" for r in rows) > deals_before
        assert check_derived_from_the_store(server, tid) > 20
    finally:
        server.stop()


def test_a_table_of_computer_players_keeps_its_fixed_seed_for_all_to_see(
    server: ServerProcess,
) -> None:
    """Computer players only: the creator's seed decides the deals (the same at two tables) and
    every listing shows it."""
    bots = [("Bob", "heuristic"), ("Cy", "random"), ("Dee", "random")]
    tables = [new_table(server, bots, seed=77) for _ in range(2)]
    assert all(t["table"]["seed"] == 77 for t in tables)
    deals = [asyncio.run(first_deal(server, t)) for t in tables]
    assert deals[0] == deals[1]
    assert stored(server, tables[0]["id"])[0].seed == 77
    for t in tables:
        assert check_derived_from_the_store(server, t["id"]) >= 1


def test_an_old_store_gets_a_secret_for_every_table(db_url: str) -> None:  # noqa: F811
    """A store made before tables had a secret: opening it adds one to every table, so their
    next deals come from it and not from the old seed, which is never shown."""
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(
            text(
                "CREATE TABLE tables (id VARCHAR(32) PRIMARY KEY, variant VARCHAR(40) NOT NULL, "
                "config TEXT NOT NULL, seed BIGINT NOT NULL, title VARCHAR(120) NOT NULL, "
                "status VARCHAR(16) NOT NULL, last_seq INTEGER NOT NULL, "
                "created_at FLOAT NOT NULL, updated_at FLOAT NOT NULL)"
            )
        )
        for tid in ("old1", "old2"):
            conn.execute(
                text("INSERT INTO tables VALUES (:id, 'mort', :config, 5, '', 'playing', 0, 1, 1)"),
                {"id": tid, "config": json.dumps({"players": ["A", "B", "C"]})},
            )
    engine.dispose()
    store = Store(db_url)
    try:
        rows = [store.get_table(t) for t in ("old1", "old2")]
        assert all(r is not None and r.seed is None and r.secret is not None for r in rows)
        assert rows[0].secret != rows[1].secret  # type: ignore[union-attr]
    finally:
        store.close()
    Store(db_url).close()  # opening it again changes nothing
    store = Store(db_url)
    try:
        assert [store.get_table(t) for t in ("old1", "old2")] == rows
    finally:
        store.close()


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
            assert http_json(leave, {"token": bob.token}) == {"left": "Bob"}
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
