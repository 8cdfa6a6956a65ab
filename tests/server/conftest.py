"""Fixtures for the server tests: an app on a fresh SQLite file, the real PostgreSQL
server (tests marked ``postgres``), and for the browser tests Debian's headless chromium
(the ``browser`` fixture of tests/conftest.py) with the real server in a subprocess (one per test module: tables do not interact)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_table import ERRORS, Board
from fastapi.testclient import TestClient
from server_helpers import IN_CI, PG_URL, ServerProcess, postgres_reachable

from bridgelaw.server import changes
from bridgelaw.server.app import create_app

# every state a call or card makes from the action is checked against the whole views
changes.CHECK = True


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
        terminalreporter.write_line(f"fuzz inputs per interface: {figures} (at least 5000 each)")


@pytest.fixture(autouse=True)
def no_console_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every page a browser test opens logs no JavaScript error and no console error."""
    if request.node.get_closest_marker("browser") is None:
        yield
        return
    ERRORS.clear()
    yield
    assert ERRORS == []


@pytest.fixture()
def board(browser: Any, server: ServerProcess) -> Iterator[Board]:
    b = Board(browser, server)
    yield b
    b.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed test that ran against the real server shows the end of the server's log
    (a refusal, a traceback) beside the test's own output."""
    outcome: Any = yield
    report = outcome.get_result()
    server = getattr(item, "funcargs", {}).get("server")
    if report.failed and isinstance(server, ServerProcess) and server.log_tail():
        report.sections.append(("server log", server.log_tail()))
