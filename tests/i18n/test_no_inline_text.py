"""Text a person reads comes from the catalogs: no Russian string literal, no inline
English/Russian pair (``Pair(...)``) and no hand-built ``summary_ru`` in the code outside
``bridgelaw.i18n``. A handler passes a message id and typed values; the catalog words it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "bridgelaw"
CYRILLIC = re.compile(r"[А-Яа-яЁё]")

# Code that *reads* Russian (a player's or director's input, a citation inside a text),
# which is not text the engine writes.
READS_RUSSIAN = {
    "incident.py",  # seats, calls, cards, да / нет typed by the director
    "session/entry.py",  # a contract, declarer and lead as a Russian scorer writes them
    "core/calls.py",  # БК typed as a strain
    "analysis/claims.py",  # suit words in a claim statement
    "analysis/statement.py",  # suit and play words in a claim statement
    "laws/catalog/citations.py",  # «Правило 27» inside a summary
    "reference/scan.py",  # the same, in the law digest
}

# Not yet moved to the catalogs (each entry must still have inline text: shrink the list
# as they move). Every module is moved now; keep it empty.
NOT_YET: set[str] = set()


def _docstrings(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def inline_text(source: str) -> list[str]:
    """Every piece of inline text in one module: a Russian literal (not a docstring), a
    ``Pair(...)`` call, a write to ``summary_ru``, an ``option`` label given as literals."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs \
                and CYRILLIC.search(node.value):
            found.append(f"{node.lineno}: Russian literal {node.value[:40]!r}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Pair":
            found.append(f"{node.lineno}: Pair(...)")
        elif isinstance(node, ast.Assign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Attribute) and t.attr == "summary_ru" for t in targets):
                found.append(f"{node.lineno}: summary_ru written by hand")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "option" \
                and len(node.args) >= 4 and all(isinstance(a, ast.Constant | ast.JoinedStr) for a in node.args[2:4]):
            found.append(f"{node.lineno}: option label as literals")
    return found


def offenders() -> dict[str, list[str]]:
    out = {}
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith("i18n/") or rel in READS_RUSSIAN:
            continue
        found = inline_text(path.read_text(encoding="utf-8"))
        if found:
            out[rel] = found
    return out


def test_no_module_builds_text_inline_outside_the_catalogs() -> None:
    new = {k: v for k, v in offenders().items() if k not in NOT_YET}
    assert not new, "move these texts to the catalogs (po/en.po, po/ru.po):\n" + "\n".join(
        f"{k}:{line}" for k, v in new.items() for line in v)


def test_the_list_of_modules_not_yet_moved_only_shrinks() -> None:
    stale = sorted(NOT_YET - set(offenders()))
    assert not stale, f"these modules no longer build text inline: remove them from NOT_YET: {stale}"


@pytest.mark.parametrize("source", [
    'x = "Север"',
    'x = Pair("a player", "игрок")',
    'ruling.summary_ru += f" {a}"',
    'option("play", seat, "Choose", "Выбрать")',
])
def test_inline_text_is_found(source: str) -> None:
    assert inline_text(source)


def test_docstrings_and_catalog_calls_are_not_inline_text() -> None:
    assert not inline_text('def f():\n    """«Север» in a docstring."""\n    return both("x.y", seat=s)\n')
