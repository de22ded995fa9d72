"""Laws at the table in the browser (issue 16, point 1): a real headless Chromium (Debian's,
driven by Playwright) against ``vivant serve``, two people and a computer player at a laws-mode
Mort table dealt from seed 1 (Ann is Vivant, Bea sits R and leads first, Cal is L).

Ann reports a card exposed in her dealing from the laws panel, and the adversaries' election
(M-5.3) is Bea's alone; Ann leads out of turn while Bea is to lead, confirmed with the law that
applies, and the card is taken back (D-M9); Bea calls attention to the trick and Ann directs
(WL-6.9), then Bea claims a revoke nothing shows and is refused in words (D-W13); Ann plays two
cards together from Mort's hand and Bea elects which is played (M-6.6); she leads from the wrong
one of her hands and Bea elects (M-6.7); Bea asks her partner, who did not follow suit, "having
none?" (WL-7.3). Every election is shown to exactly the side the laws
name, in the core's words. No message either of them received names a card he may not see (the
recorded-messages oracle), and axe-core finds no serious WCAG 2.2 AA violation in the panel or
the confirmation. At a strict table no laws panel is shown and no card
can be played out of turn."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from server_helpers import QUICK_PACE, Oracle, ServerProcess, check_secrecy, http_json
from test_browser_axe import serious_violations
from test_server_browser import CLICK_CHOICE_JS, save
from vivant.describe import LAWS_ACTION_WORDS
from vivant.server.store import Store

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("laws") / "laws.db"
    s = ServerProcess(f"sqlite:///{db}", bot_delay=0.0).start()
    yield s
    s.stop()


def open_seat(
    browser: Browser, url: str, name: str, seed: int, errors: list[str], frames: list[Any]
) -> Page:
    """A person's page, its websocket's messages recorded, seated once he accepts the seed."""
    pg = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    pg.on("pageerror", lambda e: errors.append(f"{name}: {e}"))
    pg.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(json.loads(p))))
    pg.on("dialog", lambda d: d.accept() if f"seed {seed}" in d.message else d.dismiss())
    pg.add_init_script(QUICK_PACE)
    pg.goto(url)
    pg.wait_for_selector(f"#conn-text:has-text('seated as {name}')")
    return pg


def choose(pg: Page, *prefer: str) -> str:
    """Wait for a choice on ``pg`` and click the one whose words hold ``prefer``."""
    pg.wait_for_selector(".decision button")
    clicked: str = pg.evaluate(CLICK_CHOICE_JS, list(prefer))
    assert any(p in clicked for p in prefer), clicked
    return clicked


def no_choice(pg: Page) -> None:
    assert pg.locator(".decision button").count() == 0


def open_laws(pg: Page) -> list[str]:
    """Open the laws panel; the words of what it offers."""
    pg.locator(".laws-toggle").click()
    pg.wait_for_selector("#laws-panel button.law")
    return pg.locator("#laws-panel button.law").all_inner_texts()


def offered(*kinds: str) -> list[str]:
    """The core's words for these laws actions, as the panel shows them."""
    return [LAWS_ACTION_WORDS[k][0].upper() + LAWS_ACTION_WORDS[k][1:] for k in kinds]


def may_ask(frames: list[Any]) -> bool:
    """Whether the last state a person was sent offers "having none?" while the table waits
    for a person (so that nothing is played before she asks)."""
    state = next((m["state"] for m in reversed(frames) if "state" in m), None)
    if state is None or state.get("waiting_for") not in ("Ann", "Bea"):
        return False
    return any(a["type"] == "AskRenounce" for a in state.get("laws", {}).get("actions", []))


