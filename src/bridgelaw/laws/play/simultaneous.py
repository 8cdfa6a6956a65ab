"""Laws 33 and 58: simultaneous calls, leads and plays.

* A call or card made at the same moment as the legal call or card of another player
  counts as made after it (33, 58A): the scenario lists it after that one with
  ``"simultaneous": true`` and the Table takes it in that order, noting the law.
* Two or more cards played from one hand at once (``play_together``, 58B): if only one
  face was visible, that card is played and the others go back without rectification
  (58B1); if more than one was visible, the offender chooses which he plays (58B2) and, a
  defender, every other card he exposed becomes a penalty card (50); declarer's and
  dummy's go back to the hand (48A).
"""

from __future__ import annotations

from typing import ClassVar

from bridgelaw.actions import Action, PlayTogether
from bridgelaw.core.calls import Contract
from bridgelaw.core.cards import Card
from bridgelaw.errors import ParseError
from bridgelaw.i18n import add, both, put, text
from bridgelaw.laws.base.handler import Handler, TableOps, option
from bridgelaw.laws.play.common import is_defender, not_allowed, penalty_cards_of
from bridgelaw.laws.play.penalty_cards import make_penalty_cards
from bridgelaw.laws.registry import implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import JsonMap, Ruling


def _action(ruling: Ruling) -> PlayTogether:
    a = ruling.the_action()
    assert isinstance(a, PlayTogether)
    return a


def refuse_unless_playable(ops: TableOps, action: PlayTogether, c: Contract) -> None:
    """Refuse cards played together that are not all in the hand, not at its turn, or
    while a ruling waits for a choice or a decision: nothing was played."""
    for card in action.cards:
        if not ops.hand(action.seat) & card.bit:
            ops.refuse("card_not_held", text("simultaneous.refuse.not_held", seat=action.seat, card=card))
    due = c.opening_leader if ops.phase == "lead" else ops.play_turn
    if action.seat is not due:
        ops.refuse("not_your_turn", text("simultaneous.refuse.not_your_turn", seat=action.seat))
    if any(r.status.value in ("awaiting_choice", "awaiting_decision") for r in ops.rulings):
        ops.refuse("awaiting_ruling", text("simultaneous.refuse.awaiting_ruling"))


@implements("33", "58A", "58B1", "58B2", editions=("2017", "1997"))
class PlayTogetherHandler(Handler):
    """58B: two or more cards from one hand at once."""

    kind: ClassVar[str] = "play_together"

    def on_action(self, ops: TableOps, i: int, action: Action) -> None:
        assert isinstance(action, PlayTogether), action  # the Table routes only these here
        refuse = ops.refuse
        if ops.config.mode == "online":
            refuse("play_together", text("simultaneous.refuse.online", seat=action.seat))
        c = ops.contract
        if c is None or ops.phase not in ("lead", "play") or ops.face_down_lead is not None:
            refuse("not_in_play", text("simultaneous.refuse.not_in_play"))
        assert c is not None
        if not ops.hand_known(action.seat) and any(not ops.hand(action.seat) & x.bit for x in action.cards):
            # a hand nobody has shown: the cards were in it unless they are seen elsewhere
            ops.shown_cards(i, action, action.seat, action.cards, lambda j, a: self.on_action(ops, j, a))
            return
        refuse_unless_playable(ops, action, c)
        ops.open_ruling(self.kind, action.seat, action=action)

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        a = _action(ruling)
        if not a.faced:
            ruling.cite("58B1")
            first = a.cards[0]
            if ops.contract is not None and a.seat is ops.contract.dummy:  # declarer's, from dummy: back to the table
                put(ruling, *both("simultaneous.one_face.dummy", declarer=ops.contract.declarer, cards=list(a.cards),
                                  first=first, n=len(a.cards) - 1))
            else:
                put(ruling, *both("simultaneous.one_face", seat=a.seat, cards=list(a.cards), first=first,
                                  n=len(a.cards) - 1))
            ops.play_card(ruling, a.seat, first)
            ops.close(ruling)
            return
        ruling.cite("58B2")
        if ops.contract is not None and a.seat is ops.contract.dummy:  # declarer plays dummy's cards and chooses
            declarer = ops.contract.declarer
            put(ruling, *both("simultaneous.faced.dummy", seat=a.seat, declarer=declarer, cards=list(a.cards),
                              n=len(a.cards) - 1))
            ops.offer(ruling, [option("play", declarer, *both("simultaneous.option.play"), param="card")])
            return
        put(ruling, *both("simultaneous.faced.defender" if is_defender(ops, a.seat) else "simultaneous.faced.declarer",
                          seat=a.seat, cards=list(a.cards), n=len(a.cards) - 1))
        ops.offer(ruling, [option("play", a.seat, *both("simultaneous.option.play"), param="card")])

    def check_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        cards = [str(x) for x in _action(ruling).cards]
        wanted = params.get("card")
        try:
            named = str(Card.parse(wanted)) if isinstance(wanted, str) else None
        except ParseError:
            named = None
        if named not in cards:
            not_allowed(ops, text("simultaneous.refuse.one_of", cards=list(_action(ruling).cards)))

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        a = _action(ruling)
        card = Card.parse(str(params["card"]))
        others = [x for x in a.cards if x is not card]
        ops.play_card(ruling, a.seat, card)
        if is_defender(ops, a.seat):
            ruling.cite("50")
            make_penalty_cards(ops, ruling, a.seat, others, deliberate=False, law="58B2")
            add(ruling, *both("simultaneous.plays.penalty", card=card, others=others, n=len(others)))
            if any(pc.kind == "minor" for pc in penalty_cards_of(ops, a.seat)):  # 50C
                add(ruling, *both("exposure.minor_rule", seat=a.seat))
        else:
            ruling.cite("48A")
            dummy = ops.contract is not None and a.seat is ops.contract.dummy  # dummy's cards stay on the table
            mid = "simultaneous.plays.back.dummy" if dummy else "simultaneous.plays.back"
            add(ruling, *both(mid, card=card, others=others, n=len(others)))
        ops.close(ruling)

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        raise KeyError("decision")  # pragma: no cover


HANDLERS: list[Handler] = [PlayTogetherHandler()]
OVERRIDES_1997: list[Handler] = []
