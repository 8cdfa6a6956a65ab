"""Law 68B2 with 68C and 49: cards faced in a claim or concession are never penalty cards;
a concession voided by partner's immediate objection leaves none (16C: the information is
unauthorized to partner)."""

from __future__ import annotations

from play_helpers import T1_EAST_WINS, out, ruling

W_HAND = ["S2", "HJ", "H4", "H3", "DJ", "DT", "D9", "D8", "CA", "CK", "CQ", "CJ"]


def test_68B2_cards_faced_in_a_concession_voided_by_partner_are_not_penalty_cards() -> None:
    o = out([*T1_EAST_WINS, {"seat": "W", "concede": 12}, {"seat": "W", "expose": W_HAND, "how": "shown"},
             {"seat": "E", "claim_response": "dispute"}])
    assert o["penalty_cards"] == [] and o["restrictions"] == []
    assert "68B2" in ruling(o, "claim")["laws"]
    exposed = ruling(o, "card_exposed")
    assert exposed["laws"] == ["68C"] and "49" not in exposed["laws"]


def test_68B2_a_concession_made_by_facing_the_hand_shows_it_and_makes_no_penalty_cards() -> None:
    o = out([*T1_EAST_WINS, {"seat": "W", "concede": 12, "faced": True}, {"seat": "E", "claim_response": "dispute"}])
    assert o["penalty_cards"] == [] and o["claim"]["hand"] == "2.J43.JT98.AKQJ"
    assert o["claim"]["status"] == "void" and o["turn"] == "E"


def test_68C_declarer_facing_his_hand_with_a_claim_makes_no_penalty_cards() -> None:
    o = out([*T1_EAST_WINS, {"seat": "N", "claim": 10, "faced": True}])
    assert o["penalty_cards"] == [] and "hand" in o["claim"]


def test_49_a_card_exposed_with_no_claim_pending_is_still_a_penalty_card() -> None:
    o = out([*T1_EAST_WINS, {"seat": "W", "expose": ["CA"], "how": "shown"}])
    assert o["penalty_cards"] == [{"seat": "W", "card": "CA", "kind": "major", "law": "49"}]


def test_71_with_hands_unknown_the_director_called_decides_an_agreed_concession() -> None:
    from bridgelaw.io.scenario import load_scenario, run_scenario

    actions = [{"seat": "N", "call": "4S"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "P"},
               {"seat": "W", "call": "P"}, {"seat": "N", "concede": 1}, {"seat": "E", "claim_response": "agree"},
               {"seat": "W", "claim_response": "agree"}, {"seat": "S", "director": True}]
    o = run_scenario(load_scenario({"format": 1, "board": 1, "actions": actions}))
    assert o["awaiting"] is not None and "71" in o["rulings"][-1]["laws"]
    o = run_scenario(load_scenario({"format": 1, "board": 1, "actions": [
        *actions, {"seat": "director", "decide": {"tricks": 13}}]}))
    assert not o["refused"] and o["result"]["declarer_tricks"] == 13
