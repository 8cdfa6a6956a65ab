"""The live table on a 390×844 phone: the choice that waits for a player (an insufficient
bid to accept or not, a call out of rotation, a lead out of turn, a claim to agree to or
dispute, a director's question) is in view without scrolling, with buttons a thumb can
hit, focused and announced, and a ruling once answered shrinks to one line; the
director's header counts what waits for him. The seat page's controls are at least 44 px, no text is under
12 px and the clickable irregular bids are readable. Screenshots of the viewport go to
test-artifacts/screens/.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_table import LAPTOP, PHONE, SCREENS, Board, no_overflow
from server_helpers import WAIT_MS

pytestmark = pytest.mark.browser

TARGET = 44


def view_shot(page: Any, name: str) -> None:
    """What the phone shows without scrolling."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"))


def assert_choice_in_view(page: Any, name: str, buttons: str = "button") -> None:
    """The sheet is the one waiting choice; its buttons lie inside the viewport at the top
    of the page, each at least 44×44 px; it has the focus and its words were announced."""
    sheet = page.wait_for_selector(".sheet", timeout=WAIT_MS)
    assert page.locator(".sheet").count() == 1
    assert page.evaluate("window.scrollY") == 0
    found = page.locator(f".sheet {buttons}")
    assert found.count() >= 1
    for i in range(found.count()):
        box = found.nth(i).bounding_box()
        label = found.nth(i).inner_text()
        assert box is not None, label
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (label, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (label, box)
        assert box["width"] >= TARGET and box["height"] >= TARGET, (label, box)
    assert page.evaluate("document.activeElement !== null && document.activeElement.closest('.sheet') !== null")
    assert sheet.get_attribute("class") and page.inner_text("#sheet-announce").strip()
    no_overflow(page)
    view_shot(page, name)


def chooser(board: Board) -> str:
    awaiting = board.state()["view"]["awaiting"]
    assert awaiting is not None
    return str(awaiting["by"])


@pytest.mark.law("27")
def test_an_insufficient_bid_to_accept_is_in_view_on_a_phone_and_goes_when_answered(board: Board) -> None:
    board.act("N", seat="N", call="1S")
    board.act("E", seat="E", call="1H")
    seat = chooser(board)
    page = board.page(seat, PHONE, "ru-RU")
    assert_choice_in_view(page, "phone-insufficient-bid-choice-390-ru", '[data-choose]')
    assert "Ждёт вашего решения" in page.inner_text(".sheet")
    before = board.state()["seq"]
    page.keyboard.press("Enter")  # the focused first option is answered from the keyboard
    board.moved_past(before)
    board.synced(page)
    assert page.locator(".sheet").count() == 0
    assert page.inner_text("#sheet-announce") == ""
    closed = page.locator("#rulings details.ruling.closed")  # the answered ruling is one line
    assert closed.count() == 1 and closed.get_attribute("open") is None
    line = closed.locator("summary").bounding_box()
    assert line is not None and line["height"] < 2 * TARGET
    assert "27A" in closed.inner_text()


@pytest.mark.law("54")
def test_the_waiting_choice_is_in_view_on_a_wide_screen_too(board: Board) -> None:
    board.auction_4s_by_north()
    board.act("W", seat="W", play="CA")
    page = board.page(chooser(board), LAPTOP)
    page.wait_for_selector(".sheet", timeout=WAIT_MS)
    for i in range(page.locator(".sheet [data-choose]").count()):
        box = page.locator(".sheet [data-choose]").nth(i).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= LAPTOP["height"], box
    no_overflow(page)
    view_shot(page, "wide-lead-out-of-turn-choice-1366-en")


@pytest.mark.law("29")
def test_a_call_out_of_rotation_to_accept_is_in_view_on_a_phone(board: Board) -> None:
    board.act("N", seat="N", call="1S")
    board.act("W", seat="W", call="P")  # East was to call
    page = board.page(chooser(board), PHONE)
    assert_choice_in_view(page, "phone-call-out-of-rotation-choice-390-en", '[data-choose]')


def _bid_out_of_rotation(board: Board) -> None:
    board.act("N", seat="N", call="1S")
    board.act("W", seat="W", call="2C")  # East was to call (31)


def _double_out_of_rotation(board: Board) -> None:
    board.act("N", seat="N", call="1S")
    board.act("W", seat="W", call="X")  # East was to call (32)


def _penalty_card_lead(board: Board) -> None:
    board.auction_4s_by_north()
    board.act("W", seat="W", play="CA")  # East is on lead
    board.act("N", seat="N", choose="decline")  # ♣A a major penalty card; declarer now rules the lead (50D2)


def _penalty_card_not_played(board: Board) -> None:
    _penalty_card_lead(board)
    board.act("N", seat="N", choose="no_restriction")
    board.act("E", seat="E", play="C5")
    board.act("N", seat="S", play="CJ", by="N")
    board.act("W", seat="W", play="C9")  # the penalty card ♣A was due (50D1, 52)


@pytest.mark.parametrize(("name", "make"), [
    pytest.param("31-bid-out-of-rotation", _bid_out_of_rotation, marks=pytest.mark.law("31")),
    pytest.param("32-double-out-of-rotation", _double_out_of_rotation, marks=pytest.mark.law("32")),
    pytest.param("50D-penalty-card-lead", _penalty_card_lead, marks=pytest.mark.law("50D2")),
    pytest.param("52-penalty-card-not-played", _penalty_card_not_played, marks=pytest.mark.law("52")),
])
def test_every_kind_of_waiting_choice_is_in_view_on_a_phone(board: Board, name: str, make: Any) -> None:
    make(board)
    page = board.page(chooser(board), PHONE, "ru-RU")
    assert_choice_in_view(page, f"phone-{name}-choice-390-ru", "[data-choose]")
    if name.startswith("52"):  # declarer names the penalty card he requires: West's ♣A, not a card of his own
        assert [b.get_attribute("data-card-param") for b in page.query_selector_all(".sheet [data-card-param]")] == ["CA"]


@pytest.mark.law("54")
def test_a_lead_out_of_turn_to_accept_is_in_view_on_a_phone(board: Board) -> None:
    board.auction_4s_by_north()
    board.act("W", seat="W", play="CA")  # East is on lead
    page = board.page(chooser(board), PHONE, "ru-RU")
    assert_choice_in_view(page, "phone-lead-out-of-turn-choice-390-ru", '[data-choose]')


@pytest.mark.law("68")
def test_both_defenders_see_the_claim_to_agree_or_dispute_on_a_phone(board: Board) -> None:
    board.auction_4s_by_north()
    board.act("E", seat="E", play="HA")
    board.act("N", seat="N", claim=10, statement="trumps then clubs")
    for seat in ("E", "W"):
        page = board.page(seat, PHONE)
        assert_choice_in_view(page, f"phone-claim-answer-{seat}-390-en")
        assert page.locator(f'.sheet [data-by="{seat}"][data-choose="dispute"], .sheet [data-claim-response="dispute"][data-by="{seat}"]').count() == 1
    dummy = board.page("S", PHONE)
    assert_choice_in_view(dummy, "phone-claim-dummy-390-en", "[data-claim-response]")


@pytest.mark.law("27B1(b)")
def test_the_directors_question_is_in_view_on_a_phone(board: Board) -> None:
    board.act("N", seat="N", call="1S")
    board.act("E", seat="E", call="1H")
    board.act("S", seat="S", choose="decline")
    board.act("E", seat="E", call="X")
    director = board.page("director", PHONE, "ru-RU")
    assert_choice_in_view(director, "phone-director-question-390-ru", "[data-decide]")
    assert director.inner_text("#queue-count") == "Ждут судью: 1"


# ---------------------------------------------------------------- the seat page itself
MEASURE = """() => {
  const shown = (el) => { const r = el.getBoundingClientRect(); const cs = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && cs.visibility !== "hidden" && cs.display !== "none"; };
  const controls = [...document.querySelectorAll(
    "button, select, input:not([type=checkbox]), a.btn, summary, label:has(> input[type=checkbox]), [data-card]")].filter(shown);
  const small = controls.filter((el) => {
    const r = el.getBoundingClientRect();
    return r.height < 44 || (!el.dataset.card && r.width < 44);
  }).map((el) => `${el.tagName}#${el.id}.${el.className} ${Math.round(el.getBoundingClientRect().width)}x${Math.round(el.getBoundingClientRect().height)}`);
  const tiny = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || !shown(el) || el.closest(".visually-hidden")) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 12) tiny.push(`${el.tagName}.${el.className} ${size}px «${n.textContent.trim().slice(0, 20)}»`);
  }
  return { small, tiny, count: controls.length };
}"""

CONTRAST = """() => {
  const rgb = (s) => s.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => { const c = [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; };
  const background = (el) => { for (let e = el; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor); if (c.length < 4 || c[3] > 0) return c; } return [255, 255, 255]; };
  const out = [];
  for (const bid of document.querySelectorAll(".bid.irregular:not(:disabled)")) {
    for (const el of [bid, ...bid.querySelectorAll("*")]) {
      if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
      let opacity = 1;
      for (let e = el; e && e !== document.body; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
      const fg = rgb(getComputedStyle(el).color); const bg = background(el);
      const mixed = fg.slice(0, 3).map((v, i) => v * opacity + bg[i] * (1 - opacity));
      const [a, b] = [lum(mixed), lum(bg)].sort((x, y) => y - x);
      out.push({ call: bid.dataset.call, ratio: (a + 0.05) / (b + 0.05) });
    }
  }
  return out;
}"""


def assert_thumb_sized(page: Any) -> None:
    measured = page.evaluate(MEASURE)
    assert measured["count"] > 0
    assert measured["small"] == [], "\n".join(measured["small"])
    assert measured["tiny"] == [], "\n".join(measured["tiny"])
    no_overflow(page)


def test_a_seat_page_in_the_auction_has_thumb_sized_controls_and_readable_text(board: Board) -> None:
    board.act("N", seat="N", call="1S")
    for seat, locale in (("E", "en-GB"), ("S", "ru-RU")):  # to call, and not
        page = board.page(seat, PHONE, locale)
        assert_thumb_sized(page)
        assert page.inner_text("#turn-announce") == ("Your turn" if seat == "E" else "")
        ratios = page.evaluate(CONTRAST)
        assert ratios, "no clickable irregular bid"
        low = [r for r in ratios if r["ratio"] < 4.5]
        assert low == [], low
        view_shot(page, f"phone-auction-{seat}-390-{locale[:2]}")


def test_a_seat_page_in_the_play_has_thumb_sized_controls_and_readable_text(board: Board) -> None:
    board.auction_4s_by_north()
    board.act("E", seat="E", play="HA")
    for seat in ("N", "W"):  # declarer with dummy, a defender
        page = board.page(seat, PHONE, "ru-RU")
        assert_thumb_sized(page)
        view_shot(page, f"phone-play-{seat}-390-ru")
