"""Laws 35-39: inadmissible calls.

Law 35 lists them; each has its own law and none can be accepted the way an insufficient
bid or a call out of rotation can. What the offender's LHO calling over the call *does*
change is the rectification (36A, 37A, 38D, 39B; in 1997 all gathered in Law 35):

* 36 - a double or redouble Law 19 does not permit (an inadmissible double out of
  rotation is ruled by the out-of-rotation handler, 36B4);
* 37 - a bid, double or redouble by a player obliged to pass (an inadmissible double by
  such a player is 36: the Table classifies 36 first);
* 38 - a bid above seven (never playable, whatever the turn);
* 39 - any call after the final pass.
"""

from __future__ import annotations

from typing import ClassVar

from bridgelaw.core.calls import Call, Contract
from bridgelaw.core.cards import Seat
from bridgelaw.i18n import Msg, Text, as_seat, both, msg
from bridgelaw.laws.auction.common import (
    calls_text,
    cancel_later_calls,
    lho_called_over,
    revert_after,
    say,
    turn_before,
)
from bridgelaw.laws.auction.lead_restrictions import settle
from bridgelaw.laws.auction.regular import final_contract, is_legal_call
from bridgelaw.laws.base.facts import LeadPenaltyOwed
from bridgelaw.laws.base.handler import Handler, TableOps, must_pass
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import JsonMap, Ruling, RulingStatus


def scored_as(contract: Contract | None) -> Contract | Msg:
    """The contract as scored (36C): 1S / 1♠, or a dash when the board was passed out."""
    return contract if contract is not None else msg("inadmissible.no_contract")


class _Inadmissible(Handler):
    """Shared: inadmissible calls offer nobody a choice."""

    # The review flag for the lead restrictions that may follow: 2017 has only the one of
    # 26B; in 1997 which clause of Law 26 applies depends on the withdrawn call (26A for a
    # call that named suits, 26B otherwise), so the flag is the Law as a whole.
    LEAD_FLAG: ClassVar[str] = "26B"
    # the message that states the rectification (1997: with its PENALTY marking)
    RECTIFY_MSG: ClassVar[str] = ""

    def on_choice(self, ops: TableOps, ruling: Ruling, option: str, params: JsonMap) -> None:
        raise KeyError(option)  # pragma: no cover - nothing is ever offered

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        raise KeyError("decision")  # pragma: no cover

    def silence_side(self, ops: TableOps, ruling: Ruling, record: CallRecord, law: str, *, lead: bool) -> None:
        """Both members of the offending side pass whenever it is their turn (37B, 38C)."""
        o = record.seat
        for s in (o, o.partner):
            ops.restrict(ruling, must_pass(s, "end_of_auction", law, ruling))
        if lead:
            ruling.flag("72C", self.LEAD_FLAG)
            ruling.record_fact(LeadPenaltyOwed(o, (record.index,)))


