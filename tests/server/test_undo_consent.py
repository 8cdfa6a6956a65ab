"""A slip taken back with consent (``bridgelaw.server.undo``), over the HTTP API: a player
asks to withdraw his last call or card, both opponents consent (or one refuses and the
director rules), and the log keeps the request, the answers and the undo."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from server_helpers import PBN, new_table


def send(client: TestClient, t: dict[str, Any], role: str, **msg: Any) -> Any:
    return client.post(f"/api/links/{t['tokens'][role]}/actions", json=msg)


def state(client: TestClient, t: dict[str, Any], role: str) -> dict[str, Any]:
    return dict(client.get(f"/api/links/{t['tokens'][role]}/state").json())


def call(client: TestClient, t: dict[str, Any], seat: str, bid: str) -> None:
    assert send(client, t, seat, type="action", action={"seat": seat, "call": bid}).status_code == 200


def calls(client: TestClient, t: dict[str, Any]) -> list[str]:
    return [c["call"] for c in state(client, t, "director")["view"]["calls"]]


def test_a_slip_is_taken_back_once_both_opponents_consent(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    call(client, t, "N", "1S")
    call(client, t, "E", "7N")
    assert send(client, t, "E", type="undo_request").status_code == 200
    seen = state(client, t, "S")["undo_request"]
    assert seen == {"by": "E", "action": {"seat": "E", "call": "7N"}, "answers": {}, "refused": False}
    assert send(client, t, "S", type="undo_answer", agree=True).status_code == 200
    assert calls(client, t) == ["1S", "7N"]  # one consent is not enough
    assert send(client, t, "S", type="undo_answer", agree=True).json()["code"] == "undo_answered"
    assert send(client, t, "N", type="undo_answer", agree=True).status_code == 200
    assert calls(client, t) == ["1S"] and state(client, t, "E")["undo_request"] is None
    kinds = [e["kind"] for e in state(client, t, "director")["events"]]
    assert kinds[-3:] == ["undo_request", "undo_answer", "undo"]
    assert state(client, t, "director")["events"][-1]["payload"]["consented"] == ["N", "S"]


def test_only_the_player_who_made_the_last_call_may_ask(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    assert send(client, t, "N", type="undo_request").json()["code"] == "nothing_to_undo"
    call(client, t, "N", "1S")
    assert send(client, t, "E", type="undo_request").json()["code"] == "not_your_slip"
    assert send(client, t, "director", type="undo_request").json()["code"] == "not_a_player"
    assert send(client, t, "N", type="undo_request").status_code == 200
    assert send(client, t, "N", type="undo_request").json()["code"] == "undo_asked"
    assert send(client, t, "S", type="undo_answer", agree=True).json()["code"] == "not_an_opponent"


def test_a_refusal_leaves_the_call_and_the_director_may_still_allow_it(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    call(client, t, "N", "1S")
    send(client, t, "N", type="undo_request")
    assert send(client, t, "E", type="undo_answer", agree=False).status_code == 200
    assert state(client, t, "N")["undo_request"]["refused"] is True
    assert send(client, t, "W", type="undo_answer", agree=True).status_code == 200
    assert calls(client, t) == ["1S"]  # one opponent refused
    assert send(client, t, "director", type="undo_answer", agree=True).status_code == 200
    assert calls(client, t) == []


def test_the_directors_refusal_ends_the_request(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    call(client, t, "N", "1S")
    send(client, t, "N", type="undo_request")
    assert send(client, t, "director", type="undo_answer", agree=False).status_code == 200
    assert state(client, t, "E")["undo_request"] is None
    assert send(client, t, "E", type="undo_answer", agree=True).json()["code"] == "no_undo_request"
    assert calls(client, t) == ["1S"]


def test_a_request_lapses_once_the_table_moves_on(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    call(client, t, "N", "1S")
    send(client, t, "N", type="undo_request")
    call(client, t, "E", "P")
    assert state(client, t, "S")["undo_request"] is None
    assert send(client, t, "E", type="undo_answer", agree=True).json()["code"] == "no_undo_request"


def test_a_face_down_leads_card_is_not_shown_with_the_request(client: TestClient) -> None:
    t = new_table(client, pbn=PBN, opening_lead="face_down")
    for seat, bid in (("N", "1S"), ("E", "P"), ("S", "4S"), ("W", "P"), ("N", "P"), ("E", "P"), ("S", "P")):
        call(client, t, seat, bid)
    assert send(client, t, "E", type="action", action={"seat": "E", "play": "HA", "face_down": True}).status_code == 200
    assert send(client, t, "E", type="undo_request").status_code == 200
    assert "play" not in state(client, t, "S")["undo_request"]["action"]
    assert send(client, t, "N", type="undo_answer", agree=True).status_code == 200
    assert send(client, t, "S", type="undo_answer", agree=True).status_code == 200
    assert state(client, t, "director")["view"].get("face_down_lead") is None
