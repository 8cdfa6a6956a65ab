"""``bridgelaw convert`` says what the target format cannot carry; ``bridgelaw replay``
prints the rulings it made on a record that marks an irregularity."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaw.cli import main

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
RECORD = (
    f'[Event "t"]\n[Site "Oslo"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
    '[Declarer "N"]\n[Contract "1NT"]\n[Result "7"]\n[Auction "N"]\n1NT AP\n[Play "E"]\nCA C9 ^L C5 C2\n*\n'
    '[Score "NS 90"]\n'
)


def test_convert_to_lin_names_what_lin_cannot_carry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in.pbn"
    src.write_text(RECORD, encoding="utf-8")
    assert main(["convert", str(src), str(tmp_path / "out.lin")]) == 0
    err = capsys.readouterr().err
    assert "dropped from 1 board(s): the score" in err and "the tags Site" in err and "irregularity marks" in err
    assert "rs|1NN=|" in (tmp_path / "out.lin").read_text(encoding="utf-8")


@pytest.mark.law("54B")
def test_replay_prints_the_ruling_on_a_marked_lead_out_of_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in.pbn"
    src.write_text(RECORD, encoding="utf-8")
    assert main(["replay", str(src), "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "replayed in table mode; rulings: opening lead out of turn by W (Law 54, 54B): accept lead" in out
    assert "every board, by outcome:" in out


def test_replay_prints_its_summary_in_russian_with_lang_ru(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in.pbn"
    src.write_text(RECORD + '\n[Event "t"]\n[Board "2"]\n[Dealer "N"]\n', encoding="utf-8")
    assert main(["replay", str(src), "--jobs", "1", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "переиграна в режиме «за столом»; решения:" in out
    assert "итого: файлов: 1, сдач: 2" in out and "все сдачи по исходу:" in out
    assert "записанный результат воспроизведён" in out and "проблемы по виду дефекта:" in out
    for english in ("total:", "every board", "by defect", "recorded result reproduced", "replayed in"):
        assert english not in out
