"""Browser tests: the web UI in Debian's headless Chromium, driven by Playwright, against
the real server (``bridgelaw serve`` in a subprocess on a temporary SQLite database).

One board from the lobby to the score, as at a club table: the table is opened in the
lobby from a PBN file; four players join by their own links and the director by his.
East makes an insufficient bid (Law 27), South (LHO) does not accept it (27A1), East
replaces it with a double and the director, from his console, judges it comparable
(27B1(b), 23A). North declares 4S; East's opening lead is made face down and faced
(41A); eight tricks are played by clicking cards (declarer plays dummy's), then declarer
claims the rest, both defenders agree (68A, 69A), every page shows the score, and the
director's adjustment (Law 12) reaches every page. Screenshots of the table and the console go to test-artifacts/.
"""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from server_helpers import ARTIFACTS, PBN, WAIT_MS, ServerProcess

pytestmark = pytest.mark.browser
PLAYERS = ("N", "E", "S", "W")


class Table:
    """The five pages at one table and the director's view over HTTP (to know the seq)."""

    def __init__(self, server: ServerProcess, links: dict[str, str], pages: dict[str, Any]) -> None:
        self.api = httpx.Client(base_url=server.url, timeout=10)
        self.links = links
        self.pages = pages
        self.director_token = links["director"].split("t=")[1]
        self.errors: list[str] = []

    def state(self) -> dict[str, Any]:
        return dict(self.api.get(f"/api/links/{self.director_token}/state").json())

    def synced(self, seq: int) -> None:
        """Every page shows state ``seq`` (or a later one: a claim's analysis is logged
        after it) before anyone goes on."""
        for page in self.pages.values():
            page.wait_for_function("n => Number(document.getElementById('layout')?.dataset.seq) >= n", arg=seq,
                                   timeout=WAIT_MS)

    def click(self, role: str, selector: str) -> dict[str, Any]:
        """``role`` clicks ``selector``; returns the state once every page shows the
        action's result. Cards overlap as in a real fan: click their visible corner."""
        seq = self.state()["seq"]
        corner = {"x": 8, "y": 10} if ".card" in selector else None
        self.pages[role].click(selector, timeout=WAIT_MS, position=corner)
        self.synced(seq + 1)
        return self.state()


