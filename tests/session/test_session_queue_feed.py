"""The director's queue is fed by the session's own tables: a live table or an assistant
incident the director has linked to a table of the session posts a ruling that waits for
his decision (Law 9B: the director is called; Law 81C: he rules) into the one queue, once,
in the order the calls came, and the entry is answered when the ruling is decided."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgelaw.server.app import create_app

AUCTION = [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "4S"},
           {"seat": "W", "call": "P"}, {"seat": "N", "call": "P"}, {"seat": "E", "call": "P"}]
REVOKE = [*AUCTION, {"seat": "E", "play": "HK"}, {"seat": "S", "play": "H5", "by": "N"},
          {"seat": "W", "play": "H3"}, {"seat": "N", "play": "H4"}, {"seat": "E", "play": "HA"},
          {"seat": "S", "play": "HJ", "by": "N"}, {"seat": "W", "play": "D2"}, {"seat": "N", "play": "H6"},
          {"seat": "N", "point_out": "revoke", "offender": "W", "trick": 2}]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "feed.db"))) as c:
        yield c


def session(client: TestClient) -> tuple[str, dict[str, str]]:
    r = client.post("/api/sessions", json={"title": "Club", "seed": 7, "online_tables": [5],
                                           "movement": {"kind": "mitchell", "tables": 5, "boards_per_set": 2}})
    assert r.status_code == 201, r.text
    return str(r.json()["id"]), dict(r.json()["tokens"])


def live_table(client: TestClient) -> tuple[str, dict[str, str]]:
    r = client.post("/api/tables", json={"boards": 1})  # board 1: North deals
    assert r.status_code == 201, r.text
    return str(r.json()["id"]), dict(r.json()["tokens"])


def table_act(client: TestClient, token: str, action: dict[str, Any], **kw: Any) -> None:
    r = client.post(f"/api/links/{token}/actions", json={"action": action, **kw})
    assert r.status_code == 200, r.text


def wrong_hands_at_a_passed_out_board(client: TestClient, tokens: dict[str, str]) -> None:
    """Four passes, then West reports the hands held the wrong number of cards: the
    director must decide the score (an adjusted score waits for him)."""
    for seat in ("N", "E", "S", "W"):
        table_act(client, tokens["all"], {"seat": seat, "call": "P"})
    table_act(client, tokens["W"], {"seat": "W", "report": "incorrect_number", "hands": ["N", "E"]},
              action_id="report-1")


def incident_with_a_revoke_to_decide(client: TestClient) -> tuple[str, str]:
    r = client.post("/api/incidents", json={"table": "2", "round": "1", "board": 1, "preset": "ru"})
    assert r.status_code == 200, r.text
    return str(r.json()["incident"]["id"]), str(r.json()["token"])


def link(client: TestClient, sid: str, tok: dict[str, str], **ref: Any) -> None:
    r = client.post(f"/api/sessions/{sid}/link", json={"token": tok["director"], **ref})
    assert r.status_code == 200, r.text


def queue(client: TestClient, sid: str, tok: dict[str, str]) -> list[dict[str, Any]]:
    r = client.get(f"/api/sessions/{sid}/calls", params={"t": tok["director"]})
    assert r.status_code == 200, r.text
    return list(r.json())


def test_9B_a_live_table_and_an_assistant_incident_post_their_calls_in_order(client: TestClient) -> None:
    sid, tok = session(client)
    tid, ttok = live_table(client)
    link(client, sid, tok, table=5, live_table=tid, link_token=ttok["director"])
    iid, itok = incident_with_a_revoke_to_decide(client)
    link(client, sid, tok, table=2, incident=iid, link_token=itok)
    wrong_hands_at_a_passed_out_board(client, ttok)
    for a in REVOKE:
        assert client.post(f"/api/incidents/{iid}/actions", params={"t": itok}, json={"action": a}).status_code == 200
    q = queue(client, sid, tok)
    assert [(c["table"], c["source"], c["board"]) for c in q] == [(5, "online", 1), (2, "assistant", 1)]
    assert q[0]["live_table"] == tid and isinstance(q[0]["ruling"], int) and q[0]["what"]
    assert q[1]["incident"] == iid and q[1]["seat"] == "W" and q[1]["call_kind"]


def test_9B_a_retried_action_posts_no_second_call(client: TestClient) -> None:
    sid, tok = session(client)
    tid, ttok = live_table(client)
    link(client, sid, tok, table=5, live_table=tid, link_token=ttok["director"])
    wrong_hands_at_a_passed_out_board(client, ttok)
    table_act(client, ttok["W"], {"seat": "W", "report": "incorrect_number", "hands": ["N", "E"]},
              action_id="report-1")
    assert len(queue(client, sid, tok)) == 1


def test_81C_the_call_is_answered_when_the_ruling_is_decided(client: TestClient) -> None:
    sid, tok = session(client)
    tid, ttok = live_table(client)
    link(client, sid, tok, table=5, live_table=tid, link_token=ttok["director"])
    iid, itok = incident_with_a_revoke_to_decide(client)
    link(client, sid, tok, table=2, incident=iid, link_token=itok)
    wrong_hands_at_a_passed_out_board(client, ttok)
    for a in REVOKE:
        client.post(f"/api/incidents/{iid}/actions", params={"t": itok}, json={"action": a})
    table_act(client, ttok["director"], {"seat": "director", "decide": {"adjusted_score": {"score_ns": 0}}})
    assert [c["table"] for c in queue(client, sid, tok)] == [2]
    r = client.post(f"/api/incidents/{iid}/actions", params={"t": itok}, json={"action": {"seat": "director",
                                                                      "decide": {"holds_suit": True}}})
    assert r.status_code == 200
    assert queue(client, sid, tok) == []


def test_9B_an_unlinked_table_posts_nothing_and_the_queue_is_the_directors(client: TestClient) -> None:
    sid, tok = session(client)
    _tid, ttok = live_table(client)
    wrong_hands_at_a_passed_out_board(client, ttok)
    assert queue(client, sid, tok) == []
    assert client.get(f"/api/sessions/{sid}/calls", params={"t": tok["table5"]}).status_code == 403
    r = client.post(f"/api/sessions/{sid}/link", json={"token": tok["table5"], "table": 5, "live_table": "x"})
    assert r.status_code == 403


def test_9B_a_live_table_linked_to_a_session_cannot_be_taken_by_another(client: TestClient) -> None:
    """Table ids are public: another session's director may link the table only with the
    table's own director link, else its calls stay in the first session's queue."""
    sid, tok = session(client)
    other_sid, other_tok = session(client)
    tid, ttok = live_table(client)
    link(client, sid, tok, table=5, live_table=tid, link_token=ttok["director"])
    r = client.post(f"/api/sessions/{other_sid}/link", json={"token": other_tok["director"], "table": 5,
                                                             "live_table": tid})
    assert r.status_code == 409 and r.json()["code"] == "linked_elsewhere", r.text
    r = client.post(f"/api/sessions/{other_sid}/link", json={"token": other_tok["director"], "table": 5,
                                                             "live_table": tid, "link_token": ttok["N"]})
    assert r.status_code == 409 and r.json()["code"] == "linked_elsewhere", r.text
    wrong_hands_at_a_passed_out_board(client, ttok)
    assert len(queue(client, sid, tok)) == 1 and queue(client, other_sid, other_tok) == []
    # the table's own director moves it, with his link (not kept in the session's log)
    r = client.post(f"/api/sessions/{other_sid}/link", json={"token": other_tok["director"], "table": 5,
                                                             "live_table": tid, "link_token": ttok["director"]})
    assert r.status_code == 200, r.text
    assert ttok["director"] not in client.get(f"/api/sessions/{other_sid}/audit",
                                              params={"t": other_tok["director"]}).text


def test_9B_a_live_table_is_linked_only_with_its_own_directors_link(client: TestClient) -> None:
    """Table ids are public: a table no session has linked yet is not linked by its id alone,
    nor with a player's link, else whoever did it would receive its director calls."""
    sid, tok = session(client)
    tid, ttok = live_table(client)
    for proof in ({}, {"link_token": ttok["N"]}, {"link_token": "x" * 65}):
        r = client.post(f"/api/sessions/{sid}/link", json={"token": tok["director"], "table": 5, "live_table": tid, **proof})
        assert r.status_code == 403 and r.json()["code"] == "live_table_link", r.text
    wrong_hands_at_a_passed_out_board(client, ttok)
    assert queue(client, sid, tok) == []
    link(client, sid, tok, table=5, live_table=tid, link_token=ttok["director"])


