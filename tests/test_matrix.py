"""The law coverage matrix: every law 1-93 present, every claim citing a real clause and
backed by a test, and docs/laws.md and the evidence the package ships matching what the
code says today."""

from __future__ import annotations

import difflib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bridgelaw.cli import main
from bridgelaw.laws.catalog.refs import from_compact, is_valid_ref, valid_refs
from bridgelaw.laws.catalog.titles import CATALOG, Default
from bridgelaw.reference import matrix as matrix_module
from bridgelaw.reference.evidence import EVIDENCE, SOURCE_PATH, parse_evidence, render_evidence
from bridgelaw.reference.matrix import (
    KINDS,
    Matrix,
    build_matrix,
    law_entries,
    law_entry,
    matrix_evidence,
)
from bridgelaw.reference.render import REGENERATE, short_handler
from bridgelaw.reference.scan import (
    not_yet_scenarios,
    ref_from_file_name,
    ref_from_test_name,
    refs_in_title,
    refs_leading_title,
    scan_test_file,
)

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "laws.md"
SHARED = ROOT.parent / "shared" / "scenarios"
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


@pytest.fixture(scope="module")
def m() -> Matrix:
    return build_matrix(ROOT)


# ---------------------------------------------------------------- completeness


def test_catalogue_has_every_law_1_to_93_in_both_languages() -> None:
    assert sorted(CATALOG) == list(range(1, 94))
    for n, info in CATALOG.items():
        assert info.title_en and info.summary_en, n
        assert CYRILLIC.search(info.title_ru) and CYRILLIC.search(info.summary_ru), n
        assert not CYRILLIC.search(info.summary_en), n


def test_no_law_is_missing_from_the_matrix(m: Matrix) -> None:
    assert m.missing_laws() == [], f"laws missing from the matrix: {m.missing_laws()}"
    assert sorted(m.rows) == list(range(1, 94))
    assert sum(m.totals().values()) == 93


def test_a_law_without_handlers_is_never_silently_mechanical(m: Matrix) -> None:
    for row in m.rows.values():
        if not row.claims:
            assert row.kind in ("administrative", "not implemented", "not used"), row.number


def test_defaults_follow_the_digest_classes() -> None:
    assert CATALOG[3].default is Default.ADMINISTRATIVE
    assert CATALOG[92].default is Default.ADMINISTRATIVE
    assert CATALOG[88].default is Default.NOT_USED and CATALOG[89].default is Default.NOT_USED
    assert CATALOG[27].default is Default.NOT_IMPLEMENTED
    administrative = [n for n, i in CATALOG.items() if i.digest_class == "A"]
    assert all(CATALOG[n].default is Default.ADMINISTRATIVE for n in administrative)


# ---------------------------------------------------------------- the checks the issue asks for


def test_every_module_with_law_claims_imports(m: Matrix) -> None:
    assert not m.import_errors, "modules with @implements failed to import:\n" + "\n".join(
        f"  {k}: {v}" for k, v in sorted(m.import_errors.items()))


def test_every_handler_cites_a_reference_that_exists(m: Matrix) -> None:
    bad = [f"  {short_handler(c.handler)} cites {c.ref!r} ({'/'.join(c.editions)})" for c in m.invalid_claims]
    assert not bad, ("these law references do not exist (fix the citation, or add the clause to "
                     "STRUCTURE_2017/EXTRA_1997 in laws/catalog/refs.py if it does exist):\n" + "\n".join(bad))


def test_every_mechanical_or_director_question_law_has_a_test(m: Matrix) -> None:
    missing = [f"  Law {r.number} ({r.kind}): {', '.join(short_handler(h) for h in r.handlers)}"
               for r in m.untested()]
    assert not missing, (
        "these laws are claimed by handlers but no test proves them — add a test named after the "
        "rule (test_27B1a_...) or marked @pytest.mark.law(\"27B1(a)\"), or a scenario file whose "
        "expect block cites the law:\n" + "\n".join(missing))


def test_every_handler_in_an_edition_declares_its_laws(m: Matrix) -> None:
    assert not m.unclaimed_handlers, (
        "these handlers are in an edition but declare no law with @implements, so the matrix "
        "does not count them:\n" + "\n".join(f"  {h}" for h in m.unclaimed_handlers))


def test_every_test_cites_a_reference_that_exists(m: Matrix) -> None:
    bad = [f"  {tid}: {ref!r}" for tid, ref in m.invalid_test_refs]
    assert not bad, "tests linked to law references that do not exist:\n" + "\n".join(bad)


def test_docs_laws_md_is_current() -> None:
    if not SHARED.is_dir():
        pytest.skip("../shared/scenarios is not here: docs/laws.md counts the shared scenarios too")
    fresh = subprocess.run(
        [sys.executable, "-m", "bridgelaw.cli", "laws", "--format", "markdown"],
        capture_output=True, text=True, check=True, cwd=ROOT,
    ).stdout
    kept = DOCS.read_text(encoding="utf-8") if DOCS.exists() else ""
    if fresh != kept:
        diff = list(difflib.unified_diff(kept.splitlines(), fresh.splitlines(), "docs/laws.md", "the code now", n=0, lineterm=""))
        shown = "\n".join(diff[:30]) + ("\n  ..." if len(diff) > 30 else "")
        pytest.fail(f"docs/laws.md is out of date (handlers, tests or scenarios changed): run `{REGENERATE}`\n{shown}")


