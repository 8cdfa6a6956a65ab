"""Laws 68B2, 68D2, 69A, 69B: who answers a claim, in which order, and how a concession
reads (the procedure; the counting is in test_law_68.py)."""

from __future__ import annotations

from typing import Any

import pytest
from play_helpers import T1_EAST_WINS, out, ruling, table


def claim(seat: str, n: int) -> dict[str, Any]:
    return {"seat": seat, "claim": n, "statement": ""}


def answer(seat: str, response: str) -> dict[str, Any]:
    return {"seat": seat, "claim_response": response}


@pytest.mark.law("68D2")
def test_68D2_second_defender_may_dispute_after_the_first_disputed() -> None:
    o = out([claim("N", 12), answer("W", "dispute"), answer("E", "dispute")])
    r = ruling(o, "claim")
    assert o["refused"] == []
    assert r["status"] == "awaiting_decision"
    assert "East disputes it too" in r["summary"]


@pytest.mark.law("68D2")
def test_68D2_agreement_after_the_other_defender_disputed_leaves_it_to_the_director() -> None:
    o = out([claim("N", 12), answer("W", "dispute"), answer("E", "agree")])
    r = ruling(o, "claim")
    assert o["refused"] == []
    assert r["status"] == "awaiting_decision" and o["awaiting"]["by"] == "director"
    assert "since West disputed it" in r["summary"]


@pytest.mark.law("68D2")
def test_68D2_a_defender_answers_only_once() -> None:
    o = out([claim("N", 12), answer("W", "dispute"), answer("E", "agree"), answer("E", "dispute")])
    assert [x["code"] for x in o["refused"]] == ["already_answered"]


@pytest.mark.law("69A")
def test_69A_defenders_agree_in_either_order() -> None:
    first = out([claim("N", 12), answer("W", "agree"), answer("E", "agree")])
    second = out([claim("N", 12), answer("E", "agree"), answer("W", "agree")])
    assert first["result"] == second["result"] and first["phase"] == "ended"
    assert first["refused"] == second["refused"] == []


@pytest.mark.law("69A")
def test_69A_an_agreed_claim_reads_as_a_claim_in_russian() -> None:
    r = ruling(out([claim("N", 12), answer("E", "agree"), answer("W", "agree")]), "claim")
    assert "в соответствии с заявлением (69A)" in r["summary_ru"]
    assert "уступк" not in r["summary_ru"]


@pytest.mark.law("68B1")
def test_68B1_an_agreed_concession_reads_as_a_concession() -> None:
    o = out([*T1_EAST_WINS, {"seat": "N", "concede": 2}, answer("E", "agree"), answer("W", "agree")])
    r = ruling(o, "claim")
    assert "scored as conceded (69A)" in r["summary"]
    assert "в соответствии с уступкой (69A)" in r["summary_ru"]
    assert o["claim"]["what"] == "concession" and o["claim"]["conceded"] == 2


@pytest.mark.law("68B2")
def test_68B2_defenders_partner_objects_before_declarer_answers() -> None:
    o = out([*T1_EAST_WINS, {"seat": "E", "concede": 2}, answer("W", "dispute")])
    r = ruling(o, "claim")
    assert "68B2" in r["laws"] and o["claim"]["status"] == "void" and o["phase"] == "play"


@pytest.mark.law("69B")
def test_69B_agreement_withdrawn_goes_to_the_director() -> None:
    o = out([claim("N", 12), answer("E", "agree"), answer("W", "agree"), answer("W", "dispute"),
             {"seat": "director", "decide": {"tricks": 9}}])
    r = ruling(o, "claim")
    assert "69B" in r["laws"] and r["answers"] == {"tricks": 9}


def pick(seat: str, option: str) -> dict[str, Any]:
    return {"seat": seat, "choose": option}


@pytest.mark.law("68D2")
def test_68D2_the_defender_not_yet_asked_may_answer_first_by_choice() -> None:
    """Each opponent answers for himself, in either order: ``choose`` by the defender the
    table is not yet waiting for is his answer, as ``claim_response`` would be."""
    by_choice = out([claim("N", 12), pick("W", "agree"), pick("E", "agree")])
    by_response = out([claim("N", 12), answer("W", "agree"), answer("E", "agree")])
    assert by_choice["refused"] == [] and by_choice["phase"] == "ended"
    assert by_choice["result"] == by_response["result"]


@pytest.mark.law("68D2")
def test_68D2_dispute_by_choice_of_the_second_defender_then_the_others_choice_is_recorded() -> None:
    o = out([claim("N", 12), pick("W", "dispute"), pick("E", "agree")])
    r = ruling(o, "claim")
    assert o["refused"] == [] and o["awaiting"]["by"] == "director"
    assert "since West disputed it" in r["summary"]


@pytest.mark.law("68D2")
def test_68D2_an_option_the_claim_does_not_offer_is_still_refused() -> None:
    o = out([claim("N", 12), pick("W", "accept")])
    assert [x["code"] for x in o["refused"]] == ["not_your_choice"]


CONCEDED_AND_AGREED = [*T1_EAST_WINS, {"seat": "E", "concede": 2}, answer("N", "agree")]


@pytest.mark.law("68B2")
def test_68B2_partner_objects_at_once_after_declarer_agreed_the_play_resumes() -> None:
    """A defender's concession agreed by declarer and objected to at once by the defender's
    partner was never a concession (68B2): the board the agreement ended is not ended, no
    tricks are settled, and the play goes on from where it stopped."""
    o = out([*CONCEDED_AND_AGREED, answer("W", "dispute")])
    r = ruling(o, "claim")
    assert o["refused"] == [] and o["phase"] == "play" and o["turn"] == "E" and o["result"] is None
    assert "68B2" in r["laws"] and "69A" not in r["laws"] and o["claim"]["status"] == "void"
    assert "North had agreed, but West objected at once" in r["summary"]


@pytest.mark.law("68B2")
def test_68B2_play_continues_after_the_voided_agreement_and_replays_the_same() -> None:
    t = table([*CONCEDED_AND_AGREED, answer("W", "dispute"), {"seat": "E", "play": "D2"}])
    o = t.to_json()
    assert o["refused"] == [] and o["tricks"][-1]["cards"] == {"E": "D2"} and o["turn"] == "S"
    assert t.replay().to_json() == o
    assert t.undo().to_json()["claim"]["status"] == "void"


@pytest.mark.law("71")
def test_71_a_later_objection_is_no_68B2_objection_the_agreement_stands_for_the_director() -> None:
    """Not at once (another action came between): the concession was made and agreed;
    the conceding side may only ask the director to cancel it (71)."""
    o = out([*CONCEDED_AND_AGREED, {"seat": "E", "ask": "contract"}, answer("W", "dispute")])
    r = ruling(o, "claim")
    assert o["phase"] == "ended" and "71" in r["laws"] and "68B2" not in r["laws"]


@pytest.mark.law("69B")
def test_69B_declarer_withdrawing_agreement_to_a_defenders_concession_goes_to_the_director() -> None:
    o = out([*CONCEDED_AND_AGREED, answer("N", "dispute")])
    r = ruling(o, "claim")
    assert o["phase"] == "ended" and "69B" in r["laws"] and r["status"] == "awaiting_decision"
