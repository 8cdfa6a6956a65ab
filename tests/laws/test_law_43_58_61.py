"""Laws 43 (dummy's limitations), 58 (simultaneous and several cards) and 61B (revoke
inquiries)."""

from __future__ import annotations

import pytest
from play_helpers import T1_EAST_WINS, T1_NORTH_WINS, C, P, out, ruling

E_REVOKES = [*T1_NORTH_WINS, P("N", "HT"), P("E", "D2")]  # E discards D2 holding hearts
N_REVOKES = [*T1_EAST_WINS, P("E", "HK"), P("S", "H6", by="N"), P("W", "H3"), P("N", "D7")]  # declarer
W_TO_PLAY = [*T1_EAST_WINS, P("E", "HK"), P("S", "H6", by="N")]


@pytest.mark.law("42B1")
def test_42B1_dummy_may_ask_declarer_and_the_revoke_is_corrected() -> None:
    o = out([*N_REVOKES, {"seat": "S", "revoke_inquiry": "N"}])
    assert o["requests"][-1]["granted"] is True
    assert "62B2" in ruling(o, "revoke")["laws"] and o["turn"] == "N"


@pytest.mark.law("61B")
def test_61B_dummy_may_not_ask_a_defender() -> None:
    o = out([*E_REVOKES, {"seat": "S", "revoke_inquiry": "E"}])
    assert o["requests"][-1]["granted"] is False and o["rulings"] == []


@pytest.mark.law("61B")
def test_61B_a_defender_asking_his_partner_may_give_unauthorized_information() -> None:
    o = out([*E_REVOKES, {"seat": "W", "revoke_inquiry": "E"}])
    assert o["requests"][-1]["ui"] is True and ruling(o, "revoke")["offender"] == "E"


@pytest.mark.law("61B")
def test_61B_no_revoke_no_ruling() -> None:
    o = out([*T1_NORTH_WINS, P("N", "HT"), P("E", "HA"), {"seat": "N", "revoke_inquiry": "E"}])
    assert o["requests"][-1]["answer"] == {"of": "E", "revoke": False} and o["rulings"] == []


@pytest.mark.law("43A1(b)")
def test_43A1b_dummy_drawing_attention_during_play_is_ruled_and_flagged_for_law_90() -> None:
    r = ruling(out([*E_REVOKES, {"seat": "S", "point_out": "revoke", "offender": "E", "trick": 2}]), "revoke")
    assert {"43A1(b)", "43B1", "62A"} <= set(r["laws"]) and "90" in r["flags"]


@pytest.mark.law("43B2(c)")
def test_43B2c_after_a_breach_dummy_first_to_point_out_a_defenders_revoke_no_rectification() -> None:
    o = out([*E_REVOKES, {"seat": "S", "dummy_breach": "look_at_hand"},
             {"seat": "S", "point_out": "revoke", "offender": "E", "trick": 2}])
    assert "43B2(c)" in ruling(o, "revoke")["laws"] and o["penalty_cards"] == []


@pytest.mark.law("43B2(b)")
def test_43B2b_after_a_breach_dummy_first_to_ask_declarer_revoke_rectified_as_established() -> None:
    o = out([*N_REVOKES, {"seat": "S", "dummy_breach": "leave_seat"}, {"seat": "S", "revoke_inquiry": "N"}])
    assert "43B2(b)" in ruling(o, "revoke")["laws"]


@pytest.mark.law("43A2(a)")
def test_43A2_only_dummy_can_breach_dummys_limitations() -> None:
    o = out([*E_REVOKES, {"seat": "W", "dummy_breach": "exchange_hands"}])
    assert o["refused"][-1]["code"] == "not_dummy"


@pytest.mark.law("58B2")
def test_58B2_two_faced_cards_the_defender_chooses_the_other_is_a_penalty_card() -> None:
    o = out([*W_TO_PLAY, {"seat": "W", "play_together": ["H3", "H4"]}, C("W", "play", card="H4")])
    assert o["tricks"][1]["cards"]["W"] == "H4" and o["penalty_cards"][0]["card"] == "H3"


@pytest.mark.law("58B1")
def test_58B1_only_one_card_faced_it_is_played_without_rectification() -> None:
    o = out([*W_TO_PLAY, {"seat": "W", "play_together": ["H3", "H4"], "faced": False}])
    assert o["tricks"][1]["cards"]["W"] == "H3" and o["penalty_cards"] == []


@pytest.mark.law("58B2")
def test_58B2_choosing_a_card_not_among_them_is_refused() -> None:
    o = out([*W_TO_PLAY, {"seat": "W", "play_together": ["H3", "H4"]}, C("W", "play", card="HJ")])
    assert o["refused"][-1]["code"] == "choice_not_allowed" and o["awaiting"]["by"] == "W"


@pytest.mark.law("58A")
def test_58A_a_simultaneous_card_counts_as_played_after_the_other() -> None:
    o = out([*W_TO_PLAY, P("W", "H3", simultaneous=True)])
    assert o["tricks"][1]["cards"]["W"] == "H3" and any("58A" in line for line in o["log"])


@pytest.mark.law("63A2")
def test_63A2_a_card_named_for_a_later_trick_by_the_offenders_partner_establishes_the_revoke() -> None:
    revoked = [*E_REVOKES, P("S", "H5", by="N"), P("W", "H2"), P("W", "CA", named=True), C("N", "decline")]
    r = ruling(out([*revoked, {"seat": "N", "point_out": "revoke", "offender": "E", "trick": 2}]), "revoke")
    assert "63A2" in r["laws"] and "62A" not in r["laws"]


@pytest.mark.law("63A2")
def test_63A2_a_card_named_as_in_his_hand_is_not_designated_to_be_played_and_does_not_establish() -> None:
    revoked = [*E_REVOKES, P("S", "H5", by="N"), P("W", "H2"), {"seat": "W", "expose": ["CA"], "how": "named"}]
    o = out([*revoked, {"seat": "N", "point_out": "revoke", "offender": "E", "trick": 2}])
    assert "62A" in ruling(o, "revoke")["laws"] and {"seat": "W", "card": "CA", "kind": "major", "law": "49"} in o["penalty_cards"]
