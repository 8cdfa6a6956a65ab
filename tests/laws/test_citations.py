"""Every ruling cites law references that exist in its own edition's numbering: a 1997
ruling never carries a 2017-only clause (27A1, 63B for "the trick stands", 72C), and
every reference in its laws, flags, restrictions and texts is in the edition's table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgelaw.i18n.output import localize_state
from bridgelaw.io.scenario import load_scenario, run_scenario
from bridgelaw.laws.catalog.citations import (
    exists,
    in_edition,
    references_in,
    text_in_edition,
    valid_references,
)

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = (ROOT / "scenarios", ROOT.parent / "shared" / "scenarios")
CASES = [p for folder in FOLDERS if folder.is_dir() for p in sorted(folder.rglob("*.json"))]


def cited(ruling: dict[str, object]) -> list[str]:
    refs = [*ruling["laws"], *ruling.get("flags", [])]  # type: ignore[misc]
    for field in ("summary", "summary_ru", "decision"):
        refs += references_in(str(ruling.get(field, "")))
    return refs


@pytest.mark.parametrize("path", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_cited_reference_exists_in_its_edition(path: Path) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    case.pop("expect", None)
    out = run_scenario(load_scenario(case))
    bad = [f"ruling {r['id']} ({r['kind']}, {r['edition']}): {ref}"
           for r in out["rulings"] for ref in cited(r) if not exists(ref, r["edition"])]
    bad += [f"restriction {x['kind']}: {x['law']}" for x in out["restrictions"] if not exists(x["law"], out["edition"])]
    for lang in ("en", "ru"):
        shown = localize_state(out, lang)
        bad += [f"decision of ruling {r['id']} ({lang}): {ref}" for r in shown["rulings"]
                for ref in references_in(str(r.get("decision", ""))) if not exists(ref, r["edition"])]
        bad += [f"request {q['ask']} ({lang}): {ref}" for q in shown["requests"]
                for ref in [*q["laws"], *references_in(str(q.get("reason", "")))] if not exists(ref, out["edition"])]
    assert not bad, "\n".join(bad)


def test_1997_numbering_of_clauses_shared_with_2017() -> None:
    assert in_edition("27A1", "1997") == "27A" and in_edition("27A1", "2017") == "27A1"
    assert in_edition("63B", "1997") == "63C" and in_edition("72C", "1997") == "23"
    assert text_in_edition("остаётся (63B); см. 72C", "1997") == "остаётся (63C); см. 23"


def test_edition_tables_differ_where_the_numbering_does() -> None:
    assert "27A1" in valid_references("2017") and "27A1" not in valid_references("1997")
    assert "72C" in valid_references("2017") and "72C" not in valid_references("1997")
    assert "57A4" in valid_references("2017") and "57A4" not in valid_references("1997")
    assert "15A1(b)" in valid_references("2017") and "15A3" in valid_references("2017")
    assert "88" in valid_references("1997") and "88" not in valid_references("2017")
