"""Every game the engine registers is served: a person and computer players play a whole sitting
through the websocket (in process), and neither the person nor a spectator is ever sent a card
the laws keep from them — Humbug's exchanged hands, Thirteen and the Odd's undealt cards, Bridge
for Three's Dummy (shown to the pone alone before the lead) included."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from server_helpers import Oracle, SyncClient, check_secrecy, pick
from vivant.server import create_app
from vivant.server.app import _player_range
from vivant.server.store import Store
from vivant.variants import VARIANTS

pytestmark = pytest.mark.timeout(240)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path: Path = tmp_path_factory.mktemp("variants") / "vivant.db"
    with TestClient(create_app(f"sqlite:///{path}", bot_delay=0.0)) as c:
        yield c


#: Every game at its least number of players, and All Fours by three and by four as well.
CASES = [(v, _player_range(VARIANTS[v])[0]) for v in sorted(VARIANTS)] + [
    ("all-fours", 3),
    ("all-fours", 4),
]


@pytest.mark.parametrize(("variant", "n"), CASES)
def test_a_person_plays_every_game(client: TestClient, variant: str, n: int) -> None:
    players = [{"name": "Ann", "kind": "human"}]
    players += [{"name": f"Bot{i}", "kind": ("heuristic", "random")[i % 2]} for i in range(1, n)]
    r = client.post("/api/tables", json={"variant": variant, "players": players, "seed": 12})
    assert r.status_code == 201, r.text
    table = r.json()
    tid = table["id"]
    rng = random.Random(variant)
    with (
        client.websocket_connect(f"/ws/{tid}") as ws,
        client.websocket_connect(f"/ws/{tid}") as sws,
    ):
        ann = SyncClient(ws, "Ann")
        ann.hello(table["invites"][0]["token"], accept_seed=12)
        spectator = SyncClient(sws, None)
        spectator.hello(None)
        acted = 0
        for _ in range(20000):
            ann.sync()
            state = ann.state
            assert state is not None
            if state["status"] == "over":
                break
            if state["waiting_for"] == "Ann" and state["legal"]:
                reply = ann.act(pick(state["legal"], rng))
                assert reply["type"] == "ack", reply
                acted += 1
            else:
                time.sleep(0.001)
        else:
            raise AssertionError(f"{variant}: the sitting did not finish")
        spectator.sync()
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    rows = store.load_events(tid)
    row = store.get_table(tid)
    assert row is not None and row.status == "over"
    oracle = Oracle(variant, row.config, [r.action for r in rows])
    assert state["record"] == oracle.final.record()
    assert acted > 20 * getattr(VARIANTS[variant], "hand_tricks", 13) // 13
    # Every message is checked; under load a few updates reach a client merged into a catch-up,
    # so at least four in five of the events are seen one by one.
    assert check_secrecy(oracle, "Ann", ann.messages) >= len(rows) * 4 // 5
    assert check_secrecy(oracle, None, spectator.messages) >= len(rows) * 4 // 5
    replay = client.get(f"/api/tables/{tid}/replay")
    assert replay.status_code == 200, replay.text
    frames = replay.json()["frames"]
    assert len(frames) == len(rows) + 1 and replay.json()["record"] == state["record"]
    if variant == "duplicate":  # every play of a tray is shown with its tray
        assert {f["tray"] for f in frames} == {1, 2, 3, 4}
