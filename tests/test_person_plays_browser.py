"""All Fours and Boston in a real headless Chromium against ``vivant serve`` (issue 17): a person
picks the game (and, where the game allows, the number of players) in the lobby and plays a
whole game against computer players — All Fours to 7 points (AF-4.6), Boston's sitting of one
round of four deals (BO-7.1, D-BO18) — clicking the legal cards and answering every decision
(standing or begging, giving or running, discarding; bidding), until the score sheet; a
bystander meanwhile sees no concealed card, and the score sheet states the core's settlement."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, FloatRect, Page

from server_helpers import ServerProcess, http_json

pytestmark = pytest.mark.timeout(240)


def a_bystander_sees_no_concealed_card(chrome: Browser, url: str) -> None:
    """A page without a seat's token shows face up only the trick, the last trick, the turn-up
    and any hand exposed by the rules (a spread, BO-5.3); no hand of its own."""
    context = chrome.new_context()
    try:
        spy = context.new_page()
        spy.goto(url)
        spy.wait_for_selector("#conn-text:has-text('watching')")
        spy.wait_for_selector(".seat .card")
        assert spy.locator(".hand.mine").count() == 0
        face_up = spy.locator("img.card[data-card]")
        allowed = spy.locator(
            ".trick img.card, .turnup img.card, .last-trick img.card, .dummy img.card,"
            " .kept-card img.card"
        )
        assert face_up.count() == allowed.count()
    finally:
        context.close()


def play_from_the_lobby(
    srv: ServerProcess, chrome: Browser, pg: Page, game: str, players: int | None
) -> tuple[str, int, int]:
    """Ann creates a table of ``game`` in the lobby and plays it to the score sheet: the legal
    card, or a decision's first button — except her first decision of more than one choice,
    where she takes the second (a bid, begging). Returns the table, her cards and decisions."""
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(srv.base + "/")
    pg.fill("#me", "Ann")
    pg.select_option("#variant", game)
    if players is not None:
        pg.click(f"#seats button:has-text('{players}')")
        assert pg.locator(".seatrow").count() == players - 1
    pg.click("#create")
    pg.wait_for_url("**/t/*")
    table_id = pg.url.rstrip("/").split("/")[-1]
    pg.wait_for_selector("#conn-text:has-text('seated as Ann')")
    # The header names the game played, in the core's words (its GameInfo), no other game's.
    info = next(v for v in http_json(srv.base + "/api/variants")["variants"] if v["name"] == game)
    assert pg.locator("#tagline").inner_text() == info["title"]

    plays = decisions = 0
    chose_second = watched = False
    contracts: set[str] = set()
    for _ in range(3000):
        pg.wait_for_selector(".card.legal, .decision button, #score-sheet", timeout=30_000)
        if pg.locator("#score-sheet").count():
            break
        if pg.locator("#contract").count():  # what the hand is played for, while it is played
            contracts.add(pg.locator("#contract").inner_text())
        buttons = pg.locator(".decision button")
        if buttons.count():
            if not chose_second and buttons.count() > 1:
                chose_second = True
                buttons.nth(1).click()
            else:
                buttons.first.click()
            decisions += 1
            continue
        legal = pg.locator(".card.legal")
        if legal.count():
            if not watched and plays >= 3:
                watched = True
                a_bystander_sees_no_concealed_card(chrome, f"{srv.base}/t/{table_id}")
            legal.first.click(position={"x": 12, "y": 12})
            plays += 1
    else:
        raise AssertionError("the game did not reach the score sheet")
    assert pg.locator("#score-sheet").is_visible()
    assert watched
    # A short game may deal her no choice of two (All Fours for four: only the eldest hand
    # begs, only the dealer answers, and the game may end before she is either); the first one
    # offered, she took its second option (above).
    assert chose_second or game == "all-fours", "she was never offered a choice of two"
    assert not errors, errors
    assert http_json(f"{srv.base}/api/tables/{table_id}")["status"] == "over"
    if game == "boston":  # BO-4, BO-5: the contract and its bidder in the side panel
        said = re.compile(r"The contract\n(Misère partout|[NESW] \(\w+\) plays? .+ alone against)")
        assert contracts and all(said.match(c) for c in contracts), contracts
    else:
        assert not contracts, contracts
    return table_id, plays, decisions


def sheet_settlement(pg: Page) -> dict[str, int]:
    """The score sheet's last row, the settlement of the sitting, by player: a column per
    player under his name where games are settled one by one, else "Ann +1" lines."""
    stacked: list[str] = pg.eval_on_selector_all(
        "#score-sheet tr.total div", "ds => ds.map(d => d.textContent)"
    )
    if stacked:
        return {line.rsplit(" ", 1)[0]: int(line.rsplit(" ", 1)[1]) for line in stacked}
    cells: list[str] = pg.eval_on_selector_all(
        "#score-sheet tr.total td:not([colspan])", "cs => cs.map(c => c.textContent)"
    )
    heads: list[str] = pg.eval_on_selector_all(
        "#score-sheet thead th", "hs => hs.map(h => h.textContent)"
    )
    return dict(zip(heads[-len(cells) :], (int(c) for c in cells), strict=True))


@pytest.mark.parametrize("players", [2, 4])
def test_a_person_plays_all_fours_in_the_browser(
    server: ServerProcess,
    browser: Browser,
    page: Page,
    players: int,
) -> None:
    table_id, plays, decisions = play_from_the_lobby(server, browser, page, "all-fours", players)
    # Two players: she is the eldest hand every other deal, and the eldest stands or begs. Four:
    # the game may be over (seven points) before she is the eldest once (a fresh clone's table
    # ended after three deals, 18 of her cards, with none asked of her).
    assert plays >= 6 and (decisions >= 1 or players == 4)
    replay = http_json(f"{server.base}/api/tables/{table_id}/replay")
    (game,) = replay["record"]["games"]
    assert max(game["points"].values()) == 7
    settlement = replay["record"]["settlement"]
    assert sum(settlement.values()) == 0 and sheet_settlement(page) == settlement


def test_a_person_plays_a_sitting_of_boston_in_the_browser(
    server: ServerProcess,
    browser: Browser,
    page: Page,
) -> None:
    """Boston's four players are fixed (the lobby offers no other number); Ann bids at her
    first turn to call (the second button: the first is to pass) and plays the four deals."""
    table_id, plays, decisions = play_from_the_lobby(server, browser, page, "boston", None)
    assert plays >= 13 and decisions >= 4  # a call at least in each deal's auction
    replay = http_json(f"{server.base}/api/tables/{table_id}/replay")
    record = replay["record"]
    (game,) = record["games"]
    played = [h for h in game["hands"] if not h.get("abandoned")]
    assert len(played) == 4
    assert all(sum(h["payments"].values()) == 0 for h in played)  # counters pass, none made
    # Her calls: the second button once (a bid), the first (the default) otherwise.
    ann = next(seat for seat, name in game["roles"].items() if name == "Ann")
    assert len({c["call"] for h in played for c in h["calls"] if c["seat"] == ann}) >= 2
    settlement = record["settlement"]
    assert sum(settlement.values()) == 0 and sheet_settlement(page) == settlement


@pytest.mark.parametrize(("width", "height"), [(1366, 900), (1024, 700), (390, 844)])
def test_boston_calls_leave_the_hand_they_are_made_on_in_view(
    server: ServerProcess, page: Page, width: int, height: int
) -> None:
    """Boston's auction offers up to fourteen calls. Listed one under another over the felt
    they covered the caller's own hand (a person found he could not see his cards to bid):
    the calls now stand in two columns, or scroll within half a phone's screen, and the hand
    lies wholly on the felt, beneath them and clear of them, at a desktop, a narrow desktop
    (1024 pixels, where thirteen cards had run past the felt's edges) and a phone."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server.base + "/")
    page.fill("#me", "Ann")
    page.select_option("#variant", "boston")
    page.click("#create")
    page.wait_for_selector(".decision.many button", timeout=30_000)
    assert page.locator(".decision.many button").count() >= 7
    box = page.locator(".decision").bounding_box()
    felt = page.locator(".felt").bounding_box()
    cards = page.locator(".hand.mine .card")
    assert box is not None and felt is not None and cards.count() == 13
    for i in range(13):
        card = cards.nth(i).bounding_box()
        assert card is not None
        assert card["y"] >= box["y"] + box["height"], (i, card, box)  # beneath the calls
        assert felt["x"] <= card["x"] and card["x"] + card["width"] <= felt["x"] + felt["width"]
    if width > 760:  # the whole hand shows on the screen with the calls
        last = cards.nth(12).bounding_box()
        assert last is not None and last["y"] + last["height"] <= height


def _overlap(a: FloatRect, b: FloatRect) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


@pytest.mark.parametrize(("width", "height"), [(1366, 900), (1024, 700)])
def test_the_trick_keeps_clear_of_morts_hand_and_the_plates(
    server: ServerProcess, page: Page, width: int, height: int
) -> None:
    """At 1024 pixels the trick lay over Mort's hand (face up at the side) and over Vivant's
    plate, and at 1366 a side seat's long plate ("computer · heuristic", "dealer") could reach
    into it: the trick's place now clears every exposed hand and every plate, and the person's
    thirteen cards lie on the felt."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server.base + "/")
    page.fill("#me", "Ann")
    page.select_option("#variant", "mort")
    page.click("#create")
    while not page.locator(".dummy .card").count():  # the choices before play, by default
        page.wait_for_selector(".dummy .card, .decision button", timeout=30_000)
        if page.locator(".decision button").count():
            page.locator(".decision button").first.click()
    page.wait_for_selector(".trick", state="attached", timeout=30_000)
    the_trick_is_clear(page)


def the_trick_is_clear(page: Page) -> None:
    """The trick's place overlaps no exposed hand and no plate; the person's cards lie on the
    felt."""
    trick = page.locator(".trick").bounding_box()
    felt = page.locator(".felt").bounding_box()
    assert trick is not None and felt is not None
    others = page.locator(".dummy, .seat .plate")
    assert others.count() >= 4  # Mort's hand and the three players' plates (Mort's too)
    for i in range(others.count()):
        box = others.nth(i).bounding_box()
        assert box is not None and not _overlap(trick, box), (i, trick, box)
    cards = page.locator(".hand.mine .card")
    for i in range(cards.count()):
        card = cards.nth(i).bounding_box()
        assert card is not None
        assert felt["x"] <= card["x"] and card["x"] + card["width"] <= felt["x"] + felt["width"]
