"""Law 27B: when the insufficient bid is not accepted, the director reads the offender his
replacements and what follows from each, before he replaces it."""

from __future__ import annotations

import pytest

from bridgelaw.io.scenario import load_scenario
from bridgelaw.table.decision import decision


def declined(edition: str) -> dict[str, object]:
    case = {"format": 1, "board": 1, "edition": edition, "actions": [
        {"seat": "N", "call": "1H"}, {"seat": "E", "call": "1C"}, {"seat": "S", "choose": "decline"}]}
    t = load_scenario(case).table()
    r = t.rulings[-1]
    return {"summary": r.summary_ru, "decision": decision(r, t.calls).msg.render("ru")}


@pytest.mark.law("27B1(a)")
def test_27B1a_the_lowest_sufficient_bid_in_the_same_denomination_is_named() -> None:
    out = declined("2017")
    assert "2♣" in out["summary"] and "27B1(a)" in out["summary"]
    assert "Восток заменяет заявку: 2♣" in out["decision"]


@pytest.mark.law("27B1(b)")
def test_27B1b_a_comparable_call_is_offered_in_2017_only() -> None:
    assert "27B1(b)" in declined("2017")["summary"]
    assert "сопоставим" not in declined("1997")["summary"]


@pytest.mark.law("27B2")
def test_27B2_any_other_call_silences_partner() -> None:
    for edition in ("2017", "1997"):
        out = declined(edition)
        assert "партнёр пасует до конца торговли" in out["summary"] and "27B2" in out["summary"]
