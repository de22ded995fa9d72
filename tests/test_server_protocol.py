"""The server in process (Starlette's TestClient over the ASGI app): tables, the websocket
protocol, per-seat views, a whole sitting, secrecy over every message, reconnects, the lobby and
replays. The store is a real SQLite file in a temporary directory."""

from __future__ import annotations

import json
import random
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from server_helpers import Oracle, SyncClient, card_mentions, check_secrecy, pick
from vivant.cards import parse_card
from vivant.server import create_app
from vivant.server.store import Store
from vivant.variants import find_variant

pytestmark = pytest.mark.timeout(240)

PEOPLE = ["Ann", "Bob", "Cy"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'vivant.db'}", bot_delay=0.0)
    with TestClient(app) as c:
        yield c


def create(
    client: TestClient, people: list[tuple[str, str]], seed: int = 7, laws: bool = False
) -> dict[str, Any]:
    r = client.post(
        "/api/tables",
        json={
            "variant": "mort",
            "players": [{"name": n, "kind": k} for n, k in people],
            "seed": seed,
            "laws": laws,
            "title": "test table",
        },
    )
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def tokens(table: dict[str, Any]) -> dict[str, str]:
    return {i["name"]: i["token"] for i in table["invites"]}


def wait_for_person(
    c: SyncClient, limit: float = 10.0, people: tuple[str, ...] = (*PEOPLE, "Dee")
) -> dict[str, Any]:
    """Sync until the table waits for one of ``people`` (chance and computer players have moved;
    they think in a worker thread, so the table may be seen waiting for them meanwhile)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        c.sync()
        assert c.state is not None
        if c.state["status"] == "over" or c.state["waiting_for"] in people:
            return c.state
        time.sleep(0.005)
    raise AssertionError("the table never waited for a person")


def store_of(client: TestClient) -> Store:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    return store


def play_out(
    clients: dict[str, SyncClient], watchers: list[SyncClient], rng: random.Random
) -> dict[str, Any]:
    """Every person plays whenever the table waits for them, until the sitting is over."""
    any_client = next(iter(clients.values()))
    for _ in range(5000):
        for c in [*clients.values(), *watchers]:
            c.sync()
        state = any_client.state
        assert state is not None
        if state["status"] == "over":
            return state
        who = state["waiting_for"]
        if who in clients:
            mine = clients[who]
            assert mine.state is not None
            if mine.state["waiting_for"] == who and mine.state["legal"]:
                reply = mine.act(pick(mine.state["legal"], rng))
                assert reply["type"] == "ack", reply
                continue
        time.sleep(0.002)
    raise AssertionError("the sitting did not finish")


def test_full_sitting_secrecy_and_rotation(client: TestClient) -> None:
    """Three people and a computer player play a whole tournée of Mort; every message any of
    them or a spectator received names only cards that viewer could see at that moment."""
    table = create(
        client, [("Ann", "human"), ("Bob", "human"), ("Cy", "human"), ("Dee", "heuristic")]
    )
    tid, tok = table["id"], tokens(table)
    clients: dict[str, SyncClient] = {}
    sockets = []
    for name in PEOPLE:
        ws = client.websocket_connect(f"/ws/{tid}")
        sockets.append(ws)
        c = SyncClient(ws.__enter__(), name)
        welcome = c.hello(tok[name], accept_seed=7)
        assert welcome["type"] == "welcome" and welcome["you"] == name
        clients[name] = c
    ws = client.websocket_connect(f"/ws/{tid}")
    sockets.append(ws)
    spectator = SyncClient(ws.__enter__(), None)
    assert spectator.hello(None)["you"] is None
    try:
        final = play_out(clients, [spectator], random.Random(3))
    finally:
        for s in sockets:
            s.__exit__(None, None, None)

    rows = store_of(client).load_events(tid)
    assert [r.seq for r in rows] == list(range(1, len(rows) + 1))
    row = store_of(client).get_table(tid)
    assert row is not None and row.status == "over"
    oracle = Oracle("mort", row.config, [r.action for r in rows])
    assert oracle.final.is_over()
    assert final["record"]["settlement"] == oracle.final.record()["settlement"]
    assert len(final["record"]["games"]) == 4

    for viewer, c in [*clients.items(), (None, spectator)]:
        assert check_secrecy(oracle, viewer, c.messages) > 100
    # The checks bite: each person saw its own hand, which the others never did.
    for name, c in clients.items():
        seen_seats = {m["state"]["seat"] for m in c.messages if m["type"] == "update"}
        assert {"N", None} <= seen_seats, f"{name} should be Vivant once and sit out once"
        own = [m for m in c.messages if m["type"] == "update" and m["state"]["view"]["hand"]]
        assert own, f"{name} never received a hand"
        m = own[len(own) // 2]
        hand = {parse_card(x) for x in m["state"]["view"]["hand"]}
        hidden = oracle.hidden_from(m["seq"], None)
        assert any(hidden >> c & 1 for c in hand)
    # Chance's deals are never sent: no message carries a whole pack.
    for c in [*clients.values(), spectator]:
        for m in c.messages:
            if m["type"] == "update" and m["action"]["type"] == "Deal":
                assert "order" not in m["action"]


def test_views_follow_the_player(client: TestClient) -> None:
    """A token belongs to a person; the view it gets is that person's seat of the moment."""
    table = create(client, [("Ann", "human"), ("Bob", "random"), ("Cy", "random")], seed=11)
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        c = SyncClient(ws, "Ann")
        c.hello(tokens(table)["Ann"], accept_seed=11)
        state = wait_for_person(c, people=("Ann",))
        assert state["waiting_for"] == "Ann"
        view = state["view"]
        seat = state["seat"]
        assert seat in ("N", "E", "W")
        assert view["names"][seat] == "Ann"
        assert view["seat"] == seat
        # Only Ann's own hand and (once dealt) Mort's exposed hand are shown.
        for other in "NESW":
            if other != seat and other != "S" and view["hand_sizes"]:
                assert other not in view["exposed"]
        assert all(
            a.get("seat") in (seat, "S", None) or a["type"] == "Play" for a in state["legal"]
        )


