"""Laws 13, 14, 15 and 87: problems with the board itself.

The engine's deal is the board's hand record, so the hands it holds are always the right
ones; a board problem is what happened to the physical cards, reported at the table with
``{"seat": .., "report": kind, ...}`` (a ruling of kind ``board``). What the director must
judge he is asked (``ops.ask_director``); what follows for the score is recorded on the
ruling as ``adjusted`` (an artificial or assigned score, Law 12C) or ``form`` (the form
of a fouled board, Law 87), and ``board_result`` turns a table into the result the
scoring methods (``bridgelaw.laws.scoring.methods``) rank.

* ``incorrect_number`` (``hands``: [too many, too few]): 13A before a player with a wrong
  hand has called (corrected; was a card seen?), 13B after (can it be played with no
  change of call? else an adjusted score), 13D after the play (result cancelled);
* ``surplus_card`` (``card``): 13C, removed, no rectification;
* ``missing_card`` (``card``, of the reporter's hand): 14A before the opening lead is
  faced, 14B after (deemed always his: failures to follow with it are revokes, 14B4).
  The director always checks the report against the hand record (``found``: ``not_his``
  when the card belongs to another hand); the table is never told whose card it is;
* ``wrong_board`` (``offender``, default the reporter, called holding another board's
  cards): 15A1 his calls
  from the first are cancelled; 15A1(a) partner has called since: adjusted score; 15A1(b)
  otherwise he calls again;
* ``wrong_board_earlier`` (``offender``; ``earlier_call``: what he called holding these cards at an earlier
  table): 15A2, the director judges whether his call here differs;
* ``wrong_board_played``: 15B, a board not scheduled for this table;
* ``fouled_board``: 87A, the director names the form this table played (87B groups);
* ``wrong_score``: 79C, a score computed or recorded wrong (or for the wrong board): found
  within the correction period it is corrected to the result the table agreed on.

``fouled_board`` and ``wrong_score`` read nothing of the hands: they are ruled on boards
whose hands are unknown (the director's assistant) as well.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import ClassVar, Literal

from bridgelaw.actions import Report
from bridgelaw.core.calls import Call
from bridgelaw.core.cards import Card, Seat
from bridgelaw.errors import ParseError
from bridgelaw.i18n import add, as_call, as_seat, both, msg, put, text
from bridgelaw.i18n.render import Described
from bridgelaw.laws.base.facts import RevokeAttention
from bridgelaw.laws.base.handler import Handler, TableOps, TableView
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.laws.scoring.methods import ARTIFICIAL_PERCENT, Artificial, Assigned, Result, Score
from bridgelaw.records import CallRecord
from bridgelaw.rulings import (
    AdjustedScore,
    Answer,
    AnswerType,
    JsonDict,
    JsonMap,
    Question,
    Ruling,
    RulingState,
    RulingStatus,
)


def _q(key: str, law: str, en: str, ru: str) -> Question:
    return Question(key=key, text=en, text_ru=ru, law=law)


SEEN = _q("seen", "13A2", *both("board.module"))
PLAYABLE = _q("playable", "13B1", *both("board.module.2"))
ADJUSTED = _q("adjusted_score", "12C", *both("board.module.3"))
FOUND = _q("found", "14B", *both("board.module.4"))
DIFFERS = _q("call_differs", "15A2", *both("board.module.5"))
PLAYED_BEFORE = _q("played_before", "15B1", *both("board.module.6"))
FORM = _q("form", "87B", *both("board.module.7"))
IN_TIME = Question("in_time", *both("board.ask.in_time"), law="79C", answer=Answer(AnswerType.BOOL))
AGREED_SCORE = Question("agreed_result", *both("board.ask.agreed_result"), law="79C", answer=Answer(AnswerType.TEXT))


_AVG = {"avg+": "board.avg.plus", "avg": "board.avg.even", "avg-": "board.avg.minus"}

BoardStep = Literal["13A", "13B", "13D", "14A", "14B", "15A1(a)"]


@dataclass(frozen=True, slots=True)
class BoardState(RulingState):
    """What a board ruling found: the problem reported and by whom, the step of its law
    the director rules under, and what that step established."""

    problem: str
    reporter: Seat
    step: BoardStep | None = None
    hands: tuple[Seat, Seat] | None = None  # 13: the hand with too many cards, the one with too few
    card: Card | None = None  # 14: the card reported missing
    revoke_tricks: tuple[int, ...] = ()  # 14B4: the tricks he failed to follow to with it
    cancelled_from: int | None = None  # 15A1: the first call he made holding the wrong cards
    cancelled_calls: tuple[Call, ...] = ()
    earlier_call: str | None = None  # 15A2: his call with these cards at an earlier table
    form: str | None = None  # 87B: the form of the fouled board this table played

    def named(self) -> Mapping[str, object]:
        return {"problem": self.problem}


def _state(ruling: Ruling) -> BoardState:
    """The board problem a ruling is about (recorded when it is opened)."""
    st = ruling.fact(BoardState)
    assert st is not None, "a board ruling records its problem when opened"
    return st


def _adjusted(value: object) -> AdjustedScore:
    """Validate the director's adjusted score: artificial (both sides) or assigned."""
    if isinstance(value, Mapping):
        if "score_ns" in value and isinstance(value["score_ns"], int) and not isinstance(value["score_ns"], bool):
            return AdjustedScore(score_ns=value["score_ns"])
        ns, ew = value.get("ns"), value.get("ew")
        if ns in ARTIFICIAL_PERCENT and ew in ARTIFICIAL_PERCENT:
            return AdjustedScore(ns=ns, ew=ew)
    raise KeyError("adjusted_score ({'ns': 'avg+|avg|avg-', 'ew': ...} or {'score_ns': N})")


