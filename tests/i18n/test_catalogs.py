"""The message catalogs (gettext .po, one per language) are complete and consistent: every
message exists in every language, with the same parameters, and every entry is used."""

from __future__ import annotations

import ast
import string
from itertools import pairwise
from pathlib import Path

import pytest

from bridgelaw.actions import ASK_KINDS, REPORT_KINDS
from bridgelaw.i18n import msg
from bridgelaw.i18n.catalog import LANGUAGES, Catalog, catalog
from bridgelaw.i18n.render import EDITION_MARK, OPEN_SETS, Pair
from bridgelaw.laws.editions import EDITIONS

SRC = Path(__file__).resolve().parents[2] / "src" / "bridgelaw"


def params(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def missing_languages(cats: dict[str, Catalog]) -> list[str]:
    ids = set().union(*(c.entries for c in cats.values()))
    return sorted(f"{i} ({lang})" for i in ids for lang, c in cats.items()
                  if i not in c or not all(t.strip() for t in c.entry(i).templates))


def differing_params(cats: dict[str, Catalog]) -> list[str]:
    out = []
    en = cats["en"]
    for i, e in en.entries.items():
        want = set().union(*(params(t) for t in e.templates))
        for lang, c in cats.items():
            if i in c:
                for t in c.entry(i).templates:
                    if params(t) != want:
                        out.append(f"{i} ({lang}): {sorted(params(t))} != {sorted(want)}")
    return out


def source_strings() -> set[str]:
    found: set[str] = set()
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    return found


def open_set_values() -> set[str]:
    """Ids made from a value at run time: the catalog must name every known value."""
    kinds = set(EDITIONS["2017"].handlers) | set(EDITIONS["1997"].handlers)
    asks = set(ASK_KINDS) | {"revoke_inquiry"}  # revoke_inquiry: asked by the revoke procedure (61B)
    return ({f"kind.{k}" for k in kinds} | {f"report.{k}" for k in REPORT_KINDS} | {f"request.kind.{k}" for k in asks}
            | {"claims.what.claim", "claims.what.concession", "tempo.hesitation", "tempo.reserve_rights",
               "table.log.option.agree", "table.log.option.dispute"})


STATIC = SRC / "server" / "static"


def page_text() -> str:
    """The web UI's own files (not the exported catalog)."""
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(STATIC.iterdir())
                     if p.suffix in (".js", ".html") and p.name != "catalog.json")


def ui_used(key: str, page: str) -> bool:
    """A ``ui.*`` key the page names, literally or as ``prefix_${...}`` (seat_N, phase_play)."""
    if f'"{key}"' in page or f"'{key}'" in page or f"{key}:" in page:
        return True
    prefixes = [key[:i] for i, ch in enumerate(key) if ch == "_"]
    return any(f"`{prefix}_${{" in page for prefix in prefixes)


def unused(cat: Catalog) -> list[str]:
    """Entries no code names; an edition's override (``<id>@1997``) is used where its
    message is."""
    used = source_strings()
    page = page_text()

    def base(i: str) -> str:
        return i.partition(EDITION_MARK)[0]

    return sorted(i for i in cat.entries if base(i) not in used and not base(i).startswith(OPEN_SETS)
                  and not (i.startswith("ui.") and ui_used(i[3:], page)))


def test_every_edition_override_rewords_a_message_of_an_edition() -> None:
    cat = catalog("en")
    overrides = [i for i in cat.entries if EDITION_MARK in i]
    assert overrides
    bad = [i for i in overrides if i.partition(EDITION_MARK)[0] not in cat
           or i.partition(EDITION_MARK)[2] not in set(EDITIONS) - {"2017"}]
    assert not bad


def test_the_pages_catalog_is_exported_from_the_current_catalogs() -> None:
    from bridgelaw.i18n.export import TARGET, render_json

    assert TARGET.read_text(encoding="utf-8") == render_json(), "run: python -m bridgelaw.i18n.export"


def test_every_message_exists_in_every_language() -> None:
    assert not missing_languages({lang: catalog(lang) for lang in LANGUAGES})


def test_every_entry_has_one_translation_the_reader_keeps() -> None:
    """A second ``msgstr`` line under an entry is dropped by the catalog's reader without a
    word: the text a merge meant to put there would never be read."""
    from bridgelaw.i18n.catalog import PO_DIR

    for lang in LANGUAGES:
        lines = (PO_DIR / f"{lang}.po").read_text(encoding="utf-8").splitlines()
        stray = [n for n, (a, b) in enumerate(pairwise(lines), start=2)
                 if a.startswith("msgstr") and b.startswith('msgstr "')]
        assert not stray, f"{lang}.po: a second msgstr at lines {stray}"


def test_every_language_uses_the_same_parameters() -> None:
    assert not differing_params({lang: catalog(lang) for lang in LANGUAGES})


def test_every_catalog_entry_is_used_by_the_code() -> None:
    assert not unused(catalog("en"))


def test_every_known_value_of_an_open_set_has_a_word() -> None:
    missing = sorted(v for v in open_set_values() if v not in catalog("ru"))
    assert not missing


def test_russian_has_three_plural_forms() -> None:
    cat = catalog("ru")
    assert cat.entry("count.tricks").plural
    got = [msg("count.tricks", n=n).render("ru") for n in (1, 2, 5, 11, 21, 22, 25)]
    assert got == ["1 взятка", "2 взятки", "5 взяток", "11 взяток", "21 взятка", "22 взятки", "25 взяток"]
    assert msg("count.tricks", n=1).render("en") == "1 trick"


def test_seats_are_declined_in_russian() -> None:
    from bridgelaw import Seat
    from bridgelaw.i18n.render import _value

    assert [_value(Seat.N, case, "ru") for case in ("nom", "gen", "dat", "ins")] == ["Север", "Севера", "Северу", "Севером"]


# -- the checks themselves catch what they are meant to catch -------------------------

def _cats(en: dict[str, str], ru: dict[str, str]) -> dict[str, Catalog]:
    from bridgelaw.i18n.catalog import Entry
    return {"en": Catalog("en", {k: Entry(k, v) for k, v in en.items()}, "n != 1"),
            "ru": Catalog("ru", {k: Entry(k, v) for k, v in ru.items()}, "0")}


def test_a_message_lacking_a_language_is_found() -> None:
    assert missing_languages(_cats({"a": "A", "b": "B"}, {"a": "А"})) == ["b (ru)"]


def test_parameters_differing_between_languages_are_found() -> None:
    assert differing_params(_cats({"a": "{seat} passes"}, {"a": "{seat:gen} {call}"}))


def test_an_unused_entry_is_found() -> None:
    from bridgelaw.i18n.catalog import Entry
    cat = Catalog("en", {"no.such.message.anywhere": Entry("no.such.message.anywhere", "x")}, "0")
    assert unused(cat) == ["no.such.message.anywhere"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_pair_value_renders_in_each_language(lang: str) -> None:
    assert msg("did", call=Pair("x", "y")).render(lang) in ("x", "y")
