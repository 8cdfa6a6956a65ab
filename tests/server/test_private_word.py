"""The director's private word with one player, and the adjust message's artificial, split
and weighted scores (``bridgelaw.server.private``), over the HTTP API."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import PBN, new_table

OTHERS = ("N", "E", "W", "all")


def send(client: TestClient, t: dict[str, Any], role: str, **msg: Any) -> Any:
    return client.post(f"/api/links/{t['tokens'][role]}/actions", json=msg)


def state(client: TestClient, t: dict[str, Any], role: str) -> dict[str, Any]:
    return dict(client.get(f"/api/links/{t['tokens'][role]}/state").json())


def without_seq(s: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in s.items() if k != "seq"}


@pytest.mark.law("81C")
def test_the_director_asks_one_player_privately_and_no_other_view_changes(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    send(client, t, "N", type="action", action={"seat": "N", "call": "1S"})
    before = {role: state(client, t, role) for role in OTHERS}
    assert send(client, t, "director", type="private", to="S", text="What would 1C have meant?").status_code == 200
    assert send(client, t, "S", type="private", text="Natural, 3+ clubs").status_code == 200
    south = state(client, t, "S")["private"]
    assert [(p["from"], p["text"]) for p in south] == [("director", "What would 1C have meant?"), ("S", "Natural, 3+ clubs")]
    director = state(client, t, "director")
    assert director["private"] == south
    assert [e["kind"] for e in director["events"]][-2:] == ["private", "private"]  # the director's note
    for role in OTHERS:
        after = state(client, t, role)
        assert "private" not in after
        assert without_seq(after) == without_seq(before[role]), role


def test_a_private_word_needs_words_a_seat_and_the_director(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    assert send(client, t, "director", type="private", to="X", text="hello").json()["code"] == "bad_message"
    assert send(client, t, "director", type="private", to="S", text="  ").json()["code"] == "bad_message"
    assert send(client, t, "all", type="private", text="hello").json()["code"] == "not_a_seat"
    assert "private" not in state(client, t, "director")


@pytest.mark.law("12C2")
def test_an_artificial_adjusted_score_per_side_is_stored(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    assert send(client, t, "director", type="adjust", ns="avg+", ew="avg-", law="12C2").status_code == 200
    a = state(client, t, "S")["adjustment"]
    assert (a["ns"], a["ew"], a["score_ns"], a["law"]) == ("avg+", "avg-", None, "12C2")
    assert send(client, t, "director", type="adjust", ns="avg+", ew="best").json()["code"] == "bad_message"


@pytest.mark.law("12C1")
def test_split_and_weighted_assigned_scores_are_stored_and_checked(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    assert send(client, t, "director", type="adjust", score_ns=420, score_ew=-170).status_code == 200
    assert state(client, t, "E")["adjustment"]["score_ew"] == -170
    weighted = [{"score_ns": 420, "percent": 60}, {"score_ns": -50, "percent": 40}]
    assert send(client, t, "director", type="adjust", weighted=weighted).status_code == 200
    assert state(client, t, "E")["adjustment"]["weighted"] == weighted
    r = send(client, t, "director", type="adjust", weighted=[{"score_ns": 420, "percent": 60}, {"score_ns": 0, "percent": 30}])
    assert r.json()["code"] == "bad_message"
    assert send(client, t, "N", type="adjust", ns="avg", ew="avg").json()["code"] == "director_only"


def test_the_director_undoes_the_boards_last_action_and_the_log_keeps_both(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    send(client, t, "N", type="action", action={"seat": "N", "call": "1S"})
    send(client, t, "E", type="action", action={"seat": "E", "call": "7N"})  # a misclick
    assert send(client, t, "E", type="undo").json()["code"] == "director_only"
    assert send(client, t, "director", type="undo").status_code == 200
    s = state(client, t, "director")
    assert [c["call"] for c in s["view"]["calls"]] == ["1S"] and s["view"]["turn"] == "E"
    assert [(e["kind"], e.get("undone", False)) for e in s["events"]] == [("action", False), ("action", True), ("undo", False)]
    send(client, t, "E", type="action", action={"seat": "E", "call": "P"})
    assert [c["call"] for c in state(client, t, "S")["view"]["calls"]] == ["1S", "P"]


def test_undo_with_nothing_to_undo_is_refused(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    assert send(client, t, "director", type="undo").json()["code"] == "nothing_to_undo"
