"""Claim-analysis time per claim, on real claims and on random positions (run on demand,
not a test).

    .venv/bin/python benchmarks/bench_claims.py [deals] [--corpus DIR] [--per-bucket N]

Random positions are reached by double-dummy play from random deals (spades, West
leads); the claim is South's, of the double-dummy number of tricks for North-South, at
13, 11, 9 and 7 tricks left. Real claims come from the hand-record corpus: boards whose
play stops before the end with a result (LIN ``mc``, PBN ``[Result]``), replayed by the
engine to the point of the claim, by declarer, of the tricks the record credits him.

For each group the bench prints the p50, p95, p99 and maximum time (wall and CPU: the
machine may be shared) of one whole analysis
(``analyse_claim``: double dummy, the worst normal line, with trumps drawn when one is
out, Law 71's sure tricks when the claim gives tricks away), the share answered exactly
(proven figures), the search's nodes (positions at the start of a trick: p50 / p99 /
max; CPU time varies with the machine's load, the nodes do not), and, as the floor, one
DDS ``solve_board`` call on the same positions. ``--worst N`` lists the N slowest analyses
of the run with their nodes and hands: the positions to look at first.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

from bridgelaw.analysis.claims import analyse_claim
from bridgelaw.analysis.dds import Position, best_cards, dd_tricks, solve
from bridgelaw.core.cards import Card, Seat, Side, Suit, cards_of
from bridgelaw.core.deal import Deal
from bridgelaw.laws.play.regular import trick_winner

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"

Case = tuple[Position, Seat, int]


def random_positions(n: int, remaining: int, rng: random.Random) -> list[Case]:
    out: list[Case] = []
    for _ in range(n):
        d = Deal.random(rng)
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
        out.append((pos, Seat.S, dd_tricks(pos, Side.NS)))
    return out


def _records(root: Path) -> Iterator[object]:
    from bridgelaw.io.lin import read_lin
    from bridgelaw.io.pbn import read_pbn

    for dirpath, _, files in os.walk(root):
        for name in sorted(files):
            path = Path(dirpath) / name
            if name.lower().endswith(".lin"):
                yield from read_lin(path.read_bytes(), str(path))
            elif name.lower().endswith(".pbn"):
                yield from read_pbn(path.read_bytes(), str(path))


def real_claims(root: Path, per_bucket: int) -> dict[int, list[Case]]:
    """Claims from the corpus, at most ``per_bucket`` for each number of tricks left."""
    from bridgelaw.core.cards import Seat as S
    from bridgelaw.io.record import HandRecord
    from bridgelaw.io.replay import replay_record
    from bridgelaw.table import Phase

    buckets: dict[int, list[Case]] = {}
    for rec in _records(root):
        assert isinstance(rec, HandRecord)
        total = rec.claim if rec.claim is not None else rec.result
        if total is None or not 0 < len(rec.play) < 52 or (len(rec.play) % 4 == 3 and len(rec.play) > 48):
            continue
        left = 13 - len(rec.play) // 4
        if len(buckets.get(left, [])) >= per_bucket:
            continue
        try:
            _, table = replay_record(rec)
        except Exception:
            continue
        if table is None or table.phase is not Phase.PLAY or table.contract is None or table.awaiting is not None:
            continue
        hands = tuple(int(table.hand(s).mask) for s in S)
        current = table.tricks[-1] if table.tricks and not table.tricks[-1].complete else None
        leader = current.leader if current is not None else table.turn
        if leader is None:
            continue
        pos = Position((hands[0], hands[1], hands[2], hands[3]), table.contract.strain.suit, leader,
                       tuple(current.cards) if current is not None else ())
        declarer = table.contract.declarer
        won = table.declarer_tricks or 0
        claim = total - won
        if not 0 <= claim <= pos.remaining:
            continue
        buckets.setdefault(pos.remaining, []).append((pos, declarer, claim))
    return buckets


def _pct(xs: list[float], q: float) -> float:
    """The q-quantile of sorted ``xs`` (nearest rank)."""
    return xs[min(len(xs) - 1, max(0, round(q * len(xs) + 0.5) - 1))]


Slow = tuple[float, int, str, Position, Seat, int]  # CPU seconds, nodes, group, the case


def hands_text(pos: Position) -> str:
    """The four hands, the trump and the leader, on one line."""
    def hand(mask: int) -> str:
        return " ".join(str(c) for c in sorted(cards_of(mask), key=lambda c: (-int(c.suit), -int(c.rank))))
    trump = "NT" if pos.trump is None else pos.trump.name
    return " | ".join(f"{s.name}: {hand(pos.hands[s])}" for s in Seat) + f" | trumps {trump}, {pos.leader.name} leads"


def measure(label: str, cases: list[Case], slow: list[Slow] | None = None) -> None:
    """One line per group: wall and CPU time of a whole analysis (p50 / p95 / p99 / max),
    the share answered exactly, the search's nodes, and the DDS floor; each analysis's
    CPU time and nodes go to ``slow`` when given."""
    if not cases:
        return
    times, cpu, floor, exact, valid = [], [], [], 0, 0
    nodes: list[int] = []
    for pos, claimer, claim in cases:
        t0 = time.perf_counter()
        solve(pos)
        floor.append(time.perf_counter() - t0)
        t0, c0 = time.perf_counter(), time.process_time()
        a = analyse_claim(pos, claimer, claim)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        exact += a.exact
        valid += a.verdict.value == "valid"
        nodes.append(a.nodes)
        if slow is not None:
            slow.append((cpu[-1], a.nodes, label, pos, claimer, claim))
    times.sort()
    cpu.sort()
    nodes.sort()
    n = len(cases)

    def ms(xs: list[float]) -> str:
        return "/".join(f"{1000 * _pct(xs, q):.0f}" for q in (0.5, 0.95, 0.99)) + f"/{1000 * xs[-1]:.0f}"

    print(f"{label:<26} n={n:3d}  wall p50/p95/p99/max {ms(times):>20} ms  cpu {ms(cpu):>20} ms  "
          f"exact {exact}/{n} ({100 * exact / n:.0f}%)  valid {valid}/{n}  "
          f"nodes p50/p99/max {_pct(nodes, 0.5)}/{_pct(nodes, 0.99)}/{nodes[-1]}  "
          f"| solve_board median {1000 * statistics.median(floor):5.2f} ms, max {1000 * max(floor):6.2f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("deals", nargs="?", type=int, default=20, help="random deals per trick count")
    ap.add_argument("--corpus", type=Path, default=CORPUS, help="hand-record folder for the real claims")
    ap.add_argument("--per-bucket", type=int, default=12, help="real claims per number of tricks left")
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--only", choices=("random", "corpus"), help="run one of the two groups")
    ap.add_argument("--worst", type=int, default=0, metavar="N", help="list the N slowest analyses (CPU)")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    rng = random.Random(args.seed)
    slow: list[Slow] = []
    for remaining in (13, 12, 11, 10, 9, 7) if args.only != "corpus" else ():
        measure(f"random, {remaining:2d} tricks left", random_positions(args.deals, remaining, rng), slow)
    if args.only != "random":
        if args.corpus.is_dir():
            buckets = real_claims(args.corpus, args.per_bucket)
            for left in sorted(buckets, reverse=True):
                measure(f"corpus, {left:2d} tricks left", buckets[left], slow)
            measure("corpus, all", [c for b in buckets.values() for c in b])
        else:
            print(f"no corpus at {args.corpus}: real claims skipped")
    for cpu, nodes, label, pos, claimer, claim in sorted(slow, key=lambda x: -x[0])[: args.worst]:
        print(f"{1000 * cpu:7.0f} ms cpu  {nodes:9d} nodes  {label}, {claimer.name} claims {claim}: {hands_text(pos)}")


if __name__ == "__main__":
    main()
