"""The fifth read-aloud reading: a fresh sample of rulings in sequences the earlier readers
did not draw (other dealers and seats, calls out of rotation at every turn, inadmissible
doubles, calls after the final pass, premature replacements, revokes corrected and found
late, exposures, missing cards, both editions), read as a director reads them at the table
and checked on the rendered texts: the 1997 Laws have no premature-replacement clause
(their 27C is another rule); a call is named, not its code or "a double or redouble"; the
lead restrictions a withdrawn call may cost are said; the player the auction goes back to
is named; a call after the final pass says whose it was and that nothing more follows; a
corrected revoke says the card that replaces it; a condoned call says the calls stand; the
partner's card under 57A is said with its suit; a wrong board is not counted in calls; a
missing card says where it goes; a major penalty card says when it is played."""

from __future__ import annotations

from typing import Any

import pytest
from read_aloud_support import calls, played_on, rendered, ruling, texts

DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.765 6543.765.AKQ.T98 2.J432.JT98.AKQJ"


def played(edition: str, *actions: dict[str, Any], board: int = 1, **setup: Any) -> dict[str, dict[str, Any]]:
    """The scenario's output in Russian and English: ``actions`` on :data:`DEAL`."""
    return played_on(DEAL, edition, list(actions), board, **setup)


# -- Law 27 -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["auction/27C-premature-replacement-ib-accepted.json",
                                  "auction/27C-premature-replacement-declined.json"])
def test_law_27C_1997_has_no_premature_replacement_clause_and_does_not_cite_its_27C(name: str) -> None:
    """1997 27C is an insufficient bid out of rotation: a replacement made before the
    director ruled is said to have no clause of its own and is ruled as the 27B correction."""
    out = rendered(name, "1997")
    r = ruling(out["ru"], "insufficient_bid")
    assert "27C" not in r["laws"] and "27C" not in texts(r)
    assert "27C" in ruling(rendered(name)["ru"], "insufficient_bid")["laws"]  # 2017 keeps it


def test_law_27C_1997_the_replacement_made_before_the_ruling_is_said_to_have_no_clause() -> None:
    out = rendered("auction/27C-premature-replacement-ib-accepted.json", "1997")
    assert ("Восток заменил его на 2♣ до решения судьи. Отдельного пункта о такой замене в Правилах 1997 года нет: "
            "если Юг не примет недостаточное назначение, судья рассматривает эту заявку как исправление по Правилу 27B."
            ) in ruling(out["ru"], "insufficient_bid")["summary_ru"]
    assert "The 1997 Laws have no clause of their own for such a replacement" in ruling(out["en"], "insufficient_bid")["summary"]


@pytest.mark.parametrize(("edition", "law"), [("2017", "(27C, 16C)"), ("1997", "(16C)")])
def test_law_27C_the_premature_pass_cancelled_is_named_as_a_call(edition: str, law: str) -> None:
    out = played(edition, *calls("W", "P", "1N", "1C"), {"seat": "E", "call": "P"}, {"seat": "S", "call": "P"}, board=4)
    r = ruling(out["ru"], "insufficient_bid")
    assert f"Пас, которым Восток преждевременно заменил недостаточное назначение, отменяется {law}." in r["summary_ru"]
    assert "замена пас" not in r["summary_ru"]
    assert f"The pass East put in place of the insufficient bid too early is cancelled {law}." in (
        ruling(out["en"], "insufficient_bid")["summary"])


def test_law_27B3_the_double_that_cannot_replace_the_insufficient_bid_is_named() -> None:
    out = played("1997", *calls("N", "1S", "1H"), {"seat": "S", "choose": "decline"}, {"seat": "E", "call": "X"})
    assert "Контра Востока не может заменить недостаточное назначение" in ruling(out["ru"], "insufficient_bid")["decision"]
    en = ruling(out["en"], "insufficient_bid")["decision"]
    assert "East's double cannot replace the insufficient bid" in en and "double or redouble" not in en


