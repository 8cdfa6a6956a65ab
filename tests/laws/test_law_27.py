"""Law 27 completed: 27A1 condoned, 27C premature replacement, 27D flag, combinations."""

from __future__ import annotations

import pytest
from auction_helpers import calls, choose, decide, director, restriction, ruling, run, statuses


@pytest.mark.law("27A1")
def test_27A1_lho_calling_over_the_insufficient_bid_accepts_it() -> None:
    out = run(calls("N:1H", "E:1C", "S:P"))
    assert out["auction"] == ["1H", "1C", "P"] and out["calls"][1]["law"] == "27A1"


@pytest.mark.law("27A1")
def test_27A1_condoned_before_the_director_comes() -> None:
    out = run([*calls("N:1H", "E:1C", "S:1S"), director("W")], auto_director=False)
    assert out["auction"] == ["1H", "1C", "1S"] and "27A1" in ruling(out, "insufficient_bid")["laws"]


@pytest.mark.law("27C")
def test_27C_premature_replacement_stands_when_lho_does_not_accept() -> None:
    out = run([*calls("N:1H", "E:1C", "E:2C"), director("S"), choose("S", "decline")], auto_director=False)
    assert statuses(out) == ["N:1H:stands", "E:1C:cancelled", "E:2C:stands"]
    r = ruling(out, "insufficient_bid")
    assert {"27C", "27B1(a)"} <= set(r["laws"]) and "27D" in r["flags"]


@pytest.mark.law("27C")
def test_27C_premature_replacement_is_cancelled_when_lho_accepts_the_insufficient_bid() -> None:
    out = run([*calls("N:1H", "E:1C", "E:2C"), choose("S", "accept")])
    assert statuses(out) == ["N:1H:stands", "E:1C:stands", "E:2C:cancelled"]


@pytest.mark.law("27C")
def test_27C_premature_pass_silences_partner() -> None:
    out = run([*calls("N:1H", "E:1C", "E:P"), choose("S", "decline")])
    assert restriction(out, "W")["law"] == "27B2"  # type: ignore[index]


@pytest.mark.law("27D")
def test_27D_flag_after_lowest_sufficient_bid() -> None:
    out = run([*calls("N:1H", "E:1C"), choose("S", "decline"), *calls("E:2C")])
    assert "27D" in ruling(out, "insufficient_bid")["flags"]


@pytest.mark.law("27B3")
def test_27B3_double_substituted_not_comparable_cancelled_then_partner_silenced() -> None:
    out = run([*calls("N:1H", "E:1C"), choose("S", "decline"), *calls("E:X"), decide(comparable=False), *calls("E:2C")])
    assert restriction(out, "W")["law"] == "27B3"  # type: ignore[index]
    assert statuses(out)[-2:] == ["E:X:cancelled", "E:2C:stands"]


@pytest.mark.law("37B1")
def test_27_insufficient_bid_by_a_player_obliged_to_pass_is_law_37() -> None:
    out = run([*calls("N:1H", "E:1C"), choose("S", "decline"), *calls("E:P", "S:2D", "W:1S")])
    assert ruling(out, "violates_pass_obligation")["laws"][:2] == ["37B1", "37B2"]
    assert statuses(out)[-2:] == ["W:1S:cancelled", "W:P:stands"]


def test_27_several_irregularities_before_the_director_are_ruled_in_order() -> None:
    # E's insufficient 1C, then W's 2C out of rotation at S's turn; the director rules on the
    # first: S declines, 1C is cancelled and the auction goes back to E, so W's 2C, made
    # over it, goes too; W's call is still a bid out of rotation at RHO's turn, rectified
    # under 31A after S's call (test_law_29_calls_over_a_cancelled_call.py). Every call is kept.
    base = [*calls("N:1H", "E:1C", "W:2C"), director("N")]
    out = run(base, auto_director=False)
    assert out["awaiting"] == {"ruling": 0, "by": "S", "options": ["accept", "decline"]}
    out = run([*base, choose("S", "decline"), *calls("E:2C")], auto_director=False)
    assert statuses(out) == ["N:1H:stands", "E:1C:cancelled", "W:2C:cancelled", "E:2C:stands"]
    assert out["turn"] == "S" and "27B1(a)" in out["rulings"][0]["laws"]
    assert out["rulings"][1]["status"] == "follow_up" and out["awaiting"] is None
    assert "31A" in out["rulings"][1]["summary"]
