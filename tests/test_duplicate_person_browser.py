"""A person plays Single-table (Mnemonic) Duplicate Whist in a real headless Chromium (issue 16,
point 6): in the lobby she picks Duplicate Whist and its declared settings (one board, the
Mnemonic form, hearts trumps for the session: SD-2, SD-5), plays the board, then its replay
turned. The felt shows the board's number and which play it is; after each play the summary
gives the core's comparison (SD-6), and its figures are those of
:func:`~vivant.duplicate.scoring.fixed_pairs_mnemonic` over the record's plays. A bad setting is
refused at the boundary with a precise message."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, Page

from server_helpers import QUICK_PACE, ServerProcess, http_json
from test_browser_axe import serious_violations
from vivant.duplicate import progress
from vivant.duplicate.movements import MOVEMENT_WORDS
from vivant.duplicate.scoring import fixed_pairs_mnemonic

pytestmark = pytest.mark.timeout(120)

#: The hand summary stays until Continue is clicked, so its words can be read.
SLOW_SUMMARY = "localStorage.setItem('vivant.pace', JSON.stringify({trick: 0, summary: 600000}));"


def test_a_person_plays_a_mnemonic_duplicate_board_twice_in_the_browser(
    server: ServerProcess,
    page: Page,
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(SLOW_SUMMARY)
    page.goto(server.base + "/")
    page.fill("#me", "Ann")
    page.select_option("#variant", "duplicate")
    page.fill("#setting-trays", "1")
    page.check("#setting-mnemonic")
    page.select_option("#setting-declared_trump", "H")
    page.click("#create")
    page.wait_for_url("**/t/*")
    table_id = page.url.rstrip("/").split("/")[-1]
    page.wait_for_selector("#conn-text:has-text('seated as Ann')")

    headings: set[str] = set()
    summaries: list[str] = []
    for _ in range(200):
        page.wait_for_selector(".card.legal, #summary-close, #score-sheet", timeout=30_000)
        for h in page.locator("h2").all_text_contents():
            if h.startswith("Board"):
                headings.add(h)
        if page.locator("#summary-close").count():
            summaries.append(page.locator("#summary-words").text_content() or "")
            page.click("#summary-close")
            page.wait_for_selector("#summary-close", state="detached")
            continue
        if page.locator("#score-sheet").count():
            break
        page.locator(".card.legal").first.click(position={"x": 12, "y": 12})
    else:
        raise AssertionError("the match did not end")
    assert not errors, errors
    assert headings == {"Board 1, play 1 of 2", "Board 1 (turned), play 2 of 2"}
    assert len(summaries) == 2
    # the end of the sitting: the core's words of how the match ended (SD-6)
    final_words = page.locator("#score-sheet").inner_text()

    record = http_json(f"{server.base}/api/tables/{table_id}/replay")["record"]
    first, replay = (p for p in record["plays"] if not p.get("abandoned"))
    assert (first["turned"], replay["turned"]) == (False, True)
    north, east, south, west = record["players"]
    ns, ew = f"{north} & {south}", f"{east} & {west}"
    assert (
        f"Board 1, first play: N–S ({ns}) {first['won']['NS']}, E–W ({ew}) {first['won']['EW']}"
    ) in summaries[0]
    result = fixed_pairs_mnemonic([first["won"]["EW"]], [replay["won"]["NS"]], ew, ns)
    d = replay["won"]["NS"] - first["won"]["EW"]
    assert (
        f"Board 1, comparison: with the same cards {ns} took {replay['won']['NS']} on the "
        f"replay, {ew} {first['won']['EW']} on the first play: "
        + (f"{d:+d} to {ns}." if d else "level.")
    ) in summaries[1]
    end = f"The match is over: {progress.result_words(result, final=True)}"
    assert end in summaries[1] and end in final_words
    assert record["comparison"]["winner"] == result.winner


def test_a_setting_the_game_does_not_take_is_refused(server: ServerProcess) -> None:
    body = {"variant": "duplicate", "players": [{"name": n, "kind": "heuristic"} for n in "ABCD"]}
    for options, code, message in [
        ({"trays": 0}, "bad_options", "trays is a whole number from 1 to 12, not 0"),
        ({"boards": []}, "bad_options", "Duplicate Whist has no setting 'boards'"),
        ({"declared_trump": "X"}, "bad_options", "declared_trump is one of"),
        ({"mnemonic": True}, "bad_table", "declare one suit trumps"),
    ]:
        answer = http_json(f"{server.base}/api/tables", {**body, "options": options})
        assert answer["error"] == code and message in answer["message"], (options, answer)


def test_two_people_play_a_two_table_event_in_the_browser(
    server: ServerProcess,
    browser: Browser,
    page: Page,
) -> None:
    """The lobby offers the event (its movement, tables, boards, a partner); Ann and her
    partner Bob, two people, play each round's table of a two-table event (the two-team
    movement, MT-1, kept to one round of two boards for time; the terminal's test plays a
    Howell) while the server plays the other table. The event page's words — each board's
    comparison, the tray's travel, the running totals, the final ranking — are exactly the
    core's over the plays recorded, and name no card; axe-core finds no serious WCAG 2.2 AA
    violation on it, before the round and at the end."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.wait_for_selector("#new-event select#event-movement")
    assert page.locator("#event-movement option").all_text_contents() == list(
        MOVEMENT_WORDS.values()
    )
    refused = http_json(
        f"{server.base}/api/events", {"name": "Ann", "movement": "howell", "tables": 9}
    )
    assert (
        refused["error"] == "bad_event"
        and "tables is a whole number from 2 to 4" in (refused["message"])
    )
    seed = 11
    made = http_json(
        f"{server.base}/api/events",
        {
            "name": "Ann",
            "partner": "Bob",
            "movement": "teams",
            "tables": 2,
            "trays": 2,
            "seed": seed,
        },
    )
    event_url = server.base + made["url"]
    bob = browser.new_context(viewport={"width": 1280, "height": 820}).new_page()
    bob.on("pageerror", lambda e: errors.append(str(e)))
    bob.add_init_script(QUICK_PACE)
    rounds = 0
    for _ in range(5):
        if page.url != event_url:  # after the first round the table's own link brought her back
            page.goto(event_url)
        page.wait_for_selector("#lines div")
        if page.locator("#lines :text('The event is over')").count():
            break
        page.wait_for_selector("#play:visible")
        if not rounds:  # the event page /e/{id}, read as well as it is seen
            assert serious_violations(page) == [], "the event page"
        rounds += 1
        assert page.locator("#play").text_content() == f"Play round {rounds}"
        link = page.locator(".seat-link")
        assert link.text_content() == f"Play round {rounds} as Bob"
        bob.goto(server.base + (link.get_attribute("href") or ""))
        page.click("#play")
        for who, pg in (("Ann", page), ("Bob", bob)):
            pg.wait_for_selector(f"#conn-text:has-text('seated as {who}')")
        for _ in range(2000):
            over = 0
            for pg in (page, bob):
                if pg.locator("#score-sheet").count():
                    over += 1
                    continue
                legal = pg.locator(".card.legal")
                if legal.count():
                    # the board's number on the felt
                    board = pg.locator("h2", has_text=re.compile(r"^Board \d+, play \d of 2$"))
                    assert board.count() == 1
                    legal.first.click(position={"x": 12, "y": 12})
            if over == 2:
                break
            page.wait_for_timeout(40)
        else:
            raise AssertionError("the round did not end")
        # The round's table links back to the event's page, in the top bar and at the end.
        assert page.locator(".topbar [data-event='link']").get_attribute("href") == made["url"]
        page.click("[data-event='back']")
        page.wait_for_url(event_url)
    else:
        raise AssertionError("the event did not end")
    assert rounds == 1 and not errors, errors
    shown = page.locator("#lines div").all_text_contents()
    assert serious_violations(page) == [], "the event page at the end"

    # The same event in the core: the other table by the same computer players, the person's
    # plays as the store recorded them.
    state = http_json(f"{server.base}/api/events/{made['id']}")
    event = progress.PairEvent("teams", 2, seed=seed, trays_per_set=2)
    assert state["heading"] == event.heading("Ann", "Bob")
    expected: list[str] = []
    tables = {t["round"]: t["table"] for t in state["tables"]}
    for rnd in range(1, 2):
        event.play_other_tables(rnd)
        expected.append(event.round_words(rnd))
        record = http_json(f"{server.base}/api/tables/{tables[rnd]}/replay")["record"]
        for play in (p for p in record["plays"] if not p.get("abandoned")):
            expected += event.board_over(rnd, play)
    expected += event.final_words()
    assert shown == [line.strip() for line in expected]
    # the event's page names no card: its words are results and places, never a hand
    assert not re.search(r"\b[SHDC][AKQJT2-9]\b", json.dumps(state))
    assert any(line.startswith("Board 1 goes to table 2") for line in shown)


