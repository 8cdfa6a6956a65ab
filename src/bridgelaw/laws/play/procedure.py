"""Laws 9, 42, 43 and 61B: who may draw attention to an irregularity and ask about a
revoke, and what follows when dummy oversteps his limits.

* During the play declarer and the defenders may draw attention to an irregularity (9A2);
  dummy may not (43A1(b)) - the irregularity is still ruled on, since attention has been
  drawn, and dummy is liable to a procedural penalty (43B1, Law 90). After the play dummy
  may (42B3).
* A revoke inquiry (61B): declarer may ask a defender, a defender may ask declarer or his
  partner (the answer to partner may be unauthorized information, 16B), and dummy may ask
  declarer (42B1) but never a defender. When the player asked has revoked, the inquiry
  draws attention to it and the revoke is ruled on (62-64).
* A breach of 43A2 (exchanging hands with declarer, leaving his seat to watch declarer,
  looking at a defender's cards) is recorded (43B1, 90); from then on, if dummy is the first
  to ask declarer about a revoke, it is corrected but rectified as if established (43B2(b)),
  and if he is the first to draw attention to a defender's irregularity there is no
  rectification, the director removing only the defenders' gain at the end (43B2(c)).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from bridgelaw.actions import DummyBreach, RevokeInquiry
from bridgelaw.core.calls import Contract
from bridgelaw.core.cards import Seat
from bridgelaw.i18n import Text, both, msg, put, text
from bridgelaw.laws.base.facts import RevokeAttention
from bridgelaw.laws.base.handler import Handler, TableOps
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import JsonMap, Ruling, RulingState
from bridgelaw.table_types import Request

BREACH_LAW = {"exchange_hands": "43A2(a)", "leave_seat": "43A2(b)", "look_at_hand": "43A2(c)"}
BREACH_MSG = {
    "exchange_hands": "procedure.breach.exchange_hands",
    "leave_seat": "procedure.breach.leave_seat",
    "look_at_hand": "procedure.breach.look_at_hand",
}


@dataclass(frozen=True, slots=True)
class DummyBreachState(RulingState):
    """The limitation of 43A2 dummy broke (one of ``BREACH_LAW``)."""

    breach: str


def dummy_of(ops: TableOps) -> Seat | None:
    c = ops.contract
    return c.dummy if c is not None else None


def dummy_breached(ops: TableOps) -> bool:
    """Has dummy broken a limitation of 43A2 on this board (43B2 then applies)?"""
    return any(r.kind == "dummy_limitation" and r.fact(DummyBreachState) is not None for r in ops.rulings)


@implements("43A2(a)", "43A2(b)", "43A2(c)", "43B1", editions=("2017", "1997"))
@implements("90A", handling=Handling.RECORD_ONLY, editions=("2017", "1997"))
class DummyLimitation(Handler):
    """A breach of 43A2, recorded with its consequences (43B1: liable to Law 90)."""

    kind: ClassVar[str] = "dummy_limitation"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        st = ruling.fact(DummyBreachState)
        assert st is not None, "a dummy_limitation ruling is opened with its breach"
        breach = st.breach
        law = BREACH_LAW[breach]
        seat = ruling.offender
        assert seat is not None
        ruling.cite(law, "43B1")
        ruling.flag("90")
        put(ruling, *both("procedure.dummy_breach", seat=seat, breach=msg(BREACH_MSG[breach]), law=law))
        ops.close(ruling)

    def on_choice(self, ops: TableOps, ruling: Ruling, option: str, params: JsonMap) -> None:
        raise KeyError(option)  # pragma: no cover - nothing is offered

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        raise KeyError("decision")  # pragma: no cover


@implements("43A2", editions=("2017", "1997"))
def dummy_breach(ops: TableOps, i: int, action: DummyBreach) -> None:
    """A ``dummy_breach`` action: only dummy, only once the play has begun."""
    if ops.config.mode == "online":
        ops.refuse("not_at_a_table", text("procedure.refuse.not_at_a_table"))
    if action.seat is not dummy_of(ops) or ops.phase not in ("play", "ended"):
        ops.refuse("not_dummy", text("procedure.refuse.not_dummy", seat=action.seat))
    ops.open_ruling("dummy_limitation", action.seat, state=DummyBreachState(action.breach))


def _last_trick_of(ops: TableOps, seat: Seat) -> int | None:
    tricks = ops.tricks
    for n in range(len(tricks), 0, -1):
        if seat in tricks[n - 1].seats:
            return n
    return None


@dataclass(slots=True)
class _Permission:
    """Whether 61B lets ``asker`` ask ``asked``, the laws cited, why not, and whether the
    question may carry unauthorized information (16B)."""

    granted: bool = True
    reason: Text | None = None
    laws: list[str] = field(default_factory=lambda: ["61B"])
    ui: bool = False


def _may_ask(c: Contract, asker: Seat, asked: Seat) -> _Permission:
    """61B: declarer may ask a defender, a defender declarer or his partner (16B: the
    question to partner may be unauthorized information); dummy may ask declarer (42B1),
    never a defender (43A1(c)); nobody need ask dummy, whose cards are faced."""
    p = _Permission()
    if asked is c.dummy:
        p.granted, p.reason = False, text("procedure.reason.dummy_faced")
    elif asker is c.dummy:
        p.laws.append("42B1")
        if asked is not c.declarer:
            p.granted, p.reason = False, text("procedure.reason.dummy_asks_defender")
            p.laws.append("43A1(c)")
    elif asker is asked.partner:
        p.ui = True
        p.laws.append("16B")
    return p


def _has_revoked(ops: TableOps, asked: Seat, trick: int) -> bool | None:
    """61B: the answer to the inquiry: did ``asked`` fail to follow suit to ``trick``
    holding the suit led? Of a hand nobody has shown only the director can tell (None):
    the revoke ruling then asks him, as for a revoke pointed out."""
    from bridgelaw.laws.play.holdings import holds
    from bridgelaw.laws.play.revoke_record import failures_to_follow, ruled_revokes

    revoked: bool | None = False
    for f in failures_to_follow(ops.tricks, asked, trick, ruled_revokes(ops)):
        held = holds(ops, f.seat, f.led, f.trick)
        if held:
            return True
        if held is None:
            revoked = None
    return revoked


def _refuse_unless_inquiry_possible(ops: TableOps, asker: Seat, asked: Seat) -> Contract:
    """61B: the inquiry is made during the play, of another player."""
    c = ops.contract
    if c is None or ops.phase not in ("play", "ended"):
        ops.refuse("not_in_play", text("procedure.refuse.inquiry_not_in_play"))
    assert c is not None
    if asker is asked:
        ops.refuse("own_revoke", text("procedure.refuse.own_revoke", seat=asker))
    return c


@implements("61B", "42B1", editions=("2017", "1997"))
@implements("43B2(b)", editions=("2017", "1997"))
def revoke_inquiry(ops: TableOps, i: int, action: RevokeInquiry, *, breach_rules: bool) -> None:
    """61B: may this player ask that one whether he has revoked? When the answer reveals a
    revoke, attention has been drawn to it: the revoke is ruled on."""
    asker, asked = action.seat, action.of
    c = _refuse_unless_inquiry_possible(ops, asker, asked)
    may = _may_ask(c, asker, asked)
    trick = _last_trick_of(ops, asked) if may.granted else None
    revoked = _has_revoked(ops, asked, trick) if trick is not None else False
    ops.record_request(Request(
        at_action=i, seat=asker, ask="revoke_inquiry", granted=may.granted, laws=may.laws, ui=may.ui,
        answer={"of": asked.name, "revoke": revoked} if may.granted else None, reason=may.reason, trick=trick,
    ))
    if not may.granted:
        why = msg("procedure.reason.dummy_faced" if asked is c.dummy else "procedure.reason.dummy_asks_defender")
        ops.log(text("procedure.log.inquiry_refused", action=i, asker=asker, asked=asked, reason=why))
        return
    answer_id = ("procedure.log.inquiry_revoked" if revoked else "procedure.log.inquiry_no" if revoked is False
                 else "procedure.log.inquiry_director")
    ops.log(text(answer_id, action=i, asker=asker, asked=asked))
    if revoked is not False:
        _attention_drawn_by_inquiry(ops, c, asker, asked, trick, breach_rules=breach_rules)


def _attention_drawn_by_inquiry(
    ops: TableOps, c: Contract, asker: Seat, asked: Seat, trick: int | None, *, breach_rules: bool,
) -> None:
    """61B: the answer drew attention to a revoke, which is ruled on (62-64); after a
    43A2 breach, dummy being the first to ask, as if established (43B2(b)), where the
    edition's handler applies those rules (``breach_rules``)."""
    forced = "43B2(b)" if asker is c.dummy and dummy_breached(ops) and breach_rules else None
    ops.open_ruling("revoke", asked, state=RevokeAttention(
        offender=asked, trick=trick, pointed_out_by=asker, inquiry=True, as_established=forced,
    ))


@implements("9A2", "42B3", "43A1(b)", editions=("2017", "1997"))
@implements("43B2(c)", handling=Handling.RECORD_ONLY, editions=("2017", "1997"))
def dummy_drew_attention(
    ops: TableOps, ruling: Ruling, offender: Seat, attention: RevokeAttention, *, breach_rules: bool,
) -> bool:
    """9A2, 43A1(b): dummy drew attention to an irregularity during the play (as
    ``attention`` records it; not by asking, 42B1). Cited on the ruling (43B1: Law 90 may
    follow); True when, after a 43A2 breach, the irregularity is a defender's and so goes
    unrectified (43B2(c)), where the edition's handler applies it (``breach_rules``)."""
    c = ops.contract
    if c is None or attention.pointed_out_by is not c.dummy or ops.phase != "play" or attention.inquiry:
        return False
    ruling.cite("43A1(b)", "43B1")
    ruling.flag("90")
    if breach_rules and dummy_breached(ops) and offender.side is not c.declarer.side:
        ruling.cite("43B2(c)")
        ruling.flag("43B2(c)")
        return True
    return False


HANDLERS: list[Handler] = [DummyLimitation()]
OVERRIDES_1997: list[Handler] = []
