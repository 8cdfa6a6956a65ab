"""Law 30: pass out of rotation (2017 and 1997)."""

from __future__ import annotations

import pytest
from auction_helpers import DEAL, calls, choose, decide, restriction, ruling, run

from bridgelaw import Board, Call, Deal, Table, TableConfig
from bridgelaw.actions import action_from_json


@pytest.mark.law("30A")
def test_30A_pass_at_rho_turn_offender_passes_at_his_next_turn() -> None:
    out = run([*calls("E:P"), choose("S", "decline")])
    assert restriction(out, "E") == {"seat": "E", "kind": "must_pass", "until": "next_turn", "law": "30A", "ruling": 0}
    assert restriction(out, "W") is None
    out = run([*calls("E:P"), choose("S", "decline"), *calls("N:1S", "E:P", "S:2S", "W:P", "N:P", "E:3H")])
    assert out["auction"][-1] == "3H"  # the obligation was spent by E's pass


@pytest.mark.law("30B1(a)")
def test_30B1a_pass_at_partner_turn_partner_calls_freely() -> None:
    out = run([*calls("N:1S", "W:P"), choose("N", "decline"), *calls("E:2H")])
    assert out["auction"] == ["1S", "2H"] and out["turn"] == "S"
    assert restriction(out, "E") is None


@pytest.mark.law("30B1(b)(i)")
def test_30B1bi_comparable_call_at_offender_turn_no_rectification() -> None:
    out = run([*calls("N:1S", "W:P"), choose("N", "decline"), *calls("E:P", "S:2S", "W:P"), decide(comparable=True)])
    r = ruling(out, "call_out_of_rotation")
    assert "30B1(b)(i)" in r["laws"] and "23C" in r["flags"]
    assert out["restrictions"] == []


@pytest.mark.law("30B1(b)(ii)")
def test_30B1bii_not_comparable_partner_passes_once() -> None:
    out = run([*calls("N:1S", "W:P"), choose("N", "decline"), *calls("E:P", "S:2S", "W:3C"), decide(comparable=False)])
    assert restriction(out, "E") == {"seat": "E", "kind": "must_pass", "until": "next_turn", "law": "30B1(b)(ii)", "ruling": 0}
    assert "26B" in ruling(out, "call_out_of_rotation")["flags"]


@pytest.mark.law("30B1")
def test_30B1_lho_dealer_and_offender_not_yet_called_is_treated_as_partner_turn() -> None:
    out = run([*calls("W:P"), choose("N", "decline")])
    assert ruling(out, "call_out_of_rotation")["laws"][-1] == "30B1(a)"
    assert out["turn"] == "N" and out["restrictions"] == []


@pytest.mark.law("30B2")
def test_30B2_pass_at_lho_turn_after_own_call_is_a_change_of_call() -> None:
    out = run(calls("N:1S", "N:P"))
    assert ruling(out, "change_of_call")["offender"] == "N"
    assert out["calls"][-1]["status"] == "cancelled" and out["calls"][-1]["pending"] is True  # SCENARIO.md: stands | cancelled


@pytest.mark.law("30C")
def test_30C_artificial_pass_out_of_rotation_goes_to_law_31() -> None:
    out = run([{"seat": "E", "call": "P", "artificial": True}, choose("S", "decline"), *calls("N:P")])
    r = ruling(out, "call_out_of_rotation")
    assert "30A" not in r["laws"] and restriction(out, "E") is None  # not a pass: no 30A obligation to pass
    assert "31A1" in r["laws"] and restriction(out, "E", "must_repeat") is not None  # North passed: East repeats
    assert out["turn"] == "E"


def test_30B2_1997_pass_at_partner_turn_after_a_bid_offender_passes_throughout() -> None:
    out = run([*calls("N:1S", "W:P"), choose("N", "decline")], edition="1997")
    assert restriction(out, "W") == {"seat": "W", "kind": "must_pass", "until": "end_of_auction", "law": "30B2", "ruling": 0}
    assert ruling(out, "call_out_of_rotation")["summary"].startswith("West passed out of rotation")


def test_30A_1997_pass_before_any_bid_offender_passes_once() -> None:
    out = run([*calls("W:P"), choose("N", "decline")], edition="1997")
    assert restriction(out, "W") == {"seat": "W", "kind": "must_pass", "until": "next_turn", "law": "30A", "ruling": 0}


@pytest.mark.law("30B2")
def test_30B2_1997_partner_barred_from_doubling_is_a_restriction_until_he_calls() -> None:
    out = run([*calls("N:1S", "W:P"), choose("N", "decline")], edition="1997")
    assert {"seat": "E", "kind": "no_double", "until": "next_turn", "law": "30B2", "ruling": 0} in out["restrictions"]


@pytest.mark.law("30B2")
def test_30B2_1997_partners_double_at_that_turn_is_cancelled_and_he_calls_again() -> None:
    out = run([*calls("N:1S", "W:P"), choose("N", "decline"), *calls("E:X")], edition="1997")
    assert out["calls"][-1] == {"seat": "E", "call": "X", "status": "cancelled", "law": "30B2"}
    assert out["turn"] == "E"


@pytest.mark.law("30B2")
def test_30B2_1997_bar_ends_with_partners_lawful_call() -> None:
    out = run([*calls("N:1S", "W:P"), choose("N", "decline"), *calls("E:X", "E:2H")], edition="1997")
    assert [r["kind"] for r in out["restrictions"]] == ["must_pass"] and out["auction"][-1] == "2H"


@pytest.mark.law("30B2")
def test_30B2_1997_legal_calls_leave_out_double_and_redouble_for_the_barred_partner() -> None:
    """1997 30B2: at his turn the partner of a player who passed out of rotation at his
    turn may make any sufficient bid or pass, but not double or redouble: the calls the
    table lists for him (what a client offers) say so, and after his call the bar is gone."""
    t = Table(Board.standard(1, Deal.parse(DEAL)), TableConfig(edition="1997"))
    for a in [*calls("N:1S", "W:P"), choose("N", "decline")]:
        t.act(action_from_json(a))
    legal = t.legal_calls
    assert t.turn is not None and t.turn.name == "E"
    assert Call.DOUBLE not in legal and Call.DOUBLE not in list(legal)
    assert Call.PASS in legal and Call.parse("2H") in legal
    t.act(action_from_json({"seat": "E", "call": "2H"}))
    t.act(action_from_json({"seat": "S", "call": "P"}))
    assert t.turn is not None and t.turn.name == "W"  # W passes throughout: only a pass
    assert list(t.legal_calls) == [Call.PASS]
