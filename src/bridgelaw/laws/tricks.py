"""Laws 45-47 and 67: when a card is played, designations, retractions, defective tricks.

* 45A-C: a card is played when faced (a defender's card held so his partner could see
  it, 45C1, is ruled in ``exposure.py``); dummy's card is played when declarer names it
  (the ``by`` of a play action).
* 45D/45F: dummy puts a card on the trick that declarer did not name: it is withdrawn
  (45D) and the director notes that dummy took part in the play (45F).
* 45C4(b), 47C/47D: declarer's unintended designation of dummy's card may be changed
  until he plays again from either hand; the director judges "unintended" (a slip of
  the tongue, not a change of mind); opponents who played after it may change their cards.
* 46B: the card an incomplete designation stands for (``designated_card``).
* 67: a defective trick; whether a trick lacked or had an extra card is a physical fact
  the engine cannot see, so the director states it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from bridgelaw.actions import PointOut
from bridgelaw.core.cards import SUIT_MASK, Card, Rank, Seat, Suit, cards_of
from bridgelaw.i18n import add, as_seat, both, put
from bridgelaw.laws.base import Handler, TableOps
from bridgelaw.laws.exposure import card_from, ops_any, overtaken
from bridgelaw.laws.play import legal_mask, trick_winner
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import Question, Ruling

UNINTENDED_QUESTION = Question(
    key="unintended",
    text=both("tricks.module")[0],
    text_ru=both("tricks.module")[1],
    law="45C4(b)",
)

DEFECT_QUESTION = Question(
    key="defect",
    text=both("tricks.module.2")[0],
    text_ru=both("tricks.module.2")[1],
    law="67",
)


# ---------------------------------------------------------------------- 45D / 45F
@implements("45D", "45F", editions=("2017", "1997"))
class DummyPlayedCard(Handler):
    """Dummy placed a card declarer had not named (``play`` with ``by`` = dummy)."""

    kind: ClassVar[str] = "dummy_played_card"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        if overtaken(ops, ruling):
            return
        a = card_from(ruling)
        c = ops.contract
        assert c is not None
        ruling.cite("45D", "45F")
        ruling.flag("45F")
        put(ruling, *both("tricks.open", seat=as_seat(a.seat), card=a.card, declarer=as_seat(c.declarer)))
        ops.close(ruling)


# ---------------------------------------------------------------------- 45C4(b), 47C, 47D
@implements("45C4(b)", "47C", "47D", handling=Handling.DIRECTOR_QUESTION, editions=("2017", "1997"))
class UnintendedDesignation(Handler):
    """Declarer says he named dummy's card by mistake (``point_out: unintended_designation``)."""

    kind: ClassVar[str] = "unintended_designation"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        c = ops.contract
        tricks = ops_any(ops).tricks
        if c is None:
            ops.close(ruling)
            return
        ruling.offender = c.declarer
        found: tuple[int, int, Card] | None = None
        for k in range(len(tricks) - 1, -1, -1):
            t = tricks[k]
            for p in range(len(t.cards) - 1, -1, -1):
                if t.seats[p] is c.dummy:
                    found = (k + 1, p, t.cards[p])
                    break
                if t.seats[p] is c.declarer:
                    break
            else:
                continue
            break
        if found is None or (found[0] == 1 and found[1] == 0):
            ruling.cite("45C4(b)")
            put(ruling, *both("tricks.open.3"))
            ops.close(ruling)
            return
        ruling.data["target"] = [found[0], found[1], str(found[2])]
        ruling.cite("45C4(b)")
        put(ruling, *both("tricks.open.2", found=found[2]))
        ops.ask_director(ruling, [UNINTENDED_QUESTION])

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: Mapping[str, Any]) -> None:
        if "unintended" not in decision:
            raise KeyError("unintended")
        ruling.answers["unintended"] = bool(decision["unintended"])
        ops.close(ruling)
        if not decision["unintended"]:
            add(ruling, *both("tricks.on_decision.2"))
            return
        k, p, card = ruling.data["target"]
        ruling.cite("47C", "47D")
        ruling.flag("16C")
        ops_any(ops).unwind(ruling, k, p)
        add(ruling, *both("tricks.unintended_designation", card=Card.parse(card)))


