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
  claim checker's proposal and its worst normal line in the ruling's data; he may instead
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
from typing import ClassVar

from bridgelaw.actions import Action, Claim, ClaimResponse, Concede
from bridgelaw.core.cards import Seat, Side
from bridgelaw.core.deal import Hand
from bridgelaw.core.play import Position
from bridgelaw.i18n import Msg, add, as_seat, both, msg, put, text
from bridgelaw.laws.base import Handler, TableOps, option
from bridgelaw.laws.claim_checker import DeferredAnalysis, claim_checker
from bridgelaw.laws.facts import PrivateRefs
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import JsonDict, JsonMap, Question, Ruling

TRICKS_QUESTION = Question(
    key="tricks",
    text=both("claims.module")[0],
    text_ru=both("claims.module")[1],
    law="70",
)
PLAY_ON_QUESTION = Question(
    key="play_on",
    text=both("claims.module.2")[0],
    text_ru=both("claims.module.2")[1],
    law="68D2(b)",
)
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


def _who(d: JsonMap) -> Msg:
    """The side's maker: 'the claimer' / 'заявившего' (the genitive after 'сторона')."""
    return msg("claims.who.conceder" if d["what"] == "concession" else "claims.who.claimer")


def agreed_claim(ops: TableOps) -> Ruling | None:
    """The claim or concession the opponents agreed to, if any (63A4 reads it)."""
    for r in reversed(list(ops.rulings)):
        if r.kind == "claim" and r.data.get("state") == "agreed":
            return r
    return None


