"""The browser table for every player (issue 15, first slice), in real Chromium (Debian's, driven by
Playwright): a deal of each game, at each number of players it takes, played by keyboard alone at
phone (390×844) and desktop (1366×900) size, a whole sitting of Mort by touch at phone size with
every card of the hand at least 44 px wide to tap (the phone asking for reduced motion, which the
page honours), two-hand games drawing each card at the seat that played it, and a screen-reader
announcement of every turn. Screenshots of each game mid-hand are written to the test's directory,
and to ``$VIVANT_SCREENSHOTS`` when that is set."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from server_helpers import QUICK_PACE, ServerProcess, close_last_summary, http_json
from vivant.variants import VARIANTS

pytestmark = pytest.mark.timeout(300)

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1366, "height": 900}
#: Every game of the registry, with the players a table of it gets here: its own default.
PLAYERS = {name: VARIANTS[name].info.default_players for name in sorted(VARIANTS)}
#: Every table the registry's games are played at: each game at each number of players it takes
#: (GameInfo.player_counts: Mort with three or four, All Fours with two, three or four).
TABLES = [
    pytest.param(name, n, id=name if n == PLAYERS[name] else f"{name}-{n}")
    for name in sorted(VARIANTS)
    for n in VARIANTS[name].info.player_counts
]
#: What this person may act on: a choice, a card to play, or the hand summary's button.
TARGETS = ".decision button, #felt [data-card][tabindex], #summary:not([hidden]) button"
#: Something this person may act on has the focus.
ACTIONABLE = (
    "() => { const a = document.activeElement;"
    f" return !!a && !!a.matches && a.matches('{TARGETS}'); }}"
)
#: The words of the element in focus.
FOCUSED_LABEL = (
    "() => { const a = document.activeElement;"
    " return a.getAttribute('aria-label') || a.textContent; }"
)
#: Something this person may act on is on the table.
HIS_TURN = f"() => !!document.querySelector('{TARGETS}')"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("keyboard") / "browser.db"
    s = ServerProcess(f"sqlite:///{db}", bot_delay=0.0, args=("--new-tables", "0")).start()
    yield s
    s.stop()


def seat_at(server: ServerProcess, game: str, count: int | None = None) -> str:
    """A new table of ``game`` with one person (Ann) and computer players, ``count`` players in
    all (the game's default without it); her seat's URL."""
    players = [{"name": "Ann", "kind": "human"}]
    players += [{"name": f"Bot{i}", "kind": "heuristic"} for i in range(1, count or PLAYERS[game])]
    table = http_json(server.base + "/api/tables", {"variant": game, "players": players})
    url: str = table["invites"][0]["url"]
    return server.base + url


def keep(page: Page, name: str, tmp_path: Path) -> None:
    path = tmp_path / name
    page.screenshot(path=str(path))
    if os.environ.get("VIVANT_SCREENSHOTS"):
        out = Path(os.environ["VIVANT_SCREENSHOTS"])
        out.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, out / name)


def hands_scored(page: Page) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.handsScored || 0)"))


def keyboard_move(page: Page, step: int) -> str:
    """One decision by keyboard alone: Tab until a card or a choice has the focus, a few arrow
    presses along the cards, then Enter. Returns what was acted on."""
    page.wait_for_function(HIS_TURN, timeout=30_000)
    for _ in range(60):
        if page.evaluate(ACTIONABLE):
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError("Tab never reached a card or a choice")
    for _ in range(step % 3):
        page.keyboard.press("ArrowRight")
    label = str(page.evaluate(FOCUSED_LABEL))
    page.keyboard.press("Enter")
    return label


#: The hands (the cards held then) in which a suit of six cards or fewer, which fits a phone's
#: row, lies in two rows: the hand wraps between suits.
SPLIT_SUITS = """() => {
  const cards = [...document.querySelectorAll('.hand.mine img.card[data-card]')];
  const rows = {};
  for (const c of cards) (rows[c.dataset.card[0]] ||= []).push(c.offsetTop);
  const held = cards.map((c) => c.dataset.card).join(' ');
  return Object.values(rows).some((tops) => tops.length <= 6 && new Set(tops).size > 1)
    ? [held] : [];
}"""


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize(("game", "count"), TABLES)
def test_a_deal_is_played_by_keyboard_alone(
    server: ServerProcess,
    browser: Browser,
    tmp_path: Path,
    game: str,
    count: int,
    size: ViewportSize,
) -> None:
    page = browser.new_page(viewport=size)
    page.add_init_script(QUICK_PACE)
    try:
        page.goto(seat_at(server, game, count))
        page.wait_for_selector("#conn-text:has-text('seated')")
        acted: list[str] = []
        shot = False
        for step in range(400):
            # Four at Mort: she may sit out the first hand; then she plays in the next.
            if hands_scored(page) and sum(a.startswith("Play") for a in acted) >= 5:
                break
            acted.append(keyboard_move(page, step))
            if (
                not shot
                and sum(a.startswith("Play") for a in acted) == 4
                and count == PLAYERS[game]
            ):
                page.wait_for_timeout(300)
                keep(page, f"keyboard-{game}-{size['width']}.png", tmp_path)
                shot = True
        assert hands_scored(page) >= 1, acted[-10:]
        assert sum(a.startswith("Play") for a in acted) >= 5
        # The live region told the player of his turns in words.
        assert page.locator("#announce").inner_text()
    finally:
        page.close()


def test_a_whole_sitting_of_mort_by_touch_at_phone_size(
    server: ServerProcess, browser: Browser, tmp_path: Path
) -> None:
    # A phone set to reduce motion (the page then moves no card: every tap lands at once).
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, reduced_motion="reduce"
    )
    page = context.new_page()
    page.add_init_script(QUICK_PACE)
    try:
        page.goto(seat_at(server, "mort"))
        page.wait_for_selector("#conn-text:has-text('seated')")
        moving = "el => getComputedStyle(el).transitionDuration"
        assert page.locator(".plate").first.evaluate(moving) == "0s"  # 0.3s when not asked
        narrowest = 999.0
        split: set[str] = set()
        for _ in range(3000):
            if page.locator("#score-sheet").count():
                break
            page.wait_for_function(HIS_TURN + " || !!document.querySelector('#score-sheet')")
            if page.locator("#score-sheet").count():
                break
            widths = page.evaluate(
                """() => { const cards = [...document.querySelectorAll('.hand.mine .card')];
                return cards.map((c, i) => { const r = c.getBoundingClientRect();
                  const n = cards[i + 1] && cards[i + 1].getBoundingClientRect();
                  return n && Math.abs(n.top - r.top) < 4 ? n.left - r.left : r.width; }); }"""
            )
            if widths:
                narrowest = min(narrowest, min(widths))
            split |= set(page.evaluate(SPLIT_SUITS))
            target = page.locator(TARGETS).first
            try:
                target.tap(timeout=5_000)
            except Exception:  # the state moved on between the look and the tap
                continue
            if hands_scored(page) == 1 and not (tmp_path / "touch-mort-hand-390.png").exists():
                keep(page, "touch-mort-hand-390.png", tmp_path)
        assert page.locator("#score-sheet").count() == 1
        close_last_summary(page, tap=True)
        keep(page, "touch-mort-score-sheet-390.png", tmp_path)
        assert narrowest >= 44, f"a card of the hand shows only {narrowest:.0f} px to tap"
        assert not split, f"a suit that fits a row was broken over two: {sorted(split)}"
    finally:
        context.close()


#: The two-hand games of the registry: two seats play, the others are dead hands or empty.
TWO_HAND = [
    name
    for name in sorted(VARIANTS)
    if [s.kind for s in VARIANTS[name].info.seats].count("player") == PLAYERS[name] == 2
    and "dummy" not in [s.kind for s in VARIANTS[name].info.seats]
]


@pytest.mark.parametrize("game", TWO_HAND)
def test_two_hand_games_draw_each_card_at_its_seat_and_the_winner_lit(
    server: ServerProcess, browser: Browser, game: str
) -> None:
    page = browser.new_page(viewport=DESKTOP)
    page.add_init_script(QUICK_PACE)
    try:
        page.goto(seat_at(server, game))
        page.wait_for_selector("#conn-text:has-text('seated')")
        seen = None
        for step in range(80):
            keyboard_move(page, step)
            # One look at the page: a finished trick's cards and which is lit as the winner.
            seen = page.evaluate(
                """() => { const cards = [...document.querySelectorAll('.trick.done .card')];
                return cards.length ? cards.map(c => c.className) : null; }"""
            )
            if seen:
                break
        assert seen is not None and len(seen) == 2, seen
        # Only the two live hands play, North and South: one card at the top, one at the bottom.
        assert sorted("pos-top" in c for c in seen) == [False, True]
        assert all("pos-left" not in c and "pos-right" not in c for c in seen)
        assert sum("winner" in c for c in seen) == 1
        # No plate for the empty seats of a two-hand game (a dead hand has one).
        seats = VARIANTS[game].info.seats
        assert page.locator(".plate").count() == sum(s.kind != "empty" for s in seats)
    finally:
        page.close()


def test_the_replay_by_card_trick_and_hand_with_the_keyboard_and_the_solvers_values(
    server: ServerProcess, browser: Browser
) -> None:
    """A finished sitting of Mort replayed: Home goes to the first deal, the arrows step a card
    (left, right) or a trick (up, down), Page Down a hand, End the end; every button has a name
    in words; beside the cards of the hand to play, the solver's value of each."""
    import time

    players = [{"name": f"Bot{i}", "kind": "heuristic"} for i in range(3)]
    table = http_json(server.base + "/api/tables", {"variant": "mort", "players": players})
    deadline = time.monotonic() + 120
    while http_json(f"{server.base}/api/tables/{table['id']}")["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.3)
    page = browser.new_page(viewport=DESKTOP)
    try:
        page.goto(f"{server.base}/replay/{table['id']}")
        page.wait_for_selector("#felt .card")
        names = page.eval_on_selector_all(
            ".replay-controls button", "bs => bs.map(b => b.getAttribute('aria-label'))"
        )
        assert all(names) and "First: the first deal" in names and len(names) == 9

        def where() -> int:
            return int(page.locator("#pos").inner_text().split(" / ")[0])

        page.keyboard.press("Home")
        start = where()
        assert page.locator("#caption").inner_text().startswith("Hand 1: New hand")
        page.keyboard.press("ArrowRight")
        assert where() == start + 1
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowDown")
        first_trick = where()
        assert first_trick - start >= 4  # four cards make a trick
        page.wait_for_selector(".slot .dd")  # the solver's values, beside the cards
        values = [int(x) for x in page.locator(".slot .dd").all_inner_texts()]
        assert values and all(0 <= v <= 12 for v in values)
        page.keyboard.press("ArrowDown")
        assert where() - first_trick >= 4
        page.keyboard.press("ArrowUp")
        assert where() == first_trick
        page.keyboard.press("PageDown")
        assert page.locator("#caption").inner_text().startswith("Hand 2: New hand")
        page.keyboard.press("End")
        total = int(page.locator("#pos").inner_text().split(" / ")[1])
        assert where() == total
    finally:
        page.close()


def test_a_hint_is_offered_once_turned_on_at_a_casual_table(
    server: ServerProcess, browser: Browser
) -> None:
    """Off by default; turned on in the table settings, H asks for the computer's card, said in
    words (the live region and the hint bar) and one of the cards Ann may play."""
    page = browser.new_page(viewport=DESKTOP)
    page.add_init_script(QUICK_PACE)
    try:
        page.goto(seat_at(server, "humbug"))
        page.wait_for_selector("#conn-text:has-text('seated')")
        for step in range(20):  # her decisions before the first card (a seat, an exchange)
            page.wait_for_function(HIS_TURN, timeout=30_000)
            if page.locator("#felt .hand.mine .card.legal").count():
                break
            keyboard_move(page, step)
        assert page.locator("#hint").count() == 0
        page.locator(".settings summary").click()
        page.locator("#hints-on").check()
        page.wait_for_selector("#hint")
        page.keyboard.press("H")
        bar = page.wait_for_selector(".hintbar [role=status]", timeout=30_000)
        assert bar is not None
        words = bar.inner_text()
        assert words.startswith("Hint: play ") and "undefined" not in words, words
        legal = page.eval_on_selector_all(
            ".hand.mine .card.legal", "cs => cs.map(c => c.getAttribute('alt'))"
        )
        assert words.split()[2].rstrip(",") in legal, (words, legal)
        assert "Hint" in page.locator("#announce").inner_text()
    finally:
        page.close()
