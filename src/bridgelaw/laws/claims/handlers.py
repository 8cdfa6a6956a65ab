"""Laws 68-71: claims and concessions.

A claim (68A) or a concession (68B1) suspends the play at once (68D): no card may be
played while it is pending. The claimer faces his hand and states his line (68C); the
table output carries a ``claim`` entry with the statement and the faced hand. Then:

* every opponent who must answer agrees -> the board is scored as claimed (69A); a player
  may later withdraw his agreement (69B) or the conceding side ask for a concession to be
  cancelled (71): the director is asked how many tricks;
* a concession of tricks that could not be lost by any legal play is cancelled at once
  (71, 79A2): nobody may knowingly accept such a trick;
* an opponent (or dummy) disputes -> the director is asked for the number of tricks
  (``{"tricks": N}``: N of the remaining tricks to the claimer's side, 70), with the
  claim checker's proposal and its worst normal line for the director alone; he may instead
  let play continue at everyone's agreement (``{"play_on": true}``, 68D2(b));
* a defender's claim or concession to which his partner objects at once is void and play
  continues (68B2); what the defender showed is unauthorized to his partner (16C).

Counting: the claim is of the remaining tricks, the trick in progress included; the
result credits the tricks already won plus the settled share (``Table.declarer_tricks``).
Revoke establishment by agreeing to a claim (63A4) is the revoke handler's: it can read
``agreed_claim(ops)``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar, Literal

from bridgelaw.actions import Action, Claim, ClaimResponse, Concede
from bridgelaw.core.cards import Seat, Side
from bridgelaw.core.deal import Hand
from bridgelaw.core.play import Position
from bridgelaw.i18n import Msg, add, as_seat, both, msg, put, text
from bridgelaw.laws.base.facts import PrivateRefs
from bridgelaw.laws.base.handler import Handler, TableOps, option
from bridgelaw.laws.claims.checker import DeferredAnalysis, claim_checker
from bridgelaw.laws.claims.director_note import director_note
from bridgelaw.laws.claims.state import ClaimStage, ClaimState
from bridgelaw.laws.claims.state import claim_state as _state
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import JsonMap, Question, Ruling, RulingStatus

TRICKS_QUESTION = Question(
    key="tricks",
    text=both("claims.module")[0],
    text_ru=both("claims.module")[1],
    law="70",
)
TRICKS_QUESTION_CONCESSION = Question("tricks", *both("claims.module.concession"), "70")  # in a concession's words
PLAY_ON_QUESTION = Question(
    key="play_on",
    text=both("claims.module.2")[0],
    text_ru=both("claims.module.2")[1],
    law="68D2(b)",
)
OBJECTION_QUESTION_1997 = Question(  # 1997 Law 68 has no clause on a partner's objection: the director's
    "objection_voids_claim", both("claims.objection_question_1997")[0], both("claims.objection_question_1997")[1], "68")
OBJECTION_QUESTION_1997_CONCESSION = Question(  # the same, in a concession's words
    "objection_voids_claim", *both("claims.objection_question_1997.concession"), "68")
WITHDRAW_QUESTION = Question(
    key="tricks",
    text=both("claims.module.3")[0],
    text_ru=both("claims.module.3")[1],
    law="69B",
)


def seats_and(names: list[str]) -> Seat | Msg:
    """The seats that agreed: 'E, W' / 'Восток и Запад'."""
    seats = [Seat[s] for s in names]
    return seats[0] if len(seats) == 1 else msg("claims.seats_and", head=seats[:-1], last=seats[-1])


def _objection_id(mid: str, ops: TableOps, ruling: Ruling) -> str:
    """The objection's sentence: with cards shown (a claim faces the claimer's hand, 68C; a
    concession made by facing it or followed by cards shown), they are not penalty cards
    (68B2); a concession made in words leaves only the words as unauthorized information."""
    st = _state(ruling)
    shown = st.faced or st.what != "concession" or any(
        r.kind == "card_exposed" and r.offender is st.claimer and r.id > ruling.id for r in ops.rulings)
    return mid if shown else _UNFACED[mid]


_UNFACED = {"claims.partner_objects": "claims.partner_objects.unfaced",
            "claims.objection_upheld_1997": "claims.objection_upheld_1997.unfaced"}


def _who(st: ClaimState) -> Msg:
    """The side's maker: 'the claimer' / 'заявившего' (the genitive after 'сторона')."""
    return msg("claims.who.conceder" if st.what == "concession" else "claims.who.claimer")