def test_9B_an_incident_is_linked_with_its_own_link(client: TestClient) -> None:
    sid, tok = session(client)
    iid, itok = incident_with_a_revoke_to_decide(client)
    r = client.post(f"/api/sessions/{sid}/link", json={"token": tok["director"], "table": 2, "incident": iid})
    assert r.status_code == 403 and r.json()["code"] == "incident_link", r.text
    r = client.post(f"/api/sessions/{sid}/link", json={"token": tok["director"], "table": 2, "incident": iid,
                                                       "link_token": itok})
    assert r.status_code == 200, r.text


def test_an_incident_attached_to_a_board_is_listed_on_the_directors_session_view(client: TestClient) -> None:
    """From the assistant: the director attaches the incident to table 2, board 1 with his
    session link and the incident's own; the session's director view lists it (nobody
    else's does), and a board the session does not have is refused."""
    sid, tok = session(client)
    iid, itok = incident_with_a_revoke_to_decide(client)
    link(client, sid, tok, table=2, board=1, round=1, incident=iid, link_token=itok)
    view = client.get(f"/api/sessions/{sid}", params={"t": tok["director"]}).json()
    assert view["incidents"] == [{"incident": iid, "table": 2, "board": 1, "round": 1}]
    assert "incidents" not in client.get(f"/api/sessions/{sid}").json()
    r = client.post(f"/api/sessions/{sid}/link", json={"token": tok["director"], "table": 2, "board": 99,
                                                       "incident": iid, "link_token": itok})
    assert r.status_code == 404 and r.json()["code"] == "no_such_board"
    r = client.post(f"/api/sessions/{sid}/link", json={"token": tok["director"], "table": 2, "board": 1,
                                                       "incident": iid, "link_token": "not-its-link"})
    assert r.status_code == 403
