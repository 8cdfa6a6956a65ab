"""What a law handler sees of the Table, and the base class every handler extends.

A handler owns one kind of ruling ("insufficient_bid", "call_out_of_rotation", ...). The
Table opens a ruling when it detects the irregularity, then calls the handler back when a
player chooses an option, when the director answers a question, or when a later action the
ruling waits for arrives. The handler acts on the Table only through ``TableOps``; each
operation is recorded on the ruling as a consequence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import ClassVar, Literal, NoReturn, Protocol

from bridgelaw.actions import Action, Ask, CallAction, Choose, PlayAction
from bridgelaw.config import TableConfig
from bridgelaw.core.calls import Call, Contract
from bridgelaw.core.cards import Card, Seat, Side, Suit
from bridgelaw.core.deal import Board
from bridgelaw.records import CallRecord, TrickRecord
from bridgelaw.rulings import (
    JsonDict,
    JsonMap,
    Option,
    PenaltyCard,
    Question,
    Restriction,
    RestrictionKind,
    Ruling,
    RulingState,
    Until,
)
from bridgelaw.table_types import RefusedAction, Request


class TableView(Protocol):
    """The Table as anyone may read it, read only: the board, the auction, the play, the
    rulings and requests, and what is known of each hand. The Table itself and the
    handlers' ``TableOps`` both have this shape, so the information handlers (and the
    output hooks such as ``Handler.record``) read either."""

    @property
    def edition(self) -> str: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def board(self) -> Board: ...
    @property
    def config(self) -> TableConfig: ...
    @property
    def actions(self) -> Sequence[Action]: ...
    @property
    def calls(self) -> Sequence[CallRecord]: ...
    @property
    def standing(self) -> Sequence[tuple[Seat, Call]]: ...
    @property
    def contract(self) -> Contract | None: ...
    @property
    def passed_out(self) -> bool: ...
    @property
    def tricks(self) -> Sequence[TrickRecord]: ...
    @property
    def rulings(self) -> Sequence[Ruling]: ...
    @property
    def restrictions(self) -> Sequence[Restriction]: ...
    @property
    def penalty_cards(self) -> Sequence[PenaltyCard]: ...
    @property
    def requests(self) -> Sequence[Request]: ...
    @property
    def refused(self) -> Sequence[RefusedAction]: ...
    @property
    def lead_faced(self) -> bool: ...
    @property
    def face_down_lead(self) -> tuple[Seat, Card] | None: ...
    @property
    def turn(self) -> Seat | None: ...
    @property
    def awaiting(self) -> Ruling | None: ...
    @property
    def declarer_tricks(self) -> int | None: ...
    @property
    def score_ns(self) -> int | None: ...

    def must_pass(self, seat: Seat) -> Restriction | None: ...

    # partly known hands: None is "nobody can tell" (the director is asked)
    def hand_known(self, seat: Seat) -> bool: ...
    def cards_left(self, seat: Seat) -> int: ...
    def unseen_mask(self) -> int: ...
    def trick_number(self) -> int: ...
    def holds_any(self, seat: Seat, mask: int, trick: int | None = None) -> bool | None: ...


class TableOps(TableView, Protocol):
    """The Table as a law handler may read and change it: ``TableView`` and the handler's
    own reading of the play, then every rectifying operation, each recorded on the ruling
    it is done for."""

    @property
    def auction_over(self) -> bool: ...

    def hand(self, seat: Seat) -> int: ...
    def to_call(self) -> Seat: ...

    # consequences
    def stand_call(self, ruling: Ruling, record: CallRecord) -> None: ...
    def cancel_call(self, ruling: Ruling, record: CallRecord) -> None: ...
    def restrict(self, ruling: Ruling, restriction: Restriction) -> None: ...
    def lift(self, ruling: Ruling, restriction: Restriction) -> None: ...
    def add_penalty_card(self, ruling: Ruling, card: PenaltyCard) -> None: ...
    def offer(self, ruling: Ruling, options: Sequence[Option]) -> None: ...
    def ask_director(self, ruling: Ruling, questions: Sequence[Question]) -> None: ...
    def expect_call(self, ruling: Ruling, seat: Seat | None) -> None: ...
    def follow_up(self, ruling: Ruling) -> None: ...
    def close(self, ruling: Ruling) -> None: ...
    def log(self, line: str) -> None: ...

    # auction irregularities (Laws 24-39)
    @property
    def rulings(self) -> Sequence[Ruling]: ...
    @property
    def phase(self) -> str: ...
    def judge_call(self, ruling: Ruling, record: CallRecord) -> None: ...
    def open_ruling(
        self, kind: str, offender: Seat | None, *, state: RulingState | None = None,
        action: Action | None = None, call: int | None = None,
    ) -> Ruling: ...
    def substitute_pass(self, ruling: Ruling, record: CallRecord, law: str) -> CallRecord: ...
    def restate_call(self, ruling: Ruling, record: CallRecord, law: str) -> CallRecord: ...

    @property
    def actions(self) -> Sequence[Action]: ...

    # the play (Laws 41-67)
    @property
    def tricks(self) -> Sequence[TrickRecord]: ...
    def replace_played_card(self, ruling: Ruling, trick_no: int, seat: Seat, card: Card) -> None: ...
    def could_hold(self, seat: Seat, card: Card) -> bool: ...
    def reveal_card(self, ruling: Ruling, seat: Seat, card: Card) -> None: ...

    # play irregularities (Laws 41A, 45-67): reading
    @property
    def play_turn(self) -> Seat | None: ...
    @property
    def transfers(self) -> Sequence[tuple[Side, int, str]]: ...
    @property
    def won(self) -> tuple[int, int]: ...
    @property
    def claimed(self) -> tuple[int, int] | None: ...
    @property
    def claim_shown(self) -> JsonMap | None: ...
    @property
    def deal_complete(self) -> bool: ...
    def led_suit(self) -> Suit | None: ...
    def handler(self, kind: str) -> Handler | None: ...

    # play irregularities: changing
    def play_card(self, ruling: Ruling, seat: Seat, card: Card) -> None: ...
    def set_play_turn(self, ruling: Ruling, seat: Seat) -> None: ...
    def return_face_down_lead(self, ruling: Ruling) -> None: ...
    def pick_up_penalty_card(self, ruling: Ruling, card: Card) -> None: ...
    def set_penalty_kind(self, ruling: Ruling, card: Card, kind: Literal["major", "minor"]) -> None: ...
    def drop_restriction(self, restriction: Restriction) -> None: ...
    def change_declarer(self, ruling: Ruling, declarer: Seat) -> None: ...
    def unwind(self, ruling: Ruling, trick_no: int, position: int) -> list[tuple[Seat, Card]]: ...
    def transfer_tricks(self, ruling: Ruling, to: Side, n: int, law: str) -> None: ...
    def withdraw_transfers(self, ruling: Ruling, law: str) -> int: ...

    # partly known hands
    def note_holding(self, seat: Seat, mask: int, trick: int, holds: bool) -> None: ...
    def supposing(self, seat: Seat, masks: Sequence[int]) -> AbstractContextManager[None]: ...
    def shown_cards(
        self, i: int, a: Action, seat: Seat, cards: Sequence[Card], then: Callable[[int, Action], None],
    ) -> None: ...
    def judge_shown_card(self, a: PlayAction) -> None: ...

    # claims and concessions (Laws 68-71), and the actions a handler rules on itself
    def refuse(self, code: str, message: str) -> NoReturn: ...
    def show_claim(self, ruling: Ruling, info: JsonMap | None) -> None: ...
    def settle_tricks(self, ruling: Ruling, ns: int, ew: int) -> None: ...
    def end_play(self, ruling: Ruling) -> None: ...
    def resume_play(self, ruling: Ruling, at: int) -> Ruling: ...
    def record_action(self, action: Action) -> None: ...
    def record_request(self, request: Request) -> None: ...

    # rectifications that reach back (Laws 36A/36C, 64B7)
    def reopen_auction(self, ruling: Ruling) -> None: ...
    def score_contract_as(self, ruling: Ruling, contract: Contract) -> None: ...


LeadVerdict = Literal["out_of_turn", "face_down", "faced"]
"""What the Laws make of an opening lead (``Handler.judge_lead``)."""


class Handler:
    """Base of every ruling handler. Subclasses override what their law needs."""

    kind: ClassVar[str] = ""

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        """The irregularity has come to the director's attention: rule on it."""
        raise NotImplementedError

    def on_choice(self, ops: TableOps, ruling: Ruling, option: str, params: JsonMap) -> None:
        """A player took one of the options the ruling offered."""
        raise NotImplementedError

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        """The director answered the ruling's question."""
        raise NotImplementedError

    def on_call(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> bool:
        """A call the ruling was waiting for was made. Return True when the handler dealt
        with the call (it stands, is cancelled, or opened a new step); False to let the
        Table treat it as an ordinary call."""
        return False

    # -- optional hooks ------------------------------------------------------------------
    # The Table calls these only on handlers that override them (``overrides``); the
    # defaults say "nothing to do". ``editions`` checks at start-up that a handler defines no
    # hook-like method (``on_*``, ``check_*``) the base does not declare, and that every
    # override takes the declared parameters, so a misspelt hook is an error, not silence.

    rules_after_auction: ClassVar[bool] = False
    """The auction may end over this irregularity before the director has ruled on it
    (36C: an inadmissible double noticed only after the opening lead)."""

    needs_every_card: ClassVar[bool] = False
    """Card hooks normally run only while something is pending (a ruling, a penalty card,
    a restriction, a tempo note); a handler that must see every card sets this."""

    def on_premature_call(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> bool:
        """A call made before the director ruled on ``ruling`` (27C, 28B): True if handled."""
        return False

    def retain_right_to_call(self, ops: TableOps) -> bool:
        """The auction would end now: True keeps it open (a player's retained right to call)."""
        return False

    def on_card(self, ops: TableOps, ruling: Ruling, i: int, action: PlayAction) -> bool:
        """A card played while ``ruling`` waits for a later action: True if handled."""
        return False

    def check_card(self, ops: TableOps, i: int, action: PlayAction) -> str | None:
        """Before a card is played: the kind of irregularity it is, or None."""
        return None

    def implied_choice(self, ops: TableOps, ruling: Ruling, action: PlayAction) -> str | None:
        """A card played while ``ruling`` waits for a player's choice: the option the card
        itself makes (a lead out of turn accepted or declined by playing, 53A/53B, 54B), or
        None: the card is refused and the ruling goes on waiting."""
        return None

    def implied_by_call(self, ops: TableOps, ruling: Ruling, action: CallAction) -> str | None:
        """A call made while ``ruling`` waits for a player's choice: the option the call
        itself makes (calling over an irregular call accepts it, 25B1, 27A1, 29A), or None:
        the Table then takes it as a call made while the ruling waits (27C, 28B, or refused)."""
        return None

    def card_before_ruling(self, ops: TableOps, ruling: Ruling, action: PlayAction) -> bool:
        """A card played while ``ruling``, the latest, waits for the director: True when the
        card is itself a step of that ruling, which the director must then rule on at once
        (a lead out of turn accepted by playing to it, 53A/54B/60A1). A card that nobody may
        play before the director has ruled is refused here (``ops.refuse``, 9B1)."""
        return False

    def deemed_pass(self, ops: TableOps, seat: Seat) -> Seat | None:
        """``seat`` calls when it is not his turn: the player whose pass the Laws deem made
        before the call, which is then in rotation (28A), or None."""
        return None

    def detects_card(self, ops: TableOps, action: PlayAction) -> bool:
        """A held card, placed at a moment a card may be played: whether the way it was
        placed is this handler's irregularity (45D/45F: dummy playing a card himself)."""
        return False

    def judge_lead(self, ops: TableOps, action: PlayAction) -> LeadVerdict:
        """The opening lead: ``"out_of_turn"`` (this handler's irregularity), ``"face_down"``
        (it is first made face down, 41A) or ``"faced"``; a lead that cannot be made now is
        refused (``ops.refuse``)."""
        return "faced"

    def on_card_played(self, ops: TableOps, i: int, seat: Seat, card: Card) -> None:
        """After a card went to the current trick."""

    def on_other_choice(self, ops: TableOps, ruling: Ruling, seat: Seat, option_id: str) -> bool:
        """A choice of ``option_id`` by ``seat``, who is not the player the ruling waits on
        (68D2: each opponent answers a claim for himself, in either order): True if the
        handler took it; False refuses it as not his choice."""
        return False

    def on_unprompted_choice(self, ops: TableOps, i: int, action: Choose) -> bool:
        """A choice made while no ruling waits for one, that the Laws give a player before
        anyone acts (51A: declarer designates which of a defender's penalty cards he plays
        before the defender plays): True if the handler took it; refuse with
        ``ops.refuse`` a choice it recognises but the Laws do not allow now."""
        return False

    def on_director_called(self, ops: TableOps, i: int, seat: Seat) -> bool:
        """The director is called with no irregularity waiting for him: a handler with
        something the Laws leave to his judgement then (71: an agreed concession on a deal
        the engine cannot check) puts it to him; True if so."""
        return False

    def on_cancelled_call(self, ops: TableOps, ruling: Ruling, record: CallRecord) -> bool:
        """The director reaches ``ruling``'s irregular call after an earlier ruling cancelled
        it: True if its own law still rectifies it (a call out of rotation made over a call
        that was not accepted, 29B); False when nothing is left to rule on (36A, 38B)."""
        return False

    def check_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        """Before a player's choice is applied: refuse (``ops.refuse``) a choice the Laws do
        not allow, naming the law; nothing has changed yet."""

    def on_trick_complete(self, ops: TableOps, trick_number: int) -> None:
        """After the fourth card of a trick."""

    def on_auction_end(self, ops: TableOps) -> None:
        """The auction has just ended with a contract."""

    def on_play_end(self, ops: TableOps) -> None:
        """After the thirteenth trick, or when a claim ends the play."""

    def on_action(self, ops: TableOps, i: int, action: Action) -> None:
        """An action this handler's kind owns (a claim, a point-out: each handler names the
        action types it takes); refuse with ``ops.refuse``."""
        raise NotImplementedError

    def answer(self, ops: TableOps, i: int, ask: Ask) -> Request:
        """A request for information: the request as answered."""
        raise NotImplementedError

    def record(self, table: TableView) -> JsonDict:
        """Extra fields for the table's output, read from the table (ui_flags, misinformation)."""
        return {}


HOOK_PREFIXES = ("on_", "check_")


def overrides(handler: Handler, name: str) -> bool:
    """Whether ``handler`` defines the optional hook ``name`` itself."""
    return getattr(type(handler), name) is not getattr(Handler, name)


def check_hooks(handler: Handler) -> None:
    """Raise TypeError for a hook-like method the base does not declare (a misspelling)
    or an override whose parameters differ from the declared hook's."""
    import inspect

    for name, value in inspect.getmembers(type(handler), callable):
        if name.startswith("_"):
            continue
        declared = getattr(Handler, name, None)
        if declared is None:
            if name.startswith(HOOK_PREFIXES):
                raise TypeError(f"{type(handler).__name__}.{name} is not a hook a handler may define")
            continue
        if value is declared or not callable(declared):
            continue
        want = len(inspect.signature(declared).parameters)
        have = len(inspect.signature(value).parameters)
        if want != have:
            raise TypeError(f"{type(handler).__name__}.{name} takes {have} parameters; the hook takes {want}")


def option(id: str, by: Seat | str, en: str, ru: str, param: str | None = None) -> Option:
    return Option(id=id, by=by if isinstance(by, Seat) else "director", label=en, label_ru=ru, param=param)


def must_pass(seat: Seat, until: Until | str, law: str, ruling: Ruling) -> Restriction:
    return Restriction(seat=seat, kind=RestrictionKind.MUST_PASS, until=Until(until), law=law, ruling=ruling.id)


def lead_restriction(seat: Seat, kind: str, suit: Suit, until: Until | str, law: str, ruling: Ruling) -> Restriction:
    restriction = RestrictionKind(kind)
    assert restriction in (RestrictionKind.LEAD_REQUIRED, RestrictionKind.LEAD_FORBIDDEN)
    return Restriction(seat=seat, kind=restriction, until=Until(until), law=law, suit=suit, ruling=ruling.id)


__all__ = ["Card", "Handler", "LeadVerdict", "TableOps", "TableView", "check_hooks", "lead_restriction", "must_pass", "option", "overrides"]
