"""Partly known deals: the engine rules from the cards it has been shown and asks the
director the rest (``holds_suit``); it never invents a holding."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from bridgelaw.core.cards import Card, Seat, Suit
from bridgelaw.errors import ScenarioError
from bridgelaw.io.scenario import load_scenario, run_scenario
from bridgelaw.table import Table

AUCTION = [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "4S"},
           {"seat": "W", "call": "P"}, {"seat": "N", "call": "P"}, {"seat": "E", "call": "P"}]
DUMMY_ONLY = "N:- - KQJ2.J5.T98.7654 -"
TRICK_1 = [{"seat": "E", "play": "HK"}, {"seat": "S", "play": "H5", "by": "N"},
           {"seat": "W", "play": "H3"}, {"seat": "N", "play": "H4"}]
TRICK_2_W_DISCARDS = [{"seat": "E", "play": "HA"}, {"seat": "S", "play": "HJ", "by": "N"},
                      {"seat": "W", "play": "D2"}, {"seat": "N", "play": "H6"}]


def table(actions: list[dict[str, Any]], deal: str | None = DUMMY_ONLY, edition: str = "2017") -> Table:
    case: dict[str, Any] = {"format": 1, "board": 1, "edition": edition, "actions": AUCTION + actions}
    if deal is not None:
        case["deal"] = deal
    return load_scenario(case).table()


def decide(value: bool) -> dict[str, Any]:
    return {"seat": "director", "decide": {"holds_suit": value}}


def test_a_deal_may_be_left_out_the_board_is_played_and_scored() -> None:
    t = table(TRICK_1, deal=None)
    assert t.tricks[0].winner is Seat.E and not t.refused
    assert [t.hand_known(s) for s in Seat] == [False] * 4


def test_a_card_shown_by_an_unknown_hand_becomes_known() -> None:
    t = table(TRICK_1[:1])
    assert t.holds_suit(Seat.E, Suit.H, 1) is True
    assert t.cards_left(Seat.E) == 12 and t.unseen_count(Seat.E) == 12


def test_a_card_of_another_hand_makes_the_scenario_malformed() -> None:
    case = {"format": 1, "board": 1, "deal": DUMMY_ONLY,
            "actions": [*AUCTION, {"seat": "E", "play": "SK"}]}  # dummy holds SK
    with pytest.raises(ScenarioError, match="♠K"):
        run_scenario(load_scenario(case))


def test_a_card_already_played_cannot_be_played_again() -> None:
    case = {"format": 1, "board": 1, "actions": AUCTION + TRICK_1 + [{"seat": "E", "play": "H5"}]}
    with pytest.raises(ScenarioError, match="already been played"):
        run_scenario(load_scenario(case))


def test_a_given_hand_has_thirteen_cards() -> None:
    with pytest.raises(ScenarioError, match="12 cards"):
        load_scenario({"format": 1, "deal": "N:- - KQJ2.J5.T98.765 -", "actions": []})


def test_a_refused_card_of_an_unknown_hand_is_not_learned() -> None:
    t = table(TRICK_1 + TRICK_2_W_DISCARDS + [
        {"seat": "N", "point_out": "revoke", "offender": "W", "trick": 2},
        {"seat": "E", "play": "CQ"}])  # refused: the director has a question first
    assert t.refused[-1].code == "awaiting_ruling"
    assert Card.parse("CQ") not in t.hand(Seat.E)


def test_61A_the_director_finds_no_revoke_from_an_unknown_hand() -> None:
    t = table(TRICK_1 + TRICK_2_W_DISCARDS + [
        {"seat": "N", "point_out": "revoke", "offender": "W", "trick": 2}])
    r = t.awaiting
    assert r is not None and [q.key for q in r.questions] == ["holds_suit"]
    assert "hearts" in r.questions[0].text and "червей" in r.questions[0].text_ru
    t.act(load_scenario({"format": 1, "actions": [decide(False)]}).actions[0])
    assert t.rulings[0].laws == ["61A"] and t.awaiting is None
    assert t.to_json()["holdings"] == [{"seat": "W", "trick": 2, "holds": False, "suit": "H"}]


def test_62A_a_revoke_the_director_establishes_is_corrected() -> None:
    t = table(TRICK_1 + TRICK_2_W_DISCARDS + [
        {"seat": "N", "point_out": "revoke", "offender": "W", "trick": 2}, decide(True)])
    assert "62B1" in t.rulings[0].laws
    assert [(p.seat, str(p.card), p.kind) for p in t.penalty_cards] == [(Seat.W, "D2", "major")]


def test_63A1_a_revoke_shown_by_a_later_card_of_the_suit_needs_no_question() -> None:
    t = table(TRICK_1 + TRICK_2_W_DISCARDS + [
        {"seat": "E", "play": "C2"}, {"seat": "S", "play": "C4", "by": "N"}, {"seat": "W", "play": "CK"},
        {"seat": "N", "play": "CA"}, {"seat": "N", "play": "HT"}, {"seat": "E", "play": "H9"},
        {"seat": "S", "play": "D8", "by": "N"}, {"seat": "W", "play": "H8"},
        {"seat": "N", "point_out": "revoke", "offender": "W", "trick": 2}])
    assert t.awaiting is None and "63A1" in t.rulings[-1].laws


def test_52_a_void_defender_must_play_his_major_penalty_card() -> None:
    t = table([*TRICK_1, {"seat": "W", "expose": ["HQ"], "how": "dropped"}, {"seat": "N", "choose": "no_restriction"}, {"seat": "E", "play": "C8"}, {"seat": "S", "play": "C4", "by": "N"}, {"seat": "W", "play": "D3"}])
    r = t.awaiting
    assert r is not None and r.kind == "holding_unknown" and "clubs" in r.questions[0].text
    t.act(load_scenario({"format": 1, "actions": [decide(False)]}).actions[0])
    assert t.awaiting is not None and t.awaiting.kind == "penalty_card_not_played"


def test_50D1_a_defender_who_could_follow_keeps_his_penalty_card() -> None:
    t = table([*TRICK_1, {"seat": "W", "expose": ["HQ"], "how": "dropped"}, {"seat": "N", "choose": "no_restriction"}, {"seat": "E", "play": "C8"}, {"seat": "S", "play": "C4", "by": "N"}, {"seat": "W", "play": "D3"}, decide(True)])
    assert t.awaiting is None and t.tricks[-1].card_of(Seat.W) is Card.parse("D3")


def test_57A1_whether_the_card_was_his_highest_is_asked_about_the_unseen_higher_cards() -> None:
    t = table([{"seat": "E", "play": "HK"}, {"seat": "S", "play": "H5", "by": "N"},
               {"seat": "W", "play": "H3"}, {"seat": "N", "play": "HA"},
               {"seat": "N", "play": "CA"}, {"seat": "W", "play": "CK"},
               {"seat": "N", "choose": "play_highest"}, {"seat": "E", "play": "C3"}])
    r = t.awaiting
    assert r is not None and r.questions[0].text.startswith("When East played ♣3 (trick 2), did he hold one of ♣Q, ♣J, ♣10, ♣9, ♣8?")


def test_57D_a_card_at_rhos_turn_waits_for_the_director_when_following_is_unknown() -> None:
    t = table([*TRICK_1, {"seat": "E", "play": "C2"}, {"seat": "W", "play": "D3"}])
    assert t.awaiting is not None and t.awaiting.kind == "play_out_of_turn"
    t.act(load_scenario({"format": 1, "actions": [decide(False)]}).actions[0])
    assert "57D" in t.rulings[0].laws and not t.penalty_cards


def test_a_void_stays_a_void() -> None:
    t = table(TRICK_1 + TRICK_2_W_DISCARDS + [
        {"seat": "N", "point_out": "revoke", "offender": "W", "trick": 2}, decide(False)])
    assert t.holds_suit(Seat.W, Suit.H) is False
    assert t.holds_suit(Seat.W, Suit.S) is None


def test_legal_cards_of_an_unknown_hand_are_not_a_promise() -> None:
    t = table([])
    legal = t.legal_cards
    assert legal.known is False and Card.parse("HK") in legal and Card.parse("SK") not in legal


def test_legal_cards_of_a_known_hand_are_known() -> None:
    t = table([], deal="N:AKQJ.T98.765.432 T987.AKQ.432.765 6543.765.AKQ.T98 2.J432.JT98.AKQJ")
    assert t.legal_cards.known is True


def test_48B_declarer_exposing_two_cards_of_an_unknown_hand_is_no_claim() -> None:
    t = table([*TRICK_1, {"seat": "N", "expose": ["SA", "SK"], "how": "shown"}], deal="N:- - - -")
    assert "48B" not in t.rulings[-1].laws


def test_a_board_report_needs_the_four_hands() -> None:
    t = table([{"seat": "E", "report": "missing_card", "card": "H7"}], deal=None)
    assert t.refused[-1].code == "deal_unknown" and not t.rulings


def test_view_of_a_seat_leaves_out_the_directors_findings() -> None:
    case = {"format": 1, "board": 1, "deal": DUMMY_ONLY, "actions": AUCTION + TRICK_1 + TRICK_2_W_DISCARDS + [
        {"seat": "N", "point_out": "revoke", "offender": "W", "trick": 2}, decide(False)]}
    sc = load_scenario(case)
    assert run_scenario(sc, view="W") == sc.table().view(Seat.W)
    assert "holdings" not in run_scenario(sc, view="W") and "log" not in run_scenario(sc, view="W")
    assert "holdings" in run_scenario(sc, view="director")


def test_the_command_prints_a_seats_view() -> None:
    case = {"format": 1, "board": 1, "deal": DUMMY_ONLY, "actions": AUCTION + TRICK_1}
    r = subprocess.run([sys.executable, "-m", "bridgelaw", "scenario", "--view", "E", "-"],
                       input=json.dumps(case), capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["viewer"] == "E" and set(out["hands"]) == {"E", "S"} and "deal" not in out


def test_the_command_refuses_a_view_of_no_seat() -> None:
    case = {"format": 1, "board": 1, "actions": []}
    r = subprocess.run([sys.executable, "-m", "bridgelaw", "scenario", "--view", "X", "-"],
                       input=json.dumps(case), capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "not a seat" in r.stderr and not r.stdout


def test_an_unknown_hand_playing_its_own_card_again_is_refused_not_a_malformed_file() -> None:
    """An operator's slip at a physical table: the card is his, played already; the action
    is refused as on a known deal and the incident goes on."""
    t = table([*TRICK_1, {"seat": "E", "play": "HK"}])
    assert [r.code for r in t.refused] == ["card_not_held"] and len(t.tricks) == 1
