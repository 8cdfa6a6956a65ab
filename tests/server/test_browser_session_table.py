"""A physical table's result page in a duplicate session, in Debian's headless Chromium on a
phone: it runs under the pages' security policy (no inline script), speaks the page's
language from the catalogs, enters a result, and tells a refusal in that language."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from server_helpers import ARTIFACTS, WAIT_MS, ServerProcess

pytestmark = pytest.mark.browser


def test_a_table_enters_its_result_on_its_phone_page_in_russian(browser: Any, server: ServerProcess) -> None:
    made = httpx.post(server.url + "/api/sessions", json={"title": "club", "movement": {"kind": "mitchell", "tables": 3, "boards": 6}}).json()
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="ru-RU")
    errors: list[str] = []
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "422" not in m.text else None)
        page.goto(server.url + made["links"]["table1"] + "&n=1")
        page.wait_for_selector("#who:has-text('Стол 1')", timeout=WAIT_MS)
        assert page.inner_text("h1") == "Результат стола"
        assert page.inner_text('#declarer option[value="W"]') == "Запад"
        page.fill('input[name="contract"]', "9S")
        page.click("#f button")
        page.wait_for_selector("#msg:has-text('не контракт')", timeout=WAIT_MS)
        page.fill('input[name="contract"]', "4S")
        page.select_option("#declarer", "N")
        page.fill('input[name="tricks"]', "10")
        page.click("#f button")
        page.wait_for_selector("#list button[data-confirm]", timeout=WAIT_MS)
        assert "Внесено" in page.inner_text("#msg")
        assert page.evaluate("document.documentElement.scrollWidth") == 390
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "session-table-390-ru.png"), full_page=True)
        assert errors == []
    finally:
        ctx.close()
