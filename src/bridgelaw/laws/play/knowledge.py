"""What the table knows of the hands: a board whose deal is only partly known.

A director called to a physical table knows the auction and the cards he has been shown,
not the four hands. A deal may leave any hand unknown (``-`` in PBN), or give fewer than
thirteen of its cards. The engine then keeps, for every hand, the cards known to be in it
(given in the deal, or shown since: played, led or exposed) and the facts the director has
established about it ("West held a heart at trick 3"). It never invents a holding: a
question it cannot answer from these is put to the director (``holds_suit``), and the
answer becomes one more fact of the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgelaw.core.cards import SUIT_MASK, Seat, Suit, cards_of
from bridgelaw.core.deal import Deal
from bridgelaw.laws.play.regular import LegalCards


@dataclass(frozen=True, slots=True)
class HoldingFact:
    """The director's answer about one hand: at trick ``trick`` (1-based), did ``seat``
    hold at least one of the cards ``mask`` (a whole suit, or e.g. the hearts above the
    seven)?"""

    seat: Seat
    mask: int
    trick: int
    holds: bool

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"seat": self.seat.name, "trick": self.trick, "holds": self.holds}
        suit = whole_suit(self.mask)
        if suit is not None:
            out["suit"] = suit.name
        else:
            out["cards"] = [str(c) for c in sorted(cards_of(self.mask), key=lambda c: (-c.suit, -c.rank))]
        return out


def whole_suit(mask: int) -> Suit | None:
    for suit in Suit:
        if mask == SUIT_MASK[suit]:
            return suit
    return None


@dataclass(slots=True)
class HandKnowledge:
    """Which hands the deal left (partly) unknown, and the facts established since."""

    partial: tuple[bool, bool, bool, bool]
    facts: list[HoldingFact] = field(default_factory=list)

    @staticmethod
    def of(deal: Deal) -> HandKnowledge:
        n, e, s, w = deal.hands
        return HandKnowledge((n.bit_count() != 13, e.bit_count() != 13, s.bit_count() != 13, w.bit_count() != 13))

    @property
    def complete(self) -> bool:
        return not any(self.partial)

    def known(self, seat: Seat) -> bool:
        return not self.partial[seat]

    def excluded(self, seat: Seat, trick: int) -> int:
        """The cards the director's facts say ``seat`` no longer held at ``trick``: he held
        none of a "no" fact's cards then, nor at any later trick."""
        out = 0
        for f in self.facts:
            if f.seat is seat and not f.holds and f.trick <= trick:
                out |= f.mask
        return out

    def held_one_of(self, seat: Seat, mask: int, trick: int) -> bool:
        """A "yes" fact at ``trick`` or later whose cards all lie in ``mask``: a card held
        later was held at every earlier trick."""
        return any(
            f.seat is seat and f.holds and f.trick >= trick and not f.mask & ~mask for f in self.facts
        )


class PartlyKnownLegalCards(LegalCards):
    """``legal_cards`` for a hand that is not (fully) known: the cards it may hold that
    would be lawful as far as anyone knows. ``known`` is False: it is no promise that
    each of them is in the hand, nor that a card outside it would be unlawful."""

    __slots__ = ()
    known = False


__all__ = ["HandKnowledge", "HoldingFact", "PartlyKnownLegalCards"]
