"""Laws 45C1, 48, 49, 50, 51, 52, 59: exposed cards and penalty cards."""

from __future__ import annotations

import pytest
from play_helpers import T1_EAST_WINS, T1_NORTH_WINS, C, P, holds, out, pcs, ruling, table


def X(seat: str, *cards: str, how: str = "dropped") -> dict[str, object]:
    return {"seat": seat, "expose": list(cards), "how": how}


def test_48A_declarers_exposed_card_is_not_a_penalty_card() -> None:
    t = table([*T1_EAST_WINS, X("N", "SA")])
    o = t.to_json()
    assert "48A" in ruling(o, "card_exposed")["laws"] and not o["penalty_cards"] and holds(t, "N", "SA")


def test_48A_dummys_exposed_card_is_not_a_penalty_card() -> None:
    o = out([*T1_EAST_WINS, X("S", "DA")])
    assert not o["penalty_cards"]


def test_49_defenders_exposed_honour_is_a_major_penalty_card() -> None:
    o = out([*T1_EAST_WINS, X("W", "CA")])
    assert pcs(o) == {"CA": "major"} and "49" in ruling(o, "card_exposed")["laws"]


def test_50B_single_low_card_dropped_is_a_minor_penalty_card() -> None:
    assert pcs(out([*T1_EAST_WINS, X("W", "D8")])) == {"D8": "minor"}


def test_50B_low_card_exposed_deliberately_is_major() -> None:
    assert pcs(out([*T1_EAST_WINS, X("W", "D8", how="named")])) == {"D8": "major"}


def test_50B_two_penalty_cards_are_both_major() -> None:
    assert pcs(out([*T1_EAST_WINS, X("W", "D8"), X("W", "D9")])) == {"D8": "major", "D9": "major"}


def test_45C1_defenders_card_held_so_partner_could_see_it_at_his_turn_is_played() -> None:
    o = out([*T1_EAST_WINS, P("E", "HK"), P("S", "H6", by="N"), X("W", "H3", how="shown")])
    assert o["tricks"][1]["cards"]["W"] == "H3" and not o["penalty_cards"]
    assert "45C1" in ruling(o, "card_exposed")["laws"]


def test_50C_minor_penalty_card_bars_another_low_card_of_its_suit() -> None:
    o = out([*T1_NORTH_WINS, X("W", "H2"), P("N", "HT"), P("E", "HA"), P("S", "H5", by="N"), P("W", "H3")])
    r = ruling(o, "penalty_card_not_played")
    assert "50C" in r["laws"] and o["awaiting"]["options"] == ["accept", "require_penalty_card"]


def test_50C_minor_penalty_card_owner_may_play_an_honour_of_its_suit() -> None:
    o = out([*T1_NORTH_WINS, X("W", "H2"), P("N", "HT"), P("E", "HA"), P("S", "H5", by="N"), P("W", "HJ")])
    assert o["tricks"][1]["cards"]["W"] == "HJ" and o["awaiting"] is None


def test_50D1a_major_penalty_card_must_be_played_at_the_first_legal_opportunity() -> None:
    o = out([*T1_NORTH_WINS, X("W", "HJ"), P("N", "HT"), P("E", "HA"), P("S", "H5", by="N"), P("W", "H3")])
    assert "50D1(a)" in ruling(o, "penalty_card_not_played")["laws"]


def test_50D1b_following_suit_comes_before_the_penalty_card() -> None:
    o = out([*T1_NORTH_WINS, X("W", "CA"), P("N", "HT"), P("E", "HA"), P("S", "H5", by="N"), P("W", "H3")])
    assert o["tricks"][1]["cards"]["W"] == "H3" and pcs(o) == {"CA": "major"}
    assert not [r for r in o["rulings"] if r["kind"] == "penalty_card_not_played"]


def test_52B1_declarer_accepts_the_card_played_instead_penalty_card_stays() -> None:
    o = out([*T1_NORTH_WINS, X("W", "HJ"), P("N", "HT"), P("E", "HA"), P("S", "H5", by="N"), P("W", "H3"), C("N", "accept")])
    assert o["tricks"][1]["cards"]["W"] == "H3" and pcs(o) == {"HJ": "major"}


