"""The director's rulings that information requests and events open.

* ``quitted_trick_inspection`` (66C): a quitted trick is inspected only on the director's
  instruction; he answers ``permit`` true/false and the waiting request is granted or not.
* ``misinformation`` (20F4, 20F5, 21, 75): a correction of an explanation was made; the
  director decides whether the explanation was mistaken (75B: an infraction, 21B may let the
  non-offenders change a call, else 21B3/12C1) or the call was (75C: no infraction, the
  result stands). Absent evidence he presumes a mistaken explanation (21B1(b)).
* ``unauthorized_information`` (16B): when play ends, for each reservation of rights (16B2)
  the director polls for logical alternatives (16B1(b)) and decides whether the UI
  demonstrably suggested the action taken; the answers are recorded; an adjusted score
  (12C1) is recorded as the director gives it.

The Table opens these rulings through ``TableOpsImpl.open_ruling`` (a handler may not open
a ruling by itself: the ruling is recorded before the director sees it).
"""

from __future__ import annotations

from typing import ClassVar

from bridgelaw.actions import Tempo
from bridgelaw.core.calls import Call
from bridgelaw.core.cards import Card, Seat
from bridgelaw.errors import ParseError
from bridgelaw.i18n import Msg, add, as_call, as_seat, both, msg, put
from bridgelaw.laws import disclosure
from bridgelaw.laws.base import Handler, TableOps, TableView
from bridgelaw.laws.information_record import RESERVE_RIGHTS, ui_flags, ui_sources
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import JsonMap, Question, Ruling

PERMIT = Question(
    key="permit",
    text=both("information_rulings.module")[0],
    text_ru=both("information_rulings.module")[1],
    law="66C",
)
MISTAKEN_EXPLANATION = Question(
    key="mistaken_explanation",
    text=both("information_rulings.module.2")[0],
    text_ru=both("information_rulings.module.2")[1],
    law="75",
)
LOGICAL_ALTERNATIVES = Question(
    key="logical_alternatives",
    text=both("information_rulings.module.3")[0],
    text_ru=both("information_rulings.module.3")[1],
    law="16B1(b)",
)
SUGGESTED = Question(
    key="demonstrably_suggested",
    text=both("information_rulings.module.4")[0],
    text_ru=both("information_rulings.module.4")[1],
    law="16B1(a)",
)
ADJUSTED = Question(
    key="adjusted_score",
    text=both("information_rulings.module.5")[0],
    text_ru=both("information_rulings.module.5")[1],
    law="12C1",
)


# What made the information available, as a director says it (16B1(a), 73B1, 20F3, 40B2).
EVENT = {
    "hesitation": "information_rulings.event.hesitation",
    "remark": "information_rulings.event.remark",
    "gesture": "information_rulings.event.gesture",
    "mannerism": "information_rulings.event.mannerism",
    "question": "information_rulings.event.question",
    "premature_correction": "information_rulings.event.premature_correction",
    "unexpected_alert": "information_rulings.event.unexpected_alert",
    "failure_to_alert": "information_rulings.event.failure_to_alert",
    "partner_explanation": "information_rulings.event.partner_explanation",
}


def event(kind: str, seat: str) -> Msg:
    """'S's hesitation' / 'явной паузы (заминки) Юга' (the genitive after 'после')."""
    what = msg(EVENT[kind]) if kind in EVENT else msg("information_rulings.event.other", kind=kind)
    return msg("information_rulings.event", what=what, seat=as_seat(seat))


def act(text: str) -> Msg:
    """'call 3S' -> 'call 3S' / 'заявил 3♠', 'call P' -> 'спасовал', 'play SK' -> 'сыграл ♠К'
    (the texts ``acts_of`` gives)."""
    verb, _, what = text.partition(" ")
    try:
        if verb == "call":
            return msg("information_rulings.did.call", call=Call.parse(what))
        if verb == "play":
            return msg("information_rulings.did.play", card=Card.parse(what))
    except ParseError:
        pass
    return msg("information_rulings.did.other", text=text)


