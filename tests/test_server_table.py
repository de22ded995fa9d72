"""At the table as people really play (issue 16), on a real server (``vivant serve`` in its own
process) with real websocket clients: invitations seat once, seat writes keep the event loop
free, a computer player stands in for an absent person until the person is back (and the record
says who played each card), the owner hands seats over, and two people are partners against
computer players. Every client's messages pass the recorded-messages secrecy oracle."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sqlite3
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from server_helpers import (
    AsyncClient,
    Oracle,
    ServerProcess,
    check_secrecy,
    http_json,
    mid_hand,
)
from test_server_seats import ANN_AND_BOTS, invitation
from vivant.conventions import Sitting
from vivant.server.store import Store

pytestmark = pytest.mark.timeout(240)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    s = ServerProcess(f"sqlite:///{tmp_path / 'table.db'}").start()
    yield s
    s.stop()


def new_table(
    server: ServerProcess,
    players: list[tuple[str, str]],
    variant: str = "mort",
    **extra: Any,
) -> dict[str, Any]:
    body = {"variant": variant, "players": [{"name": n, "kind": k} for n, k in players], **extra}
    table: dict[str, Any] = http_json(server.base + "/api/tables", body)
    assert "id" in table, table
    return table


@contextlib.asynccontextmanager
async def seated(url: str, table: dict[str, Any], *names: str) -> AsyncIterator[list[AsyncClient]]:
    """The named people, each connected and seated by the invitation to his seat."""
    async with contextlib.AsyncExitStack() as stack:
        clients = []
        for name in names:
            c = AsyncClient(await stack.enter_async_context(connect(url)), name)
            await c.hello(invitation(table, name))
            clients.append(c)
        yield clients


async def hello(url: str, token: str | None) -> dict[str, Any]:
    async with connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        answer: dict[str, Any] = json.loads(await ws.recv())
        return answer


def check_all_secrecy(server: ServerProcess, table_id: str, clients: list[AsyncClient]) -> None:
    """Every message each client received names only cards its viewer may see then."""
    store = Store(server.db_url)
    try:
        row = store.get_table(table_id)
        assert row is not None
        oracle = Oracle(row.variant, row.config, [r.action for r in store.load_events(table_id)])
    finally:
        store.close()
    for c in clients:
        assert check_secrecy(oracle, c.name, c.messages) > 0


def stored_events(server: ServerProcess, table_id: str) -> list[Any]:
    store = Store(server.db_url)
    try:
        return store.load_events(table_id)
    finally:
        store.close()


# --- point 1: invitations seat once; seat writes off the event loop ------------------------------


def test_an_invitation_seats_once_and_its_creator_cannot_use_it_afterwards(
    server: ServerProcess,
) -> None:
    """The creator holds every invitation link. Once Ann has used hers, the link seats nobody
    (not the creator, not Ann): Ann's page was given a token of its own, and only that one
    seats her again; the lobby does not offer her seat either."""
    table = new_table(server, ANN_AND_BOTS)
    url, link = f"{server.ws_base}/ws/{table['id']}", invitation(table, "Ann")
    first = asyncio.run(hello(url, link))
    assert first["type"] == "welcome" and first["you"] == "Ann"
    own = first["token"]
    assert isinstance(own, str) and len(own) >= 20 and own != link
    again = asyncio.run(hello(url, link))  # the creator tries the link he made
    assert again["type"] == "error" and again["code"] == "bad_token", again
    back = asyncio.run(hello(url, own))
    assert back["type"] == "welcome" and back["you"] == "Ann" and "token" not in back
    taken = http_json(f"{server.base}/api/tables/{table['id']}/take", {"name": "Ann"})
    assert taken["error"] == "seat_taken", taken
    # The lobby never shows a token, an owner's secret or a deal's secret.
    lobby = json.dumps(http_json(server.base + "/api/tables"))
    for secret in (link, own, table["owner"]):
        assert secret not in lobby


def test_a_seat_asked_for_twice_at_once_is_given_once(server: ServerProcess) -> None:
    """Two people take the same free seat at the same moment: one gets it, the other is told
    it is taken (the seat's writes are made one at a time)."""
    table = new_table(server, [("Ann", "human"), ("Bob", "human"), ("Cy", "random")])
    tid = table["id"]
    left = http_json(f"{server.base}/api/tables/{tid}/leave", {"token": invitation(table, "Bob")})
    assert left == {"left": "Bob"}

    async def both() -> list[Any]:
        take = f"{server.base}/api/tables/{tid}/take"
        return list(
            await asyncio.gather(
                *(asyncio.to_thread(http_json, take, {"name": "Bob"}) for _ in range(2))
            )
        )

    answers = asyncio.run(both())
    assert sorted("token" in a for a in answers) == [False, True], answers
    assert next(a for a in answers if "token" not in a)["error"] == "seat_taken"


@pytest.mark.alone
def test_a_seat_write_waiting_for_the_store_holds_up_no_other_client(tmp_path: Path) -> None:
    """While the store is locked, taking a seat waits for it (in a worker thread); meanwhile
    another table's spectator is answered at once, and the seat is taken once the lock goes."""
    path = tmp_path / "seats.db"
    server = ServerProcess(f"sqlite:///{path}").start()
    try:
        table = new_table(server, [("Ann", "human"), ("Bob", "human"), ("Cy", "random")])
        other = new_table(server, [("B1", "random"), ("B2", "random"), ("B3", "random")])
        tid = table["id"]
        left = http_json(
            f"{server.base}/api/tables/{tid}/leave", {"token": invitation(table, "Bob")}
        )
        assert left == {"left": "Bob"}

        async def scenario() -> tuple[Any, float]:
            async with connect(f"{server.ws_base}/ws/{other['id']}") as ws:
                watcher = AsyncClient(ws, None)
                await watcher.hello(None)
                # The test takes the lock as soon as the computer players of the other table
                # are not writing (they write all the time; timeout=0 could find them at it).
                locker = sqlite3.connect(path, timeout=10)
                locker.execute("BEGIN EXCLUSIVE")
                try:
                    take = asyncio.ensure_future(
                        asyncio.to_thread(
                            http_json, f"{server.base}/api/tables/{tid}/take", {"name": "Bob"}, 20
                        )
                    )
                    await asyncio.sleep(0.5)  # the take is waiting for the store by now
                    assert not take.done()
                    started = time.monotonic()
                    await ws.send(json.dumps({"type": "ping"}))
                    while (await watcher.recv())["type"] != "pong":
                        pass
                    answered = time.monotonic() - started
                finally:
                    locker.rollback()
                    locker.close()
                return await take, answered

        taken, answered = asyncio.run(scenario())
        assert "token" in taken, taken
        assert answered < 1.0, f"a ping waited {answered:.2f} s behind a seat's write"
    finally:
        server.stop()


# --- point 2: absent players -----------------------------------------------------------------


async def until(client: AsyncClient, test: Any, timeout: float = 20.0) -> dict[str, Any]:
    """Read ``client``'s messages until one passes ``test``; returns it."""
    deadline = time.monotonic() + timeout
    while True:
        m = await client.recv(max(0.1, deadline - time.monotonic()))
        if test(m):
            return m


def stood_in(m: dict[str, Any], name: str) -> bool:
    return m["type"] == "update" and m["actor"] == name and m.get("stand_in") is not None


def test_a_computer_player_stands_in_for_a_person_who_left_until_she_is_back(
    server: ServerProcess,
) -> None:
    """Ann leaves mid-hand with the table waiting for her. Within the time the table set (one
    seconds) a computer player of its chosen kind plays her seat, each of its moves stored and
    sent as hers with the stand-in's kind; when she connects again it gives her seat back, and
    she plays on. The record (the event log and the replay) says who played each card."""
    table = new_table(server, ANN_AND_BOTS, absent_after=2.0, stand_in="random")
    tid = table["id"]
    url = f"{server.ws_base}/ws/{tid}"
    rng = random.Random(16)

    async def scenario() -> list[AsyncClient]:
        async with connect(url) as sws:
            spectator = AsyncClient(sws, None)
            await spectator.hello(None)
            async with connect(url) as ws:
                ann = AsyncClient(ws, "Ann")
                await ann.hello(invitation(table, "Ann"))
                await ann.play(rng, mid_hand)
                own, last = ann.token, ann.seq
            left = time.monotonic()
            notice = await until(spectator, lambda m: m["type"] == "notice")
            waited = time.monotonic() - left
            assert notice["code"] == "stand_in" and "Ann" in notice["message"], notice
            assert 1.8 <= waited <= 8.0, f"the stand-in came after {waited:.2f} s"
            move = await until(spectator, lambda m: stood_in(m, "Ann"))
            assert move["stand_in"] == "random"
            async with connect(url) as ws:
                ann2 = AsyncClient(ws, "Ann")
                welcome = await ann2.hello(own, last_seq=last)
                assert any(stood_in({"type": "update", **e}, "Ann") for e in welcome["missed"])
                me = next(p for p in welcome["people"] if p["name"] == "Ann")
                assert me["stand_in"] is None and me["present"]
                back = await until(spectator, lambda m: m["type"] == "notice")
                assert back["code"] == "back", back
                start = ann2.seq
                await ann2.play(rng, lambda c: c.seq > start + 25 and mid_hand(c))
            return [spectator, ann, ann2]

    clients = asyncio.run(scenario())
    rows = stored_events(server, tid)
    by_ann = [r for r in rows if r.actor == "Ann"]
    stand_ins = [r for r in by_ann if r.stand_in is not None]
    herself = [r for r in by_ann if r.stand_in is None]
    assert stand_ins and all(r.stand_in == "random" and r.client_id is None for r in stand_ins)
    assert herself and all(r.client_id is not None for r in herself)
    # She played on after the stand-in (which stands in again once she has gone for good).
    assert max(r.seq for r in herself) > min(r.seq for r in stand_ins)
    mine = {m["id"] for m in clients[2].messages if m["type"] == "ack"}
    assert mine and mine <= {r.client_id for r in herself}
    check_all_secrecy(server, tid, clients)


def test_a_stand_in_plays_for_a_person_who_does_not_act_and_she_says_she_is_back(
    server: ServerProcess,
) -> None:
    """Ann stays connected but does not play: after the time set a stand-in plays for her,
    and she is told so; ``back`` gives her the seat again."""
    # Four seconds: long enough that Ann, answering at once, is never overtaken by her stand-in
    # on a loaded machine (her card would then be out of turn).
    table = new_table(server, ANN_AND_BOTS, absent_after=4.0)
    url = f"{server.ws_base}/ws/{table['id']}"
    rng = random.Random(3)

    async def scenario() -> AsyncClient:
        async with connect(url) as ws:
            ann = AsyncClient(ws, "Ann")
            await ann.hello(invitation(table, "Ann"))
            await ann.play(rng, mid_hand)
            notice = await until(ann, lambda m: m["type"] == "notice")
            assert notice["code"] == "stand_in" and "has not played" in notice["message"]
            move = await until(ann, lambda m: stood_in(m, "Ann"))
            assert move["stand_in"] == "heuristic"  # the table's default kind
            await ws.send(json.dumps({"type": "back"}))
            assert (await until(ann, lambda m: m["type"] == "notice"))["code"] == "back"
            start = ann.seq
            await ann.play(rng, lambda c: c.seq > start + 10 and mid_hand(c))
            return ann

    ann = asyncio.run(scenario())
    check_all_secrecy(server, table["id"], [ann])


def test_back_while_the_stand_in_move_waits_for_the_store_comes_after_that_move(
    tmp_path: Path, server: ServerProcess
) -> None:
    """Ann says she is back while her stand-in's move waits for a locked store: the move is
    made (it was on its way), and its update reaches her before the notice that she is back,
    so the table she answers the notice from is the table as it is."""
    table = new_table(server, ANN_AND_BOTS, absent_after=1.0)
    rng = random.Random(5)

    async def scenario() -> list[dict[str, Any]]:
        async with connect(f"{server.ws_base}/ws/{table['id']}") as ws:
            ann = AsyncClient(ws, "Ann")
            await ann.hello(invitation(table, "Ann"))
            await ann.play(rng, lambda c: mid_hand(c) and c.my_turn())
            # Nothing is being written now: the table waits for Ann.
            locker = sqlite3.connect(tmp_path / "table.db", timeout=10)
            locker.execute("BEGIN EXCLUSIVE")
            try:
                notice = await until(ann, lambda m: m["type"] == "notice")
                assert notice["code"] == "stand_in", notice
                await asyncio.sleep(0.4)  # the stand-in has chosen; its move waits for the store
                await ws.send(json.dumps({"type": "back"}))
                await asyncio.sleep(0.4)
            finally:
                locker.rollback()
                locker.close()
            start = len(ann.messages)
            await until(ann, lambda m: m["type"] == "notice" and m["code"] == "back")
            return ann.messages[start:]

    after = asyncio.run(scenario())
    moves = [i for i, m in enumerate(after) if stood_in(m, "Ann")]
    assert moves and moves[0] < len(after) - 1, [m["type"] for m in after]


def test_no_stand_in_when_the_table_says_never(server: ServerProcess) -> None:
    """``absent_after`` 0: the table waits for the person however long she is away."""
    table = new_table(server, ANN_AND_BOTS, absent_after=0)
    url = f"{server.ws_base}/ws/{table['id']}"

    async def scenario() -> dict[str, Any]:
        async with connect(url) as ws:
            ann = AsyncClient(ws, "Ann")
            await ann.hello(invitation(table, "Ann"))
            await ann.play(random.Random(1), mid_hand)
            seq = ann.seq
        await asyncio.sleep(1.5)
        assert http_json(f"{server.base}/api/tables/{table['id']}")["seq"] == seq
        return ann.state or {}

    assert asyncio.run(scenario())["waiting_for"] == "Ann"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"absent_after": -1}, "bad_request"),
        ({"absent_after": "soon"}, "bad_request"),
        ({"absent_after": True}, "bad_request"),
        ({"absent_after": 1e9}, "bad_request"),
        ({"stand_in": "oracle"}, "bad_kind"),
        ({"stand_in": ["random"]}, "bad_kind"),
    ],
)
def test_bad_absence_settings_are_refused_in_words(
    server: ServerProcess, body: dict[str, Any], code: str
) -> None:
    players = [{"name": n, "kind": k} for n, k in ANN_AND_BOTS]
    answer = http_json(server.base + "/api/tables", {"variant": "mort", "players": players, **body})
    assert answer["error"] == code and len(answer["message"]) > 20, answer


