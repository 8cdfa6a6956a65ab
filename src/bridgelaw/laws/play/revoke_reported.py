"""Laws 61-64 for a revoke in a trick the record does not hold.

The commonest revoke ruling at a physical table: the director arrives after the last trick.
He knows the trick the revoke was in, who won it and whether the offending side won a later
trick; nobody has entered the cards. The engine never states a fact about a hand it does not
know, so instead of looking for the failure to follow in the record (there is none) it asks
the director, one question at a time, exactly what Laws 61-64 turn on:

1. did the player fail to follow while holding the suit led (61A)? No: no revoke, as the
   director found;
2. had the offender or his partner played to a later trick (63A1)? Not asked when a claim or
   concession by the offending side, or its agreement to the opponents' one, is on record
   (63A3, 63A4), nor when the record holds all thirteen tricks (entered or played before the
   play was entered, ``PlayFrom``): the play is over, so they did. No: it is corrected (62A, 62B);
3. exclusions the record shows: a revoke on trick 12 is corrected even when established
   (62D1); dummy's revoke (64B3); both sides revoked (64B7, 2017); a second revoke by the
   same player, if in the same suit as his first (64B2, asked);
4. who won the revoke trick: the offender, his partner or an opponent (64A1 / 64A2), and how
   many tricks the offending side won after it (64A, 64B1); in 1997 also whether the
   offender later won a trick with a card of the suit led (the second trick of 64A2).

The transfer is then made at once: the director rules after the play, and the result the
table agreed on (a claim, or the tricks entered) takes it in as it does on a known deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Protocol

from bridgelaw.actions import Action
from bridgelaw.core.cards import Seat, Side
from bridgelaw.i18n import add, both, put
from bridgelaw.laws.base.facts import RevokeAttention
from bridgelaw.laws.base.handler import TableOps
from bridgelaw.laws.play.common import is_defender
from bridgelaw.rulings import Answer, AnswerType, JsonMap, Question, Ruling, RulingState


class Revoke(Protocol):
    """What this path reads of the edition's revoke handler (``laws.revoke.Revoke``)."""

    both_sides_excluded: ClassVar[bool]
    second_trick_for_suit_card: ClassVar[bool]

    def established_by_action(self, later: Sequence[Action], side: Side) -> str | None: ...

REVOKED = "revoked"
ESTABLISHED = "established"
SAME_SUIT = "same_suit_again"
WON_BY = "revoke_trick_won_by"
LATER = "later_tricks"
SUIT_CARD_LATER = "won_later_with_suit_led"
WINNERS = ("offender", "partner", "opponents")

# The catalog's words for each question and for each correction (62B1 / 62B2).
_ASKED = {
    REVOKED: "revoke.reported.ask.revoked",
    ESTABLISHED: "revoke.reported.ask.established",
    SAME_SUIT: "revoke.reported.ask.same_suit_again",
    WON_BY: "revoke.reported.ask.revoke_trick_won_by",
    LATER: "revoke.reported.ask.later_tricks",
    SUIT_CARD_LATER: "revoke.reported.ask.won_later_with_suit_led",
}
_CORRECTED = {
    ("defender", False): "revoke.reported.correct.defender",
    ("declarer", False): "revoke.reported.correct.declarer",
    ("defender", True): "revoke.reported.correct.12.defender",
    ("declarer", True): "revoke.reported.correct.12.declarer",
}


@dataclass(frozen=True, slots=True)
class ReportedRevoke(RulingState):
    """A revoke pointed out in a trick the record does not hold: who, which trick, and the
    director's answers so far (kept in ``Ruling.answers`` as well)."""

    seat: Seat
    trick: int

    def named(self) -> dict[str, object]:
        return {"trick": self.trick}


def not_on_record(ops: TableOps, attention: RevokeAttention) -> bool:
    """The revoke pointed out names a player and a trick in which the record holds no card of
    his, on a board whose hands are not all known: the play was not entered card by card (the
    director was called afterwards). With the four hands known the record is the play."""
    if attention.offender is None or attention.trick is None or attention.inquiry or ops.deal_complete:
        return False
    if attention.trick > len(ops.tricks):
        return True
    return ops.tricks[attention.trick - 1].card_of(attention.offender) is None


def begin(ops: TableOps, ruling: Ruling, attention: RevokeAttention, handler: Revoke) -> None:
    """Open the ruling on an unrecorded revoke: the first question the Laws ask."""
    assert attention.offender is not None and attention.trick is not None
    ruling.offender = attention.offender
    ruling.record_fact(ReportedRevoke(attention.offender, attention.trick))
    ruling.cite("61A")
    _next(ops, ruling, handler)


