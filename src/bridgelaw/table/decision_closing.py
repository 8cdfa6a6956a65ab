"""The end of a ruling's decision: what its deciding law settles once the table applied
what it applied (``decision.closing.<kind>.<law>``), and what a ruling still waits for
(``decision.follow.<kind>``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bridgelaw.core.cards import Seat
from bridgelaw.i18n import Msg, msg
from bridgelaw.i18n.catalog import catalog
from bridgelaw.laws.auction.out_of_rotation import OutOfRotationState
from bridgelaw.laws.auction.regular import auction_ended, final_contract
from bridgelaw.records import CallRecord
from bridgelaw.rulings import Ruling, RulingStatus
from bridgelaw.table.decision_calls import called_since


def closing(ruling: Ruling, what: Msg, calls: Sequence[CallRecord] = ()) -> Msg | None:
    """What the ruling's deciding law — the last it cited — settles after what the table
    applied, when the applied consequences do not say it (``decision.closing.<kind>.<law>``:
    an insufficient bid cancelled and then replaced by the lowest sufficient bid, 27B1(a),
    or by a call the director judged comparable, 23A; a withdrawn call that may cost the
    offender's side a lead restriction, 26). A call out of rotation names the player whose
    turn it was (``turn``); once that player has called, the auction is said to have gone
    on from him, not to go back to him. Once the auction is over with the offender's side
    declaring, a lead restriction cannot follow: the closing says so (``.declaring``)."""
    if ruling.status is not RulingStatus.CLOSED or not ruling.laws:
        return None
    if ruling.kind == "card_exposed" and (back := _settled_exposure(ruling)) is not None:
        return back
    law = _deciding(ruling)
    mid = f"decision.closing.{ruling.kind}.{law}"
    if ruling.edition == "1997" and f"{mid}.1997" in catalog("en"):
        mid = f"{mid}.1997"
    elif ruling.edition == "1997" and law in _OTHER_RULE_1997:
        return None
    if mid not in catalog("en"):
        return None
    return _closing_msg(ruling, what, calls, mid, law)


def _closing_msg(ruling: Ruling, what: Msg, calls: Sequence[CallRecord], mid: str, law: str) -> Msg:
    """The closing ``mid`` with its parameters, in the variant the table's state asks for."""
    params: dict[str, Any] = {"offender": what.params.get("offender", msg("decision.someone"))}
    if _offenders_declare(params["offender"], calls) and f"{mid}.declaring" in catalog("en"):
        mid = f"{mid}.declaring"
    if ruling.kind == "insufficient_bid" and law == "27B3":
        params["call"] = _substituted(ruling)
    if (st := ruling.fact(OutOfRotationState)) is not None:
        params["turn"] = st.turn
        if called_since(ruling, calls, st.turn) and f"{mid}.called" in catalog("en"):
            mid = f"{mid}.called"
    if ruling.kind == "play_out_of_turn" and isinstance(params["offender"], Seat):
        params["next"] = params["offender"].lho  # 53A: the lead accepted, the hand on its left plays next
    return msg(mid, **params)


def _offenders_declare(offender: object, calls: Sequence[CallRecord]) -> bool:
    """The auction is over and the offender's side declares: no lead restriction (26) can
    fall on it."""
    if not isinstance(offender, Seat):
        return False
    standing = [(r.seat, r.call) for r in calls if r.status == "stands"]
    if not auction_ended(standing):
        return False
    contract = final_contract(standing)
    return contract is not None and contract.declarer.side is offender.side


def _settled_exposure(ruling: Ruling) -> Msg | None:
    """A card exposed in the auction once the auction is over, as the explanation settled
    it: back to the hand of the player who became declarer or dummy (24D; 1997: 24), or of
    every player when the board was passed out — not said to wait for him to defend."""
    said = [m for m in ruling.messages if isinstance(m, Msg) and m.id in _EXPOSURE_SETTLED]
    return said[-1] if said else None


_EXPOSURE_SETTLED = frozenset({"auction_exposure.declarer_side", "auction_exposure.passed_out"})


def _deciding(ruling: Ruling) -> str:
    """The law whose closing is read: the last cited, except for a card played at the right-
    hand opponent's turn that became a penalty card (57D; 1997: 49 and 50, which have no
    such clause), whose player still plays a legal card to the trick at his turn."""
    laws = ruling.laws
    if ruling.kind == "play_out_of_turn" and "50B" in laws and ("57D" in laws or laws[0] == "49"):
        return "57D"
    if ruling.kind == "card_exposed" and "60C" in laws:
        return "60C"  # played before declarer chose: his choice comes first, unchanged
    if ruling.kind == "revoke" and "43B2(b)" in laws:
        return "43B2(b)"  # corrected, but rectified as if established: what the table must hear
    return laws[-1]


_OTHER_RULE_1997 = frozenset({"53B", "53C"})
"""Clauses whose 1997 number names another rule (1997 53B is the wrong defender playing
to declarer's lead, which 2017 moved to 53C): their 2017 closing is not read in 1997."""


def answered_outcome(ruling: Ruling, law: str) -> tuple[str, ...]:
    """The deciding law's sentence for the director's answer where it has one of its own
    (14B: the missing card not found, the deal restored with another pack)."""
    found = ruling.answers.get("found")
    return (f"decision.outcome.{law}.{found}",) if isinstance(found, str) else ()


def follow(ruling: Ruling) -> Msg:
    """What the ruling waits for: in the kind's words, with the replacement that costs
    nothing when the ruling names one (27B1(a)), or the double put in its place that
    cannot replace the insufficient bid (27B3), named."""
    offender = ruling.offender or msg("decision.someone")
    lowest = dict(ruling.named()).get("lowest")
    if ruling.kind == "insufficient_bid" and "27B3" in ruling.laws:
        # a double or redouble put in its place: cancelled, and partner passes throughout
        return msg("decision.follow.insufficient_bid.27B3", offender=offender, call=_substituted(ruling))
    if ruling.kind == "insufficient_bid" and lowest is not None:
        mid = "decision.follow.insufficient_bid.1997" if ruling.edition == "1997" else "decision.follow.insufficient_bid.lowest"
        return msg(mid, offender=offender, lowest=lowest)
    st = ruling.fact(OutOfRotationState)
    if ruling.kind == "call_out_of_rotation" and isinstance(offender, Seat) and st is not None and st.turn is not offender:
        return _follow_out_of_rotation(ruling, st, offender)
    mid = f"decision.follow.{ruling.kind}"
    return msg(mid if mid in catalog("en") else "decision.follow", offender=offender)


def _follow_out_of_rotation(ruling: Ruling, st: OutOfRotationState, offender: Seat) -> Msg:
    """A call out of rotation not accepted: at RHO's turn, RHO's call decides what the
    offender may call (31A, 32A) — once RHO has called, only that is left to say (after his
    pass the obligation to repeat is said as applied); otherwise the auction goes back to
    the player whose turn it was (29B), partner calling with the cancelled call only as
    unauthorized information (16C)."""
    if st.at_rho:
        mid = "decision.follow.call_out_of_rotation.rho" + (f".{st.rho_called}" if st.rho_called else "")
        return msg(mid, offender=offender, turn=st.turn, call=_cancelled_call(ruling), law=st.at_rho)
    mid = "decision.follow.call_out_of_rotation." + ("partner" if st.turn is offender.partner else "turn")
    return msg(mid, offender=offender, turn=st.turn)


def _cancelled_call(ruling: Ruling) -> object:
    """The call out of rotation, as the ruling's first sentence named it."""
    said = [m for m in ruling.messages if isinstance(m, Msg) and m.id == "out_of_rotation.open"]
    return said[0].params.get("call") if said else None


def _substituted(ruling: Ruling) -> object:
    """The double or redouble the offender put in place of his insufficient bid (27B3), as
    the explanation named it."""
    said = [m for m in ruling.messages if isinstance(m, Msg) and m.id == "insufficient_bid.cancel_substituted_double"]
    return said[-1].params.get("call") if said else None


_PLAY_PENALTY = {"decision.now.play_penalty_card": "decision.follow.revoke.penalty_card",
                 "decision.now.play_penalty_cards": "decision.follow.revoke.penalty_cards"}


def legal_card_first(applied: list[Msg], waiting: Msg | None) -> tuple[list[Msg], Msg | None]:
    """A revoke corrected (62A, 62B): the offender plays a legal card to the trick now and
    his new penalty card at the first legal opportunity after it, said in one sentence in
    that order, not as two orders to play one after the other."""
    if waiting is None or waiting.id != "decision.follow.revoke":
        return applied, waiting
    offender = waiting.params.get("offender")
    later = [m for m in applied if m.id in _PLAY_PENALTY and m.params.get("seat") == offender]
    if not later:
        return applied, waiting
    return [m for m in applied if m not in later], msg(_PLAY_PENALTY[later[0].id], offender=offender)


def brief(sentences: list[Msg]) -> list[Msg]:
    """The sentences in a shorter form where one has it: the tricks of a claim when the
    first tricks were not entered, said without the split of the others (the claim or
    concession read before them says it), so that who claimed is not left out."""
    return [msg("decision.now.tricks_settled.unrecorded.all", n=m.params.get("n"))
            if m.id == "decision.now.tricks_settled.unrecorded" else m for m in sentences]


__all__ = ["answered_outcome", "brief", "closing", "follow", "legal_card_first"]
