"""The option a player chose, as a sentence of a ruling's decision: what he chose and
what happens now (the card that goes back and who leads, the call that stands), in the
kind's own words where the catalog has them, else the option's label quoted; and the
choice or act a ruling waits for, where the general words would mislead."""

from __future__ import annotations

from typing import Any

from bridgelaw.actions import action_to_json
from bridgelaw.core.cards import Card, Seat, Suit
from bridgelaw.i18n import Msg, Text, msg
from bridgelaw.i18n.catalog import catalog
from bridgelaw.i18n.render import Sentences
from bridgelaw.laws.auction.exposure import AuctionExposure
from bridgelaw.laws.auction.lead_restrictions import LeadRestrictionState
from bridgelaw.laws.play.exposure import ExposedBeforeLead
from bridgelaw.rulings import Option, Ruling
from bridgelaw.table.decision_variants import by_declarer_from_dummy

_SAID_BY_CONSEQUENCES = frozenset({"defective_trick", "penalty_card_designation"})
"""Kinds whose "choice" the ruling's outcome says better than the option's label: the
offender's own act (67B: the card he places), declarer's designation (51A: the card
he named is played)."""


def chosen(ruling: Ruling, what: Msg) -> Msg | None:
    """The option chosen, as a sentence: the kind's own words for it when the catalog has
    them (``decision.chosen.<kind>.<option>``, or ``….<law>`` for the deciding law), with
    the label's values, what happened and the explanation's last step (``last_*``: the
    card played, the call kept, who leads now), else its label quoted. A label that lists
    the values one may choose from (the suits declarer may forbid) is not quoted: the
    consequences name the value chosen."""
    option = next((o for o in ruling.options if o.id == ruling.choice), None)
    if option is None or ruling.kind in _SAID_BY_CONSEQUENCES:
        return None
    by = option.by if isinstance(option.by, Seat) else msg("decision.director")
    if ruling.kind == "claim":
        return _claim_answer(ruling, option.id, by)
    label = option.label.msg if isinstance(option.label, Text) else None
    own = _own(ruling, option, what, by, label)
    if own is not None:
        return own
    if label is not None and option.param and any(isinstance(v, list | tuple) for v in label.params.values()):
        return None
    return msg("decision.chosen", by=by, label=option.label)


def _own(ruling: Ruling, option: Option, what: Msg, by: object, label: Msg | None) -> Msg | None:
    """The kind's own sentence for the option, when the catalog has one that the
    ruling's data fills."""
    base = f"decision.chosen.{ruling.kind}.{option.id}"
    mids = [f"{base}.{law}" for law in reversed(ruling.laws)] + [base]
    if by_declarer_from_dummy(ruling):  # declarer's act with dummy's cards
        mids = [f"{m}.dummy" for m in mids] + mids
    params = {**_last_params(ruling), **dict(what.params), **(dict(label.params) if label is not None else {}),
              "by": by, "back": _back(ruling), **played(ruling)}
    if params.get("last_turn") is by or params.get("last_opening_leader") is by:  # he leads himself
        mids = [f"{m}.self" for m in mids] + mids
    for mid in mids:
        if mid not in catalog("en"):
            continue
        m = msg(mid, **params)
        try:
            if all(Sentences((m,), ruling.edition).render(lang) for lang in ("en", "ru")):
                return m
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            continue
    return None


_CLAIM_AGREED = {
    (True, "claim"): "decision.agreed.defence.claim", (True, "concession"): "decision.agreed.defence.concession",
    (False, "claim"): "decision.agreed.declarer.claim", (False, "concession"): "decision.agreed.declarer.concession",
}
_CLAIM_DISPUTED = {"claim": "decision.disputed.claim", "concession": "decision.disputed.concession"}


def _claim_answer(ruling: Ruling, option: str, by: object) -> Msg | None:
    """An answer to a claim or concession, announced, not narrated as a choice: the defence
    (or declarer, to a defender's claim) agrees (69A); a player disputes it (68D2)."""
    named = ruling.named()
    what = "concession" if named.get("what") == "concession" else "claim"
    if option == "agree":
        return msg(_CLAIM_AGREED[bool(named.get("by_declaring_side")), what])
    return msg(_CLAIM_DISPUTED[what], by=by) if option == "dispute" else None