def test_reconnect_receives_what_was_missed(client: TestClient) -> None:
    table = create(client, [("Ann", "human"), ("Bob", "human"), ("Cy", "human")], seed=6)
    tid, tok = table["id"], tokens(table)
    rng = random.Random(1)
    with client.websocket_connect(f"/ws/{tid}") as w1, client.websocket_connect(f"/ws/{tid}") as w2:
        people = {"Ann": SyncClient(w1, "Ann"), "Bob": SyncClient(w2, "Bob")}
        people["Ann"].hello(tok["Ann"], accept_seed=6)
        people["Bob"].hello(tok["Bob"], accept_seed=6)
        with client.websocket_connect(f"/ws/{tid}") as w3:
            cy = SyncClient(w3, "Cy")
            cy.hello(tok["Cy"], accept_seed=6)
            assert cy.token is not None and cy.token != tok["Cy"]
            tok["Cy"] = cy.token  # the invitation is used up: Cy's seat's own token
            people["Cy"] = cy
            for _ in range(6):
                state = wait_for_person(cy)
                who = state["waiting_for"]
                people[who].sync()
                people[who].act(pick(people[who].state["legal"], rng))  # type: ignore[index]
            cy.sync()
            last = cy.seq
        del people["Cy"]
        # Cy is away; the others (and Cy's own seat, when due, nobody) play on.
        for _ in range(40):
            state = wait_for_person(people["Ann"])
            who = state["waiting_for"]
            if who == "Cy":
                break
            people[who].sync()
            people[who].act(pick(people[who].state["legal"], rng))  # type: ignore[index]
        people["Ann"].sync()
        now = people["Ann"].seq
        assert now > last
        with client.websocket_connect(f"/ws/{tid}") as w3:
            cy = SyncClient(w3, "Cy")
            welcome = cy.hello(tok["Cy"], last_seq=last)
            assert [e["seq"] for e in welcome["missed"]] == list(range(last + 1, now + 1))
            assert welcome["seq"] == now
            stored = store_of(client).load_events(tid, after=last)
            assert [e["action"]["type"] for e in welcome["missed"]] == [
                r.action["type"] for r in stored
            ]
            # An explicit resync from an older point gives the same, in order.
            cy.ws.send_json({"type": "resync", "last_seq": last - 2})
            again = cy.until("welcome")
            assert [e["seq"] for e in again["missed"]] == list(range(last - 1, now + 1))


