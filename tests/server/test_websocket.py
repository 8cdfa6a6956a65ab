"""The websocket: per-seat states, acting through links, bad input answered to the sender
only, reconnection."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import PBN, new_table
from starlette.testclient import WebSocketTestSession

from bridgelaw.server.app import MAX_WS_MESSAGE


def send(ws: WebSocketTestSession, action: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """Send an action; return the reply to it (the ack or error), skipping states."""
    ws.send_json({"type": "action", "action": action, **extra})
    while True:
        msg = ws.receive_json()
        if msg["type"] != "state":
            return dict(msg)


def test_connect_sends_own_hand_only(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    with client.websocket_connect(f"/ws/{t['tokens']['E']}") as ws:
        state = ws.receive_json()
    assert state["type"] == "state" and state["role"] == "E"
    assert state["view"]["hands"] == {"E": "T987.AKQ.432.765"}
    assert "deal" not in state["view"] and "events" not in state


def test_director_sees_all_four_hands_and_the_event_log(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    with client.websocket_connect(f"/ws/{t['tokens']['director']}") as ws:
        state = ws.receive_json()
    assert set(state["view"]["hands"]) == {"N", "E", "S", "W"}
    assert state["events"] == []


def test_an_action_reaches_every_seat_with_its_own_view(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    with client.websocket_connect(f"/ws/{t['tokens']['N']}") as n, client.websocket_connect(f"/ws/{t['tokens']['S']}") as s:
        n.receive_json(), s.receive_json()
        assert send(n, {"seat": "N", "call": "1S"}, id="a") == {"type": "ack", "id": "a", "seq": 1}
        seen = s.receive_json()
    assert seen["seq"] == 1 and seen["view"]["auction"] == ["1S"]
    assert set(seen["view"]["hands"]) == {"S"}


@pytest.mark.parametrize("raw, code", [
    ("not json", "bad_json"),
    ("[1, 2]", "bad_message"),
    ('{"type": "dance"}', "bad_message"),
    ('{"type": "action", "action": {"seat": "N"}}', "bad_action"),
    ('{"type": "action", "action": {"seat": "N", "call": "1S"}, "seq": "x"}', "bad_message"),
])
def test_malformed_messages_get_a_clear_error_and_change_nothing(client: TestClient, raw: str, code: str) -> None:
    t = new_table(client, pbn=PBN)
    with client.websocket_connect(f"/ws/{t['tokens']['N']}") as ws:
        ws.receive_json()
        ws.send_text(raw)
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == code and err["message"]
        # the connection still works and the table is untouched
        assert send(ws, {"seat": "N", "call": "1S"})["seq"] == 1


def test_oversized_message_is_refused_and_the_connection_survives(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    with client.websocket_connect(f"/ws/{t['tokens']['N']}") as ws:
        ws.receive_json()
        ws.send_text('{"type": "ping", "pad": "' + "x" * MAX_WS_MESSAGE + '"}')
        assert ws.receive_json()["code"] == "payload_too_large"
        ws.send_json({"type": "ping", "id": 7})
        assert ws.receive_json() == {"type": "pong", "id": 7}


def test_errors_go_only_to_the_sender(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    with client.websocket_connect(f"/ws/{t['tokens']['N']}") as n, client.websocket_connect(f"/ws/{t['tokens']['E']}") as e:
        n.receive_json(), e.receive_json()
        assert send(e, {"seat": "N", "call": "1S"})["code"] == "not_your_seat"
        assert send(n, {"seat": "N", "call": "1S"})["type"] == "ack"
        nxt = e.receive_json()  # E's next message is the new state, not N's error
    assert nxt["type"] == "state" and nxt["seq"] == 1


def test_unknown_link_is_told_and_closed(client: TestClient) -> None:
    with client.websocket_connect("/ws/nonsense") as ws:
        assert ws.receive_json()["code"] == "unknown_link"


def auction_to_1s_by_n(ws: WebSocketTestSession) -> None:
    for seat, call in (("N", "1S"), ("E", "P"), ("S", "P"), ("W", "P")):
        assert send(ws, {"seat": seat, "call": call})["type"] == "ack"


@pytest.mark.law("45B")
def test_declarer_plays_dummys_cards_and_dummy_does_not(client: TestClient) -> None:
    t = new_table(client, pbn=PBN, opening_lead="face_up")
    tok = t["tokens"]
    with client.websocket_connect(f"/ws/{tok['all']}") as everyone:
        everyone.receive_json()
        auction_to_1s_by_n(everyone)
        assert send(everyone, {"seat": "E", "play": "HA"})["type"] == "ack"
    with client.websocket_connect(f"/ws/{tok['S']}") as dummy, client.websocket_connect(f"/ws/{tok['N']}") as declarer:
        state = dummy.receive_json()
        declarer.receive_json()
        assert set(state["view"]["hands"]) == {"S"}  # dummy sees no other hand
        assert send(dummy, {"seat": "S", "play": "H6"})["code"] == "dummy_does_not_play"
        assert send(declarer, {"seat": "S", "play": "H6"})["type"] == "ack"
    log = client.get(f"/api/links/{tok['director']}/log").json()
    assert log[-1]["payload"] == {"seat": "S", "play": "H6", "by": "N"}


@pytest.mark.law("41D")
def test_dummy_is_seen_by_everybody_once_the_opening_lead_is_faced(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    tok = t["tokens"]
    with client.websocket_connect(f"/ws/{tok['all']}") as everyone, client.websocket_connect(f"/ws/{tok['W']}") as w:
        everyone.receive_json(), w.receive_json()
        auction_to_1s_by_n(everyone)
        assert send(everyone, {"seat": "E", "play": "HA", "face_down": True})["type"] == "ack"
        assert send(everyone, {"seat": "E", "face_lead": True})["type"] == "ack"
        states = [w.receive_json() for _ in range(6)]
    lead_down, faced = states[4], states[5]
    assert set(lead_down["view"]["hands"]) == {"W"}
    assert "card" not in lead_down["view"]["face_down_lead"]
    assert set(faced["view"]["hands"]) == {"W", "S"}


def test_reconnecting_resumes_where_the_player_was(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    with client.websocket_connect(f"/ws/{t['tokens']['N']}") as ws:
        ws.receive_json()
        send(ws, {"seat": "N", "call": "1S"})
    with client.websocket_connect(f"/ws/{t['tokens']['N']}") as ws:
        state = ws.receive_json()
    assert state["seq"] == 1 and state["view"]["auction"] == ["1S"]
