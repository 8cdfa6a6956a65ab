"""The Table: an event-sourced state machine for one board.

A table is its board (deal, dealer, vulnerability), its configuration and the ordered list
of actions. Every state is derived by replaying that list: ``Table(board, config,
actions)`` folds them one by one, ``undo()`` is a replay of all but the last, and the
scenario output, the per-seat views and the exported records all read the folded state.

The engine accepts every physically possible action. In ``table`` mode an irregular one
is recorded and ruled on by the handler the edition assigns to it (``bridgelaw.laws``);
in ``online`` mode it is refused with a code and no state changes. Only impossible input
(a card the player does not hold, a choice nobody offered) is refused in both modes.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import fields, replace
from functools import lru_cache
from typing import Any, NamedTuple, TypeVar

from bridgelaw.actions import (
    Action,
    Ask,
    CallAction,
    CallDirector,
    Choose,
    Claim,
    ClaimResponse,
    Concede,
    Decide,
    DummyBreach,
    Expose,
    FaceLead,
    PlayAction,
    PlayTogether,
    PointOut,
    Report,
    RevokeInquiry,
    Tempo,
    action_to_json,
)
from bridgelaw.config import TableConfig
from bridgelaw.core.calls import Call, CallKind, Contract, Strain
from bridgelaw.core.cards import ALL_CARDS, FULL_DECK, SUIT_MASK, Card, Seat, Side, Suit, cards_of
from bridgelaw.core.deal import Board, Hand
from bridgelaw.i18n import Pair, Text, msg, text
from bridgelaw.i18n.words import decision_text
from bridgelaw.knowledge import HandKnowledge, HoldingFact, PartlyKnownLegalCards, whole_suit
from bridgelaw.laws import auction as auction_laws
from bridgelaw.laws.auction_common import already_void
from bridgelaw.laws.base import Handler, overrides
from bridgelaw.laws.editions import Edition, edition
from bridgelaw.laws.play import LegalCards, legal_mask, trick_winner
from bridgelaw.laws.scoring import contract_score
from bridgelaw.records import CallRecord, TrickRecord
from bridgelaw.rulings import (
    DIRECTOR,
    PenaltyCard,
    Restriction,
    Ruling,
    RulingStatus,
)
from bridgelaw.table_ops import TableOpsImpl
from bridgelaw.table_types import _ACCEPTED as _ACCEPTED
from bridgelaw.table_types import HOOKS, Outcome, Phase, Refused, RefusedAction, Request
from bridgelaw.table_types import ActionRefused as _Refuse

__all__ = ["HOOKS", "Outcome", "Phase", "Refused", "RefusedAction", "Request", "Table", "TableOpsImpl"]


class Table:
    """One board at one table. Build it with a board and a config, then ``act`` / ``push``."""

    def __init__(
        self,
        board: Board,
        config: TableConfig | None = None,
        actions: Iterable[Action] = (),
    ) -> None:
        self.board = board
        self.config = config or TableConfig()
        self._edition: Edition = edition(self.config.edition)
        self._actions: list[Action] = []
        self._reset()
        self._checkpoints: list[_Checkpoint] = []
        self._marks: list[_Mark] = []  # checkpoints of a pristine play not yet made (``_mark_or_checkpoint``)
        self._hooks, self._every_card = _edition_hooks(self._edition)
        self._fold(actions)

    @property
    def _ops(self) -> TableOpsImpl:
        """The table as the law handlers see it: made for each use, so that a table holds
        no reference to itself and is freed as soon as it is dropped (no cycle for the
        garbage collector to find)."""
        return TableOpsImpl(self)

    def _reset(self) -> None:
        """Every piece of state the actions fold into, as it is before the first action."""
        # auction state
        self._calls: list[CallRecord] = []
        self._standing: list[tuple[Seat, Call]] = []
        self._contract: Contract | None = None
        self._passed_out = False
        # play state
        self._hands: list[int] = list(self.board.deal.hands)
        self._phase = Phase.AUCTION
        self._tricks: list[TrickRecord] = []
        self._face_down_lead: tuple[Seat, Card] | None = None
        self._lead_faced = False
        self._won = [0, 0]  # tricks won by NS, EW
        self._transfers: list[tuple[Side, int, str]] = []  # tricks transferred to a side, with the law
        self._claimed: tuple[int, int] | None = None  # tricks finally credited (NS, EW) by a claim
        self._claim_shown: dict[str, Any] | None = None  # the claim and the claimer's faced hand (68C)
        self._play_turn: Seat | None = None
        # irregularities
        self._rulings: list[Ruling] = []
        self._restrictions: list[Restriction] = []
        self._penalty_cards: list[PenaltyCard] = []
        self._requests: list[Request] = []
        self._refused: list[RefusedAction] = []
        self._tempo: list[dict[str, Any]] = []
        self._log: list[str] = []
        self._known = HandKnowledge.of(self.board.deal)  # hands the deal left unknown (see "partly known hands")
        self._boundary = False  # a trick or the auction has just been completed
        self._shared = False  # a checkpoint shares the call records (``_unshare``)

    # ------------------------------------------------------------------ public API
    @property
    def actions(self) -> Sequence[Action]:
        return tuple(self._actions)

    @property
    def edition(self) -> str:
        return self._edition.name

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def dealer(self) -> Seat:
        return self.board.dealer

    @property
    def contract(self) -> Contract | None:
        return self._contract

    @property
    def passed_out(self) -> bool:
        return self._passed_out

    @property
    def declarer(self) -> Seat | None:
        return self._contract.declarer if self._contract else None

    @property
    def dummy(self) -> Seat | None:
        return self._contract.dummy if self._contract else None

    @property
    def calls(self) -> Sequence[CallRecord]:
        return self._calls

    @property
    def standing(self) -> Sequence[tuple[Seat, Call]]:
        return self._standing

    @property
    def tricks(self) -> Sequence[TrickRecord]:
        return self._tricks

    @property
    def rulings(self) -> Sequence[Ruling]:
        return self._rulings

    @property
    def restrictions(self) -> Sequence[Restriction]:
        return self._restrictions

    @property
    def penalty_cards(self) -> Sequence[PenaltyCard]:
        return self._penalty_cards

    @property
    def requests(self) -> Sequence[Request]:
        return self._requests

    @property
    def refused(self) -> Sequence[RefusedAction]:
        return self._refused

    @property
    def lead_faced(self) -> bool:
        return self._lead_faced

    @property
    def face_down_lead(self) -> tuple[Seat, Card] | None:
        return self._face_down_lead

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds (penalty cards included: they are his until played)."""
        return Hand(self._hands[seat])

    @property
    def turn(self) -> Seat | None:
        """The hand whose call or card is due (dummy's seat when dummy's card is due)."""
        if self._phase is Phase.AUCTION:
            return auction_laws.next_to_call(self._standing, self.board.dealer)
        if self._phase is Phase.ENDED:
            return None
        return self._play_turn

    @property
    def awaiting(self) -> Ruling | None:
        """The ruling the table is waiting on (a player's choice or the director's answer)."""
        if not self._rulings:
            return None
        for r in self._rulings:
            if r.status in (RulingStatus.AWAITING_CHOICE, RulingStatus.AWAITING_DECISION):
                return r
        return None

    @property
    def to_act(self) -> Seat | str | None:
        """Who acts now: a seat, 'director', or None when the board is over."""
        r = self.awaiting
        if r is not None:
            return r.chooser
        if (
            self._phase is Phase.PLAY and self._contract is not None and self._lead_faced
            and self._play_turn is self._contract.dummy
        ):
            return self._contract.declarer
        return self.turn

    @property
    def legal_calls(self) -> auction_laws.LegalCalls:
        """Lawful calls for the player to call (respecting an obligation to pass)."""
        seat = self.turn
        if self._phase is not Phase.AUCTION or seat is None or self.awaiting is not None:
            return auction_laws.NoCalls()
        if self.must_pass(seat):
            return _OnlyPass()
        return auction_laws.LegalCalls(self._standing, seat)

    @property
    def legal_cards(self) -> LegalCards:
        """Lawful cards for the hand to play (following suit, Law 44C)."""
        seat = self.turn
        if self._phase not in (Phase.LEAD, Phase.PLAY) or seat is None or self.awaiting is not None:
            return LegalCards(0)
        if self._phase is Phase.LEAD and self._face_down_lead is not None:
            return LegalCards(0)
        if self._known.partial[seat]:
            return self._legal_unknown(seat)
        if self._quiet():
            return LegalCards(legal_mask(self._hands[seat], self._led_suit()))
        # penalty cards and lead restrictions narrow the choice (Laws 26, 50, 57A)
        from bridgelaw.laws.exposure import playable_mask

        return LegalCards(playable_mask(self._ops, seat))

    def must_pass(self, seat: Seat) -> Restriction | None:
        for r in self._restrictions:
            if r.seat is seat and r.kind == "must_pass":
                return r
        return None

    def act(self, action: Action) -> Outcome:
        """Apply one action. Irregular actions are ruled on (table mode) or refused (online
        mode); impossible ones are refused. Returns what happened; never raises for a
        well-formed action.

        A refused action changes nothing but the ``refused`` list, by construction: whatever
        the handlers did before refusing is undone by rebuilding the state from the actions
        before it (from the latest checkpoint). An action whose handler raises is taken off
        the list the same way before the error propagates."""
        handler = _DISPATCH.get(type(action))
        if handler is None:
            raise TypeError(f"not an action: {action!r}")
        self._unshare()
        i = len(self._actions)
        self._actions.append(action)
        n_rulings = len(self._rulings)
        # A quiet table is rebuilt from its latest checkpoint (at most a trick back); any
        # other is copied first, as its rulings may hold anything and replays may be dear.
        snapshot = None if not self._rulings and self._pristine() else self._snapshot()
        try:
            handler(self, i, action)
        except _Refuse as refusal:
            self._rewind(i, snapshot)
            self._refused.append(RefusedAction(i, refusal.code, refusal.message))
            return Outcome(False, refusal.code, refusal.message)
        except BaseException:
            self._rewind(i, snapshot)
            self._actions.pop()
            raise
        if self._boundary:
            self._boundary = False
            self._checkpoint()
        if len(self._rulings) > n_rulings:
            return Outcome(True, ruling=self._rulings[-1].id)
        return _ACCEPTED

    def push(self, action: Action) -> Outcome:
        """Like ``act`` but raise ``Refused`` when the table refuses the action; the refused
        action is not kept (the table is exactly as before it)."""
        outcome = self.act(action)
        if not outcome.accepted:
            self._actions.pop()
            self._refused.pop()
            raise Refused(outcome.code or "refused", outcome.message or "", position=len(self._actions))
        return outcome

    def replay(self, upto: int | None = None) -> Table:
        """A fresh table replayed from the first ``upto`` actions (all by default), starting
        from the latest checkpoint at or before ``upto``."""
        actions = self._actions[:upto]
        n = len(actions)
        checkpoints = [c for c in self._checkpoints if c.actions <= n]
        marks = [m for m in self._marks if m.actions <= n]
        if marks:  # the latest trick's mark is the checkpoint wanted; the others stay marks
            checkpoints.append(self._checkpoint_of(marks[-1], [_copy_trick(t) for t in self._tricks]))
        table = Table(self.board, self.config)
        if checkpoints:
            table._checkpoints = checkpoints
            table._restore(checkpoints[-1], actions)
        table._fold(actions[len(table._actions):])
        return table

    def undo(self) -> Table:
        """The table as it was before the last action: the latest checkpoint (the end of the
        last trick played while nothing irregular had happened) and the actions after it."""
        return self.replay(len(self._actions) - 1)

    # ------------------------------------------------------------------ folding
    def _fold(self, actions: Iterable[Action]) -> None:
        """Fold ``actions`` in order, exactly as ``act`` would one at a time. While the
        table is pristine a regular call, card or whole trick is applied here directly:
        nothing a refusal would have to undo can happen to it, so it needs no snapshot, no
        dispatch and no outcome. Anything else goes through ``act``."""
        todo = actions if isinstance(actions, list | tuple) else list(actions)
        n = len(todo)
        j = 0
        fast = self._pristine()
        while j < n:
            a = todo[j]
            if (
                fast and type(a) is PlayAction and self._phase is Phase.PLAY and j + 4 <= n
                and len(self._tricks[-1].cards) == 4 and self._fast_trick(todo, j)
            ):
                j += 4  # a whole trick: the table is as pristine as before
                self._boundary = False
                if self._checkpoints and self._checkpoints[-1].phase is not Phase.AUCTION:
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

    def _fast_trick(self, todo: Sequence[Action], j: int) -> bool:
        """Four lawful cards in turn from the start of a trick on a pristine table, applied
        at once (what four ``_fast_card`` do; no card hook acts on a quiet table); False,
        changing nothing, otherwise."""
        leader = self._play_turn
        contract = self._contract
        if leader is None or contract is None or self._every_card:
            return False
        four = todo[j:j + 4]
        first = four[0]
        if type(first) is not PlayAction:
            return False
        seats = _ROTATION[leader]
        hands = self._hands
        led = SUIT_MASK[first.card.suit]
        dummy = contract.declarer.partner
        cards: list[Card] = []
        for a, seat in zip(four, seats, strict=True):
            if (
                type(a) is not PlayAction or a.seat is not seat or a.simultaneous
                or not (hand := hands[seat]) & (bit := a.card.bit) or (not bit & led and hand & led)
                or (a.by is not None and not _placed_by_right(a.by, seat, dummy))
            ):
                return False
            cards.append(a.card)
        for seat, card in zip(seats, cards, strict=True):
            hands[seat] &= ~card.bit
        winner = trick_winner(leader, cards, _TRUMP[contract.strain])
        self._tricks.append(TrickRecord(leader, list(seats), cards, winner))
        self._actions.extend(four)
        self._won[winner.side] += 1
        self._play_turn = winner
        self._boundary = True
        if len(self._tricks) == 13:
            self._end_play()
        return True

    def _fast_calls(self, todo: Sequence[Action], j: int) -> int:
        """How many lawful calls in rotation from ``todo[j]`` on were applied on a pristine
        table (what ``_on_call`` does for each), up to the end of the auction; 0 when
        ``todo[j]`` is no such call (nothing changed)."""
        if self._phase is not Phase.AUCTION:
            return 0
        standing = self._standing
        calls = self._calls
        actions = self._actions
        seat = standing[-1][0].lho if standing else self.board.dealer
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
            seat = seat.lho
        return k - j

    def _fast_card(self, a: PlayAction) -> bool:
        """A lawful card in turn on a pristine table after the opening lead (what
        ``_on_play`` does for it); False, changing nothing, for any other card."""
        holder = a.seat
        card = a.card
        hands = self._hands
        if (
            a.simultaneous or self._every_card
            or holder is not self._play_turn or not hands[holder] & card.bit
        ):
            return False
        if self._phase is not Phase.PLAY:
            return self._fast_lead(a)
        by = a.by
        if by is not None:
            contract = self._contract
            assert contract is not None
            dummy = contract.declarer.partner
            if not ((by is holder and holder is not dummy) or (holder is dummy and by is contract.declarer)):
                return False
        trick = self._tricks[-1]
        cards = trick.cards
        n = len(cards)
        if 0 < n < 4 and card.suit is not cards[0].suit and hands[holder] & SUIT_MASK[cards[0].suit]:
            return False
        self._actions.append(a)
        hands[holder] &= ~card.bit
        if n == 4:
            trick = TrickRecord(holder)
            self._tricks.append(trick)
            cards = trick.cards
        trick.seats.append(holder)
        cards.append(card)
        if n == 3:
            self._complete_trick(trick)
        else:
            self._play_turn = holder.lho
        return True

    def _fast_lead(self, a: PlayAction) -> bool:
        """The opening lead, faced, by the opening leader on a pristine table (what
        ``_on_play`` does for it: no card hook acts on a quiet table, see ``HOOKS``)."""
        contract = self._contract
        if self._phase is not Phase.LEAD or self._face_down_lead is not None or contract is None:
            return False
        if a.seat is not contract.opening_leader:
            return False
        if (a.by is not None and a.by is not a.seat) or (a.face_down and self.config.regulations.opening_lead != "face_up"):
            return False
        self._actions.append(a)
        self._start_play()
        self._add_card(len(self._actions) - 1, a.seat, a.card)
        return True

    # ------------------------------------------------------------------ checkpoints
    def _checkpoint(self, *, share: bool = False) -> None:
        """Keep a copy of the state after a completed trick (or the auction), while nothing
        irregular has happened: the records a handler could change later exist only once a
        ruling does, so a quiet table's past is final and can be shared.

        ``share``: the checkpoint keeps the table's own call records instead of copies
        (``_fold`` on a pristine table, where no call changes once made); ``_unshare``
        gives the table copies before anything else may change them."""
        if self._pristine():
            self._take_checkpoint(share=share)

    def _take_checkpoint(self, *, share: bool) -> None:
        """``_checkpoint`` on a table known to be pristine."""
        self._materialize()
        last = self._checkpoints[-1] if self._checkpoints else None
        live = self._tricks
        done = len(live) if not live or live[-1].complete else len(live) - 1
        if last is not None and last.tricks_done == done - 1 and last.phase is not Phase.AUCTION:
            tricks = (*last.tricks, _copy_trick(live[done - 1]))
            calls, standing = last.calls, last.standing  # the auction is over: they no longer change
        else:
            tricks = tuple(_copy_trick(t) for t in live[:done])
            calls = tuple(self._calls) if share else tuple(_copy_call(c) for c in self._calls)
            self._shared = self._shared or share
            standing = tuple(self._standing)
        current = _copy_trick(live[-1]) if done < len(live) else None
        log = last.log if last is not None and len(last.log) == len(self._log) else tuple(self._log)
        self._checkpoints.append(_Checkpoint(
            len(self._actions), calls, standing, self._contract, self._passed_out, tuple(self._hands),
            self._phase, tricks, done, current, self._face_down_lead, self._lead_faced,
            (self._won[0], self._won[1]), self._play_turn, log, tuple(self._refused),
        ))

    def _mark_or_checkpoint(self) -> None:
        """A checkpoint for ``_fold`` after a trick of a pristine play: only what the trick
        changed (a ``_Mark``), the rest being the latest checkpoint's and the table's own
        records, which nothing changes until ``_materialize`` makes it a checkpoint."""
        base = self._checkpoints[-1] if self._checkpoints else None
        if (
            base is None or base.phase is Phase.AUCTION or not self._lead_faced
            or not self._tricks or len(self._tricks[-1].cards) != 4
        ):
            self._take_checkpoint(share=True)
            return
        self._mark()

    def _mark(self) -> None:
        """The mark of a trick just completed in a pristine play after a checkpoint."""
        won = self._won
        self._marks.append(_Mark(
            len(self._actions), tuple(self._hands), (won[0], won[1]), self._play_turn,
            len(self._tricks), self._phase, len(self._log), len(self._refused),
        ))

    def _materialize(self) -> None:
        """Turn the pending marks into checkpoints (before anything may change the records
        they read, or when a replay needs them)."""
        marks = self._marks
        if not marks:
            return
        self._marks = []
        frozen = [_copy_trick(t) for t in self._tricks]
        self._checkpoints.extend([self._checkpoint_of(m, frozen) for m in marks])

    def _checkpoint_of(self, m: _Mark, frozen: list[TrickRecord]) -> _Checkpoint:
        """The checkpoint a pending mark stands for; ``frozen``: private copies of the
        table's tricks (only the completed ones the mark counts are kept)."""
        base = self._checkpoints[-1]
        return _Checkpoint(
            m.actions, base.calls, base.standing, base.contract, base.passed_out, m.hands, m.phase,
            (*base.tricks, *frozen[base.tricks_done:m.tricks_done]), m.tricks_done, None, None, True,
            m.won, m.play_turn, tuple(self._log[: m.log]), tuple(self._refused[: m.refused]),
        )

    def _unshare(self) -> None:
        """Give the table its own copies of the call records its checkpoints share, before
        a step that may change them (a handler, a hook); pending marks become checkpoints
        first."""
        if self._marks:
            self._materialize()
        if self._shared:
            self._shared = False
            self._calls = [_copy_call(c) for c in self._calls]

    def _pristine(self) -> bool:
        """Nothing irregular has happened: no ruling, restriction, penalty card, request,
        tempo note, transfer or claim (the table is then a plain function of its calls and
        cards)."""
        return not (
            self._rulings or self._tempo or self._requests or self._transfers or self._restrictions
            or self._penalty_cards or self._claim_shown is not None or self._claimed is not None
            or not self._known.complete
        )

    def _snapshot(self) -> list[Any]:
        """A copy of the folded state that no later action can reach: fresh mutable records,
        shared immutable values (cards, calls, restrictions, options are frozen)."""
        atoms = dict(_ATOMS)
        return [
            [_copy_call(c) for c in self._calls],
            list(self._standing),
            self._contract,
            self._passed_out,
            list(self._hands),
            self._phase,
            [TrickRecord(t.leader, list(t.seats), list(t.cards), t.winner) for t in self._tricks],
            self._face_down_lead,
            self._lead_faced,
            list(self._won),
            list(self._transfers),
            self._claimed,
            copy.deepcopy(self._claim_shown, atoms),
            self._play_turn,
            [_fresh(r, atoms) for r in self._rulings],
            list(self._restrictions),
            list(self._penalty_cards),
            [_fresh(r, atoms) for r in self._requests],
            list(self._refused),
            [dict(x) for x in self._tempo],
            list(self._log),
            HandKnowledge(self._known.partial, list(self._known.facts)),
        ]

    def _restore(self, cp: _Checkpoint, actions: Sequence[Action]) -> None:
        """Make this table's state the checkpoint's (fresh mutable records: the checkpoint
        stays as it was)."""
        self._reset()
        self._actions = list(actions[: cp.actions])
        self._calls = [_copy_call(c) for c in cp.calls]
        self._standing = list(cp.standing)
        self._contract = cp.contract
        self._passed_out = cp.passed_out
        self._hands = list(cp.hands)
        self._phase = cp.phase
        frozen = cp.tricks if cp.current is None else (*cp.tricks, cp.current)
        self._tricks = [_copy_trick(t) for t in frozen]
        self._face_down_lead = cp.face_down_lead
        self._lead_faced = cp.lead_faced
        self._won = list(cp.won)
        self._play_turn = cp.play_turn
        self._log = list(cp.log)
        self._refused = list(cp.refused)

    def _rewind(self, i: int, snapshot: list[Any] | None) -> None:
        """Put the state back to what it was before action ``i``: the snapshot taken before
        it, or else the latest checkpoint before it with the actions after that folded
        again. An action that was refused then is not applied again (it changed nothing);
        its refusal is kept."""
        if snapshot is not None:
            for name, value in zip(_STATE, snapshot, strict=True):
                setattr(self, name, value)
            self._boundary = False
            return
        actions = self._actions
        refused = {r.at_action: r for r in self._refused if r.at_action < i}
        while self._checkpoints and self._checkpoints[-1].actions > i:
            self._checkpoints.pop()
        if self._checkpoints:
            self._restore(self._checkpoints[-1], actions)
        else:
            self._reset()
            self._actions = []
        for j in range(len(self._actions), i):
            a = actions[j]
            self._actions.append(a)
            earlier = refused.get(j)
            if earlier is not None:
                self._refused.append(earlier)
                continue
            _DISPATCH[type(a)](self, j, a)
            self._boundary = False
        self._actions.append(actions[i])
        self._boundary = False

    # ------------------------------------------------------------------ auction
    def _on_call(self, i: int, a: CallAction) -> None:
        """A call: judged by the auction laws. Every call made in table mode is kept as a
        CallRecord (stands / cancelled / pending) however the rulings treat it."""
        if a.simultaneous:  # Law 33: it counts as made after the call it coincided with
            self._log.append(text("table.log.simultaneous_call", action=i, seat=a.seat, call=a.call))
        if (
            self._phase is Phase.AUCTION and not self._rulings and not self._restrictions and not a.change
            and a.seat is auction_laws.next_to_call(self._standing, self.board.dealer)
            and auction_laws.is_legal_call(self._standing, a.seat, a.call)
        ):
            # The common case, kept fast: a lawful call in rotation with nothing pending.
            self._stand(self._new_call(i, a), appended=True)
            self._after_call_change()
            return
        if self._phase is not Phase.AUCTION:
            if self.config.mode == "online" or self._handler("call_after_final_pass") is None:
                raise _Refuse("auction_over", text("table.refused.on_call", seat=a.seat, call=a.call))
            rec = self._new_call(i, a)
            self._open_ruling(i, "call_after_final_pass", a.seat, rec, detail=a)
            return
        pending = self.awaiting
        if pending is not None and pending.chooser is a.seat and any(o.id == "accept" for o in pending.options):
            # Laws 27A1, 29A, 25B1: calling over the irregular call accepts it.
            self._choose(i, pending, "accept", {})
            pending = self.awaiting
        if pending is None and not a.change and self.config.mode != "online":
            self._deemed_pass(i, a.seat)
        rec = self._new_call(i, a)
        # A call made before the director has ruled: 27C premature replacement, 28B the
        # rightful player calling over a call out of rotation.
        early = [pending] if pending is not None else [
            r for r in self._rulings if r.status is RulingStatus.AWAITING_DIRECTOR
        ]
        for r in early:
            h = self._handler(r.kind)
            if h is not None and h.on_premature_call(self._ops, r, rec):
                self._after_call_change()
                return
        if self.awaiting is not None:
            self._calls.pop()
            raise _Refuse("awaiting_ruling", self._awaiting_message(self.awaiting))
        if a.change:
            if self.config.mode == "online" or self._handler("change_of_call") is None:
                self._calls.pop()
                raise _Refuse("change_of_call", text("table.refused.on_call.2", seat=a.seat, call=a.call))
            self._open_ruling(i, "change_of_call", a.seat, rec, detail=a)
            self._after_call_change()
            return
        for ruling in self._follow_ups():
            h = self._handler(ruling.kind)
            expected = ruling.data.get("_expect")
            if expected is not None and expected != a.seat.name:
                continue
            if h is not None and h.on_call(self._ops, ruling, rec):
                self._after_call_change()
                return
        self._judge(i, rec, fresh=True)

    def _new_call(self, i: int, a: CallAction) -> CallRecord:
        rec = CallRecord(
            index=len(self._calls), at_action=i, seat=a.seat, call=a.call,
            alert=a.alert, meaning=a.meaning, artificial=a.artificial, status="pending",
        )
        self._calls.append(rec)
        return rec

    def _deemed_pass(self, i: int, seat: Seat) -> None:
        """Law 28A: a call at RHO's turn is in rotation when RHO is obliged to pass; RHO's
        pass is recorded for him (status stands, law 28A)."""
        turn = auction_laws.next_to_call(self._standing, self.board.dealer)
        if seat is turn or seat.rho is not turn or self.must_pass(turn) is None:
            return
        deemed = CallRecord(
            index=len(self._calls), at_action=i, seat=turn, call=Call.PASS, status="stands", law="28A",
        )
        self._calls.append(deemed)
        self._stand(deemed, appended=True)
        self._log.append(text("table.log.deemed_pass", action=i, turn=turn, seat=seat))

    def _judge(self, i: int, rec: CallRecord, *, fresh: bool) -> None:
        """Stand a regular call; open a ruling for an irregular one (refuse it in online
        mode when ``fresh``). A change of call stays pending; any other irregular call stands
        provisionally until its ruling says otherwise."""
        newest = rec is self._calls[-1]
        kind = self._classify_call(rec)
        if kind is None:
            self._stand(rec, appended=newest)
            self._after_call_change()
            return
        if self.config.mode == "online" or self._handler(kind) is None:
            if fresh:
                self._calls.pop()
                raise _Refuse(kind, self._irregular_call_message(kind, rec))
            self._stand(rec, appended=newest)
            self._after_call_change()
            return
        if kind != "change_of_call":
            self._stand(rec, appended=newest)
        self._open_ruling(i, kind, rec.seat, rec)
        self._after_call_change()

    def _classify_call(self, rec: CallRecord) -> str | None:
        """Which irregularity a call is, in the order the Laws take them; None if regular.

        A bid above seven is never playable (38) whatever the turn; then rotation (28-32; a
        call at LHO's turn after one's own call is a change of call, 30B2/31C/32C -> 25);
        then an inadmissible double (36, before 37), a broken obligation to pass (37), and
        an insufficient bid (27)."""
        turn = auction_laws.next_to_call(self._standing, self.board.dealer)
        call = rec.call
        if call.is_bid and not call.admissible_level:
            return "bid_above_seven"
        if rec.seat is not turn:
            if rec.seat is turn.rho and any(s is rec.seat for s, _ in self._standing):
                return "change_of_call"
            return "call_out_of_rotation"
        if call.kind is CallKind.DOUBLE and not auction_laws.double_allowed(self._standing, rec.seat):
            return "inadmissible_double"
        if call.kind is CallKind.REDOUBLE and not auction_laws.redouble_allowed(self._standing, rec.seat):
            return "inadmissible_double"
        if self.must_pass(rec.seat) and not call.is_pass:
            return "violates_pass_obligation"
        if call.is_bid and not auction_laws.is_sufficient(self._standing, call):
            return "insufficient_bid"
        return None

    @staticmethod
    def _irregular_call_message(kind: str, rec: CallRecord) -> str:
        what = {
            "call_out_of_rotation": "is out of rotation (Laws 28-32)",
            "bid_above_seven": "is a bid of more than seven (Law 38)",
            "violates_pass_obligation": "breaks an obligation to pass (Law 37)",
            "inadmissible_double": "is a double or redouble Law 19 does not permit (Law 36)",
            "insufficient_bid": "is insufficient (Law 27)",
        }.get(kind, "is irregular")
        return text("table.message.irregular_call_message", seat=rec.seat, call=rec.call, what=what)

    def _stand(self, rec: CallRecord, *, appended: bool = False) -> None:
        """The call stands. ``appended``: it is the newest call, so the standing list just grows."""
        rec.status = "stands"
        if appended:
            self._standing.append((rec.seat, rec.call))
        else:
            self._rebuild_standing()
        if self._restrictions and rec.call.is_pass:
            # an obligation to pass at one's next turn is spent by that pass (Laws 30A, 31A2(b))
            self._restrictions = [
                r for r in self._restrictions
                if not (r.seat is rec.seat and r.kind == "must_pass" and r.until == "next_turn")
            ]

    def _rebuild_standing(self) -> None:
        self._standing = [(c.seat, c.call) for c in self._calls if c.status == "stands"]

    def _after_call_change(self) -> None:
        """Rule on the next irregularity the director was called to, then check for the end
        of the auction (Law 22) once nothing is pending; 17D3/34 may reopen it."""
        self._summon_next()
        if self._phase is not Phase.AUCTION or self.awaiting is not None:
            return
        if any(
            r.status is RulingStatus.AWAITING_DIRECTOR
            and not ((h := self._handler(r.kind)) is not None and h.rules_after_auction)  # 36C
            for r in self._rulings
        ):
            return
        if not auction_laws.auction_ended(self._standing):
            return
        self._unshare()
        retain = self._handler("call_out_of_rotation")
        if retain is not None and retain.retain_right_to_call(self._ops):
            return
        self._contract = auction_laws.final_contract(self._standing)
        self._restrictions = [r for r in self._restrictions if r.kind not in ("must_pass", "must_repeat")]
        self._boundary = True
        if self._contract is None:
            self._passed_out = True
            self._phase = Phase.ENDED
            self._log.append(_log_text("table.log.after_call_change"))
            return
        self._phase = Phase.LEAD
        self._play_turn = self._contract.opening_leader
        self._log.append(
            _log_text("table.log.after_call_change.2", contract=self._contract, declarer=self._contract.declarer, leader=self._play_turn)
        )
        if self._every_card or not self._pristine():  # nothing to settle on a pristine table (HOOKS)
            for hook in self._hooks["on_auction_end"]:
                hook(self._ops)

    # ------------------------------------------------------------------ play
    def _quiet(self) -> bool:
        """Nothing that a card hook could act on: no ruling, penalty card, restriction or tempo record."""
        return not (self._rulings or self._penalty_cards or self._restrictions or self._tempo)

    def _on_play(self, i: int, a: PlayAction) -> None:
        if a.simultaneous:  # Law 58A: it counts as played after the card it coincided with
            self._log.append(text("table.log.simultaneous_card", action=i, seat=a.seat, card=a.card))
        holder = a.seat
        card = a.card
        if not self._hands[holder] & card.bit and self._known.partial[holder]:
            self._shown(i, a, holder, (card,), self._on_play)
            return
        if (
            holder is self._play_turn and self._phase is Phase.PLAY and not self._rulings
            and not self._every_card and self._quiet() and self._hands[holder] & card.bit
        ):
            # The common case, kept fast: a lawful card at the right turn with nothing pending.
            by = a.by
            contract = self._contract
            assert contract is not None
            dummy = contract.declarer.partner
            if by is None or (by is holder and holder is not dummy) or (holder is dummy and by is contract.declarer):
                cards = self._tricks[-1].cards
                if (
                    not cards or len(cards) == 4 or card.suit is cards[0].suit
                    or not self._hands[holder] & SUIT_MASK[cards[0].suit]
                ):
                    self._add_card(i, holder, card)
                    return
        if not self._hands[holder] & card.bit:
            raise _Refuse("card_not_held", text("table.refused.on_play", holder=holder, card=card))
        pending = self.awaiting
        if pending is None and self._rulings:
            pending = self._lead_awaiting_director(a)
            if pending is None:
                self._refuse_partner_over_lead_out_of_turn(a)
        if pending is not None:
            implied = self._choice_by_play(pending, a)
            if implied is None:
                raise _Refuse("awaiting_ruling", self._awaiting_message(pending))
            # Law 53A / 54B: the next hand playing to a lead out of turn accepts it;
            # Law 53B: the correct leader making his proper lead declines it (``by_play``
            # tells the handler the lead was made, not merely refused).
            self._choose(i, pending, implied, {"by_play": a.seat.name})
            if self.awaiting is not None:
                return
        if self._phase is Phase.AUCTION:
            self._irregular_or_refuse(
                i, "card_exposed_during_auction", holder, code="auction_in_progress",
                message=text("table.refused.on_play.2", holder=holder, card=card), detail=a,
            )
            return
        if self._phase is Phase.ENDED:
            raise _Refuse("board_over", text("table.refused.on_play.3"))
        if self._rulings:
            for ruling in self._follow_ups():
                h = self._handler(ruling.kind)
                if h is not None and h.on_card(self._ops, ruling, i, a):
                    return
        for check in self._hooks["check_card"] if self._hooks["check_card"] else ():
            kind = check(self._ops, i, a)
            if kind is not None:
                self._irregular_or_refuse(
                    i, kind, a.seat, code=kind, message=text("table.refused.on_play.4", seat=a.seat, card=a.card, kind=kind), detail=a,
                )
                return
        contract = self._contract
        assert contract is not None
        actor = a.by or (contract.declarer if holder is contract.dummy and self._lead_faced else holder)
        if actor is not holder and not (holder is contract.dummy and actor is contract.declarer):
            raise _Refuse("not_your_hand", text("table.refused.on_play.5", actor=actor, holder=holder))
        if a.by is contract.dummy and holder is contract.dummy and self._lead_faced:
            # Law 45D/45F: dummy placed a card declarer did not name
            self._irregular_or_refuse(
                i, "dummy_played_card", holder, code="not_designated",
                message=text("table.refused.on_play.6", holder=holder, card=card), detail=a,
            )
            return
        if self._phase is Phase.LEAD:
            if self._face_down_lead is not None and self._face_down_lead[0] is holder:
                raise _Refuse("lead_not_faced", text("table.refused.on_play.7"))
            if holder is not contract.opening_leader:
                self._irregular_or_refuse(
                    i, "opening_lead_out_of_turn", holder, code="not_your_turn",
                    message=text("table.refused.on_play.8", holder=holder, card=card, opening_leader=contract.opening_leader),
                    detail=a,
                )
                return
            if self._face_down_lead is not None:
                raise _Refuse("lead_not_faced", text("table.refused.on_play.9"))
            if a.face_down and self.config.regulations.opening_lead != "face_up":
                self._face_down_lead = (holder, card)
                self._log.append(text("table.log.on_play", action=i, holder=holder))
                return
            self._start_play()
            self._add_card(i, holder, card)
            return
        # Phase.PLAY
        if holder is not self._play_turn:
            self._irregular_or_refuse(
                i, "play_out_of_turn", holder, code="not_your_turn",
                message=text("table.refused.on_play.10", holder=holder, card=card, turn=self._play_turn if self._play_turn else Pair('nobody', 'никого')),
                detail=a,
            )
            return
        led = self._led_suit()
        if led is not None and card.suit is not led and self._hands[holder] & SUIT_MASK[led]:
            if self.config.mode == "online":
                raise _Refuse("must_follow_suit", text("table.refused.on_play.11", holder=holder, led=led))
            self._add_card(i, holder, card, revoke=True)
            return
        self._add_card(i, holder, card)

    def _choice_by_play(self, pending: Ruling, a: PlayAction) -> str | None:
        """The option a card implies while a lead out of turn waits for the choice: the
        chooser playing the next hand in rotation accepts it (53A, 54B); the chooser making
        the proper lead from the hand on lead declines it (53B). None: no choice implied."""
        if pending.kind not in ("opening_lead_out_of_turn", "play_out_of_turn") or self._contract is None:
            return None
        if pending.status is not RulingStatus.AWAITING_CHOICE:
            return None
        ids = {o.id for o in pending.options}
        c = self._contract
        if (
            pending.data.get("declarer_lead") and pending.offender is not None
            and a.seat is pending.offender.rho and "accept" in ids
        ):
            return "accept"  # 53C (1997 53B): the defender on its right played to it; 57 follows
        actor = a.by or (c.declarer if a.seat is c.dummy and self._lead_faced else a.seat)
        if pending.chooser is not actor or pending.offender is None:
            return None
        if a.seat is pending.offender.lho:
            return next((x for x in ("accept", "accept_lead") if x in ids), None)
        if a.seat is self._play_turn and "decline" in ids and pending.kind == "play_out_of_turn":
            return "decline"
        return None

    def _refuse_partner_over_lead_out_of_turn(self, a: PlayAction) -> None:
        """While a lead out of turn waits for the director, its offender's partner has no
        card to play: neither a lead of his own nor a card to it makes sense until the
        director has given declarer his options (Laws 9B1, 54, 56). Refused, so the record
        never holds two leads to one trick."""
        r = self._rulings[-1]
        if (
            r.status is RulingStatus.AWAITING_DIRECTOR and r.offender is not None
            and r.kind in ("opening_lead_out_of_turn", "play_out_of_turn")
            and a.seat is r.offender.partner
        ):
            raise _Refuse(
                "director_needed",
                text("table.refused.refuse_partner_over_lead_out_of_turn", offender=r.offender, seat=a.seat),
            )

    def _lead_awaiting_director(self, a: PlayAction) -> Ruling | None:
        """Laws 53A, 54B, 60A1 before the director has come: the next hand playing to a lead
        out of turn accepts it. The waiting ruling is opened now, so that the acceptance goes
        through its handler; None when this play is not such an acceptance."""
        r = self._rulings[-1]
        if r.status is not RulingStatus.AWAITING_DIRECTOR or r.offender is None:
            return None
        if r.kind not in ("opening_lead_out_of_turn", "play_out_of_turn"):
            return None
        declarers = self._contract is not None and r.offender.side is self._contract.declarer.side
        if a.seat is not r.offender.lho and not (declarers and a.seat is r.offender.rho):
            return None
        if self._tricks and not self._tricks[-1].complete:
            return None  # the irregular card was not a lead (57: a premature play)
        r.data.pop("_called", None)
        self._summon(r, None)
        return r if self.awaiting is r else None

    def _on_face_lead(self, i: int, a: FaceLead) -> None:
        if self._phase is not Phase.LEAD or self._face_down_lead is None:
            raise _Refuse("no_face_down_lead", text("table.refused.on_face_lead"))
        if self.awaiting is not None:
            raise _Refuse("awaiting_ruling", self._awaiting_message(self.awaiting))
        seat, card = self._face_down_lead
        if a.seat is not seat:
            raise _Refuse("not_your_lead", text("table.refused.on_face_lead.2", seat=seat))
        self._face_down_lead = None
        self._start_play()
        self._add_card(i, seat, card)

    def _start_play(self, leader: Seat | None = None) -> None:
        """Law 41C/D: the opening lead is faced, the play period begins, dummy spreads.
        ``leader``: who led, when a lead out of turn was accepted (Law 54A/B)."""
        self._phase = Phase.PLAY
        self._lead_faced = True
        assert self._contract is not None
        self._tricks.append(TrickRecord(leader=leader or self._contract.opening_leader))

    def _led_suit(self) -> Suit | None:
        if not self._tricks:
            return None
        t = self._tricks[-1]
        if t.complete or not t.cards:
            return None
        return t.cards[0].suit

    def _add_card(self, i: int, seat: Seat, card: Card, *, revoke: bool = False) -> None:
        """Put ``card`` from ``seat`` on the current trick; complete the trick after four."""
        self._hands[seat] &= ~card.bit
        if self._penalty_cards:
            for pc in self._penalty_cards:
                if pc.card is card:
                    self._penalty_cards.remove(pc)
                    break
        trick = self._tricks[-1]
        if len(trick.cards) == 4:
            trick = TrickRecord(leader=seat)
            self._tricks.append(trick)
        trick.seats.append(seat)
        trick.cards.append(card)
        if revoke:
            self._note_revoke(i, seat, card, len(self._tricks))
        if self._hooks["on_card_played"] and (self._every_card or not self._quiet()):
            for hook in self._hooks["on_card_played"]:
                hook(self._ops, i, seat, card)
        if len(trick.cards) < 4:
            self._play_turn = seat.lho
            return
        self._complete_trick(trick)

    def _complete_trick(self, trick: TrickRecord) -> None:
        """Law 44: the fourth card completes the trick; its winner leads to the next."""
        assert self._contract is not None
        winner = trick_winner(trick.leader, trick.cards, _TRUMP[self._contract.strain])
        trick.winner = winner
        self._won[winner.side] += 1
        self._play_turn = winner
        self._boundary = True
        if self._hooks["on_trick_complete"] and (self._every_card or not self._quiet()):
            for hook in self._hooks["on_trick_complete"]:
                hook(self._ops, len(self._tricks))
        if len(self._tricks) == 13:
            self._end_play()

    def _note_revoke(self, i: int, seat: Seat, card: Card, trick_no: int) -> None:
        """A failure to follow suit is a fact the engine knows; at the table it becomes an
        irregularity only when attention is drawn to it (Laws 61-63)."""
        self._log.append(text("table.log.note_revoke", action=i, seat=seat, card=card, trick_no=trick_no))

    def _end_play(self) -> None:
        self._phase = Phase.ENDED
        self._play_turn = None
        if self._every_card or not self._pristine():  # nothing to settle on a pristine table (HOOKS)
            self._unshare()
            for hook in self._hooks["on_play_end"]:
                hook(self._ops)
        self._log.append(_log_text("table.log.end_play"))

    # ------------------------------------------------------------------ rulings
    def _handler(self, kind: str) -> Handler | None:
        return self._edition.handler(kind)

    def _follow_ups(self) -> list[Ruling]:
        if not self._rulings:
            return []
        return [r for r in self._rulings if r.status is RulingStatus.FOLLOW_UP]

    def _irregular_or_refuse(
        self, i: int, kind: str, offender: Seat | None, *, code: str, message: str, detail: Any = None
    ) -> None:
        """An irregular action: refused in online mode (or when no handler rules on it yet),
        otherwise a ruling is opened."""
        if self.config.mode == "online" or self._handler(kind) is None:
            raise _Refuse(code, message)
        self._open_ruling(i, kind, offender, None, detail=detail)

    def _open_ruling(
        self, i: int, kind: str, offender: Seat | None, record: CallRecord | None, *, detail: Any = None
    ) -> Ruling:
        ruling = Ruling(
            id=len(self._rulings), at_action=i, kind=kind, laws=[], offender=offender,
            edition=self._edition.name, status=RulingStatus.AWAITING_DIRECTOR,
        )
        if detail is not None:
            ruling.data["action"] = action_to_json(detail)
        if record is not None:
            ruling.data["call"] = record.index
        self._rulings.append(ruling)
        self._log.append(text("table.log.open_ruling", action=i, kind=msg(f"kind.{kind}"), offender=offender if offender else Pair('?', 'неизвестно')))
        if self.config.auto_director:
            self._summon(ruling, record)
        return ruling

    def _summon(self, ruling: Ruling, record: CallRecord | None) -> None:
        h = self._handler(ruling.kind)
        assert h is not None
        ruling.status = RulingStatus.CLOSED  # handlers set the status they need
        if record is None and "call" in ruling.data:
            record = self._calls[ruling.data["call"]]
        if record is not None and record.status == "cancelled":
            # an earlier ruling already cancelled this call (e.g. 36A, 38B cancel every later
            # call): the director has nothing left to rule on, whatever the irregularity was
            already_void(ruling, record)
            return
        h.open(self._ops, ruling, record)

    def _on_call_director(self, i: int, a: CallDirector) -> None:
        waiting = [r for r in self._rulings if r.status is RulingStatus.AWAITING_DIRECTOR]
        self._log.append(text("table.log.on_call_director", action=i, seat=a.seat))
        for r in waiting:
            r.data["_called"] = True
        self._after_call_change()

    def _summon_next(self) -> None:
        """The director rules on the irregularities he was called to one at a time, in the
        order they happened: the next only once nothing waits for a choice or a decision."""
        for r in list(self._rulings):
            if self.awaiting is not None:
                return
            if r.status is RulingStatus.AWAITING_DIRECTOR and r.data.get("_called"):
                r.data.pop("_called")
                self._summon(r, None)

    def _on_choose(self, i: int, a: Choose) -> None:
        pending = self.awaiting
        if pending is None or pending.status is not RulingStatus.AWAITING_CHOICE:
            raise _Refuse("nothing_to_choose", text("table.refused.on_choose", seat=a.seat, option=a.option))
        if pending.chooser is not a.seat:
            raise _Refuse("not_your_choice", text("table.refused.on_choose.2", chooser=pending.chooser, seat=a.seat))
        if not any(o.id == a.option for o in pending.options):
            offered = ", ".join(o.id for o in pending.options)
            raise _Refuse("no_such_option", text("table.refused.on_choose.3", option=a.option, offered=offered))
        h = self._handler(pending.kind)
        if h is not None and overrides(h, "check_choice"):  # a choice the Laws do not allow is refused, naming the law
            h.check_choice(self._ops, pending, a.option, dict(a.params))
        self._choose(i, pending, a.option, dict(a.params))

    def _choose(self, i: int, ruling: Ruling, option_id: str, params: Mapping[str, Any]) -> None:
        ruling.choice = option_id
        ruling.choice_params = dict(params)
        ruling.status = RulingStatus.CLOSED
        self._log.append(text("table.log.choose", action=i, player=ruling.chooser or Pair('player', 'игрок'), option=self._option_text(ruling, option_id), ruling=Pair(str(ruling.id), str(ruling.id + 1))))
        h = self._handler(ruling.kind)
        assert h is not None
        h.on_choice(self._ops, ruling, option_id, params)
        self._after_call_change()

    def _on_decide(self, i: int, a: Decide) -> None:
        pending = self.awaiting
        if pending is None or pending.status is not RulingStatus.AWAITING_DECISION:
            raise _Refuse("nothing_to_decide", text("table.refused.on_decide"))
        h = self._handler(pending.kind)
        assert h is not None
        self._check_decision(pending, a.decision)
        pending.status = RulingStatus.CLOSED
        self._log.append(text("table.log.on_decide", action=i, decision=decision_text(a.decision), ruling=Pair(str(pending.id), str(pending.id + 1))))
        try:
            h.on_decision(self._ops, pending, a.decision)
        except KeyError as missing:
            pending.status = RulingStatus.AWAITING_DECISION
            raise _Refuse("wrong_decision", text("table.refused.on_decide.3", missing=missing)) from None
        self._after_call_change()

    @staticmethod
    def _option_text(ruling: Ruling, option_id: str) -> Pair:
        """The chosen option: its id in English (as before), its label in Russian."""
        label = next((o.label_ru for o in ruling.options if o.id == option_id and o.label_ru), "")
        return Pair(option_id, f"«{label}»" if label else option_id)

    @staticmethod
    def _check_decision(pending: Ruling, decision: Mapping[str, Any]) -> None:
        """Refuse a decision that does not answer the ruling's questions in their types,
        before anything changes: at least one question answered, no key it did not ask."""
        asked = {q.key: q for q in pending.questions}
        if asked and not asked.keys() & set(decision):
            raise _Refuse("wrong_decision", text("table.refused.on_decide.2", keys=", ".join(sorted(asked))))
        for key, value in decision.items():
            q = asked.get(key)
            if q is None:
                raise _Refuse("wrong_decision", text("table.refused.decision_not_asked", key=key, keys=", ".join(sorted(asked))))
            problem = q.answer.problem(value) if q.answer is not None else None
            if problem is not None:
                raise _Refuse("wrong_decision", text("table.refused.decision_type", key=key, problem=Pair(problem, "ответ другого вида")))

    def _awaiting_message(self, r: Ruling) -> str:
        if r.status is RulingStatus.AWAITING_DECISION:
            return text("table.message.awaiting_message", ruling=Pair(str(r.id), str(r.id + 1)), keys=Pair(', '.join(q.key for q in r.questions), '; '.join(q.text_ru for q in r.questions)))
        return text("table.message.awaiting_message.2", ruling=Pair(str(r.id), str(r.id + 1)), chooser=r.chooser, options=Pair(', '.join(o.id for o in r.options), '; '.join(o.label_ru or o.id for o in r.options)))

    # ------------------------------------------------------------------ the rest
    def _on_ask(self, i: int, a: Ask) -> None:
        h = self._handler("information")
        if h is None or not overrides(h, "answer"):
            raise _Refuse("not_supported", text("table.refused.on_ask", ask=a.ask))
        req = h.answer(self._ops, i, a)
        self._requests.append(req)

    def _on_expose(self, i: int, a: Expose) -> None:
        if self._known.partial[a.seat] and any(not self._hands[a.seat] & c.bit for c in a.cards):
            self._shown(i, a, a.seat, a.cards, self._on_expose)
            return
        for c in a.cards:
            if not self._hands[a.seat] & c.bit:
                raise _Refuse("card_not_held", text("table.refused.on_expose", seat=a.seat, card=c))
        self._irregular_or_refuse(
            i, "card_exposed", a.seat, code="card_exposed",
            message=text("table.refused.on_expose.2", seat=a.seat, cards=list(a.cards)), detail=a,
        )

    def _on_claim(self, i: int, a: Claim) -> None:
        self._delegate(i, "claim", a)

    def _on_concede(self, i: int, a: Concede) -> None:
        self._delegate(i, "claim", a)

    def _on_claim_response(self, i: int, a: ClaimResponse) -> None:
        self._delegate(i, "claim", a)

    def _on_point_out(self, i: int, a: PointOut) -> None:
        self._delegate(i, "point_out", a)

    def _on_revoke_inquiry(self, i: int, a: RevokeInquiry) -> None:
        self._delegate(i, "point_out", a)  # Law 61B: ruled by the handler of kind point_out

    def _on_dummy_breach(self, i: int, a: DummyBreach) -> None:
        self._delegate(i, "point_out", a)  # Law 43

    def _on_play_together(self, i: int, a: PlayTogether) -> None:
        self._delegate(i, "play_together", a)  # Law 58B

    def _on_report(self, i: int, a: Report) -> None:
        """Laws 13-15, 87: a problem with the board itself; the handler of kind ``board`` rules."""
        if not self._known.complete:
            raise _Refuse("deal_unknown", f"{a.seat.name} reports {a.problem}: the board's four hands are not known to the engine (Laws 13-15)")
        self._irregular_or_refuse(
            i, "board", None, code="board_problem", message=text("table.refused.on_report", seat=a.seat, problem=msg(f"report.{a.problem}")), detail=a,
        )

    def _delegate(self, i: int, kind: str, a: Action) -> None:
        h = self._handler(kind)
        if h is None or not overrides(h, "on_action"):
            raise _Refuse("not_supported", text("table.refused.delegate", kind=type(a).__name__))
        h.on_action(self._ops, i, a)

    def _on_tempo(self, i: int, a: Tempo) -> None:
        """Law 16, 73: a hesitation or remark is recorded for the director; it changes nothing."""
        self._tempo.append({"at_action": i, "seat": a.seat.name, "kind": a.kind})
        self._log.append(text("table.log.on_tempo", action=i, seat=a.seat, kind=msg(f"tempo.{a.kind}")))

    # ------------------------------------------------------------------ partly known hands
    # A deal may leave hands unknown (``bridgelaw.knowledge``): then ``_hands[seat]`` holds
    # only the cards known to be in that hand. Everything the Table and the handlers ask
    # about cards nobody has shown goes through the methods below, which answer None
    # ("unknown") rather than guess; a handler that needs the answer asks the director.
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
        return 13 - sum(1 for t in self._tricks for s in t.seats if s is seat)

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
                    raise _Refuse("card_elsewhere", f"{seat.name} cannot hold {c}: it is in {other.name}'s hand")
            if self._played_mask() & c.bit:
                raise _Refuse("card_elsewhere", f"{seat.name} cannot hold {c}: it has already been played")
            new |= c.bit
        if new.bit_count() > self.unseen_count(seat):
            raise _Refuse("card_elsewhere", f"{seat.name} has no unseen card left to be {' '.join(map(str, cards))}")
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

    def _legal_unknown(self, seat: Seat) -> LegalCards:
        """The cards an unknown hand may hold that would be lawful as far as is known: its
        known cards and the unseen ones, narrowed to the suit led when it is known to hold
        that suit."""
        mask = self._hands[seat] | (self.unseen_mask() if self.unseen_count(seat) > 0 else 0)
        led = self._led_suit()
        if led is not None and self.holds_suit(seat, led) and mask & SUIT_MASK[led]:
            mask &= SUIT_MASK[led]
        return PartlyKnownLegalCards(mask)

    # ------------------------------------------------------------------ results
    def tricks_won(self, side: Side) -> int:
        return self._won[side]

    @property
    def declarer_tricks(self) -> int | None:
        """Tricks credited to declarer: won in play, after transfers and claims (Laws 64, 69-71)."""
        if self._contract is None:
            return None
        side = self._contract.declarer.side
        base = self._claimed[side] if self._claimed is not None else self._won[side]
        for to, n, _ in self._transfers:
            base += n if to is side else -n
        return max(0, min(13, base))

    @property
    def adjusted_score(self) -> dict[str, Any] | None:
        """The adjusted score a closed ruling awarded (Law 12C; the last one counts), as the
        ruling recorded it: ``{"score_ns": ...}`` (assigned) or ``{"ns": %, "ew": %}`` (artificial)."""
        for r in reversed(self._rulings):
            adj = r.data.get("adjusted") if r.status is RulingStatus.CLOSED else None
            if isinstance(adj, dict):
                return dict(adj)
        return None

    @property
    def score_ns(self) -> int | None:
        if self._phase is not Phase.ENDED:
            return None
        if self._passed_out or self._contract is None:
            return 0
        tricks = self.declarer_tricks
        assert tricks is not None
        side = self._contract.declarer.side
        score = contract_score(self._contract, tricks, self.board.vulnerability.is_vulnerable(side))
        return score if side is Side.NS else -score

    def arrangement(self) -> dict[str, list[dict[str, Any]]]:
        """Law 65: each player's played cards in order, turned towards the side that won
        each trick (the evidence for claims and revokes)."""
        from bridgelaw.laws.arrangement import arrangement

        return arrangement(list(self._tricks))

    def to_json(self) -> dict[str, Any]:
        """The scenario output (shared/SCENARIO.md)."""
        contract: Any = None
        if self._passed_out:
            contract = "passed_out"
        elif self._contract is not None:
            c = self._contract
            contract = {"level": c.level, "strain": c.strain.name, "risk": str(c.risk), "declarer": c.declarer.name}
        result: dict[str, Any] | None = None
        if self._phase is Phase.ENDED:
            result = {"declarer_tricks": self.declarer_tricks, "score_ns": self.score_ns}
            adjusted = self.adjusted_score
            if adjusted is not None:
                result["adjusted"] = adjusted  # Law 12: what the board is scored as
        pending = self.awaiting
        awaiting = None
        if pending is not None:
            awaiting = {"ruling": pending.id, "by": str(pending.chooser)}
            if pending.status is RulingStatus.AWAITING_CHOICE:
                awaiting["options"] = [o.id for o in pending.options]
            else:
                awaiting["questions"] = [q.key for q in pending.questions]
        turn = self.turn
        out: dict[str, Any] = {
            "format": 1,
            "edition": self._edition.name,
            "board": self.board.number,
            "dealer": self.board.dealer.name,
            "vulnerable": str(self.board.vulnerability),
            "mode": self.config.mode,
            "regulations": self.config.regulations.to_json(),
            "phase": self._phase.value,
            "turn": turn.name if turn is not None else None,
            "awaiting": awaiting,
            "calls": [c.to_json() for c in self._calls],
            "auction": [str(c) for _, c in self._standing],
            "contract": contract,
            "tricks": [t.to_json() for t in self._tricks],
            "tricks_won": {"NS": self._won[0], "EW": self._won[1]},
            "result": result,
            "penalty_cards": [p.to_json() for p in self._penalty_cards],
            "restrictions": [r.to_json() for r in self._restrictions],
            "rulings": [r.to_json() for r in self._rulings],
            "requests": [r.to_json() for r in self._requests],
            "refused": [r.to_json() for r in self._refused],
            "tempo": list(self._tempo),
            "log": list(self._log),
        }
        if self._face_down_lead is not None:
            out["face_down_lead"] = {"seat": self._face_down_lead[0].name}
        if self._transfers:
            out["transfers"] = [{"to": s.name, "tricks": n, "law": law} for s, n, law in self._transfers]
        if self._claim_shown is not None:
            out["claim"] = dict(self._claim_shown)
        if self._known.facts:
            out["holdings"] = [f.to_json() for f in self._known.facts]  # the director's facts about unknown hands
        info = self._handler("information")
        if info is not None and overrides(info, "record"):
            out.update(info.record(self))  # ui_flags, misinformation (Laws 16, 21, 75)
        return out

    # ------------------------------------------------------------------ views
    def visible_hands(self, seat: Seat | str) -> dict[Seat, int]:
        """The unplayed cards ``seat`` may see now (Laws 16A, 41D, 68B).

        A player sees his own hand; every player sees dummy once the opening lead is faced
        (Law 41D: dummy spreads only then, so not during the clarification period nor
        while a lead lies face down); a hand its holder has faced for a claim (Law 68B;
        the claims handler keeps it in ``_claim_shown``); after the board, the whole deal.
        Dummy sees no other hand. The director (``'director'``) sees all four."""
        if seat == DIRECTOR:
            return {s: self._hands[s] for s in Seat}
        assert isinstance(seat, Seat)
        out = {seat: self._hands[seat]}
        if self._lead_faced and self._contract is not None:
            out[self._contract.dummy] = self._hands[self._contract.dummy]
        claim = self._claim_shown
        if claim is not None and "hand" in claim:  # Law 68C: the claimer faced his hand
            claimer = Seat.parse(claim["seat"])
            out[claimer] = self._hands[claimer]
        if self._phase is Phase.ENDED and self.awaiting is None:
            for s in Seat:
                out[s] = self._hands[s]
        return out

    def views(self, seats: Iterable[Seat | str]) -> dict[Seat | str, dict[str, Any]]:
        """``view`` for several seats at once, folding ``to_json`` only once (a server
        sends every seat its view after each action)."""
        base = self.to_json()
        return {seat: self.view(seat, base=base) for seat in seats}

    def view(self, seat: Seat | str, *, base: dict[str, Any] | None = None) -> dict[str, Any]:
        """What ``seat`` (or the director) may see: the only way state should leave a server.

        Hidden hands are never included: only the hands of ``visible_hands``; penalty cards
        and played cards are public. A player's view also leaves out the meanings of other
        players' calls (an explanation reaches him only as the answer to his own request,
        Law 20F), other players' requests and refused attempts (a refused card or call
        would name a card of a hidden hand), the director's log and tempo notes. Once the
        board is over the original deal is shown (the hand record). ``base``: this table's
        ``to_json()``, when the caller already has it (it is not modified)."""
        state = dict(base) if base is not None else self.to_json()
        hands = self.visible_hands(seat)
        state["hands"] = {s.name: _hand_pbn(m) for s, m in hands.items()}
        state["hand_sizes"] = {s.name: self.cards_left(s) for s in Seat}
        state["viewer"] = str(seat)
        ended = self._phase is Phase.ENDED and self.awaiting is None
        if seat == DIRECTOR or ended:
            state["deal"] = self.board.deal.to_pbn()
        if seat != DIRECTOR:
            assert isinstance(seat, Seat)
            fd = self._face_down_lead
            if fd is not None:
                state["face_down_lead"] = {"seat": fd[0].name, **({"card": str(fd[1])} if fd[0] is seat else {})}
            state["calls"] = [
                c if c["seat"] == seat.name or "meaning" not in c
                else {k: v for k, v in c.items() if k != "meaning"}
                for c in state["calls"]
            ]
            state["requests"] = [r for r in state["requests"] if r["seat"] == seat.name]
            state["refused"] = [
                r for r in state["refused"]
                if getattr(self._actions[r["at_action"]], "seat", None) is seat
            ]
            state["rulings"] = [_public_ruling(j, r) for j, r in zip(state["rulings"], self._rulings, strict=True)]
            state.pop("log", None)
            state.pop("tempo", None)
            state.pop("ui_flags", None)
            state.pop("misinformation", None)
            state.pop("holdings", None)  # the director's findings about unseen hands
        else:
            if self._face_down_lead is not None:
                state["face_down_lead"] = {"seat": self._face_down_lead[0].name, "card": str(self._face_down_lead[1])}
            # what a handler worked out from the hidden hands for him (the claim checker's proposal)
            state["rulings"] = [
                {**j, "director_note": r.data["director_note"]} if r.data.get("director_note") else j
                for j, r in zip(state["rulings"], self._rulings, strict=True)
            ]
        return state


