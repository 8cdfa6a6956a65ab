"""Browser tests of what a player sees and can do at the table in moments the other browser
tests do not reach: a card led out of turn in the middle of the play (Law 56) lies on the
felt, a ten reads "10" where the cards overlap, an answer shows without scrolling, a noted
hesitation names whose it was and is confirmed, the review of the auction reads a call a
line and says cancelled calls are left out, the table log and the event log count alike,
and nothing is taken while the server is away.

Debian's headless Chromium (Playwright) against the real server, as in the other browser
tests (screenshots in test-artifacts/screens/).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_table import ERRORS, LAPTOP, PHONE, Board, shot
from server_helpers import WAIT_MS, ServerProcess

pytestmark = pytest.mark.browser


def four_spades_and_first_trick(b: Board) -> None:
    """4S by North; East leads HA, South (dummy) H6, West H2, North HT: East wins."""
    b.auction_4s_by_north()
    for seat, card, by in (("E", "HA", None), ("S", "H6", "N"), ("W", "H2", None), ("N", "HT", None)):
        b.act(by or seat, seat=seat, play=card, **({"by": by} if by else {}))


@pytest.mark.law("56")
def test_a_defenders_lead_out_of_turn_during_the_play_lies_on_the_felt(board: Board) -> None:
    four_spades_and_first_trick(board)
    board.act("W", seat="W", play="CA")  # East won trick one: West leads out of turn
    north = board.page("N")  # declarer, who must choose, sees the card where it lies
    assert north.locator('#centre [data-out-of-turn="W"] .card[title="CA"]').count() == 1
    assert north.get_attribute('.hand[data-seat="W"]', "data-cards") == "11"
    shot(north, "play-lead-out-of-turn-1366-en")


def test_a_ten_reads_10_in_the_overlapping_fans(board: Board) -> None:
    for size in (LAPTOP, PHONE):
        director = board.page("director", size)  # all four hands, the fans overlapped most
        tens = director.locator('.hand .card[title$="T"] .rank')
        assert tens.count() == 4
        for i in range(tens.count()):
            rank = tens.nth(i)
            assert rank.inner_text() == "10"
            # the text's own box (not its element's) against the card lying over it
            clipped = rank.evaluate("""(el) => { const card = el.closest('.card'); const next = card.nextElementSibling;
                const range = document.createRange(); range.selectNodeContents(el); const r = range.getBoundingClientRect();
                const over = next && next.classList.contains('card') ? next.getBoundingClientRect() : null;
                const covered = over && over.top < r.bottom && over.bottom > r.top ? over.left : Infinity;
                return [r.left, r.right, covered]; }""")
            assert clipped[1] <= clipped[2] + 0.5, (size, i, clipped)


def test_the_answer_to_a_request_shows_without_scrolling(board: Board) -> None:
    board.act("N", seat="N", call="1S")
    east = board.page("E")
    east.click('[data-ask="review"]')
    answer = east.locator('#answers [data-ask-answer="review"]')
    answer.wait_for(timeout=WAIT_MS)
    box = answer.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + 20 <= LAPTOP["height"], box


def test_a_noted_hesitation_names_whose_it_was_and_is_confirmed(board: Board) -> None:
    board.act("N", seat="N", call="1S")
    south = board.page("S", locale="ru-RU")
    south.select_option("#tempo-seat", "N")  # South notes his partner's... or anyone's pause
    south.click("#tempo-btn")
    south.wait_for_selector("#toast:not(.bad):not([hidden])", timeout=WAIT_MS)
    assert "Север" in south.inner_text("#toast")
    tempo = board.state()["view"]["tempo"]
    assert [t["seat"] for t in tempo] == ["N"], tempo


@pytest.mark.law("20B")
def test_the_review_reads_one_call_a_line_and_the_logs_count_alike(board: Board) -> None:
    board.act("N", seat="N", call="1S")
    board.act("E", seat="E", call="1C")  # insufficient: cancelled once replaced
    board.act("S", seat="S", choose="decline")
    board.act("E", seat="E", call="2C")
    board.act("S", seat="S", call="P")
    west = board.page("W")
    west.click('[data-ask="review"]')
    lines = west.locator('#answers [data-ask-answer="review"] .ans-call')
    lines.first.wait_for(timeout=WAIT_MS)
    tops = [lines.nth(i).bounding_box()["y"] for i in range(lines.count())]  # type: ignore[index]
    assert lines.count() == 3 and tops == sorted(tops) and len(set(tops)) == 3  # a call a line
    assert west.locator('#answers [data-ask-answer="review"] .muted').count() >= 1  # cancelled calls left out, said so
    director = board.page("director")
    logged = director.inner_text("#table-log")
    first = logged.split(":")[0].strip()
    seqs = director.locator("#event-log .event .seq").all_inner_texts()
    assert first.isdigit() and first in seqs, (logged, seqs)  # the table log numbers the events as the event log does


def test_nothing_is_taken_while_the_server_is_away(browser: Any, tmp_path: Path) -> None:
    s = ServerProcess(str(tmp_path / "bridgelaw.db"), tmp_path).start()
    b = Board(browser, s)
    try:
        north = b.page("N")
        s.stop()
        north.wait_for_selector("#layout.offline", timeout=WAIT_MS)
        # the page lies under a veil while offline; a click that still reaches a button is refused
        north.locator('#bidding-box [data-call="1S"]').dispatch_event("click")
        north.wait_for_selector("#toast.bad:not([hidden])", timeout=WAIT_MS)
        shot(north, "offline-1366-en")
        s.start()
        north.wait_for_selector("#layout:not(.offline)", timeout=30_000)
        assert b.state()["view"]["calls"] == []  # the click was not queued to go later
        ERRORS[:] = [e for e in ERRORS if "ERR_CONNECTION_REFUSED" not in e]  # the server was away on purpose
    finally:
        b.close()
        s.stop()
