"""The ninth read-aloud reading: a fresh sample on boards 140-199 (random deals, the hands
known; the assistant's path with the hands unknown), both editions, favouring board
problems, claims, revokes by declarer and by dummy, 64B exclusions and restrictions read
after they have run their course. Checked on the rendered texts: the director's second
question on a disputed claim reads as the alternative it is, not «Либо: …» (68D2(b)); a
missing card not found says the deal is restored with another pack, not that the card
goes back (14B); a 1997 revoke costing two tricks says why the second is added (64A2); a
restriction for the next turn only, read after that turn, is said as done with (30B2);
the auction that went on from the player whose turn it was is not said to go back to him
(36B4, 1997 36); an obligation to pass for the rest of the auction, read once the auction
is over, is said as done with (27B2, 37); a surplus card says it is removed and play goes
on (13C); a score recorded wrong asks whether it was found in time and names the seat in
full in English (79C); declarer's premature play from dummy is said to go back to dummy's
hand, not to declarer's (48A); with penalty cards in two suits, declarer is told he may
forbid one or more of them (51B2); a 1997 call after the final pass by a future defender
cites its two laws plainly, not «(39; Правило 26)» (39, 26)."""

from __future__ import annotations

import pytest
from read_aloud_support import calls, director, played_on, rendered, ruling

DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.765 6543.765.AKQ.T98 2.J432.JT98.AKQJ"
BOTH = ("2017", "1997")


# -- Law 68D2(b): the second question on a disputed claim ---------------------------------------


def test_law_68D2b_the_play_on_question_reads_as_the_alternative() -> None:
    out = rendered("incidents/claim-in-play-70-disputed-2017.json")
    qs = {q["key"]: q for q in ruling(out["ru"], "claim")["questions"]}
    assert qs["play_on"]["text_ru"] == ("Или вместо этого сторона, не делавшая заявления, попросила продолжить розыгрыш, "
                                        "и все четыре игрока с этим согласны (Правило 68D2(b))?")
    assert not qs["play_on"]["text_ru"].startswith("Либо")
    en = {q["key"]: q for q in ruling(out["en"], "claim")["questions"]}
    assert en["play_on"]["text"].startswith("Or did the non-claiming side ask to play on instead")


# -- Law 14B: a missing card not found ------------------------------------------------------------


@pytest.mark.parametrize("edition", BOTH)
def test_law_14B_a_missing_card_not_found_restores_the_deal_with_another_pack(edition: str) -> None:
    actions = [*calls("N", "1N", "P", "P", "P"), {"seat": "E", "play": "HA"}, {"seat": "S", "play": "H5", "by": "N"},
               {"seat": "W", "play": "H2"}, {"seat": "N", "play": "H8"},
               {"seat": "W", "report": "missing_card", "card": "CA"}, director(found="not_found")]
    out = played_on(DEAL, edition, actions, 142)
    r = ruling(out["ru"], "board")
    assert ("Карта не найдена: сдача восстанавливается другой колодой, и карта считается всё время находившейся в руке "
            "Запада.") in r["decision"]
    assert "возвращается" not in r["decision"]
    assert "The card was not found: the deal is restored with another pack" in ruling(out["en"], "board")["decision"]


# -- 1997 Law 64A2: the second trick transferred, with its reason ---------------------------------


def test_law_64A2_1997_two_tricks_transferred_say_why_the_second_is_added() -> None:
    out = rendered("incidents/revoke-found-after-play-64A2-second-trick-1997.json")
    r = ruling(out["ru"], "revoke")
    assert ("Стороне Север–Юг передаются 2 взятки: одна за фальшренонс и ещё одна, потому что нарушитель позже выиграл "
            "взятку картой, которой мог сыграть во взятку с фальшренонсом.") in r["decision"]
    assert ("2 tricks go to North–South: one for the revoke and one more because the offender later won a trick with a "
            "card he could have played to the revoke trick.") in ruling(out["en"], "revoke")["decision"]


