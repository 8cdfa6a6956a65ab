"""Laws 24 (after the auction), 45C1, 48 and 49: a card exposed once the auction is over.

* Declarer's (and dummy's) exposed cards are never penalty cards (48A); declarer facing
  his cards may be making a claim (48B, 68).
* A defender holding a card so that his partner could see its face, at his turn, plays
  it if he may lawfully do so (45C1); otherwise his exposed card becomes a penalty card
  (49), classified by Law 50B (``penalty_cards``).
* Before the opening lead is faced, a defender's card exposed after the auction is a
  penalty card (24E, 2017); in 1997 declarer may treat such cards as penalty cards.

Penalty cards and their obligations are ``penalty_cards`` (50-52) and ``lead_penalties``
(50D2, 51B); what may be played, and the director called late, ``play_common``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from bridgelaw.actions import Expose, PlayAction
from bridgelaw.core.cards import Card, Seat
from bridgelaw.i18n import Msg, add, as_seat, both, msg, put
from bridgelaw.laws.base.handler import Handler, TableOps, option
from bridgelaw.laws.claims.handlers import faced_in_claim
from bridgelaw.laws.play.common import (
    allowed_mask,
    card_from,
    is_defender,
    not_allowed,
    overtaken,
    penalty_cards_of,
)
from bridgelaw.laws.play.lead_penalties import PenaltyCardLead
from bridgelaw.laws.play.penalty_cards import PenaltyCardNotPlayed, make_penalty_cards
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import JsonMap, PenaltyCard, Ruling, RulingState, RulingStatus

# This module's handlers, and the names other law modules import from here (their rules
# are in ``penalty_cards`` and ``play_common``).
__all__ = [
    "CardExposed",
    "CardExposed1997",
    "PenaltyCardNotPlayed",
    "card_from",
    "is_defender",
    "make_penalty_cards",
    "not_allowed",
    "overtaken",
    "play_period_exposure",
]


def play_period_exposure(ops: TableOps, ruling: Ruling, action: Expose) -> None:
    """A card exposed after the auction (Laws 45C1, 48, 49). Public so the auction
    period's Law 24 handler can hand the play period over to it."""
    seat = action.seat
    cards = list(action.cards)
    c = ops.contract
    assert c is not None
    if not is_defender(ops, seat):
        ruling.cite("48A")
        put(ruling, *both("exposure.declarer_side_exposed", seat=seat, cards=cards,
                          role=msg("exposure.role.declarer" if seat is c.declarer else "exposure.role.dummy")))
        if seat is c.declarer and len(cards) >= ops.cards_left(seat) and len(cards) > 1:
            ruling.cite("48B")
            ruling.flag("68")
            add(ruling, *both("exposure.play_period_exposure.3"))
        ops.close(ruling)
        return
    my_turn = ops.phase == "play" and ops.play_turn is seat
    if my_turn and len(cards) == 1 and action.how == "shown" and allowed_mask(ops, seat) & cards[0].bit:
        ruling.cite("45C1")
        put(ruling, *both("exposure.play_period_exposure.4", seat=as_seat(seat), text=cards))
        ops.play_card(ruling, seat, cards[0])
        ops.close(ruling)
        return
    # Two or more cards dropped, even at his turn, are exposed, not played (the scenario's
    # ``expose`` is never a play): each is a penalty card, and all are major (49, 50B). The
    # simultaneous play of 58B has no action of its own.
    _defender_exposed(ops, ruling, seat, cards, deliberate=action.how in ("shown", "named"))


def _defender_exposed(ops: TableOps, ruling: Ruling, seat: Seat, cards: list[Card], *, deliberate: bool) -> None:
    """A defender's cards exposed: penalty cards (49); a low card is major when he has more
    than one (50B); what a minor one bars (50C)."""
    ruling.cite("49")
    make_penalty_cards(ops, ruling, seat, cards, deliberate=deliberate, law="49")
    pcs = penalty_cards_of(ops, seat)
    put(ruling, *both("exposure.defender_exposed", seat=seat, cards=cards, kinds=_kinds(pcs)))
    if len(pcs) > 1 and any(not pc.card.rank.is_honour for pc in pcs):
        add(ruling, *both("exposure.several_major", seat=seat))
    _what_it_binds(ruling, seat, pcs)
    ruling.flag("50E")
    ops.close(ruling)


def before_rectification(ops: TableOps, ruling: Ruling, action: PlayAction) -> None:
    """60C: a defender of the offending side led or played while declarer's choice of
    rectification waited. The card could not be played then; it was exposed: a penalty
    card (49), major since it was played deliberately (50B). Declarer's choice follows,
    and a lead requirement it makes comes before the new penalty card (50D1(b))."""
    ruling.cite("60C", "49")
    make_penalty_cards(ops, ruling, action.seat, [action.card], deliberate=True, law="49")
    pcs = penalty_cards_of(ops, action.seat)
    put(ruling, *both("exposure.before_rectification", seat=action.seat, card=action.card, kinds=_kinds(pcs)))
    ops.close(ruling)
    for waiting in ops.rulings:  # a 50D2 choice still to be made now covers the new penalty card too (51B)
        if waiting.kind == "penalty_card_lead" and waiting.status is RulingStatus.AWAITING_CHOICE and waiting.offender is action.seat:
            PenaltyCardLead().open(ops, waiting, None)


