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
from dataclasses import dataclass, replace
from typing import ClassVar

from bridgelaw.actions import PlayAction, PointOut
from bridgelaw.core.cards import SUIT_MASK, Card, Rank, Seat, Suit, cards_of
from bridgelaw.errors import ParseError
from bridgelaw.i18n import add, as_seat, both, msg, put, text
from bridgelaw.laws.base.handler import Handler, TableOps, option
from bridgelaw.laws.play.common import (
    card_from,
    is_defender,
    not_allowed,
    overtaken,
    sync_play_penalty_card,
)
from bridgelaw.laws.play.holdings import HOLDS_SUIT, ask_holding, holds, take_holding_answer
from bridgelaw.laws.play.penalty_cards import make_penalty_cards
from bridgelaw.laws.play.regular import legal_mask
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import JsonMap, Question, Ruling, RulingState

UNINTENDED_QUESTION = Question(
    key="unintended",
    text=both("tricks.module")[0],
    text_ru=both("tricks.module")[1],
    law="45C4(b)",
)

# 1997 45C4(b): any player may change an inadvertent designation made without pause for thought
UNINTENDED_QUESTION_1997 = Question(
    key="unintended",
    text=both("tricks.module.1997")[0],
    text_ru=both("tricks.module.1997")[1],
    law="45C4(b)",
)

DEFECT_QUESTION = Question(
    key="defect",
    text=both("tricks.module.2")[0],
    text_ru=both("tricks.module.2")[1],
    law="67",
)

OFFENDER_QUESTION = Question(  # a card missing, the point-out named nobody: whose card it is
    key="offender",
    text=both("tricks.offender_question")[0],
    text_ru=both("tricks.offender_question")[1],
    law="67",
)

EXTRA_CARDS_QUESTION = Question(
    key="extra_cards",
    text=both("tricks.extra_cards_question")[0],
    text_ru=both("tricks.extra_cards_question")[1],
    law="67A2",
)


@dataclass(frozen=True, slots=True)
class DesignationState(RulingState):
    """45C4(b): who said declarer's designation was unintended, and dummy's card it
    concerns (trick, position in it, card), once found."""

    by: Seat
    target: tuple[int, int, Card] | None = None

    def named(self) -> Mapping[str, object]:
        return {"by": self.by}


@dataclass(frozen=True, slots=True)
class DefectiveTrickState(RulingState):
    """67: the trick said to be defective (None until the ruling takes the last one) and
    who said so; ``late``: a player of each side has played to the next trick (67B);
    ``place_law``: the law under which the offender places a card, ``candidates`` the
    cards known to qualify; ``asked_extra``: the director is asked which cards were extra
    (67A2)."""

    by: Seat
    trick: int | None = None
    late: bool = False
    place_law: str = ""
    candidates: tuple[Card, ...] = ()
    asked_extra: bool = False

    def named(self) -> Mapping[str, object]:
        return {"trick": self.trick, "by": self.by}


def _defective(ruling: Ruling) -> DefectiveTrickState:
    """The defective trick a ruling is about (recorded when it is opened)."""
    st = ruling.fact(DefectiveTrickState)
    assert st is not None, "a defective_trick ruling is opened with its trick"
    return st


def _trick_of(ruling: Ruling) -> int:
    """The defective trick's number (fixed when the ruling is opened)."""
    n = _defective(ruling).trick
    assert n is not None, "the ruling's trick is fixed when it opens"
    return n


# ---------------------------------------------------------------------- 45D / 45F
@implements("45D", "45F", editions=("2017", "1997"))
class DummyPlayedCard(Handler):
    """Dummy placed a card declarer had not named (``play`` with ``by`` = dummy)."""

    kind: ClassVar[str] = "dummy_played_card"

    def detects_card(self, ops: TableOps, action: PlayAction) -> bool:
        """Dummy himself placed one of his cards once the lead was faced: declarer had not
        named it (45D); dummy does not play his own cards (45F)."""
        c = ops.contract
        return c is not None and action.by is c.dummy and action.seat is c.dummy and ops.lead_faced

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
        tricks = ops.tricks
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
        ruling.record_fact(replace(_designation(ruling), target=found))
        ruling.cite("45C4(b)")
        put(ruling, *both("tricks.open.2", found=found[2]))
        ops.ask_director(ruling, [UNINTENDED_QUESTION_1997 if ruling.edition == "1997" else UNINTENDED_QUESTION])

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        if "unintended" not in decision:
            raise KeyError("unintended")
        ruling.answers["unintended"] = bool(decision["unintended"])
        ops.close(ruling)
        target = _designation(ruling).target
        assert target is not None, "the director is asked only once dummy's card is found"
        k, p, card = target
        if not decision["unintended"]:
            add(ruling, *both("tricks.on_decision.2", card=card))  # the card that stays, named
            return
        ruling.cite("47C", "47D")
        ruling.flag("16C")
        ops.unwind(ruling, k, p)
        add(ruling, *both("tricks.unintended_designation", card=card))


