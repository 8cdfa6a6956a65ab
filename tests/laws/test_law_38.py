"""Law 38: bid of more than seven."""

from __future__ import annotations

import pytest
from auction_helpers import calls, director, restriction, ruling, run, statuses


@pytest.mark.law("38B")
def test_38B_bid_and_later_calls_cancelled_pass_substituted() -> None:
    out = run(calls("N:1S", "E:8H"))
    assert statuses(out) == ["N:1S:stands", "E:8H:cancelled", "E:P:stands"]


@pytest.mark.law("38C")
def test_38C_offending_side_passes_throughout() -> None:
    out = run(calls("N:1S", "E:8H"))
    assert restriction(out, "E")["law"] == "38C" and restriction(out, "W")["law"] == "38C"  # type: ignore[index]
    assert "26B" in ruling(out, "bid_above_seven")["flags"]


@pytest.mark.law("38D")
def test_38D_lho_called_no_lead_restriction_and_no_72C() -> None:
    out = run([*calls("N:1S", "E:8H", "S:P"), director("S")], auto_director=False)
    assert statuses(out) == ["N:1S:stands", "E:8H:cancelled", "S:P:cancelled", "E:P:stands"]
    r = ruling(out, "bid_above_seven")
    assert "26B" not in r.get("flags", []) and "72C" not in r.get("flags", [])


@pytest.mark.law("38A")
def test_38A_a_bid_above_seven_out_of_rotation_is_still_law_38() -> None:
    out = run(calls("N:1S", "W:8C"))
    assert [r["kind"] for r in out["rulings"]] == ["bid_above_seven"]
    assert statuses(out)[-1] == "W:8C:cancelled" and out["turn"] == "E"


def test_35C_1997_condoned_no_penalty() -> None:
    out = run([*calls("N:1S", "E:8H", "S:P"), director("S")], auto_director=False, edition="1997")
    assert out["restrictions"] == [] and "35C" in ruling(out, "bid_above_seven")["laws"]
