"""Benchmark: replay random complete legal boards through the Table, next to a minimal
reference loop that deals, bids and plays random legal cards on integer bitmasks with no
Table around it. Prints boards/s and actions/s for both and their ratio.

    .venv/bin/python benchmarks/bench_table.py [--boards N] [--seed S] [--rounds R]

The Table is event-sourced, so "replay" is exactly what a server does after a restart and
what undo does: fold the action list into state.
"""

from __future__ import annotations

import argparse
import gc
import random
import time

from bridgelaw.actions import Action, CallAction, PlayAction
from bridgelaw.config import Regulations, TableConfig
from bridgelaw.core.calls import ALL_BIDS, Call
from bridgelaw.core.cards import SUIT_MASK, Seat
from bridgelaw.core.deal import Board, Deal
from bridgelaw.table import Table

FACE_UP = TableConfig(regulations=Regulations(opening_lead="face_up"))


def random_auction(rng: random.Random, dealer: int) -> list[tuple[int, int]]:
    """(seat, call code) pairs: -1 pass, else bid rank 0..34. Passes weighted so auctions end."""
    out: list[tuple[int, int]] = []
    last = -1
    passes = 0
    seat = dealer
    while True:
        if rng.random() < 0.6 or last == 34:
            out.append((seat, -1))
            passes += 1
        else:
            last = rng.randint(last + 1, min(34, last + 6))
            out.append((seat, last))
            passes = 0
        seat = (seat + 1) & 3
        if (passes == 3 and last >= 0) or passes == 4:
            return out