def test_law_27B2_1997_the_penalty_and_the_lead_penalties_read_as_one_sentence() -> None:
    r = ruling(rendered("auction/review-26B-forbid-at-opening-lead-after-27B2.json", "1997")["ru"], "insufficient_bid")
    assert ("Обязанность пасовать — наказание (27B2): замена — не наименьшее достаточное неконвенционное назначение той же "
            "деноминации (27B1(a)); кроме того, возможны ограничения на ход (Правило 26).") in r["decision"]
    assert "влечёт наказание (27B2):" not in r["decision"]


# -- Laws 30-32: a call out of rotation not comparable, or at partner's turn ---------------


@pytest.mark.parametrize(("name", "edition", "said"), [
    ("auction/31B-partner-turn-2017.json", None,
     "Новая заявка Запада не сопоставима с отменённой: возможны ограничения на ход (26B)."),
    ("auction/30B1-pass-at-partner-turn-not-comparable.json", None,
     "Новая заявка Запада не сопоставима с отменённой: возможны ограничения на ход (26B)."),
    ("auction/32A2b-double-rho-bid.json", None,
     "Новая заявка Запада не сопоставима с отменённой: возможны ограничения на ход (26B)."),
    ("auction/31A2b-other-denomination-1997.json", None,
     "Новая заявка Востока — в другой деноминации: возможны ограничения на ход (Правило 26)."),
    ("auction/31B-partner-turn-1997.json", None, "Возможны ограничения на ход (Правило 26)."),
    ("auction/32A-double-at-partner-turn-1997.json", None, "Возможны ограничения на ход (Правило 26)."),
])
def test_laws_30_31_32_the_decision_says_lead_restrictions_may_follow(name: str, edition: str | None, said: str) -> None:
    r = ruling(rendered(name, edition)["ru"], "call_out_of_rotation")
    assert said in r["decision"]
    assert r["decision"].startswith(r["decision"].split(".")[0])  # what happened is still said first
    assert "вне очереди" in r["decision"].split(".")[0]


def test_law_31A2b_1997_is_not_read_as_a_2017_comparable_call() -> None:
    r = ruling(rendered("auction/31A2b-other-denomination-1997.json")["ru"], "call_out_of_rotation")
    assert "сопоставим" not in r["decision"] and "26B" not in r["decision"]


# -- Law 36 --------------------------------------------------------------------------------


@pytest.mark.parametrize(("edition", "lead"), [("2017", "(26B)"), ("1997", "(Правило 26)")])
def test_law_36B_an_inadmissible_redouble_says_what_it_was_and_the_lead_restrictions(edition: str, lead: str) -> None:
    out = played(edition, *calls("N", "1H", "P", "XX"), board=1)
    r = ruling(out["ru"], "inadmissible_double")
    assert r["decision"].startswith("Юг дал реконтру, а это недопустимо.")
    assert f"Юг делает законную заявку вместо отменённой; возможны ограничения на ход {lead}." in r["decision"]


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_law_36_the_english_explanation_names_the_double_not_its_code(edition: str) -> None:
    out = played(edition, *calls("N", "1H", "1S", "P", "X"), board=1)
    summary = ruling(out["en"], "inadmissible_double")["summary"]
    assert summary.startswith("West's double is not permitted by Law 19")
    assert "'s X " not in summary and "'s XX " not in summary


@pytest.mark.parametrize(("edition", "lead"), [("2017", "(26B)"), ("1997", "(Правило 26)")])
def test_law_36B4_a_double_out_of_rotation_says_who_calls_next(edition: str, lead: str) -> None:
    out = rendered("auction/36B4-inadmissible-double-out-of-rotation.json", edition)
    r = ruling(out["ru"], "call_out_of_rotation")
    assert f"Торговля возвращается к Востоку; Юг делает заявку в свою очередь; возможны ограничения на ход {lead}." in r["decision"]
    assert "The auction goes back to East; South calls at his turn" in ruling(out["en"], "call_out_of_rotation")["decision"]


