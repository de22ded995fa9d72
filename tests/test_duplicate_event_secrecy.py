"""Secrecy at a Duplicate Whist event of people (issue 16, point 6, and its acceptance: the
recorded-messages oracle extended to duplicate events). Two people, Ann and her partner Bob, play
their round of a two-table event over the websocket while the server plays the other table and
a spectator watches; the round's table is set up from trays dealt beforehand (the event's boards,
their full deals among the table's options, D-MV3). The oracle (``server_helpers.Oracle``,
replaying the stored actions on a fresh engine) finds no card sent to a viewer that may not see
it; no message names a hand of a tray in PBN notation before its play is over; and the event's
page, polled as the round is played, names no card at all."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from server_helpers import Oracle, SyncClient, check_secrecy, pick
from vivant.cards import CardSet
from vivant.duplicate.table import Tray
from vivant.server import create_app
from vivant.server.store import Store

pytestmark = pytest.mark.timeout(120)

#: A card named in words anywhere in a text (the event page's words name none).
CARD_WORD = re.compile(r"\b[SHDC][AKQJT2-9]\b")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'event.db'}", bot_delay=0.0)) as c:
        yield c


def token_of(url: str) -> str:
    return url.split("?token=")[1]


def hand_strings(tray: Tray) -> list[str]:
    """Each hand of a tray as PBN writes it (``AKQ.T98.…``): a leak the card oracle, reading
    card names one by one, would not see."""
    return [CardSet(h).pbn() for h in tray.hands]


def test_no_seat_of_a_duplicate_event_is_sent_a_card_it_may_not_see(client: TestClient) -> None:
    made = client.post(
        "/api/events",
        json={
            "name": "Ann",
            "partner": "Bob",
            "movement": "teams",
            "tables": 2,
            "trays": 2,
            "seed": 5,
        },
    )
    assert made.status_code == 200, made.text
    event_id = made.json()["id"]
    state = client.get(f"/api/events/{event_id}").json()
    seats = {s["name"]: token_of(s["url"]) for s in state["seats"]}
    assert set(seats) == {"Ann", "Bob"}
    tid = state["tables"][-1]["table"]
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    row = store.get_table(tid)
    assert row is not None
    trays = [Tray.from_json(b) for b in row.config["boards"]]
    secrets = [s for t in trays for s in hand_strings(t) if len(s) > 6]
    rng = random.Random(16)
    pages: list[dict[str, Any]] = []
    with (
        client.websocket_connect(f"/ws/{tid}") as aws,
        client.websocket_connect(f"/ws/{tid}") as bws,
        client.websocket_connect(f"/ws/{tid}") as sws,
    ):
        people = {"Ann": SyncClient(aws, "Ann"), "Bob": SyncClient(bws, "Bob")}
        for name, c in people.items():
            c.hello(seats[name])
        spectator = SyncClient(sws, None)
        spectator.hello(None)
        for step in range(5000):
            for c in people.values():
                c.sync()
            states = [c.state for c in people.values()]
            assert all(s is not None for s in states)
            if all(s is not None and s["status"] == "over" for s in states):
                break
            for name, c in people.items():
                s = c.state
                if s is not None and s["waiting_for"] == name and s["legal"]:
                    assert c.act(pick(s["legal"], rng))["type"] == "ack"
            if step % 25 == 0:  # the event's page, as the round is played
                pages.append(client.get(f"/api/events/{event_id}").json())
            time.sleep(0.001)
        else:
            raise AssertionError("the round did not end")
        spectator.sync()
    rows = store.load_events(tid)
    oracle = Oracle(row.variant, row.config, [r.action for r in rows])
    assert oracle.final.is_over()
    viewers = [*people.values(), spectator]
    for c in viewers:
        assert check_secrecy(oracle, c.name, c.messages) >= len(rows) * 4 // 5
        # Before the end no message carries a tray's hand in PBN form (the options are the
        # server's: no client is sent them).
        for m in c.messages:
            if m.get("type") in ("welcome", "update") and m["state"]["status"] != "over":
                text = json.dumps(m)
                assert not [s for s in secrets if s in text], (c.name, text[:300])
    pages.append(client.get(f"/api/events/{event_id}").json())
    assert pages[-1]["over"] and len(pages) > 2
    for p in pages:
        text = json.dumps(p)
        assert not CARD_WORD.search(text) and not [s for s in secrets if s in text], text[:300]
