"""The synchronous write of ``TableSocketProtocol`` under a real uvicorn: its frames are
read by a standard websocket client as the ASGI path's are (short, medium and long
texts, non-ASCII), and once the connection is closed it writes nothing and says so."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from typing import Any

import uvicorn
from websockets.sync.client import connect

from bridgelaw.server.socket_protocol import SCOPE_KEY, TableSocketProtocol

TEXTS = ["a", "é" * 62, "x" * 125, "y" * 126, "п" * 40_000, "z" * 65_535, "w" * 70_000]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_direct_frames_read_as_sent() -> None:
    outcome: dict[str, Any] = {}

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "websocket":
            return
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        direct = scope[SCOPE_KEY]
        outcome["written"] = [direct.write_text(t) for t in TEXTS]
        await send({"type": "websocket.send", "text": "through ASGI"})
        while (await receive())["type"] != "websocket.disconnect":
            pass
        outcome["after close"] = direct.write_text("too late")

    port = _port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, ws=TableSocketProtocol,
                                           log_level="warning", lifespan="off"))
    thread = threading.Thread(target=lambda: asyncio.run(server.serve()), daemon=True)
    thread.start()
    try:
        for _ in range(200):
            if server.started:
                break
            time.sleep(0.05)
        with connect(f"ws://127.0.0.1:{port}/ws", max_size=None) as ws:
            received = [ws.recv() for _ in range(len(TEXTS) + 1)]
        for _ in range(200):
            if "after close" in outcome:
                break
            time.sleep(0.05)
    finally:
        server.should_exit = True
        thread.join(10)
    assert outcome["written"] == [True] * len(TEXTS)
    assert received == [*TEXTS, "through ASGI"]
    assert outcome["after close"] is False
