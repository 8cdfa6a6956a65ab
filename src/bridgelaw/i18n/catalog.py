"""The message catalogs: GNU gettext ``.po`` files, one a language, read with Babel.

Each entry's ``msgid`` is a message id (``27.replaced``), its ``msgstr`` the template in
that language with named, typed parameters (see ``bridgelaw.i18n.render``). An entry
with ``msgid_plural`` has one template per plural form of the language, chosen by the
message's ``n`` parameter with the catalog's own ``Plural-Forms`` rule (Russian has
three forms). The web UI reads the same catalogs, exported to JSON
(``bridgelaw.i18n.export``), so one catalog serves the server and the page.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

LANGUAGES = ("en", "ru")
PO_DIR = Path(__file__).with_name("po")


@dataclass(frozen=True)
class Entry:
    id: str
    text: str
    forms: tuple[str, ...] = ()
    plural_rule: Callable[[int], int] | None = None
    comment: str = ""

    @property
    def plural(self) -> bool:
        return bool(self.forms)

    def form(self, n: object) -> str:
        if not isinstance(n, int) or self.plural_rule is None:
            raise TypeError(f"message {self.id!r} has plural forms and needs an integer parameter 'n'")
        return self.forms[min(self.plural_rule(n), len(self.forms) - 1)]

    @property
    def templates(self) -> tuple[str, ...]:
        return self.forms or (self.text,)


class Catalog:
    """One language's messages."""

    def __init__(self, lang: str, entries: dict[str, Entry], plural_expr: str) -> None:
        self.lang = lang
        self.entries = entries
        self.plural_expr = plural_expr

    def entry(self, id: str) -> Entry:
        try:
            return self.entries[id]
        except KeyError:
            raise KeyError(f"no message {id!r} in the {self.lang} catalog") from None

    def __contains__(self, id: object) -> bool:
        return id in self.entries


def load(path: Path, lang: str) -> Catalog:
    with path.open("rb") as f:
        po = read_po(f, locale=lang)
    expr = po.plural_expr
    rule: Callable[[int], int] = gettext.c2py(expr)
    entries: dict[str, Entry] = {}
    for m in po:
        if not m.id:
            continue  # the header
        comment = " ".join(m.auto_comments)
        if isinstance(m.id, tuple | list):
            mid = str(m.id[0])
            forms = tuple(str(s) for s in (m.string or ()))
            entries[mid] = Entry(mid, forms[0], forms, rule, comment)
        else:
            entries[str(m.id)] = Entry(str(m.id), str(m.string), (), None, comment)
    return Catalog(lang, entries, expr)


@cache
def catalog(lang: str) -> Catalog:
    if lang not in LANGUAGES:
        raise KeyError(f"no catalog for language {lang!r}: expected one of {', '.join(LANGUAGES)}")
    return load(PO_DIR / f"{lang}.po", lang)


def export(lang: str) -> dict[str, object]:
    """The catalog as the web UI reads it: the plural rule (a C expression in ``n``) and
    every message, a string or a list of plural forms."""
    cat = catalog(lang)
    return {
        "lang": lang,
        "plural": cat.plural_expr,
        "messages": {k: list(e.forms) if e.plural else e.text for k, e in sorted(cat.entries.items())},
    }
