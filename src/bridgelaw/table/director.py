"""The ruling lifecycle: opening a ruling, summoning the director, the players' choices and the director's decisions."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bridgelaw.actions import (
    Action,
    CallDirector,
    Choose,
    Decide,
)
from bridgelaw.core.cards import Seat
from bridgelaw.i18n import Msg, msg, text
from bridgelaw.i18n.catalog import catalog
from bridgelaw.i18n.render import RulingRef
from bridgelaw.i18n.words import answer_problem, decision_text
from bridgelaw.laws.auction.common import already_void
from bridgelaw.laws.base.handler import overrides
from bridgelaw.records import CallRecord
from bridgelaw.rulings import (
    Ruling,
    RulingKind,
    RulingStatus,
)
from bridgelaw.table.decision import question_text
from bridgelaw.table.history import _History
from bridgelaw.table_types import _ACCEPTED as _ACCEPTED
from bridgelaw.table_types import ActionRefused as _Refuse


class _Director(_History):
    """The ruling lifecycle (a part of ``Table``)."""

    __slots__ = ()

    def _irregular_or_refuse(
        self, i: int, kind: str, offender: Seat | None, *, code: str, message: str, detail: Action | None = None
    ) -> None:
        """An irregular action: refused in online mode (or when no handler rules on it yet),
        otherwise a ruling is opened."""
        if self.config.mode == "online" or self._handler(kind) is None:
            raise _Refuse(code, message)
        self._open_ruling(i, kind, offender, None, detail=detail)

    def _open_ruling(
        self, i: int, kind: str, offender: Seat | None, record: CallRecord | None, *, detail: Action | None = None
    ) -> Ruling:
        ruling = Ruling(
            id=len(self._rulings), at_action=i, kind=RulingKind(kind), laws=[], offender=offender,
            edition=self._edition.name, status=RulingStatus.AWAITING_DIRECTOR,
        )
        ruling.action = detail
        if record is not None:
            ruling.call = record.index
        self._rulings.append(ruling)
        self._log.append(text("table.log.open_ruling", action=i, kind=msg(f"kind.{kind}"), offender=offender if offender else msg("table.log.unknown_offender")))
        if self.config.auto_director:
            self._summon(ruling, record)
        return ruling

    def _summon(self, ruling: Ruling, record: CallRecord | None) -> None:
        h = self._handler(ruling.kind)
        assert h is not None
        ruling.status = RulingStatus.CLOSED  # handlers set the status they need
        if record is None and ruling.call is not None:
            record = self._calls[ruling.call]
        if record is not None and record.status == "cancelled":
            # an earlier ruling already cancelled this call: its own law may still rectify it
            # (a call out of rotation made over a call not accepted, 29B); else (36A, 38B
            # cancel every later call) the director has nothing left to rule on
            if not (overrides(h, "on_cancelled_call") and h.on_cancelled_call(self._ops, ruling, record)):
                already_void(ruling, record)
            return
        h.open(self._ops, ruling, record)

    def _on_call_director(self, i: int, a: CallDirector) -> None:
        waiting = [r for r in self._rulings if r.status is RulingStatus.AWAITING_DIRECTOR]
        self._log.append(text("table.log.on_call_director", action=i, seat=a.seat))
        for r in waiting:
            r.called = True
        if not waiting:
            any(hook(self._ops, i, a.seat) for hook in self._hooks["on_director_called"])
        self._after_call_change()

    def _summon_next(self) -> None:
        """The director rules on the irregularities he was called to one at a time, in the
        order they happened: the next only once nothing waits for a choice or a decision."""
        if self.awaiting is not None:
            return
        for r in list(self._rulings):
            if r.status is RulingStatus.AWAITING_DIRECTOR and r.called:
                r.called = False
                self._summon(r, None)
                if self.awaiting is not None:  # only a ruling he rules on can make one wait
                    return

    def _on_choose(self, i: int, a: Choose) -> None:
        pending = self.awaiting
        if pending is not None and pending.chooser is not a.seat and self._choice_by_another(i, pending, a):
            return
        if pending is None and any(hook(self._ops, i, a) for hook in self._hooks["on_unprompted_choice"]):
            self._after_call_change()
            return
        if pending is None or pending.status is not RulingStatus.AWAITING_CHOICE:
            raise _Refuse("nothing_to_choose", text("table.refused.on_choose", seat=a.seat, option=a.option))
        if pending.chooser is not a.seat:
            raise _Refuse("not_your_choice", text("table.refused.on_choose.2", chooser=pending.chooser, seat=a.seat))
        if not any(o.id == a.option for o in pending.options):
            offered = ", ".join(o.id for o in pending.options)
            raise _Refuse("no_such_option", text("table.refused.on_choose.3", option=a.option, offered=offered))
        h = self._handler(pending.kind)
        if h is not None and overrides(h, "check_choice"):  # a choice the Laws do not allow is refused, naming the law
            h.check_choice(self._ops, pending, a.option, dict(a.params))
        self._choose(i, pending, a.option, dict(a.params))

    def _choice_by_another(self, i: int, pending: Ruling, a: Choose) -> bool:
        """A choice by a seat the ruling does not wait on, that its handler may take (68D2:
        both opponents answer a claim, in either order, by ``choose`` as by
        ``claim_response``)."""
        h = self._handler(pending.kind)
        if h is None or not overrides(h, "on_other_choice"):
            return False
        at = len(self._log)
        if not h.on_other_choice(self._ops, pending, a.seat, a.option):
            return False
        self._log.insert(at, text("table.log.choose", action=i, player=a.seat, option=self._option_text(pending, a.option), ruling=RulingRef(pending.id, pending.kind)))
        self._after_call_change()
        return True

    def _choose(self, i: int, ruling: Ruling, option_id: str, params: Mapping[str, Any]) -> None:
        chooser = ruling.chooser  # the seat the ruling waited on: none once it is closed
        ruling.choice = option_id
        ruling.choice_params = dict(params)
        ruling.status = RulingStatus.CLOSED
        self._log.append(text("table.log.choose", action=i, player=chooser or msg("table.log.player"), option=self._option_text(ruling, option_id), ruling=RulingRef(ruling.id, ruling.kind)))
        h = self._handler(ruling.kind)
        assert h is not None
        h.on_choice(self._ops, ruling, option_id, params)
        self._after_call_change()

    def _on_decide(self, i: int, a: Decide) -> None:
        pending = self.awaiting
        if pending is None or pending.status is not RulingStatus.AWAITING_DECISION:
            raise _Refuse("nothing_to_decide", text("table.refused.on_decide"))
        h = self._handler(pending.kind)
        assert h is not None
        self._check_decision(pending, a.decision)
        pending.status = RulingStatus.CLOSED
        at = len(self._log)  # the decision's line goes before what the handler logs, once it succeeded
        try:
            h.on_decision(self._ops, pending, a.decision)
        except KeyError as missing:
            pending.status = RulingStatus.AWAITING_DECISION
            raise _Refuse("wrong_decision", text("table.refused.on_decide.3", missing=self._missing(pending, missing))) from None
        # a refused decision leaves no line in the log (whatever the rewind restores)
        self._log.insert(at, text("table.log.on_decide", action=i, decision=decision_text(a.decision), ruling=RulingRef(pending.id, pending.kind)))
        self._after_call_change()

    @staticmethod
    def _option_text(ruling: Ruling, option_id: str) -> Msg | str:
        """The chosen option as the player read it: its label, in quotes."""
        label = next((o.label for o in ruling.options if o.id == option_id and o.label), "")
        if label:
            return msg("decision.label", label=label)
        word = f"table.log.option.{option_id}"  # an answer the ruling did not offer this seat (68D2)
        return msg(word) if word in catalog("en") else option_id

    @staticmethod
    def _missing(ruling: Ruling, error: KeyError) -> Msg | KeyError:
        """The answer a handler found missing (it names the question's key first): the
        question in words and the shape of its answer."""
        key = str(error.args[0] if error.args else "").split(" ")[0].rstrip(":")
        q = next((q for q in ruling.questions if q.key == key), None)
        if q is None or q.answer is None:
            return error
        problem = answer_problem(q.answer)
        bounds = re.search(r"\((\d+) to (\d+)\)", str(error.args[0]))  # the handler's own range ('tricks (0 to 12)')
        if bounds is not None:
            problem = msg("answer.problem.int", low=int(bounds[1]), high=int(bounds[2]))
        return msg("table.refused.decision_missing", question=question_text(q), problem=problem)

    @staticmethod
    def _check_decision(pending: Ruling, decision: Mapping[str, Any]) -> None:
        """Refuse a decision that does not answer the ruling's questions in their types,
        before anything changes: at least one question answered, no key it did not ask."""
        asked = {q.key: q for q in pending.questions}
        if asked and not asked.keys() & set(decision):
            raise _Refuse("wrong_decision", text("table.refused.on_decide.2", keys=", ".join(sorted(asked))))
        for key, value in decision.items():
            q = asked.get(key)
            if q is None:
                raise _Refuse("wrong_decision", text("table.refused.decision_not_asked", key=key, keys=", ".join(sorted(asked))))
            problem = q.answer.problem(value) if q.answer is not None else None
            if problem is not None:
                raise _Refuse("wrong_decision", text("table.refused.decision_type", key=key, problem=answer_problem(q.answer)))

    def _awaiting_message(self, r: Ruling) -> str:
        if r.status is RulingStatus.AWAITING_DECISION:
            return text("table.message.awaiting_message", ruling=RulingRef(r.id, r.kind), keys=[question_text(q, ruling=r) for q in r.questions])
        chooser = r.chooser if isinstance(r.chooser, Seat) else msg("table.message.awaiting_director")
        options = [msg("decision.label", label=o.label) if o.label else o.id for o in r.options]
        return text("table.message.awaiting_message.2", ruling=RulingRef(r.id, r.kind), chooser=chooser, options=options)





