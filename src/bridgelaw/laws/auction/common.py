"""Small helpers the auction-irregularity handlers share (Laws 25-39).

They read the Table through ``TableOps`` only: where a call stood when it was made, whether
the offender's left-hand opponent has called over it (the acceptance of Laws 27A1, 29A,
25B1 and the "LHO called before rectification" cases of 36A, 37A, 38D, 39B), and whether a
call is one the caller may lawfully make now.
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgelaw import i18n
from bridgelaw.actions import CallAction
from bridgelaw.core.calls import CallKind, Strain
from bridgelaw.core.cards import Seat
from bridgelaw.i18n import Msg, as_seat, both, msg
from bridgelaw.laws.auction.regular import (
    SeatCall,
    double_allowed,
    is_legal_call,
    next_to_call,
    redouble_allowed,
)
from bridgelaw.laws.base.facts import CalledOver
from bridgelaw.laws.base.handler import TableOps
from bridgelaw.records import CallRecord
from bridgelaw.rulings import Ruling

# Laws under which an irregular call is accepted and then counts as if it were lawful.

def say(ruling: Ruling, en: str, ru: str) -> None:
    """Append one sentence to both summaries."""
    i18n.say(ruling, en, ru)


def denominations(ops: TableOps, record: CallRecord) -> frozenset[Strain]:
    """The denominations a call specifies (29C, 26A): a natural bid's strain; for an
    artificial call, what it was made to show (the action's ``shows``), or, when the
    scenario does not say, its named strain as before."""
    shown = shows(ops, record)
    if record.artificial and shown:
        return shown
    return frozenset((record.call.strain,)) if record.call.strain is not None else frozenset()


def shows(ops: TableOps, record: CallRecord) -> frozenset[Strain]:
    """What an artificial call was made to show (the ``shows`` of the call's action)."""
    action = ops.actions[record.at_action] if 0 <= record.at_action < len(ops.actions) else None
    if isinstance(action, CallAction) and action.call == record.call and action.seat is record.seat:
        return frozenset(action.shows)
    return frozenset()


def standing_before(ops: TableOps, index: int) -> list[SeatCall]:
    """The standing calls made before call ``index``: the auction as the caller found it."""
    return [(c.seat, c.call) for c in ops.calls if c.status == "stands" and c.index < index]


def turn_before(ops: TableOps, index: int) -> Seat:
    """Whose turn it was when call ``index`` was made."""
    return next_to_call(standing_before(ops, index), ops.dealer)


def standing_after(ops: TableOps, index: int) -> list[CallRecord]:
    """The standing calls made after call ``index``, in order."""
    return [c for c in ops.calls if c.status == "stands" and c.index > index]


def lho_called_over(ops: TableOps, record: CallRecord) -> CallRecord | None:
    """The offender's left-hand opponent's call made over ``record``, if that is the next
    standing call: calling over an irregular call accepts it (27A1, 29A) or, for an
    inadmissible call, changes what its law does (36A, 37A, 38D, 39B)."""
    after = standing_after(ops, record.index)
    if after and after[0].seat is record.seat.lho:
        return after[0]
    return None


def accepted_by_calling(ruling: Ruling, action: CallAction) -> str | None:
    """The player who may accept an irregular call (``accept`` among his options) calls
    instead of choosing: calling over it accepts it (25B1, 27A1, 29A)."""
    if ruling.chooser is action.seat and any(o.id == "accept" for o in ruling.options):
        return "accept"
    return None


def obliged_to_pass(ops: TableOps, seat: Seat) -> bool:
    return any(r.seat is seat and r.kind == "must_pass" for r in ops.restrictions)


def is_regular(ops: TableOps, record: CallRecord) -> bool:
    """May ``record``'s caller lawfully make this call now, as the latest call: his turn,
    a lawful call (18, 19, 38), and no obligation to pass broken (37)?"""
    standing = standing_before(ops, record.index)
    if next_to_call(standing, ops.dealer) is not record.seat:
        return False
    if obliged_to_pass(ops, record.seat) and not record.call.is_pass:
        return False
    return is_legal_call(standing, record.seat, record.call)


def cancel_later_calls(ops: TableOps, ruling: Ruling, index: int) -> list[CallRecord]:
    """Cancel every standing call after ``index`` (36A, 38B, 17D3); return them."""
    later = standing_after(ops, index)
    for c in later:
        ops.cancel_call(ruling, c)
    return later


def calls_text(records: Sequence[CallRecord]) -> list[Msg]:
    """The calls as a director lists them: 'S 2H, W P' / 'Юг 2♥, Запад пас'."""
    return [msg("auction_common.seat_call", seat=c.seat, call=c.call) for c in records]


def already_void(ruling: Ruling, record: CallRecord) -> bool:
    """When the director reaches an irregular call that an earlier ruling has already
    cancelled (e.g. 36A or 38B cancel every later call), there is nothing left to rule on:
    the ruling says so and the caller closes it."""
    if record.status != "cancelled":
        return False
    ruling.cite(record.law or "16C")
    say(ruling,
        *both("auction_common.already_void", seat=as_seat(record.seat), call=record.call, law=record.law))
    return True


def revert_after(ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
    """An irregular call not accepted is cancelled and the auction goes back to where it
    was made. Calls made over it before the director came (not by LHO, who would have
    accepted it) were themselves out of rotation: they go too, so the auction that stands
    is always a lawful one. Whose turn each was made at is kept (``CalledOver``): the
    ruling on such a call still rectifies it under its own law (29B, 30-32)."""
    ruling.record_fact(CalledOver(tuple(_as_made(ops, record, c) for c in standing_after(ops, record.index))))
    later = cancel_later_calls(ops, ruling, record.index)
    if later:
        say(ruling,
            *both("auction_common.revert_after", calls_text=calls_text(later), n=len(later)))


def _as_made(ops: TableOps, cancelled: CallRecord, later: CallRecord) -> tuple[int, Seat, bool]:
    """``later`` as it was made, over ``cancelled`` then standing: its index, whose turn it
    was, and whether it was a double or redouble Law 19 did not permit (36)."""
    then = [(c.seat, c.call) for c in ops.calls
            if c.index < later.index and (c.status == "stands" or c is cancelled)]
    call = later.call
    inadmissible = (
        (call.kind is CallKind.DOUBLE and not double_allowed(then, later.seat))
        or (call.kind is CallKind.REDOUBLE and not redouble_allowed(then, later.seat))
    )
    return later.index, next_to_call(then, ops.dealer), inadmissible


def called_over(ops: TableOps, record: CallRecord) -> tuple[Seat, bool] | None:
    """If ``record`` was cancelled with an irregular call it was made over: whose turn it
    was made at, and whether it was inadmissible then (``revert_after``)."""
    for r in ops.rulings:
        fact = r.fact(CalledOver)
        found = fact.turn_of(record.index) if fact is not None else None
        if found is not None:
            return found
    return None