def test_law_36_1997_a_double_out_of_rotation_is_a_penalty_with_laws_26_and_23() -> None:
    r = ruling(rendered("auction/36B4-inadmissible-double-out-of-rotation.json", "1997")["ru"], "call_out_of_rotation")
    assert "НАКАЗАНИЕ: Север обязан пасовать до конца торговли (36); возможны ограничения на ход (Правило 26) " \
           "и присуждение результата (Правило 23)." in r["summary_ru"]
    assert "26B" not in texts(r)


# -- Laws 32, 38, 39 -----------------------------------------------------------------------


def test_law_32B_the_english_explanation_says_the_cancelled_double() -> None:
    en = ruling(rendered("auction/32A-double-at-partner-turn-1997.json", "2017")["en"], "call_out_of_rotation")["summary"]
    assert "the cancelled double is unauthorized information to him" in en
    assert "; double is" not in en


def test_law_38D_is_cited_once_in_words_and_the_decision_says_the_lead_restrictions() -> None:
    r = ruling(rendered("auction/38-bid-above-seven.json")["ru"], "bid_above_seven")
    assert "по Правилу 38D возможны ограничения на ход (26B) и присуждение результата (72C)." in r["summary_ru"]
    assert "(72C) (38D)" not in r["summary_ru"]
    assert "назначение выше седьмого уровня недопустимо" in r["decision"]
    assert "Возможны ограничения на ход (26B)." in r["decision"]


@pytest.mark.parametrize(("edition", "nothing"), [("2017", "Других исправлений нет."), ("1997", "Других наказаний нет.")])
def test_law_39B_a_call_after_the_final_pass_says_whose_it_was(edition: str, nothing: str) -> None:
    out = played(edition, *calls("N", "1S", "P", "2S", "P", "P", "P"), {"seat": "N", "call": "3S"},
                 {"seat": "S", "call": "P"}, board=1)
    declarer, dummy = [r for r in out["ru"]["rulings"] if r["kind"] == "call_after_final_pass"]
    assert "это заявка разыгрывающего" in declarer["summary_ru"]
    assert "это заявка болвана" in dummy["summary_ru"]
    assert dummy["decision"].startswith(f"Пас Юга после финального паса отменяется. {nothing}")
    assert "будущего" not in declarer["summary_ru"] + dummy["summary_ru"]
    assert "it was made by dummy" in [r for r in out["en"]["rulings"] if r["kind"] == "call_after_final_pass"][1]["summary"]


def test_law_39_1997_a_defenders_double_after_the_final_pass_says_when_it_was_made() -> None:
    out = played("1997", *calls("N", "1S", "P", "2S", "P", "P", "P"), {"seat": "E", "call": "X"}, board=1)
    r = ruling(out["ru"], "call_after_final_pass")
    assert r["decision"].startswith("Контра Востока после финального паса отменяется.")
    assert ruling(out["en"], "call_after_final_pass")["decision"].startswith("East's double after the final pass is cancelled.")


# -- Law 37 --------------------------------------------------------------------------------


@pytest.mark.parametrize(("edition", "law"), [("2017", "37A"), ("1997", "35B")])
def test_law_37A_a_call_condoned_by_lho_says_the_calls_stand(edition: str, law: str) -> None:
    """East passed out of rotation (he passes at his next turn only), then bid; South called
    over it before the director: every call stands, and no obligation "to the end of the
    auction" is said to remain."""
    out = played(edition, {"seat": "W", "call": "1D"}, {"seat": "E", "call": "P"}, {"seat": "S", "director": True},
                 {"seat": "S", "choose": "decline"}, {"seat": "N", "call": "1H"}, {"seat": "E", "call": "1S"},
                 {"seat": "S", "call": "2H"}, {"seat": "W", "director": True}, board=4, auto_director=False)
    r = ruling(out["ru"], "violates_pass_obligation")
    assert law in r["laws"]
    assert r["decision"] == ("Восток заявил 1♠, хотя был обязан пасовать. Его левый противник уже сделал следующую "
                             f"заявку: все заявки остаются в силе. Правило {law}.")
    assert "до конца торговли" not in r["summary_ru"]
    assert "Юг успел сделать заявку до решения судьи, поэтому 1♠ и все последующие заявки остаются в силе" in r["summary_ru"]


