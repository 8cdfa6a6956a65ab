"""Law 33: a call simultaneous with the call of the player whose turn it was counts as made after it."""

from __future__ import annotations

import pytest
from auction_helpers import ruling, run


@pytest.mark.law("33")
def test_33_simultaneous_call_deemed_made_after_the_rightful_one() -> None:
    out = run([{"seat": "N", "call": "1S"}, {"seat": "S", "call": "2S", "simultaneous": True}])
    assert out["calls"][0]["status"] == "stands"
    assert ruling(out, "call_out_of_rotation")["offender"] == "S"
    assert any("Law 33" in line for line in out["log"])
