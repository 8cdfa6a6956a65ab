"""Checkpoints, snapshots and rewinding: how a table goes back without replaying the whole board."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import fields, replace
from typing import Any, NamedTuple, TypeVar

from bridgelaw.actions import (
    Action,
)
from bridgelaw.core.calls import Call, Contract, Strain
from bridgelaw.core.cards import ALL_CARDS, Card, Seat
from bridgelaw.laws.play.knowledge import HandKnowledge
from bridgelaw.records import CallRecord, TrickRecord
from bridgelaw.rulings import (
    Ruling,
)
from bridgelaw.table.state import _State
from bridgelaw.table_types import _ACCEPTED as _ACCEPTED
from bridgelaw.table_types import Phase, RefusedAction, Request

_R = TypeVar("_R", Ruling, Request)


_STATE = (
    "_calls", "_standing", "_contract", "_passed_out", "_hands", "_phase", "_tricks", "_face_down_lead",
    "_lead_faced", "_won", "_transfers", "_claimed", "_claim_shown", "_play_turn", "_rulings",
    "_restrictions", "_penalty_cards", "_requests", "_refused", "_tempo", "_log", "_known",
)


_CALLS = (Call.PASS, Call.DOUBLE, Call.REDOUBLE, *(Call.parse(f"{lv}{st.name}") for lv in range(1, 10) for st in Strain))


_ATOMS: dict[int, object] = {id(x): x for x in (*ALL_CARDS, *_CALLS)}


class _Checkpoint(NamedTuple):
    """The state of a quiet table after ``actions`` actions, frozen (see ``Table._checkpoint``)."""

    actions: int
    calls: tuple[CallRecord, ...]  # private copies, or shared while nothing may change them (``_unshare``)
    standing: tuple[tuple[Seat, Call], ...]
    contract: Contract | None
    passed_out: bool
    hands: tuple[int, ...]
    phase: Phase
    tricks: tuple[TrickRecord, ...]  # completed tricks (private copies, or shared as the calls are)
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



class _History(_State):
    """Checkpoints, snapshots and rewinding (a part of ``Table``)."""

    __slots__ = ()

    def _checkpoint(self, *, share: bool = False) -> None:
        """Keep a copy of the state after a completed trick (or the auction), while nothing
        irregular has happened: the records a handler could change later exist only once a
        ruling does, so a quiet table's past is final and can be shared.

        ``share``: the checkpoint keeps the table's own call and completed trick records
        instead of copies (``_fold`` on a pristine table, where no call or completed trick
        changes once made); ``_unshare`` gives the table copies before anything else may
        change them."""
        if self._pristine():
            self._take_checkpoint(share=share)

    def _take_checkpoint(self, *, share: bool) -> None:
        """``_checkpoint`` on a table known to be pristine."""
        self._materialize()
        last = self._checkpoints[-1] if self._checkpoints else None
        live = self._tricks
        done = len(live) if not live or live[-1].complete else len(live) - 1
        if last is not None and last.tricks_done == done - 1 and last.phase is not Phase.AUCTION:
            tricks = (*last.tricks, *_frozen(live[done - 1:done], share=share))
            calls, standing = last.calls, last.standing  # the auction is over: they no longer change
        else:
            tricks = _frozen(live[:done], share=share)
            calls = tuple(self._calls) if share else tuple(_copy_call(c) for c in self._calls)
            standing = tuple(self._standing)
        self._shared = self._shared or share
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
            base is None or base.phase is _AUCTION or not self._lead_faced
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
        they read, or when a replay needs them). They share the table's completed tricks:
        copying them here would make every undo as dear as the board is long."""
        marks = self._marks
        if not marks:
            return
        self._marks = []
        self._shared = True
        tricks = self._tricks
        self._checkpoints.extend([self._checkpoint_of(m, tricks) for m in marks])

    def _checkpoint_of(self, m: _Mark, frozen: list[TrickRecord]) -> _Checkpoint:
        """The checkpoint a pending mark stands for; ``frozen``: the table's tricks, the
        completed ones of which are final while it is shared (only those the mark counts
        are kept)."""
        base = self._checkpoints[-1]
        return _Checkpoint(
            m.actions, base.calls, base.standing, base.contract, base.passed_out, m.hands, m.phase,
            (*base.tricks, *frozen[base.tricks_done:m.tricks_done]), m.tricks_done, None, None, True,
            m.won, m.play_turn, tuple(self._log[: m.log]), tuple(self._refused[: m.refused]),
        )

    def _unshare(self) -> None:
        """Give the table its own copies of the call and trick records its checkpoints (and
        tables replayed from them) share, before a step that may change them (a handler, a
        hook); pending marks become checkpoints first."""
        if self._marks:
            self._materialize()
        if self._shared:
            self._shared = False
            self._calls = [_copy_call(c) for c in self._calls]
            self._tricks = [_copy_trick(t) for t in self._tricks]

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
            [_copy_trick(t) for t in self._tricks],
            self._face_down_lead,
            self._lead_faced,
            list(self._won),
            list(self._transfers),
            self._claimed,
            copy.deepcopy(self._claim_shown, atoms),
            self._play_turn,
            [self._kept_copy(r, atoms) for r in self._rulings],
            list(self._restrictions),
            list(self._penalty_cards),
            [self._kept_copy(r, atoms) for r in self._requests],
            list(self._refused),
            [dict(x) for x in self._tempo],
            list(self._log),
            HandKnowledge(self._known.partial, list(self._known.facts)),
        ]

    def _kept_copy(self, record: _R, atoms: dict[int, object]) -> _R:
        """``_fresh(record)``, or the copy the last snapshot made of it when the record is
        still equal to it: a board with hundreds of rulings, most of them closed, does not
        copy every one of them before each action (only one snapshot is alive at a time,
        and its copies are dropped from here once a rewind makes them the table's own)."""
        kept = self._copies.get(id(record))
        if kept is not None and kept[0] is record and kept[1] == record:
            return kept[1]  # the copy of this very record
        fresh = _fresh(record, atoms)
        self._copies[id(record)] = (record, fresh)
        return fresh

    def _take_back_originals(self) -> None:
        """After a rewind to a snapshot: a ruling or request the refused action left as it
        was is the table's own record again (its copy stays the snapshot's copy of it); one
        the action changed is replaced by its copy, which is then the table's own."""
        originals = {id(copy_): (record, copy_) for record, copy_ in self._copies.values()}
        kept: dict[int, tuple[object, object]] = {}

        def own(records: list[_R]) -> list[_R]:
            out = []
            for c in records:
                pair = originals.get(id(c))
                if pair is not None and pair[0] == c:
                    out.append(pair[0])
                    kept[id(pair[0])] = pair
                else:
                    out.append(c)
            return out  # the originals of these very copies

        self._rulings = own(self._rulings)
        self._requests = own(self._requests)
        self._copies = kept

    def _restore(self, cp: _Checkpoint, actions: Sequence[Action], *, share: bool = False) -> None:
        """Make this table's state the checkpoint's (fresh mutable records: the checkpoint
        stays as it was). ``share``: the call and completed trick records stay the
        checkpoint's until ``_unshare`` (a replay, which then costs the same at any point
        of the board); a rewind, which applies handlers directly, takes copies."""
        self._reset()
        self._actions = list(actions[: cp.actions])
        if share:
            self._shared = True
            self._calls = list(cp.calls)
            self._tricks = [*cp.tricks] if cp.current is None else [*cp.tricks, _copy_trick(cp.current)]
        else:
            self._calls = [_copy_call(c) for c in cp.calls]
            frozen = cp.tricks if cp.current is None else (*cp.tricks, cp.current)
            self._tricks = [_copy_trick(t) for t in frozen]
        self._standing = list(cp.standing)
        self._contract = cp.contract
        self._passed_out = cp.passed_out
        self._hands = list(cp.hands)
        self._phase = cp.phase
        self._face_down_lead = cp.face_down_lead
        self._lead_faced = cp.lead_faced
        self._won = list(cp.won)
        self._play_turn = cp.play_turn
        self._log = list(cp.log)
        self._refused = list(cp.refused)

    def _restore_mark(self, source: _History, m: _Mark, actions: list[Action]) -> None:
        """Make this table's state what ``source``'s was at its pending mark ``m`` (what
        ``_restore`` of the checkpoint it stands for does, without making it: the mark
        stays pending here too, on the same completed tricks, shared as ``_restore``
        shares them). This table's checkpoints are ``source``'s up to the mark."""
        base = self._checkpoints[-1]
        self._reset_irregular()
        self._shared = True
        self._actions = actions[: m.actions]  # a new list
        self._calls = list(base.calls)
        self._standing = list(base.standing)
        self._contract = base.contract
        self._passed_out = base.passed_out
        self._hands = list(m.hands)
        self._phase = m.phase
        self._tricks = source._tricks[: m.tricks_done]
        self._face_down_lead = None
        self._lead_faced = True
        self._won = list(m.won)
        self._play_turn = m.play_turn
        self._log = source._log[: m.log]
        self._refused = source._refused[: m.refused]

    def _rewind(self, i: int, snapshot: list[Any] | None) -> None:
        """Put the state back to what it was before action ``i``: the snapshot taken before
        it, or else the latest checkpoint before it with the actions after that folded
        again. An action that was refused then is not applied again (it changed nothing);
        its refusal is kept."""
        if snapshot is not None:
            for name, value in zip(_STATE, snapshot, strict=True):
                setattr(self, name, value)
            self._boundary = False
            self._take_back_originals()
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
            self._apply(j, a)
            self._boundary = False
        self._actions.append(actions[i])
        self._boundary = False




_AUCTION = Phase.AUCTION  # a global: looking an enum member up is several times dearer



def _copy_trick(t: TrickRecord) -> TrickRecord:
    return TrickRecord(t.leader, list(t.seats), list(t.cards), t.winner, t.unrecorded)



def _frozen(tricks: Sequence[TrickRecord], *, share: bool) -> tuple[TrickRecord, ...]:
    """Completed tricks for a checkpoint: the table's own records when it shares them with
    its checkpoints (``_unshare``), else private copies."""
    return tuple(tricks) if share else tuple(_copy_trick(t) for t in tricks)



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

