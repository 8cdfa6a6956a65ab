"""Law 20: review (20A, 20B) and explanation (20F) of calls; corrections (20F4, 20F5)."""

from __future__ import annotations

import pytest
from info_helpers import AUCTION_1S, CARDS, FACED, ask, last_request, table

from bridgelaw.core.cards import Seat

NT = [{"seat": "N", "call": "1N", "meaning": "15-17"}, {"seat": "E", "call": "P"},
      {"seat": "S", "call": "2D", "alert": True, "meaning": "transfer"}]


def test_20A_repeat_at_once_restates_the_call() -> None:
    r = last_request([{"seat": "N", "call": "1S"}, ask("E", "repeat_call", call_index=0)])
    assert r.granted and r.answer["call"] == "1S"


def test_20A_repeat_after_the_next_call_is_refused() -> None:
    r = last_request([{"seat": "N", "call": "1S"}, {"seat": "E", "call": "P"}, ask("S", "repeat_call", call_index=0)])
    assert not r.granted and "20A" in r.laws


def test_20A_other_requests_in_between_do_not_break_at_once() -> None:
    r = last_request([{"seat": "N", "call": "1S"}, ask("E", "review"), ask("W", "repeat_call", call_index=0)])
    assert r.granted


def test_20B_review_at_own_turn_restates_standing_calls() -> None:
    r = last_request([*NT, ask("W", "review")])
    assert r.granted and [c["call"] for c in r.answer["calls"]] == ["1N", "P", "2D"]


def test_20B_review_keeps_alerts_but_no_meanings() -> None:
    r = last_request([*NT, ask("W", "review")])
    assert r.answer["calls"][2] == {"call_index": 2, "seat": "S", "call": "2D", "alert": True}


def test_20B_review_out_of_turn_refused() -> None:
    assert not last_request([*NT, ask("N", "review")]).granted


def test_20B_review_refused_while_obliged_to_pass() -> None:
    actions = [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"}, {"seat": "S", "choose": "decline"},
               {"seat": "E", "call": "P"}, {"seat": "S", "call": "P"}, ask("W", "review")]
    r = last_request(actions)
    assert not r.granted and r.laws == ["20B"]


def test_20F1_explain_all_explains_only_the_opponents_calls() -> None:
    r = last_request([*NT, {"seat": "W", "call": "P"}, {"seat": "N", "call": "2H"}, ask("E", "explain_all")])
    explained = [c for c in r.answer["calls"] if "explanation" in c]
    assert {c["seat"] for c in explained} == {"N", "S"}
    assert all(c["explained_by"] == {"N": "S", "S": "N"}[c["seat"]] for c in explained)


def test_20F1_asker_never_hears_his_own_sides_meanings() -> None:
    r = last_request([*NT, {"seat": "W", "call": "P"}, ask("N", "explain_all")])
    assert r.granted and not any("explanation" in c for c in r.answer["calls"] if c["seat"] in ("N", "S"))


def test_20F1_question_about_partners_call_refused() -> None:
    r = last_request([*NT, {"seat": "W", "call": "P"}, ask("N", "explain", call_index=2)])
    assert not r.granted


@pytest.mark.law("20F3")
def test_20F3_single_call_question_granted_with_ui_flag_2017() -> None:
    r = last_request([*NT, ask("W", "explain", call_index=2)])
    assert r.granted and r.ui and "16B1(a)" in r.laws


def test_20F3_1997_single_call_question_in_auction_refused() -> None:
    r = last_request([*NT, ask("W", "explain", call_index=2)], edition="1997")
    assert not r.granted


def test_20F3_1997_single_call_question_in_play_granted_with_ui() -> None:
    actions = [*AUCTION_1S, *FACED, {"seat": "S", "play": "D2", "by": "N"}, {"seat": "W", "ask": "explain", "call_index": 0}]
    r = last_request(actions, edition="1997")
    assert r.granted and r.ui and "16A" in r.laws


@pytest.mark.law("41B")
@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_41B_declarers_single_call_question_carries_no_ui(edition: str) -> None:
    """Only the defenders ask "subject to Law 16" (41B): dummy takes no decision."""
    actions = [*AUCTION_1S, *FACED, {"seat": "N", "ask": "explain", "call_index": 1}]
    r = last_request(actions, edition=edition)
    assert r.granted and not r.ui and not any(law.startswith("16") for law in r.laws)


def test_20F1_explanation_falls_back_to_the_convention_card() -> None:
    actions = [{"seat": "N", "call": "1N"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "2D", "alert": True},
               ask("W", "explain", call_index=2)]
    r = last_request(actions, cards=CARDS)
    assert r.answer["explanation"] == "transfer to hearts" and r.answer["source"] == "convention_card"


