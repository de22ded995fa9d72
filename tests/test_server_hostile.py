"""Hostile input at the websocket: each refusal goes to the offending client alone, says clearly
what was wrong, and leaves the table exactly as it was (same sequence number, same views, nothing
sent to anyone else)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from server_helpers import SyncClient
from vivant.server import MAX_MESSAGE, create_app

pytestmark = pytest.mark.timeout(240)

PEOPLE = ("Ann", "Bob", "Cy")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'vivant.db'}", bot_delay=0.0)
    with TestClient(app) as c:
        yield c


def make_table(client: TestClient, seed: int = 21) -> tuple[str, dict[str, str]]:
    r = client.post(
        "/api/tables",
        json={
            "variant": "mort",
            "players": [{"name": n, "kind": "human"} for n in PEOPLE],
            "seed": seed,
        },
    )
    assert r.status_code == 201
    data = r.json()
    return data["id"], {i["name"]: i["token"] for i in data["invites"]}


class Table:
    """Three people and a spectator connected to one table, waiting for a person to act."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.id, self.tokens = make_table(client)
        self._cms = [client.websocket_connect(f"/ws/{self.id}") for _ in range(4)]
        socks = [cm.__enter__() for cm in self._cms]
        self.people = {n: SyncClient(s, n) for n, s in zip(PEOPLE, socks, strict=False)}
        self.spectator = SyncClient(socks[3], None)
        for n, c in self.people.items():
            c.hello(self.tokens[n], accept_seed=21)
        self.spectator.hello(None)
        for c in self.all():
            c.sync()
        # Let chance make its cuts, then wait for the first person's decision.
        for _ in range(200):
            self.spectator.sync()
            assert self.spectator.state is not None
            if self.spectator.state["waiting_for"] in PEOPLE:
                break
        for c in self.all():
            c.sync()

    def all(self) -> list[SyncClient]:
        return [*self.people.values(), self.spectator]

    def close(self) -> None:
        for cm in self._cms:
            cm.__exit__(None, None, None)

    def snapshot(self) -> tuple[int, list[Any]]:
        """The table's sequence number and every viewer's state, read afresh."""
        states = []
        seq = 0
        for c in self.all():
            seq = c.sync()
            states.append(c.state)
        return seq, states

    def actor(self) -> SyncClient:
        assert self.spectator.state is not None
        return self.people[self.spectator.state["waiting_for"]]

    def idle(self) -> SyncClient:
        assert self.spectator.state is not None
        who = self.spectator.state["waiting_for"]
        return next(c for n, c in self.people.items() if n != who)


@pytest.fixture
def table(client: TestClient) -> Iterator[Table]:
    t = Table(client)
    yield t
    t.close()


def refused(c: SyncClient, raw: str, code: str) -> dict[str, Any]:
    """Send ``raw`` and expect exactly one error with ``code`` in reply."""
    before = len(c.messages)
    c.ws.send_text(raw)
    m = c.receive()
    assert m["type"] == "error", m
    assert m["code"] == code, m
    assert isinstance(m["message"], str) and len(m["message"]) > 10
    assert len(c.messages) == before + 1
    return m


def assert_untouched(t: Table, before: tuple[int, list[Any]], offender: SyncClient) -> None:
    """Same seq and views; the others received nothing but the pong of the snapshot."""
    counts = {id(c): len(c.messages) for c in t.all() if c is not offender}
    after = t.snapshot()
    assert after == before
    for c in t.all():
        if c is not offender:
            new = c.messages[counts[id(c)] :]
            assert [m["type"] for m in new] == ["pong"], new


def test_malformed_json(table: Table) -> None:
    before = table.snapshot()
    c = table.actor()
    for raw in ("{", "not json", '{"type": "action", "id": "x", "action": {"type": "Play"', "\x00"):
        m = refused(c, raw, "bad_json")
        assert "not valid JSON" in m["message"]
    for raw in ("[]", "3", '"hello"', "{}", '{"type": 5}', "null"):
        refused(c, raw, "bad_message")
    assert_untouched(table, before, c)


def test_unknown_message_types(table: Table) -> None:
    before = table.snapshot()
    c = table.actor()
    m = refused(c, json.dumps({"type": "cheat"}), "unknown_type")
    assert "'cheat'" in m["message"]
    refused(c, json.dumps({"type": "hello", "token": table.tokens[c.name]}), "already_joined")  # type: ignore[index]
    assert_untouched(table, before, c)


def test_bad_actions(table: Table) -> None:
    before = table.snapshot()
    c = table.actor()
    cases = [
        ({"type": "action", "action": {"type": "Play", "seat": "N", "card": "SA"}}, "bad_id"),
        ({"type": "action", "id": "x" * 65, "action": {}}, "bad_id"),
        ({"type": "action", "id": "a1"}, "bad_action"),
        ({"type": "action", "id": "a2", "action": {"type": "Teleport"}}, "bad_action"),
        ({"type": "action", "id": "a3", "action": {"type": "Play", "seat": "N"}}, "bad_action"),
        (
            {"type": "action", "id": "a4", "action": {"type": "Play", "seat": "Q", "card": "SA"}},
            "bad_action",
        ),
        (
            {"type": "action", "id": "a5", "action": {"type": "Play", "seat": "N", "card": "S1"}},
            "bad_action",
        ),
        (
            {
                "type": "action",
                "id": "a6",
                "action": {"type": "Play", "seat": "N", "card": "SA", "extra": 1},
            },
            "bad_action",
        ),
        (
            {"type": "action", "id": "a7", "action": {"type": "Deal", "order": ["SA"]}},
            "not_your_seat",
        ),
        (
            {"type": "action", "id": "a8", "action": {"type": "Cut", "player": 0, "card": "SA"}},
            "not_your_seat",
        ),
    ]
    for message, code in cases:
        refused(c, json.dumps(message), code)
    assert_untouched(table, before, c)


