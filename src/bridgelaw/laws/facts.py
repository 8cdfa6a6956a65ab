"""The facts one handler's ruling records for another handler to read, as typed values
(``Ruling.record_fact`` / ``Ruling.fact``) rather than string keys of ``Ruling.data``.

* ``LeadPenaltyOwed``: an auction ruling withdrew the offender's call and did not waive
  Law 26 (a comparable replacement, 26A, waives it); the lead-restriction handler gives
  declarer his option at the offender's partner's first turn to lead.
* ``CalledOver``: the calls an auction ruling cancelled because they were made over the
  irregular call it did not let stand (27B, 29B, 36B): whose turn each was made at, for
  the ruling on a call among them that was itself out of rotation (29B, 30-32).
* ``PrematureRequirement``: declarer's choice under Law 57A after a defender's premature
  lead or play; the card checks enforce it on the offender's partner for that trick.
* ``ComparableAsked``: the replacement whose comparability (23A) the director is asked.
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


@dataclass(frozen=True, slots=True)
class CalledOver(RulingState):
    """The calls cancelled with an irregular call they were made over: for each, its
    index, whose turn it was when it was made (the irregular call then standing), and
    whether it was a double or redouble Law 19 did not then permit."""

    calls: tuple[tuple[int, Seat, bool], ...]

    def turn_of(self, index: int) -> tuple[Seat, bool] | None:
        """Whose turn call ``index`` was made at, and whether it was inadmissible (36)."""
        for i, seat, inadmissible in self.calls:
            if i == index:
                return seat, inadmissible
        return None


@dataclass(frozen=True, slots=True)
class ComparableAsked(RulingState):
    """The replacement call that stands provisionally while the director judges whether it
    is comparable (23A): the index of the call, or None once the answer has used it. The
    auction handler that asked reads it (27B1(b), 30B1(b)(i), 31A2(a), 32A2(a))."""

    replacement: int | None
