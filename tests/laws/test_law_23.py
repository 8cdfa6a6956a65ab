"""Law 23: the comparable call is the director's question; 23C leaves a review flag."""

from __future__ import annotations

import pytest
from auction_helpers import calls, choose, decide, ruling, run


@pytest.mark.law("23A")
def test_23A_the_engine_asks_the_director_and_records_the_answer() -> None:
    out = run([*calls("E:1H"), choose("S", "decline"), *calls("N:1S", "E:2H")])
    assert out["awaiting"] == {"ruling": 0, "by": "director", "questions": ["comparable"]}
    r = ruling(out, "call_out_of_rotation")
    assert r["questions"][0]["law"] == "23A" and r["questions"][0]["text_ru"]
    out = run([*calls("E:1H"), choose("S", "decline"), *calls("N:1S", "E:2H"), decide(comparable=True)])
    assert ruling(out, "call_out_of_rotation")["answers"] == {"comparable": True}


@pytest.mark.law("23C")
def test_23C_comparable_substitution_leaves_an_adjustment_flag() -> None:
    out = run([*calls("N:1H", "E:1C"), choose("S", "decline"), *calls("E:2D"), decide(comparable=True)])
    r = ruling(out, "insufficient_bid")
    assert {"23C", "27D"} <= set(r["flags"]) and "27B1(b)" in r["laws"]


@pytest.mark.law("23B")
def test_23B_comparable_replacement_no_unauthorized_information_flag() -> None:
    out = run([*calls("N:1S", "W:P"), choose("N", "decline"), *calls("E:P", "S:2S", "W:P"), decide(comparable=True)])
    assert "16C" not in ruling(out, "call_out_of_rotation")["flags"]


def test_23_a_decision_without_the_comparable_key_is_refused() -> None:
    out = run([*calls("E:1H"), choose("S", "decline"), *calls("N:1S", "E:2H"), decide(unintended=True)])
    assert out["refused"][-1]["code"] == "wrong_decision"
    assert out["awaiting"]["by"] == "director"
