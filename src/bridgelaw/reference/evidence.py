"""The law matrix's evidence (which tests and scenario files show each law) as package data.

The tests and the scenario files live in the source tree, not in the package: an installed
wheel has neither, so a scan at run time would find no evidence at all and ``bridgelaw law 27``
would report no test. ``bridgelaw laws ... --evidence FILE`` therefore writes the scan's result
(``evidence.json``, next to this module and shipped in the wheel) from the same matrix that
docs/laws.md is rendered from, and tests/test_matrix.py fails when the committed file differs
from a fresh scan, as it does for docs/laws.md.

A source checkout keeps scanning at run time (``bridgelaw.reference.matrix.source_root``): a
developer who adds a test sees it in ``bridgelaw law N`` at once, and the tests that scan
throw-away trees keep working. The file is read only where no source tree is found, and the
staleness test keeps the two equal.

The file keeps the links themselves, not only their counts: a test or scenario with the
references it cites, so that the reference counts a sub-clause ("27B1") exactly as a scan
does. One link per line keeps its diffs as small as docs/laws.md's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from bridgelaw.laws.catalog.refs import law_of
from bridgelaw.reference.scan import ScenarioLink, TestLink

EVIDENCE = Path(__file__).resolve().parent / "evidence.json"
SOURCE_PATH = "src/bridgelaw/reference/evidence.json"  # where the source tree keeps it


@dataclass(frozen=True, slots=True)
class Evidence:
    """The tests (all of them counted, those linked to a law listed) and the scenario files
    that cite a law."""

    tests_total: int
    tests: tuple[TestLink, ...]
    scenarios: tuple[ScenarioLink, ...]


def _cites_a_law(refs: tuple[str, ...]) -> bool:
    return any(law_of(r) is not None for r in refs)


def evidence_of(tests_total: int, tests: list[TestLink], scenarios: list[ScenarioLink]) -> Evidence:
    """What a scan found, kept to the links the matrix places on a law's row."""
    return Evidence(
        tests_total,
        tuple(t for t in tests if _cites_a_law(t.refs)),
        tuple(s for s in scenarios if _cites_a_law(s.refs)),
    )


def _line(item: dict[str, Any]) -> str:
    return "  " + json.dumps(item, ensure_ascii=False, sort_keys=True)


def render_evidence(ev: Evidence) -> str:
    """The file's text: stable from run to run (sorted, no dates, no absolute paths)."""
    tests = [_line({"id": t.id, "refs": list(t.refs), "how": t.how}) for t in sorted(ev.tests, key=lambda t: t.id)]
    scenarios = [_line({"path": s.path, "title": s.title, "refs": list(s.refs), "passing": s.passing})
                 for s in sorted(ev.scenarios, key=lambda s: s.path)]
    return "\n".join([
        "{",
        f' "tests_total": {ev.tests_total},',
        ' "tests": [',
        ",\n".join(tests),
        " ],",
        ' "scenarios": [',
        ",\n".join(scenarios),
        " ]",
        "}",
    ]) + "\n"


def parse_evidence(text: str) -> Evidence:
    """The links back from the file's text."""
    data = json.loads(text)
    tests = tuple(TestLink(t["id"], tuple(t["refs"]), t["how"]) for t in data["tests"])
    scenarios = tuple(ScenarioLink(s["path"], s["title"], tuple(s["refs"]), bool(s["passing"]))
                      for s in data["scenarios"])
    return Evidence(int(data["tests_total"]), tests, scenarios)


@cache
def shipped_evidence() -> Evidence:
    """The evidence the package carries (none when the file is missing: the matrix then
    shows no test rather than failing)."""
    try:
        return parse_evidence(EVIDENCE.read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError, TypeError):
        return Evidence(0, (), ())