def _last_params(ruling: Ruling) -> dict[str, Any]:
    """The parameters of the explanation's last step, each as ``last_<name>``."""
    last = ruling.messages[-1] if ruling.messages else None
    return {f"last_{k}": v for k, v in last.params.items()} if isinstance(last, Msg) else {}


def played(ruling: Ruling) -> dict[str, Any]:
    """The card the ruling had played (``played``): the card a player chose to play."""
    for c in ruling.consequences:
        card = dict(c.details).get("card") if c.what == "card_played" else None
        if isinstance(card, str):
            try:
                return {"played": Card.parse(card.rpartition(":")[2]), "back": _back(ruling)}
            except ValueError:
                return {}
        if isinstance(card, Card):
            return {"played": card, "back": _back(ruling)}
    return {}


def _back(ruling: Ruling) -> Msg:
    """Where the card of the ruling's action goes back: to its player's hand, or — a card
    declarer played from dummy — to dummy, on the table."""
    action = action_to_json(ruling.action) if ruling.action is not None else {}
    seat = str(action.get("seat"))
    if by_declarer_from_dummy(ruling):
        return msg("decision.back.dummy")
    if action.get("by") or seat not in Seat.__members__:
        return msg("decision.back.dummy") if action.get("by") else msg("decision.back.hand")
    return msg("decision.back.seat", seat=Seat[seat])


def waiting_own(ruling: Ruling, what: Msg, waiting: Msg) -> Msg | None:
    """The choice or the act waited for, in words of its own where the general ones would
    mislead: the second insufficient bid offered (27B4), named; a revoke from dummy
    corrected by declarer from the table (dummy does not play)."""
    if waiting.id == "decision.choose.insufficient_bid" and "27B4" in ruling.laws and "call" in what.params:
        return msg("decision.choose.insufficient_bid.27B4", by=waiting.params["by"], offender=what.params["offender"],
                   call=what.params["call"])
    if (own := _waiting_auction_or_lead(ruling, waiting) or _waiting_defender_lead(ruling, waiting)) is not None:
        return own
    if (own := _waiting_cards(ruling, waiting)) is not None:
        return own
    if waiting.id == "decision.follow.revoke" and any(
            getattr(m, "id", "") in ("revoke.from_dummy", "revoke.reported.fact.dummy") for m in ruling.messages):
        return msg("decision.follow.revoke.dummy")
    return None


def _waiting_defender_lead(ruling: Ruling, waiting: Msg) -> Msg | None:
    """A defender's lead out of turn declarer may accept or not (53A, 56): who leads if he
    does not, named."""
    if waiting.id != "decision.choose.play_out_of_turn" or "53A" not in ruling.laws:
        return None
    said = next((m for m in ruling.messages if getattr(m, "id", "") == "play_irregularities.defender_lead"), None)
    turn = said.params.get("turn") if isinstance(said, Msg) else None
    return msg("decision.choose.play_out_of_turn.turn", by=waiting.params.get("by"), turn=turn) if turn is not None else None


def _waiting_auction_or_lead(ruling: Ruling, waiting: Msg) -> Msg | None:
    """The choice waited for, with what follows from each answer: declarer's lead out of
    turn that the defenders may accept or not (55A; 55B1 or 55B2 when they do not); a change
    of call LHO did not accept, whose offender now chooses (1997 25B2(b)); LHO's call that
    cannot stand over the new one and must be changed (25A6, 21B2)."""
    by = waiting.params.get("by")
    if waiting.id == "decision.choose.play_out_of_turn" and "55A" in ruling.laws:
        said = next((m for m in ruling.messages if getattr(m, "id", "") == "play_irregularities.declarer_lead"), None)
        where = said.params.get("where") if isinstance(said, Msg) else None
        if isinstance(where, Msg) and where.id == "play_irregularities.where.wrong_hand":
            return msg("decision.choose.play_out_of_turn.55B2", by=by, turn=where.params.get("turn"))
        return msg("decision.choose.play_out_of_turn.55B1", by=by)
    return _waiting_change_of_call(ruling, waiting) if ruling.kind == "change_of_call" else None


