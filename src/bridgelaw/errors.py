"""The project's error hierarchy.

Everything raised for bad input is a ``ValueError`` subclass that names the problem, the
input and, where it helps, the position (an action index) and the law involved.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

# How a message id and its parameters become the error's text. The catalogs live above
# this module's layer, so ``bridgelaw.i18n`` installs its maker when it is imported
# (always, by the time any input is read): the text is then English that remembers its
# message, and the command line and the server render it again in the reader's language.
MessageMaker = Callable[[str, Mapping[str, Any]], str]


def _plain(key: str, params: Mapping[str, Any]) -> str:
    return key + "".join(f" {k}={v}" for k, v in params.items())


_maker: list[MessageMaker] = [_plain]


def install_message_maker(maker: MessageMaker) -> None:
    """Make error texts with ``maker`` (the catalogs' renderer) from now on."""
    _maker[0] = maker


def keyed(message_id: str, /, **params: Any) -> str:
    """The text of catalog message ``message_id`` for an error raised below the catalogs'
    layer."""
    return _maker[0](message_id, params)


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
