"""Law 41B/41C: the clarification period and the play; Law 40B2 system cards."""

from __future__ import annotations

import pytest
from info_helpers import AUCTION_1S, CARDS, FACE_DOWN, FACED, TRICK1, ask, last_request


@pytest.mark.parametrize(("seat", "granted"), [("E", True), ("W", False), ("N", False), ("S", False)])
def test_41B_before_the_lead_only_the_opening_leader_may_ask(seat: str, granted: bool) -> None:
    assert last_request([*AUCTION_1S, ask(seat, "review")]).granted is granted


@pytest.mark.parametrize(("seat", "granted"), [("E", False), ("W", True), ("N", True), ("S", False)])
def test_41B_face_down_lead_partner_and_declarer_never_presumed_dummy(seat: str, granted: bool) -> None:
    assert last_request([*AUCTION_1S, *FACE_DOWN, ask(seat, "review")]).granted is granted


@pytest.mark.parametrize(("seat", "granted"), [("E", True), ("W", True), ("N", True), ("S", False)])
def test_41B_face_up_leads_before_the_lead_is_faced_never_presumed_dummy(seat: str, granted: bool) -> None:
    """With face-up leads (41A footnote) there is no face-down window: 41B's "before the
    opening lead is faced" is the time before the lead is made."""
    from info_helpers import DEAL

    from bridgelaw.actions import action_from_json
    from bridgelaw.config import Regulations, TableConfig
    from bridgelaw.core.deal import Board, Deal
    from bridgelaw.table import Table

    config = TableConfig(regulations=Regulations(opening_lead="face_up"))
    t = Table(Board.standard(1, Deal.parse(DEAL)), config, [action_from_json(a) for a in [*AUCTION_1S, ask(seat, "review")]])
    assert t.requests[-1].granted is granted


def test_41B_declarer_review_at_first_turn_from_dummy() -> None:
    assert last_request([*AUCTION_1S, *FACED, ask("N", "review")]).granted


def test_41B_declarer_review_lost_after_dummy_plays() -> None:
    actions = [*AUCTION_1S, *FACED, {"seat": "S", "play": "D2", "by": "N"}, {"seat": "W", "play": "C2"}, ask("N", "review")]
    r = last_request(actions)
    assert not r.granted and "41C" in r.laws


def test_41B_third_hand_review_until_he_plays() -> None:
    actions = [*AUCTION_1S, *FACED, {"seat": "S", "play": "D2", "by": "N"}, ask("W", "review")]
    assert last_request(actions).granted


def test_41C_contract_at_own_turn_says_doubled_not_by_whom() -> None:
    actions = [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "X"}, {"seat": "S", "call": "P"}, {"seat": "W", "call": "P"},
               {"seat": "N", "call": "P"}, *TRICK1, {"seat": "N", "play": "S3"}, ask("E", "contract")]
    r = last_request(actions)
    assert r.granted and r.answer["contract"] == "1SX" and "E" not in r.answer.values()


def test_41C_contract_not_at_own_turn_refused() -> None:
    assert not last_request([*AUCTION_1S, *TRICK1, ask("E", "contract")]).granted


def test_41C_dummy_never_asks_during_play() -> None:
    assert not last_request([*AUCTION_1S, *TRICK1, ask("S", "contract")]).granted


def test_40B2_opponents_card_at_own_turn_to_call() -> None:
    r = last_request([{"seat": "N", "call": "1N"}, ask("E", "convention_card")], cards=CARDS)
    assert r.granted and r.answer["pair"] == "NS" and r.answer["card"]["system"] == "Strong NT"


def test_40B2_presumed_dummy_loses_card_right_after_final_pass() -> None:
    assert not last_request([*AUCTION_1S, ask("S", "convention_card")], cards=CARDS).granted


def test_40B2_card_shown_is_always_the_opponents() -> None:
    r = last_request([*AUCTION_1S, *FACED, ask("N", "convention_card")], cards=CARDS)
    assert r.answer["pair"] == "EW"


def test_40E2_1997_cites_the_1997_card_law() -> None:
    r = last_request([{"seat": "N", "call": "1N"}, ask("E", "convention_card")], edition="1997", cards=CARDS)
    assert r.laws == ["40E2"]
