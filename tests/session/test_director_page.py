"""The director's session page: reached from the lobby, served as a page under the pages'
security policy; the movements it offers for a number of pairs each seat exactly those
pairs, pass ``validate``, and open a session whose every table link works."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from bridgelaw.session.movements import PHANTOM, movements_for, validate
from bridgelaw.session.store import movement_from


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    from bridgelaw.server.app import create_app

    with TestClient(create_app(str(tmp_path_factory.mktemp("director") / "s.db"))) as c:
        yield c


@pytest.mark.parametrize("pairs", range(4, 41))
def test_every_movement_offered_for_a_number_of_pairs_seats_those_pairs_and_is_valid(pairs: int) -> None:
    options = movements_for(pairs)
    assert options and options[0]["kind"] == "mitchell"
    for spec in options:
        mv = movement_from(dict(spec))
        assert validate(mv) == [], spec
        assert len([p for p in mv.pairs() if p != PHANTOM]) == pairs, spec


@pytest.mark.parametrize("pairs", [5, 6, 11, 12, 16])
def test_the_offered_movements_open_sessions_whose_table_links_all_work(client: TestClient, pairs: int) -> None:
    got = client.get("/api/movements", params={"pairs": pairs, "boards_per_round": 2})
    assert got.status_code == 200, got.text
    for option in got.json():
        assert option["rounds"] >= 1 and option["boards"] >= option["rounds"]
        made = client.post("/api/sessions", json={"movement": option["movement"]})
        assert made.status_code == 201, made.text
        for name, link in made.json()["links"].items():
            n = name.removeprefix("table")
            token = made.json()["tokens"][name]
            assert link.endswith(f"&n={n}")
            assert client.get(f"/api/sessions/{made.json()['id']}/tables/{n}", params={"t": token}).status_code == 200


def test_a_field_too_small_or_too_large_is_refused_with_its_reason(client: TestClient) -> None:
    for pairs in (2, 41):
        got = client.get("/api/movements", params={"pairs": pairs, "lang": "ru"})
        assert got.status_code == 422
        assert got.json()["message"] == f"движения предлагаются для числа пар от 4 до 40 (от 1 до 6 сдач в туре), а не {pairs}"


def test_the_lobby_leads_to_the_directors_session_page(client: TestClient) -> None:
    lobby = client.get("/").text
    assert 'href="/session/director"' in lobby
    page = client.get("/session/director")
    assert page.status_code == 200 and "/static/session.js" in page.text
    assert "script-src 'self'" in page.headers.get("content-security-policy", "")


def club_pbn(numbers: range) -> str:
    from bridgelaw.dealing import deal_set

    return "\n".join(f'[Board "{b.number}"]\n[Dealer "{b.dealer.name}"]\n[Vulnerable "{b.vulnerability}"]\n'
                     f'[Deal "{b.deal.to_pbn()}"]\n' for b in deal_set(max(numbers)) if b.number in numbers)


def test_a_session_plays_the_clubs_boards_from_a_pbn_file(client: TestClient) -> None:
    from bridgelaw.core.deal import Deal
    from bridgelaw.session.pbn_tables import read_games

    pbn = club_pbn(range(1, 7))
    made = client.post("/api/sessions", json={"movement": {"kind": "mitchell", "tables": 3, "boards": 6}, "pbn": pbn})
    assert made.status_code == 201, made.text
    info = made.json()
    sid, director = info["id"], info["tokens"]["director"]
    board = info["movement"]["set_boards"]["1"][0]
    entered = client.post(f"/api/sessions/{sid}/results", json={
        "token": info["tokens"]["table1"], "table": 1, "round": 1, "board": board, "contract": "Pass"})
    assert entered.status_code == 201, entered.text
    given = {g.get("Board"): Deal.parse(str(g.get("Deal"))) for g in read_games(pbn)}
    played = {g.get("Board"): g.get("Deal") for g in read_games(
        client.get(f"/api/sessions/{sid}/results.pbn", params={"t": director}).text) if g.get("Board")}
    assert Deal.parse(str(played[str(board)])) == given[str(board)]


def test_a_pbn_file_lacking_a_board_the_movement_plays_is_refused_by_number(client: TestClient) -> None:
    made = client.post("/api/sessions?lang=ru", json={"movement": {"kind": "mitchell", "tables": 3, "boards": 6},
                                                      "pbn": club_pbn(range(1, 5))})
    assert made.status_code == 422 and made.json()["code"] == "bad_pbn"
    assert made.json()["message"] == "в файле PBN нет сдач, которые играются в этом движении: 5, 6"


def test_the_director_reads_the_table_links_again_and_nobody_else_does(client: TestClient) -> None:
    made = client.post("/api/sessions", json={"movement": {"kind": "mitchell", "tables": 3, "boards": 6}}).json()
    sid, tokens = made["id"], made["tokens"]
    assert client.get(f"/api/sessions/{sid}/links", params={"t": tokens["director"]}).json() == made["links"]
    for token in ("", tokens["table1"], tokens["director"][:-2] + "xx"):
        assert client.get(f"/api/sessions/{sid}/links", params={"t": token}).status_code == 403
