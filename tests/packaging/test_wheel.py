"""The library as people install it: the wheel builds, installs with no checkout around it,
imports, carries py.typed and the web UI, and plays a board. Dependencies come from this
test environment's site-packages; bridgelaw itself only from the wheel."""

from __future__ import annotations

import os
import re
import shutil
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


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a copy of the sources: two builds in the checkout's own build/
    folder (another test worker's) would collide."""
    dist, tree = tmp_path_factory.mktemp("dist"), tmp_path_factory.mktemp("tree")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, tree / name)
    shutil.copytree(ROOT / "src", tree / "src",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info"))
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(tree)],
        check=True, cwd=dist,
    )
    wheels = list(dist.glob("bridgelaw-*.whl"))
    assert len(wheels) == 1
    return wheels[0]


@pytest.mark.packaging
def test_the_wheel_installs_and_imports_without_the_checkout(tmp_path: Path, wheel: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
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


# What an embedder's plain install holds: the engine's own dependencies and nothing of the
# server or the solver, and what it can do with them.
PLAIN = """
import doctest, importlib.util, sys
absent = [p for p in sys.argv[2:] if importlib.util.find_spec(p) is not None]
assert not absent, absent
failed, tried = doctest.testfile(sys.argv[1], module_relative=False, optionflags=doctest.ELLIPSIS)
assert tried >= 5 and failed == 0, (tried, failed)
print("ok")
"""
NOT_IN_A_PLAIN_INSTALL = ("fastapi", "uvicorn", "sqlalchemy", "psycopg", "matplotlib", "numpy", "endplay")


@pytest.mark.packaging
def test_a_plain_install_of_the_wheel_runs_the_readme_and_a_scenario_with_no_server_or_solver(
    tmp_path: Path, wheel: Path,
) -> None:
    venv = tmp_path / "venv"
    base = getattr(sys, "_base_executable", sys.executable)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    subprocess.run([base, "-m", "venv", str(venv)], check=True, env=env)
    python, bridgelaw = venv / "bin" / "python", venv / "bin" / "bridgelaw"
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(wheel)], check=True, cwd=tmp_path, env=env)
    out = subprocess.run(
        [str(python), "-c", PLAIN, str(ROOT / "README.md"), *NOT_IN_A_PLAIN_INSTALL],
        cwd=tmp_path, env=env, capture_output=True, text=True,
    )
    assert out.stdout.strip() == "ok", out.stdout[-3000:] + out.stderr[-3000:]
    scenario = ROOT / "scenarios" / "auction" / "27B1b-comparable-call.json"
    ran = subprocess.run([str(bridgelaw), "scenario", "--lang", "ru", str(scenario)],
                         cwd=tmp_path, env=env, capture_output=True, text=True)
    assert ran.returncode == 0 and '"rulings"' in ran.stdout, ran.stderr[-2000:]
    law = subprocess.run([str(bridgelaw), "law", "27"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert law.returncode == 0 and "27" in law.stdout, law.stderr[-2000:]
    # No tests/ or scenarios/ around the installed package: the counts come from the
    # evidence it ships (reference/evidence.json).
    evidence = re.search(r"Tests: (\d+); scenario examples: (\d+)", law.stdout)
    assert evidence is not None and int(evidence.group(1)) > 0 and int(evidence.group(2)) > 0, law.stdout
