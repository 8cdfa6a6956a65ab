"""The law coverage matrix, generated from the code: for each of the 93 laws, how the
engine handles it, which handlers claim it, which tests and scenarios prove it.

Sources, so that the matrix cannot drift from the code:

* the law registry (laws/registry.py), filled as handler modules are imported: every module
  of the package that uses ``@implements`` is imported here;
* the catalogue (laws/catalog*.py, with the titles and summaries of i18n/laws/*.toml):
  titles, our summaries, valid references, and what a law
  without handlers is (administrative, not used, or not yet with its issue);
* the tests (read statically, see reference/scan.py) and the scenario files.

``bridgelaw laws`` prints the matrix, ``bridgelaw law N`` one entry; ``law_entry(n)`` and
``law_entries()`` serve the director's reference page.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

from bridgelaw.i18n import msg
from bridgelaw.laws.catalog.refs import is_valid_ref, law_of, parse_ref
from bridgelaw.laws.catalog.titles import CATALOG, LawInfo
from bridgelaw.laws.registry import REGISTRY, Handling, LawClaim
from bridgelaw.reference.evidence import Evidence, evidence_of, shipped_evidence
from bridgelaw.reference.scan import (
    ScenarioLink,
    TestLink,
    not_yet_scenarios,
    scan_scenarios,
    scan_tests,
)

PACKAGE = Path(__file__).resolve().parent.parent  # the bridgelaw package

# The kind of a law, most demanding first: a law whose handlers ask the director anywhere is
# a "director question" law even if most of its steps are mechanical.
KINDS: tuple[str, ...] = (
    "mechanical", "director question", "record only", "administrative", "not implemented", "not used",
)
_BY_HANDLING: dict[Handling, str] = {
    Handling.DIRECTOR_QUESTION: "director question",
    Handling.MECHANICAL: "mechanical",
    Handling.RECORD_ONLY: "record only",
    Handling.ADMINISTRATIVE: "administrative",
}
_PRIORITY = (Handling.DIRECTOR_QUESTION, Handling.MECHANICAL, Handling.RECORD_ONLY, Handling.ADMINISTRATIVE)
TESTED_KINDS = frozenset({"mechanical", "director question"})
# Message ids of the status words (the catalogs, po/*.po, hold them in each language).
_STATUS_IDS: dict[str, str] = {
    "complete": "lawref.status.complete", "partial": "lawref.status.partial",
    "not implemented": "lawref.status.not_implemented", "administrative": "lawref.status.administrative",
    "not used": "lawref.status.not_used",
}


def repo_root() -> Path:
    """The source tree holding tests/ and scenarios/ (BRIDGELAW_ROOT overrides)."""
    env = os.environ.get("BRIDGELAW_ROOT")
    return Path(env).resolve() if env else PACKAGE.parent.parent


def source_root() -> Path | None:
    """The source tree to scan for evidence: BRIDGELAW_ROOT, or the checkout the package is
    run from (src/bridgelaw beside tests/). None for an installed package, which reads the
    evidence it ships instead (``bridgelaw.reference.evidence``)."""
    root = repo_root()
    if os.environ.get("BRIDGELAW_ROOT") or (PACKAGE.parent.name == "src" and (root / "tests").is_dir()):
        return root
    return None


# ---------------------------------------------------------------- registry


def claiming_modules() -> list[str]:
    """Every module of the package that declares law claims (uses ``@implements``)."""
    names: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "registry.py" or "__pycache__" in path.parts:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if re.search(r"^\s*@?implements\(", text, re.MULTILINE):
            rel = path.relative_to(PACKAGE.parent).with_suffix("")
            names.append(".".join(rel.parts).removesuffix(".__init__"))
    return names


def load_claims() -> tuple[list[LawClaim], dict[str, str]]:
    """Import every claiming module (and the editions) and return the registry's claims,
    without duplicates, with the modules that failed to import and why."""
    errors: dict[str, str] = {}
    for name in ("bridgelaw.laws.editions", *claiming_modules()):
        try:
            import_module(name)
        except Exception as e:  # a half-built module must not hide the rest of the matrix
            errors[name] = f"{type(e).__name__}: {e}"
    # Only the package's own handlers: a test may register a throw-away handler.
    return [c for c in dict.fromkeys(REGISTRY) if c.handler.startswith("bridgelaw.")], errors


# ---------------------------------------------------------------- the matrix


@dataclass(slots=True)
class LawRow:
    info: LawInfo
    claims: list[LawClaim] = field(default_factory=list)
    tests: list[TestLink] = field(default_factory=list)
    scenarios: list[ScenarioLink] = field(default_factory=list)

    @property
    def number(self) -> int:
        return self.info.number

    @property
    def kind(self) -> str:
        handlings = {c.handling for c in self.claims}
        for h in _PRIORITY:
            if h in handlings:
                return _BY_HANDLING[h]
        return str(self.info.default.value)

    @property
    def handlers(self) -> list[str]:
        return sorted({c.handler for c in self.claims})

    @property
    def editions(self) -> list[str]:
        return sorted({e for c in self.claims for e in c.editions}, reverse=True)

    @property
    def covered_sections(self) -> list[str]:
        claimed = {parse_ref(c.ref) for c in self.claims}
        return [s for s in self.info.sections if any(p and f"{p[0]}{p[1][:1]}" == s for p in claimed)]

    @property
    def status(self) -> str:
        """complete / partial (k of n sections) / the default of a law no handler claims."""
        return self.status_in("en")

    def status_in(self, lang: str) -> str:
        """The status in English ("en") or Russian ("ru")."""
        if not self.claims:
            return msg(_STATUS_IDS[str(self.info.default.value)]).render(lang)
        total = len(self.info.sections)
        done = len(self.covered_sections)
        if total == 0 or done == total:
            return msg(_STATUS_IDS["complete"]).render(lang)
        return msg(_STATUS_IDS["partial"], done=done, total=total).render(lang)

    @property
    def passing_scenarios(self) -> list[ScenarioLink]:
        return [s for s in self.scenarios if s.passing]


@dataclass(slots=True)
class Matrix:
    rows: dict[int, LawRow]
    invalid_claims: list[LawClaim]
    invalid_test_refs: list[tuple[str, str]]   # (test id, cited text)
    import_errors: dict[str, str]
    tests_total: int
    root: Path
    unclaimed_handlers: list[str] = field(default_factory=list)  # "1997 kind: module.Class"

    def totals(self) -> dict[str, int]:
        counts = dict.fromkeys(KINDS, 0)
        for row in self.rows.values():
            counts[row.kind] = counts.get(row.kind, 0) + 1
        return counts

    def untested(self) -> list[LawRow]:
        """Laws the engine applies or asks about with neither a linked test nor a passing
        scenario."""
        return [r for r in self.rows.values() if r.kind in TESTED_KINDS and not r.tests and not r.passing_scenarios]

    def missing_laws(self) -> list[int]:
        return [n for n in range(1, 94) if n not in self.rows or self.rows[n].kind not in KINDS]


def unclaimed_handlers(claims: list[LawClaim]) -> list[str]:
    """Handlers in an edition whose class (or a base class) declares no law: the matrix
    would not count them."""
    try:
        from bridgelaw.laws.editions import EDITIONS
    except Exception:  # reported as an import error already
        return []
    names = {c.handler for c in claims}
    out: list[str] = []
    for edition_name, edition in EDITIONS.items():
        for kind, handler in sorted(edition.handlers.items()):
            mro = type(handler).__mro__
            if not any(f"{b.__module__}.{b.__qualname__}" in names for b in mro):
                out.append(f"{edition_name} {kind}: {type(handler).__module__}.{type(handler).__qualname__}")
    return out


def _claim_is_valid(claim: LawClaim) -> bool:
    return is_valid_ref(claim.ref, claim.editions)


def _place_claims(rows: dict[int, LawRow], claims: list[LawClaim]) -> list[LawClaim]:
    """Put each handler claim on its law's row; return the claims that cite no valid clause."""
    invalid = []
    for claim in claims:
        law = law_of(claim.ref)
        if law is None or not _claim_is_valid(claim):
            invalid.append(claim)
        if law is not None:
            rows[law].claims.append(claim)
    return invalid


