"""The HTTP API: tables, seat links, actions through a link, bad input, OpenAPI."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import DEAL, PBN, new_table

from bridgelaw.core.deal import Deal

ROLES = {"N", "E", "S", "W", "director", "all"}


def test_openapi_document_lists_every_route(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    paths = set(doc["paths"])
    assert {"/api/tables", "/api/tables/{table_id}", "/api/links/{token}", "/api/links/{token}/state",
            "/api/links/{token}/actions", "/api/links/{token}/log", "/api/links/{token}/diagram.svg",
            "/api/laws/{number}"} <= paths
    created = doc["paths"]["/api/tables"]["post"]["responses"]["201"]["content"]["application/json"]["schema"]
    assert created["$ref"].endswith("/TableCreated")
    assert "409" in doc["paths"]["/api/links/{token}/actions"]["post"]["responses"]


def test_create_table_gives_an_unguessable_link_per_seat_and_director(client: TestClient) -> None:
    t = new_table(client, boards=3)
    assert set(t["tokens"]) == ROLES
    assert len(set(t["tokens"].values())) == 6
    assert all(len(tok) >= 32 for tok in t["tokens"].values())
    assert t["boards"] == 3
    for role, tok in t["tokens"].items():
        assert client.get(f"/api/links/{tok}").json() == {"table": t["id"], "role": role}


def test_lobby_lists_tables_without_their_links(client: TestClient) -> None:
    t = new_table(client, title="Club night")
    listing = client.get("/api/tables").json()
    assert listing[0]["id"] == t["id"] and listing[0]["title"] == "Club night"
    assert not any(tok in client.get("/api/tables").text for tok in t["tokens"].values())


def test_boards_from_a_pbn_file(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    state = client.get(f"/api/links/{t['tokens']['director']}/state").json()
    assert Deal.parse(state["view"]["deal"]) == Deal.parse(DEAL)


def test_a_pbn_file_without_deals_is_refused_clearly(client: TestClient) -> None:
    r = client.post("/api/tables", json={"pbn": '[Event "x"]\n'})
    assert r.status_code == 400 and r.json()["code"] == "bad_pbn"


def test_unknown_table_and_unknown_link_are_404(client: TestClient) -> None:
    r = client.get("/api/tables/nosuchtable")
    assert r.status_code == 404 and r.json()["code"] == "unknown_table"
    r = client.get("/api/links/not-a-token/state")
    assert r.status_code == 404 and r.json()["code"] == "unknown_link"


def test_a_link_acts_only_for_its_own_seat(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    r = client.post(f"/api/links/{t['tokens']['E']}/actions", json={"action": {"seat": "N", "call": "1C"}})
    assert r.status_code == 403 and r.json()["code"] == "not_your_seat"
    r = client.post(f"/api/links/{t['tokens']['N']}/actions", json={"action": {"seat": "N", "call": "1C"}})
    assert r.status_code == 200 and r.json() == {"seq": 1}


def test_stale_sequence_number_is_a_conflict(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    n, e = t["tokens"]["N"], t["tokens"]["E"]
    assert client.post(f"/api/links/{n}/actions", json={"action": {"seat": "N", "call": "1C"}, "seq": 0}).status_code == 200
    r = client.post(f"/api/links/{e}/actions", json={"action": {"seat": "E", "call": "P"}, "seq": 0})
    assert r.status_code == 409 and r.json()["code"] == "conflict"
    assert "stale sequence number 0" in r.json()["message"]
    assert client.post(f"/api/links/{e}/actions", json={"action": {"seat": "E", "call": "P"}, "seq": 1}).json() == {"seq": 2}


@pytest.mark.law("20F1")
def test_20F1_partners_explaining_at_once_are_not_told_the_table_moved(client: TestClient) -> None:
    """Each answers a question still put to him: the other's answer, logged first, is talk
    and leaves the auction as it was. A call after talk it did not see is still stale."""
    t = new_table(client, pbn=PBN)
    tok = t["tokens"]

    def post(seat: str, action: dict[str, object], seq: int) -> Any:
        return client.post(f"/api/links/{tok[seat]}/actions", json={"action": {"seat": seat, **action}, "seq": seq})

    assert post("N", {"call": "1S"}, 0).status_code == 200
    assert post("E", {"call": "P"}, 1).status_code == 200
    assert post("S", {"call": "2S"}, 2).status_code == 200
    asked = post("W", {"ask": "explain_all"}, 3).json()["seq"]
    assert post("N", {"ask": "give_explanation", "call_index": 2, "text": "a raise"}, asked).status_code == 200
    r = post("S", {"ask": "give_explanation", "call_index": 0, "text": "five spades"}, asked)
    assert r.status_code == 200, r.text
    heard = [x["ask"] for x in client.get(f"/api/links/{tok['W']}/state").json()["view"]["requests"]]
    assert heard == ["explain_all", "give_explanation", "give_explanation"]
    r = post("W", {"call": "P"}, asked - 1)  # his page had not shown his own question yet
    assert r.status_code == 409 and r.json()["code"] == "conflict"


def test_malformed_action_is_a_clear_400(client: TestClient) -> None:
    t = new_table(client)
    r = client.post(f"/api/links/{t['tokens']['N']}/actions", json={"action": {"seat": "N", "call": "9Z"}})
    assert r.status_code == 400 and r.json()["code"] == "bad_action" and "9Z" in r.json()["message"]


def test_impossible_action_is_refused_without_logging_it(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    r = client.post(f"/api/links/{t['tokens']['N']}/actions", json={"action": {"seat": "N", "play": "CA"}})
    assert r.status_code == 422 and r.json()["code"] == "card_not_held"
    assert client.get(f"/api/links/{t['tokens']['director']}/log").json() == []


def test_oversized_body_is_413(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"{" + b" " * (3 * 1024 * 1024) + b"}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["code"] == "payload_too_large"


def test_event_log_is_the_directors_only(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    client.post(f"/api/links/{t['tokens']['N']}/actions", json={"action": {"seat": "N", "call": "1C"}})
    assert client.get(f"/api/links/{t['tokens']['N']}/log").status_code == 403
    log = client.get(f"/api/links/{t['tokens']['director']}/log").json()
    assert log == [{"seq": 1, "kind": "action", "board": 0, "payload": {"seat": "N", "call": "1C"}}]


@pytest.mark.law("12C")
def test_only_the_director_adjusts_a_score(client: TestClient) -> None:
    t = new_table(client)
    body = {"type": "adjust", "score_ns": 420, "note": "misinformation"}
    assert client.post(f"/api/links/{t['tokens']['N']}/actions", json=body).status_code == 403
    assert client.post(f"/api/links/{t['tokens']['director']}/actions", json=body).status_code == 200
    state = client.get(f"/api/links/{t['tokens']['S']}/state").json()
    assert state["adjustment"]["score_ns"] == 420


def test_next_board_waits_for_the_end_of_the_board_unless_the_director_moves_on(client: TestClient) -> None:
    t = new_table(client, boards=2)
    r = client.post(f"/api/links/{t['tokens']['N']}/actions", json={"type": "next_board"})
    assert r.status_code == 409 and r.json()["code"] == "not_now"
    assert client.post(f"/api/links/{t['tokens']['director']}/actions", json={"type": "next_board"}).status_code == 200
    state = client.get(f"/api/links/{t['tokens']['N']}/state").json()
    assert state["board_index"] == 1 and state["view"]["board"] == 2


def test_hand_diagram_svg_shows_only_what_the_link_may_see(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    svg = client.get(f"/api/links/{t['tokens']['N']}/diagram.svg").text
    assert svg.startswith("<svg") and "North" in svg
    assert svg.count("(hidden)") == 3
    ru = client.get(f"/api/links/{t['tokens']['director']}/diagram.svg?lang=ru").text
    assert "Север" in ru and "(закрыта)" not in ru


def test_law_reference_answers_for_1_to_93_only(client: TestClient) -> None:
    assert client.get("/api/laws/27").json()["law"] == 27
    index = client.get("/api/laws").json()
    assert [e["law"] for e in index] == list(range(1, 94))
    assert client.get("/api/laws/94").status_code == 404


def test_pages_are_served(client: TestClient) -> None:
    assert "<html" in client.get("/").text.lower()
    assert "<html" in client.get("/table?t=x").text.lower()
    assert client.get("/static/table.js").status_code == 200
