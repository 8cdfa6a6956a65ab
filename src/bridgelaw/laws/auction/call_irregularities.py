"""Which irregularity a call is, and which law takes it first (Laws 25, 27-38).

The Table hands every call that is not plainly lawful and in rotation to this step, which
names the kind of ruling that deals with it, or none. The order is the one the Laws take:

* a bid of more than seven is never playable, whoever made it and whenever (38);
* then the rotation: a call by the player whose turn it is not is a call out of rotation
  (28-32), except a further call by the player who called last, made at his left-hand
  opponent's turn: that is a change of his own call (30B2, 31C, 32C send it to 25);
* then, at the caller's turn, a double or redouble Law 19 does not permit (36, before 37),
  a call other than a pass by a player obliged to pass (37), and a bid that does not
  supersede the last one (18B: an insufficient bid, 27).

A call out of rotation falls under 30, 31 or 32 by its kind (``which_law``), and a double
or redouble Law 19 would not permit even in rotation goes to 36 (``inadmissible``). A call
made at the same moment as another counts as made after it (33).
"""

from __future__ import annotations

from bridgelaw.core.calls import Call, CallKind
from bridgelaw.core.cards import Seat
from bridgelaw.laws.auction.common import standing_before
from bridgelaw.laws.auction.regular import (
    double_allowed,
    is_sufficient,
    next_to_call,
    redouble_allowed,
)
from bridgelaw.laws.base.handler import TableOps, TableView
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import RulingKind

_BOTH = ("2017", "1997")


@implements("27", "28", "36", "37", "38", editions=_BOTH)
@implements("30B2", "31C", "32C", editions=("2017",))
def classify_call(view: TableView, seat: Seat, call: Call) -> RulingKind | None:
    """The kind of ruling ``seat``'s ``call``, made now, calls for; None for a lawful call
    in rotation."""
    standing = view.standing
    turn = next_to_call(standing, view.dealer)
    if call.is_bid and not call.admissible_level:
        return RulingKind.BID_ABOVE_SEVEN
    if seat is not turn:
        if seat is turn.rho and any(s is seat for s, _ in standing):
            return RulingKind.CHANGE_OF_CALL
        return RulingKind.CALL_OUT_OF_ROTATION
    if call.kind is CallKind.DOUBLE and not double_allowed(standing, seat):
        return RulingKind.INADMISSIBLE_DOUBLE
    if call.kind is CallKind.REDOUBLE and not redouble_allowed(standing, seat):
        return RulingKind.INADMISSIBLE_DOUBLE
    if view.must_pass(seat) and not call.is_pass:
        return RulingKind.VIOLATES_PASS_OBLIGATION
    if call.is_bid and not is_sufficient(standing, call):
        return RulingKind.INSUFFICIENT_BID
    return None


def which_law(ops: TableOps, record: CallRecord) -> int:
    """30 for a natural pass; 31 for a bid, an artificial pass or a pass of partner's
    artificial call (30C); 32 for a double or redouble."""
    call = record.call
    if call.is_bid:
        return 31
    if call.is_pass:
        partner_calls = [c for c in ops.calls if c.seat is record.seat.partner and c.status == "stands" and c.index < record.index]
        if record.artificial or (partner_calls and partner_calls[-1].artificial):
            return 31
        return 30
    return 32


def inadmissible(ops: TableOps, record: CallRecord) -> bool:
    """A double or redouble Law 19 would not permit even in rotation (Law 32 intro -> 36)."""
    standing = standing_before(ops, record.index)
    if record.call.kind is CallKind.DOUBLE:
        return not double_allowed(standing, record.seat)
    if record.call.kind is CallKind.REDOUBLE:
        return not redouble_allowed(standing, record.seat)
    return False


@implements("33", handling=Handling.MECHANICAL)
def simultaneous_calls() -> str:
    """Law 33: a call made at the same time as the call of the player whose turn it was is
    deemed made after it. The engine's actions are ordered, so the simultaneous call is
    simply the later action and is judged at that point (in rotation, or out of rotation)."""
    return "33"


__all__ = ["classify_call", "inadmissible", "simultaneous_calls", "which_law"]
