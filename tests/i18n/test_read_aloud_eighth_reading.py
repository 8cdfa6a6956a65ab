"""The eighth read-aloud reading: a fresh sample on boards 101-118 (four new deals, the
hands known; boards 113-114 on the assistant's path, the hands unknown), both editions,
favouring combinations: an insufficient bid with a card exposed in the same auction, a
lead out of turn refused and the penalty card then not played, revokes found after a
claim, declarer's choices over a defender's premature play. Checked on the rendered
texts: a card exposed in the auction by the player who then became declarer is said to go
back to his hand (24D; 1997: 24), not to wait for him to defend; a choice is read as the
choice with its consequences, not as the options' labels quoted (1997 24, 25B2(b)); the
choice over a premature play names the player who plays and addresses declarer (57A); the
offender's own later call after a bid out of rotation at partner's turn cites 31B2."""

from __future__ import annotations

from typing import Any

import pytest
from read_aloud_support import calls, director, played_on, ruling

DEAL_1 = "N:J97.T63.KJ93.T87 AK43.AKQ98.T.K63 QT82.J2.852.QJ94 65.754.AQ764.A52"
DEAL_3 = "N:42.AKQ94.84.AK65 AJT96.T86.A5.T97 753.75.J763.Q432 KQ8.J32.KQT92.J8"
DEAL_4 = "N:KT42.5.T8.AKT754 9753.98.A9632.J6 6.AKQ762.75.Q932 AQJ8.JT43.KQJ4.8"
BOTH = ("2017", "1997")


def plays(declarer: str, *pairs: tuple[str, str]) -> list[dict[str, Any]]:
    """Cards played, dummy's (declarer's partner's) played by ``declarer``."""
    dummy = "NESW"[("NESW".index(declarer) + 2) % 4]
    return [{"seat": s, "play": c, **({"by": declarer} if s == dummy else {})} for s, c in pairs]


# 4♥ by North on board 103: East leads, South is dummy
FOUR_HEARTS_NORTH = calls("S", "P", "P", "4H", "P", "P", "P")
FIVE_TRICKS = plays("N", ("E", "D5"), ("S", "D3"), ("W", "D2"), ("N", "D4"), ("E", "S6"), ("S", "S3"), ("W", "S8"), ("N", "S2"),
                    ("W", "H2"), ("N", "H4"), ("E", "H6"), ("S", "H5"), ("E", "C7"), ("S", "C2"), ("W", "C8"), ("N", "C5"),
                    ("W", "H3"), ("N", "H9"), ("E", "H8"), ("S", "H7"))


# -- Law 24: a card exposed in the auction by the player who then became declarer -------------


def exposed_then_declarer(edition: str) -> dict[str, dict[str, Any]]:
    """West's 1♦ insufficient, East exposes ♠K before North decides; East becomes declarer."""
    return played_on(DEAL_1, edition, [*calls("N", "P", "1H", "P"), {"seat": "W", "call": "1D"},
                                       {"seat": "E", "expose": ["SK"], "how": "dropped"}, {"seat": "N", "choose": "decline"},
                                       {"seat": "W", "call": "2D"}, *calls("N", "P", "4H", "P", "P", "P")], 105)


@pytest.mark.parametrize(("edition", "law"), [("2017", "24D"), ("1997", "24")])
def test_law_24D_a_card_exposed_by_the_player_who_became_declarer_is_said_to_go_back_to_his_hand(edition: str, law: str) -> None:
    out = exposed_then_declarer(edition)
    r = ruling(out["ru"], "card_exposed")
    assert f"Восток стал разыгрывающим или болваном: ♠К возвращается ему в руку ({law})." in r["decision"]
    assert "станет защитником" not in r["decision"]
    en = ruling(out["en"], "card_exposed")
    assert f"East is declarer or dummy: ♠K goes back to his hand ({law})." in en["decision"]
    assert "♠K go back" not in en["summary"]


# -- 1997 Law 24: declarer's option over a future defender's card, read as the choice -----------


