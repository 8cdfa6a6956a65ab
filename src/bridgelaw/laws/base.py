"""What a law handler sees of the Table, and the base class every handler extends.

A handler owns one kind of ruling ("insufficient_bid", "call_out_of_rotation", ...). The
Table opens a ruling when it detects the irregularity, then calls the handler back when a
player chooses an option, when the director answers a question, or when a later action the
ruling waits for arrives. The handler acts on the Table only through ``TableOps``; each
operation is recorded on the ruling as a consequence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol

from bridgelaw.actions import Action, Ask, PlayAction
from bridgelaw.core.calls import Call, Contract
from bridgelaw.core.cards import Card, Seat, Suit
from bridgelaw.records import CallRecord, TrickRecord
from bridgelaw.rulings import (
    Option,
    PenaltyCard,
    Question,
    Restriction,
    RestrictionKind,
    Ruling,
    Until,
)


class TableOps(Protocol):
    """The Table as a law handler may read and change it."""

    @property
    def edition(self) -> str: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def calls(self) -> Sequence[CallRecord]: ...
    @property
    def standing(self) -> Sequence[tuple[Seat, Call]]: ...
    @property
    def contract(self) -> Contract | None: ...
    @property
    def auction_over(self) -> bool: ...
    @property
    def restrictions(self) -> Sequence[Restriction]: ...
    @property
    def penalty_cards(self) -> Sequence[PenaltyCard]: ...

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
    def close(self, ruling: Ruling) -> None: ...
    def log(self, line: str) -> None: ...

    # auction irregularities (Laws 24-39)
    @property
    def rulings(self) -> Sequence[Ruling]: ...
    @property
    def phase(self) -> str: ...
    def judge_call(self, ruling: Ruling, record: CallRecord) -> None: ...
    def open_ruling(self, kind: str, offender: Seat | None, data: Mapping[str, Any] | None = None) -> Ruling: ...
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


class Handler:
    """Base of every ruling handler. Subclasses override what their law needs."""

    kind: ClassVar[str] = ""

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        """The irregularity has come to the director's attention: rule on it."""
        raise NotImplementedError

    def on_choice(self, ops: TableOps, ruling: Ruling, option: str, params: Mapping[str, Any]) -> None:
        """A player took one of the options the ruling offered."""
        raise NotImplementedError

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: Mapping[str, Any]) -> None:
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

    def on_card_played(self, ops: TableOps, i: int, seat: Seat, card: Card) -> None:
        """After a card went to the current trick."""

    def check_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: Mapping[str, Any]) -> None:
        """Before a player's choice is applied: refuse (``ops.refuse``) a choice the Laws do
        not allow, naming the law; nothing has changed yet."""

    def on_trick_complete(self, ops: TableOps, trick_number: int) -> None:
        """After the fourth card of a trick."""

    def on_auction_end(self, ops: TableOps) -> None:
        """The auction has just ended with a contract."""

    def on_play_end(self, ops: TableOps) -> None:
        """After the thirteenth trick, or when a claim ends the play."""

    def on_action(self, ops: TableOps, i: int, action: Any) -> None:
        """An action this handler's kind owns (a claim, a point-out: each handler names the
        action types it takes); refuse with ``ops.refuse``."""
        raise NotImplementedError

    def answer(self, ops: TableOps, i: int, ask: Ask) -> Any:
        """A request for information: the request as answered (``bridgelaw.table_types.Request``)."""
        raise NotImplementedError

    def record(self, table: Any) -> dict[str, Any]:
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


__all__ = ["Card", "Handler", "TableOps", "check_hooks", "lead_restriction", "must_pass", "option", "overrides"]
