"""Editions of the Laws as handler tables.

The 2017 edition maps each kind of irregularity to its handler. The 1997 edition is the
2017 table with the handlers whose wording differs replaced (Law 27 first; the sources
quote Laws 24 and 27 in the 1997 wording). Every edition difference lives here, as an
override of a specific handler, never as an ``if edition`` inside a handler.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import import_module
from types import MappingProxyType

from bridgelaw.errors import ParseError, keyed
from bridgelaw.laws.base.handler import Handler, check_hooks
from bridgelaw.rulings import RulingKind

# Each module lists its handlers in HANDLERS (2017) and, where the 1997 wording differs,
# OVERRIDES_1997. Add a module here to put its handlers into the editions.
HANDLER_MODULES: tuple[str, ...] = (
    "bridgelaw.laws.auction.insufficient_bid",
    "bridgelaw.laws.play.penalty_cards",
    "bridgelaw.laws.play.lead_penalties",
    "bridgelaw.laws.play.exposure",
    "bridgelaw.laws.play.out_of_turn",
    "bridgelaw.laws.play.revoke",
    "bridgelaw.laws.play.tricks",
    "bridgelaw.laws.auction.out_of_rotation",
    "bridgelaw.laws.auction.inadmissible",
    "bridgelaw.laws.auction.lead_restrictions",
    "bridgelaw.laws.auction.change_of_call",
    "bridgelaw.laws.auction.exposure",  # after exposure: its card_exposed handles the auction, then delegates
    "bridgelaw.laws.information.requests",
    "bridgelaw.laws.claims.handlers",
    "bridgelaw.laws.board.problems",
    "bridgelaw.laws.play.holdings",
    "bridgelaw.laws.play.procedure",
    "bridgelaw.laws.play.simultaneous",
)


@dataclass(frozen=True)
class Edition:
    name: str
    handlers: Mapping[str, Handler] = field(default_factory=dict)

    def handler(self, kind: str) -> Handler | None:
        return self.handlers.get(kind)

    def override(self, name: str, *handlers: Handler) -> Edition:
        """A new edition: this one with some handlers replaced."""
        table = dict(self.handlers)
        for h in handlers:
            table[h.kind] = h
        return Edition(name, MappingProxyType(table))


def _collect(attribute: str) -> list[Handler]:
    found: list[Handler] = []
    for name in HANDLER_MODULES:
        found.extend(getattr(import_module(name), attribute, ()))
    return found


def _check(edition: Edition) -> Edition:
    """Every handler belongs to a known kind of ruling and defines only declared hooks with
    their declared parameters: a misspelt kind or hook fails at start-up."""
    for kind, handler in edition.handlers.items():
        if kind not in RulingKind.__members__.values():
            raise TypeError(f"{type(handler).__name__}: {kind!r} is not a RulingKind")
        check_hooks(handler)
    return edition


EDITION_2017 = _check(Edition("2017", MappingProxyType({h.kind: h for h in _collect("HANDLERS")})))
EDITION_1997 = _check(EDITION_2017.override("1997", *_collect("OVERRIDES_1997")))

EDITIONS: Mapping[str, Edition] = MappingProxyType({"2017": EDITION_2017, "1997": EDITION_1997})


def edition(name: str) -> Edition:
    try:
        return EDITIONS[name]
    except KeyError:
        raise ParseError(keyed("input.edition", given=repr(name))) from None
