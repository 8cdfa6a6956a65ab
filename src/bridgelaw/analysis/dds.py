"""The double-dummy solver behind an adapter: endplay's DDS binding, spoken to in the
project's own types (seats, suits, cards as 52-bit masks).

endplay's types never leave this module. Every call into DDS holds one process-wide
lock: the library keeps global state and crashes when two Python threads call it at
once (the web server answers claims from several threads), so the calls are serialised
here, the only place that talks to it.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass

from endplay.dds import calc_dd_table, solve_board
from endplay.dds.solve import SolveMode
from endplay.types import Card as EpCard
from endplay.types import Deal as EpDeal
from endplay.types import Denom, Player

from bridgelaw.core.calls import Strain
from bridgelaw.core.cards import Card, Seat, Side, Suit, cards_of
from bridgelaw.core.deal import Deal, Hand

# One lock for every DDS call in the process (endplay's DDS is not thread-safe).
DDS_LOCK = threading.Lock()

_DENOM_OF_STRAIN = {Strain.S: Denom.spades, Strain.H: Denom.hearts, Strain.D: Denom.diamonds,
                    Strain.C: Denom.clubs, Strain.N: Denom.nt}
_STRAIN_OF_DENOM = {v: k for k, v in _DENOM_OF_STRAIN.items()}


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


def _ep_deal(pos: Position) -> EpDeal:
    hands = list(pos.hands)
    for i, card in enumerate(pos.trick):
        hands[pos.leader.offset(i)] |= card.bit
    counts = {m.bit_count() for m in hands}
    if len(counts) != 1:
        raise ValueError(f"the hands hold {[m.bit_count() for m in hands]} cards: not a position")
    deal = EpDeal("N:" + " ".join(Hand(m).to_pbn() for m in hands))
    deal.first = Player(int(pos.leader))
    deal.trump = _DENOM_OF_STRAIN[Strain.N if pos.trump is None else Strain(int(pos.trump))]
    for card in pos.trick:
        deal.play(EpCard(str(card)))
    return deal


def _our_card(card: EpCard) -> Card:
    return Card.parse("SHDC"[int(card.suit)] + card.rank.abbr)


def solve(pos: Position) -> dict[Card, int]:
    """For each card the hand to play may play: the tricks (of ``pos.remaining``) its
    side then wins with best play by all four."""
    if pos.remaining == 0:
        return {}
    deal = _ep_deal(pos)
    with DDS_LOCK:
        solved = list(solve_board(deal))
    return {_our_card(c): int(t) for c, t in solved}


def best_cards(pos: Position) -> list[Card]:
    """The cards that keep the most tricks for the side to play (every equal card listed)."""
    if pos.remaining == 0:
        return []
    deal = _ep_deal(pos)
    with DDS_LOCK:
        solved = list(solve_board(deal, SolveMode.OptimalAll))
    return [_our_card(c) for c, _ in solved]


def dd_tricks(pos: Position, side: Side) -> int:
    """Tricks (of ``pos.remaining``) ``side`` wins from here with best play by all four."""
    n = pos.remaining
    if n == 0:
        return 0
    best = max(solve(pos).values())
    return best if pos.to_play.side is side else n - best


def dd_table(deal: Deal) -> dict[tuple[Strain, Seat], int]:
    """Tricks each seat takes as declarer in each strain (the 20-entry double-dummy table)."""
    ep = EpDeal(deal.to_pbn())
    with DDS_LOCK:
        table = calc_dd_table(ep).to_list()
    out: dict[tuple[Strain, Seat], int] = {}
    for d_index, row in enumerate(table):
        strain = _STRAIN_OF_DENOM[Denom(d_index)]
        for seat in Seat:
            out[(strain, seat)] = int(row[int(seat)])
    return out


def position_of(hands: Sequence[int], trump: Suit | None, leader: Seat, trick: Sequence[Card] = ()) -> Position:
    return Position((hands[0], hands[1], hands[2], hands[3]), trump, leader, tuple(trick))


__all__ = ["DDS_LOCK", "Position", "best_cards", "cards_of", "dd_table", "dd_tricks", "position_of", "solve"]
