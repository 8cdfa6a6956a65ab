"""Law 67: a defective trick. The record shows a card of every hand in every trick; when
the director finds the offender played none, that card was never placed and he now
places the one the Law requires (67A1, 67B1(a)); extra cards found in time follow 45E and
58B (67A2), found late they go back to the hand (67B2)."""

from __future__ import annotations

from typing import Any

import pytest
from play_helpers import D, P, out, ruling, table

from bridgelaw.core.cards import Seat

T1 = [P("E", "HA"), P("S", "H5"), P("W", "H2"), P("N", "H8")]
T2 = [P("E", "HK"), P("S", "H6", by="N"), P("W", "H3"), P("N", "H9")]
T3 = [P("E", "HQ"), P("S", "H7", by="N"), P("W", "H4"), P("N", "HT")]
POINT = {"seat": "N", "point_out": "defective_trick", "offender": "W", "trick": 2}


def place(card: str) -> dict[str, Any]:
    return {"seat": "W", "choose": "place", "card": card}


def w_card(o: dict[str, Any], trick: int) -> str:
    return str(o["tricks"][trick - 1]["cards"]["W"])


@pytest.mark.law("67B1(a)")
def test_67B1a_offender_chooses_a_card_of_the_suit_led_to_place() -> None:
    o = out([*T1, *T2, *T3, POINT, D(defect="missing")])
    assert o["awaiting"] == {"ruling": 0, "by": "W", "options": ["place"]}


@pytest.mark.law("67B1(a)")
def test_67B1a_placed_card_replaces_the_one_never_played() -> None:
    o = out([*T1, *T2, *T3, POINT, D(defect="missing"), place("HJ")])
    assert w_card(o, 2) == "HJ" and o["tricks"][1]["winner"] == "E"
    assert "67B1(a)" in ruling(o, "defective_trick")["laws"]


@pytest.mark.law("67B1(a)")
def test_67B1a_card_of_another_suit_refused_while_he_holds_the_suit_led() -> None:
    o = out([*T1, *T2, *T3, POINT, D(defect="missing"), place("D8")])
    assert [x["code"] for x in o["refused"]] == ["choice_not_allowed"]
    assert w_card(o, 2) == "H3"


@pytest.mark.law("67B1(a)")
def test_67B1a_found_late_holding_the_suit_led_one_trick_transferred() -> None:
    o = out([*T1, *T2, *T3, POINT, D(defect="missing"), place("HJ")])
    assert o["transfers"] == [{"to": "NS", "tricks": 1, "law": "67B1(a)"}]
    assert "67B1(b)" not in ruling(o, "defective_trick")["laws"]


# West's only spade goes in trick 2; the record shows him discarding ♦8 in trick 3, a card
# he never played; East-West win trick 4
S2 = [P("E", "S7"), P("S", "S3", by="N"), P("W", "S2"), P("N", "SA")]
S3 = [P("N", "SK"), P("E", "S8"), P("S", "S4", by="N"), P("W", "D8")]
S4 = [P("N", "HT"), P("E", "HK"), P("S", "H6", by="N"), P("W", "H3")]
VOID = {"seat": "N", "point_out": "defective_trick", "offender": "W", "trick": 3}


@pytest.mark.law("67B1(b)")
def test_67B1b_found_late_holding_none_of_the_suit_led_one_trick_transferred() -> None:
    o = out([*T1, *S2, *S3, *S4, VOID, D(defect="missing"), place("D8")])
    assert o["transfers"] == [{"to": "NS", "tricks": 1, "law": "67B1(b)"}]
    r = ruling(o, "defective_trick")
    assert "67B1(b)" in r["laws"] and "67B1(a)" not in r["laws"]


@pytest.mark.law("67B1(a)")
def test_67B1a_in_1997_a_card_of_the_suit_led_placed_late_carries_no_penalty() -> None:
    o = out([*T1, *T2, *T3, POINT, D(defect="missing"), place("HJ")], edition="1997")
    assert o.get("transfers") in (None, [])
    r = ruling(o, "defective_trick")
    assert "67B1(a)" in r["laws"] and "no penalty (67B1(a))" in r["summary"]
    assert "наказания нет (67B1(a))" in r["summary_ru"]


