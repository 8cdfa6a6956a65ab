"""The ruling book (docs/rulings-ru.md, docs/rulings-en.md) is the engine's own texts, as
the scenarios produce them now, and its Russian reads aloud without the faults the
project's text check knows."""

from __future__ import annotations

import re

import pytest
from ruling_book import BOOKS, book

from russian_lint import decision_faults, faults


@pytest.mark.parametrize("lang", sorted(BOOKS))
def test_the_ruling_book_is_the_engines_texts_now(lang: str) -> None:
    assert BOOKS[lang].read_text(encoding="utf-8") == book(lang), "run: .venv/bin/python tests/i18n/ruling_book.py"


def test_the_russian_ruling_book_reads_aloud_without_faults() -> None:
    found = []
    for line in BOOKS["ru"].read_text(encoding="utf-8").splitlines():
        if line.startswith("- **"):
            text = re.sub(r"^- \*\*[^*]+:\*\* ", "", line)
            found += [f"{f} — {text[:120]}" for f in faults(text, "2017")]
            if line.startswith("- **Решение:**"):
                found += decision_faults(text)
    assert not found, "\n".join(found[:20])