def test_an_event_refuses_what_it_cannot_set_up(server: ServerProcess) -> None:
    base: dict[str, object] = {"name": "Ann", "movement": "howell", "tables": 2, "trays": 2}
    cases: list[tuple[dict[str, object], str, str]] = [
        ({"movement": "snow"}, "bad_event", "not documented"),
        ({"movement": "mitchell"}, "bad_event", "3 to 30 tables, not 2"),
        ({"trays": 5}, "bad_event", "trays is a whole number from 1 to 4, not 5"),
        ({"partner": "Ann"}, "bad_name", "a name other than yours"),
        ({"seed": True}, "bad_event", "seed must be a whole number"),
        ({"name": ""}, "bad_name", "1 to 32 letters"),
    ]
    for change, code, message in cases:
        answer = http_json(f"{server.base}/api/events", {**base, **change})
        assert answer["error"] == code and message in answer["message"], (change, answer)
    missing = http_json(f"{server.base}/api/events/{'0' * 32}")
    assert missing["error"] == "no_event"


def test_the_event_page_waits_out_a_killed_server_and_goes_on(
    server: ServerProcess, page: Page
) -> None:
    """The event page of a person whose server is SIGKILLed says it is trying again (it does not
    stop asking), and once a server is back on the same store it shows the event as it was: the
    same round, the same link to the table (the event is in the store: nothing is lost)."""
    made = http_json(
        f"{server.base}/api/events",
        {"name": "Ann", "movement": "howell", "tables": 2, "trays": 2, "seed": 5},
    )
    page.goto(server.base + made["url"])
    page.wait_for_selector("#play:visible")
    said = page.locator("#round").text_content()
    link = page.locator("#play").get_attribute("href")
    assert said == "Round 1 of 3.", said
    server.kill()
    page.wait_for_selector("#round:has-text('trying again')", timeout=15_000)
    assert page.locator("#play").get_attribute("href") == link  # what was shown stays
    server.start()  # the same port and store
    page.wait_for_selector(f"#round:text-is('{said}')", timeout=30_000)
    assert page.locator("#play").get_attribute("href") == link