def answer(ops: TableOps, ruling: Ruling, decision: JsonMap, handler: Revoke) -> None:
    """Take the director's answer to the question asked and go on to the next one."""
    asked = [q.key for q in ruling.questions]
    key = next((k for k in asked if k in decision), None)
    if key is None:
        raise KeyError(asked[0] if asked else REVOKED)
    ruling.answers[key] = decision[key]
    ops.close(ruling)
    _next(ops, ruling, handler)


def _state(ruling: Ruling) -> ReportedRevoke:
    st = ruling.fact(ReportedRevoke)
    assert st is not None
    return st


def _ask(ops: TableOps, ruling: Ruling, key: str, law: str, answer: Answer | None = None, **params: object) -> None:
    en, ru = both(_ASKED[key], **params)
    ops.ask_director(ruling, [Question(key=key, text=en, text_ru=ru, law=law, answer=answer)])


def _next(ops: TableOps, ruling: Ruling, handler: Revoke) -> None:
    """Ask the next question the ruling turns on, or rule once every answer is in."""
    st = _state(ruling)
    a = ruling.answers
    for step in (_confirmed, _establishment, _exclusion, _winner, _later, _suit_card_later):
        if step(ops, ruling, st, a, handler):
            return
    _transfer(ops, ruling, st, handler)


def _confirmed(ops: TableOps, ruling: Ruling, st: ReportedRevoke, a: dict[str, object], handler: Revoke) -> bool:
    """61A: the director establishes the failure to follow while holding the suit led."""
    if REVOKED not in a:  # what was pointed out, read while the director is asked
        put(ruling, *both("revoke.reported.pointed_out", seat=st.seat, trick=st.trick))
        _ask(ops, ruling, REVOKED, "61A", seat=st.seat, trick=st.trick)
        return True
    if a[REVOKED] is False:
        put(ruling, *both("revoke.reported.none", seat=st.seat, trick=st.trick))
        ops.close(ruling)
        return True
    dummy = ops.contract is not None and st.seat is ops.contract.dummy
    put(ruling, *both("revoke.reported.fact.dummy" if dummy else "revoke.reported.fact", seat=st.seat, trick=st.trick))
    return False


def _establishment(ops: TableOps, ruling: Ruling, st: ReportedRevoke, a: dict[str, object], handler: Revoke) -> bool:
    """63A: established by a later play (asked while the play goes on), or by a claim or
    concession the record holds; else corrected (62A)."""
    by_action = handler.established_by_action(list(ops.actions), st.seat.side) or _played_on(ops, st, ruling)
    if by_action is None and ESTABLISHED not in a:
        _ask(ops, ruling, ESTABLISHED, "63A1", seat=st.seat, trick=st.trick)
        return True
    law = by_action or "63A1"
    if by_action is None and a[ESTABLISHED] is False:
        ruling.cite("62A", "62B")
        add(ruling, *both(_CORRECTED[_role(ops, st.seat), False], seat=st.seat))
        ops.close(ruling)
        return True
    ruling.cite(law)
    if st.trick == 12 and _attention(ruling).found_too_late is None:
        # 62D1: corrected only while the hands are not back in the board; first pointed
        # out after the round (or the next board), it stands, with no transfer (64B4, 64B5)
        ruling.cite("62D1")
        add(ruling, *both("revoke.open.4"))
        add(ruling, *both(_CORRECTED[_role(ops, st.seat), True], seat=st.seat))
        ruling.flag("64C")
        ops.close(ruling)
        return True
    ruling.record_fact(replace(_attention(ruling), offender=st.seat, trick=st.trick, established=law))
    add(ruling, *both("revoke.reported.established", law=law))
    return False


def _played_on(ops: TableOps, st: ReportedRevoke, ruling: Ruling) -> str | None:
    """63A1 from the record: the play is over, all thirteen tricks played (entered or not),
    or the revoke was first pointed out after the board (64B4, 64B5), so the offending side
    played to the trick after the revoke trick. Nothing is asked that the record already
    says."""
    done = ops.phase == "ended" and len(ops.tricks) == 13 and all(t.complete for t in ops.tricks)
    done = done or _attention(ruling).found_too_late is not None
    return "63A1" if done and st.trick < 13 else None


def _role(ops: TableOps, seat: Seat) -> str:
    """62B: a defender's corrected card becomes a major penalty card, declarer's (or
    dummy's) goes back to his hand."""
    return "defender" if ops.contract is None or is_defender(ops, seat) else "declarer"


