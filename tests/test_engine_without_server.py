"""The engine as an embedder installs it (`pip install bridgelaw`, without the `server`
extra): the library, the formats and the command line work with none of the web server's
packages importable, and `bridgelaw serve` says what to install instead of a traceback."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SERVER_PACKAGES = ("fastapi", "starlette", "uvicorn", "sqlalchemy", "psycopg", "pydantic", "orjson", "segno")

CHECK = textwrap.dedent(f"""
    import contextlib, importlib.abc, io, json, random, sys
    class NotInstalled(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name.split(".")[0] in {SERVER_PACKAGES!r}:
                raise ModuleNotFoundError(f"No module named {{name!r}}", name=name.split(".")[0])
    sys.meta_path.insert(0, NotInstalled())
    from bridgelaw import Board, Deal, Table
    from bridgelaw.demo import random_board_actions
    from bridgelaw.io.pbn import read_pbn, write_pbn
    from bridgelaw.cli import main
    t = random_board_actions(Table(Board.standard(1, Deal.random(random.Random(2)))), random.Random(2))
    assert t.score_ns is not None
    assert read_pbn(write_pbn(read_pbn('[Board "1"]\\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\\n')))
    for argv in (["law", "27"], ["demo"]):
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(argv) == 0, argv
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["serve"]) == 2
    assert "bridgelaw[server]" in err.getvalue() and "Traceback" not in err.getvalue(), err.getvalue()
    assert not [m for m in sys.modules if m.split(".")[0] in {SERVER_PACKAGES!r}]
    print("ok")
""")


def test_the_engine_formats_and_command_line_need_no_server_package() -> None:
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0 and out.stdout.strip().endswith("ok"), out.stderr[-2000:]


def test_the_server_packages_are_the_server_extra_not_the_engines_dependencies() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    engine = " ".join(project["dependencies"]).lower()
    server = " ".join(project["optional-dependencies"]["server"]).lower()
    for package in ("fastapi", "uvicorn", "sqlalchemy", "psycopg", "orjson", "segno"):
        assert package not in engine and package in server, package