def _place_tests(rows: dict[int, LawRow], tests: list[TestLink]) -> list[tuple[str, str]]:
    """Put each test on the rows of the laws it cites; return the (test, text) of bad citations."""
    bad_refs: list[tuple[str, str]] = []
    for t in tests:
        bad_refs += [(t.id, text) for text in t.invalid]
        # a test may cite a clause of either edition (the 1997 numbering keeps the 2017 one)
        bad_refs += [(t.id, ref) for ref in t.refs if not (is_valid_ref(ref) or is_valid_ref(ref, ("1997",)))]
        for law in dict.fromkeys(law_of(r) for r in t.refs):
            if law is not None:
                rows[law].tests.append(t)
    return bad_refs


def scan_root(root: Path) -> tuple[list[TestLink], list[ScenarioLink]]:
    """Every test under ``root``/tests and every scenario file of ``root``/scenarios and of the
    shared folder beside ``root``, read statically."""
    tests = scan_tests(root / "tests", root)
    not_yet = not_yet_scenarios(root / "tests" / "test_scenarios.py")
    folders = [(root / "scenarios", "scenarios"), (root.parent / "shared" / "scenarios", "../shared/scenarios")]
    return tests, scan_scenarios(folders, not_yet)


def build_matrix(root: Path | None = None) -> Matrix:
    """Build the matrix now from the registry, the catalogue, the tests and the scenarios:
    those of ``root`` or of the source tree, failing both those the package ships."""
    where = root or source_root()
    claims, errors = load_claims()
    rows = {n: LawRow(info) for n, info in CATALOG.items()}
    invalid = _place_claims(rows, claims)
    if where is None:
        shipped = shipped_evidence()
        tests, scenarios, total = list(shipped.tests), list(shipped.scenarios), shipped.tests_total
    else:
        where = where.resolve()
        tests, scenarios = scan_root(where)
        total = len(tests)
    bad_refs = _place_tests(rows, tests)
    for s in scenarios:
        for law in dict.fromkeys(law_of(r) for r in s.refs):
            if law is not None:
                rows[law].scenarios.append(s)
    return Matrix(rows, invalid, bad_refs, errors, total, where or PACKAGE, unclaimed_handlers(claims))