def _calls_by(ops: TableOps, seats: set[Seat]) -> list[CallRecord]:
    return [c for c in ops.calls if c.seat in seats]


@implements("13A1", "13A2", "13B1", "13B2", "13C", "13D", "14A", "14B", "14C", "15A1", "15A1(a)", "15A1(b)",
            "15A2", "15B1", "15B2", "87A", "87B", "12C2(a)", handling=Handling.DIRECTOR_QUESTION, editions=("2017",))
class BoardHandler(Handler):
    """Problems with the board itself (Laws 13-15, 87): the director's questions and the
    score that follows."""

    kind: ClassVar[str] = "board"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        bops = ops
        action = ruling.the_action()
        assert isinstance(action, Report)
        params = dict(action.params)
        problem = action.problem
        seat = action.seat
        ruling.record_fact(BoardState(problem=problem, reporter=seat))
        try:
            getattr(self, f"_{problem}")(bops, ruling, seat, params)
        except (ParseError, KeyError, TypeError, ValueError) as bad:
            put(ruling, *both("board.report_incomplete", seat=seat, problem=msg(f"report.{problem}"), bad=str(bad)))
            ops.close(ruling)

    # -- Law 13 --------------------------------------------------------------------------
    def _incorrect_number(self, ops: TableOps, ruling: Ruling, seat: Seat, p: JsonDict) -> None:
        over, under = (Seat.parse(s) for s in p["hands"])
        st = replace(_state(ruling), hands=(over, under))
        ruling.offender = over
        what = msg("board.wrong_count", over=over, under=under)
        called = _calls_by(ops, {over, under})
        if ops.phase == "ended":
            ruling.record_fact(replace(st, step="13D"))
            ruling.cite("13D")
            ruling.flag("90")
            put(ruling, *both("board.incorrect_number", what=what))
            ops.ask_director(ruling, [ADJUSTED])
        elif not called:
            ruling.record_fact(replace(st, step="13A"))
            ruling.cite("13A1")
            put(ruling, *both("board.wrong_count.before_calls", what=what))
            ops.ask_director(ruling, [SEEN])
        else:
            ruling.record_fact(replace(st, step="13B"))
            ruling.cite("13B1")
            put(ruling, *both("board.wrong_count.after_call", what=what))
            ops.ask_director(ruling, [PLAYABLE, ADJUSTED])

    def _surplus_card(self, ops: TableOps, ruling: Ruling, seat: Seat, p: JsonDict) -> None:
        card = Card.parse(p["card"])
        ruling.cite("13C")
        put(ruling, *both("board.surplus_card", card=card, seat=as_seat(seat)))
        ops.close(ruling)

    # -- Law 14 --------------------------------------------------------------------------
    def _missing_card(self, ops: TableOps, ruling: Ruling, seat: Seat, p: JsonDict) -> None:
        """The public ruling never depends on where the card is by the hand record: a
        report is the reporter's own statement, and only the director, who holds the hand
        record, checks it (an automatic answer naming the owner would let any seat learn
        who holds any card). The director's note says whose card it is."""
        card = Card.parse(p["card"])
        deal = ops.board.deal
        owner = next((s for s in Seat if deal.hands[s] & card.bit), None)
        if owner is None:
            ops.log(text("board.log.missing_card_unknown", seat=as_seat(seat), card=card))
        else:
            ops.log(text("board.log.missing_card", seat=as_seat(seat), card=card, holder=as_seat(owner)))
        ruling.record_fact(replace(_state(ruling), card=card, step="14B" if ops.lead_faced else "14A"))
        put(ruling, *both("board.missing_card_reported", seat=as_seat(seat), card=card))
        ops.ask_director(ruling, [FOUND])

    def _missing_decided(self, ops: TableOps, ruling: Ruling, found: object) -> None:
        if found not in ("board", "played", "not_found", "not_his"):
            raise KeyError("found ('board', 'played', 'not_found' or 'not_his')")
        st = _state(ruling)
        seat, card = st.reporter, st.card
        assert card is not None, "a missing card is recorded when reported"
        his = bool(ops.board.deal.hands[seat] & card.bit)
        if (found == "not_his") == his:
            # the refusal reaches the director alone, who holds the hand record anyway
            raise KeyError(f"found: by the hand record {card} is {'' if his else 'not '}{seat.name}'s")
        ruling.answers["found"] = found
        if found == "not_his":
            add(ruling, *both("board.missing_not_his", seat=as_seat(seat), card=card))
            return
        how = msg({"board": "board.how.board", "played": "board.how.played", "not_found": "board.how.not_found"}[found])
        ruling.flag("14C")
        if st.step == "14A":
            ruling.cite("14A")
            put(ruling, *both("board.missing_decided.2", seat=as_seat(seat), card=card, how=how))
            return
        ruling.cite("14B")
        if found == "played":
            ruling.flag("67")
        revokes = [
            n for n, t in enumerate(ops.tricks, 1)
            if t.complete and t.cards[0].suit is card.suit
            and (played := t.card_of(seat)) is not None and played.suit is not card.suit
        ]
        ruling.record_fact(replace(st, revoke_tricks=tuple(revokes)))
        put(ruling, *both("board.missing_decided", seat=as_seat(seat), card=card, how=how))
        if revokes:
            ruling.cite("14B4")
            ruling.flag("61A")
            add(ruling, *both("board.missing_decided.3", join=', '.join(map(str, revokes))))
            # 81C: the director rectifies the irregularity he has become aware of; the
            # first revoke carries the rectification (64B2: a later one in the same suit
            # by the same player carries none of its own).
            ops.open_ruling("revoke", seat, state=RevokeAttention(offender=seat, trick=revokes[0]))

    # -- Law 15 --------------------------------------------------------------------------
    def _wrong_board(self, ops: TableOps, ruling: Ruling, seat: Seat, p: JsonDict) -> None:
        seat = Seat.parse(p["offender"]) if "offender" in p else seat  # whose cards were wrong
        ruling.offender = seat
        mine = _calls_by(ops, {seat})
        if not mine:
            ruling.cite("15A")  # he takes his own cards before calling: nothing to rectify
            _nothing(ops, ruling, *both("board.wrong_board.2", seat=as_seat(seat)))
            return
        first = mine[0].index
        ruling.cite("15A1")
        partner_called = any(c.seat is seat.partner and c.index > first for c in ops.calls)
        st = replace(_state(ruling), cancelled_from=first, cancelled_calls=tuple(c.call for c in ops.calls if c.seat is seat))
        ruling.record_fact(st)
        if partner_called or ops.phase != "auction":
            ruling.cite("15A1(a)")
            ruling.record_fact(replace(st, step="15A1(a)"))
            put(ruling, *both("board.wrong_board.3", seat=as_seat(seat)))
            ruling.flag("90")
            ops.ask_director(ruling, [ADJUSTED])
            return
        for c in ops.calls:
            if c.index >= first and c.status == "stands":
                ops.cancel_call(ruling, c)
        ruling.cite("15A1(b)")
        ruling.flag("16C")
        ruling.flag("90")
        put(ruling, *both("board.wrong_board", seat=as_seat(seat)))
        ops.close(ruling)

    def _wrong_board_earlier(self, ops: TableOps, ruling: Ruling, seat: Seat, p: JsonDict) -> None:
        seat = Seat.parse(p["offender"]) if "offender" in p else seat  # whose cards were wrong
        ruling.offender = seat
        earlier = str(p["earlier_call"])
        if not _calls_by(ops, {seat}):
            _nothing(ops, ruling, *both("board.wrong_board_earlier.2", seat=as_seat(seat)))
            return
        ruling.record_fact(replace(_state(ruling), earlier_call=earlier))
        ruling.cite("15A2")
        put(ruling, *both("board.wrong_board_earlier", seat=as_seat(seat), earlier=as_call(earlier)))
        ops.ask_director(ruling, [DIFFERS, ADJUSTED])

    def _wrong_board_played(self, ops: TableOps, ruling: Ruling, seat: Seat, p: JsonDict) -> None:
        put(ruling, *both("board.wrong_board_played"))
        ops.ask_director(ruling, [PLAYED_BEFORE, ADJUSTED])

    # -- Law 87 --------------------------------------------------------------------------
    def _fouled_board(self, ops: TableOps, ruling: Ruling, seat: Seat, p: JsonDict) -> None:
        ruling.cite("87A")
        put(ruling, *both("board.fouled_board"))
        ops.ask_director(ruling, [FORM])

    # -- Law 79C -------------------------------------------------------------------------
    def _wrong_score(self, ops: TableOps, ruling: Ruling, seat: Seat, p: JsonDict) -> None:
        """A score recorded wrong (computed or written down wrong, or on the wrong board or
        pair): corrected within the correction period (79C); the director asks when it
        was found, then the result the table agreed on, and records it."""
        ruling.cite("79C")
        put(ruling, *both("board.wrong_score", seat=seat))
        ops.ask_director(ruling, [IN_TIME])

    def _score_decided(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        if "in_time" in decision:
            ruling.answers["in_time"] = _flag(decision, "in_time")
            if not ruling.answers["in_time"]:
                add(ruling, *both("board.wrong_score.late"))
                ops.close(ruling)
                return
            ops.ask_director(ruling, [AGREED_SCORE])
            return
        agreed = decision.get("agreed_result")
        if not isinstance(agreed, str) or not agreed.strip() or "in_time" not in ruling.answers:
            raise KeyError("in_time" if "in_time" not in ruling.answers else "agreed_result (the result as agreed)")
        ruling.answers["agreed_result"] = agreed.strip()
        add(ruling, *both("board.wrong_score.corrected", score=Described(agreed.strip())))
        ops.close(ruling)

    # -- the director's answers ---------------------------------------------------------------
    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        bops = ops
        problem = _state(ruling).problem
        if problem == "missing_card":
            if "found" not in decision:
                raise KeyError("found")
            self._missing_decided(bops, ruling, decision["found"])
        elif problem == "incorrect_number":
            self._incorrect_decided(bops, ruling, decision)  # it closes the ruling or asks again
            return
        elif problem == "wrong_score":
            self._score_decided(bops, ruling, decision)  # it closes the ruling or asks again
            return
        elif problem == "wrong_board":
            self._award(bops, ruling, decision, end=True)
        elif problem == "wrong_board_earlier":
            differs = _flag(decision, "call_differs")
            ruling.answers["call_differs"] = differs
            if differs:
                en, ru = both("board.on_decision.2", seat=ruling.offender if ruling.offender is not None else "")
                self._award(bops, ruling, decision, end=True, artificial=True, why=en, why_ru=ru)
                return
            add(ruling, *both("board.on_decision"))
        elif problem == "wrong_board_played":
            before = _flag(decision, "played_before")
            ruling.answers["played_before"] = before
            if before:
                ruling.cite("15B1")
                self._award(bops, ruling, decision, end=True, artificial=True,
                            why=both("board.on_decision.4")[0],
                            why_ru=both("board.on_decision.4")[1])
                return
            ruling.cite("15B2")
            ruling.flag("15B2")
            add(ruling, *both("board.on_decision.3"))
        elif problem == "fouled_board":
            form = decision.get("form")
            if not isinstance(form, str) or not form:
                raise KeyError("form (a name)")
            ruling.cite("87B")
            ruling.answers["form"] = form
            ruling.record_fact(replace(_state(ruling), form=form))
            add(ruling, *both("board.on_decision.5", form=Described(form)))
        ops.close(ruling)

    def _incorrect_decided(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        step = _state(ruling).step
        if step == "13A":
            seen = _flag(decision, "seen")
            ruling.answers["seen"] = seen
            if seen:
                ruling.cite("13A2")
                ruling.flag("13A2")
                add(ruling, *both("board.incorrect_decided"))
            else:
                add(ruling, *both("board.incorrect_decided.2"))
            ops.close(ruling)
            return
        if step == "13B":
            self._playable_decided(ops, ruling, decision)
            return
        self._award(ops, ruling, decision, end=False)

    def _playable_decided(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        """13B: playable (13B1) or not (13B2: an adjusted score). The director may answer
        one question at a time: "not playable" alone is recorded and the adjusted score
        asked for next."""
        earlier = ruling.answers.get("playable")
        playable = earlier if "playable" not in decision and isinstance(earlier, bool) else _flag(decision, "playable")
        ruling.answers["playable"] = playable
        if playable:
            ruling.flag("13B1")
            add(ruling, *both("board.incorrect_decided.3"))
            ops.close(ruling)
            return
        # The deal cannot be played: 13B2 decides, not 13B1 (cited while the question was open).
        ruling.laws[:] = [ref for ref in ruling.laws if ref != "13B1"]
        ruling.cite("13B2")
        if "adjusted_score" not in decision:
            ops.ask_director(ruling, [ADJUSTED])
            return
        self._award(ops, ruling, decision, end=True, why=both("board.incorrect_decided.4")[0],
                    why_ru=both("board.incorrect_decided.4")[1])

    def _award(
        self, ops: TableOps, ruling: Ruling, decision: JsonMap, *, end: bool, artificial: bool = False,
        why: str = "", why_ru: str = "",
    ) -> None:
        if "adjusted_score" not in decision:
            raise KeyError("adjusted_score")
        adj = _adjusted(decision["adjusted_score"])
        if artificial and not adj.artificial:
            raise KeyError("adjusted_score (artificial: {'ns': 'avg+|avg|avg-', 'ew': ...})")
        ruling.answers["adjusted_score"] = adj.to_json()
        ruling.adjusted = adj
        ruling.cite("12C2(a)" if adj.artificial else "12C1(b)")
        shown = (msg("board.score.artificial", ns=msg(_AVG[adj.ns]), ew=msg(_AVG[adj.ew]))
                 if adj.ns is not None and adj.ew is not None
                 else msg("board.score.assigned", score=int(adj.score_ns or 0)))
        add(ruling, *both("board.award", why=why, shown=shown))
        ops.close(ruling)
        if end and ops.phase != "ended":
            ops.end_play(ruling)


def _nothing(ops: TableOps, ruling: Ruling, en: str, ru: str) -> None:
    put(ruling, en, ru)
    ops.close(ruling)


def _flag(decision: JsonMap, key: str) -> bool:
    value = decision.get(key)
    if not isinstance(value, bool):
        raise KeyError(f"{key} (true or false)")
    return value


def board_result(table: TableView) -> Result | None:
    """The board's result for the scoring methods: the adjusted score a board ruling
    awarded (Law 12C, the last one counts), else the table score; None while unfinished."""
    for r in reversed(list(table.rulings)):
        adj = r.adjusted if r.kind == "board" and r.status is RulingStatus.CLOSED else None
        if adj is not None:
            if adj.ns is not None and adj.ew is not None:
                return Artificial(adj.ns, adj.ew)
            return Assigned(int(adj.score_ns or 0), note=r.kind)
    score = table.score_ns
    return Score(int(score)) if score is not None else None


def board_form(table: TableView) -> str:
    """The form of a fouled board this table played (87B), '' when not fouled."""
    for r in reversed(list(table.rulings)):
        st = r.fact(BoardState) if r.kind == "board" else None
        if st is not None and st.form is not None:
            return st.form
    return ""


HANDLERS: list[Handler] = [BoardHandler()]
OVERRIDES_1997: list[Handler] = []
