"""The director's assistant in Debian's headless Chromium (Playwright), in Russian, on a
phone (390 px) and a desktop (1366 px): seven incidents entered as a director would, each
ruled at once, with no horizontal scrolling (the document is exactly as wide as the
viewport). Screenshots go to test-artifacts/."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from server_helpers import ARTIFACTS, WAIT_MS, ServerProcess

pytestmark = pytest.mark.browser

WIDTHS = (390, 1366)


class Director:
    """One incident on the assistant page, entered by clicking as the director would."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.n = 0

    def _done(self) -> None:
        self.n += 1
        self.page.wait_for_selector(f'body[data-actions="{self.n}"]', timeout=WAIT_MS)

    def seat(self, s: str) -> None:
        self.page.click(f'#seats button[data-seat="{s}"]')

    def call(self, s: str, call: str) -> None:
        self.seat(s)
        if call in ("P", "X", "XX"):
            self.page.click(f'button.call[data-call="{call}"]')
        else:
            self.page.click(f"#levels button >> nth={int(call[0]) - 1}")
            self.page.click(f'#strains button[data-strain="{call[1]}"]')
        self._done()

    def card(self, s: str, card: str, mode: str = "play") -> None:
        self.seat(s)
        self.page.click(f'#modes button[data-mode="{mode}"]')
        self.page.click(f'#suits button[data-suit="{card[0]}"]')
        self.page.click(f'#ranks button[data-rank="{card[1]}"]')
        self._done()

    def click(self, selector: str) -> None:
        self.page.click(selector)
        self._done()

    def aloud(self) -> str:
        return str(self.page.inner_text("#aloud"))

    def laws(self) -> str:
        return str(self.page.inner_text("#laws"))


