"""The claim checker as the claims handler sees it (Law 70).

When a claim is disputed the director is given a proposal: the tricks the claimer's side
makes on the worst normal line (``bridgelaw.analysis.claims``, a double-dummy search).
The analysis sits above the laws, so the claims handler does not import it: the analysis
hands its checker in (``use_claim_checker``) when it is loaded, which the package does at
import. The handler only builds the position (``core.play.Position``) and records what the
checker returns with the claim.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from bridgelaw.core.cards import Seat
from bridgelaw.core.play import Position
from bridgelaw.core.stated_line import StatedLine
from bridgelaw.rulings import JsonMap


class ClaimChecker(Protocol):
    """Makes the analysis of a claim of ``claimed`` of the remaining tricks by ``claimer``
    in ``pos``, with his ``statement`` of the line (68C), its structured ``line`` if
    given, and the regulation for suits it leaves open (``unstated``, 70E2); it may be
    made when first read."""

    def __call__(self, pos: Position, claimer: Seat, claimed: int, statement: str,
                 line: StatedLine | None = None, unstated: str = "any") -> JsonMap: ...


@runtime_checkable
class DeferredAnalysis(Protocol):
    """An analysis made when it is first read: shared as it is, never copied (a copy
    would read it, and so search, at once)."""

    @property
    def made(self) -> bool: ...


_CHECKER: list[ClaimChecker] = []


def use_claim_checker(checker: ClaimChecker) -> None:
    """The checker claims are analysed with from now on (the analysis hands in its own)."""
    _CHECKER[:] = [checker]


def claim_checker() -> ClaimChecker | None:
    """The checker handed in, or None: claims then carry no analysis."""
    return _CHECKER[0] if _CHECKER else None


__all__ = ["ClaimChecker", "DeferredAnalysis", "claim_checker", "use_claim_checker"]
