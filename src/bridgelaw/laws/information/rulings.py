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

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import ClassVar, TypeVar

from bridgelaw.actions import Tempo
from bridgelaw.core.calls import Call, Contract, Risk, Strain
from bridgelaw.core.cards import Card, Seat
from bridgelaw.errors import ParseError
from bridgelaw.i18n import Msg, add, as_call, as_seat, both, msg, put, text
from bridgelaw.laws.base.handler import Handler, TableOps, TableView
from bridgelaw.laws.information import disclosure
from bridgelaw.laws.information.record import RESERVE_RIGHTS, ui_flags, ui_sources
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import JsonDict, JsonMap, Question, Ruling, RulingState

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
# 1997: the mistaken explanation, the mistaken call and the presumption are all Law 75's
MISTAKEN_EXPLANATION_1997 = Question(
    key="mistaken_explanation",
    text=both("information_rulings.module.2.1997")[0],
    text_ru=both("information_rulings.module.2.1997")[1],
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


def event(kind: str, seat: Seat | str) -> Msg:
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


class _Started(Handler):
    """A ruling these requests and events open: the opener records its state on it, then
    the handler starts it (``start``); ``open``, which the Table calls before the state
    is there, waits for that."""

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        """Nothing yet: ``_open`` records the ruling's state and calls ``start``."""

    def start(self, ops: TableOps, ruling: Ruling) -> None:
        raise NotImplementedError


def _open(
    ops: TableOps, i: int, handler: _Started, offender: Seat | None, state: RulingState, call: int | None = None
) -> Ruling:
    """Open a ruling through the Table (its ``at_action`` is the current action, ``i``),
    record its state and start it; ``call``: the call it is about, if any."""
    del i
    ruling = ops.open_ruling(handler.kind, offender, call=call)
    ruling.record_fact(state)
    handler.start(ops, ruling)
    return ruling


_S = TypeVar("_S", bound=RulingState)


def _state(ruling: Ruling, kind: type[_S]) -> _S:
    """The state a ruling of this kind records when it is opened (``_open``)."""
    st = ruling.fact(kind)
    if st is None:
        raise KeyError(f"{ruling.kind} ruling {ruling.id} has no {kind.__name__}")
    return st


# -------------------------------------------------------------------- 66C
@dataclass(frozen=True, slots=True)
class QuittedTrickState(RulingState):
    """What the 66C ruling remembers: who asked to see which quitted trick (1-based), and
    the index of his request, which waits for the director."""

    seat: Seat
    trick: int
    request: int

    def named(self) -> JsonDict:
        return {"seat": self.seat.name, "trick": self.trick}


def open_quitted_trick(ops: TableOps, i: int, seat: Seat, trick: int, request: int) -> Ruling:
    return _open(ops, i, QUITTED_TRICK, None, QuittedTrickState(seat=seat, trick=trick, request=request))


@implements("66C", handling=Handling.DIRECTOR_QUESTION)
class QuittedTrickInspection(_Started):
    kind: ClassVar[str] = "quitted_trick_inspection"

    def start(self, ops: TableOps, ruling: Ruling) -> None:
        st = _state(ruling, QuittedTrickState)
        ruling.cite("66C")
        put(ruling, *both("information_rulings.open", seat=st.seat, num=st.trick))
        ops.ask_director(ruling, [PERMIT])

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        if "permit" not in decision:
            raise KeyError("permit")
        permit = bool(decision["permit"])
        ruling.answers["permit"] = permit
        t = ops
        st = _state(ruling, QuittedTrickState)
        request = t.requests[st.request]
        n = st.trick
        request.granted = permit
        if permit:
            request.answer = disclosure.trick_answer(t.tricks[n - 1], n)
            request.reason = text("information.reason.inspected")
            add(ruling, *both("information_rulings.on_decision"))
        else:
            request.reason = text("information.reason.not_permitted")
            add(ruling, *both("information_rulings.on_decision.2"))
        ops.close(ruling)


# -------------------------------------------------------------------- 20F4/20F5, 21, 75
@dataclass(frozen=True, slots=True)
class MisinformationState(RulingState):
    """What the misinformation ruling remembers (the call whose explanation was corrected
    is the ruling's own ``call``): who corrected it and by which request, the explanation given and the
    pair's card's agreement (None: the card says nothing), and, once the director has
    found a mistaken explanation, who may change his call (21B1(a))."""

    corrected_by: Seat
    request: int
    explanation: str
    agreement: str | None
    may_change_call: tuple[Seat, ...] = ()


def open_misinformation(ops: TableOps, i: int, seat: Seat, call_index: int, request: int) -> Ruling:
    t = ops
    record = t.calls[call_index]
    agreement = disclosure.agreement_of(t, record)
    state = MisinformationState(
        corrected_by=seat, request=request,
        explanation=disclosure.explanation_of(t, record)[0],
        agreement=agreement.meaning if agreement is not None else None,
    )
    return _open(ops, i, MISINFORMATION, record.seat.partner, state, call=call_index)


def may_change_call(t: TableView, record: CallRecord) -> list[Seat]:
    """21B1(a): opponents of the caller who called after the misinformation and whose
    partner has not called since their last call."""
    out = []
    for seat in record.seat.side.opponents.seats:
        mine = [c.index for c in t.calls if c.status == "stands" and c.seat is seat and c.index > record.index]
        if not mine:
            continue
        last = mine[-1]
        if not any(c.status == "stands" and c.seat is seat.partner and c.index > last for c in t.calls):
            out.append(seat)
    return out


@implements("21B1(a)", "21B1(b)", "21B3", "75B", "75C", handling=Handling.DIRECTOR_QUESTION, editions=("2017",))
class Misinformation(_Started):
    kind: ClassVar[str] = "misinformation"

    CHANGE_LAW: ClassVar[str] = "21B1(a)"
    """The law that lets a player change a call made on misinformation."""
    MAY_CHANGE: ClassVar[str] = "information_rulings.may_change_call"
    """Who may change his call, with 2017's test: "could well have been influenced"."""

    def start(self, ops: TableOps, ruling: Ruling) -> None:
        t = ops
        st = _state(ruling, MisinformationState)
        call = t.calls[ruling.the_call()]
        by = st.corrected_by
        ruling.cite("20F4" if by is call.seat.partner else "20F5", "75")
        card = st.agreement
        evidence = msg("information_rulings.evidence", card=card) if card else msg("information_rulings.no_evidence")
        put(ruling, *both("information_rulings.open.2", seat=by, seat2=call.seat, call=call.call, explanation=st.explanation, evidence=evidence))
        ops.ask_director(ruling, [MISTAKEN_EXPLANATION_1997 if ruling.edition == "1997" else MISTAKEN_EXPLANATION])

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        if "mistaken_explanation" not in decision:
            raise KeyError("mistaken_explanation")
        mistaken = bool(decision["mistaken_explanation"])
        ruling.answers["mistaken_explanation"] = mistaken
        t = ops
        st = _state(ruling, MisinformationState)
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
            ruling.record_fact(replace(st, may_change_call=tuple(seats)))
            ruling.cite(self.CHANGE_LAW)
            ruling.flag("21B2", "16C", "21B3")
            who = seats if seats else msg("information_rulings.nobody")
            add(ruling, *both(self.MAY_CHANGE, who=who))
        else:
            ruling.cite("21B3")
            ruling.flag("12C1")
            add(ruling, *both("information_rulings.on_decision.5"))
        ops.close(ruling)


# -------------------------------------------------------------------- 16B
@dataclass(frozen=True, slots=True)
class UnauthorizedInformationState(RulingState):
    """What the 16B ruling remembers: the event that made the information available (its
    action, who made it available, the partner who received it, its kind), who reserved
    his rights at which action (16B2), and the receiver's later actions it flags, as
    (action index, text of ``acts_of``)."""

    source_at: int
    source_seat: Seat
    receiver: Seat
    source_kind: str
    reserved_by: Seat
    reserved_at: int
    flagged: tuple[tuple[int, str], ...]


def _reservations(t: TableView) -> list[tuple[int, Seat]]:
    """Every reservation of rights (16B2) the table accepted: (action index, seat)."""
    refused = {r.at_action for r in t.refused}
    return [(r, a.seat) for r, a in enumerate(t.actions)
            if r not in refused and isinstance(a, Tempo) and a.kind == RESERVE_RIGHTS]


def _flagged(flags: list[JsonDict], src: JsonDict) -> tuple[tuple[int, str], ...]:
    """The receiver's actions flagged as taken after ``src`` (73C1)."""
    return tuple((int(f["at_action"]), str(f["action"])) for f in flags
                 if f["seat"] == src["to"] and any(s["at_action"] == src["at_action"] for s in f["sources"]))


def ui_rulings_due(t: TableView) -> list[UnauthorizedInformationState]:
    """16B2/16B3: for each reservation of rights, the UI it names (the opponents' last
    possible UI before it) and the flagged actions of the partner who received it; one
    ruling for each source, however many reservations name it."""
    reservations = _reservations(t)
    if not reservations:
        return []  # nobody reserved his rights: nothing to rule on
    sources, flags = ui_sources(t), ui_flags(t)
    done: set[tuple[int, str]] = set()
    out: list[UnauthorizedInformationState] = []
    for r, seat in reservations:
        before = [s for s in sources if s["at_action"] < r and Seat.parse(s["seat"]).side is not seat.side]
        if not before or (before[-1]["at_action"], before[-1]["to"]) in done:
            continue
        src = before[-1]
        done.add((src["at_action"], src["to"]))
        acted = _flagged(flags, src)
        if acted:
            out.append(UnauthorizedInformationState(
                source_at=int(src["at_action"]), source_seat=Seat.parse(src["seat"]), receiver=Seat.parse(src["to"]),
                source_kind=str(src["kind"]), reserved_by=seat, reserved_at=r, flagged=acted))
    return out


def open_ui_rulings(ops: TableOps, t: TableView) -> None:
    """16B3: when play ends, a ruling for each reservation of rights that names UI the
    receiver may have used (``ui_rulings_due``)."""
    for state in ui_rulings_due(t):
        _open(ops, len(t.actions) - 1, UNAUTHORIZED_INFORMATION, state.receiver, state)


@implements("16B1(a)", "16B1(b)", "16B2", "16B3", "73C1", handling=Handling.DIRECTOR_QUESTION)
class UnauthorizedInformation(_Started):
    kind: ClassVar[str] = "unauthorized_information"

    def start(self, ops: TableOps, ruling: Ruling) -> None:
        st = _state(ruling, UnauthorizedInformationState)
        ruling.cite("16B1(a)", "16B3")
        first = st.flagged[0][1]
        put(ruling, *both("information_rulings.reserved", seat=st.reserved_by, event=event(st.source_kind, st.source_seat),
                          to=st.receiver, act=act(first)))
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
            join = [as_call(a) for a in alternatives]
            if "adjusted_score" in decision:
                ruling.answers["adjusted_score"] = decision["adjusted_score"]
                add(ruling, *both("information_rulings.on_decision.6.score", join=join, score=_score(decision["adjusted_score"])))
            else:
                add(ruling, *both("information_rulings.on_decision.6", join=join))
        else:  # the director's answer says which: no alternative, or none was suggested over it
            add(ruling, *both("information_rulings.not_suggested" if alternatives else "information_rulings.no_alternative"))
        ops.close(ruling)


_CONTRACT = re.compile(r"^\s*([1-7])\s*(NT|N|S|H|D|C)\s*(XX|X)?\s+BY\s+([NESW])\s*$", re.IGNORECASE)


def _score(score: object) -> Msg | str:
    """The adjusted score as the director gave it: a contract and its declarer said in
    words («2♥, разыгрывает Юг»), a score as a board's award says it («Север–Юг: −620»,
    «Север–Юг — среднее плюс, Восток–Запад — среднее минус»), any other text as he wrote it."""
    if isinstance(score, Mapping):
        total, ns, ew = score.get("score_ns"), score.get("ns"), score.get("ew")
        if isinstance(total, int) and not isinstance(total, bool):
            return msg("board.score.assigned", score=total)
        if isinstance(ns, str) and isinstance(ew, str) and ns in _AVERAGE and ew in _AVERAGE:
            return msg("board.score.artificial", ns=msg(_AVERAGE[ns]), ew=msg(_AVERAGE[ew]))
    m = _CONTRACT.match(score) if isinstance(score, str) else None
    if m is None:
        return str(score)
    level, strain, risk, seat = m.groups()
    contract = Contract(int(level), Strain.parse(strain), Risk(len(risk or "")), Seat[seat.upper()])
    return msg("information_rulings.adjusted_contract", contract=contract, seat=contract.declarer)


_AVERAGE = {"avg+": "board.avg.plus", "avg": "board.avg.even", "avg-": "board.avg.minus"}


@implements("21B1", "21B3", "75B", "75C", handling=Handling.DIRECTOR_QUESTION, editions=("1997",))
class Misinformation1997(Misinformation):
    """1997 21B1 has no sub-letters, and a call may be changed when it is probable that it
    was made because of the misinformation."""

    CHANGE_LAW: ClassVar[str] = "21B1"
    MAY_CHANGE: ClassVar[str] = "information_rulings.may_change_call_1997"


QUITTED_TRICK = QuittedTrickInspection()
MISINFORMATION = Misinformation()
UNAUTHORIZED_INFORMATION = UnauthorizedInformation()
RULING_HANDLERS: list[Handler] = [QUITTED_TRICK, MISINFORMATION, UNAUTHORIZED_INFORMATION]

__all__ = [
    "RULING_HANDLERS", "Misinformation1997", "MisinformationState", "QuittedTrickState", "UnauthorizedInformationState", "may_change_call",
    "open_misinformation", "open_quitted_trick", "open_ui_rulings", "ui_rulings_due",
]
