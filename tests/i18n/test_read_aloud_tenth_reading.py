"""The tenth read-aloud reading: a fresh sample on boards 400-495 (random deals, the hands
known; the assistant's path with the hands unknown), both editions, every area. Checked on
the rendered texts: a lead restriction is not announced once the auction is over with the
offender's side declaring (26B; 1997: 26); a double put in place of an insufficient bid
says the lead restriction it may cost (27B3); the 1997 penalty of 27B2 names what the
penalty is before saying why; the director's questions on a change of call cite their
laws (25A, 21B1); a 1997 ruling on a partner's objection to a claim does not tell the
director to call himself (68); a concession cancelled in part says "any normal play" in
English (71); declarer's options name the player they bind, not «партнёр» (50D2, 57A)."""

from __future__ import annotations

import pytest
from read_aloud_support import calls, director, played_on, rendered, ruling

DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.765 6543.765.AKQ.T98 2.J432.JT98.AKQJ"
BOTH = ("2017", "1997")


# -- Law 26B: no lead restriction once the offender's side declares -----------------------------


def test_law_26B_no_lead_restriction_announced_when_the_offender_declares() -> None:
    # South bids 1♥ at East's turn; not accepted, East bids, South bids 2♥ (not comparable);
    # the auction ends with South declarer: no lead restriction can fall on his side
    actions = [{"seat": "N", "call": "1C"}, {"seat": "S", "call": "1H"}, {"seat": "W", "choose": "decline"},
               {"seat": "E", "call": "1S"}, {"seat": "S", "call": "2H"}, director(comparable=False), *calls("W", "P", "P", "P")]
    out = played_on(DEAL, "2017", actions, 408, dealer="N")
    r = ruling(out["ru"], "call_out_of_rotation")
    assert out["ru"]["contract"]["declarer"] == "S"
    assert ("Новая заявка Юга не сопоставима с отменённой, но контракт разыгрывает его сторона: ограничений на ход нет "
            "(26B).") in r["decision"]
    assert "возможны ограничения на ход" not in r["decision"]
    en = ruling(out["en"], "call_out_of_rotation")["decision"]
    assert "South's new call is not comparable to the cancelled one, but his side declares the contract" in en


def test_law_26B_the_lead_restriction_stays_when_the_offender_defends() -> None:
    actions = [{"seat": "N", "call": "1C"}, {"seat": "S", "call": "1H"}, {"seat": "W", "choose": "decline"},
               {"seat": "E", "call": "1S"}, {"seat": "S", "call": "2H"}, director(comparable=False),
               *calls("W", "2S", "P", "P", "P")]
    out = played_on(DEAL, "2017", actions, 408, dealer="N")
    r = ruling(out["ru"], "call_out_of_rotation")
    assert "Новая заявка Юга не сопоставима с отменённой: возможны ограничения на ход (26B)." in r["decision"]


# -- Law 27B3: a double put in place of an insufficient bid -----------------------------------------


def _double_for_insufficient_bid(edition: str) -> dict[str, dict[str, object]]:
    # East's 1♥ over 1♠ is insufficient; not accepted, he doubles (cancelled) and then passes;
    # North-South declare 2♠ and West is on lead
    actions = [*calls("N", "1S", "1H"), {"seat": "S", "choose": "decline"}, {"seat": "E", "call": "X"}]
    if edition == "2017":
        actions.append(director(comparable=False))
    actions += [{"seat": "E", "call": "P"}, *calls("S", "2S", "P", "P", "P")]
    return played_on(DEAL, edition, actions, 420, dealer="N")


def test_law_27B3_the_decision_says_the_lead_restriction_it_may_cost() -> None:
    out = _double_for_insufficient_bid("2017")
    r = ruling(out["ru"], "insufficient_bid")
    assert "Контра Востока не сопоставима с отменённой заявкой: возможны ограничения на ход (26B)." in r["decision"]
    assert "East's double is not comparable to the withdrawn call: lead restrictions may apply (26B)." in \
        ruling(out["en"], "insufficient_bid")["decision"]


