"""The claim checker's analysis on the server: made once when the claim is made, logged
with it, read back on a restart without a search, and never accepted from a client."""

from __future__ import annotations

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
        log = client.get(f"/api/links/{tok['director']}/log").json()
        assert log[-1]["payload"]["analysis"]["claimed"] == 4
    monkeypatch.setattr("bridgelaw.analysis.claims.analyse_claim", lambda *a, **k: pytest.fail("searched again"))
    with TestClient(create_app(db_path)) as client:  # a restart: the table is folded from its log
        state = client.get(f"/api/links/{tok['director']}/state").json()
        ruling = next(r for r in state["view"]["rulings"] if r["kind"] == "claim")
        assert ruling["analysis"] == log[-1]["payload"]["analysis"]
        player = client.get(f"/api/links/{tok['E']}/state").json()
        assert all("analysis" not in r for r in player["view"]["rulings"])


@pytest.mark.law("70A")
def test_70A_a_client_cannot_bring_its_own_analysis(client: TestClient) -> None:
    tok = _to_claim(client)["tokens"]
    fake = {"exact": True, "claimed": 4, "remaining": 4, "double_dummy": 4, "worst_normal": 4, "proposal": 4,
            "verdict": "valid", "line": []}
    for role in ("N", "director", "all"):
        r = client.post(f"/api/links/{tok[role]}/actions",
                        json={"action": {"seat": "N", "claim": 4, "analysis": fake}})
        assert r.status_code == 403 and r.json()["code"] == "analysis_not_accepted", (role, r.text)
