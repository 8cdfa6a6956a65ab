"""Patches: a connection that takes them ends with exactly the states a whole-state
connection of the same link is sent, and each patch is far smaller than a state."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from noninterference import World, config_for, pbn_of, play_script
from server_helpers import PBN, new_table

from bridgelaw.core.deal import Board, Deal
from bridgelaw.server import patch


@pytest.mark.parametrize("old, new", [
    ({"a": 1, "b": [1, 2]}, {"a": 2, "b": [1, 2, 3]}),
    ({"a": {"x": 1}, "c": 0}, {"a": {"x": 1, "y": 2}}),
    ({"t": [[1], [2, 3]]}, {"t": [[1], [2, 3, 4], [5]]}),
    ({"l": [1, 2, 3]}, {"l": [3]}),
    ({"v": True}, {"v": 1}),
    ([1], {"k": None}),
])
def test_a_patch_turns_the_old_state_into_the_new(old: Any, new: Any) -> None:
    before = copy.deepcopy(old)
    ops = patch.diff(old, new)
    assert old == before  # diff reads, never writes
    assert patch.apply(copy.deepcopy(old), json.loads(json.dumps(ops))) == new


def _follow(client: TestClient, seed: int, seat: str) -> None:
    rng = random.Random(seed)
    world = World(Board.standard(rng.randint(1, 16), Deal.random(rng)), config_for(rng))  # type: ignore[arg-type]
    script = play_script(world, rng, steps=70)
    tokens = new_table(client, pbn=pbn_of(world), auto_director=world.config.auto_director,
                       opening_lead=world.config.regulations.opening_lead)["tokens"]
    with client.websocket_connect(f"/ws/{tokens[seat]}") as whole, \
            client.websocket_connect(f"/ws/{tokens[seat]}?updates=patch") as parts, \
            client.websocket_connect(f"/ws/{tokens['all']}") as players, \
            client.websocket_connect(f"/ws/{tokens['director']}") as director:
        state = whole.receive_json()
        rebuilt = parts.receive_json()
        players.receive_json(), director.receive_json()
        assert rebuilt == state
        for i, act in enumerate(script):
            sender, quiet = (director, players) if act.get("seat") == "director" else (players, director)
            sender.send_json({"type": "action", "action": act, "id": i})
            while (reply := sender.receive_json())["type"] not in ("ack", "error"):
                pass
            if reply["type"] != "ack":
                continue
            quiet.receive_json()
            state = whole.receive_json()
            p = parts.receive_json()
            assert p["type"] == "patch" and p["base"] == rebuilt["seq"] and p["seq"] == state["seq"]
            rebuilt = patch.apply(rebuilt, p["ops"])
            assert rebuilt == state


@pytest.mark.parametrize("seed, seat", [(1, "N"), (2, "E"), (3, "director")])
def test_patches_rebuild_every_state_of_the_link(client: TestClient, seed: int, seat: str) -> None:
    _follow(client, seed, seat)


def test_a_patch_for_a_call_is_a_small_fraction_of_the_state(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    with client.websocket_connect(f"/ws/{t['tokens']['S']}?updates=patch") as s, \
            client.websocket_connect(f"/ws/{t['tokens']['N']}") as n:
        first = s.receive_text()
        n.receive_json()
        n.send_json({"type": "action", "action": {"seat": "N", "call": "1S"}})
        p = s.receive_text()
    assert json.loads(p)["type"] == "patch" and len(p) * 3 < len(first)


def test_asking_for_the_state_sends_it_whole_on_a_patch_connection(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    with client.websocket_connect(f"/ws/{t['tokens']['S']}?updates=patch") as s:
        s.receive_json()
        s.send_json({"type": "state"})
        assert s.receive_json()["type"] == "state"


def test_the_directors_patch_appends_the_new_event_past_the_200th() -> None:
    """The director's view holds the last 200 events or more, from a whole hundred: past
    the 200th event a change appends one event to his list instead of sending it all
    again (only where the list starts at the next hundred is it sent whole)."""
    from datetime import UTC, datetime

    from bridgelaw.server.boards import dealt_boards
    from bridgelaw.server.live import LiveTable
    from bridgelaw.server.store import LogEntry, TableMeta

    live = LiveTable(TableMeta("t", "", {}, datetime.now(UTC), tuple(dealt_boards(1))))
    before = live.view("director")
    whole = 0
    for seq in range(1, 451):
        live.apply(LogEntry(seq, "private", 0, {"seat": "N", "from": "director", "text": f"note {seq}"}))
        after = live.view("director")
        assert after["events"][-1]["seq"] == seq and len(after["events"]) >= min(seq, 200)
        ops = [op for op in patch.diff(before, after) if op[1][:1] == ["events"]]
        assert patch.apply(copy.deepcopy(before), json.loads(json.dumps(patch.diff(before, after)))) == after
        if ops != [["+", ["events"], [after["events"][-1]]]]:
            whole += 1
        before = after
    assert whole == 2  # at the 300th and the 400th event
