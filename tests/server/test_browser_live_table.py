"""Browser tests of the live table as players and directors expect it: what lies physically
on the table (cards led out of turn, a face-down lead, penalty cards, the final tricks and
the result), what the director needs to rule, the offender's options, claims, and a layout
without horizontal overflow from a 390 px phone to a 1366 px laptop, in English and Russian.

The positions are reached through the HTTP action API (the same messages as the page
sends), then each page is looked at in Debian's headless Chromium. Screenshots go to
test-artifacts/screens/.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from browser_table import ERRORS, LAPTOP, PBN, PHONE, Board, no_overflow, shot
from server_helpers import WAIT_MS, ServerProcess

pytestmark = pytest.mark.browser

# ---------------------------------------------------------------- what lies on the table
@pytest.mark.law("54")
def test_an_opening_lead_faced_out_of_turn_lies_on_the_felt_and_leaves_the_hand(board: Board) -> None:
    board.auction_4s_by_north()
    board.act("W", seat="W", play="CA")  # East is on lead
    south = board.page("S")
    assert south.locator('#centre [data-out-of-turn="W"] .card[title="CA"]').count() == 1
    assert south.get_attribute('.hand[data-seat="W"]', "data-cards") == "12"
    assert "12" in south.inner_text('.hand[data-seat="W"] .count')
    west = board.page("W")
    assert west.locator('.hand[data-seat="W"] .fan .card[title="CA"]').count() == 0
    shot(south, "lead-out-of-turn-1366-en")


@pytest.mark.law("41A")
def test_a_face_down_opening_lead_is_on_the_table_not_in_the_hand(browser: Any, server: ServerProcess) -> None:
    b = Board(browser, server, opening_lead="face_down")
    try:
        b.auction_4s_by_north()
        b.act("E", seat="E", play="HA", face_down=True)
        east = b.page("E")
        assert east.locator('.hand[data-seat="E"] .card[title="HA"]').count() == 0
        assert east.locator('.hand[data-seat="E"] .card').count() == 12
        assert east.locator("#centre .face-down .card").count() == 1
    finally:
        b.close()


@pytest.mark.law("50")
def test_a_penalty_card_lies_apart_and_hides_no_card_of_the_hand(board: Board) -> None:
    board.auction_4s_by_north()
    board.act("W", seat="W", play="CA")
    board.act("N", seat="N", choose="decline")  # the correct defender leads; CA is a penalty card
    west = board.page("W")
    assert west.locator('.hand[data-seat="W"] .penalty-row .card[title="CA"]').count() == 1
    assert west.locator('.hand[data-seat="W"] > .fan .card[title="CA"], .hand[data-seat="W"] .rows .card[title="CA"]').count() == 0
    shot(west, "penalty-card-1366-en")


@pytest.mark.law("50D2")
def test_the_penalty_card_suit_choice_offers_only_that_suit(board: Board) -> None:
    board.auction_4s_by_north()
    board.act("W", seat="W", play="CA")
    board.act("N", seat="N", choose="decline")
    s = board.state()
    suit_options = [o for r in s["view"]["rulings"] if r["status"] == "awaiting_choice" for o in r["options"] if o.get("param") == "suit"]
    if not suit_options:
        pytest.skip("no suit choice offered in this position")
    north = board.page("N")
    buttons = north.locator("#rulings button[data-suit]")
    assert buttons.count() > 0
    assert {buttons.nth(i).get_attribute("data-suit") for i in range(buttons.count())} == {"C"}


@pytest.mark.law("68B2")
def test_a_concession_is_worded_as_one_and_the_conceders_partner_may_object(board: Board) -> None:
    board.auction_4s_by_north()
    board.act("E", seat="E", play="HA")
    board.act("W", seat="W", concede=13)
    east = board.page("E")
    banner = east.inner_text("#claim-banner")
    assert "concedes 13" in banner and "claims" not in banner
    assert "Agree to the claim" not in east.inner_text("body")  # the opponents agree to a concession
    east.click('[data-claim-response="dispute"][data-by="E"]')
    board.synced(east)
    ruling = board.state()["view"]["rulings"][-1]
    assert any(law.startswith("68B2") for law in ruling["laws"])


@pytest.mark.law("68B2")
def test_the_conceders_partner_only_objects_and_dummy_may_only_doubt_declarers_claim(board: Board) -> None:
    """The old banner offered the conceder's partner «Согласиться с уступкой»; the partner
    only objects (68B2), and dummy, who agrees to nothing, may still doubt declarer's claim
    (68D2: any player, dummy included)."""
    board.auction_4s_by_north()
    board.act("E", seat="E", play="HA")
    board.act("W", seat="W", concede=13)
    east = board.page("E", locale="ru-RU")
    assert east.locator('#claim-banner [data-claim-response="agree"]').count() == 0
    assert "Сразу возразить" in east.inner_text("#claim-banner")
    board.act("E", seat="E", claim_response="dispute")  # the concession is void (68B2)
    board.act("N", seat="N", claim=10)
    south = board.page("S", locale="ru-RU")  # dummy
    assert south.locator('#claim-banner [data-claim-response="agree"]').count() == 0
    assert south.locator('#claim-banner [data-claim-response="dispute"]').count() == 1
    assert "сомневаюсь в заявлении партнёра" in south.inner_text("#claim-banner")
    west = board.page("W", locale="ru-RU")
    assert west.locator('#claim-banner [data-claim-response="agree"]').count() + west.locator("#rulings button").count() >= 1


@pytest.mark.law("68B1")
def test_both_defenders_may_dispute_a_claim_at_once(board: Board) -> None:
    board.auction_4s_by_north()
    board.act("E", seat="E", play="HA")
    board.act("N", seat="N", claim=10, statement="trumps then clubs")
    for seat in ("E", "W"):
        page = board.page(seat)
        assert page.locator(f'[data-by="{seat}"][data-choose="dispute"], [data-claim-response="dispute"][data-by="{seat}"]').count() == 1, seat


@pytest.mark.law("69A")
def test_the_tricks_and_the_result_are_final_and_in_bridge_notation(board: Board) -> None:
    board.auction_4s_by_north()
    board.act("E", seat="E", play="HA")
    board.act("N", seat="N", concede=13)  # tricks he cannot lose stay his (71): 4S down six
    board.act("E", seat="E", claim_response="agree")
    board.act("W", seat="W", claim_response="agree")
    s = board.state()
    made = s["view"]["result"]["declarer_tricks"]
    assert s["view"]["phase"] == "ended" and s["view"]["tricks_won"] == {"NS": 0, "EW": 0} and made < 10
    south = board.page("S")
    assert south.inner_text("#result .notation").split() == ["4♠", "N", f"\u2212{10 - made}"]
    assert south.inner_text("#tricks-won").split() == ["N-S", str(made), "·", "E-W", str(13 - made)]
    assert south.inner_text("#score-ns") == f"\u2212{-s['view']['result']['score_ns']}"
    shot(south, "result-1366-en")


@pytest.mark.law("64A1")
def test_the_tricks_after_an_agreed_claim_and_a_revoke_transfer_are_the_results(board: Board) -> None:
    board.auction_4s_by_north()
    for seat, card in (("E", "HA"), ("S", "H6"), ("W", "C8"), ("N", "H8"),  # West revokes: he holds hearts
                       ("E", "HK"), ("S", "H7"), ("W", "H2"), ("N", "H9")):  # and the revoke is established
        board.act("N" if seat == "S" else seat, seat=seat, play=card)
    board.act("N", seat="N", point_out="revoke", offender="W", trick=1)
    board.act("N", seat="N", claim=11)
    for seat in ("E", "W"):
        board.act(seat, seat=seat, claim_response="agree")
    s = board.state()
    made = s["view"]["result"]["declarer_tricks"]
    assert s["view"]["phase"] == "ended" and made > 11  # the transfer (64A1) counts with the claim
    south = board.page("S", locale="ru-RU")
    assert south.inner_text("#tricks-won").split() == ["С–Ю", str(made), "·", "В–З", str(13 - made)]


@pytest.mark.law("50")
def test_no_penalty_card_or_restriction_is_listed_once_the_board_is_over(board: Board) -> None:
    board.auction_4s_by_north()
    board.act("W", seat="W", play="CA")
    board.act("N", seat="N", choose="decline")
    board.act("N", seat="N", choose="no_restriction")
    board.act("N", seat="N", concede=13)
    for seat in ("E", "W"):
        board.act(seat, seat=seat, claim_response="agree")
    assert board.state()["view"]["phase"] == "ended"
    south = board.page("S")
    panel = south.inner_text("#contract-panel")
    assert "Penalty cards" not in panel and "Restrictions" not in panel


# ---------------------------------------------------------------- the director
@pytest.mark.law("27B1(b)")
def test_the_comparable_call_question_shows_the_withdrawn_calls_meaning(board: Board) -> None:
    board.act("N", seat="N", call="1S")
    board.act("E", seat="E", call="1H", meaning="five hearts, 11-15")
    board.act("S", seat="S", choose="decline")
    board.act("E", seat="E", call="X", meaning="takeout")
    director = board.page("director")
    context = director.inner_text("#queue .comparable-context")
    assert "five hearts, 11-15" in context and "takeout" in context
    shot(director, "director-comparable-1366-en")


@pytest.mark.law("27B")
def test_the_offender_is_told_his_options_before_replacing_an_insufficient_bid(board: Board) -> None:
    board.act("N", seat="N", call="1S")
    board.act("E", seat="E", call="1H")
    board.act("S", seat="S", choose="decline")
    east = board.page("E")
    options = east.inner_text("#rulings .ruling.open .summary")
    assert "2♥" in options and "27B1(a)" in options and "27B2" in options


@pytest.mark.law("27B")
def test_the_status_line_tells_the_offender_why_it_is_his_turn_again(board: Board) -> None:
    """The old status line said only «Ваша очередь» to the player who must replace his
    insufficient bid; it now says what he is putting right."""
    board.act("N", seat="N", call="1S")
    board.act("E", seat="E", call="1H")
    board.act("S", seat="S", choose="decline")
    east = board.page("E", PHONE, "ru-RU")
    assert "Ваша очередь" in east.inner_text("#status-line")
    assert "исправление: недостаточное назначение" in east.inner_text("#turn-why").lower()
    north = board.page("N", locale="en-GB")
    assert "to put right: insufficient bid" in north.inner_text("#turn-why").lower()


@pytest.mark.law("70")
def test_a_refused_director_decision_is_not_logged_as_made(board: Board) -> None:
    board.auction_4s_by_north()
    board.act("E", seat="E", play="HA")
    board.act("N", seat="N", claim=13)
    board.act("E", seat="E", claim_response="dispute")
    r = board.api.post(f"/api/links/{board.tokens['director']}/actions",
                       json={"type": "action", "action": {"seat": "director", "decide": {"tricks": 40}}})
    director = board.page("director")
    log = director.inner_text("#table-log")
    assert "40" not in log, (r.status_code, log)


@pytest.mark.law("70")
def test_a_tricks_answer_out_of_range_or_an_empty_form_is_told_in_words_before_it_is_sent(board: Board) -> None:
    """The old console sent 40 tricks and toasted a generic refusal; an empty form toasted a
    bare «Вопрос». Now the range the question declares is told in the page's language and
    nothing reaches the table."""
    board.auction_4s_by_north()
    board.act("E", seat="E", play="HA")
    board.act("N", seat="N", claim=13)
    board.act("E", seat="E", claim_response="dispute")
    seq = board.state()["seq"]
    director = board.page("director", locale="ru-RU")
    director.click("#queue [data-decide-form]")
    director.wait_for_selector("#toast.bad:not([hidden])", timeout=WAIT_MS)
    assert director.inner_text("#toast") == "Ответьте хотя бы на один вопрос."
    director.fill('#queue input[data-q="tricks"]', "40")
    director.click("#queue [data-decide-form]")
    director.wait_for_selector("#toast.bad:has-text('Укажите число взяток от 0 до 13.')", timeout=WAIT_MS)
    assert board.state()["seq"] == seq
    director.fill('#queue input[data-q="tricks"]', "10")
    director.click("#queue [data-decide-form]")
    director.wait_for_selector("#result", timeout=WAIT_MS)
    board.synced(director)
    assert board.state()["view"]["phase"] == "ended"


def test_an_empty_score_adjustment_is_refused_and_a_real_one_confirmed(board: Board) -> None:
    for seat in ("N", "E", "S", "W"):
        board.act(seat, seat=seat, call="P")
    director = board.page("director")
    director.click('#adjust-form button[type="submit"]')
    director.wait_for_selector("#toast.bad:not([hidden])", timeout=WAIT_MS)
    assert board.state()["adjustment"] is None
    director.fill("#adj-score", "120")
    director.click('#adjust-form button[type="submit"]')
    director.wait_for_selector("#toast:not(.bad):has-text('120')", timeout=WAIT_MS)
    assert board.state()["adjustment"]["score_ns"] == 120


def test_next_board_in_mid_auction_needs_a_second_click(browser: Any, server: ServerProcess) -> None:
    b = Board(browser, server)
    b.api.close()
    b.api = httpx.Client(base_url=server.url, timeout=10)
    created = b.api.post("/api/tables", json={"boards": 2, "opening_lead": "face_up"}).json()
    b.tokens, b.links = created["tokens"], {k: server.url + v for k, v in created["links"].items()}
    try:
        b.act("N", seat="N", call="P")
        director = b.page("director")
        director.click("#next-board")
        assert b.state()["board_index"] == 0
        assert "again" in director.inner_text("#next-board")
        director.click("#next-board")
        director.wait_for_selector("#board-info:has-text('(2/2)')", timeout=WAIT_MS)
    finally:
        b.close()


def test_the_law_reference_shows_the_law_not_engine_data(board: Board) -> None:
    director = board.page("director")
    director.click('#law-form button[type="submit"]')
    director.wait_for_selector("#law-out h4", timeout=WAIT_MS)
    text = director.inner_text("#law-out")
    assert "bridgelaw." not in text and "tests:" not in text and "partial" not in text
    assert director.get_attribute("#law-out a", "href") == "/laws/27"  # the whole law, in a tab of its own
    director.fill("#law-no", "penalty card")  # words list the laws that hold them
    director.click('#law-form button[type="submit"]')
    director.wait_for_selector('#law-out a[href="/laws/50"]', timeout=WAIT_MS)
    laws = director.context.new_page()
    laws.goto(board.links["director"].split("/table")[0] + "/static/laws.html")
    laws.wait_for_selector("#law-27", timeout=WAIT_MS)
    assert "bridgelaw." not in laws.inner_text("#laws")


# ---------------------------------------------------------------- players' controls
def test_dummy_has_no_claim_or_revoke_controls(board: Board) -> None:
    board.auction_4s_by_north()
    board.act("E", seat="E", play="HA")
    south = board.page("S")  # South is dummy
    assert not south.is_visible("#claim-btn") and not south.is_visible("#revoke-btn")
    assert board.page("N").is_visible("#claim-btn")


def test_online_an_irregular_call_cannot_be_made(browser: Any, server: ServerProcess) -> None:
    b = Board(browser, server, mode="online")
    try:
        b.act("N", seat="N", call="1S")
        east = b.page("E")
        assert east.is_disabled('#bidding-box [data-call="1H"]')
        assert not east.is_disabled('#bidding-box [data-call="2H"]')
    finally:
        b.close()


def test_a_claim_by_the_defence_says_claims_not_concedes(board: Board) -> None:
    board.auction_4s_by_north()
    board.act("E", seat="E", play="HA")
    board.act("N", seat="N", claim=10)
    assert "claims 10" in board.page("E").inner_text("#claim-banner")


# ---------------------------------------------------------------- every page, every screen
@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["390", "1366"])
@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"], ids=["en", "ru"])
def test_no_page_overflows_the_screen(board: Board, size: dict[str, int], locale: str) -> None:
    tag = f"{size['width']}-{locale[:2]}"
    lobby = board.browser.new_context(viewport=size, locale=locale)
    board.contexts.append(lobby)
    page = lobby.new_page()
    page.on("pageerror", lambda e: ERRORS.append(f"lobby: {e}"))
    page.goto(board.links["director"].split("/table")[0] + "/")
    page.wait_for_selector("#create-btn", timeout=WAIT_MS)
    no_overflow(page)
    shot(page, f"lobby-{tag}")
    page.goto(board.links["director"].split("/table")[0] + "/static/laws.html")
    page.wait_for_selector("#law-27", timeout=WAIT_MS)
    no_overflow(page)
    shot(page, f"laws-{tag}")
    for path, ready, name in (("/docs", '.api-op[data-op="post /api/tables"]', "docs"), ("/assistant", "#start-btn", "assistant")):
        page.goto(board.links["director"].split("/table")[0] + path)
        page.wait_for_selector(ready, timeout=WAIT_MS)
        no_overflow(page)
        shot(page, f"{name}-{tag}")
    board.act("N", seat="N", call="1S")
    board.act("E", seat="E", call="1H", meaning="a long explanation " * 12)
    for role in ("N", "E", "S", "W", "director"):
        p = board.page(role, size, locale)
        no_overflow(p)
        shot(p, f"auction-{role}-{tag}")
    board.act("S", seat="S", choose="accept")
    for seat, call in (("S", "4S"), ("W", "P"), ("N", "P"), ("E", "P")):
        board.act(seat, seat=seat, call=call)
    board.act("E", seat="E", play="HA")
    for role in ("S", "N", "director"):  # dummy, declarer playing dummy, the console
        p = board.page(role, size, locale)
        no_overflow(p)
        shot(p, f"play-{role}-{tag}")


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"], ids=["en", "ru"])
def test_the_narrowest_phone_shows_the_lobby_a_seat_and_the_console_without_overflow(board: Board, locale: str) -> None:
    narrow = {"width": 360, "height": 740}
    lobby = board.browser.new_context(viewport=narrow, locale=locale)
    board.contexts.append(lobby)
    page = lobby.new_page()
    page.goto(board.links["director"].split("/table")[0] + "/")
    page.wait_for_selector("#create-btn", timeout=WAIT_MS)
    no_overflow(page)
    board.auction_4s_by_north()
    board.act("E", seat="E", play="HA")
    for role in ("W", "S", "director"):
        p = board.page(role, narrow, locale)
        no_overflow(p)
        shot(p, f"play-{role}-360-{locale[:2]}")


# ---------------------------------------------------------------- explanations, director calls
@pytest.mark.law("20F1")
def test_a_call_without_recorded_meaning_is_not_answered_no_special_agreement(board: Board) -> None:
    board.act("N", seat="N", call="1S")
    board.act("E", seat="E", ask="explain", call_index=0)  # East asks at his turn to call
    east = board.page("E")
    answer = east.inner_text("#answers")
    assert "no special agreement" not in answer and east.locator('#answers [data-explanation="waiting"]').count() == 1


@pytest.mark.law("9B")
def test_without_the_director_coming_at_once_the_table_is_told_to_call_him(browser: Any, server: ServerProcess) -> None:
    b = Board(browser, server, auto_director=False)
    try:
        b.act("N", seat="N", call="1S")
        b.act("E", seat="E", call="1H")
        south = b.page("S")
        assert "must call the director" in south.inner_text("#status-line")
        assert "must call the director" in south.inner_text("#rulings")
        assert "Insufficient bid" in south.inner_text("#rulings")
    finally:
        b.close()


# ---------------------------------------------------------------- the lobby
RESULTS_PBN = "\n".join(
    f'[Event "club"]\n[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n[Contract "{c}"]\n[Result "9"]\n'
    for n, deal in ((1, PBN.split('[Deal "')[1].split('"')[0]), (2, PBN.split('[Deal "')[1].split('"')[0].replace("N:", "E:")))
    for c in ("4S", "3N", "2H")
)


def test_a_pbn_file_with_results_opens_each_deal_once_and_the_links_are_kept(browser: Any, server: ServerProcess) -> None:
    ctx = browser.new_context(viewport=LAPTOP, locale="en-GB")
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda e: ERRORS.append(f"lobby: {e}"))
        page.goto(server.url + "/")
        page.fill("#f-title", "Results file")
        page.check('input[name="source"][value="pbn"]')
        page.fill("#f-pbn", RESULTS_PBN)
        page.click("#create-btn")
        page.wait_for_selector('#links a[data-link="director"]', timeout=WAIT_MS)
        info = page.inner_text("#read-info")
        assert "2 boards" in info and "4 repeated games" in info
        director = page.get_attribute('#links a[data-link="director"]', "href") or ""
        token = director.split("t=")[1]
        assert httpx.get(f"{server.url}/api/links/{token}/state").json()["boards"] == 2
        page.reload()  # the lobby tab closed and opened again: the director's link is still there
        page.wait_for_selector('#my-tables a[data-role="director"]', timeout=WAIT_MS)
        assert page.get_attribute('#my-tables a[data-role="director"]', "href") == director
        # the practice link that sees all four hands is not left in the browser
        assert page.query_selector('#my-tables a[data-role="all"]') is None
        kept = page.evaluate("localStorage.getItem('bridgelaw.tables')") or ""
        assert token in kept and "all" not in json.loads(kept)[0]["links"]
    finally:
        ctx.close()


def _russian_lobby_toast(browser: Any, server: ServerProcess, pbn_text: str) -> str:
    """What the Russian lobby on a phone tells when a table is opened from ``pbn_text``."""
    ctx = browser.new_context(viewport=PHONE, locale="ru-RU")
    try:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.check('input[name="source"][value="pbn"]')
        page.evaluate("(text) => { document.getElementById('f-pbn').value = text; }", pbn_text)
        page.click("#create-btn")
        page.wait_for_selector("#toast:not([hidden])", timeout=WAIT_MS)
        return str(page.inner_text("#toast"))
    finally:
        ctx.close()


def test_a_pbn_error_is_told_in_russian_in_the_russian_lobby(browser: Any, server: ServerProcess) -> None:
    assert "В файле PBN нет" in _russian_lobby_toast(browser, server, "not a pbn file")


def test_a_file_too_large_is_told_in_russian_in_the_russian_lobby(browser: Any, server: ServerProcess) -> None:
    """The old lobby showed the server's English «the request body exceeds … bytes»."""
    toast = _russian_lobby_toast(browser, server, PBN * 20_000)  # over 2 MB
    assert toast == "Файл слишком велик, чтобы открыть его как один стол."


