"""Law 57: premature lead or play by a defender; 57C3 declarer's premature play."""

from __future__ import annotations

from play_helpers import T1_EAST_WINS, T1_NORTH_WINS, C, D, P, holds, out, pcs, ruling, table
from pytest import mark

# N leads HT after trick 1 (N won); E is second hand.
N_LEADS_HT = [*T1_NORTH_WINS, P("N", "HT")]


def test_57A_defender_playing_before_partner_major_penalty_card_and_declarers_options() -> None:
    o = out([*N_LEADS_HT, P("W", "HJ")])
    assert pcs(o) == {"HJ": "major"}
    assert o["awaiting"]["by"] == "N"
    assert o["awaiting"]["options"] == ["play_highest", "play_lowest", "require_suit", "forbid_suit"]


def test_57A1_partner_must_play_his_highest_card_of_the_suit_led() -> None:
    o = out([*N_LEADS_HT, P("W", "HJ"), C("N", "play_highest"), P("E", "HK")])
    r = ruling(o, "restriction_violated")
    assert "61A" in r["laws"] and pcs(o)["HK"] == "major" and o["turn"] == "E"


def test_57A1_partner_complying_plays_on() -> None:
    o = out([*N_LEADS_HT, P("W", "HJ"), C("N", "play_highest"), P("E", "HA")])
    assert o["tricks"][1]["cards"] == {"N": "HT", "E": "HA"}
    assert "57A1" in ruling(o, "play_out_of_turn")["laws"]


def test_57A_the_premature_card_must_be_played_at_the_first_legal_opportunity() -> None:
    o = out([*N_LEADS_HT, P("W", "HJ"), C("N", "play_lowest"), P("E", "HQ"), P("S", "H5", by="N"), P("W", "H3")])
    assert ruling(o, "penalty_card_not_played")["status"] == "awaiting_choice"


def test_57A_1997_has_no_option_to_forbid_another_suit() -> None:
    o = out([*N_LEADS_HT, P("W", "HJ")], edition="1997")
    assert "forbid_suit" not in o["awaiting"]["options"]


def test_57C1_no_rectification_when_declarer_has_played_from_both_hands() -> None:
    # S (dummy) leads; W, N play; W leads to the next trick before E plays.
    base = [*T1_NORTH_WINS, P("N", "D5"), P("E", "D2"), P("S", "DA"), P("W", "D8")]
    t = table([*base, P("S", "CT"), P("W", "CA"), P("N", "C2"), P("W", "CK")])
    o = t.to_json()
    assert "57C1" in ruling(o, "play_out_of_turn")["laws"] and not o["penalty_cards"] and holds(t, "W", "CK")


def test_57C1_the_premature_card_is_not_taken_back_it_goes_on_at_his_turn() -> None:
    """47: no law lets a played card be withdrawn here; W's CK waits for his turn."""
    base = [*T1_NORTH_WINS, P("N", "D5"), P("E", "D2"), P("S", "DA"), P("W", "D8")]
    o = out([*base, P("S", "CT"), P("W", "CA"), P("N", "C2"), P("W", "CK"), P("E", "C5")])
    assert o["tricks"][2]["winner"] == "W" and o["tricks"][3]["cards"] == {"W": "CK"}
    assert "goes back" not in ruling(o, "play_out_of_turn")["summary"]


def test_57D_legal_card_played_at_rhos_turn_is_played_at_its_proper_turn() -> None:
    o = out([*N_LEADS_HT, P("E", "HA"), P("W", "H2"), P("S", "H5")])
    assert o["tricks"][1]["cards"] == {"N": "HT", "E": "HA", "S": "H5", "W": "H2"}
    assert "57D" in ruling(o, "play_out_of_turn")["laws"] and o["turn"] == "E"


def test_57D_illegal_card_played_at_rhos_turn_becomes_a_major_penalty_card() -> None:
    o = out([*N_LEADS_HT, P("E", "HA"), P("W", "D8")])
    assert pcs(o) == {"D8": "major"} and o["turn"] == "S"


