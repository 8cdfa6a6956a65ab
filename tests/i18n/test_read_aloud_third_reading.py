"""What a third reader of rulings read aloud found (both editions), rendered and checked:
a 39C decision keeps "at his partner's first lead"; dummy's card played with another, one
of them faced, stays on the table; a play at RHO's turn waiting for the director has its
explanation; the two questions on a change of call name the original call once; English
scores are said in words; a claim says which tricks are still to play and which in all."""

from __future__ import annotations

import json
from typing import Any

import pytest
from read_aloud_support import SCENARIOS, rendered, ruling

from bridgelaw.i18n.output import localize_state
from bridgelaw.io.scenario import load_scenario, run_scenario

DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.765 6543.765.AKQ.T98 2.J432.JT98.AKQJ"
AUCTION = [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "4S"},
           {"seat": "W", "call": "P"}, {"seat": "N", "call": "P"}, {"seat": "E", "call": "P"}]


def played(edition: str, actions: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    state = run_scenario(load_scenario({"format": 1, "edition": edition, "deal": DEAL, "actions": AUCTION + actions}))
    return {lang: localize_state(state, lang) for lang in ("ru", "en")}


def test_law_39C_the_decision_says_the_restriction_is_at_partners_first_lead() -> None:
    out = rendered("auction/39C-bid-after-final-pass-by-defender.json", "2017")
    ru, en = (ruling(out[lang], "call_after_final_pass") for lang in ("ru", "en"))
    assert "при первом ходе его партнёра разыгрывающий может ограничить ход (26B)" in ru["decision"]
    assert "at his partner's first lead declarer may restrict the lead (26B)" in en["decision"]
    assert "при первом ходе его партнёра, Востока, разыгрывающий может запретить ход в любую одну масть" in ru["summary_ru"]


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_law_58B1_dummys_other_card_stays_on_the_table(edition: str) -> None:
    out = played(edition, [{"seat": "E", "play": "HA"}, {"seat": "S", "play_together": ["H5", "H6"], "faced": False}])
    ru, en = (ruling(out[lang], "play_together") for lang in ("ru", "en"))
    assert ru["decision"].startswith("Разыгрывающий (Север) сыграл со стола одновременно ♥5, ♥6.")
    assert "другая возвращается на стол, к картам болвана" in ru["decision"]
    assert "в руку" not in ru["decision"] + ru["summary_ru"]
    assert "other goes back to dummy, on the table" in en["decision"] and "hand" not in en["summary"]


def test_law_58B1_a_defenders_other_card_goes_back_to_his_hand() -> None:
    out = played("2017", [{"seat": "E", "play": "HA"}, {"seat": "S", "play": "H5", "by": "N"},
                          {"seat": "W", "play_together": ["H3", "H2"], "faced": False}])
    assert "другая возвращается в руку Запада" in ruling(out["ru"], "play_together")["decision"]


@pytest.mark.parametrize(("edition", "said"), [
    ("1997", "Запад сыграл ♦3 в очередь своего правого противника; особого пункта об этом в Правилах 1997 года нет."),
    ("2017", "Запад сыграл ♦3 раньше Юга (правого противника). Если у Запада не было масти хода, карта законна"),
])
def test_law_57D_a_play_at_rhos_turn_waiting_for_the_director_is_explained(edition: str, said: str) -> None:
    case = json.loads((SCENARIOS / f"incidents/57D-at-rhos-turn-void-{edition}.json").read_text(encoding="utf-8"))
    case.pop("expect", None)
    case["actions"] = case["actions"][:next(i for i, a in enumerate(case["actions"]) if "decide" in a)]
    out = localize_state(run_scenario(load_scenario(case)), "ru")
    r = ruling(out, "play_out_of_turn")
    assert r["status"] == "awaiting_decision" and r["summary_ru"].startswith(said)


def test_law_25_the_original_call_is_named_once_in_the_two_questions() -> None:
    out = rendered("auction/review-25-change-before-the-director-shows-cancelled.json")
    ru, en = (ruling(out[lang], "change_of_call")["decision"] for lang in ("ru", "en"))
    assert ru.count("первоначальная заявка") == 1
    assert "непреднамеренной (25A1) и не сделана ли она под влиянием неверной информации (21B1(a))" in ru
    assert "whether the first call was unintended (25A1) and whether it followed misinformation (21B1(a))" in en


def test_law_12C_an_english_artificial_score_is_said_in_words() -> None:
    summary = ruling(rendered("board/04-incorrect-number-not-playable-adjusted.json")["en"], "board")["summary"]
    assert "North–South average minus (40%), East–West average plus (60%)" in summary
    assert "avg" not in summary and "NS " not in summary


@pytest.mark.parametrize(("name", "ru", "en"), [
    ("claims/08-defender-claim-agreed.json",
     "Заявление Востока: 3 взятки из оставшихся. Итого взяток: Север–Юг — 9, Восток–Запад — 4.",
     "East claims 3 of the tricks still to play. Tricks in all: North–South 9"),
    ("claims/31-concession-agreed-reads-as-concession.json", "Север уступил 2 взятки из оставшихся. Итого взяток",
     "North concedes 2 of the tricks still to play."),
])
def test_laws_68_69_a_claim_says_which_tricks_are_still_to_play_and_which_in_all(name: str, ru: str, en: str) -> None:
    out = rendered(name)
    assert ru in ruling(out["ru"], "claim")["decision"]
    assert en in ruling(out["en"], "claim")["decision"]


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_law_45C4b_a_change_of_mind_names_the_card_that_stays(edition: str) -> None:
    out = rendered("play/45-04-change-of-mind.json", edition)
    assert "карта болвана ♥6 остаётся сыгранной" in ruling(out["ru"], "unintended_designation")["decision"]
    assert "dummy's ♥6 stays played" in ruling(out["en"], "unintended_designation")["decision"]


def test_law_50B_two_penalty_cards_are_each_major_not_all_of_them() -> None:
    out = played("2017", [{"seat": "E", "play": "HA"}, {"seat": "S", "play": "H5", "by": "N"},
                          {"seat": "W", "expose": ["H3", "H2"]}])
    decision = ruling(out["ru"], "card_exposed")["decision"]
    assert "каждая из них большая (50B)" in decision and "все они" not in decision
    summaries = ruling(out["ru"], "card_exposed")["summary_ru"] + ruling(out["en"], "card_exposed")["summary"]
    assert "все они" not in summaries and "all of them" not in summaries


def objected_1997(name: str, *decide: dict[str, Any]) -> dict[str, Any]:
    """The 1997 claim a defender's partner objected to at once, with the director's answers."""
    case = json.loads((SCENARIOS / name).read_text(encoding="utf-8"))
    case.pop("expect", None)
    case["edition"] = "1997"
    case["actions"] += [{"seat": "director", "decide": d} for d in decide]
    return run_scenario(load_scenario(case))


@pytest.mark.parametrize("name", ["claims/09-defender-claim-partner-objects.json",
                                  "claims/34-68B2-partner-objects-at-once-after-declarer-agreed.json"])
def test_law_68_1997_a_partners_objection_waits_for_the_director_with_a_typed_question(name: str) -> None:
    state = objected_1997(name)
    r = ruling(localize_state(state, "ru"), "claim", last=True)
    assert r["status"] == "awaiting_decision" and [q["key"] for q in r["questions"]] == ["objection_voids_claim"]
    assert r["questions"][0]["answer"] == {"type": "bool"} and "68B2" not in r["laws"]
    what = "уступки" if "уступил" in r["decision"] else "заявления"  # a concession is named as one
    assert f"Решает судья: считать ли, что {what} нет и розыгрыш продолжается, или определить взятки самому" in r["decision"]


def test_law_68_1997_the_director_rules_there_is_no_claim_and_play_goes_on() -> None:
    state = objected_1997("claims/09-defender-claim-partner-objects.json", {"objection_voids_claim": True})
    out = localize_state(state, "ru")
    r = ruling(out, "claim")
    assert r["status"] == "closed" and out["phase"] == "play" and out["claim"]["status"] == "void"
    assert "Судья решил: заявления нет, розыгрыш продолжается" in r["decision"] and "68B2" not in r["laws"]


def test_law_68_1997_the_director_rules_the_tricks_instead() -> None:
    state = objected_1997("claims/09-defender-claim-partner-objects.json", {"objection_voids_claim": False}, {"tricks": 2})
    out = localize_state(state, "en")
    r = ruling(out, "claim")
    assert r["status"] == "closed" and out["phase"] == "ended" and "70" in r["laws"]
    assert "By the director's ruling, tricks in all: North–South 10, East–West 3." in r["decision"]


def test_law_61A_a_revoke_pointed_out_and_not_yet_found_is_said_as_pointed_out() -> None:
    out = rendered("incidents/revoke-found-after-play-64B2-second-revoke-same-suit-2017.json", "1997")
    ru, en = (ruling(out[lang], "revoke", last=True) for lang in ("ru", "en"))
    assert ru["status"] == "awaiting_decision"
    assert ru["summary_ru"].startswith("Указано, что во взятке № 7 Восток не подал масть, имея карту масти хода.")
    assert ru["decision"].startswith("Указан фальшренонс Востока во взятке № 7. Решает судья:")
    assert en["decision"].startswith("A revoke by East in trick 7 is pointed out.") and en["summary"]
