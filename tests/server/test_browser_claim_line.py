"""Browser test: a claim's line stated with the live table's controls reaches the table
as a structured statement, the banner reads it back in the page's language, and the
director's panel puts double dummy first, then the worst normal line with the choices
that cost tricks, the proposal and the statement as read (Laws 68C, 70A, 70D1, 70E).

The deal is the one where East, claiming the last twelve tricks «пики, бубны, трефы
сверху», holds the ace, king, queen and two of spades: held to his statement he never
plays the two under South's nine, and the worst normal line is nine, not five.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from server_helpers import ARTIFACTS, WAIT_MS, ServerProcess, new_table

pytestmark = pytest.mark.browser

DEAL = "N:43.876.9872.JT98 AKQ2.K32.A63.K32 JT9.AQJT9.54.654 8765.54.KQJT.AQ7"
PBN = f'[Event "test"]\n[Board "1"]\n[Dealer "E"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'


def _act(api: httpx.Client, token: str, action: dict[str, Any]) -> None:
    r = api.post(f"/api/links/{token}/actions", json={"action": action})
    assert r.status_code == 200, r.text


@pytest.mark.law("70D1")
@pytest.mark.law("68C")
def test_70D1_a_line_stated_with_the_controls_binds_the_worst_normal_line(browser: Any, server: ServerProcess) -> None:
    api, t, tok = _claimed(browser, server, "Все остальные: пики, бубны, трефы сверху")
    view = api.get(f"/api/links/{tok['director']}/state").json()["view"]
    analysis = next(r for r in view["rulings"] if r["kind"] == "claim")["analysis"]
    assert (analysis["double_dummy"], analysis["worst_normal"], analysis["proposal"]) == (10, 9, 9)
    assert analysis["statement_parsed"]["structured"] is True
    # East's spades from the top: never the two while the side's ace, king or queen is left
    east_spades = [c for c in analysis["line"] if c.startswith("S") and c in ("SA", "SK", "SQ", "S2")]
    assert east_spades == ["SA", "SK", "SQ", "S2"]

    director = browser.new_context(viewport={"width": 1600, "height": 1000}, locale="ru-RU").new_page()
    director.add_init_script("localStorage.setItem('bridgelaw.lang', 'ru')")
    director.goto(server.url + t["links"]["director"])
    block = director.wait_for_selector("#queue .claim-analysis", timeout=WAIT_MS)
    heads = [h.inner_text() for h in block.query_selector_all("th")]
    assert heads.index("в открытую") < heads.index("худшая нормальная линия") < heads.index("предложение")
    assert "♠ сверху, ♦ сверху, ♣ сверху" in director.inner_text("#queue .claim-analysis .statement")
    assert "взятка 10" in director.inner_text("#queue .claim-analysis .choices")
    director.screenshot(path=str(ARTIFACTS / "director-claim-line-ru.png"), full_page=True)


@pytest.mark.law("70D1")
def test_70D1_the_director_is_shown_where_the_words_differ_from_the_line_given(browser: Any, server: ServerProcess) -> None:
    _, t, _ = _claimed(browser, server, "Трефы, потом пики; бубны с импасом")
    director = browser.new_context(viewport={"width": 1600, "height": 1000}, locale="ru-RU").new_page()
    director.add_init_script("localStorage.setItem('bridgelaw.lang', 'ru')")
    director.goto(server.url + t["links"]["director"])
    director.wait_for_selector("#queue .claim-analysis", timeout=WAIT_MS)
    statement = director.inner_text("#queue .claim-analysis .statement")
    assert "слова расходятся с указанной линией (порядок мастей, ♦): учтена линия" in statement


def _claimed(browser: Any, server: ServerProcess, words: str) -> tuple[httpx.Client, dict[str, Any], dict[str, str]]:
    """East claims twelve tricks with ``words`` and the line ♠, ♦, ♣ from the top given
    with the live table's controls; South disputes."""
    ARTIFACTS.mkdir(exist_ok=True)
    api = httpx.Client(base_url=server.url, timeout=60)
    t = new_table(api, pbn=PBN)
    tok = t["tokens"]
    for seat, call in (("E", "1N"), ("S", "P"), ("W", "3N"), ("N", "P"), ("E", "P"), ("S", "P")):
        _act(api, tok[seat], {"seat": seat, "call": call})
    s = api.get(f"/api/links/{tok['all']}/state").json()
    if s["view"].get("face_down_lead"):
        _act(api, tok["S"], {"seat": "S", "face_lead": True})
    for seat, card in (("S", "D5"), ("W", "DK"), ("N", "D2"), ("E", "D6")):
        _act(api, tok["all"], {"seat": seat, "play": card})

    east = browser.new_context(viewport={"width": 1366, "height": 900}, locale="ru-RU").new_page()
    east.add_init_script("localStorage.setItem('bridgelaw.lang', 'ru')")
    east.goto(server.url + t["links"]["E"])
    east.wait_for_selector("#claim-suit-0", timeout=WAIT_MS)
    east.fill("#claim-n", "12")
    east.fill("#claim-statement", words)
    for i, suit in enumerate("SDC"):
        east.select_option(f"#claim-suit-{i}", suit)
        east.select_option(f"#claim-play-{i}", "top")
    east.screenshot(path=str(ARTIFACTS / "player-claim-line-controls-ru.png"), full_page=True)
    east.click("#claim-btn")
    banner = east.wait_for_selector("#claim-banner .claim-line-text", timeout=WAIT_MS)
    assert banner.inner_text() == "♠ сверху, ♦ сверху, ♣ сверху"
    _act(api, tok["S"], {"seat": "S", "claim_response": "dispute"})
    return api, t, tok
