"""Law 65: the arrangement of tricks.

At the table each player keeps his own cards in front of him, face down, in the order he
played them, pointing lengthwise towards the partnership that won the trick (65B, 65C).
That arrangement is the evidence a director reads when a claim or a revoke is disputed
(65D, 66D); here it is derived from the trick records, so it can never drift from them.
"""

from __future__ import annotations

from bridgelaw.core.cards import Seat
from bridgelaw.laws.registry import implements
from bridgelaw.records import TrickRecord
from bridgelaw.rulings import JsonDict


@implements("65A", "65B", "65C", "65D")
def arrangement(tricks: list[TrickRecord]) -> dict[str, list[JsonDict]]:
    """Each seat's played cards in order, each with whether his side won that trick
    (65B/65C: pointed towards the winners); a card of the trick in progress is not yet
    turned (``won`` is None)."""
    out: dict[str, list[JsonDict]] = {s.name: [] for s in Seat}
    for number, trick in enumerate(tricks, start=1):
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            won = None if trick.winner is None else trick.winner.side is seat.side
            out[seat.name].append({"trick": number, "card": str(card), "won": won})
    return out
