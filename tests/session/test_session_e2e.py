"""A whole evening over HTTP: a 7-table Mitchell of 27 boards, two tables online (played
by the engine), five physical tables entering results on their phone pages with the
opponents confirming, one adjusted score from a ruling, one correction in the correction
period; the ranking the server publishes equals an independent count made here."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgelaw.core.calls import Contract, Risk, Strain
from bridgelaw.core.cards import Seat, Side
from bridgelaw.core.deal import Vulnerability
from bridgelaw.laws.scoring.duplicate import contract_score
from bridgelaw.server.app import create_app
from bridgelaw.session.event import parse_contract, read_event
from bridgelaw.session.field import score_event

TABLES, BOARDS, ONLINE = 7, 27, (6, 7)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "session.db"))) as c:
        yield c


def ns_score(contract: str, declarer: str | None, tricks: int | None, vul: str) -> int:
    parsed = parse_contract(contract)
    if parsed == "Pass" or declarer is None or tricks is None:
        return 0
    assert isinstance(parsed, tuple)
    level, strain, risk = parsed
    seat = Seat[declarer]
    own = contract_score(Contract(level, Strain(strain), Risk(risk), seat), tricks,
                         Vulnerability.parse(vul).is_vulnerable(seat.side))
    return own if seat.side is Side.NS else -own


def independent_ranking(results: dict[tuple[int, str, str], Any]) -> dict[tuple[str, str], float]:
    """Matchpoints counted from scratch: a point per result beaten, half per tie, top 6;
    an artificial score is its percentage of the top and is not compared."""
    by_board: dict[int, list[tuple[str, str, Any]]] = defaultdict(list)
    for (b, ns, ew), r in results.items():
        by_board[b].append((ns, ew, r))
    totals: dict[tuple[str, str], float] = defaultdict(float)
    for rows in by_board.values():
        assert len(rows) == TABLES
        top = TABLES - 1
        scores = [r for _, _, r in rows if isinstance(r, int)]
        for ns, ew, r in rows:
            if isinstance(r, tuple):
                totals[("NS", ns)] += top * r[0] / 100
                totals[("EW", ew)] += top * r[1] / 100
                continue
            mp = sum(1.0 if r > o else 0.5 if r == o else 0.0 for o in scores) - 0.5
            if len(scores) < TABLES:  # Neuberg, as the session scores it
                mp = (mp + 0.5) * TABLES / len(scores) - 0.5
            totals[("NS", ns)] += mp
            totals[("EW", ew)] += top - mp
    return totals


def test_a_seven_table_mitchell_evening_over_http(client: TestClient) -> None:
    made = client.post("/api/sessions", json={
        "title": "Tuesday pairs", "movement": {"kind": "mitchell", "tables": TABLES, "boards": BOARDS},
        "scoring": "MP", "online_tables": list(ONLINE), "correction_minutes": 30})
    assert made.status_code == 201, made.text
    info = made.json()
    sid, tokens = info["id"], info["tokens"]
    director = tokens["director"]
    cfg_boards = {int(k): v for k, v in info["movement"]["set_boards"].items()}
    assert sum(len(v) for v in cfg_boards.values()) == BOARDS
    vul: dict[int, str] = {}
    rng = random.Random(7)
    recorded: dict[tuple[int, str, str], Any] = {}
    checked = False
    for rnd in range(1, TABLES + 1):
        for table in range(1, TABLES + 1):
            view = client.get(f"/api/sessions/{sid}/tables/{table}", params={"t": tokens[f"table{table}"]}).json()
            assert view["round"] == rnd
            for board in view["boards"]:
                if table in ONLINE:
                    r = client.post(f"/api/sessions/{sid}/online", json={
                        "token": director, "table": table, "round": rnd, "board": board, "seed": board * 100 + table})
                    assert r.status_code == 200, r.text
                    got = r.json()
                    assert got["source"] == "online" and got["confirmed"]
                    recorded[(board, got["ns"], got["ew"])] = got["score_ns"]
                    continue
                token = tokens[f"table{table}"]
                if not checked:  # the checks a physical table meets, once
                    other = next(b for b in range(1, BOARDS + 1) if b not in view["boards"])
                    bad = client.post(f"/api/sessions/{sid}/results", json={
                        "token": token, "table": table, "round": rnd, "board": other,
                        "contract": "4S", "declarer": "N", "tricks": 10})
                    assert bad.status_code == 422 and bad.json()["code"] == "board_not_in_round"
                    bad = client.post(f"/api/sessions/{sid}/results", json={
                        "token": token, "table": table, "round": rnd, "board": board,
                        "contract": "4S", "declarer": "N", "tricks": 14})
                    assert bad.status_code == 422 and bad.json()["code"] == "impossible_result"
                    bad = client.post(f"/api/sessions/{sid}/results", json={
                        "token": tokens["table2"], "table": table, "round": rnd, "board": board,
                        "contract": "4S", "declarer": "N", "tricks": 10})
                    assert bad.status_code == 403
                contract = rng.choice(["4S", "3NT", "2H", "4HX", "Pass", "5D"])
                declarer = rng.choice("NESW") if contract != "Pass" else None
                tricks = rng.randint(6, 12) if contract != "Pass" else None
                r = client.post(f"/api/sessions/{sid}/results", json={
                    "token": token, "table": table, "round": rnd, "board": board,
                    "contract": contract, "declarer": declarer, "tricks": tricks})
                assert r.status_code == 201, r.text
                got = r.json()
                assert not got["confirmed"]
                if not checked:
                    again = client.post(f"/api/sessions/{sid}/results", json={
                        "token": token, "table": table, "round": rnd, "board": board,
                        "contract": contract, "declarer": declarer, "tricks": tricks})
                    assert again.status_code == 409 and again.json()["code"] == "already_played"
                    checked = True
                c = client.post(f"/api/sessions/{sid}/confirm", json={"token": token, "table": table, "board": board})
                assert c.status_code == 200 and c.json()["confirmed"]
                recorded[(board, got["ns"], got["ew"])] = got["score_ns"]
                vul[board] = "?"
    # the director's view: every table finished
    progress = client.get(f"/api/sessions/{sid}", params={"t": director}).json()["tables"]
    assert all(p["finished"] and p["unconfirmed"] == [] for p in progress)
    # a ruling: board 5 at table 3 becomes average plus to NS, average minus to EW (12C2)
    seat3 = next(s for s in info["movement"]["seatings"] if s["table"] == 3 and 5 in cfg_boards[s["board_set"]])
    adj = client.post(f"/api/sessions/{sid}/adjust", json={
        "token": director, "table": 3, "round": seat3["round"], "board": 5,
        "ns_average": "A+", "ew_average": "A-", "ruling": "ruling-1"})
    assert adj.status_code == 200, adj.text
    assert adj.json()["ruling"] == "ruling-1"
    key5 = next(k for k in recorded if k[0] == 5 and k[1] == seat3["ns"])
    recorded[key5] = (60.0, 40.0)
    # a table cannot adjust, and the session closes
    assert client.post(f"/api/sessions/{sid}/adjust", json={
        "token": tokens["table3"], "table": 3, "round": seat3["round"], "board": 5}).status_code == 403
    closed = client.post(f"/api/sessions/{sid}/close", json={"token": director})
    assert closed.status_code == 200, closed.text
    late = client.post(f"/api/sessions/{sid}/results", json={
        "token": tokens["table1"], "table": 1, "round": 1, "board": 1, "contract": "1C", "declarer": "N", "tricks": 7})
    assert late.status_code == 409 and late.json()["code"] == "session_closed"
    # a correction within the correction period (79C): table 1's first board, two more tricks
    so_far = client.get(f"/api/sessions/{sid}/scores", params={"t": director}).json()
    board1, line1 = next((int(b["board"]), ln) for b in so_far["boards"] for ln in b["results"] if ln["ns"] == "1")
    first = {**line1, "board": board1}
    board1, ns1, ew1 = first["board"], first["ns"], first["ew"]
    new_contract = "3NT"
    fix = client.post(f"/api/sessions/{sid}/correct", json={
        "token": director, "table": 1, "board": board1, "contract": new_contract, "declarer": "S", "tricks": 10,
        "reason": "the scorer entered the wrong contract"})
    assert fix.status_code == 200, fix.text
    recorded[(board1, ns1, ew1)] = fix.json()["score_ns"]
    assert fix.json()["contract"] == "3NT" and fix.json()["tricks"] == 10
    audit = client.get(f"/api/sessions/{sid}/audit", params={"t": director}).json()
    assert [a["what"] for a in audit] == ["adjust", "correct"]
    assert audit[1]["before"]["contract"] == first["contract"] and audit[1]["after"]["contract"] == "3NT"
    # closed but not published: the results are the director's alone
    assert client.get(f"/api/sessions/{sid}/scores").status_code == 403
    assert client.get(f"/api/sessions/{sid}/scores", params={"t": director}).status_code == 200
    assert client.post(f"/api/sessions/{sid}/publish", json={"token": tokens["table1"]}).status_code == 403
    assert client.post(f"/api/sessions/{sid}/publish", json={"token": director}).status_code == 200
    # the published ranking equals the independent count
    scores = client.get(f"/api/sessions/{sid}/scores").json()
    assert scores["method"] == "MP"
    assert len(scores["boards"]) == BOARDS
    expected = independent_ranking(recorded)
    ranking = scores["ranking"]
    assert len(ranking) == 2 * TABLES
    tops: dict[tuple[str, str], int] = defaultdict(int)
    for (_b, ns, ew) in recorded:
        tops[("NS", ns)] += TABLES - 1
        tops[("EW", ew)] += TABLES - 1
    for row in ranking:
        key = (row["direction"], row["pair"])
        assert row["total"] == pytest.approx(round(expected[key], 2), abs=0.006)
        assert row["percent"] == pytest.approx(round(100 * expected[key] / tops[key], 2), abs=0.006)
    for d in ("NS", "EW"):
        rows = [r for r in ranking if r["direction"] == d]
        assert [r["percent"] for r in rows] == sorted((r["percent"] for r in rows), reverse=True)
    # published: PBN score tables that read back to the same ranking, USEBIO, the page
    pbn = client.get(f"/api/sessions/{sid}/results.pbn")
    assert pbn.status_code == 200 and "[TotalScoreTable" in pbn.text
    again = score_event(read_event(pbn.text))
    assert [(s.direction, s.pair, s.total) for s in again.ranking] == [
        (r["direction"], r["pair"], r["total"]) for r in ranking]
    xml = client.get(f"/api/sessions/{sid}/results.xml")
    root = ET.fromstring(xml.text)
    assert root.tag == "USEBIO" and root.get("Version") == "1.3"
    # the USEBIO 1.3 structure, checked element by element
    from test_score_events import usebio_problems

    assert usebio_problems(xml.text) == []
    assert len(root.findall("./EVENT/PARTICIPANTS/PAIR")) == 2 * TABLES
    assert len(root.findall("./EVENT/BOARD")) == BOARDS
    page = client.get("/session/results", params={"s": sid, "dd": "false"})
    assert page.status_code == 200 and "Ranking" in page.text and "Board 27" in page.text
    phone = client.get("/session/table", params={"s": sid, "t": tokens["table1"]})
    assert phone.status_code == 200 and "/static/result.js" in phone.text
