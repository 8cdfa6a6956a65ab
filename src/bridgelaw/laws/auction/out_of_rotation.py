"""Laws 28-34 (and 17D3): calls out of rotation.

The Table classifies a call made when it was not the caller's turn as
``call_out_of_rotation`` (after Law 28A: a call at RHO's turn while RHO must pass is in
rotation, and the Table records RHO's pass). A second call by the player who called last
(at his LHO's turn) is a change of call (30B2, 31C, 32C) and goes to Law 25 instead.

This handler then rules in the order the Laws give:

* 28B - the player whose turn it was calls before the director rules: his call is in
  rotation and the call out of rotation is void, with no rectification (16C2 applies);
* 29A - the offender's LHO may accept the call by calling over it (or by choosing
  ``accept``); 29B - otherwise it is cancelled and the auction goes back to the player whose
  turn it was;
* then by the kind of call (30 natural pass, 31 bid / artificial pass / pass of partner's
  artificial call, 32 double or redouble; an inadmissible double or redouble goes to 36)
  and by whose turn it was (RHO's, or partner's / LHO's before the offender's first call);
* 17D3 / 34 - three passes that end the auction, one of them out of rotation and accepted,
  do not end it while a player was robbed of his turn.

Whether the offender's later call is *comparable* (23A) is the director's question. The
1997 wording (fixed rectifications by denomination, partner passing throughout) is the
subclass at the end.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, Literal

from bridgelaw.actions import CallAction
from bridgelaw.core.calls import CallKind
from bridgelaw.core.cards import Seat
from bridgelaw.i18n import as_seat, both, msg, put
from bridgelaw.laws.auction.call_irregularities import inadmissible, which_law
from bridgelaw.laws.auction.common import (
    accepted_by_calling,
    called_over,
    cancel_later_calls,
    denominations,
    is_regular,
    lho_called_over,
    obliged_to_pass,
    revert_after,
    say,
    shows,
    standing_before,
    turn_before,
)
from bridgelaw.laws.auction.comparable import (
    ask_comparable,
    comparable_answer,
    comparable_relief,
    take_replacement,
)
from bridgelaw.laws.auction.regular import (
    is_sufficient,
    last_bid,
    next_to_call,
)
from bridgelaw.laws.base.facts import LeadPenaltyOwed
from bridgelaw.laws.base.handler import Handler, TableOps, must_pass, option
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import JsonMap, Restriction, RestrictionKind, Ruling, RulingState, Until

Position = Literal["rho", "partner"]
RHO: Position = "rho"
PARTNER: Position = "partner"


@dataclass(frozen=True, slots=True)
class OutOfRotationState(RulingState):
    """What a call-out-of-rotation ruling remembers between its steps: whose turn it was, the
    law of the kind of call (30, 31, 32) and the turn's position; once accepted (29A), the
    players whose turn it robbed (17D3, 34); the laws judging the offender's later call (23A);
    the withdrawn call Law 26 may apply to; (1997 30B2) the partner barred from doubling."""

    turn: Seat
    law: int
    position: Position
    skipped: tuple[Seat, ...] = ()
    accepted: bool = False
    rectify: tuple[str, str] | None = None
    withdrawn: int | None = None
    barred: Seat | None = None
    at_rho: str | None = None  # not accepted at RHO's turn: 31A / 32A (1997 32B); then RHO's call:
    rho_called: Literal["pass", "call"] | None = None


def _state(ruling: Ruling) -> OutOfRotationState:
    """The ruling's state, recorded when the director rules on the call (a missing one is
    a ``KeyError``, as a missing answer is)."""
    st = ruling.fact(OutOfRotationState)
    if st is None:
        raise KeyError("turn")
    return st


def _rectify(ruling: Ruling) -> tuple[str, str]:
    """The laws for the offender's later call: comparable, and not (23A)."""
    laws = _state(ruling).rectify
    if laws is None:
        raise KeyError("rectify")
    return laws


def _ruled_on(ruling: Ruling, turn: Seat, law: int, position: Position) -> None:
    st = ruling.fact(OutOfRotationState)
    fresh = OutOfRotationState(turn, law, position)
    ruling.record_fact(fresh if st is None else replace(st, turn=turn, law=law, position=position))