# -- Laws 57A, 62 --------------------------------------------------------------------------


def test_law_57A_the_choice_names_what_partner_plays_with_its_suit() -> None:
    """North (declarer) leads to trick 4; West plays before East: declarer forbids spades."""
    plays = [("E", "HA"), ("S", "H5"), ("W", "H2"), ("N", "H8"), ("E", "HK"), ("S", "H6"), ("W", "H3"), ("N", "H9"),
             ("E", "S7"), ("S", "S3"), ("W", "S2"), ("N", "SA"), ("N", "D5"), ("W", "DJ")]
    out = played("2017", *calls("N", "1S", "P", "4S", "P", "P", "P"), *({"seat": s, "play": c} for s, c in plays),
                 {"seat": "N", "choose": "forbid_suit", "suit": "S"})
    r = ruling(out["ru"], "play_out_of_turn")
    assert "Север выбрал: Восток играет в эту взятку карту любой масти, кроме пик (57A4)." in r["decision"]
    assert "требует, чтобы Восток сыграл карту любой масти, кроме пик (57A4)" in r["summary_ru"]
    assert "не карту" not in texts(r)
    assert "North chose: East plays a card of any suit but spades to this trick (57A4)." in (
        ruling(out["en"], "play_out_of_turn")["decision"])


@pytest.mark.parametrize(("name", "offender"), [("incidents/revoke-corrected-62B1-2017.json", "Запад"),
                                              ("incidents/revoke-corrected-62B1-1997.json", "Запад"),
                                              ("board/07-missing-card-revoke-14B4.json", "Восток")])
def test_law_62B1_a_corrected_revoke_says_a_legal_card_replaces_it(name: str, offender: str) -> None:
    out = rendered(name)
    r = ruling(out["ru"], "revoke")
    assert f"Вместо карты фальшренонса {offender} кладёт во взятку законную карту." in r["decision"]
    assert "in place of the revoke card" in ruling(out["en"], "revoke")["decision"]


# -- Laws 14, 15, 21, 49 -------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_law_15A1_a_wrong_board_is_not_counted_in_calls(edition: str) -> None:
    r = ruling(rendered("board/09-wrong-board-partner-not-yet-called.json", edition)["ru"], "board")
    assert "Всё, что Север заявил с картами другой сдачи, и все последующие заявки отменяются" in r["decision"]
    assert "Север заявлял с картами другой сдачи: всё, что он заявил с ними, и все последующие заявки отменяются" \
        in r["summary_ru"]
    assert "Заявки Севера" not in r["decision"] and "делал заявки" not in r["summary_ru"]


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_law_14B_a_missing_card_found_says_where_it_goes(edition: str) -> None:
    out = rendered("board/07-missing-card-revoke-14B4.json", edition)
    r = ruling(out["ru"], "board")
    assert r["decision"].startswith("Проблема со сдачей: недостающая карта. Карта возвращается в руку Востока; "
                                    "его неподача этой масти — фальшренонс (14B4, 61A).")
    assert not r["decision"].endswith("Проблема со сдачей: недостающая карта. Правило 14B.")