def unintended_designation(ops: TableOps, i: int, action: PointOut) -> None:
    c = ops.contract
    ops_any(ops).open_ruling("unintended_designation", c.declarer if c else None, {"by": action.seat.name})


# ---------------------------------------------------------------------- 46B
@implements("46A", "46B1(a)", "46B1(c)", "46B2", "46B3(b)", "46B4", editions=("2017", "1997"))
def designated_card(
    hand: int, led: Suit | None, *, word: str | None = None, suit: Suit | None = None, rank: Rank | None = None
) -> Card | None:
    """The card an incomplete designation of dummy's card stands for (46B), unless
    declarer's different intention is incontrovertible. ``word`` is 'high' or 'low';
    ``suit`` and ``rank`` what declarer named. None: declarer must say more (46B3(b)) or
    the designation is void and he may name any legal card (46B4)."""
    legal = legal_mask(hand, led)
    if suit is not None and rank is not None:
        card = Card.of(suit, rank)
        return card if legal & card.bit else None  # 46B4: a card dummy does not hold
    pool = legal & SUIT_MASK[suit] if suit is not None else legal
    if led is not None and suit is None and legal & SUIT_MASK[led]:
        pool = legal & SUIT_MASK[led]
    if rank is not None:
        matches = [c for c in cards_of(legal) if c.rank is rank]
        return matches[0] if len(matches) == 1 else None
    cards = cards_of(pool)
    if not cards:
        return None
    if word == "high":
        return max(cards, key=lambda c: c.rank)
    return min(cards, key=lambda c: c.rank)  # 'low', or a suit without a rank (46B1(c), 46B2)


# ---------------------------------------------------------------------- 67
@implements("67A", "67B1", "67B2", handling=Handling.DIRECTOR_QUESTION, editions=("2017", "1997"))
class DefectiveTrick(Handler):
    """``point_out: defective_trick`` with the offender and the trick (Law 67)."""

    kind: ClassVar[str] = "defective_trick"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        tricks = ops_any(ops).tricks
        n = ruling.data.get("trick") or len(tricks)
        ruling.data["trick"] = n
        o = ruling.offender
        ruling.cite("67")
        both_played = len(tricks) > n and len(tricks[n].cards) >= 2
        ruling.data["late"] = both_played
        put(ruling, *(both("tricks.defective", trick=n, seat=o) if o else both("tricks.defective.unknown", trick=n)))
        ops.ask_director(ruling, [DEFECT_QUESTION])

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: Mapping[str, Any]) -> None:
        if "defect" not in decision:
            raise KeyError("defect")
        defect = decision["defect"]
        ruling.answers["defect"] = defect
        ops.close(ruling)
        o = ruling.offender
        n = ruling.data["trick"]
        tricks = ops_any(ops).tricks
        if defect == "missing" and o is not None and ruling.data["late"]:
            ruling.cite("67B1")
            trick = tricks[n - 1]
            os_won = any(t.winner is not None and t.winner.side is o.side for t in tricks[n - 1:])
            add(ruling, *both("tricks.on_decision.4", seat=as_seat(o)))
            _ = trick_winner, trick
            if os_won:
                ops_any(ops).transfer_tricks(ruling, o.side.opponents, 1, "67B1(b)")
            return
        if defect == "missing" and o is not None:
            ruling.cite("67A1")
            add(ruling, *both("tricks.on_decision.5", seat=as_seat(o)))
            return
        if defect == "extra":
            ruling.cite("67B2" if ruling.data["late"] else "67A2")
            add(ruling, *both("tricks.on_decision.6"))
            return
        add(ruling, *both("tricks.on_decision.3"))


def defective_trick(ops: TableOps, i: int, action: PointOut) -> None:
    ops_any(ops).open_ruling("defective_trick", action.offender, {"trick": action.trick, "by": action.seat.name})


_ = Seat

HANDLERS: list[Handler] = [DummyPlayedCard(), UnintendedDesignation(), DefectiveTrick()]
OVERRIDES_1997: list[Handler] = []
