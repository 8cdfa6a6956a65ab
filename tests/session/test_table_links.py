"""Every table link the server hands out opens its own table: for every movement it
offers (Mitchell 2-15 tables, with a phantom and an arrow-switch, Howell 3-8 with and
without a phantom, the appendix Mitchell on bases 3-15), each table's link names the
session, the table's token and its number, and the page's request for that table's round
with that token is answered with that table's own seating."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from fastapi.testclient import TestClient

from bridgelaw.server.app import create_app

MOVEMENTS: list[dict[str, Any]] = (
    [{"kind": "mitchell", "tables": n, "boards_per_set": 1} for n in range(2, 16)]
    + [{"kind": "mitchell", "tables": 6, "boards_per_set": 2, "phantom_ew": 12},
       {"kind": "mitchell", "tables": 7, "boards_per_set": 2, "arrow_switch": [7]}]
    + [{"kind": "howell", "tables": n, "boards_per_set": 1, "phantom": p} for n in range(3, 9) for p in (False, True)]
    + [{"kind": "appendix_mitchell", "base": n, "boards_per_set": 1} for n in range(3, 16)]
)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path_factory.mktemp("links") / "links.db"))) as c:
        yield c


@pytest.mark.parametrize("movement", MOVEMENTS, ids=lambda m: "-".join(f"{k}{v}" for k, v in m.items() if k != "kind") + f"-{m['kind']}")
def test_every_table_link_opens_its_own_table(client: TestClient, movement: dict[str, Any]) -> None:
    made = client.post("/api/sessions", json={"title": "links", "movement": movement})
    assert made.status_code == 201, made.text
    info = made.json()
    tables = info["movement"]["tables"]
    assert sorted(info["links"]) == sorted(f"table{n}" for n in range(1, tables + 1))
    first_round = {s["table"]: s for s in info["movement"]["seatings"] if s["round"] == 1}
    for n in range(1, tables + 1):
        url = urlsplit(info["links"][f"table{n}"])
        assert url.path == "/session/table"
        q = {k: v[0] for k, v in parse_qs(url.query).items()}
        assert q["s"] == info["id"] and q["t"] == info["tokens"][f"table{n}"] and q["n"] == str(n)
        # what the phone page asks for, as result.js asks it
        got = client.get(f"/api/sessions/{q['s']}/tables/{q['n']}", params={"t": q["t"]})
        assert got.status_code == 200, (n, got.text)
        view = got.json()
        assert view["table"] == n
        seat = first_round.get(n)
        if seat is not None and "phantom" not in (seat["ns"], seat["ew"]):
            assert view["round"] == 1
            assert {view["ns"], view["ew"]} == {seat["ns"], seat["ew"]}
