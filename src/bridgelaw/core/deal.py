"""Hands, deals and boards (Laws 1, 2, 6).

A hand is a 52-bit mask; a deal is four of them. ``Deal.parse`` reads the PBN deal
string ("N:AKQ.T98.765.432 ..."); ``str(deal)`` writes it back starting from North.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Final

from bridgelaw.core.cards import (
    ALL_CARDS,
    FULL_DECK,
    SUIT_MASK,
    Card,
    Rank,
    Seat,
    Side,
    Suit,
    cards_of,
)
from bridgelaw.errors import ParseError, keyed

# The PBN text of each of the 8,192 holdings of one suit (13 bits, the two the lowest): a
# suit's cards are 13 consecutive bits of a hand's mask, clubs lowest (cards.SUIT_MASK).
_HOLDING: Final[tuple[str, ...]] = tuple(
    "".join("23456789TJQKA"[r] for r in range(12, -1, -1) if v >> r & 1) for v in range(1 << 13)
)


@dataclass(frozen=True, slots=True)
class Hand:
    """A set of cards as a 52-bit mask."""

    mask: int = 0

    @staticmethod
    def of(cards: Iterable[Card]) -> Hand:
        m = 0
        for c in cards:
            m |= c.bit
        return Hand(m)

    def __contains__(self, card: Card) -> bool:
        return bool(self.mask & card.bit)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.mask))

    def suit(self, suit: Suit) -> list[Card]:
        """Cards of one suit, highest first."""
        return sorted(cards_of(self.mask & SUIT_MASK[suit]), key=lambda c: -c.rank)

    def to_pbn(self) -> str:
        """'AKQ.T98.765.432' (spades first, high cards first). A server writes the
        visible hands into every view after every action: one table look-up a suit."""
        m = self.mask
        return f"{_HOLDING[(m >> 39) & 8191]}.{_HOLDING[(m >> 26) & 8191]}.{_HOLDING[(m >> 13) & 8191]}.{_HOLDING[m & 8191]}"

    @staticmethod
    def parse_pbn(text: str) -> Hand:
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise ParseError(keyed("input.hand", given=repr(text)))
        mask = 0
        for suit, holding in zip((Suit.S, Suit.H, Suit.D, Suit.C), parts, strict=True):
            holding = holding.upper().replace("10", "T")
            for ch in holding:
                if ch == "-":
                    continue
                card = Card.of(suit, Rank.parse(ch))
                if mask & card.bit:
                    raise ParseError(keyed("input.hand_twice", card=card, given=repr(text)))
                mask |= card.bit
        return Hand(mask)

    def __str__(self) -> str:
        return self.to_pbn()


class Vulnerability(Enum):
    """Which side is vulnerable (Law 2)."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    ALL = "All"

    def is_vulnerable(self, side: Side) -> bool:
        if self is Vulnerability.ALL:
            return True
        if self is Vulnerability.NONE:
            return False
        return (self is Vulnerability.NS) == (side is Side.NS)

    @staticmethod
    def parse(text: str | None) -> Vulnerability:
        key = (text or "None").strip().lower()
        found = _VULN_WORDS.get(key)
        if found is None:
            raise ParseError(keyed("input.vulnerability", given=repr(text)))
        return found

    def __str__(self) -> str:
        return self.value


_VULN_WORDS: Final = {
    "none": Vulnerability.NONE, "love": Vulnerability.NONE, "-": Vulnerability.NONE, "o": Vulnerability.NONE,
    "ns": Vulnerability.NS, "n-s": Vulnerability.NS, "n": Vulnerability.NS,
    "ew": Vulnerability.EW, "e-w": Vulnerability.EW, "e": Vulnerability.EW,
    "all": Vulnerability.ALL, "both": Vulnerability.ALL, "b": Vulnerability.ALL,
}

# Law 2: the standard 16-board cycle of vulnerability.
_VULN_CYCLE: Final = (
    Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL,
    Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL, Vulnerability.NONE,
    Vulnerability.EW, Vulnerability.ALL, Vulnerability.NONE, Vulnerability.NS,
    Vulnerability.ALL, Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW,
)


def dealer_of_board(number: int) -> Seat:
    """Law 2: board 1 is dealt by North, then clockwise."""
    return Seat((number - 1) % 4)


def vulnerability_of_board(number: int) -> Vulnerability:
    """Law 2: the 16-board vulnerability cycle, repeated."""
    return _VULN_CYCLE[(number - 1) % 16]


@dataclass(frozen=True, slots=True)
class Deal:
    """Four hands. ``hands[seat]`` is a 52-bit mask. A complete deal has 52 distinct cards."""

    hands: tuple[int, int, int, int]

    def __getitem__(self, seat: Seat) -> Hand:
        return Hand(self.hands[seat])

    @property
    def is_complete(self) -> bool:
        return all(m.bit_count() == 13 for m in self.hands) and (
            self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        ) == FULL_DECK

    def holder(self, card: Card) -> Seat | None:
        for seat in Seat:
            if self.hands[seat] & card.bit:
                return seat
        return None

    @staticmethod
    def parse(text: str, *, require_complete: bool = True) -> Deal:
        """Parse a PBN deal string: 'N:hand hand hand hand', hands clockwise from the first seat.

        A hand may be '-' (unknown) only when ``require_complete`` is False.
        """
        if not isinstance(text, str):
            raise ParseError(keyed("input.deal", given=repr(text)))
        body = text.strip()
        if len(body) < 2 or body[1] != ":":
            raise ParseError(keyed("input.deal_form", given=repr(text)))
        first = Seat.parse(body[0])
        parts = body[2:].split()
        if len(parts) != 4:
            raise ParseError(keyed("input.deal_hands", n=len(parts)))
        hands = [0, 0, 0, 0]
        seen = 0
        for i, part in enumerate(parts):
            seat = first.offset(i)
            if part == "-":
                if require_complete:
                    raise ParseError(keyed("input.deal_unknown", seat=seat))
                continue
            mask = Hand.parse_pbn(part).mask
            dup = mask & seen
            if dup:
                card = ALL_CARDS[(dup & -dup).bit_length() - 1]
                raise ParseError(keyed("input.deal_twice", card=card))
            seen |= mask
            hands[seat] = mask
        deal = Deal((hands[0], hands[1], hands[2], hands[3]))
        if require_complete:
            for seat in Seat:
                n = hands[seat].bit_count()
                if n != 13:
                    raise ParseError(keyed("input.hand_size", seat=seat, n=n, total=seen.bit_count()))
        return deal

    def to_pbn(self, first: Seat = Seat.N) -> str:
        return f"{first.name}:" + " ".join(
            Hand(self.hands[first.offset(i)]).to_pbn() if self.hands[first.offset(i)] else "-"
            for i in range(4)
        )

    def __str__(self) -> str:
        return self.to_pbn()

    @staticmethod
    def random(rng: secrets.SystemRandom | None = None) -> Deal:
        """A random deal from a cryptographically secure source (Law 6 requires a random deal)."""
        r = rng or secrets.SystemRandom()
        order = list(range(52))
        r.shuffle(order)
        hands = [0, 0, 0, 0]
        for i, idx in enumerate(order):
            hands[i // 13] |= 1 << idx
        return Deal((hands[0], hands[1], hands[2], hands[3]))


@dataclass(frozen=True, slots=True)
class Board:
    """A duplicate board: its number, dealer, vulnerability and deal (Law 2)."""

    number: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability

    @staticmethod
    def standard(number: int, deal: Deal) -> Board:
        return Board(number, deal, dealer_of_board(number), vulnerability_of_board(number))