def test_the_api_reference_is_served_without_a_cdn(browser: Any, server: ServerProcess) -> None:
    ctx = browser.new_context(viewport=PHONE, locale="en-GB")
    try:
        page = ctx.new_page()
        outside: list[str] = []
        page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(server.url) and not r.url.startswith("data:") else None)
        page.on("pageerror", lambda e: ERRORS.append(f"docs: {e}"))
        page.goto(server.url + "/docs")
        page.wait_for_selector('.api-op[data-op="post /api/tables"]', timeout=WAIT_MS)
        assert outside == []
        no_overflow(page)
        shot(page, "docs-390-en")
    finally:
        ctx.close()


def test_a_refusal_is_told_in_the_pages_language(board: Board) -> None:
    board.act("N", seat="N", call="1S")
    board.act("E", seat="E", call="1H")  # South is to accept it or not: the table waits
    north = board.page("N", locale="ru-RU")
    north.click('#bidding-box [data-call="2C"]')
    north.click('#bidding-box [data-call="2C"]')  # the second click sends it anyway
    north.wait_for_selector("#toast.bad:not([hidden])", timeout=WAIT_MS)
    text = north.inner_text("#toast")
    assert any(ch in text for ch in "абвгдежзийклмнопрстуфхцчшщыьэюя"), text


