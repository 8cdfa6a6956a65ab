"""The results page a club publishes: in the reader's language (Russian for a Russian
browser, English by default, a link to the other), the deal as a hand diagram (not a
PBN string), the double-dummy table, the names, adjusted scores marked, and the PBN and
USEBIO files linked from the page."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import pytest
from club_helpers import ROSTER, open_session, play_all
from fastapi.testclient import TestClient


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    from bridgelaw.server.app import create_app

    with TestClient(create_app(str(tmp_path_factory.mktemp("page") / "s.db"))) as c:
        yield c


@pytest.fixture(scope="module")
def evening(client: TestClient) -> dict[str, Any]:
    info = open_session(client, roster=ROSTER)
    play_all(client, info, lambda t, r, b: {"contract": "4Ч", "declarer": "Ю", "tricks": 9 + (t + b) % 3})
    adj = client.post(f"/api/sessions/{info['id']}/adjust", json={
        "token": info["tokens"]["director"], "table": 2, "round": 1,
        "board": info["movement"]["set_boards"][str(next(s["board_set"] for s in info["movement"]["seatings"]
                                                       if s["table"] == 2 and s["round"] == 1))][0],
        "ns_average": "A+", "ew_average": "A-", "ruling": "12C2"})
    assert adj.status_code == 200, adj.text
    for step in ("close", "publish"):  # the page is the public's once published
        done = client.post(f"/api/sessions/{info['id']}/{step}", json={"token": info["tokens"]["director"]})
        assert done.status_code == 200, done.text
    return info


def page(client: TestClient, info: dict[str, Any], **headers: str) -> str:
    r = client.get("/session/results", params={"s": info["id"]}, headers=headers)
    assert r.status_code == 200
    return r.text


def test_a_russian_browser_reads_the_results_in_russian(client: TestClient, evening: dict[str, Any]) -> None:
    text = page(client, evening, **{"accept-language": "ru-RU,ru;q=0.9"})
    assert "<html lang='ru'>" in text
    for words in ("Итоговая таблица", "Место", "Игроки", "Сдача 1", "Сдаёт: Север", "Контракт", "Счёт С–Ю", "МП С–Ю",
                  "Подсчёт: матчпойнты", "Иванов Иван – Петров Пётр", "искусственный присуждённый результат"):
        assert words in text, words
    for english in ("Ranking", "Board 1", "Contract", "Scoring", "Names"):
        assert english not in text, english
    assert "4<span class='red'>♥</span>" in text  # the contract as the reader writes it
    assert "English" in text and "lang=en" in text


def test_the_page_is_english_by_default_and_russian_when_asked(client: TestClient, evening: dict[str, Any]) -> None:
    assert "Ranking" in page(client, evening)
    r = client.get("/session/results", params={"s": evening["id"], "lang": "ru"})
    assert "Итоговая таблица" in r.text


def test_the_deal_is_a_hand_diagram_with_its_double_dummy_table(client: TestClient, evening: dict[str, Any]) -> None:
    text = page(client, evening, **{"accept-language": "ru"})
    assert not re.search(r"N:[AKQJT2-9.]+ ", text)  # no PBN string
    board1 = text[text.index("id='board-1'"):text.index("id='board-2'")]
    assert board1.count("class='hand ") == 4
    for seat in ("Север", "Восток", "Юг", "Запад"):
        assert f"<b>{seat}</b>" in board1
    pytest.importorskip("endplay")
    assert "class='dd'" in board1 and "Анализ с открытыми картами" in board1


def test_the_downloads_are_linked_from_the_page_and_download(client: TestClient, evening: dict[str, Any]) -> None:
    text = page(client, evening)
    links = re.findall(r"<a href='([^']+)' download>", text)
    assert [link.rsplit(".", 1)[1] for link in links] == ["pbn", "xml"]
    for link in links:
        got = client.get(link)
        assert got.status_code == 200 and len(got.text) > 100


def test_before_publication_the_directors_page_links_the_downloads_with_his_link(client: TestClient) -> None:
    info = open_session(client, roster=ROSTER)
    director = info["tokens"]["director"]
    assert client.get("/session/results", params={"s": info["id"]}).status_code == 403
    text = client.get("/session/results", params={"s": info["id"], "t": director}).text
    links = [html.unescape(x) for x in re.findall(r"<a href='([^']+)' download>", text)]
    assert links and all(link.endswith(f"?t={director}") for link in links)
    assert all(client.get(link).status_code == 200 for link in links)
    assert all(client.get(link.split("?")[0]).status_code == 403 for link in links)


def test_every_pair_has_a_score_card_with_every_board_it_played(client: TestClient, evening: dict[str, Any]) -> None:
    text = page(client, evening, **{"accept-language": "ru"})
    scores = client.get(f"/api/sessions/{evening['id']}/scores").json()
    assert "Карточки пар" in text
    cards = re.findall(r"<details class='card'><summary>(.*?)</summary>(.*?)</details>", text, re.S)
    assert len(cards) == len(scores["ranking"]) == 6
    played = {b["board"]: b["results"] for b in scores["boards"]}
    for (title, body), row in zip(cards, scores["ranking"], strict=True):
        assert title.startswith(f"Пара {row['pair']} — ") and row["names"] in title
        mine = [(board, r) for board, results in played.items() for r in results if row["pair"] in (r["ns"], r["ew"])]
        assert body.count("<tr>") - 1 == len(mine)  # a row per board the pair played, under the header
        total = sum(r["points_ns"] if r["ns"] == row["pair"] else r["points_ew"] for _, r in mine)
        assert total == pytest.approx(row["total"], abs=0.02)
