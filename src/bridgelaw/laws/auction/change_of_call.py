"""Law 25 (change of call) and the mechanics of Law 21B1 (change after misinformation).

A change reaches this handler two ways: an explicit ``{"change": true}`` call, or a second
call by the player who called last, at his LHO's turn (30B2, 31C, 32C). The substitute is
held back (status ``pending``) while the director rules:

* while partner has not called since the original call, the director is asked whether the
  original call was *unintended* (25A1: a mechanical error or slip of the tongue, not a
  change of mind) and whether the player acted on *misinformation* from an opponent
  (21B1(a)). Either way the substitute replaces the original and is then judged on its own
  (an insufficient substitute goes to Law 27); a call LHO made over the original is
  withdrawn and LHO calls again (25A3 / 21B2), the withdrawn call being authorized to his
  side and unauthorized to the other (16C); no Law 26 restriction.
* otherwise (25B, 2017): LHO may accept the substitute (calling over it accepts it) - the
  original is withdrawn and Law 26 may apply to it (25B1); if not, the substitute is
  cancelled and the original stands, Law 26 may apply (25B2); 16C to whatever is withdrawn.

The 1997 wording (25A "without pause for thought"; 25B2 when not condoned: the offender
lets his original call stand with partner passing once, or keeps the substitute with his
side's score capped at average minus) is the subclass at the end.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from bridgelaw.actions import CallAction
from bridgelaw.i18n import as_seat, both, msg, text
from bridgelaw.laws.auction.common import (
    accepted_by_calling,
    calls_text,
    cancel_later_calls,
    say,
    standing_after,
    standing_before,
)
from bridgelaw.laws.auction.regular import is_legal_call
from bridgelaw.laws.base.facts import LeadPenaltyOwed
from bridgelaw.laws.base.handler import Handler, TableOps, must_pass, option
from bridgelaw.laws.play.exposure import not_allowed
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import JsonMap, Question, Ruling, RulingState

UNINTENDED = Question(
    key="unintended",
    text=both("change_of_call.module")[0],
    text_ru=both("change_of_call.module")[1],
    law="25A1",
)
MISINFORMATION = Question(
    key="misinformation",
    text=both("change_of_call.module.2")[0],
    text_ru=both("change_of_call.module.2")[1],
    law="21B1(a)",
)


@dataclass(frozen=True, slots=True)
class ChangeOfCallState(RulingState):
    """What a change-of-call ruling remembers between its steps: the call the substitute
    would replace, whether the director found misinformation (21B1(a)), and the call LHO
    made over the original, once he is offered to keep or withdraw it (25A3, 21B2)."""

    original: int
    misinformation: bool = False
    lho_call: int | None = None


def _state(ruling: Ruling) -> ChangeOfCallState:
    """The ruling's state, recorded when it is opened over an original call (a missing
    one is a ``KeyError``, as a missing answer is)."""
    st = ruling.fact(ChangeOfCallState)
    if st is None:
        raise KeyError("original")
    return st


def _lho_call(ruling: Ruling) -> int:
    """LHO's call over the original, recorded when he was offered the choice."""
    index = _state(ruling).lho_call
    if index is None:
        raise KeyError("lho_call")
    return index


def original_of(ops: TableOps, record: CallRecord) -> CallRecord | None:
    """The caller's latest standing call before the attempted substitute."""
    mine = [c for c in ops.calls if c.seat is record.seat and c.status == "stands" and c.index < record.index]
    return mine[-1] if mine else None


