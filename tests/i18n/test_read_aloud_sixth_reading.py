"""The sixth read-aloud reading: a fresh sample built from sequences nobody had drawn (another
deal, other dealers and seats, the assistant's boards with the hands unknown, both editions),
read as a director reads it at the table and checked on the rendered texts: a claim or
concession of every trick left says "all"; an answer to a claim is announced, not narrated as
a choice; the hand that plays after an accepted lead is named; the offender's new call after
a call out of rotation is named in the comparable question; a call cancelled under Law 37
says the lead restrictions; a change of call offers "the new call" and says what stands when
it is refused; declarer's lead out of turn and declarer's 50D2 choice say what each answer
brings; a premature lead by declarer says the card goes back, as its explanation does; a
revoke pointed out on an unknown hand is not announced before it is found; an adjusted
score is said; a call that was mistaken is not read as an explanation that was; a call
that cannot stand over the changed one is not offered to be kept."""

from __future__ import annotations

from typing import Any

import pytest
from read_aloud_support import calls, director, dummy_plays, played_on, ruling, texts

from bridgelaw.io.scenario import load_scenario, run_scenario

DEAL = "N:AJ4.KQ92.8763.K5 KT852.6.AQ4.QJ84 Q93.AJT75.K2.A93 76.843.JT95.T762"


def played(edition: str, *actions: dict[str, Any], board: int = 3, deal: str | None = DEAL) -> dict[str, dict[str, Any]]:
    """The output in Russian and English of ``actions`` on :data:`DEAL` (``deal=None``: the
    assistant's board, the hands unknown)."""
    return played_on(deal, edition, list(actions), board)


FOUR_HEARTS = calls("S", "1H", "P", "3H", "P", "4H", "P", "P", "P")
THREE_TRICKS = dummy_plays(("W", "DJ"), ("N", "D3"), ("E", "DA"), ("S", "D2"), ("E", "CQ"), ("S", "C3"), ("W", "C2"),
                           ("N", "CK"), ("N", "H2"), ("E", "H6"), ("S", "HA"), ("W", "H3"))
BOTH = ("2017", "1997")


# -- Laws 68-71: claims and concessions ------------------------------------------------------


