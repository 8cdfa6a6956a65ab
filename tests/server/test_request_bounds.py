"""Requests that would make the server build, parse or keep without bound are refused
before the work, with a code naming the limit: a session's movement and boards, a PBN file
read in the lobby, a board report's details and the number of reports on a board."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import DEAL, new_table

from bridgelaw.server.limits import MAX_REPORT_TEXT, MAX_REPORTS_PER_BOARD


@pytest.mark.parametrize("movement", [
    {"kind": "mitchell", "tables": 61},
    {"kind": "mitchell", "tables": 20000, "boards_per_set": 2},
    {"kind": "mitchell", "tables": 5, "boards_per_set": 37},
    {"kind": "mitchell", "tables": 30, "boards": 100000},
    {"kind": "howell", "tables": 200},
    {"kind": "appendix_mitchell", "base": 5000},
])
def test_a_session_beyond_a_clubs_size_is_refused_at_once(client: TestClient, movement: dict[str, Any]) -> None:
    began = time.perf_counter()
    r = client.post("/api/sessions", json={"title": "too big", "movement": movement})
    assert time.perf_counter() - began < 2.0
    assert r.status_code == 422 and r.json()["code"] == "session_too_large", r.text


@pytest.mark.parametrize("movement", [
    {"kind": "mitchell", "tables": "many"}, {"kind": "mitchell", "tables": [3]},
    {"kind": "howell", "tables": 4, "boards_per_set": None}, "mitchell",
])
def test_a_movement_that_is_not_numbers_is_refused_by_name(client: TestClient, movement: Any) -> None:
    r = client.post("/api/sessions", json={"movement": movement})
    assert r.status_code == 422 and r.json()["code"] == "bad_movement", r.text


def test_a_session_with_too_many_boards_given_is_refused(client: TestClient) -> None:
    boards = [{"number": n, "deal": DEAL, "dealer": "N", "vulnerable": "None"} for n in range(1, 400)]
    r = client.post("/api/sessions", json={"movement": {"kind": "mitchell", "tables": 3}, "boards": boards})
    assert r.status_code == 422 and r.json()["code"] == "session_too_large", r.text


def test_a_club_sized_session_opens(client: TestClient) -> None:
    r = client.post("/api/sessions", json={"movement": {"kind": "mitchell", "tables": 15, "boards_per_set": 2}})
    assert r.status_code == 201, r.text
    assert len(r.json()["tokens"]) == 16


def test_the_lobby_refuses_a_pbn_of_too_many_boards_before_reading_it(client: TestClient,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import bridgelaw.io.pbn as pbn

    def never(*_a: Any, **_k: Any) -> Any:
        raise AssertionError("the file was parsed")

    monkeypatch.setattr(pbn, "read_pbn", never)
    text = "".join(f'[Board "{n}"]\n[Deal "N:{n:x}"]\n\n' for n in range(1, 300))  # 299 distinct deals
    r = client.post("/api/lobby/pbn", json={"pbn": text})
    assert r.status_code == 400 and r.json()["code"] == "pbn_too_many", r.text


def test_the_lobby_still_reads_a_file_of_results_repeating_its_deals(client: TestClient) -> None:
    games = "".join(f'[Board "1"]\n[Deal "{DEAL}"]\n[Result "{n % 13}"]\n\n' for n in range(200))
    r = client.post("/api/lobby/pbn", json={"pbn": games})
    assert r.status_code == 200, r.text
    assert r.json()["boards"] == 1 and r.json()["games"] == 200


def report(client: TestClient, token: str, **extra: Any) -> Any:
    return client.post(f"/api/links/{token}/actions", json={"action": {"seat": "N", "report": "wrong_board_played",
                                                                       **extra}})


def test_a_board_report_keeps_only_its_own_details(client: TestClient) -> None:
    tokens = new_table(client)["tokens"]
    r = report(client, tokens["N"], **{f"k{i}": "x" * 3000 for i in range(5)})
    assert r.status_code == 400 and r.json()["code"] == "bad_report", r.text
    r = report(client, tokens["N"], offender="N" * (MAX_REPORT_TEXT + 1))
    assert r.status_code == 400 and r.json()["code"] == "bad_report", r.text
    r = report(client, tokens["N"], hands=["N"] * 50)
    assert r.status_code == 400 and r.json()["code"] == "bad_report", r.text
    log = client.get(f"/api/links/{tokens['director']}/log").json()
    assert not [e for e in log if "report" in str(e["payload"])]


def test_a_seat_reports_a_board_a_bounded_number_of_times(client: TestClient) -> None:
    tokens = new_table(client)["tokens"]
    codes = []
    for _ in range(MAX_REPORTS_PER_BOARD + 3):
        r = client.post(f"/api/links/{tokens['N']}/actions", json={"action": {"seat": "N", "report": "surplus_card",
                                                                              "card": "S2"}})
        codes.append(r.json().get("code") if r.status_code != 200 else 200)
    assert codes[:MAX_REPORTS_PER_BOARD].count(200) >= 1
    assert codes[-1] == "too_many_reports", codes
