"""The director's requests and the published results in the corner cases a club meets:
an adjustment that names no round, a request that lacks a field, a correction that
changes the declarer (the recorded lead was the old declarer's opponent's), a procedural
penalty shown wherever the total it changed is shown."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from club_helpers import open_session, play_all
from fastapi.testclient import TestClient
from test_score_events import usebio_problems

from bridgelaw.core.cards import Seat
from bridgelaw.core.deal import Board, Deal, Vulnerability
from bridgelaw.session.live import DuplicateSession, SessionError
from bridgelaw.session.movements import mitchell


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    from bridgelaw.server.app import create_app

    with TestClient(create_app(str(tmp_path / "s.db"))) as c:
        yield c


def board_at(info: dict[str, Any], table: int, round_: int) -> int:
    seat = next(s for s in info["movement"]["seatings"] if s["table"] == table and s["round"] == round_)
    return int(info["movement"]["set_boards"][str(seat["board_set"])][0])


def test_an_adjustment_without_its_round_finds_the_round_the_table_played_the_board(client: TestClient) -> None:
    info = open_session(client)
    play_all(client, info, lambda t, r, b: {"contract": "3NT", "declarer": "N", "tricks": 9})
    board = board_at(info, 2, 3)
    r = client.post(f"/api/sessions/{info['id']}/adjust", json={
        "token": info["tokens"]["director"], "table": 2, "board": board, "ns_average": "A+", "ew_average": "A-"})
    assert r.status_code == 200, r.text
    assert r.json()["round"] == 3 and r.json()["artificial"] == [60.0, 40.0]


def test_a_request_lacking_a_field_names_the_field_in_the_readers_language(client: TestClient) -> None:
    info = open_session(client)
    r = client.post(f"/api/sessions/{info['id']}/adjust?lang=ru", json={
        "token": info["tokens"]["director"], "table": 2, "ns_average": "A+", "ew_average": "A-"})
    assert r.status_code == 422
    assert r.json()["message"] == "в запросе нет поля «board»"
    r = client.post(f"/api/sessions/{info['id']}/adjust", json={
        "token": info["tokens"]["director"], "board": 1, "ns_average": "A+"})
    assert r.json()["message"] == "the request lacks the field “table”"


def test_an_adjustment_for_a_board_the_table_never_plays_is_refused_by_name() -> None:
    ds = DuplicateSession(movement=mitchell(3, 2), boards={})
    with pytest.raises(SessionError) as e:
        ds.apply({"kind": "adjust", "table": 1, "board": 99, "ns_average": "A="})
    assert e.value.code == "bad_request" and "99" in e.value.message


DEAL = Deal.parse("N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.JT -.5432.JT98.AKQ98")


def one_board_session() -> DuplicateSession:
    boards = {b: Board(b, DEAL, Seat.N, Vulnerability.NONE) for b in range(1, 7)}
    return DuplicateSession(movement=mitchell(3, 2), boards=boards)


def test_79C_a_correction_that_changes_the_declarer_drops_the_lead_of_the_old_declarers_opponent() -> None:
    ds = one_board_session()
    # 3NT by South: West leads the ♥5 (West holds it)
    ds.apply({"kind": "enter", "table": 1, "round": 1, "board": 1, "contract": "3NT", "declarer": "S", "tricks": 9,
              "lead": "H5"})
    fixed = ds.apply({"kind": "correct", "table": 1, "board": 1, "declarer": "N", "reason": "declarer was North"})
    assert fixed.declarer == "N" and fixed.lead is None  # East led against North: not recorded
    again = ds.apply({"kind": "correct", "table": 1, "board": 1, "tricks": 10})
    assert again.lead is None and again.declarer == "N"
    with_lead = ds.apply({"kind": "correct", "table": 1, "board": 1, "lead": "HA"})  # East holds ♥A
    assert with_lead.lead == "HA"
    with pytest.raises(SessionError) as e:
        ds.apply({"kind": "correct", "table": 1, "board": 1, "lead": "H5"})  # West's card, not East's
    assert e.value.code == "impossible_result"
    kept = ds.apply({"kind": "correct", "table": 1, "board": 1, "tricks": 8})
    assert kept.lead == "HA"  # the same declarer keeps his opponent's lead


def test_90_a_procedural_penalty_appears_in_the_scores_the_usebio_file_and_the_page(client: TestClient) -> None:
    info = open_session(client)
    play_all(client, info, lambda t, r, b: {"contract": "3NT", "declarer": "N", "tricks": 9 + (t + b) % 2})
    sid, director = info["id"], info["tokens"]["director"]
    reads = {"t": director}  # the director's until published
    before = {(r["direction"], r["pair"]): r["total"]
              for r in client.get(f"/api/sessions/{sid}/scores", params=reads).json()["ranking"]}
    r = client.post(f"/api/sessions/{sid}/penalty", json={"token": director, "pair": "2", "fraction": 0.25,
                                                          "reason": "slow play"})
    assert r.status_code == 200, r.text
    ranking = client.get(f"/api/sessions/{sid}/scores", params=reads).json()["ranking"]
    ns2 = next(x for x in ranking if x["pair"] == "2")
    assert ns2["penalty"] == 0.5  # a quarter of a top of 2
    assert ns2["total"] == pytest.approx(before[("NS", "2")] - 0.5)
    assert all("penalty" not in x for x in ranking if x["pair"] != "2")
    xml = client.get(f"/api/sessions/{sid}/results.xml", params=reads).text
    assert usebio_problems(xml) == []
    pair2 = next(p for p in ET.fromstring(xml).iter("PAIR") if p.findtext("PAIR_NUMBER") == "2")
    assert pair2.findtext("ADJUSTMENT") == "-0.50"
    page = client.get("/session/results", params={"s": sid, "lang": "ru", "dd": "false", **reads}).text
    assert "Процедурные штрафы (Правило 90)" in page and "Пара 2: снято 25% топа — slow play" in page
