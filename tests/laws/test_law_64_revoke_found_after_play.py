"""Laws 61-64 for a revoke the director hears of after the play, with the hands unknown and
the cards not entered: he is asked what the Laws turn on, never told a fact about a hand.

Board 1, 4S by North (South dummy), the four hands unknown, no card entered."""

from __future__ import annotations

from typing import Any

import pytest
from play_helpers import AUCTION, D

from bridgelaw.actions import action_from_json
from bridgelaw.core.cards import Side
from bridgelaw.io.scenario import load_scenario
from bridgelaw.laws.play.revoke_reported import transfer_of
from bridgelaw.table import Table


def revoke(offender: str, trick: int, by: str = "W") -> dict[str, Any]:
    return {"seat": by, "point_out": "revoke", "offender": offender, "trick": trick}


def table(*actions: dict[str, Any], edition: str = "2017") -> Table:
    return load_scenario({"format": 1, "edition": edition, "board": 1, "actions": [*AUCTION, *actions]}).table()


def asked(t: Table) -> list[str]:
    assert t.awaiting is not None
    return [q.key for q in t.awaiting.questions]


def transfers(t: Table) -> list[tuple[Side, int, str]]:
    return [(Side[x["to"]], x["tricks"], x["law"]) for x in t.to_json().get("transfers", [])]


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_61A_no_false_statement_the_director_is_asked_whether_he_revoked(edition: str) -> None:
    t = table(revoke("E", 4), edition=edition)
    assert asked(t) == ["revoked"]
    summary = t.rulings[-1].summary_ru
    assert "фальшренонса нет" not in summary.lower()


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_61A_the_director_finds_no_revoke(edition: str) -> None:
    t = table(revoke("E", 4), D(revoked=False), edition=edition)
    assert t.awaiting is None
    ruling = t.rulings[-1]
    assert ruling.laws == ["61A"]
    assert "судья установил" in ruling.summary_ru
    assert transfers(t) == []


@pytest.mark.parametrize(("won_by", "later", "expected"), [
    ("offender", 2, (2, "64A1")),
    ("offender", 0, (1, "64A1")),
    ("partner", None, (1, "64A2")),
    ("opponents", 1, (1, "64A2")),
    ("opponents", 0, (0, "64B1")),
])
def test_64A_transfer_from_who_won_the_revoke_trick_and_the_later_tricks(
        won_by: str, later: int | None, expected: tuple[int, str]) -> None:
    steps = [revoke("E", 4), D(revoked=True), D(established=True), D(revoke_trick_won_by=won_by)]
    if later is not None:
        steps.append(D(later_tricks=later))
    t = table(*steps)
    assert t.awaiting is None
    ruling = t.rulings[-1]
    assert expected[1] in ruling.laws and "63A1" in ruling.laws
    assert transfers(t) == ([(Side.NS, expected[0], expected[1])] if expected[0] else [])


def test_64A2_the_partners_trick_asks_nothing_more_in_2017() -> None:
    t = table(revoke("E", 4), D(revoked=True), D(established=True), D(revoke_trick_won_by="partner"))
    assert t.awaiting is None


def test_1997_64A2_a_second_trick_when_the_offender_later_won_with_a_card_of_the_suit() -> None:
    t = table(revoke("E", 4), D(revoked=True), D(established=True), D(revoke_trick_won_by="partner"),
              D(later_tricks=2), edition="1997")
    assert asked(t) == ["won_later_with_suit_led"]
    t.push(action_from_json(D(won_later_with_suit_led=True)))
    assert transfers(t) == [(Side.NS, 2, "64A2")]


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_64B3_dummys_revoke_transfers_nothing(edition: str) -> None:
    t = table(revoke("S", 5, by="E"), D(revoked=True), D(established=True), edition=edition)
    assert t.awaiting is None
    assert "64B3" in t.rulings[-1].laws
    assert transfers(t) == []


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_62D1_a_revoke_on_trick_12_is_corrected_and_transfers_nothing(edition: str) -> None:
    t = table(revoke("E", 12), D(revoked=True), D(established=True), edition=edition)
    assert "62D1" in t.rulings[-1].laws
    assert "большой штрафной картой" in t.rulings[-1].summary_ru
    assert transfers(t) == []


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_64B2_a_second_revoke_in_the_same_suit_transfers_nothing_more(edition: str) -> None:
    first = [revoke("E", 3), D(revoked=True), D(established=True), D(revoke_trick_won_by="opponents"), D(later_tricks=1)]
    t = table(*first, revoke("E", 7), D(revoked=True), D(established=True), edition=edition)
    assert asked(t) == ["same_suit_again"]
    t.push(action_from_json(D(same_suit_again=True)))
    assert "64B2" in t.rulings[-1].laws
    assert transfers(t) == [(Side.NS, 1, "64A2")]


