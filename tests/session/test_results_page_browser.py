"""The results page in Debian's headless Chromium at a phone's width (390 px) and a
laptop's (1366 px): the page itself never scrolls sideways (wide travellers scroll in
their own box), and the ranking, travellers and double-dummy tables are all there."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridgelaw.core.deal import Board, Deal
from bridgelaw.session.event import read_event
from bridgelaw.session.field import score_event
from bridgelaw.session.publish import results_page

pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("BRIDGELAW_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

EVENT = """[Event "Page check"]
[Scoring "MP"]
[Board "1"]
[ScoreTable "PairId_NS;PairId_EW;Names_NS;Names_EW;Contract;Declarer;Result"]
1 5 "Alexandra Longname-Smith - Bartholomew Otherlongname" "C D" 4S N 10
2 6 "E F" "G H" 4S N 9
3 7 "I J" "K L" 3NT S 9
4 8 "M N" "O P" 4SX N 11
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not (os.path.exists(CHROMIUM) and os.access(CHROMIUM, os.X_OK)) and not shutil.which(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing; CI must install Debian's chromium")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


@pytest.mark.parametrize("width", [390, 1366])
def test_results_page_fits_the_screen(browser: Any, width: int) -> None:
    res = score_event(read_event(EVENT))
    deal = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    html = results_page(res, {1: Board.standard(1, deal)}, title="Page check")
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.set_content(html)
    assert page.locator("#ranking tr").count() == 1 + len(res.ranking)
    assert page.locator("table.traveller tr").count() == 1 + 4
    assert page.locator("table.dd").count() == 1
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"session-results-{width}.png"), full_page=True)
    page.close()
