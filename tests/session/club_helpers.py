"""Helpers shared by the club-evening tests: a session opened over HTTP and every board of
it entered and confirmed by the tables' own links, round by round."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

ROSTER = {
    "1": [{"name": "Иванов Иван", "id": "1001"}, {"name": "Петров Пётр", "id": "1002"}],
    "2": [{"name": "Сидорова Анна", "id": "1003"}, {"name": "Орлова Мария", "id": "1004"}],
    "3": [{"name": "Smith John", "id": "1005"}, {"name": "Brown Mary", "id": "1006"}],
    "4": [{"name": "Кузнецов Олег", "id": "1007"}, {"name": "Попов Илья", "id": "1008"}],
    "5": [{"name": "Волкова Ольга", "id": "1009"}, {"name": "Зайцева Нина", "id": "1010"}],
    "6": [{"name": "Лебедев Юрий", "id": "1011"}, {"name": "Новиков Лев", "id": "1012"}],
}


def open_session(client: TestClient, **body: Any) -> dict[str, Any]:
    made = client.post("/api/sessions", json={"title": "Клубный турнир", "club": "Клуб", "date": "2026-12-07",
                                               "movement": {"kind": "mitchell", "tables": 3, "boards": 6}, **body})
    assert made.status_code == 201, made.text
    return dict(made.json())


Entry = Callable[[int, int, int], dict[str, Any] | None]


def play_all(client: TestClient, info: dict[str, Any], entry: Entry) -> None:
    """Every table enters every board of every round (``entry(table, round, board)`` gives
    contract, declarer, tricks; None leaves the board to the director) and the opponents
    confirm it."""
    sid, tokens = info["id"], info["tokens"]
    rounds = max(s["round"] for s in info["movement"]["seatings"])
    for rnd in range(1, rounds + 1):
        for table in range(1, info["movement"]["tables"] + 1):
            token = tokens[f"table{table}"]
            view = client.get(f"/api/sessions/{sid}/tables/{table}", params={"t": token}).json()
            if view["round"] != rnd:
                continue
            for board in view["boards"]:
                body = entry(table, rnd, board)
                if body is None:
                    continue
                r = client.post(f"/api/sessions/{sid}/results",
                                json={"token": token, "table": table, "round": rnd, "board": board, **body})
                assert r.status_code == 201, r.text
                c = client.post(f"/api/sessions/{sid}/confirm", json={"token": token, "table": table, "board": board})
                assert c.status_code == 200, c.text
