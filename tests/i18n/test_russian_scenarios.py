"""Every scenario, run with the Russian language: every text a person reads is free of
the faults a director would stumble on when reading it aloud (Latin card, call or seat
codes, JSON or internal ids, «ренонс» for a revoke, a noun that does not agree with its
number)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgelaw.i18n.output import localize_state
from bridgelaw.io.scenario import load_scenario, run_scenario
from russian_lint import decision_faults, faults, read_texts

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = (ROOT / "scenarios", ROOT.parent / "shared" / "scenarios")
CASES = [p for folder in FOLDERS if folder.is_dir() for p in sorted(folder.rglob("*.json"))]


@pytest.mark.parametrize("path", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_russian_texts_read_aloud_without_faults(path: Path) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    case.pop("expect", None)
    out = localize_state(run_scenario(load_scenario(case)), "ru")
    edition = str(out.get("edition", "2017"))
    bad = [f"{where}: {'; '.join(fl)} — {text}" for where, text in read_texts(out)
           if (fl := faults(text, edition) + (decision_faults(text) if where.endswith(".decision") else []))]
    assert not bad, "\n".join(bad)


def test_summary_and_summary_ru_are_both_present_in_russian_output() -> None:
    case = json.loads(CASES[0].read_text(encoding="utf-8"))
    case.pop("expect", None)
    out = localize_state(run_scenario(load_scenario(case)), "ru")
    for r in out["rulings"]:
        assert r["summary"] and r["summary_ru"]


def test_scenario_command_speaks_the_language_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    from bridgelaw.cli import main

    path = ROOT / "scenarios" / "auction" / "26B-forbid-a-suit-at-opening-lead.json"
    assert main(["scenario", "--lang", "ru", str(path)]) == 0
    ru = json.loads(capsys.readouterr().out)
    assert main(["scenario", str(path)]) == 0
    en = json.loads(capsys.readouterr().out)
    assert any("нарушение" in line for line in ru["log"]) and not any("нарушение" in line for line in en["log"])
    assert ru["rulings"][0]["options"][0]["label"] == ru["rulings"][0]["options"][0]["label_ru"]
    assert ru["rulings"][0]["summary"] == en["rulings"][0]["summary"]  # both summaries always there