def test_the_owner_hands_seats_to_a_computer_player_and_to_a_new_person(
    server: ServerProcess,
) -> None:
    """The owner hands Bob's seat to a computer player (Bob's page goes on watching; the table
    plays on without him) and Ann's to a new person (a new invitation; the old tokens seat
    nobody). Nobody but the owner can hand a seat."""
    table = new_table(server, [("Ann", "human"), ("Bob", "human"), ("Cy", "random")])
    tid = table["id"]
    url, hand = f"{server.ws_base}/ws/{tid}", f"{server.base}/api/tables/{tid}/hand"
    rng = random.Random(5)

    async def scenario() -> list[AsyncClient]:
        async with seated(url, table, "Ann", "Bob") as (ann, bob):
            refused = await asyncio.to_thread(
                http_json, hand, {"owner": bob.token, "name": "Bob", "to": "random"}
            )
            assert refused["error"] == "not_owner", refused
            wrong = await asyncio.to_thread(
                http_json, hand, {"owner": table["owner"], "name": "Bob", "to": "wizard"}
            )
            assert wrong["error"] == "bad_kind", wrong
            handed = await asyncio.to_thread(
                http_json, hand, {"owner": table["owner"], "name": "Bob", "to": "random"}
            )
            assert handed == {"name": "Bob", "to": "random"}, handed
            notice = await until(bob, lambda m: m["type"] == "notice")
            assert notice["code"] == "handed"
            assert [m["you"] for m in bob.messages if m["type"] == "welcome"][-1] is None
            # Ann plays on; Bob's seat is the computer's now.
            await ann.play(rng, lambda c: c.seq > 30 and mid_hand(c))
            renewed = await asyncio.to_thread(
                http_json, hand, {"owner": table["owner"], "name": "Ann", "to": "human"}
            )
            assert renewed["invite"]["url"] == f"/t/{tid}?token={renewed['invite']['token']}"
            await until(ann, lambda m: m["type"] == "notice" and m["code"] == "handed")
            assert [m["you"] for m in ann.messages if m["type"] == "welcome"][-1] is None
            for old in (ann.token, invitation(table, "Ann"), bob.token):
                assert (await hello(url, old))["code"] == "bad_token"
            async with connect(url) as dws:
                dora = AsyncClient(dws, "Ann")
                welcome = await dora.hello(renewed["invite"]["token"])
                assert welcome["you"] == "Ann" and welcome["token"]
                start = dora.seq
                await dora.play(rng, lambda c: c.seq > start + 10 and mid_hand(c))
            return [ann, bob, dora]

    clients = asyncio.run(scenario())
    rows = stored_events(server, tid)
    assert any(r.actor == "Bob" and r.client_id is None for r in rows)  # the computer's moves
    lobby = next(t for t in http_json(server.base + "/api/tables")["tables"] if t["id"] == tid)
    assert next(p for p in lobby["people"] if p["name"] == "Bob")["kind"] == "random"
    check_all_secrecy(server, tid, clients)


