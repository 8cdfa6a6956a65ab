"""Laws 50D2 and 51B: a defender has the lead while his partner holds a major penalty card.

* Before the lead, declarer chooses (50D2): he requires the lead of the penalty card's
  suit, or forbids it for as long as the leader keeps the lead; either way every penalty
  card of that suit is picked up (50D2(a)). Or he leaves the lead free, and the card stays
  a penalty card (50D2(b)).
* With several penalty cards of one suit he requires or forbids that suit as for one card
  (51B1); with penalty cards in two or more suits he may require one of those suits
  (51B2(a)), forbid one or more of them (51B2(b)), or leave the lead free (51B2(c)).
* A lead made before declarer has chosen is stopped, and the choice comes first; a new
  penalty card (a refused lead out of turn, 56) brings a new choice for the same lead.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from bridgelaw.core.cards import Card, Seat, Suit
from bridgelaw.i18n import Msg, add, as_seat, both, msg, put, text
from bridgelaw.laws.base.handler import Handler, TableOps, lead_restriction, option
from bridgelaw.laws.play.common import (
    awaiting_any,
    card_from,
    is_defender,
    next_trick_number,
    not_allowed,
    penalty_cards_of,
    suit_params,
    sync_play_penalty_card,
)
from bridgelaw.laws.registry import implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import JsonMap, Ruling, RulingState


def _pc_key(ops: TableOps, holder: Seat) -> tuple[Card, ...]:
    """``holder``'s major penalty cards, in the order the ruling names them: suit by suit,
    the higher card first (♣К, ♣2), as a director reads them."""
    return tuple(sorted((pc.card for pc in penalty_cards_of(ops, holder) if pc.kind == "major"),
                        key=lambda c: (c.suit.name, -c.rank)))


@dataclass(frozen=True, slots=True)
class PenaltyCardLeadState(RulingState):
    """What a 50D2 / 51B ruling is about: the defender on lead, the trick he leads to, his
    partner's major penalty cards then (``pcs``) and their suits, and the card he led
    before declarer had chosen, if that is how the ruling came."""

    leader: Seat
    trick: int = 0
    pcs: tuple[Card, ...] = ()
    suits: tuple[Suit, ...] = ()
    premature_lead: Card | None = None

    def named(self) -> dict[str, object]:
        return {"leader": self.leader, "trick": self.trick, "pcs": list(self.pcs)}


def lead_choice_made(ops: TableOps, leader: Seat) -> bool:
    """Declarer has made his 50D2 choice for this lead and these penalty cards (a new
    penalty card, e.g. a refused lead out of turn, brings a new choice: 56, 50D)."""
    n = next_trick_number(ops)
    key = _pc_key(ops, leader.partner)
    return any(
        r.kind == "penalty_card_lead" and (st := r.fact(PenaltyCardLeadState)) is not None
        and st.leader is leader and st.trick == n and set(key) <= set(st.pcs)
        for r in ops.rulings
    )


@implements("50D2", "50D2(a)", "50D2(b)", "51B", "51B1(a)", "51B1(b)", "51B2(a)", "51B2(b)", "51B2(c)", "10C1",
            editions=("2017", "1997"))
class PenaltyCardLead(Handler):
    """50D2: a defender whose partner has a major penalty card has the lead: declarer
    requires or forbids the penalty card's suit (the card is picked up) or leaves the
    lead free (it stays a penalty card)."""

    kind: ClassVar[str] = "penalty_card_lead"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        c = ops.contract
        assert c is not None
        st = ruling.fact(PenaltyCardLeadState)
        if st is None:  # the lead itself was stopped (``check_card``)
            a = card_from(ruling)
            st = PenaltyCardLeadState(leader=a.seat, premature_lead=a.card)
        leader = st.leader
        owner = leader.partner
        st = replace(st, trick=next_trick_number(ops), pcs=_pc_key(ops, owner))
        ruling.record_fact(st)
        ruling.offender = owner
        suits = sorted({pc.card.suit for pc in penalty_cards_of(ops, owner) if pc.kind == "major"})
        if not suits:
            ops.close(ruling)
            return
        st = replace(st, suits=tuple(suits))
        ruling.record_fact(st)
        ruling.cite("50D2")
        if len(penalty_cards_of(ops, owner)) > 1:
            ruling.cite("51B")
        owned = [pc.card for pc in penalty_cards_of(ops, owner)]
        in_suit = sum(1 for c in owned if c.suit in suits)
        put(ruling, *both("exposure.open.6" if len(suits) == 1 else "exposure.open.6_suits", leader=as_seat(leader), holder=as_seat(owner),
                          pcs=msg("exposure.major_pcs", cards=owned, n=len(owned)), n=in_suit))
        if st.premature_lead is not None:
            add(ruling, *both("exposure.lead_stopped", seat=leader, card=st.premature_lead))
        ops.offer(ruling, [
            option("require_suit", c.declarer, *both("exposure.open.8", suits=list(suits), n=len(suits)), param="suit"),
            option("forbid_suit", c.declarer, *both("exposure.open.9.seat", leader=as_seat(leader), suits=list(suits), n=len(suits)),
                   param="suit"),
            option("no_restriction", c.declarer, *both("exposure.open.10", n=len(owned))),
        ])

    def check_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        """Declarer may require or forbid only a suit of the penalty cards (50D2(a)); with
        penalty cards in several suits he requires one of them (51B2(a)) or forbids one or
        more (51B2(b)), and must say which."""
        if option_id == "no_restriction":
            return
        suits = {s.name for s in penalty_suits(ruling)}
        named = suit_params(params)
        several = len(suits) > 1
        law = "51B2" if several else "50D2(a)"
        wrong = [s.name for s in named if s.name not in suits]
        if wrong:
            only = [Suit.parse(x) for x in sorted(suits)]
            bad = [Suit.parse(x) for x in wrong]
            not_allowed(ops, text("exposure.refuse.require_other" if option_id == "require_suit" else
                                  "exposure.refuse.forbid_other", suits=only, wrong=bad, law=law))
        if option_id == "require_suit" and len(named) > 1:
            not_allowed(ops, text("exposure.refuse.require_one"))
        if not named and several:
            not_allowed(ops, text("exposure.refuse.name_suit", suits=[Suit.parse(x) for x in sorted(suits)], law=law))

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        leader = _lead_state(ruling).leader
        owner = leader.partner
        suits = penalty_suits(ruling)
        several = len(suits) > 1
        chosen = [s for s in suit_params(params) if s in suits] or (suits[:1] if not several else [])
        if option_id == "no_restriction" or not chosen:
            law = "51B2(c)" if several else "50D2(b)"
            ruling.cite(law)
            add(ruling, *both("exposure.on_choice.6", leader=leader, law=law, n=len(penalty_cards_of(ops, owner))))
            ops.close(ruling)
            return
        require = option_id == "require_suit"
        picked = sum(1 for pc in penalty_cards_of(ops, owner) if pc.card.suit in chosen)
        law = restriction_law(ruling, require, several=several, cards=len(penalty_cards_of(ops, owner)))
        for suit in chosen:
            restrict_lead(ops, ruling, leader, suit, require=require, law=law)
        sync_play_penalty_card(ops, ruling, owner)
        many = len(chosen) > 1
        key = (("exposure.required.several" if many else "exposure.required") if require
               else ("exposure.forbade.several" if many else "exposure.forbade"))
        add(ruling, *both(key, suits=suit_names(chosen), seat=owner, law=law, n=max(1, picked)))
        ops.close(ruling)

    def on_trick_complete(self, ops: TableOps, trick_number: int) -> None:
        """The lead passes to a defender whose partner has a major penalty card: ask now."""
        if ops.phase != "play" or trick_number >= 13 or awaiting_any(ops):
            return
        winner = ops.tricks[-1].winner
        if winner is None or not is_defender(ops, winner):
            return
        if any(pc.kind == "major" for pc in penalty_cards_of(ops, winner.partner)) and not lead_choice_made(ops, winner):
            ops.open_ruling("penalty_card_lead", winner.partner, state=PenaltyCardLeadState(winner))


def restriction_law(ruling: Ruling, require: bool, *, several: bool, cards: int) -> str:
    """Cite the law of declarer's requirement or prohibition and return the one his lead
    restriction names: 51B2(a)/(b) with penalty cards in several suits (a requirement is
    51B1(a) too), else 50D2(a) (and 51B1 for several cards of the one suit)."""
    if several:
        law = "51B2(a)" if require else "51B2(b)"
        ruling.cite(law)
        if require:
            ruling.cite("51B1(a)")
        return law
    law = "50D2(a)"
    ruling.cite(law)
    if cards > 1:
        ruling.cite("51B1(a)" if require else "51B1(b)")
    return law


def restrict_lead(ops: TableOps, ruling: Ruling, leader: Seat, suit: Suit, *, require: bool, law: str) -> None:
    """Require ``suit`` for this lead, or forbid it while ``leader`` keeps the lead, and
    pick up the partner's penalty cards of that suit (50D2(a))."""
    if require:
        ops.restrict(ruling, lead_restriction(leader, "lead_required", suit, "first_lead", law, ruling))
    else:
        ops.restrict(ruling, lead_restriction(leader, "lead_forbidden", suit, "while_on_lead", law, ruling))
    for pc in penalty_cards_of(ops, leader.partner):
        if pc.card.suit is suit:
            ops.pick_up_penalty_card(ruling, pc.card)


def suit_names(suits: list[Suit]) -> Suit | Msg:
    """One suit, or 'hearts and spades'."""
    return suits[0] if len(suits) == 1 else msg("exposure.suits_and", head=suits[:-1], last=suits[-1])


def _lead_state(ruling: Ruling) -> PenaltyCardLeadState:
    st = ruling.fact(PenaltyCardLeadState)
    assert st is not None, "a 50D2 ruling records its state when it opens"
    return st


def penalty_suits(ruling: Ruling) -> list[Suit]:
    """The suits of the major penalty cards a 50D2 / 51B ruling is about."""
    st = ruling.fact(PenaltyCardLeadState)
    return list(st.suits) if st is not None else []


def offer_lead_choice(ops: TableOps, leader: Seat) -> None:
    """After a ruling leaves ``leader`` on lead (54D, 56): the 50D2 choice if it applies."""
    if is_defender(ops, leader) and any(pc.kind == "major" for pc in penalty_cards_of(ops, leader.partner)) \
            and not lead_choice_made(ops, leader):
        ops.open_ruling("penalty_card_lead", leader.partner, state=PenaltyCardLeadState(leader))


HANDLERS: list[Handler] = [PenaltyCardLead()]
OVERRIDES_1997: list[Handler] = []
