"""The regular play (Laws 44, 45, 65) as pure functions over masks and cards."""

from __future__ import annotations

from collections.abc import Iterator

from bridgelaw.core.cards import ALL_CARDS, SUIT_MASK, Card, Suit, cards_of
from bridgelaw.core.play import trick_winner  # Law 44E/F, kept here for the laws' readers


def must_follow(hand_mask: int, led: Suit | None) -> bool:
    """Law 44C: a player holding a card of the suit led must play one."""
    return led is not None and bool(hand_mask & SUIT_MASK[led])


def is_legal_card(hand_mask: int, card: Card, led: Suit | None) -> bool:
    """Law 44C/D: a held card that follows suit when the player can."""
    if not hand_mask & card.bit:
        return False
    return led is None or card.suit is led or not (hand_mask & SUIT_MASK[led])


def legal_mask(hand_mask: int, led: Suit | None) -> int:
    if led is not None:
        follow = hand_mask & SUIT_MASK[led]
        if follow:
            return follow
    return hand_mask


class LegalCards:
    """The lawful cards for the hand to play: supports ``in``, iteration and ``len``."""

    __slots__ = ("_mask",)
    known = True  # False when the hand is not fully known (bridgelaw.laws.play.knowledge)

    def __init__(self, mask: int):
        self._mask = mask

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self._mask & card.bit)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self._mask))

    def __len__(self) -> int:
        return self._mask.bit_count()

    @property
    def mask(self) -> int:
        return self._mask

    def __repr__(self) -> str:
        return f"LegalCards({' '.join(map(str, self))})"


__all__ = ["ALL_CARDS", "LegalCards", "is_legal_card", "legal_mask", "must_follow", "trick_winner"]