def test_law_64A2_1997_the_explanation_says_why_the_second_trick_is_added_too() -> None:
    out = rendered("incidents/revoke-found-after-play-64A2-second-trick-1997.json")
    r = ruling(out["ru"], "revoke")
    assert r["decision"].startswith("Фальшренонс Востока во взятке № 4. Стороне Север–Юг передаются 2 взятки: одна за фальшренонс")
    assert ("Паре Север–Юг передаются 2 взятки: одна за фальшренонс и ещё одна, так как нарушитель позже выиграл взятку "
            "картой, которой мог сыграть во взятку с фальшренонсом (64A2).") in r["summary_ru"]
    assert "one for the revoke and one more, as the offender later won a trick" in ruling(out["en"], "revoke")["summary"]


def test_law_64A2_2017_one_trick_transferred_has_no_second_reason() -> None:
    out = rendered("incidents/revoke-found-after-play-64A2-second-trick-1997.json", edition="2017")
    assert "ещё одна" not in ruling(out["ru"], "revoke")["decision"]


# -- 1997 Law 30B2: a restriction for the next turn, read after that turn -------------------------


def test_law_30B2_1997_no_double_at_the_next_turn_read_after_it_is_done_with() -> None:
    # West passes out of rotation at East's turn (partner's): East may not double at his turn
    out = played_on(DEAL, "1997", [{"seat": "N", "call": "1C"}, {"seat": "W", "call": "P"}, {"seat": "N", "choose": "decline"},
                                   *calls("E", "1H", "P", "P", "P")], 141)
    r = ruling(out["ru"], "call_out_of_rotation")
    assert "Восток не мог давать контру или реконтру в свою следующую очередь; эта очередь уже прошла." in r["decision"]
    assert "не может давать контру" not in r["decision"]
    assert "East could not double or redouble at his next turn; that turn is over." in \
        ruling(out["en"], "call_out_of_rotation")["decision"]


def test_law_30A_the_offenders_pass_at_his_next_turn_read_as_done_with() -> None:
    # South passes out of rotation at East's turn (RHO's); declined, he must pass at his next turn
    out = played_on(DEAL, "2017", [{"seat": "N", "call": "1C"}, {"seat": "S", "call": "P"}, {"seat": "W", "choose": "decline"},
                                   *calls("E", "1H", "P", "P", "P")], 141)
    r = ruling(out["ru"], "call_out_of_rotation")
    assert "обязан пасовать в свою следующую очередь." not in r["decision"]
    assert "Юг был обязан пасовать в свою следующую очередь; эта очередь уже прошла." in r["decision"]
    assert "South had to pass at his next turn; that turn is over." in ruling(out["en"], "call_out_of_rotation")["decision"]


@pytest.mark.parametrize(("edition", "law"), [("2017", "(26B)"), ("1997", "(Правило 26)")])
def test_law_36B4_the_auction_that_went_on_is_not_said_to_go_back(edition: str, law: str) -> None:
    # West 1♦, East doubles his partner's bid (inadmissible); North calls, the auction ends
    out = played_on(DEAL, edition, [{"seat": "W", "call": "1D"}, {"seat": "E", "call": "X"}, *calls("N", "P", "1H", "P", "P", "P")],
                    140, dealer="W")
    r = ruling(out["ru"], "call_out_of_rotation")
    assert f"Торговля продолжилась с заявки Севера; возможны ограничения на ход {law}." in r["decision"]
    assert "возвращается" not in r["decision"]
    assert "The auction went on from North" in ruling(out["en"], "call_out_of_rotation")["decision"]


# -- Law 27B2: the obligation to pass for the rest of the auction, read once the auction is over --


def test_law_27B2_the_partners_obligation_to_pass_is_said_as_done_with_once_the_auction_is_over() -> None:
    actions = [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"}, {"seat": "S", "choose": "decline"}, {"seat": "E", "call": "2C"},
               director(comparable=False), *calls("S", "2S", "P", "4S", "P", "P", "P")]
    out = played_on(DEAL, "2017", actions, 141)
    r = ruling(out["ru"], "insufficient_bid")
    assert "Запад был обязан пасовать до конца торговли; торговля окончена." in r["decision"]
    assert "West had to pass for the rest of the auction; the auction is over." in ruling(out["en"], "insufficient_bid")["decision"]


