"""A real headless Chromium (Debian's ``/usr/bin/chromium``, driven by Playwright with
``executable_path``; no browser is downloaded) against ``vivant serve``: a person creates a table in
the lobby and plays a whole tournée of Mort against two computer players, clicking the legal cards
and answering the decisions, until the score sheet. Screenshots of the table in the middle of a
hand (the person as Vivant, Mort's hand in view) and of the score sheet are saved in the test's
directory, and in ``$VIVANT_SCREENSHOTS`` when that is set."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Dialog, Page

from server_helpers import QUICK_PACE, ServerProcess, close_last_summary, http_json
from vivant.server.store import Store

pytestmark = pytest.mark.timeout(240)


def spectator_sees_no_hidden_card(browser: Browser, url: str) -> int:
    """A bystander's page (a separate context: no token) shows face up only Mort's hand, the
    trick, the last trick and the turn-up; every other hand is card backs. Returns the face-up
    cards seen."""
    context = browser.new_context(viewport={"width": 1280, "height": 820})
    try:
        pg = context.new_page()
        pg.goto(url)
        pg.wait_for_selector("#conn-text:has-text('watching')")
        pg.wait_for_selector(".seat .card")
        assert pg.locator(".hand.mine").count() == 0
        face_up = pg.locator("img.card[data-card]")
        allowed = pg.locator(
            ".dummy img.card, .trick img.card, .turnup img.card, .last-trick img.card"
        )
        assert face_up.count() == allowed.count() > 0
        assert pg.locator(".hand.backs img.card").count() >= 13
        return face_up.count()
    finally:
        context.close()


def save(page: Page, path: Path) -> None:
    page.screenshot(path=str(path))
    target = os.environ.get("VIVANT_SCREENSHOTS")
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(target) / path.name)


def test_a_person_plays_mort_in_the_browser(
    server: ServerProcess, browser: Browser, page: Page, tmp_path: Path
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.fill("#me", "Ann")
    page.select_option("select[name=kind0]", "heuristic")
    page.select_option("select[name=kind1]", "random")
    page.click("#create")
    page.wait_for_url("**/t/*")
    table_id = page.url.rstrip("/").split("/")[-1]
    assert "token=" not in page.url  # the secret leaves the address bar at once
    page.wait_for_selector("#conn-text:has-text('seated as Ann')")

    plays = decisions = 0
    mid_hand = None
    for _ in range(3000):
        page.wait_for_selector(".card.legal, .decision button, #score-sheet", timeout=30_000)
        if page.locator("#score-sheet").count():
            break
        buttons = page.locator(".decision button")
        if buttons.count():
            buttons.first.click()
            decisions += 1
            continue
        # As Vivant, the person also plays Mort's exposed cards.
        if mid_hand is None and page.locator(".dummy .card.legal").count():
            tricks = page.locator(".trick-caption").inner_text()
            if tricks.startswith("Trick") and int(tricks.split()[1]) >= 5:
                mid_hand = tmp_path / "table-mid-hand.png"
                save(page, mid_hand)
                # Meanwhile a bystander watching the same table sees no concealed card.
                assert spectator_sees_no_hidden_card(browser, f"{server.base}/t/{table_id}") > 0
        legal = page.locator(".card.legal")
        if legal.count():
            legal.first.click(position={"x": 12, "y": 12})
            plays += 1
    else:
        raise AssertionError("the sitting did not reach the score sheet")

    sheet = page.locator("#score-sheet")
    assert sheet.is_visible()
    close_last_summary(page)  # the last hand's summary first
    save(page, tmp_path / "score-sheet.png")
    assert mid_hand is not None and mid_hand.exists()
    assert plays >= 39  # at least three hands' worth of cards
    assert decisions >= 1  # Vivant's choice of deal, the adversaries' seats
    assert not errors, errors

    # The sheet shows the server's record: three games, and the settlement of the sitting.
    record = http_json(f"{server.base}/api/tables/{table_id}")
    assert record["status"] == "over"
    store = Store(server.db_url)
    try:
        rows = store.load_events(table_id)
    finally:
        store.close()
    assert rows and rows[-1].events[-1]["kind"] == "game_over"
    body = sheet.inner_text()
    assert "Settlement of the sitting" in body
    assert body.count("Vivant & Mort") + body.count("the adversaries") == 3
    replay = http_json(f"{server.base}/api/tables/{table_id}/replay")
    for name, amount in replay["record"]["settlement"].items():
        assert name in body
        shown = f"+{amount}" if amount > 0 else str(amount)
        assert shown in body

    # The replay page steps through the same sitting card by card.
    page.click("text=Replay card by card")
    page.wait_for_url("**/replay/*")
    page.wait_for_selector(".seat .plate")
    start = page.locator("#pos").inner_text()
    page.click("#next")
    assert page.locator("#pos").inner_text() != start
    page.click("#last")
    total = len(replay["frames"]) - 1
    assert page.locator("#pos").inner_text() == f"{total} / {total}"
    assert not errors, errors


def test_lobby_invitation_and_a_free_seat(server: ServerProcess, browser: Browser) -> None:
    """Ann creates a table with a seat for a person; the lobby lists it, kept for Bea's
    invitation (no one else may take it); Bea follows her link and is seated, then gives the
    seat up; the lobby offers it free, Dora takes it in her own browser and is seated; the
    lobby then shows it taken."""
    errors: list[str] = []

    def page() -> Page:
        pg = browser.new_context(viewport={"width": 1280, "height": 820}).new_page()
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.add_init_script(QUICK_PACE)
        return pg

    ann = page()
    ann.goto(server.base + "/")
    ann.fill("#me", "Ann")
    ann.fill("input[name=name0]", "Bea")
    ann.select_option("select[name=kind0]", "human")
    ann.fill("input[name=name1]", "Cal")
    ann.select_option("select[name=kind1]", "heuristic")
    ann.fill("#tname", "Tuesday whist")
    ann.click("#create")
    ann.wait_for_url("**/t/*")
    ann.wait_for_selector("#conn-text:has-text('seated as Ann')")
    # Ann's side panel keeps the invitation for Bea.
    invite = ann.locator(".invite input").input_value()
    assert "/t/" in invite and "token=" in invite

    dora = page()
    dora.goto(server.base + "/")
    row = dora.locator("tr", has_text="Tuesday whist")
    row.wait_for()
    assert "seats free" in row.inner_text() and "Sit as" not in row.inner_text()
    assert "Mort ·" in row.inner_text() and "mort ·" not in row.inner_text()  # the game's name
    bea = page()
    bea.goto(invite)
    bea.wait_for_selector("#conn-text:has-text('seated as Bea')")
    ann.wait_for_selector(".people li:has-text('Bea') >> text=here")
    # Giving up a seat asks first: said no to, Bea keeps her seat; said yes to, she leaves.
    asked: list[str] = []

    def answer(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    bea.once("dialog", answer)
    bea.locator("button", has_text="Give up my seat").click()
    bea.wait_for_timeout(300)
    assert asked and "Give up your seat" in asked[0]
    assert bea.url.endswith(invite.split("?")[0].split("/")[-1])
    assert bea.locator("#conn-text").inner_text() == "seated as Bea"
    bea.once("dialog", lambda d: d.accept())
    bea.locator("button", has_text="Give up my seat").click()
    bea.wait_for_url(server.base + "/")

    dora.reload()
    row = dora.locator("tr", has_text="Tuesday whist")
    row.wait_for()
    row.locator("button", has_text="Sit as Bea").click()
    dora.wait_for_url("**/t/*")
    dora.wait_for_selector("#conn-text:has-text('seated as Bea')")
    ann.wait_for_selector(".people li:has-text('Bea') >> text=here")
    dora.goto(server.base + "/")
    row = dora.locator("tr", has_text="Tuesday whist")
    row.wait_for()
    assert "in play" in row.inner_text() and "Sit as" not in row.inner_text()
    assert not errors, errors


ROLES_JS = """() => Object.fromEntries([...document.querySelectorAll('.plate')].map(
    (p) => [p.children[1].textContent, p.querySelector('.role').textContent]))"""


#: Clicks the first decision button whose words hold one of the given phrases (else the first
#: button) and returns its words, or null when none is shown: read and clicked at one moment.
#: Given ``[prefer, seen]``, it clicks only while the buttons are still the ``seen`` ones.
CLICK_CHOICE_JS = """(arg) => {
  const [prefer, seen] = Array.isArray(arg[0]) ? arg : [arg, null];
  const buttons = [...document.querySelectorAll('.decision button')];
  if (!buttons.length) return null;
  if (seen && JSON.stringify(buttons.map((x) => x.innerText)) !== JSON.stringify(seen)) return null;
  const b = prefer.map((p) => buttons.find((x) => x.innerText.includes(p))).find(Boolean)
    || buttons[0];
  b.click();
  return b.innerText;
}"""


def test_laws_mode_revoke_and_penalty_in_the_browser(
    server: ServerProcess, browser: Browser, tmp_path: Path
) -> None:
    """Laws mode, two people and a computer player: Ann revokes by clicking a card that is not
    a correct one; at the end of the hand Bea alone is offered the claim, then the penalties."""
    table = http_json(
        server.base + "/api/tables",
        {
            "variant": "mort",
            "players": [
                {"name": "Ann", "kind": "human"},
                {"name": "Bea", "kind": "human"},
                {"name": "Cal", "kind": "heuristic"},
            ],
            "seed": 8,
            "laws": True,
        },
    )
    urls = {i["name"]: server.base + i["url"] for i in table["invites"]}
    errors: list[str] = []
    pages: dict[str, Page] = {}
    for name in ("Ann", "Bea"):
        pg = browser.new_context(viewport={"width": 1280, "height": 820}).new_page()
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.add_init_script(QUICK_PACE)
        # The table is dealt from seed 8: each of them agrees to it on sitting down.
        pg.on("dialog", lambda d: d.accept() if "seed 8" in d.message else d.dismiss())
        pg.goto(urls[name])
        pg.wait_for_selector(f"#conn-text:has-text('seated as {name}')")
        pages[name] = pg
    ann, bea = pages["Ann"], pages["Bea"]
    revoked = False
    penalty_shot = None
    chosen = False  # Bea has clicked penalty A
    seen: list[tuple[str, list[str]]] = []
    alarms: list[str] = []  # errors shown to a person (a stale choice is a soft notice)
    for _ in range(3000):
        acted = False
        for name, pg in pages.items():
            alarms += pg.locator(".toast[role=alert]").all_inner_texts()
            labels = pg.locator(".decision button").all_inner_texts()
            if labels:
                seen.append((name, labels))
                if any("revoke" in x or "three" in x for x in labels):
                    assert name == "Bea", labels
                # The core's words for Mort's penalty A (M-6.2), the same as the terminal's.
                if any(x.startswith("A: three added on the score sheet") for x in labels):
                    penalty_shot = tmp_path / "penalty-choice.png"
                    save(pg, penalty_shot)
                # Bea claims the revoke when she may (not the waiver that may be listed first)
                # and chooses penalty A. The choice is clicked only if the buttons are still the
                # ones read: a computer partner's claim may replace them between a read and a
                # click (then they are read again).
                # Clicked only while the buttons are those read (and photographed).
                prefer = ["three added on the score", "claim the revoke"]
                clicked = pg.evaluate(CLICK_CHOICE_JS, [prefer, labels])
                chosen = chosen or (clicked or "").startswith("A: three added")
                acted = clicked is not None
                break
            roles = pg.evaluate(ROLES_JS)
            bea_elects = (roles.get("Ann") in ("R", "L") and roles.get("Bea") == "V") or (
                roles.get("Ann") == "V" and roles.get("Bea") == "R"
            )
            irregular = pg.locator(".hand.mine .card.any")
            if name == "Ann" and not revoked and bea_elects and irregular.count():
                irregular.first.click(position={"x": 12, "y": 12})
                revoked = acted = True
                break
            legal = pg.locator(".card.legal")
            if legal.count():
                legal.first.click(position={"x": 12, "y": 12})
                acted = True
                break
        if chosen:
            break
        if not acted:
            ann.wait_for_timeout(30)
    # The store is written behind the table: wait for the penalty to be stored.
    store = Store(server.db_url)
    try:
        for _ in range(100):
            rows = store.load_events(table["id"])
            kinds = [r.action["type"] for r in rows]
            if not chosen or "ChoosePenalty" in kinds:
                break
            ann.wait_for_timeout(100)
    finally:
        store.close()
    moves = [(r.actor, r.action, r.stand_in) for r in rows if r.action["type"] != "Play"]
    assert revoked, f"Ann never had a chance to revoke: {moves}"
    assert penalty_shot is not None and chosen, f"Bea never chose penalty A: {moves} {seen[-6:]}"
    bea.wait_for_selector(".log li:has-text('revoke')")
    assert "ClaimRevoke" in kinds and "ChoosePenalty" in kinds
    penalty = next(r for r in rows if r.action["type"] == "ChoosePenalty")
    assert penalty.actor == "Bea" and penalty.action["option"] == "A"
    assert not errors, errors
    assert not alarms, alarms  # never the engine's refusal of a choice that had gone


def test_a_decision_the_table_moved_past_cannot_be_clicked(
    server: ServerProcess, browser: Browser
) -> None:
    """A decision's buttons belong to the state they were offered in: once the table has moved
    on (here Ann's own call; at a laws table a computer partner's claim), a click on one of the
    old buttons sends nothing, and no error is shown."""
    table = http_json(
        server.base + "/api/tables",
        {
            "variant": "boston",
            "players": [{"name": "Ann", "kind": "human"}]
            + [{"name": f"Bot{i}", "kind": "heuristic"} for i in range(1, 4)],
        },
    )
    pg = browser.new_context(viewport={"width": 1280, "height": 820}).new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    sent: list[str] = []
    pg.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(str(f))))
    pg.add_init_script(QUICK_PACE)
    pg.goto(server.base + table["invites"][0]["url"])
    pg.wait_for_selector(".decision button", timeout=30_000)
    pg.evaluate(
        """() => { const b = [...document.querySelectorAll('.decision button')];
        window.staleButtons = b; b[0].click(); }"""
    )
    # the call is made: the next state's buttons (or none) have replaced the old ones
    pg.wait_for_function("() => !window.staleButtons[0].isConnected")
    pg.wait_for_timeout(300)
    actions = sum('"type": "action"' in f or '"type":"action"' in f for f in sent)
    pg.evaluate("() => window.staleButtons[window.staleButtons.length - 1].click()")
    pg.wait_for_timeout(700)
    assert sum('"type": "action"' in f or '"type":"action"' in f for f in sent) == actions
    assert pg.locator(".toast").count() == 0, pg.locator(".toast").all_inner_texts()
    assert not errors, errors
    pg.context.close()
