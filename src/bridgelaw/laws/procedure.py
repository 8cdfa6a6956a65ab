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

from typing import ClassVar

from bridgelaw.actions import DummyBreach, RevokeInquiry
from bridgelaw.core.cards import Seat
from bridgelaw.i18n import Text, both, msg, put, text
from bridgelaw.laws.base import Handler, TableOps
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import JsonDict, JsonMap, Ruling
from bridgelaw.table_types import Request

BREACH_LAW = {"exchange_hands": "43A2(a)", "leave_seat": "43A2(b)", "look_at_hand": "43A2(c)"}
BREACH_MSG = {
    "exchange_hands": "procedure.breach.exchange_hands",
    "leave_seat": "procedure.breach.leave_seat",
    "look_at_hand": "procedure.breach.look_at_hand",
}


def dummy_of(ops: TableOps) -> Seat | None:
    c = ops.contract
    return c.dummy if c is not None else None


def dummy_breached(ops: TableOps) -> bool:
    """Has dummy broken a limitation of 43A2 on this board (43B2 then applies)?"""
    return any(r.kind == "dummy_limitation" and r.data.get("breach") for r in ops.rulings)


@implements("43A2(a)", "43A2(b)", "43A2(c)", "43B1", editions=("2017", "1997"))
@implements("90A", handling=Handling.RECORD_ONLY, editions=("2017", "1997"))
class DummyLimitation(Handler):
    """A breach of 43A2, recorded with its consequences (43B1: liable to Law 90)."""

    kind: ClassVar[str] = "dummy_limitation"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        breach = str(ruling.data["breach"])
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
    ops.open_ruling("dummy_limitation", action.seat, {"breach": action.breach})


def _last_trick_of(ops: TableOps, seat: Seat) -> int | None:
    tricks = ops.tricks
    for n in range(len(tricks), 0, -1):
        if seat in tricks[n - 1].seats:
            return n
    return None


@implements("61B", "42B1", editions=("2017", "1997"))
@implements("43B2(b)", editions=("2017",))
def revoke_inquiry(ops: TableOps, i: int, action: RevokeInquiry) -> None:
    """61B: may this player ask that one whether he has revoked? When the answer reveals a
    revoke, attention has been drawn to it: the revoke is ruled on."""
    c = ops.contract
    asker, asked = action.seat, action.of
    if c is None or ops.phase not in ("play", "ended"):
        ops.refuse("not_in_play", text("procedure.refuse.inquiry_not_in_play"))
    assert c is not None
    if asker is asked:
        ops.refuse("own_revoke", text("procedure.refuse.own_revoke", seat=asker))
    laws = ["61B"]
    ui = False
    granted = True
    reason: Text | None = None
    if asked is c.dummy:
        granted, reason = False, text("procedure.reason.dummy_faced")
    elif asker is c.dummy:
        laws.append("42B1")
        if asked is not c.declarer:
            granted, reason = False, text("procedure.reason.dummy_asks_defender")
            laws.append("43A1(c)")
    elif asker is asked.partner:
        ui = True  # a defender asking his partner: the question may be unauthorized information (16B)
        laws.append("16B")
    trick = _last_trick_of(ops, asked) if granted else None
    revoked: bool | None = False
    if trick is not None:
        from bridgelaw.laws.holdings import holds
        from bridgelaw.laws.revoke import failures_to_follow, ruled_revokes

        # Of a hand nobody has shown, only the director can tell whether it held the
        # suit led (None): the revoke ruling then asks him, as for a revoke pointed out.
        ruled = ruled_revokes(ops)
        for f in failures_to_follow(ops.tricks, asked, trick, ruled):
            held = holds(ops, f.seat, f.led, f.trick)
            if held:
                revoked = True
                break
            if held is None:
                revoked = None
    ops.record_request(Request(
        at_action=i, seat=asker, ask="revoke_inquiry", granted=granted, laws=laws, ui=ui,
        answer={"of": asked.name, "revoke": revoked} if granted else None, reason=reason, trick=trick,
    ))
    if not granted:
        why = msg("procedure.reason.dummy_faced" if asked is c.dummy else "procedure.reason.dummy_asks_defender")
        ops.log(text("procedure.log.inquiry_refused", action=i, asker=asker, asked=asked, reason=why))
        return
    answer_id = ("procedure.log.inquiry_revoked" if revoked else "procedure.log.inquiry_no" if revoked is False
                 else "procedure.log.inquiry_director")
    ops.log(text(answer_id, action=i, asker=asker, asked=asked))
    if revoked is not False:
        assert c is not None
        data: JsonDict = {"offender": asked.name, "trick": trick, "pointed_out_by": asker.name, "inquiry": True}
        if asker is c.dummy and dummy_breached(ops) and ops.edition == "2017":
            data["as_established"] = "43B2(b)"
        ops.open_ruling("revoke", asked, data)


@implements("9A2", "42B3", "43A1(b)", editions=("2017", "1997"))
@implements("43B2(c)", handling=Handling.RECORD_ONLY, editions=("2017",))
def dummy_drew_attention(ops: TableOps, ruling: Ruling, offender: Seat) -> bool:
    """9A2, 43A1(b): dummy drew attention to an irregularity during the play. Cited on the
    ruling (43B1: Law 90 may follow); True when, after a 43A2 breach, the irregularity is a
    defender's and so goes unrectified (43B2(c))."""
    c = ops.contract
    by = ruling.data.get("pointed_out_by")
    if c is None or by != c.dummy.name or ops.phase != "play" or ruling.data.get("inquiry"):
        return False
    ruling.cite("43A1(b)", "43B1")
    ruling.flag("90")
    if dummy_breached(ops) and offender.side is not c.declarer.side and ops.edition == "2017":
        ruling.cite("43B2(c)")
        ruling.flag("43B2(c)")
        return True
    return False


HANDLERS: list[Handler] = [DummyLimitation()]
OVERRIDES_1997: list[Handler] = []
