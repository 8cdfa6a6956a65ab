"""The facts one handler's ruling records for another handler to read, as typed values
(``Ruling.record_fact`` / ``Ruling.fact``) rather than string keys of ``Ruling.data``.

* ``LeadPenaltyOwed``: an auction ruling withdrew the offender's call and did not waive
  Law 26 (a comparable replacement, 26A, waives it); the lead-restriction handler gives
  declarer his option at the offender's partner's first turn to lead.
* ``PrematureRequirement``: declarer's choice under Law 57A after a defender's premature
  lead or play; the card checks enforce it on the offender's partner for that trick.
* ``RevokeFact``: the failure to follow suit a revoke ruling found (61A); a revoke inquiry
  (61B) and later revoke rulings (64B2, 64B7) read which revokes are already ruled on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bridgelaw.core.cards import Card, Seat, Suit
from bridgelaw.rulings import RulingState

LeadPenaltyStage = Literal["owed", "void", "pending", "offered"]
PrematureMode = Literal["highest", "lowest", "suit", "not_suit"]


@dataclass(frozen=True, slots=True)
class LeadPenaltyOwed(RulingState):
    """Law 26 may apply to ``offender``'s withdrawn call(s). ``withdrawn``: the indices of
    the calls withdrawn (None: the ruling's own call). ``stage``: owed until the auction
    ends; then void (the offender is on the declaring side) or pending; offered once
    declarer has been given the option."""

    offender: Seat
    withdrawn: tuple[int, ...] | None = None
    stage: LeadPenaltyStage = "owed"


@dataclass(frozen=True, slots=True)
class PrematureRequirement(RulingState):
    """Law 57A: what ``seat`` must play to trick ``trick`` (``mode``; ``suit`` for the
    suit required or forbidden)."""

    seat: Seat
    trick: int
    mode: PrematureMode
    suit: Suit | None = None


@dataclass(frozen=True, slots=True)
class RevokeFact(RulingState):
    """A card that did not follow suit although its owner held the suit led (61A)."""

    trick: int      # 1-based
    position: int   # 0-based within the trick
    seat: Seat
    card: Card
    led: Suit