# --- point 2: two people partners against computer players ---------------------------------------


def test_two_people_are_partners_against_computer_players(server: ServerProcess) -> None:
    """Duplicate Whist with Ann (North) and Bea (South) against two computer players: they
    play a whole tray, each sees her own hand only, and the pair's tricks are theirs."""
    players = [("Ann", "human"), ("Bot1", "heuristic"), ("Bea", "human"), ("Bot2", "random")]
    table = new_table(server, players, variant="duplicate")
    url = f"{server.ws_base}/ws/{table['id']}"
    rng = random.Random(12)

    async def scenario() -> list[AsyncClient]:
        async with seated(url, table, "Ann", "Bea") as (ann, bea):

            def tray_done(c: AsyncClient) -> bool:
                return any(
                    e.get("kind") == "hand_scored"
                    for m in c.messages
                    if m["type"] == "update"
                    for e in m["events"]
                )

            async def both() -> None:
                await asyncio.gather(ann.play(rng, tray_done), bea.play(rng, tray_done))

            await both()
            assert ann.state is not None and bea.state is not None
            assert ann.state["seat"] == "N" and bea.state["seat"] == "S"
            return [ann, bea]

    clients = asyncio.run(scenario())
    rows = stored_events(server, table["id"])
    plays = {r.actor for r in rows if r.action["type"] == "Play"}
    assert plays == {"Ann", "Bea", "Bot1", "Bot2"}
    check_all_secrecy(server, table["id"], clients)


