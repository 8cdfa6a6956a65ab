"""Scale-out: two server processes share one PostgreSQL database; an action taken through
one reaches the players connected to the other (PostgreSQL LISTEN/NOTIFY)."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from server_helpers import PBN, ServerProcess, new_table
from websockets.sync.client import connect

pytestmark = pytest.mark.postgres


def test_an_action_through_one_process_reaches_a_player_on_another(pg_url: str, tmp_path: Path) -> None:
    a = ServerProcess(pg_url, tmp_path).start()
    b = ServerProcess(pg_url, tmp_path).start()
    try:
        with httpx.Client(base_url=a.url, timeout=10) as ca:
            t = new_table(ca, pbn=PBN)
        tok = t["tokens"]
        ws_b = f"ws://127.0.0.1:{b.port}/ws/{tok['E']}"
        ws_a = f"ws://127.0.0.1:{a.port}/ws/{tok['N']}"
        with connect(ws_b, open_timeout=10) as east, connect(ws_a, open_timeout=10) as north:
            assert json.loads(east.recv(timeout=10))["seq"] == 0
            json.loads(north.recv(timeout=10))
            north.send(json.dumps({"type": "action", "action": {"seat": "N", "call": "1S"}, "seq": 0}))
            seen = json.loads(east.recv(timeout=10))  # pushed by process B
            assert seen["type"] == "state" and seen["seq"] == 1 and seen["view"]["auction"] == ["1S"]
            assert set(seen["view"]["hands"]) == {"E"}
            # and East answers through B; North on A sees it
            east.send(json.dumps({"type": "action", "action": {"seat": "E", "call": "P"}, "seq": 1}))
            while (m := json.loads(north.recv(timeout=10)))["type"] != "state" or m["seq"] < 2:
                pass
            assert m["view"]["auction"] == ["1S", "P"]
            # a stale action through A (it last saw seq 0 from N's view) is a conflict
            north.send(json.dumps({"type": "action", "action": {"seat": "N", "call": "2S"}, "seq": 1}))
            while (m := json.loads(north.recv(timeout=10)))["type"] != "error":
                pass
            assert m["code"] == "conflict"
    finally:
        a.stop()
        b.stop()
