"""At the table as people really play (issue 16), in a real headless Chromium against
``vivant serve``: a card taken back with consent (refused once, agreed once), and a person whose
seat a computer player plays while she is away — she leaves and comes back on the page's own
token (her invitation is used up), and she says "I'm back" after not playing for a while."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

import server_helpers
from server_helpers import ServerProcess, http_json
from vivant.server.store import Store

pytestmark = pytest.mark.timeout(240)


def new_table(server: ServerProcess, players: list[tuple[str, str]], **extra: Any) -> Any:
    body = {"variant": "mort", "players": [{"name": n, "kind": k} for n, k in players], **extra}
    return http_json(server.base + "/api/tables", body)


def sit(browser: Browser, server: ServerProcess, url: str, name: str, errors: list[str]) -> Page:
    pg = browser.new_context(viewport={"width": 1280, "height": 820}).new_page()
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server.base + url)
    pg.wait_for_selector(f"#conn-text:has-text('seated as {name}')")
    return pg


def play_a_card(pg: Page) -> bool:
    """A choice offered (not an answer to a request) or a legal card, clicked."""
    return server_helpers.play_a_card(pg, ".decision button:not([data-action='AnswerUndo'])")


def stored(server: ServerProcess, table_id: str) -> list[Any]:
    store = Store(server.db_url)
    try:
        return store.load_events(table_id)
    finally:
        store.close()


def test_a_card_taken_back_refused_then_agreed_in_the_browser(
    server: ServerProcess, browser: Browser
) -> None:
    table = new_table(
        server, [("Ann", "human"), ("Bea", "human"), ("Cal", "heuristic")], absent_after=0
    )
    urls = {i["name"]: i["url"] for i in table["invites"]}
    errors: list[str] = []
    ann, bea = (sit(browser, server, urls[n], n, errors) for n in ("Ann", "Bea"))
    answers = ["Refuse", "Agree"]
    cards = 0
    for _ in range(1500):
        if not answers:
            break
        undo = ann.locator("[data-convention='undo']")
        if cards >= 6 and undo.count() and not bea.locator(".decision button").count():
            undo.first.click()
            bea.wait_for_selector(".decision button[data-action='AnswerUndo']")
            assert "asks to take back" in bea.locator(".decision h3").inner_text()
            bea.locator(".decision button", has_text=answers.pop(0)).click()
            bea.wait_for_selector(".decision button[data-action='AnswerUndo']", state="detached")
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
    assert not answers, "Ann was never offered to take a card back twice"
    ann.wait_for_selector(".log li:has-text('Taken back')")
    rows = stored(server, table["id"])
    replies = [
        r.action["agree"] for r in rows if r.action["type"] == "AnswerUndo" and r.actor == "Bea"
    ]
    assert replies == [False, True]
    assert any(e.get("kind") == "cards_taken_back" for r in rows for e in r.events)
    assert not errors, errors


def test_a_stand_in_plays_while_she_is_away_and_she_comes_back_in_the_browser(
    tmp_path: Path, browser: Browser
) -> None:
    # Computer players pause after each move, so that the stand-in does not finish the sitting
    # before she is back.
    server = ServerProcess(f"sqlite:///{tmp_path / 'away.db'}", bot_delay=0.15).start()
    try:
        away_and_back(server, browser)
    finally:
        server.stop()


def away_and_back(server: ServerProcess, browser: Browser) -> None:
    table = new_table(
        server,
        [("Ann", "human"), ("Bob", "heuristic"), ("Cy", "random")],
        # 2.5 s: on a loaded machine her page can take over a second to play a card once back.
        absent_after=2.5,
        stand_in="random",
    )
    tid = table["id"]
    errors: list[str] = []
    ann = sit(browser, server, table["invites"][0]["url"], "Ann", errors)
    for _ in range(400):  # a few cards of her own first
        if sum(r.actor == "Ann" and r.action["type"] == "Play" for r in stored(server, tid)) >= 2:
            break
        if not play_a_card(ann):
            ann.wait_for_timeout(30)
    context = ann.context
    ann.close()  # she leaves; the page's token stays in the browser's storage
    left = time.monotonic()
    # A stand-in plays for her after she left (on a loaded machine one may already have played
    # while she was slow to act on her turn: only a card after her leaving counts here).
    last = max(r.seq for r in stored(server, tid))
    while not any(r.actor == "Ann" and r.stand_in and r.seq > last for r in stored(server, tid)):
        assert time.monotonic() - left < 15, "no stand-in played for Ann"
        time.sleep(0.1)
    # She comes back to the table's address alone: the page's own token seats her.
    back = context.new_page()
    back.on("pageerror", lambda e: errors.append(str(e)))
    back.goto(f"{server.base}/t/{tid}")
    back.wait_for_selector("#conn-text:has-text('seated as Ann')")
    mine = sum(r.actor == "Ann" and r.client_id is not None for r in stored(server, tid))
    for _ in range(400):
        if sum(r.actor == "Ann" and r.client_id is not None for r in stored(server, tid)) > mine:
            break
        if not play_a_card(back):
            back.wait_for_timeout(30)
    else:
        raise AssertionError("Ann did not play on after coming back")
    # Now she does not play: the stand-in comes, and she says she is back.
    back.wait_for_selector("[data-convention='back']", timeout=20_000)
    assert "is playing for you" in back.locator(".conventions").inner_text()
    back.locator("[data-convention='back']").click()
    back.wait_for_selector("[data-convention='back']", state="detached")
    # The table's news is told softly (a status, not the alarm of an error).
    news = back.locator(".toast:has-text('Ann is back and plays again')")
    news.wait_for()
    assert news.get_attribute("role") == "status" and "soft" in (news.get_attribute("class") or "")
    people = http_json(f"{server.base}/api/tables/{tid}")["people"]
    assert next(p for p in people if p["name"] == "Ann")["stand_in"] is None
    assert not errors, errors


#: In the page: the card faces (and the back) whose picture cannot be decoded now.
ALL_FACES_DECODE = """async () => {
  const names = ["back"];
  for (const s of "SHDC") for (const r of "23456789TJQKA") names.push(s + r);
  const bad = [];
  for (const n of names) {
    const img = new Image();
    img.src = `/cards/${n}.svg`;
    try { await img.decode(); } catch { bad.push(n); }
  }
  return bad;
}"""


def test_a_card_clicked_while_the_server_is_down_is_not_lost_in_silence(
    server: ServerProcess, browser: Browser
) -> None:
    """A person clicks a card while her table's server is down (SIGKILLed): the page says the
    card was not sent — it does not take the click in silence — and nothing is played. Once a
    server is back on the same store, the same hand is in front of her, and the same card,
    clicked again, is played. Thirteen and the Odd against a computer player."""
    table = new_table(server, [("Ann", "human"), ("Ada", "heuristic")], variant="thirteen")
    urls = {i["name"]: i["url"] for i in table["invites"]}
    errors: list[str] = []
    ann = sit(browser, server, urls["Ann"], "Ann", errors)
    mine = ".hand.mine img.card[data-card]"
    while not ann.locator(".hand.mine .card.legal").count():
        if not play_a_card(ann):
            ann.wait_for_timeout(30)
    hand = ann.locator(mine).evaluate_all("els => els.map(e => e.dataset.card)")
    card = ann.locator(".hand.mine .card.legal").first.get_attribute("data-card")
    server.kill()
    ann.wait_for_selector("#conn-text:has-text('reconnecting')")
    # Every card face came with the page: one first shown while the server is down (the
    # adversary's card, sent just before it went) still has its picture.
    assert ann.evaluate(ALL_FACES_DECODE) == []
    ann.locator(f".hand.mine .card.legal[data-card='{card}']").click(position={"x": 12, "y": 12})
    note = ann.locator(".toast")
    note.wait_for()
    assert "Not connected" in note.inner_text() and "nothing was sent" in note.inner_text()

    def played() -> list[str]:
        return [r.action["card"] for r in stored(server, table["id"]) if r.action["type"] == "Play"]

    assert card not in played()
    server.start()  # the same port and store
    ann.wait_for_selector("#conn-text:has-text('seated as Ann')", timeout=30_000)
    assert ann.locator(mine).evaluate_all("els => els.map(e => e.dataset.card)") == hand
    ann.locator(f".hand.mine .card.legal[data-card='{card}']").click(position={"x": 12, "y": 12})
    ann.wait_for_selector(f".hand.mine img.card[data-card='{card}']", state="detached")
    assert card in played()
    assert not errors, errors
