"""What the browser tests of the live table share: a table on the real server reached
through the HTTP action API, each seat's page in Debian's headless Chromium, the page
sizes, screenshots (test-artifacts/screens/) and the checks for horizontal overflow and
console errors (the fixtures ``board`` and ``no_console_errors`` are in conftest.py)."""

from __future__ import annotations

import time
from typing import Any

import httpx
from server_helpers import ARTIFACTS, PBN, WAIT_MS, ServerProcess

SCREENS = ARTIFACTS / "screens"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 900}
ERRORS: list[str] = []


class Board:
    """One table opened over HTTP; actions by role; pages by role, size and language."""

    def __init__(self, browser: Any, server: ServerProcess, **config: Any) -> None:
        self.browser = browser
        self.api = httpx.Client(base_url=server.url, timeout=10)
        created = self.api.post("/api/tables", json={"pbn": PBN, "opening_lead": "face_up", **config}).json()
        self.tokens: dict[str, str] = created["tokens"]
        self.links: dict[str, str] = {k: server.url + v for k, v in created["links"].items()}
        self.contexts: list[Any] = []

    def act(self, role: str, **action: Any) -> int:
        r = self.api.post(f"/api/links/{self.tokens[role]}/actions", json={"type": "action", "action": action})
        assert r.status_code == 200, r.text
        return int(r.json()["seq"])

    def state(self, role: str = "director") -> dict[str, Any]:
        return dict(self.api.get(f"/api/links/{self.tokens[role]}/state").json())

    def auction_4s_by_north(self) -> None:
        for seat, call in (("N", "1S"), ("E", "P"), ("S", "4S"), ("W", "P"), ("N", "P"), ("E", "P")):
            self.act(seat, seat=seat, call=call)

    def page(self, role: str, size: dict[str, int] = LAPTOP, locale: str = "en-GB") -> Any:
        ctx = self.browser.new_context(viewport=size, locale=locale)
        self.contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda e: ERRORS.append(f"{role}: {e}"))
        page.on("console", lambda m: ERRORS.append(f"{role}: {m.text}") if m.type == "error" else None)
        page.goto(self.links[role])
        page.wait_for_selector(f'#layout[data-seq="{self.state()["seq"]}"]', timeout=WAIT_MS)
        return page

    def synced(self, page: Any) -> None:
        page.wait_for_selector(f'#layout[data-seq="{self.state()["seq"]}"]', timeout=WAIT_MS)

    def moved_past(self, seq: int) -> None:
        """Wait until the server has logged past ``seq``: a key pressed in a page sends its
        action a moment later, and ``synced`` read at once could see the state before it."""
        deadline = time.monotonic() + WAIT_MS / 1000
        while self.state()["seq"] <= seq:
            assert time.monotonic() < deadline, f"the table stayed at {seq}"
            time.sleep(0.05)

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()
        self.api.close()


def shot(page: Any, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)


def no_overflow(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width == page.viewport_size["width"], f"page is {width} px wide"
