"""The library as people install it: the wheel builds, installs with no checkout around it,
imports, carries py.typed and the web UI, and plays a board. Dependencies come from this
test environment's site-packages; bridgelaw itself only from the wheel."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CHECK = """
import pathlib, random, sys
import bridgelaw
from bridgelaw import Board, Deal, Table
from bridgelaw.demo import random_board_actions
where = pathlib.Path(bridgelaw.__file__).resolve().parent
assert str(where).startswith(sys.argv[1]), where
assert (where / "py.typed").is_file()
assert (where / "server" / "static" / "table.js").is_file()
from bridgelaw.i18n.law_summaries import summary
assert summary(27, "ru").clauses and summary(27, "en").title == "Insufficient Bid"
assert all(hasattr(bridgelaw, name) for name in bridgelaw.__all__)
t = random_board_actions(Table(Board.standard(1, Deal.random(random.Random(1)))), random.Random(1))
assert t.score_ns is not None
print("ok", bridgelaw.__version__)
"""


@pytest.mark.packaging
def test_the_wheel_installs_and_imports_without_the_checkout(tmp_path: Path) -> None:
    dist, target = tmp_path / "dist", tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(ROOT)],
        check=True, cwd=tmp_path,
    )
    wheels = list(dist.glob("bridgelaw-*.whl"))
    assert len(wheels) == 1
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheels[0])],
        check=True, cwd=tmp_path,
    )
    # PYTHONPATH entries are not site directories: the checkout's editable-install hook in
    # the test environment's site-packages is not run, so bridgelaw can only come from the wheel.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPATH"] = os.pathsep.join([str(target), sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]])
    base = getattr(sys, "_base_executable", sys.executable)
    out = subprocess.run(
        [base, "-S", "-c", CHECK, str(target.resolve())], check=True, cwd=tmp_path, env=env,
        capture_output=True, text=True,
    )
    assert out.stdout.startswith("ok ")