def _pending(ops: TableOps, *states: str) -> Ruling | None:
    for r in reversed(list(ops.rulings)):
        if r.kind == "claim":
            return r if r.data.get("state") in states else None
    return None


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

    def _claim(self, ops: TableOps, action: Claim | Concede, statement: str, *, concession: bool) -> None:
        seat, n = action.seat, action.tricks
        what = "concession" if concession else "claim"
        if ops.contract is None or ops.phase not in ("lead", "play"):
            ops.refuse("no_play", text("claims.refused.claim", seat=seat, what=msg(f"claims.what.{what}")))
        if ops.awaiting is not None:
            ops.refuse("awaiting_ruling", text("claims.refused.claim.2", seat=seat, what=msg(f"claims.what.{what}")))
        if ops.face_down_lead is not None:
            ops.refuse("lead_not_faced", text("claims.refused.claim.3"))
        if ops.contract is not None and seat is ops.contract.dummy:
            # 43A1(c): dummy takes no part in the play; a claim or concession is declarer's
            # or a defender's (68A/B). What dummy said may be unauthorized to declarer (16B).
            ops.refuse("dummy_may_not_claim", text("claims.refused.claim.4", seat=seat, what=msg(f"claims.what.{what}")))
        done = _completed(ops)
        remaining = 13 - done
        in_progress = bool(ops.tricks) and not ops.tricks[-1].complete and bool(ops.tricks[-1].cards)
        if remaining == 1 and in_progress:
            ops.refuse("not_a_claim", text("claims.refused.claim.5"))
        if n > remaining:
            ops.refuse("too_many_tricks", text("claims.refused.claim.6", remaining=remaining, seat=seat, what=msg(f"claims.what.{what}"), num=n))
        share = remaining - n if concession else n
        analysis = self._analysis(ops, action, share, statement)
        data: JsonDict = {
            "claimer": seat.name, "what": what, "tricks": share, "stated": n, "remaining": remaining,
            "statement": statement, "won_before": list(ops.won), "state": "pending",
            "responders": [s.name for s in _responders(ops, seat)], "agreed": [],
        }
        if analysis is not None:
            data["analysis"] = analysis
        ops.open_ruling("claim", None, data)

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
        analysis = checker(pos, action.seat, share, statement)  # made when first read
        ops.record_action(replace(action, analysis=analysis))
        return analysis

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        cops = ops
        d = ruling.data
        claimer = d["claimer"]
        if d["what"] == "claim":
            ruling.cite("68A", "68C", "68D")
            statement = msg("claims.statement", text=d["statement"]) if d["statement"] else msg("claims.no_statement")
            put(ruling, *both("claims.claim_made", claimer=Seat[claimer], tricks=d["tricks"], n=d["remaining"],
                              statement=statement))
            cops.show_claim(ruling, {
                "seat": claimer, "what": "claim", "tricks": d["tricks"], "remaining": d["remaining"],
                "statement": d["statement"], "hand": Hand(cops.hand(Seat[claimer])).to_pbn(), "status": "pending",
            })
        else:
            ruling.cite("68B1", "68D")
            put(ruling, *both("claims.open", claimer=as_seat(claimer), stated=d['stated'], remaining=d['remaining']))
            cops.show_claim(ruling, {
                "seat": claimer, "what": "concession", "tricks": d["tricks"], "conceded": d["stated"],
                "remaining": d["remaining"], "status": "pending",
            })
        self._offer_next(ops, ruling)

    @staticmethod
    def _offer_next(ops: TableOps, ruling: Ruling) -> None:
        waiting = [s for s in ruling.data["responders"] if s not in ruling.data["agreed"]]
        seat = Seat[waiting[0]]
        ops.offer(ruling, [
            option("agree", seat, *both("claims.offer_next")),
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
        claimer = Seat[ruling.data["claimer"]]
        if seat is claimer:
            ops.refuse("own_claim", text("claims.refused.respond.2", seat=seat))
        contract = ops.contract
        assert contract is not None
        if seat is claimer.partner:
            if response == "agree":
                ops.log(text("claims.log.respond", seat=seat, what=ruling.data['what']))
                return
            if claimer.side is not contract.declarer.side:
                self._partner_objects(ops, ruling, seat)
                return
            self._dispute(ops, ruling, seat)  # dummy doubts the claim (68D2)
            return
        if response == "dispute":
            self._dispute(ops, ruling, seat)
            return
        if seat.name not in ruling.data["agreed"]:
            ruling.data["agreed"].append(seat.name)
        waiting = [s for s in ruling.data["responders"] if s not in ruling.data["agreed"]]
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
        if disputed is not None and "reopened_by" not in disputed.data:
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
        d = ruling.data
        share = d["tricks"]
        ruling.cite("69A")
        # a claim is scored as claimed, a concession as conceded (68B1: not "a claim of 0")
        add(ruling, *both("claims.agreed.concession" if d["what"] == "concession" else "claims.agreed.claim",
                          agreed=seats_and(d["agreed"]), n=len(d["agreed"])))
        analysis = d.get("analysis") or {}
        sure = analysis.get("sure")
        if isinstance(sure, int) and sure > share:
            ruling.cite("71", "79A2")
            add(ruling, *both("claims.concession_cancelled", conceded=msg("claims.conceded_tricks", n=sure - share),
                              who=_who(d), n=sure))
            share = sure
        elif isinstance(analysis.get("worst_normal"), int) and analysis["worst_normal"] > share:
            ruling.flag("71")
        d["state"] = "agreed"
        d["agreed_at"] = len(ops.actions) - 1  # 68B2: a partner's objection may follow at once
        self._settle(ops, ruling, share)
        ops.close(ruling)

    def _dispute(self, ops: TableOps, ruling: Ruling, seat: Seat) -> None:
        """68D2, 70: the director adjudicates; the claim checker proposes a number."""
        d = ruling.data
        d["state"] = "disputed"
        d["disputed_by"] = seat.name
        ruling.cite("68D2", "70")
        # The checker's proposal and line are derived from the hidden hands: they go to the
        # director only (ruling data), never into the summary every seat sees.
        d["director_note"] = self._proposal_text(d.get("analysis")).strip()
        add(ruling, *both("claims.dispute", seat=as_seat(seat)))
        analysis = d.get("analysis") or {}
        if analysis.get("trump_outstanding") and not analysis.get("trump_mentioned"):
            # 70C: a trump left with an opponent that the claimer did not mention is the
            # law the director rules under, not only a flag.
            # It comes from the hidden hands: the director alone is shown it (private_refs).
            ruling.cite("70C")
            ruling.flag("70C")
            ruling.record_fact(PrivateRefs(("70C",)))
            d["director_note"] += " An opponent still holds a trump the claimer did not mention (70C)."
        ruling.options = []
        ops.ask_director(ruling, [TRICKS_QUESTION, PLAY_ON_QUESTION])
        self._show_status(ops, ruling, "disputed")

    def _answer_after_dispute(self, ops: TableOps, ruling: Ruling, seat: Seat, response: str) -> None:
        """68D2: each opponent answers a claim for himself, in any order; once one has
        disputed it the director adjudicates, and the other's answer (agreeing or disputing
        too) is recorded for him, not refused. An objection is the player's own: nobody's
        answer waits for another's."""
        d = ruling.data
        claimer = Seat[d["claimer"]]
        if seat is claimer:
            ops.refuse("own_claim", text("claims.refused.respond.2", seat=seat))
        may_answer = [*d["responders"], claimer.partner.name]
        if seat.name != d["disputed_by"] and seat.name in may_answer and seat.name not in d.get("also_answered", []):
            d.setdefault("also_answered", []).append(seat.name)
            if response == "dispute":
                d.setdefault("also_disputed_by", []).append(seat.name)
                add(ruling, *both("claims.also_disputes", seat=as_seat(seat)))
            else:
                add(ruling, *both("claims.agrees_after_dispute", seat=as_seat(seat), first=as_seat(d["disputed_by"])))
            return
        ops.refuse("already_answered", text("claims.refused.already_answered", seat=seat))

    def _partner_objects(self, ops: TableOps, ruling: Ruling, seat: Seat) -> None:
        """68B2: a defender's partner objects at once -> no claim, no concession; play goes on."""
        d = ruling.data
        d["state"] = "void"
        ruling.cite("68B2")
        ruling.flag("16C")
        add(ruling, *both("claims.partner_objects", seat=seat, who=_who(d)))
        ruling.options = []
        self._show_status(ops, ruling, "void")
        ops.close(ruling)

    @staticmethod
    def _objects_at_once(ops: TableOps, ruling: Ruling, seat: Seat) -> bool:
        """68B2: the conceding defender's partner objects immediately: with the very next
        action after declarer agreed (later, the agreement stands and 71 may apply)."""
        d = ruling.data
        contract = ops.contract
        claimer = Seat[d["claimer"]]
        return (
            d.get("state") == "agreed" and d.get("agreed_at") == len(ops.actions) - 2
            and contract is not None and claimer.side is not contract.declarer.side
            and seat is claimer.partner
        )

    def _objection_after_agreement(self, ops: TableOps, ruling: Ruling, seat: Seat) -> None:
        """68B2 after declarer agreed: the objection came at once, so no concession was
        made: the play the agreement ended is resumed (the table as it was before it) and
        the ruling says why."""
        at = ruling.data["agreed_at"]
        agreed = list(ruling.data["agreed"])
        fresh = ops.resume_play(ruling, at)
        fresh.data["agreed"] = agreed
        ops.log(text("claims.log.objection_after_agreement", seat=seat, agreed=seats_and(agreed)))
        add(fresh, *both("claims.objection_after_agreement", agreed=seats_and(agreed), seat=as_seat(seat)))
        self._partner_objects(ops, fresh, seat)

    @staticmethod
    def _award_law(d: JsonMap) -> str:
        """The law that decides the award: 70A for a contested claim; after a reopening,
        71 (a concession cancelled: rescored with the trick awarded) or 69B (an agreement
        withdrawn)."""
        if "reopened_by" not in d:
            return "70A"
        return "71" if Seat[d["reopened_by"]].side is Seat[d["claimer"]].side else "69B"

    def _reopen(self, ops: TableOps, ruling: Ruling, seat: Seat) -> None:
        """69B / 71: within the correction period agreement is withdrawn, or the conceding
        side asks for the concession to be cancelled: the director decides."""
        d = ruling.data
        claimer = Seat[d["claimer"]]
        d["state"] = "disputed"
        d["reopened_by"] = seat.name
        if seat.side is claimer.side:
            ruling.cite("71")
            add(ruling, *both("claims.reopen", seat=as_seat(seat)))
        else:
            ruling.cite("69B")
            add(ruling, *both("claims.reopen.2", seat=as_seat(seat)))
        d["director_note"] = self._proposal_text(d.get("analysis")).strip()
        ops.ask_director(ruling, [WITHDRAW_QUESTION])

    @staticmethod
    def _proposal_text(analysis: JsonMap | None) -> str:
        if not analysis:
            return ""
        out = (
            f" Claim checker: {analysis['verdict']}; proposes {analysis['proposal']} "
            f"(double dummy {analysis['double_dummy']}, worst normal line {analysis['worst_normal']}): "
            f"{analysis.get('line_text') or ' '.join(analysis['line'])}."
        )
        if "worst_if_trumps_drawn" in analysis:
            out += f" Had he drawn the outstanding trump first: {analysis['worst_if_trumps_drawn']} (70C2 is the director's judgement)."
        if not analysis.get("exact", True):
            out += (
                " The search stopped at its limit: the figures are the proven lower bounds, never "
                "more favourable to the claimer than the truth."
            )
        return out

    # -- the director ---------------------------------------------------------------------
    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        cops = ops
        d = ruling.data
        if decision.get("play_on") and cops.phase != "ended":
            ruling.cite("68D2(b)")
            ruling.answers["play_on"] = True
            d["state"] = "void"
            add(ruling, *both("claims.on_decision.2"))
            self._show_status(cops, ruling, "void")
            cops.close(ruling)
            return
        if "tricks" not in decision:
            raise KeyError("tricks")
        n = decision["tricks"]
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= d["remaining"]:
            raise KeyError(f"tricks (0 to {d['remaining']})")
        ruling.answers["tricks"] = n
        d["state"] = "adjudicated"
        law = self._award_law(d)
        ruling.cite(law)
        add(ruling, *both("claims.on_decision", who=_who(d), num=n, remaining=d['remaining'], law=law))
        self._settle(cops, ruling, n)
        cops.close(ruling)

    # -- settling ---------------------------------------------------------------------------
    def _settle(self, ops: TableOps, ruling: Ruling, share: int) -> None:
        d = ruling.data
        side = Seat[d["claimer"]].side
        ns, ew = d["won_before"]
        if side is Side.NS:
            ns, ew = ns + share, ew + d["remaining"] - share
        else:
            ns, ew = ns + d["remaining"] - share, ew + share
        d["settled"] = share
        ops.settle_tricks(ruling, ns, ew)
        self._show_status(ops, ruling, d["state"], settled=share)
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
