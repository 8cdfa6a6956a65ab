"""The claimer's choices along the worst normal line that cost tricks: for the director,
who judges whether each was careless or inferior (normal) or irrational (70, the
footnote), never a bare number.

Along the line, at each card of the claimer's side, double dummy tells the tricks his
side keeps with each card he may play; a card below the best costs the difference. The
defence's cards never lower the double-dummy figure, so the costs of the claimer's
choices account for the gap between double dummy and the worst normal line. Each choice
is named by the row of the "Normal play" table (``docs/claims.md``) that allows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bridgelaw.analysis.dds import solve
from bridgelaw.core.cards import SUIT_MASK, Card, Seat, Side
from bridgelaw.core.play import Position, trick_winner

# the rows of the table a choice is made under
KINDS = ("lead", "side_suit_before_trumps", "ride", "high_under_partner", "second_hand", "finesse_or_drop",
         "ruff", "discard", "discard_not_ruff")


@dataclass(frozen=True, slots=True)
class Choice:
    """One card of the claimer's side on the worst line that keeps fewer tricks than
    another card he could play (double dummy from there)."""

    trick: int          # the trick it was played to, 1 = the trick in progress at the claim
    seat: Seat
    card: Card
    better: tuple[Card, ...]  # the cards that keep the most tricks
    cost: int           # tricks lost by it against the best of them
    kind: str           # the row of the "normal" table it falls under (KINDS)

    def to_json(self) -> dict[str, Any]:
        return {"trick": self.trick, "seat": self.seat.name, "card": str(self.card),
                "better": [str(c) for c in self.better], "cost": self.cost, "kind": self.kind}


def costly_choices(pos: Position, side: Side, line: list[list[tuple[Seat, Card]]]) -> list[Choice]:
    """The choices of ``side`` along ``line`` (from ``pos``) that cost tricks."""
    hands = list(pos.hands)
    leader = pos.leader
    trick: list[Card] = list(pos.trick)
    out: list[Choice] = []
    for number, cards in enumerate(line, start=1):
        for seat, card in cards[len(trick):]:
            if seat.side is side and not _one_choice(hands, trick, seat):
                here = Position((hands[0], hands[1], hands[2], hands[3]), pos.trump, leader, tuple(trick))
                values = solve(here)
                best = max(values.values())
                if values.get(card, best) < best:
                    better = tuple(sorted((c for c, v in values.items() if v == best), key=lambda c: c.index))
                    kind = _kind(here, side, seat, card)
                    out.append(Choice(number, seat, card, better, best - values[card], kind))
            hands[seat] &= ~card.bit
            trick.append(card)
        leader = trick_winner(leader, trick, pos.trump)
        trick = []
    return out


def _one_choice(hands: list[int], trick: list[Card], seat: Seat) -> bool:
    """Whether every card ``seat`` may play is equivalent to the others: one suit, no card
    of another hand or of the trick in progress between them. Such cards keep the same
    tricks double dummy, so none of them can cost any: no need to ask DDS."""
    hand = hands[seat]
    legal = hand & SUIT_MASK[trick[0].suit] if trick else 0
    legal = legal or hand
    low, high = legal & -legal, 1 << (legal.bit_length() - 1)
    if not any(legal & m == legal for m in SUIT_MASK):
        return False
    others = hands[0] | hands[1] | hands[2] | hands[3]
    for c in trick:
        others |= c.bit
    return not others & ~hand & (2 * high - low)


def _kind(pos: Position, side: Side, seat: Seat, card: Card) -> str:
    """The row of the "normal" table under which the claimer's side played ``card``."""
    trump = pos.trump
    opp_trumps = trump is not None and any(pos.hands[s] & SUIT_MASK[trump] for s in side.opponents.seats)
    if not pos.trick:
        return "side_suit_before_trumps" if opp_trumps and card.suit is not trump else "lead"
    led = pos.trick[0].suit
    winner = trick_winner(pos.leader, list(pos.trick), trump)
    partner_winning = winner.side is side
    if card.suit is led:
        if partner_winning:
            follow = pos.hands[seat] & SUIT_MASK[led]
            return "ride" if card.bit == follow & -follow else "high_under_partner"
        return "second_hand" if len(pos.trick) == 1 else "finesse_or_drop"
    if card.suit is trump:
        return "ruff"
    has_trump = trump is not None and bool(pos.hands[seat] & SUIT_MASK[trump])
    return "discard_not_ruff" if has_trump and not partner_winning else "discard"


__all__ = ["KINDS", "Choice", "costly_choices"]
