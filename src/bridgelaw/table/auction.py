"""The auction: calls, their classification and the end of the auction (Laws 17-39)."""

from __future__ import annotations

from bridgelaw.actions import (
    CallAction,
)
from bridgelaw.core.calls import Call
from bridgelaw.core.cards import Seat
from bridgelaw.i18n import text
from bridgelaw.laws.auction import regular as auction_laws
from bridgelaw.laws.auction.call_irregularities import classify_call
from bridgelaw.records import CallRecord
from bridgelaw.rulings import (
    Ruling,
    RulingStatus,
)
from bridgelaw.table.dispatch import _Dispatch
from bridgelaw.table.state import _log_text
from bridgelaw.table_types import _ACCEPTED as _ACCEPTED
from bridgelaw.table_types import ActionRefused as _Refuse
from bridgelaw.table_types import Phase


class _Auction(_Dispatch):
    """The auction (a part of ``Table``)."""

    __slots__ = ()

    def _on_call(self, i: int, a: CallAction) -> None:
        """A call: judged by the auction laws. Every call made in table mode is kept as a
        CallRecord (stands / cancelled / pending) however the rulings treat it."""
        if a.simultaneous:  # Law 33: it counts as made after the call it coincided with
            self._log.append(text("table.log.simultaneous_call", action=i, seat=a.seat, call=a.call))
        if self._call_regular(i, a):
            return
        if self._phase is not Phase.AUCTION:
            if self.config.mode == "online" or self._handler("call_after_final_pass") is None:
                raise _Refuse("auction_over", text("table.refused.on_call", seat=a.seat, call=a.call))
            self._open_ruling(i, "call_after_final_pass", a.seat, self._new_call(i, a), detail=a)
            return
        pending = self.awaiting
        implied = self._choice_by_call(pending, a)
        if pending is not None and implied is not None:
            self._choose(i, pending, implied, {})
            pending = self.awaiting
        if pending is None and not a.change:
            self._deemed_pass(i, a.seat)
        rec = self._new_call(i, a)
        if self._call_taken_early(pending, rec):
            return
        if a.change:
            self._change_of_call(i, a, rec)
            return
        if self._call_taken_by_follow_up(a, rec):
            return
        self._judge(i, rec, fresh=True)

    def _choice_by_call(self, pending: Ruling | None, a: CallAction) -> str | None:
        """The option a call makes of the choice ``pending`` waits for, as its handler reads
        the call (``implied_by_call``: calling over an irregular call accepts it)."""
        h = self._handler(pending.kind) if pending is not None else None
        return h.implied_by_call(self._ops, pending, a) if h is not None and pending is not None else None

    def _call_regular(self, i: int, a: CallAction) -> bool:
        """The common case, kept fast: a lawful call in rotation with nothing pending."""
        if (
            self._phase is Phase.AUCTION and not self._rulings and not self._restrictions and not a.change
            and a.seat is auction_laws.next_to_call(self._standing, self.board.dealer)
            and auction_laws.is_legal_call(self._standing, a.seat, a.call)
        ):
            self._stand(self._new_call(i, a), appended=True)
            self._after_call_change()
            return True
        return False

    def _call_taken_early(self, pending: Ruling | None, rec: CallRecord) -> bool:
        """A call made before the director has ruled: 27C premature replacement, 28B the
        rightful player calling over a call out of rotation. Refused while a ruling still
        waits for a choice or a decision."""
        early = [pending] if pending is not None else [
            r for r in self._rulings if r.status is RulingStatus.AWAITING_DIRECTOR
        ]
        for r in early:
            h = self._handler(r.kind)
            if h is not None and h.on_premature_call(self._ops, r, rec):
                self._after_call_change()
                return True
        if self.awaiting is not None:
            self._calls.pop()
            raise _Refuse("awaiting_ruling", self._awaiting_message(self.awaiting))
        return False

    def _change_of_call(self, i: int, a: CallAction, rec: CallRecord) -> None:
        """A call replacing one's own (Law 25): ruled on, or refused online."""
        if self.config.mode == "online" or self._handler("change_of_call") is None:
            self._calls.pop()
            raise _Refuse("change_of_call", text("table.refused.on_call.2", seat=a.seat, call=a.call))
        self._open_ruling(i, "change_of_call", a.seat, rec, detail=a)
        self._after_call_change()

    def _call_taken_by_follow_up(self, a: CallAction, rec: CallRecord) -> bool:
        """A ruling waiting for this player's later call takes it (``on_call``)."""
        for ruling in self._follow_ups():
            h = self._handler(ruling.kind)
            expected = ruling.expects
            if expected is not None and expected is not a.seat:
                continue
            if h is not None and h.on_call(self._ops, ruling, rec):
                self._after_call_change()
                return True
        return False

    def _new_call(self, i: int, a: CallAction) -> CallRecord:
        rec = CallRecord(
            index=len(self._calls), at_action=i, seat=a.seat, call=a.call,
            alert=a.alert, meaning=a.meaning, artificial=a.artificial, status="pending",
        )
        self._calls.append(rec)
        return rec

    def _deemed_pass(self, i: int, seat: Seat) -> None:
        """A call out of turn before which the Laws deem a pass made (``deemed_pass``, 28A):
        the pass is recorded for that player (status stands, law 28A)."""
        h = self._handler("call_out_of_rotation")
        turn = h.deemed_pass(self._ops, seat) if h is not None else None
        if turn is None:
            return
        deemed = CallRecord(
            index=len(self._calls), at_action=i, seat=turn, call=Call.PASS, status="stands", law="28A",
        )
        self._calls.append(deemed)
        self._stand(deemed, appended=True)
        self._log.append(text("table.log.deemed_pass", action=i, turn=turn, seat=seat))

    def _judge(self, i: int, rec: CallRecord, *, fresh: bool) -> None:
        """Stand a regular call; open a ruling for an irregular one (refuse it in online
        mode when ``fresh``). A change of call stays pending; any other irregular call stands
        provisionally until its ruling says otherwise."""
        newest = rec is self._calls[-1]
        kind = classify_call(self._ops, rec.seat, rec.call)
        if kind is None:
            self._stand(rec, appended=newest)
            self._after_call_change()
            return
        if self.config.mode == "online" or self._handler(kind) is None:
            if fresh:
                self._calls.pop()
                raise _Refuse(kind, self._irregular_call_message(kind, rec))
            self._stand(rec, appended=newest)
            self._after_call_change()
            return
        if kind != "change_of_call":
            self._stand(rec, appended=newest)
        self._open_ruling(i, kind, rec.seat, rec)
        self._after_call_change()

    @staticmethod
    def _irregular_call_message(kind: str, rec: CallRecord) -> str:
        """Why an irregular call is refused online: one catalog message per kind, so that
        the Russian refusal is Russian throughout."""
        message = {
            "call_out_of_rotation": "table.refused.irregular_call.out_of_rotation",
            "bid_above_seven": "table.refused.irregular_call.above_seven",
            "violates_pass_obligation": "table.refused.irregular_call.pass_obligation",
            "inadmissible_double": "table.refused.irregular_call.inadmissible_double",
            "insufficient_bid": "table.refused.irregular_call.insufficient",
        }.get(kind, "table.refused.irregular_call")
        return text(message, seat=rec.seat, call=rec.call)

    def _stand(self, rec: CallRecord, *, appended: bool = False) -> None:
        """The call stands. ``appended``: it is the newest call, so the standing list just grows."""
        rec.status = "stands"
        if appended:
            self._standing.append((rec.seat, rec.call))
        else:
            self._rebuild_standing()
        if self._restrictions and rec.call.is_pass:
            # an obligation to pass at one's next turn is spent by that pass (Laws 30A, 31A2(b))
            self._restrictions = [
                r for r in self._restrictions
                if not (r.seat is rec.seat and r.kind == "must_pass" and r.until == "next_turn")
            ]

    def _rebuild_standing(self) -> None:
        self._standing = [(c.seat, c.call) for c in self._calls if c.status == "stands"]

    def _after_call_change(self) -> None:
        """Rule on the next irregularity the director was called to, then check for the end
        of the auction (Law 22) once nothing is pending; 17D3/34 may reopen it."""
        self._summon_next()
        if self._phase is not Phase.AUCTION or self.awaiting is not None:
            return
        if any(
            r.status is RulingStatus.AWAITING_DIRECTOR
            and not ((h := self._handler(r.kind)) is not None and h.rules_after_auction)  # 36C
            for r in self._rulings
        ):
            return
        if not auction_laws.auction_ended(self._standing):
            return
        self._unshare()
        retain = self._handler("call_out_of_rotation")
        if retain is not None and retain.retain_right_to_call(self._ops):
            return
        self._end_auction()

    def _end_auction(self) -> None:
        """Law 22: the final contract (or the board passed out); the obligations of the
        auction end; the opening leader is on lead (41A)."""
        self._contract = auction_laws.final_contract(self._standing)
        self._restrictions = [r for r in self._restrictions if r.kind not in ("must_pass", "must_repeat")]
        self._boundary = True
        if self._contract is None:
            self._passed_out = True
            self._phase = Phase.ENDED
            self._log.append(_log_text("table.log.after_call_change"))
            return
        self._phase = Phase.LEAD
        self._play_turn = self._contract.opening_leader
        self._log.append(
            _log_text("table.log.after_call_change.2", contract=self._contract, declarer=self._contract.declarer, leader=self._play_turn)
        )
        if self._every_card or not self._pristine():  # nothing to settle on a pristine table (HOOKS)
            for hook in self._hooks["on_auction_end"]:
                hook(self._ops)
