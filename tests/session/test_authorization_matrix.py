"""Every session and incident route against every kind of credential: no link, a wrong
one, another session's table link, the table's own link, the director's link, and no
link once the director has published the results. A credential the route does not take
is answered 403 and changes nothing; one it takes is never answered 403 (nor 5xx)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgelaw.server.app import create_app

CREDENTIALS = ("none", "wrong", "other_table", "own_table", "director", "published")
READ_ANYONE_PUBLISHED = {"director", "published"}
DIRECTOR = {"director"}
TABLE = {"own_table", "director"}

RESULT = {"table": 1, "round": 1, "board": 2, "contract": "3NT", "declarer": "S", "tricks": 9}
# (method, path, body, credentials that may use it)
SESSION_ROUTES: list[tuple[str, str, dict[str, Any] | None, set[str]]] = [
    ("GET", "", None, READ_ANYONE_PUBLISHED),
    ("GET", "/tables/1", None, TABLE),
    ("GET", "/calls", None, DIRECTOR),
    ("GET", "/audit", None, DIRECTOR),
    ("GET", "/links", None, DIRECTOR),
    ("GET", "/qr", None, DIRECTOR),
    ("GET", "/scores", None, READ_ANYONE_PUBLISHED),
    ("GET", "/results.pbn", None, READ_ANYONE_PUBLISHED),
    ("GET", "/results.xml", None, READ_ANYONE_PUBLISHED),
    ("GET", "page", None, READ_ANYONE_PUBLISHED),
    ("POST", "/results", RESULT, TABLE),
    ("POST", "/confirm", {"table": 1, "board": 1}, TABLE),
    ("POST", "/call", {"table": 1, "what": "revoke"}, TABLE),
    ("POST", "/online", {"table": 1, "round": 1, "board": 2, "seed": 1}, DIRECTOR),
    ("POST", "/adjust", {"table": 1, "round": 1, "board": 1, "score_ns": 100, "ruling": "12C1"}, DIRECTOR),
    ("POST", "/correct", {"table": 1, "board": 1, "tricks": 11}, DIRECTOR),
    ("POST", "/penalty", {"pair": "1", "fraction": 0.25}, DIRECTOR),
    ("POST", "/late-revoke", {"table": 1, "board": 1, "found": "round_ended", "tricks_without_revoke": 9}, DIRECTOR),
    ("POST", "/wrong-board", {"table": 2, "round": 1, "board": 1, "ns_average": "A=", "ew_average": "A="}, DIRECTOR),
    ("POST", "/wrong-direction", {"table": 1, "board": 1}, DIRECTOR),
    ("POST", "/fouled", {"board": 1, "tables": [1], "form": "changed"}, DIRECTOR),
    ("POST", "/answer", {"call": 1, "answer": "done"}, DIRECTOR),
    ("POST", "/link", {"table": 1, "live_table": "abc"}, DIRECTOR),
    ("POST", "/roster", {"pairs": {"1": [{"name": "A. Petrov"}]}}, DIRECTOR),
    ("POST", "/close", {"force": True}, DIRECTOR),
    ("POST", "/publish", {}, DIRECTOR),
]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path_factory.mktemp("authz") / "a.db"))) as c:
        yield c


def open_session(c: TestClient, *, published: bool = False) -> dict[str, Any]:
    made = c.post("/api/sessions", json={"movement": {"kind": "mitchell", "tables": 3, "boards_per_set": 2}}).json()
    sid, tok = made["id"], made["tokens"]
    entered = c.post(f"/api/sessions/{sid}/results", json={"token": tok["table1"], "table": 1, "round": 1, "board": 1,
                                                           "contract": "4S", "declarer": "N", "tricks": 10})
    assert entered.status_code == 201, entered.text
    assert c.post(f"/api/sessions/{sid}/call", json={"token": tok["table2"], "table": 2, "what": "x"}).status_code == 201
    if published:
        assert c.post(f"/api/sessions/{sid}/close", json={"token": tok["director"], "force": True}).status_code == 200
        assert c.post(f"/api/sessions/{sid}/publish", json={"token": tok["director"]}).status_code == 200
    return dict(made)


def credential(kind: str, session: dict[str, Any], other: dict[str, Any]) -> str | None:
    tok = session["tokens"]
    return {"none": None, "published": None, "wrong": tok["director"][:-2] + "xx",
            "other_table": other["tokens"]["table1"], "own_table": tok["table1"], "director": tok["director"]}[kind]


def request(c: TestClient, sid: str, method: str, path: str, body: dict[str, Any] | None, token: str | None) -> Any:
    if method == "GET":
        params = {"t": token} if token is not None else {}
        if path == "page":
            return c.get("/session/results", params={"s": sid, **params})
        return c.get(f"/api/sessions/{sid}{path}", params=params)
    return c.post(f"/api/sessions/{sid}{path}", json={**(body or {}), **({"token": token} if token else {})})


def snapshot(c: TestClient, session: dict[str, Any]) -> str:
    """What the director reads of the session: any change shows here."""
    sid, director = session["id"], session["tokens"]["director"]
    parts = [c.get(f"/api/sessions/{sid}{p}", params={"t": director}).text for p in ("", "/calls", "/audit", "/scores")]
    return json.dumps(parts)


def test_the_matrix_names_every_route_of_a_session(client: TestClient) -> None:
    """A route added later without its line here fails this test."""
    spec = client.get("/openapi.json").json()["paths"]
    served = {(m.upper(), p) for p, ops in spec.items() if "{sid}" in p for m in ops}
    served |= {("GET", "/session/results")}
    named = {(m, "/session/results" if p == "page" else "/api/sessions/{sid}" + p.replace("/1", "/{table}"))
             for m, p, _body, _who in SESSION_ROUTES}
    assert served == named


@pytest.mark.parametrize("kind", CREDENTIALS)
def test_every_session_route_takes_only_its_credentials(client: TestClient, kind: str) -> None:
    other = open_session(client)
    for method, path, body, allowed in SESSION_ROUTES:
        session = open_session(client, published=kind == "published")
        before = snapshot(client, session)
        r = request(client, session["id"], method, path, body, credential(kind, session, other))
        assert r.status_code < 500, (method, path, kind, r.text)
        if kind in allowed:  # refused, if at all, for something else than its credential
            assert r.status_code != 403 or r.json()["code"] != "forbidden", (method, path, kind, r.text)
        else:
            assert r.status_code == 403, (method, path, kind, r.status_code, r.text)
            assert snapshot(client, session) == before, (method, path, kind)


INCIDENT_ROUTES: list[tuple[str, str, dict[str, Any] | None]] = [
    ("GET", "", None), ("GET", "/export.json", None), ("GET", "/export.pbn", None),
    ("POST", "/actions", {"action": {"seat": "N", "call": "1S"}}), ("POST", "/undo", {}),
    ("POST", "/note", {"note": "seen"}),
]


@pytest.mark.parametrize("kind", ["none", "wrong", "another_incident", "own"])
def test_every_incident_route_takes_only_its_own_link(client: TestClient, kind: str) -> None:
    def incident() -> tuple[str, str]:
        r = client.post("/api/incidents", json={"table": "1", "round": "1", "board": 1, "preset": "wbf"})
        assert r.status_code == 200, r.text
        iid, token = str(r.json()["incident"]["id"]), str(r.json()["token"])
        # an incident that rules on nothing is not listed: each starts with a call
        client.post(f"/api/incidents/{iid}/actions", params={"t": token}, json={"action": {"seat": "N", "call": "1C"}})
        return iid, token

    other_id, other_token = incident()
    for method, path, body in INCIDENT_ROUTES:
        iid, token = incident()
        client.post(f"/api/incidents/{iid}/actions", params={"t": token}, json={"action": {"seat": "N", "call": "P"}})
        given = {"none": None, "wrong": token[:-2] + "xx", "another_incident": other_token, "own": token}[kind]
        before = client.get(f"/api/incidents/{iid}", params={"t": token}).json()
        r = client.request(method, f"/api/incidents/{iid}{path}", params={"t": given} if given else {}, json=body)
        if kind == "own":
            assert r.status_code == 200, (path, r.text)
        else:
            assert r.status_code == 403 and r.json()["code"] == "incident_link", (path, kind, r.text)
            assert client.get(f"/api/incidents/{iid}", params={"t": token}).json() == before
        listed = client.get("/api/incidents", params={"t": given} if given else {}).json()
        assert [i["id"] for i in listed] == ([iid] if kind == "own" else [other_id] if kind == "another_incident" else [])
