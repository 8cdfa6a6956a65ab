"""Complexity limits for ``src/bridgelaw`` (run by ``make lint``): no function longer than
60 lines or of cyclomatic complexity above 15 (radon), no module longer than 600 lines.

Functions and modules over a limit today are listed in ``complexity_allow.txt`` beside
this file; the list may only shrink. A listed name that is back within the limits is
reported too, so that its line is removed.

    .venv/bin/python benchmarks/check_complexity.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from radon.complexity import cc_visit
from radon.visitors import Class, Function

MAX_CC = 15
MAX_FUNCTION_LINES = 60
MAX_MODULE_LINES = 600

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "bridgelaw"
ALLOW = Path(__file__).resolve().parent / "complexity_allow.txt"


def allowed() -> set[str]:
    """The names of the allow-list: ``path`` or ``path:Qualified.name``, one a line."""
    out: set[str] = set()
    for line in ALLOW.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            out.add(line)
    return out


def functions(blocks: list[Function | Class], prefix: str = "") -> list[tuple[str, Function]]:
    """Every function and method of radon's blocks (which list methods on their own too),
    with its qualified name; nested functions count on their own."""
    out: list[tuple[str, Function]] = []
    for b in blocks:
        if isinstance(b, Function):
            name = f"{prefix}{b.fullname}"
            out.append((name, b))
            out.extend(functions(list(b.closures), f"{name}."))
    return out


def offenders() -> dict[str, str]:
    """Each function or module over a limit, with what is over."""
    found: dict[str, str] = {}
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        code = path.read_text(encoding="utf-8")
        n = code.count("\n")
        if n > MAX_MODULE_LINES:
            found[rel] = f"{n} lines"
        for name, f in functions(cc_visit(code)):
            length = f.endline - f.lineno + 1
            over = []
            if f.complexity > MAX_CC:
                over.append(f"complexity {f.complexity}")
            if length > MAX_FUNCTION_LINES:
                over.append(f"{length} lines")
            if over:
                found[f"{rel}:{name}"] = ", ".join(over)
    return found


def main() -> int:
    found = offenders()
    allow = allowed()
    bad = {k: v for k, v in found.items() if k not in allow}
    stale = sorted(allow - found.keys())
    for k, v in sorted(bad.items()):
        print(f"{k}: {v} (limits: complexity {MAX_CC}, {MAX_FUNCTION_LINES} lines a function, "
              f"{MAX_MODULE_LINES} a module)")
    for k in stale:
        print(f"{k}: within the limits now; remove it from {ALLOW.name}")
    return 1 if bad or stale else 0


if __name__ == "__main__":
    sys.exit(main())
