"""The product speaks of the product: no issue numbers or team roles in the package or the
docs (a law not built says "not implemented")."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLANNING = re.compile(r"issue [0-9]|owner:", re.IGNORECASE)
SUFFIXES = {".py", ".md", ".js", ".html", ".css", ".json", ".txt"}


def test_no_planning_words_in_the_package_or_the_docs() -> None:
    hits = []
    for folder in (ROOT / "src" / "bridgelaw", ROOT / "docs"):
        for path in folder.rglob("*"):
            if path.suffix in SUFFIXES and path.is_file():
                for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                    if PLANNING.search(line):
                        hits.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not hits, "\n".join(hits)


def test_a_law_without_handlers_says_not_implemented() -> None:
    from bridgelaw.reference.matrix import build_matrix

    m = build_matrix()
    statuses = {row.status for row in m.rows.values() if not row.claims}
    assert statuses <= {"not implemented", "administrative", "not used"}, statuses