@contextmanager
def new_incident(browser: Any, server: ServerProcess) -> Iterator[Director]:
    """A new incident on the assistant, on a phone in Russian: the director's clicks."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, locale="ru-RU")
    try:
        page.goto(server.url + "/assistant")
        page.click("#start-btn")
        page.wait_for_selector("#incident:not([hidden])", timeout=WAIT_MS)
        yield Director(page)
    finally:
        page.close()


def auction_4S(d: Director) -> None:
    for seat, call in (("N", "1S"), ("E", "P"), ("S", "4S"), ("W", "P"), ("N", "P"), ("E", "P")):
        d.call(seat, call)


def insufficient_bid(d: Director) -> None:
    d.call("N", "1H")
    d.call("E", "1D")
    assert "едостаточн" in d.aloud() and "27" in d.laws()
    d.page.wait_for_selector('#now button[data-option="accept"]', timeout=WAIT_MS)


def call_out_of_rotation(d: Director) -> None:
    d.call("S", "1C")  # board 1: North deals
    assert "вне очереди" in d.aloud()
    d.page.wait_for_selector('#now button[data-option="accept"]', timeout=WAIT_MS)


def card_exposed_in_the_auction(d: Director) -> None:
    d.call("N", "1H")
    d.card("E", "SA", "dropped")
    assert "24" in d.laws()


def face_down_lead_out_of_turn(d: Director) -> None:
    auction_4S(d)
    d.card("W", "HK", "face_down")  # East is on lead
    assert "41A" in d.laws() and "закрытый" in d.aloud()


def lead_out_of_turn_in_play(d: Director) -> None:
    auction_4S(d)
    for seat, card in (("E", "HK"), ("S", "H5"), ("W", "H3"), ("N", "H4")):
        d.card(seat, card)
    d.card("W", "C2")  # East won the trick
    assert "53A" in d.laws() and "вне очереди" in d.aloud()
    d.click('#now button[data-option="decline"]')
    assert "штрафн" in d.aloud()


def established_revoke(d: Director) -> None:
    auction_4S(d)
    for seat, card in (("E", "HK"), ("S", "H5"), ("W", "H3"), ("N", "H4"),
                       ("E", "HA"), ("S", "HJ"), ("W", "D2"), ("N", "H6"),
                       ("E", "C2"), ("S", "C4"), ("W", "CK"), ("N", "CA")):
        d.card(seat, card)
    d.page.click("#box-more summary")
    d.page.fill("#f-trick", "2")
    d.seat("W")
    d.click("#revoke")
    d.page.wait_for_selector('#now button[data-answer="holds_suit:yes"]', timeout=WAIT_MS)
    d.click('#now button[data-answer="holds_suit:yes"]')
    assert "установлен" in d.aloud() and "63A1" in d.laws()


def disputed_claim(d: Director) -> None:
    auction_4S(d)
    for seat, card in (("E", "HK"), ("S", "H5"), ("W", "H3"), ("N", "HA")):
        d.card(seat, card)
    d.page.click("#box-more summary")
    d.seat("N")
    d.page.fill("#f-claim", "12")
    d.page.fill("#f-statement", "все мои")
    d.click("#claim")
    d.seat("W")
    d.click("#dispute")
    assert "не согласен" in d.aloud()
    d.click('#now button[data-answer="tricks:11"]')
    assert "70" in d.laws()


def revoke_found_after_the_play(d: Director) -> None:
    """The director arrives after the last trick, no card entered: he answers what 61-64 ask
    (a button each) and reads the transfer."""
    auction_4S(d)
    d.page.click("#box-more summary")
    d.page.fill("#f-trick", "4")
    d.seat("E")  # East's left-hand opponent is dummy, and nobody said dummy spoke
    d.click("#revoke")
    assert "фальшренонса нет" not in d.aloud().lower()
    assert "болван" not in d.aloud() and "43A1" not in d.laws()
    for answer in ("revoked:yes", "established:yes", "revoke_trick_won_by:offender", "later_tricks:2"):
        d.page.wait_for_selector(f'#now button[data-answer="{answer}"]', timeout=WAIT_MS)
        d.click(f'#now button[data-answer="{answer}"]')
    assert "передаются 2 взятки" in d.aloud() and "64A1" in d.laws()


INCIDENTS: dict[str, tuple[str, Callable[[Director], None]]] = {
    "insufficient-bid": ("ru", insufficient_bid),
    "call-out-of-rotation": ("ru", call_out_of_rotation),
    "card-exposed-in-the-auction": ("ru", card_exposed_in_the_auction),
    "face-down-lead-out-of-turn": ("wbf_ru", face_down_lead_out_of_turn),
    "lead-out-of-turn-in-play": ("ru", lead_out_of_turn_in_play),
    "established-revoke": ("ru", established_revoke),
    "disputed-claim": ("ru", disputed_claim),
    "revoke-found-after-the-play": ("ru", revoke_found_after_the_play),
}


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", list(INCIDENTS))
def test_an_incident_is_ruled_at_once_without_horizontal_scroll(browser: Any, server: ServerProcess, name: str, width: int) -> None:
    preset, steps = INCIDENTS[name]
    page = browser.new_page(viewport={"width": width, "height": 900 if width > 400 else 844})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server.url + "/assistant")
        page.fill("#f-table", "4")
        page.fill("#f-round", "2")
        page.fill("#f-board", "1")
        page.select_option("#f-preset", preset)
        page.click("#start-btn")
        page.wait_for_selector("#incident:not([hidden])", timeout=WAIT_MS)
        assert page.evaluate("document.documentElement.lang") == "ru"
        steps(Director(page))
        assert page.evaluate("document.documentElement.scrollWidth") == page.evaluate("window.innerWidth") == width
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"assistant-{name}-{width}.png"), full_page=True)
        assert not errors, errors
    finally:
        page.close()


def test_the_incident_list_shows_the_incidents_this_browser_opened(browser: Any, server: ServerProcess) -> None:
    """An incident opens with its own link: the page keeps the links of the incidents it
    opened (across a reload) and lists those, and only those."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(server.url + "/assistant")
        page.fill("#f-table", "14")
        page.click("#start-btn")
        page.wait_for_selector("#incident:not([hidden])", timeout=WAIT_MS)
        Director(page).call("N", "1H")  # one left empty ruled on nothing and is not listed
        page.click("#back")
        page.reload()
        page.wait_for_selector("#list li", timeout=WAIT_MS)
        assert page.locator("#list li").count() == 1
        page.fill("#search", "14")
        page.wait_for_selector("#list li", timeout=WAIT_MS)  # no string functions: the page's policy forbids eval
        page.locator("#list li button").click()
        page.wait_for_selector("#incident:not([hidden])", timeout=WAIT_MS)
        page.click("#back")
        assert page.evaluate("document.documentElement.scrollWidth") == 390
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "assistant-list-390.png"), full_page=True)
    finally:
        page.close()


CYRILLIC = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")