@implements("35", "36A", "36B1", "36B2", "36B3", "36C", editions=("2017",))
@implements("72C", handling=Handling.RECORD_ONLY, editions=("2017",))
class InadmissibleDouble(_Inadmissible):
    """Law 36 (2017): a double or redouble not permitted by Law 19.

    The auction may end over one the director has not yet seen (``rules_after_auction``):
    called before the opening lead is faced (or when the board was passed out over it, so
    that no lead was ever faced), 36A cancels it and every later call and the auction
    resumes; called after, the auction stands and the contract is scored as if it
    had not been made (36C)."""

    kind: ClassVar[str] = "inadmissible_double"
    rules_after_auction: ClassVar[bool] = True
    CONDONED: ClassVar[str] = "36A"
    CANCEL: ClassVar[str] = "36B1"
    SILENCE: ClassVar[str] = "36B2"
    RECTIFY_MSG: ClassVar[str] = "inadmissible.open.2"
    AFTER_LEAD: ClassVar[tuple[str, ...]] = ("36C",)

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        assert record is not None
        o = record.seat
        ruling.call = record.index
        if ops.phase == "play" or (ops.phase == "ended" and not ops.passed_out):
            self.after_lead(ops, ruling, record)
            return
        if ops.phase == "lead" or ops.passed_out:
            # the auction period had not ended (17D1); a board passed out over the call
            # (a double with no bid before it) never had an opening lead to face
            ops.reopen_auction(ruling)
        if lho_called_over(ops, record) is not None:
            ruling.cite(self.CONDONED)
            ops.cancel_call(ruling, record)
            later = cancel_later_calls(ops, ruling, record.index)
            say(ruling, *both("inadmissible.condoned", seat=o, call=record.call, lho=o.lho, k=len(later),
                              later=msg("count.later_calls", n=len(later)), law=self.CONDONED))
            ops.close(ruling)
            return
        ruling.cite(self.CANCEL, self.SILENCE)
        ruling.flag("16C")
        ops.cancel_call(ruling, record)
        revert_after(ops, ruling, record)
        self.silence_partner(ops, ruling, record)
        say(ruling,
            *both(self.RECTIFY_MSG, seat=as_seat(o), what=record.call, CANCEL=self.CANCEL, partner=as_seat(o.partner), SILENCE=self.SILENCE))
        ops.close(ruling)

    def after_lead(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        """36C: attention drawn only after the opening lead was faced."""
        o = record.seat
        ruling.cite(*self.AFTER_LEAD)
        rest = [(c.seat, c.call) for c in ops.calls if c.status == "stands" and c is not record]
        kept: list[tuple[Seat, Call]] = []
        for seat, call in rest:  # a double or redouble that only answered it goes with it
            if call.is_bid or call.is_pass or is_legal_call(kept, seat, call):
                kept.append((seat, call))
        contract = final_contract(kept)
        if contract is not None:
            ops.score_contract_as(ruling, contract)
        say(ruling, *self.after_lead_text(o, record, contract))
        ops.close(ruling)

    def after_lead_text(self, o: Seat, record: CallRecord, contract: Contract | None) -> tuple[Text, str]:
        return both("inadmissible.after_lead", seat=o, call=record.call, scored=scored_as(contract))

    def silence_partner(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        ops.restrict(ruling, must_pass(record.seat.partner, "end_of_auction", self.SILENCE, ruling))
        ruling.flag("72C", self.LEAD_FLAG)
        ruling.record_fact(LeadPenaltyOwed(record.seat, (record.index,)))


@implements("35A", "36", editions=("1997",))
class InadmissibleDouble1997(InadmissibleDouble):
    """Law 36 (1997) and 35A when condoned: the same in substance; the PENALTY wording."""

    CONDONED: ClassVar[str] = "35A"
    CANCEL: ClassVar[str] = "36"
    SILENCE: ClassVar[str] = "36"
    LEAD_FLAG: ClassVar[str] = "26"
    RECTIFY_MSG: ClassVar[str] = "inadmissible.open.2_1997"
    AFTER_LEAD: ClassVar[tuple[str, ...]] = ("35A", "41C")

    def after_lead_text(self, o: Seat, record: CallRecord, contract: Contract | None) -> tuple[Text, str]:
        return both("inadmissible.after_lead_1997", seat=o, call=record.call, scored=scored_as(contract))


def restate_over_the_pass(ops: TableOps, ruling: Ruling, later: list[CallRecord]) -> None:
    """37B1: the calls made over the cancelled call stand over the pass put in its place, in
    their order; a ruling waiting for the director on one of them now rules on its restated
    record."""
    for old in later:
        new = ops.restate_call(ruling, old, old.law or "37B1")
        for r in ops.rulings:
            if r.call == old.index and r.status is RulingStatus.AWAITING_DIRECTOR:
                r.call = new.index


@implements("37A", "37B1", "37B2", editions=("2017",))
class ViolatesPassObligation(_Inadmissible):
    """Law 37 (2017): a bid, double or redouble by a player obliged to pass."""

    kind: ClassVar[str] = "violates_pass_obligation"
    CONDONED: ClassVar[str] = "37A"
    CANCEL: ClassVar[str] = "37B1"
    SILENCE: ClassVar[str] = "37B2"
    RECTIFY_MSG: ClassVar[str] = "inadmissible.open.5"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        assert record is not None
        o = record.seat
        ruling.call = record.index
        obligations = [r for r in ops.restrictions if r.seat is o and r.kind == "must_pass"]
        source = ", ".join(r.law for r in obligations) or "?"
        if lho_called_over(ops, record) is not None:
            ruling.cite(self.CONDONED)
            record.law = self.CONDONED
            ops.stand_call(ruling, record)
            for r in obligations:
                if r.until == "next_turn":
                    ops.lift(ruling, r)
            say(ruling,
                *both("inadmissible.open.3", seat=as_seat(o), source=source, call=record.call, lho=as_seat(o.lho), CONDONED=self.CONDONED))
            if any(r.until == "end_of_auction" for r in obligations):  # it still binds him
                say(ruling, *both("inadmissible.open.3.throughout", seat=as_seat(o)))
            ops.close(ruling)
            return
        ruling.cite(self.CANCEL, self.SILENCE)
        ruling.flag("16C")
        ops.cancel_call(ruling, record)
        # Calls made over it, not by LHO, were themselves out of rotation: the pass takes
        # the offender's place and they are made again over it, in their order, each still
        # a call out of rotation that its own law rectifies and LHO may accept (29, 30-32).
        later = cancel_later_calls(ops, ruling, record.index)
        ops.substitute_pass(ruling, record, self.CANCEL)
        restate_over_the_pass(ops, ruling, later)
        self.silence_side(ops, ruling, record, self.SILENCE, lead=True)
        say(ruling,
            *both(self.RECTIFY_MSG, seat=as_seat(o), source=source, call=record.call, CANCEL=self.CANCEL, partner=as_seat(o.partner), SILENCE=self.SILENCE))
        if later:
            say(ruling, *both("inadmissible.later_restated", calls_text=calls_text(later)))
        ops.close(ruling)


@implements("35B", "37", editions=("1997",))
class ViolatesPassObligation1997(ViolatesPassObligation):
    CONDONED: ClassVar[str] = "35B"
    CANCEL: ClassVar[str] = "37"
    SILENCE: ClassVar[str] = "37"
    LEAD_FLAG: ClassVar[str] = "26"
    RECTIFY_MSG: ClassVar[str] = "inadmissible.open.5_1997"


@implements("38A", "38B", "38C", "38D", editions=("2017",))
class BidAboveSeven(_Inadmissible):
    """Law 38 (2017): a bid of more than seven is never playable."""

    kind: ClassVar[str] = "bid_above_seven"
    CANCEL: ClassVar[str] = "38B"
    SILENCE: ClassVar[str] = "38C"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        assert record is not None
        o = record.seat
        ruling.call = record.index
        condoned = lho_called_over(ops, record) is not None
        in_turn = turn_before(ops, record.index) is o
        passed = self.pass_law(condoned)
        ruling.cite("38A", self.CANCEL, *([passed] if passed == self.SILENCE else []))
        ruling.flag("16C")
        ops.cancel_call(ruling, record)
        later = cancel_later_calls(ops, ruling, record.index)
        if in_turn:
            ops.substitute_pass(ruling, record, passed)
        say(ruling, *both("inadmissible.over_seven.later" if later else "inadmissible.over_seven", seat=o, call=record.call,
                          k=len(later), later=msg("count.later_calls", n=len(later)) if len(later) > 1 else msg("inadmissible.over_seven.next_call"),
                          tail=msg("inadmissible.over_seven.pass", law=passed) if in_turn else msg("inadmissible.over_seven.end")))
        self.rectify(ops, ruling, record, condoned)
        ops.close(ruling)

    def pass_law(self, condoned: bool) -> str:
        """The clause that puts a pass in place of the bid (38C)."""
        return self.SILENCE

    def rectify(self, ops: TableOps, ruling: Ruling, record: CallRecord, condoned: bool) -> None:
        o = record.seat
        self.silence_side(ops, ruling, record, self.SILENCE, lead=not condoned)
        if condoned:
            ruling.cite("38D")
            say(ruling,
                *both("inadmissible.rectify", seat=as_seat(o), partner=as_seat(o.partner), lho=as_seat(o.lho)))
        else:
            ruling.cite("38D")
            say(ruling,
                *both("inadmissible.rectify.2", seat=as_seat(o), partner=as_seat(o.partner)))


@implements("35C", "38", editions=("1997",))
class BidAboveSeven1997(BidAboveSeven):
    """1997: the bid and later calls cancelled (38B); condoned, a pass substituted with no
    penalty (35C); otherwise the offending side passes throughout (38C) and Law 26 may apply."""

    def pass_law(self, condoned: bool) -> str:
        """Condoned, the pass that replaces the bid is 35C's; else 38C's."""
        return "35C" if condoned else self.SILENCE

    def rectify(self, ops: TableOps, ruling: Ruling, record: CallRecord, condoned: bool) -> None:
        o = record.seat
        if condoned:
            ruling.cite("35C")
            say(ruling, *both("inadmissible.rectify.3", lho=as_seat(o.lho)))
            return
        self.silence_side(ops, ruling, record, self.SILENCE, lead=True)
        say(ruling, *both("inadmissible.rectify.4", seat=as_seat(o), partner=as_seat(o.partner)))


@implements("39A", "39B", "39C", editions=("2017",))
class CallAfterFinalPass(_Inadmissible):
    """Law 39 (2017): every call after the final pass is cancelled; only a bid, double or
    redouble by a (presumed) defender, not called over by his LHO, may lead to 26B."""

    kind: ClassVar[str] = "call_after_final_pass"
    CANCEL: ClassVar[str] = "39A"
    NOTHING: ClassVar[str] = "39B"
    LEAD: ClassVar[str] = "39C"
    LEAD_LAWS: ClassVar[tuple[str, ...]] = ()
    """The law of the lead restriction itself, where the law of the call does not name it."""

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        assert record is not None
        o = record.seat
        ruling.call = record.index
        ruling.cite(self.CANCEL)
        ops.cancel_call(ruling, record)
        say(ruling, *both("inadmissible.open.6", seat=as_seat(o), call=record.call, CANCEL=self.CANCEL))
        contract = ops.contract
        lho_called = any(c.seat is o.lho and c.index > record.index for c in ops.calls)
        defender = contract is not None and o.side is not contract.declarer.side
        if contract is None or lho_called or not defender or record.call.is_pass:
            ruling.cite(self.NOTHING)
            why = (msg("inadmissible.why.passed_out") if contract is None else
                   msg("inadmissible.why.lho_called", seat=o.lho) if lho_called else
                   msg("inadmissible.why.defender_pass") if defender else
                   msg("inadmissible.why.declarer") if o is contract.declarer else msg("inadmissible.why.dummy"))
            say(ruling, *both("inadmissible.open.7", why=why, NOTHING=self.NOTHING))
            ops.close(ruling)
            return
        ruling.cite(self.LEAD, *self.LEAD_LAWS)
        ruling.flag("16C", "26B")
        ruling.record_fact(LeadPenaltyOwed(o, (record.index,)))
        say(ruling, *both("inadmissible.defender", seat=o, partner=o.partner, law=self.LEAD))
        ops.close(ruling)
        settle(ops)


@implements("39", editions=("1997",))
class CallAfterFinalPass1997(CallAfterFinalPass):
    CANCEL: ClassVar[str] = "39"
    NOTHING: ClassVar[str] = "39"
    LEAD: ClassVar[str] = "39"
    LEAD_LAWS: ClassVar[tuple[str, ...]] = ("26",)  # 1997 39 has no sub-clause for it: Law 26 itself


HANDLERS: list[Handler] = [InadmissibleDouble(), ViolatesPassObligation(), BidAboveSeven(), CallAfterFinalPass()]
OVERRIDES_1997: list[Handler] = [
    InadmissibleDouble1997(), ViolatesPassObligation1997(), BidAboveSeven1997(), CallAfterFinalPass1997(),
]
