"""The fault run: the server is killed with SIGKILL again and again while players act at
several tables (irregularities, the director's rulings and claims as well as plain play),
and after every restart

* every action the server acknowledged is in the log, under the number it was acknowledged with;
* everything stored before is still stored (each log extends the one read after the last restart);
* every table, folded again from its log, is the table the restarted server shows, and the
  last state each player saw before the kill is the log folded up to that state's number.

``BRIDGELAW_FAULT_KILLS`` sets the number of kills (10 by default),
``BRIDGELAW_FAULT_SECONDS`` the seconds of load before each kill."""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from pathlib import Path
from typing import Any

import httpx
import websockets
from server_helpers import ServerProcess, new_table, run_coroutine

from bridgelaw.server import patch
from bridgelaw.server.hub import action_key
from bridgelaw.server.live import LiveTable
from bridgelaw.server.simulate import next_message
from bridgelaw.server.store import Store

KILLS = int(os.environ.get("BRIDGELAW_FAULT_KILLS", "10"))
SECONDS = float(os.environ.get("BRIDGELAW_FAULT_SECONDS", "1.5"))
TABLES = 4
ROLES = ("N", "E", "S", "W", "director")


class Seen:
    """What the players were told: acknowledged action ids and the last state per link."""

    def __init__(self) -> None:
        self.acked: dict[tuple[str, str], int] = {}  # (table id, action id) -> acknowledged seq
        self.last: dict[tuple[str, str], dict[str, Any]] = {}  # (table id, role) -> last state


async def player(url: str, table_id: str, role: str, rng: random.Random, seen: Seen, tag: str) -> None:
    """Act from this link's own state until the connection dies (the server is killed)."""
    n = 0
    try:
        async with websockets.connect(url + "?updates=patch", ping_interval=None, open_timeout=30) as ws:
            state: dict[str, Any] = json.loads(await ws.recv())
            seen.last[table_id, role] = state
            waiting: str | None = None
            while True:
                if waiting is None:
                    out = next_message(state, rng, irregular=0.05, claims=0.03)
                    if out is None and role == "director" and state["can_next_board"] and state["view"]["phase"] == "ended":
                        out = {"type": "next_board", "seq": state["seq"]}
                    if out is not None:
                        n += 1
                        waiting = out["action_id"] = f"{tag}-{role}-{n}"
                        await ws.send(json.dumps(out))
                msg = json.loads(await ws.recv())
                ack = msg if msg["type"] == "ack" else msg.pop("ack", None)  # with the patch it shows
                if msg["type"] == "state":
                    state = msg
                elif msg["type"] == "patch":
                    assert msg["base"] == state["seq"]
                    state = patch.apply(state, msg["ops"])
                if ack is not None:
                    seen.acked[table_id, str(waiting)] = ack["seq"]
                    waiting = None
                elif msg["type"] == "error":
                    waiting = None
                if msg["type"] in ("state", "patch"):
                    seen.last[table_id, role] = json.loads(json.dumps(state))
    except (websockets.ConnectionClosed, OSError):
        return


async def load(base: str, tables: list[dict[str, Any]], rng: random.Random, seen: Seen, tag: str,
               server: ServerProcess) -> None:
    ws_base = base.replace("http://", "ws://")
    tasks = [asyncio.create_task(player(f"{ws_base}/ws/{t['tokens'][role]}", t["id"], role,
                                        random.Random(rng.random()), seen, tag))
             for t in tables for role in ROLES]
    await asyncio.sleep(SECONDS)
    server.kill()  # SIGKILL, mid-action
    await asyncio.wait_for(asyncio.gather(*tasks), 60)


def folded(store: Store, table_id: str, upto: int | None = None) -> LiveTable:
    meta = store.table(table_id)
    assert meta is not None
    live = LiveTable(meta)
    for entry in store.log(table_id, 0):
        if upto is not None and entry.seq > upto:
            break
        live.apply(entry)
    return live


def analysed(c: httpx.Client, director: str) -> None:
    """Wait until the restarted server has logged the analysis of a claim the kill left
    unanalysed: it is made when the table is loaded, and logged as an entry of its own,
    so the log read before it would miss one entry the state already shows."""
    for _ in range(600):
        rulings = c.get(f"/api/links/{director}/state").json()["view"]["rulings"]
        if not any((r.get("analysis") or {}).get("pending") for r in rulings):
            return
        time.sleep(0.1)
    raise AssertionError("a claim's analysis was never logged after the restart")


def test_sigkill_under_load_loses_nothing_stored_and_every_table_replays_the_same(tmp_path: Path) -> None:
    database = str(tmp_path / "faults.db")
    server = ServerProcess(database, tmp_path).start()
    rng = random.Random(17)
    with httpx.Client(base_url=server.url, timeout=30) as c:
        tables = [new_table(c, boards=4, opening_lead=rng.choice(("face_up", "face_down")), auto_director=i % 2 == 0)
                  for i in range(TABLES)]
    logs: dict[str, list[dict[str, Any]]] = {t["id"]: [] for t in tables}
    acked_total = 0
    try:
        for kill in range(KILLS):
            seen = Seen()
            run_coroutine(load(server.url, tables, rng, seen, f"k{kill}", server))
            server = ServerProcess(database, tmp_path).start()
            store = Store(database)
            try:
                with httpx.Client(base_url=server.url, timeout=30) as c:
                    for t in tables:
                        tid = t["id"]
                        analysed(c, t["tokens"]["director"])
                        log = c.get(f"/api/links/{t['tokens']['director']}/log").json()
                        # nothing stored is lost: the old log is a prefix of the new one
                        assert log[:len(logs[tid])] == logs[tid], f"kill {kill}: table {tid} lost stored entries"
                        logs[tid] = log
                        # every acknowledged action is stored under its acknowledged number
                        for (table_id, action_id), seq in seen.acked.items():
                            if table_id == tid:
                                key = action_key(action_id.split("-")[-2], action_id)  # tag-role-n
                                assert store.action_seq(tid, key) == seq, f"kill {kill}: {action_id} lost"
                        # the restarted server shows the table its log folds to
                        again = folded(store, tid)
                        for role in ROLES:
                            shown = c.get(f"/api/links/{t['tokens'][role]}/state").json()
                            assert shown == json.loads(json.dumps(again.view(role))), f"kill {kill}: {tid}/{role}"
                        # what each player last saw before the kill is the log folded to that point
                        for role in ROLES:
                            last = seen.last.get((tid, role))
                            if last is not None:
                                before = folded(store, tid, last["seq"])
                                assert last == json.loads(json.dumps(before.view(role))), f"kill {kill}: {tid}/{role} seen"
                acked_total += len(seen.acked)
            finally:
                store.dispose()
    finally:
        server.stop()
    kinds = {e["kind"] for log in logs.values() for e in log}
    actions = [e["payload"] for log in logs.values() for e in log if e["kind"] == "action"]
    assert (acked_total > 20 * KILLS and "next_board" in kinds) or len(actions) > 50 * KILLS
    assert any(set(a) & {"choose", "decide", "director"} for a in actions), "no irregularity was ruled on"
    assert any("claim" in a for a in actions), "nobody claimed"
    print(f"fault run: {KILLS} kills, {acked_total} acknowledged, {len(actions)} actions logged")