@pytest.mark.law("69B")
def test_a_defender_who_agreed_to_a_claim_may_withdraw_his_agreement(board: Board) -> None:
    board.auction_4s_by_north()
    board.act("E", seat="E", play="HA")
    board.act("N", seat="N", claim=12)
    board.act("E", seat="E", claim_response="agree")
    board.act("W", seat="W", claim_response="agree")
    east = board.page("E")
    east.click("#withdraw-E")
    board.synced(east)
    assert any(law.startswith("69B") for r in board.state()["view"]["rulings"] for law in r["laws"])


# ---------------------------------------------------------------- one Russian on the page
@pytest.mark.law("70")
def test_russian_ranks_zone_and_claim_state_read_as_the_rulings_do(board: Board) -> None:
    """The old page drew the cards A K Q J while the rulings beside them wrote ♣Т, ♠Д;
    it said «Зона: никто», and a claim the director ruled read «Состояние: adjudicated»."""
    board.auction_4s_by_north()
    board.act("E", seat="E", play="HA")
    board.act("N", seat="N", claim=13)
    board.act("E", seat="E", claim_response="dispute")
    board.act("director", seat="director", decide={"tricks": 10})
    south = board.page("S", locale="ru-RU")
    assert "Все до зоны" in south.inner_text("#board-info") and "никто" not in south.inner_text("#board-info")
    faces = south.locator('.hand[data-seat="N"] .card[title="SQ"] .rank')
    assert faces.first.inner_text() == "Д"
    assert "Т" in south.inner_text('#centre .card[title="HA"]')
    banner = south.inner_text("#claim-banner")
    assert "решение судьи" in banner and "adjudicated" not in banner
    assert not any(f"{s}{r}" in south.inner_text("body") for s in "♠♥♦♣" for r in "AKQJ")
    shot(south, "claim-ruled-1366-ru")
    south.click("#lang-btn")  # the other language redraws the faces
    south.wait_for_selector('.hand[data-seat="N"] .card[title="SQ"] .rank:text-is("Q")', timeout=WAIT_MS)
    assert "Neither vulnerable" in south.inner_text("#board-info")
    assert "ruled by the director" in south.inner_text("#claim-banner")


