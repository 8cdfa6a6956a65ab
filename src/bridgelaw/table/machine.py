"""The state machine behind ``Table``: the folded state of one board and the handlers'
view of it (``TableOpsImpl``). Not part of the public surface: embedders use ``Table``.

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

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

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
    PlayFrom,
    PlayTogether,
    PointOut,
    Report,
    RevokeInquiry,
    Tempo,
)
from bridgelaw.config import TableConfig
from bridgelaw.core.deal import Board
from bridgelaw.laws.editions import Edition, edition
from bridgelaw.laws.play.knowledge import HandKnowledge
from bridgelaw.table.history import _Checkpoint, _Mark
from bridgelaw.table.state import _edition_hooks
from bridgelaw.table.views import _Views
from bridgelaw.table_ops import TableOpsImpl
from bridgelaw.table_types import _ACCEPTED, Outcome, Refused, RefusedAction
from bridgelaw.table_types import ActionRefused as _Refuse

__all__ = ["TableMachine"]


class TableMachine(_Views):
    """One board at one table, as the laws' handlers and the views see it (``Table`` is its
    public face)."""

    __slots__ = ()

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
        self._partial = HandKnowledge.of(board.deal).partial
        self._all_known = not any(self._partial)
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

    def _apply(self, i: int, action: Action) -> None:
        """Fold action ``i`` by its kind's method (no snapshot, no outcome: ``act`` adds them)."""
        _DISPATCH[type(action)](self, i, action)

    def act(self, action: Action) -> Outcome:
        """Apply one action. Irregular actions are ruled on (table mode) or refused (online
        mode); impossible ones are refused. Returns what happened; never raises for a
        well-formed action.

        A refused action changes nothing but the ``refused`` list, by construction: whatever
        the handlers did before refusing is undone by rebuilding the state from the actions
        before it (from the latest checkpoint). An action whose handler raises is taken off
        the list the same way before the error propagates."""
        kind = type(action)
        if kind is PlayAction:  # a regular card on a pristine table, as a replay takes it
            if self._pristine() and self._fast_card(action):  # type: ignore[arg-type]  # a PlayAction
                if self._boundary:  # the end of a trick: no hook acts on a pristine table's card
                    self._boundary = False
                    self._mark_or_checkpoint()
                return _ACCEPTED
        elif kind is CallAction and self._fast_call(action):  # type: ignore[arg-type]  # a CallAction
            return _ACCEPTED  # a regular call on a pristine table, as a replay takes it
        handler = _DISPATCH.get(kind)
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

    def replay(self, upto: int | None = None) -> TableMachine:
        """A fresh table replayed from the first ``upto`` actions (all by default), starting
        from the latest checkpoint at or before ``upto``."""
        actions = self._actions  # sliced only where needed: an undo copies the list once
        n = slice(upto).indices(len(actions))[1]  # len(actions[:upto])
        checkpoints = _upto(self._checkpoints, n)
        marks = _upto(self._marks, n)
        table = TableMachine.__new__(TableMachine)
        table.board = self.board
        table.config = self.config
        table._edition = self._edition
        table._partial = self._partial
        table._all_known = self._all_known
        table._hooks, table._every_card = self._hooks, self._every_card
        table._marks = marks
        table._checkpoints = checkpoints
        if marks:  # the state at the latest trick's mark; the marks stay pending in the new table
            # it shares this table's completed tricks, which are final while it is pristine
            # (a mark is pending) and copied by ``_unshare`` before anything may change them
            self._shared = True
            table._restore_mark(self, marks[-1], actions)
        elif checkpoints:
            table._restore(checkpoints[-1], actions, share=True)
        else:
            table._actions = []
            table._reset()
        rest = actions[len(table._actions):n]
        if rest:
            table._fold(rest)
        return table

    def undo(self) -> TableMachine:
        """The table as it was before the last action: the latest checkpoint (the end of the
        last trick played while nothing irregular had happened) and the actions after it."""
        return self.replay(len(self._actions) - 1)


_Taken = TypeVar("_Taken", _Checkpoint, _Mark)


def _upto(taken: list[_Taken], n: int) -> list[_Taken]:
    """The checkpoints (or marks) taken at or before action ``n``: they are in order, so a
    scan from the end finds the cut, at once for an undo however long the board."""
    k = len(taken)
    while k and taken[k - 1].actions > n:
        k -= 1
    return taken[:k]


_DISPATCH: dict[type, Callable[[TableMachine, int, Any], None]] = {
    CallAction: TableMachine._on_call,
    PlayAction: TableMachine._on_play,
    FaceLead: TableMachine._on_face_lead,
    Choose: TableMachine._on_choose,
    Decide: TableMachine._on_decide,
    CallDirector: TableMachine._on_call_director,
    Ask: TableMachine._on_ask,
    Expose: TableMachine._on_expose,
    Claim: TableMachine._on_claim,
    Concede: TableMachine._on_concede,
    ClaimResponse: TableMachine._on_claim_response,
    PointOut: TableMachine._on_point_out,
    Tempo: TableMachine._on_tempo,
    Report: TableMachine._on_report,
    RevokeInquiry: TableMachine._on_revoke_inquiry,
    DummyBreach: TableMachine._on_dummy_breach,
    PlayTogether: TableMachine._on_play_together,
    PlayFrom: TableMachine._on_play_from,
}