def test_64B2_a_second_revoke_in_another_suit_is_rectified_on_its_own() -> None:
    first = [revoke("E", 3), D(revoked=True), D(established=True), D(revoke_trick_won_by="opponents"), D(later_tricks=1)]
    t = table(*first, revoke("E", 7), D(revoked=True), D(established=True), D(same_suit_again=False),
              D(revoke_trick_won_by="offender"), D(later_tricks=0))
    assert transfers(t) == [(Side.NS, 1, "64A2"), (Side.NS, 1, "64A1")]


def test_64B7_both_sides_revoked_transfers_nothing_for_the_second() -> None:
    first = [revoke("E", 3), D(revoked=True), D(established=True), D(revoke_trick_won_by="offender"), D(later_tricks=1)]
    t = table(*first, revoke("N", 6, by="E"), D(revoked=True), D(established=True))
    assert "64B7" in t.rulings[-1].laws


def test_62A_62B1_a_defenders_revoke_not_established_is_corrected() -> None:
    t = table(revoke("E", 4), D(revoked=True), D(established=False))
    ruling = t.rulings[-1]
    assert {"62A", "62B"} <= set(ruling.laws)
    assert "большой штрафной картой (62B1)" in ruling.summary_ru
    assert transfers(t) == []


def test_62B2_declarers_revoke_not_established_goes_back_to_his_hand() -> None:
    t = table(revoke("N", 4, by="E"), D(revoked=True), D(established=False))
    assert "возвращается в руку (62B2)" in t.rulings[-1].summary_ru


def test_a_wrong_answer_is_refused_and_changes_nothing() -> None:
    t = table(revoke("E", 4), D(revoked=True), D(established=True))
    before = t.to_json()
    outcome = t.act(action_from_json(D(revoke_trick_won_by="dummy")))
    assert not outcome.accepted
    after = t.to_json()
    assert [r["code"] for r in after.pop("refused")] == ["wrong_decision"]
    before.pop("refused")
    assert after == before


def test_the_undo_of_an_answer_asks_the_question_again() -> None:
    t = table(revoke("E", 4), D(revoked=True), D(established=True), D(revoke_trick_won_by="offender"))
    assert asked(t) == ["later_tricks"]
    assert asked(t.undo()) == ["revoke_trick_won_by"]


@pytest.mark.parametrize(("answers", "expected"), [
    ({"revoke_trick_won_by": "offender", "later_tricks": 5}, (2, "64A1")),
    ({"revoke_trick_won_by": "partner", "later_tricks": 0, "won_later_with_suit_led": True}, (2, "64A2")),
    ({"revoke_trick_won_by": "opponents", "later_tricks": 0}, (0, "64B1")),
])
def test_64A_transfer_of_the_answers(answers: dict[str, object], expected: tuple[int, str]) -> None:
    assert transfer_of(answers) == expected


@pytest.mark.parametrize("edition", ["2017", "1997"])
@pytest.mark.parametrize(("found", "law"), [("next_board", "64B4"), ("round_ended", "64B5")])
def test_64B4_64B5_a_revoke_first_pointed_out_after_the_board_transfers_no_trick(edition: str, found: str, law: str) -> None:
    """Found after the next board's first call or after the round: the play was over, so
    nothing is asked of later tricks or of who won the revoke trick; no transfer, and the
    director may restore equity (64C)."""
    t = table({**revoke("E", 4), "found": found}, D(revoked=True), edition=edition)
    assert t.awaiting is None
    ruling = t.rulings[-1]
    assert law in ruling.laws and "63A1" in ruling.laws
    assert "64C" in ruling.flags
    assert transfers(t) == []
