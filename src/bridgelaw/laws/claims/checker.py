"""The claim checker as the claims handler sees it (Law 70).

When a claim is disputed the director is given a proposal: the tricks the claimer's side
makes on the worst normal line (``bridgelaw.analysis.claims``, a double-dummy search).
The analysis sits above the laws, so the claims handler does not import it: the checker is
looked up by name (``CHECKER``) the first time a claim needs analysing, and only when the
solver it needs is installed. ``import bridgelaw`` therefore loads no solver, an embedder
without the ``claims`` extra gets claims with no analysis, and nothing depends on the order
in which modules happen to be imported. ``use_claim_checker`` puts another checker (or
none) in its place. The handler only builds the position (``core.play.Position``) and
records what the checker returns with the claim.
"""

from __future__ import annotations

import threading
from importlib import import_module
from importlib.util import find_spec
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


# The module whose ``CLAIM_CHECKER`` analyses claims, and the solver it cannot run without
# (the ``claims`` extra).
CHECKER = "bridgelaw.analysis.claims"
SOLVER = "endplay"

_CHECKER: list[ClaimChecker | None] = []  # empty until first looked up or put in place
_LOOKUP = threading.Lock()


def use_claim_checker(checker: ClaimChecker | None) -> None:
    """The checker claims are analysed with from now on (None: no analysis), in place of
    the one ``CHECKER`` provides."""
    with _LOOKUP:
        _CHECKER[:] = [checker]


def _provided() -> ClaimChecker | None:
    """``CHECKER``'s checker, imported now; None when its solver is not installed."""
    if find_spec(SOLVER) is None:
        return None
    checker: ClaimChecker = import_module(CHECKER).CLAIM_CHECKER
    return checker


def claim_checker() -> ClaimChecker | None:
    """The checker claims are analysed with, looked up on first use; None: claims then
    carry no analysis."""
    if not _CHECKER:
        with _LOOKUP:
            if not _CHECKER:
                _CHECKER.append(_provided())
    return _CHECKER[0]


__all__ = ["CHECKER", "SOLVER", "ClaimChecker", "DeferredAnalysis", "claim_checker", "use_claim_checker"]