@pytest.mark.parametrize("edition", BOTH)
def test_law_68_a_claim_of_every_trick_left_says_all_the_remaining_tricks(edition: str) -> None:
    out = played(edition, *FOUR_HEARTS, *THREE_TRICKS, {"seat": "S", "claim": 10, "statement": "drawing trumps"},
                 {"seat": "W", "claim_response": "agree"}, {"seat": "E", "claim_response": "agree"})
    r = ruling(out["ru"], "claim")
    assert "его сторона возьмёт все 10 оставшихся взяток («drawing trumps»)" in r["summary_ru"]
    assert r["decision"].startswith("Заявление Юга: все 10 оставшихся взяток.")
    assert "из оставшихся" not in r["decision"] and "10 из 10" not in r["summary_ru"]
    en = ruling(out["en"], "claim")
    assert en["decision"].startswith("South claims all 10 remaining tricks.") and "10 of the remaining 10" not in en["summary"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_68B_a_concession_of_every_trick_left_on_the_assistants_board_says_who_conceded(edition: str) -> None:
    out = played(edition, {"seat": "director", "play_from": 11, "declarer": "S", "strain": "C"}, {"seat": "E", "concede": 3},
                 {"seat": "S", "claim_response": "agree"}, board=7, deal=None)
    r = ruling(out["ru"], "claim")
    assert r["summary_ru"].startswith("Восток уступает все 3 оставшиеся взятки; розыгрыш приостановлен")
    assert r["decision"].startswith("Восток уступил все 3 оставшиеся взятки. Первые 10 взяток не записаны.")
    assert ruling(out["en"], "claim")["decision"].startswith("East concedes all 3 remaining tricks.")


@pytest.mark.parametrize("edition", BOTH)
def test_law_68B2_a_concession_of_every_trick_objected_to_says_all(edition: str) -> None:
    out = played(edition, *FOUR_HEARTS, *THREE_TRICKS[:4], {"seat": "E", "concede": 12}, {"seat": "W", "claim_response": "dispute"})
    r = ruling(out["ru"], "claim")
    assert r["decision"].startswith("Восток уступил все 12 оставшихся взяток.")
    assert "12 из оставшихся 12" not in r["summary_ru"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_69A_the_defences_agreement_is_announced_not_narrated_as_a_choice(edition: str) -> None:
    out = played(edition, *FOUR_HEARTS, *THREE_TRICKS, {"seat": "S", "claim": 10, "statement": ""},
                 {"seat": "W", "choose": "agree"}, {"seat": "E", "choose": "agree"})
    r = ruling(out["ru"], "claim")
    assert "Заявление Юга: все 10 оставшихся взяток. Защита согласна с заявлением. Итого взяток:" in r["decision"]
    assert "выбрал" not in r["decision"] and "«Согласиться с заявлением»" not in r["decision"]
    en = ruling(out["en"], "claim")["decision"]
    assert "The defenders agree to the claim." in en and "chose" not in en


# -- Laws 53A, 55: leads out of turn in the play ---------------------------------------------


@pytest.mark.parametrize("edition", BOTH)
def test_law_53A_the_lead_accepted_names_the_hand_that_plays_next(edition: str) -> None:
    out = played(edition, *FOUR_HEARTS, *THREE_TRICKS[:8], {"seat": "E", "play": "D4"}, {"seat": "S", "choose": "accept"})
    r = ruling(out["ru"], "play_out_of_turn")
    assert "Ход Востока остаётся в силе; следующим играет Юг." in r["decision"]
    assert "слева от него" not in r["decision"]
    assert "East's lead stands; South plays next." in ruling(out["en"], "play_out_of_turn")["decision"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_55B2_declarers_lead_from_the_wrong_hand_says_what_refusing_it_brings(edition: str) -> None:
    out = played(edition, *FOUR_HEARTS, *THREE_TRICKS[:8], {"seat": "S", "play": "HA"})
    r = ruling(out["ru"], "play_out_of_turn")
    assert ("Защитники могут принять этот ход или не принять его: тогда карта забирается и разыгрывающий ходит "
            "с руки Севера (55B2). Если защитники не согласны между собой, решает Запад.") in r["decision"]
    assert "принять этот ход или нет" not in r["decision"]
    assert "declarer leads from North's hand (55B2). If they disagree, West decides." in (
        ruling(out["en"], "play_out_of_turn")["decision"])


@pytest.mark.parametrize("edition", BOTH)
def test_law_55B1_declarers_lead_from_dummy_at_a_defenders_turn_says_the_defender_leads_if_refused(edition: str) -> None:
    out = played(edition, {"seat": "director", "play_from": 6, "declarer": "E", "strain": "S", "lead": "N"},
                 {"seat": "W", "play": "SK", "by": "E"}, board=6, deal=None)
    r = ruling(out["ru"], "play_out_of_turn")
    assert "тогда карта забирается и ходит защитник, чья очередь, без дальнейшего исправления (55B1)" in r["decision"]
    assert "решает Север" in r["decision"]


# -- Laws 23A, 30-32: the offender's new call after a call out of rotation -------------------


def test_law_23A_the_offenders_new_call_after_a_call_out_of_rotation_is_named_not_called_a_replacement() -> None:
    out = played("2017", {"seat": "W", "call": "1S"}, {"seat": "N", "choose": "decline"}, {"seat": "E", "call": "P"},
                 {"seat": "S", "call": "P"}, {"seat": "W", "call": "2S"}, board=6)
    r = ruling(out["ru"], "call_out_of_rotation")
    assert "Решает судья: сопоставима ли новая заявка Запада (2♠) с отменённой." in r["decision"]
    assert r["questions"][0]["text_ru"].startswith(
        "Сопоставима ли новая заявка Запада (2♠) с его заявкой, отменённой как сделанная вне очереди (Правило 23A")
    assert "заменяющая" not in texts(r)
    en = ruling(out["en"], "call_out_of_rotation")
    assert "whether West's new call (2♠) is comparable to the cancelled one" in en["decision"]
    assert "replacement" not in texts(en)


def test_law_30B1_a_pass_out_of_rotation_at_partners_turn_names_the_offenders_new_pass() -> None:
    out = played("2017", *calls("S", "1H", "P"), {"seat": "S", "call": "P"}, {"seat": "W", "choose": "decline"},
                 {"seat": "N", "call": "2H"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "P"})
    r = ruling(out["ru"], "call_out_of_rotation")
    assert "сопоставима ли новая заявка Юга (пас) с отменённой" in r["decision"]


def test_law_23A_an_insufficient_bids_replacement_is_still_called_one() -> None:
    out = played("2017", *calls("W", "P", "1C", "1H", "1D"), {"seat": "W", "choose": "decline"}, {"seat": "S", "call": "1N"}, board=8)
    assert "сопоставима ли заменяющая заявка" in ruling(out["ru"], "insufficient_bid")["decision"]


# -- Law 37: lead restrictions --------------------------------------------------------------


@pytest.mark.parametrize(("edition", "lead", "laws"), [("2017", "(26B)", "Правила 37B1, 37B2."), ("1997", "(Правило 26)", "Правило 37.")])
def test_law_37B_a_call_cancelled_for_a_player_obliged_to_pass_says_the_lead_restrictions(edition: str, lead: str, laws: str) -> None:
    out = played(edition, *calls("W", "P", "1C", "1H", "1D"), {"seat": "W", "choose": "decline"}, {"seat": "S", "call": "1N"},
                 director(comparable=False), {"seat": "W", "call": "P"}, {"seat": "N", "call": "2C"}, board=8)
    r = ruling(out["ru"], "violates_pass_obligation")
    assert r["decision"] == ("Север заявил 2♣, хотя был обязан пасовать. Назначение 2♣ Севера отменяется, вместо него "
                             f"записывается пас. Север и Юг обязаны пасовать до конца торговли. Возможны ограничения на ход {lead}. {laws}")
    assert "присуждение результата" in r["summary_ru"]


# -- Law 25: a change of call ----------------------------------------------------------------


@pytest.mark.parametrize("edition", BOTH)
def test_law_25B1_the_option_accepts_the_new_call(edition: str) -> None:
    out = played(edition, {"seat": "N", "call": "1H"}, {"seat": "N", "call": "2H", "change": True}, director(unintended=False), board=5)
    r = ruling(out["ru"], "change_of_call")
    labels = [o["label_ru"] for o in r["options"]]
    assert "Принять новую заявку" in labels and "Принять заменённую заявку" not in labels


def test_law_25B2_the_new_call_refused_says_the_original_call_stands_and_lead_restrictions_may_follow() -> None:
    out = played("2017", {"seat": "W", "call": "1C"}, {"seat": "W", "call": "1D", "change": True}, director(unintended=False),
                 {"seat": "N", "choose": "decline"}, board=8)
    r = ruling(out["ru"], "change_of_call")
    assert "Остаётся первоначальная заявка Запада; возможны ограничения на ход (Правило 26)." in r["decision"]


def test_law_25B2b_1997_the_offenders_choice_follows_lhos_refusal() -> None:
    out = played("1997", {"seat": "W", "call": "1C"}, {"seat": "W", "call": "1D", "change": True}, director(unintended=False),
                 {"seat": "N", "choose": "decline"}, board=8)
    r = ruling(out["ru"], "change_of_call")
    assert "Запад заменил 1♣ на 1♦. Север не принял новую заявку. Запад, выберите:" in r["decision"]
    assert "North did not accept the new call. West, choose:" in ruling(out["en"], "change_of_call")["decision"]


@pytest.mark.parametrize(("edition", "law"), [("2017", "21B1(a)"), ("1997", "21B1")])
def test_law_21B2_lhos_call_that_cannot_stand_over_the_new_one_is_not_offered_to_be_kept(edition: str, law: str) -> None:
    out = played(edition, {"seat": "S", "call": "1S"}, {"seat": "W", "call": "2D"}, {"seat": "S", "call": "3S", "change": True},
                 director(unintended=False, misinformation=True))
    r = ruling(out["ru"], "change_of_call")
    assert f"({law}). Последующая заявка Запада (2♦) после 3♠ стоять не может: Запад заменяет её (21B2)." in r["summary_ru"]
    assert "или оставить её" not in r["summary_ru"]
    assert "Запад должен отменить свою заявку и сделать заявку заново" in r["decision"]
    assert "«Оставить свою заявку" not in r["decision"]


# -- Laws 50D2, 57C, 61A: the play ----------------------------------------------------------


@pytest.mark.parametrize("edition", BOTH)
def test_law_50D2_declarers_choice_says_what_each_answer_does_to_the_penalty_card(edition: str) -> None:
    out = played(edition, {"seat": "director", "play_from": 9, "declarer": "N", "strain": "N", "lead": "E"},
                 {"seat": "W", "play": "SK"}, {"seat": "N", "choose": "decline"}, board=6, deal=None)
    r = ruling(out["ru"], "penalty_card_lead")
    assert ("Север, вы можете потребовать или запретить ход в масть штрафной карты — тогда эта карта возвращается в руку — "
            "либо не ограничивать ход: штрафная карта остаётся.") in r["decision"]
    assert "the card is then picked up" in ruling(out["en"], "penalty_card_lead")["decision"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_48A_declarers_premature_lead_to_the_next_trick_goes_back_as_the_explanation_says(edition: str) -> None:
    out = played(edition, {"seat": "director", "play_from": 4, "declarer": "N", "strain": "D", "lead": "E"},
                 {"seat": "E", "play": "SA"}, {"seat": "S", "play": "S2", "by": "N"}, {"seat": "W", "play": "H4"},
                 {"seat": "S", "play": "S5", "by": "N"}, board=1, deal=None)
    r = ruling(out["ru"], "play_out_of_turn")
    assert "карта возвращается в руку" in r["summary_ru"]
    assert r["decision"].startswith("Разыгрывающий (Север) сыграл ♠5 со стола вне очереди. "
                                    "Карта забирается; карты разыгрывающего и болвана штрафными не бывают.")
    assert "забрать её нельзя" not in r["decision"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_61A_a_revoke_pointed_out_on_an_unknown_hand_is_not_announced_before_it_is_found(edition: str) -> None:
    out = played(edition, {"seat": "director", "play_from": 4, "declarer": "N", "strain": "D", "lead": "E"},
                 {"seat": "E", "play": "SA"}, {"seat": "S", "play": "S2", "by": "N"}, {"seat": "W", "play": "H4"},
                 {"seat": "E", "point_out": "revoke", "offender": "W", "trick": 4}, board=1, deal=None)
    r = ruling(out["ru"], "revoke")
    assert r["summary_ru"] == ("Указано, что во взятке № 4 Запад сыграл ♥4, не подав масть хода. "
                               "Судья выясняет, была ли у него карта масти хода (61A).")
    assert r["decision"].startswith("Указан фальшренонс Запада во взятке № 4. Решает судья: была ли у Запада карта пик.")
    assert "61A" in r["laws"]
    assert ruling(out["en"], "revoke")["decision"].startswith("A revoke by West in trick 4 is pointed out.")


# -- Laws 16, 75, 29: information and the auction --------------------------------------------


@pytest.mark.parametrize(("edition", "laws"), [("2017", "(16B1(a), 12C1)"), ("1997", "(16A, 12C2)")])
def test_law_16_the_adjusted_score_is_said(edition: str, laws: str) -> None:
    auction = [*calls("E", "1S", "2H"), {"seat": "W", "tempo": "hesitation"}, {"seat": "W", "call": "P"}, {"seat": "N", "call": "P"},
               {"seat": "E", "call": "2S"}, {"seat": "S", "tempo": "reserve_rights"}, *calls("S", "P", "P", "P")]
    out = played(edition, *auction, *_play_out(edition, auction),
                 director(logical_alternatives=["P"], demonstrably_suggested=True, adjusted_score="2H by S"), board=6)
    r = ruling(out["ru"], "unauthorized_information")
    assert f"присуждённый результат — 2♥, разыгрывает Юг {laws}" in r["decision"]
    assert f"the score is adjusted to 2♥ by South {laws}" in ruling(out["en"], "unauthorized_information")["decision"]


def _play_out(edition: str, auction: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The thirteen tricks of 2♠ by East, each hand playing its lowest card, following suit."""
    hands: dict[str, list[str]] = {}
    first, rest = DEAL.split(":")
    for k, hand in enumerate(rest.split()):
        seat = "NESW"["NESW".index(first) + k]
        hands[seat] = [s + r for s, ranks in zip("SHDC", hand.split("."), strict=True) for r in ranks]
    acts: list[dict[str, Any]] = []
    for _ in range(52):
        state = run_scenario(load_scenario({"format": 1, "edition": edition, "board": 6, "deal": DEAL, "actions": [*auction, *acts]}))
        if state["phase"] not in ("lead", "play") or state["turn"] is None:
            break
        seen = {c for t in state["tricks"] for c in t["cards"].values()}
        current = state["tricks"][-1] if state["tricks"] and not state["tricks"][-1].get("winner") else None
        led = current["cards"][current["leader"]][0] if current and current["cards"] else None
        left = [c for c in hands[state["turn"]] if c not in seen]
        card = ([c for c in left if c[0] == led] or left)[-1]
        acts.append({"seat": state["turn"], "play": card, **({"by": "E"} if state["turn"] == "W" else {})})
    return acts


@pytest.mark.parametrize("edition", BOTH)
def test_law_75C_a_mistaken_call_is_not_announced_as_a_wrong_explanation(edition: str) -> None:
    out = played(edition, {"seat": "S", "call": "1N", "meaning": "15-17 balanced"}, {"seat": "W", "call": "P"},
                 {"seat": "N", "call": "2D", "alert": True, "meaning": "transfer to hearts"}, {"seat": "E", "ask": "explain", "call_index": 2},
                 *calls("E", "P", "2H", "P", "P", "P"), {"seat": "S", "ask": "correct_explanation", "call_index": 2},
                 director(mistaken_explanation=False))
    r = ruling(out["ru"], "misinformation")
    assert r["decision"].startswith("Заявка 2♦ Севера и её объяснение расходятся. Ошибочная заявка, а не объяснение")
    assert "объяснена неверно" not in r["decision"]
    assert ruling(out["en"], "misinformation")["decision"].startswith("North's 2♦ and its explanation differ.")


@pytest.mark.parametrize("edition", BOTH)
def test_law_29A_english_says_the_call_accepted_with_its_article(edition: str) -> None:
    out = played(edition, *calls("W", "1D", "P", "1S"), {"seat": "W", "call": "P"}, {"seat": "N", "choose": "accept"}, board=4)
    assert "North accepted it: the pass stands as if in rotation" in ruling(out["en"], "call_out_of_rotation")["summary"]


# -- The second sample: another deal, 4♠ by East ------------------------------------------------

DEAL_2 = "N:K7.AJ4.KQ98.T852 AQJ93.K72.63.AK4 862.QT9865.A.QJ9 T54.3.JT7542.763"
FOUR_SPADES = calls("E", "1S", "2H", "2S", "3H", "4S", "P", "P", "P")


def west_dummy(*pairs: tuple[str, str]) -> list[dict[str, Any]]:
    """Cards played in 4♠ by East: West's (dummy's) played by declarer."""
    return [{"seat": s, "play": c, **({"by": "E"} if s == "W" else {})} for s, c in pairs]


FOUR_TRICKS = west_dummy(("S", "DA"), ("W", "D2"), ("N", "D8"), ("E", "D3"), ("S", "HQ"), ("W", "H3"), ("N", "HA"), ("E", "H2"),
                         ("N", "HJ"), ("E", "HK"), ("S", "H5"), ("W", "S4"), ("W", "S5"), ("N", "S7"), ("E", "SA"), ("S", "S2"))


def test_law_68_1997_an_objection_to_a_concession_is_asked_in_a_concessions_words() -> None:
    out = played("1997", *FOUR_SPADES, *FOUR_TRICKS, {"seat": "S", "concede": 1}, {"seat": "N", "claim_response": "dispute"},
                 board=2, deal=DEAL_2)
    r = ruling(out["ru"], "claim")
    assert r["questions"][0]["text_ru"].startswith("Партнёр уступившего сразу возразил;")
    assert "считать ли, что уступки нет и розыгрыш продолжается" in r["decision"]
    assert "заявившего" not in texts(r) and "заявления нет" not in r["decision"]


@pytest.mark.parametrize(("edition", "then"), [("2017", "если Запад станет защитником, она станет штрафной (24E)."),
                                               ("1997", "если Запад станет защитником, разыгрывающий может считать её штрафной (24).")])
def test_law_24A_a_low_card_shown_in_the_auction_stays_face_up_until_it_ends(edition: str, then: str) -> None:
    out = played(edition, *calls("E", "1S", "2H"), {"seat": "W", "expose": ["S4"], "how": "shown"}, board=2, deal=DEAL_2)
    r = ruling(out["ru"], "card_exposed")
    assert f"Запад открыл ♠4. Карта остаётся открытой на столе до конца торговли; {then}" in r["decision"]
    assert "возвращается в руку" not in r["decision"]


def test_law_32B2_1997_a_double_cancelled_says_the_lead_penalties() -> None:
    out = played("1997", *calls("E", "1S", "P"), {"seat": "N", "call": "X"}, {"seat": "E", "choose": "decline"},
                 {"seat": "W", "call": "2S"}, {"seat": "N", "call": "X"}, board=2, deal=DEAL_2)
    r = ruling(out["ru"], "call_out_of_rotation")
    assert r["decision"].startswith("Север дал контру вне очереди.")
    assert "Юг обязан пасовать до конца торговли. Возможны ограничения на ход (Правило 26)." in r["decision"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_25B1_english_says_the_new_call_was_accepted(edition: str) -> None:
    out = played(edition, *calls("E", "1S", "2H", "2S", "3H"), {"seat": "N", "call": "4H", "change": True},
                 director(unintended=False), {"seat": "E", "choose": "accept"}, board=2, deal=DEAL_2)
    en = ruling(out["en"], "change_of_call")["decision"]
    assert "East accepted the new call: it stands" in en and "changed call" not in en


def test_law_43B2b_a_revoke_dummy_asked_about_after_his_breach_is_said_to_be_rectified_as_established() -> None:
    out = played("2017", *FOUR_SPADES, *FOUR_TRICKS[:4], {"seat": "W", "dummy_breach": "leave_seat"},
                 *west_dummy(("S", "HQ"), ("W", "H3"), ("N", "HA"), ("E", "S3")), {"seat": "W", "revoke_inquiry": "E"},
                 board=2, deal=DEAL_2)
    r = ruling(out["ru"], "revoke")
    assert "по окончании розыгрыша фальшренонс исправляется как установленный (43B2(b), 64)." in r["decision"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_68B_a_defenders_concession_on_the_assistants_board_keeps_who_conceded(edition: str) -> None:
    out = played(edition, {"seat": "director", "play_from": 11, "declarer": "E", "strain": "H"}, {"seat": "N", "concede": 2},
                 {"seat": "E", "choose": "agree"}, board=6, deal=None)
    r = ruling(out["ru"], "claim")
    assert r["decision"].startswith("Север уступил 2 взятки из оставшихся. Начиная со взятки № 11: Север–Юг — 1, Восток–Запад — 2.")
    assert "выбрал" not in r["decision"]


@pytest.mark.parametrize("edition", BOTH)
def test_law_68_a_claim_of_the_two_tricks_left_says_both(edition: str) -> None:
    out = played(edition, {"seat": "director", "play_from": 12, "declarer": "E", "strain": "N"}, {"seat": "E", "claim": 2},
                 {"seat": "S", "claim_response": "dispute"}, director(tricks=1), board=14, deal=None)
    r = ruling(out["ru"], "claim")
    assert "его сторона возьмёт обе оставшиеся взятки" in r["summary_ru"]
    assert r["decision"].startswith("Заявление Востока: обе оставшиеся взятки.") and "все 2" not in r["decision"]
    assert ruling(out["en"], "claim")["decision"].startswith("East claims both remaining tricks.")
