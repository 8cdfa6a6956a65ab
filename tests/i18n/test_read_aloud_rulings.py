"""The rulings as a director reads them aloud at the table, rendered from the scenarios:
each says what happens now, in the glossary's words, with words that agree with the call
or the cards they name, and cites the sub-clause of its own edition (1997 numbering in a
1997 ruling)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from read_aloud_support import SCENARIOS, every_text, rendered, ruling

from bridgelaw.core.calls import Call
from bridgelaw.core.cards import Card, Seat
from bridgelaw.i18n import msg
from bridgelaw.i18n.output import localize_state
from bridgelaw.io.scenario import load_scenario, run_scenario

# -- the decision says what happens now ------------------------------------------------


def test_law_21B2_a_call_cancelled_with_the_later_calls_is_not_announced_as_a_call_out_of_rotation() -> None:
    out = rendered("auction/21B2-lho-keeps-his-call-later-calls-cancelled.json")
    ru, en = ruling(out["ru"], "call_out_of_rotation"), ruling(out["en"], "call_out_of_rotation")
    assert ru["decision"].startswith("Пас Севера уже отменён; решать больше нечего.")
    assert "вне очереди" not in ru["decision"]
    assert ru["summary_ru"].startswith("Пас Севера уже отменён прежним решением (21B2): решать по нему больше нечего.")
    assert en["decision"].startswith("North's pass was already cancelled")


@pytest.mark.parametrize(("name", "kind", "now"), [
    ("play/54C-dummy-spread-before-the-lead-declarer-must-accept.json", "card_exposed",
     "Это не штрафные карты; если защитник откроет первый ход вне очереди, разыгрывающий обязан его принять (54C)."),
    ("claims/36-68B2-faced-cards-of-a-void-concession-are-not-penalty-cards.json", "card_exposed",
     "Карты, открытые при заявлении или уступке, не штрафные"),
    ("play/47-02-faced-lead-too-late.json", "lead_after_misinformation",
     "Забрать карту уже нельзя; судья может присудить результат."),
    ("play/43B2b-dummy-after-a-breach-asks-declarer.json", "dummy_limitation",
     "может быть применён процедурный штраф (90), и он лишается части своих прав (43B2)"),
    ("play/57-06-declarer-played-both-hands.json", "play_out_of_turn",
     "Исправления нет: разыгрывающий уже сыграл с обеих рук."),
    ("play/57C2-dummy-played-first-no-rectification.json", "play_out_of_turn",
     "Исправления нет: болван сам положил карту во взятку."),
])
def test_laws_41D_68C_47E2b_43B_57C_the_decision_read_aloud_says_what_happens_now(name: str, kind: str, now: str) -> None:
    decision = ruling(rendered(name)["ru"], kind)["decision"]
    assert now in decision
    assert "решение ждёт" not in decision


def test_law_57C_the_english_decision_has_no_engine_words_either() -> None:
    decision = ruling(rendered("play/57-06-declarer-played-both-hands.json")["en"], "play_out_of_turn")["decision"]
    assert "No rectification" in decision and "next step" not in decision


def test_law_70_the_director_decides_how_many_tricks_and_whether_play_goes_on() -> None:
    out = rendered("claims/04-claim-disputed-director-asked.json")
    assert "сколько взяток получает сторона заявившего и продолжается ли розыгрыш" in ruling(out["ru"], "claim")["decision"]
    assert "and whether play goes on" in ruling(out["en"], "claim")["decision"]


# -- the glossary's words ---------------------------------------------------------------


def test_law_24B_the_director_adjusts_the_score_in_the_glossarys_words() -> None:
    summary = ruling(rendered("auction/24B-honour-exposed.json")["ru"], "card_exposed")["summary_ru"]
    assert "судья присудит результат (72C)" in summary
    assert "скорректированн" not in summary


@pytest.mark.parametrize("name", ["incidents/revoke-found-after-play-62B1-not-established-2017.json",
                                  "incidents/revoke-found-after-play-62D1-trick-12-2017.json"])
def test_law_62B1_the_revoke_card_becomes_a_major_penalty_card(name: str) -> None:
    r = ruling(rendered(name)["ru"], "revoke")
    assert "большой штрафной картой" in r["decision"] and "крупн" not in every_text(r)


def test_law_62C1_each_player_of_the_non_offending_side_may_take_back_his_card() -> None:
    r = ruling(rendered("incidents/revoke-found-after-play-62B1-not-established-2017.json")["ru"], "revoke")
    assert "Каждый игрок ненарушившей стороны может забрать карту" in r["summary_ru"]


def test_law_64C_the_director_left_the_score_unchanged() -> None:
    r = ruling(rendered("play/64B4-revoke-found-after-the-next-board-called.json")["ru"], "revoke")
    assert "Судья оставил результат без изменений (64C)." in r["decision"]


def test_law_25A1_the_replacement_call_is_subject_to_the_usual_laws() -> None:
    r = ruling(rendered("auction/25A-unintended-call-replaced.json")["ru"], "change_of_call")
    assert "новой заявкой (1♠), к которой применяются обычные правила" in r["summary_ru"]


def test_law_13A2_a_board_problem_is_announced_in_the_sources_words() -> None:
    r = ruling(rendered("board/02-incorrect-number-card-seen.json")["ru"], "board")
    assert r["decision"].startswith("Проблема со сдачей: неправильное число карт. Карту чужой руки кто-то видел:")


def test_law_60B_declarer_leads_from_the_right_hand() -> None:
    out = rendered("play/60-01-defender-plays-before-declarer-leads-correctly.json")["ru"]
    r = next(r for r in out["rulings"] if "60B" in r["laws"])
    assert "до его хода с правильной руки" in r["summary_ru"]


# -- words that agree with the call or the cards they name -------------------------------


@pytest.mark.parametrize(("name", "ru"), [
    ("play/24-02-exposed-before-lead-1997.json", "Считать ♣Т штрафной картой"),
    ("play/51A-declarer-designates-before-the-opening-lead-1997.json", "Считать ♦4, ♣7 штрафными картами"),
])
def test_law_24_1997_declarer_treats_the_exposed_card_or_cards_as_penalty_cards(name: str, ru: str) -> None:
    r = ruling(rendered(name)["ru"], "card_exposed")
    assert r["options"][0]["label_ru"] == ru
    assert "открытые карты штрафными" not in every_text(r)


def test_law_24_1997_one_card_chosen_as_a_penalty_card_is_named_in_the_singular() -> None:
    r = ruling(rendered("play/24-02-exposed-before-lead-1997.json")["ru"], "card_exposed")
    assert "Разыгрывающий решил считать ♣Т штрафной картой." in r["summary_ru"]


@pytest.mark.parametrize(("call", "ru"), [("P", "Пас Севера уже отменён"), ("X", "Контра Севера уже отменена"),
                                          ("1H", "Назначение 1♥ Севера уже отменено")])
def test_a_cancelled_call_is_named_with_a_participle_of_its_gender(call: str, ru: str) -> None:
    text = msg("auction_common.already_void", seat=Seat.N, call=Call.parse(call), law="21B2").render("ru")
    assert text.startswith(ru)


@pytest.mark.parametrize(("cards", "ru"), [(["SA"], "♠Т штрафной картой"), (["SA", "H2"], "♠Т, ♥2 штрафными картами")])
def test_penalty_cards_are_named_in_the_number_of_the_cards(cards: list[str], ru: str) -> None:
    label = msg("exposure.defender_before_lead.3", cards=[Card.parse(c) for c in cards])
    assert label.render("ru") == f"Считать {ru}"


# -- the sub-clause of the ruling's own edition ----------------------------------------------


def test_law_16_in_1997_unauthorized_information_from_partner_is_16A() -> None:
    out = rendered("information/16A_reserved_rights_poll_1997.json")
    r = ruling(out["ru"], "unauthorized_information")
    assert r["laws"][:2] == ["16A", "16A2"]
    assert "(16A1)" in r["summary_ru"]
    assert not re.search(r"16B1|16B2|16B3", every_text(r) + every_text(ruling(out["en"], "unauthorized_information")))
    assert not [q["law"] for q in r["questions"] if q["law"].startswith("16B")]


def test_law_12C_in_1997_the_assigned_score_is_12C2_and_the_artificial_12C1() -> None:
    r = ruling(rendered("information/16A_reserved_rights_poll_1997.json")["ru"], "unauthorized_information")
    assert r["laws"] == ["16A", "16A2", "12C2"]
    # the references the sentence cites are not read out again in the list after it
    assert r["decision"].endswith("присуждённый результат — 2♠, разыгрывает Север (16A, 12C2). Правило 16A2.")
    assert any("(12C2)?" in q["text_ru"] for q in r["questions"])
    board = ruling(rendered("board/04-incorrect-number-not-playable-adjusted.json", "1997")["ru"], "board")
    assert board["laws"][-1] == "12C1" and board["decision"].endswith("присуждается искусственный результат (13B2). Присуждённый результат: Север–Юг — среднее минус (40%), Восток–Запад — среднее плюс (60%). Правило 12C1.")
    assert any("(12C1) или счёт для линии Север–Юг (12C2)?" in q["text_ru"] for q in board["questions"])


def test_law_16_in_2017_unauthorized_information_from_partner_is_16B() -> None:
    r = ruling(rendered("information/16B3_reserved_rights_poll_of_logical_alternatives.json")["ru"], "unauthorized_information")
    assert r["laws"][:2] == ["16B1(a)", "16B3"] and "(16B2)" in r["summary_ru"]


def test_law_24_in_1997_the_cards_of_the_declaring_side_go_back_under_law_24_itself() -> None:
    r = ruling(rendered("play/54-11-declarer-saw-dummy-must-accept.json", "1997")["ru"], "card_exposed")
    assert r["laws"] == ["24"]
    assert r["decision"] == "Юг открыл ♦К. Штрафной карты нет: карта возвращается в руку. Правило 24."


def test_law_24_in_1997_has_no_24E() -> None:
    r = ruling(rendered("auction/24E-defender-penalty-card.json", "1997")["ru"], "card_exposed")
    assert "24E" not in r["laws"] and "24E" not in every_text(r)


@pytest.mark.parametrize("name", ["play/57C-declarer-played-both-hands-1997.json", "play/57C-dummy-played-first-1997.json"])
def test_law_57C_in_1997_no_penalty_when_declarer_or_dummy_has_played(name: str) -> None:
    r = ruling(rendered(name)["ru"], "play_out_of_turn")
    assert r["laws"] == ["57C"]
    assert "Наказания нет: карта сыграна и ложится во взятку в очередь Запада." in r["decision"]


def test_law_45C2_in_1997_declarers_premature_play_borrows_no_2017_clause_of_law_57() -> None:
    # the digest knows no 1997 57D: the card is declarer's played card (45C2)
    r = ruling(rendered("play/45C2-declarer-premature-play-1997.json")["ru"], "play_out_of_turn")
    assert r["laws"] == ["45C2"]
    assert r["decision"].endswith("Карта законна и остаётся сыгранной. Правило 45C2.")
    assert "57C3" not in every_text(r) and "57D" not in every_text(r)


@pytest.mark.parametrize(("law", "present", "absent"), [
    ("16", ("16A", "16A1", "16A2", "16C"), ("16B1", "16B2", "16B3", "16D")),
    ("24", ("24A", "24B", "24C"), ("24D", "24E")),
    ("57", ("57C",), ("57C1", "57C2", "57C3", "57D")),
])
def test_laws_16_24_57_the_1997_page_lists_the_clauses_the_engine_applies_in_1997_numbers(
        law: str, present: tuple[str, ...], absent: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    from bridgelaw.cli import main

    assert main(["law", law, "--edition", "1997"]) == 0
    engine = capsys.readouterr().out.split("In this engine:")[1]
    refs = set(re.findall(r"\b\d{2}[A-H][0-9()a-z]*", engine))
    assert set(present) <= refs and not refs & set(absent)


# -- claims and concessions (68-71), revokes (64C), and the English texts ----------------------


@pytest.mark.parametrize("name", ["board/05-incorrect-number-after-play-cancelled.json",
                                  "claims/38-71-concession-cancelled-with-hands-unknown.json"])
def test_law_71_a_concession_of_tricks_that_could_not_be_lost_is_announced_cancelled(name: str) -> None:
    out = rendered(name)
    ru, en = ruling(out["ru"], "claim")["decision"], ruling(out["en"], "claim")["decision"]
    assert "Уступка отменена в части взяток, которые нельзя было проиграть ни при каком нормальном розыгрыше (71)." in ru
    assert ru.count("Итого взяток:") == 1
    assert "The concession of tricks that could not be lost by any normal play is cancelled (71)." in en


def test_law_69B_the_director_decides_the_tricks_of_the_conceders_side_too() -> None:
    out = rendered("claims/35-69B-declarer-withdraws-agreement-to-a-defenders-concession.json")
    r = ruling(out["ru"], "claim")
    assert "Решает судья: сколько взяток получает сторона уступившего." in r["decision"]
    assert "Взятки:" not in r["decision"]  # the agreement was withdrawn: no tricks read out
    assert any("сторона заявившего или уступившего (Правила 69B, 71)" in q["text_ru"] for q in r["questions"])


def test_law_64C_the_tricks_declarer_has_after_equity_is_restored() -> None:
    r = ruling(rendered("play/64-06-equity-adjustment.json")["ru"], "revoke")
    assert "Судья восстанавливает справедливость (64C): у разыгрывающего — 8 взяток." in r["decision"]


def test_law_29A_the_english_texts_name_seats_calls_and_suits_in_words() -> None:
    accepted = ruling(rendered("auction/29A-condoned-before-the-director.json")["en"], "call_out_of_rotation")
    assert "North lost that turn to call" in accepted["summary"]
    restriction = ruling(rendered("auction/26B-forbid-a-suit-at-opening-lead.json")["en"], "lead_restriction")
    assert any(o["label"].startswith("Forbid the lead of one suit (♠") for o in restriction["options"])


def test_law_16B1a_the_english_decision_names_the_logical_alternative_in_symbols() -> None:
    r = ruling(rendered("information/16B3_reserved_rights_poll_of_logical_alternatives.json")["en"], "unauthorized_information")
    assert "Logical alternatives: 2♠;" in r["decision"]


def test_law_27B2_an_obligation_to_pass_prevails_and_names_the_call_it_speaks_of() -> None:
    r = ruling(rendered("auction/29B-call-over-a-declined-insufficient-bid-offender-must-pass.json")["ru"], "call_out_of_rotation")
    assert "и других исправлений за эту заявку нет" in r["summary_ru"]


# -- a call named by its player in the genitive, the number of later calls, the poll's answer ---


def test_law_27B_a_later_call_cancelled_with_the_insufficient_bid_agrees_with_its_number() -> None:
    out = rendered("auction/29B-call-over-a-declined-insufficient-bid-at-partner-turn.json")
    r = ruling(out["ru"], "insufficient_bid")
    assert r["summary_ru"].startswith("Недостаточное назначение 1♥ Востока.")
    assert "Последующая заявка (2♠ Севера) тоже отменяется." in r["summary_ru"]
    assert "The later call made over it (North's 2♠) is cancelled with it." in ruling(out["en"], "insufficient_bid")["summary"]


def test_law_28B_a_call_out_of_rotation_named_with_its_player_and_gender() -> None:
    r = ruling(rendered("auction/28B-rightful-player-calls-first.json")["ru"], "call_out_of_rotation")
    assert r["summary_ru"].startswith("Назначение 1♥ Востока было сделано вне очереди;")


@pytest.mark.parametrize(("call", "ru"), [("P", "Пас Востока сам является нарушением; по нему"),
                                          ("X", "Контра Востока сама является нарушением; по ней"),
                                          ("2C", "Назначение 2♣ Востока само является нарушением; по нему")])
def test_law_29_a_call_made_over_an_irregularity_is_itself_one(call: str, ru: str) -> None:
    text = msg("out_of_rotation.on_call", seat=Seat.E, call=Call.parse(call)).render("ru")
    assert text.startswith(ru)


@pytest.mark.parametrize(("name", "ru"), [
    ("information/16B1_poll_no_logical_alternative_result_stands.json", "Логической альтернативы нет: результат остаётся (16B1)."),
])
def test_law_16B1_the_decision_says_which_answer_let_the_result_stand(name: str, ru: str) -> None:
    r = ruling(rendered(name)["ru"], "unauthorized_information")
    assert ru in r["decision"] and " или " not in r["decision"]
    assert "(и последующие действия)" not in r["summary_ru"]


@pytest.mark.parametrize(("name", "labels"), [
    ("incidents/50D2-required-suit-held-2017.json",
     ["Потребовать ход в бубны", "Запретить Востоку ход в бубны, пока он сохраняет ход", "Без ограничений: штрафная карта остаётся"]),
    ("play/51B2b-forbid-both-suits.json",
     ["Потребовать ход в одну из мастей штрафных карт: трефы, бубны",
      "Запретить Востоку ход в одну или несколько мастей штрафных карт (трефы, бубны), пока он сохраняет ход",
      "Без ограничений: штрафные карты остаются"]),
])
def test_laws_50D2_51B2_declarers_options_name_the_suits_of_the_penalty_cards(name: str, labels: list[str]) -> None:
    r = ruling(rendered(name)["ru"], "penalty_card_lead")
    assert [o["label_ru"] for o in r["options"]] == labels


# -- the 1997 Laws speak of a penalty where 2017 speaks of rectification --------------------


@pytest.mark.parametrize(("name", "ru", "en"), [
    ("play/57C-declarer-played-both-hands-1997.json", "наказания нет (57C)", "no penalty (57C)"),
    ("incidents/revoke-none-61A-1997.json", "Наказания нет.", "No penalty."),
    ("play/58B1-two-cards-one-faced-1997.json", "без наказания (58B1)", "without penalty (58B1)"),
])
def test_laws_57C_58B_61A_in_1997_there_is_no_penalty(name: str, ru: str, en: str) -> None:
    out = rendered(name)
    r = next(r for r in out["ru"]["rulings"] if ru in r["summary_ru"])
    assert "справлени" not in r["summary_ru"]
    assert any(en in r["summary"] for r in out["en"]["rulings"])


def test_law_57C1_in_2017_there_is_no_rectification() -> None:
    out = rendered("play/57C-declarer-played-both-hands-1997.json", "2017")
    r = ruling(out["ru"], "play_out_of_turn")
    assert "исправления нет (57C1)" in r["summary_ru"] and "наказани" not in every_text(r)


# -- the decision says what the director established or what an acceptance leaves ------------


@pytest.mark.parametrize(("name", "kind", "ru", "en"), [
    ("auction/27A1-accepted-by-calling-over.json", "insufficient_bid",
     "принял недостаточное назначение: оно остаётся в силе, торговля продолжается.",
     "accepted the insufficient bid: it stands and the auction goes on."),
    ("auction/29A-accepted.json", "call_out_of_rotation",
     "Заявка остаётся в силе, торговля продолжается, как если бы очередь не была нарушена.",
     "The call stands and the auction goes on as if it had been in rotation."),
    ("play/C-02-revoke-in-trick-led-out-of-turn.json", "play_out_of_turn",
     "Ход Запада остаётся в силе; следующим играет Север.", "West's lead stands"),
    ("play/52-01-accept-card-instead.json", "penalty_card_not_played",
     "Север принял ♥3. Штрафная карта остаётся на столе.", "The penalty card stays on the table."),
    ("incidents/57A-highest-held-2017.json", "restriction_violated",
     "Вместо этой карты он играет другую, как требует ограничение.", "Instead he plays a card the restriction requires"),
    ("auction/27B1b-comparable-call.json", "insufficient_bid",
     "Судья признал замену сопоставимой заявкой: торговля продолжается без дальнейшего исправления.",
     "The director judged the replacement comparable"),
])
def test_laws_27A_29A_53A_52B1_57A_23A_the_decision_says_what_stands_now(name: str, kind: str, ru: str, en: str) -> None:
    out = rendered(name)
    assert ru in ruling(out["ru"], kind)["decision"]
    assert en in ruling(out["en"], kind)["decision"]


@pytest.mark.parametrize(("name", "ru"), [
    ("auction/29B-call-over-a-declined-insufficient-bid-at-partner-turn.json",
     "Восток заменил его наименьшим достаточным назначением в той же деноминации: торговля продолжается без дальнейшего исправления."),
    ("auction/29B-call-over-a-declined-insufficient-bid-at-partner-turn-1997.json",
     "обе заявки неконвенционные: торговля продолжается без наказания."),
])
def test_law_27B1a_the_decision_says_the_lowest_sufficient_bid_replaced_it(name: str, ru: str) -> None:
    assert ru in ruling(rendered(name)["ru"], "insufficient_bid")["decision"]


def test_law_44C_the_decision_names_the_holding_the_director_established() -> None:
    out = rendered("incidents/52-could-follow-1997.json")
    assert ruling(out["ru"], "holding_unknown")["decision"].startswith(
        "Судья установил: у Запада была карта треф; значит, ♦3 сыграна с нарушением.")
    assert "held a card of clubs" in ruling(out["en"], "holding_unknown")["decision"]
    assert "этой масти" not in ruling(out["ru"], "holding_unknown")["decision"]


def test_law_70A_the_tricks_the_director_awarded_are_announced_as_his_ruling() -> None:
    out = rendered("claims/review-70A_defender_claim_adjudicated.json")
    assert "По решению судьи итого взяток: Север–Юг — 10, Восток–Запад — 3." in ruling(out["ru"], "claim")["decision"]


def test_law_50D2_penalty_cards_are_read_suit_by_suit_higher_first_and_the_suit_agrees() -> None:
    out = rendered("auction/review-24C-two-cards-major-penalty-cards.json")
    d = ruling(out["ru"], "penalty_card_lead")["decision"]
    assert "у партнёра штрафные карты ♣К, ♣2" in d and "ход в масть штрафных карт" in d
    en = ruling(out["en"], "penalty_card_lead")["decision"]
    assert "♣K, ♣2" in en and "the suit of the penalty cards" in en


def test_law_51B_several_suits_of_penalty_cards_are_one_of_their_suits() -> None:
    d = ruling(rendered("incidents/51A-declarer-designates-2017.json", None)["ru"], "penalty_card_lead")
    assert "в одну из мастей штрафных карт" in every_text(d) and "в масть штрафной карты" not in every_text(d)


def test_law_37_the_later_calls_are_named_without_a_pronoun() -> None:
    r = ruling(rendered("auction/37-call-out-of-rotation-over-the-cancelled-call-accepted-1997.json")["ru"],
               "violates_pass_obligation")
    assert "Последующие заявки (3♣ Востока) остаются в силе" in r["summary_ru"] and "после неё" not in r["summary_ru"]


def test_english_lists_of_cards_are_read_as_lists() -> None:
    assert msg("decision.now.penalty_card.major", seat=Seat.W, cards=[Card.parse("SA"), Card.parse("HK")], n=2
               ).render("en").startswith("West's ♠A, ♥K")


@pytest.mark.parametrize(("name", "kind", "en"), [
    ("play/58B1-two-cards-one-faced-1997.json", "play_together", "only ♥3 face up: ♥3 is played, the other card goes back"),
    ("play/52-02-require-penalty-card.json", "penalty_card_not_played", "Declarer required ♥J;"),
    ("auction/36B4-inadmissible-double-out-of-rotation.json", "call_out_of_rotation", "The double is inadmissible (Law 19)"),
])
def test_laws_58B1_52B2_36B4_english_names_cards_and_calls_in_words(name: str, kind: str, en: str) -> None:
    assert en in ruling(rendered(name)["en"], kind)["summary"]


def test_law_67_the_question_to_the_director_has_no_engine_codes() -> None:
    q = ruling(rendered("play/67-04-no-card-found-in-time-67A1.json")["en"], "defective_trick")["questions"][0]["text"]
    assert "'missing'" not in q and q.endswith("or nothing was wrong (Law 67)?")


def test_law_62B1_the_revoke_card_is_not_announced_as_going_back_to_the_hand() -> None:
    out = rendered("incidents/50D2-required-suit-held-1997.json")
    d = ruling(out["ru"], "revoke")["decision"]
    # North's card played after the revoke is his to take back (62C1); the revoke card stays a penalty card
    assert "Север вправе забрать ♥6 и сыграть вместо неё другую карту (62C1). ♦2 Запада — большая штрафная карта." in d
    assert "♦2, ♥6" not in d
    assert "North may take ♥6 back and play another card instead (62C1)." in ruling(out["en"], "revoke")["decision"]


def test_law_52B2_the_decision_says_the_required_penalty_card_is_played_instead() -> None:
    d = ruling(rendered("play/52-02-require-penalty-card.json")["ru"], "penalty_card_not_played")["decision"]
    assert "Запад вместо неё играет в эту взятку штрафную карту, которую потребовал разыгрывающий." in d


@pytest.mark.parametrize(("name", "kind", "en"), [
    ("auction/36C-inadmissible-double-found-after-the-lead-1997.json", "inadmissible_double",
     "as if the double had not been made: 1♠."),
    ("auction/27B3-double-1997.json", "insufficient_bid", " A double cannot replace the insufficient bid"),
])
def test_laws_36C_27B3_english_summaries_have_no_engine_codes(name: str, kind: str, en: str) -> None:
    assert en in ruling(rendered(name)["en"], kind)["summary"]


def test_law_26A2_the_english_option_names_the_suit_by_its_symbol() -> None:
    r = ruling(rendered("auction/26A2-require-a-suit-1997.json")["en"], "lead_restriction")
    assert "Require the lead of a suit (♣)" in [o["label"] for o in r["options"]]


def test_law_29_english_names_the_call_out_of_rotation_with_its_verb() -> None:
    r = ruling(rendered("auction/36B4-inadmissible-double-out-of-rotation.json")["en"], "call_out_of_rotation")
    assert r["summary"].startswith("South doubled out of rotation: it was East's turn.")


def test_law_21B2_the_later_call_is_named_without_a_pronoun() -> None:
    r = ruling(rendered("auction/21B2-lho-offered-the-change-1997.json")["ru"], "change_of_call")
    assert "Последующая заявка Востока (2♣) после 2♠ стоять не может: Восток заменяет её (21B2)." in r["summary_ru"]
    assert "после неё" not in r["summary_ru"]


@pytest.mark.parametrize(("name", "ru"), [
    ("board/14-unscheduled-board-not-played-before.json", "Никто за этим столом эту сдачу раньше не играл:"),
    ("board/12-wrong-board-earlier-same-call.json", "Заявка за этим столом существенно не отличается от прежней:"),
])
def test_law_15_a_board_decision_read_alone_names_what_it_speaks_of(name: str, ru: str) -> None:
    decision = ruling(rendered(name)["ru"], "board")["decision"]
    assert decision.startswith("Проблема со сдачей: ") and ru in decision


# -- what happens now, said to the players -----------------------------------------------


def waiting(name: str, key: str, edition: str | None = None) -> dict[str, dict[str, Any]]:
    """The scenario stopped before the director answers ``key``: the ruling waits for him."""
    case = json.loads((SCENARIOS / name).read_text(encoding="utf-8"))
    case.pop("expect", None)
    if edition:
        case["edition"] = edition
    at = next(i for i, a in enumerate(case["actions"]) if key in a.get("decide", {}))
    case["actions"] = case["actions"][:at]
    state = run_scenario(load_scenario(case))
    return {lang: localize_state(state, lang) for lang in ("ru", "en")}


@pytest.mark.parametrize("name", ["scenarios/play/63A1-established-by-a-lead-out-of-turn-not-accepted-1997.json",
                                  "scenarios/play/63A1-established-by-a-lead-out-of-turn-not-accepted.json"])
def test_law_64A_a_revoke_established_in_play_says_when_the_tricks_are_transferred(name: str) -> None:
    out = rendered(name.removeprefix("scenarios/"))
    ru, en = ruling(out["ru"], "revoke")["decision"], ruling(out["en"], "revoke")["decision"]
    assert "Розыгрыш продолжается; взятки за фальшренонс, если они полагаются, передаются по окончании розыгрыша (64A)." in ru
    assert "Play goes on; any tricks due for the revoke are transferred when play ends (64A)." in en


def test_law_64B3_1997_while_the_director_is_asked_no_tricks_are_transferred() -> None:
    out = rendered("play/64B3-failure-to-play-a-penalty-card-1997.json")
    ru, en = ruling(out["ru"], "revoke")["decision"], ruling(out["en"], "revoke")["decision"]
    assert "Взятки не передаются (64B3). Решает судья: нужно ли восстановить справедливость после фальшренонса." in ru
    assert en.startswith("Revoke by West in trick 2. No tricks are transferred (64B3). For the director to decide:")


@pytest.mark.parametrize(("name", "ru_now", "en_now"), [
    ("auction/31A1-repeat-after-a-bid.json", "Запад повторил 2♣: торговля продолжается без исправления.",
     "West made the same call again (2♣): the auction goes on without further rectification."),
    ("auction/32A1-double-repeated.json", "Запад повторил контру: торговля продолжается без исправления.",
     "West made the same call again (double)"),
])
def test_laws_31A1_32A1_after_the_call_was_repeated_the_decision_says_so(name: str, ru_now: str, en_now: str) -> None:
    out = rendered(name)
    ru, en = ruling(out["ru"], "call_out_of_rotation")["decision"], ruling(out["en"], "call_out_of_rotation")["decision"]
    assert ru_now in ru and "должен повторить" not in ru
    assert en_now in en and "must repeat" not in en


def test_law_61A_the_holding_question_names_the_player_and_the_suit() -> None:
    out = waiting("incidents/revoke-none-61A-2017.json", "holds_suit")
    ru = next(r for r in out["ru"]["rulings"] if r["status"] == "awaiting_decision")["decision"]
    en = next(r for r in out["en"]["rulings"] if r["status"] == "awaiting_decision")["decision"]
    assert re.search(r"Решает судья: была ли у (Севера|Востока|Юга|Запада) карта (пик|червей|бубен|треф)\.", ru), ru
    assert "этой масти" not in ru and "у игрока" not in ru
    assert re.search(r"For the director to decide: whether (North|East|South|West) held a card of (spades|hearts|diamonds|clubs)\.", en), en


@pytest.mark.parametrize(("name", "narration"), [
    ("claims/04-claim-disputed-director-asked.json", "Судья определит"),
    ("claims/35-69B-declarer-withdraws-agreement-to-a-defenders-concession.json", "судья определяет"),
])
def test_laws_69B_70_71_the_decision_announces_and_does_not_narrate(name: str, narration: str) -> None:
    out = rendered(name)
    r = ruling(out["ru"], "claim")
    assert narration not in r["decision"] and narration not in r["summary_ru"]
    assert "Решает судья:" in r["decision"] or "решает судья" in r["summary_ru"]
    assert "The director will decide" not in ruling(out["en"], "claim")["decision"]


def test_law_30B2_1997_the_offender_who_must_pass_throughout_is_not_told_to_call() -> None:
    out = rendered("auction/30B2-pass-at-partner-turn-1997.json")
    ru, en = ruling(out["ru"], "call_out_of_rotation")["decision"], ruling(out["en"], "call_out_of_rotation")["decision"]
    assert "Запад обязан пасовать до конца торговли." in ru and "делает заявку в свою очередь" not in ru
    assert "West must pass for the rest of the auction." in en and "calls at his turn" not in en


def test_english_texts_count_their_cards_and_tricks_without_a_bracketed_plural() -> None:
    from bridgelaw.i18n.catalog import catalog

    en = catalog("en")
    assert not [k for k, e in en.entries.items() if any("(s)" in t for t in e.templates)]
    out = rendered("auction/24-declarer-option-1997.json")
    assert "the card stays face up on the table" in ruling(out["en"], "card_exposed_during_auction")["summary"]


@pytest.mark.parametrize(("name", "says"), [
    ("auction/32A1-double-repeated.json", "If South passes, West must repeat his double (32A1)"),
    ("auction/32A1-double-repeated.json", "Not accepted: the double is cancelled and the auction reverts to South (29B)."),
    ("auction/32A1-double-repeated.json", "West repeated his double: no further rectification (32A1)."),
])
def test_laws_29B_32A1_english_names_the_repeated_call_with_its_article(name: str, says: str) -> None:
    assert says in ruling(rendered(name)["en"], "call_out_of_rotation")["summary"]


def test_law_69A_english_joins_the_players_who_agreed_with_and() -> None:
    out = rendered("incidents/claim-in-play-69A-agreed-1997.json")
    assert "Agreed by West and East: the board is scored as claimed (69A)." in ruling(out["en"], "claim")["summary"]


def test_law_62C1_the_card_played_after_the_revoke_is_its_owners_to_take_back() -> None:
    out = rendered("play/62-03-non-offender-changes-card.json")
    assert "Север вправе забрать ♥9 и сыграть вместо неё другую карту (62C1)." in ruling(out["ru"], "revoke")["decision"]
    assert "North may take ♥9 back and play another card instead (62C1)." in ruling(out["en"], "revoke")["decision"]


def test_law_68D2_a_disputed_claim_announces_who_decides() -> None:
    out = rendered("claims/29-both-defenders-dispute-in-either-order.json")
    summary = ruling(out["ru"], "claim")["summary_ru"]
    assert "игра останавливается, результат решает судья (68D2, 70)" in summary and "определит" not in summary


@pytest.mark.parametrize(("name", "kind", "says"), [
    ("auction/36B4-inadmissible-double-out-of-rotation.json", "call_out_of_rotation", "The double is inadmissible (Law 19)"),
    ("auction/27B3-double-not-comparable-2017.json", "insufficient_bid", "A double cannot replace the insufficient bid"),
])
def test_laws_27B3_36_english_names_an_inadmissible_double_with_its_article(name: str, kind: str, says: str) -> None:
    assert says in ruling(rendered(name, "1997")["en"], kind)["summary"]


def test_law_16A_1997_english_says_what_the_player_did_after_the_hesitation() -> None:
    out = rendered("information/16A_reserved_rights_poll_1997.json")
    r = ruling(out["en"], "unauthorized_information")
    assert "North then played ♦2." in r["summary"] and "chose play" not in r["summary"]
    assert any(q["text"] == "What adjusted score, if the non-offending side was damaged (12C2)?" for q in r["questions"])


@pytest.mark.parametrize(("name", "kind", "says"), [
    ("auction/31A2b-rho-bid-not-comparable.json", "call_out_of_rotation", "East passed: West must pass at his next turn (31A2(b))."),
    ("auction/37-call-out-of-rotation-over-the-cancelled-call-accepted-1997.json", "insufficient_bid",
     "East replaced it with a pass. PENALTY:"),
    ("play/55-04-wrong-hand-accepted.json", "play_out_of_turn", "Declarer led ♠A from North while South was on lead (55B2)."),
])
def test_laws_27B2_31A2_55B2_english_says_the_call_or_lead_in_plain_words(name: str, kind: str, says: str) -> None:
    assert says in ruling(rendered(name)["en"], kind)["summary"]


def test_law_37_the_later_calls_are_one_sentence_apart_not_two_spaces() -> None:
    out = rendered("auction/37-call-out-of-rotation-over-the-cancelled-call-accepted-1997.json")
    r = ruling(out["ru"], "violates_pass_obligation")
    assert "  " not in r["summary_ru"] and "(Правило 23). Последующие заявки (3♣ Востока)" in r["summary_ru"]
    assert "  " not in ruling(out["en"], "violates_pass_obligation")["summary"]


def test_law_15_1997_the_board_played_at_the_wrong_table_is_cited_by_the_1997_law() -> None:
    out = rendered("board/14-unscheduled-board-not-played-before.json", "1997")
    r = ruling(out["ru"], "board")
    assert r["laws"] == ["15"] and "15B" not in every_text(r)
    # cited in the sentence, so not read out again in a list after it
    assert r["decision"].endswith("(15).") and "Правило 15." not in r["decision"]


def test_law_45C4b_1997_the_question_is_the_1997_test_and_english_names_the_card() -> None:
    out = rendered("play/45-03-unintended-designation.json", "1997")
    r = ruling(out["en"], "unintended_designation")
    assert "Declarer says he named dummy's ♥6 by mistake" in r["summary"] and "H6" not in r["summary"]
    assert [q["text_ru"] for q in r["questions"]] == [
        "Было ли указание карты болвана сделано по недосмотру и исправлено без паузы на обдумывание (Правило 45C4(b), 1997)?"]


def test_law_47D_the_cards_taken_back_are_each_named_with_their_player() -> None:
    out = rendered("play/45-03-unintended-designation.json")
    # dummy's card (South's) goes back to the table, not to a hand
    assert "Карты возвращаются: ♥6 — на стол, ♥3 — в руку Запада." in ruling(out["ru"], "unintended_designation")["decision"]
    assert "The cards go back: ♥6 to dummy, ♥3 to West's hand." in ruling(out["en"], "unintended_designation")["decision"]


@pytest.mark.parametrize("name", ["auction/review-27A2-ib-out-of-rotation-at-partner-turn.json",
                                  "auction/30B1-pass-at-partner-turn-comparable.json"])
def test_law_23A_a_call_out_of_rotation_replaced_by_a_comparable_call_says_the_auction_goes_on(name: str) -> None:
    out = rendered(name)
    assert "Судья признал замену сопоставимой заявкой: торговля продолжается без дальнейшего исправления." in ruling(
        out["ru"], "call_out_of_rotation")["decision"]
    assert "the auction goes on without further rectification" in ruling(out["en"], "call_out_of_rotation")["decision"]


@pytest.mark.parametrize(("name", "kind", "says"), [
    ("play/54-11-declarer-saw-dummy-must-accept.json", "card_exposed", "South exposed ♦K before the opening lead was faced"),
    ("board/03-incorrect-number-after-call-playable.json", "board", "the hands are corrected and play goes on"),
])
def test_laws_13B1_24D_english_names_the_card_and_says_who_is_corrected(name: str, kind: str, says: str) -> None:
    assert says in ruling(rendered(name)["en"], kind)["summary"]


def test_law_68D_1997_a_disputed_claim_does_not_offer_playing_on_which_is_2017s() -> None:
    out = rendered("claims/04-claim-disputed-director-asked.json", "1997")
    r = ruling(out["ru"], "claim")
    assert "68D2(b)" not in every_text(r) and "продолжается ли розыгрыш" not in r["decision"]
    assert "Решает судья: сколько взяток получает сторона заявившего." in r["decision"]


@pytest.mark.parametrize("name", ["information/20F5_declaring_side_corrects_after_final_pass.json",
                                  "information/75C_mistaken_call_result_stands.json"])
def test_law_75_1997_misinformation_cites_the_1997_law_not_2017s_sub_clauses(name: str) -> None:
    r = ruling(rendered(name, "1997")["ru"], "misinformation")
    text = every_text(r)
    assert not [x for x in ("20F4", "20F5", "21B1(b)", "75A", "75B", "75C") if x in text], text
    assert "75" in r["laws"]
    assert [q["text_ru"] for q in r["questions"]] == ["Было ли ошибочным объяснение (соглашение партнёров иное), а не заявка? "
                                                      "При отсутствии доказательств судья исходит из ошибочного объяснения (Правило 75, 1997)."]


def test_law_51B2_penalty_cards_in_several_suits_go_back_by_the_suit_or_suits_named() -> None:
    out = rendered("play/C-03-several-suits-forbid-one.json")
    ru, en = ruling(out["ru"], "penalty_card_lead")["summary_ru"], ruling(out["en"], "penalty_card_lead")["summary"]
    assert "(тогда штрафные карты названной масти или мастей возвращаются в руку)" in ru and "этой масти возвращаются" not in ru
    assert "(the penalty cards of the suit or suits named are then picked up)" in en


@pytest.mark.parametrize("name", ["play/51A-declarer-designates-before-the-opening-lead.json",
                                  "play/51A-declarer-designates-before-the-opening-lead-1997.json"])
def test_law_51A_the_designated_card_is_cited_once(name: str) -> None:
    out = rendered(name)
    for lang in ("ru", "en"):
        r = ruling(out[lang], "penalty_card_designation")
        assert r["decision"].count("51A") == 1, r["decision"]
        summary = r["summary_ru"] if lang == "ru" else r["summary"]
        assert summary.count("(51A)") == 1, summary


def test_law_50B_a_second_minor_penalty_card_makes_both_major_in_the_decision() -> None:
    out = rendered("play/50-02-two-penalty-cards-major.json")
    second = [r for r in out["ru"]["rulings"] if r["kind"] == "card_exposed"][-1]
    assert "♦9, ♦8 Запада — большие штрафные карты" in second["decision"], second["decision"]
    second_en = [r for r in out["en"]["rulings"] if r["kind"] == "card_exposed"][-1]
    assert "♦8" in second_en["decision"], second_en["decision"]


def test_law_24_1997_the_penalty_card_law_is_cited_like_the_others() -> None:
    r = ruling(rendered("play/51A-declarer-designates-before-the-opening-lead-1997.json")["ru"], "card_exposed")
    assert "штрафной (24, 50)." in r["summary_ru"], r["summary_ru"]
    assert "(24, 50)." in r["summary"] and "Law 50)" not in r["summary"], r["summary"]