@pytest.mark.law("27B")
def test_the_russian_table_log_names_who_chose_and_numbers_no_ruling(board: Board) -> None:
    """The old log read «2: игрок выбирает … (решение № 1)»: the chooser was lost and the
    ruling named by a number the page shows nowhere."""
    board.act("N", seat="N", call="1S")
    board.act("E", seat="E", call="1H")
    board.act("S", seat="S", choose="decline")
    director = board.page("director", locale="ru-RU")
    log = director.inner_text("#table-log")
    assert "Юг выбирает" in log and "игрок" not in log and "№" not in log, log
    assert "«недостаточное назначение»" in log, log
    english = board.page("director", locale="en-GB").inner_text("#table-log")
    assert "South chooses" in english and "(ruling: insufficient bid)" in english and "ruling 0" not in english, english


@pytest.mark.law("50D2")
def test_the_status_line_names_every_ruling_it_waits_on_in_russian(board: Board) -> None:
    """The old status line read «ждёт решения: penalty card lead»: only a few rulings had a
    name in the page's catalog; now every ruling's name comes from the message catalogs."""
    board.auction_4s_by_north()
    board.act("W", seat="W", play="CA")
    board.act("N", seat="N", choose="decline")
    north = board.page("N", PHONE, "ru-RU")
    why = north.inner_text("#turn-why")
    assert "ход при штрафной карте" in why and not any("a" <= ch <= "z" for ch in why.lower()), why
    no_overflow(north)
    shot(north, "penalty-card-lead-390-ru")