@implements("25A1", "25A4", "21B1(a)", handling=Handling.DIRECTOR_QUESTION, editions=("2017",))
@implements("25A3", "25A6", "21B2", "25B1", "25B2", "25B3", "16C", "30B2", "31C", "32C", editions=("2017",))
class ChangeOfCall(Handler):
    """Law 25 and 21B1 (2017)."""

    kind: ClassVar[str] = "change_of_call"
    QUESTIONS: ClassVar[tuple[Question, ...]] = (UNINTENDED, MISINFORMATION)

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        assert record is not None
        o = record.seat
        original = original_of(ops, record)
        ruling.call = record.index
        if original is None:
            ruling.cite("25B2")
            ops.cancel_call(ruling, record)
            say(ruling, *both("change_of_call.open", seat=as_seat(o), call=record.call))
            ops.close(ruling)
            return
        ruling.record_fact(ChangeOfCallState(original=original.index))
        say(ruling,
            *both("change_of_call.open.2", seat=as_seat(o), call=original.call, call2=record.call))
        if record.call is original.call:
            ruling.cite("25B2")
            ops.cancel_call(ruling, record)
            say(ruling, *both("change_of_call.open.3"))
            ops.close(ruling)
            return
        partner_called = any(c.seat is o.partner for c in standing_after(ops, original.index))
        if partner_called:
            ruling.cite("25A4")
            say(ruling, *both("change_of_call.open.4", partner=as_seat(o.partner)))
            self.purposeful(ops, ruling, original, record)
            return
        ops.ask_director(ruling, list(self.QUESTIONS))

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        if not any(q.key in decision for q in self.QUESTIONS):
            raise KeyError(self.QUESTIONS[0].key)
        original = ops.calls[_state(ruling).original]
        record = ops.calls[ruling.the_call()]
        for q in self.QUESTIONS:
            if q.key in decision:
                ruling.answers[q.key] = bool(decision[q.key])
        if ruling.answers.get("unintended"):
            if self.LHO_OPTION and self.offer_lho(ops, ruling, original, record, "change_of_call.lho_option"):
                return  # 25A3: LHO may withdraw the call he made over the unintended call
            self.substitute(ops, ruling, original, record, "25A1", "25A3")
        elif ruling.answers.get("misinformation"):
            ruling.record_fact(replace(_state(ruling), misinformation=True))
            if self.offer_lho(ops, ruling, original, record, self.MI_OPTION):
                return  # 21B2: LHO may in turn change the call he made over it, if he wishes
            self.substitute(ops, ruling, original, record, "21B1(a)", "21B2")
        else:
            self.purposeful(ops, ruling, original, record)

    def offer_lho(self, ops: TableOps, ruling: Ruling, original: CallRecord, record: CallRecord, message: str) -> bool:
        """25A3, 21B2: the call LHO made over the replaced call is his to withdraw or keep:
        he is offered the choice (False when he has not called over it)."""
        lho_call = self.lho_call_over(ops, original)
        if lho_call is None:
            return False
        misinformed = _state(ruling).misinformation
        ruling.cite(*self.MI_LAWS if misinformed else ("25A1", "25A3"))
        ruling.record_fact(replace(_state(ruling), lho_call=lho_call.index))
        extra = {"law": self.MI_LAWS[0]} if misinformed else {}
        if not _may_keep(ops, original, record, lho_call):  # his call is not one he may make over the new one
            message = _MUST_CHANGE[message]  # said so: keeping it is refused (``check_choice``)
        say(ruling, *both(message, lho=as_seat(lho_call.seat), call=lho_call.call, call2=record.call, **extra))
        ops.offer(ruling, [
            option("withdraw_own_call", lho_call.seat, *both("change_of_call.lho_withdraw")),
            option("keep_own_call", lho_call.seat, *both("change_of_call.lho_keep")),
        ])
        return True

    MI_LAWS: ClassVar[tuple[str, str]] = ("21B1(a)", "21B2")
    """The player's change after misinformation and LHO's own change that may follow it."""

    MI_OPTION: ClassVar[str] = "change_of_call.lho_option_21B2"
    DECLINE_LABEL: ClassVar[str] = "change_of_call.purposeful.3"  # what not accepting the change brings
    """What LHO is told when the change after misinformation is allowed: 2017 21B1(a)'s test
    is that the call could well have been influenced by the misinformation."""

    LHO_OPTION: ClassVar[bool] = True
    """25A3 (2017): LHO's call over the unintended call is withdrawn only if he wishes."""

    @staticmethod
    def lho_call_over(ops: TableOps, original: CallRecord) -> CallRecord | None:
        """The call LHO made over ``original`` (partner has not called: 25A1 applies)."""
        after = [c for c in standing_after(ops, original.index) if c.seat is original.seat.lho]
        return after[0] if after else None

    def check_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        """25A6: LHO may keep his call only if it is still a call he may make over the
        substitute (a bid that became insufficient must be withdrawn)."""
        if option_id != "keep_own_call":
            return
        law = self.MI_LAWS[1] if _state(ruling).misinformation else "25A6"
        original = ops.calls[_state(ruling).original]
        record = ops.calls[ruling.the_call()]
        lho_call = ops.calls[_lho_call(ruling)]
        if not _may_keep(ops, original, record, lho_call):
            not_allowed(ops, text("change_of_call.refuse.keep", seat=lho_call.seat, call=lho_call.call, call2=record.call, law=law))

    def keep_lho_call(self, ops: TableOps, ruling: Ruling, original: CallRecord, record: CallRecord) -> None:
        """25A6 / 21B2: the substitute replaces the original call and LHO's call stands over it."""
        lho_call = ops.calls[_lho_call(ruling)]
        misinformed = _state(ruling).misinformation
        law = self.MI_LAWS[1] if misinformed else "25A6"
        # the original may have stood by a law that accepted it (29A: LHO called over a call
        # out of rotation); the substitute takes its place in the auction, and that with it
        accepted_by = original.law if original.status == "stands" else None
        ruling.flag("16C")
        # calls made after both the substitute and LHO's call were made over an auction that
        # no longer stands (a call out of rotation, a further change): they go, so that the
        # auction goes on from LHO's kept call, as it does when he withdraws it
        later = cancel_later_calls(ops, ruling, max(record.index, lho_call.index))
        ops.cancel_call(ruling, original)
        ops.cancel_call(ruling, lho_call)
        ops.stand_call(ruling, record)
        if accepted_by is not None:
            record.law = accepted_by
        ops.restate_call(ruling, lho_call, law)
        say(ruling, *both("change_of_call.lho_kept_21B2" if misinformed else "change_of_call.lho_kept",
                          lho=as_seat(lho_call.seat), call=lho_call.call, call0=original.call, call2=record.call,
                          seat=record.seat, law=law))
        if later:
            say(ruling, *both("change_of_call.later_calls_cancelled", calls_text=calls_text(later)))
        ops.close(ruling)

    # -- 25A / 21B1: the substitute replaces the original -------------------------------------
    def substitute(
        self, ops: TableOps, ruling: Ruling, original: CallRecord, record: CallRecord, law: str, lho_law: str
    ) -> None:
        o = record.seat
        ruling.cite(law)
        ruling.flag("16C")
        ops.cancel_call(ruling, original)
        withdrawn = cancel_later_calls(ops, ruling, original.index)
        if withdrawn:  # LHO's law only when a call of his went with the original: else the replacement decides
            ruling.cite(lho_law)
        if _state(ruling).lho_call is not None:  # the offer to LHO said the replacement: its effect only
            say(ruling, *both("change_of_call.substitute.offered", call2=record.call, law=law))
        else:
            why = msg("change_of_call.why.unintended" if law.startswith("25") else "change_of_call.why.misinformation")
            say(ruling,
                *both("change_of_call.substitute", call=original.call, why=why, call2=record.call, law=law))
        if withdrawn:
            # 25A6: LHO's withdrawn call is authorized to his side; after misinformation his
            # side is the one that misinformed, so 16C makes it unauthorized to it (21B2)
            key = "change_of_call.lho_withdrawn_21B2" if lho_law == self.MI_LAWS[1] else "change_of_call.lho_withdrawn"
            say(ruling, *both(key, lho=o.lho, call=withdrawn[0].call, original=original.call, seat=o, law=lho_law))
        ops.close(ruling)
        ops.judge_call(ruling, record)

    # -- 25B: a change of mind ---------------------------------------------------------------
    def purposeful(self, ops: TableOps, ruling: Ruling, original: CallRecord, record: CallRecord) -> None:
        o = record.seat
        between = [c for c in standing_after(ops, original.index) if c.index < record.index]
        before = standing_before(ops, original.index)
        lawful = not between and is_legal_call(before, o, record.call)
        over = standing_after(ops, record.index)
        if (
            lawful and len(over) == 1 and over[0].seat is o.lho
            and is_legal_call([*before, (o, record.call)], o.lho, over[0].call)
        ):
            # LHO called over the substitute, and nothing since: he accepted it (25B1)
            self.accept(ops, ruling, condoned=True)
            return
        if lawful and not standing_after(ops, record.index):
            ruling.cite("25B1")
            say(ruling, *both("change_of_call.purposeful", lho=as_seat(o.lho), call=record.call, call2=original.call))
            ops.offer(ruling, [
                option("accept", o.lho, *both("change_of_call.purposeful.2")),
                option("decline", o.lho, *both(self.DECLINE_LABEL)),
            ])
            return
        self.not_accepted(ops, ruling, original, record)

    @implements("25B1", editions=("2017", "1997"))
    def implied_by_call(self, ops: TableOps, ruling: Ruling, action: CallAction) -> str | None:
        """LHO calling over the substitute instead of choosing accepts it (25B1)."""
        return accepted_by_calling(ruling, action)

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        original = ops.calls[_state(ruling).original]
        record = ops.calls[ruling.the_call()]
        if option_id == "withdraw_own_call":
            self.substitute(ops, ruling, original, record, *self.MI_LAWS if _state(ruling).misinformation else ("25A1", "25A3"))
        elif option_id == "keep_own_call":
            self.keep_lho_call(ops, ruling, original, record)
        elif option_id == "accept":
            self.accept(ops, ruling, condoned=False)
        else:
            self.not_accepted(ops, ruling, original, record)

    def accept(self, ops: TableOps, ruling: Ruling, *, condoned: bool) -> None:
        original = ops.calls[_state(ruling).original]
        record = ops.calls[ruling.the_call()]
        o = record.seat
        ruling.cite("25B1")
        ruling.flag("16C", "26B")
        ops.cancel_call(ruling, original)
        ops.stand_call(ruling, record)
        record.law = "25B1"
        ruling.record_fact(LeadPenaltyOwed(o, (original.index,)))
        how = (msg("out_of_rotation.how.called_over", seat=o.lho, call=record.call) if condoned
               else msg("out_of_rotation.how.accepted", seat=o.lho))
        say(ruling, *both("change_of_call.accepted", how=how, call=record.call, original=original.call, partner=o.partner))
        ops.close(ruling)

    def not_accepted(self, ops: TableOps, ruling: Ruling, original: CallRecord, record: CallRecord) -> None:
        """25B2 (2017): the substitute is cancelled, the original stands; 26 may apply."""
        o = record.seat
        ruling.cite("25B2")
        ruling.flag("16C", "26B")
        ops.cancel_call(ruling, record)
        ruling.record_fact(LeadPenaltyOwed(o, (record.index,)))
        say(ruling, *both("change_of_call.cancelled", call=record.call, original=original.call, partner=o.partner))
        ops.close(ruling)