def test_law_24_1997_declarers_option_over_a_defenders_exposed_card_is_read_as_the_choice() -> None:
    out = played_on(DEAL_4, "1997", [*calls("W", "P", "P", "P"), {"seat": "W", "expose": ["DK"], "how": "dropped"},
                                     *calls("S", "4H", "P", "P", "P")], 116)
    r = ruling(out["ru"], "card_exposed")
    assert r["decision"].startswith("Запад открыл ♦К. Восток обязан пасовать в свою следующую очередь. Юг, выберите: считать ♦К "
                                    "штрафной картой или вернуть её в руку без наказания (24).")
    assert "«" not in r["decision"]
    assert "South, choose: treat ♦K as a penalty card or let it go back to the hand without penalty (24)." in \
        ruling(out["en"], "card_exposed")["decision"]


# -- 1997 Law 25B2(b): the offender's choice once the new call is not accepted ------------------


def test_law_25B2b_1997_the_offenders_choice_is_read_with_its_consequences() -> None:
    out = played_on(DEAL_1, "1997", [{"seat": "N", "call": "P"}, {"seat": "E", "call": "1H"}, {"seat": "E", "call": "2H", "change": True},
                                     director(unintended=False), {"seat": "S", "choose": "decline"}], 101)
    r = ruling(out["ru"], "change_of_call")
    assert ("Юг не принял новую заявку. Восток, выберите: оставить 1♥ — тогда Запад пасует в свою следующую очередь — "
            "или оставить 2♥: тогда результат вашей стороны будет не выше среднего минус. В обоих случаях возможны "
            "ограничения на ход (25B2(c)).") in r["decision"]
    assert "«" not in r["decision"]
    assert ("East, choose: let 1♥ stand — West then passes at his next turn — or keep 2♥: your side then scores at most "
            "average minus. Either way lead penalties may follow (25B2(c)).") in ruling(out["en"], "change_of_call")["decision"]


# -- Law 57A: declarer's choice over a defender's premature play --------------------------------


@pytest.mark.parametrize(("edition", "forbid"), [("2017", "; либо запретите Востоку играть карту другой названной вами масти."),
                                                 ("1997", ".")])
def test_law_57A_the_choice_over_a_premature_play_names_the_partner_and_addresses_declarer(edition: str, forbid: str) -> None:
    out = played_on(DEAL_3, edition, [*FOUR_HEARTS_NORTH, *FIVE_TRICKS, {"seat": "N", "play": "S4"}, {"seat": "W", "play": "SQ"}], 103)
    r = ruling(out["ru"], "play_out_of_turn")
    assert ("Север, выберите, как Восток сыграет в эту взятку: старшей или младшей картой масти хода или картой другой "
            f"масти, которую вы назовёте{forbid}") in r["decision"]
    assert "партнёр нарушителя" not in r["decision"] and "он назовёт" not in r["decision"]
    assert "North, choose how East plays to this trick:" in ruling(out["en"], "play_out_of_turn")["decision"]


# -- Law 31B2: the offender's own call after his bid at partner's turn was cancelled -----------


def test_law_31B2_the_offenders_later_call_at_his_turn_cites_31B2() -> None:
    out = played_on(DEAL_4, "2017", [{"seat": "N", "call": "P"}, {"seat": "W", "call": "1H"}, {"seat": "N", "choose": "decline"},
                                     {"seat": "E", "call": "P"}, {"seat": "S", "call": "1S"}, {"seat": "W", "call": "2H"}], 117)
    r = ruling(out["ru"], "call_out_of_rotation")
    assert "Запад в свою очередь может сделать любую законную заявку (31B2)." in r["summary_ru"]
    assert "(31A2)" not in r["summary_ru"]
    assert "West may make any legal call at his turn (31B2)." in ruling(out["en"], "call_out_of_rotation")["summary"]


# -- Laws 26B, 1997 26A2: declarer's choice of lead restriction, read as the choice ------------


