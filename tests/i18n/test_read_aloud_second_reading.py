"""What a director reading a fresh sample of rulings aloud (both editions, scenarios run
under the other edition too) found wanting, rendered and checked: the 1997 Law 68 cited
undivided; a lead called a lead; the director's finding on a holding said with what it
means; a revoke from dummy said as declarer's; what a minor penalty card bars; the calls
a condoned inadmissible double takes with it; the player the auction goes back to; the
lead restrictions after an insufficient bid replaced; the card a defective trick gets;
the penalty card declarer designated; a call named instead of a pronoun."""

from __future__ import annotations

import re
from typing import Any

import pytest
from read_aloud_support import rendered, ruling, texts

from bridgelaw.i18n.output import localize_state
from bridgelaw.io.scenario import load_scenario, run_scenario


@pytest.mark.parametrize("name", ["claims/37-68B1-concession-made-by-facing-the-hand.json",
                                  "claims-normal/10-top.json", "claims/13-concession-cancelled-law-71.json",
                                  "claims/06-claim-adjudicated-nine.json"])
def test_law_68_a_1997_claim_cites_68B_and_68D_undivided(name: str) -> None:
    r = ruling(rendered(name, "1997")["ru"], "claim")
    assert not {"68B1", "68B2", "68D1", "68D2"} & set(r["laws"])
    assert not re.search(r"68[BD]\d", texts(r))


def test_law_68_the_2017_claim_keeps_its_sub_clauses() -> None:
    r = ruling(rendered("claims-normal/10-top.json", "2017")["ru"], "claim")
    assert "68D2" in r["laws"]


@pytest.mark.parametrize(("name", "ru", "en"), [
    ("play/56-01-refused-lead-major-penalty-card.json", "Запад сделал ход ♣В вне очереди.", "West led ♣J out of turn."),
    ("play/55-01-declarer-lead-out-of-turn-options.json", "Север сделал ход ♠Т вне очереди.", "North led ♠A out of turn."),
])
def test_laws_53_55_56_a_lead_out_of_turn_is_read_as_a_lead(name: str, ru: str, en: str) -> None:
    out = rendered(name)
    r = ruling(out["ru"], "play_out_of_turn")
    assert r["decision"].startswith(ru) and "пошёл" not in texts(r)
    assert ruling(out["en"], "play_out_of_turn")["decision"].startswith(en)


def test_law_57_a_card_played_before_partner_is_still_played() -> None:
    r = ruling(rendered("play/57-03-highest-complied.json")["ru"], "play_out_of_turn")
    assert r["decision"].startswith("Запад сыграл ♥В вне очереди.")


@pytest.mark.parametrize(("name", "said"), [
    ("incidents/57A-highest-held-1997.json", "; значит, ♣3 сыграна с нарушением."),
    ("incidents/57A-highest-not-held-1997.json", "; значит, ♣3 сыграна законно."),
    ("incidents/50D2-required-suit-not-held-2017.json", "; значит, ♣В сыграна законно."),
])
def test_law_44C_the_finding_on_a_holding_says_what_it_means_for_the_card(name: str, said: str) -> None:
    assert said in ruling(rendered(name)["ru"], "holding_unknown")["decision"]


@pytest.mark.parametrize(("name", "edition", "ru"), [
    ("play/64-05-dummy-revoke-no-transfer.json", None, "Фальшренонс со стола (Юг — болван) во взятке № 2."),
    ("incidents/revoke-found-after-play-entered-from-the-end-64B3-dummy-1997.json", "2017",
     "Фальшренонс со стола (Север — болван) во взятке № 6."),
])
def test_law_64B3_a_revoke_from_dummy_is_read_as_declarers_from_dummy(name: str, edition: str | None, ru: str) -> None:
    r = ruling(rendered(name, edition)["ru"], "revoke")
    assert r["decision"].startswith(ru)
    assert "он не подал масть" not in r["summary_ru"]


