"""What the last independent reading found and the decisions now say, on the rendered
texts: a bid out of rotation at RHO's turn not accepted says what RHO's call brings (31A1,
31A2) and, once RHO has called, no longer that the auction goes back to him; a card played
after a mistaken explanation is taken back only by a player who played one (47E2), a
point-out in the auction or by a player with no card played is refused; a card played before
declarer chose says declarer chooses first (60C); a 1997 change of mind not accepted leaves
the choice to the offender (25B2(b)); an objection to a concession made in words speaks of
what was said, not of cards shown (68B2); a revoke corrected says once what the offender
plays and in which order (62A, 50D); a defective trick pointed out with no offender named
is said to be pointed out, the director says whose card is missing, or that nothing was
wrong (67); a corrected explanation is announced as corrected until the director finds
which was mistaken (20F, 75); declarer's slip in naming dummy's card is asked about as a
card named, not a call (45C4(b))."""

from __future__ import annotations

from typing import Any

import pytest
from read_aloud_support import calls, played_on, rendered, ruling

DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.765 6543.765.AKQ.T98 2.J432.JT98.AKQJ"
BOTH = ("2017", "1997")
BID_AT_RHO = [{"seat": "N", "call": "1H"}, {"seat": "S", "call": "2C"}, {"seat": "W", "choose": "decline"}]


