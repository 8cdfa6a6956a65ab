"""Combined irregularities in the auction: a call made over another irregular call before
the director came, when that call is then not accepted.

What survives of the later call (2017; the 1997 code reads the same way):

* A call made over an irregular call by anyone but the offender's LHO (whose call would
  have accepted it, 27A1 / 29A) was itself made out of rotation: at LHO's turn, whose turn
  it was while the irregular call stood. When the irregular call is not accepted (27B,
  29B, 36B), the auction goes back to where that call was made, and the later call goes
  with it (``revert_after``): it can no longer be accepted, since the auction it was made
  over is gone.
* Its own law still rectifies it: it is cancelled under 29B and Law 30 (pass), 31 (bid)
  or 32 (double / redouble) applies, by whose turn it was when it was made (RHO's turn:
  31A, repeat or comparable call; partner's turn: 31B, partner calls freely with the
  cancelled call unauthorized to him, 16C2). A double or redouble Law 19 did not then
  permit goes to 36B4.
* Nothing is left when the law that cancelled it says so for every later call: 36A (LHO
  called over an inadmissible double: it and every later call are cancelled and the
  auction proceeds as if nothing had happened) and 38B (a bid above seven and every later
  call); nor when the auction has come back to the later call's own caller (he simply
  calls at his turn, as 28B would have it).
* When the rectification reaches a player whom another law obliges to pass (27B2 after
  his partner's insufficient bid), that obligation prevails: he does not repeat his call
  and there is no further rectification for it (16C still applies).
"""

from __future__ import annotations

import pytest
from auction_helpers import calls, choose, decide, director, restriction, ruling, run

IB_THEN_PARTNER = [*calls("N:1S", "E:1H", "W:2H"), director("E"), choose("S", "decline")]
IB_THEN_RHO = [*calls("N:1S", "E:1H", "N:2S"), director("E"), choose("S", "decline")]


def coor(out: dict) -> dict:  # type: ignore[type-arg]
    return ruling(out, "call_out_of_rotation")


@pytest.mark.law("29B")
def test_29B_call_over_a_declined_insufficient_bid_keeps_its_own_rectification() -> None:
    out = run(IB_THEN_PARTNER, auto_director=False)
    r = coor(out)
    assert r["status"] == "follow_up" and "29B" in r["laws"]
    assert "nothing more to rule on" not in r["summary"]
    assert out["auction"] == ["1S"] and out["turn"] == "E"  # E replaces his insufficient bid first


@pytest.mark.law("31A1")
def test_31A1_call_made_at_rho_turn_over_the_insufficient_bid_is_repeated_when_rho_passes() -> None:
    out = run([*IB_THEN_PARTNER, *calls("E:2H", "S:P", "W:3H")], auto_director=False)
    assert {"seat": "W", "call": "3H", "status": "cancelled", "law": "31A1"} in out["calls"]
    assert out["turn"] == "W"


@pytest.mark.law("31A2(b)")
def test_31A2b_call_at_rho_turn_over_the_insufficient_bid_rho_bids_not_comparable() -> None:
    out = run([*IB_THEN_PARTNER, *calls("E:2H", "S:3C", "W:3H"), decide(comparable=False)], auto_director=False)
    assert restriction(out, "E") == {"seat": "E", "kind": "must_pass", "until": "next_turn", "law": "31A2(b)", "ruling": 1}


@pytest.mark.law("31B")
def test_31B_call_at_partner_turn_over_the_insufficient_bid_partner_calls_freely() -> None:
    out = run([*IB_THEN_RHO, *calls("E:2H", "S:P")], auto_director=False)
    r = coor(out)
    assert "31B" in r["laws"] and r["offender"] == "N" and r["status"] == "follow_up"
    assert restriction(out, "S") is None  # S called freely; N's later call is judged (31A2)


@pytest.mark.law("31B")
def test_31B_1997_call_at_partner_turn_over_the_insufficient_bid_partner_passes_throughout() -> None:
    out = run([*IB_THEN_RHO, *calls("E:2H")], auto_director=False, edition="1997")
    assert restriction(out, "S") == {"seat": "S", "kind": "must_pass", "until": "end_of_auction", "law": "31B", "ruling": 1}


@pytest.mark.law("36B4")
def test_36B4_double_then_inadmissible_over_the_insufficient_bid_silences_partner() -> None:
    out = run([*calls("N:1S", "E:1H", "W:X"), director("E"), choose("S", "decline")], auto_director=False)
    assert "36B4" in coor(out)["laws"]
    assert restriction(out, "E") == {"seat": "E", "kind": "must_pass", "until": "end_of_auction", "law": "36B4", "ruling": 1}


@pytest.mark.law("30B1(a)")
def test_30B1a_pass_over_a_declined_call_out_of_rotation_keeps_its_own_rectification() -> None:
    out = run([*calls("N:1S", "W:2H", "S:P"), director("E"), choose("N", "decline")], auto_director=False)
    later = out["rulings"][1]
    assert later["offender"] == "S" and "30B1(a)" in later["laws"] and later["status"] == "follow_up"


@pytest.mark.law("36A")
def test_36A_later_call_out_of_rotation_cancelled_with_every_later_call_is_not_rectified() -> None:
    out = run([*calls("N:1S", "E:P", "S:X", "W:P", "E:2H"), director("E")], auto_director=False)
    later = out["rulings"][1]
    assert later["laws"] == ["36A"] and "nothing more to rule on" in later["summary"]
    assert out["restrictions"] == []


@pytest.mark.law("27B2")
def test_27B2_obligation_to_pass_prevails_over_repeating_the_call_out_of_rotation() -> None:
    out = run([*IB_THEN_PARTNER, *calls("E:3C"), decide(comparable=False), *calls("S:P", "W:P")], auto_director=False)
    assert out["refused"] == [] and out["auction"] == ["1S", "3C", "P", "P"]
    r = coor(out)
    assert r["status"] == "closed" and "obligation prevails" in r["summary"]
    assert restriction(out, "W", "must_repeat") is None
