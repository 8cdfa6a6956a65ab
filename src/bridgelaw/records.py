"""Mutable records the Table keeps while replaying: one per call made and one per trick."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from bridgelaw.core.calls import Call
from bridgelaw.core.cards import Card, Seat


@dataclass(slots=True)
class CallRecord:
    """A call as it was made at the table, and what became of it."""

    index: int          # position among all calls made (0-based), as 'call_index' counts them
    at_action: int      # index of the action that made it
    seat: Seat
    call: Call
    alert: bool = False
    meaning: str | None = None
    artificial: bool = False
    status: Literal["stands", "cancelled", "pending"] = "stands"
    law: str | None = None  # the law under which it was cancelled or accepted

    def to_json(self) -> dict[str, Any]:
        # The scenario contract knows only stands | cancelled: a call still before the director
        # (a change of call awaiting his question) is not part of the auction, so it shows as
        # cancelled, marked pending.
        status = "cancelled" if self.status == "pending" else self.status
        out: dict[str, Any] = {"seat": self.seat.name, "call": str(self.call), "status": status}
        if self.status == "pending":
            out["pending"] = True
        if self.alert:
            out["alert"] = True
        if self.meaning is not None:
            out["meaning"] = self.meaning
        if self.artificial:
            out["artificial"] = True
        if self.law:
            out["law"] = self.law
        return out


@dataclass(slots=True)
class TrickRecord:
    """One trick: who led, the cards in the order played, and who won it.

    ``unrecorded``: a trick played before the play was entered (``PlayFrom``): nobody
    entered its cards, so it holds none, and its leader and winner are not known (its
    ``leader`` is a placeholder nothing reads, ``winner`` None); it is over all the same."""

    leader: Seat
    seats: list[Seat] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    winner: Seat | None = None
    unrecorded: bool = False

    @property
    def complete(self) -> bool:
        return self.unrecorded or len(self.cards) == 4

    def card_of(self, seat: Seat) -> Card | None:
        for s, c in zip(self.seats, self.cards, strict=True):
            if s is seat:
                return c
        return None

    def to_json(self) -> dict[str, Any]:
        if self.unrecorded:
            return {"leader": None, "cards": {}, "winner": None, "unrecorded": True}
        return {
            "leader": self.leader.name,
            "cards": {s.name: str(c) for s, c in zip(self.seats, self.cards, strict=True)},
            "winner": self.winner.name if self.winner is not None else None,
        }
