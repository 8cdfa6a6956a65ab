"""Rulings that turn on cards nobody has shown (a board whose deal is partly known).

At a physical table the engine knows only the cards it has been shown. Whether a player
could follow suit, held a card of a required suit, or revoked, decides several rulings
(Laws 44C, 50D1, 52, 57, 61). When the cards shown and the facts already established
settle it, the handlers read the answer from the Table (``holds_suit``); when they do
not, the director is asked the question ``holds_suit`` (true or false) and the answer
is recorded as a fact of the board, after which the ruling proceeds as on a known deal.

* ``check_card``: a card about to be played is checked twice, once as if its hand held a
  card of a holding that is unknown (a suit; the cards of its own suit above or below
  it) and once as if it did not; when the verdicts
  differ, a ``holding_unknown`` ruling asks the director before the card is placed.
* ``ask_holding`` / ``take_holding_answer``: the same question asked inside another
  ruling (a revoke pointed out, a card played before its turn).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from bridgelaw.actions import PlayAction
from bridgelaw.core.cards import SUIT_MASK, Card, Seat, Suit, cards_of
from bridgelaw.i18n import Msg, add, both, msg, put
from bridgelaw.laws.base.handler import Handler, TableOps
from bridgelaw.laws.play.exposure import PenaltyCardNotPlayed, card_from
from bridgelaw.laws.play.knowledge import whole_suit
from bridgelaw.laws.registry import implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import JsonMap, Question, Ruling, RulingState

HOLDS_SUIT = "holds_suit"


@dataclass(frozen=True, slots=True)
class HoldingAsked(RulingState):
    """The holding a ruling asked the director about (``holds_suit``): did ``seat`` hold
    one of the cards of ``mask`` at trick ``trick``?"""

    seat: Seat
    mask: int
    trick: int


@dataclass(frozen=True, slots=True)
class HoldingInQuestion(RulingState):
    """The holding a ``holding_unknown`` ruling turns on (the cards of ``mask``, of which
    ``unseen`` were not seen), named in its read-aloud decision: «у Запада была карта
    треф» / «не было ни одной карты треф»."""

    mask: int
    unseen: int

    def named(self) -> Mapping[str, object]:
        return {"held_what": _what(self.mask, self.unseen), "held_none": _what(self.mask, self.unseen, none=True)}


def holds(ops: TableOps, seat: Seat, suit: Suit, trick: int | None = None) -> bool | None:
    """Did ``seat`` hold a card of ``suit`` at ``trick`` (default: now)? None: unknown."""
    return holds_any(ops, seat, SUIT_MASK[suit], trick)


def holds_any(ops: TableOps, seat: Seat, mask: int, trick: int | None = None) -> bool | None:
    result: bool | None = ops.holds_any(seat, mask, trick)
    return result


def _what(mask: int, unseen: int, *, none: bool = False) -> Msg:
    """'a card of hearts' / 'one of HA HK' (the Russian: 'карта червей', 'одна из карт ♥Т, ♥К');
    with ``none``, the holding denied ('no card of hearts', «ни одной карты червей»)."""
    suit = whole_suit(mask)
    if suit is not None:
        return msg("holdings.what.suit.none" if none else "holdings.what.suit", suit=suit)
    cards = sorted(cards_of(mask & unseen or mask), key=lambda c: (-c.suit, -c.rank))
    return msg("holdings.what.cards.none" if none else "holdings.what.cards", cards=cards)


def holding_asked_words(asked: HoldingAsked) -> Msg:
    """The holding a ruling asked about, in words («карта треф», «одна из карт ♥Т, ♥К»):
    ``ask_holding`` kept in the mask only the cards in question."""
    return _what(asked.mask, asked.mask)


def holding_question(seat: Seat, mask: int, unseen: int, card: Card, trick: int, law: str) -> Question:
    en, ru = both("holdings.question", seat=seat, card=card, trick=trick, what=_what(mask, unseen), law=law)
    return Question(key=HOLDS_SUIT, text=en, text_ru=ru, law=law)


def ask_holding(ops: TableOps, ruling: Ruling, seat: Seat, mask: int, card: Card, trick: int, law: str) -> None:
    """Ask the director whether ``seat`` held one of ``mask`` at ``trick``; the ruling waits."""
    unseen = ops.unseen_mask()
    if whole_suit(mask) is None and mask & unseen:
        mask &= unseen  # part of a suit: only the cards whose place is unknown are in question
    ruling.record_fact(HoldingAsked(seat, mask, trick))
    ops.ask_director(ruling, [holding_question(seat, mask, unseen, card, trick, law)])


def take_holding_answer(ops: TableOps, ruling: Ruling, decision: JsonMap) -> bool:
    """Record the director's ``holds_suit`` answer as a fact of the board. False when the
    decision does not answer that question (the handler reads its own keys)."""
    asked = ruling.fact(HoldingAsked)
    if asked is None or HOLDS_SUIT not in decision:
        return False
    value = decision[HOLDS_SUIT]
    if not isinstance(value, bool):
        raise KeyError(f"{HOLDS_SUIT} (true or false)")
    ruling.forget_fact(HoldingAsked)
    ruling.answers[HOLDS_SUIT] = value
    ops.note_holding(asked.seat, asked.mask, asked.trick, value)
    return True


def candidate_sets(card: Card) -> list[int]:
    """The holdings a card's verdict may turn on: each other suit (could he follow, or
    meet a lead requirement?) and, in its own suit, the cards above and below it (was it
    his highest or lowest, 57A?)."""
    out = [SUIT_MASK[s] for s in Suit if s is not card.suit]
    own = [c for c in cards_of(SUIT_MASK[card.suit])]
    higher = sum(c.bit for c in own if c.rank > card.rank)
    lower = sum(c.bit for c in own if c.rank < card.rank)
    return out + [m for m in (higher, lower) if m]


def unknown_holding(ops: TableOps, action: PlayAction, check: Callable[[], str | None]) -> tuple[str | None, int]:
    """Run ``check`` (a verdict over the hand masks) for a card of a partly known hand:
    the holdings known to be there count as held, and each holding that is unknown is
    tried both ways. Returns (verdict, 0) when the verdict does not depend on what is
    unknown, else (None, the first holding that decides it)."""
    seat = action.seat
    if ops.hand_known(seat):
        return check(), 0
    held: list[int] = []
    unknown: list[int] = []
    for mask in candidate_sets(action.card):
        h = holds_any(ops, seat, mask)
        if h is None:
            unknown.append(mask)
        elif h:
            held.append(mask)
    with ops.supposing(seat, held):
        verdict = check()
        for mask in unknown:
            with ops.supposing(seat, [mask]):
                if check() != verdict:
                    return None, mask
    return verdict, 0


@implements("44C", editions=("2017", "1997"))
class HoldingUnknown(Handler):
    """A card of a partly known hand whose ruling turns on a holding nobody has shown:
    the director establishes it (he may look at the hand or the quitted tricks), and the
    card is then judged as on a known deal."""

    kind: ClassVar[str] = "holding_unknown"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        a = card_from(ruling)
        checker = ops.handler("penalty_card_not_played")
        assert isinstance(checker, PenaltyCardNotPlayed), checker
        _, mask = unknown_holding(ops, a, lambda: checker.verdict(ops, a))
        if not mask:  # settled meanwhile: judge the card as on a known deal
            ops.close(ruling)
            ops.judge_shown_card(a)
            return
        trick = ops.trick_number()
        what = _what(mask, ops.unseen_mask())
        ruling.cite("44C")
        ruling.record_fact(HoldingInQuestion(mask, ops.unseen_mask()))
        put(ruling, *both("holdings.depends", seat=a.seat, card=a.card, what=what))
        ask_holding(ops, ruling, a.seat, mask, a.card, trick, "44C")

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        if not take_holding_answer(ops, ruling, decision):
            raise KeyError(HOLDS_SUIT)
        a = card_from(ruling)
        held = bool(decision[HOLDS_SUIT])
        add(ruling, *both("holdings.held" if held else "holdings.not_held"))
        ops.close(ruling)
        ops.judge_shown_card(a)


HANDLERS: list[Handler] = [HoldingUnknown()]
OVERRIDES_1997: list[Handler] = []
