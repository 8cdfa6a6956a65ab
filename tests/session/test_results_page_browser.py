"""The results page in Debian's headless Chromium at a phone's width (390 px) and a
laptop's (1366 px), in Russian and English: the page itself never scrolls sideways (wide
travellers scroll in their own box), and the ranking, the hand diagram, travellers and
double-dummy tables are all there."""

from __future__ import annotations

from typing import Any

import pytest

from bridgelaw.core.deal import Board, Deal
from bridgelaw.session.event import read_event
from bridgelaw.session.field import score_event
from bridgelaw.session.publish import results_page
from browser_support import ARTIFACTS

pytestmark = pytest.mark.browser


EVENT = """[Event "Page check"]
[Scoring "MP"]
[Board "1"]
[ScoreTable "PairId_NS;PairId_EW;Names_NS;Names_EW;Contract;Declarer;Result"]
1 5 "Alexandra Longname-Smith - Bartholomew Otherlongname" "C D" 4S N 10
2 6 "E F" "G H" 4S N 9
3 7 "I J" "K L" 3NT S 9
4 8 "M N" "O P" 4SX N 11
"""


@pytest.mark.parametrize("width, lang", [(390, "ru"), (1366, "en"), (1366, "ru")])
def test_results_page_fits_the_screen(browser: Any, width: int, lang: str) -> None:
    res = score_event(read_event(EVENT))
    deal = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    html = results_page(res, {1: Board.standard(1, deal)}, title="Page check", lang=lang)
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.set_content(html)
    assert page.locator("#ranking tr").count() == 1 + len(res.ranking)
    assert page.locator("table.traveller tr").count() == 1 + 4
    assert page.locator("table.dd").count() == 1
    assert page.locator(".deal .hand").count() == 4
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"session-results-{width}-{lang}.png"), full_page=True)
    page.close()
