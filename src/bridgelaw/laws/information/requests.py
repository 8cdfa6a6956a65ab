"""Requests for information (Laws 20, 21, 40B, 41B, 41C, 66) and the information record
(Laws 16, 73, 75): the handler of kind ``information``.

The Table sends every ``Ask`` here (``answer(ops, i, ask) -> Request``). The handler judges
the request on the rules of ``information_rights`` (who may ask what, and when), builds the
answer from public facts only (``disclosure``), and marks a request that may pass
unauthorized information to the asker's partner (``ui``: a question about one call, 20F3
and 16B1(a)).

Requests, beyond the scenario vocabulary's nine, include ``correct_explanation``
(``call_index``): a player tells the director that the explanation of that call was
mistaken (20F4 for the explainer himself, 20F5 for the caller, whose partner explained it).
It is granted only at the moment the Laws allow the correction; a granted correction opens
a ``misinformation`` ruling in which the director decides between a mistaken explanation and
a mistaken call (75, 21B1(b)).

Edition differences are subclasses: the 1997 code and the seed commentary (20.1, 20.4(i),
20.4(vi)) require a question about the whole auction until the opening lead is faced.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from bridgelaw.actions import Ask
from bridgelaw.core.cards import Seat
from bridgelaw.i18n import Text, text
from bridgelaw.i18n.render import Numbered
from bridgelaw.laws.base.handler import Handler, TableOps, TableView
from bridgelaw.laws.information import disclosure, rights
from bridgelaw.laws.information.record import information_record, request_notes
from bridgelaw.laws.information.rights import Moment, Verdict, no, yes
from bridgelaw.laws.information.rulings import (
    RULING_HANDLERS,
    Misinformation1997,
    open_misinformation,
    open_quitted_trick,
    open_ui_rulings,
)
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import Json, JsonDict
from bridgelaw.table_types import Request


def moment(t: TableOps) -> Moment:
    """The facts a request is judged on, read from the table."""
    phase = t.phase
    if phase == "lead":
        period = rights.FACE_DOWN if t.face_down_lead is not None else rights.BEFORE_LEAD
    else:
        period = phase
    must_pass = frozenset(s for s in Seat if t.must_pass(s) is not None) if period == rights.AUCTION else frozenset()
    c = t.contract
    return Moment(
        period=period,
        turn=t.turn,
        must_pass=must_pass,
        declarer=c.declarer if c is not None else None,
        opening_leader=c.opening_leader if c is not None else None,
        played=tuple(tuple(zip(tr.seats, tr.cards, strict=True)) for tr in t.tricks),
        face_up_leads=t.config.regulations.opening_lead == "face_up",
    )


_NO_CALL = {
    "in_auction": "information.reason.no_call_in_auction",
    "to_repeat": "information.reason.no_call_to_repeat",
    "any": "information.reason.no_call",
}


def _no_call(index: int | None, which: str) -> Text:
    """Why a request about call ``index`` is refused when the auction has no such call
    (or the request named none)."""
    if index is None:
        return text("information.reason.call_not_named")
    return text(_NO_CALL[which], index=Numbered(index))


def make_request(t: TableView, i: int, ask: Ask, v: Verdict, answer: Json = None) -> Request:
    return Request(
        at_action=i, seat=ask.seat, ask=ask.ask, granted=v.granted, laws=list(v.laws),
        ui=v.ui, answer=answer if v.granted else None, reason=v.reason,
        call_index=ask.call_index, trick=ask.trick,
    )


@implements(
    "20A", "20B", "20C2", "20F1", "20F2", "20F3", "40B2(a)(ii)", "41B", "41C", "66A", "66B", "66D",
    editions=("2017",),
)
@implements("20F4", "20F5", "16B1(a)", "73C1", handling=Handling.RECORD_ONLY, editions=("2017", "1997"))
class Information(Handler):
    """Answers requests for information in the 2017 wording."""

    kind: ClassVar[str] = "information"
    edition_name: ClassVar[str] = "2017"
    card_law: ClassVar[str] = "40B2(a)(ii)"

    # ---------------------------------------------------------------- entry point
    def answer(self, ops: TableOps, i: int, ask: Ask) -> Request:
        t = ops
        m = moment(t)
        seat = ask.seat
        kind = ask.ask
        if kind == "review":
            return self._reply(t, i, ask, rights.review(m, seat), lambda: disclosure.review_answer(t))
        if kind == "contract":
            return self._reply(t, i, ask, rights.contract(m, seat), lambda: disclosure.contract_answer(t))
        if kind == "explain_all":
            return self._reply(t, i, ask, rights.explanation(m, seat), lambda: disclosure.explain_all_answer(t, seat))
        if kind == "explain":
            return self.explain(t, m, i, ask)
        if kind == "convention_card":
            return self._reply(t, i, ask, rights.convention_card(m, seat, self.card_law), lambda: disclosure.card_answer(t, seat))
        if kind == "see_trick":
            n = m.complete_tricks
            return self._reply(t, i, ask, rights.see_trick(m, seat), lambda: self._trick(t, n))
        if kind == "own_last_card":
            return self._reply(t, i, ask, rights.own_last_card(m, seat), lambda: self._own_last(t, m, seat))
        if kind == "quitted_trick":
            return self.quitted_trick(ops, t, m, i, ask)
        if kind == "repeat_call":
            return self.repeat_call(t, i, ask)
        if kind == "correct_explanation":
            return self.correct_explanation(ops, t, m, i, ask)
        if kind == "give_explanation":
            return self.give_explanation(t, i, ask)
        return make_request(t, i, ask, no(text("information.reason.unknown_request", kind=kind)))

    def _reply(self, t: TableView, i: int, ask: Ask, v: Verdict, build: Callable[[], Json]) -> Request:
        return make_request(t, i, ask, v, build() if v.granted else None)

    # ---------------------------------------------------------------- explanations
    def explain(self, t: TableView, m: Moment, i: int, ask: Ask) -> Request:
        """20F1/20F2 about one call; 20F3 allows it, with the 16B1(a) risk flagged."""
        record = self._call(t, ask.call_index)
        if record is None:
            return make_request(t, i, ask, no(_no_call(ask.call_index, "in_auction"), "20F1"))
        if record.seat.side is ask.seat.side:
            return make_request(t, i, ask, no(text("information.reason.opponents_calls_only"), "20F1", "20F2"))
        v = rights.explanation(m, ask.seat)
        if v.granted:
            v = self.single_call(m, v)
            if v.ui and m.period != rights.AUCTION and m.is_declarer(ask.seat):
                v = self.declarers_question(v)
        return make_request(t, i, ask, v, disclosure.explain_one_answer(t, record) if v.granted else None)

    def give_explanation(self, t: TableView, i: int, ask: Ask) -> Request:
        """20F1: the caller's partner answers an opponent's question about the call. What he
        says is the explanation the opponents were given, whatever the caller noted: a
        mistaken one is the director's (20F4, 21B, 75)."""
        record = self._call(t, ask.call_index)
        if record is None:
            return make_request(t, i, ask, no(_no_call(ask.call_index, "in_auction"), "20F1"))
        if ask.seat is not record.seat.partner:
            return make_request(t, i, ask, no(text("information.reason.partner_explains"), "20F1"))
        if not ask.text.strip():
            return make_request(t, i, ask, no(text("information.reason.explanation_says"), "20F1"))
        if not self._asked_about(t, record):
            return make_request(t, i, ask, no(text("information.reason.nobody_asked"), "20F1"))
        return make_request(t, i, ask, yes("20F1"), disclosure.partner_explained(record, ask.seat, ask.text.strip()))

    @staticmethod
    def _asked_about(t: TableView, record: CallRecord) -> bool:
        """An opponent of the caller asked about this call (or the whole auction after it)."""
        return any(
            r.granted and r.seat.side is not record.seat.side
            and ((r.ask == "explain" and r.call_index == record.index)
                 or (r.ask == "explain_all" and r.at_action > record.at_action))
            for r in t.requests
        )

    def single_call(self, m: Moment, v: Verdict) -> Verdict:
        """2017: a question about a single call is allowed; it may pass UI (20F3, 16B1(a))."""
        if m.period == rights.ENDED:
            return v
        return yes(*v.laws, "20F3", "16B1(a)", ui=True)

    @staticmethod
    def declarers_question(v: Verdict) -> Verdict:
        """41B: only the defenders ask "subject to Law 16". Once the auction is over,
        declarer's partner is (presumed) dummy, who makes no decision a question could
        inform: declarer's question about one call passes no unauthorized information."""
        laws = [law for law in v.laws if not law.startswith("16")]
        if "41B" not in laws:
            laws.append("41B")
        return yes(*laws, reason=text("information.reason.declarer_question"))

    # ---------------------------------------------------------------- tricks
    @staticmethod
    def _trick(t: TableView, n: int) -> JsonDict:
        return disclosure.trick_answer(t.tricks[n - 1], n)

    @staticmethod
    def _own_last(t: TableView, m: Moment, seat: Seat) -> JsonDict:
        n = rights.last_card_trick(m, seat)
        card = t.tricks[n - 1].card_of(seat)
        return {"trick": n, "card": str(card)}

    def quitted_trick(self, ops: TableOps, t: TableView, m: Moment, i: int, ask: Ask) -> Request:
        """66C: a quitted trick only with the director's permission: the request waits for
        the director's ``permit`` decision; 66A/66D cover the trick just completed and the
        end of play."""
        v = rights.quitted_trick(m, ask.seat, ask.trick)
        if v is rights.NEEDS_DIRECTOR:
            request = make_request(t, i, ask, v)
            open_quitted_trick(ops, i, ask.seat, ask.trick or 0, len(t.requests))
            return request
        n = ask.trick or 0
        return make_request(t, i, ask, v, self._trick(t, n) if v.granted else None)

    # ---------------------------------------------------------------- 20A
    def repeat_call(self, t: TableView, i: int, ask: Ask) -> Request:
        record = self._call(t, ask.call_index if ask.call_index is not None else len(t.calls) - 1)
        if record is None:
            return make_request(t, i, ask, no(_no_call(ask.call_index, "to_repeat"), "20A"))
        at_once = record.index == len(t.calls) - 1 and self._only_requests_since(t, record.at_action, i)
        v = rights.repeat_call(at_once)
        return make_request(t, i, ask, v, disclosure.restated(record) if v.granted else None)

    @staticmethod
    def _only_requests_since(t: TableView, start: int, end: int) -> bool:
        from bridgelaw.actions import Tempo

        refused = {r.at_action for r in t.refused}
        return all(
            isinstance(a, Ask | Tempo) or j in refused
            for j, a in enumerate(t.actions[start + 1:end], start=start + 1)
        )

    # ---------------------------------------------------------------- 20F4, 20F5
    def correct_explanation(self, ops: TableOps, t: TableView, m: Moment, i: int, ask: Ask) -> Request:
        """The explainer may correct at any time and must before the lead is faced (20F4);
        the caller must not during the auction, and corrects partner's explanation after the
        final pass as declarer or dummy, at the end of play as a defender (20F5)."""
        record = self._call(t, ask.call_index)
        if record is None:
            return make_request(t, i, ask, no(_no_call(ask.call_index, "any"), "20F4"))
        v = self.correction_verdict(m, ask.seat, record.seat)
        request = make_request(t, i, ask, v)
        if v.granted:
            request.answer = {"call": disclosure.restated(record), "agreement": self._agreement_text(t, record)}
            open_misinformation(ops, i, ask.seat, record.index, len(t.requests))
        return request

    def correction_verdict(self, m: Moment, seat: Seat, caller: Seat) -> Verdict:
        if seat.side is not caller.side:
            return no(text("information.reason.correction_by_opponent"), "20F4", "20F5")
        if seat is caller.partner:
            late = m.period in (rights.PLAY, rights.ENDED)
            return yes("20F4", "75B2", reason=text("information.reason.late_explainer") if late else None)
        # the caller corrects his partner's explanation
        if m.period == rights.AUCTION:
            v = no(text("information.reason.caller_in_auction"), "20F5")
            return Verdict(False, v.laws, v.reason, ui=True)
        declaring = m.declarer is not None and seat.side is m.declarer.side
        if declaring:
            late = m.period in (rights.PLAY, rights.ENDED)
            return yes("20F5", "75B3", reason=text("information.reason.late_caller") if late else None)
        if m.period != rights.ENDED:
            v = no(text("information.reason.defender_at_end"), "20F5")
            return Verdict(False, v.laws, v.reason, ui=True)
        return yes("20F5", "75B3")

    @staticmethod
    def _agreement_text(t: TableView, record: CallRecord) -> str | None:
        agreement = disclosure.agreement_of(t, record)
        return agreement.meaning if agreement is not None else None

    # ---------------------------------------------------------------- helpers & hooks
    @staticmethod
    def _call(t: TableView, index: int | None) -> CallRecord | None:
        if index is None or not 0 <= index < len(t.calls):
            return None
        return t.calls[index]

    def on_play_end(self, ops: TableOps) -> None:
        """16B3: when play ends, a player who reserved his rights (16B2) calls the director,
        who rules on the use of unauthorized information."""
        open_ui_rulings(ops, ops)

    def record(self, t: TableView) -> JsonDict:
        """Extra keys of the board's record: ``ui_flags`` and ``misinformation``."""
        return information_record(t)

    def notes(self, t: TableView) -> list[str]:
        """The request log as text notes (for the PBN export)."""
        return request_notes(t.requests)


@implements("20F1", "20F2", "40E2", "41B", "41C", "66A", "66B", editions=("1997",))
class Information1997(Information):
    """The 1997 code and the seed commentary (20.1, 20.4(i), 20.4(vi)): until the opening
    lead is faced a question must cover the whole auction; after a face-down lead the
    leader's partner and declarer may ask about one call (20.4(ii)), as anyone may in the
    play, the answer being unauthorized to partner (16A). The card law was 40E2."""

    edition_name: ClassVar[str] = "1997"
    card_law: ClassVar[str] = "40E2"

    def single_call(self, m: Moment, v: Verdict) -> Verdict:
        if m.period in (rights.AUCTION, rights.BEFORE_LEAD):
            return no(text("information.reason.whole_auction_1997"), *v.laws)
        if m.period == rights.ENDED:
            return v
        return yes(*v.laws, "16A", ui=True)


HANDLERS: list[Handler] = [Information(), *RULING_HANDLERS]
OVERRIDES_1997: list[Handler] = [Information1997(), Misinformation1997()]

__all__ = ["HANDLERS", "OVERRIDES_1997", "Information", "Information1997", "moment", "request_notes"]