# Which Table method folds each kind of action (one table for all tables).
_DISPATCH: dict[type, Callable[[Table, int, Any], None]] = {
    CallAction: Table._on_call,
    PlayAction: Table._on_play,
    FaceLead: Table._on_face_lead,
    Choose: Table._on_choose,
    Decide: Table._on_decide,
    CallDirector: Table._on_call_director,
    Ask: Table._on_ask,
    Expose: Table._on_expose,
    Claim: Table._on_claim,
    Concede: Table._on_concede,
    ClaimResponse: Table._on_claim_response,
    PointOut: Table._on_point_out,
    Tempo: Table._on_tempo,
    Report: Table._on_report,
    RevokeInquiry: Table._on_revoke_inquiry,
    DummyBreach: Table._on_dummy_breach,
    PlayTogether: Table._on_play_together,
}


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


def _log_text(id_: str, **params: Any) -> Text:
    """A log line that every board writes (the end of the auction, of the play): the
    same few messages with the same few values, rendered once and shared (a ``Text`` is
    immutable)."""
    return _cached_text(id_, tuple(params.items()))


@lru_cache(maxsize=4096)
def _cached_text(id_: str, params: tuple[tuple[str, Any], ...]) -> Text:
    return text(id_, **dict(params))


_PASS = Call.PASS

