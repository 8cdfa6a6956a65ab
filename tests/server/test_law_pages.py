"""The law reference over HTTP: /api/laws/N and /api/laws answer in the language asked for
(?lang=, else Accept-Language) with our summary first and the engine second, keeping the
matrix keys; /laws and /laws/N serve the reference page."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def test_a_law_answers_in_russian_with_the_summary_and_the_engine(client: TestClient) -> None:
    d = client.get("/api/laws/27?lang=ru").json()
    ref = d["reference"]
    assert ref["title"] == d["title"] == "Недостаточное назначение" and ref["lang"] == "ru"
    assert d["summary"] == ref["covers"] and CYRILLIC.search(d["summary"])
    assert [c["ref"] for c in ref["clauses"]][:3] == ["27A1", "27A2", "27B1(a)"]
    assert ref["edition_1997"] and any(line.startswith("Движок применяет сам") for line in ref["engine"])
    assert not any("bridgelaw." in line or "_" in line for line in ref["engine"])
    for key in ("law", "number", "title_en", "title_ru", "summary_en", "summary_ru", "kind", "status", "handlers", "refs"):
        assert key in d, key


def test_accept_language_chooses_the_language_when_lang_is_not_given(client: TestClient) -> None:
    d = client.get("/api/laws/16", headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}).json()
    assert d["lang"] == "ru" and CYRILLIC.search(d["reference"]["covers"])
    assert client.get("/api/laws/16").json()["reference"]["title"] == "Authorized and Unauthorized Information"


def test_the_1997_edition_is_asked_for_by_name_and_a_wrong_one_is_refused(client: TestClient) -> None:
    assert client.get("/api/laws/27?edition=1997").json()["reference"]["edition"] == "1997"
    r = client.get("/api/laws/27?edition=1987")
    assert r.status_code == 400 and "2017" in r.json()["message"]


def test_the_index_lists_every_law_with_its_title_in_the_language_asked_for(client: TestClient) -> None:
    index = client.get("/api/laws?lang=ru").json()
    assert [e["law"] for e in index] == list(range(1, 94))
    assert index[26]["title"] == "Недостаточное назначение" and all(CYRILLIC.search(e["title"]) for e in index)


def test_the_law_pages_are_served_and_an_unknown_law_is_not(client: TestClient) -> None:
    for path in ("/laws", "/laws/27"):
        r = client.get(path)
        assert r.status_code == 200 and "/static/lawref.js" in r.text
    assert client.get("/laws/94").status_code == 404


def test_the_index_finds_the_laws_a_search_names_best_first(client: TestClient) -> None:
    found = client.get("/api/laws", params={"lang": "ru", "q": "штрафная карта"}).json()
    assert found[0]["law"] == 50 and found[0]["title"] == "Распоряжение штрафной картой"
    assert found[0]["found_clauses"] and all(c.startswith("50") for c in found[0]["found_clauses"])
    assert len(found) < 93
    assert client.get("/api/laws", params={"lang": "ru", "q": "xyzzy"}).json() == []
    assert len(client.get("/api/laws", params={"lang": "ru", "q": " "}).json()) == 93


def test_a_search_longer_than_a_director_types_is_refused_clearly(client: TestClient) -> None:
    r = client.get("/api/laws", params={"q": "карта " * 100})
    assert r.status_code == 422 and "q" in r.text


def test_a_search_in_russian_words_answers_in_russian_when_no_language_is_asked(client: TestClient) -> None:
    found = client.get("/api/laws", params={"q": "штрафная карта"}).json()
    assert found and found[0]["law"] == 50 and "штраф" in found[0]["title"].lower()
    english = client.get("/api/laws", params={"q": "penalty card"}).json()
    assert english and english[0]["law"] == 50