def _analysis_logged(table: Table) -> int:
    """The seq at which the last claim's analysis is logged (no longer pending)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while True:
        state = table.state()
        claims = [r for r in state["view"]["rulings"] if r["kind"] == "claim"]
        analysis = claims[-1].get("analysis") if claims else None
        if analysis and not analysis.get("pending"):
            return int(state["seq"])
        assert time.monotonic() < deadline, "the claim's analysis was never logged"
        time.sleep(0.1)


def open_table_in_lobby(browser: Any, server: ServerProcess) -> dict[str, str]:
    """Open a table from the lobby with the test PBN file; return role -> link."""
    ctx = browser.new_context(viewport={"width": 1200, "height": 800}, locale="en-GB")
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.fill("#f-title", "Browser test")
    page.check('input[name="source"][value="pbn"]')
    page.fill("#f-pbn", PBN)
    page.select_option("#f-lead", "face_down")
    page.click("#create-btn")
    page.wait_for_selector('#links a[data-link="director"]', timeout=WAIT_MS)
    links = {role: page.get_attribute(f'#links a[data-link="{role}"]', "href") or "" for role in (*PLAYERS, "director", "all")}
    page.screenshot(path=str(ARTIFACTS / "lobby.png"))
    ctx.close()
    return links


def join(browser: Any, links: dict[str, str], errors: list[str]) -> dict[str, Any]:
    """Each player and the director open their own link in their own browser context
    (the pages load side by side, as at a real table)."""
    pages: dict[str, Any] = {}
    for role in (*PLAYERS, "director"):
        size = {"width": 1600, "height": 1000} if role == "director" else {"width": 1360, "height": 900}
        page = browser.new_context(viewport=size, locale="en-GB").new_page()
        page.on("pageerror", lambda e, role=role: errors.append(f"{role}: {e}"))
        page.goto(links[role], wait_until="commit")
        pages[role] = page
    for page in pages.values():
        page.wait_for_selector('#layout[data-seq="0"]', timeout=WAIT_MS)
    return pages


@pytest.mark.law("27B1(b)")
@pytest.mark.law("68A")
def test_four_players_and_the_director_play_a_board_with_a_ruling_and_a_claim(browser: Any, server: ServerProcess) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    links = open_table_in_lobby(browser, server)
    assert all(link.startswith(server.url + "/table?t=") for link in links.values())
    errors: list[str] = []
    table = Table(server, links, join(browser, links, errors))
    p = table.pages

    # hidden information: North's page shows his own cards and only backs of the others
    assert p["N"].locator('.hand[data-seat="N"] .card:not(.back)').count() == 13
    for seat in ("E", "S", "W"):
        assert p["N"].locator(f'.hand[data-seat="{seat}"] .card:not(.back)').count() == 0

    # the auction: 1S by the dealer, then East's insufficient 1H (a second click confirms it)
    table.click("N", '#bidding-box [data-call="1S"]')
    p["E"].click('#bidding-box [data-call="1H"]')
    assert "irregular" in p["E"].inner_text("#status-line")
    s = table.click("E", '#bidding-box [data-call="1H"]')
    ruling = s["view"]["rulings"][0]
    assert ruling["kind"] == "insufficient_bid" and ruling["status"] == "awaiting_choice"
    # South, the LHO, sees the ruling with its law and chooses from the offered options
    p["S"].wait_for_selector('#rulings [data-choose="decline"]')
    assert "27A" in p["S"].inner_text("#rulings")
    p["S"].screenshot(path=str(ARTIFACTS / "table-ruling.png"))
    table.click("S", '#rulings [data-choose="decline"]')
    table.click("E", '#bidding-box [data-call="X"]')
    # the director judges the replacement comparable from his console
    p["director"].wait_for_selector('#queue [data-key="comparable"][data-value="true"]')
    p["director"].screenshot(path=str(ARTIFACTS / "director-console.png"), full_page=True)
    s = table.click("director", '#queue [data-key="comparable"][data-value="true"]')
    ruling = s["view"]["rulings"][0]
    assert ruling["status"] == "closed" and any(law.startswith("27B1(b)") for law in ruling["laws"])
    assert "27B1(b)" in p["W"].inner_text("#rulings")
    # South asks what East's double means: a click on the call in the auction (20F1)
    table.click("S", '#auction [data-call-index="2"]')
    assert "explain" in (p["S"].get_attribute("#answers .answer", "data-ask-answer") or "")
    table.click("S", '#bidding-box [data-call="4S"]')
    for seat in ("W", "N", "E"):
        s = table.click(seat, '#bidding-box [data-call="P"]')
    assert s["view"]["contract"] == {"level": 4, "strain": "S", "risk": "", "declarer": "N"}
    assert p["W"].locator("#auction td.cancelled, #auction s.cancelled").count() == 1

    # the opening lead, face down (41A), then faced; dummy goes down on the table
    table.click("E", '.hand[data-seat="E"] .card[data-card="HA"]')
    assert p["W"].locator('#centre .card.back').count() == 1
    table.click("E", "#face-lead")
    assert p["W"].locator('.hand[data-seat="S"] .card:not(.back)').count() == 13
    # declarer plays from dummy; at his first turn to play West reviews the auction (41B, 20C2)
    table.click("N", '.hand[data-seat="S"] .card.legal >> nth=0')
    s = table.click("W", '[data-ask="review"]')
    assert "4♠" in p["W"].inner_text('#answers [data-ask-answer="review"]')
    # eight tricks: whoever is to play clicks his first lawful card (declarer for dummy)
    while len(s["view"]["tricks"]) < 8 or s["view"]["tricks"][-1]["winner"] is None:
        seat = s["view"]["turn"]
        s = table.click(s["to_act"], f'.hand[data-seat="{seat}"] .card.legal >> nth=0')
    assert sum(s["view"]["tricks_won"].values()) == 8
    p["S"].screenshot(path=str(ARTIFACTS / "table-play.png"))

    # declarer claims the remaining five; both defenders agree (68A, 69A)
    won = s["view"]["tricks_won"]["NS"]
    p["N"].fill("#claim-n", "5")
    p["N"].fill("#claim-statement", "the rest are high")
    table.click("N", "#claim-btn")
    # the claim checker's analysis is logged as its own entry after the claim: the defenders
    # answer once every page shows it, so that each answer's own change is what is awaited
    table.synced(_analysis_logged(table))
    p["E"].wait_for_selector("#claim-banner:not([hidden])")
    table.click("E", '#rulings [data-choose="agree"]')
    s = table.click("W", '#rulings [data-choose="agree"]')
    result = s["view"]["result"]
    assert s["view"]["phase"] == "ended" and result["declarer_tricks"] == won + 5
    score = f"+{result['score_ns']}" if result["score_ns"] > 0 else str(result["score_ns"]).replace("-", "\u2212")
    for role, page in p.items():
        assert page.inner_text("#score-ns") == score, role
    # the director adjusts the score from his console (Law 12); every player sees it
    p["director"].fill("#adj-score", str(result["score_ns"] - 20))
    p["director"].fill("#adj-note", "browser test adjustment")
    table.click("director", '#adjust-form button[type="submit"]')
    for role, page in p.items():
        assert "browser test adjustment" in page.inner_text("#result-panel"), role
    p["S"].screenshot(path=str(ARTIFACTS / "table-end.png"))
    p["director"].screenshot(path=str(ARTIFACTS / "director-console-end.png"), full_page=True)

    # Russian throughout: switch the language and the table speaks Russian
    p["S"].click("#lang-btn")
    assert "Результат" in (p["S"].text_content("#result-panel") or "")
    assert "Пас" in p["S"].inner_text("#auction")
    p["S"].screenshot(path=str(ARTIFACTS / "table-end-ru.png"))

    # the hand diagram exports as SVG
    svg = table.api.get(p["S"].get_attribute("#svg-link", "href") or "")
    assert svg.status_code == 200 and svg.text.lstrip().startswith("<svg")
    assert errors == []
    table.api.close()


def test_practice_link_takes_every_seat_in_russian_and_a_bad_link_is_told(browser: Any, server: ServerProcess) -> None:
    """One person at all four seats (the 'all' link): the bidding box calls for the seat in
    turn; a browser set to Russian gets the Russian UI. A made-up link is told it is invalid."""
    api = httpx.Client(base_url=server.url, timeout=10)
    created = api.post("/api/tables", json={"boards": 2, "opening_lead": "face_up", "title": "Тренировка"}).json()
    ctx = browser.new_context(viewport={"width": 1360, "height": 900}, locale="ru-RU")
    page = ctx.new_page()
    page.goto(server.url + created["links"]["all"])
    page.wait_for_selector('#layout[data-seq="0"]', timeout=WAIT_MS)
    assert "Все четыре места" in page.inner_text("#who")
    for seq in range(1, 5):  # four passes: the board is passed out
        page.click('#bidding-box [data-call="P"]')
        page.wait_for_selector(f'#layout[data-seq="{seq}"]', timeout=WAIT_MS)
    assert page.get_attribute("#layout", "data-phase") == "ended"
    assert page.inner_text("#score-ns") == "0"
    assert "Все пасовали" in page.inner_text("#contract-panel")
    page.click("#next-board")
    page.wait_for_selector('#layout[data-seq="5"]', timeout=WAIT_MS)
    assert "Сдача 2" in page.inner_text("#board-info")

    page.goto(server.url + "/table?t=not-a-real-link")
    page.wait_for_selector("#status-line:has-text('недействительна')", timeout=WAIT_MS)
    ctx.close()
    api.close()