# The trump suit of each strain, by strain (``Strain.suit`` builds an enum member each time).
_TRUMP: tuple[Suit | None, ...] = tuple(s.suit for s in Strain)


def _hand_pbn(mask: int) -> str:
    """A hand's PBN text; views ask for the same few hands after every action."""
    return Hand(mask).to_pbn()


_R = TypeVar("_R", Ruling, Request)

# The attributes an action folds into (what ``Table._reset`` creates), for snapshots.
_STATE = (
    "_calls", "_standing", "_contract", "_passed_out", "_hands", "_phase", "_tricks", "_face_down_lead",
    "_lead_faced", "_won", "_transfers", "_claimed", "_claim_shown", "_play_turn", "_rulings",
    "_restrictions", "_penalty_cards", "_requests", "_refused", "_tempo", "_log", "_known",
)
# Interned values a snapshot shares instead of copying (compared with ``is`` everywhere).
_CALLS = (Call.PASS, Call.DOUBLE, Call.REDOUBLE, *(Call.parse(f"{lv}{st.name}") for lv in range(1, 10) for st in Strain))
_ATOMS: dict[int, object] = {id(x): x for x in (*ALL_CARDS, *_CALLS)}


class _Checkpoint(NamedTuple):
    """The state of a quiet table after ``actions`` actions, frozen (see ``Table._checkpoint``)."""

    actions: int
    calls: tuple[CallRecord, ...]  # private copies, never handed out (or shared: ``_unshare``)
    standing: tuple[tuple[Seat, Call], ...]
    contract: Contract | None
    passed_out: bool
    hands: tuple[int, ...]
    phase: Phase
    tricks: tuple[TrickRecord, ...]  # completed tricks (private copies)
    tricks_done: int
    current: TrickRecord | None  # the trick in progress (a private copy)
    face_down_lead: tuple[Seat, Card] | None
    lead_faced: bool
    won: tuple[int, int]
    play_turn: Seat | None
    log: tuple[str, ...]
    refused: tuple[RefusedAction, ...]