def test_57C3_declarers_premature_play_stands_at_its_proper_turn() -> None:
    o = out([*T1_EAST_WINS, P("E", "HK"), P("N", "H9"), P("S", "H6", by="N"), P("W", "H3")])
    assert o["tricks"][1]["cards"] == {"E": "HK", "S": "H6", "W": "H3", "N": "H9"}
    assert "57C3" in ruling(o, "play_out_of_turn")["laws"]


def test_48A_declarers_premature_lead_goes_back_to_the_hand() -> None:
    t = table([*T1_EAST_WINS, P("E", "HK"), P("S", "H6", by="N"), P("S", "DA", by="N")])
    assert holds(t, "S", "DA") and not t.penalty_cards


@mark.law("57C2")
def test_57C2_no_rectification_when_dummy_played_before_his_rho_of_his_own_volition() -> None:
    o = out([*T1_NORTH_WINS, P("N", "H8"), P("S", "H5", by="S"), P("W", "H2")])
    r = ruling(o, "play_out_of_turn")
    assert r["laws"] == ["57C2"] and o["penalty_cards"] == [] and o["awaiting"] is None


@mark.law("57A")
def test_57A_still_applies_when_dummy_has_not_played() -> None:
    o = out([*T1_NORTH_WINS, P("N", "H8"), P("W", "H2")])
    assert "57A" in ruling(o, "play_out_of_turn")["laws"]


def test_57D_the_ruling_says_when_the_card_played_at_rhos_turn_will_be_played() -> None:
    t = table([*N_LEADS_HT, P("E", "HA"), P("W", "H2")])
    said = t.rulings[-1].summary_ru
    assert "карта законна и будет сыграна, когда наступит очередь Запада (57D)" in said
    assert "в свою очередь" not in said


# 1997 Law 57 has no clause like 2017 57D: the 1997 ruling does not borrow that number but
# asks the director whether the card, faced by a defender, is a penalty card (49, 50).
@mark.law("49")
def test_1997_a_card_played_at_rhos_turn_is_left_to_the_director_not_ruled_by_57D() -> None:
    t = table([*N_LEADS_HT, P("E", "HA"), P("W", "H2")], edition="1997")
    r = t.awaiting
    assert r is not None and r.kind == "play_out_of_turn" and "57D" not in r.laws
    q = r.questions[0]
    assert q.law == "49" and "57D" not in q.text_ru
    assert q.text_ru == ("Запад сыграл ♥2 в очередь Юга, своего правого противника; особого пункта об этом "
                         "в Правилах 1997 года нет. Становится ли эта карта штрафной (Правила 49, 50, 1997)?")


@mark.law("49")
def test_1997_the_director_rules_the_card_played_at_rhos_turn_is_not_a_penalty_card() -> None:
    t = table([*N_LEADS_HT, P("E", "HA"), P("W", "H2"), D(penalty_card_at_rho_turn=False), P("S", "H5")], edition="1997")
    o = t.to_json()
    r = ruling(o, "play_out_of_turn")
    assert r["laws"] == ["49", "50"] and not o["penalty_cards"]
    assert o["tricks"][1]["cards"] == {"N": "HT", "E": "HA", "S": "H5", "W": "H2"}
    assert r["summary_ru"].endswith(
        "Судья решил, что эта карта не штрафная (49): она законна и будет сыграна, когда наступит очередь Запада.")


@mark.law("50")
def test_1997_the_director_rules_the_card_played_at_rhos_turn_a_penalty_card() -> None:
    o = out([*N_LEADS_HT, P("E", "HA"), P("W", "H2"), D(penalty_card_at_rho_turn=True)], edition="1997")
    r = ruling(o, "play_out_of_turn")
    assert pcs(o) == {"H2": "major"} and r["laws"][:2] == ["49", "50"] and "57D" not in r["summary_ru"]
    assert "Судья решил, что эта карта становится большой штрафной картой (49, 50)." in r["summary_ru"]


def test_1997_a_card_at_rhos_turn_that_fails_to_follow_suit_is_a_penalty_card_without_a_question() -> None:
    o = out([*N_LEADS_HT, P("E", "HA"), P("W", "D8")], edition="1997")
    r = ruling(o, "play_out_of_turn")
    assert pcs(o) == {"D8": "major"} and r["laws"][:2] == ["49", "50"] and o["awaiting"] is None