def test_law_62B2_declarer_corrects_dummys_revoke_from_dummy() -> None:
    r = ruling(rendered("play/review-62B2-dummy-revoke-corrected-no-penalty-card.json")["ru"], "revoke")
    assert "разыгрывающий играет со стола законную карту" in r["summary_ru"]
    assert "Юг играет законную карту" not in r["summary_ru"]


@pytest.mark.parametrize("edition", ["1997", "2017"])
def test_law_50C_a_minor_penalty_card_is_read_with_what_it_bars(edition: str) -> None:
    r = ruling(rendered("play/50-05-minor-allows-honour.json", edition)["ru"], "card_exposed")
    said = ("Пока Запад не сыграет эту карту, он не может играть другую карту этой масти ниже онера; "
            "онер этой масти играть можно (50C).")
    assert said in r["decision"] and said in r["summary_ru"]


@pytest.mark.parametrize(("edition", "law", "tail"), [("2017", "36A", "ограничений на ход нет"),
                                                      ("1997", "35A", "без наказания")])
def test_laws_36A_35A_a_condoned_inadmissible_double_takes_the_later_calls_with_it(
        edition: str, law: str, tail: str) -> None:
    r = ruling(rendered("auction/36A-inadmissible-double-lho-called.json", edition)["ru"], "inadmissible_double")
    assert r["laws"] == [law]
    assert f"Контра Юга отменяется. Все последующие заявки тоже отменяются; Юг заявляет снова, {tail}." in r["decision"]
    assert "после этой заявки" not in r["summary_ru"] and not re.search(r"и \d+ последу", r["summary_ru"])


def test_law_15_a_law_cited_by_its_number_in_the_sentence_is_not_read_again() -> None:
    r = ruling(rendered("board/13-unscheduled-board-played-before.json", "1997")["ru"], "board")
    assert "(15, 12C1)" in r["decision"] and "Правило 15." not in r["decision"]


@pytest.mark.parametrize(("name", "ru"), [
    ("auction/31B-partner-turn-1997.json",
     "Торговля возвращается к Востоку; отменённая заявка партнёра для него — несанкционированная информация. "
     "Запад затем делает заявку в свою очередь."),
])
def test_law_31B_the_decision_says_the_auction_goes_back_to_partner(name: str, ru: str) -> None:
    r = ruling(rendered(name, "2017")["ru"], "call_out_of_rotation")
    assert ru in r["decision"]


def test_law_31B_1997_partner_passing_throughout_is_not_told_the_auction_goes_back_to_him() -> None:
    r = ruling(rendered("auction/31B-partner-turn-1997.json")["ru"], "call_out_of_rotation")
    assert "Восток обязан пасовать до конца торговли." in r["decision"]
    assert "Торговля возвращается" not in r["decision"]


@pytest.mark.parametrize(("edition", "said"), [
    ("2017", "Замена — не наименьшее достаточное назначение той же деноминации и не сопоставимая заявка: "
             "возможны ограничения на ход (26B)."),
    ("1997", "Обязанность пасовать — наказание (27B2): замена — не наименьшее достаточное неконвенционное назначение "
             "той же деноминации (27B1(a)); кроме того, возможны ограничения на ход (Правило 26)."),
])
def test_law_27B2_the_decision_says_lead_restrictions_may_follow(edition: str, said: str) -> None:
    r = ruling(rendered("auction/review-26B-forbid-at-opening-lead-after-27B2.json", edition)["ru"], "insufficient_bid")
    assert said in r["decision"]


def test_law_67B_the_card_added_to_a_defective_trick_is_named_not_an_option_label() -> None:
    out = rendered("play/67-03-no-card-found-late-offender-places-a-heart.json", "1997")
    r = ruling(out["ru"], "defective_trick")
    assert r["decision"].startswith("Взятка № 2 дефектная: нарушитель — Запад.")
    assert "Запад добавляет ♥В к своим сыгранным картам во взятке № 2." in r["decision"]
    assert "выбрал" not in r["decision"]