def matrix_evidence(m: Matrix) -> Evidence:
    """The tests and scenarios on the matrix's rows, as the package ships them."""
    links = dict.fromkeys(t for r in m.rows.values() for t in r.tests)
    scenarios = dict.fromkeys(s for r in m.rows.values() for s in r.scenarios)
    return evidence_of(m.tests_total, list(links), list(scenarios))


@cache
def _cached(root: str | None) -> Matrix:
    return build_matrix(Path(root) if root else None)


def matrix(refresh: bool = False) -> Matrix:
    """The matrix for this source tree (or the installed package), built once per process
    (``refresh`` rebuilds)."""
    if refresh:
        _cached.cache_clear()
    where = source_root()
    return _cached(str(where) if where else None)


# ---------------------------------------------------------------- API for the server


def _claim_dict(c: LawClaim) -> dict[str, Any]:
    return {"ref": c.ref, "handling": c.handling.value, "handler": c.handler,
            "editions": list(c.editions), "valid": _claim_is_valid(c)}


def row_dict(row: LawRow, *, full: bool = True) -> dict[str, Any]:
    """One law as plain data (JSON-ready). The short form counts tests and scenarios; the
    full form lists them (``tests``, ``scenarios``) and adds the summaries, the claims and
    the references. ``law`` repeats ``number`` and ``summary`` repeats ``summary_en`` for
    the server's reference page."""
    info = row.info
    out: dict[str, Any] = {
        "number": info.number,
        "law": info.number,
        "title_en": info.title_en,
        "title_ru": info.title_ru,
        "kind": row.kind,
        "status": row.status,
        "handlers": row.handlers,
        "tests": len(row.tests),
        "scenarios": len(row.scenarios),
        "editions": row.editions,
    }
    if full:
        claimed = {c.ref for c in row.claims}
        out.update({
            "available": True,
            "summary_en": info.summary_en,
            "summary": info.summary_en,
            "summary_ru": info.summary_ru,
            "test_count": len(row.tests),
            "scenario_count": len(row.scenarios),
            "digest_class": info.digest_class,
            "sections": [{"ref": s, "covered": s in row.covered_sections} for s in info.sections],
            "refs": list(info.refs),
            "claimed_refs": sorted(claimed),
            "claims": [_claim_dict(c) for c in row.claims],
            "tests": [{"id": t.id, "refs": list(t.refs), "how": t.how} for t in row.tests],
            "scenarios": [{"path": s.path, "title": s.title, "refs": list(s.refs),
                           "passing": s.passing} for s in row.scenarios],
        })
    return out


