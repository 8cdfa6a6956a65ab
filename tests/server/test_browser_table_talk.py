"""Browser tests of what is said and asked at the table: the whole auction explained by
the callers' partners (20F1), a slip taken back with the opponents' consent or the
director's ruling, and the suits a 26B lead restriction may name sent as data.

Positions are reached through the HTTP action API; each page is Debian's headless
Chromium (Playwright), in English and Russian, at 390 and 1366 px (screenshots in
test-artifacts/screens/, every page checked for horizontal overflow).
"""

from __future__ import annotations

import pytest
from browser_table import Board
from server_helpers import WAIT_MS
from test_browser_director_tools import pages_everywhere

pytestmark = pytest.mark.browser


# ---------------------------------------------------------------- the whole auction (20F1)
@pytest.mark.law("20F1")
def test_the_whole_auction_is_explained_by_each_callers_partner_not_by_the_callers_notes(board: Board) -> None:
    board.act("N", seat="N", call="1S", meaning="N-MEMO five spades")
    board.act("E", seat="E", call="P")
    board.act("S", seat="S", call="2S", meaning="S-MEMO a raise")
    west = board.page("W")
    west.click('[data-ask="explain_all"]')  # at his turn West asks about the whole auction
    west.wait_for_selector('#answers [data-explanation="waiting"]', timeout=WAIT_MS)
    assert "MEMO" not in west.content()  # neither caller's note reaches him
    assert "MEMO" not in str(board.state("W"))  # nor his page's data
    north, south = board.page("N"), board.page("S")
    # each opponent is asked about his partner's calls, never shown the partner's note
    north.wait_for_selector('#explain-prompts [data-prompt-call="2"]', timeout=WAIT_MS)
    south.wait_for_selector('#explain-prompts [data-prompt-call="0"]', timeout=WAIT_MS)
    assert north.locator('#explain-prompts [data-prompt-call="0"]').count() == 0
    assert "S-MEMO" not in north.content() and "N-MEMO" not in south.content()
    assert board.page("E").locator("#explain-prompts [data-prompt]").count() == 0  # the asker's partner is not asked
    pages_everywhere(board, "N", "explain-auction-prompt")
    north.fill('#explain-prompts [data-for$="-2"]', "Constructive raise, 8-10")
    north.click('#explain-prompts [data-call-index-answer="2"]')
    south.fill('#explain-prompts [data-for$="-0"]', "Five or more spades, 11-20")
    south.click('#explain-prompts [data-call-index-answer="0"]')
    # both partners have answered once no call of the answer waits (one answer alone already
    # shows twice: in its own line and in the auction's answer); no eval under the page's policy
    west.wait_for_selector('#answers [data-ask-answer="explain_all"] [data-explanation="waiting"]', state="detached", timeout=WAIT_MS)
    answer = west.inner_text('#answers [data-ask-answer="explain_all"]')
    assert "Constructive raise, 8-10" in answer and "Five or more spades, 11-20" in answer
    assert west.locator('#answers [data-ask-answer="explain_all"] [data-explanation="waiting"]').count() == 0
    north.wait_for_selector('#explain-prompts [data-prompt-call="2"]', state="detached", timeout=WAIT_MS)
    heard = [r["ask"] for r in board.state()["view"]["requests"]]
    assert heard == ["explain_all", "give_explanation", "give_explanation"]
    pages_everywhere(board, "W", "explain-auction-answer")