def test_20F4_explainer_may_correct_during_the_auction() -> None:
    t = table([*NT, {"seat": "W", "call": "P"}, ask("N", "correct_explanation", call_index=2)])
    assert t.requests[-1].granted and t.awaiting is not None and t.awaiting.kind == "misinformation"


def test_20F5_caller_may_not_correct_during_the_auction_and_it_is_ui() -> None:
    r = last_request([*NT, {"seat": "W", "call": "P"}, ask("S", "correct_explanation", call_index=2)])
    assert not r.granted and r.ui


def test_20F5_declaring_side_corrects_after_the_final_pass() -> None:
    actions = [*NT, {"seat": "W", "call": "P"}, {"seat": "N", "call": "2H"}, {"seat": "E", "call": "P"},
               {"seat": "S", "call": "P"}, {"seat": "W", "call": "P"}, ask("S", "correct_explanation", call_index=2)]
    assert last_request(actions).granted


def test_20F5_defender_corrects_only_at_the_end_of_play() -> None:
    actions = [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "2S", "meaning": "Michaels"}, {"seat": "S", "call": "3S"},
               {"seat": "W", "call": "P"}, {"seat": "N", "call": "P"}, {"seat": "E", "call": "P"},
               ask("E", "correct_explanation", call_index=1)]
    r = last_request(actions)
    assert not r.granted and r.laws == ["20F5"]


# ---------------------------------------------------------------- 20F1: partner explains
WEST_ASKS = [*NT, ask("W", "explain", call_index=2)]


def test_20F1_the_callers_partner_answers_the_question_in_his_own_words() -> None:
    t = table([*WEST_ASKS, ask("N", "give_explanation", call_index=2, text="natural, diamonds")])
    r = t.requests[-1]
    assert r.granted and r.laws == ["20F1"]
    assert r.answer == {"call_index": 2, "seat": "S", "call": "2D", "alert": True,
                        "explanation": "natural, diamonds", "explained_by": "N", "source": "partner"}


@pytest.mark.parametrize("seat", ["S", "E", "W"])
def test_20F1_only_the_callers_partner_explains(seat: str) -> None:
    r = last_request([*WEST_ASKS, ask(seat, "give_explanation", call_index=2, text="transfer")])
    assert not r.granted and r.laws == ["20F1"]


def test_20F1_an_explanation_answers_a_question_that_was_asked() -> None:
    r = last_request([*NT, ask("N", "give_explanation", call_index=2, text="transfer")])
    assert not r.granted and "asked" in (r.reason or "")
    r = last_request([*NT, {"seat": "W", "call": "P"}, {"seat": "N", "call": "2H"}, ask("E", "explain_all"),
                      ask("N", "give_explanation", call_index=2, text="transfer")])
    assert r.granted


def test_20F1_an_empty_explanation_is_refused() -> None:
    assert not last_request([*WEST_ASKS, ask("N", "give_explanation", call_index=2, text="  ")]).granted


def test_20F1_the_partner_is_put_the_question_without_the_callers_note_and_all_hear_the_answer() -> None:
    t = table(WEST_ASKS)
    north = t.view(Seat.N)["requests"]
    assert [(r["seat"], r["ask"], r["call_index"]) for r in north] == [("W", "explain", 2)]
    assert "answer" not in north[0] and "transfer" not in str(north)
    assert t.view(Seat.E)["requests"] == []  # the asker's partner is not put the question
    t = table([*WEST_ASKS, ask("N", "give_explanation", call_index=2, text="natural")])
    for seat in Seat:
        heard = [r for r in t.view(seat)["requests"] if r["ask"] == "give_explanation"]
        assert [r["answer"]["explanation"] for r in heard] == ["natural"], seat


def test_20F1_the_explanation_round_trips_through_the_action_vocabulary() -> None:
    from bridgelaw.actions import action_from_json, action_to_json

    a = {"seat": "N", "ask": "give_explanation", "call_index": 2, "text": "natural"}
    assert action_to_json(action_from_json(a)) == a


def test_20F1_a_partners_explanation_unlike_the_card_is_evidence_for_the_director_75D() -> None:
    t = table([*NT, ask("W", "explain", call_index=2), ask("N", "give_explanation", call_index=2, text="natural, diamonds")],
              cards=CARDS)
    found = [m for m in t.to_json()["misinformation"] if m.get("explained_by") == "N"]
    assert found and found[0]["agreement"] == "transfer to hearts" and found[0]["laws"] == ["21B1(a)", "75D"]
    t = table([*NT, ask("W", "explain", call_index=2), ask("N", "give_explanation", call_index=2, text="Transfer to hearts")],
              cards=CARDS)
    assert not [m for m in t.to_json()["misinformation"] if m.get("explained_by") == "N"]
