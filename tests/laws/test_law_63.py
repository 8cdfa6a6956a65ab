"""Law 63A1: any play by the offender or his partner to a later trick establishes the
revoke, the play legal or not (a lead out of turn not accepted, a card taken back)."""

from __future__ import annotations

import pytest
from play_helpers import T1_NORTH_WINS, C, P, finish, out, pcs, ruling, table

from bridgelaw.actions import action_from_json

# Trick 2: N leads HT, E discards D2 holding hearts, dummy H5, W H2: N wins, N to lead.
E_REVOKES = [*T1_NORTH_WINS, P("N", "HT"), P("E", "D2"), P("S", "H5", by="N"), P("W", "H2")]


def point(offender: str, trick: int, by: str = "N") -> dict[str, object]:
    return {"seat": by, "point_out": "revoke", "offender": offender, "trick": trick}


def test_63A1_a_lead_out_of_turn_not_accepted_establishes_the_revoke() -> None:
    o = out([*E_REVOKES, P("E", "C7"), C("N", "decline"), point("E", 2)])
    r = ruling(o, "revoke")
    assert "63A1" in r["laws"] and "63B" in r["laws"] and "62A" not in r["laws"]
    assert o["tricks"][1]["cards"] == {"N": "HT", "E": "D2", "S": "H5", "W": "H2"}
    assert pcs(o) == {"C7": "major"}


def test_63A1_the_partners_lead_out_of_turn_establishes_the_revoke() -> None:
    o = out([*E_REVOKES, P("W", "CA"), C("N", "decline"), point("E", 2)])
    assert "63A1" in ruling(o, "revoke")["laws"]


def test_63A1_a_play_to_the_revoke_trick_itself_does_not_establish() -> None:
    o = out([*T1_NORTH_WINS, P("N", "HT"), P("E", "D2"), P("S", "H5", by="N"), point("E", 2)])
    assert "62A" in ruling(o, "revoke")["laws"]


def test_61A_a_revoke_already_corrected_pointed_out_again_states_nothing_about_his_hand() -> None:
    o = out([*T1_NORTH_WINS, P("N", "HT"), P("E", "D2"), P("S", "H5", by="N"), point("E", 2), point("E", 2)])
    again = [r for r in o["rulings"] if r["kind"] == "revoke"][-1]
    assert again["laws"] == ["61A"] and "no card of the suit led" not in again["summary"]
    assert "ruled on already" in again["summary"]


@pytest.mark.parametrize(("found", "law"), [("next_board", "64B4"), ("round_ended", "64B5")])
def test_64B4_64B5_a_revoke_found_after_the_board_has_no_transfer_the_director_restores_equity(found: str, law: str) -> None:
    t = finish(table([*E_REVOKES, P("N", "SA")]))
    t.act(action_from_json({"seat": "N", "point_out": "revoke", "offender": "E", "trick": 2, "found": found}))
    o = t.to_json()
    r = ruling(o, "revoke")
    assert law in r["laws"] and not o.get("transfers")
    assert o["awaiting"] is not None and [q["key"] for q in r["questions"]] == ["equity_tricks"]