def _what_it_binds(ruling: Ruling, seat: Seat, pcs: Sequence[PenaltyCard]) -> None:
    """What the penalty cards oblige their owner to: a minor one bars his lower cards of its
    suit (50C); major ones are played at the first legal opportunity, declarer naming which
    when more than one could be (50D1, 51A)."""
    if any(pc.kind == "minor" for pc in pcs):
        add(ruling, *both("exposure.minor_rule", seat=seat))
    elif pcs:
        add(ruling, *both("exposure.major_rule.several" if len(pcs) > 1 else "exposure.major_rule", seat=seat))


def _kinds(pcs: Sequence[PenaltyCard]) -> list[Msg]:
    """Each penalty card with its kind: 'SA major' / '♠Т — большая'."""
    return [msg("exposure.kind.major" if pc.kind == "major" else "exposure.kind.minor", card=pc.card) for pc in pcs]


@implements("41D", "45C1", "48A", "49", "50A", "50B", "68C", editions=("2017", "1997"))
@implements("48B", "50E", handling=Handling.RECORD_ONLY, editions=("2017", "1997"))
@implements("24D", "24E", editions=("2017",))
class CardExposed(Handler):
    """An ``expose`` action. During the play: Laws 45C1, 48, 49. Before the opening lead
    is faced (the auction period) Law 24 rules: after the auction, as 24D/24E."""

    kind: ClassVar[str] = "card_exposed"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        if overtaken(ops, ruling):
            return
        a = ruling.the_action()
        if isinstance(a, PlayAction):
            before_rectification(ops, ruling, a)
            return
        assert isinstance(a, Expose)
        if ops.phase in ("lead", "play") and faced_in_claim(ops, a.seat):
            ruling.cite("68C")
            ruling.flag("16C")
            put(ruling, *both("exposure.faced_in_claim", seat=a.seat, cards=list(a.cards)))
            ops.close(ruling)
            return
        c = ops.contract
        if a.how == "spread" and c is not None and a.seat is c.dummy and ops.phase == "lead":
            # 41D: dummy spreads his hand once the opening lead is faced; spread earlier, his
            # cards are no penalty cards, but declarer could have seen them (54C)
            ruling.cite("41D")
            ruling.flag("54C")
            put(ruling, *both("exposure.dummy_spread_early", seat=a.seat, cards=list(a.cards)))
            ops.close(ruling)
            return
        if ops.phase == "play":
            play_period_exposure(ops, ruling, a)
            return
        if c is None:
            ruling.cite("24")
            put(ruling, *both("exposure.open", seat=as_seat(a.seat), text=list(a.cards)))
            ops.close(ruling)
            return
        if not is_defender(ops, a.seat):
            ruling.cite("24D")
            put(ruling, *both("exposure.open.2", seat=as_seat(a.seat), text=list(a.cards), n=len(a.cards)))
            ops.close(ruling)
            return
        self.defender_before_lead(ops, ruling, a)

    def defender_before_lead(self, ops: TableOps, ruling: Ruling, a: Expose) -> None:
        """24E (2017): every such card of a defender becomes a penalty card."""
        ruling.cite("24E")
        ruling.flag("16C")
        prematurely_led = a.how == "named"
        make_penalty_cards(ops, ruling, a.seat, a.cards, deliberate=prematurely_led, law="24E")
        pcs = penalty_cards_of(ops, a.seat)
        put(ruling, *both("exposure.clarification_period", seat=a.seat, cards=list(a.cards), kinds=_kinds(pcs)))
        _what_it_binds(ruling, a.seat, pcs)
        ops.close(ruling)


@dataclass(frozen=True, slots=True)
class ExposedBeforeLead(RulingState):
    """1997 Law 24: the defender's cards exposed before the opening lead, for declarer's
    choice whether they are penalty cards."""

    holder: Seat
    cards: tuple[Card, ...]


@implements("24E", handling=Handling.MECHANICAL, editions=("1997",))
class CardExposed1997(CardExposed):
    """1997 Law 24: declarer MAY treat a defender's exposed cards as penalty cards."""

    def defender_before_lead(self, ops: TableOps, ruling: Ruling, a: Expose) -> None:
        ruling.cite("24")
        ruling.record_fact(ExposedBeforeLead(a.seat, tuple(a.cards)))
        c = ops.contract
        assert c is not None
        put(ruling, *both("exposure.before_lead_1997", seat=a.seat, cards=list(a.cards), n=len(a.cards)))
        ops.offer(ruling, [
            option("penalty_cards", c.declarer, *both("exposure.defender_before_lead.3", cards=list(a.cards))),
            option("no_penalty", c.declarer, *both("exposure.defender_before_lead.4")),
        ])

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        st = ruling.fact(ExposedBeforeLead)
        assert st is not None  # recorded when the option was offered
        seat, cards = st.holder, list(st.cards)
        if option_id == "penalty_cards":
            make_penalty_cards(ops, ruling, seat, cards, deliberate=False, law="24")
            add(ruling, *both("exposure.on_choice", cards=cards))
        else:
            add(ruling, *both("exposure.on_choice.2"))
        ops.close(ruling)


# The card_exposed handler the editions use is the auction chapter's CardExposedInAuction (a
# CardExposed that also rules a card exposed before the play): this module declares none.
HANDLERS: list[Handler] = []
OVERRIDES_1997: list[Handler] = []