def decisions(edition: str, actions: list[dict[str, Any]], kind: str) -> tuple[str, str]:
    out = played_on(DEAL, edition, actions)
    return ruling(out["ru"], kind)["decision"], ruling(out["en"], kind)["decision"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_31A_not_accepted_says_what_rhos_call_brings(edition: str) -> None:
    ru, en = decisions(edition, BID_AT_RHO, "call_out_of_rotation")
    assert "Торговля возвращается к Востоку. Если Восток спасует, Юг должен повторить 2♣ (31A1); " in ru
    assert "Юг может сделать любую законную заявку (31A2)" in ru
    assert "If East passes, South must repeat 2♣ (31A1)" in en


@pytest.mark.parametrize("edition", BOTH)
def test_law_31A1_rho_passed_the_offender_must_repeat_and_nothing_goes_back(edition: str) -> None:
    ru, en = decisions(edition, [*BID_AT_RHO, {"seat": "E", "call": "P"}], "call_out_of_rotation")
    assert "Восток спасовал: Юг должен повторить 2♣ (31A1)." in ru
    assert "возвращается" not in ru and "goes back" not in en
    assert "East passed: South must repeat 2♣ (31A1)." in en


def test_law_31A1_another_call_in_place_of_the_repeat_is_cancelled() -> None:
    ru, en = decisions("2017", [*BID_AT_RHO, {"seat": "E", "call": "P"}, {"seat": "S", "call": "3C"}], "call_out_of_rotation")
    assert "Восток спасовал: Юг должен повторить 2♣ (31A1). Назначение 3♣ Юга отменяется." in ru
    assert "South's 3♣ is cancelled." in en


def test_law_31A2_rho_bid_the_offender_calls_freely() -> None:
    ru, en = decisions("2017", [*BID_AT_RHO, {"seat": "E", "call": "1S"}], "call_out_of_rotation")
    assert "Восток не спасовал: Юг в свою очередь может сделать любую законную заявку (31A2)." in ru
    assert "возвращается" not in ru
    assert "East did not pass: South may make any legal call at his turn (31A2)." in en


FOUR_SPADES = calls("N", "1S", "P", "4S", "P", "P", "P")


@pytest.mark.parametrize("edition", BOTH)
def test_law_47E2_no_card_to_take_back_in_the_auction(edition: str) -> None:
    out = played_on(DEAL, edition, [{"seat": "N", "call": "1S"}, {"seat": "E", "point_out": "mistaken_explanation"}])
    assert not out["ru"]["rulings"]
    refused = out["ru"]["refused"][0]
    assert refused["code"] == "not_in_play"
    assert "ни одна карта ещё не сыграна" in refused["message"] and "(Правило 20F)" in refused["message"]
    assert "no card has been played yet" in out["en"]["refused"][0]["message"]


def test_law_47E2_the_declaring_side_has_no_card_to_take_back_after_a_face_down_lead() -> None:
    actions = [*FOUR_SPADES, {"seat": "E", "play": "HA", "face_down": True}, {"seat": "N", "point_out": "mistaken_explanation"}]
    out = played_on(DEAL, "2017", actions)
    assert not out["ru"]["rulings"]
    assert out["ru"]["refused"][0]["code"] == "no_card_played"
    assert out["ru"]["refused"][0]["message"].startswith("Север не сыграл ни одной карты, которую мог бы забрать (Правило 47E2)")


def test_law_47E2a_the_opening_leader_still_takes_back_his_face_down_lead() -> None:
    actions = [*FOUR_SPADES, {"seat": "E", "play": "HA", "face_down": True}, {"seat": "E", "point_out": "mistaken_explanation"}]
    r = ruling(played_on(DEAL, "2017", actions)["ru"], "lead_after_misinformation")
    assert r["laws"] == ["47E2(a)", "41A"]


@pytest.mark.parametrize("edition", [None, "1997"])
def test_law_60C_declarer_chooses_first(edition: str | None) -> None:
    out = rendered("play/60C-lead-before-the-50D2-choice-is-a-penalty-card.json", edition)
    assert "Сначала выбирает разыгрывающий (60C)." in ruling(out["ru"], "card_exposed")["decision"]
    assert "Declarer's choice comes first (60C)." in ruling(out["en"], "card_exposed")["decision"]


CHANGE = [{"seat": "N", "call": "1H"}, {"seat": "N", "call": "1S", "change": True}, {"seat": "director", "decide": {"unintended": False}}]


def test_law_25B2b_1997_not_accepted_the_offender_chooses() -> None:
    out = played_on(None, "1997", CHANGE)
    r = ruling(out["ru"], "change_of_call")
    assert "иначе она отменяется и выбор за нарушителем (25B2(b))" in r["summary_ru"]
    assert "остаётся" not in r["summary_ru"] and "остаётся" not in r["decision"]
    assert "если не примете, она отменяется и выбор за нарушителем (25B2(b))" in r["decision"]
    assert [o["label_ru"] for o in r["options"]][1] == "Не принимать: выбирает нарушитель"


def test_law_25B2_2017_not_accepted_the_original_call_stands() -> None:
    r = ruling(played_on(None, "2017", CHANGE)["ru"], "change_of_call")
    assert "если не примете, она отменяется и остаётся прежняя заявка (25B2)" in r["decision"]
    assert [o["label_ru"] for o in r["options"]][1] == "Не принимать: остаётся первоначальная заявка"


@pytest.mark.parametrize("edition", [None, "1997"])
def test_law_68B2_objection_to_a_concession_in_words_speaks_of_what_was_said(edition: str | None) -> None:
    out = rendered("claims/review-68B2_defenders_concession_partner_objects.json", edition)
    r = ruling(out["ru"], "claim")
    assert "сказанное" in r["summary_ru"] and "показанные карты" not in r["summary_ru"]
    assert "what was said" in ruling(out["en"], "claim")["summary"]


def test_law_68B2_cards_faced_in_a_concession_are_still_said_to_be_no_penalty_cards() -> None:
    r = ruling(rendered("claims/36-68B2-faced-cards-of-a-void-concession-are-not-penalty-cards.json")["ru"], "claim")
    assert "показанные карты не штрафные" in r["summary_ru"]


@pytest.mark.parametrize("edition", [None, "1997"])
def test_law_62A_a_corrected_revoke_says_the_legal_card_first_and_the_penalty_card_after(edition: str | None) -> None:
    out = rendered("play/62-01-revoke-corrected.json", edition)
    ru, en = ruling(out["ru"], "revoke")["decision"], ruling(out["en"], "revoke")["decision"]
    assert ru.count("должен сыграть") == 1
    assert "Запад должен сыграть во взятку законную карту, а штрафную карту — при первой законной возможности после этого." in ru
    assert "West must play a legal card to the trick, and the penalty card at the first legal opportunity after it." in en


PLAY_FROM_6 = [{"seat": "director", "play_from": 6, "declarer": "N", "strain": "C", "lead": "E"},
               {"seat": "E", "play": "D4"}, {"seat": "S", "play": "D5", "by": "N"}, {"seat": "W", "play": "D9"},
               {"seat": "N", "play": "DA"}, {"seat": "S", "point_out": "defective_trick", "trick": 6}]


def defective(edition: str, *answers: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    out = played_on(None, edition, [*PLAY_FROM_6, *({"seat": "director", "decide": a} for a in answers)], 11)
    assert not out["ru"]["refused"]
    return ruling(out["ru"], "defective_trick"), ruling(out["en"], "defective_trick")


@pytest.mark.parametrize("edition", BOTH)
def test_law_67_a_defective_trick_with_no_offender_named_is_said_to_be_pointed_out(edition: str) -> None:
    ru, en = defective(edition)
    assert ru["decision"].startswith("Указано, что взятка № 6 дефектная. Решает судья: что было не так со взяткой.")
    assert "игрок" not in ru["decision"] and "a player" not in en["decision"]
    assert en["decision"].startswith("Trick 6 is said to be defective.")


@pytest.mark.parametrize("edition", BOTH)
def test_law_67A1_a_card_missing_the_director_names_whose(edition: str) -> None:
    ru, _ = defective(edition, {"defect": "missing"})
    assert "Решает судья: чьей карты не хватает во взятке." in ru["decision"]
    ru, _ = defective(edition, {"defect": "missing"}, {"offender": "W"})
    assert ru["offender"] == "W" and "67A1" in ru["laws"]
    assert "Запад добавляет карту, которую может законно сыграть (67A1)" in ru["summary_ru"]


def test_law_67_the_director_finds_nothing_wrong() -> None:
    ru, en = defective("2017", {"defect": "none"})
    assert ru["decision"] == "Указано, что взятка № 6 дефектная. Взятка не была дефектной. Правило 67."
    assert en["decision"] == "Trick 6 is said to be defective. The trick was not defective. Law 67."


DEAL_2 = "N:KJ62.AQ94.K7.J83 A83.KT6.QJ92.AK6 Q74.J832.A85.Q92 T95.75.T643.T754"
DRURY = [{"seat": "E", "call": "P"}, {"seat": "S", "call": "P"}, {"seat": "W", "call": "P"}, {"seat": "N", "call": "1H"},
         {"seat": "E", "call": "P"}, {"seat": "S", "call": "2C", "alert": True, "meaning": "Drury"}, *calls("W", "P", "4H", "P", "P", "P"),
         {"seat": "N", "ask": "correct_explanation", "call_index": 5}]


@pytest.mark.parametrize("edition", BOTH)
def test_law_20F_a_corrected_explanation_is_not_said_to_be_wrong_before_the_director_finds_it(edition: str) -> None:
    out = played_on(DEAL_2, edition, DRURY, 22)
    assert ruling(out["ru"], "misinformation")["decision"].startswith("Объяснение заявки 2♣ Юга исправлено. Решает судья:")
    assert ruling(out["en"], "misinformation")["decision"].startswith("The explanation of South's 2♣ has been corrected.")
    found = played_on(DEAL_2, edition, [*DRURY, {"seat": "director", "decide": {"mistaken_explanation": True}}], 22)
    assert ruling(found["ru"], "misinformation")["decision"].startswith("Заявка 2♣ Юга объяснена неверно.")


DESIGNATION = [*calls("S", "1H", "P", "3H", "P", "4H", "P", "P", "P"), {"seat": "W", "play": "S5"},
               {"seat": "N", "play": "S6", "by": "S"}, {"seat": "S", "point_out": "unintended_designation"}]


@pytest.mark.parametrize("edition", BOTH)
def test_law_45C4b_the_question_is_of_dummys_card_named_not_of_a_call(edition: str) -> None:
    out = played_on(DEAL_2, edition, DESIGNATION, 35)
    ru, en = ruling(out["ru"], "unintended_designation")["decision"], ruling(out["en"], "unintended_designation")["decision"]
    assert ru == ("Разыгрывающий (Юг) говорит, что назвал карту болвана по ошибке. Решает судья: было ли указание "
                  "карты болвана непреднамеренным. Правило 45C4(b).")
    assert "call" not in en and "whether naming dummy's card was unintended" in en
    found = played_on(DEAL_2, edition, [*DESIGNATION, {"seat": "director", "decide": {"unintended": True}}], 35)
    assert "Разыгрывающий называет другую карту болвана (47C)" in ruling(found["ru"], "unintended_designation")["decision"]
