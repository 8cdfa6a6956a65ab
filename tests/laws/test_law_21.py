"""Law 21B: a call changed after misinformation, and the left-hand opponent's own change.

21B1(a) lets a player change a call the director judges could well have been influenced by
misinformation from an opponent, while his partner has not called since; 21B2 then lets
his LHO change a call he made over it, if he wishes: that is LHO's option, never done for
him. 16C governs the withdrawn calls: the misinformed side is the non-offending one, so its
withdrawn call is authorized to it and LHO's withdrawn call is unauthorized to LHO's side.
The 1997 text (21B1, 21B2) gives LHO the same option."""

from __future__ import annotations

import pytest
from auction_helpers import DEAL, calls, choose, decide, ruling, run

from bridgelaw.io.scenario import load_scenario
from bridgelaw.rulings import Ruling

MISINFORMED = [*calls("N:1H", "E:2C", "N:2S!"), decide(unintended=False, misinformation=True)]


@pytest.mark.law("21B2")
@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_21B2_lho_is_offered_the_change_of_his_own_call(edition: str) -> None:
    out = run(MISINFORMED, edition=edition)
    assert out["awaiting"]["by"] == "E"
    assert out["awaiting"]["options"] == ["withdraw_own_call", "keep_own_call"]
    assert out["auction"] == ["1H", "2C"]  # nothing withdrawn before he chooses


@pytest.mark.law("21B2")
def test_21B2_lho_changing_his_call_calls_again_and_its_information_is_unauthorized_to_his_side() -> None:
    out = run([*MISINFORMED, choose("E", "withdraw_own_call")])
    r = ruling(out, "change_of_call")
    assert out["auction"] == ["2S"] and out["turn"] == "E"
    assert "21B1(a)" in r["laws"] and "21B2" in r["laws"]
    assert "unauthorized information to his side and authorized to North's (16C)" in r["summary"]


@pytest.mark.law("21B2")
def test_21B2_lho_keeps_his_call_when_it_is_still_lawful() -> None:
    out = run([*calls("N:1H", "E:2C", "N:1S!"), decide(unintended=False, misinformation=True), choose("E", "keep_own_call")])
    assert out["auction"] == ["1S", "2C"] and out["turn"] == "S"
    assert out["calls"][-1] == {"seat": "E", "call": "2C", "status": "stands", "law": "21B2"}


@pytest.mark.law("21B2")
def test_21B2_lho_may_not_keep_a_call_the_change_made_insufficient() -> None:
    out = run([*MISINFORMED, choose("E", "keep_own_call")])
    assert [x["code"] for x in out["refused"]] == ["choice_not_allowed"]
    assert "21B2" in out["refused"][0]["message"] and out["awaiting"]["by"] == "E"


@pytest.mark.law("21B1")
def test_21B1_1997_change_cites_the_1997_clauses() -> None:
    out = run([*MISINFORMED, choose("E", "withdraw_own_call")], edition="1997")
    assert ruling(out, "change_of_call")["laws"] == ["21B1", "21B2"]


@pytest.mark.law("21B2")
@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_21B2_lho_keeping_his_call_cancels_the_calls_made_after_it_over_the_old_auction(edition: str) -> None:
    """Calls made after the change and LHO's call, before the director came (here N's pass
    at his partner's turn and E's 1C), were made over an auction that no longer stands:
    they go, so that no call stands out of turn or insufficient."""
    actions = [
        *calls("N:P", "N:1C", "E:P", "N:P", "E:1C"), {"seat": "N", "director": True},
        decide(unintended=False, misinformation=True), choose("E", "keep_own_call"),
    ]
    out = run(actions, edition=edition, auto_director=False)
    assert out["auction"] == ["1C", "P"] and out["turn"] == "S" and out["awaiting"] is None
    assert [c["status"] for c in out["calls"]] == ["cancelled", "stands", "cancelled", "cancelled", "cancelled", "stands"]


def _read_aloud(edition: str, *actions: dict[str, object]) -> Ruling:
    case = {"format": 1, "edition": edition, "board": 1, "deal": DEAL, "actions": [*calls("N:1H", "E:2C", "N:2S!"), *actions]}
    return load_scenario(case).table().rulings[-1]


@pytest.mark.law("21B1")
def test_21B1_1997_the_director_is_asked_whether_the_call_was_probably_made_on_misinformation() -> None:
    """1997 21B1 has no (a), and its test is "probable", not 2017's "could well have been
    influenced": the question and the ruling say so."""
    asked = {q.key: q for q in _read_aloud("1997").questions}["misinformation"]
    assert asked.law == "21B1"
    assert asked.text_ru == (
        "Вероятно ли, что первоначальная заявка сделана под влиянием неверной информации от противника (Правило 21B1, 1997)?")
    said = _read_aloud("1997", decide(unintended=False, misinformation=True)).summary_ru
    assert ("Судья считает, что заявка, вероятно, сделана под влиянием неверной информации от противника: "
            "первоначальную заявку заменяет 2♠ (21B1).") in said
    assert "могла повлиять" not in said and "21B1(a)" not in said


@pytest.mark.law("21B1(a)")
def test_21B1a_2017_the_test_is_whether_the_call_could_well_have_been_influenced() -> None:
    asked = {q.key: q for q in _read_aloud("2017").questions}["misinformation"]
    assert asked.law == "21B1(a)" and "Правило 21B1(a))?" in asked.text_ru
    said = _read_aloud("2017", decide(unintended=False, misinformation=True)).summary_ru
    assert "на решение о заявке могла повлиять неверная информация от противника: первоначальную заявку заменяет 2♠ (21B1(a))" in said