def test_law_27B2_while_the_auction_goes_on_the_obligation_is_announced() -> None:
    actions = [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"}, {"seat": "S", "choose": "decline"}, {"seat": "E", "call": "2C"},
               director(comparable=False), *calls("S", "2S")]
    out = played_on(DEAL, "2017", actions, 141)
    assert "Запад обязан пасовать до конца торговли." in ruling(out["ru"], "insufficient_bid")["decision"]


# -- Laws 13C, 79C: a surplus card, a score recorded wrong ----------------------------------------


@pytest.mark.parametrize("edition", BOTH)
def test_law_13C_a_surplus_card_says_it_is_removed_and_play_goes_on(edition: str) -> None:
    out = played_on(DEAL, edition, [{"seat": "E", "report": "surplus_card", "card": "SA"}], 213)
    assert "Карту убирают; торговля и розыгрыш продолжаются. Правило 13C." in ruling(out["ru"], "board")["decision"]
    assert "The card is removed; the auction and play go on. Law 13C." in ruling(out["en"], "board")["decision"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_79C_a_score_recorded_wrong_asks_whether_found_in_time(edition: str) -> None:
    out = played_on(DEAL, edition, [*calls("N", "P", "P", "P", "P"), {"seat": "N", "report": "wrong_score"}], 212)
    r = ruling(out["ru"], "board")
    assert "Решает судья: найдена ли ошибка в срок исправлений. Правило 79C." in r["decision"]
    assert "вопрос по Правилу" not in r["decision"]
    en = ruling(out["en"], "board")
    assert en["summary"].startswith("North reports a score recorded wrong")
    assert "whether the error was found within the correction period" in en["decision"]


# -- Laws 57C3, 48A (1997: 45C2): declarer's premature play from dummy goes back to dummy's hand --


@pytest.mark.parametrize("edition", BOTH)
def test_law_48A_declarers_premature_play_from_dummy_goes_back_to_dummys_hand(edition: str) -> None:
    # 3NT by North: East leads, South (dummy) plays, then declarer leads dummy's card to the next trick
    actions = [*calls("N", "3N", "P", "P", "P"), {"seat": "E", "play": "HA"}, {"seat": "S", "play": "H5", "by": "N"},
               {"seat": "S", "play": "S6", "by": "N"}]
    out = played_on(DEAL, edition, actions, 141)
    r = ruling(out["ru"], "play_out_of_turn")
    assert "со стола (Юг — болван)" in r["summary_ru"] and "карта возвращается в руку болвана" in r["summary_ru"]
    assert "с руки Юга" not in r["summary_ru"]
    assert "from dummy (South)" in ruling(out["en"], "play_out_of_turn")["summary"]


# -- Law 51B2: penalty cards in two suits, partner on lead ----------------------------------------


def test_law_51B2_declarer_may_forbid_one_or_more_suits_of_the_penalty_cards() -> None:
    # West exposes ♥J and ♦J before the opening lead (after the auction); East is on lead
    out = played_on(DEAL, "2017", [*calls("N", "4S", "P", "P", "P"), {"seat": "W", "expose": ["HJ", "DJ"], "how": "dropped"}], 141)
    r = ruling(out["ru"], "penalty_card_lead")
    assert ("Север, вы можете потребовать ход в одну из мастей штрафных карт или запретить ход в одну или несколько из них — "
            "тогда штрафная карта каждой названной масти возвращается в руку") in r["decision"]
    assert ("North, you may require the lead of one of the suits of the penalty cards or forbid the lead of one or more of "
            "them") in ruling(out["en"], "penalty_card_lead")["decision"]


# -- 1997 Law 39: a call after the final pass by a future defender --------------------------------


def test_law_39_1997_the_defenders_call_after_the_final_pass_cites_both_laws_plainly() -> None:
    out = played_on(DEAL, "1997", [*calls("N", "1S", "P", "P", "P"), {"seat": "E", "call": "X"}], 141)
    r = ruling(out["ru"], "call_after_final_pass")
    assert "разыгрывающий может ограничить первый ход Запада (Правила 39, 26)." in r["summary_ru"]
    assert "; Правило 26)" not in r["summary_ru"]
    assert "declarer may restrict West's first lead (Laws 39, 26)." in ruling(out["en"], "call_after_final_pass")["summary"]
