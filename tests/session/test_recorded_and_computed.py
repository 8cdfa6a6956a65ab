"""Where an event's recorded figures differ from the computed ones, ``bridgelaw score
--json`` and a session's ``/scores`` carry both and say which one counts (the computed
one, unless ``--use recorded`` asks for the record): never one silently for the other."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_score_events import MITCHELL

from bridgelaw.cli import main

# board 1: pair 3's 3NT is recorded with 3 matchpoints, where it earns 2; the totals of
# NS 1 are recorded as 8 (computed 7) and 100%
CHANGED = (MITCHELL.replace(" 3  3 3NT   S  9   400     -    2    2", " 3  3 3NT   S  9   400     -    3    1")
           .replace(" 1  1 NS     7  87.50", " 1  1 NS     8 100.00"))


def score_json(tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, object]:
    path = tmp_path / "event.pbn"
    path.write_text(CHANGED, encoding="utf-8")
    assert main(["score", str(path), "--json", *extra]) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


def test_a_result_whose_recorded_points_differ_carries_both_and_the_computed_counts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = score_json(tmp_path, capsys)
    board1 = out["boards"][0]  # type: ignore[index]
    line = next(r for r in board1["results"] if r["ns"] == "3")
    assert line["used"] == "computed"
    assert line["computed"] == {"points_ns": 2.0, "points_ew": 2.0}
    assert line["recorded"] == {"points_ns": 3.0, "points_ew": 1.0}
    assert line["points_ns"] == 2.0
    assert board1["top"] == 4.0
    others = [r for r in board1["results"] if r["ns"] != "3"]
    assert all("recorded" not in r and "used" not in r for r in others)
    assert any("board 1: 3-3 recorded 3, computed 2" in n for n in out["notes"])  # type: ignore[union-attr]


def test_a_total_whose_record_differs_carries_both_and_the_computed_counts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = score_json(tmp_path, capsys)
    ns1 = next(r for r in out["ranking"] if r["pair"] == "1" and r["direction"] == "NS")  # type: ignore[union-attr]
    assert ns1["used"] == "computed" and ns1["total"] == 7.0 and ns1["percent"] == 87.5
    assert ns1["computed"] == {"total": 7.0, "percent": 87.5}
    assert ns1["recorded"] == {"total": 8.0, "percent": 100.0}


def test_use_recorded_ranks_by_the_record_and_still_carries_the_computed_figures(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = score_json(tmp_path, capsys, "--use", "recorded")
    line = next(r for r in out["boards"][0]["results"] if r["ns"] == "3")  # type: ignore[index]
    assert line["used"] == "recorded" and line["points_ns"] == 3.0 and line["computed"]["points_ns"] == 2.0
    ns1 = next(r for r in out["ranking"] if r["pair"] == "1" and r["direction"] == "NS")  # type: ignore[union-attr]
    assert ns1["used"] == "recorded" and ns1["total"] == 8.0 and ns1["computed"]["total"] == 7.0
