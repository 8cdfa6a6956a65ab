"""1997: the rectifications that silence a player are worded as the 1997 Laws word them,
«PENALTY» (НАКАЗАНИЕ), and the lead restriction that may follow cites Law 26 as a whole:
in 1997 its clause depends on the withdrawn call (26A for a call that named suits, 26B
otherwise), which is known only when the opening lead comes."""

from __future__ import annotations

import pytest
from auction_helpers import calls, choose, ruling, run

CASES = {
    "36": ([*calls("N:1S", "E:P", "S:X")], "inadmissible_double"),
    "31A2(b)": ([*calls("E:1H"), choose("S", "decline"), *calls("N:1S", "E:2D")], "call_out_of_rotation"),
    "31A2(a)": ([*calls("E:1H"), choose("S", "decline"), *calls("N:1S", "E:2H")], "call_out_of_rotation"),
}


@pytest.mark.parametrize("law", sorted(CASES))
def test_1997_silencing_rectification_is_marked_penalty(law: str) -> None:
    actions, kind = CASES[law]
    out = run(actions, edition="1997")
    r = ruling(out, kind)
    assert law in r["laws"]
    assert "PENALTY:" in r["summary"]
    assert "НАКАЗАНИЕ:" in r["summary_ru"]


@pytest.mark.parametrize("law", ["36", "31A2(b)"])
def test_1997_lead_restriction_flag_is_law_26_not_the_2017_clause(law: str) -> None:
    actions, kind = CASES[law]
    r = ruling(run(actions, edition="1997"), kind)
    assert "26" in r["flags"] and "26B" not in r["flags"]
    assert "(26B)" not in r["summary"]


def test_2017_keeps_26B_and_no_penalty_marking() -> None:
    r = ruling(run([*calls("N:1S", "E:P", "S:X")]), "inadmissible_double")
    assert "26B" in r["flags"] and "PENALTY" not in r["summary"]


def test_1997_another_insufficient_bid_cites_27B_not_the_double_clause() -> None:
    out = run([*calls("N:1H", "E:1C"), choose("S", "decline"), *calls("E:1D")], edition="1997")
    r = ruling(out, "insufficient_bid")
    assert "27B" in r["laws"] and "27B3" not in r["laws"]
