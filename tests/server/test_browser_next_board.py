"""The next board on the pages: a player's button says he is ready, every page shows who
is ready, and the fourth moves all pages on; on a board where a ruling or an adjustment
can still come the pages say the director moves the table on, and only his button does.
Screenshots go to test-artifacts/screens/.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from browser_table import LAPTOP, PHONE, SCREENS, Board
from server_helpers import WAIT_MS, ServerProcess

pytestmark = pytest.mark.browser

SEATS = ("N", "E", "S", "W")


def two_boards(browser: Any, server: ServerProcess) -> Board:
    b = Board(browser, server)
    b.api.close()
    b.api = httpx.Client(base_url=server.url, timeout=10)
    created = b.api.post("/api/tables", json={"boards": 2, "opening_lead": "face_up"}).json()
    b.tokens, b.links = created["tokens"], {k: server.url + v for k, v in created["links"].items()}
    return b


def shot(page: Any, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.locator("#next-board-status").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENS / f"{name}.png"))


def test_the_fourth_player_ready_moves_every_page_to_the_next_board(browser: Any, server: ServerProcess) -> None:
    b = two_boards(browser, server)
    try:
        for seat in SEATS:  # board 1, dealer North: passed out
            b.act(seat, seat=seat, call="P")
        pages = {seat: b.page(seat, PHONE, "ru-RU" if seat in "NS" else "en-GB") for seat in SEATS}
        for i, seat in enumerate(SEATS[:3]):
            pages[seat].click("#next-board")
            for other, page in pages.items():
                b.synced(page)
                assert page.locator("#board-info:has-text('(1/2)')").count() == 1
                status = page.inner_text("#next-board-status")
                assert f"{i + 1}" in status and ("4" in status), status
                assert (page.locator("#next-board").count() == 0) == (other in SEATS[: i + 1]), other
        assert "Вы готовы" in pages["N"].inner_text("#next-board-status")
        assert "all four" in pages["W"].inner_text("#next-board-status")
        shot(pages["W"], "next-board-three-ready-W-390-en")
        shot(pages["N"], "next-board-three-ready-N-390-ru")
        pages["W"].click("#next-board")
        for page in pages.values():
            page.wait_for_selector("#board-info:has-text('(2/2)')", timeout=WAIT_MS)
    finally:
        b.close()


def test_after_a_ruling_the_players_ready_wait_for_the_directors_leave(browser: Any, server: ServerProcess) -> None:
    b = two_boards(browser, server)
    try:
        b.act("E", seat="E", call="P")  # out of rotation (29A): North, the dealer, was to call
        chooser = b.state()["view"]["awaiting"]["by"]
        b.act(chooser, seat=chooser, choose="accept")
        while (v := b.state()["view"])["phase"] == "auction":
            b.act(v["turn"], seat=v["turn"], call="P")
        for seat in SEATS:
            b.api.post(f"/api/links/{b.tokens[seat]}/actions", json={"type": "next_board"}).raise_for_status()
        west = b.page("W", PHONE)
        director = b.page("director", LAPTOP, "ru-RU")
        assert west.locator("#next-board").count() == 0
        assert "director moves the table on" in west.inner_text("#next-board-status")
        assert "4 из 4" in director.inner_text("#next-board-status")
        assert "Запад: Готов к следующей сдаче" in director.inner_text("#event-log")  # each consent is logged
        assert b.state()["board_index"] == 0
        shot(west, "next-board-director-leave-W-390-en")
        shot(director, "next-board-director-leave-director-1366-ru")
        director.click("#next-board")
        for page in (west, director):
            page.wait_for_selector("#board-info:has-text('(2/2)')", timeout=WAIT_MS)
    finally:
        b.close()
