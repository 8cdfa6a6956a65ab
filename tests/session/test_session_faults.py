"""A session's write that the database cannot take changes nothing and stops nothing: it
waits in a worker thread (the server keeps answering the tables), is answered 503, and
the session, in memory and after a restart, is what its log holds."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgelaw.server.app import create_app
from bridgelaw.session.live import SessionError
from fault_support import file_held


def enter(c: TestClient, sid: str, tok: dict[str, str], board: int) -> Any:
    return c.post(f"/api/sessions/{sid}/results", json={"token": tok["table1"], "table": 1, "round": 1,
                                                        "board": board, "contract": "4S", "declarer": "N", "tricks": 10})


def entered(c: TestClient, sid: str, tok: dict[str, str]) -> list[int]:
    view = c.get(f"/api/sessions/{sid}/tables/1", params={"t": tok["table1"]}).json()
    return [r["board"] for r in view["results"]]


def test_a_session_result_the_database_cannot_take_is_503_and_changes_nothing(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    with TestClient(create_app(db, sqlite_timeout=4.0)) as c:
        made = c.post("/api/sessions", json={"movement": {"kind": "mitchell", "tables": 3, "boards_per_set": 2}}).json()
        sid, tok = made["id"], made["tokens"]
        assert enter(c, sid, tok, 1).status_code == 201
        answers: list[Any] = []
        with file_held(db):
            writer = threading.Thread(target=lambda: answers.append(enter(c, sid, tok, 2)))
            writer.start()
            time.sleep(0.3)  # the write now waits for the file
            began = time.perf_counter()
            assert c.get("/api/health").status_code == 200
            waited = time.perf_counter() - began
            writer.join()
        # on the loop, the write would have held everything for the whole timeout (4 s)
        assert waited < 2.0, f"the server stopped for {waited:.2f} s while a session write waited"
        assert answers[0].status_code == 503 and answers[0].json()["code"] in ("not_stored", "unavailable")
        assert entered(c, sid, tok) == [1]
        assert enter(c, sid, tok, 2).status_code == 201  # the same result, sent again, is taken once
        assert entered(c, sid, tok) == [1, 2]
    with TestClient(create_app(db)) as c:  # a restart replays the log: the same session
        assert entered(c, sid, tok) == [1, 2]


def test_two_processes_writing_one_session_each_see_every_event(tmp_path: Path) -> None:
    """Each process numbers its event after the last one it read: an event another process
    stored in between is read first, and neither is lost or applied twice."""
    from sqlalchemy import create_engine

    from bridgelaw.session.store import SessionStore

    engine = create_engine(f"sqlite:///{tmp_path / 'two.db'}")
    one, two = SessionStore(engine), SessionStore(engine)
    sid, _tokens = one.create("", {"movement": {"kind": "mitchell", "tables": 3, "boards_per_set": 2}, "boards": []})
    one.load(sid)
    two.load(sid)
    def result(board: int) -> dict[str, Any]:
        return {"kind": "enter", "table": 1, "round": 1, "board": board, "contract": "3NT", "declarer": "N",
                "tricks": 9, "at": 1.0}

    one.commit(sid, result(1))
    two.commit(sid, result(2))  # two had not read one's event: it reads it first
    with pytest.raises(SessionError) as refused:
        one.commit(sid, result(2))  # one reads two's event, and board 2 is entered already
    assert refused.value.code == "already_played"
    for store in (one, two):
        _title, _cfg, ds = store.load(sid)
        assert sorted(b for b, _ns, _ew in ds.results) == [1, 2]
        assert len(ds.log) == 2
