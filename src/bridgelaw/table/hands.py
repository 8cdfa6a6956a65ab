"""Partly known hands: what the Table can say about cards nobody has shown."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from bridgelaw.actions import (
    Action,
    PlayAction,
    PlayFrom,
)
from bridgelaw.core.calls import Contract, Risk
from bridgelaw.core.cards import FULL_DECK, SUIT_MASK, Card, Seat, Suit, cards_of
from bridgelaw.i18n import text
from bridgelaw.laws.play.knowledge import (
    HandKnowledge,
    HoldingFact,
    PartlyKnownLegalCards,
    whole_suit,
)
from bridgelaw.laws.play.regular import LegalCards
from bridgelaw.records import TrickRecord
from bridgelaw.table.play import _Play
from bridgelaw.table_types import _ACCEPTED as _ACCEPTED
from bridgelaw.table_types import ActionRefused as _Refuse
from bridgelaw.table_types import Phase


class _Hands(_Play):
    """Partly known hands (a part of ``Table``)."""

    __slots__ = ()

    @property
    def knowledge(self) -> HandKnowledge:
        return self._known

    def hand_known(self, seat: Seat) -> bool:
        """Whether the deal gave all thirteen cards of ``seat``'s hand."""
        return self._known.known(seat)

    def _played_mask(self) -> int:
        m = 0
        for t in self._tricks:
            for c in t.cards:
                m |= c.bit
        return m

    def cards_left(self, seat: Seat) -> int:
        """How many cards ``seat`` still holds, known or not."""
        if not self._known.partial[seat]:
            return self._hands[seat].bit_count()
        return 13 - sum(1 if t.unrecorded else sum(1 for s in t.seats if s is seat) for t in self._tricks)

    def unseen_count(self, seat: Seat) -> int:
        """How many of ``seat``'s unplayed cards nobody has seen."""
        return self.cards_left(seat) - self._hands[seat].bit_count()

    def unseen_mask(self) -> int:
        """The cards in no known hand and not yet played: where any of them is, is unknown."""
        return FULL_DECK & ~(self._hands[0] | self._hands[1] | self._hands[2] | self._hands[3]) & ~self._played_mask()

    def trick_number(self) -> int:
        """The 1-based number of the trick being played (or to be led)."""
        if self._tricks and not self._tricks[-1].complete:
            return len(self._tricks)
        return len(self._tricks) + 1

    def holds_suit(self, seat: Seat, suit: Suit, trick: int | None = None) -> bool | None:
        """Did ``seat`` hold a card of ``suit`` at ``trick`` (1-based; default: now)? None
        when nobody can tell from the cards shown and the director's facts."""
        return self.holds_any(seat, SUIT_MASK[suit], trick)

    def holds_any(self, seat: Seat, mask: int, trick: int | None = None) -> bool | None:
        """Did ``seat`` hold at least one of the cards ``mask`` at ``trick`` (default:
        now)? True or False when the cards shown and the director's facts settle it."""
        at = trick or self.trick_number()
        held = self._hands[seat]
        for t in self._tricks[at - 1:]:  # what he played to that trick and after it he then held
            c = t.card_of(seat)
            if c is not None:
                held |= c.bit
        if held & mask:
            return True
        if not self._known.partial[seat] or self.unseen_count(seat) <= 0:
            return False
        if not mask & self.unseen_mask() & ~self._known.excluded(seat, at):
            return False
        return True if self._known.held_one_of(seat, mask, at) else None

    def note_holding(self, seat: Seat, mask: int, trick: int, holds: bool) -> None:
        """Record the director's answer about an unknown hand as a fact of the board."""
        fact = HoldingFact(seat, mask, trick, holds)
        self._known.facts.append(fact)
        self._log.append(_holding_text(fact))

    @contextmanager
    def supposing(self, seat: Seat, masks: Iterable[int]) -> Iterator[None]:
        """For a handler's check only: ``seat`` holds one more (unseen) card of each of
        ``masks`` (the highest of it), so that a check over the hand masks sees "he could
        have followed"; nothing of it stays after the block."""
        extra = 0
        unseen = self.unseen_mask()
        for m in masks:
            pool = unseen & m & ~extra
            if pool:
                extra |= 1 << (pool.bit_length() - 1)
        self._hands[seat] |= extra
        try:
            yield
        finally:
            self._hands[seat] &= ~extra

    def _shown(self, i: int, a: Action, seat: Seat, cards: Sequence[Card], then: Callable[[int, Any], None]) -> None:
        """An unknown hand plays, leads or exposes ``cards``: they were in that hand unless
        another hand holds or has played one of them (refused as ``card_elsewhere``). The
        action then runs as for a known hand; if it is refused, nothing was learned."""
        new = 0
        for c in cards:
            if self._hands[seat] & c.bit:
                continue
            for other in Seat:
                if other is not seat and self._hands[other] & c.bit:
                    raise _Refuse("card_elsewhere", text("table.refused.card_in_other_hand", seat=seat, card=c, other=other))
            if any(t.card_of(seat) is c for t in self._tricks):
                # his own card, played already: an operator's slip refused as on a known deal,
                # not a file that contradicts itself
                raise _Refuse("card_not_held", text("table.refused.card_played_by_him", seat=seat, card=c))
            if self._played_mask() & c.bit:
                raise _Refuse("card_elsewhere", text("table.refused.card_played_already", seat=seat, card=c))
            new |= c.bit
        if new.bit_count() > self.unseen_count(seat):
            raise _Refuse("card_elsewhere", text("table.refused.no_unseen_card", seat=seat, cards=list(cards)))
        self._hands[seat] |= new
        try:
            then(i, a)
        except _Refuse:
            self._hands[seat] &= ~new
            raise

    def shown_cards(self, i: int, a: Action, seat: Seat, cards: Sequence[Card], then: Callable[[int, Any], None]) -> None:
        """For a handler: ``_shown`` for an action ruled outside the Table (58B)."""
        self._shown(i, a, seat, cards, then)

    def judge_shown_card(self, a: PlayAction) -> None:
        """Judge a card again once the director has answered a question about its hand
        (``holding_unknown``): it is played, or ruled on, as on a known deal."""
        self._on_play(len(self._actions) - 1, a)

    def _on_play_from(self, i: int, a: PlayFrom) -> None:
        """The director enters the play from a later trick (``PlayFrom``): the tricks before
        it are kept as unrecorded (no card, no leader, no winner), the contract by its
        declarer and strain (level 0: not given), and the play goes on from ``a.leader``'s
        lead — or is over (trick 14). Only as the first action of a board whose four hands
        are unknown: a known card would have to be placed in a trick nobody entered."""
        if i != 0 or self._phase is not Phase.AUCTION:
            raise _Refuse("play_from_first", text("table.refused.play_from_first"))
        if not all(self._known.partial[s] for s in Seat) or any(self._hands):
            raise _Refuse("deal_known", text("table.refused.play_from_known"))
        self._contract = Contract(0, a.strain, Risk.NONE, a.declarer)
        self._lead_faced = True
        self._tricks = [TrickRecord(a.declarer, unrecorded=True) for _ in range(a.trick - 1)]
        self._log.append(text("table.log.play_from", trick=a.trick, declarer=a.declarer, strain=a.strain))
        if a.trick == 14:
            self._phase = Phase.ENDED
            self._play_turn = None
            return
        self._phase = Phase.PLAY  # the last unrecorded trick is over: the next card is a lead
        self._play_turn = a.leader  # None: not given; a claim may be ruled, a card is refused

    def _legal_unknown(self, seat: Seat) -> LegalCards:
        """The cards an unknown hand may hold that would be lawful as far as is known: its
        known cards and the unseen ones, narrowed to the suit led when it is known to hold
        that suit."""
        mask = self._hands[seat] | (self.unseen_mask() if self.unseen_count(seat) > 0 else 0)
        led = self._led_suit()
        if led is not None and self.holds_suit(seat, led) and mask & SUIT_MASK[led]:
            mask &= SUIT_MASK[led]
        return PartlyKnownLegalCards(mask)




@lru_cache(maxsize=8192)
def _holding_text(fact: HoldingFact) -> str:
    """The director's answer about an unknown hand as the log says it."""
    suit = whole_suit(fact.mask)
    if suit is not None:
        id_ = "table.log.held_suit" if fact.holds else "table.log.not_held_suit"
        return text(id_, seat=fact.seat, trick=fact.trick, suit=suit)
    cards = sorted(cards_of(fact.mask), key=lambda c: (-c.suit, -c.rank))
    id_ = "table.log.held_cards" if fact.holds else "table.log.not_held_cards"
    return text(id_, seat=fact.seat, trick=fact.trick, cards=cards)