@pytest.mark.law("54")
@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["390", "1366"])
def test_a_card_led_out_of_turn_at_a_side_seat_covers_no_compass_mark(board: Board, size: dict[str, int]) -> None:
    """On the old phone page West's card led out of turn lay over the З mark of the middle."""
    board.auction_4s_by_north()
    board.act("W", seat="W", play="CA")  # East is on lead
    south = board.page("S", size, "ru-RU")
    boxes = south.evaluate("""() => {
        const r = (el) => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
        return { cards: [...document.querySelectorAll('#centre .card')].map(r),
                 marks: [...document.querySelectorAll('#centre .edge')].map(r) }; }""")
    assert len(boxes["cards"]) == 1 and len(boxes["marks"]) == 4, boxes
    for m in boxes["marks"]:
        c = boxes["cards"][0]
        assert c[2] <= m[0] or m[2] <= c[0] or c[3] <= m[1] or m[3] <= c[1], (c, m)
    no_overflow(south)
    shot(south, f"lead-out-of-turn-{size['width']}-ru")


@pytest.mark.law("20F1")
def test_the_partner_asked_to_explain_reads_whose_call_it_is_in_russian(board: Board) -> None:
    """The old prompt read «Юг спрашивает, что означает заявка (Восток): 2♥»."""
    board.act("N", seat="N", call="1S")
    board.act("E", seat="E", call="2H")
    board.act("S", seat="S", ask="explain", call_index=1)
    west = board.page("W", PHONE, "ru-RU")
    prompt = west.inner_text(".explain-prompt")
    assert "Юг спрашивает, что означает заявка вашего партнёра (Восток)" in prompt, prompt
    no_overflow(west)
    shot(west, "explain-prompt-W-390-ru")