def test_law_14B_the_explanation_of_a_card_found_among_the_played_cards_is_one_sentence_each() -> None:
    out = played("2017", *calls("N", "1S", "P", "4S", "P", "P", "P"), {"seat": "E", "play": "HA"},
                 {"seat": "S", "play": "H5"}, {"seat": "W", "play": "H2"}, {"seat": "N", "play": "H8"},
                 {"seat": "W", "report": "missing_card", "card": "CA"}, {"seat": "director", "decide": {"found": "played"}})
    r = ruling(out["ru"], "board")
    assert "карта найдена среди сыгранных карт; она возвращается в руку Запада и считается всё время находившейся там" \
        in r["summary_ru"]
    assert "Карта возвращается в руку Запада и считается всё время находившейся там." in r["decision"]


@pytest.mark.parametrize(("edition", "law"), [("2017", "21B1(a)"), ("1997", "21B1")])
def test_law_21B1_the_call_replaced_is_not_read_as_the_misinformation(edition: str, law: str) -> None:
    r = ruling(rendered("auction/21B1a-change-after-misinformation.json", edition)["ru"], "change_of_call")
    assert "её заменяет" not in r["summary_ru"]
    assert f"первоначальную заявку заменяет 2♠ ({law})." in r["summary_ru"]


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_law_49_a_major_penalty_card_is_played_at_the_first_legal_opportunity(edition: str) -> None:
    r = ruling(rendered("play/49-01-defender-exposes-honour.json", edition)["ru"], "card_exposed")
    assert "Запад должен сыграть эту карту при первой законной возможности (50D1)." in r["summary_ru"]
    assert "Запад должен сыграть штрафную карту при первой законной возможности." in r["decision"]


def test_law_49_two_penalty_cards_are_played_one_at_a_time_declarer_designating() -> None:
    out = played("2017", *calls("N", "1S", "P", "4S", "P", "P", "P"), {"seat": "E", "play": "HA"},
                 {"seat": "S", "play": "H5"}, {"seat": "W", "play": "H2"}, {"seat": "N", "play": "H8"},
                 {"seat": "W", "expose": ["S2", "DJ"], "how": "dropped"})
    r = ruling(out["ru"], "card_exposed")
    assert "Запад должен сыграть эти карты по одной при первой законной возможности; если можно сыграть любую из них, " \
           "какую — указывает разыгрывающий (50D1, 51A)." in r["summary_ru"]
    assert "по одной при первой законной возможности" in r["decision"]


# -- Laws 57D and 67: the rotated sample -----------------------------------------------------


@pytest.mark.parametrize(("edition", "laws"), [("2017", "Правила 57D, 50B."), ("1997", "Правила 49, 50, 50B.")])
def test_law_57D_a_card_played_at_rhos_turn_that_is_a_penalty_card_says_what_he_plays_then(edition: str, laws: str) -> None:
    out = rendered("play/57-08-play-at-rhos-turn-illegal.json", edition)
    r = ruling(out["ru"], "play_out_of_turn")
    assert r["decision"] == ("Запад сыграл ♦8 вне очереди. Это большая штрафная карта. "
                             f"В свою очередь Запад играет в эту взятку законную карту. {laws}")
    assert "а в свою очередь он играет в эту взятку законную карту" in r["summary_ru"]
    assert "West plays a legal card to this trick at his turn." in ruling(out["en"], "play_out_of_turn")["decision"]


def test_law_57D_a_lawful_card_played_early_is_not_told_to_play_another() -> None:
    r = ruling(rendered("play/57-07-play-at-rhos-turn-legal.json")["ru"], "play_out_of_turn")
    assert "законную карту" not in r["decision"]


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_law_67_the_defective_trick_names_its_offender_in_words(edition: str) -> None:
    out = rendered("play/67-02-extra-card.json", edition)
    r = ruling(out["ru"], "defective_trick")
    assert r["summary_ru"].startswith("Обращено внимание на дефектную взятку № 2: нарушитель — Запад (Правило 67).")
    assert "(Запад; Правило 67)" not in r["summary_ru"]
    assert ruling(out["en"], "defective_trick")["summary"].startswith(
        "Attention was drawn to defective trick 2: the offender is West (Law 67).")


