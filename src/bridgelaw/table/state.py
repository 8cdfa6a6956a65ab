"""The folded state of a table and the questions asked of it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from bridgelaw.actions import (
    Action,
    PlayAction,
)
from bridgelaw.config import TableConfig
from bridgelaw.core.calls import Call, Contract, Strain
from bridgelaw.core.cards import Card, Seat, Side, Suit
from bridgelaw.core.deal import Board, Hand
from bridgelaw.i18n import Text, text
from bridgelaw.laws.auction import regular as auction_laws
from bridgelaw.laws.base.handler import Handler, overrides
from bridgelaw.laws.editions import Edition
from bridgelaw.laws.play.knowledge import HandKnowledge
from bridgelaw.laws.play.regular import LegalCards, legal_mask
from bridgelaw.records import CallRecord, TrickRecord
from bridgelaw.rulings import (
    PenaltyCard,
    Restriction,
    Ruling,
    RulingStatus,
)
from bridgelaw.table_types import HOOKS, Outcome, Phase, RefusedAction, Request

if TYPE_CHECKING:
    from bridgelaw.table.history import _Checkpoint, _Mark
    from bridgelaw.table_ops import TableOpsImpl


class _State:
    """The folded state of a table and the questions asked of it (a part of ``Table``:
    the parts are one object, split by subject; each part may use the others)."""

    # Slots, not a dict: a replay or an undo makes a new table and sets every one of them,
    # and a server keeps thousands of tables.
    __slots__ = (
        "_actions", "_all_known", "_boundary", "_calls", "_checkpoints", "_claim_shown", "_claimed",
        "_contract", "_copies", "_edition", "_every_card", "_face_down_lead", "_hands", "_hooks", "_known",
        "_lead_faced", "_log", "_marks", "_partial", "_parts", "_passed_out", "_penalty_cards", "_phase",
        "_play_turn", "_refused", "_requests", "_restrictions", "_rulings", "_shared", "_standing", "_tempo",
        "_transfers", "_tricks", "_won", "board", "config",
    )

    # Set once by ``Table.__init__``; everything else is set by ``_reset``.
    board: Board
    config: TableConfig
    _edition: Edition
    _actions: list[Action]
    _checkpoints: list[_Checkpoint]
    _marks: list[_Mark]
    _hooks: dict[str, list[Callable[..., Any]]]
    _every_card: bool
    _partial: tuple[bool, bool, bool, bool]  # the deal's partly known hands, worked out once
    _all_known: bool  # the deal gives every hand (``_known.complete``, which never changes)

    if TYPE_CHECKING:  # defined by the later parts of the Table
        @property
        def _ops(self) -> TableOpsImpl: ...
        def act(self, action: Action) -> Outcome: ...
        def _apply(self, i: int, action: Action) -> None: ...
        def _after_call_change(self) -> None: ...
        def _shown(
            self, i: int, a: Action, seat: Seat, cards: Sequence[Card], then: Callable[[int, Any], None]
        ) -> None: ...
        def _legal_unknown(self, seat: Seat) -> LegalCards: ...

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
        self._play_turn: Seat | None = None
        self._reset_irregular()

    def _reset_irregular(self) -> None:
        """``_reset`` of all but the calls, hands, tricks and turn: what a quiet table's
        checkpoint leaves out (``_restore_mark`` sets the rest itself)."""
        self._transfers: list[tuple[Side, int, str]] = []  # tricks transferred to a side, with the law
        self._claimed: tuple[int, int] | None = None  # tricks finally credited (NS, EW) by a claim
        self._claim_shown: dict[str, Any] | None = None  # the claim and the claimer's faced hand (68C)
        # irregularities
        self._rulings: list[Ruling] = []
        self._restrictions: list[Restriction] = []
        self._penalty_cards: list[PenaltyCard] = []
        self._requests: list[Request] = []
        self._refused: list[RefusedAction] = []
        self._tempo: list[dict[str, Any]] = []
        self._log: list[str] = []
        self._known = HandKnowledge(self._partial)  # hands the deal left unknown (see "partly known hands")
        self._boundary = False  # a trick or the auction has just been completed
        self._shared = False  # checkpoints share the call and completed trick records (``_unshare``)
        # the snapshot's copies of the rulings and requests, by the record's id (``_kept_copy``)
        self._copies: dict[int, tuple[object, object]] = {}

    @property
    def actions(self) -> Sequence[Action]:
        return tuple(self._actions)

    @property
    def action_count(self) -> int:
        return len(self._actions)

    @property
    def last_action(self) -> Action | None:
        return self._actions[-1] if self._actions else None

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
        barred = any(r.seat is seat and r.kind == "no_double" for r in self._restrictions)  # 1997 30B2
        return auction_laws.LegalCalls(self._standing, seat, no_double=barred)

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
        from bridgelaw.laws.play.common import playable_mask

        return LegalCards(playable_mask(self._ops, seat))

    def must_pass(self, seat: Seat) -> Restriction | None:
        for r in self._restrictions:
            if r.seat is seat and r.kind == "must_pass":
                return r
        return None

    def _by_right(self, a: PlayAction) -> bool:
        """``a.by`` may place the card: its holder, or declarer for dummy (Law 45)."""
        assert self._contract is not None and a.by is not None
        return _placed_by_right(a.by, a.seat, self._contract.dummy)

    def _actor(self, a: PlayAction) -> Seat:
        """Who placed a card: as the action says, else declarer for dummy once dummy is
        down (Law 45B), else its holder."""
        c = self._contract
        assert c is not None
        return a.by or (c.declarer if a.seat is c.dummy and self._lead_faced else a.seat)

    @property
    def ordinary(self) -> bool:
        """Nothing irregular has happened (see ``_pristine``)."""
        return self._pristine()

    @property
    def log(self) -> Sequence[str]:
        """The table's log: a line for each call, card and ruling event, in order."""
        return self._log

    def _pristine(self) -> bool:
        """Nothing irregular has happened: no ruling, restriction, penalty card, request,
        tempo note, transfer or claim (the table is then a plain function of its calls and
        cards)."""
        return not (
            self._rulings or self._tempo or self._requests or self._transfers or self._restrictions
            or self._penalty_cards or self._claim_shown is not None or self._claimed is not None
            or not self._all_known  # ``_known.complete``: its partly known hands are the deal's
        )

    def _quiet(self) -> bool:
        """Nothing that a card hook could act on: no ruling, penalty card, restriction or tempo record."""
        return not (self._rulings or self._penalty_cards or self._restrictions or self._tempo)

    def _handler(self, kind: str) -> Handler | None:
        return self._edition.handler(kind)

    def _follow_ups(self) -> list[Ruling]:
        if not self._rulings:
            return []
        return [r for r in self._rulings if r.status is RulingStatus.FOLLOW_UP]

    def _led_suit(self) -> Suit | None:
        if not self._tricks:
            return None
        t = self._tricks[-1]
        if t.complete or not t.cards:
            return None
        return t.cards[0].suit