def _designation(ruling: Ruling) -> DesignationState:
    """The designation a ruling is about (recorded when it is opened)."""
    st = ruling.fact(DesignationState)
    assert st is not None, "an unintended_designation ruling is opened with who pointed it out"
    return st


def unintended_designation(ops: TableOps, i: int, action: PointOut) -> None:
    c = ops.contract
    ops.open_ruling("unintended_designation", c.declarer if c else None, state=DesignationState(by=action.seat))


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
@implements("67A", "67A1", "67A2", "67B1", "67B1(a)", "67B1(b)", "67B2", handling=Handling.DIRECTOR_QUESTION,
            editions=("2017", "1997"))
class DefectiveTrick(Handler):
    """``point_out: defective_trick`` with the offender and the trick (Law 67).

    The Table records a card of every hand in every trick, so a trick "with too few
    cards" is one whose record shows a card the offender in fact never placed: that card
    is still in his hand. Once the director finds the card missing, the offender places
    one among his played cards (``choose: "place"`` with ``card``): one of the suit led if
    he holds one (67A1: a card he could legally play; 67B1(a) likewise), and a single such
    card is placed at once. Who won the trick does not change. Found late (a player of
    each side has played to the next trick) it counts as a revoke on that trick: one trick
    to the other side if the offending side won it or a later one (as 64A2), under 67B1(a)
    when he held the suit led and 67B1(b) when he did not.

    Too many cards: found in time, 45E / 58B apply (67A2): the director names the extra
    card(s) (``extra_cards``); a defender's become penalty cards, declarer's go back to his
    hand. Found late, every extra card goes back to the hand and the trick stands (67B2)."""

    kind: ClassVar[str] = "defective_trick"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        tricks = ops.tricks
        st = _defective(ruling)
        n = st.trick or len(tricks)
        o = ruling.offender
        ruling.cite("67")
        both_played = len(tricks) > n and len(tricks[n].cards) >= 2
        ruling.record_fact(replace(st, trick=n, late=both_played))
        put(ruling, *(both("tricks.defective", trick=n, seat=o) if o else both("tricks.defective.unknown", trick=n)))
        ops.ask_director(ruling, [DEFECT_QUESTION])

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        if take_holding_answer(ops, ruling, decision):
            o = ruling.offender
            assert o is not None
            if _defective(ruling).place_law == "67B1":  # found late: the answer decides (a) or (b)
                self._missing_late(ops, ruling, o, bool(ruling.answers[HOLDS_SUIT]))
                return
            self._offer_place(ops, ruling, o, _defective(ruling).place_law)
            return
        if _defective(ruling).asked_extra:
            self._extra_cards(ops, ruling, decision)
            return
        if ruling.answers.get("defect") == "missing" and ruling.offender is None:
            if "offender" not in decision:
                raise KeyError("offender")
            ruling.offender = Seat[str(decision["offender"])]  # the director names whose card is missing
            ruling.answers["offender"] = decision["offender"]
            decision = {"defect": "missing"}
        if "defect" not in decision:
            raise KeyError("defect")
        defect = decision["defect"]
        ruling.answers["defect"] = defect
        o = ruling.offender
        if defect == "missing" and o is None:
            ops.ask_director(ruling, [OFFENDER_QUESTION])
            return
        ops.close(ruling)
        if defect == "missing" and o is not None:
            self._card_missing(ops, ruling, o)
        elif defect == "extra":
            self._card_extra(ops, ruling, o)
        else:
            add(ruling, *both("tricks.on_decision.3"))

    def _card_missing(self, ops: TableOps, ruling: Ruling, o: Seat) -> None:
        """A trick with too few cards: found in time the offender places a card (67A1);
        found late, he places one of the suit led if he holds one (67B1(a)), else any card
        (67B1(b)), and he is treated as having revoked: one trick goes to the other side
        when the offending side won the defective trick or a later one (as 64A2)."""
        if not _defective(ruling).late:
            ruling.cite("67A1")
            add(ruling, *both("tricks.on_decision.5", seat=as_seat(o)))
            self._offer_place(ops, ruling, o, "67A1")
            return
        ruling.cite("67B1")
        held = self._held_suit_led(ops, ruling, o)
        if held is None:  # a partly known deal: the director says first whether he held it
            self._offer_place(ops, ruling, o, "67B1")
            return
        self._missing_late(ops, ruling, o, held)

    @staticmethod
    def _held_suit_led(ops: TableOps, ruling: Ruling, o: Seat) -> bool | None:
        """Whether the offender held a card of the suit led to the defective trick (the
        card the record wrongly shows him playing is still his); None: unknown."""
        shown, led = DefectiveTrick._shown_and_led(ops, ruling, o)
        if led is None:
            return None
        return True if shown is not None and shown.suit is led else holds(ops, o, led)

    # whether a card of the suit led placed late still counts as a revoke (2017 67B1(a))
    revoke_when_held: ClassVar[bool] = True

    def _missing_late(self, ops: TableOps, ruling: Ruling, o: Seat, held: bool) -> None:
        """Found late, with the offender's holding known: the deciding sub-clause is
        67B1(a) when he held the suit led, 67B1(b) when not."""
        law = "67B1(a)" if held else "67B1(b)"
        ruling.cite(law)
        if held and not self.revoke_when_held:
            add(ruling, *both("tricks.missing_late.no_penalty", seat=as_seat(o), law=law))
        else:
            os_won = any(t.winner is not None and t.winner.side is o.side for t in ops.tricks[_trick_of(ruling) - 1:])
            add(ruling, *both("tricks.on_decision.4", seat=as_seat(o), law=law,
                              suit=msg("tricks.missing_late.suit_led" if held else "tricks.missing_late.any_card")))
            if os_won:
                ops.transfer_tricks(ruling, o.side.opponents, 1, law)
        self._offer_place(ops, ruling, o, law)

    @staticmethod
    def _card_extra(ops: TableOps, ruling: Ruling, o: Seat | None) -> None:
        """A trick with too many cards: found late, the extra cards go back and the trick
        stands (67B2); found in time, the director names them (67A2, then 45E / 58B)."""
        st = _defective(ruling)
        if st.late or o is None:
            ruling.cite("67B2")
            add(ruling, *both("tricks.on_decision.6"))
            return
        ruling.cite("67A2")
        add(ruling, *both("tricks.extra_in_time", seat=as_seat(o)))
        ruling.record_fact(replace(st, asked_extra=True))
        ops.ask_director(ruling, [EXTRA_CARDS_QUESTION])

    # -- 67A1 / 67B1(a): the offender places a card ------------------------------------------
    @staticmethod
    def _shown_and_led(ops: TableOps, ruling: Ruling, seat: Seat) -> tuple[Card | None, Suit | None]:
        """The card the record wrongly shows him playing (it is still in his hand) and the
        suit led: the first card another hand put on the trick (the record may show the
        offender leading)."""
        number = _trick_of(ruling)
        if not 1 <= number <= len(ops.tricks):  # e.g. only a face-down lead: nothing on the trick yet
            return None, None
        trick = ops.tricks[number - 1]
        led = next((c.suit for s, c in zip(trick.seats, trick.cards, strict=True) if s is not seat), None)
        return trick.card_of(seat), led

    def _offer_place(self, ops: TableOps, ruling: Ruling, seat: Seat, law: str) -> None:
        """He places a card of the suit led if he holds one, else any card. He is asked even
        when a single card qualifies: placing it at once would tell the table that he holds
        no other card of the suit, where at the table he simply puts a card on the trick and
        no one else sees whether he had a choice. On a partly known deal whether he holds the suit led may be
        unknown: the director is asked first (``holds_suit``)."""
        ruling.record_fact(replace(_defective(ruling), place_law=law))
        shown, led = self._shown_and_led(ops, ruling, seat)
        if shown is None:  # the trick still waits for his card: he plays it at his turn
            ops.close(ruling)
            return
        if led is not None and shown is not None:
            held = holds(ops, seat, led)
            if held is None:
                tricks = ops.tricks
                now = len(tricks) if tricks and not tricks[-1].complete else len(tricks) + 1
                ask_holding(ops, ruling, seat, SUIT_MASK[led], shown, now, law)
                return
        hand = ops.hand(seat) | (shown.bit if shown is not None else 0)
        # the cards known to qualify (a partly known hand may hold others the director sees)
        qualify = cards_of(legal_mask(hand, led) if led is not None and holds(ops, seat, led) else hand)
        ruling.record_fact(replace(_defective(ruling), candidates=tuple(qualify)))
        ops.offer(ruling, [option("place", seat, *both("tricks.place_option"), param="card")])

    def check_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        seat = ruling.offender
        assert seat is not None
        wanted = params.get("card")
        try:
            card = Card.parse(wanted) if isinstance(wanted, str) else None
        except ParseError:
            card = None
        shown, led = self._shown_and_led(ops, ruling, seat)
        ok = card is not None and (card is shown or ops.could_hold(seat, card))
        if ok and card is not None and led is not None and card.suit is not led:
            ok = holds(ops, seat, led) is False and not (shown is not None and shown.suit is led)
        if not ok:
            not_allowed(ops, text("tricks.refuse.place", seat=seat, law=_defective(ruling).place_law))

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        seat = ruling.offender
        assert seat is not None
        self._place(ops, ruling, seat, Card.parse(str(params["card"])))

    @staticmethod
    def _place(ops: TableOps, ruling: Ruling, seat: Seat, card: Card) -> None:
        n = _trick_of(ruling)
        trick = ops.tricks[n - 1]
        if trick.card_of(seat) is not card:
            law = _defective(ruling).place_law
            ruling.cite(law)
            ops.replace_played_card(ruling, n, seat, card)
            sync_play_penalty_card(ops, None, seat)  # a penalty card placed is played (50D1)
            add(ruling, *both("tricks.placed", seat=as_seat(seat), card=card, trick=n, law=law))
        ops.close(ruling)

    # -- 67A2: the extra cards found in time ----------------------------------------------
    @staticmethod
    def _extra_cards(ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        if "extra_cards" not in decision:
            raise KeyError("extra_cards")
        seat = ruling.offender
        assert seat is not None
        raw = decision["extra_cards"]
        if raw is None:  # the director cannot tell which card was extra: nothing to rectify
            ruling.record_fact(replace(_defective(ruling), asked_extra=False))
            ruling.answers["extra_cards"] = None
            ops.close(ruling)
            return
        cards = [Card.parse(x) for x in ([raw] if isinstance(raw, str) else raw)]
        if not cards or any(not ops.could_hold(seat, c) for c in cards):
            raise KeyError("extra_cards (cards still in the offender's hand)")
        for c in cards:
            ops.reveal_card(ruling, seat, c)  # the director has seen them in his hand
        ruling.record_fact(replace(_defective(ruling), asked_extra=False))
        ruling.answers["extra_cards"] = [str(c) for c in cards]
        ops.close(ruling)
        if is_defender(ops, seat):
            ruling.cite("45E1", "58B2")
            make_penalty_cards(ops, ruling, seat, cards, deliberate=False, law="67A2")
            add(ruling, *both("tricks.extra_penalty", seat=as_seat(seat), cards=cards))
        else:
            ruling.cite("45E2")
            add(ruling, *both("tricks.extra_back", seat=as_seat(seat), cards=cards))


def defective_trick(ops: TableOps, i: int, action: PointOut) -> None:
    ops.open_ruling("defective_trick", action.offender, state=DefectiveTrickState(by=action.seat, trick=action.trick))


_ = Seat

@implements("67B1(a)", "67B1(b)", editions=("1997",))
class DefectiveTrick1997(DefectiveTrick):
    """1997 67B1: a card of the suit led placed late carries no penalty (67B1(a)); only
    an offender who held none is treated as having revoked (67B1(b), Law 64)."""

    revoke_when_held: ClassVar[bool] = False


HANDLERS: list[Handler] = [DummyPlayedCard(), UnintendedDesignation(), DefectiveTrick()]
OVERRIDES_1997: list[Handler] = [DefectiveTrick1997()]
