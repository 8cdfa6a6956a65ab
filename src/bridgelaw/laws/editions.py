"""Editions of the Laws as handler tables.

The 2017 edition maps each kind of irregularity to its handler. The 1997 edition is the
2017 table with the handlers whose wording differs replaced (Law 27 first; the sources
quote Laws 24 and 27 in the 1997 wording). Every edition difference lives here, as an
override of a specific handler, never as an ``if edition`` inside a handler.

Which handler rules each kind, and the order in which the table consults them, are declared
below as data (``CHAPTERS``, ``PRECEDENCE``), not left to the order modules are imported in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType

from bridgelaw.errors import ParseError, keyed
from bridgelaw.laws.auction import (
    change_of_call,
    inadmissible,
    insufficient_bid,
    lead_restrictions,
    out_of_rotation,
)
from bridgelaw.laws.auction import exposure as auction_exposure
from bridgelaw.laws.base.handler import Handler, check_hooks
from bridgelaw.laws.board import problems
from bridgelaw.laws.claims import handlers as claims
from bridgelaw.laws.information import requests
from bridgelaw.laws.play import (
    holdings,
    lead_penalties,
    misinformed,
    out_of_turn,
    penalty_cards,
    procedure,
    revoke,
    simultaneous,
    tricks,
)
from bridgelaw.rulings import RulingKind

# The chapters whose handlers make up the editions: each module lists its handlers in HANDLERS
# (2017) and, where the 1997 wording differs, OVERRIDES_1997. Every kind is declared once.
CHAPTERS: tuple[ModuleType, ...] = (
    insufficient_bid, change_of_call, out_of_rotation, inadmissible, lead_restrictions, auction_exposure,
    out_of_turn, misinformed, penalty_cards, lead_penalties, revoke, tricks, holdings, procedure, simultaneous,
    requests, claims, problems,
)

# The order in which the table consults the handlers when one moment concerns several of them
# (their hooks run in this order): the auction's own calls first, then what a played card may
# be (a penalty card, a designation, a lead out of turn, a revoke), the trick, and last the
# rulings that only read what the others recorded.
PRECEDENCE: tuple[RulingKind, ...] = (
    RulingKind.INSUFFICIENT_BID,              # 27
    RulingKind.PENALTY_CARD_NOT_PLAYED,       # 50, 52
    RulingKind.RESTRICTION_VIOLATED,          # 26, 50-52, 57, 59, 62: a restriction not followed
    RulingKind.PENALTY_CARD_DESIGNATION,      # 51
    RulingKind.PENALTY_CARD_LEAD,             # 50D2, 51B
    RulingKind.CARD_EXPOSED,                  # 24, 45C1, 48, 49
    RulingKind.OPENING_LEAD_OUT_OF_TURN,      # 41A, 54
    RulingKind.PLAY_OUT_OF_TURN,              # 53, 55-57
    RulingKind.LEAD_AFTER_MISINFORMATION,     # 47E2
    RulingKind.REVOKE,                        # 61-64
    RulingKind.POINT_OUT,                     # 61B: attention drawn to a revoke
    RulingKind.DUMMY_PLAYED_CARD,             # 45D
    RulingKind.UNINTENDED_DESIGNATION,        # 45C4, 46B
    RulingKind.DEFECTIVE_TRICK,               # 67
    RulingKind.CALL_OUT_OF_ROTATION,          # 28-34
    RulingKind.INADMISSIBLE_DOUBLE,           # 36
    RulingKind.VIOLATES_PASS_OBLIGATION,      # 37
    RulingKind.BID_ABOVE_SEVEN,               # 38
    RulingKind.CALL_AFTER_FINAL_PASS,         # 39
    RulingKind.LEAD_RESTRICTION,              # 26
    RulingKind.CHANGE_OF_CALL,                # 25, 21B1
    RulingKind.CARD_EXPOSED_DURING_AUCTION,   # 24
    RulingKind.INFORMATION,                   # 20, 41B/C, 66
    RulingKind.QUITTED_TRICK_INSPECTION,      # 66C
    RulingKind.MISINFORMATION,                # 21B, 75
    RulingKind.UNAUTHORIZED_INFORMATION,      # 16
    RulingKind.CLAIM,                         # 68-71
    RulingKind.BOARD,                         # 13-15, 87
    RulingKind.HOLDING_UNKNOWN,               # 44: the director establishes a holding
    RulingKind.DUMMY_LIMITATION,              # 42, 43
    RulingKind.PLAY_TOGETHER,                 # 33, 58
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


def _declared(attribute: str) -> dict[str, Handler]:
    """The handlers the chapters declare under ``attribute``, by kind; a kind declared twice is
    an error, so that which handler rules a kind is never decided by the order of modules."""
    found: dict[str, Handler] = {}
    for chapter in CHAPTERS:
        for h in getattr(chapter, attribute, ()):
            if h.kind in found:
                raise TypeError(f"{h.kind!r} is declared by {type(found[h.kind]).__name__} and {type(h).__name__}")
            found[h.kind] = h
    return found


def _in_precedence(name: str, handlers: Mapping[str, Handler]) -> Edition:
    """The edition with its handlers in the declared order; every handler has a place in it."""
    missing = set(handlers) - set(PRECEDENCE)
    if missing:
        raise TypeError(f"kinds with no place in PRECEDENCE: {sorted(missing)}")
    return Edition(name, MappingProxyType({k: handlers[k] for k in PRECEDENCE if k in handlers}))


def _check(edition: Edition) -> Edition:
    """Every handler belongs to a known kind of ruling and defines only declared hooks with
    their declared parameters: a misspelt kind or hook fails at start-up."""
    for kind, handler in edition.handlers.items():
        if kind not in RulingKind.__members__.values():
            raise TypeError(f"{type(handler).__name__}: {kind!r} is not a RulingKind")
        check_hooks(handler)
    return edition


EDITION_2017 = _check(_in_precedence("2017", _declared("HANDLERS")))
EDITION_1997 = _check(EDITION_2017.override("1997", *_declared("OVERRIDES_1997").values()))

EDITIONS: Mapping[str, Edition] = MappingProxyType({"2017": EDITION_2017, "1997": EDITION_1997})


def edition(name: str) -> Edition:
    try:
        return EDITIONS[name]
    except KeyError:
        raise ParseError(keyed("input.edition", given=repr(name))) from None
