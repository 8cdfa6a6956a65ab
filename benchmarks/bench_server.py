"""Load benchmark for the table server (on demand, not a test).

Starts ``bridgelaw serve`` in a subprocess (SQLite file in a temporary directory by
default, or ``--database postgresql://...``), opens N tables with four simulated players
each (websocket clients on loopback that act only on their own seat's state, as browsers
do), plays random boards for ``--seconds`` and reports actions per second and the
latency from sending an action to receiving its acknowledgement (p50, p90, p99, max).

    .venv/bin/python benchmarks/bench_server.py --tables 500 --seconds 60
    .venv/bin/python benchmarks/bench_server.py --tables 100 --database postgresql://postgres@127.0.0.1/test

With ``--irregular`` / ``--claims`` (e.g. 0.01 each: 2 % of actions) the players also make
irregularities and claims, and a director connects to every table to answer the rulings.
Clients take patches (``--updates patch``, the default) or whole states (``--updates state``).

Besides actions/s and latency the bench prints, for a server it started itself, the
server's CPU per action over the measured window (all its threads: the event loop, the
database thread and the claim checker's threads, from /proc/PID/stat; split into user and
kernel time, and into the event loop's thread and the others) and its resident memory:
after the tables are created (baseline), under load, and once the clients have gone and
the idle tables are unloaded (``BRIDGELAW_IDLE_UNLOAD`` is set short for this).
The server runs on the allocator ``bridgelaw serve`` chooses (the C allocator);
``--allocator pymalloc`` runs it on CPython's own (``PYTHONMALLOC=pymalloc``).

``--baseline SRC`` measures another version's server (its ``src`` tree, e.g. the commit
before, unpacked with ``git archive``) under the same load in the same run, one server
after the other (``--rounds`` times each), and prints the two CPU figures and their ratio:
on a machine shared with other work only figures from one run compare.

    git archive 5107ca4 src | tar -x -C /tmp/base
    .venv/bin/python benchmarks/bench_server.py --tables 500 --seconds 30 --baseline /tmp/base/src

Goals: 2,000 tables on SQLite with p99 < 100 ms on a quiet machine, server CPU per action
at most 0.3 ms, memory back to the baseline after the tables go idle. The clients share the
machine with the server, so the figures are a lower bound for the server alone.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, NamedTuple

import httpx
from bench_clients import Player, connect

TICKS = 100.0  # clock ticks per second in /proc/PID/stat (USER_HZ)
UNLOAD_AFTER = 3.0  # seconds a table without connections stays loaded during a bench


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}
        self.boards = 0
        self.window = (0.0, 0.0)  # wall clock (time.time) of the measured window
        self.kinds: dict[str, int] = {}  # actions sent, by kind (call, play, claim, ...)
        self.elapsed = 0.0  # seconds of the measured window
        self.client_cpu = 0.0  # CPU seconds the clients' process(es) used in the window


class Sample(NamedTuple):
    time: float    # wall clock (time.time)
    cpu: float     # CPU seconds of the whole process (all threads, user and system)
    rss: float     # resident memory, MiB
    user: float    # CPU seconds in user mode (the rest of ``cpu`` is the kernel's: sockets, files)
    loop: float    # CPU seconds of the main thread (the event loop); the rest is other threads'


def _ticks(path: str) -> tuple[float, float]:
    """(user, system) CPU seconds from a /proc stat file."""
    with open(path) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) / TICKS, int(fields[12]) / TICKS


class Sampler:
    """Sample a process's CPU time and resident memory every ``every`` seconds."""

    def __init__(self, pid: int, every: float = 0.25) -> None:
        self.pid = pid
        self.every = every
        self.samples: list[Sample] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def read(self) -> Sample:
        user, system = _ticks(f"/proc/{self.pid}/stat")
        loop = sum(_ticks(f"/proc/{self.pid}/task/{self.pid}/stat"))
        rss = 0.0
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    rss = int(line.split()[1]) / 1024
        return Sample(time.time(), user + system, rss, user, loop)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.samples.append(self.read())
            except OSError:
                return
            self._stop.wait(self.every)

    def start(self) -> Sampler:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def at(self, when: float) -> Sample:
        """The sample nearest to ``when``."""
        return min(self.samples, key=lambda s: abs(s[0] - when))


def create_tables(args: argparse.Namespace, base: str) -> list[dict[str, Any]]:
    tables = []
    with httpx.Client(base_url=base, timeout=60) as api:
        for i in range(args.tables):
            r = api.post("/api/tables", json={"boards": args.boards, "opening_lead": "face_up", "title": f"bench {i}"})
            r.raise_for_status()
            tables.append(r.json())
    return tables


