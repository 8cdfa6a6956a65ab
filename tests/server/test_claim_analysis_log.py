"""The claim checker's analysis on the server: made once when the claim is made, logged
with it, read back on a restart without a search, and never accepted from a client."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import PBN, new_table

from bridgelaw.server.app import create_app


def _to_claim(client: TestClient) -> dict[str, Any]:
    t = new_table(client, pbn=PBN)
    tok = t["tokens"]
    for seat, call in (("N", "4S"), ("E", "P"), ("S", "P"), ("W", "P")):
        assert client.post(f"/api/links/{tok[seat]}/actions", json={"action": {"seat": seat, "call": call}}).status_code == 200
    s = client.get(f"/api/links/{tok['all']}/state").json()
    if s["view"].get("face_down_lead"):
        client.post(f"/api/links/{tok['E']}/actions", json={"action": {"seat": "E", "face_lead": True}})
    while len(s["view"]["tricks"]) < 9 or s["view"]["tricks"][-1]["winner"] is None:
        seat = s["view"]["turn"]
        r = client.post(f"/api/links/{tok['all']}/actions", json={"action": {"seat": seat, "play": s["legal_cards"][0]}})
        assert r.status_code == 200, r.text
        s = client.get(f"/api/links/{tok['all']}/state").json()
    return t


@pytest.mark.law("70A")
def test_70A_the_logged_claim_carries_its_analysis_and_a_restart_does_not_search(
    db_path: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    with TestClient(create_app(db_path)) as client:
        t = _to_claim(client)
        tok = t["tokens"]
        r = client.post(f"/api/links/{tok['N']}/actions", json={"action": {"seat": "N", "claim": 4, "statement": "all mine"}})
        assert r.status_code == 200, r.text
        log = _log_with_analysis(client, tok["director"])
        assert log[-2]["kind"] == "action" and "analysis" not in log[-2]["payload"]  # the claim, acknowledged at once
        assert log[-1]["payload"]["analysis"]["claimed"] == 4  # its analysis, logged when made
    monkeypatch.setattr("bridgelaw.analysis.claims.analyse_claim", lambda *a, **k: pytest.fail("searched again"))
    with TestClient(create_app(db_path)) as client:  # a restart: the table is folded from its log
        state = client.get(f"/api/links/{tok['director']}/state").json()
        ruling = next(r for r in state["view"]["rulings"] if r["kind"] == "claim")
        assert ruling["analysis"] == log[-1]["payload"]["analysis"]
        player = client.get(f"/api/links/{tok['E']}/state").json()
        assert all("analysis" not in r for r in player["view"]["rulings"])


def _log_with_analysis(client: TestClient, token: str) -> list[dict[str, Any]]:
    """The table's log once the claim's analysis entry is in it (made in the background)."""
    for _ in range(600):
        log: list[dict[str, Any]] = client.get(f"/api/links/{token}/log").json()
        if log[-1]["kind"] == "analysis":
            return log
        time.sleep(0.05)
    pytest.fail("the claim's analysis was never logged")


@pytest.mark.law("70A")
def test_70A_the_claimers_acknowledgement_does_not_wait_for_the_analysis(
    client: TestClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    import bridgelaw.analysis.claims as claims

    release = threading.Event()
    real = claims.analyse_claim

    def slow(*args: Any, **kw: Any) -> Any:
        assert release.wait(60), "never released"
        return real(*args, **kw)
    monkeypatch.setattr(claims, "analyse_claim", slow)
    t = _to_claim(client)
    tok = t["tokens"]
    # a claim no other test makes: the process-wide memo has no analysis of it
    claim = {"seat": "N", "claim": 3, "statement": "held back: three of the rest"}
    r = client.post(f"/api/links/{tok['N']}/actions", json={"action": claim})
    assert r.status_code == 200, r.text  # acknowledged while the search is held back
    state = client.get(f"/api/links/{tok['director']}/state").json()
    pending = next(x for x in state["view"]["rulings"] if x["kind"] == "claim")["analysis"]
    assert pending["pending"] is True and pending["claimed"] == 3 and "worst_normal" not in pending
    release.set()
    log = _log_with_analysis(client, tok["director"])
    state = client.get(f"/api/links/{tok['director']}/state").json()
    made = next(x for x in state["view"]["rulings"] if x["kind"] == "claim")["analysis"]
    assert made == log[-1]["payload"]["analysis"] and "pending" not in made
    # the answer to the claim is logged after the analysis: a replay reads it first
    r = client.post(f"/api/links/{tok['E']}/actions", json={"action": {"seat": "E", "claim_response": "dispute"}})
    assert r.status_code == 200, r.text
    assert client.get(f"/api/links/{tok['director']}/log").json()[-1]["kind"] == "action"


@pytest.mark.law("68D")
def test_68D_an_answer_to_the_claim_sent_before_its_analysis_was_logged_is_not_stale(client: TestClient) -> None:
    t = _to_claim(client)
    tok = t["tokens"]
    r = client.post(f"/api/links/{tok['N']}/actions", json={"action": {"seat": "N", "claim": 4, "statement": "all mine"}})
    claim_seq = r.json()["seq"]
    _log_with_analysis(client, tok["director"])  # logged after the claim, for the director alone
    # East's page showed the claim (the analysis changes nothing he sees): his answer stands
    r = client.post(f"/api/links/{tok['E']}/actions",
                    json={"action": {"seat": "E", "claim_response": "dispute"}, "seq": claim_seq})
    assert r.status_code == 200, r.text
    # an answer from a page that had not yet shown the claim is still refused as stale
    r = client.post(f"/api/links/{tok['W']}/actions",
                    json={"action": {"seat": "W", "claim_response": "agree"}, "seq": claim_seq - 1})
    assert r.status_code == 409, r.text


@pytest.mark.law("70A")
def test_70A_a_client_cannot_bring_its_own_analysis(client: TestClient) -> None:
    tok = _to_claim(client)["tokens"]
    fake = {"exact": True, "claimed": 4, "remaining": 4, "double_dummy": 4, "worst_normal": 4, "proposal": 4,
            "verdict": "valid", "line": []}
    for role in ("N", "director", "all"):
        r = client.post(f"/api/links/{tok[role]}/actions",
                        json={"action": {"seat": "N", "claim": 4, "analysis": fake}})
        assert r.status_code == 403 and r.json()["code"] == "analysis_not_accepted", (role, r.text)