def test_law_27B3_1997_the_decision_says_lead_penalties_may_follow() -> None:
    out = _double_for_insufficient_bid("1997")
    r = ruling(out["ru"], "insufficient_bid")
    assert "Кроме того, возможны ограничения на ход (Правило 26)." in r["decision"]
    assert "Lead penalties may apply as well (Law 26)." in ruling(out["en"], "insufficient_bid")["decision"]


# -- 1997 Law 27B2: the penalty named before its reason ---------------------------------------------


def test_law_27B2_1997_the_obligation_to_pass_is_named_as_the_penalty() -> None:
    actions = [*calls("N", "1S", "1H"), {"seat": "S", "choose": "decline"}, {"seat": "E", "call": "2C"},
               *calls("S", "2S", "P", "P", "P")]
    out = played_on(DEAL, "1997", actions, 401, dealer="N")
    r = ruling(out["ru"], "insufficient_bid")
    assert ("Обязанность пасовать — наказание (27B2): замена — не наименьшее достаточное неконвенционное назначение "
            "той же деноминации (27B1(a))") in r["decision"]
    assert "таково наказание" not in r["decision"]
    assert "The obligation to pass is the penalty (27B2)" in ruling(out["en"], "insufficient_bid")["decision"]


# -- Law 25: the director's questions on a change of call cite their laws -----------------------------


@pytest.mark.parametrize(("edition", "ru", "en"), [
    ("2017", "была ли первоначальная заявка непреднамеренной (25A1) и не сделана ли она под влиянием неверной "
             "информации (21B1(a))", "whether the first call was unintended (25A1) and whether it followed misinformation (21B1(a))"),
    ("1997", "была ли первоначальная заявка сделана по недосмотру (25A) и не вызвана ли она, вероятно, неверной "
             "информацией (21B1)", "whether the original call was inadvertent (25A) and whether it was probably made as a "
             "result of misinformation (21B1)"),
])
def test_law_25_the_directors_questions_on_a_change_of_call_cite_their_laws(edition: str, ru: str, en: str) -> None:
    out = played_on(DEAL, edition, [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "P"}, {"seat": "E", "call": "2C", "change": True}],
                    141, dealer="N")
    r = ruling(out["ru"], "change_of_call")
    assert r["status"] == "awaiting_decision"
    assert f"Решает судья: {ru}." in r["decision"]
    assert f"For the director to decide: {en}." in ruling(out["en"], "change_of_call")["decision"]


# -- Law 68 (1997): the director is not told to call himself ------------------------------------------


def test_law_68_1997_a_partners_objection_does_not_tell_the_director_to_call_himself() -> None:
    out = rendered("claims/09-defender-claim-partner-objects.json", edition="1997")
    r = ruling(out["ru"], "claim")
    assert "Пункта о возражении партнёра в Правилах 1997 года нет: решает судья. До его решения" in r["summary_ru"]
    assert "вызовите" not in r["summary_ru"]
    en = ruling(out["en"], "claim")["summary"]
    assert "the director decides. Until he rules" in en
    assert "call him" not in en


# -- Law 71: a concession cancelled in part, in English ----------------------------------------------


@pytest.mark.parametrize("edition", BOTH)
def test_law_71_a_concession_cancelled_in_part_says_any_normal_play(edition: str) -> None:
    out = rendered("claims/13-concession-cancelled-law-71.json", edition=edition)
    en = ruling(out["en"], "claim")["summary"]
    assert "could not be lost by any normal play: that part of the concession is cancelled" in en
    assert "the concession of them" not in en
    assert "ни при каком нормальном розыгрыше" in ruling(out["ru"], "claim")["summary_ru"]


# -- Laws 50D2 and 57A: declarer's options name the player they bind ----------------------------------


