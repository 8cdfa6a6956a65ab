"""A whole board with irregularities played by clicks, as the four players and the director
would, on five pages in Russian (Debian's headless Chromium): an insufficient bid turned
down and replaced, a hesitation noted, an opening lead out of turn turned down (a penalty
card), the play, a claim disputed and ruled by the director.

Along the way no page logs a JavaScript or console error, and no Russian text shows the
engine's letters: every page's visible text and the director's table log are scanned for
Latin seat letters (N, E, S, W) and card codes (CA, SK, H10). The physical actions a
player takes at the table (a card exposed, a change of call, a board problem, a mistaken
explanation pointed out) are each a control of the page that reaches the director. And
what the table is told: whose turn it is and why, a call for the director, the four hands
with the dealer, the vulnerability and the trick in the middle, the last trick, an online
card out of turn refused by the page, the boards of the event log by their numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from browser_table import Board, shot
from server_helpers import ARTIFACTS, PBN, WAIT_MS, ServerProcess

pytestmark = pytest.mark.browser

ROLES = ("N", "E", "S", "W", "director")
SCREENS = ARTIFACTS / "screens"
# a seat letter or a card code standing alone (not part of a law number like 27B1 or a word)
SEAT_LETTER = re.compile(r"(?<![\w(])[NESW](?![\w)])")
CARD_CODE = re.compile(r"(?<!\w)[SHDC](?:[AKQJT2-9]|10)(?!\w)")


# in English a side is written N-S or E-W, as on every English score sheet
SEAT_LETTER_EN = re.compile(r"(?<![\w(-])[NESW](?![\w)-])")
# in English: a call or a contract in the engine's code ("1H", "3N", "3NE", "4SX"), where a
# reader is shown 1♥, 3NT, 3NT by East
CALL_CODE = re.compile(r"(?<![\w(])[1-7](?:[CDHS]|N(?!T))X{0,2}[NESW]?(?![\w)])")
# the page's visible text without the compass marks of the felt (a seat's letter there is
# the board's own marking, as on a real board) and the bridge notation of a result
# ("4♠N+2") and of a line of play ("N: ♦5 E: ♦2"), written with letters in English
VISIBLE_TEXT = """() => { const b = document.body.cloneNode(true);
  b.querySelectorAll('.centre .edge, script, style, [hidden], .notation, .claim-analysis .line').forEach((e) => e.remove());
  const host = document.createElement('div'); host.style.position = 'absolute'; host.style.left = '-99999px';
  host.appendChild(b); document.documentElement.appendChild(host); const text = b.innerText; host.remove(); return text; }"""


def engine_letters(text: str, *, english: bool = False) -> list[str]:
    """The Latin seat letters and card codes in ``text`` (``english``: calls and contracts
    in codes too), with a little context each."""
    found = []
    for pattern in (SEAT_LETTER_EN, CARD_CODE, CALL_CODE) if english else (SEAT_LETTER, CARD_CODE):
        for m in pattern.finditer(text):
            found.append(text[max(0, m.start() - 30):m.end() + 30].replace("\n", " | "))
    return found



def _shows(page: Any, seq: int) -> None:
    """The page shows state ``seq`` or a later one (a claim's analysis is logged after it)."""
    page.wait_for_function("n => Number(document.getElementById('layout')?.dataset.seq) >= n", arg=seq,
                           timeout=WAIT_MS)

class RussianTable:
    """One table: five pages in Russian (or ``locale``), each in its own browser context;
    every click waits until all five show the action's result."""

    def __init__(self, browser: Any, server: ServerProcess, locale: str = "ru-RU", **config: Any) -> None:
        self.lang = locale[:2]
        self.api = httpx.Client(base_url=server.url, timeout=30)
        made = self.api.post("/api/tables", json={"pbn": PBN, "opening_lead": "face_up", **config}).json()
        self.tokens: dict[str, str] = made["tokens"]
        self.errors: list[str] = []
        self.contexts: list[Any] = []
        self.pages: dict[str, Any] = {}
        for role in ROLES:
            ctx = browser.new_context(viewport={"width": 1366, "height": 900}, locale=locale)
            self.contexts.append(ctx)
            page = ctx.new_page()
            page.on("pageerror", lambda e, role=role: self.errors.append(f"{role}: {e}"))
            page.on("console", lambda m, role=role: self.errors.append(f"{role}: {m.text}") if m.type == "error" else None)
            page.goto(server.url + made["links"][role])
            self.pages[role] = page
        self.synced()

    def state(self, role: str = "director") -> dict[str, Any]:
        return dict(self.api.get(f"/api/links/{self.tokens[role]}/state").json())

    def synced(self) -> dict[str, Any]:
        s = self.state()
        for page in self.pages.values():
            _shows(page, s["seq"])
        return s

    def click(self, role: str, selector: str, *, confirm: bool = False) -> dict[str, Any]:
        """``role`` clicks ``selector`` (twice when the page asks to confirm an irregular
        call or card); the state once every page shows it."""
        seq = self.state()["seq"]
        corner = {"x": 8, "y": 10} if ".card" in selector else None
        self.pages[role].click(selector, timeout=WAIT_MS, position=corner)
        if confirm:
            self.pages[role].click(selector, timeout=WAIT_MS, position=corner)
        for page in self.pages.values():
            _shows(page, seq + 1)
        return self.synced()

    def play_first_legal(self) -> dict[str, Any]:
        s = self.state()
        seat = s["view"]["turn"]
        player = s["to_act"]
        return self.click(player, f'.hand[data-seat="{seat}"] .card.legal >> nth=0')

    def letters_shown(self) -> dict[str, list[str]]:
        """Every page's visible text (and the director's table log) scanned for Latin
        seat letters and card codes (in English, calls and contracts in the engine's
        codes too; the compass marks on the felt are the one place a seat is a letter)."""
        out = {}
        for role, page in self.pages.items():
            found = engine_letters(page.evaluate(VISIBLE_TEXT) if self.lang == "en" else page.inner_text("body"), english=self.lang == "en")
            if found:
                out[role] = found
        return out

    def letters_sent(self) -> list[str]:
        """The Russian texts the server sends the director (rulings, their questions and
        options, the table log) scanned the same way."""
        v = self.api.get(f"/api/links/{self.tokens['director']}/state", params={"lang": self.lang}).json()["view"]
        texts = [str(x) for x in v.get("log") or []]
        twin = "_ru" if self.lang == "ru" else ""
        for r in v["rulings"]:
            texts.append(str(r.get(f"summary{twin}") or r.get("summary", "")))
            texts.append(str(r.get("decision", "")))
            texts += [str(q.get(f"text{twin}") or q.get("text", "")) for q in r.get("questions") or []]
            texts += [str(o.get(f"label{twin}") or o.get("label", "")) for o in r.get("options") or []]
        return [hit for text in texts for hit in engine_letters(text, english=self.lang == "en")]

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()
        self.api.close()


@pytest.fixture()
def table(browser: Any, server: ServerProcess) -> Iterator[RussianTable]:
    t = RussianTable(browser, server)
    yield t
    t.close()


def whole_board(table: RussianTable, statement: str) -> dict[str, list[str]]:
    """The board with its irregularities played by clicks; what ``look`` found at each step."""
    p = table.pages
    seen: dict[str, list[str]] = {}

    def look(step: str) -> None:
        for role, found in table.letters_shown().items():
            seen.setdefault(f"{step}/{role}", found)
        sent = table.letters_sent()
        if sent:
            seen.setdefault(f"{step}/sent", sent)

    look("start")
    table.click("N", '#bidding-box [data-call="1S"]')
    table.click("E", '#bidding-box [data-call="1H"]', confirm=True)  # insufficient (27)
    look("insufficient")
    table.click("S", '#rulings [data-choose="decline"]')
    look("declined")
    table.click("E", '#bidding-box [data-call="2H"]')  # the lowest sufficient bid in hearts: 27B1(a)
    p["S"].select_option("#tempo-seat", "W")
    table.click("S", "#tempo-btn")  # South notes West's hesitation
    for seat, call in (("S", "4S"), ("W", "P"), ("N", "P"), ("E", "P")):
        table.click(seat, f'#bidding-box [data-call="{call}"]')
    look("auction")
    table.click("W", '.hand[data-seat="W"] .card[data-card="CA"]', confirm=True)  # East is on lead (54)
    look("lead-out-of-turn")
    table.click("N", '#rulings [data-choose="decline"]')  # the ace of clubs becomes a penalty card
    s = table.state()
    if any(r["status"] == "awaiting_choice" for r in s["view"]["rulings"]):
        look("penalty-card-choice")
        table.click("N", '#rulings [data-choose="no_restriction"]')
    while len(table.state()["view"]["tricks"]) < 4 or table.state()["view"]["tricks"][-1]["winner"] is None:
        table.play_first_legal()
    look("play")
    p["N"].fill("#claim-n", "9")
    p["N"].fill("#claim-statement", statement)
    table.click("N", "#claim-btn")
    table.click("E", '[data-claim-response="dispute"][data-by="E"], #rulings [data-by="E"][data-choose="dispute"]')
    look("claim-disputed")
    p["director"].fill('#queue [data-q="tricks"]', "8")
    s = table.click("director", "#queue [data-decide-form]")
    assert s["view"]["phase"] == "ended", s["view"]["phase"]
    look("ended")
    SCREENS.mkdir(parents=True, exist_ok=True)
    for role, page in p.items():
        page.screenshot(path=str(SCREENS / f"full-board-{role}-1366-{table.lang}.png"), full_page=True)
    return seen


@pytest.mark.law("27B1(a)")
@pytest.mark.law("54")
@pytest.mark.law("70")
def test_a_whole_board_with_irregularities_in_russian_shows_no_engine_letters_and_no_console_error(table: RussianTable) -> None:
    seen = whole_board(table, "козыри сверху, потом трефы")
    assert seen == {}, "\n".join(f"{k}: {v}" for k, v in seen.items())
    assert table.errors == []


@pytest.mark.law("27B1(a)")
@pytest.mark.law("54")
@pytest.mark.law("70")
def test_the_same_board_in_english_names_seats_and_calls_in_words_and_symbols(browser: Any, server: ServerProcess) -> None:
    """English pages: "South's 1♥ is insufficient", "contract 4♠ by North", never the
    engine's "S's 1H" or "4SN"."""
    table = RussianTable(browser, server, locale="en-GB")
    try:
        seen = whole_board(table, "trumps from the top, then clubs")
        assert seen == {}, "\n".join(f"{k}: {v}" for k, v in seen.items())
        assert table.errors == []
    finally:
        table.close()


# ---------------------------------------------------------------- the table's physical actions
def laws_of_last_ruling(b: Board) -> list[str]:
    rulings = b.state()["view"]["rulings"]
    assert rulings, "no ruling"
    return list(rulings[-1]["laws"])


@pytest.mark.law("24")
def test_a_card_exposed_during_the_auction_is_told_from_the_page(board: Board) -> None:
    board.act("N", seat="N", call="1S")
    east = board.page("E", locale="ru-RU")
    east.click(".more-actions summary")
    assert east.inner_text('#expose-card option[value="HA"]') == "♥Т"  # his own cards, ranked as the Russian rulings write them
    east.select_option("#expose-card", "HA")
    east.select_option("#expose-how", "dropped")
    east.click("#expose-btn")
    board.synced(east)
    assert any(law.startswith("24") for law in laws_of_last_ruling(board))
    shot(east, "card-exposed-1366-ru")


@pytest.mark.law("25A")
def test_a_change_of_call_is_made_from_the_bidding_box(board: Board) -> None:
    board.act("N", seat="N", call="1S")
    north = board.page("N")
    north.check("#change-toggle")
    north.click('#bidding-box [data-call="1N"]')
    north.click('#bidding-box [data-call="1N"]')  # not his turn any more: a second click confirms
    board.synced(north)
    assert board.state()["view"]["rulings"][-1]["kind"] == "change_of_call"
    director = board.page("director")
    assert director.locator('#queue [data-q="unintended"], #queue [data-key="unintended"]').count() >= 1


@pytest.mark.law("13A1")
def test_a_board_problem_is_reported_from_the_page_with_the_hands_it_concerns(board: Board) -> None:
    south = board.page("S", locale="ru-RU")
    south.click(".more-actions summary")
    south.select_option("#report-kind", "incorrect_number")
    assert south.is_visible("#report-under") and not south.is_visible("#report-card")
    south.select_option("#report-seat", "S")
    south.select_option("#report-under", "W")
    south.click("#report-btn")
    board.synced(south)
    ruling = board.state()["view"]["rulings"][-1]
    assert ruling["kind"] == "board" and "13A1" in ruling["laws"] and ruling["status"] == "awaiting_decision"
    shot(south, "board-problem-1366-ru")


@pytest.mark.law("14A")
def test_a_missing_card_is_reported_with_the_card(board: Board) -> None:
    north = board.page("N")
    north.click(".more-actions summary")
    north.select_option("#report-kind", "missing_card")
    assert north.inner_text('#report-card option[value="ST"]') == "♠10"
    north.select_option("#report-card", "SA")
    north.click("#report-btn")
    board.synced(north)
    ruling = board.state()["view"]["rulings"][-1]
    assert ruling["kind"] == "board" and ruling["status"] == "awaiting_decision"


@pytest.mark.law("20F4")
def test_a_player_corrects_his_own_mistaken_explanation_from_the_page(board: Board) -> None:
    board.act("N", seat="N", call="1N")
    board.act("E", seat="E", call="P")
    board.act("S", seat="S", call="2D", meaning="natural")
    north = board.page("N")
    assert not north.is_visible("#mistake-btn")  # no card has been played after it yet (47E2)
    north.click(".more-actions summary")
    north.fill("#correct-call", "3")  # South's 2♦ was explained wrongly by North
    north.click("#correct-btn")
    board.synced(north)
    ruling = board.state()["view"]["rulings"][-1]
    assert ruling["kind"] == "misinformation" and "20F4" in ruling["laws"]
    director = board.page("director")
    assert director.locator('#queue [data-q="mistaken_explanation"], #queue [data-key="mistaken_explanation"]').count() >= 1


@pytest.mark.law("47E2(b)")
def test_a_defender_misinformed_before_his_lead_points_it_out_from_the_page(board: Board) -> None:
    board.auction_4s_by_north()
    board.act("E", seat="E", play="HA")
    east = board.page("E")
    east.click(".more-actions summary")
    east.click("#mistake-btn")
    board.synced(east)
    assert board.state()["view"]["rulings"][-1]["kind"] == "lead_after_misinformation"


# ---------------------------------------------------------------- what the table is told
def test_the_status_line_says_whose_turn_it_is_and_that_a_ruling_waits_for_him(board: Board) -> None:
    board.act("N", seat="N", call="1S")
    board.act("E", seat="E", call="1H")  # insufficient: South chooses
    west = board.page("W")
    status = west.inner_text("#status-line")
    assert "To act: South" in status and "Insufficient bid" in west.inner_text("#turn-why")
    south = board.page("S", locale="ru-RU")
    assert "Недостаточное назначение" in south.inner_text("#turn-why")


@pytest.mark.law("9B1(a)")
def test_a_call_for_the_director_is_shown_to_every_seat_until_the_table_goes_on(board: Board) -> None:
    north = board.page("N")
    north.click("#director-btn")
    board.synced(north)
    east = board.page("E")
    assert "North" in east.inner_text("#director-called")
    assert "North" in board.page("director").inner_text("#director-called")
    board.act("N", seat="N", call="1S")  # the director has come and the auction goes on
    board.synced(east)
    assert east.locator("#director-called").count() == 0


def test_the_felt_shows_four_hands_the_dealer_the_vulnerability_and_the_trick_in_the_middle(browser: Any, server: ServerProcess) -> None:
    b = Board(browser, server)
    b.api.close()
    b.api = httpx.Client(base_url=server.url, timeout=10)
    pbn = PBN.replace('[Board "1"]', '[Board "2"]').replace('[Dealer "N"]', '[Dealer "E"]').replace('[Vulnerable "None"]', '[Vulnerable "NS"]')
    made = b.api.post("/api/tables", json={"pbn": pbn, "opening_lead": "face_up"}).json()
    b.tokens, b.links = made["tokens"], {k: server.url + v for k, v in made["links"].items()}
    try:
        for seat, call in (("E", "P"), ("S", "1S"), ("W", "P"), ("N", "4S"), ("E", "P"), ("S", "P"), ("W", "P")):
            b.act(seat, seat=seat, call=call)
        b.act("W", seat="W", play="CA")  # South declares: West leads
        east = b.page("E")
        assert east.locator("#felt .hand[data-seat]").count() == 4
        assert east.locator('.hand[data-seat="E"] .card:not(.back)').count() == 13
        assert east.locator('.hand[data-seat="N"] .card:not(.back)').count() == 13  # dummy, spread
        assert "dealer" in east.inner_text('.hand[data-seat="E"]').lower()
        assert east.locator('.hand[data-seat="N"].vul, .hand[data-seat="N"] .vul, [data-seat="N"] .vul-mark').count() >= 1
        assert east.locator('.hand[data-seat="E"].vul, .hand[data-seat="E"] .vul, [data-seat="E"] .vul-mark').count() == 0
        assert east.locator('#centre .card[title="CA"]').count() == 1
        shot(east, "felt-1366-en")
    finally:
        b.close()


def test_the_last_trick_is_shown_on_request(board: Board) -> None:
    board.auction_4s_by_north()
    for seat, card in (("E", "HA"), ("S", "H6"), ("W", "H2"), ("N", "H8")):
        board.act("N" if seat == "S" else seat, seat=seat, play=card)
    north = board.page("N")
    north.click('[data-ask="see_trick"]')
    board.synced(north)
    answer = north.inner_text('#answers [data-ask-answer="see_trick"]')
    assert all(c in answer for c in ("♥A", "♥6", "♥2", "♥8")), answer


def test_online_a_card_out_of_turn_cannot_be_played(browser: Any, server: ServerProcess) -> None:
    b = Board(browser, server, mode="online")
    try:
        b.auction_4s_by_north()
        west = b.page("W")  # East is on lead
        assert west.locator('.hand[data-seat="W"] .card.legal').count() == 0
        west.click('.hand[data-seat="W"] .card[title="CA"]', position={"x": 8, "y": 10})
        west.click('.hand[data-seat="W"] .card[title="CA"]', position={"x": 8, "y": 10})
        assert b.state()["seq"] == 6 and b.state()["view"]["tricks"] == []
    finally:
        b.close()


def test_the_event_log_names_each_board_by_its_number_not_its_place(browser: Any, server: ServerProcess) -> None:
    b = Board(browser, server)
    b.api.close()
    b.api = httpx.Client(base_url=server.url, timeout=10)
    made = b.api.post("/api/tables", json={"boards": 2, "first_board": 7, "opening_lead": "face_up"}).json()
    b.tokens, b.links = made["tokens"], {k: server.url + v for k, v in made["links"].items()}
    try:
        b.act("E", seat="E", call="P")  # board 7: East deals
        director = b.page("director")
        director.click("#next-board")
        director.click("#next-board")  # mid-auction: the second click moves on
        director.wait_for_selector("#board-info:has-text('(2/2)')", timeout=WAIT_MS)
        b.act("S", seat="S", call="P")  # board 8: South deals
        b.synced(director)
        boards = director.locator("#event-log .event .muted").all_inner_texts()
        assert "Board 7" in boards and "Board 8" in boards and "Board 1" not in boards, boards
    finally:
        b.close()