def agreed_claim(ops: TableOps) -> Ruling | None:
    """The claim or concession the opponents agreed to, if any (63A4 reads it)."""
    for r in reversed(list(ops.rulings)):
        if r.kind == "claim" and _state(r).stage == "agreed":
            return r
    return None


def _pending(ops: TableOps, *stages: ClaimStage) -> Ruling | None:
    for r in reversed(list(ops.rulings)):
        if r.kind == "claim":
            return r if _state(r).stage in stages else None
    return None


def faced_in_claim(ops: TableOps, seat: Seat) -> bool:
    """68C, 68B2: ``seat`` has a claim or concession of his own still unanswered or just
    answered: cards he faces now are faced in it (his hand shown with the claim), not
    exposed under 49; their information is unauthorized to his partner (16C)."""
    r = _pending(ops, "pending", "agreed", "disputed")
    return r is not None and _state(r).claimer is seat and r.status is not RulingStatus.CLOSED


def _completed(ops: TableOps) -> int:
    return sum(1 for t in ops.tricks if t.complete)


def _position(ops: TableOps) -> Position | None:
    """The position at the claim, for the claim checker (None when it is not a clean one)."""
    contract = ops.contract
    assert contract is not None
    if not ops.deal_complete:
        return None  # the checker needs all four hands: a partly known deal is the director's
    trump = contract.strain.suit
    hands = (ops.hand(Seat.N), ops.hand(Seat.E), ops.hand(Seat.S), ops.hand(Seat.W))
    tricks = ops.tricks
    if tricks and not tricks[-1].complete and tricks[-1].cards:
        cur = tricks[-1]
        pos = Position(hands, trump, cur.leader, tuple(cur.cards))
    else:
        leader = ops.play_turn or contract.opening_leader
        pos = Position(hands, trump, leader)
    counts = {m.bit_count() for m in hands}
    expected = {pos.remaining - (1 if i < len(pos.trick) else 0) for i in range(4)}
    if not counts <= expected:
        return None
    return pos


def _statement_text(statement: str | None) -> Msg | str:
    """The claim's statement as its ruling quotes it: the words, 'without a statement', or
    nothing when the director was not told whether one was made."""
    if statement is None:
        return ""
    return msg("claims.statement", text=statement) if statement else msg("claims.no_statement")


def _responders(ops: TableOps, claimer: Seat) -> list[Seat]:
    """Who must agree: both defenders to the declaring side's claim; declarer to a defender's."""
    contract = ops.contract
    assert contract is not None
    if claimer.side is contract.declarer.side:
        return [claimer.lho, claimer.rho]
    return [contract.declarer]


