"""What a director reads aloud at a physical table, where the assistant knows no hand and the
earlier tricks may not be entered: a revoke pointed out is announced as pointed out until
the director finds it, a claim or concession says what was conceded before its tricks, and
a card exposed in the auction is said to become a penalty card should its holder defend;
and, at any table, a player's choice is announced as what he did, not as a label quoted."""

from __future__ import annotations

from typing import Any

import pytest
from read_aloud_support import rendered, ruling

from bridgelaw.i18n.output import localize_state
from bridgelaw.io.scenario import load_scenario, run_scenario


def played(edition: str, actions: list[dict[str, Any]], board: int = 1) -> dict[str, dict[str, Any]]:
    """A board whose four hands are unknown, in both languages."""
    state = run_scenario(load_scenario({"format": 1, "board": board, "edition": edition, "actions": actions}))
    return {lang: localize_state(state, lang) for lang in ("ru", "en")}


FROM_TRICK_6 = [{"seat": "director", "play_from": 6, "declarer": "S", "strain": "H", "lead": "W"},
                {"seat": "W", "play": "SK"}, {"seat": "N", "play": "S2", "by": "S"}, {"seat": "E", "play": "D3"},
                {"seat": "S", "point_out": "revoke", "offender": "E", "trick": 6}]


@pytest.mark.law("61A")
@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_61A_a_revoke_pointed_out_is_announced_as_pointed_out_until_the_director_finds_it(edition: str) -> None:
    out = played(edition, FROM_TRICK_6)
    r = ruling(out["ru"], "revoke")
    assert r["summary_ru"].startswith("Указано, что во взятке № 6 Восток сыграл ♦3, не подав масть хода.")
    assert r["decision"].startswith("Указан фальшренонс Востока во взятке № 6. Решает судья: была ли у Востока карта пик.")
    assert ruling(out["en"], "revoke")["decision"].startswith("A revoke by East in trick 6 is pointed out.")
    found = ruling(played(edition, [*FROM_TRICK_6, {"seat": "director", "decide": {"holds_suit": True}}])["ru"], "revoke")
    assert "сыграл ♦3, имея карту пик (61A)" in found["summary_ru"]
    assert found["decision"].startswith("Фальшренонс Востока во взятке № 6.")


@pytest.mark.law("69A")
@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_69A_a_concession_with_the_first_tricks_not_entered_says_what_was_conceded(edition: str) -> None:
    out = played(edition, [{"seat": "director", "play_from": 12, "declarer": "S", "strain": "S", "lead": "S"},
                           {"seat": "S", "concede": 1}, {"seat": "W", "claim_response": "agree"},
                           {"seat": "E", "claim_response": "agree"}])
    assert ruling(out["ru"], "claim")["decision"].startswith(
        "Юг уступил 1 взятку из оставшихся. Начиная со взятки № 12: Север–Юг — 1, Восток–Запад — 1.")
    assert "From trick 12 on, North–South have 1 and East–West 1." in ruling(out["en"], "claim")["decision"]


@pytest.mark.law("24E")
@pytest.mark.parametrize(("edition", "ahead", "settled"), [
    ("2017", "Если Юг станет защитником, ♥Д станет штрафной картой (24E).",
     "Юг — защитник: каждая такая карта становится штрафной"),
    ("1997", "Если Юг станет защитником, разыгрывающий сможет считать ♥Д штрафной картой (24, 50).",
     "Юг — защитник: разыгрывающий может считать каждую такую карту штрафной"),
])
def test_24E_a_card_exposed_in_the_auction_is_said_to_become_a_penalty_card_should_its_holder_defend(
        edition: str, ahead: str, settled: str) -> None:
    auction = [{"seat": "E", "call": "1D"}, {"seat": "S", "expose": ["HQ"], "how": "dropped"}]
    during = played(edition, auction, board=2)
    assert ahead in ruling(during["ru"], "card_exposed")["summary_ru"]
    passes = [{"seat": s, "call": c} for s, c in (("S", "P"), ("W", "1S"), ("N", "P"), ("E", "2S"),
                                                  ("S", "P"), ("W", "P"), ("N", "P"))]
    after = ruling(played(edition, [*auction, *passes], board=2)["ru"], "card_exposed")["summary_ru"]
    assert settled in after and "Если Юг станет" not in after  # what would happen, once it has, is not said


DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
AUCTION = [{"seat": s, "call": c} for s, c in (("N", "1S"), ("E", "P"), ("S", "2S"), ("W", "P"), ("N", "4S"),
                                               ("E", "P"), ("S", "P"), ("W", "P"))]


@pytest.mark.law("58B2")
@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_58B2_of_two_cards_played_at_once_the_other_one_is_named_in_the_singular(edition: str) -> None:
    state = run_scenario(load_scenario({"format": 1, "board": 1, "edition": edition, "deal": DEAL, "actions": [
        *AUCTION, {"seat": "E", "play": "CA"}, {"seat": "S", "play": "C8", "by": "N"},
        {"seat": "W", "play_together": ["C5", "C6"], "faced": True}]}))
    r = ruling(localize_state(state, "ru"), "play_together")
    assert "другая карта становится штрафной картой (50)" in r["summary_ru"] and "каждая из остальных" not in r["summary_ru"]
    assert "the other becomes a penalty card (50)" in ruling(localize_state(state, "en"), "play_together")["summary"]


@pytest.mark.parametrize(("name", "kind", "ru", "en"), [
    ("auction/29A-accepted.json", "call_out_of_rotation", "Юг принял заявку вне очереди.",
     "South accepted the call out of rotation."),
    ("auction/31A1-repeat-after-a-bid.json", "call_out_of_rotation", "Север не принял заявку вне очереди.",
     "North did not accept the call out of rotation."),
    ("auction/27B1b-comparable-call.json", "insufficient_bid", "Юг не принял недостаточное назначение.",
     "South did not accept the insufficient bid."),
    ("incidents/lead-in-play-56-defender-declined-2017.json", "play_out_of_turn", "Юг не принял ход: ходит ",
     "South did not accept the lead: "),
    ("incidents/lead-in-play-53A-defender-accepted-2017.json", "play_out_of_turn", "Юг принял ход.",
     "South accepted the lead."),
    ("play/54-02-spread-hand.json", "opening_lead_out_of_turn", "Север открыл свою руку: он становится болваном.",
     "North spread his hand: he becomes dummy."),
    ("auction/25B2-change-of-mind-not-accepted.json", "change_of_call", "Восток не принял новую заявку.",
     "East did not accept the new call."),
])
def test_a_choice_is_announced_as_what_the_player_did_not_as_a_label_quoted(name: str, kind: str, ru: str, en: str) -> None:
    out = rendered(name)
    said = ruling(out["ru"], kind)["decision"]
    assert ru in said and "выбрал: «" not in said
    assert en in ruling(out["en"], kind)["decision"]


@pytest.mark.parametrize(("name", "kind", "ru"), [
    ("auction/25B2b1-original-stands-1997.json", "change_of_call", "Север решил оставить первоначальную заявку."),
    ("auction/24-declarer-option-1997.json", "card_exposed_during_auction", "Север решил считать ♥2 штрафной картой."),
])
def test_1997_a_declarers_or_offenders_option_is_announced_as_what_he_chose(name: str, kind: str, ru: str) -> None:
    assert ru in ruling(rendered(name, "1997")["ru"], kind)["decision"]


@pytest.mark.law("41D")
@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_41D_dummy_spreading_his_hand_early_is_announced_as_such_not_card_by_card(edition: str) -> None:
    hand = ["S7", "S6", "S5", "H4", "H3", "H2", "DA", "DK", "DQ", "DJ", "CT", "C9", "C8"]
    state = run_scenario(load_scenario({"format": 1, "board": 1, "edition": edition, "deal": DEAL, "actions": [
        *AUCTION, {"seat": "S", "expose": hand, "how": "spread"}]}))
    said = ruling(localize_state(state, "ru"), "card_exposed")["decision"]
    assert said.startswith("Болван (Юг) выложил карты до открытия первого хода. Это не штрафные карты") and "♠7" not in said
    assert ruling(localize_state(state, "en"), "card_exposed")["decision"].startswith(
        "Dummy (South) spread his cards before the opening lead was faced.")
