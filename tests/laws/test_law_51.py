"""Law 51 (and the choices declarer may not make under 50D2, 52B2, 57A, 26B, 62C2): two or
more penalty cards; a choice the Laws do not allow is refused, naming its law."""

from __future__ import annotations

from typing import Any

import pytest
from play_helpers import DEAL, T1_EAST_WINS, T1_NORTH_WINS, C, P, out, ruling

from bridgelaw.io.scenario import load_scenario

TWO_DIAMONDS = [*T1_NORTH_WINS, {"seat": "W", "expose": ["DJ", "D9"], "how": "dropped"},
                P("N", "D5"), P("E", "D2"), P("S", "DK", by="N")]
TWO_SUITS = [*T1_EAST_WINS, {"seat": "W", "expose": ["CA", "D8"], "how": "dropped"}]


def _refused(o: dict[str, Any]) -> dict[str, Any]:
    assert o["refused"], "nothing was refused"
    return dict(o["refused"][-1])


@pytest.mark.law("51A")
@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_51A_defender_with_two_playable_penalty_cards_does_not_choose(edition: str) -> None:
    o = out([*TWO_DIAMONDS, P("W", "D9")], edition=edition)
    assert o["awaiting"]["by"] == "N" and o["awaiting"]["options"] == ["designate"]
    assert "W" not in o["tricks"][1]["cards"]


@pytest.mark.law("51A")
def test_51A_declarer_designates_the_penalty_card_played() -> None:
    o = out([*TWO_DIAMONDS, P("W", "D9"), C("N", "designate", card="DJ")])
    assert o["tricks"][1]["cards"]["W"] == "DJ"
    assert [p["card"] for p in o["penalty_cards"]] == ["D9"]


@pytest.mark.law("51A")
def test_51A_designating_a_card_that_is_not_a_playable_penalty_card_is_refused() -> None:
    o = out([*TWO_DIAMONDS, P("W", "D9"), C("N", "designate", card="CA")])
    assert _refused(o)["code"] == "choice_not_allowed" and "51A" in _refused(o)["message"]
    assert o["awaiting"]["options"] == ["designate"]


@pytest.mark.law("51B2(b)")
def test_51B2b_declarer_may_forbid_both_suits_of_the_penalty_cards() -> None:
    o = out([*TWO_SUITS, C("N", "forbid_suit", suits=["C", "D"])])
    bans = sorted((r["suit"], r["law"]) for r in o["restrictions"] if r["kind"] == "lead_forbidden")
    assert bans == [("C", "51B2(b)"), ("D", "51B2(b)")] and o["penalty_cards"] == []


@pytest.mark.law("51B2(b)")
def test_51B2b_forbidding_one_of_two_suits_cites_51B2() -> None:
    o = out([*TWO_SUITS, C("N", "forbid_suit", suit="C")])
    assert "51B2(b)" in ruling(o, "penalty_card_lead")["laws"]
    assert "51B1(b)" not in ruling(o, "penalty_card_lead")["laws"]


@pytest.mark.law("51B2(a)")
def test_51B2a_requiring_two_suits_is_refused() -> None:
    o = out([*TWO_SUITS, C("N", "require_suit", suits=["C", "D"])])
    assert "51B2(a)" in _refused(o)["message"] and o["awaiting"]["by"] == "N"


@pytest.mark.law("51B2")
def test_51B2_a_suit_must_be_named_when_the_penalty_cards_are_in_several() -> None:
    o = out([*TWO_SUITS, C("N", "forbid_suit")])
    assert _refused(o)["code"] == "choice_not_allowed"


@pytest.mark.law("50D2(a)")
@pytest.mark.law("10C1")
def test_50D2a_forbidding_a_suit_other_than_the_penalty_cards_is_refused() -> None:
    o = out([*T1_EAST_WINS, {"seat": "W", "expose": ["CA"], "how": "dropped"}, C("N", "forbid_suit", suit="S")])
    assert "50D2(a)" in _refused(o)["message"]
    assert o["penalty_cards"][0]["card"] == "CA" and o["awaiting"]["by"] == "N"


@pytest.mark.law("52B2")
def test_52B2_requiring_a_card_that_is_not_a_penalty_card_due_is_refused() -> None:
    o = out([*TWO_DIAMONDS, P("W", "D8"), C("N", "require_penalty_card", card="D8")])
    assert _refused(o)["code"] == "choice_not_allowed" and o["awaiting"]["by"] == "N"


@pytest.mark.law("57A3")
def test_57A3_naming_the_suit_led_is_refused() -> None:
    premature = [*T1_NORTH_WINS, P("N", "HT"), P("W", "H2")]  # W plays before his partner E
    o = out([*premature, C("N", "require_suit", suit="H")])
    assert "57A3" in _refused(o)["message"]


# E drops D4 and C7 in the auction (24E: both major penalty cards) and is on lead.
E_DROPS_TWO = [{"seat": "N", "call": "1S"}, {"seat": "E", "expose": ["D4", "C7"], "how": "dropped"},
               {"seat": "E", "call": "P"}, {"seat": "S", "call": "P"}, {"seat": "W", "call": "P"}]


@pytest.mark.law("51A")
@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_51A_declarer_designates_before_the_opening_lead(edition: str) -> None:
    case = {"format": 1, "edition": edition, "board": 1, "deal": DEAL,
            "actions": [*E_DROPS_TWO, *([C("N", "penalty_cards")] if edition == "1997" else []),
                        C("N", "designate", card="C7")]}
    o = load_scenario(case).table().to_json()
    assert not o["refused"] and o["tricks"][0]["cards"] == {"E": "C7"}
    r = ruling(o, "penalty_card_designation")
    assert r["laws"] == ["51A"] and r["choice"] == "designate"


@pytest.mark.law("51A")
def test_51A_declarer_designates_before_the_defender_plays() -> None:
    o = out([*TWO_DIAMONDS, C("N", "designate", card="DJ")])
    assert not o["refused"] and o["tricks"][1]["cards"]["W"] == "DJ"


@pytest.mark.law("51A")
def test_51A_designating_first_a_card_that_is_not_a_playable_penalty_card_is_refused() -> None:
    o = out([*TWO_DIAMONDS, C("N", "designate", card="DT")])
    assert _refused(o)["code"] == "choice_not_allowed" and "W" not in o["tricks"][1]["cards"]


def test_51A_only_declarer_designates() -> None:
    o = out([*TWO_DIAMONDS, C("E", "designate", card="DJ")])
    assert _refused(o)["code"] == "nothing_to_choose"