class _Mark(NamedTuple):
    """What a trick of a pristine play changed since the latest checkpoint (the counts
    are lengths of the table's log and refusals, which only grow until it is made one)."""

    actions: int
    hands: tuple[int, ...]
    won: tuple[int, int]
    play_turn: Seat | None
    tricks_done: int
    phase: Phase
    log: int
    refused: int


_HOOKS_BY_EDITION: dict[str, tuple[dict[str, list[Callable[..., Any]]], bool]] = {}


def _edition_hooks(ed: Edition) -> tuple[dict[str, list[Callable[..., Any]]], bool]:
    """The handlers' hooks of an edition, by hook name, and whether any handler must see
    every card; computed once per edition (handlers are stateless singletons)."""
    found = _HOOKS_BY_EDITION.get(ed.name)
    if found is None:
        hooks = {name: [getattr(h, name) for h in ed.handlers.values() if overrides(h, name)] for name in HOOKS}
        every = any(h.needs_every_card for h in ed.handlers.values())
        found = _HOOKS_BY_EDITION[ed.name] = (hooks, every)
    return found


def _placed_by_right(by: Seat, seat: Seat, dummy: Seat) -> bool:
    """A card of ``seat`` placed by ``by``: its holder (not dummy, Law 45F), or declarer
    for dummy (45B)."""
    return (by is seat and seat is not dummy) or (seat is dummy and by is dummy.partner)


