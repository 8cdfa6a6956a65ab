"""Law 32: double or redouble out of rotation (2017 and 1997)."""

from __future__ import annotations

import pytest
from auction_helpers import calls, choose, decide, restriction, ruling, run, statuses


@pytest.mark.law("32A1")
def test_32A1_rho_passes_offender_repeats_the_double() -> None:
    # N 1S, E P, W doubles at S's turn (RHO's); N declines; S passes; W repeats X.
    out = run([*calls("N:1S", "E:P", "W:X"), choose("N", "decline"), *calls("S:P", "W:X")])
    assert out["auction"] == ["1S", "P", "P", "X"] and out["restrictions"] == []
    assert "32A1" in ruling(out, "call_out_of_rotation")["laws"]


@pytest.mark.law("32A2(b)")
def test_32A2b_rho_bids_not_comparable_partner_passes_once() -> None:
    out = run([*calls("N:1S", "E:P", "W:X"), choose("N", "decline"), *calls("S:2S", "W:P"), decide(comparable=False)])
    assert restriction(out, "E")["law"] == "32A2(b)"  # type: ignore[index]


@pytest.mark.law("32A2(a)")
def test_32A2a_rho_bids_comparable_call_no_rectification() -> None:
    out = run([*calls("N:1S", "E:P", "W:X"), choose("N", "decline"), *calls("S:2S", "W:X"), decide(comparable=True)])
    assert out["restrictions"] == [] and "23C" in ruling(out, "call_out_of_rotation")["flags"]


@pytest.mark.law("32B")
def test_32B_double_at_partner_turn_partner_calls_freely() -> None:
    out = run([*calls("N:1S", "W:X"), choose("N", "decline"), *calls("E:2H")])
    assert out["auction"] == ["1S", "2H"] and out["restrictions"] == []


@pytest.mark.law("36B4")
def test_32_inadmissible_double_out_of_rotation_cannot_be_accepted() -> None:
    out = run(calls("N:1S", "S:X"))  # S doubles his partner's bid at E's turn
    assert out["awaiting"] is None
    assert statuses(out) == ["N:1S:stands", "S:X:cancelled"]
    assert restriction(out, "N")["law"] == "36B4"  # type: ignore[index]


def test_32A_1997_double_at_partner_turn_partner_passes_throughout() -> None:
    """1997 letters Law 32 the other way round: A is the partner's turn, B the RHO's."""
    out = run([*calls("N:1S", "W:X"), choose("N", "decline")], edition="1997")
    assert restriction(out, "E") == {"seat": "E", "kind": "must_pass", "until": "end_of_auction", "law": "32A", "ruling": 0}


def test_32B2_1997_rho_bids_partner_passes_throughout() -> None:
    out = run([*calls("N:1S", "E:P", "W:X"), choose("N", "decline"), *calls("S:2S", "W:P")], edition="1997")
    assert restriction(out, "E") == {"seat": "E", "kind": "must_pass", "until": "end_of_auction", "law": "32B2", "ruling": 0}


def test_32B1_1997_rho_passes_offender_repeats_the_double() -> None:
    out = run([*calls("N:1S", "E:P", "W:X"), choose("N", "decline"), *calls("S:P", "W:X")], edition="1997")
    laws = ruling(out, "call_out_of_rotation")["laws"]
    assert "32B1" in laws and "32A1" not in laws
    assert out["restrictions"] == []


@pytest.mark.law("32A1")
def test_32A1_the_repeated_double_is_named_as_a_double_not_as_a_bid() -> None:
    """A double is a call, not a bid: «повторил контру», never «повторил заявку контра»."""
    out = run([*calls("N:1S", "E:P", "W:X"), choose("N", "decline"), *calls("S:P", "W:X")])
    said = ruling(out, "call_out_of_rotation")["summary_ru"]
    assert "Запад повторил контру: торговля продолжается без исправления (32A1)." in said
    assert "заявку контра" not in said
