"""Patches: a connection that takes them ends with exactly the states a whole-state
connection of the same link is sent, and each patch is far smaller than a state."""

from __future__ import annotations

import contextlib
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


def _play_over_patches(client: TestClient, seed: int, irregular: float, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """Four players and the director on patch connections (West's in Russian) play two
    boards, each acting on his own state only; every change reaches every connection as
    one message, the sender's with his ``ack``, and the states patched together equal the
    states sent whole at the end. Returns (actions, states made from the action)."""
    from bridgelaw.server import changes
    from bridgelaw.server.simulate import next_message

    made = [0]
    after_action = changes.after_action

    def counted(*args: Any) -> Any:
        out = after_action(*args)
        made[0] += out is not None
        return out

    monkeypatch.setattr(changes, "after_action", counted)
    rng = random.Random(seed)
    tokens = new_table(client, boards=2)["tokens"]
    roles = ("N", "E", "S", "W", "director")
    actions = 0
    with contextlib.ExitStack() as stack:
        ws = {r: stack.enter_context(client.websocket_connect(
            f"/ws/{tokens[r]}?updates=patch{'&lang=ru' if r == 'W' else ''}")) for r in roles}
        states = {r: ws[r].receive_json() for r in roles}
        for _step in range(400):
            moves = [(r, m) for r in roles if (m := next_message(states[r], rng, irregular=irregular)) is not None]
            if not moves and states["director"]["can_next_board"] and states["director"]["view"]["phase"] == "ended":
                moves = [("director", {"type": "next_board", "seq": states["director"]["seq"]})]
            if not moves:
                break
            role, msg = moves[0]
            ws[role].send_json({**msg, "id": _step})
            reply = ws[role].receive_json()
            if reply["type"] == "error":
                continue
            assert reply["type"] == "patch" and reply["ack"] == {"type": "ack", "id": _step, "seq": reply["seq"]}
            actions += 1
            for r in roles:
                p = reply if r == role else ws[r].receive_json()
                assert p["type"] == "patch" and p["base"] == states[r]["seq"], (r, p)
                states[r] = patch.apply(states[r], p["ops"])
        for r in roles:
            ws[r].send_json({"type": "state"})
            whole = ws[r].receive_json()
            assert {k: v for k, v in states[r].items() if k != "ack"} == whole
    return actions, made[0]


def test_ordinary_calls_and_cards_are_patched_from_the_action(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    actions, made = _play_over_patches(client, 7, 0.0, monkeypatch)
    assert actions > 100 and made > 0.85 * actions, (actions, made)


def test_irregular_boards_are_patched_whole_where_the_action_is_not_ordinary(
    client: TestClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    actions, made = _play_over_patches(client, 8, 0.05, monkeypatch)
    assert actions > 50 and 0 < made < actions, (actions, made)
