"""The optional four-colour deck: a button of the table page turns it on, the browser keeps
the setting (localStorage), clubs are drawn green and diamonds orange on the cards, the
bidding box and the auction, each at least 4.5:1 against its background (computed in the
page). Screenshots go to test-artifacts/screens/.
"""

from __future__ import annotations

import pytest
from browser_table import PHONE, SCREENS, Board

pytestmark = pytest.mark.browser

SUIT_CONTRAST = """() => {
  const rgb = (s) => s.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => { const c = [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; };
  const background = (el) => { for (let e = el; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor); if (c.length < 4 || c[3] > 0) return c; } return [255, 255, 255]; };
  const out = [];
  for (const el of document.querySelectorAll(".suit-C, .suit-D")) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || !el.innerText.trim()) continue;
    let opacity = 1;
    for (let e = el; e && e !== document.body; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    const fg = rgb(getComputedStyle(el).color); const bg = background(el);
    const mixed = fg.slice(0, 3).map((v, i) => v * opacity + bg[i] * (1 - opacity));
    const [a, b] = [lum(mixed), lum(bg)].sort((x, y) => y - x);
    out.push({ suit: el.className.includes("suit-C") ? "C" : "D", color: getComputedStyle(el).color, ratio: (a + 0.05) / (b + 0.05) });
  }
  return out;
}"""


def test_the_four_colour_deck_is_kept_by_the_browser_and_readable(board: Board) -> None:
    board.act("N", seat="N", call="1D")
    board.act("E", seat="E", call="2C")
    page = board.page("S", PHONE)
    two = {r["color"] for r in page.evaluate(SUIT_CONTRAST) if r["suit"] == "C"}
    assert two == {"rgb(17, 17, 17)"}  # two colours by default: clubs black
    page.click("#four-colour-btn")
    assert page.evaluate("localStorage.getItem('bridgelaw.fourColour')") == "1"
    assert page.get_attribute("#four-colour-btn", "aria-pressed") == "true"
    page.reload()
    board.synced(page)
    assert page.evaluate("document.body.classList.contains('four-colour')")  # kept by this browser
    measured = page.evaluate(SUIT_CONTRAST)
    assert {r["color"] for r in measured if r["suit"] == "C"} == {"rgb(11, 107, 29)"}
    assert {r["color"] for r in measured if r["suit"] == "D"} == {"rgb(168, 67, 0)"}
    low = [r for r in measured if r["ratio"] < 4.5]
    assert measured and low == [], low
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "four-colour-deck-S-390-en.png"))
    page.click("#four-colour-btn")
    assert not page.evaluate("document.body.classList.contains('four-colour')")
