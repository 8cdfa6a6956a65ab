"""Law 39: calls after the final pass."""

from __future__ import annotations

import pytest
from auction_helpers import calls, choose, ruling, run, statuses

AUCTION = calls("N:1S", "E:P", "S:P", "W:P")  # N declares; E leads


@pytest.mark.law("39A")
def test_39A_call_after_the_final_pass_is_cancelled() -> None:
    out = run(AUCTION + calls("W:2H"))
    assert statuses(out)[-1] == "W:2H:cancelled" and out["contract"]["level"] == 1


@pytest.mark.law("39B")
def test_39B_pass_by_a_defender_or_any_call_by_the_declaring_side_no_rectification() -> None:
    for spec in ("W:P", "S:2S", "N:P"):
        r = ruling(run(AUCTION + calls(spec)), "call_after_final_pass")
        assert "39B" in r["laws"] and "26B" not in r.get("flags", [])


@pytest.mark.law("39C")
def test_39C_bid_by_a_defender_declarer_may_restrict_partner_lead() -> None:
    out = run(AUCTION + calls("W:2H"))
    assert "39C" in ruling(out, "call_after_final_pass")["laws"]
    assert out["awaiting"] == {"ruling": 1, "by": "N", "options": ["forbid_suit", "no_restriction"]}
    out = run(AUCTION + calls("W:2H") + [choose("N", "forbid_suit", suit="D")])
    assert out["restrictions"][0]["kind"] == "lead_forbidden" and out["restrictions"][0]["seat"] == "E"


def test_39_online_mode_refuses() -> None:
    out = run(AUCTION + calls("W:2H"), mode="online")
    assert out["refused"][0]["code"] == "auction_over" and len(out["calls"]) == 4