def test_duplicate_message_is_idempotent(client: TestClient) -> None:
    table = create(client, [("Ann", "human"), ("Bob", "human"), ("Cy", "human")], seed=9)
    tid, tok = table["id"], tokens(table)
    socks = [client.websocket_connect(f"/ws/{tid}") for _ in PEOPLE]
    people = {n: SyncClient(s.__enter__(), n) for n, s in zip(PEOPLE, socks, strict=True)}
    try:
        for n, c in people.items():
            c.hello(tok[n], accept_seed=9)
        state = wait_for_person(people["Ann"])
        who = people[state["waiting_for"]]
        who.sync()
        action = who.state["legal"][0]  # type: ignore[index]
        first = who.act(action, client_id="same-id")
        assert first["type"] == "ack" and not first["duplicate"]
        seq = first["seq"]
        again = who.act(action, client_id="same-id")
        assert again == {"type": "ack", "id": "same-id", "seq": seq, "duplicate": True}
        assert store_of(client).get_table(tid).last_seq >= seq  # type: ignore[union-attr]
        stored = [r for r in store_of(client).load_events(tid) if r.client_id == "same-id"]
        assert len(stored) == 1
    finally:
        for s in socks:
            s.__exit__(None, None, None)


def test_a_choice_the_table_moved_past_is_refused_as_stale(client: TestClient) -> None:
    """A person's action chosen at an earlier state (a computer partner, or anyone, acted
    first) that is no longer legal is refused as ``stale`` in a person's words, the table
    unchanged; the same action sent at the current state is refused as illegal, and a bad
    ``seq`` precisely."""
    table = create(client, [("Ann", "human"), ("Bob", "human"), ("Cy", "human")], seed=9)
    tid, tok = table["id"], tokens(table)
    socks = [client.websocket_connect(f"/ws/{tid}") for _ in PEOPLE]
    people = {n: SyncClient(s.__enter__(), n) for n, s in zip(PEOPLE, socks, strict=True)}

    def send(c: SyncClient, cid: str, action: dict[str, Any], seq: object) -> dict[str, Any]:
        c.ws.send_text(json.dumps({"type": "action", "id": cid, "action": action, "seq": seq}))
        while True:
            m = c.receive()
            if m["type"] in ("ack", "error") and m.get("id") == cid:
                return m

    try:
        for n, c in people.items():
            c.hello(tok[n], accept_seed=9)
        state = wait_for_person(people["Ann"])
        who = people[state["waiting_for"]]
        who.sync()
        chosen_at = who.seq
        action = who.state["legal"][0]  # type: ignore[index]
        first = send(who, "first", action, chosen_at)
        assert first["type"] == "ack"
        last = store_of(client).get_table(tid).last_seq  # type: ignore[union-attr]
        stale = send(who, "again", action, chosen_at)
        assert stale["code"] == "stale", stale
        assert stale["message"].startswith("That choice is no longer open: ")
        assert "phase" not in stale["message"] and "(" not in stale["message"].split(":")[0]
        assert store_of(client).get_table(tid).last_seq == last  # type: ignore[union-attr]
        who.sync()
        now = send(who, "now", action, who.seq)
        assert now["code"] != "stale" and now["type"] == "error", now
        bad = send(who, "bad", action, "seven")
        assert bad["code"] == "bad_seq"
    finally:
        for s in socks:
            s.__exit__(None, None, None)


