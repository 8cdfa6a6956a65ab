"""A club evening from the lobby to the published results, in Debian's headless Chromium:
the director (1366 px) opens «Турнир» from the lobby, chooses the movement from the number
of pairs, types the players, opens the session and reads the table links off the sheet;
each table (its own 390 px phone) opens its link and enters and confirms every board on
its keypad; the director corrects one result and awards one adjusted score, closes the
session and publishes it, and the results page shows the names and the hand diagrams; the USEBIO file
linked from it has a PLAYER for every player and the ranking the page shows. A 6-table
Mitchell at matchpoints in Russian, and a 4-table Howell at IMPs in English. The
screenshots are kept in the test's temporary directory."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from server_helpers import WAIT_MS, ServerProcess

pytestmark = pytest.mark.browser

CASES = {
    "mitchell-ru": {"lang": "ru", "locale": "ru-RU", "pairs": 12, "kind": "Митчелл, столов: 6, с пропуском —", "rounds": 5,
                    "scoring": "MP",
                    "confirmed": "подтверждена", "closed": "Турнир закрыт", "published": "Результаты опубликованы", "corrected": "Исправлено",
                    "adjusted": "Присуждённый результат записан", "open": "Открыть турнир", "lobby": "Турнир"},
    "howell-en": {"lang": "en", "locale": "en-GB", "pairs": 8, "kind": "Howell, 4 tables —", "rounds": 7, "scoring": "IMP",
                  "confirmed": "confirmed", "closed": "The session is closed", "published": "The results are published", "corrected": "Corrected",
                  "adjusted": "Adjusted score recorded", "open": "Open the session", "lobby": "Club session"},
}
STRAINS = ["C", "D", "H", "S", "N"]


def roster(pairs: int) -> str:
    return "\n".join(f"{p} Игрок{p}а Анна {1000 + 2 * p}, Игрок{p}б Борис {1001 + 2 * p}" for p in range(1, pairs + 1))


def enter_board(page: Any, k: int, confirmed: str) -> None:
    """One board on the keypad (the page has chosen the next board): a contract, declarer,
    a result; the opponents see the score and confirm."""
    board = page.get_attribute('#boards button.on', "data-v")
    page.click(f'button[data-k="level"][data-v="{2 + k % 3}"]')
    page.click(f'button[data-k="strain"][data-v="{STRAINS[k % 5]}"]')
    page.click(f'button[data-k="declarer"][data-v="{"NESW"[k % 4]}"]')
    page.click(f'button[data-k="result"][data-v="{k % 3 - 1}"]')
    page.click("#enter")
    page.wait_for_selector("#verify:not([hidden])", timeout=WAIT_MS)
    page.click('#verify button[data-act="confirm"]')
    page.wait_for_selector(f"#msg:has-text('{board}'):has-text('{confirmed}')", timeout=WAIT_MS)


@pytest.mark.parametrize("case", list(CASES))
def test_a_club_evening_from_the_lobby_to_the_published_results(browser: Any, server: ServerProcess, case: str,
                                                                 tmp_path: Path) -> None:
    c = CASES[case]
    shots = tmp_path / "screens"
    shots.mkdir()
    errors: list[str] = []
    contexts = []

    def context(width: int, height: int, **kw: Any) -> Any:
        ctx = browser.new_context(viewport={"width": width, "height": height}, locale=c["locale"], **kw)
        ctx.add_init_script(f"localStorage.setItem('bridgelaw.lang', '{c['lang']}')")
        contexts.append(ctx)
        return ctx

    def watch(page: Any) -> Any:
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "422" not in m.text else None)
        return page

    try:
        director = watch(context(1366, 900).new_page())
        director.goto(server.url + "/")
        director.click(f"#session-link:has-text('{c['lobby']}')")
        director.wait_for_selector("#s-movements label", timeout=WAIT_MS)
        director.fill("#s-title", f"Club evening {case}")
        director.fill("#s-club", "Клуб")
        director.fill("#s-pairs", str(c["pairs"]))
        director.dispatch_event("#s-pairs", "change")
        director.select_option("#s-scoring", c["scoring"])
        option = director.locator("#s-movements label", has_text=c["kind"])
        option.wait_for(timeout=WAIT_MS)
        option.locator("input").check()
        director.click("#s-preview summary")
        director.fill("#s-roster", roster(c["pairs"]))
        director.dispatch_event("#s-roster", "input")
        director.screenshot(path=str(shots / f"{case}-director-setup-1366.png"), full_page=True)
        assert option.locator("input").is_checked()
        assert director.locator("#s-grid tr").count() == 1 + c["pairs"] // 2  # a row per table
        director.click(f"#s-create:has-text('{c['open']}')")
        director.wait_for_selector("#r-links a", timeout=WAIT_MS)
        links = director.eval_on_selector_all("#r-links a", "xs => xs.map((x) => [x.dataset.tableLink, x.href])")
        tables = len(links)
        assert tables == c["pairs"] // 2
        director.screenshot(path=str(shots / f"{case}-director-links-1366.png"), full_page=True)
        elsewhere = watch(context(1366, 900).new_page())  # the director's link in another browser
        elsewhere.goto(director.url)
        elsewhere.wait_for_selector("#r-links a", timeout=WAIT_MS)
        assert elsewhere.eval_on_selector_all("#r-links a", "xs => xs.map((x) => [x.dataset.tableLink, x.href])") == links
        elsewhere.close()

        phones = {}
        for n, href in links:
            phone = watch(context(390, 844, is_mobile=True, has_touch=True).new_page())
            phone.goto(href)
            phone.wait_for_selector(f"#who:has-text('{n}')", timeout=WAIT_MS)
            phones[int(n)] = phone
        rounds = int(re.search(r"(\d+)\D*$", phones[1].inner_text("#who")).group(1))  # "… 1 из 5"
        assert rounds == c["rounds"]
        k = 0
        for rnd in range(1, rounds + 1):
            for n, phone in phones.items():
                if phone.is_hidden("#entry"):
                    continue  # the table sits out or has finished
                for _ in phone.query_selector_all("#boards button:not([disabled])"):
                    enter_board(phone, k, c["confirmed"])
                    k += 1
                if rnd == 1 and n == 2:
                    phone.screenshot(path=str(shots / f"{case}-table2-after-round1-390.png"), full_page=True)
                assert phone.evaluate("document.documentElement.scrollWidth") == 390
        for phone in phones.values():
            phone.wait_for_selector("#moves:has-text('!')", timeout=WAIT_MS)  # all played, thank you!
        # the director: progress, one correction, one adjusted score, the close
        director.reload()
        director.wait_for_selector("#r-progress tr[data-progress]", timeout=WAIT_MS)
        first = phones[1].inner_text("#list p:last-child")
        board1 = int(re.search(r"(\d+)", first).group(1))
        director.fill("#c-table", "1")
        director.fill("#c-board", str(board1))
        director.fill("#c-result", "=")
        director.click("#c-send")
        director.wait_for_selector(f"#msg:has-text('{c['corrected']}')", timeout=WAIT_MS)
        board2 = int(re.search(r"(\d+)", phones[2].inner_text("#list p:last-child")).group(1))
        director.fill("#a-table", "2")
        director.fill("#a-board", str(board2))
        director.select_option("#a-ns", "A+")
        director.select_option("#a-ew", "A-")
        director.fill("#a-ruling", "12C2")
        director.click("#a-send")
        director.wait_for_selector(f"#msg:has-text('{c['adjusted']}')", timeout=WAIT_MS)
        director.click("#r-close")
        director.wait_for_selector(f"#msg:has-text('{c['closed']}')", timeout=WAIT_MS)
        director.click("#r-publish")
        director.wait_for_selector(f"#msg:has-text('{c['published']}')", timeout=WAIT_MS)
        director.screenshot(path=str(shots / f"{case}-director-published-1366.png"), full_page=True)
        # the published results
        results = watch(contexts[0].new_page())
        # the public's page: every deal with its double-dummy table (solved since the close)
        results.goto(server.url + str(director.get_attribute("#r-results", "href")).split("&t=")[0], timeout=90_000)
        results.wait_for_selector("#ranking", timeout=WAIT_MS)
        assert results.locator(".deal").count() == results.locator("section[id^='board-']").count() > 0
        assert results.locator(".deal .hand").count() == 4 * results.locator(".deal").count()
        assert "Игрок1а Анна – Игрок1б Борис" in results.inner_text("#ranking")
        results.screenshot(path=str(shots / f"{case}-results-1366.png"), full_page=False)
        page_rows = results.eval_on_selector_all("#ranking tr", "rs => rs.slice(1).map((r) => [...r.cells].map((c) => c.textContent))")
        usebio_link = results.get_attribute("nav a[href$='results.xml']", "href")
        xml = results.request.get(server.url + usebio_link).text()
        root = ET.fromstring(xml)
        pairs = root.findall("./EVENT/PARTICIPANTS/PAIR")
        assert len(pairs) == c["pairs"]
        players = [pl for p in pairs for pl in p.findall("PLAYER")]
        assert len(players) == 2 * c["pairs"] and all(pl.findtext("NATIONAL_ID_NUMBER") for pl in players)
        from_file = [(p.findtext("PLACE"), p.findtext("PAIR_NUMBER"), float(p.findtext("TOTAL_SCORE") or 0)) for p in pairs]
        from_page = [(row[0].split("-")[0] + ("=" if "-" in row[0] else ""), row[1], float(row[3])) for row in page_rows]
        assert from_file == from_page
        assert errors == []
    finally:
        for ctx in contexts:
            ctx.close()
    print(f"screenshots: {shots}")