# ---------------------------------------------------------------- taking back a slip
def test_a_slip_is_taken_back_when_both_opponents_consent_in_the_browser(board: Board) -> None:
    board.act("N", seat="N", call="1S")
    board.act("E", seat="E", call="7N")  # a mis-click
    east = board.page("E")
    east.click("#undo-ask-btn")
    south, north = board.page("S", locale="ru-RU"), board.page("N")
    south.wait_for_selector("#undo-banner:not([hidden]) [data-undo-answer-btn]", timeout=WAIT_MS)
    assert "Восток просит вернуть" in south.inner_text("#undo-banner")
    assert east.locator("#undo-banner [data-undo-answer-btn]").count() == 0  # he does not answer his own request
    assert board.page("W").locator("#undo-banner [data-undo-answer-btn]").count() == 0  # nor does his partner
    pages_everywhere(board, "S", "undo-request")
    south.click('#undo-banner [data-undo-answer-btn="true"]')
    north.wait_for_selector('#undo-banner [data-undo-seat="S"][data-undo-answer="true"]', timeout=WAIT_MS)
    assert [c["call"] for c in board.state()["view"]["calls"]] == ["1S", "7N"]  # one consent is not enough
    north.click('#undo-banner [data-undo-answer-btn="true"]')
    east.wait_for_selector("#undo-banner", state="hidden", timeout=WAIT_MS)
    assert [c["call"] for c in board.state()["view"]["calls"]] == ["1S"]


def test_a_refused_take_back_is_ruled_by_the_director_from_the_banner(board: Board) -> None:
    board.act("N", seat="N", call="1S")
    board.api.post(f"/api/links/{board.tokens['N']}/actions", json={"type": "undo_request"})
    east = board.page("E")
    east.click('#undo-banner [data-undo-answer-btn="false"]')
    east.wait_for_selector("#undo-refused", timeout=WAIT_MS)
    director = board.page("director")
    director.wait_for_selector("#undo-refused", timeout=WAIT_MS)
    pages_everywhere(board, "director", "undo-refused")
    director.click('#undo-banner [data-undo-answer-btn="true"]')
    east.wait_for_selector("#undo-banner", state="hidden", timeout=WAIT_MS)
    assert board.state()["view"]["calls"] == []


# ---------------------------------------------------------------- 26B: the suits as data
@pytest.mark.law("26B")
def test_the_lead_restriction_offers_the_suits_the_server_lists_not_parsed_from_its_label(board: Board) -> None:
    # West bids 2C out of rotation, later bids 3C in the legal auction: clubs cannot be forbidden
    for role, action in (("N", {"call": "1S"}), ("W", {"call": "2C"}), ("N", {"choose": "decline"}), ("E", {"call": "P"}),
                         ("S", {"call": "P"}), ("W", {"call": "3C"})):
        board.act(role, seat=role, **action)
    board.act("director", seat="director", decide={"comparable": False})
    for seat, call in (("N", "P"), ("E", "P"), ("S", "3S"), ("W", "P"), ("N", "P"), ("E", "P")):
        board.act(seat, seat=seat, call=call)
    ruling = next(r for r in board.state("N")["view"]["rulings"] if r["kind"] == "lead_restriction")
    forbid = next(o for o in ruling["options"] if o["id"] == "forbid_suit")
    assert forbid["suits"] == ["S", "H", "D"]
    north = board.page("N", locale="ru-RU")
    buttons = north.locator('[data-choose="forbid_suit"]')
    assert [buttons.nth(i).get_attribute("data-suit") for i in range(buttons.count())] == ["S", "H", "D"]
    pages_everywhere(board, "N", "lead-restriction-suits")
    north.click('[data-choose="forbid_suit"][data-suit="H"]')
    board.synced(north)
    assert board.state()["view"]["restrictions"][0]["suit"] == "H"


# ---------------------------------------------------------------- the event log in words
def test_the_directors_event_log_reads_in_russian_without_engine_field_names(board: Board) -> None:
    board.act("N", seat="N", call="1S", alert=True)
    board.act("E", seat="E", call="1C")  # insufficient: a ruling and a choice
    board.act("S", seat="S", choose="decline")
    board.act("E", seat="E", ask="review")
    board.api.post(f"/api/links/{board.tokens['E']}/actions", json={"type": "undo_request"})
    board.api.post(f"/api/links/{board.tokens['director']}/actions", json={"type": "undo_answer", "agree": False})
    director = board.page("director", locale="ru-RU")
    log = director.inner_text("#event-log")
    for engine in ("call=", "seat", "choose", "undo_request", "undo_answer", "ask=", "{"):
        assert engine not in log, engine
    assert "Север" in log and "Юг" in log and "Обзор торговли" in log
    pages_everywhere(board, "director", "event-log-words")
