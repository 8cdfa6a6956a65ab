"""A refused action is explained in the reader's language: the handlers and the table
refuse with a catalog message (``text(...)``), never with an English string of their own."""

from __future__ import annotations

import ast
from pathlib import Path

from bridgelaw.i18n.output import localize_state
from bridgelaw.io.scenario import load_scenario

SRC = Path(__file__).resolve().parents[2] / "src" / "bridgelaw"
REFUSERS = {"refuse", "_Refuse", "ActionRefused"}
DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.765 6543.765.AKQ.T98 2.J432.JT98.AKQJ"
AUCTION = [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "4S"},
           {"seat": "W", "call": "P"}, {"seat": "N", "call": "P"}, {"seat": "E", "call": "P"}]


def inline_refusals(source: str) -> list[int]:
    """Lines where a refusal's message is a string literal or an f-string."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and len(node.args) >= 2:
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            if name in REFUSERS and isinstance(node.args[1], ast.Constant | ast.JoinedStr | ast.BinOp):
                out.append(node.lineno)
    return out


def test_handlers_and_the_table_refuse_with_catalog_messages() -> None:
    paths = [*(SRC / "laws").rglob("*.py"), *(SRC / "table").rglob("*.py"), SRC / "table_ops.py"]
    found = {p.relative_to(SRC).as_posix(): lines for p in sorted(paths)
             if (lines := inline_refusals(p.read_text(encoding="utf-8")))}
    assert not found, f"refusal messages written inline (use text(...) and the catalogs): {found}"


def test_an_inline_refusal_is_found() -> None:
    assert inline_refusals('ops.refuse("code", f"{seat} may not")') == [1]
    assert not inline_refusals('ops.refuse("code", text("x.y", seat=seat))')


def test_a_refused_play_of_two_cards_online_is_explained_in_russian() -> None:
    case = {"format": 1, "board": 1, "deal": DEAL, "mode": "online",
            "actions": [*AUCTION, {"seat": "E", "play_together": ["HA", "HK"]}]}
    state = load_scenario(case).table().to_json()
    assert state["refused"][-1]["code"] == "play_together"
    en = localize_state(state, "en")["refused"][-1]["message"]
    ru = localize_state(state, "ru")["refused"][-1]["message"]
    assert en == "East played several cards at once (Law 58B)"
    assert ru == "Восток сыграл сразу несколько карт (Правило 58B)"


def test_a_refused_request_gives_its_reason_in_the_readers_language() -> None:
    # W asks for a review of the auction out of turn (20B): the reason is a catalog message
    case = {"format": 1, "board": 1, "deal": DEAL,
            "actions": [{"seat": "N", "call": "1S"}, {"seat": "W", "ask": "review"}]}
    state = load_scenario(case).table().to_json()
    en = localize_state(state, "en")["requests"][-1]
    ru = localize_state(state, "ru")["requests"][-1]
    assert not en["granted"]
    assert en["reason"] == "a review of the auction may be had only at one's own turn to call"
    assert ru["reason"] == "обзор торговли можно попросить только в свою очередь делать заявку"


def test_a_request_about_a_call_names_it_counted_from_one_in_russian() -> None:
    case = {"format": 1, "board": 1, "deal": DEAL,
            "actions": [{"seat": "N", "call": "1S"}, {"seat": "E", "ask": "explain", "call_index": 5}]}
    state = load_scenario(case).table().to_json()
    assert localize_state(state, "en")["requests"][-1]["reason"] == "there is no call 5 in the auction"
    assert localize_state(state, "ru")["requests"][-1]["reason"] == "в торговле нет заявки № 6"
