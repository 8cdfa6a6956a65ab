"""Law 64B: revokes with no automatic transfer (64B3 a penalty card not played, 64B7 both
sides revoked), whatever the order attention was drawn to them."""

from __future__ import annotations

from typing import Any

import pytest
from play_helpers import T1_EAST_WINS, C, D, P, out, ruling

W_REVOKE = {"seat": "E", "point_out": "revoke", "offender": "W", "trick": 2}
N_REVOKE = {"seat": "W", "point_out": "revoke", "offender": "N", "trick": 3}
AGREED_CLAIM = [{"seat": "N", "claim": 9, "statement": "the rest"},
                {"seat": "E", "claim_response": "agree"}, {"seat": "W", "claim_response": "agree"}]
# W revokes on trick 2 (CJ on a heart), N on trick 3 (D7 on a heart); both established by trick 4.
BOTH = [*T1_EAST_WINS, P("E", "HK"), P("S", "H6", by="N"), P("W", "CJ"), P("N", "H9"),
        P("E", "HQ"), P("S", "H7", by="N"), P("W", "H3"), P("N", "D7"),
        P("E", "D2"), P("S", "DA", by="N"), P("W", "D8"), P("N", "D6")]
# W's only spade, S2, is a major penalty card; he discards CJ on a spade and the revoke is established.
PENALTY_CARD_REVOKE = [*T1_EAST_WINS, {"seat": "W", "expose": ["S2"], "how": "named"}, C("N", "no_restriction"),
                       P("E", "ST"), P("S", "S3", by="N"), P("W", "CJ"), P("N", "SJ"),
                       P("N", "D5"), P("E", "D2"), P("S", "DA", by="N"), P("W", "D8"), W_REVOKE]


def _revokes(o: dict[str, Any]) -> list[dict[str, Any]]:
    return [r for r in o["rulings"] if r["kind"] == "revoke"]


@pytest.mark.law("64B3")
@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_64B3_failure_to_play_a_major_penalty_card_no_automatic_transfer(edition: str) -> None:
    o = out(PENALTY_CARD_REVOKE, edition=edition)
    r = ruling(o, "revoke")
    assert "64B3" in r["laws"] and "64A2" not in r["laws"]


@pytest.mark.law("64B3")
def test_64B3_penalty_card_revoke_leaves_equity_to_the_director_at_the_end() -> None:
    o = out([*PENALTY_CARD_REVOKE, {"seat": "N", "claim": 10}, {"seat": "E", "claim_response": "agree"},
             {"seat": "W", "claim_response": "agree"}])
    assert "transfers" not in o and o["awaiting"]["questions"] == ["equity_tricks"]


@pytest.mark.law("64B7")
@pytest.mark.parametrize("order", [[W_REVOKE, N_REVOKE], [N_REVOKE, W_REVOKE]], ids=["W_first", "N_first"])
def test_64B7_both_sides_revoked_neither_transfers_in_either_order(order: list[dict[str, Any]]) -> None:
    o = out([*BOTH, *AGREED_CLAIM, *order])
    assert "transfers" not in o and o["result"]["declarer_tricks"] == 10
    assert all("64B7" in r["laws"] for r in _revokes(o))


@pytest.mark.law("64B7")
def test_64B7_one_equity_question_for_both_revokes() -> None:
    o = out([*BOTH, W_REVOKE, N_REVOKE, *AGREED_CLAIM])
    waiting = [r for r in _revokes(o) if r["status"] == "awaiting_decision"]
    assert len(waiting) == 1 and o["awaiting"]["questions"] == ["equity_tricks"]
    done = out([*BOTH, W_REVOKE, N_REVOKE, *AGREED_CLAIM, D(equity_tricks=9)])
    assert done["awaiting"] is None and done["result"]["declarer_tricks"] == 9


def test_64B_1997_both_sides_revoked_each_revoke_transfers() -> None:
    o = out([*BOTH, *AGREED_CLAIM, W_REVOKE, N_REVOKE], edition="1997")
    assert sorted(t["to"] for t in o["transfers"]) == ["EW", "NS"]