def reference_loop(n: int, seed: int) -> tuple[float, int]:
    """Deal, bid and play random legal cards on bitmasks only."""
    rng = random.Random(seed)
    actions = 0
    gc.collect()  # each side starts with the collector's counts cleared
    start = time.process_time()
    for b in range(n):
        order = list(range(52))
        rng.shuffle(order)
        hands = [0, 0, 0, 0]
        for i, c in enumerate(order):
            hands[i // 13] |= 1 << c
        auction = random_auction(rng, b & 3)
        actions += len(auction)
        last_bid = max((c for _, c in auction), default=-1)
        if last_bid < 0:
            continue
        trump = last_bid % 5
        leader = (auction[-4][0] + 1) & 3
        for _ in range(13):
            led = -1
            best_seat = leader
            best_key = -1
            seat = leader
            for k in range(4):
                h = hands[seat]
                if led >= 0 and h & SUIT_MASK[led]:
                    h &= SUIT_MASK[led]
                for _ in range(rng.randrange(h.bit_count())):
                    h &= h - 1  # drop the lowest set bit: pick a random held card
                c = (h & -h).bit_length() - 1
                hands[seat] &= ~(1 << c)
                suit = c // 13
                if k == 0:
                    led = suit
                key = (c % 13) + (100 if suit == trump else 50 if suit == led else 0)
                if key > best_key:
                    best_key, best_seat = key, seat
                seat = (seat + 1) & 3
                actions += 1
            leader = best_seat
    return time.process_time() - start, actions


def random_board(rng: random.Random, number: int) -> tuple[Board, list[Action]]:
    """A random complete legal board as an action list, produced by driving a Table."""
    board = Board.standard(number, Deal.random(rng))  # type: ignore[arg-type]
    table = Table(board, FACE_UP)
    for seat, code in random_auction(rng, board.dealer):
        call = Call.PASS if code < 0 else ALL_BIDS[code]
        table.push(CallAction(Seat(seat), call))
    while table.turn is not None:
        seat = table.turn
        card = rng.choice(list(table.legal_cards))
        table.push(PlayAction(seat, card, by=table.declarer if seat is table.dummy else None))
    return board, list(table.actions)


def bench_table(n: int, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    boards = [random_board(rng, i % 16 + 1) for i in range(n)]
    actions = sum(len(a) for _, a in boards)
    gc.collect()  # each side starts with the collector's counts cleared
    start = time.process_time()
    for board, acts in boards:
        t = Table(board, FACE_UP, acts)
        assert t.score_ns is not None
    return time.process_time() - start, actions


def bench_act(n: int, seed: int) -> tuple[float, int]:
    """The same boards played live, one ``act()`` at a time (what a server does)."""
    rng = random.Random(seed)
    boards = [random_board(rng, i % 16 + 1) for i in range(n)]
    actions = sum(len(a) for _, a in boards)
    gc.collect()
    start = time.process_time()
    for board, acts in boards:
        t = Table(board, FACE_UP)
        for a in acts:
            t.act(a)
        assert t.score_ns is not None
    return time.process_time() - start, actions


def bench_undo_at(n: int, seed: int, played: int) -> float:
    """Seconds per undo() of the last action of tables played live up to ``played`` actions."""
    rng = random.Random(seed)
    tables = []
    for i in range(n):
        board, acts = random_board(rng, i % 16 + 1)
        t = Table(board, FACE_UP)
        for a in acts[:played]:
            t.act(a)
        tables.append(t)
    gc.collect()
    start = time.process_time()
    for t in tables:
        t.undo()
    return (time.process_time() - start) / len(tables)


def bench_undo_card(n: int, seed: int, trick: int) -> float:
    """Seconds per undo() of the second card of trick ``trick`` (1-based), the last card of
    a table played live up to it: what a player's "take back my card" costs at that point."""
    rng = random.Random(seed)
    tables = []
    for i in range(n):
        board, acts = random_board(rng, i % 16 + 1)
        auction = sum(1 for a in acts if type(a) is CallAction)
        if len(acts) == auction:  # passed out: no card to take back
            continue
        t = Table(board, FACE_UP)
        for a in acts[:auction + 4 * (trick - 1) + 2]:
            t.act(a)
        tables.append(t)
    gc.collect()
    start = time.process_time()
    for t in tables:
        t.undo()
    return (time.process_time() - start) / len(tables)


def bench_undo(n: int, seed: int) -> tuple[float, float]:
    """Seconds per undo() of the last card of a complete board, and per full replay of it."""
    rng = random.Random(seed)
    tables = [Table(b, FACE_UP, a) for b, a in (random_board(rng, i % 16 + 1) for i in range(n))]
    tables = [t for t in tables if t.tricks]
    gc.collect()
    start = time.process_time()
    for t in tables:
        t.undo()
    undo_s = (time.process_time() - start) / len(tables)
    gc.collect()
    start = time.process_time()
    for t in tables:
        Table(t.board, FACE_UP, t.actions[:-1])
    return undo_s, (time.process_time() - start) / len(tables)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--boards", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=5, help="alternating rounds of both sides (median ratio)")
    args = ap.parse_args()
    # The two sides run alternately, and each is timed in CPU seconds, so that other
    # processes on a shared machine move both alike; the ratio printed is the median of
    # the rounds' ratios.
    ratios: list[float] = []
    act_ratios: list[float] = []
    ref_runs: list[tuple[float, int]] = []
    tab_runs: list[tuple[float, int]] = []
    act_runs: list[tuple[float, int]] = []
    for _ in range(args.rounds):
        ref_runs.append(reference_loop(args.boards, args.seed))
        tab_runs.append(bench_table(args.boards, args.seed))
        act_runs.append(bench_act(args.boards, args.seed))
        ratios.append(ref_runs[-1][0] / tab_runs[-1][0])
        act_ratios.append(ref_runs[-1][0] / act_runs[-1][0])
    ref_s, ref_actions = min(ref_runs)
    tab_s, tab_actions = min(tab_runs)
    act_s, act_actions = min(act_runs)
    ref_bps, tab_bps = args.boards / ref_s, args.boards / tab_s
    print(f"reference loop : {ref_bps:9.0f} boards/s  {ref_actions / ref_s:10.0f} actions/s  (best round)")
    print(f"Table replay   : {tab_bps:9.0f} boards/s  {tab_actions / tab_s:10.0f} actions/s  (best round)")
    print(f"Table act()    : {args.boards / act_s:9.0f} boards/s  {act_actions / act_s:10.0f} actions/s  (best round)")
    ratio = sorted(ratios)[len(ratios) // 2]
    print(f"ratio Table/reference: {ratio:.2f} (target >= 0.5; median of {args.rounds} rounds: "
          + " ".join(f"{r:.2f}" for r in ratios) + ")")
    print(f"ratio act()/reference: {sorted(act_ratios)[len(act_ratios) // 2]:.2f} (target >= 0.5; rounds: "
          + " ".join(f"{r:.2f}" for r in act_ratios) + ")")
    undo_s, full_s = bench_undo(min(args.boards, 500), args.seed + 1)
    print(f"undo() at the end of a board:     {undo_s * 1e6:7.0f} us  (a full replay: {full_s * 1e6:.0f} us)")
    trick = 4 * act_s / act_actions
    undos = {k: bench_undo_at(min(args.boards, 500), args.seed + 2, k) for k in (8, 24, 40, 56)}
    print("undo() of the last action of a live table: " + "   ".join(f"after {k}: {u * 1e6:.1f} us" for k, u in undos.items())
          + f"   (one trick's act(): {trick * 1e6:.1f} us; target: undo <= it, flat in the board's length)")
    cards = {k: bench_undo_card(min(args.boards, 500), args.seed + 3, k) for k in (2, 12)}
    print("undo() of the last card: " + "   ".join(f"at trick {k}: {u * 1e6:.1f} us" for k, u in cards.items())
          + f"   (one trick's act(): {trick * 1e6:.1f} us)")


if __name__ == "__main__":
    main()