def test_laws_at_the_table_in_the_browser(
    server: ServerProcess, browser: Browser, tmp_path: Path
) -> None:
    table = http_json(
        server.base + "/api/tables",
        {
            "variant": "mort",
            "players": [
                {"name": "Ann", "kind": "human"},
                {"name": "Bea", "kind": "human"},
                {"name": "Cal", "kind": "heuristic"},
            ],
            "seed": 1,
            "laws": True,
        },
    )
    urls = {i["name"]: server.base + i["url"] for i in table["invites"]}
    errors: list[str] = []
    frames: dict[str, list[Any]] = {"Ann": [], "Bea": []}
    ann = open_seat(browser, urls["Ann"], "Ann", 1, errors, frames["Ann"])
    bea = open_seat(browser, urls["Bea"], "Bea", 1, errors, frames["Bea"])
    choose(bea, "Bea sit")  # the adversaries' seats (M-2.2): Bea sits R, the eldest
    choose(ann, "deal for yourself")

    # Before the opening lead Ann, dealing, may report a misdeal or a card exposed in dealing.
    ann.wait_for_selector(".laws-toggle")
    assert open_laws(ann) == offered("ReportMisdeal", "ReportExposed")
    save(ann, tmp_path / "laws-panel-desktop.png")
    ann.locator("#laws-panel button.law", has_text="exposed in dealing").click()
    mine = ann.locator(".hand.mine img.card").first.get_attribute("data-card")
    ann.locator(f'#laws-panel [data-pick="{mine}"]').click()
    ann.locator("#laws-panel button.pick", has_text="You, dealing").click()
    ann.locator("[data-laws=make]").click()
    # M-5.3: the dealer's adversaries elect; Bea is one of them, and Ann is not asked.
    bea.wait_for_selector(".decision:has-text('a card exposed in dealing')")
    no_choice(ann)
    assert choose(bea, "stand").startswith("stand")

    # Bea is to lead: Ann's own card is a lead out of turn, and the page says what law applies.
    ann.wait_for_selector(".hand.mine .card.outturn")
    ann.locator(".hand.mine .card.outturn").first.click(position={"x": 12, "y": 12})
    words = ann.locator("#laws-confirm-words").inner_text()
    assert "It is R (Bea)'s turn to lead" in words and "a lead out of turn (D-M9)" in words
    assert "it is taken back" in words
    save(ann, tmp_path / "laws-out-of-turn.png")
    assert not serious_violations(ann)
    ann.locator("#laws-play").click()
    ann.wait_for_selector(".log li:has-text('is withdrawn')")

    bea.wait_for_selector(".hand.mine .card.legal")
    bea.locator(".hand.mine .card.legal").first.click(position={"x": 12, "y": 12})
    # Before her partner has played, Bea calls attention to the trick; Vivant directs his
    # card (WL-6.9): Ann chooses, Bea is not asked.
    bea.locator(".laws-toggle").click()
    bea.locator("#laws-panel button.law", has_text="call attention to the trick").click()
    ann.wait_for_selector(".decision:has-text('attention called to the trick')")
    no_choice(bea)
    assert choose(ann, "lowest") == "his lowest card of the suit led"
    # A revoke claimed in the trick in play that nothing she has seen shows: refused in words
    # that say the same whether or not there was one (D-W13).
    bea.locator(".laws-toggle").click()
    bea.locator("#laws-panel button.law", has_text="claim a revoke").click()
    bea.locator("#laws-panel button.pick", has_text="Trick 1, not yet quitted").click()
    bea.locator("[data-laws=make]").click()
    refusal = bea.locator(".toast").inner_text()
    assert "has seen shows a revoke by VM in trick 1: the tricks are examined" in refusal
    # Ann plays two of Mort's cards together; Bea says which is played (M-6.6).
    ann.wait_for_selector(".dummy .card.legal")
    assert offered("PlayTogether")[0] in open_laws(ann)
    ann.set_viewport_size({"width": 390, "height": 844})
    save(ann, tmp_path / "laws-panel-phone.png")
    ann.set_viewport_size({"width": 1366, "height": 900})
    ann.locator("#laws-panel button.law", has_text="two cards together").click()
    picks = ann.locator("#laws-panel [data-pick]")
    picks.nth(0).click()
    picks.nth(1).click()
    save(ann, tmp_path / "laws-two-cards.png")
    assert not serious_violations(ann)
    ann.locator("[data-laws=make]").click()
    bea.wait_for_selector(".decision:has-text('two cards played together')")
    no_choice(ann)
    bea.locator(".decision button").first.click()

    # Play on until Ann leads for her side; she leads from the other of her hands (M-6.7).
    # And once Cal, Bea's partner, has not followed suit to a trick still open, Bea asks him
    # "having none?" (WL-7.3): he has none, and the table is told so.
    elected = None
    asked = False
    for _ in range(600):
        if elected is not None and asked:
            break
        if not asked and may_ask(frames["Bea"]):
            bea.wait_for_selector(".laws-toggle")
            if not bea.locator("#laws-panel").count():
                bea.locator(".laws-toggle").click()
            bea.locator('#laws-panel button[data-law="AskRenounce"]').click()
            for pg in (ann, bea):
                pg.wait_for_selector(".log li:has-text('has none of the suit led in trick')")
            asked = True
            continue
        if (
            elected is None
            and ann.locator(".card.legal").count()
            and not ann.locator(".trick:not(.done) img.card").count()
        ):
            other = ann.locator(".card.outturn")
            if other.count():
                other.first.click(position={"x": 12, "y": 12})
                words = ann.locator("#laws-confirm-words").inner_text()
                assert "a lead out of turn (M-6.7)" in words, words
                assert "R (Bea) or L (Cal) then choose" in words, words
                ann.locator("#laws-play").click()
                bea.wait_for_selector(".decision:has-text('a lead out of turn')")
                no_choice(ann)
                elected = choose(bea, "accept the card")
                continue
        acted = False
        for pg in (ann, bea):
            legal = pg.locator(".card.legal")
            if legal.count():
                legal.first.click(position={"x": 12, "y": 12})
                acted = True
                break
        if not acted:
            ann.wait_for_timeout(30)
    assert elected is not None, "Ann never led for her side"
    assert asked, "Cal never renounced while Bea could ask him"
    # The election is stored once the table tells it ("is withdrawn" and the irregularity's
    # notice, both said before it, also name a lead out of turn).
    ann.wait_for_selector(".log li:has-text('For a lead out of turn:')")

    store = Store(server.db_url)
    try:
        rows = store.load_events(table["id"])
        row = store.get_table(table["id"])
    finally:
        store.close()
    assert row is not None
    moves = [(r.actor, r.action["type"]) for r in rows]
    assert ("Ann", "ReportExposed") in moves and ("Ann", "PlayTogether") in moves
    assert [a for a, t in moves if t == "Elect"] == ["Bea", "Ann", "Bea", "Bea"]
    assert ("Bea", "DrawAttention") in moves and ("Bea", "AskRenounce") in moves
    oracle = Oracle("mort", row.config, [r.action for r in rows])
    for name, messages in frames.items():
        assert check_secrecy(oracle, name, messages) > 20
    assert not errors, errors


def test_strict_mode_shows_no_laws(server: ServerProcess, browser: Browser) -> None:
    """At a strict table neither the laws panel nor a card out of turn is offered."""
    table = http_json(
        server.base + "/api/tables",
        {
            "variant": "mort",
            "players": [
                {"name": "Ann", "kind": "human"},
                {"name": "Bea", "kind": "human"},
                {"name": "Cal", "kind": "heuristic"},
            ],
            "seed": 1,
        },
    )
    urls = {i["name"]: server.base + i["url"] for i in table["invites"]}
    errors: list[str] = []
    ann = open_seat(browser, urls["Ann"], "Ann", 1, errors, [])
    bea = open_seat(browser, urls["Bea"], "Bea", 1, errors, [])
    choose(bea, "Bea sit")
    choose(ann, "deal for yourself")
    bea.wait_for_selector(".hand.mine .card.legal")  # Bea to lead, Ann waits
    ann.wait_for_selector(".hand.mine img.card")
    assert ann.locator(".laws, .laws-toggle, .card.any, .card.outturn").count() == 0
    assert ann.locator(".hand.mine [role=button]").count() == 0
    assert not errors, errors
