"""Fixtures the browser tests share: one real Chromium a test module, and a real ``vivant
serve`` of a test's own on a fresh SQLite store, its computer players without pause, and a
desktop page at the quick pace. A module that needs another server (a store kept for the
module, a pace) declares its own ``server``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from server_helpers import QUICK_PACE, ServerProcess, chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    s = ServerProcess(f"sqlite:///{tmp_path / 'table.db'}", bot_delay=0.0).start()
    yield s
    s.stop()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    pg = browser.new_page(viewport={"width": 1280, "height": 820})
    pg.add_init_script(QUICK_PACE)
    yield pg
    pg.close()
