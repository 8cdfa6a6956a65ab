"""Law 20F1 at the table: what each player hears of a question and its answer.

The caller's partner explains. The asker is not shown the caller's own note (nor an engine
default nobody said aloud): he hears the partner's answer. A question about the whole
auction is put to both opponents, each for his partner's calls. Online the engine's
answer is the explanation, as the platform gives it.
"""

from __future__ import annotations

from info_helpers import CARDS, DEAL, ask, table

from bridgelaw.actions import action_from_json
from bridgelaw.config import TableConfig
from bridgelaw.core.cards import Seat
from bridgelaw.core.deal import Board, Deal
from bridgelaw.table import Table

NT = [{"seat": "N", "call": "1N", "meaning": "15-17"}, {"seat": "E", "call": "P"},
      {"seat": "S", "call": "2D", "alert": True, "meaning": "transfer"}]

WEST_ASKS_ALL = [*NT, ask("W", "explain_all")]


def test_20F1_the_asker_of_one_call_is_not_shown_the_callers_note() -> None:
    heard = table([*NT, ask("W", "explain", call_index=2)]).view(Seat.W)["requests"]
    assert heard[0]["answer"]["source"] == "table" and "explanation" not in heard[0]["answer"]
    assert "transfer" not in str(heard)


def test_20F1_the_asker_of_the_whole_auction_is_not_shown_the_callers_notes() -> None:
    heard = table(WEST_ASKS_ALL).view(Seat.W)["requests"]
    calls = heard[0]["answer"]["calls"]
    assert [c["call"] for c in calls] == ["1N", "P", "2D"]
    assert "15-17" not in str(heard) and "transfer" not in str(heard)
    assert calls[0]["explained_by"] == "S" and calls[2]["explained_by"] == "N"  # who is to explain


def test_20F1_a_system_card_entry_is_a_public_document_the_asker_may_read() -> None:
    t = table([{"seat": "N", "call": "1N"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "2D", "alert": True},
               ask("W", "explain_all")], cards=CARDS)
    calls = t.view(Seat.W)["requests"][0]["answer"]["calls"]
    assert calls[2]["explanation"] == "transfer to hearts" and calls[2]["source"] == "convention_card"


def test_20F1_both_opponents_are_put_the_whole_auction_question_without_the_notes() -> None:
    t = table(WEST_ASKS_ALL)
    for seat in (Seat.N, Seat.S):
        heard = t.view(seat)["requests"]
        assert [(r["seat"], r["ask"]) for r in heard] == [("W", "explain_all")], seat
        assert [c["call"] for c in heard[0]["answer"]["calls"]] == ["1N", "P", "2D"]
        assert "explanation" not in str(heard) and "15-17" not in str(heard), seat
    assert t.view(Seat.E)["requests"] == []  # the asker's partner is not asked


def test_20F1_each_opponent_answers_for_his_partners_call_and_all_hear_it() -> None:
    t = table([*WEST_ASKS_ALL, ask("N", "give_explanation", call_index=2, text="natural, diamonds"),
               ask("S", "give_explanation", call_index=0, text="strong notrump")])
    assert [r.granted for r in t.requests] == [True, True, True]
    for seat in Seat:
        said = [r["answer"]["explanation"] for r in t.view(seat)["requests"] if r["ask"] == "give_explanation"]
        assert said == ["natural, diamonds", "strong notrump"], seat


def test_20F1_online_the_platforms_answer_is_the_explanation() -> None:
    actions = [action_from_json(a) for a in [*NT, ask("W", "explain", call_index=2)]]
    t = Table(Board.standard(1, Deal.parse(DEAL)), TableConfig(mode="online"), actions)
    assert t.view(Seat.W)["requests"][0]["answer"]["explanation"] == "transfer"
