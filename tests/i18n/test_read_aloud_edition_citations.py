"""Rulings read aloud, each citing the deciding sub-clause of its own edition once: the
1997 Law 25A as one paragraph, the 1997 Law 75 with the clause the digest gives it (75D),
no 1997 57D, the 1997 Laws 35C and 38 for a bid of more than seven, the 1997 63C for the
trick that stands; a revoke on trick 12 first pointed out after the round (64B5, not
62D1); a player's two penalty cards in the plural; and the laws a decision's sentences
cite not read out a second time in the list that ends it."""

from __future__ import annotations

import re

import pytest
from read_aloud_support import ROOT, rendered, ruling, texts

LAW_LIST = re.compile(r"(?:\u041f\u0440\u0430\u0432\u0438\u043b[\u043e\u0430]|Laws?) ([^.]*)\.$")


def law_list(decision: str) -> list[str]:
    """The references of the list a decision ends with («Правила 61A, 63A1.»)."""
    m = LAW_LIST.search(decision)
    return m.group(1).split(", ") if m else []


# -- 1997 Law 25A is one paragraph ------------------------------------------------------


@pytest.mark.parametrize("name", ["auction/25A-unintended-call-replaced.json",
                                  "auction/25A3-lho-withdraws-his-call-over-the-unintended-call.json",
                                  "auction/25A3-lho-keeps-his-call-over-the-substitute.json"])
def test_law_25A_a_1997_unintended_call_cites_25A_and_no_2017_sub_clause(name: str) -> None:
    out = rendered(name, "1997")
    for lang in ("ru", "en"):
        r = ruling(out[lang], "change_of_call")
        assert r["laws"] == ["25A"]
        assert not re.search(r"25A\d", texts(r))


def test_law_25A_lhos_withdrawn_call_is_named_with_the_call_it_was_made_over() -> None:
    out = rendered("auction/25A3-lho-withdraws-his-call-over-the-unintended-call.json", "1997")
    ru, en = ruling(out["ru"], "change_of_call"), ruling(out["en"], "change_of_call")
    said = "Назначение 2♣ Востока, сделанное после 1♥, отменяется, и он делает заявку заново"
    assert said in ru["decision"] and said in ru["summary_ru"]
    assert "после неё" not in ru["decision"]
    assert "East's 2♣ over 1♥ is withdrawn" in en["decision"]


def test_law_21B2_lhos_changed_call_is_named_with_the_call_it_was_made_over() -> None:
    r = ruling(rendered("auction/21B2-lho-changes-his-call-1997.json")["ru"], "change_of_call")
    assert "Восток меняет свою заявку (2♣), сделанную после 1♥, и делает заявку заново (21B2)" in r["summary_ru"]


# -- 1997 Law 75 ------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "laws"), [
    ("information/20F4_explainer_corrects_during_auction_granted.json", ["75D", "75", "21B", "21B1"]),
    ("information/75C_mistaken_call_result_stands.json", ["75D", "75"]),
])
def test_law_75_a_1997_misinformation_ruling_cites_75D_for_the_correction_and_no_2017_clause(
        name: str, laws: list[str]) -> None:
    r = ruling(rendered(name, "1997")["ru"], "misinformation")
    assert r["laws"] == laws
    assert not re.search(r"20F\d|75[ABC]|21B1\(", texts(r))


def test_law_75_the_1997_mistaken_call_ruling_cites_law_75_once() -> None:
    r = ruling(rendered("information/75C_mistaken_call_result_stands.json", "1997")["ru"], "misinformation")
    assert ("Ошибочная заявка, а не объяснение: нарушения нет, результат остаётся; "
            "заявивший не должен использовать объяснение партнёра (75).") in r["decision"]
    assert r["decision"].count("(75)") == 1


# -- no 1997 57D ------------------------------------------------------------------------


def test_law_57_no_1997_ruling_in_the_ruling_book_cites_57D() -> None:
    book = (ROOT / "docs" / "rulings-ru.md").read_text(encoding="utf-8")
    for section in book.split("\n### ")[1:]:
        head, _, body = section.partition("\n")
        if "редакция 1997 года" in head:
            assert "57D" not in body and "57D" not in head.split("·")[0], head


# -- 1997 Laws 35C and 38 ---------------------------------------------------------------


def test_laws_35C_38_a_condoned_1997_bid_above_seven_has_its_pass_from_35C_and_no_penalty() -> None:
    out = rendered("auction/35C-bid-above-seven-condoned-1997.json")
    ru, en = ruling(out["ru"], "bid_above_seven"), ruling(out["en"], "bid_above_seven")
    assert ru["laws"] == ["38A", "38B", "35C"]
    assert ru["summary_ru"] == (
        "Назначение 8♥ Востока выше семи и не может быть сыграно (38A): оно и следующая за ним заявка "
        "отменяются (38B), вместо него засчитывается пас (35C). Юг сделал заявку до того, как судья "
        "определил наказание: наказания нет, торговля продолжается (35C).")
    assert "it and the call after it are cancelled (38B) and a pass is substituted (35C)" in en["summary"]


