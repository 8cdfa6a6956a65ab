"""``bridgelaw links``: a director who lost his link gets it back from the server's
database (the lobby keeps links only in the browser that opened the table)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgelaw.cli import main
from bridgelaw.server.app import create_app


def test_the_directors_lost_link_is_printed_from_the_servers_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "club.db")
    with TestClient(create_app(db)) as c:
        made = c.post("/api/tables", json={"boards": 1, "title": "Tuesday"}).json()
    assert main(["links", "--database", db]) == 0
    listing = capsys.readouterr().out
    assert made["id"] in listing and "Tuesday" in listing
    assert main(["links", made["id"][:6], "--database", db, "--base-url", "https://club.example/"]) == 0
    lines = dict(line.split() for line in capsys.readouterr().out.splitlines())
    assert lines["director"] == "https://club.example" + made["links"]["director"]
    assert lines["N"] == "https://club.example" + made["links"]["N"]


def test_an_unknown_table_is_told_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "club.db")
    with TestClient(create_app(db)):
        pass
    assert main(["links", "ffff", "--database", db]) != 0
    assert "ffff" in capsys.readouterr().err
