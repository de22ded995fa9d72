"""The table's pace and its advisers, against a real ``vivant serve`` with ``websockets`` clients
(issue 15, points 2 and 4): a decision either of two players may make waits for the person
(Mort's "who sits Right", M-2.2) instead of being answered by the computer; a person seated at
the table sets its computer players' speed; a person at a casual table may ask for a hint (the
Monte-Carlo player's card, from his own view), never at a table played by the laws; and the
replay's double-dummy analysis of a finished sitting equals DDS (endplay) on the same positions.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from server_helpers import AsyncClient, ServerProcess, http_json

pytestmark = pytest.mark.timeout(240)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("pace") / "pace.db"
    s = ServerProcess(f"sqlite:///{db}", bot_delay=0.0, args=("--new-tables", "0")).start()
    yield s
    s.stop()


def new_table(server: ServerProcess, game: str, people: list[tuple[str, str]], **more: Any) -> Any:
    body = {"variant": game, "players": [{"name": n, "kind": k} for n, k in people], **more}
    table = http_json(server.base + "/api/tables", body)
    assert "id" in table, table
    return table


def token_of(table: dict[str, Any], name: str) -> str:
    return str(next(i["token"] for i in table["invites"] if i["name"] == name))


async def until(c: AsyncClient, done: Any, timeout: float = 30.0) -> dict[str, Any]:
    """Read ``c``'s messages until ``done(message)``; returns that message."""
    deadline = time.monotonic() + timeout
    while True:
        m = await c.recv(max(0.1, deadline - time.monotonic()))
        if done(m):
            return m


def test_who_sits_right_of_mort_waits_for_the_person_not_the_computer(
    server: ServerProcess,
) -> None:
    """M-2.2: the adversaries choose who sits Right. With a person and a computer as the
    adversaries, the choice is the person's: the table waits for him, he is offered both
    answers, and the seating the log states is his choice, named."""

    async def sitting(seed: int) -> bool:
        table = new_table(
            server, "mort", [("Ann", "human"), ("Bob", "heuristic"), ("Cy", "heuristic")], seed=seed
        )
        async with connect(f"{server.ws_base}/ws/{table['id']}") as ws:
            ann = AsyncClient(ws, "Ann")
            await ann.hello(token_of(table, "Ann"), 0, accept_seed=seed)
            while not (ann.state and ann.state["view"]["phase"] == "choose"):
                await ann.recv()
            roles = ann.state["view"]["extra"]["roles"]
            if roles["V"] == "Ann":
                return False  # Ann is Vivant at this seed: no seat choice of hers
            assert ann.state["waiting_for"] == "Ann"
            choices = [a for a in ann.state["legal"] if a["type"] == "ChooseSeats"]
            assert len(choices) == 2 and len({a["right"] for a in choices}) == 2
            # The computer adversary does not answer for both meanwhile.
            await asyncio.sleep(1.0)
            await ws.send(json.dumps({"type": "ping"}))
            pong = await until(ann, lambda m: m["type"] == "pong")
            assert ann.state["view"]["phase"] == "choose" and pong["seq"] == ann.seq
            mine = next(a for a in choices if table["table"]["people"][a["right"]]["name"] == "Ann")
            await ws.send(json.dumps({"type": "action", "id": "seat-1", "action": mine}))
            update = await until(
                ann, lambda m: any(e["kind"] == "seats" for e in m.get("events", []))
            )
            seats = next(e for e in update["events"] if e["kind"] == "seats")
            assert seats["R"] == "Ann" and seats["L"] in ("Bob", "Cy")
            return True

    assert any(asyncio.run(sitting(seed)) for seed in range(1, 12))


async def refusal(ws: Any) -> dict[str, Any]:
    """The next error message on ``ws`` (the updates and presence messages before it skipped)."""
    while True:
        m: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 15))
        if m["type"] == "error":
            return m


def test_a_person_sets_the_pace_of_the_computer_players(server: ServerProcess) -> None:
    table = new_table(server, "thirteen", [("Ann", "human"), ("Bot", "heuristic")])

    async def run() -> None:
        url = f"{server.ws_base}/ws/{table['id']}"
        async with connect(url) as ws, connect(url) as spy_ws:
            ann = AsyncClient(ws, "Ann")
            spy = AsyncClient(spy_ws, None)
            await ann.hello(token_of(table, "Ann"))
            await spy.hello(None)
            await spy_ws.send(json.dumps({"type": "pace", "bot_delay": 0}))
            refused = await refusal(spy_ws)
            assert refused["code"] == "not_seated", refused
            for bad in (-1, 99, "fast", True):
                await ws.send(json.dumps({"type": "pace", "bot_delay": bad}))
                m = await refusal(ws)
                assert m["code"] == "bad_pace", (bad, m)
            await ws.send(json.dumps({"type": "pace", "bot_delay": 1.5}))
            told = await until(spy, lambda m: m["type"] == "pace")
            assert told == {"type": "pace", "bot_delay": 1.5, "by": "Ann"}

    asyncio.run(run())
    assert http_json(f"{server.base}/api/tables/{table['id']}")["bot_delay"] == 1.5
    # The pace is kept with the table: a server started afresh on the store has it.
    again = ServerProcess(server.db_url, bot_delay=0.0, args=("--new-tables", "0")).start()
    try:
        assert http_json(f"{again.base}/api/tables/{table['id']}")["bot_delay"] == 1.5
    finally:
        again.stop()


