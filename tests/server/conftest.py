"""Fixtures for the server tests: an app on a fresh SQLite file, the real PostgreSQL
server (tests marked ``postgres``), and for the browser tests Debian's headless chromium
with the real server in a subprocess (one per test module: tables do not interact)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import CHROMIUM, CHROMIUM_ARGS, IN_CI, PG_URL, ServerProcess, postgres_reachable

from bridgelaw.server.app import create_app


@pytest.fixture(scope="session")
def pg_url() -> str:
    """The real PostgreSQL server. Outside CI a missing server skips; in CI it fails."""
    if not postgres_reachable():
        if IN_CI:
            pytest.fail(f"PostgreSQL is not reachable at {PG_URL} (CI must provide it: .ci/run starts it)")
        pytest.skip(f"PostgreSQL is not reachable at {PG_URL}")
    return PG_URL


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "bridgelaw.db")


@pytest.fixture
def client(db_path: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_path)) as c:
        yield c



@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's chromium, started once. Missing: skipped outside CI, a failure in CI
    (.ci/run installs it)."""
    if not (os.path.exists(CHROMIUM) and os.access(CHROMIUM, os.X_OK)) and not shutil.which(CHROMIUM):
        if IN_CI:
            pytest.fail(f"{CHROMIUM} is missing; CI must install Debian's chromium (apt-get install chromium)")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium); set CI=1 to make this a failure")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[ServerProcess]:
    """The real server (``bridgelaw serve``) on a fresh SQLite file, one per test module."""
    tmp = tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1])
    s = ServerProcess(str(tmp / "bridgelaw.db"), tmp).start()
    try:
        yield s
    finally:
        s.stop()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print how many inputs each fuzzed interface reached in this run (the fuzz tests
    record them as ``fuzz_inputs``; the figures come back from xdist workers too)."""
    counts: dict[str, int] = {}
    for outcome in ("passed", "failed"):
        for report in terminalreporter.stats.get(outcome, []):
            if getattr(report, "when", "") != "call":
                continue
            for name, value in getattr(report, "user_properties", []):
                if name == "fuzz_inputs":
                    interface, n = value
                    counts[str(interface)] = counts.get(str(interface), 0) + int(n)
    if counts:
        figures = ", ".join(f"{k} {v}" for k, v in counts.items())
        terminalreporter.write_line(f"fuzz inputs per interface: {figures} (goal: 5000 each with BRIDGELAW_FUZZ_INPUTS=5000)")