@pytest.mark.law("68D2")
def test_a_disputed_claims_answer_is_worded_in_the_ruling_and_the_event_log(board: Board) -> None:
    """The old pages read «Выбор: dispute» under the ruling and «Восток: Выбор — dispute» in
    the director's event log: an answer the ruling did not list for that seat kept its id."""
    board.auction_4s_by_north()
    board.act("E", seat="E", play="HA")
    board.act("N", seat="N", claim=13)
    board.act("E", seat="E", choose="dispute")
    board.act("director", seat="director", decide={"tricks": 10})
    director = board.page("director", locale="ru-RU")
    text = director.inner_text("#rulings") + director.inner_text("#event-log")
    assert "dispute" not in text and "не согласен: решает судья" in text, text
    # one word for a claim, the glossary's «заявление», not «претензия» beside it
    assert "заявление на 13" in text and "претен" not in director.inner_text("body").lower()


@pytest.mark.law("20A")
def test_a_call_is_repeated_on_request_and_answers_name_calls_not_numbers(board: Board) -> None:
    """The page had no way to ask for a call to be repeated (20A), and the head of an answer
    named the call by its place in the auction («Объяснить заявку #2»)."""
    board.act("N", seat="N", call="1S")
    east = board.page("E", PHONE, "ru-RU")
    east.click("#repeat-call-btn")
    east.wait_for_selector('#answers [data-ask-answer="repeat_call"]', timeout=WAIT_MS)
    answer = east.inner_text('#answers [data-ask-answer="repeat_call"]')
    assert "1♠ (Север)" in answer and "{" not in answer, answer
    board.act("E", seat="E", call="2H")
    board.act("S", seat="S", ask="explain", call_index=1)
    south = board.page("S", PHONE, "ru-RU")
    heads = south.inner_text("#answers")
    assert "#" not in heads and "2♥ (Восток)" in heads, heads
    no_overflow(south)
    shot(east, "repeat-call-390-ru")