def test_the_evidence_the_package_ships_is_current(m: Matrix) -> None:
    if not SHARED.is_dir():
        pytest.skip("../shared/scenarios is not here: the evidence counts the shared scenarios too")
    fresh = render_evidence(matrix_evidence(m))
    kept = EVIDENCE.read_text(encoding="utf-8") if EVIDENCE.exists() else ""
    if fresh != kept:
        diff = list(difflib.unified_diff(kept.splitlines(), fresh.splitlines(), SOURCE_PATH, "the code now", n=0, lineterm=""))
        shown = "\n".join(diff[:30]) + ("\n  ..." if len(diff) > 30 else "")
        pytest.fail(f"{SOURCE_PATH} is out of date (tests or scenarios changed): run `{REGENERATE}`\n{shown}")


def test_without_a_source_tree_the_law_reference_counts_the_shipped_evidence(
    m: Matrix, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.delenv("BRIDGELAW_ROOT", raising=False)
    monkeypatch.setattr(matrix_module, "source_root", lambda: None)
    installed = build_matrix()
    assert installed.tests_total == m.tests_total
    assert len(installed.rows[27].tests) == len(m.rows[27].tests) > 0
    assert len(installed.rows[27].passing_scenarios) == len(m.rows[27].passing_scenarios)
    assert main(["law", "27B1"]) == 0
    shipped = re.search(r"Tests: (\d+); scenario examples: (\d+)", capsys.readouterr().out)
    assert shipped is not None and int(shipped.group(1)) > 0


def test_bridgelaw_laws_writes_the_evidence_file_it_is_asked_for(tmp_path: Path) -> None:
    out = tmp_path / "evidence.json"
    assert main(["laws", "--format", "markdown", "--output", str(tmp_path / "laws.md"), "--evidence", str(out)]) == 0
    ev = parse_evidence(out.read_text(encoding="utf-8"))
    assert ev.tests_total > 0 and any("27" in t.refs for t in ev.tests)


# ---------------------------------------------------------------- references


@pytest.mark.parametrize("ref", ["27B1(a)", "27B1(b)", "27D", "64A2", "16C", "23A", "30B1(b)(i)", "12C1(e)", "50D2(a)", "33"])
def test_existing_references_are_valid(ref: str) -> None:
    assert is_valid_ref(ref)


@pytest.mark.parametrize("ref", ["27B5", "27E", "64D", "94", "0", "27b1", "B1(a)", "88", "27B1(z)"])
def test_invented_references_are_invalid(ref: str) -> None:
    assert not is_valid_ref(ref)


def test_1997_accepts_its_own_clauses_only_for_1997() -> None:
    assert is_valid_ref("25B2(b)(2)", ("1997",))
    assert not is_valid_ref("25B2(b)(2)", ("2017",))
    assert is_valid_ref("88", ("1997",)) and not is_valid_ref("88", ("2017",))


def test_valid_refs_list_the_law_first_then_its_clauses() -> None:
    refs = valid_refs(27)
    assert refs[0] == "27" and "27B1(a)" in refs and "27B" in refs


@pytest.mark.parametrize(("token", "ref"), [("27B1a", "27B1(a)"), ("30B1bi", "30B1(b)(i)"), ("64A2", "64A2"),
                                            ("40B2aiii", "40B2(a)(iii)"), ("27", "27"), ("2017", None), ("99", None)])
def test_compact_references_in_test_names(token: str, ref: str | None) -> None:
    assert from_compact(token) == ref


# ---------------------------------------------------------------- linking tests and scenarios


@pytest.mark.parametrize(("name", "ref"), [
    ("test_27B1a_lowest_sufficient_bid_same_strain_no_rectification", "27B1(a)"),
    ("test_law_27_insufficient_bid_accepted", "27"),
    ("test_law_17B_dealer_calls_first", "17B"),
    ("test_77_published_values", "77"),
    ("test_2017_edition_is_the_default", None),
    ("test_undo_replays_all_but_the_last_action", None),
])
def test_a_test_name_links_to_its_law(name: str, ref: str | None) -> None:
    assert ref_from_test_name(name, bare_numbers=False) == ref


def test_markers_link_tests_to_laws(tmp_path: Path) -> None:
    laws = tmp_path / "tests" / "laws"
    laws.mkdir(parents=True)
    f = laws / "test_law_50.py"
    f.write_text(
        "import pytest\n"
        "pytestmark = pytest.mark.law('50')\n"
        "@pytest.mark.law('50D2(a)', '51B1(a)')\n"
        "def test_declarer_requires_the_suit(): pass\n"
        "def test_something(): pass\n"
        "class TestMinor:\n"
        "    @pytest.mark.law('50C')\n"
        "    def test_low_card(self): pass\n",
        encoding="utf-8",
    )
    links = {t.id.split("::")[-1]: t for t in scan_test_file(f, tmp_path)}
    assert links["test_declarer_requires_the_suit"].refs == ("50", "50D2(a)", "51B1(a)")
    assert links["test_something"].refs == ("50",)
    assert links["test_low_card"].refs == ("50", "50C")
    assert links["test_low_card"].id == "tests/laws/test_law_50.py::TestMinor::test_low_card"


def test_a_test_in_a_law_file_without_other_link_counts_for_that_law(tmp_path: Path) -> None:
    laws = tmp_path / "tests" / "laws"
    laws.mkdir(parents=True)
    f = laws / "test_law_64.py"
    f.write_text("def test_two_tricks_when_the_revoker_won_the_revoke_trick(): pass\n", encoding="utf-8")
    (link,) = scan_test_file(f, tmp_path)
    assert link.refs == ("64",) and link.how == "file"


@pytest.mark.parametrize(("title", "refs"), [
    ("E bids 1C over 1H; S declines it (Law 27B1(a))", ["27B1(a)"]),
    ("E repeats 1S: no rectification (Laws 29, 31A1)", ["29", "31A1"]),
    ("Calls out of rotation (Laws 28-30)", ["28", "29", "30"]),
    ("Правило 26B: запрет хода", ["26B"]),
    ("7S by North makes all 13 tricks: 1510", []),
])
def test_scenario_titles_name_their_laws(title: str, refs: list[str]) -> None:
    assert refs_in_title(title) == refs


@pytest.mark.parametrize(("title", "refs"), [
    ("16B1(a), 73C1: after N's hesitation", ["16B1(a)", "73C1"]),
    ("20F4/20F5: only the explaining side corrects", ["20F4", "20F5"]),
    ("1997, 20F1: a question about the whole auction", ["20F1"]),
    ("7S by North makes all 13 tricks: 1510", []),
])
def test_scenario_titles_may_start_with_their_laws(title: str, refs: list[str]) -> None:
    assert refs_leading_title(title) == refs


@pytest.mark.parametrize(("stem", "ref"), [("16B1a_poll_no_logical_alternative", "16B1(a)"), ("20F_request_log", "20F"),
                                          ("01-grand-slam-made", None), ("27_accepted", None)])
def test_scenario_file_names_may_name_their_rule(stem: str, ref: str | None) -> None:
    assert ref_from_file_name(stem) == ref


def test_scenarios_not_built_yet_are_read_from_test_scenarios() -> None:
    names = not_yet_scenarios(ROOT / "tests" / "test_scenarios.py")
    assert all(name.endswith(".json") for name in names)


# ---------------------------------------------------------------- API and commands


def test_law_entry_27_answers_in_both_languages() -> None:
    e = law_entry(27)
    assert e["title_en"] == "Insufficient Bid" and e["title_ru"] == "Недостаточное назначение"
    assert CYRILLIC.search(e["summary_ru"]) and "insufficient bid" in e["summary_en"]
    assert any(h.endswith("InsufficientBid") for h in e["handlers"])
    assert e["kind"] in KINDS
    assert "27B1(a)" in e["refs"]
    json.dumps(e, ensure_ascii=False)


def test_law_entry_refuses_a_law_that_does_not_exist() -> None:
    with pytest.raises(KeyError):
        law_entry(94)


def test_law_entries_list_all_93() -> None:
    entries = law_entries()
    assert [e["number"] for e in entries] == list(range(1, 94))


def test_bridgelaw_law_27_both_prints_english_then_russian(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["law", "27", "--lang", "both"]) == 0
    out = capsys.readouterr().out
    assert out.index("Law 27 — Insufficient Bid") < out.index("Правило 27 — Недостаточное назначение")
    assert "In this engine:" in out and "В этом движке:" in out and "bridgelaw." not in out


def test_bridgelaw_law_russian_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["law", "3", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "Правило 3 — Расстановка столов" in out and "Law 3" not in out


def test_bridgelaw_law_out_of_range_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["law", "0"]) == 2
    assert "1 to 93" in capsys.readouterr().err


def test_bridgelaw_laws_json_has_93_laws_and_totals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["laws", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["laws"]) == 93 and sum(data["totals"].values()) == 93


def test_bridgelaw_laws_markdown_puts_totals_first(tmp_path: Path) -> None:
    out = tmp_path / "laws.md"
    assert main(["laws", "--format", "markdown", "--output", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.index("## Totals by kind") < text.index("## The 93 laws")
    rows = [line for line in text.splitlines() if re.match(r"^\| \d+ \|", line)]
    assert [int(r.split("|")[1]) for r in rows] == list(range(1, 94))


def test_bridgelaw_laws_text_starts_with_the_totals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["laws"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "bridgelaw law matrix: 93 laws" and lines[1].startswith("by kind: mechanical ")


def test_bridgelaw_laws_totals_is_one_line_for_the_readme(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["laws", "--totals"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.rstrip().endswith("(93 laws)") and "mechanical" in out
