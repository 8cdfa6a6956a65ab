"""The play as plain values: who wins a trick, and a position during the play.

Pure functions and frozen data over cards and seats, used by the laws (the Table's trick
completion), by the analysis (the claim checker's search) and by the readers, so that
none of them has to reach into another layer for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgelaw.core.cards import Card, Seat, Suit


def trick_winner(leader: Seat, cards: Sequence[Card], trump: Suit | None) -> Seat:
    """Law 44E/F: the highest trump wins; with no trump played, the highest card of the suit led.

    ``cards`` are in the order played, starting with ``leader``'s lead.
    """
    best_i = 0
    best = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if c.suit is best.suit:
            if c.rank > best.rank:
                best, best_i = c, i
        elif c.suit is trump:
            best, best_i = c, i
    return leader.offset(best_i)


@dataclass(frozen=True, slots=True)
class Position:
    """A position during the play: the cards still held, the trump suit, who led to the
    trick in progress and the cards already played to it (in order)."""

    hands: tuple[int, int, int, int]
    trump: Suit | None
    leader: Seat
    trick: tuple[Card, ...] = ()

    @property
    def to_play(self) -> Seat:
        return self.leader.offset(len(self.trick))

    @property
    def remaining(self) -> int:
        """Tricks still to be decided, the one in progress included."""
        return (sum(m.bit_count() for m in self.hands) + len(self.trick)) // 4


__all__ = ["Position", "trick_winner"]
