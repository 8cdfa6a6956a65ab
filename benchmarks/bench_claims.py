"""Claim-analysis time per claim and DD table time per deal (run on demand, not a test).

    .venv/bin/python benchmarks/bench_claims.py [deals]

Positions are reached by double-dummy play from random deals; the claim is the
double-dummy number of tricks for the declaring side, at 3, 5, 7, 9, 11 and 13 tricks left.
The "exact" column is the share of claims the checker answered exactly; the rest were
flagged ``approximate`` (the search budget ran out) and are the checker's last resort.
"""

from __future__ import annotations

import statistics
import sys
import time

from bridgelaw.analysis.claims import analyse_claim
from bridgelaw.analysis.dds import Position, best_cards, dd_table, dd_tricks
from bridgelaw.core.cards import Card, Seat, Side, Suit
from bridgelaw.core.deal import Deal
from bridgelaw.laws.play import trick_winner


def main(n: int = 10) -> None:
    deals = [Deal.random() for _ in range(n)]
    t = []
    for d in deals:
        t0 = time.perf_counter()
        dd_table(d)
        t.append(time.perf_counter() - t0)
    print(f"DD table per deal: median {1000 * statistics.median(t):.1f} ms, max {1000 * max(t):.1f} ms ({n} deals)")
    for remaining in (3, 5, 7, 9, 11, 13):
        times, approx, nodes = [], 0, []
        for d in deals:
            hands, leader, trump = list(d.hands), Seat.W, Suit.S
            for _ in range(13 - remaining):
                trick: list[Card] = []
                for i in range(4):
                    seat = leader.offset(i)
                    c = best_cards(Position((hands[0], hands[1], hands[2], hands[3]), trump, leader, tuple(trick)))[0]
                    hands[seat] &= ~c.bit
                    trick.append(c)
                leader = trick_winner(leader, trick, trump)
            pos = Position((hands[0], hands[1], hands[2], hands[3]), trump, leader)
            claim = dd_tricks(pos, Side.NS)
            t0 = time.perf_counter()
            a = analyse_claim(pos, Seat.S, claim)
            times.append(time.perf_counter() - t0)
            approx += a.approximate
            nodes.append(a.nodes)
        print(f"claim with {remaining:2d} tricks left: median {1000 * statistics.median(times):.0f} ms, "
              f"max {1000 * max(times):.0f} ms, exact {n - approx}/{n} ({100 * (n - approx) // n}%), "
              f"approximate {approx}/{n}, nodes median {statistics.median(nodes):.0f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
