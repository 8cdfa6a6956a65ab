"""The Table's small types: its phases, the outcome of an action, refusals, requests,
and the names of the hooks a law handler may define."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from bridgelaw.core.cards import Seat
from bridgelaw.errors import BridgeLawError

# The optional handler hooks the Table collects once per edition (declared, with their
# parameters, on ``bridgelaw.laws.base.handler.Handler``). check_card, on_card_played and
# on_trick_complete are not called while the table is quiet (no ruling, penalty card,
# restriction or tempo record), unless a handler sets ``needs_every_card``; the settle-up
# hooks on_auction_end and on_play_end are not called on a pristine table (nothing
# irregular has happened: no ruling, restriction, penalty card, request, tempo record,
# transfer, claim or unknown hand, so there is nothing to settle), with the same exception.
HOOKS = ("on_auction_end", "check_card", "on_card_played", "on_trick_complete", "on_play_end",
         "on_unprompted_choice", "on_director_called")


class Phase(Enum):
    AUCTION = "auction"
    LEAD = "lead"      # the auction is over; the opening lead is not yet faced (clarification period)
    PLAY = "play"
    ENDED = "ended"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of one action: accepted (possibly opening a ruling) or refused."""

    accepted: bool
    code: str | None = None
    message: str | None = None
    ruling: int | None = None


_ACCEPTED = Outcome(True)


class Refused(BridgeLawError):
    """Raised by ``Table.push`` when the table refuses an action."""

    def __init__(self, code: str, message: str, *, position: int | None = None, law: str | None = None):
        super().__init__(message, position=position, law=law)
        self.code = code


@dataclass(slots=True)
class Request:
    """A request for information (review, explanation, ...) and how it was answered."""

    at_action: int
    seat: Seat
    ask: str
    granted: bool
    laws: list[str]
    ui: bool = False
    answer: Any = None
    reason: str | None = None
    call_index: int | None = None
    trick: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "at_action": self.at_action, "seat": self.seat.name, "ask": self.ask,
            "granted": self.granted, "laws": list(self.laws), "ui": self.ui,
        }
        if self.answer is not None:
            out["answer"] = self.answer
        if self.reason:
            out["reason"] = self.reason
        if self.call_index is not None:
            out["call_index"] = self.call_index
        if self.trick is not None:
            out["trick"] = self.trick
        return out


@dataclass(slots=True)
class RefusedAction:
    at_action: int
    code: str
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"at_action": self.at_action, "code": self.code, "message": self.message}


class ActionRefused(Exception):
    """Internal: an action is refused; the state must be exactly as before it."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message
