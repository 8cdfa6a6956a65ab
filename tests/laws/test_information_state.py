"""The rulings that information requests and events open (66C, 20F4/20F5 with 75, 16B)
remember their steps as typed state, not as string keys of ``Ruling.data``."""

from __future__ import annotations

import json
from pathlib import Path

from info_helpers import AUCTION_1S, TRICK1, ask, table

from bridgelaw.core.cards import Seat
from bridgelaw.io.scenario import load_scenario
from bridgelaw.laws.information.rulings import (
    MisinformationState,
    QuittedTrickState,
    UnauthorizedInformationState,
)
from bridgelaw.rulings import Ruling

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "information"
T2 = [{"seat": "N", "play": "S3"}, {"seat": "E", "play": "HK"}, {"seat": "S", "play": "D3", "by": "N"}, {"seat": "W", "play": "C3"}]


def _only(rulings: list[Ruling], kind: str) -> Ruling:
    found = [r for r in rulings if r.kind == kind]
    assert len(found) == 1
    return found[0]


def test_66C_ruling_records_who_asked_for_which_trick() -> None:
    t = table([*AUCTION_1S, *TRICK1, *T2, {"seat": "N", "play": "S4"}, ask("E", "quitted_trick", trick=1)])
    ruling = _only(t.rulings, "quitted_trick_inspection")
    assert ruling.fact(QuittedTrickState) == QuittedTrickState(seat=Seat.E, trick=1, request=len(t.requests) - 1)


def test_misinformation_ruling_is_about_the_call_and_records_who_may_change_his_call() -> None:
    actions = [{"seat": "N", "call": "1N"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "2D", "meaning": "natural"},
               {"seat": "W", "call": "P"}, ask("N", "correct_explanation", call_index=2),
               {"seat": "director", "decide": {"mistaken_explanation": True}}]
    ruling = _only(table(actions).rulings, "misinformation")
    state = ruling.fact(MisinformationState)
    assert state is not None and ruling.call == 2 and state.corrected_by is Seat.N
    assert state.explanation == "natural" and state.may_change_call == (Seat.W,)


def test_16B3_ruling_records_the_source_the_reservation_and_the_flagged_actions() -> None:
    case = json.loads((SCENARIOS / "16B3_reserved_rights_poll_of_logical_alternatives.json").read_text(encoding="utf-8"))
    case.pop("expect", None)
    ruling = _only(load_scenario(case).table().rulings, "unauthorized_information")
    state = ruling.fact(UnauthorizedInformationState)
    assert state is not None and state.receiver is ruling.offender and state.flagged
    assert state.reserved_by.side is not state.receiver.side