def test_a_hint_at_a_casual_table_and_none_in_laws_mode(server: ServerProcess) -> None:
    """The hint names one of the person's legal cards with the tricks the Monte-Carlo player
    expects for his side (at most the tricks left); at a laws table it is refused."""

    async def ask(laws: bool) -> dict[str, Any]:
        table = new_table(server, "humbug", [("Ann", "human"), ("Bot", "heuristic")], laws=laws)
        async with connect(f"{server.ws_base}/ws/{table['id']}") as ws:
            ann = AsyncClient(ws, "Ann")
            await ann.hello(token_of(table, "Ann"))
            while True:
                s = ann.state
                assert s is not None
                if ann.my_turn() and any(a["type"] == "Play" for a in s["legal"]):
                    break
                if ann.my_turn():
                    await ws.send(
                        json.dumps({"type": "action", "id": f"a{ann.seq}", "action": s["legal"][0]})
                    )
                    ann.pending = f"a{ann.seq}"
                await ann.recv()
            await ws.send(json.dumps({"type": "hint"}))
            while True:
                m: dict[str, Any] = json.loads(await ws.recv())
                if m["type"] in ("hint", "error"):
                    state = ann.state
                    assert state is not None
                    m["legal"] = [a["card"] for a in state["legal"] if a["type"] == "Play"]
                    m["left"] = 13 - len(state["view"]["tricks"])
                    return m

    casual = asyncio.run(ask(False))
    assert casual["type"] == "hint" and casual["card"] in casual["legal"], casual
    assert casual["action"]["type"] == "Play"
    if casual["tricks"] is not None:
        assert 0 <= casual["tricks"] <= casual["left"]
        assert casual["counts"] == "tricks for your side from this trick on", casual
        assert set(casual["others"]) <= set(casual["legal"])
    laws = asyncio.run(ask(True))
    assert laws["type"] == "error" and laws["code"] == "no_hints", laws


def test_the_replay_analysis_equals_dds(server: ServerProcess, tmp_path: Path) -> None:
    """At every card of the last five tricks of each hand of a finished sitting of Mort (all
    hands open), the server's values of the legal cards equal endplay's DDS on the frame's
    position; before the sitting is over there is no analysis."""
    from endplay import dds
    from endplay.types import Deal, Denom, Player

    bots = [("A", "heuristic"), ("B", "heuristic"), ("C", "heuristic")]
    table = new_table(server, "mort", bots)
    tid = table["id"]
    early = http_json(f"{server.base}/api/tables/{tid}/analysis/1")
    deadline = time.monotonic() + 120
    while http_json(f"{server.base}/api/tables/{tid}")["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.3)
    if early.get("error"):
        assert early["error"] == "not_over"
    frames = http_json(f"{server.base}/api/tables/{tid}/replay")["frames"]
    denoms = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}
    checked = 0
    for f in frames:
        if f["phase"] != "play" or max(len(h) for h in f["hands"].values()) > 5 or checked > 60:
            continue
        got = http_json(f"{server.base}/api/tables/{tid}/analysis/{f['seq']}")
        if got["seat"] is None:
            continue
        trick = f["trick"] if f["trick"] and len(f["trick"]["cards"]) < 4 else None
        held = {s: list(f["hands"][s]) for s in "NESW"}
        leader = trick["leader"] if trick else got["seat"]
        for i, c in enumerate(trick["cards"] if trick else []):
            held["NESW"[("NESW".index(leader) + i) % 4]].append(c)
        pbn = " ".join(
            ".".join("".join(c[1] for c in cards_sorted(held[s], suit)) for suit in "SHDC")
            for s in "NESW"
        )
        deal = Deal("N:" + pbn)
        deal.trump = denoms.get(f["trump"], Denom.nt)
        deal.first = Player("NESW".index(leader))
        for c in trick["cards"] if trick else []:
            deal.play(c)
        want = {}
        for card, score in dds.solve_board(deal):
            name = str(card).translate(SUIT_OF_SYMBOL)  # "7♦" or "D7"
            want[name if name[0] in "SHDC" else name[-1] + name[:-1].replace("10", "T")] = score
        assert got["values"] == want, (f["seq"], got, want)
        assert got["best"] == sorted(c for c, v in want.items() if v == max(want.values()))
        checked += 1
    assert checked > 20


SUIT_OF_SYMBOL = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})


def cards_sorted(cards: list[str], suit: str) -> list[str]:
    return sorted((c for c in cards if c[0] == suit), key=lambda c: -"23456789TJQKA".index(c[1]))
