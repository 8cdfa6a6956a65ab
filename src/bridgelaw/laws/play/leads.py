"""Laws 9B1, 41A, 53, 54 and 60A1 as the cards show them: who makes the opening lead and
how, and what a card played while a lead out of turn waits for a ruling means.

The Table asks these steps of the two lead-out-of-turn handlers (``OpeningLeadOutOfTurn``
and ``PlayOutOfTurn`` in ``play_irregularities``, which extend the classes here):

* The opening lead (41A) is the opening leader's; a lead by anyone else is a lead out of
  turn (54). Where the regulations say so it is made face down first, and faced once the
  partner has had his chance to ask (41B); until then no other lead is made.
* While a lead out of turn waits for the choice: the next hand in rotation playing to it
  accepts it (53A, 54B); when declarer's side led, the defender on the offender's right
  playing to it accepts it as well (2017 53C, 1997 53B; Law 57 then deals with his card);
  the opponent whose turn it was making his proper lead declines it (2017 53B, 1997 53C).
* Before the director has come: the next hand playing to the lead accepts it (53A, 54B,
  60A1), so the director rules on it at once; the offender's partner has no card to play
  until the director has given the non-offenders their options (9B1), and the card is
  refused so that no trick holds two leads.
"""

from __future__ import annotations

from typing import ClassVar

from bridgelaw.actions import PlayAction
from bridgelaw.core.cards import Seat
from bridgelaw.i18n import text
from bridgelaw.laws.base.facts import PlayOutOfTurnState
from bridgelaw.laws.base.handler import Handler, LeadVerdict, TableOps
from bridgelaw.laws.registry import implements
from bridgelaw.rulings import Ruling, RulingStatus

_BOTH = ("2017", "1997")


def placed_by(ops: TableOps, action: PlayAction) -> Seat:
    """Who placed a card: as the action says, else declarer for dummy once dummy is down
    (45B), else its holder."""
    c = ops.contract
    assert c is not None
    return action.by or (c.declarer if action.seat is c.dummy and ops.lead_faced else action.seat)


class LeadOutOfTurnRules(Handler):
    """What a card means while a lead out of turn waits (53, 54B, 60A1, 9B1)."""

    declined_by_proper_lead: ClassVar[bool] = False
    """53B (1997 53C): the proper leader leading declines the lead out of turn; an opening
    lead out of turn is declarer's to accept or refuse, and no lead declines it."""

    @implements("53A", "53B", "53C", "54B", editions=_BOTH)
    def implied_choice(self, ops: TableOps, ruling: Ruling, action: PlayAction) -> str | None:
        """The chooser playing the next hand in rotation accepts the lead (53A, 54B); the
        chooser making the proper lead from the hand on lead declines it (53B); the defender
        on the right of declarer's side's offender playing to it accepts it (53C)."""
        if ops.contract is None or ruling.status is not RulingStatus.AWAITING_CHOICE:
            return None
        ids = {o.id for o in ruling.options}
        offender = ruling.offender
        if _declarer_lead_played_to(ruling, action, ids):
            return "accept"  # 53C (1997 53B): the defender on its right played to it; 57 follows
        if ruling.chooser is not placed_by(ops, action) or offender is None:
            return None
        if action.seat is offender.lho:
            return next((x for x in ("accept", "accept_lead") if x in ids), None)
        if action.seat is ops.play_turn and "decline" in ids and self.declined_by_proper_lead:
            return "decline"
        return None

    @implements("9B1", "53A", "54B", "60A1", editions=_BOTH)
    def card_before_ruling(self, ops: TableOps, ruling: Ruling, action: PlayAction) -> bool:
        """Before the director has come: the offender's partner may not play (9B1); the next
        hand playing to the lead accepts it (53A, 54B, 60A1), and declarer's side having led,
        so does the defender on the offender's right. Not when the irregular card was no lead
        (57: a premature play)."""
        offender = ruling.offender
        if ruling.status is not RulingStatus.AWAITING_DIRECTOR or offender is None:
            return False
        if action.seat is offender.partner:
            ops.refuse(
                "director_needed",
                text("table.refused.refuse_partner_over_lead_out_of_turn", offender=offender, seat=action.seat),
            )
        c = ops.contract
        declarers = c is not None and offender.side is c.declarer.side
        if action.seat is not offender.lho and not (declarers and action.seat is offender.rho):
            return False
        tricks = ops.tricks
        return not (tricks and not tricks[-1].complete)


def _declarer_lead_played_to(ruling: Ruling, action: PlayAction, ids: set[str]) -> bool:
    """Declarer's side led out of turn and the defender on the offender's right played to
    it, with acceptance open."""
    offender = ruling.offender
    st = ruling.fact(PlayOutOfTurnState)
    declarers_led = st is not None and st.declarer_lead
    return declarers_led and offender is not None and action.seat is offender.rho and "accept" in ids


class OpeningLeadRules(LeadOutOfTurnRules):
    """The opening lead itself (41A) and an opening lead out of turn (54)."""

    @implements("41A", "54", editions=_BOTH)
    def judge_lead(self, ops: TableOps, action: PlayAction) -> LeadVerdict:
        """By the opening leader, else a lead out of turn (54); face down first where the
        regulations say so (41A). While a face-down lead waits to be faced, neither its
        maker nor another player leads."""
        c = ops.contract
        assert c is not None
        waiting = ops.face_down_lead
        if waiting is not None and waiting[0] is action.seat:
            ops.refuse("lead_not_faced", text("table.refused.on_play.7"))
        if action.seat is not c.opening_leader:
            return "out_of_turn"
        if waiting is not None:
            ops.refuse("lead_not_faced", text("table.refused.on_play.9"))
        if action.face_down and ops.config.regulations.opening_lead != "face_up":
            return "face_down"
        return "faced"


__all__ = ["LeadOutOfTurnRules", "OpeningLeadRules", "placed_by"]
