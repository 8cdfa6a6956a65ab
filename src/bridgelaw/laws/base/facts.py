"""The facts one handler's ruling records for another handler to read, as typed values
(``Ruling.record_fact`` / ``Ruling.fact``), read by other handlers too.

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
* ``LedUnder``: the players who have led while a lead restriction of the ruling binds
  them (26B, 50D2(a)); the card checks end a while-on-lead ban once he loses the lead.
* ``PlayOutOfTurnState``: what a ruling on a lead or play out of turn remembers between
  steps (53-57); the lead-out-of-turn steps read whether declarer's side led (53C).
* ``RevokeAttention``: how attention was drawn to a revoke (pointed out, or a revoke
  inquiry's answer, 61B) and what its ruling decided (63A, 64B); the inquiry opens the
  ruling with it and the revoke handler rules on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from bridgelaw.core.calls import Call
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
class PrivateRefs(RulingState):
    """Law references a handler derived from hands a player cannot see (70C from the claim
    checker): cited for the director, left out of what the players are shown (the
    players' view of the ruling and its read-aloud decision)."""

    refs: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LedUnder(RulingState):
    """The players who have led under a while-on-lead restriction this ruling placed
    (26B, 50D2(a), 51B2(b)): the restriction ends when such a player loses the lead."""

    seats: tuple[Seat, ...] = ()


@dataclass(frozen=True, slots=True)
class HeldCard:
    """A card played before its turn that goes on the trick at its proper turn (57C3,
    57D): ``seat``'s ``card``, once ``after`` has played."""

    seat: Seat
    card: Card
    after: Seat


@dataclass(frozen=True, slots=True)
class PlayOutOfTurnState(RulingState):
    """A lead or play out of turn (53-57): whose turn it was, where the play stood
    (tricks, cards in the last), whether declarer's side led (55, 53C), and whose 57A
    requirement declarer is still to choose (``premature_partner``)."""

    turn: Seat
    stamp: tuple[int, int]
    declarer_lead: bool = False
    premature_partner: Seat | None = None
    held: HeldCard | None = None


@dataclass(frozen=True, slots=True)
class RevokeAttention(RulingState):
    """How attention was drawn to a revoke (61B, 62-64) and what its ruling has decided
    since. ``offender`` and ``trick`` name what was pointed out (None: not named);
    ``inquiry``: drawn by a revoke inquiry's answer (61B); ``as_established``: the law that
    treats it as established although it is not (43B2(b)). ``established``: the 63A
    sub-clause (or that law); ``excluded``: the 64B clause excluding a transfer;
    ``transferred``: the tricks 64A transferred at the end of play."""

    offender: Seat | None = None
    trick: int | None = None
    pointed_out_by: Seat | None = None
    inquiry: bool = False
    as_established: str | None = None
    established: str | None = None
    transfer_pending: bool = False
    excluded: str | None = None
    transferred: int | None = None
    found: str | None = None  # first pointed out after the board: "next_board" (64B4), "round_ended" (64B5)

    def named(self) -> Mapping[str, object]:
        return {"trick": self.trick}

    @property
    def found_too_late(self) -> str | None:
        """64B4 / 64B5: first pointed out after the non-offending side called on the next
        board, or after the round ended: no trick is transferred (equity, 64C)."""
        return {"next_board": "64B4", "round_ended": "64B5"}.get(self.found or "")


@dataclass(frozen=True, slots=True)
class ComparableAsked(RulingState):
    """The replacement call that stands provisionally while the director judges whether it
    is comparable (23A): the index of the call, or None once the answer has used it. The
    auction handler that asked reads it (27B1(b), 30B1(b)(i), 31A2(a), 32A2(a))."""

    replacement: int | None
    seat: Seat | None = None  # who made it and what it is: the question names them for a later
    call: Call | None = None  # call of an offender out of rotation, which replaces nothing