def test_lobby_take_and_leave(client: TestClient) -> None:
    table = create(client, [("Ann", "human"), ("Bob", "human"), ("Cy", "random")], seed=2)
    tid = table["id"]
    lobby = client.get("/api/tables").json()["tables"]
    entry = next(t for t in lobby if t["id"] == tid)
    assert entry["status"] == "open" and entry["seed"] == 2
    assert {p["name"]: (p["claimed"], p["invited"]) for p in entry["people"]} == {
        "Ann": (False, True),
        "Bob": (False, True),
        "Cy": (False, False),
    }
    assert "token" not in str(entry)
    # Bob's seat is kept for his invitation until he gives it up.
    r = client.post(f"/api/tables/{tid}/take", json={"name": "Bob", "accept_seed": 2})
    assert r.status_code == 409 and r.json()["error"] == "seat_reserved"
    invited = tokens(table)["Bob"]
    assert client.post(f"/api/tables/{tid}/leave", json={"token": invited}).json() == {
        "left": "Bob"
    }
    r = client.post(f"/api/tables/{tid}/take", json={"name": "Bob", "accept_seed": 2})
    assert r.status_code == 200
    bob_token = r.json()["token"]
    assert bob_token != invited
    # The withdrawn invitation works no more.
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": invited})
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "bad_token"
    r = client.post(f"/api/tables/{tid}/take", json={"name": "Bob", "accept_seed": 2})
    assert r.status_code == 409 and r.json()["error"] == "seat_taken"
    assert client.post(f"/api/tables/{tid}/take", json={"name": "Cy"}).status_code == 400
    with client.websocket_connect(f"/ws/{tid}") as ws:
        bob = SyncClient(ws, "Bob")
        assert bob.hello(bob_token)["you"] == "Bob"
        assert client.post(f"/api/tables/{tid}/leave", json={"token": bob_token}).json() == {
            "left": "Bob"
        }
        # Bob's connection goes on as a spectator's: told so, and refused if it acts.
        demoted = bob.until("welcome")
        assert demoted["you"] is None and demoted["state"]["seat"] is None
        reply = bob.act({"type": "Play", "seat": "N", "card": "SA"})
        assert reply["type"] == "error" and reply["code"] == "spectator"
    r = client.post(f"/api/tables/{tid}/take", json={"name": "Bob", "accept_seed": 2})
    assert r.status_code == 200
    with client.websocket_connect(f"/ws/{tid}") as ws:
        c = SyncClient(ws, "Ann")
        assert c.hello(tokens(table)["Ann"], accept_seed=2)["you"] == "Ann"
    status = client.get(f"/api/tables/{tid}").json()["status"]
    assert status == "playing"
    assert client.get("/api/tables/nope").status_code == 404


def test_create_refuses_bad_tables(client: TestClient) -> None:
    def post(body: Any) -> tuple[int, str]:
        r = client.post("/api/tables", json=body)
        return r.status_code, r.json().get("error", "")

    good = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "random"}]
    assert post({"variant": "chess", "players": good + good[:1]}) == (400, "bad_variant")
    assert post({"variant": "mort", "players": "everyone"}) == (400, "bad_players")
    assert post({"variant": "mort", "players": good}) == (400, "bad_table")  # two cannot play
    assert post({"variant": "mort", "players": [*good, {"name": "<b>", "kind": "human"}]}) == (
        400,
        "bad_name",
    )
    assert post({"variant": "mort", "players": [*good, {"name": "Cy", "kind": "oracle"}]}) == (
        400,
        "bad_kind",
    )
    assert post({"variant": "mort", "players": [*good, {"name": "Ann", "kind": "human"}]}) == (
        400,
        "bad_table",
    )
    assert post({"variant": "mort", "players": [*good, {"name": "Cy"}], "seed": "x"}) == (
        400,
        "bad_request",
    )
    r = client.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 400 and r.json()["error"] == "bad_json"
    r = client.post("/api/tables", content=b" " * 70_000)  # 413: refused before it is read
    assert r.status_code == 413 and r.json()["error"] == "too_large"