def test_law_38_a_1997_bid_above_seven_not_condoned_cites_38B_38C_and_the_lead_penalties_of_26() -> None:
    r = ruling(rendered("auction/38-bid-above-seven.json", "1997")["ru"], "bid_above_seven")
    assert r["laws"] == ["38A", "38B", "38C"]
    assert r["summary_ru"].endswith(
        "НАКАЗАНИЕ: Восток и Запад обязаны пасовать до конца торговли (38C); возможны ограничения на ход (26).")


# -- 1997 63C: the trick stands ---------------------------------------------------------


@pytest.mark.parametrize(("edition", "stands", "other"), [("1997", "63C", "63B"), ("2017", "63B", "63C")])
def test_law_63_the_trick_stands_by_the_clause_of_its_own_edition(edition: str, stands: str, other: str) -> None:
    r = ruling(rendered("incidents/revoke-found-after-play-64A2-later-trick-1997.json", edition)["ru"], "revoke")
    assert f"взятка остаётся такой, как была сыграна ({stands})" in r["summary_ru"]
    assert other not in texts(r)


# -- a revoke on trick 12 first pointed out after the round ---------------------------------


@pytest.mark.parametrize("edition", ["1997", "2017"])
@pytest.mark.parametrize("name", ["incidents/revoke-found-after-play-62D1-trick-12-2017.json",
                                  "incidents/revoke-found-after-play-entered-from-the-end-62D1-trick-12-2017.json"])
def test_law_62D1_64B5_a_trick_12_revoke_found_after_the_round_is_not_corrected(name: str, edition: str) -> None:
    out = rendered(name, edition, found="round_ended")
    ru, en = ruling(out["ru"], "revoke"), ruling(out["en"], "revoke")
    assert "64B5" in ru["laws"] and "62D1" not in ru["laws"]
    assert "Взятки не передаются (64B5); судья может восстановить справедливость (64C)." in ru["decision"]
    assert "штрафной" not in ru["decision"] and "penalty card" not in en["decision"]
    assert "No tricks are transferred (64B5)" in en["decision"]


@pytest.mark.parametrize("edition", ["1997", "2017"])
def test_law_62D1_a_trick_12_revoke_found_before_the_hands_are_returned_is_still_corrected(edition: str) -> None:
    r = ruling(rendered("incidents/revoke-found-after-play-62D1-trick-12-2017.json", edition)["ru"], "revoke")
    assert "62D1" in r["laws"] and "фальшренонс исправляется, хотя он установлен (62D1)" in r["summary_ru"]


# -- two penalty cards ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["auction/review-24C-two-cards-major-penalty-cards.json",
                                  "play/51A-declarer-designates-before-the-opening-lead-1997.json"])
def test_law_50D1_51_a_player_with_two_penalty_cards_is_told_to_play_them_and_who_chooses(name: str) -> None:
    out = rendered(name)
    ru = next(r for r in out["ru"]["rulings"] if "большие штрафные карты" in r.get("decision", ""))
    assert "должен сыграть штрафную карту" not in ru["decision"]
    assert ("должен сыграть эти штрафные карты по одной при первой законной возможности; если по правилам "
            "можно сыграть любую из них, какую именно — указывает разыгрывающий.") in ru["decision"]
    en = next(r for r in out["en"]["rulings"] if r["id"] == ru["id"])
    assert "must play these penalty cards, one at a time" in en["decision"]


def test_law_50D1_one_penalty_card_keeps_the_singular() -> None:
    r = ruling(rendered("play/60C-lead-before-the-50D2-choice-is-a-penalty-card-1997.json")["ru"], "card_exposed")
    assert "Это большая штрафная карта." in r["decision"]
    assert "эти штрафные карты" not in r["decision"] and "большие" not in r["decision"]


# -- a decision cites each law once ------------------------------------------------------


@pytest.mark.parametrize(("name", "edition"), [
    ("incidents/revoke-found-after-play-64B2-second-revoke-same-suit-1997.json", None),
    ("incidents/revoke-found-after-play-64B3-dummy-2017.json", None),
    ("board/18-missing-card-revoke-14B4-established-1997.json", None),
    ("play/64B4-revoke-found-after-the-next-board-called.json", None),
    ("auction/25A-unintended-call-replaced.json", None),
])
def test_revoke_and_other_decisions_do_not_read_a_citation_twice(name: str, edition: str | None) -> None:
    out = rendered(name, edition)
    for lang in ("ru", "en"):
        for r in out[lang]["rulings"]:
            decision = r.get("decision", "")
            listed = law_list(decision)
            m = LAW_LIST.search(decision)  # the sentences before the list ("14B" is not "14B4")
            body = decision[: m.start()] if m else decision
            for ref in listed:
                assert not re.search(rf"[(, ]{re.escape(ref)}[),;]", body), (ref, decision)
            for ref in r["laws"]:  # every law is still said, inline or in the list
                assert ref in decision or ref in r.get("flags", []), (ref, decision)
