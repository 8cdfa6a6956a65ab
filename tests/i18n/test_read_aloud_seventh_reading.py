"""The seventh read-aloud reading: a fresh sample on another deal and other boards (11, 12,
13 with the hands known; 9, 10, 15, 16 on the assistant's boards with the hands unknown),
both editions, favouring combinations: penalty cards carried into later tricks, leads out
of turn with a penalty card on the table, revokes by declarer and by dummy and in the last
tricks, concessions by defenders, dummy's revoke question after a breach of 43A2. Checked
on the rendered texts: each choice says what refusing brings (29B, 27B, 56, 54, 52B2); a
lead refused names who leads; one penalty card per suit is said in the singular (51B); the
cards played after a revoke are the non-offenders' to take back (62C1), not said to go back
by themselves; a 1997 dummy who broke 43A2 loses his protection as in 2017 (43B2); a
premature play by declarer names the card; the comparable question names the replacement;
a card dummy played goes back to the table."""

from __future__ import annotations

from typing import Any

import pytest
from read_aloud_support import calls, director, dummy_plays, played_on, ruling, texts

DEAL = "N:AQ6.K853.J74.Q92 J8.QT94.AK6.K874 KT9742.A6.Q53.A6 53.J72.T982.JT53"
DEAL_2 = "N:KJ62.AQ94.K7.J83 A83.KT6.QJ92.AK6 Q74.J832.A85.Q92 T95.75.T643.T754"
BOTH = ("2017", "1997")


def played(edition: str, *actions: dict[str, Any], board: int = 11, deal: str | None = DEAL) -> dict[str, dict[str, Any]]:
    """The output in Russian and English of ``actions`` on :data:`DEAL` (``deal=None``: the
    assistant's board, the hands unknown)."""
    return played_on(deal, edition, list(actions), board)


FOUR_SPADES = calls("S", "1S", "P", "3S", "P", "4S", "P", "P", "P")
PLAY = dummy_plays(("W", "DT"), ("N", "D4"), ("E", "DK"), ("S", "D3"), ("E", "DA"), ("S", "D5"), ("W", "D2"), ("N", "D7"),
                   ("E", "D6"), ("S", "DQ"), ("W", "D8"), ("N", "DJ"), ("S", "SK"), ("W", "S3"), ("N", "S6"), ("E", "S8"),
                   ("S", "S2"), ("W", "S5"), ("N", "SA"), ("E", "SJ"), ("N", "HK"), ("E", "H4"), ("S", "H6"), ("W", "H2"),
                   ("N", "H3"), ("E", "H9"), ("S", "HA"), ("W", "H7"), ("S", "C6"), ("W", "C3"), ("N", "CQ"), ("E", "CK"),
                   ("E", "HQ"), ("S", "S4"), ("W", "HJ"), ("N", "H5"), ("S", "CA"), ("W", "C5"), ("N", "C2"), ("E", "C4"),
                   ("S", "S7"), ("W", "CT"), ("N", "SQ"), ("E", "C7"))


def tricks(k: int) -> list[dict[str, Any]]:
    """The first ``k`` tricks of 4♠ by South, as played."""
    return PLAY[:4 * k]


WEST_DROPS_THE_JACK = [*FOUR_SPADES, *tricks(1), {"seat": "W", "expose": ["HJ"], "how": "dropped"}]


# -- Laws 27, 29, 53, 54, 56, 52: each choice says what refusing brings ------------------------


