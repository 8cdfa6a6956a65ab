"""Static scans that link tests and scenario files to laws, for the law matrix.

Tests are read with ``ast`` (no pytest run, no import), so the matrix is cheap to build and
cannot be broken by a test module that fails to import. A test is linked to a law by:

* its name: ``test_27B1a_...`` -> 27B1(a), ``test_law_27_...`` -> 27 (a bare number such as
  ``test_56_...`` counts only under tests/laws/, where it cannot be a count of something);
* a marker: ``@pytest.mark.law("27B1(a)", ...)`` on the function or its class, or
  ``pytestmark = pytest.mark.law(...)`` in the module or class;
* failing both, its file: tests/laws/test_law_27.py links its tests to Law 27.

Scenario files cite laws by their file name ("27B1a_lowest_sufficient.json"), their
title ("16B1(a), 73C1: ..." at the start, or "... (Laws 29, 31A1)" anywhere) and their
``expect`` block (rulings' ``laws``, restrictions' and requests' ``law``/``laws``).
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bridgelaw.laws.catalog.refs import from_compact, parse_ref


@dataclass(frozen=True, slots=True)
class TestLink:
    """One test function and the law references it demonstrates."""

    id: str                       # "tests/laws/test_law_27.py::test_27B1a_..."
    refs: tuple[str, ...]         # normalised references ("27B1(a)", "27")
    how: str                      # "name", "marker" or "file"
    invalid: tuple[str, ...] = ()  # cited texts that are not law references


@dataclass(frozen=True, slots=True)
class ScenarioLink:
    """One scenario file and the laws it shows."""

    path: str
    title: str
    refs: tuple[str, ...]
    passing: bool                 # False when tests/test_scenarios.py marks it not yet built


@dataclass(slots=True)
class _Marks:
    refs: list[str] = field(default_factory=list)
    invalid: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- tests


def _is_law_mark(node: ast.expr) -> bool:
    """``pytest.mark.law(...)``, ``mark.law(...)`` or ``law(...)``."""
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    return (isinstance(f, ast.Attribute) and f.attr == "law") or (isinstance(f, ast.Name) and f.id == "law")


def _marks_of(nodes: list[ast.expr]) -> _Marks:
    out = _Marks()
    for node in nodes:
        items = node.elts if isinstance(node, ast.List | ast.Tuple) else [node]
        for item in items:
            if not (_is_law_mark(item) and isinstance(item, ast.Call)):
                continue
            for arg in item.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    text = arg.value.strip()
                    (out.refs if parse_ref(text) else out.invalid).append(text)
    return out


def _pytestmark(body: list[ast.stmt]) -> _Marks:
    values: list[ast.expr] = []
    for stmt in body:
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
        value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
        if value is not None and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in targets):
            values.append(value)
    return _marks_of(values)


def ref_from_test_name(name: str, *, bare_numbers: bool) -> str | None:
    """The law reference a test's name starts with, if any."""
    parts = name.split("_")
    if len(parts) < 2 or parts[0] != "test":
        return None
    token = parts[1]
    if token == "law" and len(parts) > 2:
        token, bare_numbers = parts[2], True
    elif token.startswith("law") and token[3:4].isdigit():
        token, bare_numbers = token[3:], True
    ref = from_compact(token)
    if ref is None or (ref.isdigit() and not bare_numbers and len(parts) < 3):
        return None
    return ref


def _file_law(path: Path) -> str | None:
    m = re.match(r"^test_law_?(\d{1,2})(?:_|\.py$|$)", path.name)
    if m and path.parent.name == "laws" and 1 <= int(m.group(1)) <= 93:
        return m.group(1)
    return None


def _functions(body: list[ast.stmt]) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.ClassDef | None]]:
    for stmt in body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) and stmt.name.startswith("test"):
            yield stmt, None
        elif isinstance(stmt, ast.ClassDef) and stmt.name.startswith("Test"):
            for inner in stmt.body:
                if isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef) and inner.name.startswith("test"):
                    yield inner, stmt


