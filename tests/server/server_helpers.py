"""Helpers shared by the server tests: table creation, a fixed deal, server subprocesses."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient

from browser_support import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, IN_CI  # noqa: F401  (re-exported for the server tests)

# Playwright's wait for a page to show a state (not a timed assertion).
WAIT_MS = 30_000  # a loaded machine (two cores, parallel workers) can take this long

PG_URL = os.environ.get("BRIDGELAW_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


def run_coroutine(coro: Any) -> Any:
    """``asyncio.run(coro)`` in a thread of its own: once a browser test has run in this
    worker, Playwright's event loop stays running in the main thread (the browser is
    started once per session), and ``asyncio.run`` refuses to start beside it."""
    import asyncio
    import threading

    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = asyncio.run(coro)
        except BaseException as e:  # re-raised in the caller's thread
            out["error"] = e

    t = threading.Thread(target=run)
    t.start()
    t.join()
    if "error" in out:
        raise out["error"]
    return out.get("value")


def postgres_reachable() -> bool:
    import psycopg

    try:
        with psycopg.connect(PG_URL, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
        return True
    except Exception:
        return False


def new_table(c: TestClient | httpx.Client, **kw: Any) -> dict[str, Any]:
    body = {"boards": 1, **kw}
    r = c.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


# A fixed deal for tests that need to know the cards (board 1: dealer N, nobody vulnerable).
DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.JT -.5432.JT98.AKQ98"
PBN = f'[Event "test"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``bridgelaw serve`` in a subprocess (for crash and scale-out tests)."""

    def __init__(self, database: str, cwd: Path) -> None:
        self.database = database
        self.cwd = cwd
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        """The server's log: a file, never a pipe nobody reads (a full pipe would block the
        server at its next warning, and every page waiting on it would time out)."""
        return self.cwd / f"server-{self.port}.log"

    def log_tail(self, chars: int = 4000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def start(self) -> ServerProcess:
        with self.log_path.open("ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "bridgelaw", "serve", "--port", str(self.port), "--database", self.database,
                 "--log-level", "warning"],
                cwd=self.cwd, stdout=subprocess.DEVNULL, stderr=log,
            )
        deadline = time.monotonic() + 120  # a loaded machine starts it slowly
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log_tail()}")
            try:
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.05)  # polling for start-up, not a timed assertion
        raise RuntimeError("server did not start in 120 s")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()  # SIGKILL
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def is_ack(message: dict[str, Any]) -> bool:
    """An acknowledgement: its own message, or on a patch connection the ``ack`` of the
    patch (or state) that shows the change."""
    return message["type"] == "ack" or "ack" in message
