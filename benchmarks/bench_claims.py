"""Claim-analysis CPU time per claim, on random positions and on real claims (run on
demand, not a test).

    .venv/bin/python benchmarks/bench_claims.py [deals] [--corpus DIR] [--per-bucket N]
        [--base SRC] [--worst N]

Random positions are reached by double-dummy play from random deals (spades, West
leads); the claim is South's, of the double-dummy number of tricks for North-South, at
13, 12, 11, 9 and 7 tricks left (60 deals each by default). Real claims come from the
hand-record corpus: boards whose play stops before the end with a result (LIN ``mc``, PBN
``[Result]``), replayed by the engine to the point of the claim, by declarer, of the
tricks the record credits him.

For each group the bench prints the median and p99 **CPU time** of one whole analysis
(``analyse_claim``: double dummy, the worst normal line, the 70C line when it matters,
Law 71's sure tricks when the claim gives tricks away, the costly choices), the search's
nodes (positions at the start of a trick: median / p99; CPU time varies with the
machine's load, the nodes do not), the share answered exactly, and as the floor one DDS
``solve_board`` call on the same positions (CPU). Each analysis starts cold, as in play:
DDS keeps its table when it is given the same deal again, so another deal is solved
between the floor and the analysis. ``--base SRC`` runs another checkout's
checker (its ``src`` folder, extension built) on the very same positions in a worker
process, interleaved case by case, so that both see the same load, and prints the old
figures, the new/old ratios and how many analyses are identical field by field (the recorded
analysis: figures, verdict, line, choices) on the same line. ``--worst N`` lists the N slowest
analyses with their nodes and hands.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
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


class Base:
    """Another checkout's checker in a worker process (``--base``): same positions, same
    load, case by case."""

    def __init__(self, src: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(src)}
        self.proc = subprocess.Popen([sys.executable, "-c", _WORKER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)

    def run(self, pos: Position, claimer: Seat, claim: int) -> tuple[float, int, object]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps([list(pos.hands), None if pos.trump is None else int(pos.trump),
                                          int(pos.leader), [c.index for c in pos.trick], int(claimer), claim]) + "\n")
        self.proc.stdin.flush()
        cpu, nodes, record = json.loads(self.proc.stdout.readline())
        return float(cpu), int(nodes), record


_WORKER = """
import json, sys, time
from bridgelaw.analysis.claims import analyse_claim
from bridgelaw.core.cards import ALL_CARDS, Seat, Suit
from bridgelaw.core.play import Position
for line in sys.stdin:
    h, t, lead, trick, claimer, claim = json.loads(line)
    pos = Position(tuple(h), None if t is None else Suit(t), Seat(lead), tuple(ALL_CARDS[i] for i in trick))
    c0 = time.process_time()
    a = analyse_claim(pos, Seat(claimer), claim)
    print(json.dumps([time.process_time() - c0, a.nodes, a.to_json()]), flush=True)
"""


def _ms(xs: list[float]) -> str:
    xs = sorted(xs)
    return f"{1000 * statistics.median(xs):7.1f} / {1000 * _pct(xs, 0.99):7.1f}"


def measure(label: str, cases: list[Case], slow: list[Slow] | None = None, base: Base | None = None) -> None:
    """One line per group: median / p99 CPU time of a whole analysis and its nodes, the
    share exact, the DDS floor; with ``base``, the other checker's figures and the ratios."""
    if not cases:
        return
    cpu, floor, old_cpu = [], [], []
    nodes, old_nodes = [], []
    exact = over = same = 0
    for i, (pos, claimer, claim) in enumerate(cases):
        c0 = time.process_time()
        solve(pos)
        floor.append(time.process_time() - c0)
        # DDS keeps its table while it is given the same deal again: solving another deal
        # first makes the analysis start cold, as in play and as in the --base worker
        # (whose last deal was the previous case's), not on the floor's table
        if len(cases) > 1:
            solve(cases[i - 1][0])
        c0 = time.process_time()
        a = analyse_claim(pos, claimer, claim)
        cpu.append(time.process_time() - c0)
        exact += a.exact
        over += cpu[-1] > 0.5
        nodes.append(a.nodes)
        if base is not None:
            oc, on, record = base.run(pos, claimer, claim)
            same += record == json.loads(json.dumps(a.to_json()))
            old_cpu.append(oc)
            old_nodes.append(on)
        if slow is not None:
            slow.append((cpu[-1], a.nodes, label, pos, claimer, claim))
    n = len(cases)
    ns = sorted(nodes)
    line = (f"{label:<24} n={n:3d}  cpu p50/p99 {_ms(cpu)} ms  >0.5 s: {over}  "
            f"nodes p50/p99 {statistics.median(ns):8.0f}/{_pct(ns, 0.99):8d}  exact {exact}/{n}  "
            f"| solve_board cpu p50/p99 {_ms(floor)} ms")
    if base is not None:
        os_ = sorted(old_nodes)
        oc = sorted(old_cpu)
        line += (f"\n{'':<24}        old cpu p50/p99 {_ms(old_cpu)} ms  >0.5 s: {sum(x > 0.5 for x in old_cpu)}  "
                 f"old nodes p50/p99 {statistics.median(os_):8.0f}/{_pct(os_, 0.99):8d}  "
                 f"new/old: cpu p99 {_pct(sorted(cpu), 0.99) / max(_pct(oc, 0.99), 1e-9):.2f}, "
                 f"cpu sum {sum(cpu) / max(sum(old_cpu), 1e-9):.2f}, nodes p99 {_pct(ns, 0.99) / max(_pct(os_, 0.99), 1):.2f}, "
                 f"nodes sum {sum(nodes) / max(sum(old_nodes), 1):.2f}, identical {same}/{n}")
    print(line, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("deals", nargs="?", type=int, default=60, help="random deals per trick count")
    ap.add_argument("--corpus", type=Path, default=CORPUS, help="hand-record folder for the real claims")
    ap.add_argument("--per-bucket", type=int, default=40, help="real claims per number of tricks left")
    ap.add_argument("--base", type=Path, help="another checkout's src folder, run on the same positions")
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--only", choices=("random", "corpus"), help="run one of the two groups")
    ap.add_argument("--worst", type=int, default=0, metavar="N", help="list the N slowest analyses (CPU)")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    rng = random.Random(args.seed)
    slow: list[Slow] = []
    base = Base(args.base) if args.base is not None else None
    for remaining in (13, 12, 11, 9, 7) if args.only != "corpus" else ():
        measure(f"random, {remaining:2d} tricks left", random_positions(args.deals, remaining, rng), slow, base)
    if args.only != "random":
        if args.corpus.is_dir():
            buckets = real_claims(args.corpus, args.per_bucket)
            for left in sorted(buckets, reverse=True):
                measure(f"corpus, {left:2d} tricks left", buckets[left], slow, base)
        else:
            print(f"no corpus at {args.corpus}: real claims skipped")
    for cpu, nodes, label, pos, claimer, claim in sorted(slow, key=lambda x: -x[0])[: args.worst]:
        print(f"{1000 * cpu:7.0f} ms cpu  {nodes:9d} nodes  {label}, {claimer.name} claims {claim}: {hands_text(pos)}")


if __name__ == "__main__":
    main()