INADVERTENT_1997 = Question(
    key="unintended",
    text=both("change_of_call.module.3")[0],
    text_ru=both("change_of_call.module.3")[1],
    law="25A",
)
# 1997 21B1 has no sub-letters, and its test is that the call was probably made because of
# the misinformation (2017: "could well have been influenced")
MISINFORMATION_1997 = Question(
    key="misinformation",
    text=both("change_of_call.module.misinformation_1997")[0],
    text_ru=both("change_of_call.module.misinformation_1997")[1],
    law="21B1",
)


@implements("25A", "25B1", "25B2(a)", "25B2(b)(1)", "25B2(b)(2)", "25B2(c)", "21B2", editions=("1997",))
@implements("21B1", handling=Handling.DIRECTOR_QUESTION, editions=("1997",))
class ChangeOfCall1997(ChangeOfCall):
    """Law 25 in the 1997 wording: an inadvertent call corrected without pause for thought
    (25A); otherwise, until LHO calls, the substitute may be condoned (25B1); if not, the
    offender either lets his first call stand and partner passes once (25B2(b)(1)), or
    keeps another legal call and his side scores at most average minus (25B2(b)(2));
    Law 26 may apply either way (25B2(c))."""

    QUESTIONS: ClassVar[tuple[Question, ...]] = (INADVERTENT_1997, MISINFORMATION_1997)
    LHO_OPTION: ClassVar[bool] = False  # the 1997 wording is kept as it was: his call is withdrawn
    MI_LAWS: ClassVar[tuple[str, str]] = ("21B1", "21B2")  # 1997 21B1 has no sub-letters
    MI_OPTION: ClassVar[str] = "change_of_call.lho_option_21B2_1997"
    DECLINE_LABEL: ClassVar[str] = "change_of_call.purposeful.3.1997"  # the offender then chooses (25B2(b))

    def substitute(
        self, ops: TableOps, ruling: Ruling, original: CallRecord, record: CallRecord, law: str, lho_law: str
    ) -> None:
        super().substitute(ops, ruling, original, record, "25A" if law.startswith("25") else self.MI_LAWS[0], lho_law)

    def not_accepted(self, ops: TableOps, ruling: Ruling, original: CallRecord, record: CallRecord) -> None:
        o = record.seat
        before = standing_before(ops, original.index)
        if standing_after(ops, original.index) or not is_legal_call(before, o, record.call):
            # LHO has called since (1997 25B: only "until LHO calls"), or the substitute
            # would not be a lawful call there: it is cancelled and the original stands.
            super().not_accepted(ops, ruling, original, record)
            return
        ruling.cite("25B2(b)")
        say(ruling, *both("change_of_call.not_condoned_1997", seat=o, original=original.call, partner=o.partner, call=record.call))
        ops.offer(ruling, [
            option("original_stands", o, *both("change_of_call.not_accepted.3")),
            option("keep_substitute", o, *both("change_of_call.not_accepted.4")),
        ])

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        original = ops.calls[_state(ruling).original]
        record = ops.calls[ruling.the_call()]
        o = record.seat
        if option_id == "original_stands":
            ruling.cite("25B2(b)(1)", "25B2(c)")
            ruling.flag("16C", "26")
            ops.cancel_call(ruling, record)
            ops.restrict(ruling, must_pass(o.partner, "next_turn", "25B2(b)(1)", ruling))
            ruling.record_fact(LeadPenaltyOwed(o, (record.index,)))
            say(ruling, *both("change_of_call.on_choice", call=original.call, partner=as_seat(o.partner)))
            ops.close(ruling)
        elif option_id == "keep_substitute":
            ruling.cite("25B2(b)(2)", "25B2(c)")
            ruling.flag("16C", "26", "25B2(b)(2)")
            ops.cancel_call(ruling, original)
            ops.stand_call(ruling, record)
            record.law = "25B2(b)(2)"
            ruling.record_fact(LeadPenaltyOwed(o, (original.index,)))
            say(ruling, *both("change_of_call.on_choice.2", call=record.call))
            ops.close(ruling)
        else:
            super().on_choice(ops, ruling, option_id, params)


HANDLERS: list[Handler] = [ChangeOfCall()]
OVERRIDES_1997: list[Handler] = [ChangeOfCall1997()]


_MUST_CHANGE = {
    "change_of_call.lho_option": "change_of_call.lho_option.must",
    "change_of_call.lho_option_21B2": "change_of_call.lho_option_21B2.must",
    "change_of_call.lho_option_21B2_1997": "change_of_call.lho_option_21B2_1997.must",
}
"""What LHO is told when the call he made over the replaced one cannot stand over the new one."""


def _may_keep(ops: TableOps, original: CallRecord, record: CallRecord, lho_call: CallRecord) -> bool:
    """Whether LHO's call may stand over the call that replaced ``original`` (a bid that
    became insufficient may not: 25A6, 21B2)."""
    before = standing_before(ops, original.index)
    o = record.seat
    return is_legal_call(before, o, record.call) and is_legal_call([*before, (o, record.call)], lho_call.seat, lho_call.call)