# --- point 3: a card taken back with consent -------------------------------------------------


async def settle(c: AsyncClient) -> int:
    """Ping and read until the pong: ``c`` has every update up to the pong's seq."""
    await c.ws.send(json.dumps({"type": "ping"}))
    while (m := await c.recv())["type"] != "pong":
        pass
    seq: int = m["seq"]
    return seq


async def person_turn(clients: list[AsyncClient]) -> str:
    """Wait until the table waits for a person and every client knows it; returns the name."""
    for _ in range(400):
        seqs = {await settle(c) for c in clients}
        states = [c.state for c in clients]
        who = {s["waiting_for"] for s in states if s is not None}
        if len(seqs) == 1 and len(who) == 1 and all(c.seq == min(seqs) for c in clients):
            name = who.pop()
            if name in {c.name for c in clients}:
                return str(name)
        await asyncio.sleep(0.02)
    raise AssertionError("the table never waited for a person")


async def act(c: AsyncClient, action: dict[str, Any]) -> int:
    """Send ``action`` and read until its ack; returns its seq."""
    c.n += 1
    cid = f"{c.prefix}-a{c.n}"
    await c.ws.send(json.dumps({"type": "action", "id": cid, "action": action}))
    while True:
        m = await c.recv()
        if m["type"] == "ack" and m["id"] == cid:
            seq: int = m["seq"]
            return seq


