"""What an independent second reader of rulings read aloud found (both editions, the
scenarios run under the other edition too), rendered and checked: a chosen option says
what happens now, not only its label; a pass out of rotation accepted and then taken back
by Law 34 is not "cancelled" as if refused; a penalty card follows what the player did,
and two penalty cards say why both are major (50B); dummy's cards go back to the table;
a bid after the final pass says so; the 1997 Laws' silence on a play at RHO's turn and on
a partner's objection to a claim is said, with no 2017 number; a second insufficient bid
is named; a call the rightful player made first stands (28B)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from read_aloud_support import rendered

from bridgelaw.i18n.output import localize_state
from bridgelaw.io.scenario import load_scenario, run_scenario


def decisions(name: str, kind: str, edition: str | None = None) -> tuple[str, str]:
    out = rendered(name, edition)
    ru = [r["decision"] for r in out["ru"]["rulings"] if r["kind"] == kind]
    en = [r["decision"] for r in out["en"]["rulings"] if r["kind"] == kind]
    return ru[-1], en[-1]


CHOSEN = re.compile("\u0432\u044b\u0431\u0440\u0430\u043b: \u00ab[^\u00bb]*\u00bb\\. \u041f\u0440\u0430\u0432\u0438\u043b")
"""«X выбрал: «…». Правила …» — a chosen label with nothing after it."""


@pytest.mark.parametrize(("name", "kind", "ru", "en"), [
    ("play/55-02-declarer-lead-refused.json", "play_out_of_turn",
     "Восток не принял ход: ♠Т возвращается в руку Севера; ходит Восток.",
     "East refused the lead: ♠A goes back to North's hand; East leads."),
    ("play/55-03-wrong-hand-refused.json", "play_out_of_turn",
     "Восток не принял ход: ♠Т возвращается в руку Севера; разыгрывающий ходит с руки Юга.",
     "declarer leads from South's hand"),
    ("auction/21B2-lho-keeps-his-call-after-misinformation.json", "change_of_call",
     "Восток оставил свою заявку (2♣): она остаётся в силе после новой заявки Севера (1♠); торговля продолжается.",
     "East kept his call (2♣)"),
    ("auction/21B2-lho-keeps-his-call-later-calls-cancelled.json", "change_of_call",
     "заявки, сделанные после неё (пас Севера, 1♣ Востока), отменяются, и торговля продолжается.", "are cancelled"),
    ("auction/21B1a-change-after-misinformation.json", "change_of_call",
     "Восток отменяет свою заявку (2♣) и делает заявку заново.", "East withdraws his call (2♣) and calls again."),
    ("play/58B2-declarer-two-cards.json", "play_together",
     "Север назвал карту, которую играет: ♥10; ♥9 он забирает обратно в руку (48A).", "North named the card he plays: ♥10"),
    ("play/58B2-two-cards-faced-defender-chooses.json", "play_together",
     "Запад назвал карту, которую играет: ♥4.", "West named the card he plays: ♥4."),
    ("play/54-08-decline-no-restriction.json", "penalty_card_lead",
     "Север не ограничивает ход: Восток ходит любой картой, а штрафная карта его партнёра остаётся на столе.",
     "East may lead any card"),
    ("play/54-03-accept-lead.json", "opening_lead_out_of_turn",
     "Север принял ход: болван выкладывает карты, Север играет вторым со своей руки.", "North accepted the lead"),
])
def test_a_chosen_option_says_what_happens_now(name: str, kind: str, ru: str, en: str) -> None:
    d_ru, d_en = decisions(name, kind)
    assert ru in d_ru and en in d_en
    assert not CHOSEN.search(d_ru)


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_law_34_a_pass_accepted_then_taken_back_is_not_read_as_refused(edition: str) -> None:
    ru, en = decisions("auction/34-retention-of-right-to-call-1997.json", "call_out_of_rotation", edition)
    assert "Торговля не закончена и возвращается к Югу, пропустившему свою очередь (34): пас Запада и пасы после него отменяются." in ru
    assert "it goes back to South, who lost his turn (34)" in en
    assert "Пас Запада отменяется." not in ru


@pytest.mark.parametrize(("name", "ru", "en"), [
    ("play/49-01-defender-exposes-honour.json", "Запад открыл ♣Т. Это большая штрафная карта.",
     "West exposed ♣A. It is a major penalty card."),
    ("play/50-04-minor-bars-low-card.json", "Запад открыл ♥2. Это малая штрафная карта.",
     "West exposed ♥2. It is a minor penalty card."),
    ("play/58-01-two-cards-at-once.json", "Запад открыл ♥3, ♥4. У него 2 штрафные карты, поэтому каждая из них большая (50B).",
     "West exposed ♥3, ♥4. He has 2 penalty cards, so each of them is major (50B)."),
])
def test_law_50B_a_penalty_card_follows_what_the_player_did(name: str, ru: str, en: str) -> None:
    d_ru, d_en = decisions(name, "card_exposed")
    assert d_ru.startswith(ru) and d_en.startswith(en)


def test_law_50B_a_second_penalty_card_says_why_both_are_major() -> None:
    ru, en = decisions("play/50-02-two-penalty-cards-major.json", "card_exposed")
    assert ru.startswith("Запад открыл ♦9. ♦9, ♦8 Запада — большие штрафные карты: у него их больше одной (50B).")
    assert "West's ♦9, ♦8 are major penalty cards: he has more than one (50B)." in en


def test_law_62B_dummys_card_goes_back_to_the_table() -> None:
    ru, en = decisions("play/review-62B2-dummy-revoke-corrected-no-penalty-card.json", "revoke")
    assert "♣8 возвращается на стол, к картам болвана." in ru and "в руку Юга" not in ru
    assert "♣8 goes back to dummy, on the table." in en


def test_law_62C_each_card_back_to_its_place_dummys_to_the_table() -> None:
    ru, en = decisions("play/62-04-offender-may-not-change.json", "revoke")
    # the cards played after the revoke are the players' to take back (62C1), dummy's from the table
    assert "могут забрать свои карты (♥5 со стола, ♥2 Запада)" in ru
    assert "may take their cards back (♥5 from dummy, West's ♥2)" in en


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_law_39_a_bid_after_the_final_pass_says_it_was_after_the_final_pass(edition: str) -> None:
    ru, en = decisions("auction/39C-bid-after-final-pass-by-defender.json", "call_after_final_pass", edition)
    assert ru.startswith("Назначение 2♥ Запада после финального паса отменяется.")
    assert en.startswith("West's 2♥ after the final pass is cancelled.")


def test_law_57D_1997_says_the_laws_have_no_clause_and_asks_the_director() -> None:
    ru, en = decisions("incidents/57D-at-rhos-turn-void-2017.json", "play_out_of_turn", "1997")
    assert "Решает судья: становится ли эта карта штрафной (особого пункта об игре в очередь правого противника" in ru
    assert "57D" not in ru and "the 1997 Laws have no clause" in en


@pytest.mark.parametrize("name", ["claims/09-defender-claim-partner-objects.json",
                                  "claims/34-68B2-partner-objects-at-once-after-declarer-agreed.json"])
def test_law_68B_1997_has_no_clause_on_a_partners_objection(name: str) -> None:
    out = rendered(name, "1997")
    r = next(r for r in out["ru"]["rulings"] if "возражает" in r["summary_ru"])
    assert r["status"] == "awaiting_decision" and "Пункта о возражении партнёра в Правилах 1997 года нет: решает судья" in r["summary_ru"]
    assert "пункта о возражении партнёра в Правилах 1997 года нет" in r["decision"]
    assert "(68B, 16C)" not in r["summary_ru"] + r["decision"] and "(68B2)" not in r["summary_ru"]
    assert "68B2" not in r["laws"]


def test_law_68B2_2017_still_cites_its_clause() -> None:
    out = rendered("claims/09-defender-claim-partner-objects.json", "2017")
    assert any("68B2" in r["laws"] for r in out["ru"]["rulings"])


def test_law_27B4_the_second_insufficient_bid_is_named() -> None:
    ru, en = decisions("auction/27-another-insufficient-bid-1997.json", "insufficient_bid", "2017")
    assert "Восток заменил отменённое назначение другим недостаточным, 1♦. Юг, вы можете принять 1♦ или нет (27B4)." in ru
    assert "South, you may accept 1♦ or not (27B4)." in en


def test_law_28B_the_rightful_players_call_stands() -> None:
    ru, en = decisions("auction/28B-rightful-player-calls-first.json", "call_out_of_rotation")
    assert "Заявка игрока, чья была очередь, остаётся; исправления нет." in ru
    assert "The call of the player whose turn it was stands; no rectification." in en


# -- the second sample: sequences of the public scenario format, and more ------------------

DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.765 6543.765.AKQ.T98 2.J432.JT98.AKQJ"
AUCTION = [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "4S"},
           {"seat": "W", "call": "P"}, {"seat": "N", "call": "P"}, {"seat": "E", "call": "P"}]


def played(actions: list[dict[str, Any]], kind: str, edition: str = "2017") -> tuple[str, str]:
    state = run_scenario(load_scenario({"format": 1, "edition": edition, "deal": DEAL, "actions": AUCTION + actions}))
    out = {lang: localize_state(state, lang) for lang in ("ru", "en")}
    ru = [r["decision"] for r in out["ru"]["rulings"] if r["kind"] == kind]
    en = [r["decision"] for r in out["en"]["rulings"] if r["kind"] == kind]
    return ru[-1], en[-1]


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_law_55_declarers_lead_from_dummy_is_declarers_not_dummys(edition: str) -> None:
    ru, en = played([{"seat": "E", "play": "HA"}, {"seat": "S", "play": "H5", "by": "N"}, {"seat": "W", "play": "H2"},
                     {"seat": "N", "play": "H8"}, {"seat": "S", "play": "DA", "by": "N"}], "play_out_of_turn", edition)
    assert ru.startswith("Разыгрывающий (Север) сделал ход ♦Т со стола вне очереди.")
    assert en.startswith("Declarer (North) led ♦A from dummy out of turn.")


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_law_62_a_revoke_from_dummy_is_corrected_by_declarer_from_the_table(edition: str) -> None:
    ru, en = played([{"seat": "E", "play": "D2"}, {"seat": "S", "play": "H5", "by": "N"}, {"seat": "W", "play": "D8"},
                     {"seat": "N", "play": "D5"}, {"seat": "E", "point_out": "revoke", "offender": "S", "trick": 1}],
                    "revoke", edition)
    assert "Разыгрывающий играет во взятку со стола законную карту." in ru and "Юг должен сыграть" not in ru
    assert "Declarer plays a legal card from dummy to the trick." in en


def test_law_58B1_the_faced_card_played_is_named() -> None:
    ru, en = decisions("play/58B1-two-cards-one-faced-1997.json", "play_together")
    assert "Сыграна открытая карта, ♥3; другая возвращается в руку Запада." in ru
    assert "The faced card, ♥3, is played; the other goes back to West's hand." in en


def test_law_25_the_directors_questions_are_read_not_only_who_answers() -> None:
    ru, _ = decisions("auction/review-25-change-before-the-director-shows-cancelled.json", "change_of_call")
    assert "Решает судья: была ли первоначальная заявка непреднамеренной" in ru and "Слово за судьёй" not in ru


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_laws_13D_15A1_17D_the_score_assigned_says_why_first(edition: str) -> None:
    ru, en = decisions("board/05-incorrect-number-after-play-cancelled.json", "board", edition)
    assert ru.startswith("Проблема со сдачей: неправильное число карт, обнаруженное после розыгрыша. "
                         "Результат за столом аннулируется. Присуждённый результат:")
    assert en.startswith("Board irregularity: incorrect number of cards, found after the play. The score at the table is cancelled.")
    ru, en = decisions("board/10-wrong-board-partner-has-called.json", "board", edition)
    assert ru.startswith("Проблема со сдачей: не та сдача, и партнёр Севера тоже заявлял. Присуждённый результат:")
    assert en.startswith("Board irregularity: wrong board, and North's partner called too.")


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_law_58B2_dummys_cards_played_together_declarer_chooses_and_the_others_stay_on_the_table(edition: str) -> None:
    ru, en = played([{"seat": "E", "play": "HA"}, {"seat": "S", "play_together": ["H5", "H6"], "by": "N", "faced": True},
                     {"seat": "N", "choose": "play", "card": "H5"}], "play_together", edition)
    assert ru == ("Разыгрывающий (Север) сыграл со стола одновременно ♥5, ♥6. Север назвал карту, которую играет: ♥5; "
                  "остальные остаются на столе (48A). Правило 58B2.")
    assert en.startswith("Declarer (North) played ♥5, ♥6 together from dummy. North named the card he plays: ♥5;")


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_law_14A_the_missing_card_goes_back_to_the_hand_it_was_missing_from(edition: str) -> None:
    ru, en = decisions("board/06-missing-card-before-the-lead.json", "board", edition)
    assert "Карта возвращается в руку Востока; торговля и розыгрыш продолжаются." in ru
    assert "The card goes back to East's hand; the auction and play go on." in en


@pytest.mark.parametrize("name", ["auction/26A2-require-a-suit-1997.json", "auction/26B-forbid-a-suit-at-opening-lead.json"])
def test_law_26_1997_cites_its_deciding_clause(name: str) -> None:
    ru, en = decisions(name, "lead_restriction", "1997")
    assert ru.endswith("Правила 26, 26A2.") and en.endswith("Laws 26, 26A2.")
