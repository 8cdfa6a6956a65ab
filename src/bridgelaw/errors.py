"""The project's error hierarchy.

Everything raised for bad input is a ``ValueError`` subclass that names the problem, the
input and, where it helps, the position (an action index) and the law involved.
"""

from __future__ import annotations


class BridgeLawError(ValueError):
    """Base of every error bridgelaw raises for bad input."""

    def __init__(self, message: str, *, position: int | None = None, law: str | None = None):
        super().__init__(message)
        self.message = message
        self.position = position
        self.law = law

    def __str__(self) -> str:
        where = f"action {self.position}: " if self.position is not None else ""
        return where + self.message


class ParseError(BridgeLawError):
    """Text that is not a seat, card, call, deal, ... ."""


class ScenarioError(BridgeLawError):
    """A scenario file that is malformed (as opposed to irregular play inside it)."""
