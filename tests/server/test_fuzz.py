"""Protocol fuzz: random and mutated messages on the websocket, the HTTP API and the
command line. Every input gets an answer (never a traceback, a 5xx or a dropped
connection) and a refused input changes nothing. In the suite each sends 5,000 inputs
(a fixed sequence for a seed: the same work on every run, whatever the machine's load);
BRIDGELAW_FUZZ_INPUTS sends more, BRIDGELAW_FUZZ_SECONDS keeps each going at least that
long, and BRIDGELAW_FUZZ_SEED picks another sequence. How many inputs each interface reached is printed at the end of the run
("fuzz inputs per interface", from conftest.py)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import PBN, new_table

from bridgelaw.cli import main as cli_main
from fuzz_support import mutate, raw_mutation, stdin_from

SECONDS = float(os.environ.get("BRIDGELAW_FUZZ_SECONDS", "0"))
SEED = int(os.environ.get("BRIDGELAW_FUZZ_SEED", "7"))
INPUTS = int(os.environ.get("BRIDGELAW_FUZZ_INPUTS", "5000"))
ROOT = Path(__file__).resolve().parents[2]

VALID: list[dict[str, Any]] = [
    {"type": "action", "action": {"seat": "N", "call": "1S"}},
    {"type": "action", "action": {"seat": "E", "call": "P", "alert": True, "meaning": "natural"}},
    {"type": "action", "action": {"seat": "E", "play": "HA", "face_down": True}},
    {"type": "action", "action": {"seat": "E", "face_lead": True}},
    {"type": "action", "action": {"seat": "W", "expose": ["SA"], "how": "dropped"}},
    {"type": "action", "action": {"seat": "S", "ask": "explain", "call_index": 0}},
    {"type": "action", "action": {"seat": "N", "claim": 5, "statement": "the rest"}},
    {"type": "action", "action": {"seat": "N", "concede": 1}},
    {"type": "action", "action": {"seat": "E", "claim_response": "agree"}},
    {"type": "action", "action": {"seat": "S", "point_out": "revoke", "offender": "E", "trick": 1}},
    {"type": "action", "action": {"seat": "W", "director": True}},
    {"type": "action", "action": {"seat": "E", "choose": "accept", "suit": "S"}},
    {"type": "action", "action": {"seat": "director", "decide": {"comparable": True}}},
    {"type": "action", "action": {"seat": "N", "tempo": "hesitation"}},
    {"type": "action", "action": {"seat": "W", "report": "missing_card", "card": "SA"}},
    {"type": "action", "action": {"seat": "W", "report": "incorrect_number", "hands": ["N", "E"]}},
    {"type": "next_board"},
    {"type": "adjust", "score_ns": 100, "note": "n", "law": "12C"},
    {"type": "state"},
    {"type": "ping", "id": 1},
]
def fuzz_inputs(rng: random.Random) -> str:
    base = rng.choice(VALID)
    if rng.random() < 0.6:
        return json.dumps(mutate(rng, base))
    return raw_mutation(rng, json.dumps(base))


def test_fuzz_the_websocket_protocol(client: TestClient, record_property: Any) -> None:
    rng = random.Random(SEED)
    least = max(100, INPUTS)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    sent = errors = 0
    deadline = time.monotonic() + SECONDS
    while time.monotonic() < deadline or sent < least:
        t = new_table(client, pbn=PBN, boards=2)
        with client.websocket_connect(f"/ws/{t['tokens'][rng.choice(('N', 'E', 'all', 'director'))]}") as ws:
            ws.receive_json()
            for _ in range(100):
                if time.monotonic() > deadline and sent >= least:
                    break
                before = hub.tables[t["id"]].view("director")
                ws.send_text(fuzz_inputs(rng))
                sent += 1
                ws.send_text('{"type":"ping","id":"alive"}')  # the connection is still answered
                answers = []
                while (m := ws.receive_json()) != {"type": "pong", "id": "alive"}:
                    answers.append(m)
                replies = [m for m in answers if m["type"] != "state"]
                # one answer each: an ack, an error, a pong, or (for a state request) a state
                assert len(replies) <= 1 and (replies or answers), answers
                for reply in replies:
                    assert reply["type"] in ("ack", "error", "pong"), reply
                    if reply["type"] == "error":
                        errors += 1
                        assert reply["code"] != "internal_error" and reply["message"]
                        assert hub.tables[t["id"]].view("director") == before, "a refused message changed the table"
    print(f"websocket fuzz: {sent} messages, {errors} refused")
    record_property("fuzz_inputs", ("websocket", sent))
    assert sent >= 100 and errors > 0


def test_fuzz_the_http_api(client: TestClient, record_property: Any) -> None:
    rng = random.Random(SEED + 1)
    least = max(50, INPUTS)
    sent = 0
    deadline = time.monotonic() + SECONDS
    t = new_table(client, pbn=PBN)
    tokens = t["tokens"]
    creations = [{"boards": 2}, {"pbn": PBN, "title": "t"}, {"mode": "online", "edition": "1997"}]
    while time.monotonic() < deadline or sent < least:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        before = hub.tables[t["id"]].view("director") if t["id"] in hub.tables else None
        if rng.random() < 0.3:
            path, body = "/api/tables", (json.dumps(mutate(rng, rng.choice(creations))) if rng.random() < 0.6
                                         else raw_mutation(rng, json.dumps(rng.choice(creations))))
        else:
            role = rng.choice(("N", "S", "all", "director"))
            msg = rng.choice(VALID)
            path = f"/api/links/{tokens[role]}/actions"
            body = json.dumps(mutate(rng, msg)) if rng.random() < 0.6 else raw_mutation(rng, json.dumps(msg))
        r = client.post(path, content=body.encode("utf-8", "surrogatepass"),
                        headers={"content-type": "application/json"})
        sent += 1
        assert r.status_code < 500, (body[:300], r.status_code, r.text[:300])
        assert r.json() is not None
        if r.status_code >= 400 and path != "/api/tables" and before is not None:
            assert hub.tables[t["id"]].view("director") == before, "a refused request changed the table"
    assert client.get(f"/api/links/{tokens['N']}/state").status_code == 200
    print(f"HTTP fuzz: {sent} requests")
    record_property("fuzz_inputs", ("HTTP API", sent))
    assert sent >= 50


def scenario_corpus() -> list[str]:
    return sorted(str(p) for p in (ROOT / "scenarios").rglob("*.json"))[:60]


def test_fuzz_the_scenario_command(record_property: Any) -> None:
    rng = random.Random(SEED + 2)
    least = max(20, INPUTS)
    files = [Path(p).read_text(encoding="utf-8") for p in scenario_corpus()]
    ran = 0
    deadline = time.monotonic() + SECONDS
    while time.monotonic() < deadline or ran < least:
        text = rng.choice(files)
        if rng.random() < 0.6:
            try:
                text = json.dumps(mutate(rng, json.loads(text)))
            except ValueError:
                continue
        else:
            text = raw_mutation(rng, text)
        out, err = io.StringIO(), io.StringIO()
        stdin = io.StringIO(text)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), stdin_from(stdin):
            try:
                code = cli_main(["scenario", "-"])
            except SystemExit as e:  # argparse
                code = int(e.code or 0)
        ran += 1
        assert code in (0, 2), (text[:300], err.getvalue()[-500:])
        if code == 2:
            assert err.getvalue().startswith("bridgelaw: error: ") and err.getvalue().count("\n") == 1
        else:
            json.loads(out.getvalue())
    print(f"scenario fuzz: {ran} inputs")
    record_property("fuzz_inputs", ("command line", ran))
    assert ran >= 20


@pytest.mark.parametrize("text", [
    '{"deal":"N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.JT -.5432.JT98.AKQ98","actions":[{"seat":"N","ask":["review"]}]}',
    '{"board":1,"actions":[{"seat":"N","call":"1S","alert":true,"meaning":"\\ud800"}]}',
    '{"board":' + "1" * 5000 + "}",
    "[" * 5000,
])
def test_the_scenario_command_answers_each_crash_class_with_one_line(text: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), stdin_from(io.StringIO(text)):
        code = cli_main(["scenario", "-"])
    assert code in (0, 2) and "Traceback" not in err.getvalue()
    if code == 0:
        out.getvalue().encode("utf-8")
        json.loads(out.getvalue())
