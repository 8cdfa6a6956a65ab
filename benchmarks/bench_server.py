"""Load benchmark for the table server (on demand, not a test).

Starts ``bridgelaw serve`` in a subprocess (SQLite file in a temporary directory by
default, or ``--database postgresql://...``), opens N tables with four simulated players
each (websocket clients on loopback that act only on their own seat's state, as browsers
do), plays random boards for ``--seconds`` and reports actions per second and the
latency from sending an action to receiving its acknowledgement (p50, p90, p99, max).

    .venv/bin/python benchmarks/bench_server.py --tables 500 --seconds 60
    .venv/bin/python benchmarks/bench_server.py --tables 100 --database postgresql://postgres@127.0.0.1/test

Target: 500 concurrent tables on a 2-core machine with p99 < 100 ms. The clients share the
machine with the server, so the figures are a lower bound for the server alone.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

from bridgelaw.server.simulate import next_message


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}
        self.boards = 0


async def player(url: str, role: str, rng: random.Random, stats: Stats, stop: asyncio.Event, think: float,
                 ready: asyncio.Queue[None], go: asyncio.Event, connecting: asyncio.Semaphore) -> None:
    async with connecting:
        ws = await websockets.connect(url, max_size=1 << 22, ping_interval=None, open_timeout=120)
    async with ws:
        state: dict[str, Any] | None = json.loads(await ws.recv())
        ready.put_nowait(None)
        await go.wait()
        sent_at: float | None = None
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                raw = None
            if raw is not None:
                msg = json.loads(raw)
                if msg["type"] == "state":
                    state = msg
                elif msg["type"] in ("ack", "error"):
                    if sent_at is not None:
                        stats.latencies.append(time.perf_counter() - sent_at)
                    if msg["type"] == "error":
                        stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
                    sent_at = None
            if state is None or sent_at is not None or stop.is_set():
                continue
            out = next_message(state, rng)
            if out is None and role == "N" and state["can_next_board"]:
                out = {"type": "next_board", "seq": state["seq"]}
                stats.boards += 1
            if out is None:
                continue
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            sent_at = time.perf_counter()
            await ws.send(json.dumps(out))
            state = None  # wait for the next state before acting again


async def run(args: argparse.Namespace, base: str) -> Stats:
    stats = Stats()
    stop = asyncio.Event()
    async with httpx.AsyncClient(base_url=base, timeout=60) as api:
        tables = []
        for i in range(args.tables):
            r = await api.post("/api/tables", json={"boards": args.boards, "opening_lead": "face_up", "title": f"bench {i}"})
            r.raise_for_status()
            tables.append(r.json())
    ws_base = base.replace("http://", "ws://")
    rng = random.Random(args.seed)
    ready: asyncio.Queue[None] = asyncio.Queue()
    go = asyncio.Event()
    connecting = asyncio.Semaphore(50)
    tasks = [
        asyncio.create_task(player(f"{ws_base}/ws/{t['tokens'][role]}", role, random.Random(rng.random()), stats, stop,
                                   args.think, ready, go, connecting))
        for t in tables for role in ("N", "E", "S", "W")
    ]
    t0 = time.perf_counter()
    for _ in tasks:  # every player connected and holding his first state
        await ready.get()
    print(f"{len(tasks)} players connected in {time.perf_counter() - t0:.1f} s", flush=True)
    go.set()
    await asyncio.sleep(args.warmup)
    stats.latencies.clear()
    start = time.perf_counter()
    await asyncio.sleep(args.seconds)
    elapsed = time.perf_counter() - start
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    stats.elapsed = elapsed  # type: ignore[attr-defined]
    return stats


def _client_process(job: tuple[argparse.Namespace, str]) -> Stats:
    args, base = job
    return asyncio.run(run(args, base))


def run_clients(args: argparse.Namespace, base: str) -> Stats:
    """Run the simulated players in ``--client-processes`` processes, each with its share of
    the tables: one Python event loop for 2,000 websocket clients saturates a core, and its
    lag would be measured as the server's latency."""
    k = max(1, min(args.client_processes, args.tables))
    if k == 1:
        return asyncio.run(run(args, base))
    jobs = []
    for n in range(k):
        sub = argparse.Namespace(**vars(args))
        sub.tables = args.tables // k + (1 if n < args.tables % k else 0)
        sub.seed = args.seed * 1000 + n
        jobs.append((sub, base))
    with multiprocessing.get_context("fork").Pool(k) as pool:
        parts = pool.map(_client_process, jobs)
    total = Stats()
    for part in parts:
        total.latencies.extend(part.latencies)
        total.boards += part.boards
        for code, count in part.errors.items():
            total.errors[code] = total.errors.get(code, 0) + count
    total.elapsed = max(part.elapsed for part in parts)  # type: ignore[attr-defined]
    return total


def report(args: argparse.Namespace, stats: Stats) -> None:
    lat = sorted(stats.latencies)
    if not lat:
        print("no actions completed")
        return
    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000
    elapsed = stats.elapsed  # type: ignore[attr-defined]
    print(f"tables: {args.tables}   clients: {4 * args.tables}   database: {args.database or 'sqlite (temporary file)'}   think: {args.think}s")
    print(f"actions: {len(lat)} in {elapsed:.1f} s = {len(lat) / elapsed:.0f} actions/s   boards finished: {stats.boards}")
    print(f"latency (send -> ack): p50 {pct(0.5):.1f} ms   p90 {pct(0.9):.1f} ms   p99 {pct(0.99):.1f} ms   max {lat[-1] * 1000:.1f} ms   mean {statistics.mean(lat) * 1000:.1f} ms")
    if stats.errors:
        print("errors:", stats.errors)
    print("target: p99 < 100 ms at 500 tables ->", "met" if args.tables >= 500 and pct(0.99) < 100 else "see above")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=500)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--warmup", type=float, default=3.0)
    ap.add_argument("--boards", type=int, default=8, help="boards per table")
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds a player thinks before acting (0: as fast as possible)")
    ap.add_argument("--database", default=None, help="postgresql://... (default: a temporary SQLite file)")
    ap.add_argument("--url", default=None, help="benchmark a running server instead of starting one")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--client-processes", type=int, default=2,
                    help="processes the simulated players run in (one event loop per process)")
    args = ap.parse_args()
    proc = None
    with tempfile.TemporaryDirectory() as tmp:
        if args.url:
            base = args.url.rstrip("/")
        else:
            port = free_port()
            db = args.database or str(Path(tmp) / "bench.db")
            proc = subprocess.Popen(
                [sys.executable, "-m", "bridgelaw", "serve", "--port", str(port), "--database", db, "--log-level", "warning"],
                stdout=subprocess.DEVNULL,
            )
            base = f"http://127.0.0.1:{port}"
            for _ in range(300):
                try:
                    if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
        try:
            stats = run_clients(args, base)
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(10)
    report(args, stats)


if __name__ == "__main__":
    main()