def test_the_assistant_speaks_the_catalogs_language_and_the_switch_changes_it(browser: Any, server: ServerProcess) -> None:
    """Every label, seat, call and card of the page comes from the message catalogs: a
    Russian incident reads С/В/Ю/З and «Пас», and in English nothing Russian is left."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server.url + "/assistant")
        page.select_option("#f-preset", "ru")
        page.click("#start-btn")
        page.wait_for_selector("#incident:not([hidden])", timeout=WAIT_MS)
        d = Director(page)
        d.call("N", "1H")
        d.call("E", "P")
        seats = page.inner_text("#seats")
        assert seats.split() == ["С", "В", "Ю", "З"], seats
        calls = page.inner_text("#calls")
        assert calls.split() == ["С:", "1♥", "В:", "Пас"], calls
        assert "Сдача 1" in page.inner_text("#info") and "сдающий С" in page.inner_text("#info")
        page.click("#lang")
        page.wait_for_selector("html[lang='en']", state="attached", timeout=WAIT_MS)
        # the page is drawn again in English once the switch has loaded its catalog
        page.wait_for_function("() => document.getElementById('calls').innerText.includes('Pass')", timeout=WAIT_MS)
        assert page.inner_text("#calls").split() == ["N:", "1♥", "E:", "Pass"]
        shown = page.inner_text("#incident") + page.inner_text("header h1")  # the switch names Russian in Russian
        assert not CYRILLIC & set(shown.lower()), shown
        assert page.title() == "Director's assistant — bridgelaw"
        assert not errors, errors
    finally:
        page.evaluate("localStorage.clear()")
        page.close()


@pytest.mark.law("43A1(b)")
def test_a_revoke_entered_in_the_play_is_not_said_to_be_pointed_out_by_dummy(browser: Any, server: ServerProcess) -> None:
    """East (a defender, dummy on his left) revoked: the director entered who revoked, not
    who spoke, so the ruling says nothing of dummy drawing attention (43A1(b), 43B1)."""
    with new_incident(browser, server) as d:
        page = d.page
        auction_4S(d)  # North declares, South is dummy
        for seat, card in (("E", "HK"), ("S", "HA"), ("W", "H3"), ("N", "H4"),
                           ("S", "C2"), ("W", "C3"), ("N", "C4"), ("E", "D2")):
            d.card(seat, card)
        page.click("#box-more summary")
        page.fill("#f-trick", "2")
        d.seat("E")
        d.click("#revoke")
        page.wait_for_selector('#now button[data-answer="holds_suit:yes"]', timeout=WAIT_MS)
        d.click('#now button[data-answer="holds_suit:yes"]')
        assert "фальшренонс" in d.aloud() and "болван" not in d.aloud()
        assert "43A1" not in d.laws() and "62A" in d.laws()


@pytest.mark.parametrize("no_statement", [False, True])
def test_68C_a_claim_entered_without_words_is_ruled_without_a_statement_only_when_the_director_says_so(
        browser: Any, server: ServerProcess, no_statement: bool) -> None:
    """An empty statement field is no fact about the claim: the ruling quotes a claim made
    without a statement (68C, 70D) only when the director ticks that none was made."""
    with new_incident(browser, server) as d:
        page = d.page
        auction_4S(d)
        for seat, card in (("E", "HK"), ("S", "H5"), ("W", "H3"), ("N", "HA")):
            d.card(seat, card)
        page.click("#box-more summary")
        d.seat("N")
        page.fill("#f-claim", "12")
        if no_statement:
            page.check("#f-no-statement")
        d.click("#claim")
        assert ("без пояснения" in d.aloud()) is no_statement


def test_64B5_a_revoke_pointed_out_after_the_round_transfers_no_trick(browser: Any, server: ServerProcess) -> None:
    """The director is told of a revoke on a board whose round has ended: he says when it
    was pointed out, answers that the player revoked, and the ruling transfers nothing
    (64B5) and leaves equity to him (64C); nothing is asked of the later tricks."""
    with new_incident(browser, server) as d:
        page = d.page
        auction_4S(d)
        page.click("#box-more summary")
        page.fill("#f-trick", "4")
        page.select_option("#f-found", "round_ended")
        d.seat("E")
        d.click("#revoke")
        page.wait_for_selector('#now button[data-answer="revoked:yes"]', timeout=WAIT_MS)
        d.click('#now button[data-answer="revoked:yes"]')
        assert "64B5" in d.laws() and "не передаются" in d.aloud()
        assert page.locator("#now button[data-answer]").count() == 0


def test_a_tap_made_while_the_texts_load_is_taken_once_the_page_is_ready(browser: Any, server: ServerProcess) -> None:
    """On a slow line the texts arrive after the page is drawn: the first tap is not lost."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    released: list[Any] = []
    page.route("**/static/catalog.json", lambda route: released.append(route))
    try:
        page.goto(server.url + "/assistant")
        assert page.evaluate("document.documentElement.dataset.ready") is None  # the texts are still on their way
        taps = page.evaluate('getComputedStyle(document.getElementById("start-btn")).pointerEvents')
        assert taps == "none"  # no tap is taken yet: it would do nothing
        for route in released:
            route.continue_()
        page.click("#start-btn")  # waits until the page takes taps
        page.wait_for_selector("#incident:not([hidden])", timeout=WAIT_MS)
    finally:
        page.close()


def test_a_request_the_server_never_answered_is_said_on_the_page(browser: Any, server: ServerProcess) -> None:
    """The director is told the incident was not opened, and why, instead of a button that
    seems to do nothing."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, locale="ru-RU")
    page.route("**/api/incidents", lambda route: route.abort() if route.request.method == "POST" else route.continue_())
    try:
        page.goto(server.url + "/assistant")
        page.click("#start-btn")
        page.wait_for_selector("#problem:not([hidden])", timeout=WAIT_MS)
        assert "Сервер не ответил" in page.inner_text("#problem")
        assert page.locator("#incident").is_hidden()
    finally:
        page.close()
