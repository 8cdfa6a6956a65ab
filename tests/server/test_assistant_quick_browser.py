"""The frequent calls ruled from the assistant's first screen on a 390 px phone, in Russian,
each in at most eight taps: «Открыть», the call, and only what the Law needs (seats, calls
and cards from the page's own keys). Every tap is counted; a screenshot of each ruling goes
to test-artifacts/."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import ARTIFACTS, WAIT_MS, ServerProcess

pytestmark = pytest.mark.browser

MOST_TAPS = 8


class Taps:
    """The director's taps on the page, counted."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.n = 0

    def tap(self, selector: str) -> None:
        self.page.click(selector)
        self.n += 1

    def seat(self, s: str) -> None:
        self.tap(f'#seats button[data-seat="{s}"]')

    def bid(self, call: str) -> None:
        self.tap(f"#levels button >> nth={int(call[0]) - 1}")
        self.tap(f'#strains button[data-strain="{call[1]}"]')

    def card(self, card: str) -> None:
        self.tap(f'#suits button[data-suit="{card[0]}"]')
        self.tap(f'#ranks button[data-rank="{card[1]}"]')


# (path, the taps after choosing it, what the ruling says, the law it cites)
CALLS: dict[str, tuple[Any, str, str]] = {
    "insufficient": (lambda d: (d.seat("E"), d.bid("1H"), d.bid("1C")), "едостаточн", "27"),
    "bid_out_of_rotation": (lambda d: (d.seat("S"), d.seat("N"), d.bid("1C")), "вне очереди", "29"),
    "pass_out_of_rotation": (lambda d: (d.seat("S"), d.seat("N")), "вне очереди", "29"),
    "lead_out_of_turn": (lambda d: (d.bid("4S"), d.seat("N"), d.seat("W"), d.card("HK")), "вне очереди", "54"),
    "exposed_in_auction": (lambda d: (d.seat("E"), d.card("SQ")), "во время торговли", "24"),
}


@pytest.mark.parametrize("path", list(CALLS))
def test_a_frequent_call_is_ruled_in_at_most_eight_taps(browser: Any, server: ServerProcess, path: str) -> None:
    steps, words, law = CALLS[path]
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server.url + "/assistant")
        d = Taps(page)
        d.tap("#start-btn")
        page.wait_for_selector("#incident:not([hidden])", timeout=WAIT_MS)
        d.tap(f'#quick button[data-quick="{path}"]')
        steps(d)
        page.locator("#laws", has_text=law).wait_for(timeout=WAIT_MS)  # no string functions: the policy forbids eval
        assert words in page.inner_text("#aloud")
        assert d.n <= MOST_TAPS, (path, d.n)
        assert page.evaluate("document.documentElement.scrollWidth") == 390
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"assistant-quick-{path}-390.png"), full_page=True)
        assert not errors, errors
    finally:
        page.close()
