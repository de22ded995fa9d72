"""Claims in a real headless Chromium against ``vivant serve`` (D-TC4, D-TC5; issue 16 point 2):
Ann claims from the table's "Claim or concede" bar, the choices said in the core's words; Bea, her
adversary, sees Ann's hand face up only once the claim is made, and answers — she accepts one
claim, and disputes another, which the solver adjudicates at once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from server_helpers import ServerProcess, chromium, http_json
from vivant.cards import card_name, cards_of
from vivant.conventions import Sitting
from vivant.server.store import Store

pytestmark = pytest.mark.timeout(240)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    s = ServerProcess(f"sqlite:///{tmp_path / 'claims.db'}", bot_delay=0.0).start()
    yield s
    s.stop()


@pytest.fixture
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


def sit(browser: Browser, server: ServerProcess, url: str, name: str, errors: list[str]) -> Page:
    pg = browser.new_context(viewport={"width": 1280, "height": 820}).new_page()
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server.base + url)
    pg.wait_for_selector(f"#conn-text:has-text('seated as {name}')")
    return pg


def stored(server: ServerProcess, table_id: str) -> tuple[dict[str, Any], list[Any]]:
    store = Store(server.db_url)
    try:
        row = store.get_table(table_id)
        assert row is not None
        return row.config, store.load_events(table_id)
    finally:
        store.close()


def adversaries(server: ServerProcess, table_id: str) -> bool:
    """Whether Ann and Bea are on opposite sides in the game in play (from the stored log)."""
    config, rows = stored(server, table_id)
    t = Sitting.replay(config, [r.action for r in rows]).table
    sides = {t.seat_player(s): t.seat_sides[s] for s in range(4) if t.seat_player(s)}
    return "Ann" in sides and "Bea" in sides and sides["Ann"] != sides["Bea"]


def ann_hand(server: ServerProcess, table_id: str) -> list[str]:
    """The cards Ann holds now (from the stored log)."""
    config, rows = stored(server, table_id)
    t = Sitting.replay(config, [r.action for r in rows]).table
    seat = next(s for s in range(4) if t.seat_player(s) == "Ann")
    assert t.hand is not None
    return [card_name(c) for c in cards_of(t.hand.hands[seat])]


def play_a_card(pg: Page) -> bool:
    """Click a legal card, or the first choice offered."""
    buttons = pg.locator(".decision button")
    if buttons.count():
        buttons.first.click()
        return True
    legal = pg.locator(".card.legal")
    if legal.count():
        legal.first.click(position={"x": 12, "y": 12})
        return True
    return False


def shown(pg: Page, cards: list[str]) -> int:
    """How many of ``cards`` the page shows face up."""
    return sum(pg.locator(f"img.card[data-card='{c}']").count() > 0 for c in cards)


def test_a_claim_accepted_and_one_disputed_and_adjudicated_in_the_browser(
    server: ServerProcess, browser: Browser
) -> None:
    body = {
        "variant": "mort",
        "players": [
            {"name": n, "kind": k}
            for n, k in (("Ann", "human"), ("Bea", "human"), ("Cal", "heuristic"))
        ],
        "absent_after": 0,
    }
    table = http_json(server.base + "/api/tables", body)
    urls = {i["name"]: i["url"] for i in table["invites"]}
    errors: list[str] = []
    ann, bea = (sit(browser, server, urls[n], n, errors) for n in ("Ann", "Bea"))
    goals = [
        ("1", re.compile("accept the claim", re.I)),
        (None, re.compile("dispute the claim", re.I)),
    ]
    cards = 0
    for _ in range(2000):
        if not goals:
            break
        toggle = ann.locator("[data-convention='claim']")
        if cards >= 8 and toggle.count() and adversaries(server, table["id"]):
            tricks, answer = goals[0]
            toggle.click()
            options = ann.locator(".claims button")
            options.first.wait_for()
            words = options.all_inner_texts()
            assert words[-1] == "concede the rest" and words[0].startswith("claim 1 of the")
            hand = ann_hand(server, table["id"])
            assert shown(bea, hand) == 0  # not before the claim
            pick = options.nth(0) if tricks == "1" else options.nth(len(words) - 2)
            pick.click()
            bea.wait_for_selector(".decision button[data-action='Elect']")
            assert "showing the hand: accept, or dispute" in bea.locator(".decision").inner_text()
            assert shown(bea, hand) == len(hand)  # face up to her once claimed
            bea.locator(".decision button", has_text=answer).click()
            ann.wait_for_selector(f".log li:has-text('{'accepted' if tricks else 'adjudicates'}')")
            goals.pop(0)
            cards = 0
            continue
        acted = False
        for pg in (ann, bea):
            if play_a_card(pg):
                cards += 1
                acted = True
                break
        if not acted:
            ann.wait_for_timeout(30)
    assert not goals, "Ann never claimed twice against Bea"
    _, rows = stored(server, table["id"])
    answers = [
        r.action["option"]
        for r in rows
        if r.action["type"] == "Elect" and r.actor == "Bea" and "claim" in r.action["option"]
    ]
    assert answers == ["accept_claim", "dispute_claim"]
    settled = [e["how"] for r in rows for e in r.events if e.get("kind") == "tricks_credited"]
    assert "accepted" in settled and "adjudicated" in settled
    assert not errors, errors
