"""The sentences of a decision about calls: a call cancelled or standing, the obligation
to repeat a call out of rotation (31A1, 32A1) and the restrictions put on a player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bridgelaw.core.cards import Seat, Suit
from bridgelaw.i18n import Msg, msg
from bridgelaw.i18n.catalog import catalog
from bridgelaw.laws.auction.out_of_rotation import OutOfRotationState
from bridgelaw.laws.auction.regular import auction_ended
from bridgelaw.records import CallRecord
from bridgelaw.rulings import Consequence, Ruling
from bridgelaw.table.decision_cards import seat_value as _seat


def call_record(calls: Sequence[CallRecord], index: Any) -> CallRecord | None:
    if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(calls):
        return calls[index]
    return None


def restriction(seat: Seat, d: dict[str, Any], ruling: Ruling | None = None, calls: Sequence[CallRecord] = ()) -> Msg | None:
    """The restriction put on ``seat``; once it has run its course (his next turn over, he
    having called since the ruling's call; the auction ended), said as done with."""
    kind, until = str(d.get("kind")), str(d.get("until"))
    suit = d.get("suit")
    mid = f"decision.now.{kind}.{until}"
    if mid not in catalog("en"):
        mid = f"decision.now.{kind}"
    if mid not in catalog("en"):
        return None
    if ruling is not None and f"{mid}.kept" in catalog("en") and spent(until, ruling, calls, seat):
        mid = f"{mid}.kept"
    params: dict[str, Any] = {"seat": seat, "n": 1}
    if isinstance(suit, str) and suit in ("S", "H", "D", "C"):
        params["suit"] = Suit[suit]
    return msg(mid, **params)


def must_repeat(c: Consequence, ruling: Ruling, calls: Sequence[CallRecord], seat: Seat) -> Msg | None:
    """31A1, 32A1: the offender must repeat his call while he has not; once he has (the
    obligation lifted and his call standing), that he did and the auction goes on; nothing
    when the obligation was lifted otherwise (an obligation to pass prevailed)."""
    later = list(ruling.consequences)[list(ruling.consequences).index(c) + 1:]
    if not any(x.what == "restriction_lifted" and dict(x.details) == dict(c.details) for x in later):
        original = call_record(calls, ruling.call) if ruling.kind == "call_out_of_rotation" else None
        if original is not None and original.seat is seat:  # RHO passed: the call to repeat, named
            return msg("decision.now.must_repeat.named", seat=seat, call=original.call, rho=seat.rho, law=restriction_law(c))
        return restriction(seat, dict(c.details))
    for x in later:
        record = call_record(calls, dict(x.details).get("call_index")) if x.what == "call_stands" else None
        if record is not None and record.seat is seat:
            return msg("decision.now.repeated", seat=seat, call=record.call)
    return None


def spent(until: str, ruling: Ruling, calls: Sequence[CallRecord], seat: Seat) -> bool:
    """Whether a restriction on calls has run its course: his next turn is over, or the
    auction has ended."""
    if until == "next_turn":
        return called_since(ruling, calls, seat)
    return until == "end_of_auction" and auction_ended([(r.seat, r.call) for r in calls if r.status == "stands"])


def called_since(ruling: Ruling, calls: Sequence[CallRecord], seat: Seat | None) -> bool:
    """Whether ``seat`` has a call standing made after the ruling's call."""
    after = ruling.call if isinstance(ruling.call, int) else None
    return after is not None and any(r.seat is seat and r.index > after and r.status == "stands" for r in calls)


def restriction_law(c: Consequence) -> str:
    """The law a consequence names in its details (its restriction's law)."""
    return str(dict(c.details).get("law") or "")


def not_repeated(ruling: Ruling, record: CallRecord) -> bool:
    """A call the offender made in place of the one he had to repeat (31A1, 32A1): cancelled
    on its own, so said."""
    return ruling.kind == "call_out_of_rotation" and record.seat is ruling.offender and record.index > (ruling.call or 0)


def call_consequence(what: str, d: dict[str, Any], ruling: Ruling, calls: Sequence[CallRecord]) -> Msg | None:
    record = call_record(calls, d.get("call_index"))
    if record is None or (what == "call_cancelled" and record.index != ruling.call and not not_repeated(ruling, record)):
        return None  # the later calls cancelled with it are implied
    turn = st.turn if (st := ruling.fact(OutOfRotationState)) is not None else None
    if what == "call_cancelled" and turn is not None and any(
            x.what == "call_stands" and dict(x.details).get("call_index") == record.index for x in ruling.consequences):
        # accepted, then cancelled with the passes after it: the auction goes back to the
        # player whose turn it was (34)
        return msg("decision.now.call_cancelled.34", seat=record.seat, call=record.call, turn=turn)
    if what == "call_cancelled" and ruling.kind == "call_after_final_pass":
        return msg("decision.now.call_cancelled.after_final_pass", seat=record.seat, call=record.call)  # what he did, too
    return msg(f"decision.now.{what}", seat=record.seat, call=record.call)


def restricted(ruling: Ruling, seat: Seat | None, kind: str) -> bool:
    """Whether the ruling restricted ``seat`` (``must_pass``, ``must_repeat``) and did not lift it."""
    done = {c.what: [dict(x.details) for x in ruling.consequences if x.what == c.what] for c in ruling.consequences}
    return any(d.get("kind") == kind and _seat(d.get("seat")) is seat and d not in done.get("restriction_lifted", [])
               for d in done.get("restriction", []))


__all__ = ["call_consequence", "call_record", "called_since", "must_repeat", "restricted", "restriction"]
