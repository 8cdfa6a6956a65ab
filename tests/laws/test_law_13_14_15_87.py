"""Board problems (Laws 13, 14, 15, 87): the director's questions and the score that follows."""

from __future__ import annotations

from typing import Any

import pytest

from bridgelaw.actions import Decide, action_from_json
from bridgelaw.config import TableConfig
from bridgelaw.core.cards import Seat
from bridgelaw.core.deal import Board, Deal
from bridgelaw.laws.board.problems import BoardState, board_form, board_result
from bridgelaw.laws.scoring.methods import Artificial, Assigned, Entry, Score, score_board_mp
from bridgelaw.rulings import Ruling
from bridgelaw.table import Table

DEAL = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def table(*actions: dict[str, Any]) -> Table:
    return Table(Board.standard(1, DEAL), TableConfig(), [action_from_json(a) for a in actions])


def _board_state(r: Ruling) -> BoardState:
    st = r.fact(BoardState)
    assert st is not None
    return st


def call(seat: str, c: str) -> dict[str, Any]:
    return {"seat": seat, "call": c}


def decide(**d: Any) -> dict[str, Any]:
    return {"seat": "director", "decide": d}


@pytest.mark.law("13A1")
def test_13A1_wrong_count_before_any_call_asks_whether_a_card_was_seen() -> None:
    t = table({"seat": "N", "report": "incorrect_number", "hands": ["N", "E"]})
    r = t.rulings[0]
    assert r.kind == "board" and "13A1" in r.laws and [q.key for q in r.questions] == ["seen"]


@pytest.mark.law("13A2")
def test_13A2_card_seen_board_played_normally_flagged_for_adjustment() -> None:
    t = table({"seat": "N", "report": "incorrect_number", "hands": ["N", "E"]}, decide(seen=True), call("N", "1S"))
    assert "13A2" in t.rulings[0].flags and [str(c) for _, c in t.standing] == ["1S"]


@pytest.mark.law("13B1")
def test_13B1_playable_with_no_change_of_call_auction_goes_on() -> None:
    t = table(call("N", "1S"), {"seat": "S", "report": "incorrect_number", "hands": ["N", "E"]}, decide(playable=True))
    assert t.phase.value == "auction" and t.rulings[0].offender is not None and t.rulings[0].offender.name == "N"


@pytest.mark.law("13B2")
def test_13B2_not_playable_needs_an_adjusted_score_and_ends_the_board() -> None:
    t = table(call("N", "1S"), {"seat": "S", "report": "incorrect_number", "hands": ["N", "E"]})
    t.act(Decide({"playable": False, "adjusted_score": {"ns": "avg-", "ew": "avg+"}}))
    assert t.phase.value == "ended" and board_result(t) == Artificial("avg-", "avg+")


@pytest.mark.law("13B2")
def test_13B2_the_director_may_answer_not_playable_first_and_the_adjusted_score_next() -> None:
    t = table(call("N", "1S"), {"seat": "S", "report": "incorrect_number", "hands": ["N", "E"]}, decide(playable=False))
    assert not t.refused and t.awaiting is not None
    assert [q.key for q in t.awaiting.questions] == ["adjusted_score"]
    t.act(Decide({"adjusted_score": {"ns": "avg-", "ew": "avg+"}}))
    assert not t.refused and t.phase.value == "ended" and board_result(t) == Artificial("avg-", "avg+")


@pytest.mark.law("13D")
def test_13D_found_after_play_result_cancelled_assigned_score() -> None:
    t = table(call("N", "1N"), call("E", "P"), call("S", "P"), call("W", "P"), {"seat": "E", "concede": 13},
              {"seat": "N", "claim_response": "agree"}, {"seat": "E", "report": "incorrect_number", "hands": ["N", "E"]},
              decide(adjusted_score={"score_ns": 90}))
    assert board_result(t) == Assigned(90, note="board") and "90" in t.rulings[-1].flags


@pytest.mark.law("13C")
def test_13C_surplus_card_removed_without_rectification() -> None:
    t = table({"seat": "W", "report": "surplus_card", "card": "SA"})
    assert t.rulings[0].laws == ["13C"] and t.awaiting is None


