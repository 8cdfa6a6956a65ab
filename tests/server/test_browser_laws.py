"""The law reference page in a browser: /laws/27 opens at Law 27 with our summary first and
the engine second, in the language asked for, and no page is wider than a phone."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import WAIT_MS, ServerProcess

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def _open(browser: Any, server: ServerProcess, path: str, locale: str) -> Any:
    context = browser.new_context(viewport=PHONE, locale=locale)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + path)
    page.wait_for_selector("#law-27 .law-covers", timeout=WAIT_MS)
    assert errors == []
    return page


def _no_overflow(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width == PHONE["width"], f"page is {width} px wide"


def test_a_law_page_opens_at_its_law_in_russian_summary_first(browser: Any, server: ServerProcess) -> None:
    page = _open(browser, server, "/laws/27?lang=ru", "en-GB")
    text = page.inner_text("#law-27")
    assert text.startswith("Правило 27 — Недостаточное назначение")
    assert text.index("Основные пункты") < text.index("В редакции 1997 года") < text.index("Как стол применяет это правило")
    assert "27B1(a)" in text and "bridgelaw." not in text and "InsufficientBid" not in text
    _no_overflow(page)
    page.context.close()


def test_the_switch_redraws_the_open_law_in_the_other_language(browser: Any, server: ServerProcess) -> None:
    page = _open(browser, server, "/laws#law-27", "ru-RU")
    assert "Недостаточное назначение" in page.inner_text("#law-27")
    page.click("#lang-btn")
    page.wait_for_selector("#law-27 summary:has-text('Insufficient Bid')", timeout=WAIT_MS)
    page.wait_for_selector("#law-27 .law-covers:has-text('insufficient bid')", timeout=WAIT_MS)
    _no_overflow(page)
    page.context.close()


@pytest.mark.parametrize("number", [12, 20, 40, 64, 70])
def test_a_long_law_fits_a_phone(browser: Any, server: ServerProcess, number: int) -> None:
    context = browser.new_context(viewport=PHONE, locale="ru-RU")
    page = context.new_page()
    page.goto(f"{server.url}/laws/{number}")
    page.wait_for_selector(f"#law-{number} .law-engine li", state="attached", timeout=WAIT_MS)
    _no_overflow(page)
    context.close()


@pytest.mark.law("70")
def test_the_law_reference_keeps_the_engines_test_counts_from_the_director(browser: Any, server: ServerProcess) -> None:
    """The reference reads as the law: what the table does with it is folded away under the
    law's text, and neither the count of tests and scenarios nor the sections left to
    other handlers is shown (the old page listed "Tests: 36; scenario examples: 5")."""
    for locale, words in (("ru-RU", ("Тестов", "сценари", "без собственного обработчика")),
                          ("en-GB", ("Tests", "scenario", "no handler"))):
        page = browser.new_context(viewport=PHONE, locale=locale).new_page()
        page.goto(server.url + "/laws/70")
        page.wait_for_selector("#law-70 .law-covers", timeout=WAIT_MS)
        assert not page.is_visible("#law-70 .law-engine")  # folded until asked for
        page.click("#law-70 .law-engine-box summary")
        text = page.inner_text("#law-70")
        assert not any(w in text for w in words), text
        _no_overflow(page)
        page.context.close()



def test_a_director_finds_the_law_by_its_words_on_a_phone(browser: Any, server: ServerProcess) -> None:
    """«штрафная карта» typed as he says it: Law 50 first, its sub-clauses marked, every row
    a finger's height."""
    context = browser.new_context(viewport=PHONE, locale="ru-RU")
    page = context.new_page()
    page.goto(server.url + "/laws")
    page.wait_for_selector("#law-27", timeout=WAIT_MS)
    assert page.locator("#laws summary").first.bounding_box()["height"] >= 44
    page.fill("#law-q", "штрафная карта")
    page.wait_for_selector("#law-count:has-text('Найдено')", timeout=WAIT_MS)
    first = page.locator("#laws details").first
    assert first.get_attribute("id") == "law-50"
    assert page.locator("#law-27").count() == 0
    first.locator("summary").click()
    page.wait_for_selector("#law-50 .law-clauses dt.hit", timeout=WAIT_MS)
    page.fill("#law-q", "xyzzy")
    page.wait_for_selector("#law-count:has-text('Ни в одном правиле')", timeout=WAIT_MS)
    page.fill("#law-q", "64A1")  # a number opens its law at once
    page.wait_for_selector("#law-64[open] .law-clauses dt.hit", timeout=WAIT_MS)
    _no_overflow(page)
    context.close()


def test_a_rulings_law_badge_opens_the_law_at_its_sub_clause(browser: Any, server: ServerProcess) -> None:
    context = browser.new_context(viewport=PHONE, locale="ru-RU")
    page = context.new_page()
    page.goto(server.url + "/laws/27#27B1(a)")
    page.wait_for_selector("#law-27[open] .law-clauses dt.hit", timeout=WAIT_MS)
    assert page.locator("#law-27 .law-clauses dt.hit").first.inner_text() == "27B1(a)"
    context.close()