def test_law_17D_1997_a_wrong_board_decision_says_what_happens_now() -> None:
    r = ruling(rendered("board/09-wrong-board-partner-not-yet-called.json", "1997")["ru"], "board")
    assert ("Всё, что Север заявил с картами другой сдачи, и все последующие заявки отменяются; "
            "он берёт свою руку и заявляет снова.") in r["decision"]


def test_law_17D_1997_an_adjusted_wrong_board_is_not_told_to_call_again() -> None:
    r = ruling(rendered("board/10-wrong-board-partner-has-called.json", "1997")["ru"], "board")
    assert "заявляет снова" not in r["decision"]


def test_law_51A_the_decision_names_the_penalty_card_declarer_designated() -> None:
    r = ruling(rendered("play/51A-declarer-designates-the-penalty-card.json", "1997")["ru"], "penalty_card_designation")
    assert "Разыгрывающий указал ♦В; эта карта сыграна." in r["decision"] and "выбрал" not in r["decision"]


def test_law_29A_a_call_condoned_by_lho_is_named_not_a_pronoun() -> None:
    r = ruling(rendered("auction/29A-condoned-before-the-director.json")["ru"], "call_out_of_rotation")
    assert "Юг сделал заявку после 1♥:" in r["decision"] and "после неё" not in r["decision"]


# -- a third reading ----------------------------------------------------------------------


@pytest.mark.parametrize(("edition", "ru"), [
    ("2017", "Запад — защитник: при первом ходе его партнёра разыгрывающий может ограничить ход (26B)."),
    ("1997", "Запад — защитник: при первом ходе его партнёра разыгрывающий может ограничить ход (Правило 26)."),
])
def test_law_39_a_defenders_bid_after_the_final_pass_is_read_with_the_lead_restriction(edition: str, ru: str) -> None:
    r = ruling(rendered("auction/39C-bid-after-final-pass-by-defender.json", edition)["ru"], "call_after_final_pass")
    assert ru in r["decision"] and "26B" not in (r["summary_ru"] if edition == "1997" else "")


def test_law_39_a_defenders_pass_after_the_final_pass_has_no_lead_restriction() -> None:
    r = ruling(rendered("auction/39B-pass-after-final-pass.json", "1997")["ru"], "call_after_final_pass")
    assert "ограничить ход" not in r["decision"] and r["laws"] == ["39"]


@pytest.mark.parametrize(("edition", "law", "tail"), [("2017", "53B", "без дальнейшего исправления"),
                                                      ("1997", "53C", "без наказания")])
def test_law_53_the_proper_lead_after_a_lead_out_of_turn_stands(edition: str, law: str, tail: str) -> None:
    r = ruling(rendered("play/53-03-proper-lead-declines.json", edition)["ru"], "play_out_of_turn")
    assert r["laws"][-1] == law
    assert (f"Свой ход сделал тот, чья была очередь: этот ход остаётся, а карта Запада возвращается ему в руку {tail}; "
            "применяется Правило 16C.") in r["decision"]


def test_law_64B7_a_transfer_taken_back_is_not_announced() -> None:
    out = rendered("play/64B7-both-sides-revoked-defender-pointed-out-first.json")
    r = next(x for x in out["ru"]["rulings"] if x["kind"] == "revoke" and "64A2" in x["laws"])
    assert "передаётся" not in r["decision"]
    assert "Фальшренонс сделали обе пары: взятки не передаются (64B7)." in r["decision"]
    assert "Вторая пара" not in r["summary_ru"]


def test_law_67B1_a_card_owed_to_a_defective_trick_is_not_offered_as_a_choice() -> None:
    r = ruling(rendered("play/67-01-no-card-played-found-late.json", "1997")["ru"], "defective_trick")
    assert "выберите" not in r["decision"]
    assert ("Восток добавляет к своим сыгранным картам в этой взятке карту масти хода, если она у него есть, "
            "иначе любую карту (67B1).") in r["decision"]