@pytest.mark.parametrize(("edition", "laws"), [("2017", "Правила 37B1, 37B2."), ("1997", "Правило 37.")])
def test_law_37B_the_call_cancelled_and_the_pass_put_in_its_place_are_one_sentence_after_what_he_did(
        edition: str, laws: str) -> None:
    out = rendered("auction/37B-bid-by-player-obliged-to-pass.json", edition)
    r = ruling(out["ru"], "violates_pass_obligation")
    lead = "(26B)" if edition == "2017" else "(Правило 26)"  # the lead restrictions are said too
    assert r["decision"] == ("Запад заявил 2♠, хотя был обязан пасовать. Назначение 2♠ Запада отменяется, вместо него "
                             f"записывается пас. Запад и Восток обязаны пасовать до конца торговли. "
                             f"Возможны ограничения на ход {lead}. {laws}")
    assert "West's 2♠ is cancelled and a pass is recorded in its place." in ruling(out["en"], "violates_pass_obligation")["decision"]


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_law_38_the_bid_above_seven_says_why_and_the_lead_restrictions(edition: str) -> None:
    r = ruling(rendered("auction/38-bid-above-seven.json", edition)["ru"], "bid_above_seven")
    assert r["decision"].startswith("Восток заявил 8♥: назначение выше седьмого уровня недопустимо. "
                                    "Назначение 8♥ Востока отменяется, вместо него записывается пас.")
    assert "Возможны ограничения на ход" in r["decision"]


# -- Laws 69, 70: a claim when the first tricks were not entered ------------------------------


@pytest.mark.parametrize(("name", "said"), [
    ("incidents/claim-in-play-69A-agreed-2017.json",
     "Начиная со взятки № 9: Север–Юг — 4, Восток–Запад — 1."),
    ("incidents/claim-in-play-69A-agreed-1997.json",
     "Начиная со взятки № 9: Север–Юг — 4, Восток–Запад — 1."),
    ("incidents/claim-in-play-70-disputed-2017.json",
     "По решению судьи, начиная со взятки № 9: Север–Юг — 3, Восток–Запад — 2."),
])
def test_laws_69_70_tricks_of_a_claim_are_not_read_as_totals_when_the_first_tricks_were_not_entered(
        name: str, said: str) -> None:
    out = rendered(name)
    r = ruling(out["ru"], "claim")
    assert said in r["decision"] and "Итого" not in r["decision"]
    assert "from trick 9 on" in ruling(out["en"], "claim")["decision"].lower()


def test_law_69A_a_claim_with_every_trick_entered_still_gives_the_totals() -> None:
    r = ruling(rendered("claims/01-claim-agreed.json")["ru"], "claim")
    assert "Итого взяток:" in r["decision"] and "не записан" not in r["decision"]


# -- Laws 24E, 61A: the fourth sample ---------------------------------------------------------


@pytest.mark.parametrize(("edition", "tail"), [("2017", "Исправления нет."), ("1997", "Наказания нет.")])
def test_law_61A_no_revoke_names_the_player_and_the_trick_in_words(edition: str, tail: str) -> None:
    r = ruling(rendered("play/61-01-no-revoke.json", edition)["ru"], "revoke")
    assert r["summary_ru"] == ("Обращено внимание на фальшренонс Запада во взятке № 2, но фальшренонса нет: "
                               f"у него не было карт масти хода (61A). {tail}")


def test_law_24E_a_major_penalty_card_from_the_clarification_period_is_played_at_the_first_opportunity() -> None:
    r = ruling(rendered("play/24-01-exposed-before-lead-defender.json")["ru"], "card_exposed")
    assert "Запад должен сыграть эту карту при первой законной возможности (50D1)." in r["summary_ru"]
    assert "Запад должен сыграть штрафную карту при первой законной возможности." in r["decision"]
