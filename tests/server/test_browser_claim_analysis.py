"""Browser test: a disputed claim shows the director the claim checker's analysis, and
no player (Laws 68D2, 70A, 70C).

The board is played over HTTP to eight tricks; declarer claims the rest, a defender
disputes it, and the director's console (Debian's headless Chromium, Playwright) shows
the verdict, the double-dummy figure, the worst normal line, the proposal and the line
of play trick by trick. A player's page at the same moment shows no analysis.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from server_helpers import ARTIFACTS, PBN, WAIT_MS, ServerProcess, new_table

pytestmark = pytest.mark.browser


def _act(api: httpx.Client, token: str, action: dict[str, Any]) -> None:
    r = api.post(f"/api/links/{token}/actions", json={"action": action})
    assert r.status_code == 200, r.text


def _state(api: httpx.Client, token: str) -> dict[str, Any]:
    return dict(api.get(f"/api/links/{token}/state").json())


@pytest.mark.law("70A")
@pytest.mark.law("70C")
def test_70A_a_disputed_claim_shows_the_director_the_analysis(browser: Any, server: ServerProcess) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    api = httpx.Client(base_url=server.url, timeout=60)
    t = new_table(api, pbn=PBN)
    tok = t["tokens"]
    for seat, call in (("N", "4S"), ("E", "P"), ("S", "P"), ("W", "P")):
        _act(api, tok[seat], {"seat": seat, "call": call})
    s = _state(api, tok["all"])
    if s["view"].get("face_down_lead"):
        _act(api, tok["E"], {"seat": "E", "face_lead": True})
        s = _state(api, tok["all"])
    while len(s["view"]["tricks"]) < 8 or s["view"]["tricks"][-1]["winner"] is None:
        seat = s["view"]["turn"]
        _act(api, tok["all"], {"seat": seat, "play": s["legal_cards"][0]})
        s = _state(api, tok["all"])
    _act(api, tok["N"], {"seat": "N", "claim": 5, "statement": "the rest are high"})
    _act(api, tok["E"], {"seat": "E", "claim_response": "dispute"})

    director = browser.new_context(viewport={"width": 1600, "height": 1000}, locale="en-GB").new_page()
    director.goto(server.url + t["links"]["director"])
    block = director.wait_for_selector("#queue .claim-analysis", timeout=WAIT_MS)
    text = block.inner_text()
    analysis = next(r for r in _state(api, tok["director"])["view"]["rulings"] if r["kind"] == "claim")["analysis"]
    assert "Claim checker" in text and "double dummy" in text and "worst normal line" in text
    assert director.inner_text("#queue .claim-analysis .dd") == str(analysis["double_dummy"])
    assert director.inner_text("#queue .claim-analysis .worst") == str(analysis["worst_normal"])
    assert director.inner_text("#queue .claim-analysis .proposal") == str(analysis["proposal"])
    assert director.locator("#queue .claim-analysis .line li").count() == (len(analysis["line"]) + 3) // 4
    first = analysis["line"][0]  # "D5": shown as the table reads it, "♦5"
    assert {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[first[0]] + first[1:].replace("T", "10") in director.inner_text("#queue .claim-analysis .line")
    director.screenshot(path=str(ARTIFACTS / "director-claim-analysis.png"), full_page=True)

    player = browser.new_context(viewport={"width": 1360, "height": 900}, locale="en-GB").new_page()
    player.goto(server.url + t["links"]["W"])
    player.wait_for_selector("#claim-banner:not([hidden])", timeout=WAIT_MS)
    assert player.locator(".claim-analysis").count() == 0
    assert all("analysis" not in r for r in _state(api, tok["W"])["view"]["rulings"])