@pytest.mark.parametrize("name", ["play/62-02-declarer-revoke-corrected.json",
                                  "play/review-62B2-dummy-revoke-corrected-no-penalty-card.json"])
def test_law_62B2_declarers_corrected_revoke_says_a_legal_card_is_played_instead(name: str) -> None:
    r = ruling(rendered(name)["ru"], "revoke")
    assert "Во взятку вместо этой карты кладётся законная карта с той же руки." in r["decision"]


# -- unusual sequences through the table ---------------------------------------------------

DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.765 6543.765.AKQ.T98 2.J432.JT98.AKQJ"


def played(edition: str, *actions: dict[str, Any]) -> dict[str, Any]:
    case = {"format": 1, "edition": edition, "board": 1, "deal": DEAL, "actions": list(actions)}
    return localize_state(run_scenario(load_scenario(case)), "ru")


def test_law_27B3_1997_a_double_put_for_an_insufficient_bid_is_not_offered_the_free_correction() -> None:
    out = played("1997", {"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"}, {"seat": "S", "choose": "decline"},
                 {"seat": "E", "call": "X"})
    r = ruling(out, "insufficient_bid")
    assert "без наказания" not in r["decision"]
    assert ("Контра Востока не может заменить недостаточное назначение: Восток делает достаточное назначение "
            "или пасует, а его партнёр пасует до конца торговли (27B3).") in r["decision"]


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_law_36B_the_offender_of_an_inadmissible_redouble_is_told_to_call_again(edition: str) -> None:
    out = played(edition, {"seat": "N", "call": "1S"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "XX"})
    assert "Юг делает законную заявку вместо отменённой;" in ruling(out, "inadmissible_double")["decision"]


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_law_25B1_lho_is_asked_to_accept_the_new_call(edition: str) -> None:
    out = played(edition, {"seat": "N", "call": "1S"}, {"seat": "N", "call": "2S", "change": True},
                 {"seat": "director", "decide": {"unintended": False, "misinformation": False}})
    refused = "остаётся прежняя заявка (25B2)" if edition == "2017" else "выбор за нарушителем (25B2(b))"
    assert f"Восток, вы можете принять новую заявку; если не примете, она отменяется и {refused}." in ruling(
        out, "change_of_call")["decision"]


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_law_58B2_the_player_is_asked_to_name_his_card_not_to_choose_one_option(edition: str) -> None:
    out = played(edition, {"seat": "N", "call": "1S"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "4S"},
                 {"seat": "W", "call": "P"}, {"seat": "N", "call": "P"}, {"seat": "E", "call": "P"},
                 {"seat": "E", "play": "ST"}, {"seat": "S", "play": "S3"}, {"seat": "W", "play_together": ["CA", "CK"]})
    r = ruling(out, "play_together")
    assert "Запад, назовите, какую из этих карт вы играете во взятку; другая карта станет штрафной (58B2, 50)." in r["decision"]
    assert "выберите" not in r["decision"]


def test_law_21B2_lhos_own_choice_is_read_with_its_options_not_as_accepting() -> None:
    r = ruling(rendered("auction/21B2-lho-offered-the-change-1997.json")["ru"], "change_of_call")
    assert "принять новую заявку" not in r["decision"]
    # his 2♣ cannot stand over 2♠: he is told to call again, not offered to keep it
    assert "Восток должен отменить свою заявку и сделать заявку заново: после новой заявки она стоять не может." in r["decision"]


@pytest.mark.parametrize(("edition", "law"), [("2017", "15A2"), ("1997", "17D")])
def test_law_15A2_the_call_that_differs_is_the_offenders_named(edition: str, law: str) -> None:
    r = ruling(rendered("board/11-wrong-board-earlier-call-differs.json", edition)["ru"], "board")
    assert r["decision"].startswith(
        f"Заявка Севера за этим столом существенно отличается от отменённой: присуждаются искусственные результаты ({law}).")
