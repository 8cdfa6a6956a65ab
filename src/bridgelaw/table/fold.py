"""Replaying an action list fast: regular calls and tricks on a pristine table in one step."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bridgelaw.actions import (
    Action,
    CallAction,
    PlayAction,
)
from bridgelaw.core.cards import SUIT_MASK, Card, Seat
from bridgelaw.laws.auction import regular as auction_laws
from bridgelaw.laws.play.regular import trick_winner
from bridgelaw.records import CallRecord, TrickRecord
from bridgelaw.table.hands import _Hands
from bridgelaw.table.state import _LHO, _PARTNER, _PASS, _SIDE, _TRUMP
from bridgelaw.table_types import _ACCEPTED as _ACCEPTED
from bridgelaw.table_types import Phase


class _Fold(_Hands):
    """Replaying an action list fast (a part of ``Table``)."""

    __slots__ = ()

    def _fold(self, actions: Iterable[Action]) -> None:
        """Fold ``actions`` in order, exactly as ``act`` would one at a time. While the
        table is pristine a regular call, card or whole trick is applied here directly:
        nothing a refusal would have to undo can happen to it, so it needs no snapshot, no
        dispatch and no outcome. Anything else goes through ``act``."""
        todo = actions if isinstance(actions, _SEQUENCES) else list(actions)
        n = len(todo)
        j = 0
        fast = self._pristine()
        while j < n:
            a = todo[j]
            if fast and type(a) is PlayAction and n - j >= 4 and self._fast_trick(todo, j):
                j += 4  # a whole trick: the table is as pristine as before
                self._boundary = False
                if self._checkpoints and self._checkpoints[-1].phase is not _AUCTION:
                    self._mark()
                else:
                    self._take_checkpoint(share=True)
                continue
            step = 0
            if fast:
                step = (1 if self._fast_card(a) else 0) if type(a) is PlayAction else self._fast_calls(todo, j)
            if step:
                j += step
                if self._boundary:  # a trick or the auction completed: a handler may have run
                    self._boundary = False
                    fast = self._pristine()
                    if fast:
                        self._mark_or_checkpoint()
                continue
            self.act(a)
            j += 1
            fast = self._pristine()

    def _fast_call(self, a: CallAction) -> bool:
        """``act`` of a lawful call in turn on a pristine table, on the replay's path (what
        ``_fold`` does with it: no snapshot, no dispatch, no outcome, the end of the auction
        marked as the replay marks it); False, changing nothing, for anything else (``act``
        then takes it the general way). ``act`` takes a card to ``_fast_card`` itself."""
        if not self._pristine() or self._fast_calls((a,), 0) != 1:
            return False
        if self._boundary:
            self._boundary = False
            if self._pristine():  # the end of the auction may have run a handler
                self._mark_or_checkpoint()
        return True

    def _fast_trick(self, todo: Sequence[Action], j: int) -> bool:
        """Four lawful cards in turn from the start of a trick on a pristine table, applied
        at once (what four ``_fast_card`` do; no card hook acts on a quiet table); False,
        changing nothing, otherwise (``todo`` holds four actions from ``j`` on)."""
        leader = self._play_turn
        contract = self._contract
        if self._phase is not _PLAY or leader is None or contract is None or self._every_card:
            return False
        last = self._tricks[-1]
        if not (last.unrecorded or len(last.cards) == 4):  # ``last.complete``: a trick starts
            return False
        four = todo[j:j + 4]
        seats = _ROTATION[leader]
        hands = self._hands
        cards = _lawful_four(four, seats, hands, contract.declarer)
        if cards is None:
            return False
        s0, s1, s2, s3 = seats
        c0, c1, c2, c3 = cards
        hands[s0] &= ~c0.bit
        hands[s1] &= ~c1.bit
        hands[s2] &= ~c2.bit
        hands[s3] &= ~c3.bit
        winner = trick_winner(leader, cards, _TRUMP[contract.strain])
        self._tricks.append(TrickRecord(leader, list(seats), cards, winner))
        self._actions.extend(four)
        self._won[_SIDE[winner]] += 1
        self._play_turn = winner
        self._boundary = True
        if len(self._tricks) == 13:
            self._end_play()
        return True

    def _fast_calls(self, todo: Sequence[Action], j: int) -> int:
        """How many lawful calls in rotation from ``todo[j]`` on were applied on a pristine
        table (what ``_on_call`` does for each), up to the end of the auction; 0 when
        ``todo[j]`` is no such call (nothing changed)."""
        if self._phase is not _AUCTION:
            return 0
        standing = self._standing
        calls = self._calls
        actions = self._actions
        seat = _LHO[standing[-1][0]] if standing else self.board.dealer
        k = j
        while k < len(todo):
            a = todo[k]
            if type(a) is not CallAction or a.simultaneous or a.change or a.seat is not seat:
                break
            call = a.call
            if call is not _PASS and not auction_laws.is_legal_call(standing, seat, call):
                break
            calls.append(CallRecord(len(calls), len(actions), seat, call, a.alert, a.meaning, a.artificial))
            actions.append(a)
            standing.append((seat, call))
            k += 1
            if call is _PASS and len(standing) >= 4 and standing[-2][1] is _PASS and standing[-3][1] is _PASS:
                self._after_call_change()  # three passes after a call end the auction (Law 22)
                break
            seat = _LHO[seat]
        return k - j

    def _fast_card(self, a: PlayAction) -> bool:
        """A lawful card in turn on a pristine table after the opening lead (what
        ``_on_play`` does for it); False, changing nothing, for any other card."""
        holder = a.seat
        card = a.card
        bit = card.bit
        hands = self._hands
        if (
            a.simultaneous or self._every_card
            or holder is not self._play_turn or not hands[holder] & bit
        ):
            return False
        if self._phase is not _PLAY:
            return self._fast_lead(a)
        by = a.by
        if by is not None:  # its holder (not dummy, Law 45F), or declarer for dummy (45B): ``_by_right``
            declarer = self._contract.declarer  # type: ignore[union-attr]  # the play has begun
            if not (by is declarer if holder is _PARTNER[declarer] else by is holder):
                return False
        trick = self._tricks[-1]
        cards = trick.cards
        n = 4 if trick.unrecorded else len(cards)  # after a trick not entered: a lead
        if 0 < n < 4 and card.suit is not cards[0].suit and hands[holder] & SUIT_MASK[cards[0].suit]:
            return False
        self._actions.append(a)
        hands[holder] &= ~bit
        if n == 4:
            self._tricks.append(TrickRecord(holder, [holder], [card]))
        else:
            trick.seats.append(holder)
            cards.append(card)
        if n == 3:
            self._complete_trick(trick)
        else:
            self._play_turn = _LHO[holder]
        return True

    def _fast_lead(self, a: PlayAction) -> bool:
        """The opening lead, faced, by the opening leader on a pristine table (what
        ``_on_play`` does for it: no card hook acts on a quiet table, see ``HOOKS``)."""
        contract = self._contract
        if self._phase is not _LEAD or self._face_down_lead is not None or contract is None:
            return False
        if a.seat is not contract.opening_leader:
            return False
        if (a.by is not None and a.by is not a.seat) or (a.face_down and self.config.regulations.opening_lead != "face_up"):
            return False
        self._actions.append(a)
        self._start_play()
        self._add_card(len(self._actions) - 1, a.seat, a.card)
        return True




def _lawful_four(
    four: Sequence[Action], seats: tuple[Seat, Seat, Seat, Seat], hands: list[int], declarer: Seat
) -> list[Card] | None:
    """The cards of ``four`` if they are lawful cards in turn by ``seats`` from ``hands``
    (held, following suit when they can, placed by right), else None."""
    first = four[0]
    if type(first) is not PlayAction:
        return None
    led = SUIT_MASK[first.card.suit]
    dummy = _PARTNER[declarer]
    cards: list[Card] = []
    for a, seat in zip(four, seats, strict=True):
        if type(a) is not PlayAction or a.seat is not seat or a.simultaneous:
            return None
        card = a.card
        hand = hands[seat]
        bit = card.bit
        if not hand & bit or (hand & led and not bit & led):  # held; follows suit when it can (44C)
            return None
        by = a.by  # its holder (not dummy, Law 45F), or declarer for dummy (45B): ``_placed_by_right``
        if by is not None and not (by is declarer if seat is dummy else by is seat):
            return None
        cards.append(card)
    return cards


_SEQUENCES = (list, tuple)  # made once: ``list | tuple`` would make a union at every fold

# The phases the fast paths test, as globals: looking an enum member up is several times dearer.
_AUCTION, _LEAD, _PLAY = Phase.AUCTION, Phase.LEAD, Phase.PLAY

# The four seats of a trick, in the order they play, by leader.
_ROTATION: dict[Seat, tuple[Seat, Seat, Seat, Seat]] = {
    s: (s, s.lho, s.partner, s.rho) for s in Seat
}