def test_52B2_required_penalty_card_is_played_and_the_other_card_becomes_major() -> None:
    o = out([*T1_NORTH_WINS, X("W", "HJ"), P("N", "HT"), P("E", "HA"), P("S", "H5", by="N"), P("W", "H3"), C("N", "require_penalty_card")])
    assert o["tricks"][1]["cards"]["W"] == "HJ" and pcs(o) == {"H3": "major"}


def test_51A_declarer_designates_which_penalty_card_is_played() -> None:
    o = out([*T1_NORTH_WINS, X("W", "HJ", "H4"), P("N", "HT"), P("E", "HA"), P("S", "H5", by="N"), P("W", "H3"), C("N", "require_penalty_card", card="H4")])
    assert o["tricks"][1]["cards"]["W"] == "H4" and "51A" in ruling(o, "penalty_card_not_played")["laws"]


def test_50D2_partner_winning_the_trick_gets_declarers_lead_choice() -> None:
    o = out([*T1_NORTH_WINS, X("W", "CA"), P("N", "HT"), P("E", "HA"), P("S", "H5", by="N"), P("W", "H3")])
    assert o["turn"] == "E" and o["awaiting"]["options"] == ["require_suit", "forbid_suit", "no_restriction"]


def test_50D2a_require_suit_picks_the_card_up_and_binds_the_lead() -> None:
    o = out([*T1_EAST_WINS, X("W", "CA"), C("N", "require_suit", suit="C")])
    assert not o["penalty_cards"]
    assert o["restrictions"] == [{"seat": "E", "kind": "lead_required", "until": "first_lead", "law": "50D2(a)", "suit": "C", "ruling": 1}]


def test_50D2a_lead_against_the_requirement_is_a_revoke_corrected_at_once() -> None:
    o = out([*T1_EAST_WINS, X("W", "CA"), C("N", "require_suit", suit="C"), P("E", "HK")])
    assert "61A" in ruling(o, "restriction_violated")["laws"] and pcs(o) == {"HK": "major"}


def test_50D2a_forbidden_suit_lasts_while_he_keeps_the_lead() -> None:
    o = out([*T1_EAST_WINS, X("W", "CA"), C("N", "forbid_suit", suit="C"), P("E", "HK"), P("S", "H6", by="N"), P("W", "H3"), P("N", "H9")])
    assert o["turn"] == "E" and o["restrictions"][0]["kind"] == "lead_forbidden"


def test_50D2a_forbidden_suit_ends_when_he_loses_the_lead() -> None:
    o = out([*T1_EAST_WINS, X("W", "CA"), C("N", "forbid_suit", suit="C"), P("E", "D2"), P("S", "DA", by="N"), P("W", "D8"), P("N", "D5"), P("S", "DK", by="N")])
    assert o["restrictions"] == []


def test_50D2b_no_restriction_leaves_the_penalty_card_on_the_table() -> None:
    o = out([*T1_EAST_WINS, X("W", "CA"), C("N", "no_restriction"), P("E", "C5")])
    assert pcs(o) == {"CA": "major"} and o["tricks"][1]["cards"] == {"E": "C5"}


def test_51B2a_require_suit_picks_up_every_penalty_card_of_that_suit() -> None:
    o = out([*T1_EAST_WINS, X("W", "CA", "CK", "D8"), C("N", "require_suit", suit="C")])
    assert pcs(o) == {"D8": "major"} and "51B2(a)" in ruling(o, "penalty_card_lead")["laws"]


def test_59_player_unable_to_comply_may_lead_any_card() -> None:
    # E has no clubs left after these tricks? He has C765: require C is possible; require S
    # from W's spade (W has none left as a penalty card) -> use a suit E holds none of.
    o = out([*T1_EAST_WINS, X("W", "CA"), C("N", "require_suit", suit="C"), P("E", "C5")])
    assert o["awaiting"] is None and o["tricks"][1]["cards"] == {"E": "C5"} and o["restrictions"] == []


def test_50B_two_cards_dropped_at_his_turn_are_both_major_penalty_cards() -> None:
    acts = [*T1_EAST_WINS, P("E", "HK"), P("S", "H6", by="N"), X("W", "H3", "H4")]
    o = out(acts)
    assert pcs(o) == {"H3": "major", "H4": "major"} and o["turn"] == "W"
    assert {"49", "50B"} <= set(ruling(o, "card_exposed")["laws"])
    later = out([*acts, P("W", "H3"), C("N", "designate", card="H3")])  # 51A: declarer says which
    assert later["tricks"][1]["cards"]["W"] == "H3" and pcs(later) == {"H4": "major"}