@pytest.mark.parametrize("edition", BOTH)
def test_law_29B_the_choice_over_a_call_out_of_rotation_says_what_refusing_it_brings(edition: str) -> None:
    out = played(edition, *calls("N", "1H", "P", "1S"), {"seat": "W", "call": "1H"}, {"seat": "N", "choose": "decline"},
                 {"seat": "W", "call": "2H"}, {"seat": "E", "call": "2S"}, board=13, deal=DEAL_2)
    r = ruling(out["ru"], "call_out_of_rotation")
    assert r["decision"].startswith("Восток заявил 2♠ вне очереди. Юг, вы можете принять эту заявку или не принять её: "
                                    "тогда она отменяется, а для нарушителя действуют Правила 30–32 (29B).")
    assert "или нет" not in r["decision"]
    assert "or refuse it: it is then cancelled" in ruling(out["en"], "call_out_of_rotation")["decision"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_27B_the_choice_over_an_insufficient_bid_says_what_refusing_it_brings(edition: str) -> None:
    out = played(edition, *calls("W", "P", "1H"), {"seat": "E", "call": "1D"}, board=12, deal=DEAL_2)
    r = ruling(out["ru"], "insufficient_bid")
    assert ("Юг, вы можете принять это назначение — тогда торговля продолжается с него — или не принять его: тогда оно "
            "отменяется и нарушитель заменяет его законной заявкой (27B).") in r["decision"]
    assert "или нет" not in r["decision"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_56_the_choice_over_a_defenders_lead_out_of_turn_says_the_card_becomes_a_penalty_card(edition: str) -> None:
    out = played(edition, *FOUR_SPADES, *tricks(1), {"seat": "E", "expose": ["HQ"], "how": "dropped"}, {"seat": "W", "play": "C3"})
    r = ruling(out["ru"], "play_out_of_turn")
    assert ("Юг, вы можете принять этот ход или не принять его: тогда эта карта становится большой штрафной картой "
            "и ходит Восток (56).") in r["decision"]
    assert "the card then becomes a major penalty card" in ruling(out["en"], "play_out_of_turn")["decision"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_56_a_lead_out_of_turn_refused_names_who_leads(edition: str) -> None:
    out = played(edition, *WEST_DROPS_THE_JACK, {"seat": "S", "choose": "no_restriction"}, {"seat": "W", "play": "C3"},
                 {"seat": "S", "choose": "decline"})
    r = ruling(out["ru"], "play_out_of_turn")
    assert "Юг не принял ход: ходит Восток. ♣3 Запада — большая штрафная карта." in r["decision"]
    assert "South did not accept the lead: East leads." in ruling(out["en"], "play_out_of_turn")["decision"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_54_refusing_an_opening_lead_out_of_turn_says_the_card_becomes_a_penalty_card(edition: str) -> None:
    out = played(edition, *calls("W", "P", "1S", "P", "4S", "P", "P", "P"), {"seat": "W", "play": "C4"}, board=12, deal=DEAL_2)
    r = ruling(out["ru"], "opening_lead_out_of_turn")
    assert "или не принимать его: тогда эта карта становится большой штрафной картой и ходит защитник, чья очередь." in r["decision"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_52B2_requiring_the_penalty_card_says_the_card_played_becomes_one(edition: str) -> None:
    out = played(edition, *WEST_DROPS_THE_JACK, {"seat": "S", "choose": "no_restriction"}, *PLAY[4:8],
                 {"seat": "S", "choose": "no_restriction"}, *PLAY[8:20], *dummy_plays(("N", "HK"), ("E", "H4"), ("S", "H6"), ("W", "H2")))
    r = ruling(out["ru"], "penalty_card_not_played")
    assert ("Юг, вы можете принять сыгранную карту или потребовать сыграть штрафную карту: тогда сыгранная карта "
            "становится большой штрафной картой (52B2).") in r["decision"]


# -- Law 51B: penalty cards in two suits, one in each ----------------------------------------------


@pytest.mark.parametrize("edition", BOTH)
def test_law_51B_one_penalty_card_in_each_suit_is_said_in_the_singular(edition: str) -> None:
    out = played(edition, *FOUR_SPADES, *tricks(1), {"seat": "W", "expose": ["HJ", "C5"], "how": "dropped"})
    r = ruling(out["ru"], "penalty_card_lead")
    assert "тогда штрафная карта каждой названной масти возвращается в руку" in r["decision"]
    assert "штрафные карты каждой названной масти" not in r["decision"]
    assert "the penalty card of each suit named is then picked up" in ruling(out["en"], "penalty_card_lead")["decision"]


# -- Law 62C: the cards played after a corrected revoke --------------------------------------------


@pytest.mark.parametrize("edition", BOTH)
def test_law_62C1_a_non_offender_may_take_his_card_back_it_does_not_go_back_by_itself(edition: str) -> None:
    out = played(edition, *FOUR_SPADES, *dummy_plays(("W", "DT"), ("N", "D4"), ("E", "C4"), ("S", "D3")),
                 {"seat": "S", "point_out": "revoke", "offender": "E", "trick": 1})
    r = ruling(out["ru"], "revoke")
    assert r["decision"].startswith("Фальшренонс Востока во взятке № 1. Юг вправе забрать ♦3 и сыграть вместо неё другую карту (62C1).")
    assert "возвращается в руку Юга" not in r["decision"]
    assert "South may take ♦3 back and play another card instead (62C1)." in ruling(out["en"], "revoke")["decision"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_62D1_a_revoke_on_trick_12_found_after_the_last_trick_says_who_may_take_cards_back(edition: str) -> None:
    out = played(edition, *FOUR_SPADES, *tricks(11), *dummy_plays(("N", "H8"), ("E", "C8"), ("S", "S9"), ("W", "CJ"), ("S", "ST"),
                                                                  ("W", "D9"), ("N", "C9"), ("E", "HT")),
                 {"seat": "S", "point_out": "revoke", "offender": "E", "trick": 12})
    r = ruling(out["ru"], "revoke")
    assert ("Сыгравшие после фальшренонса могут забрать свои карты (♠9 Юга, ♣В Запада, ♠10 Юга, ♦9 Запада, ♣9 со стола, "
            "♥10 Востока): ненарушившая сторона вправе сыграть вместо них другие (62C1), сторона-нарушитель — только "
            "вслед за заменой, сделанной противником (62C2).") in r["decision"]
    assert "Карты возвращаются" not in r["decision"]
    assert "were taken back" not in ruling(out["en"], "revoke")["summary"]


# -- Law 43B2 in 1997: dummy who broke 43A2 loses his protection as in 2017 -------------------------

AFTER_THREE_TRICKS = dummy_plays(("S", "SK"), ("W", "S3"), ("N", "S6"), ("E", "S8"), ("S", "S2"), ("W", "S5"), ("N", "SA"), ("E", "SJ"))


@pytest.mark.parametrize("edition", BOTH)
def test_law_43B2b_dummy_first_to_ask_after_his_breach_the_revoke_is_rectified_as_established_in_both_editions(edition: str) -> None:
    out = played(edition, *FOUR_SPADES, *tricks(3), {"seat": "N", "dummy_breach": "look_at_hand"}, *AFTER_THREE_TRICKS,
                 *dummy_plays(("N", "HK"), ("E", "H4"), ("S", "C6")), {"seat": "N", "revoke_inquiry": "S"})
    r = ruling(out["ru"], "revoke")
    assert "43B2(b)" in r["laws"]
    assert "по окончании розыгрыша фальшренонс исправляется как установленный (43B2(b), 64)." in r["decision"]
    summary = ruling(out["ru"], "dummy_limitation")["summary_ru"]
    assert "(43B2(b))" in summary and "(43B2(c))" in summary  # the summary and the ruling now agree


@pytest.mark.parametrize(("edition", "none"), [("2017", "исправления нет"), ("1997", "наказания нет")])
def test_law_43B2c_dummy_first_to_point_out_a_defenders_revoke_after_his_breach_no_rectification_in_both_editions(
        edition: str, none: str) -> None:
    out = played(edition, *FOUR_SPADES, *tricks(3), {"seat": "N", "dummy_breach": "exchange_hands"}, *AFTER_THREE_TRICKS,
                 *dummy_plays(("N", "HK"), ("E", "C4"), ("S", "H6"), ("W", "H2")), {"seat": "N", "point_out": "revoke", "offender": "E", "trick": 6})
    r = ruling(out["ru"], "revoke")
    assert f"Первым на него обратил внимание болван, нарушивший ограничения 43A2: {none};" in r["decision"]
    assert out["ru"]["penalty_cards"] == [] and "применяется всё равно" not in texts(r)


# -- Laws 57C3, 55B1, 60C: the play ------------------------------------------------------------------


@pytest.mark.parametrize(("edition", "law"), [("2017", "57C3"), ("1997", "45C2")])
def test_law_57C3_declarers_premature_play_from_dummy_names_the_card_even_once_the_trick_went_on(edition: str, law: str) -> None:
    out = played(edition, *FOUR_SPADES, *tricks(7), {"seat": "S", "play": "C6"}, {"seat": "N", "play": "CQ", "by": "S"},
                 {"seat": "W", "play": "C3"})
    r = ruling(out["ru"], "play_out_of_turn")
    assert r["decision"] == f"Разыгрывающий (Юг) сыграл ♣Д со стола вне очереди. Карта законна и остаётся сыгранной. Правило {law}."


@pytest.mark.parametrize("edition", BOTH)
def test_law_55B1_declarers_lead_from_dummy_refused_goes_back_to_the_table_in_the_explanation_too(edition: str) -> None:
    out = played(edition, {"seat": "director", "play_from": 7, "declarer": "E", "strain": "D", "lead": "S"},
                 {"seat": "W", "play": "CA", "by": "E"}, {"seat": "N", "choose": "decline"}, board=16, deal=None)
    r = ruling(out["ru"], "play_out_of_turn")
    assert "Отказ: ♣Т возвращается на стол, к картам болвана, без дальнейшего" in r["summary_ru"]
    assert "возвращается в руку" not in texts(r)
    assert "♣A goes back to dummy, on the table" in ruling(out["en"], "play_out_of_turn")["summary"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_60C_a_lead_before_declarers_choice_is_said_to_be_no_card_played(edition: str) -> None:
    out = played(edition, {"seat": "director", "play_from": 8, "declarer": "S", "strain": "S", "lead": "W"},
                 {"seat": "E", "expose": ["DQ"], "how": "dropped"}, {"seat": "W", "play": "H2"}, board=15, deal=None)
    r = ruling(out["ru"], "card_exposed", last=True)
    assert r["decision"].startswith("Запад сыграл ♥2 до выбора разыгрывающего. Это большая штрафная карта.")
    assert "Запад открыл ♥2" not in r["decision"]


# -- Laws 27B1(b), 27B2: the replacement of an insufficient bid -------------------------------------


def test_law_27B1b_the_comparable_question_names_the_replacement_call() -> None:
    out = played("2017", *calls("N", "1N", "P"), {"seat": "S", "call": "1S"}, {"seat": "W", "choose": "decline"},
                 {"seat": "S", "call": "3S"}, board=13, deal=DEAL_2)
    r = ruling(out["ru"], "insufficient_bid")
    assert "Решает судья: сопоставима ли заменяющая заявка Юга (3♠) с отменённой." in r["decision"]
    assert r["questions"][0]["text_ru"].startswith("Сопоставима ли заменяющая заявка Юга (3♠) с отменённой (Правило 23A")
    assert "whether South's replacement call (3♠) is comparable to the withdrawn one" in ruling(out["en"], "insufficient_bid")["decision"]


def test_law_27B2_1997_the_penalty_says_what_kind_of_replacement_brings_it() -> None:
    out = played("1997", *calls("N", "1N", "P"), {"seat": "S", "call": "1S"}, {"seat": "W", "choose": "decline"},
                 {"seat": "S", "call": "3S"}, board=13, deal=DEAL_2)
    r = ruling(out["ru"], "insufficient_bid")
    assert ("Север обязан пасовать до конца торговли. Обязанность пасовать — наказание (27B2): замена — не наименьшее "
            "достаточное неконвенционное назначение той же деноминации (27B1(a));") in r["decision"]
    assert "такую замену" not in r["decision"]


# -- Law 25A: an unintended call replaced, nothing of LHO's withdrawn -------------------------------


def test_law_25A1_decides_the_unintended_call_replaced_and_the_decision_ends_with_it() -> None:
    out = played("2017", *calls("W", "P"), {"seat": "N", "call": "1H"}, {"seat": "N", "call": "1S", "change": True},
                 director(unintended=True), board=12, deal=DEAL_2)
    r = ruling(out["ru"], "change_of_call")
    assert r["laws"] == ["25A1"]
    assert r["decision"].endswith("ограничений на ход нет (25A1).")
    assert "25A3" not in texts(r)


# -- The second sample, after the fixes: 3NT by South on board 18 and the assistant's boards 17-23 ----

DEAL_3 = "N:T83.AJ6.KQ92.K74 AK72.Q85.J6.QJ95 QJ65.K97.A73.A82 94.T432.T854.T63"
THREE_NT = calls("E", "P", "1N", "P", "3N", "P", "P", "P")


@pytest.mark.parametrize("edition", BOTH)
def test_law_56_declarer_refusing_a_lead_at_his_own_turn_leads_himself(edition: str) -> None:
    out = played(edition, *THREE_NT, *dummy_plays(("W", "H2"), ("N", "H6"), ("E", "HQ"), ("S", "HK")), {"seat": "E", "play": "SA"},
                 {"seat": "S", "choose": "decline"}, board=18, deal=DEAL_3)
    r = ruling(out["ru"], "play_out_of_turn")
    assert "Юг не принял ход и ходит сам. ♠Т Востока — большая штрафная карта." in r["decision"]
    assert "ходит Юг" not in r["decision"]
    assert "South did not accept the lead and leads himself." in ruling(out["en"], "play_out_of_turn")["decision"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_54D_an_opening_lead_refused_names_who_leads(edition: str) -> None:
    out = played(edition, *THREE_NT, {"seat": "E", "play": "SK"}, {"seat": "S", "choose": "decline"}, board=18, deal=DEAL_3)
    r = ruling(out["ru"], "opening_lead_out_of_turn")
    assert "Юг не принял ход: ходит Запад. ♠К Востока — большая штрафная карта." in r["decision"]


def test_law_53A_a_lead_out_of_turn_to_the_thirteenth_trick_says_it_is_taken_back() -> None:
    out = played("2017", {"seat": "director", "play_from": 13, "declarer": "N", "strain": "S", "lead": "E"}, {"seat": "W", "play": "HA"},
                 board=17, deal=None)
    r = ruling(out["ru"], "play_out_of_turn")
    assert r["decision"] == ("Запад сделал ход ♥Т вне очереди в тринадцатой взятке: такой ход принять нельзя, карта забирается "
                             "без исправления. Правило 53A.")


@pytest.mark.parametrize(("edition", "further"), [("2017", "исправления"), ("1997", "наказания")])
def test_law_62B2_dummys_revoke_card_goes_back_to_the_table_in_the_explanation(edition: str, further: str) -> None:
    out = played(edition, *THREE_NT, *dummy_plays(("W", "H2"), ("N", "H6"), ("E", "HQ"), ("S", "HK"), ("S", "D3"), ("W", "D4"),
                                                 ("N", "DK"), ("E", "D6")),
                 *dummy_plays(("N", "DQ"), ("E", "DJ"), ("S", "D7"), ("W", "D5"), ("N", "D9"), ("E", "C5"), ("S", "DA"), ("W", "D8")),
                 *dummy_plays(("S", "H7"), ("W", "H3"), ("N", "HA"), ("E", "H5"), ("N", "HJ"), ("E", "H8"), ("S", "H9"), ("W", "H4")),
                 {"seat": "S", "play": "S5"}, {"seat": "W", "play": "S4"}, {"seat": "N", "play": "C7", "by": "S"},
                 {"seat": "E", "point_out": "revoke", "offender": "N", "trick": 7}, board=18, deal=DEAL_3)
    r = ruling(out["ru"], "revoke")
    assert f"♣7 возвращается на стол, к картам болвана, без дальнейшего {further} (62B2)" in r["summary_ru"]
    assert "возвращается в руку" not in texts(r)


# -- The third sample: 4♥ by South on board 27 -----------------------------------------------------

DEAL_4 = "N:AJ5.KQ4.T62.AJ83 K942.T87.AK5.Q65 Q73.AJ652.Q84.K2 T86.93.J973.T974"
FOUR_HEARTS = calls("S", "1H", "P", "3H", "P", "4H", "P", "P", "P")
FIVE_TRICKS = dummy_plays(("W", "DJ"), ("N", "D2"), ("E", "DK"), ("S", "D4"), ("E", "DA"), ("S", "D8"), ("W", "D3"), ("N", "D6"),
                          ("E", "D5"), ("S", "DQ"), ("W", "D7"), ("N", "DT"), ("S", "HA"), ("W", "H3"), ("N", "H4"), ("E", "H7"),
                          ("S", "H2"), ("W", "H9"), ("N", "HK"), ("E", "H8"))


@pytest.mark.parametrize("edition", BOTH)
def test_law_62B2_declarers_revoke_card_goes_back_and_the_card_played_after_it_is_the_defenders_to_change(edition: str) -> None:
    out = played(edition, *FOUR_HEARTS, *FIVE_TRICKS, *dummy_plays(("N", "HQ"), ("E", "HT"), ("S", "S3"), ("W", "D9")),
                 {"seat": "E", "point_out": "revoke", "offender": "S", "trick": 6}, board=27, deal=DEAL_4)
    r = ruling(out["ru"], "revoke")
    assert ("Фальшренонс Юга во взятке № 6. ♠3 возвращается в руку Юга. Запад вправе забрать ♦9 и сыграть вместо неё "
            "другую карту (62C1).") in r["decision"]
    assert "♠3 Юга" not in r["decision"]


@pytest.mark.parametrize(("edition", "then"), [("2017", "она станет штрафной (24E)."),
                                               ("1997", "разыгрывающий может считать её штрафной (24).")])
def test_law_24B_an_honour_exposed_in_the_auction_says_what_becomes_of_the_card(edition: str, then: str) -> None:
    out = played(edition, {"seat": "S", "call": "1H"}, {"seat": "W", "call": "P"}, {"seat": "N", "call": "3H"},
                 {"seat": "E", "expose": ["DK"], "how": "dropped"}, board=27, deal=DEAL_4)
    r = ruling(out["ru"], "card_exposed")
    assert r["decision"].startswith("Восток открыл ♦К. Запад обязан пасовать в свою следующую очередь. Карта остаётся открытой "
                                    f"на столе до конца торговли; если Восток станет защитником, {then}")


# -- The fourth sample: 4♠ by South on board 31 ----------------------------------------------------

DEAL_5 = "N:K64.A73.AQJ5.J82 QJ9.KJ52.K7.Q743 AT8752.Q4.963.AK 3.T986.T842.T965"
FOUR_SPADES_SOUTH = calls("S", "1S", "P", "3S", "P", "4S", "P", "P", "P")
EIGHT_TRICKS = dummy_plays(("W", "HT"), ("N", "H3"), ("E", "HK"), ("S", "H4"), ("E", "HJ"), ("S", "HQ"), ("W", "H6"), ("N", "HA"),
                           ("N", "S4"), ("E", "S9"), ("S", "SA"), ("W", "S3"), ("S", "S2"), ("W", "H8"), ("N", "SK"), ("E", "SJ"),
                           ("N", "DQ"), ("E", "DK"), ("S", "D3"), ("W", "D2"), ("E", "H5"), ("S", "S5"), ("W", "H9"), ("N", "H7"),
                           ("S", "CA"), ("W", "C5"), ("N", "C2"), ("E", "C3"), ("S", "CK"), ("W", "C6"), ("N", "C8"), ("E", "C4"))


@pytest.mark.parametrize("edition", BOTH)
def test_law_70A_the_director_awarding_every_trick_left_says_all_of_them(edition: str) -> None:
    out = played(edition, *FOUR_SPADES_SOUTH, *EIGHT_TRICKS, {"seat": "S", "claim": 5, "faced": True},
                 {"seat": "W", "claim_response": "dispute"}, director(tricks=5), board=31, deal=DEAL_5)
    r = ruling(out["ru"], "claim")
    assert "Судья присуждает стороне заявившего все 5 оставшихся взяток (70A)." in r["summary_ru"]
    assert "5 из 5" not in r["summary_ru"]
    assert "all 5 remaining tricks (70A)" in ruling(out["en"], "claim")["summary"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_61A_no_failure_to_follow_on_record_is_not_said_to_be_a_void(edition: str) -> None:
    out = played(edition, *FOUR_SPADES_SOUTH, *EIGHT_TRICKS[:28], {"seat": "W", "point_out": "revoke", "offender": "W", "trick": 7},
                 board=31, deal=DEAL_5)
    r = ruling(out["ru"], "revoke")
    assert r["decision"].startswith("Фальшренонса Запада во взятке № 7 нет: неподачи масти, по которой ещё не вынесено решение, "
                                    "в записи нет.")
    assert "не было карт масти хода" not in r["decision"]


# -- The fifth sample: board 35 and the assistant's boards 33-40 -----------------------------------

DEAL_6 = "N:Q52.K983.A74.K96 AKJ4.Q5.KJ83.T72 T873.AJ64.Q2.AQ5 96.T72.T965.J843"


@pytest.mark.parametrize(("edition", "said"), [("2017", "; из-за отменённой заявки возможны ограничения на ход (Правило 26)."),
                                               ("1997", ".")])
def test_law_25B1_the_new_call_accepted_says_the_lead_restrictions_the_withdrawn_call_may_bring(edition: str, said: str) -> None:
    out = played(edition, *calls("S", "1H", "P"), {"seat": "N", "call": "2H"}, {"seat": "N", "call": "3H", "change": True},
                 director(unintended=False), {"seat": "E", "choose": "accept"}, board=35, deal=DEAL_6)
    r = ruling(out["ru"], "change_of_call")
    assert f"Восток принял новую заявку: она остаётся в силе, торговля продолжается{said} Правило 25B1." in r["decision"]


# -- The sixth sample: board 44 and the assistant's boards 45-48 -----------------------------------

DEAL_7 = "N:A943.QJ2.K5.AQ74 K8.A9754.Q72.J95 QJ752.K6.AJ94.K3 T6.T83.T863.T862"


@pytest.mark.parametrize(("edition", "then"), [("2017", "они станут штрафными (24E)."),
                                               ("1997", "разыгрывающий может считать их штрафными (24).")])
def test_law_24C_two_cards_exposed_in_the_auction_say_what_becomes_of_them(edition: str, then: str) -> None:
    out = played(edition, *calls("W", "P", "1C"), {"seat": "W", "expose": ["S6", "H3"], "how": "dropped"}, board=44, deal=DEAL_7)
    r = ruling(out["ru"], "card_exposed")
    assert ("Восток обязан пасовать в свою следующую очередь. Карты остаются открытыми на столе до конца торговли; "
            f"если Запад станет защитником, {then}") in r["decision"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_70_a_disputed_concession_is_said_as_one_and_none_awarded_says_none(edition: str) -> None:
    out = played(edition, {"seat": "director", "play_from": 12, "declarer": "S", "strain": "D"}, {"seat": "S", "concede": 2},
                 {"seat": "W", "claim_response": "agree"}, {"seat": "E", "claim_response": "dispute"}, director(tricks=0),
                 board=45, deal=None)
    r = ruling(out["ru"], "claim")
    assert "Восток не согласен с уступкой" in r["summary_ru"] and "с заявлением" not in r["summary_ru"]
    assert "Судья не присуждает стороне уступившего ни одной из 2 оставшихся взяток (70A)." in r["summary_ru"]
    assert r["questions"][0]["text_ru"] == "Сколько из оставшихся взяток получает сторона уступившего (Правило 70)?"
    assert "disputes the concession" in ruling(out["en"], "claim")["summary"]
