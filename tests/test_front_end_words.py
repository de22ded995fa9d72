"""The front ends show the core's words (issue 14 acceptance): Duplicate Whist's revoke penalty
moves two tricks (D-DU2), and the terminal and the browser both say so — the words come from
``vivant.describe``, never from a front end's own table (which said "three tricks")."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from server_helpers import ServerProcess, chromium, http_json
from vivant.actions import ClaimRevoke
from vivant.cards import NORTH, SOUTH
from vivant.cli.play import HUMAN, Session, make_console
from vivant.duplicate.table import DuplicateTable
from vivant.table import CLAIMS, PENALTY, PLAY

from helpers import play

pytestmark = pytest.mark.timeout(240)

# Tray 1: North deals, East leads; West holds no spade but S2... (as in test_duplicate_laws).
POWER = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
PLAYERS = (HUMAN, "Bob", "Cat", "Dan")  # N E S W


def revoked_tray() -> DuplicateTable:
    """A tray whose West revoked in trick 1 and whose North–South claimed it: North chooses the
    penalty (D-DU2: the only one, two tricks)."""
    board = {"tray": 1, "dealer": "N", "trump": "D", "turn_up": None, "deal": POWER}
    t = DuplicateTable(PLAYERS, laws=True, boards=[board], program=[[1, False]])
    play(t, "ST", "S3", "H2", "SA")  # W renounces holding S2: a revoke
    while t.phase == PLAY:
        seat = t.to_act()
        assert seat is not None
        t.apply(t.legal_actions(seat)[0])
    assert t.phase == CLAIMS
    t.apply(ClaimRevoke(SOUTH, 1))
    assert t.phase == PENALTY and t.to_act() == NORTH
    return t


def lines(answers: list[str]) -> Iterator[str | None]:
    yield from answers
    while True:
        yield None


def test_terminal_says_duplicates_revoke_moves_two_tricks() -> None:
    out = io.StringIO()
    typed = lines([""])  # the default: the only penalty
    session = Session(
        console=make_console(out),
        read=lambda: next(typed),
        echo=True,
        n_players=4,
        seat=None,
        seed=1,
        laws=True,
        opponents="heuristic",
        table=revoked_tray(),
    )
    assert session.play() == 0
    screen = out.getvalue()
    assert "Penalty for the revoke in trick 1:" in screen
    assert "1. T: two tricks taken from the revoking side  (default)" in screen
    assert "penalty T, two tricks taken from the revoking side" in screen
    assert "three tricks" not in screen


def test_browser_says_duplicates_revoke_moves_two_tricks(tmp_path: Path) -> None:
    """A real Chromium at a laws-mode Duplicate Whist table: Ann revokes by clicking a card
    that is not a correct one; the computer adversaries claim it and take the penalty, and the
    log and the hand summary the browser shows are the core's words: two tricks."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'words.db'}", bot_delay=0.0).start()
    try:
        bots = [{"name": n, "kind": "heuristic"} for n in ("Bob", "Cat", "Dan")]
        table = http_json(
            server.base + "/api/tables",
            {
                "variant": "duplicate",
                "players": [{"name": "Ann", "kind": "human"}, *bots],
                "seed": 5,
                "laws": True,
            },
        )
        with chromium() as browser:
            pg = browser.new_page(viewport={"width": 1280, "height": 820})
            pg.on("dialog", lambda d: d.accept())
            pg.goto(server.base + table["invites"][0]["url"])
            pg.wait_for_selector("#conn-text:has-text('seated as Ann')")
            revokes = 0
            log = pg.locator(".log")
            for _ in range(1500):
                if "two tricks" in log.inner_text() or pg.locator("#score-sheet").count():
                    break
                buttons = pg.locator(".decision button")
                irregular = pg.locator(".hand.mine .card.any")
                legal = pg.locator(".card.legal")
                if buttons.count():
                    buttons.first.click()
                elif irregular.count() and revokes < 3:
                    irregular.first.click(position={"x": 12, "y": 12})
                    revokes += 1
                elif legal.count():
                    legal.first.click(position={"x": 12, "y": 12})
                else:
                    pg.wait_for_timeout(30)
            text = log.inner_text()
        assert revokes, "Ann never had a chance to revoke"
        assert "penalty T, two tricks taken from the revoking side" in text, text[-2000:]
        assert "three tricks" not in text
    finally:
        server.stop()


def test_lobby_offers_exactly_each_games_declared_player_counts(tmp_path: Path) -> None:
    """The lobby's game list and its player-count buttons are the registry's metadata: every
    game by its title, and for each exactly its declared counts (Mort 3 or 4, All Fours 2 to 4),
    the default chosen (pressed); a game of one number says it, with no button to press."""
    from vivant.variants import VARIANTS

    server = ServerProcess(f"sqlite:///{tmp_path / 'lobby.db'}", bot_delay=0.0).start()
    try:
        with chromium() as browser:
            pg = browser.new_page(viewport={"width": 1280, "height": 820})
            pg.goto(server.base + "/")
            pg.wait_for_selector("#variant option", state="attached")
            titles = pg.locator("#variant option").all_inner_texts()
            assert sorted(titles) == sorted(cls.info.title for cls in VARIANTS.values())
            for name, cls in VARIANTS.items():
                pg.select_option("#variant", name)
                counts = pg.locator("#seats .hint button").all_inner_texts()
                declared = [str(n) for n in cls.info.player_counts]
                assert counts == (declared if len(declared) > 1 else []), name
                said = pg.locator("#seats .hint").inner_text()
                assert said.startswith(f"Players: {cls.info.default_players}"), name
                pressed = pg.locator("#seats .hint button[aria-pressed=true]").all_inner_texts()
                assert pressed == ([str(cls.info.default_players)] if counts else []), name
                rows = pg.locator("#seats .seatrow").count()
                assert rows == cls.info.default_players - 1, name
    finally:
        server.stop()
