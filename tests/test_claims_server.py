"""Claims over the server's protocol (D-TC4, D-TC5; issue 16 point 2), in process: a person
claims between tricks with the words the core gives each offer, a computer player answers as the
solver proves, a person disputes and the solver adjudicates; every message passes the
recorded-messages secrecy oracle, which shows a claimer's hand to all only from his claim on —
and the checks bite: the spectator had not seen the hand before and sees it once claimed."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from server_helpers import Oracle, SyncClient, check_secrecy, pick
from test_claims import best_for
from vivant.actions import action_from_json
from vivant.cards import parse_card
from vivant.conventions import Sitting
from vivant.server import create_app
from vivant.server.store import Store

from helpers import last_hand


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'vivant.db'}", bot_delay=0.0)
    with TestClient(app) as c:
        yield c


def seated(client: TestClient, people: list[tuple[str, str]], seed: int) -> tuple[str, Any]:
    r = client.post(
        "/api/tables",
        json={
            "variant": "mort",
            "players": [{"name": n, "kind": k} for n, k in people],
            "seed": seed,
        },
    )
    assert r.status_code == 201, r.text
    table = r.json()
    return table["id"], {i["name"]: i["token"] for i in table["invites"]}


def settle(c: SyncClient, who: set[str], limit: float = 10.0) -> dict[str, Any]:
    """Sync until the table waits for one of ``who`` (the computer players have moved)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        c.sync()
        assert c.state is not None
        if c.state["waiting_for"] in who or c.state["status"] == "over":
            return c.state
        time.sleep(0.005)
    raise AssertionError("the table never waited for a person")


def claim_offer(state: dict[str, Any], tricks: int | None) -> tuple[dict[str, Any], str] | None:
    """The offer of a claim of ``tricks`` (None: the rest) and its words, if offered now."""
    offers = [
        (a, w)
        for a, w in zip(state.get("offers", []), state.get("offer_words", []), strict=True)
        if a["type"] == "Claim"
    ]
    if not offers:
        return None
    if tricks is None:
        return offers[-1]
    return next(((a, w) for a, w in offers if a["tricks"] == tricks), None)


def stored(client: TestClient, tid: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    row = store.get_table(tid)
    assert row is not None
    return row.config, [r.action for r in store.load_events(tid)]


def test_a_claim_accepted_by_the_computer_players_and_shown_only_once_made(
    client: TestClient,
) -> None:
    tid, tok = seated(client, [("Ann", "human"), ("Bob", "heuristic"), ("Cy", "heuristic")], 3)
    rng = random.Random(1)
    with client.websocket_connect(f"/ws/{tid}") as w1, client.websocket_connect(f"/ws/{tid}") as w2:
        ann, spectator = SyncClient(w1, "Ann"), SyncClient(w2, None)
        ann.hello(tok["Ann"], accept_seed=3)
        spectator.hello(None)
        for _ in range(200):
            state = settle(ann, {"Ann"})
            offer = claim_offer(state, 1)
            if offer is not None and len(state["view"]["tricks"]) >= 2:
                break
            assert ann.act(pick(state["legal"], rng))["type"] == "ack"
        else:
            raise AssertionError("Ann was never offered a claim between tricks")
        action, words = offer
        remaining = len(state["view"]["hand"])
        assert words == f"claim 1 of the {remaining} remaining tricks, showing your hand"
        seat = state["seat"]
        hand = set(state["view"]["hand"])
        spectator.sync()
        assert spectator.state is not None and seat not in spectator.state["view"]["exposed"]
        reply = ann.act(action)
        assert reply["type"] == "ack"
        claim_seq = reply["seq"]
        settle(ann, {"Ann"})
        spectator.sync()
        claim_seen = next(m for m in spectator.messages if m.get("seq") == claim_seq)
        assert set(claim_seen["state"]["view"]["exposed"][seat]) == hand  # shown to all
        answered = next(m for m in spectator.messages if m.get("seq") == claim_seq + 1)
        assert answered["action"]["type"] == "Elect"
        assert answered["action"]["option"] == "accept_claim"
        said = " ".join(line for e in answered["events"] for line in e["text"])
        assert "The claim is accepted" in said
    config, actions = stored(client, tid)
    oracle = Oracle("mort", config, actions)
    for name, c in (("Ann", ann), (None, spectator)):
        assert check_secrecy(oracle, name, c.messages) > 10
    # The oracle bites: before the claim the spectator could not see Ann's hand.
    assert all(oracle.hidden_from(claim_seq - 1, None) >> parse_card(x) & 1 for x in hand)


def test_a_claim_disputed_by_a_person_is_adjudicated_by_the_solver(client: TestClient) -> None:
    tid, tok = seated(client, [("Ann", "human"), ("Bea", "human"), ("Cy", "heuristic")], 5)
    rng = random.Random(2)
    with client.websocket_connect(f"/ws/{tid}") as w1, client.websocket_connect(f"/ws/{tid}") as w2:
        clients = {"Ann": SyncClient(w1, "Ann"), "Bea": SyncClient(w2, "Bea")}
        for name, c in clients.items():
            c.hello(tok[name], accept_seed=5)
        claimer = None
        for _ in range(600):
            state = settle(clients["Ann"], set(clients))
            who = state["waiting_for"]
            mine = clients[who]
            other = clients["Bea" if who == "Ann" else "Ann"]
            mine.sync()
            other.sync()
            assert mine.state is not None and other.state is not None
            seats = (mine.state["seat"], other.state["seat"])
            opponents = (
                None not in seats and "NESW".index(seats[0]) % 2 != "NESW".index(seats[1]) % 2
            )
            for c in (mine, other):
                assert c.state is not None
                offer = claim_offer(c.state, None)
                if offer is None or len(c.state["view"]["hand"]) != 3 or not opponents:
                    continue
                config, actions = stored(client, tid)
                before = Sitting.replay(config, actions).table
                side = before.seat_sides[parse_seat_letter(offer[0]["seat"])]
                due = best_for(before, side)  # the independent oracle of the tricks certain
                if due < 3:
                    claimer = c.name
                    break
            if claimer is not None:
                break
            assert mine.act(pick(mine.state["legal"], rng))["type"] == "ack"
        assert claimer is not None and offer is not None, "no claim beyond the sure tricks"
        other = clients["Bea" if claimer == "Ann" else "Ann"]
        reply = clients[claimer].act(offer[0])
        assert reply["type"] == "ack"
        claim_seq = reply["seq"]
        state = settle(other, {other.name or ""})
        answers = [a for a in state["legal"] if a["type"] == "Elect"]
        # The other person answers for his side, not the computer player beside him.
        assert [a["option"] for a in answers] == ["accept_claim", "dispute_claim"]
        assert "showing the hand: accept, or dispute" in state["decision"]["question"]
        assert other.act(answers[1])["type"] == "ack"
        settle(other, set(clients))
        config, actions = stored(client, tid)
        assert action_from_json(actions[claim_seq]) == action_from_json(answers[1])
        table = Sitting.replay(config, actions[: claim_seq + 1]).table
        hand = last_hand(table)
        note = hand["tricks_claimed"][-1]
        credited = note["credited"][before.side_names[side]]
        assert note["settled"] == "adjudicated" and credited == due < 3
    oracle = Oracle("mort", *stored(client, tid))
    for name, c in clients.items():
        assert check_secrecy(oracle, name, c.messages) > 10


def parse_seat_letter(letter: str) -> int:
    return "NESW".index(letter)