async def run(args: argparse.Namespace, base: str, tables: list[dict[str, Any]]) -> Stats:
    """Connect every player of ``tables``, let them play for ``--seconds`` after the
    warm-up and return what they measured (with this process's own CPU time)."""
    stats = Stats()
    ws_base = base.replace("http://", "ws://")
    rng = random.Random(args.seed)
    connecting = asyncio.Semaphore(50)
    roles = ("N", "E", "S", "W", "director") if args.irregular or args.claims else ("N", "E", "S", "W")
    query = "?updates=patch" if args.updates == "patch" else ""
    players: list[Player] = []

    async def open_one(url: str, player: Player) -> None:
        async with connecting:
            player.conn = await connect(url + query, player.on_text)
            await player.ready  # holding its first state

    t0 = time.perf_counter()
    jobs = []
    for t in tables:
        for role in roles:
            player = Player(role, random.Random(rng.random()), stats, args)
            players.append(player)
            jobs.append(open_one(f"{ws_base}/ws/{t['tokens'][role]}", player))
    await asyncio.gather(*jobs)
    print(f"{len(players)} players connected in {time.perf_counter() - t0:.1f} s", flush=True)
    for player in players:
        player.running = True
        player.consider()
    await asyncio.sleep(args.warmup)
    stats.latencies.clear()
    stats.kinds.clear()
    start, wall, cpu = time.perf_counter(), time.time(), time.process_time()
    await asyncio.sleep(args.seconds)
    stats.elapsed = time.perf_counter() - start
    stats.client_cpu = time.process_time() - cpu
    stats.window = (wall, time.time())
    for player in players:
        player.running = False
        if player.conn is not None:
            player.conn.close()
    await asyncio.sleep(0.5)
    return stats


def _client_process(job: tuple[argparse.Namespace, str, list[dict[str, Any]]]) -> Stats:
    args, base, tables = job
    return asyncio.run(run(args, base, tables))


def run_clients(args: argparse.Namespace, base: str, sampler: Sampler | None, memory: dict[str, float]) -> Stats:
    """Open the tables, then run the simulated players in ``--client-processes`` processes,
    each with its share of the tables: one Python event loop for 2,000 websocket clients
    saturates a core, and its lag would be measured as the server's latency."""
    tables = create_tables(args, base)
    if sampler is not None:
        memory["baseline (tables created, none loaded)"] = sampler.read().rss
    k = max(1, min(args.client_processes, args.tables))
    if k == 1:
        return asyncio.run(run(args, base, tables))
    jobs = [(argparse.Namespace(**{**vars(args), "seed": args.seed * 1000 + n}), base, tables[n::k]) for n in range(k)]
    with multiprocessing.get_context("fork").Pool(k) as pool:
        parts = pool.map(_client_process, jobs)
    total = Stats()
    for part in parts:
        total.latencies.extend(part.latencies)
        total.boards += part.boards
        for code, count in part.errors.items():
            total.errors[code] = total.errors.get(code, 0) + count
        for kind, count in part.kinds.items():
            total.kinds[kind] = total.kinds.get(kind, 0) + count
    total.elapsed = max(part.elapsed for part in parts)
    total.client_cpu = sum(part.client_cpu for part in parts)
    total.window = (min(p.window[0] for p in parts), max(p.window[1] for p in parts))
    return total


def report(args: argparse.Namespace, stats: Stats, sampler: Sampler | None, memory: dict[str, float]) -> float | None:
    """Print one run's figures; return the server's CPU ms per action (None if unknown)."""
    lat = sorted(stats.latencies)
    if not lat:
        print("no actions completed")
        return None

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000
    elapsed = stats.elapsed
    print(f"tables: {args.tables}   clients: {(5 if args.irregular or args.claims else 4) * args.tables}"
          f"   database: {args.database or 'sqlite (temporary file)'}   think: {args.think}s   updates: {args.updates}"
          + ("" if args.url else f"   allocator: {args.allocator}"))
    print(f"actions: {len(lat)} in {elapsed:.1f} s = {len(lat) / elapsed:.0f} actions/s   boards finished: {stats.boards}")
    sent = sum(stats.kinds.values()) or 1
    odd = sum(n for k, n in stats.kinds.items() if k not in ("call", "play", "next_board"))
    print("sent by kind:", ", ".join(f"{k} {n}" for k, n in sorted(stats.kinds.items(), key=lambda x: -x[1])),
          f"  (not plain play: {100 * odd / sent:.1f} %)")
    print(f"latency (send -> ack): p50 {pct(0.5):.1f} ms   p90 {pct(0.9):.1f} ms   p99 {pct(0.99):.1f} ms   max {lat[-1] * 1000:.1f} ms   mean {statistics.mean(lat) * 1000:.1f} ms")
    if stats.errors:
        print("errors:", stats.errors)
    per_action = None
    if sampler is not None and sampler.samples:
        t0, t1 = stats.window
        a, b = sampler.at(t0), sampler.at(t1)
        cpu = b.cpu - a.cpu
        span = max(b.time - a.time, 1e-9)
        per = 1000 / len(lat) * (elapsed / span)  # ms per action, per CPU second of the window
        per_action = cpu * per
        print(f"server CPU: {cpu:.1f} s over {span:.1f} s ({100 * cpu / span:.0f} % of one core) = "
              f"{cpu * per:.3f} ms per action (user {(b.user - a.user) * per:.3f}, kernel {(cpu - b.user + a.user) * per:.3f};"
              f" event loop thread {(b.loop - a.loop) * per:.3f}, other threads {(cpu - b.loop + a.loop) * per:.3f})")
    print(f"client CPU: {stats.client_cpu:.1f} s over the window ({100 * stats.client_cpu / elapsed:.0f} % of one core, "
          f"{1000 * stats.client_cpu / len(lat):.3f} ms per action): the clients share the machine with the server")
    if memory:
        print("server RSS MiB: " + "   ".join(f"{k} {v:.0f}" for k, v in memory.items()))
    print("machine load average (1 min) at the end:", f"{os.getloadavg()[0]:.1f}",
          "(shared machine: latency depends on the other tenants; CPU per action much less)")
    return per_action