@pytest.mark.law("67B1(a)")
def test_a_defective_trick_is_pointed_out_ruled_and_put_right_from_the_pages(board: Board) -> None:
    """The page had no way to point out a defective trick (67): the director now answers
    what was wrong from a list worded in his language, and the offender places a card."""
    board.auction_4s_by_north()
    for seat, card in (("E", "HA"), ("S", "H6"), ("W", "H2"), ("N", "HT"),
                       ("E", "HK"), ("S", "H7"), ("W", "H3"), ("N", "H9")):
        board.act("N" if seat == "S" else seat, seat=seat, play=card)
    north = board.page("N", locale="ru-RU")
    north.select_option("#revoke-offender", "W")
    north.fill("#revoke-trick", "2")
    north.click("#defective-btn")
    board.synced(north)
    assert board.state()["view"]["rulings"][-1]["kind"] == "defective_trick"
    director = board.page("director", locale="ru-RU")
    choice = director.locator('#queue select[data-q="defect"]')
    assert "нарушитель не сыграл в неё карту" in choice.inner_text()
    choice.select_option("missing")
    director.click("#queue [data-decide-form]")
    board.synced(director)
    west = board.page("W", locale="ru-RU")
    west.click('#rulings [data-choose="place"][data-card-param="H5"]')
    board.synced(west)
    s = board.state()
    assert s["view"]["tricks"][1]["cards"]["W"] == "H5", s["view"]["tricks"][1]
    shot(west, "defective-trick-1366-ru")


