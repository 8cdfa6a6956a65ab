"""The regular auction (Laws 17-19, 22) as pure functions over the standing calls.

"Standing calls" are the calls that count: those not cancelled by a rectification, in the
order they were made. Whose turn it is follows from them: the left-hand opponent of the
last player to make a standing call, or the dealer when there is none (Law 17B/C).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from bridgelaw.core.calls import ALL_BIDS, Call, CallKind, Contract, Risk
from bridgelaw.core.cards import Seat

SeatCall = tuple[Seat, Call]


def next_to_call(standing: Sequence[SeatCall], dealer: Seat) -> Seat:
    """Law 17B/C: the dealer first, then clockwise from the last call that stands."""
    return standing[-1][0].lho if standing else dealer


def last_bid(standing: Sequence[SeatCall]) -> SeatCall | None:
    for seat, call in reversed(standing):
        if call.kind is CallKind.BID:
            return seat, call
    return None


def last_non_pass(standing: Sequence[SeatCall]) -> SeatCall | None:
    for seat, call in reversed(standing):
        if call.kind is not CallKind.PASS:
            return seat, call
    return None


def is_sufficient(standing: Sequence[SeatCall], bid: Call) -> bool:
    """Law 18B: a bid supersedes the last bid if it names more tricks or a higher strain."""
    lb = last_bid(standing)
    return bid.supersedes(lb[1] if lb else None)


def double_allowed(standing: Sequence[SeatCall], seat: Seat) -> bool:
    """Law 19A1: only the last bid, made by an opponent, with no call but passes since."""
    lnp = last_non_pass(standing)
    return lnp is not None and lnp[1].kind is CallKind.BID and lnp[0].side is not seat.side


def redouble_allowed(standing: Sequence[SeatCall], seat: Seat) -> bool:
    """Law 19B1: only the last double, made by an opponent, with no call but passes since."""
    lnp = last_non_pass(standing)
    return lnp is not None and lnp[1].kind is CallKind.DOUBLE and lnp[0].side is not seat.side


def is_legal_call(standing: Sequence[SeatCall], seat: Seat, call: Call) -> bool:
    """Is ``call`` by ``seat`` lawful as the next call of this auction (ignoring turn and
    obligations to pass)?"""
    if call.kind is CallKind.PASS:
        return True
    if call.kind is CallKind.BID:
        return call.admissible_level and is_sufficient(standing, call)
    if call.kind is CallKind.DOUBLE:
        return double_allowed(standing, seat)
    return redouble_allowed(standing, seat)


def auction_ended(standing: Sequence[SeatCall]) -> bool:
    """Law 22A: three passes in rotation after any call; four passes pass the board out."""
    n = len(standing)
    if n < 4:
        return False
    return all(c.kind is CallKind.PASS for _, c in standing[-3:])


def final_contract(standing: Sequence[SeatCall]) -> Contract | None:
    """Law 22A: the last bid, doubled or redoubled as the later calls say; declarer is the
    player of the declaring side who first named the strain. None when passed out."""
    lb = last_bid(standing)
    if lb is None:
        return None
    bidder, bid = lb
    assert bid.strain is not None
    risk = Risk.NONE
    lnp = last_non_pass(standing)
    if lnp is not None and lnp[1].kind is CallKind.DOUBLE:
        risk = Risk.DOUBLED
    elif lnp is not None and lnp[1].kind is CallKind.REDOUBLE:
        risk = Risk.REDOUBLED
    declarer = next(
        seat for seat, call in standing
        if call.kind is CallKind.BID and call.strain is bid.strain and seat.side is bidder.side
    )
    return Contract(bid.level, bid.strain, risk, declarer)


class LegalCalls:
    """The lawful calls for the player to act: supports ``in``, iteration and ``len``
    (lazy, like python-chess's legal-move generator)."""

    __slots__ = ("_no_double", "_seat", "_standing")

    def __init__(self, standing: Sequence[SeatCall], seat: Seat, *, no_double: bool = False):
        """``no_double``: the player may not double or redouble at this turn (1997 30B2)."""
        self._standing = standing
        self._seat = seat
        self._no_double = no_double

    def __contains__(self, call: object) -> bool:
        if not isinstance(call, Call):
            return False
        if self._no_double and call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):
            return False
        return is_legal_call(self._standing, self._seat, call)

    def __iter__(self) -> Iterator[Call]:
        yield Call.PASS
        if not self._no_double and double_allowed(self._standing, self._seat):
            yield Call.DOUBLE
        if not self._no_double and redouble_allowed(self._standing, self._seat):
            yield Call.REDOUBLE
        lb = last_bid(self._standing)
        floor = lb[1].rank if lb else -1
        yield from ALL_BIDS[floor + 1:]

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"LegalCalls({', '.join(map(str, self))})"


class NoCalls(LegalCalls):
    """Used when nobody may call (the auction is over)."""

    def __init__(self) -> None:
        super().__init__((), Seat.N)

    def __contains__(self, call: object) -> bool:
        return False

    def __iter__(self) -> Iterator[Call]:
        return iter(())
