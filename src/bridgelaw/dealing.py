"""Law 6: dealing. Random deals come from the operating system's cryptographically secure
source (``secrets.SystemRandom``); a deal set numbers its boards so dealer and
vulnerability follow Law 2's cycle. A minimal PBN text is written for a set (the full
PBN writer is ``bridgelaw.io.pbn``)."""

from __future__ import annotations

import secrets

from bridgelaw.core.deal import Board, Deal


def deal_set(count: int, first: int = 1, rng: secrets.SystemRandom | None = None) -> list[Board]:
    """``count`` boards numbered from ``first``, each a fresh random deal (6A, 6E)."""
    r = rng or secrets.SystemRandom()
    return [Board.standard(first + k, Deal.random(r)) for k in range(count)]


def deal_set_pbn(boards: list[Board], event: str = "") -> str:
    """The boards as minimal PBN: Event, Board, Dealer, Vulnerable and Deal tags."""
    out: list[str] = []
    for b in boards:
        out += [
            f'[Event "{event}"]', f'[Board "{b.number}"]', f'[Dealer "{b.dealer.name}"]',
            f'[Vulnerable "{b.vulnerability}"]', f'[Deal "{b.deal.to_pbn()}"]', "",
        ]
    return "\n".join(out)
