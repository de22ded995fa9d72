"""All Fours in a real headless Chromium against ``vivant serve``: a person picks the game and the
number of players in the lobby and plays a whole game against computer players, clicking the
legal cards and answering every decision (standing or begging, giving or running, discarding),
until the score sheet; a bystander meanwhile sees no concealed card."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from server_helpers import ServerProcess, http_json
from test_server_browser import browser, page, server  # noqa: F401  (pytest fixtures)

pytestmark = pytest.mark.timeout(240)


@pytest.mark.parametrize("players", [2, 4])
def test_a_person_plays_all_fours_in_the_browser(
    server: ServerProcess,  # noqa: F811
    browser: Browser,  # noqa: F811
    page: Page,  # noqa: F811
    players: int,
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.fill("#me", "Ann")
    page.select_option("#variant", "all-fours")
    page.click(f"#seats button:has-text('{players}')")
    assert page.locator(".seatrow").count() == players - 1
    page.click("#create")
    page.wait_for_url("**/t/*")
    table_id = page.url.rstrip("/").split("/")[-1]
    page.wait_for_selector("#conn-text:has-text('seated as Ann')")

    plays = decisions = 0
    watched = False
    for _ in range(3000):
        page.wait_for_selector(".card.legal, .decision button, #score-sheet", timeout=30_000)
        if page.locator("#score-sheet").count():
            break
        buttons = page.locator(".decision button")
        if buttons.count():
            buttons.first.click()
            decisions += 1
            continue
        legal = page.locator(".card.legal")
        if legal.count():
            if not watched and plays >= 3:
                watched = True
                context = browser.new_context()
                try:
                    spy = context.new_page()
                    spy.goto(f"{server.base}/t/{table_id}")
                    spy.wait_for_selector("#conn-text:has-text('watching')")
                    spy.wait_for_selector(".seat .card")
                    assert spy.locator(".hand.mine").count() == 0
                    face_up = spy.locator("img.card[data-card]")
                    allowed = spy.locator(".trick img.card, .turnup img.card, .last-trick img.card")
                    assert face_up.count() == allowed.count()
                finally:
                    context.close()
            legal.first.click(position={"x": 12, "y": 12})
            plays += 1
    else:
        raise AssertionError("the game did not reach the score sheet")

    assert page.locator("#score-sheet").is_visible()
    assert plays >= 6 and watched
    assert not errors, errors
    record = http_json(f"{server.base}/api/tables/{table_id}")
    assert record["status"] == "over"
    replay = http_json(f"{server.base}/api/tables/{table_id}/replay")
    (game,) = replay["record"]["games"]
    assert max(game["points"].values()) == 7
    assert sum(replay["record"]["settlement"].values()) == 0
