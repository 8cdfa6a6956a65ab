"""Law 28: calls considered to be in rotation."""

from __future__ import annotations

import pytest
from auction_helpers import calls, choose, director, restriction, ruling, run, statuses


@pytest.mark.law("28A")
def test_28A_call_at_rho_turn_is_in_rotation_when_rho_must_pass() -> None:
    # E passes out of turn at N's turn (30A: E must pass next turn). N 1S; E is obliged
    # to pass, so S's call at E's turn is in rotation and E's pass is recorded for him.
    out = run([*calls("E:P"), choose("S", "decline"), *calls("N:1S", "S:2D")])
    assert statuses(out)[-2:] == ["E:P:stands", "S:2D:stands"]
    assert out["calls"][-2]["law"] == "28A"
    assert out["auction"] == ["1S", "P", "2D"]
    assert restriction(out, "E") is None
    assert len(out["rulings"]) == 1


@pytest.mark.law("28B")
def test_28B_rightful_player_calls_before_the_director_rules_forfeits_rectification() -> None:
    out = run([*calls("E:1H", "N:1S"), director("S")], auto_director=False)
    assert statuses(out) == ["E:1H:cancelled", "N:1S:stands"]
    r = ruling(out, "call_out_of_rotation")
    assert "28B" in r["laws"] and r["status"] == "closed" and "16C" in r["flags"]
    assert out["turn"] == "E" and out["restrictions"] == []
