"""A refused session request names its problem in the language the request asks for
(``?lang=``, else Accept-Language, else English), from the message catalogs, as the
table's own errors do."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgelaw.server.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "s.db"))) as c:
        yield c


@pytest.fixture
def session(client: TestClient) -> dict[str, Any]:
    made = client.post("/api/sessions", json={"title": "club", "movement": {"kind": "mitchell", "tables": 3, "boards": 6}})
    assert made.status_code == 201, made.text
    return dict(made.json())


def test_a_tables_link_acting_for_another_table_is_refused_in_russian(client: TestClient, session: dict[str, Any]) -> None:
    r = client.post(f"/api/sessions/{session['id']}/results", headers={"Accept-Language": "ru-RU,ru;q=0.9"},
                    json={"token": session["tokens"]["table1"], "table": 2, "round": 1, "board": 1,
                          "contract": "4S", "declarer": "N", "tricks": 10})
    assert r.status_code == 403 and r.json()["code"] == "forbidden"
    assert r.json()["message"] == "ссылка не подходит: ссылка стола действует только за свой стол"


def test_the_same_refusal_is_in_english_by_default(client: TestClient, session: dict[str, Any]) -> None:
    r = client.post(f"/api/sessions/{session['id']}/results",
                    json={"token": session["tokens"]["table1"], "table": 2, "round": 1, "board": 1,
                          "contract": "4S", "declarer": "N", "tricks": 10})
    assert r.json()["message"] == "this link may not do that (a table's link acts for its own table only)"


def test_an_impossible_result_is_told_in_the_language_the_link_asks_for(client: TestClient, session: dict[str, Any]) -> None:
    r = client.post(f"/api/sessions/{session['id']}/results", params={"lang": "ru"}, headers={"Accept-Language": "en"},
                    json={"token": session["tokens"]["table1"], "table": 1, "round": 1, "board": 1,
                          "contract": "4S", "declarer": "N", "tricks": 14})
    assert r.status_code == 422 and r.json()["message"] == "разыгрывающий берёт от 0 до 13 взяток, а не 14"


def test_an_unknown_session_is_told_in_russian(client: TestClient) -> None:
    r = client.get("/api/sessions/nope/scores", headers={"Accept-Language": "ru"})
    assert r.status_code == 404 and r.json() == {"code": "no_such_session", "message": "турнира nope нет"}


def test_a_malformed_request_names_its_problem_in_russian(client: TestClient, session: dict[str, Any]) -> None:
    r = client.post(f"/api/sessions/{session['id']}/online", params={"lang": "ru"},
                    json={"token": session["tokens"]["director"], "table": 1, "round": 1})
    assert r.status_code == 422 and r.json()["message"].startswith("запрос неполон или составлен неверно")


def test_a_tables_unknown_link_is_refused_in_the_requests_language(client: TestClient) -> None:
    r = client.get("/api/links/0000/state", headers={"Accept-Language": "ru"})
    assert r.status_code == 404 and any("а" <= ch <= "я" for ch in r.json()["message"])


@pytest.mark.parametrize("extra", [
    {"source": "online"},
    {"source": "online", "adjusted": {"score_ns": 2220}, "ruling": "12C1"},
    {"adjusted": {"ns_average": "A+", "ew_average": "A-"}},
    {"source": "director"},
    {"form": "changed"},
])
def test_a_tables_link_cannot_post_an_online_or_adjusted_result(client: TestClient, session: dict[str, Any],
                                                                 extra: dict[str, Any]) -> None:
    sid, tok = session["id"], session["tokens"]
    r = client.post(f"/api/sessions/{sid}/results", json={"token": tok["table2"], "table": 2, "round": 1, "board": 3,
                                                          "contract": "4S", "declarer": "N", "tricks": 10, **extra})
    assert r.status_code == 403 and r.json()["code"] == "director_only", r.text
    assert next(iter(extra)) in r.json()["message"]
    audit = client.get(f"/api/sessions/{sid}/audit", params={"t": tok["director"]}).json()
    assert audit == []
    view = client.get(f"/api/sessions/{sid}/tables/2", params={"t": tok["table2"]}).json()
    assert view["results"] == []


def test_a_tables_link_cannot_post_a_call_as_an_online_table_or_an_incident(client: TestClient,
                                                                            session: dict[str, Any]) -> None:
    sid, tok = session["id"], session["tokens"]
    for extra in ({"source": "assistant"}, {"incident": "x"}, {"live_table": "y"}, {"key": "live:y:1:r1"}):
        r = client.post(f"/api/sessions/{sid}/call", json={"token": tok["table2"], "table": 2, "what": "x", **extra})
        assert r.status_code == 403 and r.json()["code"] == "director_only", r.text
    assert client.get(f"/api/sessions/{sid}/calls", params={"t": tok["director"]}).json() == []


@pytest.mark.law("90")
def test_90_a_penalty_of_a_pair_with_no_result_is_refused(client: TestClient, session: dict[str, Any]) -> None:
    sid, tok = session["id"], session["tokens"]
    for pair in ("99", "1"):
        r = client.post(f"/api/sessions/{sid}/penalty", json={"token": tok["director"], "pair": pair, "points": 1})
        assert r.status_code == 409 and r.json()["code"] == "no_result", r.text
    client.post(f"/api/sessions/{sid}/results", json={"token": tok["table1"], "table": 1, "round": 1, "board": 1,
                                                      "contract": "4S", "declarer": "N", "tricks": 10})
    r = client.post(f"/api/sessions/{sid}/penalty", json={"token": tok["director"], "pair": "1", "fraction": 0.5})
    assert r.status_code == 200, r.text
    assert client.get(f"/api/sessions/{sid}/scores", params={"t": tok["director"]}).status_code == 200


@pytest.mark.law("90")
def test_90_a_logged_penalty_of_a_pair_with_no_result_is_left_out_of_the_scores(
        tmp_path: Path, client: TestClient, session: dict[str, Any]) -> None:
    from sqlalchemy import create_engine

    from bridgelaw.session.store import SessionStore

    sid, tok = session["id"], session["tokens"]
    client.post(f"/api/sessions/{sid}/results", json={"token": tok["table1"], "table": 1, "round": 1, "board": 1,
                                                      "contract": "4S", "declarer": "N", "tricks": 10})
    # a log written before such penalties were refused
    SessionStore(create_engine(f"sqlite:///{tmp_path / 's.db'}")).append(sid, {"kind": "penalty", "pair": "99",
                                                                             "points": 1, "at": 1.0})
    for path in ("/scores", "/results.pbn", "/results.xml"):
        r = client.get(f"/api/sessions/{sid}{path}", params={"t": tok["director"]})
        assert r.status_code == 200, (path, r.text)
    r = client.get("/session/results", params={"s": sid, "t": tok["director"], "dd": "false"})
    assert r.status_code == 200


@pytest.mark.parametrize("body", [
    {"table": [1], "round": 1, "board": 1}, {"table": 1, "round": {"r": 1}, "board": 1},
    {"table": 1, "round": 1, "board": "one"}, {"table": 1, "round": 1, "board": 1, "seed": {"s": 1}},
    {"table": 1, "round": 1, "board": 1, "seed": [1, 2]}, {"table": 1.5, "round": 1, "board": 1},
])
def test_an_online_board_with_numbers_that_are_not_whole_is_a_bad_request(client: TestClient,
                                                                         session: dict[str, Any], body: dict[str, Any]) -> None:
    r = client.post(f"/api/sessions/{session['id']}/online", json={"token": session["tokens"]["director"], **body})
    assert r.status_code == 400 and r.json()["code"] == "bad_request", r.text