def scan_test_file(path: Path, root: Path) -> list[TestLink]:
    """Every test function of one file with the laws it is linked to (linked or not)."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except (SyntaxError, UnicodeDecodeError, OSError):
        return []
    rel = path.relative_to(root).as_posix() if path.is_relative_to(root) else path.as_posix()
    module_marks = _pytestmark(tree.body)
    in_laws = path.parent.name == "laws"
    file_law = _file_law(path)
    links: list[TestLink] = []
    for fn, cls in _functions(tree.body):
        marks = _Marks(list(module_marks.refs), list(module_marks.invalid))
        if cls is not None:
            for m in (_marks_of(cls.decorator_list), _pytestmark(cls.body)):
                marks.refs += m.refs
                marks.invalid += m.invalid
        own = _marks_of(fn.decorator_list)
        marks.refs += own.refs
        marks.invalid += own.invalid
        test_id = f"{rel}::{cls.name + '::' if cls else ''}{fn.name}"
        by_name = ref_from_test_name(fn.name, bare_numbers=in_laws)
        refs = list(dict.fromkeys(([by_name] if by_name else []) + marks.refs))
        how = "marker" if marks.refs else "name"
        if not refs and file_law:
            refs, how = [file_law], "file"
        links.append(TestLink(test_id, tuple(refs), how if refs else "", tuple(marks.invalid)))
    return links


def scan_tests(tests_dir: Path, root: Path) -> list[TestLink]:
    """All test functions under ``tests_dir`` (sorted by id)."""
    if not tests_dir.is_dir():
        return []
    links: list[TestLink] = []
    for path in sorted(tests_dir.rglob("test_*.py")):
        if any(part.startswith(".") or part == "__pycache__" for part in path.parts):
            continue
        links.extend(scan_test_file(path, root))
    return links


# ---------------------------------------------------------------- scenarios

_TITLE_REFS = re.compile(
    r"(?:\bLaws?|Правил[оаух]?)\s+((?:\d{1,2}[A-Z0-9()a-z]*)(?:\s*(?:,|and|и|&|/|[-–])\s*\d{1,2}[A-Z0-9()a-z]*)*)"
)


def refs_in_title(title: str) -> list[str]:
    """Law references a title mentions: "(Laws 29, 31A1)", "Law 27B1(a)", "Laws 28-32"."""
    found: list[str] = []
    for m in _TITLE_REFS.finditer(title):
        text = m.group(1)
        for a, b in re.findall(r"\b(\d{1,2})\s*[-–]\s*(\d{1,2})\b", text):
            if a.isdigit() and b.isdigit() and int(a) < int(b) <= 93:
                found.extend(str(n) for n in range(int(a), int(b) + 1))
        for token in re.findall(r"\d{1,2}[A-Z0-9()a-z]*", text):
            while token.count(")") > token.count("("):
                token = token[:-1]
            if parse_ref(token):
                found.append(token)
    return list(dict.fromkeys(found))


_LEADING_TOKEN = re.compile(r"^\d{1,2}[A-Z][A-Za-z0-9()]*$")


def refs_leading_title(title: str) -> list[str]:
    """References a title starts with, before its first colon: "16B1(a), 73C1: ...",
    "20F4/20F5: ...", "1997, 20F1: ..." (an edition year may stand among them). Anything
    else before the colon ("7S by North ...") means the title does not start with laws."""
    head, sep, _ = title.partition(":")
    if not sep:
        return []
    pieces = [p.strip() for p in re.split(r",|/|\band\b", head) if p.strip()]
    if not pieces or not all(_LEADING_TOKEN.match(p) or p in ("1997", "2017") for p in pieces):
        return []
    return [p for p in pieces if p not in ("1997", "2017") and parse_ref(p)]


def ref_from_file_name(stem: str) -> str | None:
    """A file named after its rule: "16B1a_poll_..." -> 16B1(a), "20F_..." -> 20F."""
    ref = from_compact(stem.split("_", 1)[0])
    return ref if ref and not ref.isdigit() else None


def _expect_refs(expect: Any) -> list[str]:
    refs: list[str] = []
    if not isinstance(expect, dict):
        return refs
    for key in ("rulings", "restrictions", "requests", "penalty_cards"):
        items = expect.get(key)
        if not isinstance(items, list):
            continue
        for item in items:
            if not isinstance(item, dict):
                continue
            laws = item.get("laws", [])
            cited = [item["law"]] if isinstance(item.get("law"), str) else []
            cited += [x for x in laws if isinstance(x, str)] if isinstance(laws, list) else []
            refs.extend(r for r in cited if parse_ref(r))
    return refs


def not_yet_scenarios(test_scenarios: Path) -> set[str]:
    """File names listed in the NOT_YET dict of tests/test_scenarios.py (strict xfail)."""
    try:
        tree = ast.parse(test_scenarios.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return set()
    for stmt in tree.body:
        target = stmt.target if isinstance(stmt, ast.AnnAssign) else (stmt.targets[0] if isinstance(stmt, ast.Assign) else None)
        value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
        if isinstance(target, ast.Name) and target.id == "NOT_YET" and isinstance(value, ast.Dict):
            return {k.value for k in value.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
    return set()


def scan_scenarios(folders: list[tuple[Path, str]], not_yet: set[str]) -> list[ScenarioLink]:
    """Every scenario file in ``folders`` ((path, label) pairs) with the laws it shows."""
    links: list[ScenarioLink] = []
    for folder, label in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*.json")):
            try:
                case = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if not isinstance(case, dict):
                continue
            title = str(case.get("title", ""))
            by_name = ref_from_file_name(path.stem)
            refs = ([by_name] if by_name else []) + refs_leading_title(title) + refs_in_title(title)
            refs += _expect_refs(case.get("expect"))
            rel = f"{label}/{path.relative_to(folder).as_posix()}"
            links.append(ScenarioLink(rel, title, tuple(dict.fromkeys(refs)), path.name not in not_yet))
    return links
