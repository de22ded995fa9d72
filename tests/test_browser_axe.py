"""Accessibility of the browser table (issue 15): axe-core, run inside real Chromium (Debian's,
driven by Playwright), finds no serious or critical violation of WCAG 2.2 A/AA on the lobby, on a
table of every game mid-hand (at each number of players it takes), on the hand summary shown
when a hand is scored (its figures the core's), and on the replay
of a finished sitting of every game.

axe-core comes from the pinned PyPI package ``axe-playwright-python`` (a test dependency in
pyproject.toml), which ships ``axe.min.js``; the script is injected into the page and run there.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from server_helpers import ServerProcess, http_json
from test_browser_keyboard import PLAYERS, TABLES, keep
from vivant.variants import VARIANTS

pytestmark = pytest.mark.timeout(300)

#: Every game of the registry (the server seats each), with the players a table of it gets.
GAMES = PLAYERS
#: The rules axe checks: WCAG 2.0, 2.1 and 2.2 at levels A and AA.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
#: The table's pauses (the settings a person may change): a finished trick stays 100 ms, the
#: hand summary until it is dismissed (the test looks at it first).
QUICK = "localStorage.setItem('vivant.pace', JSON.stringify({trick: 100, summary: 600000}));"


@cache
def axe_script() -> str:
    import axe_playwright_python

    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()


def serious_violations(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now, one line each."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_script())
    result: dict[str, Any] = page.evaluate(
        "(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags},"
        " resultTypes: ['violations']})",
        WCAG_TAGS,
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + "; ".join(f"{' '.join(n['target'])}: {n['failureSummary']}" for n in v["nodes"][:4])
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("axe") / "axe.db"
    s = ServerProcess(f"sqlite:///{db}", bot_delay=0.0, args=("--new-tables", "0")).start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def finished(server: ServerProcess) -> dict[str, str]:
    """A sitting of every game played by computer players alone (they finish in seconds at
    this server's pace while the other tests run): game -> table id."""
    out = {}
    for game, n in GAMES.items():
        players = [{"name": f"Bot{i}", "kind": "heuristic"} for i in range(n)]
        out[game] = http_json(server.base + "/api/tables", {"variant": game, "players": players})[
            "id"
        ]
    return out


def seat_at(server: ServerProcess, game: str, count: int) -> str:
    players = [{"name": "Ann", "kind": "human"}]
    players += [{"name": f"Bot{i}", "kind": "heuristic"} for i in range(1, count)]
    table = http_json(server.base + "/api/tables", {"variant": game, "players": players})
    return str(server.base + table["invites"][0]["url"])


def test_the_lobby(server: ServerProcess, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    try:
        page.goto(server.base + "/")
        page.wait_for_selector("#variant option", state="attached")
        assert serious_violations(page) == []
    finally:
        page.close()


#: Something Ann may act on: a choice, a card of hers, or the hand summary's button.
ACT = ".decision button, #felt [data-card][tabindex], #summary:not([hidden]) button"


@pytest.mark.parametrize(("game", "count"), TABLES)
def test_a_table_mid_hand_and_its_hand_summary(
    server: ServerProcess, browser: Browser, game: str, count: int, tmp_path: Path
) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.add_init_script(QUICK)
    try:
        page.goto(seat_at(server, game, count))
        page.wait_for_selector("#conn-text:has-text('seated')")
        plays = 0
        checked_mid_hand = False
        for _ in range(400):
            page.wait_for_selector(ACT, timeout=30_000)
            if page.locator("#summary:not([hidden])").count():
                if checked_mid_hand:
                    break
                # Four at Mort: one player sits out each game (M-2.6); she plays in the next.
                page.locator("#summary:not([hidden]) button").first.click()
                page.wait_for_selector("#summary", state="hidden")
                continue
            if plays >= 4 and not checked_mid_hand:
                assert serious_violations(page) == [], "mid-hand"
                checked_mid_hand = True
            target = page.locator(ACT).first
            label = target.get_attribute("aria-label") or ""
            try:  # the focus and Enter: a card half covered by the next one is played too
                target.focus(timeout=5_000)
                page.keyboard.press("Enter")
            except Exception:  # the table moved on between the look and the key
                continue
            plays += label.startswith("Play")
        assert checked_mid_hand
        assert page.locator("#summary:not([hidden])").count() == 1
        assert serious_violations(page) == [], "hand summary"
        summary_states_the_cores_figures(server, page)
        if count == GAMES[game]:
            keep(page, f"summary-{game}-1366.png", tmp_path)
    finally:
        page.close()


def summary_states_the_cores_figures(server: ServerProcess, page: Page) -> None:
    """The hand summary on the page states every figure of the core's own summary of that hand
    (:meth:`vivant.describe.Narrator.hand_summary` of the sitting replayed from the store up to
    the hand's ``hand_scored``): for each of tricks, honours, points and score, the same numbers
    in the same order, the tricks first."""
    from vivant.conventions import Sitting
    from vivant.describe import Narrator
    from vivant.server.store import Store

    table_id = page.url.rstrip("/").split("/")[-1].split("?")[0]
    store = Store(server.db_url)
    try:
        row = store.get_table(table_id)
        stored = store.load_events(table_id)
    finally:
        store.close()
    assert row is not None
    # The hand whose summary is shown: the first (the test stops there), unless a key pressed as
    # it appeared closed it, or Ann sat out the first game (Mort for four): the tricks shown say
    # which.
    scored = [i for i, r in enumerate(stored) if any(e["kind"] == "hand_scored" for e in r.events)]
    summaries = []
    for upto in scored:
        sitting = Sitting.replay(row.config, [r.action for r in stored[: upto + 1]])
        found = Narrator(sitting.table, "Ann").hand_summary()
        assert found is not None
        summaries.append(found)
    rows = page.evaluate(
        """() => [...document.querySelectorAll('#summary tr')].map(
            (r) => [r.querySelector('th').textContent, r.querySelector('td').textContent])"""
    )
    shown = dict(rows)
    assert rows[0][0] == "Tricks", rows
    tricks = [int(part.rsplit(" ", 1)[1]) for part in shown["Tricks"].split(", ")]
    summary = next(
        (x for x in reversed(summaries) if list(x.tricks.values()) == tricks), summaries[0]
    )
    figures = {
        "Tricks": summary.tricks,
        "Honours": summary.honours or {},
        "Points": summary.points,
        "Score": summary.score,
    }
    for label, value in figures.items():
        if not value:
            assert label not in shown, (label, shown)
            continue
        # "Ann 9, Bot1 4": each side's figure is the last word of its part
        numbers = [int(part.rsplit(" ", 1)[1]) for part in shown[label].split(", ")]
        assert numbers == list(value.values()), (label, shown[label], value)
    assert [text for label, text in rows if label == "Penalty"] == [
        p.words for p in summary.penalties
    ]
    # each point the core awards (All Fours' High, Low, Jack and Game), with who took it
    awarded = [(label, text) for label, text in rows if label in {a.point for a in summary.awards}]
    assert [label for label, _ in awarded] == [a.point for a in summary.awards]
    for (_, text), a in zip(awarded, summary.awards, strict=True):
        assert text.endswith(a.words) and (a.to is None) == (text == a.words), (text, a)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_replay(
    server: ServerProcess, browser: Browser, finished: dict[str, str], game: str
) -> None:
    table_id = finished[game]
    deadline = time.monotonic() + 120
    while http_json(f"{server.base}/api/tables/{table_id}")["status"] != "over":
        assert time.monotonic() < deadline, f"the sitting of {game} did not finish"
        time.sleep(0.5)
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    try:
        page.goto(f"{server.base}/replay/{table_id}")
        page.wait_for_selector("#felt .card")
        assert serious_violations(page) == []
    finally:
        page.close()


#: The games whose sitting ends on its own score sheet (Duplicate Whist's trays are an event's,
#: played with ``vivant duplicate play``: GameInfo.command); a session of trays ends on its result.
SITTINGS = sorted(g for g in GAMES if VARIANTS[g].info.command == "play")


def core_result(server: ServerProcess, table_id: str) -> list[str]:
    """The core's result of a finished table (:meth:`vivant.describe.Narrator.result_lines`),
    from the sitting replayed from the store."""
    from vivant.conventions import Sitting
    from vivant.describe import Narrator
    from vivant.server.store import Store

    store = Store(server.db_url)
    try:
        row = store.get_table(table_id)
        stored = store.load_events(table_id)
    finally:
        store.close()
    assert row is not None
    sitting = Sitting.replay(row.config, [r.action for r in stored])
    return Narrator(sitting.table).result_lines()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_score_sheet_of_a_finished_sitting_at_phone_size(
    server: ServerProcess, browser: Browser, finished: dict[str, str], game: str
) -> None:
    """At 390×844 the score sheet at the end of a sitting is wholly on the screen, wherever the
    page is scrolled, with its columns within its width, and axe finds no serious violation in
    it. A session of trays (Duplicate Whist)
    ends on its result in the core's words: each tray's tricks and the totals (DU-4)."""
    table_id = finished[game]
    deadline = time.monotonic() + 120
    while http_json(f"{server.base}/api/tables/{table_id}")["status"] != "over":
        assert time.monotonic() < deadline, f"the sitting of {game} did not finish"
        time.sleep(0.5)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(f"{server.base}/t/{table_id}")
        page.wait_for_selector("#score-sheet")
        page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")  # scrolled away
        box = page.evaluate(
            """() => { const c = document.getElementById('score-sheet');
            const r = c.getBoundingClientRect();
            return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                    scroll: c.scrollWidth, width: c.clientWidth}; }"""
        )
        assert box["top"] >= 0 and box["bottom"] <= 844, box
        assert box["left"] >= 0 and box["right"] <= 390, box
        assert box["scroll"] <= box["width"] + 1, box  # no column hidden to the right
        # the score sheet, or a session of trays' result card, read as well as it is seen
        assert serious_violations(page) == [], "score sheet"
        if game not in SITTINGS:
            result = core_result(server, table_id)
            assert len(result) >= 3 and result[-1].startswith("Tricks in all")
            shown = page.eval_on_selector_all(
                "#score-sheet .sub, #score-sheet li", "xs => xs.map(x => x.textContent)"
            )
            assert shown == result
    finally:
        page.close()