def wait_unloaded(base: str, timeout: float) -> bool:
    """Wait until the server has no table in memory (the clients have gone)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/api/health", timeout=5).json().get("tables_in_memory") == 0:
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    return False


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
    ap.add_argument("--irregular", type=float, default=0.0, help="chance a player makes an irregularity")
    ap.add_argument("--claims", type=float, default=0.0, help="chance the player to play claims instead")
    ap.add_argument("--updates", choices=("patch", "state"), default="patch",
                    help="patches after the first state, or whole states after every change")
    ap.add_argument("--allocator", choices=("serve", "pymalloc", "malloc"), default="serve",
                    help="the started server's small-object allocator: as `bridgelaw serve` chooses (the C "
                         "allocator, unless PYTHONMALLOC is set), or PYTHONMALLOC=pymalloc / malloc")
    ap.add_argument("--baseline", default=None, metavar="SRC",
                    help="the src directory of another version (e.g. the commit before, unpacked with "
                         "git archive): its server runs the same load in this run, before this one, "
                         "and the two are reported side by side")
    ap.add_argument("--rounds", type=int, default=1,
                    help="with --baseline: how many times each server runs, alternating")
    ap.add_argument("--pid", type=int, default=None, help="with --url: the server's process id (CPU, memory)")
    args = ap.parse_args()
    if args.baseline is None:
        report(args, *measure(args, None))
        return
    figures: dict[str, list[float]] = {"baseline": [], "this": []}
    for n in range(args.rounds):
        for label, src in (("baseline", args.baseline), ("this", None)):
            print(f"\n=== {label} server (round {n + 1}; load average {os.getloadavg()[0]:.1f} before) ===", flush=True)
            per = report(args, *measure(args, src))
            if per is not None:
                figures[label].append(per)
    if figures["baseline"] and figures["this"]:
        old, new = statistics.median(figures["baseline"]), statistics.median(figures["this"])
        print(f"\nserver CPU per action, median of {args.rounds} round(s): baseline {old:.3f} ms, "
              f"this {new:.3f} ms, ratio {new / old:.2f}  (load average now {os.getloadavg()[0]:.1f})")


def measure(args: argparse.Namespace, src: str | None) -> tuple[Stats, Sampler | None, dict[str, float]]:
    """Start a server (from ``src``, another version's source tree, else this one) or use
    ``--url``, run the load and measure it."""
    proc = None
    sampler = None
    memory: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        if args.url:
            base = args.url.rstrip("/")
            pid = args.pid
        else:
            proc, base = start_server(args, tmp, src)
            pid = proc.pid
        if pid is not None:
            sampler = Sampler(pid).start()
        try:
            stats = run_clients(args, base, sampler, memory)
            if sampler is not None:
                memory["under load"] = max(s.rss for s in sampler.samples if stats.window[0] <= s.time <= stats.window[1])
                if wait_unloaded(base, 120):
                    time.sleep(2 * sampler.every)
                    memory["after unload"] = sampler.read().rss
                else:
                    memory["after unload (tables still loaded after 120 s)"] = sampler.read().rss
        finally:
            if sampler is not None:
                sampler.stop()
            if proc is not None:
                proc.terminate()
                proc.wait(10)
    return stats, sampler, memory


def start_server(args: argparse.Namespace, tmp: str, src: str | None) -> tuple[subprocess.Popen[bytes], str]:
    """``bridgelaw serve`` on a free port with a fresh SQLite file (or ``--database``);
    ``src``: run another version's source tree instead of this one."""
    port = free_port()
    db = args.database or str(Path(tmp) / "bench.db")
    env = {**os.environ, "BRIDGELAW_IDLE_UNLOAD": str(UNLOAD_AFTER)}
    if args.allocator != "serve":
        env["PYTHONMALLOC"] = args.allocator
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(Path(src).resolve()), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    proc = subprocess.Popen(
        [sys.executable, "-m", "bridgelaw", "serve", "--port", str(port), "--database", db, "--log-level", "warning"],
        stdout=subprocess.DEVNULL, env=env,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    return proc, base


if __name__ == "__main__":
    main()