def _waiting_change_of_call(ruling: Ruling, waiting: Msg) -> Msg | None:
    """A change of call's choice waited for: LHO's call that must be changed (25A6, 21B2);
    the offender's two ways once LHO did not accept the new call (1997 25B2(b))."""
    by = waiting.params.get("by")
    if any(getattr(m, "id", "").endswith(".must") for m in ruling.messages):
        return msg("decision.choose.change_of_call.must_withdraw", by=by)
    if ruling.choice == "decline" and waiting.id == "decision.choose" and isinstance(ruling.offender, Seat):
        said = next((m for m in ruling.messages if getattr(m, "id", "") == "change_of_call.not_condoned_1997"), None)
        if isinstance(said, Msg) and {"original", "call", "partner"} <= set(said.params):
            # 1997 25B2(b): each way with what it brings, not the options' labels quoted
            return msg("decision.choose.change_of_call.25B2b", lho=ruling.offender.lho, by=by, partner=said.params["partner"],
                       original=said.params["original"], call=said.params["call"])
        return msg("decision.choose.change_of_call.declined", lho=ruling.offender.lho, by=by,
                   labels=waiting.params.get("labels"))
    return None


def _waiting_cards(ruling: Ruling, waiting: Msg) -> Msg | None:
    """Declarer's choice over cards a player exposed or the lead of a withdrawn call's
    partner, with what each way brings: the premature play's partner named and declarer
    addressed (57A); 1997 24, a defender's cards exposed before the opening lead treated as
    penalty cards or not; the suits he may forbid (26B; 1997 26A2: or require)."""
    by = waiting.params.get("by")
    if waiting.id in _PREMATURE_PLAY and isinstance(ruling.offender, Seat):
        return msg(f"{waiting.id}.named", by=by, partner=ruling.offender.partner)
    if waiting.id == "decision.choose.play_together":
        return _together(ruling, by)
    if waiting.id != "decision.choose":
        return None
    if {o.id for o in ruling.options} == {"penalty_cards", "no_penalty"}:
        cards = _offered(ruling)
        return msg("decision.choose.penalty_cards_or_none", by=by, cards=cards) if cards else None
    if (st := ruling.fact(LeadRestrictionState)) is not None and st.allowed:
        # 26: the suits declarer may forbid (1997 26A2: or require), each way said
        ids = {o.id for o in ruling.options}
        mid = "require" if "require_suit" in ids else "any" if len(st.allowed) == len(Suit) else "forbid"
        return msg(f"decision.choose.lead_restriction.{mid}", by=by, leader=st.leader, suits=list(st.allowed))
    return None


def _together(ruling: Ruling, by: object) -> Msg | None:
    """58B2: what becomes of the cards played together that the player does not choose (a
    defender's become penalty cards, declarer's go back, dummy's stay on the table), said
    before he chooses."""
    said = next((m for m in ruling.messages if getattr(m, "id", "") in _TOGETHER), None)
    if not isinstance(said, Msg):
        return None
    return msg(f"decision.choose.play_together.{said.id.rsplit('.', 1)[1]}", by=by, n=int(said.params.get("n") or 1))


_TOGETHER = frozenset({"simultaneous.faced.defender", "simultaneous.faced.declarer", "simultaneous.faced.dummy"})
_PREMATURE_PLAY = frozenset({"decision.choose.premature_play", "decision.choose.premature_play.no_forbid"})


def _offered(ruling: Ruling) -> list[Card]:
    """The cards declarer may treat as penalty cards (1997 24): exposed in the auction, or
    after it before the opening lead."""
    if (auction := ruling.fact(AuctionExposure)) is not None:
        return list(auction.offered or auction.cards)
    if (before := ruling.fact(ExposedBeforeLead)) is not None:
        return list(before.cards)
    return []


__all__ = ["chosen", "played", "waiting_own"]