def test_24E_defenders_card_exposed_in_the_clarification_period_is_a_penalty_card() -> None:
    o = out([X("W", "CA")])
    assert pcs(o) == {"CA": "major"}


def test_24_1997_declarer_may_treat_exposed_cards_as_penalty_cards() -> None:
    o = out([X("W", "CA"), C("N", "penalty_cards")], edition="1997")
    assert pcs(o) == {"CA": "major"}


def test_50D1a_a_major_penalty_card_is_shown_as_a_play_penalty_card_restriction_until_played() -> None:
    acts = [P("E", "HA"), P("S", "H5"), {"seat": "W", "expose": ["CA"], "how": "dropped"}]
    o = out(acts)
    assert {"seat": "W", "kind": "play_penalty_card", "until": "played", "law": "50D1(a)", "ruling": 0} in o["restrictions"]
    played = out([*acts, P("W", "H2"), P("N", "H8"), C("N", "no_restriction"), P("E", "C5"), P("S", "C8"), P("W", "CA")])
    assert not played["penalty_cards"] and not any(r["kind"] == "play_penalty_card" for r in played["restrictions"])


def test_50B_a_minor_penalty_card_brings_no_play_penalty_card_restriction() -> None:
    o = out([P("E", "HA"), P("S", "H5"), {"seat": "W", "expose": ["D8"], "how": "dropped"}])
    assert pcs(o) == {"D8": "minor"} and not o["restrictions"]


def test_50D2a_picking_up_the_penalty_card_ends_the_play_penalty_card_restriction() -> None:
    o = out([P("W", "HJ"), C("N", "decline"), C("N", "require_suit", suit="H")])
    assert [r["kind"] for r in o["restrictions"]] == ["lead_required"]


@pytest.mark.law("50D2(a)")
def test_50D2a_ban_leaves_the_restrictions_when_the_partner_loses_the_lead() -> None:
    o = out([*T1_EAST_WINS, {"seat": "W", "expose": ["CA"], "how": "dropped"}, C("N", "forbid_suit", suit="C"),
             P("E", "ST"), P("S", "S3", by="N"), P("W", "S2"), P("N", "SJ")])
    assert o["turn"] == "N" and o["restrictions"] == []


@pytest.mark.law("50D2(a)")
def test_50D2a_ban_stays_while_he_keeps_the_lead_and_ends_when_his_partner_wins() -> None:
    kept = [*T1_EAST_WINS, {"seat": "W", "expose": ["CA"], "how": "dropped"}, C("N", "forbid_suit", suit="C"),
            P("E", "HK"), P("S", "H6", by="N"), P("W", "H3"), P("N", "H9")]
    assert out(kept)["restrictions"][0]["kind"] == "lead_forbidden"
    lost = [*T1_EAST_WINS, {"seat": "W", "expose": ["DJ"], "how": "shown"}, C("N", "forbid_suit", suit="D"),
            P("E", "C5"), P("S", "C8", by="N"), P("W", "CA"), P("N", "C2")]
    o = out(lost)
    assert o["turn"] == "W" and not [r for r in o["restrictions"] if r["kind"] == "lead_forbidden"]


@pytest.mark.law("11A")
def test_11A_play_went_on_before_the_director_came_forfeiture_flagged() -> None:
    o = out([*T1_EAST_WINS, {"seat": "W", "expose": ["CA"], "how": "dropped"}, P("E", "C5"), P("S", "C8", by="N"),
             P("W", "CA"), P("N", "C2"), {"seat": "N", "director": True}], auto_director=False)
    r = ruling(o, "card_exposed")
    assert r["laws"] == ["60A1"] and "11A" in r["flags"]


@pytest.mark.law("50D2(a)")
def test_50D2a_the_required_lead_is_spent_when_the_other_defender_leads_out_of_turn_and_it_is_accepted() -> None:
    """Declarer's 50D2 choice rules East's lead then; West led instead and declarer
    accepted it: no requirement is left waiting for East's next lead."""
    o = out([P("W", "CA"), C("N", "decline"), C("N", "require_suit"), P("W", "CK"), C("N", "accept_lead")])
    assert o.get("restrictions") in (None, [])
