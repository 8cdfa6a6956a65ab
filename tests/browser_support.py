"""Debian's headless chromium for the browser tests of every package: where it is, the
flags it runs with, and whether a missing browser is a failure (in CI) or a skip."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

CHROMIUM = os.environ.get("BRIDGELAW_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def chromium_present() -> bool:
    """Whether the configured chromium can be started."""
    return (os.path.exists(CHROMIUM) and os.access(CHROMIUM, os.X_OK)) or shutil.which(CHROMIUM) is not None
