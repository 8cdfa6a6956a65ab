"""Laws 53, 55, 56, 60: leads out of turn during the play."""

from __future__ import annotations

from typing import Any

from play_helpers import T1_EAST_WINS, T2_DUMMY_WINS, C, P, holds, out, pcs, ruling, table

from bridgelaw.core.cards import Seat, cards_of
from bridgelaw.laws.play.common import playable_mask


def test_53A_declarer_may_accept_a_defenders_lead_out_of_turn() -> None:
    o = out([*T1_EAST_WINS, P("W", "D8"), C("N", "accept")])
    assert o["tricks"][1] == {"leader": "W", "cards": {"W": "D8"}, "winner": None} and o["turn"] == "N"


def test_53A_the_next_hand_playing_to_it_accepts_the_lead() -> None:
    o = out([*T1_EAST_WINS, P("W", "D8"), P("N", "D5")])
    assert ruling(o, "play_out_of_turn")["choice"] == "accept"
    assert o["tricks"][1]["cards"] == {"W": "D8", "N": "D5"}


def test_53B_the_correct_leaders_proper_lead_stands_and_the_card_goes_back_unpenalised() -> None:
    t = table([*T2_DUMMY_WINS, P("W", "CJ"), P("S", "DK", by="N")])
    o = t.to_json()
    r = ruling(o, "play_out_of_turn")
    assert r["choice"] == "decline" and "53B" in r["laws"] and "56" not in r["laws"]
    assert pcs(o) == {} and holds(t, "W", "CJ") and o["tricks"][2]["cards"] == {"S": "DK"}
    assert o["turn"] == "W"


def test_53C_1997_the_proper_lead_by_the_offenders_rho_stands() -> None:
    o = out([*T2_DUMMY_WINS, P("W", "CJ"), P("S", "DK", by="N")], edition="1997")
    assert "53C" in ruling(o, "play_out_of_turn")["laws"] and pcs(o) == {}


def test_56_declarer_refusing_first_then_leading_leaves_a_major_penalty_card() -> None:
    o = out([*T2_DUMMY_WINS, P("W", "CJ"), C("N", "decline"), P("S", "DK", by="N")])
    assert pcs(o) == {"CJ": "major"} and "56" in ruling(o, "play_out_of_turn")["laws"]


def test_53_online_mode_refuses_a_lead_out_of_turn() -> None:
    o = out([*T1_EAST_WINS, P("W", "D8")], mode="online")
    assert o["refused"][-1]["code"] == "not_your_turn" and not o["rulings"]


def test_56_refused_defenders_lead_becomes_a_major_penalty_card() -> None:
    t = table([*T2_DUMMY_WINS, P("W", "CJ"), C("N", "decline")])
    o = t.to_json()
    assert pcs(o) == {"CJ": "major"} and o["turn"] == "S" and holds(t, "W", "CJ")
    assert {"56", "50D"} <= set(ruling(o, "play_out_of_turn")["laws"])


def test_56_partner_of_the_offender_on_lead_declarer_gets_the_50D2_choice() -> None:
    o = out([*T1_EAST_WINS, P("W", "D8"), C("N", "decline")])
    assert o["turn"] == "E" and ruling(o, "penalty_card_lead")["status"] == "awaiting_choice"


def test_55A_the_defender_next_in_turn_decides_on_declarers_lead_out_of_turn() -> None:
    o = out([*T1_EAST_WINS, P("N", "SA")])
    assert o["awaiting"] == {"ruling": 0, "by": "E", "options": ["accept", "decline"]}


def test_55B1_refused_declarers_lead_goes_back_without_rectification() -> None:
    t = table([*T1_EAST_WINS, P("N", "SA"), C("E", "decline")])
    o = t.to_json()
    assert "55B1" in ruling(o, "play_out_of_turn")["laws"]
    assert not o["penalty_cards"] and holds(t, "N", "SA") and o["turn"] == "E"