def _log_text(id_: str, **params: Any) -> Text:
    """A log line that every board writes (the end of the auction, of the play): the
    same few messages with the same few values, rendered once and shared (a ``Text`` is
    immutable)."""
    return _cached_text(id_, tuple(params.items()))



@lru_cache(maxsize=4096)
def _cached_text(id_: str, params: tuple[tuple[str, Any], ...]) -> Text:
    return text(id_, **dict(params))



_PASS = Call.PASS



_TRUMP: tuple[Suit | None, ...] = tuple(s.suit for s in Strain)


# ``Seat.lho``, ``Seat.partner`` and ``Seat.side`` by seat, without a property call on the fast paths.
_LHO: tuple[Seat, ...] = tuple(s.lho for s in Seat)
_PARTNER: tuple[Seat, ...] = tuple(s.partner for s in Seat)
_SIDE: tuple[Side, ...] = tuple(s.side for s in Seat)



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



class _OnlyPass(auction_laws.LegalCalls):
    def __init__(self) -> None:
        super().__init__((), Seat.N)

    def __contains__(self, call: object) -> bool:
        return call is Call.PASS

    def __iter__(self):  # type: ignore[no-untyped-def]
        yield Call.PASS


def _placed_by_right(by: Seat, seat: Seat, dummy: Seat) -> bool:
    """A card of ``seat`` placed by ``by``: its holder (not dummy, Law 45F), or declarer
    for dummy (45B)."""
    return (by is seat and seat is not dummy) or (seat is dummy and by is dummy.partner)