@pytest.mark.parametrize(("edition", "choice"), [
    ("2017", "Восток, выберите: запретить Югу ход в одну масть по вашему выбору, пока он сохраняет ход, или не ограничивать "
             "ход. Правило 26B."),
    ("1997", "Восток, выберите: потребовать от Юга хода в бубны, запретить ему ход в эту масть, пока он сохраняет ход, или "
             "не ограничивать ход. Правила 26, 26A2."),
])
def test_law_26B_declarers_lead_restriction_is_read_as_the_choice_with_the_suits(edition: str, choice: str) -> None:
    judged = [director(comparable=False)] if edition == "2017" else []
    out = played_on(DEAL_1, edition, [*calls("E", "1H", "P", "P"), {"seat": "N", "call": "1D"}, {"seat": "E", "choose": "decline"},
                                      {"seat": "N", "call": "2N"}, *judged, *calls("E", "4H", "P", "P", "P")], 102)
    r = ruling(out["ru"], "lead_restriction")
    assert choice in r["decision"]
    assert "«" not in r["decision"]
    assert "East, choose:" in ruling(out["en"], "lead_restriction")["decision"]


# -- Laws 31C, 25: a later call at LHO's turn, read as a change of the player's own call -------

DEAL_2 = "N:7542.98.J9.KQ963 AJ9.Q72.K3.AT874 KQ863.3.Q8742.J2 T.AKJT654.AT65.5"


@pytest.mark.parametrize("edition", BOTH)
def test_law_25_a_pass_changed_is_said_as_his_pass_in_english(edition: str) -> None:
    out = played_on(DEAL_2, edition, [*calls("W", "1C", "P", "1H", "P", "1S", "P"), {"seat": "N", "call": "2C"}], 124)
    assert ruling(out["en"], "change_of_call")["decision"].startswith("North changed his pass to 2♣.")
    assert ruling(out["ru"], "change_of_call")["decision"].startswith("Север заменил пас на 2♣.")


# -- Laws 58B2, 15A: the third look, at the play and the board ----------------------------------

DEAL_5 = "N:AJ965.T62.6.KT86 Q732.J853.A973.7 T.KQ94.JT85.J932 K84.A7.KQ42.AQ54"
DEAL_6 = "N:A96.KQ.QJ532.A76 QJ532.JT65.8.J82 K7.98.AK96.KQ953 T84.A7432.T74.T4"


@pytest.mark.parametrize("edition", BOTH)
def test_law_58B2_a_defender_choosing_among_cards_played_together_hears_what_becomes_of_the_other(edition: str) -> None:
    out = played_on(DEAL_5, edition, [*calls("N", "P", "P", "P", "3N", "P", "P", "P"),
                                      *plays("W", ("N", "H2"), ("E", "H3"), ("S", "H4"), ("W", "H7"), ("W", "D2")),
                                      {"seat": "N", "play_together": ["D6", "SJ"], "faced": True}], 141)
    r = ruling(out["ru"], "play_together")
    assert r["decision"] == ("Север сыграл одновременно ♦6, ♠В. Север, назовите, какую из этих карт вы играете во взятку; "
                             "другая карта станет штрафной (58B2, 50).")
    assert ruling(out["en"], "play_together")["decision"].endswith("name the card you play to the trick; the other becomes a "
                                                                    "penalty card (58B2, 50).")


@pytest.mark.parametrize(("edition", "law"), [("2017", "15A"), ("1997", "17D")])
def test_law_15A_a_wrong_board_found_before_its_holder_called_says_what_happens_and_cites_the_law(edition: str, law: str) -> None:
    out = played_on(DEAL_6, edition, [{"seat": "S", "call": "1C"}, {"seat": "W", "report": "wrong_board", "offender": "W"}], 143)
    r = ruling(out["ru"], "board")
    assert r["decision"] == ("Запад взял карты другой сдачи, но ещё не заявлял: он берёт карты этой сдачи, торговля продолжается "
                             f"без исправления. Правило {law}.")
    assert r["laws"] == [law]
    assert ruling(out["en"], "board")["decision"].endswith(f"the auction goes on without rectification. Law {law}.")