@implements("68A", "68B1", "68C", "68D", "68D1", "69A", "71", "79A2", editions=("2017", "1997"))
@implements("68B2", "68D2(b)", "16C")
@implements("68D2", "69B", "70", "70A", "70C", "70D", "70E", handling=Handling.DIRECTOR_QUESTION)
class ClaimHandler(Handler):
    """Claims and concessions (Laws 68-71)."""

    kind: ClassVar[str] = "claim"

    # -- the actions the Table routes here ---------------------------------------------------
    def on_action(self, ops: TableOps, i: int, action: Action) -> None:
        cops = ops
        if isinstance(action, Claim):
            self._claim(cops, action, action.statement, concession=False)
        elif isinstance(action, Concede):
            self._claim(cops, action, "", concession=True)
        elif isinstance(action, ClaimResponse):
            self._respond(cops, action.seat, action.response)
        else:  # pragma: no cover - the Table routes only these
            cops.refuse("not_supported", text("claims.refused.on_action", kind=type(action).__name__))

    def _claim(self, ops: TableOps, action: Claim | Concede, statement: str | None, *, concession: bool) -> None:
        """68A/68B1: a claim or concession of tricks, made by declarer or a defender while
        the play is on (68D suspends it); refused when it cannot be one."""
        seat, n = action.seat, action.tricks
        what: Literal["claim", "concession"] = "concession" if concession else "claim"
        self._refuse_unless_in_play(ops, seat, what)
        remaining = 13 - _completed(ops)
        self._refuse_unless_tricks_remain(ops, seat, what, n, remaining)
        share = remaining - n if concession else n
        analysis = self._analysis(ops, action, share, statement or "")
        won = ops.won
        ruling = ops.open_ruling("claim", None, state=ClaimState(
            claimer=seat, what=what, tricks=share, stated=n, remaining=remaining, statement=statement,
            won_before=(won[0], won[1]), responders=tuple(_responders(ops, seat)), faced=action.faced,
            line=action.line if isinstance(action, Claim) else None,
        ))
        ruling.analysis = analysis

    @staticmethod
    def _refuse_unless_in_play(ops: TableOps, seat: Seat, what: str) -> None:
        """68A/68B: a claim or concession is made during the play, by declarer or a
        defender (43A1(c): dummy takes no part in the play; what he said may be
        unauthorized to declarer, 16B), once the opening lead is faced and no ruling is
        pending."""
        if ops.contract is None or ops.phase not in ("lead", "play"):
            ops.refuse("no_play", text("claims.refused.claim", seat=seat, act=msg(f"claims.act.{what}")))
        if ops.awaiting is not None:
            ops.refuse("awaiting_ruling", text("claims.refused.claim.2", seat=seat, act=msg(f"claims.act.{what}")))
        if ops.face_down_lead is not None:
            ops.refuse("lead_not_faced", text("claims.refused.claim.3"))
        if ops.contract is not None and seat is ops.contract.dummy:
            ops.refuse("dummy_may_not_claim", text("claims.refused.claim.4", seat=seat, act=msg(f"claims.act.{what}")))

    @staticmethod
    def _refuse_unless_tricks_remain(ops: TableOps, seat: Seat, what: str, n: int, remaining: int) -> None:
        """68A/68B1: the claim is of some of the remaining tricks, the trick in progress
        included; the last card of the last trick is played, not claimed."""
        in_progress = bool(ops.tricks) and not ops.tricks[-1].complete and bool(ops.tricks[-1].cards)
        if remaining == 1 and in_progress:
            ops.refuse("not_a_claim", text("claims.refused.claim.5"))
        if n > remaining:
            ops.refuse("too_many_tricks", text("claims.refused.claim.6", remaining=remaining, seat=seat,
                                                       verb=msg(f"claims.verb.{what}"), tricks=msg("count.tricks", n=n)))

    @staticmethod
    def _analysis(ops: TableOps, action: Claim | Concede, share: int, statement: str) -> JsonMap | None:
        """The claim checker's analysis: the one recorded with the action when the claim
        was made, or (a claim made now) a fresh one, recorded with the action in the log
        so that no replay searches again."""
        if action.analysis is not None:
            return action.analysis if isinstance(action.analysis, DeferredAnalysis) else dict(action.analysis)
        pos = _position(ops)
        checker = claim_checker()
        if pos is None or checker is None:
            return None
        line = action.line if isinstance(action, Claim) else None
        analysis = checker(pos, action.seat, share, statement, line, ops.config.regulations.claim_suit_order)
        ops.record_action(replace(action, analysis=analysis))
        return analysis

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        cops = ops
        st = _state(ruling)
        claimer = st.claimer.name
        if st.what == "claim":
            ruling.cite("68A", "68C", "68D")
            made = ("claims.claim_made" if st.tricks != st.remaining
                    else "claims.claim_made.both" if st.remaining == 2 else "claims.claim_made.all")
            put(ruling, *both(made, claimer=st.claimer, tricks=st.tricks, n=st.remaining,
                              statement=_statement_text(st.statement)))
            cops.show_claim(ruling, {
                "seat": claimer, "what": "claim", "tricks": st.tricks, "remaining": st.remaining,
                "statement": st.statement, "hand": Hand(cops.hand(st.claimer)).to_pbn(), "status": "pending",
                **({"line": st.line.to_json()} if st.line is not None else {}),
            })
        else:
            ruling.cite("68B1", "68D")
            if st.stated == st.remaining:  # every trick left: "all N remaining tricks", "both"
                put(ruling, *both("claims.open.both" if st.remaining == 2 else "claims.open.all", claimer=as_seat(claimer),
                                  n=st.remaining))
            else:
                put(ruling, *both("claims.open", claimer=as_seat(claimer), stated=st.stated, remaining=st.remaining))
            shown: dict[str, object] = {
                "seat": claimer, "what": "concession", "tricks": st.tricks, "conceded": st.stated,
                "remaining": st.remaining, "status": "pending",
            }
            if st.faced:
                shown["hand"] = Hand(cops.hand(st.claimer)).to_pbn()
            cops.show_claim(ruling, shown)
        self._offer_next(ops, ruling)

    @staticmethod
    def _offer_next(ops: TableOps, ruling: Ruling) -> None:
        st = _state(ruling)
        seat = st.waiting[0]
        ops.offer(ruling, [
            option("agree", seat, *both("claims.offer_next" if st.what == "claim" else "claims.offer_next.concession")),
            option("dispute", seat, *both("claims.offer_next.2")),
        ])

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        chooser = ruling.options[0].by
        assert isinstance(chooser, Seat)
        self._respond(ops, chooser, option_id)

    def on_other_choice(self, ops: TableOps, ruling: Ruling, seat: Seat, option_id: str) -> bool:
        """68D2: each opponent answers for himself, in either order: ``choose`` with
        ``agree`` or ``dispute`` by the opponent the ruling is not waiting on (or by the
        claimer's partner) is his answer, as ``claim_response`` would be."""
        if option_id not in ("agree", "dispute"):
            return False
        self._respond(ops, seat, option_id)
        return True

    # -- the answers ---------------------------------------------------------------------
    def _respond(self, ops: TableOps, seat: Seat, response: str) -> None:
        ruling = _pending(ops, "pending")
        if ruling is None:
            self._respond_to_answered(ops, seat, response)
            return
        st = _state(ruling)
        claimer = st.claimer
        if seat is claimer:
            ops.refuse("own_claim", text("claims.refused.respond.2", seat=seat))
        contract = ops.contract
        assert contract is not None
        if seat is claimer.partner:
            if response == "agree":
                ops.log(text("claims.log.respond", seat=seat, what=st.what))
                return
            if claimer.side is not contract.declarer.side:
                self._partner_objects(ops, ruling, seat)
                return
            self._dispute(ops, ruling, seat)  # dummy doubts the claim (68D2)
            return
        if response == "dispute":
            self._dispute(ops, ruling, seat)
            return
        if seat not in st.agreed:
            st = replace(st, agreed=(*st.agreed, seat))
            ruling.record_fact(st)
        waiting = [s.name for s in st.waiting]
        if waiting:
            self._offer_next(ops, ruling)
            ops.log(text("claims.log.respond.2", seat=seat, waiting=[as_seat(w) for w in waiting]))
            return
        self._agreed(ops, ruling)

    def _respond_to_answered(self, ops: TableOps, seat: Seat, response: str) -> None:
        """An answer when no claim waits for one: a second answer after a dispute (68D2);
        an objection at once to an agreed defender's concession (68B2); a withdrawn
        agreement or a concession to cancel (69B, 71); else refused."""
        disputed = _pending(ops, "disputed")
        if disputed is not None and _state(disputed).reopened_by is None:
            self._answer_after_dispute(ops, disputed, seat, response)
            return
        settled = _pending(ops, "agreed", "adjudicated")
        if settled is not None and response == "dispute" and self._objects_at_once(ops, settled, seat):
            self._objection_after_agreement(ops, settled, seat)
            return
        if settled is not None and response == "dispute":
            self._reopen(ops, settled, seat)
            return
        ops.refuse("no_claim", text("claims.refused.respond", seat=seat))

    def _agreed(self, ops: TableOps, ruling: Ruling) -> None:
        """69A: the board is scored as claimed; 71: a concession of tricks that could not be
        lost by any legal play is cancelled."""
        st = _state(ruling)
        share = st.tricks
        ruling.cite("69A")
        # a claim is scored as claimed, a concession as conceded (68B1: not "a claim of 0")
        agreed = [s.name for s in st.agreed]
        add(ruling, *both("claims.agreed.concession" if st.what == "concession" else "claims.agreed.claim",
                          agreed=seats_and(agreed), n=len(agreed)))
        analysis = ruling.analysis or {}
        sure = analysis.get("sure")
        if isinstance(sure, int) and sure > share:
            ruling.cite("71", "79A2")
            add(ruling, *both("claims.concession_cancelled", conceded=msg("claims.conceded_tricks", n=sure - share),
                              who=_who(st), n=sure))
            share = sure
        elif isinstance(analysis.get("worst_normal"), int) and analysis["worst_normal"] > share:
            ruling.flag("71")
        # 68B2: a partner's objection may follow at once
        ruling.record_fact(replace(st, stage="agreed", agreed_at=len(ops.actions) - 1))
        self._settle(ops, ruling, share)
        ops.close(ruling)

    def _dispute(self, ops: TableOps, ruling: Ruling, seat: Seat) -> None:
        """68D2, 70: the director adjudicates; the claim checker proposes a number."""
        ruling.record_fact(replace(_state(ruling), stage="disputed", disputed_by=seat))
        ruling.cite("68D2", "70")
        # The checker's proposal and line are derived from the hidden hands: they go to the
        # director only (``director_note``), never into the summary every seat sees.
        conceded = _state(ruling).what == "concession"  # said as a concession, not a claim
        add(ruling, *both("claims.dispute.concession" if conceded else "claims.dispute", seat=as_seat(seat)))
        analysis = ruling.analysis or {}
        trump_unmentioned = bool(analysis.get("trump_outstanding") and not analysis.get("trump_mentioned"))
        ruling.director_note = director_note(ruling.analysis, ruling.edition, trump_unmentioned=trump_unmentioned)
        if trump_unmentioned:
            # 70C: a trump left with an opponent that the claimer did not mention is the
            # law the director rules under, not only a flag.
            # It comes from the hidden hands: the director alone is shown it (private_refs).
            ruling.cite("70C")
            ruling.flag("70C")
            ruling.record_fact(PrivateRefs(("70C",)))
        ruling.options = []
        # playing on by everyone's consent (68D2(b)) is 2017's: the 1997 Laws have no such clause
        tricks = TRICKS_QUESTION_CONCESSION if conceded else TRICKS_QUESTION
        ops.ask_director(ruling, [tricks] if ruling.edition == "1997" else [tricks, PLAY_ON_QUESTION])
        self._show_status(ops, ruling, "disputed")

    def _answer_after_dispute(self, ops: TableOps, ruling: Ruling, seat: Seat, response: str) -> None:
        """68D2: each opponent answers a claim for himself, in any order; once one has
        disputed it the director adjudicates, and the other's answer (agreeing or disputing
        too) is recorded for him, not refused. An objection is the player's own: nobody's
        answer waits for another's."""
        st = _state(ruling)
        claimer = st.claimer
        if seat is claimer:
            ops.refuse("own_claim", text("claims.refused.respond.2", seat=seat))
        may_answer = [*st.responders, claimer.partner]
        if seat is not st.disputed_by and seat in may_answer and seat not in st.also_answered:
            disputes = response == "dispute"
            ruling.record_fact(replace(
                st, also_answered=(*st.also_answered, seat),
                also_disputed_by=(*st.also_disputed_by, seat) if disputes else st.also_disputed_by,
            ))
            if disputes:
                add(ruling, *both("claims.also_disputes", seat=as_seat(seat)))
            else:
                assert st.disputed_by is not None
                add(ruling, *both("claims.agrees_after_dispute", seat=as_seat(seat), first=as_seat(st.disputed_by)))
            return
        ops.refuse("already_answered", text("claims.refused.already_answered", seat=seat))

    def _partner_objects(self, ops: TableOps, ruling: Ruling, seat: Seat) -> None:
        """68B2: a defender's partner objects at once -> no claim, no concession; play goes on (1997: the director's)."""
        if ruling.edition == "1997" and OBJECTION_QUESTION_1997.key not in ruling.answers:
            ruling.record_fact(replace(_state(ruling), stage="disputed", disputed_by=seat))
            ruling.flag("16C")
            add(ruling, *both(_objection_id("claims.partner_objects", ops, ruling), seat=seat, who=_who(_state(ruling))))
            ruling.options = []
            conceded = _state(ruling).what == "concession"
            ops.ask_director(ruling, [OBJECTION_QUESTION_1997_CONCESSION if conceded else OBJECTION_QUESTION_1997])
            self._show_status(ops, ruling, "disputed")
            return
        st = replace(_state(ruling), stage="void")
        ruling.record_fact(st)
        if ruling.edition != "1997":  # the 1997 Laws have no clause on a partner's objection
            ruling.cite("68B2")
        ruling.flag("16C")
        upheld = ruling.edition == "1997"  # the director has ruled that play goes on
        said = "claims.objection_upheld_1997" if upheld else "claims.partner_objects"
        add(ruling, *both(_objection_id(said, ops, ruling), seat=seat, who=_who(st)))
        ruling.options = []
        self._show_status(ops, ruling, "void")
        ops.close(ruling)

    @staticmethod
    def _objects_at_once(ops: TableOps, ruling: Ruling, seat: Seat) -> bool:
        """68B2: the conceding defender's partner objects immediately: with the very next
        action after declarer agreed, an action the table refused not counting (it changed
        nothing); later, the agreement stands and 71 may apply."""
        st = _state(ruling)
        contract = ops.contract
        refused = {r.at_action for r in ops.refused}
        between = [i for i in range((st.agreed_at or 0) + 1, len(ops.actions) - 1) if i not in refused]
        return (
            st.stage == "agreed" and not between and contract is not None
            and st.claimer.side is not contract.declarer.side and seat is st.claimer.partner
        )

    def _objection_after_agreement(self, ops: TableOps, ruling: Ruling, seat: Seat) -> None:
        """68B2 after declarer agreed: the objection came at once, so no concession was
        made: the play the agreement ended is resumed (the table as it was before it) and
        the ruling says why."""
        st = _state(ruling)
        assert st.agreed_at is not None
        fresh = ops.resume_play(ruling, st.agreed_at)
        fresh.record_fact(replace(_state(fresh), agreed=st.agreed))
        agreed = [s.name for s in st.agreed]
        ops.log(text("claims.log.objection_after_agreement", seat=seat, agreed=seats_and(agreed)))
        add(fresh, *both("claims.objection_after_agreement", agreed=seats_and(agreed), seat=as_seat(seat)))
        self._partner_objects(ops, fresh, seat)

    @staticmethod
    def _award_law(st: ClaimState) -> str:
        """The law that decides the award: 70A for a contested claim; after a reopening,
        71 (a concession cancelled: rescored with the trick awarded) or 69B (an agreement
        withdrawn)."""
        if st.reopened_by is None:
            return "70A"
        return "71" if st.reopened_by.side is st.claimer.side else "69B"

    def on_director_called(self, ops: TableOps, i: int, seat: Seat) -> bool:
        """71: the director, called after an agreed concession the engine could not check
        (a hand unknown: no analysis), decides whether a trick conceded could have been
        lost by any normal play; he may cancel the concession of one that could not."""
        settled = _pending(ops, "agreed")
        if settled is None or ops.deal_complete or settled.analysis:
            return False
        st = _state(settled)
        if st.what != "concession":
            return False
        settled.record_fact(replace(st, stage="disputed", reopened_by=st.claimer))
        settled.cite("71")
        add(settled, *both("claims.director_called_71", seat=as_seat(seat)))
        ops.ask_director(settled, [WITHDRAW_QUESTION])
        return True

    def _reopen(self, ops: TableOps, ruling: Ruling, seat: Seat) -> None:
        """69B / 71: within the correction period agreement is withdrawn, or the conceding
        side asks for the concession to be cancelled: the director decides."""
        st = _state(ruling)
        claimer = st.claimer
        ruling.record_fact(replace(st, stage="disputed", reopened_by=seat))
        if seat.side is claimer.side:
            ruling.cite("71")
            add(ruling, *both("claims.reopen", seat=as_seat(seat)))
        else:
            ruling.cite("69B")
            add(ruling, *both("claims.reopen.2", seat=as_seat(seat)))
        ruling.director_note = director_note(ruling.analysis, ruling.edition)
        ops.ask_director(ruling, [WITHDRAW_QUESTION])

    # -- the director ---------------------------------------------------------------------
    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        cops = ops
        st = _state(ruling)
        if (key := OBJECTION_QUESTION_1997.key) in decision and st.disputed_by is not None:
            ruling.answers[key] = bool(decision[key])  # yes: no claim, play goes on; no: he rules the tricks
            if ruling.answers[key]:
                self._partner_objects(ops, ruling, st.disputed_by)
            else:
                self._dispute(ops, ruling, st.disputed_by)
            return
        if decision.get("play_on") and cops.phase != "ended":
            ruling.cite("68D2(b)")
            ruling.answers["play_on"] = True
            ruling.record_fact(replace(st, stage="void"))
            add(ruling, *both("claims.on_decision.2"))
            self._show_status(cops, ruling, "void")
            cops.close(ruling)
            return
        if "tricks" not in decision:
            raise KeyError("tricks")
        n = decision["tricks"]
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= st.remaining:
            raise KeyError(f"tricks (0 to {st.remaining})")
        ruling.answers["tricks"] = n
        ruling.record_fact(replace(st, stage="adjudicated"))
        law = self._award_law(st)
        ruling.cite(law)
        mid = ("claims.on_decision.none" if n == 0 and st.remaining > 0 else "claims.on_decision" if n != st.remaining or n < 2
               else "claims.on_decision.both" if n == 2 else "claims.on_decision.all")
        add(ruling, *both(mid, who=_who(st), num=n, remaining=st.remaining, law=law, n=n))  # all of them, not "5 of the 5"
        self._settle(cops, ruling, n)
        cops.close(ruling)

    # -- settling ---------------------------------------------------------------------------
    def _settle(self, ops: TableOps, ruling: Ruling, share: int) -> None:
        st = replace(_state(ruling), settled=share)
        ruling.record_fact(st)
        side = st.claimer.side
        ns, ew = st.won_before
        if side is Side.NS:
            ns, ew = ns + share, ew + st.remaining - share
        else:
            ns, ew = ns + st.remaining - share, ew + share
        ops.settle_tricks(ruling, ns, ew)
        self._show_status(ops, ruling, st.stage, settled=share)
        ops.end_play(ruling)

    @staticmethod
    def _show_status(ops: TableOps, ruling: Ruling, status: str, settled: int | None = None) -> None:
        shown = ops.claim_shown
        if shown is None:
            return
        info = dict(shown)
        info["status"] = status
        if settled is not None:
            info["settled"] = settled
        ops.show_claim(ruling, info)


HANDLERS: list[Handler] = [ClaimHandler()]
OVERRIDES_1997: list[Handler] = []
