"""A hand diagram as SVG: the four compass seats, the hands the viewer may see, dealer and
vulnerability marks. Built from a view, so it can never show more than the link may see."""

from __future__ import annotations

from html import escape
from typing import Any

from bridgelaw.i18n import msg
from bridgelaw.i18n.catalog import LANGUAGES

SUITS = (("S", "♠", "#111"), ("H", "♥", "#c00"), ("D", "♦", "#c00"), ("C", "♣", "#111"))
# the catalog's words (``ui.seat_*`` are the page's own seat names)
SEAT_NAMES = {"N": "ui.seat_N", "E": "ui.seat_E", "S": "ui.seat_S", "W": "ui.seat_W"}
WORDS = {
    "board": "server.svg.board", "dealer": "server.svg.dealer",
    "hidden": "server.svg.hidden", "None": "server.svg.vul_None", "NS": "server.svg.vul_NS",
    "EW": "server.svg.vul_EW", "All": "server.svg.vul_All",
}


def _words(lang: str) -> tuple[dict[str, str], dict[str, str]]:
    """The diagram's words and seat names in ``lang``."""
    return ({key: msg(id_).render(lang) for key, id_ in WORDS.items()},
            {seat: msg(id_).render(lang) for seat, id_ in SEAT_NAMES.items()})


_POS = {"N": (190, 40), "W": (20, 160), "E": (360, 160), "S": (190, 280)}


def hand_diagram(view: dict[str, Any], lang: str = "en") -> str:
    w, seat_names = _words(lang if lang in LANGUAGES else "en")
    hands: dict[str, str] = view.get("hands", {})
    vul = str(view.get("vulnerable", "None"))
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="520" height="400" viewBox="0 0 520 400" '
        'font-family="DejaVu Sans, Arial, sans-serif" font-size="15">',
        '<rect width="520" height="400" fill="#fff"/>',
        f'<text x="10" y="20" font-weight="bold">{escape(w["board"])} {int(view.get("board", 0))}</text>',
        f'<text x="10" y="390">{escape(w["dealer"])}: {escape(seat_names.get(str(view.get("dealer")), "?"))}'
        f' · {escape(w.get(vul, vul))}</text>',
        '<rect x="200" y="150" width="120" height="100" fill="#2e7d32" rx="6"/>',
    ]
    for seat, (x, y) in _POS.items():
        vulnerable = vul == "All" or (vul == "NS" and seat in "NS") or (vul == "EW" and seat in "EW")
        colour = "#c00" if vulnerable else "#333"
        mark = " ●" if view.get("dealer") == seat else ""
        parts.append(f'<text x="{x}" y="{y}" font-weight="bold" fill="{colour}">{escape(seat_names[seat])}{mark}</text>')
        hand = hands.get(seat)
        if hand is None:
            parts.append(f'<text x="{x}" y="{y + 22}" fill="#888">{escape(w["hidden"])}</text>')
            continue
        for i, ((_, symbol, fill), holding) in enumerate(zip(SUITS, hand.split("."), strict=True)):
            cards = " ".join("10" if c == "T" else c for c in holding) or "—"
            parts.append(
                f'<text x="{x}" y="{y + 22 + 20 * i}"><tspan fill="{fill}">{symbol}</tspan> {escape(cards)}</text>'
            )
    for seat, (x, y) in (("N", (252, 168)), ("S", (254, 244)), ("W", (206, 206)), ("E", (300, 206))):
        parts.append(f'<text x="{x}" y="{y}" fill="#fff" font-size="13">{seat}</text>')
    parts.append("</svg>")
    return "\n".join(parts)
