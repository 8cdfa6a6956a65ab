"""Law 24: a card exposed or led during the auction.

Two ways in: a card *played* while the auction is still on (the Table's kind
``card_exposed_during_auction``: a prematurely led card), and an ``expose`` action (kind
``card_exposed``, every phase). The ``card_exposed`` handler of the play period is
``exposure.CardExposed`` (Laws 45C1, 48-50, 58B, and 24D/24E in the clarification period);
this module subclasses it so that, while the auction itself is on, Law 24 rules here and
every later phase is handed back to it unchanged.

During the auction (2017, 1997 "PENALTY" wording in the override):

* every such card stays face up on the table until the auction period ends; in 2017 the
  information is authorized to the opponents, unauthorized to the offender's partner;
* a single card below honour rank, not led: nothing more (24A);
* a single honour, or any prematurely led card: partner must pass at his next turn (24B);
* two or more cards: partner must pass at his next turn (24C); 72C (1997: Law 23) may let
  the director adjust if that pass damaged the opponents;
* when the auction ends: offender declarer or dummy -> the cards go back to his hand (24D);
  a defender -> 2017 every such card is a penalty card (24E, major or minor by 50B);
  1997 declarer may treat every such card as a penalty card (his option).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from bridgelaw.actions import Expose, PlayAction
from bridgelaw.core.cards import Card, Seat
from bridgelaw.i18n import as_seat, both, msg, unsay
from bridgelaw.laws.auction.common import say
from bridgelaw.laws.base.handler import Handler, TableOps, must_pass, option
from bridgelaw.laws.play.exposure import CardExposed, CardExposed1997, make_penalty_cards
from bridgelaw.laws.registry import implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import JsonMap, Ruling, RulingState


@dataclass(frozen=True, slots=True)
class AuctionExposure(RulingState):
    """Law 24: the cards ``holder`` exposed (or led) during the auction; ``settled`` once
    the auction has ended and they went back to the hand or became penalty cards; in
    1997, ``offered``: the cards still in his hand that declarer may treat as penalty
    cards (his option)."""

    holder: Seat
    cards: tuple[Card, ...]
    led: bool
    settled: bool = False
    offered: tuple[Card, ...] = ()

    def named(self) -> dict[str, object]:
        return {"exposed": [str(c) for c in (self.offered or self.cards)]}


def _exposure(ruling: Ruling) -> AuctionExposure:
    st = ruling.fact(AuctionExposure)
    assert st is not None, "a Law 24 ruling records the exposure when it is opened"
    return st


class Law24:
    """The auction-period Law 24 steps, shared by both ways in; edition differences are
    the class attributes and methods the 1997 subclass replaces."""

    ONE_LOW: ClassVar[str] = "24A"
    ONE_HONOUR: ClassVar[str] = "24B"
    SEVERAL: ClassVar[str] = "24C"
    DAMAGE_FLAG: ClassVar[str] = "72C"
    RETURNED: ClassVar[str] = "24D"
    MUST_PASS: ClassVar[str] = "auction_exposure.must_pass"
    AHEAD: ClassVar[str] = "auction_exposure.if_defender"  # what becomes of the cards (24E)

    def expose(self, ops: TableOps, ruling: Ruling, seat: Seat, cards: Sequence[Card], *, led: bool) -> None:
        ruling.record_fact(AuctionExposure(seat, tuple(cards), led))
        p = seat.partner
        say(ruling, *both("auction_exposure.led" if led else "auction_exposure.exposed", seat=seat, cards=list(cards),
                          n=len(cards)))
        self.information(ruling, seat)
        if len(cards) >= 2:
            law = self.SEVERAL
        elif led or cards[0].rank.is_honour:
            law = self.ONE_HONOUR
        else:
            ruling.cite(self.ONE_LOW)
            say(ruling, *both("auction_exposure.expose", ONE_LOW=self.ONE_LOW))
            say(ruling, *both(self.AHEAD, seat=seat, cards=list(cards)))
            return
        ruling.cite(law)
        ruling.flag(self.DAMAGE_FLAG)
        ops.restrict(ruling, must_pass(p, "next_turn", law, ruling))
        say(ruling, *both(self.MUST_PASS, partner=p, law=law, flag=self.DAMAGE_FLAG))
        say(ruling, *both(self.AHEAD, seat=seat, cards=list(cards)))

    def information(self, ruling: Ruling, seat: Seat) -> None:
        """2017 Law 24: the information is authorized to the opponents, unauthorized to partner (16C)."""
        ruling.cite("24")
        ruling.flag("16C")
        say(ruling, *both("auction_exposure.information", partner=as_seat(seat.partner)))

    def settle(self, ops: TableOps, ruling: Ruling) -> None:
        """At the end of the auction: back to the hand (24D) or penalty cards (24E)."""
        info = _exposure(ruling)
        ruling.record_fact(replace(info, settled=True))
        contract = ops.contract
        seat, cards = info.holder, list(info.cards)
        unsay(ruling, *both(self.AHEAD, seat=seat, cards=cards))  # what happens is now said
        held = [c for c in cards if ops.hand(seat) & c.bit]
        if contract is None or not held:
            say(ruling, *both("auction_exposure.passed_out", cards=cards, n=len(cards)))
            return
        if seat.side is contract.declarer.side:
            ruling.cite(self.RETURNED)
            say(ruling, *both("auction_exposure.declarer_side", seat=seat, cards=cards, n=len(cards), law=self.RETURNED))
            return
        self.defender(ops, ruling, seat, held, led=info.led)

    def defender(self, ops: TableOps, ruling: Ruling, seat: Seat, cards: list[Card], *, led: bool) -> None:
        ruling.cite("24E")
        make_penalty_cards(ops, ruling, seat, cards, deliberate=led, law="24E")
        kinds = [msg("auction_exposure.kind.major" if pc.kind == "major" else "auction_exposure.kind.minor", card=pc.card)
                 for pc in ops.penalty_cards if pc.seat is seat]
        say(ruling, *both("auction_exposure.defender", seat=as_seat(seat), kinds=kinds))


class Law24_1997(Law24):
    ONE_LOW: ClassVar[str] = "24A"
    DAMAGE_FLAG: ClassVar[str] = "23"
    RETURNED: ClassVar[str] = "24"  # 1997 has no 24D: the option exists only against a defender
    MUST_PASS: ClassVar[str] = "auction_exposure.must_pass_1997"
    AHEAD: ClassVar[str] = "auction_exposure.if_defender_1997"  # declarer's option (24)

    def information(self, ruling: Ruling, seat: Seat) -> None:
        ruling.cite("24")

    def defender(self, ops: TableOps, ruling: Ruling, seat: Seat, cards: list[Card], *, led: bool) -> None:
        contract = ops.contract
        assert contract is not None
        ruling.record_fact(replace(_exposure(ruling), offered=tuple(cards)))
        say(ruling, *both("auction_exposure.defender.2", seat=as_seat(seat)))
        ops.offer(ruling, [
            option("penalty_cards", contract.declarer, *both("auction_exposure.defender.3", cards=list(cards))),
            option("no_penalty", contract.declarer, *both("auction_exposure.defender.4")),
        ])

    def choose(self, ops: TableOps, ruling: Ruling, option_id: str) -> None:
        info = _exposure(ruling)
        if option_id == "penalty_cards":
            make_penalty_cards(ops, ruling, info.holder, list(info.offered), deliberate=info.led, law="24")
            say(ruling, *both("auction_exposure.choose", cards=list(info.offered)))
        else:
            say(ruling, *both("auction_exposure.choose.2"))
        ops.close(ruling)


def settle_all(ops: TableOps, law: Law24) -> None:
    """on_auction_end: settle every Law 24 exposure still face up, in order. In 1997 a
    defender's cards wait for declarer's option, one ruling at a time."""
    for r in ops.rulings:
        info = r.fact(AuctionExposure)
        if info is None or info.settled:
            continue
        law.settle(ops, r)
        if r.options and r.choice is None and r.chooser is not None:
            return  # declarer's option (1997) is pending; the rest follow after his choice


@implements("24", "24A", "24B", "24C", "24D", "24E", "16C", editions=("2017",))
class CardLedDuringAuction(Handler):
    """Kind ``card_exposed_during_auction``: a card played while the auction is on is a
    prematurely led card (24B). It also settles every Law 24 exposure when the auction ends."""

    kind: ClassVar[str] = "card_exposed_during_auction"
    law24: ClassVar[Law24] = Law24()

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        a = ruling.the_action()
        assert isinstance(a, PlayAction)
        self.law24.expose(ops, ruling, a.seat, [a.card], led=True)
        ops.close(ruling)

    def on_auction_end(self, ops: TableOps) -> None:
        settle_all(ops, self.law24)

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        law = self.law24
        if isinstance(law, Law24_1997):
            law.choose(ops, ruling, option_id)
            settle_all(ops, law)


@implements("24", "24A", "24B", "24C", editions=("1997",))
class CardLedDuringAuction1997(CardLedDuringAuction):
    law24: ClassVar[Law24] = Law24_1997()


@implements("24", "24A", "24B", "24C", editions=("2017",))
class CardExposedInAuction(CardExposed):
    """Kind ``card_exposed``: Law 24 while the auction is on; the play period's handler
    (``exposure.CardExposed``) for the clarification period and the play."""

    law24: ClassVar[Law24] = Law24()

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        if ops.phase != "auction":
            super().open(ops, ruling, record)
            return
        a = ruling.the_action()
        assert isinstance(a, Expose)
        self.law24.expose(ops, ruling, a.seat, list(a.cards), led=False)
        ops.close(ruling)

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        if ruling.fact(AuctionExposure) is not None and isinstance(self.law24, Law24_1997):
            self.law24.choose(ops, ruling, option_id)
            settle_all(ops, self.law24)
            return
        super().on_choice(ops, ruling, option_id, params)


class CardExposedInAuction1997(CardExposedInAuction, CardExposed1997):
    """1997: Law 24 in its 1997 wording during the auction; the play period's 1997
    handler afterwards."""

    law24: ClassVar[Law24] = Law24_1997()


HANDLERS: list[Handler] = [CardLedDuringAuction(), CardExposedInAuction()]
OVERRIDES_1997: list[Handler] = [CardLedDuringAuction1997(), CardExposedInAuction1997()]