def _exclusion(ops: TableOps, ruling: Ruling, st: ReportedRevoke, a: dict[str, object], handler: Revoke) -> bool:
    """64B: found too late for any transfer (64B4, 64B5), the exclusions the record shows,
    and the one it can only ask (64B2)."""
    excluded = _attention(ruling).found_too_late or _excluded_by_record(ops, ruling, st, handler)
    if excluded is None and _earlier_by_same_player(ops, ruling, st):
        if SAME_SUIT not in a:
            _ask(ops, ruling, SAME_SUIT, "64B2", seat=st.seat, trick=st.trick)
            return True
        excluded = "64B2" if a[SAME_SUIT] else None
    if excluded is None:
        return False
    ruling.cite(excluded)
    ruling.record_fact(replace(_attention(ruling), excluded=excluded))
    add(ruling, *both("revoke.open.5", excluded=excluded))
    ruling.flag("64C")
    ops.close(ruling)
    return True


def _excluded_by_record(ops: TableOps, ruling: Ruling, st: ReportedRevoke, handler: Revoke) -> str | None:
    """64B3 dummy's revoke; 64B7 (2017) both sides revoked."""
    c = ops.contract
    if c is not None and st.seat is c.dummy:
        return "64B3"
    if handler.both_sides_excluded and any(
        r is not ruling and r.kind == "revoke" and r.offender is not None and r.offender.side is not st.seat.side
        and _established(r) for r in ops.rulings
    ):
        return "64B7"
    return None


def _attention(ruling: Ruling) -> RevokeAttention:
    return ruling.fact(RevokeAttention) or RevokeAttention()


def _established(r: Ruling) -> bool:
    return bool(_attention(r).established)


def _earlier_by_same_player(ops: TableOps, ruling: Ruling, st: ReportedRevoke) -> bool:
    return any(
        r is not ruling and r.kind == "revoke" and r.offender is st.seat and _established(r)
        and (_attention(r).trick or 0) < st.trick for r in ops.rulings
    )


def _winner(ops: TableOps, ruling: Ruling, st: ReportedRevoke, a: dict[str, object], handler: Revoke) -> bool:
    """64A1 or 64A2: who won the revoke trick (a trick won in dummy is not declarer's)."""
    if WON_BY in a:
        return False
    _ask(ops, ruling, WON_BY, "64A", Answer(AnswerType.CHOICE, ids=WINNERS), seat=st.seat, trick=st.trick)
    return True


def _later(ops: TableOps, ruling: Ruling, st: ReportedRevoke, a: dict[str, object], handler: Revoke) -> bool:
    """64A: the tricks the offending side won after the revoke trick (needed unless the
    offender's partner won it, when one trick goes whatever follows — 1997 asks on)."""
    if LATER in a or (a[WON_BY] == "partner" and not handler.second_trick_for_suit_card):
        return False
    _ask(ops, ruling, LATER, "64A", Answer(AnswerType.INT, 0, 13 - st.trick), side=st.seat.side, trick=st.trick)
    return True


def _suit_card_later(ops: TableOps, ruling: Ruling, st: ReportedRevoke, a: dict[str, object], handler: Revoke) -> bool:
    """1997 64A2: a second trick when the offender later won a trick with a card of the suit
    led in the revoke trick (asked only where it can change the transfer)."""
    if not handler.second_trick_for_suit_card or a[WON_BY] == "offender" or SUIT_CARD_LATER in a:
        return False
    if _won_from(a) < 2:
        return False
    _ask(ops, ruling, SUIT_CARD_LATER, "64A2", seat=st.seat, trick=st.trick)
    return True


def _won_from(a: dict[str, object]) -> int:
    later = a.get(LATER)
    return (int(later) if isinstance(later, int) else 0) + (1 if a[WON_BY] in ("offender", "partner") else 0)


def transfer_of(a: dict[str, object]) -> tuple[int, str]:
    """64A from the director's answers: the tricks the offending side gives up, the clause."""
    later = a.get(LATER)
    won_later = isinstance(later, int) and later > 0
    if a[WON_BY] == "offender":
        return min(_won_from(a), 2 if won_later else 1), "64A1"
    if a[WON_BY] == "partner" or won_later:
        return (2 if a.get(SUIT_CARD_LATER) is True else 1), "64A2"
    return 0, "64B1"


def _transfer(ops: TableOps, ruling: Ruling, st: ReportedRevoke, handler: Revoke) -> None:
    n, law = transfer_of(ruling.answers)
    nos = st.seat.side.opponents
    ruling.cite(law)
    ruling.record_fact(replace(_attention(ruling), transferred=n))
    if n > 0:
        ops.transfer_tricks(ruling, nos, n, law)
        second = ruling.edition == "1997" and law == "64A2" and n == 2  # why the second trick is added, said
        add(ruling, *both("revoke.reported.transfer.64A2.second" if second else "revoke.reported.transfer", n=n, side=nos, law=law))
    else:
        add(ruling, *both("revoke.reported.transfer.none", side=nos, law=law))
    ruling.flag("64C")
    ops.close(ruling)