def _open(ops: TableOps, i: int, kind: str, offender: Seat | None, data: JsonMap) -> Ruling:
    """Open a ruling through the Table (its ``at_action`` is the current action, ``i``)."""
    del i
    return ops.open_ruling(kind, offender, data)


# -------------------------------------------------------------------- 66C
def open_quitted_trick(ops: TableOps, i: int, seat: Seat, trick: int, request: int) -> Ruling:
    return _open(ops, i, QuittedTrickInspection.kind, None, {"seat": seat.name, "trick": trick, "request": request})


@implements("66C", handling=Handling.DIRECTOR_QUESTION)
class QuittedTrickInspection(Handler):
    kind: ClassVar[str] = "quitted_trick_inspection"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        seat, n = ruling.data["seat"], ruling.data["trick"]
        ruling.cite("66C")
        put(ruling, *both("information_rulings.open", seat=as_seat(seat), num=n))
        ops.ask_director(ruling, [PERMIT])

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        if "permit" not in decision:
            raise KeyError("permit")
        permit = bool(decision["permit"])
        ruling.answers["permit"] = permit
        t = ops
        request = t.requests[ruling.data["request"]]
        n = ruling.data["trick"]
        request.granted = permit
        if permit:
            request.answer = disclosure.trick_answer(t.tricks[n - 1], n)
            request.reason = "inspected with the director's permission (66C)"
            add(ruling, *both("information_rulings.on_decision"))
        else:
            request.reason = "the director did not allow it (66C)"
            add(ruling, *both("information_rulings.on_decision.2"))
        ops.close(ruling)


# -------------------------------------------------------------------- 20F4/20F5, 21, 75
def open_misinformation(ops: TableOps, i: int, seat: Seat, call_index: int, request: int) -> Ruling:
    t = ops
    record = t.calls[call_index]
    agreement = disclosure.agreement_of(t, record)
    data = {
        "corrected_by": seat.name, "request": request,
        "explanation": disclosure.explanation_of(t, record)[0],
        "agreement": agreement.meaning if agreement is not None else None,
    }
    del i
    return ops.open_ruling(Misinformation.kind, record.seat.partner, data, call=call_index)


def may_change_call(t: TableView, record: CallRecord) -> list[str]:
    """21B1(a): opponents of the caller who called after the misinformation and whose
    partner has not called since their last call."""
    out = []
    for seat in record.seat.side.opponents.seats:
        mine = [c.index for c in t.calls if c.status == "stands" and c.seat is seat and c.index > record.index]
        if not mine:
            continue
        last = mine[-1]
        if not any(c.status == "stands" and c.seat is seat.partner and c.index > last for c in t.calls):
            out.append(seat.name)
    return out


@implements("21B1(a)", "21B1(b)", "21B3", "75B", "75C", handling=Handling.DIRECTOR_QUESTION)
class Misinformation(Handler):
    kind: ClassVar[str] = "misinformation"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        t = ops
        call = t.calls[ruling.the_call()]
        by = ruling.data["corrected_by"]
        ruling.cite("20F4" if by == call.seat.partner.name else "20F5", "75")
        card = ruling.data.get("agreement")
        evidence = msg("information_rulings.evidence", card=card) if card else msg("information_rulings.no_evidence")
        put(ruling, *both("information_rulings.open.2", seat=as_seat(by), seat2=as_seat(call.seat), call=call.call, explanation=ruling.data['explanation'], evidence=evidence))
        ops.ask_director(ruling, [MISTAKEN_EXPLANATION])

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        if "mistaken_explanation" not in decision:
            raise KeyError("mistaken_explanation")
        mistaken = bool(decision["mistaken_explanation"])
        ruling.answers["mistaken_explanation"] = mistaken
        t = ops
        call = t.calls[ruling.the_call()]
        if not mistaken:
            ruling.cite("75C")
            ruling.flag("75A", "16B1(a)")
            add(ruling, *both("information_rulings.on_decision.3"))
            ops.close(ruling)
            return
        ruling.cite("75B", "21B")
        if not t.lead_faced and t.phase != "ended":
            seats = may_change_call(t, call)
            ruling.data["may_change_call"] = seats
            ruling.cite("21B1(a)")
            ruling.flag("21B2", "16C", "21B3")
            who = [Seat[x] for x in seats] if seats else msg("information_rulings.nobody")
            add(ruling, *both("information_rulings.may_change_call", who=who))
        else:
            ruling.cite("21B3")
            ruling.flag("12C1")
            add(ruling, *both("information_rulings.on_decision.5"))
        ops.close(ruling)


