"""The auction rulings remember their steps as typed state (a frozen ``RulingState`` per
handler), and the call and action a ruling is about as typed attributes of the ruling:
nothing of theirs is left untyped."""

from __future__ import annotations

from bridgelaw.actions import Action, CallAction, Choose, Decide
from bridgelaw.config import TableConfig
from bridgelaw.core.calls import Call
from bridgelaw.core.cards import Seat
from bridgelaw.core.deal import Board, Deal
from bridgelaw.laws.auction.change_of_call import ChangeOfCallState
from bridgelaw.laws.auction.insufficient_bid import InsufficientBidState
from bridgelaw.laws.auction.out_of_rotation import OutOfRotationState
from bridgelaw.laws.base.facts import ComparableAsked
from bridgelaw.rulings import Ruling
from bridgelaw.table import Table

DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def table(*actions: Action, edition: str = "2017") -> Table:
    t = Table(Board.standard(1, Deal.parse(DEAL)), TableConfig(edition=edition))
    for a in actions:
        outcome = t.act(a)
        assert outcome.accepted, outcome
    return t


def call(seat: str, text: str, *, change: bool = False) -> CallAction:
    return CallAction(Seat[seat], Call.parse(text), change=change)


def only(t: Table, kind: str) -> Ruling:
    found = [r for r in t.rulings if r.kind == kind]
    assert len(found) == 1, [r.kind for r in t.rulings]
    return found[0]


def test_27_insufficient_bid_declined_records_its_step_and_the_call() -> None:
    t = table(call("N", "1S"), call("E", "1H"), Choose(Seat.S, "decline"))
    r = only(t, "insufficient_bid")
    state = r.fact(InsufficientBidState)
    assert state is not None and state.step == "27B"
    assert r.call == 1


def test_27B1b_23A_the_replacement_asked_about_is_a_typed_fact_used_once() -> None:
    t = table(call("N", "1S"), call("E", "1H"), Choose(Seat.S, "decline"), call("E", "2C"), Decide({"comparable": True}))
    r = only(t, "insufficient_bid")
    assert r.fact(ComparableAsked) == ComparableAsked(None)


def test_29A_accepted_call_out_of_rotation_records_the_robbed_turns() -> None:
    t = table(call("E", "1H"), Choose(Seat.S, "accept"))
    r = only(t, "call_out_of_rotation")
    state = r.fact(OutOfRotationState)
    assert state is not None and state.accepted and state.skipped == (Seat.N,)
    assert state.turn is Seat.N and state.law == 31


def test_25_change_of_call_records_the_original_call_and_misinformation() -> None:
    t = table(call("N", "1H"), call("E", "2C"), call("N", "1S", change=True), Decide({"unintended": False, "misinformation": True}))
    r = only(t, "change_of_call")
    assert r.fact(ChangeOfCallState) == ChangeOfCallState(original=0, misinformation=True, lho_call=1)
    assert r.call == 2
