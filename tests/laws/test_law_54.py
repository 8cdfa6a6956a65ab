"""Law 54: a faced opening lead out of turn (and 41A, 47E2 for a face-down one)."""

from __future__ import annotations

import pytest
from play_helpers import AUCTION, C, P, holds, out, pcs, ruling, table


def test_54_faced_opening_lead_out_of_turn_offers_declarer_spread_accept_or_decline() -> None:
    o = out([P("W", "HJ")])
    assert o["awaiting"] == {"ruling": 0, "by": "N", "options": ["spread_hand", "accept_lead", "decline"]}
    assert "54" in ruling(o, "opening_lead_out_of_turn")["laws"]


def test_54A_declarer_spreads_his_hand_and_becomes_dummy() -> None:
    o = out([P("W", "HJ"), C("N", "spread_hand")])
    assert o["contract"]["declarer"] == "S"
    assert o["tricks"][0]["cards"] == {"W": "HJ"} and o["turn"] == "N"
    assert "54A" in ruling(o, "opening_lead_out_of_turn")["laws"]


def test_54B_accepted_lead_stands_and_declarer_plays_second() -> None:
    o = out([P("W", "HJ"), C("N", "accept_lead")])
    assert o["phase"] == "play" and o["turn"] == "N" and o["contract"]["declarer"] == "N"
    assert o["tricks"][0]["leader"] == "W"


def test_54B_declarer_playing_to_the_lead_accepts_it() -> None:
    o = out([P("W", "HJ"), P("N", "H8")])
    r = ruling(o, "opening_lead_out_of_turn")
    assert r["choice"] == "accept_lead" and o["tricks"][0]["cards"] == {"W": "HJ", "N": "H8"}


def test_54D_refused_lead_is_a_major_penalty_card_and_declarer_gets_the_50D2_choice() -> None:
    o = out([P("W", "HJ"), C("N", "decline")])
    assert pcs(o) == {"HJ": "major"}
    assert o["turn"] == "E" and o["awaiting"]["options"] == ["require_suit", "forbid_suit", "no_restriction"]
    assert {"54D", "50D"} <= set(ruling(o, "opening_lead_out_of_turn")["laws"])


def test_54D_1997_refusal_cites_law_56() -> None:
    o = out([P("W", "HJ"), C("N", "decline")], edition="1997")
    assert "56" in ruling(o, "opening_lead_out_of_turn")["laws"]


def test_54_correct_leaders_face_down_lead_goes_back_to_his_hand() -> None:
    t = table([P("E", "HA", face_down=True), P("W", "HJ")])
    assert t.face_down_lead is None and holds(t, "E", "HA")
    assert t.awaiting is not None and t.awaiting.kind == "opening_lead_out_of_turn"


def test_54E_declaring_side_opening_lead_goes_back_to_the_hand_24D() -> None:
    t = table([P("S", "DA")])
    o = t.to_json()
    r = ruling(o, "opening_lead_out_of_turn")
    assert {"54E", "24D"} <= set(r["laws"]) and r["status"] == "closed"
    assert not o["penalty_cards"] and holds(t, "S", "DA") and o["turn"] == "E"


def test_54C_declarer_who_could_see_dummy_must_accept() -> None:
    o = out([{"seat": "S", "expose": ["DK"]}, P("W", "HJ")])
    r = ruling(o, "opening_lead_out_of_turn")
    assert "54C" in r["laws"] and o["awaiting"] is None and o["tricks"][0]["leader"] == "W"


def test_54_online_mode_refuses_an_opening_lead_out_of_turn() -> None:
    o = out([P("W", "HJ")], mode="online")
    assert o["refused"][0]["code"] == "not_your_turn" and not o["rulings"]


def test_41A_face_down_lead_by_the_wrong_defender_is_taken_back_without_penalty() -> None:
    t = table([P("W", "HJ", face_down=True)])
    o = t.to_json()
    r = ruling(o, "opening_lead_out_of_turn")
    assert "41A" in r["laws"] and "16C" in r["flags"]
    assert not o["penalty_cards"] and holds(t, "W", "HJ") and o["turn"] == "E" and o["phase"] == "lead"


