"""The `bridgelaw scenario` contract (shared/SCENARIO.md): JSON out with exit 0, or one
clear line and exit 2 for a malformed file, with nothing half-printed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def run(stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bridgelaw", "scenario", "-"],
        input=stdin, capture_output=True, text=True, timeout=60,
    )


def scenario(**overrides: object) -> str:
    case: dict[str, object] = {"format": 1, "board": 1, "deal": DEAL, "actions": [{"seat": "N", "call": "1H"}]}
    case.update(overrides)
    return json.dumps(case)


def test_a_wellformed_scenario_prints_one_json_object() -> None:
    r = run(scenario())
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    for key in ("format", "edition", "board", "dealer", "vulnerable", "phase", "turn", "awaiting", "calls",
                "auction", "contract", "tricks", "result", "penalty_cards", "restrictions", "rulings",
                "requests", "refused"):
        assert key in out
    assert out["turn"] == "E" and out["auction"] == ["1H"]


@pytest.mark.parametrize(
    "stdin,problem",
    [
        ("{not json", "not JSON"),
        (scenario(actions=[{"seat": "Q", "call": "1H"}]), "is not a seat"),
        (scenario(deal=DEAL.replace("...AKQJT98765432", "...AKQJT9876543A")), "twice"),
        (scenario(deal=DEAL[:-1]), "12 cards"),
        (scenario(actions=[{"seat": "N", "call": "0S"}]), "'0S' is not a call"),
        (scenario(actions=[{"seat": "N", "call": "1X"}]), "'1X' is not a call"),
        (scenario(actions=[{"seat": "N", "play": "S1"}]), "'S1' is not a card"),
        (scenario(edition="1987"), "is not an edition"),
        (scenario(actions=[{"seat": "N", "dance": True}]), "is not an action"),
        ("[1, 2]", "must be a JSON object"),
    ],
    ids=["not-json", "unknown-seat", "duplicated-card", "51-card-deal", "call-0S", "call-1X", "card-S1",
         "edition", "unknown-verb", "not-object"],
)
def test_malformed_input_exits_2_with_one_clear_line(stdin: str, problem: str) -> None:
    r = run(stdin)
    assert r.returncode == 2
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert problem in lines[0]


def test_an_irregular_action_is_not_a_malformed_file() -> None:
    r = run(scenario(actions=[{"seat": "N", "call": "1H"}, {"seat": "E", "call": "1C"}]))
    assert r.returncode == 0
    assert json.loads(r.stdout)["rulings"][0]["offender"] == "E"


def test_a_malformed_scenario_is_told_in_russian_with_lang_ru(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"deal": "N:AKQ", "actions": []}', encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "bridgelaw", "scenario", str(bad), "--lang", "ru"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "рук в сдаче: 1, а должно быть 4" in r.stderr
    bad.write_text('{"actions": [{"seat": "N", "call": "9Z"}]}', encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "bridgelaw", "scenario", str(bad), "--lang", "ru"],
                       capture_output=True, text=True, timeout=60)
    assert "действие 0: '9Z' — не заявка" in r.stderr


def _pbn(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bridgelaw", "scenario", "-", "--pbn", *args],
        input=stdin, capture_output=True, text=True, timeout=60,
    )


INSUFFICIENT_ACCEPTED = [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"}, {"seat": "S", "choose": "accept"}]


@pytest.mark.parametrize(("lang", "note", "ruling"), [
    ("en", "insufficient bid, ruling 1 (Law 27", "{Ruling 1: insufficient bid by E"),
    ("ru", "недостаточное назначение, решение № 1 (Правило 27", "{Решение № 1: недостаточное назначение"),
])
def test_pbn_prints_the_table_as_a_pbn_game_with_its_notes_in_the_language_asked(lang: str, note: str, ruling: str) -> None:
    r = _pbn(scenario(actions=INSUFFICIENT_ACCEPTED, title="Board one"), "--lang", lang)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("% PBN 2.1") and '[Event "Board one"]' in r.stdout
    assert "1S ^I 1H =1=" in r.stdout and f'[Note "1:{note}' in r.stdout and ruling in r.stdout
    other = "Ruling" if lang == "ru" else "Решение"
    assert other not in r.stdout


def test_pbn_and_view_are_not_asked_together() -> None:
    r = _pbn(scenario(), "--view", "N")
    assert r.returncode == 2 and "not allowed with" in r.stderr
