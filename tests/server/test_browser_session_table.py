"""A physical table's result page in a duplicate session, in Debian's headless Chromium on a
390 px phone, Russian: the link of table 2 opens table 2; the scorer taps the board, the
contract, declarer, the lead and the result; an empty field is named; the opponents see
the score before they confirm; the form is empty for the next board; at the end of the
round the page says where each pair goes. Every control is at least 44 px, nothing
scrolls sideways, and the page runs under the pages' security policy."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from server_helpers import ARTIFACTS, WAIT_MS, ServerProcess

pytestmark = pytest.mark.browser

ROSTER = {"2": [{"name": "Сидорова Анна", "id": "1003"}, {"name": "Орлова Мария", "id": "1004"}]}


def small_controls(page: Any) -> list[str]:
    return list(page.evaluate("""() => [...document.querySelectorAll('button')].filter((b) => {
        const r = b.getBoundingClientRect();
        return r.width > 0 && (r.width < 44 || r.height < 44);
    }).map((b) => `${b.textContent.trim()} ${Math.round(b.getBoundingClientRect().width)}x${Math.round(b.getBoundingClientRect().height)}`)"""))


def tap(page: Any, kind: str, value: str) -> None:
    page.click(f'button[data-k="{kind}"][data-v="{value}"]')


def test_a_table_enters_and_confirms_its_results_on_its_phone_in_russian(browser: Any, server: ServerProcess) -> None:
    made = httpx.post(server.url + "/api/sessions", json={
        "title": "club", "movement": {"kind": "mitchell", "tables": 3, "boards": 6}, "roster": ROSTER}).json()
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="ru-RU", is_mobile=True, has_touch=True)
    errors: list[str] = []
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "422" not in m.text else None)
        page.goto(server.url + made["links"]["table2"])
        page.wait_for_selector("#who:has-text('Стол 2 · тур 1 из 3')", timeout=WAIT_MS)
        assert page.inner_text("h1") == "Результат стола"
        assert "Сидорова Анна – Орлова Мария" in page.inner_text("#pairs")
        assert page.inner_text('button[data-k="strain"][data-v="N"]') == "БК"
        assert page.inner_text('button[data-k="declarer"][data-v="S"]') == "Ю"
        boards = [int(b) for b in page.eval_on_selector_all('button[data-k="board"]', "bs => bs.map((b) => b.dataset.v)")]
        # an empty field is named
        page.click("#enter")
        page.wait_for_selector("#msg:has-text('Выберите контракт')", timeout=WAIT_MS)
        tap(page, "level", "3")
        tap(page, "strain", "N")
        page.click("#enter")
        page.wait_for_selector("#msg:has-text('Выберите разыгрывающего')", timeout=WAIT_MS)
        tap(page, "declarer", "S")
        tap(page, "leadSuit", "S")
        tap(page, "leadRank", "A")
        page.click("#enter")
        page.wait_for_selector("#msg:has-text('Выберите результат')", timeout=WAIT_MS)
        assert [b.inner_text() for b in page.query_selector_all('button[data-k="result"]')][8:11] == ["−1", "=", "+1"]
        tap(page, "result", "0")
        assert "3БК Ю =" in page.inner_text("#summary").replace("\n", " ")
        assert small_controls(page) == []
        assert page.evaluate("document.documentElement.scrollWidth") == 390
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "session-table-keypad-390-ru.png"), full_page=True)
        page.click("#enter")
        # the lead is checked against the hand record: a refusal names the hand, else the opponents verify
        page.wait_for_selector("#verify:not([hidden]), #msg:has-text('нет в руке')", timeout=WAIT_MS)
        if page.is_visible("#msg:has-text('нет в руке')"):
            tap(page, "leadSuit", "S")  # no lead then
            page.click("#enter")
        page.wait_for_selector("#verify:not([hidden])", timeout=WAIT_MS)
        verify = page.inner_text("#verify")
        assert "Проверка: В–З" in verify and any(f"С–Ю {score}" in verify for score in (400, 600))
        assert page.is_hidden("#entry")
        page.screenshot(path=str(ARTIFACTS / "session-table-verify-390-ru.png"), full_page=True)
        page.click('#verify button[data-act="confirm"]')
        page.wait_for_selector(f"#msg:has-text('Сдача {boards[0]} подтверждена')", timeout=WAIT_MS)
        # the form is empty for the next board, which is chosen
        assert page.query_selector_all('#levels button.on, #declarers button.on, #strains button.on') == []
        assert page.get_attribute(f'button[data-k="board"][data-v="{boards[1]}"]', "class") == "on"
        assert page.is_disabled(f'button[data-k="board"][data-v="{boards[0]}"]')
        assert "После тура 1" in page.inner_text("#moves")
        # the round's last board: passed out; then the move to round 2 is shown
        tap(page, "pass", "1")
        page.click("#enter")
        page.wait_for_selector("#verify:not([hidden])", timeout=WAIT_MS)
        page.click('#verify button[data-act="confirm"]')
        page.wait_for_selector("#who:has-text('тур 2 из 3')", timeout=WAIT_MS)
        assert "Тур 2 начался" in page.inner_text("#moves")
        assert page.evaluate("document.documentElement.scrollWidth") == 390
        page.screenshot(path=str(ARTIFACTS / "session-table-next-round-390-ru.png"), full_page=True)
        assert errors == []
    finally:
        ctx.close()