def test_41A_with_face_up_leads_a_face_down_lead_out_of_turn_counts_as_faced() -> None:
    o = out([P("W", "HJ", face_down=True)], regulations={"opening_lead": "face_up"})
    assert o["awaiting"]["options"] == ["spread_hand", "accept_lead", "decline"]


def test_47E2a_face_down_lead_may_be_taken_back_after_a_mistaken_explanation() -> None:
    t = table([P("E", "HA", face_down=True), {"seat": "E", "point_out": "mistaken_explanation"},
               C("E", "retract")])
    assert t.face_down_lead is None and holds(t, "E", "HA")
    assert "47E2(a)" in ruling(t.to_json(), "lead_after_misinformation")["laws"]


def test_47E2b_a_faced_opening_lead_cannot_be_taken_back() -> None:
    o = out([P("E", "HA"), {"seat": "E", "point_out": "mistaken_explanation"}])
    assert "47E2(b)" in ruling(o, "lead_after_misinformation")["laws"]


_ = AUCTION


def test_54B_before_the_director_comes_declarer_playing_to_the_lead_accepts_it() -> None:
    o = out([P("W", "HJ"), P("N", "H8")], auto_director=False)
    r = ruling(o, "opening_lead_out_of_turn")
    assert r["choice"] == "accept_lead" and "54B" in r["laws"]
    assert o["phase"] == "play" and o["tricks"][0]["cards"] == {"W": "HJ", "N": "H8"} and o["turn"] == "E"


@pytest.mark.law("9B1")
def test_9B1_partner_of_an_opening_lead_out_of_turn_waits_for_the_director() -> None:
    """N (S's partner) faces a lead out of turn before the director is there; S's own lead
    is refused until the director has given declarer his Law 54 options, so the record
    never holds two leads to one trick."""
    from bridgelaw import Board, Deal, Seat, Table, TableConfig, Vulnerability
    from bridgelaw.actions import action_from_json

    deal = Deal.parse("N:AT82.AQ984.K7.AK J953.K5.AQJ982.4 .T763.T5.JT87652 KQ764.J2.643.Q93")
    t = Table(Board(1, deal, Seat.E, Vulnerability.NONE), TableConfig(auto_director=False))
    for a in ({"seat": "E", "call": "1H"}, {"seat": "S", "call": "P"}, {"seat": "W", "call": "P"},
              {"seat": "N", "call": "P"}, {"seat": "N", "play": "CA"}):
        t.act(action_from_json(a))
    out = t.act(action_from_json({"seat": "S", "play": "D5"}))
    assert not out.accepted and out.code == "director_needed"
    t.act(action_from_json({"seat": "S", "director": True}))
    assert t.awaiting is not None and {o.id for o in t.awaiting.options} >= {"spread_hand", "accept_lead", "decline"}


def test_54C_dummy_spreading_before_the_lead_is_faced_makes_declarer_accept_the_lead() -> None:
    o = out([{"seat": "S", "expose": ["S6", "S5"], "how": "spread"}, {"seat": "W", "play": "CA"}])
    assert o["penalty_cards"] == [] and o["tricks"][0]["cards"] == {"W": "CA"}
    assert "54C" in next(r for r in o["rulings"] if r["kind"] == "opening_lead_out_of_turn")["laws"]


def test_54_in_1997_has_no_54E_a_declaring_side_lead_goes_back_under_48A() -> None:
    t = table([P("S", "DA")], edition="1997")
    o = t.to_json()
    r = ruling(o, "opening_lead_out_of_turn")
    assert r["laws"] == ["48A"] and r["status"] == "closed"
    assert "54E" not in r["summary"] + r["summary_ru"]
    assert "the 1997 Laws have no clause for this" in r["summary"]
    assert "в Правилах 1997 года отдельного пункта об этом нет" in r["summary_ru"]
    assert not o["penalty_cards"] and holds(t, "S", "DA") and o["turn"] == "E"