@pytest.mark.law("14A")
def test_14A_missing_card_before_the_lead_restored_play_normal() -> None:
    t = table({"seat": "E", "report": "missing_card", "card": "H7"}, decide(found="board"))
    assert "14A" in t.rulings[0].laws and "14C" in t.rulings[0].flags and t.awaiting is None


@pytest.mark.law("14B4")
def test_14B4_restored_card_makes_an_earlier_failure_to_follow_a_revoke() -> None:
    deal = Deal.parse("N:AKQJ.T98.765.432 T98.7.AT432.AKQJ 765.6543.KQJ.T98 432.AKQJ2.98.765")
    plays = ["CA", "C8", "C5", "C2", "CK", "C9", "C6", "C3", "D2", "DJ", "D8", "D5", "H3", "HA", "H8", "D3"]
    seats = "ESWN" "ESWN" "ESWN" "SWNE"
    acts = [call("N", "1N"), call("E", "P"), call("S", "P"), call("W", "P")]
    acts += [{"seat": s, "play": c, **({"by": "N"} if s == "S" else {})} for s, c in zip(seats, plays, strict=True)]
    acts += [{"seat": "E", "report": "missing_card", "card": "H7"}, decide(found="board")]
    t = Table(Board.standard(1, deal), TableConfig(), [action_from_json(a) for a in acts])
    r = next(r for r in t.rulings if r.kind == "board")
    assert _board_state(r).revoke_tricks == (4,) and "14B4" in r.laws and "61A" in r.flags


@pytest.mark.law("14B4")
@pytest.mark.parametrize(("later", "law"), [([], "62A"), (["C7", "C4", "CQ", "CT"], "63A1")])
def test_14B4_the_director_rectifies_the_restored_cards_revoke(later: list[str], law: str) -> None:
    deal = Deal.parse("N:AKQJ.T98.765.432 T98.7.AT432.AKQJ 765.6543.KQJ.T98 432.AKQJ2.98.765")
    plays = ["CA", "C8", "C5", "C2", "CK", "C9", "C6", "C3", "D2", "DJ", "D8", "D5", "H3", "HA", "H8", "D3", *later]
    seats = ("ESWN" "ESWN" "ESWN" "SWNE" + "WNES")[:len(plays)]
    acts = [call("N", "1N"), call("E", "P"), call("S", "P"), call("W", "P")]
    acts += [{"seat": s, "play": c, **({"by": "N"} if s == "S" else {})} for s, c in zip(seats, plays, strict=True)]
    acts += [{"seat": "E", "report": "missing_card", "card": "H7"}, decide(found="board")]
    t = Table(Board.standard(1, deal), TableConfig(), [action_from_json(a) for a in acts])
    revoke = next(r for r in t.rulings if r.kind == "revoke")
    assert revoke.offender is Seat.E and law in revoke.laws


@pytest.mark.law("14")
def test_14_card_of_another_hand_is_not_missing_from_the_reporters() -> None:
    t = table({"seat": "E", "report": "missing_card", "card": "SA"}, decide(found="not_his"))
    assert t.rulings[0].laws == [] and t.awaiting is None and t.rulings[0].answers == {"found": "not_his"}


@pytest.mark.law("14")
def test_14_the_table_is_not_told_whose_card_a_reported_missing_card_is() -> None:
    mine, other = table({"seat": "E", "report": "missing_card", "card": "H7"}), table({"seat": "E", "report": "missing_card", "card": "SA"})
    for seat in ("N", "E", "S", "W"):
        a, b = mine.view(Seat[seat])["rulings"][0], other.view(Seat[seat])["rulings"][0]
        assert a["status"] == b["status"] == "awaiting_decision" and "North's" not in b["summary"]
    assert "♠A" in other.view("director")["log"][-1] and "North's" in other.view("director")["log"][-1]


