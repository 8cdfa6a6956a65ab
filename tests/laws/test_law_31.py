"""Law 31: bid out of rotation (2017 and 1997); 27A2: an insufficient bid out of rotation."""

from __future__ import annotations

import pytest
from auction_helpers import calls, choose, decide, restriction, ruling, run, statuses


@pytest.mark.law("31A1")
def test_31A1_rho_passes_offender_must_repeat_no_rectification() -> None:
    out = run([*calls("E:1H"), choose("S", "decline"), *calls("N:P", "E:1H")])
    assert out["auction"] == ["P", "1H"] and out["restrictions"] == []
    assert "31A1" in ruling(out, "call_out_of_rotation")["laws"]


@pytest.mark.law("31A1")
def test_31A1_a_different_call_is_cancelled_and_the_offender_must_still_repeat() -> None:
    out = run([*calls("E:1H"), choose("S", "decline"), *calls("N:P", "E:2H")])
    assert statuses(out)[-1] == "E:2H:cancelled" and out["turn"] == "E"
    out = run([*calls("E:1H"), choose("S", "decline"), *calls("N:P", "E:2H", "E:1H")])
    assert out["auction"] == ["P", "1H"]


@pytest.mark.law("31A2(a)")
def test_31A2a_rho_bids_comparable_call_no_rectification() -> None:
    out = run([*calls("E:1H"), choose("S", "decline"), *calls("N:1S", "E:2H"), decide(comparable=True)])
    r = ruling(out, "call_out_of_rotation")
    assert "31A2(a)" in r["laws"] and "23C" in r["flags"] and "16C" not in r["flags"]
    assert out["restrictions"] == []


@pytest.mark.law("31A2(b)")
def test_31A2b_rho_bids_not_comparable_partner_passes_once_and_26B() -> None:
    out = run([*calls("E:1H"), choose("S", "decline"), *calls("N:1S", "E:P"), decide(comparable=False)])
    assert restriction(out, "W") == {"seat": "W", "kind": "must_pass", "until": "next_turn", "law": "31A2(b)", "ruling": 0}
    assert {"26B", "72C", "16C"} <= set(ruling(out, "call_out_of_rotation")["flags"])


@pytest.mark.law("31B")
def test_31B_bid_at_partner_turn_partner_free_then_offender_judged() -> None:
    out = run([*calls("N:1S", "W:2C"), choose("N", "decline"), *calls("E:2H", "S:P", "W:3C"), decide(comparable=False)])
    assert out["auction"] == ["1S", "2H", "P", "3C"]
    assert restriction(out, "E")["law"] == "31A2(b)"  # type: ignore[index]


@pytest.mark.law("31C")
def test_31C_bid_at_lho_turn_after_own_call_is_a_change_of_call() -> None:
    out = run(calls("N:1S", "N:2S"))
    assert ruling(out, "change_of_call")["status"] == "awaiting_decision"


@pytest.mark.law("27A2")
def test_27A2_insufficient_bid_out_of_rotation_is_ruled_by_law_31_first() -> None:
    out = run(calls("N:1S", "W:1H"))
    assert [r["kind"] for r in out["rulings"]] == ["call_out_of_rotation"]
    # declined; E and S pass; W then bids 1H at his turn: insufficient -> Law 27
    out = run([*calls("N:1S", "W:1H"), choose("N", "decline"), *calls("E:P", "S:P", "W:1H")])
    assert [r["kind"] for r in out["rulings"]] == ["call_out_of_rotation", "insufficient_bid"]
    assert out["awaiting"]["by"] == "N"


def test_31A2a_1997_same_denomination_partner_passes_once() -> None:
    out = run([*calls("E:1H"), choose("S", "decline"), *calls("N:1S", "E:2H")], edition="1997")
    assert restriction(out, "W") == {"seat": "W", "kind": "must_pass", "until": "next_turn", "law": "31A2(a)", "ruling": 0}


def test_31A2b_1997_other_denomination_partner_passes_throughout() -> None:
    out = run([*calls("E:1H"), choose("S", "decline"), *calls("N:1S", "E:2D")], edition="1997")
    assert restriction(out, "W") == {"seat": "W", "kind": "must_pass", "until": "end_of_auction", "law": "31A2(b)", "ruling": 0}


def test_31B_1997_bid_at_partner_turn_partner_passes_throughout() -> None:
    out = run([*calls("N:1S", "W:2C"), choose("N", "decline")], edition="1997")
    assert restriction(out, "E") == {"seat": "E", "kind": "must_pass", "until": "end_of_auction", "law": "31B", "ruling": 0}


@pytest.mark.law("31A1")
def test_31A1_the_obligation_to_repeat_is_shown_until_the_offender_repeats() -> None:
    out = run([*calls("E:1H"), choose("S", "decline"), *calls("N:P")])
    assert out["restrictions"] == [{"seat": "E", "kind": "must_repeat", "until": "next_turn", "law": "31A1", "ruling": 0}]
    out = run([*calls("E:1H"), choose("S", "decline"), *calls("N:P", "E:1H")])
    assert out["restrictions"] == []
