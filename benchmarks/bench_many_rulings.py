"""Benchmark: how a board's cost grows with its rulings. A board of N passes out of
rotation, each answered and most of the next ones refused while a choice waits, is folded
through the Table (as ``bridgelaw scenario`` and a server restart do); prints the CPU time
for each N and the ratio to the smallest, so that growth faster than the input shows.

    .venv/bin/python benchmarks/bench_many_rulings.py [--sizes 100,200,400,1000]
"""

from __future__ import annotations

import argparse
import gc
import time

from bridgelaw.actions import action_from_json
from bridgelaw.config import TableConfig
from bridgelaw.core.cards import Seat
from bridgelaw.core.deal import Board, Deal, Vulnerability
from bridgelaw.table import Table

DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.765 6543.765.AKQ.T98 2.J432.JT98.AKQJ"


def fold(n: int) -> tuple[float, int]:
    """CPU seconds to fold ``n`` out-of-rotation passes and their answers; the rulings made."""
    actions = []
    for _ in range(n):
        actions.append(action_from_json({"seat": "E", "call": "P"}))
        actions.append(action_from_json({"seat": "S", "choose": "accept"}))
    board = Board(1, Deal.parse(DEAL), Seat.N, Vulnerability.parse("None"))
    gc.collect()
    start = time.process_time()
    table = Table(board, TableConfig(), actions)
    return time.process_time() - start, len(table.to_json()["rulings"])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="100,200,400,1000")
    args = p.parse_args()
    base = None
    for n in (int(x) for x in args.sizes.split(",")):
        cpu, rulings = fold(n)
        base = base or cpu / n
        print(f"{n:6d} passes  {rulings:5d} rulings  {cpu:7.2f} CPU-s  {cpu / n * 1000:6.2f} ms/pass  x{cpu / n / base:5.1f} per pass")


if __name__ == "__main__":
    main()