def law_entry(n: int, *, refresh: bool = False, lang: str = "en", edition: str = "2017") -> dict[str, Any]:
    """Everything the matrix knows about law ``n``: titles, our summaries in English and
    Russian, kind, status, handlers with their claims, tests and scenario examples; with
    ``summary`` (what the law covers) and ``reference`` (the director's summary and what the
    engine does, ``bridgelaw.reference.law``) in ``lang``. KeyError when ``n`` is not 1-93."""
    from bridgelaw.reference.law import reference

    m = matrix(refresh)
    if n not in m.rows:
        raise KeyError(n)
    out = row_dict(m.rows[n])
    ref = reference(m.rows[n], lang, edition)
    out.update({"lang": lang, "title": ref["title"], "summary": ref["covers"], "reference": ref})
    return out


def law_entries(*, refresh: bool = False, lang: str = "en") -> list[dict[str, Any]]:
    """The short entry of every law 1-93, in order (for the reference page's index), with
    its ``title`` and ``summary`` (what it covers) in ``lang``."""
    from bridgelaw.i18n.law_summaries import summary

    m = matrix(refresh)
    out = []
    for n in sorted(m.rows):
        entry = row_dict(m.rows[n], full=False)
        s = summary(n, lang)
        entry.update({"lang": lang, "title": s.title, "summary": s.covers})
        out.append(entry)
    return out


def totals(*, refresh: bool = False) -> dict[str, int]:
    """Number of laws of each kind (the line the README quotes)."""
    return matrix(refresh).totals()


# ---------------------------------------------------------------- command line


def cmd_laws(args: argparse.Namespace) -> int:
    from bridgelaw.reference.render import render_matrix

    m = build_matrix(Path(args.root) if args.root else None)
    if args.totals:
        from bridgelaw.reference.render import totals_line

        print(totals_line(m))
        return 0
    text = render_matrix(m, args.format)
    if args.evidence:
        from bridgelaw.reference.evidence import render_evidence

        Path(args.evidence).write_text(render_evidence(matrix_evidence(m)), encoding="utf-8")
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
        print(f"wrote {args.output}: {sum(m.totals().values())} laws", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def cmd_law(args: argparse.Namespace) -> int:
    """``bridgelaw law N``: the director's summary of a law or sub-clause, then what the
    engine does with it."""
    from bridgelaw.reference.law import parse_lookup
    from bridgelaw.reference.render import render_entry

    if not re.search(r"\d", args.number):  # words, not a reference: the laws that hold them
        return _search(args.number, args.lang)
    number, ref = parse_lookup(args.number, args.edition)
    m = build_matrix(Path(args.root) if args.root else None)
    sys.stdout.write(render_entry(m.rows[number], args.lang, args.format, edition=args.edition, ref=ref))
    return 0


def _search(query: str, lang: str) -> int:
    """``bridgelaw law WORDS``: the laws whose summaries hold every word, best first."""
    from bridgelaw.errors import BridgeLawError
    from bridgelaw.i18n import text
    from bridgelaw.reference.search import found_text, query_language

    # Russian words are looked up in the Russian summaries, whatever --lang says
    langs = ("en", "ru") if lang == "both" else (query_language(query) or lang,)
    out = [found_text(query, one) for one in langs]
    if not any(out):
        raise BridgeLawError(text("cli.error.law_not_found", text=query.strip()))
    sys.stdout.write("\n".join(o for o in out if o))
    return 0


def add_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register ``laws`` and ``law`` on the main parser (called by cli.py)."""
    p = sub.add_parser("laws", help="print the law coverage matrix for all 93 laws")
    p.add_argument("--format", choices=("text", "markdown", "json"), default="text")
    p.add_argument("--output", metavar="FILE", help="write to FILE instead of standard output")
    p.add_argument("--evidence", metavar="FILE", help="also write the tests and scenarios behind each law to FILE "
                   "(the package's reference/evidence.json, read where there is no source tree)")
    p.add_argument("--totals", action="store_true", help="print only the number of laws of each kind (one line, for the README)")
    p.add_argument("--root", help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_laws)

    p = sub.add_parser("law", help="print one law (or sub-clause) for a director: our summary first, then what the engine does with it")
    p.add_argument("number", metavar="LAW", help="a law 1 to 93 or a sub-clause: 27, 27B1, 27B1(a); or words to find the laws that hold them: 'penalty card'")
    p.add_argument("--lang", choices=("en", "ru", "both"), default="en", help="language of the text (default en; both prints English, then Russian)")
    p.add_argument("--edition", choices=("2017", "1997"), default="2017", help="edition of the Laws (default 2017)")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--root", help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_law)
