"""What a claim ruling remembers between its steps (68-71): the claim or concession as
made and how the opponents and the director have dealt with it since."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from bridgelaw.core.cards import Seat
from bridgelaw.core.stated_line import StatedLine
from bridgelaw.rulings import Ruling, RulingState

ClaimStage = Literal["pending", "agreed", "disputed", "adjudicated", "void"]


@dataclass(frozen=True, slots=True)
class ClaimState(RulingState):
    """What a claim ruling remembers: the claim or concession as made (68A-C) and how the
    opponents' answers and the director have dealt with it since (68D-71)."""

    claimer: Seat
    what: Literal["claim", "concession"]
    tricks: int  # the claimer's side's share of the remaining tricks, as claimed
    stated: int  # the number the claimer stated (a concession states the tricks given up)
    remaining: int
    statement: str | None  # None: not known whether the claimer made one (not said "without")
    won_before: tuple[int, int]  # tricks won in play by NS and EW when it was made
    responders: tuple[Seat, ...]  # who must agree (68D)
    agreed: tuple[Seat, ...] = ()
    stage: ClaimStage = "pending"
    agreed_at: int | None = None  # the action at which the last responder agreed (68B2)
    disputed_by: Seat | None = None
    reopened_by: Seat | None = None  # a withdrawn agreement (69B) or a concession to cancel (71)
    also_answered: tuple[Seat, ...] = ()  # answers after the dispute (68D2)
    also_disputed_by: tuple[Seat, ...] = ()
    settled: int | None = None
    faced: bool = False  # the claimer faced his hand in making it (68A, 68B1, 68C)
    line: StatedLine | None = None  # the statement's structured form, when given (68C)

    def named(self) -> Mapping[str, object]:
        return {"claimer": self.claimer, "stated": self.stated, "what": self.what, "remaining": self.remaining,
                "by_declaring_side": len(self.responders) == 2}

    @property
    def waiting(self) -> list[Seat]:
        """The responders who have not agreed yet."""
        return [s for s in self.responders if s not in self.agreed]


def claim_state(ruling: Ruling) -> ClaimState:
    """The claim a ruling is about (recorded when it is opened)."""
    st = ruling.fact(ClaimState)
    assert st is not None, "a claim ruling records its claim when opened"
    return st
