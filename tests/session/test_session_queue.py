"""The director's one queue over a session: calls from physical tables (their phone
pages or the assistant) and from online tables wait in the order they came (Law 9B),
and leave it when the director has answered; a session ruling over HTTP goes to the
traveller line it belongs to."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgelaw.server.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "queue.db"))) as c:
        yield c


def open_session(client: TestClient, **extra: Any) -> dict[str, Any]:
    r = client.post("/api/sessions", json={"title": "Club", "movement": {"kind": "mitchell", "tables": 5,
                                                                         "boards_per_set": 2},
                                           "seed": 7, "online_tables": [5], **extra})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def test_9B_calls_from_physical_and_online_tables_share_one_queue_in_order(client: TestClient) -> None:
    s = open_session(client)
    sid, tok = s["id"], s["tokens"]
    r1 = client.post(f"/api/sessions/{sid}/call", json={"token": tok["table2"], "table": 2, "board": 3,
                                                       "what": "a bid out of turn"})
    r2 = client.post(f"/api/sessions/{sid}/call", json={"token": tok["director"], "table": 5, "source": "online",
                                                       "live_table": "abc", "ruling": 4, "what": "a claim disputed"})
    r3 = client.post(f"/api/sessions/{sid}/call", json={"token": tok["director"], "table": 1, "source": "assistant",
                                                       "incident": "inc-1", "what": "a revoke"})
    assert [r.status_code for r in (r1, r2, r3)] == [201, 201, 201]
    q = client.get(f"/api/sessions/{sid}/calls", params={"t": tok["director"]}).json()
    assert [(c["table"], c["source"], c["online"]) for c in q] == [(2, "physical", False), (5, "online", True),
                                                                   (1, "assistant", False)]
    assert client.post(f"/api/sessions/{sid}/answer", json={"token": tok["director"], "call": q[0]["id"],
                                                             "answer": "31A: partner barred once"}).status_code == 200
    q = client.get(f"/api/sessions/{sid}/calls", params={"t": tok["director"]}).json()
    assert [c["table"] for c in q] == [5, 1]


def test_a_table_calls_only_for_itself_and_only_the_director_sees_the_queue(client: TestClient) -> None:
    s = open_session(client)
    sid, tok = s["id"], s["tokens"]
    r = client.post(f"/api/sessions/{sid}/call", json={"token": tok["table2"], "table": 3, "what": "x"})
    assert r.status_code == 403 and r.json()["code"] == "forbidden"
    assert client.get(f"/api/sessions/{sid}/calls", params={"t": tok["table2"]}).status_code == 403
    r = client.post(f"/api/sessions/{sid}/answer", json={"token": tok["director"], "call": 9})
    assert r.status_code == 404 and r.json()["code"] == "no_such_call"


def test_64B5_over_http_the_ruling_changes_the_traveller_line_and_is_audited(client: TestClient) -> None:
    s = open_session(client)
    sid, tok = s["id"], s["tokens"]
    view = client.get(f"/api/sessions/{sid}/tables/1", params={"t": tok["table1"]}).json()
    board = view["boards"][0]
    r = client.post(f"/api/sessions/{sid}/results", json={"token": tok["table1"], "table": 1, "round": 1,
                                                         "board": board, "contract": "3NT", "declarer": "S",
                                                         "tricks": 8})
    assert r.status_code == 201, r.text
    r = client.post(f"/api/sessions/{sid}/late-revoke", json={"token": tok["director"], "table": 1, "board": board,
                                                             "found": "round_ended", "tricks_without_revoke": 9})
    assert r.status_code == 200, r.text
    assert r.json()["tricks"] == 9 and r.json()["ruling"] == "64B5, 64C"
    audit = client.get(f"/api/sessions/{sid}/audit", params={"t": tok["director"]}).json()
    assert audit[-1]["law"] == "64B5" and audit[-1]["before"]["tricks"] == 8
    r = client.post(f"/api/sessions/{sid}/late-revoke", json={"token": tok["table1"], "table": 1, "board": board,
                                                             "found": "round_ended", "tricks_without_revoke": 9})
    assert r.status_code == 403
