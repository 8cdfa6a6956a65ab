"""Fuzz of the command line beyond ``scenario`` (tests/server/test_fuzz.py): ``incident``
reads typed lines, ``replay`` and ``convert`` read LIN and PBN records, ``score`` reads
an event's score tables. Mutated input is answered (exit 0, or 2 with one line on stderr),
never with a traceback. In the suite a few hundred inputs each (a fixed sequence);
BRIDGELAW_FUZZ_INPUTS and BRIDGELAW_FUZZ_SECONDS run each longer (5,000 in an audit)."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import time
from pathlib import Path
from typing import Any

import pytest

from bridgelaw.cli import main
from bridgelaw.incident import run as incident_run
from fuzz_support import stdin_from

SECONDS = float(os.environ.get("BRIDGELAW_FUZZ_SECONDS", "0"))
SEED = int(os.environ.get("BRIDGELAW_FUZZ_SEED", "7"))
INPUTS = int(os.environ.get("BRIDGELAW_FUZZ_INPUTS", "300"))

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
PBN = (f'[Event "t"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Declarer "N"]\n'
       '[Contract "1NT"]\n[Result "7"]\n[Auction "N"]\n1NT Pass Pass Pass\n[Play "E"]\nCA C9 C5 C2\n*\n')
LIN = ("qx|o1|md|1SAKQJH T98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,S432HAKQJDT98C765|sv|o|"
       "mb|1N|mb|p|mb|p|mb|p|pc|CA|pc|C9|pc|C5|pc|C2|")
EVENT = ('[Event "Club"]\n[Scoring "MP"]\n[Board "1"]\n[Vulnerable "None"]\n'
         '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;MP_NS"]\n'
         "1 1 4S N 10 420 2\n2 2 4S N 9 -50 0\n3 3 3NT S 9 400 1\n")
LINES = ["N 1H", "E 1D", "S choose accept", "W lead HK", "S play H5 by N", "E expose SA", "N revoke W 2",
         "director holds_suit yes", "undo", '{"seat":"E","call":"P"}', "save {dir}/x.json", "save {dir}/no/x.json"]
ODD = ["", "\x00", "\ud800", "1e999", "nan", "|", "||", "[", '"', "%", "\\", "qx|", "md|", "pc|", "mb|",
       "🂡", "ПАС", "9" * 40, "-1", "\n", "\t", "#"]


def mutated(rng: random.Random, text: str) -> str:
    """A few characters or tokens of ``text`` changed, cut, repeated or replaced."""
    for _ in range(rng.randint(1, 4)):
        roll = rng.random()
        i = rng.randrange(len(text) + 1)
        if roll < 0.3:
            text = text[:i] + rng.choice(ODD) + text[i:]
        elif roll < 0.5:
            text = text[:i]
        elif roll < 0.7 and text:
            j = min(len(text), i + rng.randint(1, 12))
            text = text[:i] + text[j:]
        elif roll < 0.85:
            text = text[:i] + text[i:i + rng.randint(1, 40)] * rng.randint(2, 4) + text[i:]
        else:
            text = text.replace(rng.choice(("1", "N", "S", "H", "|", " ")), rng.choice(ODD), 1)
    return text


def answered(args: list[str], stdin: str = "") -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), stdin_from(io.StringIO(stdin)):
        try:
            code = main(args)
        except SystemExit as e:  # argparse
            code = int(e.code or 0)
    return code, err.getvalue()


def each(rng: random.Random) -> Any:
    least = max(20, INPUTS)
    deadline = time.monotonic() + SECONDS
    n = 0
    while time.monotonic() < deadline or n < least:
        yield n
        n += 1


def test_fuzz_the_incident_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a mutated ``save`` names any file: it lands here
    rng = random.Random(SEED + 10)
    args = argparse.Namespace(board=1, edition="2017", lang="ru", opening_lead="face_up")
    for _ in each(rng):
        lines = [rng.choice(LINES).replace("{dir}", str(tmp_path)) for _ in range(rng.randint(1, 8))]
        lines = [mutated(rng, line) if rng.random() < 0.5 else line for line in lines]
        out = io.StringIO()
        assert incident_run(args, io.StringIO("\n".join(lines) + "\n"), out) == 0, lines
        out.getvalue().encode("utf-8")


@pytest.mark.parametrize(("command", "suffix", "text"), [
    ("replay", ".lin", LIN), ("replay", ".pbn", PBN), ("convert", ".lin", LIN), ("convert", ".pbn", PBN),
    ("score", ".pbn", EVENT),
])
def test_fuzz_a_record_reading_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str, suffix: str,
                                      text: str) -> None:
    monkeypatch.chdir(tmp_path)
    rng = random.Random(f"{SEED}{command}{suffix}")
    src = tmp_path / f"in{suffix}"
    for _ in each(rng):
        src.write_text(mutated(rng, text), encoding="utf-8", errors="surrogatepass")
        args = [command, str(src)]
        if command == "convert":
            args.append(str(tmp_path / ("out.pbn" if suffix == ".lin" else "out.lin")))
        if command == "replay":
            args += ["--jobs", "1"]
        code, err = answered(args)
        assert code in (0, 1, 2) and "Traceback" not in err, (src.read_text(encoding="utf-8", errors="replace")[:300], err[-800:])
