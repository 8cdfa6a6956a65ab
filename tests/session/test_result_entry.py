"""A table's result as a club's scorer gives it: a contract in Russian or with suit
symbols («3БК», «4Ч», «4 черви», «2♠Х»), declarer «Ю», the result relative to the
contract (=, +1, −2), the lead «♠Т»; an empty field named in words; a table keeps to its
round; the phone page learns where each pair goes next."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from club_helpers import ROSTER, open_session
from fastapi.testclient import TestClient

from bridgelaw.session.entry import contract_code, lead_code, tricks_of


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    from bridgelaw.server.app import create_app

    with TestClient(create_app(str(tmp_path / "s.db"))) as c:
        yield c


@pytest.mark.parametrize("typed, code", [
    ("3БК", "3NT"), ("3 бк", "3NT"), ("4Ч", "4H"), ("4 черви", "4H"), ("4червы", "4H"), ("2♠Х", "2SX"),
    ("2пх", "2SX"), ("3бкхх", "3NTXX"), ("5 треф контра", "5CX"), ("1Б", "1D"), ("6 бубен", "6D"),
    ("7ПИК", "7S"), ("пас", "Pass"), ("Пас", "Pass"), ("4HX", "4HX"), ("3nt", "3NT"), ("3N", "3NT"),
    ("9Ч", "9Ч"), ("4Ж", "4Ж"),
])
def test_a_contract_is_read_in_russian_symbols_and_latin(typed: str, code: str) -> None:
    assert contract_code(typed) == code


@pytest.mark.parametrize("typed, code", [("♠Т", "SA"), ("ПТ", "SA"), ("♥10", "HT"), ("S10", "ST"), ("ЧД", "HQ"),
                                         ("♦В", "DJ"), ("ТК", "CK"), ("C7", "C7"), ("SA", "SA")])
def test_an_opening_lead_is_read_in_russian_and_with_symbols(typed: str, code: str) -> None:
    assert lead_code(typed) == code


@pytest.mark.parametrize("contract, result, tricks", [("3NT", "=", 9), ("4H", "+1", 11), ("4H", "−2", 8),
                                                      ("1C", "-7", 0), ("7NT", "+0", 13)])
def test_the_result_relative_to_the_contract_gives_declarers_tricks(contract: str, result: str, tricks: int) -> None:
    assert tricks_of(contract, None, result) == tricks


def post(client: TestClient, info: dict[str, Any], table: int, round_: int, board: int, **body: Any) -> Any:
    return client.post(f"/api/sessions/{info['id']}/results?lang=ru", json={
        "token": info["tokens"][f"table{table}"], "table": table, "round": round_, "board": board, **body})


def test_a_russian_result_is_entered_and_scored(client: TestClient) -> None:
    info = open_session(client)
    r = post(client, info, 1, 1, 1, contract="3БК", declarer="Ю", result="+1")
    assert r.status_code == 201, r.text
    got = r.json()
    assert (got["contract"], got["declarer"], got["tricks"]) == ("3NT", "S", 10)
    assert got["score_ns"] in (430, 630)  # board 1: nobody vulnerable by the Law 2 cycle unless dealt so


@pytest.mark.parametrize("body, words", [
    ({"contract": "", "declarer": "S", "result": "="}, "укажите контракт"),
    ({"contract": "4Ч", "result": "="}, "укажите разыгрывающего"),
    ({"contract": "4Ч", "declarer": "S"}, "укажите результат"),
    ({"contract": "4Ч", "declarer": "S", "tricks": None, "result": ""}, "укажите результат"),
])
def test_an_empty_field_is_named_in_words(client: TestClient, body: dict[str, Any], words: str) -> None:
    info = open_session(client)
    r = post(client, info, 1, 1, 1, **body)
    assert r.status_code == 422
    message = r.json()["message"]
    assert words in message and "None" not in message


def test_a_table_cannot_enter_a_later_rounds_board_while_its_round_is_open(client: TestClient) -> None:
    info = open_session(client)
    seat2 = next(s for s in info["movement"]["seatings"] if s["table"] == 1 and s["round"] == 2)
    later = info["movement"]["set_boards"][str(seat2["board_set"])][0]
    r = post(client, info, 1, 2, later, contract="3NT", declarer="S", tricks=9)
    assert r.status_code == 409 and r.json()["code"] == "round_open"
    assert "ещё играет тур 1" in r.json()["message"]
    assert client.get(f"/api/sessions/{info['id']}/tables/1", params={"t": info["tokens"]["table1"]}).json()["results"] == []
    # the director may enter it (a slip found late)
    by_director = client.post(f"/api/sessions/{info['id']}/results", json={
        "token": info["tokens"]["director"], "table": 1, "round": 2, "board": later,
        "contract": "3NT", "declarer": "S", "tricks": 9})
    assert by_director.status_code == 201, by_director.text


def test_the_phone_page_learns_the_names_and_where_each_pair_goes_next(client: TestClient) -> None:
    info = open_session(client, roster=ROSTER)
    view = client.get(f"/api/sessions/{info['id']}/tables/1", params={"t": info["tokens"]["table1"]}).json()
    assert view["round"] == 1 and view["rounds"] == 3 and view["moved"] == []
    assert view["names"]["1"] == "Иванов Иван – Петров Пётр"
    seatings = info["movement"]["seatings"]
    for move in view["after"]:
        nxt = next(s for s in seatings if s["round"] == 2 and move["pair"] in (s["ns"], s["ew"]))
        assert move["table"] == nxt["table"] and move["round"] == 2
        assert move["against"] == (nxt["ew"] if move["pair"] == nxt["ns"] else nxt["ns"])
        assert move["boards"] == info["movement"]["set_boards"][str(nxt["board_set"])]
    assert {m["pair"] for m in view["after"]} == {view["ns"], view["ew"]}
