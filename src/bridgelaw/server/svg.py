"""A hand diagram as SVG: the four compass seats, the hands the viewer may see, dealer and
vulnerability marks. Built from a view, so it can never show more than the link may see."""

from __future__ import annotations

from html import escape
from typing import Any

SUITS = (("S", "♠", "#111"), ("H", "♥", "#c00"), ("D", "♦", "#c00"), ("C", "♣", "#111"))
SEAT_NAMES = {
    "en": {"N": "North", "E": "East", "S": "South", "W": "West"},
    "ru": {"N": "Север", "E": "Восток", "S": "Юг", "W": "Запад"},
}
WORDS = {
    "en": {"board": "Board", "dealer": "Dealer", "vul": "Vul", "hidden": "(hidden)",
           "None": "None", "NS": "N-S", "EW": "E-W", "All": "All"},
    "ru": {"board": "Сдача", "dealer": "Сдающий", "vul": "Зона", "hidden": "(закрыта)",
           "None": "никто", "NS": "С-Ю", "EW": "В-З", "All": "все"},
}
_POS = {"N": (190, 40), "W": (20, 160), "E": (360, 160), "S": (190, 280)}


def hand_diagram(view: dict[str, Any], lang: str = "en") -> str:
    lang = lang if lang in WORDS else "en"
    w = WORDS[lang]
    hands: dict[str, str] = view.get("hands", {})
    vul = str(view.get("vulnerable", "None"))
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="520" height="400" viewBox="0 0 520 400" '
        'font-family="DejaVu Sans, Arial, sans-serif" font-size="15">',
        '<rect width="520" height="400" fill="#fff"/>',
        f'<text x="10" y="20" font-weight="bold">{escape(w["board"])} {int(view.get("board", 0))}</text>',
        f'<text x="10" y="390">{escape(w["dealer"])}: {escape(SEAT_NAMES[lang].get(str(view.get("dealer")), "?"))}'
        f' · {escape(w["vul"])}: {escape(w.get(vul, vul))}</text>',
        '<rect x="200" y="150" width="120" height="100" fill="#2e7d32" rx="6"/>',
    ]
    for seat, (x, y) in _POS.items():
        vulnerable = vul == "All" or (vul == "NS" and seat in "NS") or (vul == "EW" and seat in "EW")
        colour = "#c00" if vulnerable else "#333"
        mark = " ●" if view.get("dealer") == seat else ""
        parts.append(f'<text x="{x}" y="{y}" font-weight="bold" fill="{colour}">{escape(SEAT_NAMES[lang][seat])}{mark}</text>')
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
