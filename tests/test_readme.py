"""The README quotes the law matrix's totals by kind; this keeps the quote current."""

from __future__ import annotations

from pathlib import Path

from bridgelaw.reference.matrix import matrix
from bridgelaw.reference.render import totals_line

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_quotes_the_current_law_matrix_totals() -> None:
    line = totals_line(matrix())
    assert line in README.read_text(encoding="utf-8"), (
        f"README.md should quote the law matrix totals: {line!r} (bridgelaw laws --totals)"
    )


def test_the_readme_library_example_runs_as_written() -> None:
    import doctest

    failed, tried = doctest.testfile(str(README), module_relative=False)
    assert tried >= 5 and failed == 0
