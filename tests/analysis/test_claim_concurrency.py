"""A claim being analysed holds up nobody else: the compiled search lets go of Python's
interpreter lock, so another thread (the web server's event loop, other tables) runs
while it searches. Tested by counting, not timing: with forced thread switches turned
off, the main thread can run while the worker is inside the search only if the search
has let go of the lock."""

from __future__ import annotations

import asyncio
import sys
import threading
import time

from bridgelaw.analysis.normal import Ending
from bridgelaw.analysis.worst import search
from bridgelaw.core.cards import Seat, Side, Suit
from bridgelaw.core.deal import Deal

# thirteen tricks, spades, West to lead: tens of thousands of positions to search
DEAL = Deal.parse("N:AK652.KQ4.JT52.9 J8743.A853.K.AQ4 Q.T972.Q963.KT52 T9.J6.A874.J8763")


def _ending() -> Ending:
    return Ending(list(DEAL.hands), Suit.S, Seat.W, Side.NS)


def test_the_search_lets_other_threads_run_while_it_searches() -> None:
    inside = [False]
    seen_inside = [0]
    started = threading.Event()
    finished = threading.Event()

    def worker() -> None:
        started.set()
        for _ in range(3):
            inside[0] = True
            search(_ending(), 7)
            inside[0] = False
        finished.set()

    # no forced switches between threads: the main thread runs only when the worker lets
    # go of the interpreter lock (inside the search) or waits
    old = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        thread = threading.Thread(target=worker)
        thread.start()
        started.wait()
        while not finished.is_set():
            if inside[0]:
                seen_inside[0] += 1
            time.sleep(0)  # lets the worker take the lock back when its search returns
        thread.join()
    finally:
        sys.setswitchinterval(old)
    assert seen_inside[0] > 0


def test_an_event_loop_keeps_serving_while_a_claim_is_analysed_in_a_thread() -> None:
    async def main() -> tuple[int, int]:
        ticks = [0]
        stop = asyncio.Event()

        async def ticker() -> None:  # another table's traffic
            while not stop.is_set():
                ticks[0] += 1
                await asyncio.sleep(0)

        task = asyncio.create_task(ticker())
        await asyncio.sleep(0)
        before = ticks[0]
        results = await asyncio.gather(*(asyncio.to_thread(search, _ending(), 7) for _ in range(2)))
        moved = ticks[0] - before
        stop.set()
        await task
        assert all(r.exact for r in results)
        return moved, results[0].tricks

    # in a thread of its own: a browser test's Playwright loop may be running in this worker
    out: list[tuple[int, int]] = []
    runner = threading.Thread(target=lambda: out.append(asyncio.run(main())))
    runner.start()
    runner.join()
    moved, tricks = out[0]
    assert moved > 0 and tricks == 2
