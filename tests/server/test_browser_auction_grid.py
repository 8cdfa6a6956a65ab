"""The auction grid keeps a cancelled call struck through in the cell of its seat's turn,
where its replacement goes, and takes no place in the rotation: the next call goes in the
next cell and the «?» marks the seat to call (none while a choice is awaited). An
insufficient bid not accepted (27B) and a call out of rotation cancelled (29B), on a phone.
Screenshots go to test-artifacts/screens/.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_table import PHONE, SCREENS, Board

pytestmark = pytest.mark.browser

CELLS = """() => [...document.querySelectorAll('#auction tbody tr')].map((tr) => [...tr.children].map((td) => {
  const struck = [...td.querySelectorAll('s.cancelled')].map((s) => s.innerText.trim());
  const rest = td.cloneNode(true); rest.querySelectorAll('s.cancelled, .meaning').forEach((s) => s.remove());
  const text = rest.innerText.trim();
  return struck.length ? `${struck.map((s) => '~' + s + '~').join(' ')} ${text}`.trim() : text;
}))"""


def grid(board: Board, page: Any) -> list[list[str]]:
    board.synced(page)
    return list(page.evaluate(CELLS))


def auction_shot(page: Any, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.locator("#auction").screenshot(path=str(SCREENS / f"{name}.png"))


@pytest.mark.law("27B")
def test_an_insufficient_bid_not_accepted_stays_struck_in_its_cell_and_the_replacement_joins_it(board: Board) -> None:
    page = board.page("W", PHONE)
    board.act("N", seat="N", call="1S")
    board.act("E", seat="E", call="1H")
    assert grid(board, page) == [["", "1♠", "1♥", ""]]  # no «?» while South chooses
    board.act("S", seat="S", choose="decline")
    assert grid(board, page) == [["", "1♠", "~1♥~ ?", ""]]  # East replaces it in the same cell
    auction_shot(page, "auction-grid-insufficient-awaiting-replacement-390-en")
    board.act("E", seat="E", call="2H")
    assert grid(board, page) == [["", "1♠", "~1♥~ 2♥", "?"]]
    board.act("S", seat="S", call="P")
    assert grid(board, page) == [["", "1♠", "~1♥~ 2♥", "Pass"], ["?", "", "", ""]]
    auction_shot(page, "auction-grid-insufficient-replaced-390-en")


@pytest.mark.law("29B")
def test_a_call_out_of_rotation_cancelled_waits_in_its_seats_next_cell_and_the_rotation_goes_on(board: Board) -> None:
    page = board.page("S", PHONE, "ru-RU")
    board.act("N", seat="N", call="1S")
    board.act("W", seat="W", call="P")  # East was to call
    board.act("N", seat="N", choose="decline")
    # East calls next, in row 1; West's cancelled pass waits where West calls next, row 2
    assert grid(board, page) == [["", "1♠", "?", ""], ["~Пас~", "", "", ""]]
    auction_shot(page, "auction-grid-out-of-rotation-cancelled-390-ru")
    board.act("E", seat="E", call="P")
    board.act("S", seat="S", call="2S")
    assert grid(board, page) == [["", "1♠", "Пас", "2♠"], ["~Пас~ ?", "", "", ""]]
    board.act("W", seat="W", call="P")
    # the director is asked whether the pass is comparable (23): nobody calls meanwhile
    assert board.state()["view"]["awaiting"]["by"] == "director"
    assert grid(board, page) == [["", "1♠", "Пас", "2♠"], ["~Пас~ Пас", "", "", ""]]
    auction_shot(page, "auction-grid-out-of-rotation-replaced-390-ru")
