"""Law 27: the insufficient bid, in the 2017 wording and the 1997 wording the sources quote.

Flow (2017): LHO may accept the insufficient bid (27A1). If he does not, the offender must
replace it (27B) and the replacement decides the rectification:

* the lowest sufficient bid in the same strain, both bids natural -> nothing more (27B1(a));
* a call the director judges comparable (Law 23A) -> nothing more (27B1(b));
* any other sufficient bid, or a pass -> partner must pass throughout (27B2), 26B may follow;
* a double or redouble that is not comparable -> cancelled; whatever replaces it, partner
  must pass throughout (27B3);
* another insufficient bid -> LHO may accept it; if not, as 27B3 (27B4).

In every case where the bid was not accepted, the withdrawn bid is unauthorized information
to the offender's partner and authorized to the opponents (16C); 27D lets the director
adjust later if the non-offending side was damaged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Literal

from bridgelaw.actions import CallAction
from bridgelaw.core.calls import Call, CallKind
from bridgelaw.core.cards import Seat
from bridgelaw.i18n import add, as_seat, both, msg, put
from bridgelaw.laws.auction.common import (
    accepted_by_calling,
    lho_called_over,
    revert_after,
    say,
)
from bridgelaw.laws.auction.comparable import ask_comparable, take_replacement
from bridgelaw.laws.auction.regular import is_legal_call, is_sufficient, last_bid, next_to_call
from bridgelaw.laws.base.facts import LeadPenaltyOwed
from bridgelaw.laws.base.handler import Handler, TableOps, must_pass, option
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import JsonMap, Ruling, RulingState, RulingStatus


def is_lowest_same_strain(standing: Sequence[tuple[Seat, Call]], insufficient: Call, replacement: Call) -> bool:
    """27B1(a): the replacement names the strain of the insufficient bid at the lowest
    sufficient level."""
    if not replacement.is_bid or replacement.strain is not insufficient.strain:
        return False
    if not is_sufficient(standing, replacement):
        return False
    lb = last_bid(standing)
    lowest_level = 1
    if lb is not None:
        assert lb[1].strain is not None and insufficient.strain is not None
        lowest_level = lb[1].level + (0 if insufficient.strain > lb[1].strain else 1)
    return replacement.level == lowest_level


def lowest_sufficient_same_strain(standing: Sequence[tuple[Seat, Call]], insufficient: Call) -> Call | None:
    """27B1(a): the lowest sufficient bid in the strain of the insufficient bid (None above
    seven)."""
    assert insufficient.strain is not None
    lb = last_bid(standing)
    level = 1
    if lb is not None:
        assert lb[1].strain is not None
        level = lb[1].level + (0 if insufficient.strain > lb[1].strain else 1)
    return Call.bid(level, insufficient.strain) if level <= 7 else None


@dataclass(frozen=True, slots=True)
class InsufficientBidState(RulingState):
    """What a Law 27 ruling remembers between its steps: where it stands (27A: LHO's
    choice; 27B: the replacement awaited; 27B4: a second insufficient bid accepted or not),
    a replacement made before the director ruled (27C), and the law that silences partner
    throughout whatever the replacement (27B2, 27B3, 27B4)."""

    step: Literal["27A", "27B", "27B4"] = "27A"
    premature: int | None = None
    forced_pass_throughout: str | None = None
    lowest: Call | None = None  # 27B1(a): the replacement that costs nothing

    def named(self) -> dict[str, object]:
        return {"lowest": self.lowest} if self.step == "27B" and self.lowest is not None else {}


def _state(ruling: Ruling) -> InsufficientBidState:
    """The ruling's state; a ruling the director has not yet opened is at 27A."""
    return ruling.fact(InsufficientBidState) or InsufficientBidState()


def _take_premature(ruling: Ruling) -> int | None:
    """The premature replacement (27C), taken once: it is judged or cancelled."""
    st = _state(ruling)
    if st.premature is not None:
        ruling.record_fact(replace(st, premature=None))
    return st.premature


