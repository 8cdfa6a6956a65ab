"""Law 25 (change of call) and Law 21B1 (change after misinformation)."""

from __future__ import annotations

import pytest
from auction_helpers import calls, choose, decide, director, restriction, ruling, run, statuses


@pytest.mark.law("25A1")
def test_25A1_unintended_call_is_replaced() -> None:
    out = run([*calls("N:1H", "N:1S!"), decide(unintended=True)])
    assert statuses(out) == ["N:1H:cancelled", "N:1S:stands"] and out["turn"] == "E"
    r = ruling(out, "change_of_call")
    assert "25A1" in r["laws"] and "26B" not in r.get("flags", [])


@pytest.mark.law("25A1")
def test_25A1_the_substitute_is_judged_on_its_own_an_insufficient_one_goes_to_27() -> None:
    out = run([*calls("N:1H", "E:2C", "S:2H", "W:P", "N:3H", "N:2D!"), decide(unintended=True)])
    assert [r["kind"] for r in out["rulings"]] == ["change_of_call", "insufficient_bid"]


@pytest.mark.law("25A3")
def test_25A3_lho_call_over_the_unintended_call_is_withdrawn_when_he_chooses() -> None:
    out = run([*calls("N:1H", "E:2C", "N:1S!"), decide(unintended=True), choose("E", "withdraw_own_call")])
    assert statuses(out) == ["N:1H:cancelled", "E:2C:cancelled", "N:1S:stands"]
    assert out["turn"] == "E"


@pytest.mark.law("25A3")
def test_25A3_lho_chooses_whether_to_withdraw_his_call() -> None:
    out = run([*calls("N:1H", "E:2C", "N:1S!"), decide(unintended=True)])
    assert out["awaiting"] == {"ruling": 0, "by": "E", "options": ["withdraw_own_call", "keep_own_call"]}


@pytest.mark.law("25A3")
def test_25A3_lho_keeps_his_call_over_the_substitute() -> None:
    out = run([*calls("N:1H", "E:2C", "N:1S!"), decide(unintended=True), choose("E", "keep_own_call")])
    assert out["auction"] == ["1S", "2C"] and out["turn"] == "S"
    assert "26B" not in ruling(out, "change_of_call").get("flags", [])


@pytest.mark.law("25A3")
def test_25A3_lho_may_not_keep_a_call_the_substitute_made_insufficient() -> None:
    out = run([*calls("N:1H", "E:1S", "N:2H!"), decide(unintended=True), choose("E", "keep_own_call")])
    assert out["refused"][-1]["code"] == "choice_not_allowed" and out["awaiting"]["by"] == "E"


@pytest.mark.law("25A4")
def test_25A4_no_unintended_substitution_after_partner_has_called() -> None:
    out = run(calls("N:1H", "E:P", "S:2H", "W:P", "N:1S!"))
    r = ruling(out, "change_of_call")
    assert "25A4" in r["laws"] and r["status"] == "closed"
    assert out["calls"][-1]["status"] == "cancelled"


@pytest.mark.law("25B1")
def test_25B1_lho_accepts_the_substitute() -> None:
    out = run([*calls("N:1H", "N:1S!"), decide(unintended=False), choose("E", "accept")])
    assert out["auction"] == ["1S"]
    assert "26B" in ruling(out, "change_of_call")["flags"]


@pytest.mark.law("25B1")
def test_25B1_lho_calling_over_the_substitute_accepts_it_without_auto_director() -> None:
    out = run([*calls("N:1H", "N:1S!", "E:2H"), director("E"), decide(unintended=False)], auto_director=False)
    assert out["auction"] == ["1S", "2H"] and "25B1" in ruling(out, "change_of_call")["laws"]


@pytest.mark.law("25B2")
def test_25B2_not_accepted_the_original_call_stands() -> None:
    out = run([*calls("N:1H", "N:1S!"), decide(unintended=False), choose("E", "decline")])
    assert statuses(out) == ["N:1H:stands", "N:1S:cancelled"] and out["auction"] == ["1H"]


@pytest.mark.law("21B1(a)")
def test_21B1a_change_after_misinformation() -> None:
    """The change is the misinformed player's; LHO then changes his own call only if he
    chooses to (21B2, test_law_21.py)."""
    out = run([*calls("N:1H", "E:2C", "N:2S!"), decide(unintended=False, misinformation=True), choose("E", "withdraw_own_call")])
    r = ruling(out, "change_of_call")
    assert "21B1(a)" in r["laws"] and "21B2" in r["laws"]
    assert statuses(out) == ["N:1H:cancelled", "E:2C:cancelled", "N:2S:stands"]


def test_25B2b1_1997_offender_lets_original_stand_partner_passes_once() -> None:
    out = run([*calls("N:1H", "N:1S!"), decide(unintended=False), choose("E", "decline"), choose("N", "original_stands")],
              edition="1997")
    assert out["auction"] == ["1H"]
    assert restriction(out, "S") == {"seat": "S", "kind": "must_pass", "until": "next_turn", "law": "25B2(b)(1)", "ruling": 0}


def test_25B2b2_1997_offender_keeps_the_substitute_average_minus_flag() -> None:
    out = run([*calls("N:1H", "N:1S!"), decide(unintended=False), choose("E", "decline"), choose("N", "keep_substitute")],
              edition="1997")
    assert out["auction"] == ["1S"] and "25B2(b)(2)" in ruling(out, "change_of_call")["flags"]


@pytest.mark.law("25A3")
def test_25A3_a_substitute_for_a_call_accepted_out_of_rotation_stands_in_its_place() -> None:
    # N passes at S's turn, at once says he meant 1C, and E passes over it. The director
    # finds N's pass accepted (29A: E called over it) and the slip unintended; E keeps his
    # pass. 1C takes the pass's place, accepted with it.
    out = run([*calls("N:P", "E:P", "N:P", "N:1C", "E:P"), director("N"),
               decide(unintended=True, misinformation=False), choose("E", "keep_own_call")], auto_director=False)
    stands = [c for c in out["calls"] if c["status"] == "stands"]
    assert [(c["seat"], c["call"]) for c in stands] == [("N", "P"), ("E", "P"), ("N", "1C"), ("E", "P")]
    assert stands[2]["law"] == "29A" and out["turn"] == "S"


@pytest.mark.law("25B1")
def test_25_a_pass_being_changed_is_named_as_a_pass() -> None:
    """A pass is a call, not a bid: «заменить пас на 1♣», never «свою заявку пас»."""
    out = run(calls("N:P", "N:1C"))
    said = ruling(out, "change_of_call")["summary_ru"]
    assert said.startswith("Север пытается заменить пас на 1♣ (Правило 25).") and "заявку пас" not in said