@pytest.mark.law("14")
def test_14_the_director_cannot_restore_a_card_the_hand_record_gives_to_another_hand() -> None:
    t = table({"seat": "E", "report": "missing_card", "card": "SA"}, decide(found="board"))
    assert t.refused[-1].code == "wrong_decision" and t.awaiting is not None
    t = table({"seat": "E", "report": "missing_card", "card": "H7"}, decide(found="not_his"))
    assert t.refused[-1].code == "wrong_decision" and t.awaiting is not None


@pytest.mark.law("15A1(b)")
def test_15A1b_wrong_board_calls_cancelled_offender_calls_again() -> None:
    t = table(call("N", "1S"), call("E", "P"), {"seat": "E", "report": "wrong_board", "offender": "N"}, call("N", "1N"))
    assert [c.status for c in t.calls] == ["cancelled", "cancelled", "stands"]
    assert "16C" in t.rulings[0].flags


@pytest.mark.law("15A1(a)")
def test_15A1a_partner_has_called_adjusted_score() -> None:
    t = table(call("N", "1S"), call("E", "P"), call("S", "2S"), {"seat": "W", "report": "wrong_board", "offender": "N"},
              decide(adjusted_score={"ns": "avg-", "ew": "avg+"}))
    assert t.phase.value == "ended" and board_result(t) == Artificial("avg-", "avg+")


@pytest.mark.law("15A2")
def test_15A2_call_differing_from_the_cancelled_one_gets_artificial_scores_only() -> None:
    t = table(call("N", "1S"), {"seat": "E", "report": "wrong_board_earlier", "offender": "N", "earlier_call": "1H"},
              decide(call_differs=True, adjusted_score={"score_ns": 420}))
    assert t.refused and t.refused[-1].code == "wrong_decision"  # 15A2 scores are artificial
    assert t.awaiting is not None


@pytest.mark.law("15B1")
def test_15B1_board_played_before_cancelled_for_both_pairs() -> None:
    t = table(call("N", "1S"), {"seat": "W", "report": "wrong_board_played"},
              decide(played_before=True, adjusted_score={"ns": "avg", "ew": "avg"}))
    assert t.phase.value == "ended" and board_result(t) == Artificial("avg", "avg")


@pytest.mark.law("15B2")
def test_15B2_nobody_played_it_before_score_stands() -> None:
    t = table(call("N", "1S"), {"seat": "W", "report": "wrong_board_played"}, decide(played_before=False))
    assert "15B2" in t.rulings[0].laws and t.phase.value == "auction"


@pytest.mark.law("87B")
def test_87B_form_recorded_for_the_table() -> None:
    t = table({"seat": "N", "report": "fouled_board"}, decide(form="HQ with W"))
    assert board_form(t) == "HQ with W"


@pytest.mark.law("87B")
def test_87B_fouled_board_groups_matchpointed_apart_and_scaled_to_the_board_top() -> None:
    scores = [(420, ""), (450, ""), (400, ""), (-100, "x"), (-50, "x"), (100, "x")]
    entries = [Entry(1, f"n{i}", f"e{i}", Score(s), form=f) for i, (s, f) in enumerate(scores)]
    bs = score_board_mp(1, entries)
    # each group of three: 0, 2, 4 units of a top of 4; Neuberg to six results: (MP+1)*6/3-1
    assert bs.top == 10 and bs.ns_mp == [5.0, 9.0, 1.0, 1.0, 5.0, 9.0]


@pytest.mark.law("87B")
def test_87B_a_lone_result_in_its_form_gets_the_average() -> None:
    entries = [Entry(1, "a", "b", Score(420)), Entry(1, "c", "d", Score(-50)), Entry(1, "e", "f", Score(100), form="x")]
    assert score_board_mp(1, entries).ns_pct[2] == 50.0


def test_board_result_is_the_table_score_without_a_board_ruling() -> None:
    t = table(call("N", "1N"), call("E", "P"), call("S", "P"), call("W", "P"), {"seat": "E", "concede": 13},
              {"seat": "N", "claim_response": "agree"})
    # East-West hold four tricks no play could lose: Law 71 cancels that part of the concession
    assert t.declarer_tricks == 9
    assert board_result(t) == Score(150)