def test_55B2_lead_from_the_wrong_hand_refused_declarer_leads_from_the_right_one() -> None:
    t = table([*T2_DUMMY_WINS, P("N", "SA"), C("E", "decline")])
    o = t.to_json()
    assert "55B2" in ruling(o, "play_out_of_turn")["laws"] and o["turn"] == "S" and holds(t, "N", "SA")


def test_55A_accepted_declarers_lead_stands() -> None:
    o = out([*T2_DUMMY_WINS, P("N", "SA"), C("E", "accept")])
    assert o["tricks"][2]["cards"] == {"N": "SA"} and o["turn"] == "E"


def test_60B_defender_playing_before_declarer_leads_from_the_correct_hand_major_penalty_card() -> None:
    o = out([*T2_DUMMY_WINS, P("N", "SA"), C("E", "decline"), P("W", "CJ")])
    r = ruling(o, "play_out_of_turn")
    assert "60B" in r["laws"] and pcs(o) == {"CJ": "major"} and o["awaiting"] is None


def test_53A_before_the_director_comes_the_next_hand_playing_accepts_the_lead() -> None:
    o = out([*T1_EAST_WINS, P("W", "D8"), P("N", "D5")], auto_director=False)
    assert ruling(o, "play_out_of_turn")["choice"] == "accept"
    assert o["tricks"][1]["cards"] == {"W": "D8", "N": "D5"} and o["turn"] == "E"


def test_53A_before_the_director_comes_a_defender_playing_to_declarers_lead_accepts_it() -> None:
    o = out([*T1_EAST_WINS, P("N", "SA"), P("E", "S7")], auto_director=False)
    assert ruling(o, "play_out_of_turn")["choice"] == "accept"
    assert o["tricks"][1]["cards"] == {"N": "SA", "E": "S7"} and o["turn"] == "S"


def _twelve_tricks() -> list[dict[str, Any]]:
    """Twelve tricks played lawfully (lowest playable card); E is then on lead and W holds CA."""
    acts: list[dict[str, Any]] = []
    t = table(acts)
    while len(t.tricks) < 12 or not t.tricks[-1].complete:
        seat = t.turn
        assert seat is not None
        card = min(cards_of(playable_mask(t._m._ops, seat)), key=lambda c: c.rank)
        acts.append(P(seat.name, str(card)))
        t = table(acts)
    assert t.turn is Seat.E and holds(t, "W", "CA")
    return acts


def test_53A_2017_a_lead_out_of_turn_to_the_thirteenth_trick_is_withdrawn() -> None:
    t = table([*_twelve_tricks(), P("W", "CA")])
    o = t.to_json()
    r = ruling(o, "play_out_of_turn")
    assert r["laws"] == ["53A"] and not r["options"] and pcs(o) == {}
    assert o["turn"] == "E" and o["awaiting"] is None and holds(t, "W", "CA")


def test_53A_1997_a_lead_out_of_turn_to_the_thirteenth_trick_may_still_be_accepted() -> None:
    o = out([*_twelve_tricks(), P("W", "CA")], edition="1997")
    assert o["awaiting"] == {"ruling": 0, "by": "N", "options": ["accept", "decline"]}


def test_53C_the_defender_on_the_right_playing_to_declarers_lead_makes_it_stand_and_57A_follows() -> None:
    o = out([*T2_DUMMY_WINS, P("N", "SA"), P("W", "H2")])
    first, second = o["rulings"][0], o["rulings"][1]
    assert first["choice"] == "accept" and "53C" in first["laws"]
    assert "57A" in second["laws"] and second["offender"] == "W" and pcs(o) == {"H2": "major"}
    assert o["tricks"][2]["cards"] == {"N": "SA"} and o["turn"] == "E"


def test_53B_1997_the_defender_on_the_right_playing_to_declarers_lead_makes_it_stand() -> None:
    o = out([*T2_DUMMY_WINS, P("N", "SA"), P("W", "H2")], edition="1997")
    assert "53B" in o["rulings"][0]["laws"] and o["rulings"][0]["choice"] == "accept"
