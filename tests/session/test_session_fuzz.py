"""Fuzz of the session and incident routes: random and mutated bodies and links on every
route that changes a session or an incident. Every input gets an answer (never a 5xx),
and a refused one changes nothing: the session's log and the incident's actions are as
before. In the suite 5,000 inputs (a fixed sequence for a seed); BRIDGELAW_FUZZ_INPUTS
sends more, BRIDGELAW_FUZZ_SECONDS keeps it going at least that long."""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine

from bridgelaw.server.app import create_app
from bridgelaw.session.store import SessionStore
from fuzz_support import WEIRD, mutate, raw_mutation

SECONDS = float(os.environ.get("BRIDGELAW_FUZZ_SECONDS", "0"))
SEED = int(os.environ.get("BRIDGELAW_FUZZ_SEED", "7"))
INPUTS = int(os.environ.get("BRIDGELAW_FUZZ_INPUTS", "5000"))

SESSION_BODIES: list[tuple[str, dict[str, Any], str]] = [
    ("results", {"table": 1, "round": 1, "board": 2, "contract": "3NT", "declarer": "S", "tricks": 9, "lead": "HA"}, "table1"),
    ("confirm", {"table": 1, "board": 1, "side": "EW"}, "table1"),
    ("call", {"table": 1, "round": 1, "board": 1, "what": "revoke"}, "table1"),
    ("online", {"table": 2, "round": 1, "board": 3, "seed": 1}, "director"),
    ("adjust", {"table": 1, "round": 1, "board": 1, "ns_average": "A+", "ew_average": "A-", "ruling": "r"}, "director"),
    ("adjust", {"table": 1, "round": 1, "board": 1, "weighted": [[0.5, 420], [0.5, -50]]}, "director"),
    ("correct", {"table": 1, "board": 1, "tricks": 11, "reason": "x"}, "director"),
    ("penalty", {"pair": "1", "fraction": 0.25, "reason": "late"}, "director"),
    ("late-revoke", {"table": 1, "board": 1, "found": "round_ended", "tricks_without_revoke": 9}, "director"),
    ("wrong-board", {"table": 2, "round": 1, "board": 1, "ns_average": "A=", "ew_average": "A="}, "director"),
    ("wrong-direction", {"table": 1, "board": 1}, "director"),
    ("fouled", {"board": 1, "tables": [1], "form": "changed"}, "director"),
    ("answer", {"call": 1, "answer": "done"}, "director"),
    ("link", {"table": 1, "live_table": "abc", "link_token": "x"}, "director"),
    ("close", {"force": True}, "director"),
    ("publish", {}, "director"),
]
INCIDENT_BODIES: list[tuple[str, dict[str, Any]]] = [
    ("/actions", {"action": {"seat": "N", "call": "1S"}}),
    ("/actions", {"action": {"seat": "E", "play": "HA", "face_down": True}}),
    ("/actions", {"action": {"seat": "director", "decide": {"extra_cards": ["HJ"]}}}),
    ("/undo", {}),
    ("/note", {"note": "seen"}),
]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "fuzz.db"))) as c:
        yield c


def new_session(c: TestClient) -> dict[str, Any]:
    made = c.post("/api/sessions", json={"movement": {"kind": "mitchell", "tables": 3, "boards_per_set": 2}}).json()
    c.post(f"/api/sessions/{made['id']}/results", json={"token": made["tokens"]["table1"], "table": 1, "round": 1,
                                                        "board": 1, "contract": "4S", "declarer": "N", "tricks": 10})
    c.post(f"/api/sessions/{made['id']}/call", json={"token": made["tokens"]["table2"], "table": 2, "what": "x"})
    return dict(made)


def body_text(rng: random.Random, body: dict[str, Any]) -> str:
    return json.dumps(mutate(rng, body)) if rng.random() < 0.6 else raw_mutation(rng, json.dumps(body))


def test_fuzz_the_session_and_incident_routes(client: TestClient, tmp_path: Path, record_property: Any) -> None:
    rng = random.Random(SEED + 3)
    least = max(50, INPUTS)
    sessions = SessionStore(create_engine(f"sqlite:///{tmp_path / 'fuzz.db'}"))
    made = new_session(client)
    inc = client.post("/api/incidents", json={"board": 1, "preset": "wbf"}).json()
    sent = refused = 0
    deadline = time.monotonic() + SECONDS
    while time.monotonic() < deadline or sent < least:
        if sent % 400 == 399:  # a fresh session now and then (a closed one refuses most)
            made = new_session(client)
        if rng.random() < 0.75:
            route, body, who = rng.choice(SESSION_BODIES)
            token: Any = made["tokens"][who] if rng.random() < 0.8 else rng.choice([*WEIRD, made["tokens"]["table2"]])
            path = f"/api/sessions/{made['id']}/{route}"
            text = body_text(rng, {**body, "token": token})
            before: Any = len(sessions.events(made["id"]))
        else:
            what, body = rng.choice(INCIDENT_BODIES)
            link = inc["token"] if rng.random() < 0.8 else "x" * rng.randint(0, 80)
            path = f"/api/incidents/{inc['incident']['id']}{what}?t={link}"
            text = body_text(rng, body)
            before = client.get(f"/api/incidents/{inc['incident']['id']}", params={"t": inc["token"]}).json()["incident"]
        r = client.post(path, content=text.encode("utf-8", "surrogatepass"), headers={"content-type": "application/json"})
        sent += 1
        assert r.status_code < 500, (path, text[:300], r.status_code, r.text[:300])
        assert r.json() is not None
        if r.status_code >= 400 or "refused" in r.json():
            refused += 1
            if path.startswith("/api/sessions"):
                assert len(sessions.events(made["id"])) == before, (path, text[:300], "a refused request changed the session")
            else:
                after = client.get(f"/api/incidents/{inc['incident']['id']}", params={"t": inc["token"]}).json()
                assert after["incident"] == before, (path, text[:300], "a refused request changed the incident")
    print(f"session and incident fuzz: {sent} requests, {refused} refused")
    record_property("fuzz_inputs", ("session and incident routes", sent))
    assert refused > 0
