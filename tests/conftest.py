from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

from browser_support import CHROMIUM, CHROMIUM_ARGS, IN_CI, chromium_present

# Under CI the property tests draw the same examples on every run (derandomized), so that a
# submission is judged on its own change and not on which random board a run happened to
# draw; a developer's `make test` keeps drawing new ones, which is how they find new cases.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium, started for each module of browser tests. Missing: skipped
    outside CI, a failure in CI (.ci/run installs it). Per module, not per session:
    Playwright's sync API keeps an event loop running in this thread while it is open, and
    a later test of the same worker that calls ``asyncio.run`` would fail."""
    if not chromium_present():
        if IN_CI:
            pytest.fail(f"{CHROMIUM} is missing; CI must install Debian's chromium (apt-get install chromium)")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium); set CI=1 to make this a failure")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()
