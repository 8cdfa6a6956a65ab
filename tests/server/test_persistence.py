"""Persistence: every action is in the database before it is acknowledged; a server killed
with SIGKILL mid-board and restarted resumes every table with its full log (SQLite and
PostgreSQL); simultaneous actions for one table are serialised by sequence number."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from server_helpers import PBN, ServerProcess, new_table, run_coroutine

from bridgelaw.server.app import create_app
from bridgelaw.server.hub import ClientError, Hub
from bridgelaw.server.simulate import next_message
from bridgelaw.server.store import SeqConflict, Store


def play_some(c: httpx.Client | TestClient, tokens: dict[str, str], rng: random.Random, steps: int) -> int:
    """Take ``steps`` actions through the seat links, as players would; return the seq."""
    seq = 0
    for _ in range(steps):
        for role in ("N", "E", "S", "W", "director"):
            state = c.get(f"/api/links/{tokens[role]}/state").json()
            msg = next_message(state, rng, irregular=0.1)
            if msg is not None:
                r = c.post(f"/api/links/{tokens[role]}/actions", json=msg)
                if r.status_code == 200:
                    seq = int(r.json()["seq"])
                break
    return seq


def snapshot(c: httpx.Client | TestClient, tokens: dict[str, str]) -> dict[str, Any]:
    log = c.get(f"/api/links/{tokens['director']}/log").json()
    views = {r: c.get(f"/api/links/{tokens[r]}/state").json() for r in ("N", "E", "S", "W", "director")}
    return {"log": log, "views": views}


def crash_and_resume(database: str, tmp_path: Path) -> None:
    server = ServerProcess(database, tmp_path).start()
    rng = random.Random(7)
    tables: list[dict[str, Any]] = []
    before: dict[str, dict[str, Any]] = {}
    try:
        with httpx.Client(base_url=server.url, timeout=10) as c:
            for i in range(4):
                t = new_table(c, pbn=PBN if i == 0 else None, boards=2, auto_director=i % 2 == 0)
                tables.append(t)
                assert play_some(c, t["tokens"], rng, 10 + 9 * i) > 0
            for t in tables:
                before[t["id"]] = snapshot(c, t["tokens"])
        server.kill()  # SIGKILL: no shutdown, no flush
        server.start()
        with httpx.Client(base_url=server.url, timeout=10) as c:
            for t in tables:
                after = snapshot(c, t["tokens"])
                assert after["log"] == before[t["id"]]["log"]
                assert after["views"] == before[t["id"]]["views"]
                # and the board goes on from where it was
                assert play_some(c, t["tokens"], rng, 3) >= len(after["log"])
    finally:
        server.stop()


def test_sigkill_mid_board_then_restart_resumes_every_table_sqlite(tmp_path: Path) -> None:
    crash_and_resume(str(tmp_path / "bridgelaw.db"), tmp_path)


@pytest.mark.postgres
def test_sigkill_mid_board_then_restart_resumes_every_table_postgres(pg_url: str, tmp_path: Path) -> None:
    crash_and_resume(pg_url, tmp_path)


def test_restarted_app_folds_the_same_state(db_path: str) -> None:
    with TestClient(create_app(db_path)) as c:
        t = new_table(c, boards=2)
        play_some(c, t["tokens"], random.Random(3), 30)
        first = snapshot(c, t["tokens"])
    with TestClient(create_app(db_path)) as c:
        assert snapshot(c, t["tokens"]) == first


def test_an_action_is_in_the_database_when_it_is_acknowledged(client: TestClient, db_path: str) -> None:
    t = new_table(client, pbn=PBN)
    with client.websocket_connect(f"/ws/{t['tokens']['N']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": {"seat": "N", "call": "1S"}})
        while ws.receive_json()["type"] != "ack":
            pass
        # read back through a separate engine: the row is committed
        other = Store(db_path)
        assert [e.payload for e in other.log(t["id"])] == [{"seat": "N", "call": "1S"}]
        other.dispose()


def test_a_sequence_number_is_taken_once(db_path: str) -> None:
    store = Store(db_path)
    tid, _ = store.create_table(title="", config={}, boards=[])
    store.append(tid, 1, "action", 0, {"seat": "N", "call": "P"})
    with pytest.raises(SeqConflict):
        store.append(tid, 1, "action", 0, {"seat": "N", "call": "1C"})
    store.dispose()


def simultaneous(database: str) -> list[Any]:
    """Two actions sent at once, both claiming to follow seq 0."""
    async def run() -> list[Any]:
        hub = Hub(Store(database))
        tid, _ = hub.store.create_table(title="", config={}, boards=_pbn_boards())
        a = hub.submit(tid, "N", {"action": {"seat": "N", "call": "1C"}, "seq": 0})
        b = hub.submit(tid, "N", {"action": {"seat": "N", "call": "1D"}, "seq": 0})
        out = await asyncio.gather(a, b, return_exceptions=True)
        hub.close()
        hub.store.dispose()
        return out
    return run_coroutine(run())


def _pbn_boards() -> list[Any]:
    from bridgelaw.server.boards import pbn_boards

    return pbn_boards(PBN)


def test_two_simultaneous_actions_one_wins_one_gets_a_conflict(db_path: str) -> None:
    results = simultaneous(db_path)
    assert 1 in results
    errors = [r for r in results if isinstance(r, ClientError)]
    assert len(errors) == 1 and errors[0].code == "conflict" and "stale sequence number 0" in errors[0].message


@pytest.mark.postgres
def test_two_processes_racing_for_one_sequence_number_postgres(pg_url: str) -> None:
    store_a, store_b = Store(pg_url), Store(pg_url)
    tid, _ = store_a.create_table(title="", config={}, boards=_pbn_boards())
    store_a.append(tid, 1, "action", 0, {"seat": "N", "call": "1C"})
    with pytest.raises(SeqConflict):
        store_b.append(tid, 1, "action", 0, {"seat": "N", "call": "1D"})
    assert [e.payload["call"] for e in store_b.log(tid)] == ["1C"]
    store_a.dispose()
    store_b.dispose()