# The four seats of a trick, in the order they play, by leader.
_ROTATION: dict[Seat, tuple[Seat, Seat, Seat, Seat]] = {
    s: (s, s.lho, s.partner, s.rho) for s in Seat
}


def _copy_trick(t: TrickRecord) -> TrickRecord:
    return TrickRecord(t.leader, list(t.seats), list(t.cards), t.winner)


def _copy_call(c: CallRecord) -> CallRecord:
    return CallRecord(c.index, c.at_action, c.seat, c.call, c.alert, c.meaning, c.artificial, c.status, c.law)


def _fresh(record: _R, atoms: dict[int, object]) -> _R:
    """A copy of a mutable record (a ruling, a request) that no later step can change: its
    list and dict fields copied deeply; frozen values inside are shared."""
    changed: dict[str, Any] = {
        f.name: copy.deepcopy(value, atoms)
        for f in fields(record)
        if isinstance(value := getattr(record, f.name), list | dict)
    }
    return replace(record, **changed)


def _public_ruling(r: dict[str, Any], ruling: Ruling) -> dict[str, Any]:
    """A ruling as the players see it: without the law references its handler derived
    from hidden hands (``private_refs``, e.g. 70C from the claim checker)."""
    out = dict(r)
    out.pop("data", None)
    out.pop("analysis", None)  # the claim checker reads every hand: the director's only
    private = ruling.data.get("private_refs")
    if private:
        out["laws"] = [x for x in out["laws"] if x not in private]
        if "flags" in out:
            out["flags"] = [x for x in out["flags"] if x not in private]
    return out


class _OnlyPass(auction_laws.LegalCalls):
    def __init__(self) -> None:
        super().__init__((), Seat.N)

    def __contains__(self, call: object) -> bool:
        return call is Call.PASS

    def __iter__(self):  # type: ignore[no-untyped-def]
        yield Call.PASS