@pytest.mark.law("45C4(b)")
def test_declarer_corrects_an_unintended_card_from_dummy_from_his_page(board: Board) -> None:
    """Declarer had no way to say he named the wrong card from dummy (45C4(b)); only he is
    offered it, and the director's yes puts the card back."""
    board.auction_4s_by_north()
    board.act("E", seat="E", play="HA")
    board.act("N", seat="S", play="H6", by="N")
    assert not board.page("E").is_visible("#unintended-btn")
    north = board.page("N", locale="ru-RU")
    north.click("#unintended-btn")
    board.synced(north)
    director = board.page("director", locale="ru-RU")
    director.click('#queue [data-key="unintended"][data-value="true"]')
    board.synced(director)
    s = board.state()
    assert s["view"]["rulings"][-1]["kind"] == "unintended_designation"
    assert "H6" not in (s["view"]["tricks"][0]["cards"].get("S") or "")
    assert s["view"]["turn"] == "S"


@pytest.mark.law("27")
@pytest.mark.law("36")
def test_the_second_click_hint_names_the_irregularity_as_the_laws_do(board: Board) -> None:
    """An insufficient bid is «недостаточное назначение», not an unlawful call; a double of
    partner's bid is an inadmissible double."""
    board.act("N", seat="N", call="1S")
    east = board.page("E", locale="ru-RU")
    east.click('#bidding-box [data-call="1H"]')
    hint = east.inner_text("body")
    assert "нарушает Правила (недостаточное назначение)" in hint and "незаконная заявка" not in hint, hint
    board.act("E", seat="E", call="P")
    south = board.page("S", locale="ru-RU")
    south.click('#bidding-box [data-call="X"]')
    assert "нарушает Правила (недопустимая контра)" in south.inner_text("body")
