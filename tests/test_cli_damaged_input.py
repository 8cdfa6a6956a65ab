"""The command line on damaged input: each record's problem is named, and no input ends
in a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaw.cli import main


@pytest.mark.parametrize("command", ["replay", "convert"])
def test_a_lin_record_with_calls_but_no_dealer_is_named_not_a_crash(tmp_path: Path, command: str,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    lin = tmp_path / "x.lin"
    lin.write_text("qx|p|mb|p|pc|h5", encoding="utf-8")
    args = [command, str(lin)] + ([str(tmp_path / "x.pbn")] if command == "convert" else [])
    assert main(args) == 0
    out = capsys.readouterr()
    assert "no md| deal" in out.out + out.err


@pytest.mark.parametrize("value", ["1e999", "-1e999", "nan", "inf", "1e300"])
def test_a_score_that_is_no_finite_number_is_read_as_no_number(tmp_path: Path, value: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    pbn = tmp_path / "e.pbn"
    pbn.write_text('[Event "x"]\n[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
                   f"1 2 4S N 10 {value}\n3 4 4S N 9 420\n", encoding="utf-8")
    assert main(["score", str(pbn)]) == 0
    assert "Scoring" in capsys.readouterr().out
