"""The transport's own CPU per action: the floor under the table server's figure (on
demand, not a test).

``bench_server.py`` reports the server's CPU per action, which is the Laws' work (the
engine, the seats' patches, the log) plus what any websocket server on this stack spends
to take one message in and send four out. This bench measures the second part alone: a
bare ASGI application on the same uvicorn, with the server's websocket settings, where
each table's four connections are joined and every message received is answered by one
message of a patch's size to each of the four (the action and its three patches, the
sender's acknowledgement inside his). The players are the load bench's cheap clients,
acting at random about once per ``--think`` seconds per table. What the table server
spends above this figure is its own.

    .venv/bin/python benchmarks/bench_floor.py --tables 500 --seconds 30

``--queues`` sends through a queue and a task per connection (as the server's pumps do)
instead of from the receiving task.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import socket
import sys
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from bench_clients import Connection, connect, frame

TICKS = 100.0  # clock ticks per second in /proc/PID/stat (USER_HZ)
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
# a card's patch as the server sends it: the turn, the trick, a hand, the legal cards, an ack
PATCH = json.dumps({
    "type": "patch", "base": 11, "seq": 12, "ops": [
        ["=", ["seq"], 12], ["=", ["to_act"], "E"], ["=", ["view", "turn"], "E"],
        ["+", ["view", "tricks"], [{"leader": "N", "seats": ["N"], "cards": ["SA"], "winner": None}]],
        ["=", ["view", "hand_sizes", "N"], 9], ["=", ["view", "hands", "N"], "K32.Q54.T9.876"],
        ["=", ["legal_cards"], ["S2", "S4", "S9"]]],
    "ack": {"type": "ack", "id": 7, "seq": 12}})


def serve(port: int, queues: bool) -> None:
    """The bare application: each message to a table is answered to its four connections."""
    import uvicorn

    tables: dict[str, list[Send]] = {}

    async def app(scope: MutableMapping[str, Any], receive: Callable[[], Awaitable[MutableMapping[str, Any]]],
                  send: Send) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        if scope["type"] != "websocket":
            return
        await receive()
        await send({"type": "websocket.accept"})
        group = tables.setdefault(scope["path"].rsplit("/", 1)[-1], [])
        group.append(_queued(send) if queues else send)
        while (message := await receive())["type"] == "websocket.receive":
            seq = json.loads(message["text"])["seq"]
            text = PATCH.replace('"seq": 12', f'"seq": {seq}')
            for member in group:
                await member({"type": "websocket.send", "text": text})

    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws_per_message_deflate=False)


_PUMPS: set[asyncio.Task[None]] = set()  # the loop keeps only weak references to tasks


def _queued(send: Send) -> Send:
    """``send`` through a queue drained by a task of its own (the server's pump)."""
    queue: asyncio.Queue[MutableMapping[str, Any]] = asyncio.Queue()

    async def pump() -> None:
        while True:
            await send(await queue.get())

    _PUMPS.add(asyncio.get_running_loop().create_task(pump()))

    async def put(message: MutableMapping[str, Any]) -> None:
        queue.put_nowait(message)

    return put


async def play(port: int, tables: list[str], think: float, warmup: float, seconds: float) -> int:
    """Open four connections per table; each table acts about once per ``think`` seconds
    from a random seat; return the actions sent in the measured window."""
    conns: dict[str, list[Connection]] = {}
    for t in tables:
        conns[t] = [await connect(f"ws://127.0.0.1:{port}/ws/{t}", lambda _text: None) for _ in range(4)]
    loop = asyncio.get_running_loop()
    start = loop.time() + warmup
    sent = 0

    def act(t: str) -> None:
        nonlocal sent
        now = loop.time()
        if now >= start + seconds:
            return
        if now >= start:
            sent += 1
        transport = random.choice(conns[t]).transport
        assert transport is not None
        transport.write(frame(json.dumps({"type": "action", "seq": sent, "action": {"seat": "N", "play": "SA"}}).encode()))
        loop.call_later(random.expovariate(1 / think), act, t)

    for t in tables:
        loop.call_later(random.random() * think, act, t)
    await asyncio.sleep(warmup + seconds + 1)
    return sent


def _players(port: int, tables: list[str], args: argparse.Namespace, out: Any) -> None:
    out.put(asyncio.run(play(port, tables, args.think, args.warmup, args.seconds)))


def _cpu(pid: int) -> tuple[float, float]:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) / TICKS, int(fields[12]) / TICKS


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tables", type=int, default=500)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--warmup", type=float, default=3.0)
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds between a table's actions")
    ap.add_argument("--queues", action="store_true", help="send through a queue and a task per connection")
    args = ap.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    server = multiprocessing.Process(target=serve, args=(port, args.queues), daemon=True)
    server.start()
    time.sleep(2)
    assert server.pid is not None
    names = [f"t{i}" for i in range(args.tables)]
    results: Any = multiprocessing.Queue()
    players = [multiprocessing.Process(target=_players, args=(port, names[k::2], args, results)) for k in range(2)]
    for p in players:
        p.start()
    time.sleep(args.warmup + 1)  # the connections open, then the warm-up
    user0, sys0 = _cpu(server.pid)
    time.sleep(args.seconds)
    user1, sys1 = _cpu(server.pid)
    actions = sum(results.get() for _ in players)
    for p in players:
        p.join()
    server.terminate()
    cpu = (user1 - user0) + (sys1 - sys0)
    print(f"bare websocket broadcast ({'queue and task per connection' if args.queues else 'sent from the receiving task'}): "
          f"{args.tables} tables, {actions} actions in {args.seconds:.0f} s")
    print(f"server CPU: {cpu:.1f} s = {1000 * cpu / max(actions, 1):.3f} ms per action "
          f"(user {1000 * (user1 - user0) / max(actions, 1):.3f}, kernel {1000 * (sys1 - sys0) / max(actions, 1):.3f}); "
          f"machine load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    sys.exit(main())