@implements("28A", "28B", "29A", "29B", "30A", "30B1(a)", "30B1(b)", "30B2", "30C", "31A1", "31A2(a)",
            "31A2(b)", "31B", "31C", "32A1", "32A2(a)", "32A2(b)", "32B", "32C", "17D3", "34", "16C2",
            editions=("2017",))
@implements("31A2", "32A2", "30B1(b)(i)", "23C", handling=Handling.DIRECTOR_QUESTION, editions=("2017",))
class CallOutOfRotation(Handler):
    """Laws 28-32 and 17D3 (2017)."""

    kind: ClassVar[str] = "call_out_of_rotation"
    RETAIN_LAW: ClassVar[str] = "17D3"
    CONDONED_INADMISSIBLE: ClassVar[str] = "36A"
    INADMISSIBLE_OOR: ClassVar[str] = "36B4"
    IB_OUT_OF_ROTATION: ClassVar[str] = "27A2"
    # the review flag for the lead restrictions that may follow, and the texts that state
    # the partner's obligation (1997: a PENALTY; its Law 26 clause depends on the withdrawn
    # call, 26A for one that named suits, so the flag is the Law as a whole)
    LEAD_FLAG: ClassVar[str] = "26B"
    MUST_PASS_MSG: ClassVar[str] = "out_of_rotation.must_pass"
    LEAD_MSG: ClassVar[str] = "out_of_rotation.silence_partner.2"

    def at_rho(self, law: int) -> str:
        """The section for a call out of rotation at RHO's turn: 31A / 32A (2017)."""
        return f"{law}A"

    # -- the director arrives ----------------------------------------------------------
    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        assert record is not None
        o = record.seat
        rightful = turn_before(ops, record.index)
        law = which_law(ops, record)
        pos = RHO if rightful is o.rho else PARTNER
        ruling.call = record.index
        _ruled_on(ruling, rightful, law, pos)
        say(ruling,
            *both("out_of_rotation.open", seat=as_seat(o), call=record.call, rightful=as_seat(rightful)))
        if inadmissible(ops, record):
            self.inadmissible_double(ops, ruling, record)
            return
        if record.call.is_bid and record.call.admissible_level and not is_sufficient(standing_before(ops, record.index), record.call):
            ruling.cite(self.IB_OUT_OF_ROTATION)
            say(ruling,
                *both("out_of_rotation.open.2", IB_OUT_OF_ROTATION=self.IB_OUT_OF_ROTATION))
        if lho_called_over(ops, record) is not None:
            self.accept(ops, ruling, record, condoned=True)
            return
        ruling.cite("29A")
        say(ruling,
            *both("out_of_rotation.open.3", lho=as_seat(o.lho)))
        ops.offer(ruling, [
            option("accept", o.lho, *both("out_of_rotation.open.4")),
            option("decline", o.lho, *both("out_of_rotation.open.5")),
        ])

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        record = ops.calls[ruling.the_call()]
        if option_id == "accept":
            self.accept(ops, ruling, record, condoned=False)
        else:
            self.cancel(ops, ruling, record)

    # -- 28B: the rightful player calls first -------------------------------------------
    @implements("29A", editions=("2017", "1997"))
    def implied_by_call(self, ops: TableOps, ruling: Ruling, action: CallAction) -> str | None:
        """The opponent who may accept the call out of rotation calling over it instead of
        choosing forfeits the right to penalise it: it is accepted (29A)."""
        return accepted_by_calling(ruling, action)

    def on_premature_call(self, ops: TableOps, ruling: Ruling, new: CallRecord) -> bool:
        """28B: before the director rules, the player whose turn it was calls: his call is
        in rotation, the call out of rotation is void and not rectified; 16C2 applies."""
        from bridgelaw.rulings import RulingStatus

        if ruling.status is not RulingStatus.AWAITING_DIRECTOR:
            return False
        record = ops.calls[ruling.call] if ruling.call is not None else None
        if record is None or record.status != "stands":
            return False
        later = [c for c in ops.calls if c.status == "stands" and c.index > record.index]
        rightful = turn_before(ops, record.index)
        if later or new.seat is not rightful or rightful is record.seat.lho:
            return False
        o = record.seat
        ruling.cite("28B")
        ruling.flag("16C")
        ops.cancel_call(ruling, record)
        put(ruling, "", "")
        say(ruling,
            *both("out_of_rotation.on_premature_call.2", seat=as_seat(o), call=record.call, rightful=as_seat(rightful), partner=as_seat(o.partner)))
        ops.close(ruling)
        return False  # the Table now judges the rightful player's call as usual

    # -- 29A: accepted ------------------------------------------------------------------
    def accept(self, ops: TableOps, ruling: Ruling, record: CallRecord, *, condoned: bool) -> None:
        o = record.seat
        ruling.cite("29A")
        ops.stand_call(ruling, record)
        record.law = "29A"
        seats: list[Seat] = []
        s = _state(ruling).turn
        while s is not o:
            seats.append(s)
            s = s.lho
        ruling.record_fact(replace(_state(ruling), skipped=tuple(seats), accepted=True))
        how = (msg("out_of_rotation.how.called_over", seat=o.lho, call=record.call) if condoned
               else msg("out_of_rotation.how.accepted", seat=o.lho))
        who = seats[0] if len(seats) == 1 else msg("claims.seats_and", head=seats[:-1], last=seats[-1])
        say(ruling, *both("out_of_rotation.accepted", how=how, call=record.call, skipped=who, n=len(seats)))
        ops.close(ruling)

    # -- a call out of rotation made over an irregular call that was not accepted ----------
    def on_cancelled_call(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> bool:
        """The call was made over another irregular call before the director came, and went
        with it when that call was not accepted (27B, 29B, 36B: ``revert_after``). It was
        still a call out of rotation: not accepted either (the auction it was made over is
        gone), it stays cancelled (29B) and its own law rectifies it (30, 31, 32; 36B4 for
        an inadmissible double), by whose turn it was when it was made. Nothing is left to
        rule on when the auction has come back to its caller (he calls at his turn now), or
        when the call went for another reason (36A, 38B: every later call cancelled)."""
        made = called_over(ops, record)
        if made is None or next_to_call(list(ops.standing), ops.dealer) is record.seat:
            return False
        rightful, inadmissible_then = made
        o = record.seat
        law = which_law(ops, record)
        pos = RHO if rightful is o.rho else PARTNER
        ruling.call = record.index
        _ruled_on(ruling, rightful, law, pos)
        say(ruling, *both("out_of_rotation.open", seat=as_seat(o), call=record.call, rightful=as_seat(rightful)))
        say(ruling, *both("out_of_rotation.called_over", call=record.call, law=record.law or "29B"))
        if inadmissible_then:
            self.inadmissible_rectify(ops, ruling, record)
            return True
        ruling.cite("29B")
        ruling.flag("16C")
        self.rectify(ops, ruling, record)
        return True

    # -- 29B: cancelled, then 30 / 31 / 32 -------------------------------------------------
    def cancel(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        ruling.cite("29B")
        ruling.flag("16C")
        ops.cancel_call(ruling, record)
        revert_after(ops, ruling, record)
        rightful = _state(ruling).turn
        say(ruling, *both("out_of_rotation.not_accepted", call=record.call, seat=rightful))
        self.rectify(ops, ruling, record)

    def rectify(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        """30 / 31 / 32 by the kind of call and whose turn it was."""
        law, pos = _state(ruling).law, _state(ruling).position
        if law == 30 and pos == RHO:
            self.pass_at_rho(ops, ruling, record)
        elif law == 30:
            self.pass_at_partner(ops, ruling, record)
        elif pos == RHO:
            self.call_at_rho(ops, ruling, record)
        else:
            self.call_at_partner(ops, ruling, record)

    def pass_at_rho(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        """30A: the offender must pass at his next turn."""
        o = record.seat
        ruling.cite("30A")
        ruling.flag("72C")
        ops.restrict(ruling, must_pass(o, "next_turn", "30A", ruling))
        say(ruling,
            *both("out_of_rotation.pass_at_rho", seat=as_seat(o)))
        ops.close(ruling)

    def pass_at_partner(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        """30B1: partner calls freely (the cancelled pass is UI to him, 16C2); at his turn the
        offender makes any legal call, judged for comparability (30B1(b))."""
        o = record.seat
        ruling.cite("30B1(a)")
        ruling.record_fact(replace(_state(ruling), rectify=("30B1(b)(i)", "30B1(b)(ii)")))
        say(ruling,
            *both("out_of_rotation.pass_at_partner", partner=as_seat(o.partner), seat=as_seat(o)))
        ops.expect_call(ruling, o)

    def call_at_rho(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        """31A / 32A: what the offender may do depends on RHO's call."""
        o = record.seat
        law = self.at_rho(_state(ruling).law)
        ruling.record_fact(replace(_state(ruling), rectify=(f"{law}2(a)", f"{law}2(b)"), at_rho=law))
        say(ruling,
            *both("out_of_rotation.call_at_rho", rho=as_seat(o.rho), seat=as_seat(o), call=record.call, law=law))
        ops.expect_call(ruling, None)  # RHO's call decides; then the offender's

    def call_at_partner(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        """31B / 32B: partner calls freely (16C2); the offender's later call is judged as 31A2 / 32A2."""
        o = record.seat
        law = _state(ruling).law
        ruling.cite(f"{law}B")
        ruling.record_fact(replace(_state(ruling), rectify=(f"{law}A2(a)", f"{law}A2(b)")))
        say(ruling,
            *both("out_of_rotation.call_at_partner", partner=as_seat(o.partner), call=record.call, law=law, seat=as_seat(o)))
        ops.expect_call(ruling, o)

    # -- the offender's call at his turn --------------------------------------------------
    def on_call(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> bool:
        original = ops.calls[ruling.the_call()]
        o = original.seat
        standing = standing_before(ops, record.index)
        if record.seat is not o or turn_before(ops, record.index) is not o:
            self.watch_rho(ops, ruling, record)
            return False  # not the offender's turn yet: an ordinary (or another irregular) call
        if obliged_to_pass(ops, o):
            return self.obliged(ops, ruling, original, record)
        rho_call = standing[-1] if standing else None
        must_repeat = (
            _state(ruling).position == RHO and rho_call is not None and rho_call[0] is o.rho and rho_call[1].is_pass
        )
        law = _state(ruling).law
        if must_repeat:
            return self.repeat(ops, ruling, original, record, f"{self.at_rho(law)}1")
        if not is_regular(ops, record):
            say(ruling,
                *both("out_of_rotation.on_call", seat=as_seat(o), call=record.call))
            ops.close(ruling)
            return False
        self.judge_replacement(ops, ruling, original, record)
        return True

    def obliged(self, ops: TableOps, ruling: Ruling, original: CallRecord, record: CallRecord) -> bool:
        """At his turn the offender is obliged to pass under another law (e.g. 27B2 after
        his partner's insufficient bid was replaced): that obligation prevails, so he does
        not repeat his call (31A1, 32A1) and his pass is no choice to judge (31A2, 31B):
        no further rectification for the call out of rotation, which stays unauthorized
        information to his partner (16C). A bid he makes instead is judged by Law 37."""
        o = original.seat
        for r in [r for r in ops.restrictions if r.kind == "must_repeat" and r.seat is o]:
            ops.lift(ruling, r)
        laws = ", ".join(r.law for r in ops.restrictions if r.seat is o and r.kind == "must_pass")
        say(ruling, *both("out_of_rotation.obliged_to_pass", seat=as_seat(o), call=original.call, law=laws))
        ops.close(ruling)
        return False  # the Table judges his call: a pass stands, anything else is Law 37's

    def watch_rho(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        """31A1 / 32A1: when RHO passes at his turn, the offender must repeat his call: the
        obligation is shown as a ``must_repeat`` restriction until he does."""
        o = ops.calls[ruling.the_call()].seat
        state = _state(ruling)
        if state.position != RHO or record.seat is not o.rho or turn_before(ops, record.index) is not o.rho:
            return
        ruling.record_fact(replace(state, rho_called=state.rho_called or ("pass" if record.call.is_pass else "call")))
        if record.call.is_pass and not obliged_to_pass(ops, o) and not any(
                r.kind == "must_repeat" and r.seat is o for r in ops.restrictions):
            law = f"{self.at_rho(state.law)}1"
            ruling.cite(law)
            ops.restrict(ruling, Restriction(seat=o, kind="must_repeat", until="next_turn", law=law, ruling=ruling.id))

    def repeat(self, ops: TableOps, ruling: Ruling, original: CallRecord, record: CallRecord, law: str) -> bool:
        """31A1 / 32A1: RHO passed, so the offender must repeat his call; if that is lawful,
        there is no rectification; if it is not, its own law applies."""
        o = original.seat
        ruling.cite(law)
        if record.call is not original.call:
            ops.cancel_call(ruling, record)
            say(ruling,
                *both("out_of_rotation.repeat", seat=as_seat(o), call=record.call, call2=original.call, law=law))
            return True
        if not is_regular(ops, record):
            for r in [r for r in ops.restrictions if r.kind == "must_repeat" and r.seat is o]:
                ops.lift(ruling, r)
            say(ruling,
                *both("out_of_rotation.repeat.2", seat=as_seat(o), call=record.call, law=law))
            ops.close(ruling)
            return False
        ops.stand_call(ruling, record)
        for r in [r for r in ops.restrictions if r.kind == "must_repeat" and r.seat is o]:
            ops.lift(ruling, r)
        if "16C" in ruling.flags:  # the repeated call says what the cancelled one said
            ruling.flags.remove("16C")
        say(ruling,
            *both("out_of_rotation.repeat.3", seat=as_seat(o), call=record.call, law=law))
        ops.close(ruling)
        return True

    def judge_replacement(self, ops: TableOps, ruling: Ruling, original: CallRecord, record: CallRecord) -> None:
        """2017: comparable (23A) -> nothing more; otherwise partner passes once. The
        director's question."""
        ask_comparable(ops, ruling, record)

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        comparable = comparable_answer(ruling, decision)
        record = ops.calls[take_replacement(ruling)]
        law_a, law_b = _rectify(ruling)
        if comparable:
            comparable_relief(ruling, law_a)
            say(ruling,
                *both("out_of_rotation.on_decision", call=record.call, law_a=law_a))
            ops.close(ruling)
            return
        self.silence_partner(ops, ruling, record, law_b, "next_turn")

    def silence_partner(
        self, ops: TableOps, ruling: Ruling, record: CallRecord, law: str, until: str, *, lead: bool = True
    ) -> None:
        o = record.seat
        p = o.partner
        ruling.cite(law)
        ruling.flag("16C", "72C")
        ops.restrict(ruling, must_pass(p, until, law, ruling))
        if lead:
            ruling.flag(self.LEAD_FLAG)
            withdrawn = _state(ruling).withdrawn
            ruling.record_fact(LeadPenaltyOwed(o, (ruling.the_call() if withdrawn is None else withdrawn,)))
        when = msg("out_of_rotation.until.next_turn" if until == "next_turn" else "out_of_rotation.until.end")
        say(ruling, *both(self.MUST_PASS_MSG, seat=o, call=record.call, partner=p, when=when, law=law))
        if lead:
            say(ruling,
                *both(self.LEAD_MSG, seat=as_seat(o), seat2=as_seat(p)))
        ops.close(ruling)

    # -- a double or redouble Law 19 does not permit, out of rotation (32 -> 36) -------------
    def inadmissible_double(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        o = record.seat
        if lho_called_over(ops, record) is not None:
            law = self.CONDONED_INADMISSIBLE
            ruling.cite(law)
            ops.cancel_call(ruling, record)
            later = cancel_later_calls(ops, ruling, record.index)
            say(ruling, *both("out_of_rotation.inadmissible_condoned", call=record.call, seat=o, lho=o.lho, k=len(later),
                              later=msg("count.later_calls", n=len(later)), law=law))
            ops.close(ruling)
            return
        ruling.cite(self.INADMISSIBLE_OOR)
        ops.cancel_call(ruling, record)
        revert_after(ops, ruling, record)
        self.inadmissible_rectify(ops, ruling, record)

    def inadmissible_rectify(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        """36B4: the offender calls at his turn; his partner passes throughout; 26B, 72C."""
        o = record.seat
        law = self.INADMISSIBLE_OOR
        ruling.cite(law)
        ruling.flag("16C", self.LEAD_FLAG, "72C")
        ops.restrict(ruling, must_pass(o.partner, "end_of_auction", law, ruling))
        ruling.record_fact(LeadPenaltyOwed(o, (record.index,)))
        say(ruling,
            *both("out_of_rotation.inadmissible_double.2", call=record.call, seat=as_seat(o), partner=as_seat(o.partner), law=law))
        ops.close(ruling)

    # -- 28A ------------------------------------------------------------------------------
    @implements("28A", editions=("2017", "1997"))
    def deemed_pass(self, ops: TableOps, seat: Seat) -> Seat | None:
        """28A: a call at RHO's turn is in rotation when RHO is obliged to pass; RHO's pass is
        recorded for him. Not online, where every call is made in turn."""
        turn = ops.to_call()
        if ops.config.mode == "online" or seat is turn or seat.rho is not turn or ops.must_pass(turn) is None:
            return None
        return turn

    # -- 17D3 / 34 ------------------------------------------------------------------------
    def retain_right_to_call(self, ops: TableOps) -> bool:
        """17D3 (34): the auction would end, but one of the closing passes was an accepted
        pass out of rotation that robbed a player of his turn: it reverts to that player
        and the passes from the one out of rotation on are cancelled."""
        stands = [c for c in ops.calls if c.status == "stands"]
        last3 = stands[-3:]
        for r in ops.rulings:
            st = r.fact(OutOfRotationState)
            if r.kind != self.kind or st is None or not st.accepted or not st.skipped:
                continue
            rec = ops.calls[r.the_call()]
            if rec not in last3 or not rec.call.is_pass:
                continue
            skipped = st.skipped
            if any(c.seat in skipped and c.index > rec.index for c in stands):
                continue
            r.cite("34", self.RETAIN_LAW)
            ops.cancel_call(r, rec)
            later = cancel_later_calls(ops, r, rec.index)
            who = skipped[0]
            r.record_fact(replace(st, accepted=False))
            say(r, *both("out_of_rotation.robbed", seat=rec.seat, who=who, k=1 + len(later),
                         passes=msg("count.passes_cancelled", n=1 + len(later)), law=self.RETAIN_LAW))
            r.flag("16C")
            return True
        return False


@implements("29A", "29B", "29C", "30A", "30B1", "30B2", "30C", "31A1", "31A2(a)", "31A2(b)", "31B", "32A", "32B1",
            "32B2", "34", "35A", "36", "26", editions=("1997",))
class CallOutOfRotation1997(CallOutOfRotation):
    """Laws 29-32 and 34 in the 1997 wording: no comparable call, fixed penalties.

    * pass out of rotation before any bid: pass once (30A); after a bid, at RHO's turn:
      pass once (30B1); at partner's turn: the offender passes throughout (30B2);
    * bid out of rotation at RHO's turn, RHO having called: the same denomination -> partner
      passes once (31A2(a)); another -> partner passes throughout, Law 26 (31A2(b));
      at partner's turn (or LHO's before the offender called): partner passes throughout (31B);
    * double/redouble out of rotation at partner's turn: partner passes throughout (32A); at
      RHO's turn: RHO passes -> repeat (32B1); RHO calls -> any legal call, partner passes
      throughout (32B2). (1997 letters 32 the other way round from 2017.)
    """

    RETAIN_LAW: ClassVar[str] = "34"
    CONDONED_INADMISSIBLE: ClassVar[str] = "35A"
    INADMISSIBLE_OOR: ClassVar[str] = "36"
    IB_OUT_OF_ROTATION: ClassVar[str] = "27C"  # 1997 27C: an insufficient bid out of rotation -> Law 31
    LEAD_FLAG: ClassVar[str] = "26"
    MUST_PASS_MSG: ClassVar[str] = "out_of_rotation.must_pass_1997"
    LEAD_MSG: ClassVar[str] = "out_of_rotation.silence_partner_1997"

    def pass_at_rho(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        o = record.seat
        law = "30A" if last_bid(standing_before(ops, record.index)) is None else "30B1"
        ruling.cite(law)
        ruling.flag("23")
        ops.restrict(ruling, must_pass(o, "next_turn", law, ruling))
        say(ruling, *both("out_of_rotation.pass_at_rho.2", seat=as_seat(o), law=law))
        ops.close(ruling)

    def pass_at_partner(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        o = record.seat
        if last_bid(standing_before(ops, record.index)) is None:
            self.pass_at_rho(ops, ruling, record)
            return
        ruling.cite("30B2")
        ruling.flag("23")
        ops.restrict(ruling, must_pass(o, "end_of_auction", "30B2", ruling))
        say(ruling,
            *both("out_of_rotation.pass_at_partner.2", seat=as_seat(o), partner=as_seat(o.partner)))
        # the partner's bar is enforced, not only stated: it is a restriction until he calls
        bar = Restriction(seat=o.partner, kind=RestrictionKind.NO_DOUBLE, until=Until.NEXT_TURN, law="30B2", ruling=ruling.id)
        ops.restrict(ruling, bar)
        ruling.record_fact(replace(_state(ruling), barred=o.partner))
        ops.expect_call(ruling, o.partner)

    def on_call(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> bool:
        st = ruling.fact(OutOfRotationState)
        partner = st.barred if st is not None else None
        if partner is None:
            return super().on_call(ops, ruling, record)
        if record.seat is not partner or turn_before(ops, record.index) is not partner:
            return False  # not his turn: the call is judged on its own
        if record.call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):
            # 30B2: at that turn he may not double or redouble: the call is cancelled and he
            # calls again (the bar stays until he has made a call he may make)
            ops.cancel_call(ruling, record)
            say(ruling, *both("out_of_rotation.bar_30B2", seat=as_seat(partner), call=record.call))
            return True
        for r in list(ops.restrictions):
            if r.kind is RestrictionKind.NO_DOUBLE and r.ruling == ruling.id:
                ops.lift(ruling, r)
        ruling.record_fact(replace(_state(ruling), barred=None))
        ops.close(ruling)
        return False

    def at_rho(self, law: int) -> str:
        """1997 letters Law 32 the other way round: 32A partner's turn, 32B RHO's turn."""
        return "32B" if law == 32 else f"{law}A"

    def call_at_partner(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> None:
        law = "31B" if _state(ruling).law == 31 else "32A"
        o = record.seat
        ruling.cite(law)
        ruling.flag("16C", "26", "23")
        ops.restrict(ruling, must_pass(o.partner, "end_of_auction", law, ruling))
        ruling.record_fact(LeadPenaltyOwed(o, (record.index,)))
        say(ruling,
            *both("out_of_rotation.call_at_partner.2", partner=as_seat(o.partner), law=law))
        ops.close(ruling)

    @staticmethod
    def _same_denomination(ops: TableOps, ruling: Ruling, original: CallRecord, record: CallRecord) -> bool:
        """31A2(a): the offender bids at his turn the denomination of his bid out of
        rotation; 29C: for an artificial call, the denomination(s) it specified."""
        if not (record.call.is_bid and original.call.is_bid):
            return False
        if original.artificial and shows(ops, original):
            ruling.cite("29C")
        return denominations(ops, record) == denominations(ops, original)

    def judge_replacement(self, ops: TableOps, ruling: Ruling, original: CallRecord, record: CallRecord) -> None:
        ops.stand_call(ruling, record)
        ruling.record_fact(replace(_state(ruling), withdrawn=original.index))
        if _state(ruling).law == 32:
            self.silence_partner(ops, ruling, record, "32B2", "end_of_auction")
        elif self._same_denomination(ops, ruling, original, record):
            self.silence_partner(ops, ruling, record, "31A2(a)", "next_turn", lead=False)
        else:
            self.silence_partner(ops, ruling, record, "31A2(b)", "end_of_auction")


HANDLERS: list[Handler] = [CallOutOfRotation()]
OVERRIDES_1997: list[Handler] = [CallOutOfRotation1997()]