# -------------------------------------------------------------------- 16B
def open_ui_rulings(ops: TableOps, t: TableView) -> None:
    """16B2/16B3: for each reservation of rights, the UI it names (the opponents' last
    possible UI before it) and the flagged actions of the partner who received it."""
    if not any(isinstance(a, Tempo) and a.kind == RESERVE_RIGHTS for a in t.actions):
        return  # nobody reserved his rights: nothing to rule on
    sources = ui_sources(t)
    flags = ui_flags(t)
    done: set[tuple[int, str]] = set()
    refused = {r.at_action for r in t.refused}
    for r, a in enumerate(t.actions):
        if r in refused or not isinstance(a, Tempo) or a.kind != RESERVE_RIGHTS:
            continue
        before = [s for s in sources if s["at_action"] < r and Seat.parse(s["seat"]).side is not a.seat.side]
        if not before:
            continue
        src = before[-1]
        key = (src["at_action"], src["to"])
        if key in done:
            continue
        done.add(key)
        acted = [f for f in flags if f["seat"] == src["to"] and any(s["at_action"] == src["at_action"] for s in f["sources"])]
        if not acted:
            continue
        data = {"source": src, "reserved_by": a.seat.name, "reserved_at": r, "flagged": [f["at_action"] for f in acted],
                "actions": [f["action"] for f in acted]}
        _open(ops, len(t.actions) - 1, UnauthorizedInformation.kind, Seat.parse(src["to"]), data)


@implements("16B1(a)", "16B1(b)", "16B2", "16B3", "73C1", handling=Handling.DIRECTOR_QUESTION)
class UnauthorizedInformation(Handler):
    kind: ClassVar[str] = "unauthorized_information"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        src = ruling.data["source"]
        ruling.cite("16B1(a)", "16B3")
        first = ruling.data["actions"][0]
        put(ruling, *both("information_rulings.reserved", seat=as_seat(ruling.data["reserved_by"]), event=event(src["kind"], src["seat"]),
                          to=as_seat(src["to"]), act=act(first)))
        ops.ask_director(ruling, [LOGICAL_ALTERNATIVES, SUGGESTED, ADJUSTED])

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        if "demonstrably_suggested" not in decision:
            raise KeyError("demonstrably_suggested")
        alternatives = decision.get("logical_alternatives", [])
        if isinstance(alternatives, str):
            alternatives = [alternatives]
        suggested = bool(decision["demonstrably_suggested"])
        ruling.answers["logical_alternatives"] = list(alternatives)
        ruling.answers["demonstrably_suggested"] = suggested
        if suggested and alternatives:
            ruling.cite("16B1(b)", "12C1")
            if "adjusted_score" in decision:
                ruling.answers["adjusted_score"] = decision["adjusted_score"]
            add(ruling, *both("information_rulings.on_decision.6", join=[as_call(a) for a in alternatives]))
        else:
            add(ruling, *both("information_rulings.on_decision.7"))
        ops.close(ruling)


RULING_HANDLERS: list[Handler] = [QuittedTrickInspection(), Misinformation(), UnauthorizedInformation()]

__all__ = ["RULING_HANDLERS", "may_change_call", "open_misinformation", "open_quitted_trick", "open_ui_rulings"]