def test_acting_for_another_seat_and_out_of_turn(table: Table) -> None:
    before = table.snapshot()
    actor = table.actor()
    idle = table.idle()
    assert actor.state is not None and idle.state is not None
    legal = actor.state["legal"]
    assert legal
    # The idle person sends the actor's exact legal action: not their seat.
    m = refused(
        idle,
        json.dumps({"type": "action", "id": "steal", "action": legal[0]}),
        "not_your_seat" if idle.state["seat"] is not None else "no_seat",
    )
    assert idle.name in m["message"]
    if m["code"] == "not_your_seat":  # in the game's own seat letters (Mort: V, R, M, L)
        assert re.search(r"sits at [VRML] and cannot act for [VRML] \(", m["message"]), m
    assert m["id"] == "steal"
    # A spectator cannot act at all.
    refused(
        table.spectator,
        json.dumps({"type": "action", "id": "s1", "action": legal[0]}),
        "spectator",
    )
    assert_untouched(table, before, idle)


def test_out_of_turn_card_in_play(table: Table) -> None:
    """Play until a trick is under way, then a person whose turn it is not plays a card."""
    for _ in range(200):
        for c in table.all():
            c.sync()
        state = table.spectator.state
        assert state is not None
        if state["view"]["phase"] == "play" and state["view"]["trick"]["cards"]:
            break
        if state["waiting_for"] is None:  # a cut or a deal is on its way from the server
            time.sleep(0.05)
            continue
        actor = table.actor()
        actor.sync()
        reply = actor.act(actor.state["legal"][0])  # type: ignore[index]
        assert reply["type"] == "ack"
    before = table.snapshot()
    idle = next(
        c
        for c in table.people.values()
        if c.state is not None and c.state["seat"] in ("N", "E", "W") and not c.state["legal"]
    )
    assert idle.state is not None
    card = idle.state["view"]["hand"][0]
    action = {"type": "Play", "seat": idle.state["seat"], "card": card}
    m = refused(idle, json.dumps({"type": "action", "id": "ooT", "action": action}), "illegal")
    assert "turn" in m["message"]
    # A card the person does not hold.
    held = set(idle.state["view"]["hand"])
    other = next(x for x in ("SA", "HA", "DA", "CA", "S2", "H2") if x not in held)
    action = {"type": "Play", "seat": idle.state["seat"], "card": other}
    m = refused(idle, json.dumps({"type": "action", "id": "ooT2", "action": action}), "illegal")
    assert other in m["message"]
    assert_untouched(table, before, idle)


def test_replayed_and_duplicated_messages(table: Table) -> None:
    actor = table.actor()
    assert actor.state is not None
    action = actor.state["legal"][0]
    first = actor.act(action, client_id="m-1")
    assert first["type"] == "ack" and first["duplicate"] is False
    before = table.snapshot()
    # The same message twice more: acknowledged with the first seq, nothing applied again.
    for _ in range(2):
        again = actor.act(action, client_id="m-1")
        assert again == {"type": "ack", "id": "m-1", "seq": first["seq"], "duplicate": True}
    # The same id for a different action is refused.
    other = dict(action)
    other["type"] = "Elect"
    other["option"] = "x"
    other.pop("card", None)
    other.pop("right", None)
    other.pop("for_mort", None)
    m = actor.act(other, client_id="m-1")
    assert m["type"] == "error" and m["code"] == "id_reused"
    assert_untouched(table, before, actor)


def test_tokens(client: TestClient, table: Table) -> None:
    _, other_tokens = make_table(client, seed=99)
    # Another table's token, a made-up token, a token that is not a string.
    for token, code in (
        (other_tokens["Ann"], "bad_token"),
        ("guess", "bad_token"),
        (7, "bad_token"),
    ):
        with client.websocket_connect(f"/ws/{table.id}") as ws:
            ws.send_json({"type": "hello", "token": token})
            m = ws.receive_json()
            assert m["type"] == "error" and m["code"] == code
            assert table.id in m["message"]
            with pytest.raises(WebSocketDisconnect) as exc:
                ws.receive_json()
            assert exc.value.code == 4400
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        ws.send_json({"type": "action", "id": "1", "action": {}})
        m = ws.receive_json()
        assert m["code"] == "hello_first"
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        ws.send_json({"type": "hello", "last_seq": -4})
        assert ws.receive_json()["code"] == "bad_message"
    with client.websocket_connect("/ws/no-such-table") as ws:
        m = ws.receive_json()
        assert m["code"] == "no_table"
    before = table.snapshot()
    assert_untouched(table, before, table.spectator)


def test_oversized_and_binary_messages(table: Table) -> None:
    before = table.snapshot()
    c = table.actor()
    big = json.dumps({"type": "ping", "pad": "x" * MAX_MESSAGE})
    m = refused(c, big, "too_large")
    assert str(MAX_MESSAGE) in m["message"]
    c.ws.send_bytes(b'{"type": "ping"}')
    m = c.receive()
    assert m["type"] == "error" and m["code"] == "binary"
    # The connection still works after the refusals.
    assert c.sync() == before[0]
    assert_untouched(table, before, c)