def test_replay_of_a_finished_sitting(client: TestClient) -> None:
    table = create(client, [("Bob", "random"), ("Cy", "heuristic"), ("Dee", "random")], seed=4)
    tid = table["id"]
    assert client.get(f"/api/tables/{tid}/replay").status_code in (200, 403)
    deadline = time.monotonic() + 30
    while client.get(f"/api/tables/{tid}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the computer players did not finish"
        time.sleep(0.05)
    data = client.get(f"/api/tables/{tid}/replay").json()
    rows = store_of(client).load_events(tid)
    assert len(data["frames"]) == len(rows) + 1
    assert data["record"]["games"] and len(data["record"]["games"]) == 3
    # Every frame lays the four hands open and they hold each card at most once.
    for f in data["frames"]:
        cards = [c for h in f["hands"].values() for c in h]
        assert len(cards) == len(set(cards))
    full = [f for f in data["frames"] if sum(len(h) for h in f["hands"].values()) == 52]
    assert full, "a frame right after a deal shows all 52 cards"
    assert data["frames"][-1]["sheet"]
    # A replay equals the engine's own: the final frame's sheet is the record's.
    table_cls = find_variant("mort")
    rebuilt = table_cls.replay(store_of(client).get_table(tid).config, [r.action for r in rows])  # type: ignore[union-attr]
    assert rebuilt.record()["settlement"] == data["record"]["settlement"]


def test_pages_and_card_faces(client: TestClient) -> None:
    for path in ("/", "/t/abc", "/replay/abc"):
        r = client.get(path)
        assert r.status_code == 200 and "<html" in r.text.lower()
        assert "/static/" in r.text
    for name in ("SA", "HT", "D2", "CK", "SQ", "HJ", "C7", "back"):
        r = client.get(f"/cards/{name}.svg")
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("image/svg+xml")
        root = ET.fromstring(r.text)
        assert root.tag.endswith("svg")
    assert client.get("/cards/Z9.svg").status_code == 404
    variants = client.get("/api/variants").json()
    mort = next(v for v in variants["variants"] if v["name"] == "mort")
    assert mort["players"][:2] == [3, 4]
    assert "Vivant" in mort["rules"]
    assert "random" in variants["bots"]
    assert not card_mentions(variants["bots"])


def test_laws_mode_revoke_claim_and_penalty(client: TestClient) -> None:
    """In laws mode a person may revoke (the card is taken, nobody is told); at the end of the
    hand the other side alone is offered the claim, then the penalties the laws allow."""
    table = create(
        client, [("Ann", "human"), ("Bob", "human"), ("Cy", "human")], seed=14, laws=True
    )
    tid, tok = table["id"], tokens(table)
    socks = [client.websocket_connect(f"/ws/{tid}") for _ in PEOPLE]
    people = {n: SyncClient(s.__enter__(), n) for n, s in zip(PEOPLE, socks, strict=True)}
    rng = random.Random(2)
    revoker: str | None = None
    claimed = chosen = None
    try:
        for n, c in people.items():
            c.hello(tok[n], accept_seed=14)
        for _ in range(400):
            for c in people.values():
                c.sync()
            state = people["Ann"].state
            assert state is not None
            who = state["waiting_for"]
            if who not in people:
                time.sleep(0.002)
                continue
            me = people[who]
            assert me.state is not None
            legal, view = me.state["legal"], me.state["view"]
            trick = view["trick"]["cards"] if view["trick"] else []
            if revoker is None and view["phase"] == "play" and trick and me.state["seat"] != "S":
                led = trick[0][0]
                mine = view["hand"] if view["to_play"] == me.state["seat"] else []
                off = [c for c in mine if c[0] != led]
                if off and any(c[0] == led for c in mine):
                    reply = me.act({"type": "Play", "seat": me.state["seat"], "card": off[0]})
                    assert reply["type"] == "ack", reply
                    revoker = who
                    # Nobody's view or legal list says a revoke happened.
                    for c in people.values():
                        c.sync()
                        assert c.state is not None
                        assert "revoke" not in str(c.state["view"]).lower()
                        assert not any("Revoke" in a["type"] for a in c.state["legal"])
                    continue
            kinds = {a["type"] for a in legal}
            if "ClaimRevoke" in kinds:
                assert revoker is not None and who != revoker
                claimed = next(a for a in legal if a["type"] == "ClaimRevoke")
                assert "WaiveRevokes" in kinds
                assert me.act(claimed)["type"] == "ack"
                continue
            if "ChoosePenalty" in kinds:
                assert who != revoker
                options = sorted(a["option"] for a in legal if a["type"] == "ChoosePenalty")
                assert set(options) <= {"A", "D", "T"} and "A" in options and "D" in options
                chosen = next(a for a in legal if a["option"] == "A")
                assert me.act(chosen)["type"] == "ack"
                # The revoker was never offered the claim or the penalty.
                assert revoker is not None
                for m in people[revoker].messages:
                    if m["type"] in ("welcome", "update"):
                        assert not any(
                            a["type"] in ("ClaimRevoke", "ChoosePenalty")
                            for a in m["state"]["legal"]
                        )
                break
            assert me.act(pick(legal, rng))["type"] == "ack"
    finally:
        for s in socks:
            s.__exit__(None, None, None)
    assert revoker is not None and claimed is not None and chosen is not None
    rows = store_of(client).load_events(tid)
    row = store_of(client).get_table(tid)
    assert row is not None
    oracle = Oracle("mort", row.config, [r.action for r in rows])
    records = oracle.final.hand_records
    revokes = [i for h in records for i in h["irregularities"] if i["kind"] == "revoke"]
    assert revokes and revokes[0]["election"] == "A"
    for name, c in people.items():
        check_secrecy(oracle, name, c.messages)
