"""Calls, bids, strains and contracts (Laws 18, 19, 22).

A call is pass, double, redouble or a bid. Calls are interned like cards: ``Call.parse``
always returns the same object for the same call, so they compare by identity and hash
cheaply. Bids above seven exist (``8C``) because a player can physically make one; the
Laws call it inadmissible (Law 38), and the engine must be able to record it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from bridgelaw.core.cards import Seat, Suit
from bridgelaw.errors import ParseError, keyed


class Strain(IntEnum):
    """Denominations in bidding order, lowest first (Law 18E): C, D, H, S, notrump."""

    C = 0
    D = 1
    H = 2
    S = 3
    N = 4

    def __bool__(self) -> bool:
        """Always true: clubs are 0, and ``if strain:`` must not mean "not clubs"."""
        return True

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None at notrump."""
        return None if self is Strain.N else Suit(self.value)

    @property
    def symbol(self) -> str:
        return ("♣", "♦", "♥", "♠", "NT")[self]

    @classmethod
    def parse(cls, text: str) -> Strain:
        key = text.strip().upper()
        if key in ("NT", "N", "BK", "БК"):
            return Strain.N
        if key in ("C", "D", "H", "S"):
            return Strain[key]
        raise ParseError(keyed("input.strain", given=repr(text)))

    def __str__(self) -> str:
        return self.name


class CallKind(IntEnum):
    PASS = 0
    DOUBLE = 1
    REDOUBLE = 2
    BID = 3


class Call:
    """A call from the bidding box. ``Call.parse('1N')``, ``Call.PASS``, ``Call.bid(3, Strain.S)``."""

    __slots__ = ("kind", "level", "rank", "strain")

    kind: CallKind
    level: int
    strain: Strain | None
    rank: int  # bids: 5 * (level - 1) + strain; others -1

    PASS: Call
    DOUBLE: Call
    REDOUBLE: Call

    @classmethod
    def _make(cls, kind: CallKind, level: int = 0, strain: Strain | None = None) -> Call:
        call = object.__new__(cls)
        object.__setattr__(call, "kind", kind)
        object.__setattr__(call, "level", level)
        object.__setattr__(call, "strain", strain)
        object.__setattr__(call, "rank", 5 * (level - 1) + strain if strain is not None else -1)
        return call

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Call is immutable")

    @property
    def is_bid(self) -> bool:
        return self.kind is CallKind.BID

    @property
    def is_pass(self) -> bool:
        return self.kind is CallKind.PASS

    @property
    def is_double(self) -> bool:
        return self.kind is CallKind.DOUBLE

    @property
    def is_redouble(self) -> bool:
        return self.kind is CallKind.REDOUBLE

    @property
    def admissible_level(self) -> bool:
        """False for a bid of more than seven (Law 38)."""
        return not self.is_bid or self.level <= 7

    def supersedes(self, other: Call | None) -> bool:
        """True when this bid is sufficient over ``other`` (Law 18B): more tricks, or the same
        number in a higher strain. Every bid supersedes 'no bid yet'."""
        if not self.is_bid:
            return False
        return other is None or self.rank > other.rank

    @staticmethod
    def bid(level: int, strain: Strain) -> Call:
        if not 1 <= level <= 9:
            raise ParseError(keyed("input.bid_level", level=str(level)))
        return _BIDS[(level, strain)]

    @staticmethod
    def parse(text: object) -> Call:
        """Parse P, X, XX, 1C..7N (and NT, PASS, D, R, 8C... for inadmissible bids)."""
        if isinstance(text, Call):
            return text
        if isinstance(text, str):
            found = _CALL_BY_TEXT.get(text.strip().upper())
            if found is not None:
                return found
        raise ParseError(keyed("input.call", given=repr(text)))

    def __str__(self) -> str:
        if self.kind is CallKind.BID:
            return f"{self.level}{self.strain.name if self.strain is not None else '?'}"
        return ("P", "X", "XX")[self.kind]

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Call.parse, (str(self),))


Call.PASS = Call._make(CallKind.PASS)
Call.DOUBLE = Call._make(CallKind.DOUBLE)
Call.REDOUBLE = Call._make(CallKind.REDOUBLE)
_BIDS: Final = {(lv, st): Call._make(CallKind.BID, lv, st) for lv in range(1, 10) for st in Strain}
_CALL_BY_TEXT: Final[dict[str, Call]] = {
    "P": Call.PASS, "PASS": Call.PASS, "AP": Call.PASS,
    "X": Call.DOUBLE, "D": Call.DOUBLE, "DBL": Call.DOUBLE,
    "XX": Call.REDOUBLE, "R": Call.REDOUBLE, "RDBL": Call.REDOUBLE,
}
for (_lv, _st), _c in _BIDS.items():
    _CALL_BY_TEXT[f"{_lv}{_st.name}"] = _c
    if _st is Strain.N:
        _CALL_BY_TEXT[f"{_lv}NT"] = _c

ALL_BIDS: Final = tuple(_BIDS[(lv, st)] for lv in range(1, 8) for st in Strain)


class Risk(IntEnum):
    """Undoubled, doubled or redoubled."""

    NONE = 0
    DOUBLED = 1
    REDOUBLED = 2

    def __str__(self) -> str:
        return ("", "X", "XX")[self]


@dataclass(frozen=True, slots=True)
class Contract:
    """The final contract (Law 22A): level, strain, risk and declarer."""

    level: int
    strain: Strain
    risk: Risk
    declarer: Seat

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        """Declarer's LHO makes the opening lead (Law 41A)."""
        return self.declarer.lho

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    def __str__(self) -> str:
        return f"{self.level}{self.strain.name}{self.risk}{self.declarer.name}"

    @staticmethod
    def parse(text: str) -> Contract:
        """Parse '4SXN', '3NTS', '7HXXE' (level, strain, risk, declarer)."""
        t = text.strip().upper().replace("NT", "N")
        if len(t) < 3 or not t[0].isdigit():
            raise ParseError(keyed("input.contract", given=repr(text)))
        level = int(t[0])
        if not 1 <= level <= 7:
            raise ParseError(keyed("input.contract_level", given=repr(text)))
        strain = Strain.parse(t[1])
        rest = t[2:]
        risk = Risk.NONE
        if rest.startswith("XX"):
            risk, rest = Risk.REDOUBLED, rest[2:]
        elif rest.startswith("X"):
            risk, rest = Risk.DOUBLED, rest[1:]
        return Contract(level, strain, risk, Seat.parse(rest))
