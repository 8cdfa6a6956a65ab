"""Seats, sides, suits, ranks and cards (Law 1).

Cards are interned: there are exactly 52 ``Card`` objects, so identity comparison,
hashing and lookup by index are cheap. A hand is a 52-bit integer (bit ``card.index``),
which makes "does he hold a card of the suit led?" a single mask test.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from bridgelaw.errors import ParseError, keyed


class Seat(IntEnum):
    """A compass seat. Clockwise order N, E, S, W (Law 17C: calls go clockwise)."""

    N = 0
    E = 1
    S = 2
    W = 3

    def __bool__(self) -> bool:
        """Always true: the first member is 0, and ``if seat:`` must not mean "not North"."""
        return True

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat clockwise."""
        return _SEATS[(self + 1) & 3]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous seat clockwise."""
        return _SEATS[(self + 3) & 3]

    @property
    def partner(self) -> Seat:
        return _SEATS[(self + 2) & 3]

    @property
    def side(self) -> Side:
        return _SIDE_OF[self]

    def offset(self, n: int) -> Seat:
        return _SEATS[(self + n) & 3]

    @classmethod
    def parse(cls, text: object) -> Seat:
        if isinstance(text, Seat):
            return text
        if isinstance(text, str):
            key = text.strip().upper()[:1]
            if key in _SEAT_BY_LETTER and text.strip().upper() in _SEAT_WORDS:
                return _SEAT_BY_LETTER[key]
        raise ParseError(keyed("input.seat", given=repr(text)))

    def __str__(self) -> str:
        return self.name


_SEATS: Final = (Seat.N, Seat.E, Seat.S, Seat.W)
_SEAT_BY_LETTER: Final = {s.name: s for s in _SEATS}
_SEAT_WORDS: Final = frozenset({"N", "E", "S", "W", "NORTH", "EAST", "SOUTH", "WEST"})


class Side(IntEnum):
    """A partnership: NS or EW."""

    NS = 0
    EW = 1

    def __bool__(self) -> bool:
        """Always true: the first member is 0, and ``if seat:`` must not mean "not North"."""
        return True

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    @property
    def opponents(self) -> Side:
        return Side(1 - self)

    def __str__(self) -> str:
        return self.name


class Suit(IntEnum):
    """Suits in rank order, lowest first (Law 1B): clubs, diamonds, hearts, spades."""

    C = 0
    D = 1
    H = 2
    S = 3

    def __bool__(self) -> bool:
        """Always true: the first member is 0, and ``if seat:`` must not mean "not North"."""
        return True

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @classmethod
    def parse(cls, text: object) -> Suit:
        if isinstance(text, Suit):
            return text
        if isinstance(text, str) and text.strip().upper() in _SUIT_BY_LETTER:
            return _SUIT_BY_LETTER[text.strip().upper()]
        raise ParseError(keyed("input.suit", given=repr(text)))

    def __str__(self) -> str:
        return self.name


_SIDE_OF: Final = (Side.NS, Side.EW, Side.NS, Side.EW)

_SUIT_BY_LETTER: Final = {s.name: s for s in Suit} | {"♣": Suit.C, "♦": Suit.D, "♥": Suit.H, "♠": Suit.S}

RANK_CHARS: Final = "23456789TJQKA"


class Rank(IntEnum):
    """Card ranks, two lowest, ace highest (Law 1A)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        return RANK_CHARS[self - 2]

    @property
    def is_honour(self) -> bool:
        """Ace, king, queen, jack or ten: Law 24 and Law 50 treat honours apart."""
        return self >= Rank.TEN

    @classmethod
    def parse(cls, text: str) -> Rank:
        key = text.strip().upper()
        if key == "10":
            key = "T"
        idx = RANK_CHARS.find(key) if len(key) == 1 else -1
        if idx < 0:
            raise ParseError(keyed("input.rank", given=repr(text)))
        return Rank(idx + 2)

    def __str__(self) -> str:
        return self.char


class Card:
    """One of the 52 cards. Use ``Card.parse('SA')`` or ``Card.of(Suit.S, Rank.ACE)``."""

    __slots__ = ("bit", "index", "rank", "suit", "text")

    suit: Suit
    rank: Rank
    index: int
    bit: int
    text: str  # 'SA': made once, a view names many cards after every action

    def __new__(cls, suit: Suit, rank: Rank) -> Card:  # pragma: no cover - interned below
        return _CARDS[suit * 13 + rank - 2]

    @classmethod
    def _make(cls, suit: Suit, rank: Rank) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "index", suit * 13 + rank - 2)
        object.__setattr__(card, "bit", 1 << (suit * 13 + rank - 2))
        object.__setattr__(card, "text", suit.name + rank.char)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    @staticmethod
    def of(suit: Suit, rank: Rank) -> Card:
        return _CARDS[suit * 13 + rank - 2]

    @staticmethod
    def from_index(index: int) -> Card:
        return _CARDS[index]

    @staticmethod
    def parse(text: object) -> Card:
        """Parse 'SA', 'HT', 'H10', 'd2' (suit letter then rank)."""
        if isinstance(text, Card):
            return text
        if isinstance(text, str):
            found = _CARD_BY_TEXT.get(text.strip().upper())
            if found is not None:
                return found
        raise ParseError(keyed("input.card", given=repr(text)))

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


_CARDS: Final[tuple[Card, ...]] = tuple(
    Card._make(suit, Rank(r)) for suit in Suit for r in range(2, 15)
)
_CARD_BY_TEXT: Final[dict[str, Card]] = {str(c): c for c in _CARDS} | {
    c.suit.name + "10": c for c in _CARDS if c.rank == Rank.TEN
}

ALL_CARDS: Final = _CARDS
SUIT_MASK: Final = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
FULL_DECK: Final = (1 << 52) - 1


def cards_of(mask: int) -> list[Card]:
    """The cards of a 52-bit mask, lowest index first."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(_CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def mask_of(cards: object) -> int:
    mask = 0
    for c in cards:  # type: ignore[attr-defined]
        mask |= Card.parse(c).bit
    return mask
