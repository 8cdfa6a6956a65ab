"""Cheap simulated players for the load benchmark: raw websocket clients on asyncio.

A general websocket library spends tens of microseconds of Python per message; with
2,000 tables the players receive about 8,000 messages a second, and a bench whose
clients need more CPU than the server measures its own clients. Here each connection
is an ``asyncio.Protocol`` that parses the server's frames itself (unmasked, never
fragmented by uvicorn, but continuation frames are joined anyway), answers pings, and
sends masked text frames. A player is a small state machine driven by the messages it
receives and by ``call_later`` for its thinking time: no task or coroutine per player.
It acts only on its own seat's state, as a browser does.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import struct
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from bridgelaw.server import patch
from bridgelaw.server.simulate import next_message


def frame(payload: bytes, opcode: int = 1) -> bytes:
    """One masked client frame (RFC 6455 5.2)."""
    n = len(payload)
    if n < 126:
        head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
    elif n < 1 << 16:
        head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
    else:
        head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
    key = os.urandom(4)
    repeated = (key * (n // 4 + 1))[:n]
    masked = (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(n, "big") if n else b""
    return head + key + masked


class Connection(asyncio.Protocol):
    """One websocket connection; ``on_text`` is called with each text message."""

    def __init__(self, on_text: Callable[[str], None]) -> None:
        self.on_text = on_text
        self.transport: asyncio.Transport | None = None
        self.buf = bytearray()
        self.upgraded: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.closed = False
        self._parts: list[bytes] = []

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.buf += data
        if not self.upgraded.done():
            end = self.buf.find(b"\r\n\r\n")
            if end < 0:
                return
            status = bytes(self.buf[:end]).split(b"\r\n", 1)[0]
            del self.buf[:end + 4]
            if b" 101 " not in status + b" ":
                self.upgraded.set_exception(ConnectionError(status.decode(errors="replace")))
                return
            self.upgraded.set_result(None)
        self._frames()

    def _frames(self) -> None:
        buf = self.buf
        while len(buf) >= 2:
            b0, b1 = buf[0], buf[1]
            n, at = b1 & 0x7F, 2
            if n == 126:
                if len(buf) < 4:
                    return
                n, at = struct.unpack_from("!H", buf, 2)[0], 4
            elif n == 127:
                if len(buf) < 10:
                    return
                n, at = struct.unpack_from("!Q", buf, 2)[0], 10
            if len(buf) < at + n:
                return
            payload = bytes(buf[at:at + n])
            del buf[:at + n]
            self._message(b0 & 0x0F, bool(b0 & 0x80), payload)

    def _message(self, opcode: int, fin: bool, payload: bytes) -> None:
        if opcode in (0, 1, 2):
            self._parts.append(payload)
            if fin:
                text, self._parts = b"".join(self._parts).decode(), []
                self.on_text(text)
        elif opcode == 9 and self.transport is not None:  # ping: pong with its data
            self.transport.write(frame(payload, 10))
        elif opcode == 8:
            self.close()

    def send(self, text: str) -> None:
        if self.transport is not None and not self.closed:
            self.transport.write(frame(text.encode()))

    def close(self) -> None:
        if not self.closed and self.transport is not None:
            self.closed = True
            self.transport.write(frame(b"\x03\xe8", 8))
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if not self.upgraded.done():
            self.upgraded.set_exception(exc or ConnectionError("closed during the handshake"))


async def connect(url: str, on_text: Callable[[str], None]) -> Connection:
    """Open ``ws://host:port/path?query`` and finish the handshake."""
    u = urlsplit(url)
    loop = asyncio.get_running_loop()
    _transport, conn = await loop.create_connection(lambda: Connection(on_text), u.hostname, u.port or 80)
    path = u.path + (f"?{u.query}" if u.query else "")
    key = base64.b64encode(os.urandom(16)).decode()
    request = (f"GET {path} HTTP/1.1\r\nHost: {u.hostname}:{u.port}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
    assert conn.transport is not None
    conn.transport.write(request.encode())
    await conn.upgraded
    return conn


class Player:
    """One seat's simulated player: keeps its link's state (whole, then patched), and
    when it may act, thinks a while and sends one message, then waits for the answer."""

    def __init__(self, role: str, rng: random.Random, stats: Any, args: Any) -> None:
        self.role = role
        self.moves = False  # the next_board to send moves the table on (not only a consent)
        self.rng = rng
        self.stats = stats
        self.args = args
        self.conn: Connection | None = None
        self.current: dict[str, Any] | None = None  # the link's state as last received
        self.fresh = False  # a state arrived since the last message was sent
        self.sent_at: float | None = None
        self.sent = 0
        self.thinking = False
        self.running = False
        self.ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def on_text(self, text: str) -> None:
        msg = json.loads(text)
        kind = msg["type"]
        ack = msg.pop("ack", None) if kind != "ack" else None  # a patch connection's, with its patch
        if kind == "state":
            self.current, self.fresh = msg, True
            if not self.ready.done():
                self.ready.set_result(None)
        elif kind == "patch":
            if self.current is None or msg["base"] != self.current["seq"]:  # pragma: no cover
                assert self.conn is not None
                self.conn.send('{"type":"state"}')
                return
            self.current, self.fresh = patch.apply(self.current, msg["ops"]), True
        if ack is not None:
            msg, kind = ack, "ack"
        if kind in ("ack", "error"):
            if self.sent_at is not None:
                self.stats.latencies.append(time.perf_counter() - self.sent_at)
            if kind == "error":
                self.stats.errors[msg["code"]] = self.stats.errors.get(msg["code"], 0) + 1
                self.fresh = True  # refused: nothing changed, the player looks again
            self.sent_at = None
        self.consider()

    def consider(self) -> None:
        """Act if this link may and is not waiting for an answer or thinking already."""
        if not self.running or self.thinking or self.sent_at is not None or not self.fresh:
            return
        state = self.current
        assert state is not None
        out = next_message(state, self.rng, irregular=self.args.irregular, claims=self.args.claims)
        if out is None and state["can_next_board"] and state["view"]["phase"] == "ended":
            # the director moves the table on; without him the four players consent (a
            # board on which a ruling may still come waits for him)
            ready = state["next_board"]
            if self.role == "director" or not ready["director_leave"]:
                out = {"type": "next_board", "seq": state["seq"]}
                self.moves = self.role == "director" or len(ready["consents"]) == 3
        if out is None:
            return
        self.fresh = False
        think = self.args.think
        if think:
            self.thinking = True
            asyncio.get_running_loop().call_later(self.rng.uniform(0, 2 * think), self._send, out)
        else:
            self._send(out)

    def _send(self, out: dict[str, Any]) -> None:
        self.thinking = False
        if not self.running or self.conn is None:
            return
        if out.get("type") == "next_board" and self.moves:
            self.stats.boards += 1
        kind = kind_of(out)
        self.stats.kinds[kind] = self.stats.kinds.get(kind, 0) + 1
        self.sent += 1
        out["action_id"] = f"{self.role}-{self.sent}"  # as the web UI does: a retry is applied once
        self.sent_at = time.perf_counter()
        self.conn.send(json.dumps(out))


def kind_of(out: dict[str, Any]) -> str:
    """The kind of a message a player sends, for the bench's counts."""
    action = out.get("action") or {}
    for key in ("claim", "claim_response", "concede", "choose", "decide", "director", "face_lead", "call", "play"):
        if key in action:
            return "irregular call" if key == "call" and out.get("irregular") else key
    return str(out.get("type"))
