"""The Table: one board at one table, as an event-sourced state machine.

A table is its board (deal, dealer, vulnerability), its configuration and the ordered list
of actions. Every state is derived by replaying that list: ``Table(board, config,
actions)`` folds them one by one, ``undo()`` is a replay of all but the last, and the
scenario output, the per-seat views and the exported records all read the folded state.

The engine accepts every physically possible action. In ``table`` mode an irregular one
is recorded and ruled on by the handler the edition assigns to it (``bridgelaw.laws``);
in ``online`` mode it is refused with a code and no state changes. Only impossible input
(a card the player does not hold, a choice nobody offered) is refused in both modes.

``Table`` is the whole public surface of this package: every member an embedder uses is
declared here. The machinery behind it (``machine``: the fold, the rulings' lifecycle,
checkpoints, views; ``TableOpsImpl``: what the laws' handlers act through) is not.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bridgelaw.actions import Action
from bridgelaw.config import TableConfig
from bridgelaw.core.calls import Call, Contract
from bridgelaw.core.cards import Card, Seat, Side, Suit
from bridgelaw.core.deal import Board, Hand
from bridgelaw.laws.auction.regular import LegalCalls
from bridgelaw.laws.play.knowledge import HandKnowledge
from bridgelaw.laws.play.regular import LegalCards
from bridgelaw.records import CallRecord, TrickRecord
from bridgelaw.rulings import PenaltyCard, Restriction, Ruling
from bridgelaw.table.machine import TableMachine
from bridgelaw.table_types import HOOKS, Outcome, Phase, Refused, RefusedAction, Request

__all__ = ["HOOKS", "Outcome", "Phase", "Refused", "RefusedAction", "Request", "Table"]


class Table:
    """One board at one table. Build it with a board and a config, then ``act`` / ``push``.

    >>> from bridgelaw import Board, Deal, Table, CallAction, Call, Seat
    >>> t = Table(Board.standard(1, Deal.parse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")))
    >>> t.act(CallAction(Seat.N, Call.parse("1S"))).accepted, t.turn
    (True, <Seat.E: 1>)
    """

    __slots__ = ("__weakref__", "_m")

    def __init__(self, board: Board, config: TableConfig | None = None, actions: Iterable[Action] = ()) -> None:
        self._m = TableMachine(board, config, actions)

    @classmethod
    def _of(cls, machine: TableMachine) -> Table:
        table = cls.__new__(cls)
        table._m = machine
        return table

    def __repr__(self) -> str:
        return f"<Table board {self._m.board.number}, {len(self._m.actions)} actions, {self._m.phase.value}>"

    # ------------------------------------------------------------------ actions

    def act(self, action: Action) -> Outcome:
        """Apply one action. Irregular actions are ruled on (table mode) or refused (online
        mode); impossible ones are refused. Returns what happened; never raises for a
        well-formed action. A refused action changes nothing but ``refused``."""
        return self._m.act(action)

    def push(self, action: Action) -> Outcome:
        """Like ``act`` but raise ``Refused`` when the table refuses the action; the refused
        action is not kept (the table is exactly as before it)."""
        return self._m.push(action)

    def replay(self, upto: int | None = None) -> Table:
        """A fresh table replayed from the first ``upto`` actions (all by default)."""
        return Table._of(self._m.replay(upto))

    def undo(self) -> Table:
        """The table as it was before the last action."""
        return Table._of(self._m.undo())

    @property
    def actions(self) -> Sequence[Action]:
        """Every action accepted so far, in order: the table is their fold."""
        return self._m.actions

    @property
    def action_count(self) -> int:
        """How many actions the table has accepted (``len(actions)`` without copying them)."""
        return self._m.action_count

    @property
    def last_action(self) -> Action | None:
        """The action accepted last, or None before the first: what a caller looking at the
        newest change needs, without a copy of the whole list."""
        return self._m.last_action

    @property
    def ordinary(self) -> bool:
        """Nothing irregular has happened: no ruling, restriction, penalty card, request,
        tempo note, transfer or claim, and every hand known (the table is then a plain
        function of its calls and cards)."""
        return self._m.ordinary

    @property
    def log(self) -> Sequence[str]:
        """The table's log: a line for each call, card and ruling event, in order."""
        return self._m.log

    @property
    def refused(self) -> Sequence[RefusedAction]:
        """The actions refused, with the position they were tried at and the code why."""
        return self._m.refused

    # ------------------------------------------------------------------ the board

    @property
    def board(self) -> Board:
        """The board: number, deal (hands may be unknown), dealer and vulnerability."""
        return self._m.board

    @property
    def config(self) -> TableConfig:
        """The edition, the mode (table or online), the regulations and convention cards."""
        return self._m.config

    @property
    def edition(self) -> str:
        """The edition of the Laws the table rules by ("2017" or "1997")."""
        return self._m.edition

    @property
    def dealer(self) -> Seat:
        return self._m.dealer

    @property
    def phase(self) -> Phase:
        """Auction, lead, play or ended."""
        return self._m.phase

    @property
    def turn(self) -> Seat | None:
        """The hand whose call or card is due (dummy's seat when dummy's card is due)."""
        return self._m.turn

    @property
    def to_act(self) -> Seat | str | None:
        """Who acts now: a seat, ``"director"``, or None when the board is over."""
        return self._m.to_act

    # ------------------------------------------------------------------ the auction

    @property
    def calls(self) -> Sequence[CallRecord]:
        """Every call made, standing or cancelled, with its seat and status."""
        return self._m.calls

    @property
    def standing(self) -> Sequence[tuple[Seat, Call]]:
        """The calls that count, in order: the auction as the Laws read it."""
        return self._m.standing

    @property
    def legal_calls(self) -> LegalCalls:
        """The calls the player to call may lawfully make (an obligation to pass included)."""
        return self._m.legal_calls

    def must_pass(self, seat: Seat) -> Restriction | None:
        """The restriction obliging ``seat`` to pass at its next turn, if there is one."""
        return self._m.must_pass(seat)

    @property
    def contract(self) -> Contract | None:
        return self._m.contract

    @property
    def passed_out(self) -> bool:
        return self._m.passed_out

    @property
    def declarer(self) -> Seat | None:
        return self._m.declarer

    @property
    def dummy(self) -> Seat | None:
        return self._m.dummy

    # ------------------------------------------------------------------ the play

    @property
    def legal_cards(self) -> LegalCards:
        """The cards the hand to play may lawfully play (following suit, Law 44C); lazy:
        ``in``, iteration and ``len``. Where the hand is not fully known, ``known`` is False
        and the cards are those it may hold."""
        return self._m.legal_cards

    @property
    def tricks(self) -> Sequence[TrickRecord]:
        """The tricks played so far, the one in progress last."""
        return self._m.tricks

    @property
    def face_down_lead(self) -> tuple[Seat, Card] | None:
        """The opening lead made face down and not yet faced (Law 41A), if there is one."""
        return self._m.face_down_lead

    @property
    def lead_faced(self) -> bool:
        return self._m.lead_faced

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds (penalty cards included: they are his until played)."""
        return self._m.hand(seat)

    def tricks_won(self, side: Side) -> int:
        """Tricks won in play by ``side`` so far."""
        return self._m.tricks_won(side)

    def arrangement(self) -> dict[str, list[dict[str, Any]]]:
        """Law 65: each player's played cards in order, turned towards the side that won."""
        return self._m.arrangement()

    # ------------------------------------------------------------------ irregularities

    @property
    def rulings(self) -> Sequence[Ruling]:
        """Every ruling opened, in order, with its laws, options, questions and outcome."""
        return self._m.rulings

    @property
    def awaiting(self) -> Ruling | None:
        """The ruling the table is waiting on (a player's choice or the director's answer)."""
        return self._m.awaiting

    @property
    def restrictions(self) -> Sequence[Restriction]:
        """What the Laws oblige a player to do or not to do later (a lead, a pass, ...)."""
        return self._m.restrictions

    @property
    def penalty_cards(self) -> Sequence[PenaltyCard]:
        return self._m.penalty_cards

    @property
    def requests(self) -> Sequence[Request]:
        """Requests for information (Laws 20, 41, 66) and how each was answered."""
        return self._m.requests

    # ------------------------------------------------------------------ what the table knows of the hands

    @property
    def knowledge(self) -> HandKnowledge:
        """The cards known to be in each hand and the facts the director established, for a
        board whose deal is only partly known."""
        return self._m.knowledge

    def hand_known(self, seat: Seat) -> bool:
        """Whether the deal gave all thirteen cards of ``seat``'s hand."""
        return self._m.hand_known(seat)

    def holds_suit(self, seat: Seat, suit: Suit, trick: int | None = None) -> bool | None:
        """Did ``seat`` hold a card of ``suit`` at ``trick`` (1-based; default: now)? None
        when the table cannot know it (the director is asked instead)."""
        return self._m.holds_suit(seat, suit, trick)

    def cards_left(self, seat: Seat) -> int:
        """How many cards ``seat`` still holds, known or not."""
        return self._m.cards_left(seat)

    def unseen_count(self, seat: Seat) -> int:
        """How many of ``seat``'s unplayed cards nobody has seen."""
        return self._m.unseen_count(seat)

    # ------------------------------------------------------------------ result and output

    @property
    def declarer_tricks(self) -> int | None:
        """Tricks credited to declarer: won in play, after transfers and claims (Laws 64, 69-71)."""
        return self._m.declarer_tricks

    @property
    def score_ns(self) -> int | None:
        """North-South's score for the board once it is over (Law 77), or the adjusted one."""
        return self._m.score_ns

    @property
    def adjusted_score(self) -> dict[str, Any] | None:
        """The adjusted score a closed ruling awarded (Law 12C; the last one counts)."""
        return self._m.adjusted_score

    def to_json(self) -> dict[str, Any]:
        """The whole state as the scenario format states it (docs/scenario-format.md)."""
        return self._m.to_json()

    def view(self, seat: Seat | str, *, base: dict[str, Any] | None = None) -> dict[str, Any]:
        """What ``seat`` (or ``"director"``) may see: never another player's hidden cards.
        The only way state should leave a server."""
        return self._m.view(seat, base=base)

    def views(self, seats: Iterable[Seat | str]) -> dict[Seat | str, dict[str, Any]]:
        """``view`` for several seats at once, sharing the parts they have in common."""
        return self._m.views(seats)

    def visible_hands(self, seat: Seat | str) -> dict[Seat, int]:
        """The unplayed cards ``seat`` may see now (Laws 16A, 41D, 68B), as card masks."""
        return self._m.visible_hands(seat)