def test_law_50D2_the_forbid_option_names_the_player_on_lead() -> None:
    out = rendered("play/56-02-partner-on-lead-50D2.json")
    r = ruling(out["ru"], "penalty_card_lead")
    labels = {o["id"]: o["label_ru"] for o in r["options"]}
    assert labels["forbid_suit"] == "Запретить Востоку ход в бубны, пока он сохраняет ход"
    assert "партнёр" not in labels["forbid_suit"]
    en = {o["id"]: o["label"] for o in ruling(out["en"], "penalty_card_lead")["options"]}
    assert en["forbid_suit"] == "Forbid East to lead diamonds while he keeps the lead"


@pytest.mark.parametrize("edition", BOTH)
def test_law_57A_declarers_options_name_the_offenders_partner(edition: str) -> None:
    out = rendered("play/57-01-premature-play-options.json", edition=edition)
    r = ruling(out["ru"], "play_out_of_turn")
    labels = {o["id"]: o["label_ru"] for o in r["options"]}
    assert labels["play_highest"] == "Восток играет старшую карту масти хода"
    assert labels["play_lowest"] == "Восток играет младшую карту масти хода"
    assert not any(label.startswith("Партнёр") for label in labels.values())
    en = {o["id"]: o["label"] for o in ruling(out["en"], "play_out_of_turn")["options"]}
    assert en["play_highest"] == "East plays his highest card of the suit led"
    if edition == "2017":
        assert labels["forbid_suit"] == "Востоку запрещено играть карту другой названной масти"


# -- Laws 21B1, 21B2: a change after misinformation, said once ---------------------------------------


@pytest.mark.parametrize(("edition", "law"), [("2017", "21B1(a)"), ("1997", "21B1")])
def test_law_21B1_the_change_after_misinformation_is_said_once_and_not_made_by_the_director(edition: str, law: str) -> None:
    # North changes 1♥ to 2♠ after East's 2♣: the director finds misinformation; East withdraws his call
    actions = [{"seat": "N", "call": "1H"}, {"seat": "E", "call": "2C"}, {"seat": "N", "call": "2S", "change": True},
               director(unintended=False, misinformation=True), {"seat": "E", "choose": "withdraw_own_call"}]
    out = played_on(DEAL, edition, actions, 424, dealer="N")
    r = ruling(out["ru"], "change_of_call")
    assert f"заменяет 2♠ ({law})." in r["summary_ru"]
    assert "Судья признал" not in r["summary_ru"]
    assert "заменяет эту заявку на" not in r["summary_ru"] and "заменяет её на" not in r["summary_ru"]
    assert f"К новой заявке (2♠) применяются обычные правила; ограничений на ход нет ({law})." in r["summary_ru"]
    en = ruling(out["en"], "change_of_call")["summary"]
    assert en.count("misinformation from an opponent") == 1 and "The director judged" not in en


# -- Laws 60C, 51B: a penalty card added while declarer's 50D2 choice waits ----------------------------


@pytest.mark.parametrize("edition", BOTH)
def test_law_51B_a_penalty_card_added_while_the_lead_choice_waits_is_in_that_choice(edition: str) -> None:
    # the hands unknown: East exposes ♥K with West on lead; before declarer chooses, West plays
    # ♣4 and East ♦3 (60C): East's second penalty card joins the choice still waiting
    actions = [{"seat": "director", "play_from": 3, "declarer": "S", "strain": "S", "lead": "W"},
               {"seat": "E", "expose": ["HK"], "how": "dropped"}, {"seat": "W", "play": "C4"}, {"seat": "E", "play": "D3"}]
    out = played_on(None, edition, actions, 468)
    r = ruling(out["ru"], "penalty_card_lead")
    assert r["status"] == "awaiting_choice"
    assert "у партнёра штрафные карты ♦3, ♥К" in r["decision"]
    labels = {o["id"]: o["label_ru"] for o in r["options"]}
    assert labels["forbid_suit"] == "Запретить Западу ход в одну или несколько мастей штрафных карт (бубны, червы), пока он сохраняет ход"
    assert "partner's penalty cards: ♦3, ♥K" in ruling(out["en"], "penalty_card_lead")["decision"]