def events_of(c: AsyncClient, kind: str) -> list[dict[str, Any]]:
    return [
        e for m in c.messages if m["type"] == "update" for e in m["events"] if e.get("kind") == kind
    ]


def test_a_card_is_taken_back_only_with_the_consent_of_the_other_people(
    server: ServerProcess,
) -> None:
    """Mort with Ann and Bea and a computer player. Ann plays a card and asks to take it back:
    Bea refuses, and the card stands. Ann plays another and asks again: Bea agrees, the
    computer player agrees by itself, and the card (with any played after it) goes back to
    the hands; Ann plays again. The log keeps every card, request and answer, and replays."""
    players = [("Ann", "human"), ("Bea", "human"), ("Cy", "heuristic")]
    table = new_table(server, players, absent_after=0)
    tid = table["id"]
    url = f"{server.ws_base}/ws/{tid}"
    rng = random.Random(7)

    async def ann_plays_a_card(ann: AsyncClient, bea: AsyncClient) -> dict[str, Any]:
        """Play on (both people picking) until Ann is to play mid-hand; she plays a card."""
        while True:
            who = await person_turn([ann, bea])
            c = ann if who == "Ann" else bea
            assert c.state is not None
            plays = [a for a in c.state["legal"] if a["type"] == "Play"]
            if c is ann and plays and len(c.state["view"]["tricks"]) >= 3:
                choice: dict[str, Any] = rng.choice(plays)
                await act(ann, choice)
                return choice
            await act(c, rng.choice(plays) if plays else c.state["legal"][0])

    async def scenario() -> list[AsyncClient]:
        async with seated(url, table, "Ann", "Bea") as (ann, bea):
            card = await ann_plays_a_card(ann, bea)
            await settle(ann)
            assert ann.state is not None
            ask = next(a for a in ann.state["offers"] if a["seat"] == card["seat"])
            await act(ann, ask)
            assert await person_turn([ann, bea]) == "Bea"
            assert bea.state is not None and bea.state["undo"]["card"] == card["card"]
            answers = [a for a in bea.state["legal"] if a["type"] == "AnswerUndo"]
            assert sorted(a["agree"] for a in answers) == [False, True]
            await act(bea, next(a for a in answers if not a["agree"]))
            await settle(ann)
            assert events_of(ann, "undo_refused"), "Ann was not told of the refusal"
            assert ann.state is not None and "undo" not in ann.state

            card = await ann_plays_a_card(ann, bea)
            await settle(ann)
            assert ann.state is not None
            ask = next(a for a in ann.state["offers"] if a["seat"] == card["seat"])
            await act(ann, ask)
            await person_turn([ann, bea])
            if bea.state is not None and any(a["type"] == "AnswerUndo" for a in bea.state["legal"]):
                await act(bea, {"type": "AnswerUndo", "seat": bea.state["seat"], "agree": True})
            await person_turn([ann, bea])
            taken = events_of(ann, "cards_taken_back")
            assert taken and taken[-1]["cards"][0] == card["card"], taken
            assert ann.state is not None and ann.state["waiting_for"] == "Ann"
            assert card in ann.state["legal"]  # the card is in the hand again, playable
            await act(ann, card)  # and she plays on
            return [ann, bea]

    async def watch() -> AsyncClient:
        async with connect(url) as sws:
            spectator = AsyncClient(sws, None)
            await spectator.hello(None)
            while spectator.state is None or spectator.state["waiting_for"] == "Cy":
                await spectator.recv()
            await settle(spectator)
            return spectator

    clients = asyncio.run(scenario())
    spectator = asyncio.run(watch())
    rows = stored_events(server, tid)
    kinds = [r.action["type"] for r in rows]
    assert kinds.count("AskUndo") == 2 and "AnswerUndo" in kinds
    assert any(r.actor == "Cy" and r.action["type"] == "AnswerUndo" for r in rows)
    # The log replays exactly: the state rebuilt from it is the one the server holds.
    store = Store(server.db_url)
    try:
        row = store.get_table(tid)
        assert row is not None
        replayed = Sitting.replay(row.config, [r.action for r in rows])
    finally:
        store.close()
    assert spectator.state is not None and len(rows) == spectator.seq
    assert replayed.table.view(None).to_json() == spectator.state["view"]
    check_all_secrecy(server, tid, [*clients, spectator])