@pytest.mark.law("67B1(b)")
def test_67B1b_in_1997_holding_none_of_the_suit_led_is_a_revoke() -> None:
    o = out([*T1, *S2, *S3, *S4, VOID, D(defect="missing"), place("D8")], edition="1997")
    assert o["transfers"] == [{"to": "NS", "tricks": 1, "law": "67B1(b)"}]
    assert "наказание по Правилу 64" in ruling(o, "defective_trick")["summary_ru"]


@pytest.mark.law("67A1")
def test_67A1_found_in_time_card_placed_without_transfer() -> None:
    o = out([*T1, *T2, P("E", "HQ"), POINT, D(defect="missing"), place("HJ")])
    assert w_card(o, 2) == "HJ" and o.get("transfers") in (None, [])
    assert "67A1" in ruling(o, "defective_trick")["laws"]


@pytest.mark.law("67A2")
def test_67A2_defenders_extra_card_found_in_time_becomes_a_penalty_card() -> None:
    o = out([*T1, *T2, POINT, D(defect="extra"), D(extra_cards=["HJ"])])
    assert {"seat": "W", "card": "HJ", "kind": "major", "law": "67A2"} in o["penalty_cards"]


@pytest.mark.law("67A2")
def test_67A2_extra_card_must_be_in_the_offenders_hand() -> None:
    o = out([*T1, *T2, POINT, D(defect="extra"), D(extra_cards=["SA"])])
    assert [x["code"] for x in o["refused"]] == ["wrong_decision"]
    assert o["penalty_cards"] == []


@pytest.mark.law("67A2")
@pytest.mark.parametrize("answer", [["3N"], "3N", ["HJ", "P"], [7]])
def test_67A2_the_extra_cards_are_cards_a_call_is_refused_by_the_answer_check(answer: Any) -> None:
    o = out([*T1, *T2, POINT, D(defect="extra"), D(extra_cards=answer)])
    assert [x["code"] for x in o["refused"]] == ["wrong_decision"]
    assert o["penalty_cards"] == []


@pytest.mark.law("67B2")
def test_67B2_extra_card_found_late_goes_back_without_penalty_card() -> None:
    o = out([*T1, *T2, *T3, POINT, D(defect="extra")])
    assert o["penalty_cards"] == [] and "67B2" in ruling(o, "defective_trick")["laws"]


@pytest.mark.law("67A1")
def test_67A1_a_penalty_card_placed_in_the_defective_trick_is_played_and_leaves_the_table() -> None:
    dropped = {"seat": "W", "expose": ["HJ"], "how": "dropped"}
    o = out([*T1, *T2, P("E", "HQ"), dropped, POINT, D(defect="missing"), place("HJ")])
    assert w_card(o, 2) == "HJ"
    assert o["penalty_cards"] == [] and not o.get("restrictions")


# West holds one spade (the two)
ONE_SPADE = [*[P(s, c) for s, c in (("E", "ST"), ("S", "S3"), ("W", "S2"), ("N", "SJ"))],
             {"seat": "N", "point_out": "defective_trick", "offender": "W", "trick": 1}, D(defect="missing")]


@pytest.mark.law("67A1")
def test_67A1_the_offender_places_his_card_himself_even_when_only_one_card_qualifies() -> None:
    """Placing his only card of the suit led at once would tell the table that he has no
    other: he is asked, as when he has a choice, and puts it on the trick himself."""
    t = table(ONE_SPADE)
    assert t.to_json()["awaiting"] == {"ruling": 0, "by": "W", "options": ["place"]}
    o = out([*ONE_SPADE, place("S2")])
    assert w_card(o, 1) == "S2" and o.get("awaiting") is None


@pytest.mark.law("67A1")
def test_67A1_what_the_others_see_does_not_depend_on_how_many_cards_of_the_suit_he_holds() -> None:
    deal = "N:AKQJ.T98.765.432 T98.AKQ.432.J765 6543.765.AKQ.T98 72.J432.JT98.AKQ"  # the seven of spades for the jack of clubs
    one, two = table(ONE_SPADE), table(ONE_SPADE, deal=deal)
    for seat in (Seat.N, Seat.S):
        assert one.view(seat)["rulings"] == two.view(seat)["rulings"]
        assert one.view(seat).get("awaiting") == two.view(seat).get("awaiting")