@implements("27A1", "27B", "27B1(a)", "27B2", "27B3", "27B4", "16C", editions=("2017", "1997"))
@implements("27B1(b)", "23A", "27D", handling=Handling.DIRECTOR_QUESTION, editions=("2017",))
class InsufficientBid(Handler):
    """Law 27 (2017)."""

    kind: ClassVar[str] = "insufficient_bid"
    # 27B: the replacements the director reads to the offender, each with what follows
    REPLACEMENTS: ClassVar[tuple[str, ...]] = (
        "insufficient_bid.replace.lowest", "insufficient_bid.replace.comparable", "insufficient_bid.replace.other")
    edition_name: ClassVar[str] = "2017"
    # partner silenced (27B2, 27B3): the message and the laws the director may apply later
    SILENCE_MSG: ClassVar[str] = "insufficient_bid.silence_partner"
    SILENCE_FLAGS: ClassVar[tuple[str, ...]] = ("26B", "72C")
    # 27C: a replacement made before the director rules (1997 has no such clause: its 27C
    # is an insufficient bid out of rotation, and 27B rules the replacement)
    PREMATURE_LAW: ClassVar[str | None] = "27C"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        assert record is not None
        o = record.seat
        ruling.call = record.index
        ruling.record_fact(replace(_state(ruling), step="27A"))
        ruling.cite("27A")
        put(ruling, *both("insufficient_bid.open", seat=as_seat(o), call=record.call, lho=as_seat(o.lho)))
        if lho_called_over(ops, record) is not None:
            self.accept(ops, ruling, record, condoned=True)
            return
        ops.offer(ruling, [
            option("accept", o.lho, *both("insufficient_bid.open.2")),
            option("decline", o.lho, *both("insufficient_bid.open.3")),
        ])

    # -- 27C: the offender replaces the bid before the director has ruled ---------------
    @implements("27A1", editions=("2017", "1997"))
    def implied_by_call(self, ops: TableOps, ruling: Ruling, action: CallAction) -> str | None:
        """LHO calling over the insufficient bid instead of choosing accepts it (27A1)."""
        return accepted_by_calling(ruling, action)

    def on_premature_call(self, ops: TableOps, ruling: Ruling, new: CallRecord) -> bool:
        """27C: a replacement made before the director ruled is held back; it stands (if
        legal) unless LHO accepts the insufficient bid, and is then rectified under 27B."""
        if _state(ruling).premature is not None or _state(ruling).step != "27A":
            return False
        if ruling.status not in (RulingStatus.AWAITING_DIRECTOR, RulingStatus.AWAITING_CHOICE):
            return False
        record = ops.calls[ruling.the_call()]
        after = [c for c in ops.calls if c.status == "stands" and c.index > record.index]
        if new.seat is not record.seat or record.status != "stands" or after:
            return False
        ruling.record_fact(replace(_state(ruling), premature=new.index))
        if self.PREMATURE_LAW is not None:
            ruling.cite(self.PREMATURE_LAW)
        say(ruling,
            *both("insufficient_bid.on_premature_call", seat=as_seat(new.seat), call=new.call, lho=as_seat(new.seat.lho)))
        return True

    def accept(self, ops: TableOps, ruling: Ruling, record: CallRecord, *, condoned: bool) -> None:
        o = record.seat
        ruling.cite("27A1")
        ops.stand_call(ruling, record)
        record.law = "27A1"
        how = msg("insufficient_bid.how.called_over" if condoned else "insufficient_bid.how.accepted")
        say(ruling, *both("insufficient_bid.accept", lho=as_seat(o.lho), how=how, call=record.call))
        early_index = _take_premature(ruling)
        if early_index is not None:
            early = ops.calls[early_index]
            ops.cancel_call(ruling, early)
            ruling.flag("16C")
            say(ruling, *both("insufficient_bid.premature_cancelled", seat=o, call=early.call))
        ops.close(ruling)

    # -- the left-hand opponent's choice -------------------------------------------------
    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        record = ops.calls[ruling.the_call()]
        o = record.seat
        if option_id == "accept":
            self.accept(ops, ruling, record, condoned=False)
            return
        # decline
        ruling.cite("27B")
        ruling.flag("16C")
        ops.cancel_call(ruling, record)
        revert_after(ops, ruling, record)
        lowest = lowest_sufficient_same_strain(list(ops.standing), record.call) if record.call.is_bid else None
        ruling.record_fact(replace(_state(ruling), step="27B", lowest=lowest))
        add(ruling, *both("insufficient_bid.not_accepted", call=record.call, seat=o))
        self.announce_replacements(ruling, lowest)
        ops.expect_call(ruling, o)
        early_index = _take_premature(ruling)
        if early_index is not None:
            early = ops.calls[early_index]
            if not self.on_call(ops, ruling, early):
                ops.close(ruling)
                ops.judge_call(ruling, early)

    def announce_replacements(self, ruling: Ruling, lowest: Call | None) -> None:
        """27B: what the director reads to the offender before he replaces the bid — each
        replacement the Law allows and what follows from it."""
        add(ruling, *both("insufficient_bid.replace.intro"))
        for mid in self.REPLACEMENTS:
            if lowest is not None or not mid.startswith("insufficient_bid.replace.lowest"):
                add(ruling, *both(mid, call=lowest))

    # -- the replacement ----------------------------------------------------------------
    def on_call(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> bool:
        insufficient = ops.calls[ruling.the_call()]
        standing = list(ops.standing)
        if next_to_call(standing, ops.dealer) is not record.seat:
            return False  # not his turn (another irregularity came first): the Table judges it
        call = record.call
        if call.is_bid and call.admissible_level and not is_sufficient(standing, call):
            self.another_insufficient_bid(ops, ruling, record)
            return True
        if call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):
            self.double_substituted(ops, ruling, record)
            return True
        if not is_legal_call(standing, record.seat, call):
            return False  # e.g. a bid above seven: the Table rules on it as an inadmissible call
        forced = _state(ruling).forced_pass_throughout
        if forced:
            self.silence_partner(ops, ruling, record, law=forced)
            return True
        if (
            not insufficient.artificial
            and not record.artificial
            and is_lowest_same_strain(standing, insufficient.call, call)
        ):
            return self.lowest_sufficient_same_strain(ops, ruling, record)
        if call.is_pass:
            self.silence_partner(ops, ruling, record, law="27B2")
            return True
        return self.other_sufficient_bid(ops, ruling, record)

    def lowest_sufficient_same_strain(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> bool:
        """27B1(a): no further rectification; 27D may allow an adjustment later."""
        ruling.cite("27B1(a)")
        ruling.flag("27D")
        ruling.flags.remove("16C") if "16C" in ruling.flags else None
        ops.stand_call(ruling, record)
        add(ruling, *both("insufficient_bid.lowest_sufficient_same_strain", seat=as_seat(record.seat), call=record.call))
        ops.close(ruling)
        return True

    def other_sufficient_bid(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> bool:
        """27B1(b) or 27B2: whether the bid is comparable is the director's judgement."""
        ask_comparable(ops, ruling, record)  # it stands provisionally, while the director considers
        return True

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        if "comparable" not in decision:
            raise KeyError("comparable")
        comparable = bool(decision["comparable"])
        ruling.answers["comparable"] = comparable
        record = ops.calls[take_replacement(ruling)]
        if comparable:
            ruling.cite("27B1(b)", "23A")
            ruling.flag("27D", "23C")
            if "16C" in ruling.flags:
                ruling.flags.remove("16C")
            ops.stand_call(ruling, record)
            add(ruling, *both("insufficient_bid.on_decision", call=record.call))
            ops.close(ruling)
            return
        if record.call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):
            self.cancel_substituted_double(ops, ruling, record)
            return
        self.silence_partner(ops, ruling, record, law="27B2")

    def silence_partner(self, ops: TableOps, ruling: Ruling, record: CallRecord, *, law: str) -> None:
        """27B2/27B3: the replacement stands; partner must pass whenever it is his turn."""
        ruling.cite(law)
        ruling.flag(*self.SILENCE_FLAGS)
        ops.stand_call(ruling, record)
        p = record.seat.partner
        ops.restrict(ruling, must_pass(p, "end_of_auction", law, ruling))
        ruling.record_fact(LeadPenaltyOwed(record.seat))
        add(ruling, *both(self.SILENCE_MSG, seat=as_seat(record.seat), call=record.call, seat2=as_seat(p), law=law))
        ops.close(ruling)

    def double_substituted(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        """27B3 (2017): a double or redouble substituted is cancelled unless comparable."""
        if _state(ruling).forced_pass_throughout or not is_legal_call(list(ops.standing), record.seat, record.call):
            self.cancel_substituted_double(ops, ruling, record)
            return
        ask_comparable(ops, ruling, record)  # it stands provisionally, while the director considers

    def cancel_substituted_double(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        ruling.cite("27B3")
        ops.cancel_call(ruling, record)
        ruling.record_fact(replace(_state(ruling), forced_pass_throughout="27B3"))
        add(ruling, *both("insufficient_bid.cancel_substituted_double", call=record.call, seat=as_seat(record.seat)))
        ops.expect_call(ruling, record.seat)

    def another_insufficient_bid(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        """27B4: LHO may accept the new insufficient bid; if not, rectify as 27B3."""
        ruling.cite("27B4")
        ruling.call = record.index
        ruling.record_fact(replace(_state(ruling), step="27B4", forced_pass_throughout="27B4"))
        o = record.seat
        add(ruling, *both("insufficient_bid.another_insufficient_bid", seat=as_seat(o), call=record.call, lho=as_seat(o.lho)))
        ops.offer(ruling, [
            option("accept", o.lho, *both("insufficient_bid.another_insufficient_bid.2")),
            option("decline", o.lho, *both("insufficient_bid.another_insufficient_bid.3")),
        ])


@implements("27B1", "27B2", "27B3", editions=("1997",))
class InsufficientBid1997(InsufficientBid):
    """Law 27 in the 1997 wording the sources quote: no comparable call. A correction to
    the lowest sufficient bid in the same strain, neither bid conventional, costs nothing;
    any other correction silences partner for the rest of the auction (the PENALTY);
    an attempt to substitute a double or redouble is cancelled and also silences partner."""

    edition_name: ClassVar[str] = "1997"
    REPLACEMENTS: ClassVar[tuple[str, ...]] = ("insufficient_bid.replace.lowest_1997", "insufficient_bid.replace.other_1997")
    SILENCE_MSG: ClassVar[str] = "insufficient_bid.silence_partner_1997"
    SILENCE_FLAGS: ClassVar[tuple[str, ...]] = ("26", "23")
    PREMATURE_LAW: ClassVar[str | None] = None

    def other_sufficient_bid(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> bool:
        self.silence_partner(ops, ruling, record, law="27B2")
        return True

    def double_substituted(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        self.cancel_substituted_double(ops, ruling, record)

    def lowest_sufficient_same_strain(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> bool:
        ruling.cite("27B1(a)")
        ruling.flag("27B1(b)")
        ops.stand_call(ruling, record)
        add(ruling, *both("insufficient_bid.lowest_sufficient_same_strain.2", seat=as_seat(record.seat), call=record.call))
        ops.close(ruling)
        return True

    def another_insufficient_bid(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        # 1997 has no 27B4 (27B3 is the attempted double or redouble): the offender must
        # still make a sufficient bid or pass, as 27B requires of any replacement.
        ops.cancel_call(ruling, record)
        ruling.record_fact(replace(_state(ruling), forced_pass_throughout="27B2"))
        add(ruling, *both("insufficient_bid.another_insufficient_bid.4", call=record.call, seat=as_seat(record.seat)))
        ops.expect_call(ruling, record.seat)


HANDLERS: list[Handler] = [InsufficientBid()]
OVERRIDES_1997: list[Handler] = [InsufficientBid1997()]

_ = RulingStatus  # re-exported for handlers that inspect status
