"""The pinned dependency sets agree with pyproject.toml: every declared dependency is
pinned, the development set includes the runtime set at the same versions."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def pins(name: str) -> dict[str, str]:
    out = {}
    for line in (ROOT / name).read_text().splitlines():
        if line and not line.startswith("#"):
            pkg, version = line.split("==")
            out[_norm(pkg)] = version
    return out


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def declared(group: list[str]) -> set[str]:
    return {_norm(re.split(r"[<>=!\[; ]", d, maxsplit=1)[0]) for d in group}


def test_every_dependency_is_pinned_and_the_sets_agree() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime, dev = pins("requirements.lock"), pins("requirements-dev.lock")
    assert declared(project["dependencies"]) <= runtime.keys()
    assert declared(project["optional-dependencies"]["server"]) <= runtime.keys()  # `make run` serves
    assert declared(project["optional-dependencies"]["dev"]) <= dev.keys()
    assert {k: dev.get(k) for k in runtime} == runtime
    assert "redis" not in runtime and "pytest" not in runtime
