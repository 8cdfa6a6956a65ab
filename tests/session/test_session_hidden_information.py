"""A running session's deals and results are the director's until he publishes them.

The non-interference test plays a whole 3-table Mitchell twice, in two servers whose
boards differ only by two cards swapped between North and East on one board: every table
enters its results (with an opening lead), the opponents confirm, a table calls the
director. Table 1 plays that board in the last round; until it has, everything its link
and the public read through every session route is the same byte for byte in both
servers. Once the director closes and publishes, the public reads the deals: the two
servers then differ (so the comparison could fail)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from session_worlds import World, boards_of, read_all, swap_cards

from bridgelaw.server.app import create_app

TABLES, PER_SET = 3, 2
OBSERVER, HIDDEN_BOARD = 1, 5  # table 1 plays boards 5 and 6 in round 3


@pytest.fixture
def clients(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    with TestClient(create_app(str(tmp_path / "a.db"))) as a, TestClient(create_app(str(tmp_path / "b.db"))) as b:
        yield a, b


def open_worlds(clients: tuple[TestClient, TestClient]) -> tuple[World, World, str]:
    boards = boards_of(11, TABLES * PER_SET)
    swapped = [dict(b) for b in boards]
    swapped[HIDDEN_BOARD - 1]["deal"], lead = swap_cards(boards[HIDDEN_BOARD - 1]["deal"])
    worlds = []
    for client, rows in zip(clients, (boards, swapped), strict=True):
        made = client.post("/api/sessions", json={"title": "Club", "date": "2026-01-01", "boards": rows,
                                                  "movement": {"kind": "mitchell", "tables": TABLES,
                                                               "boards_per_set": PER_SET}})
        assert made.status_code == 201, made.text
        worlds.append(World(client, made.json()))
    return worlds[0], worlds[1], lead


def play_round(w: World, rnd: int, lead: str, observed: bool) -> None:
    """Every table enters and confirms this round's boards; table 2 calls the director.
    After each request the observer's link and the public read every route."""
    for table in range(1, TABLES + 1):
        tok = w.token(f"table{table}")
        view = w.client.get(f"/api/sessions/{w.sid}/tables/{table}", params={"t": tok}).json()
        assert view["round"] == rnd
        for board in view["boards"]:
            body = {"token": tok, "table": table, "round": rnd, "board": board, "contract": "3NT",
                    "declarer": "N", "tricks": 9 + board % 3, "lead": lead if board == HIDDEN_BOARD else None}
            entered = w.post("results", body)
            confirmed = w.post("confirm", {"token": tok, "table": table, "board": board, "side": "EW"})
            if table == OBSERVER:
                w.reads += [("enter", *entered), ("confirm", *confirmed)]
            if observed:
                read_all(w, w.token(f"table{OBSERVER}"), "observer")
                read_all(w, None, "public")
        if table == 2:
            w.post("call", {"token": tok, "table": 2, "round": rnd, "what": "revoke"})


def test_a_board_a_table_has_not_played_changes_nothing_it_or_the_public_can_read(
        clients: tuple[TestClient, TestClient]) -> None:
    a, b, lead = open_worlds(clients)
    for rnd in (1, 2):
        play_round(a, rnd, lead, observed=True)
        play_round(b, rnd, lead, observed=True)
    assert len(a.reads) == len(b.reads) > 100
    for ra, rb in zip(a.reads, b.reads, strict=True):
        assert ra == rb, f"{ra[0]} differs between the two deals"
    # round 3: table 1 plays the board; the director closes and publishes
    for w in (a, b):
        play_round(w, 3, lead, observed=False)
        assert w.post("close", {"token": w.token("director")})[0] == 200
        assert w.get("/results.pbn", None)[0] == 403
        assert w.post("publish", {"token": w.token("director")})[0] == 200
    assert a.get("/results.pbn", None) != b.get("/results.pbn", None)
    assert a.get("/results.pbn", None)[0] == 200


def test_a_running_sessions_results_are_read_only_with_the_directors_link(
        clients: tuple[TestClient, TestClient]) -> None:
    a, _b, lead = open_worlds(clients)
    play_round(a, 1, lead, observed=False)
    for path in ("/scores", "/results.pbn", "/results.xml", "page", ""):
        assert a.get(path, None)[0] == 403, path
        assert a.get(path, a.token("table3"))[0] == 403, path
        assert a.get(path, a.token("director"))[0] == 200, path
    _status, body = a.get("/results.pbn", a.token("director"))
    assert "[Deal " in body


def test_a_tables_link_reads_only_its_own_results_of_the_round_it_plays(clients: tuple[TestClient, TestClient]) -> None:
    """The phone at a table passes to the next pair: it shows this round's results (and a
    result of the last round still to confirm), never the deal."""
    a, _b, _lead = open_worlds(clients)
    tok = a.token("table1")
    assert a.post("results", {"token": tok, "table": 1, "round": 1, "board": 1, "contract": "4S", "declarer": "N",
                              "tricks": 10})[0] == 201
    view = a.client.get(f"/api/sessions/{a.sid}/tables/1", params={"t": tok}).json()
    assert [(r["table"], r["board"]) for r in view["results"]] == [(1, 1)]
    assert "deal" not in str(view).lower()
    assert a.post("results", {"token": tok, "table": 1, "round": 1, "board": 2, "contract": "4S", "declarer": "N",
                              "tricks": 10})[0] == 201
    view = a.client.get(f"/api/sessions/{a.sid}/tables/1", params={"t": tok}).json()
    assert view["round"] == 2 and [r["board"] for r in view["results"]] == [1, 2]  # still to confirm
    for board in (1, 2):
        assert a.post("confirm", {"token": tok, "table": 1, "board": board})[0] == 200
    view = a.client.get(f"/api/sessions/{a.sid}/tables/1", params={"t": tok}).json()
    assert view["results"] == []


def test_only_the_director_publishes_and_only_a_closed_session(clients: tuple[TestClient, TestClient]) -> None:
    a, _b, _lead = open_worlds(clients)
    assert a.post("publish", {"token": a.token("director")})[0] == 409
    assert "not_closed" in a.post("publish", {"token": a.token("director")})[1]
    assert a.post("close", {"token": a.token("director"), "force": True})[0] == 200
    assert a.post("publish", {"token": a.token("table1")})[0] == 403
    assert a.get("/scores", None)[0] == 403
    assert a.post("publish", {"token": a.token("director")})[0] == 200
    assert a.get("/scores", None)[0] == 200 and a.get("page", None)[0] == 200


def test_a_lead_the_leader_did_not_hold_is_kept_for_the_director_to_check(clients: tuple[TestClient, TestClient]) -> None:
    _a, b, lead = open_worlds(clients)  # in b, East no longer holds ``lead`` on board 5
    tok = b.token("table3")  # table 3 plays boards 5 and 6 in round 1
    status, body = b.post("results", {"token": tok, "table": 3, "round": 1, "board": 5, "contract": "3NT",
                                      "declarer": "N", "tricks": 9, "lead": lead})
    assert status == 201 and "lead_unheld" not in body
    info = b.client.get(f"/api/sessions/{b.sid}", params={"t": b.token("director")}).json()
    assert info["leads_to_check"] == [{"table": 3, "round": 1, "board": 5, "lead": lead}]
    # the director's own entry of such a lead is refused
    status, body = b.post("wrong-board", {"token": b.token("director"), "table": 1, "round": 1, "board": 5,
                                          "contract": "3NT", "declarer": "N", "tricks": 9, "lead": lead})
    assert status == 422 and "impossible_result" in body
