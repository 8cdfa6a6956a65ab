"""A session's roster (the players of each pair, their names and federation numbers) and
the files a federation accepts: USEBIO with a PLAYER for every player, ties written
``4=``, an adjusted score carrying its value; PBN 2.1 score tables with every mandatory
tag, ``TotalMP`` and the names; the results page with the names."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from club_helpers import ROSTER, open_session, play_all
from fastapi.testclient import TestClient
from test_score_events import usebio_problems

from bridgelaw.session.event import read_event
from bridgelaw.session.field import score_event
from bridgelaw.session.pbn_tables import read_games
from bridgelaw.session.roster import parse_pasted

PBN_MANDATORY = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
                 "Scoring", "Declarer", "Contract", "Result")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    from bridgelaw.server.app import create_app

    with TestClient(create_app(str(tmp_path / "s.db"))) as c:
        yield c


def same_result(_table: int, _round: int, _board: int) -> dict[str, Any]:
    return {"contract": "3NT", "declarer": "N", "tricks": 9}


def evening(client: TestClient) -> dict[str, Any]:
    """A 3-table Mitchell with its roster, every table the same result, then board 1 at
    table 1 adjusted to average plus / average minus: NS 1 wins, NS 2 and 3 tie, EW 4
    is last and EW 5 and 6 tie."""
    info = open_session(client, roster=ROSTER)
    play_all(client, info, same_result)
    adj = client.post(f"/api/sessions/{info['id']}/adjust", json={
        "token": info["tokens"]["director"], "table": 1, "round": 1, "board": 1, "ns_average": "A+", "ew_average": "A-"})
    assert adj.status_code == 200, adj.text
    return info


def test_the_roster_is_given_at_creation_and_changed_by_the_director_only(client: TestClient) -> None:
    info = open_session(client, roster={"1": ROSTER["1"]})
    sid, tokens = info["id"], info["tokens"]
    director = {"t": tokens["director"]}
    assert client.get(f"/api/sessions/{sid}", params=director).json()["roster"] == {"1": ROSTER["1"]}
    assert client.get(f"/api/sessions/{sid}").status_code == 403  # the director's until published
    assert client.get(f"/api/sessions/{sid}", params={"t": tokens["table1"]}).status_code == 403
    by_table = client.post(f"/api/sessions/{sid}/roster", json={"token": tokens["table1"], "pairs": {"2": ROSTER["2"]}})
    assert by_table.status_code == 403
    pasted = "2  Сидорова Анна 1003, Орлова Мария 1004\n1\tИванов Иван 1001; Петров Пётр\n"
    ok = client.post(f"/api/sessions/{sid}/roster", json={"token": tokens["director"], "pairs": pasted})
    assert ok.status_code == 200, ok.text
    roster = client.get(f"/api/sessions/{sid}", params=director).json()["roster"]
    assert roster["2"] == ROSTER["2"]
    assert roster["1"] == [ROSTER["1"][0], {"name": "Петров Пётр", "id": ""}]


@pytest.mark.parametrize("pairs, problem", [
    ({"9": ROSTER["1"]}, "пары 9 в этом движении нет"),
    ({"1": [{"name": ""}]}, "пара 1: один или два игрока"),
    ({"1": [{"name": "A"}, {"name": "B"}, {"name": "C"}]}, "пара 1: один или два игрока"),
    ([1, 2], "состав пар"),
])
def test_a_roster_that_names_no_pair_of_the_movement_or_no_player_is_refused(
        client: TestClient, pairs: Any, problem: str) -> None:
    info = open_session(client)
    r = client.post(f"/api/sessions/{info['id']}/roster?lang=ru", json={"token": info["tokens"]["director"], "pairs": pairs})
    assert r.status_code == 422 and r.json()["code"] == "bad_roster"
    assert problem in r.json()["message"]
    assert client.get(f"/api/sessions/{info['id']}", params={"t": info["tokens"]["director"]}).json()["roster"] == {}
    bad = client.post("/api/sessions", json={"movement": {"kind": "mitchell", "tables": 3, "boards": 6}, "roster": pairs})
    assert bad.status_code == 422


def test_a_pasted_roster_reads_a_pair_a_line() -> None:
    got = parse_pasted("1. Иванов Иван 1001 - Петров Пётр 1002\nзаголовок\n12) Smith John & Brown Mary 55-1\n")
    assert got == {"1": [{"name": "Иванов Иван", "id": "1001"}, {"name": "Петров Пётр", "id": "1002"}],
                   "12": [{"name": "Smith John", "id": ""}, {"name": "Brown Mary", "id": "55-1"}]}


def test_usebio_has_a_player_with_name_and_federation_number_for_every_player_and_ties_as_equals(client: TestClient) -> None:
    info = evening(client)
    text = client.get(f"/api/sessions/{info['id']}/results.xml", params={"t": info["tokens"]["director"]}).text
    assert usebio_problems(text) == []
    root = ET.fromstring(text)
    pairs = root.findall("./EVENT/PARTICIPANTS/PAIR")
    assert len(pairs) == 6
    for pair in pairs:
        number = pair.findtext("PAIR_NUMBER")
        players = [{"name": p.findtext("PLAYER_NAME"), "id": p.findtext("NATIONAL_ID_NUMBER")} for p in pair.findall("PLAYER")]
        assert players == ROSTER[str(number)]
    place = {(p.findtext("DIRECTION"), p.findtext("PAIR_NUMBER")): p.findtext("PLACE") for p in pairs}
    assert place == {("NS", "1"): "1", ("NS", "2"): "2=", ("NS", "3"): "2=",
                     ("EW", "5"): "1=", ("EW", "6"): "1=", ("EW", "4"): "3"}
    adjusted = [tl for b in root.findall("./EVENT/BOARD") if b.findtext("BOARD_NUMBER") == "1"
                for tl in b.findall("TRAVELLER_LINE") if tl.findtext("NS_PAIR_NUMBER") == "1"]
    assert len(adjusted) == 1 and adjusted[0].findtext("SCORE") == "A60"
    assert adjusted[0].findtext("NS_MATCH_POINTS") == "1.20"


def test_pbn_score_tables_have_the_mandatory_tags_totalmp_ties_names_and_the_adjusted_score(client: TestClient) -> None:
    info = evening(client)
    text = client.get(f"/api/sessions/{info['id']}/results.pbn", params={"t": info["tokens"]["director"]}).text
    games = read_games(text)
    assert len(games) == 7  # six boards and the totals
    for game in games:
        missing = [t for t in PBN_MANDATORY if game.get(t) is None]
        assert missing == [], (game.get("Board"), missing)
        assert game.get("Date") == "2026.12.07" and game.get("Site") == "Клуб"
    assert "TotalMP\\" in text and "TotalScoreMP" not in text
    totals = read_event(text).totals
    by_pair = {(r["Direction"], r["PairId"]): r for r in totals}
    assert by_pair[("NS", "2")]["Rank"] == "2=" and by_pair[("EW", "5")]["Rank"] == "1="
    assert by_pair[("NS", "1")]["Names"] == "Иванов Иван – Петров Пётр"
    # read back: the adjusted score is the artificial score it was, and the ranking is the same
    again = read_event(text)
    board1 = next(b for b in again.boards if b.number == "1")
    assert [ln.artificial for ln in board1.lines if ln.ns == "1"] == [(60.0, 40.0)]
    scores = client.get(f"/api/sessions/{info['id']}/scores", params={"t": info["tokens"]["director"]}).json()
    assert [(s.direction, s.pair, s.total) for s in score_event(again).ranking] == [
        (r["direction"], r["pair"], r["total"]) for r in scores["ranking"]]


def test_the_results_page_and_the_scores_show_the_names(client: TestClient) -> None:
    info = evening(client)
    page = client.get("/session/results", params={"s": info["id"], "t": info["tokens"]["director"], "dd": "false"}).text
    assert "Иванов Иван – Петров Пётр" in page and "Лебедев Юрий – Новиков Лев" in page