# -- Laws 16B1(a), 12C: the score adjusted after the poll is read as a score ---------------------

HESITATION_THEN_3S = [{"seat": "E", "call": "1C"}, {"seat": "S", "call": "1S"}, {"seat": "W", "call": "2H"}, {"seat": "N", "tempo": "hesitation"},
                      {"seat": "N", "call": "P"}, {"seat": "E", "call": "2N"}, {"seat": "S", "call": "3S"},
                      {"seat": "W", "tempo": "reserve_rights"}, *calls("W", "4H", "P", "P", "P")]
FOUR_HEARTS_WEST = plays("W", ("N", "S2"), ("E", "S9"), ("S", "S3"), ("W", "ST"), ("W", "H4"), ("N", "H8"), ("E", "H2"), ("S", "H3"),
                         ("N", "C3"), ("E", "C4"), ("S", "C2"), ("W", "C5"), ("W", "H5"), ("N", "H9"), ("E", "H7"), ("S", "D2"),
                         ("N", "S4"), ("E", "SJ"), ("S", "S6"), ("W", "D5"), ("E", "D3"), ("S", "D4"), ("W", "D6"), ("N", "D9"),
                         ("N", "S5"), ("E", "SA"), ("S", "S8"), ("W", "H6"), ("W", "HT"), ("N", "C6"), ("E", "HQ"), ("S", "D7"),
                         ("E", "C7"), ("S", "CJ"), ("W", "DT"), ("N", "C9"), ("S", "D8"), ("W", "DA"), ("N", "DJ"), ("E", "DK"),
                         ("W", "HJ"), ("N", "S7"), ("E", "C8"), ("S", "SQ"), ("W", "HK"), ("N", "CQ"), ("E", "CT"), ("S", "DQ"),
                         ("W", "HA"), ("N", "CK"), ("E", "CA"), ("S", "SK"))


@pytest.mark.parametrize(("score", "said", "said_en"), [
    ({"score_ns": -620}, "присуждённый результат — Север–Юг: −620 (16B1(a), 12C1).", "North–South -620"),
    ({"ns": "avg-", "ew": "avg+"}, "присуждённый результат — Север–Юг — среднее минус (40%), Восток–Запад — среднее плюс (60%)",
     "North–South average minus"),
])
def test_law_16B1a_the_score_adjusted_after_the_poll_is_read_as_a_score_not_as_data(score: dict[str, Any], said: str, said_en: str) -> None:
    out = played_on(DEAL_2, "2017", [*HESITATION_THEN_3S, *FOUR_HEARTS_WEST,
                                     director(logical_alternatives=["P"], demonstrably_suggested=True, adjusted_score=score)], 146)
    r = ruling(out["ru"], "unauthorized_information")
    assert said in r["decision"]
    assert "{" not in r["decision"] and "score_ns" not in r["summary_ru"]
    en = ruling(out["en"], "unauthorized_information")
    assert said_en in en["decision"] and "{" not in en["decision"]


def test_law_26B_the_suits_declarer_may_forbid_are_listed_when_the_offender_specified_one() -> None:
    out = played_on(DEAL_6, "2017", [{"seat": "S", "call": "1D"}, {"seat": "W", "call": "1C"}, {"seat": "N", "choose": "decline"},
                                     {"seat": "W", "call": "2S"}, director(comparable=False), *calls("N", "3N", "P", "P", "P")], 147)
    r = ruling(out["ru"], "lead_restriction")
    assert ("Север, выберите: запретить Востоку ход в одну из мастей (червы, бубны, трефы), пока он сохраняет ход, или не "
            "ограничивать ход. Правило 26B.") in r["decision"]
    assert "forbid East to lead one of these suits (hearts, diamonds, clubs) while he keeps the lead" in \
        ruling(out["en"], "lead_restriction")["decision"]
