"""A failed database write changes nothing: the table in memory is always its log.

The database is made to fail for real: another process holds the SQLite file past the
write timeout, or the PostgreSQL connection is killed while the entry is being written.
The sender gets an error, nothing is applied, and the table (in memory, and after a
restart) is exactly what the log holds."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import PBN, new_table
from sqlalchemy import event, text

from bridgelaw.server.app import create_app
from fault_support import file_held


def director_state(c: TestClient, tokens: dict[str, str]) -> dict[str, Any]:
    state = dict(c.get(f"/api/links/{tokens['director']}/state").json())
    return {k: state["view"][k] for k in ("calls", "auction", "rulings", "log")} | {"seq": state["seq"]}


def test_a_write_that_times_out_on_a_locked_sqlite_file_changes_nothing(db_path: str) -> None:
    with TestClient(create_app(db_path, sqlite_timeout=0.2)) as c:
        tokens = new_table(c, pbn=PBN)["tokens"]
        before = director_state(c, tokens)
        with c.websocket_connect(f"/ws/{tokens['N']}") as ws:
            ws.receive_json()
            with file_held(db_path):
                ws.send_json({"type": "action", "action": {"seat": "N", "call": "1S"}, "seq": 0, "id": "a"})
                reply = ws.receive_json()
            assert reply["type"] == "error" and reply["code"] == "not_stored" and reply["id"] == "a"
            assert director_state(c, tokens) == before  # nothing applied in memory
            ws.send_json({"type": "action", "action": {"seat": "N", "call": "1H"}, "seq": 0, "id": "b"})
            while (m := ws.receive_json())["type"] == "state":
                pass
            assert m == {"type": "ack", "id": "b", "seq": 1}
        r = c.post(f"/api/links/{tokens['E']}/actions", json={"action": {"seat": "E", "call": "P"}})
        assert r.status_code == 200
        with file_held(db_path):
            r = c.post(f"/api/links/{tokens['S']}/actions", json={"action": {"seat": "S", "call": "2H"}})
        assert r.status_code == 503 and r.json()["code"] == "not_stored"
        live = director_state(c, tokens)
        assert live["auction"] == ["1H", "P"]
    with TestClient(create_app(db_path)) as c:  # a restart folds the log: the same table
        assert director_state(c, tokens) == live


def test_a_failed_write_of_a_next_board_or_adjustment_changes_nothing(db_path: str) -> None:
    with TestClient(create_app(db_path, sqlite_timeout=0.2)) as c:
        tokens = new_table(c, boards=2)["tokens"]
        with file_held(db_path):
            r = c.post(f"/api/links/{tokens['director']}/actions", json={"type": "next_board"})
            assert r.status_code == 503
            r = c.post(f"/api/links/{tokens['director']}/actions", json={"type": "adjust", "score_ns": 100})
            assert r.status_code == 503
        state = c.get(f"/api/links/{tokens['director']}/state").json()
        assert state["board_index"] == 0 and state["adjustment"] is None and state["seq"] == 0


@pytest.mark.postgres
def test_a_postgres_connection_killed_while_writing_changes_nothing(pg_url: str) -> None:
    app = create_app(pg_url, listen=False)
    store = app.state.store
    kill = {"armed": False}

    @event.listens_for(store.engine, "before_cursor_execute")
    def killed(conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if kill["armed"] and statement.lstrip().upper().startswith("INSERT INTO BL_LOG"):
            kill["armed"] = False
            pid = conn.exec_driver_sql("SELECT pg_backend_pid()").scalar()
            with store.engine.connect() as other:
                other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})

    with TestClient(app) as c:
        tokens = new_table(c, pbn=PBN)["tokens"]
        before = director_state(c, tokens)
        kill["armed"] = True
        r = c.post(f"/api/links/{tokens['N']}/actions", json={"action": {"seat": "N", "call": "1S"}, "seq": 0})
        assert r.status_code == 503 and r.json()["code"] == "not_stored"
        assert director_state(c, tokens) == before
        assert store.log(c.get(f"/api/links/{tokens['N']}").json()["table"], 0) == []
        r = c.post(f"/api/links/{tokens['N']}/actions", json={"action": {"seat": "N", "call": "1H"}, "seq": 0})
        assert r.status_code == 200 and r.json() == {"seq": 1}
        live = director_state(c, tokens)
    with TestClient(create_app(pg_url, listen=False)) as c:
        assert director_state(c, tokens) == live


def test_a_refused_director_decision_leaves_the_table_as_its_log(db_path: str) -> None:
    """The handler had begun to record the answer (15B1) before refusing the malformed score."""
    with TestClient(create_app(db_path)) as c:
        tokens = new_table(c, pbn=PBN)["tokens"]
        r = c.post(f"/api/links/{tokens['N']}/actions", json={"action": {"seat": "N", "report": "wrong_board_played"}})
        assert r.status_code == 200
        before = c.get(f"/api/links/{tokens['director']}/state").json()
        bad = {"seat": "director", "decide": {"played_before": True, "adjusted_score": "x"}}
        r = c.post(f"/api/links/{tokens['director']}/actions", json={"action": bad})
        assert r.status_code == 422
        assert c.get(f"/api/links/{tokens['director']}/state").json() == before
    with TestClient(create_app(db_path)) as c:
        assert c.get(f"/api/links/{tokens['director']}/state").json()["view"] == before["view"]


def test_a_state_asked_while_an_action_is_being_written_shows_only_what_is_stored(db_path: str) -> None:
    """An action is applied in memory while its log entry is written; a state asked for
    meanwhile waits for the write, and never shows an action that then fails."""
    import time

    with TestClient(create_app(db_path, sqlite_timeout=0.5)) as c:
        tokens = new_table(c, pbn=PBN)["tokens"]
        with c.websocket_connect(f"/ws/{tokens['N']}") as north, c.websocket_connect(f"/ws/{tokens['E']}") as east:
            north.receive_json()
            east.receive_json()
            with file_held(db_path):
                north.send_json({"type": "action", "action": {"seat": "N", "call": "1S"}, "seq": 0, "id": "a"})
                time.sleep(0.1)  # the write now waits for the file
                east.send_json({"type": "state"})
                shown = east.receive_json()
                reply = north.receive_json()
            assert reply["code"] == "not_stored"
            assert shown["type"] == "state" and shown["seq"] == 0 and shown["view"]["auction"] == []


def lost_commit_answers(c: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The database stores each entry but its answer is lost (a connection cut after the
    COMMIT reached the server): the writer sees an error."""
    from sqlalchemy.exc import OperationalError

    store = c.app.state.store  # type: ignore[attr-defined]
    real = store.append_many

    def stored_then_lost(entries: Any) -> list[Exception | None]:
        real(entries)
        return [OperationalError("COMMIT", None, Exception("server closed the connection unexpectedly"))
                for _ in entries]

    monkeypatch.setattr(store, "append_many", stored_then_lost)


@pytest.mark.parametrize("action_id", ["n-1s", None])
def test_an_action_whose_commit_answer_is_lost_is_checked_and_acknowledged_once(
        db_path: str, monkeypatch: pytest.MonkeyPatch, action_id: str | None) -> None:
    with TestClient(create_app(db_path)) as c:
        tokens = new_table(c, pbn=PBN)["tokens"]
        lost_commit_answers(c, monkeypatch)
        body: dict[str, Any] = {"action": {"seat": "N", "call": "1S"}, "seq": 0}
        if action_id is not None:
            body["action_id"] = action_id
        r = c.post(f"/api/links/{tokens['N']}/actions", json=body)
        assert r.status_code == 200 and r.json() == {"seq": 1}, r.text
        monkeypatch.undo()
        again = c.post(f"/api/links/{tokens['N']}/actions", json=body)  # the sender's retry
        assert (again.status_code, again.json().get("seq", again.json().get("code"))) == (
            (200, 1) if action_id is not None else (409, "conflict"))
        live = director_state(c, tokens)
        assert live["auction"] == ["1S"] and live["seq"] == 1
    with TestClient(create_app(db_path)) as c:
        assert director_state(c, tokens) == live
