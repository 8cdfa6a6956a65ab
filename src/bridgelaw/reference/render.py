"""Text, Markdown and JSON views of the law matrix (``bridgelaw laws``, ``bridgelaw law N``).

The Markdown view is docs/laws.md, which the repository keeps and tests/test_matrix.py
compares with a fresh rendering; it therefore holds nothing that changes from run to run
(no dates, no absolute paths).
"""

from __future__ import annotations

import json

from bridgelaw.i18n import msg
from bridgelaw.reference.matrix import KINDS, LawRow, Matrix, row_dict

REGENERATE = "bridgelaw laws --format markdown --output docs/laws.md --evidence src/bridgelaw/reference/evidence.json"

KIND_MEANING: dict[str, str] = {
    "mechanical": "the engine applies the law itself",
    "director question": "the engine asks the director an explicit question and applies the answer",
    "record only": "the engine records the facts for the director (e.g. a hesitation)",
    "administrative": "outside a table engine: tournament organisation, the director's office, appeals",
    "not implemented": "a table engine should handle it; this one does not yet do so",
    "not used": "no such law in the 2017 code",
}


def short_handler(name: str) -> str:
    for prefix in ("bridgelaw.laws.", "bridgelaw."):
        if name.startswith(prefix):
            return name[len(prefix):]
    return name


def _scen(row: LawRow) -> str:
    passing = len(row.passing_scenarios)
    waiting = len(row.scenarios) - passing
    return f"{passing} (+{waiting} not yet)" if waiting else str(passing)


def totals_line(m: Matrix) -> str:
    """The one-line totals by kind (for the README)."""
    t = m.totals()
    return ", ".join(f"{t[k]} {k}" for k in KINDS) + f" ({sum(t.values())} laws)"


def _counts(m: Matrix) -> str:
    handlers = {c.handler for r in m.rows.values() for c in r.claims}
    claims = sum(len(r.claims) for r in m.rows.values())
    linked = {t.id for r in m.rows.values() for t in r.tests}
    scen = {s.path for r in m.rows.values() for s in r.scenarios}
    return (f"{len(handlers)} handlers claim {claims} law references; "
            f"{len(linked)} of {m.tests_total} tests are linked to laws; "
            f"{len(scen)} scenario files cite laws")


def _problems(m: Matrix) -> list[str]:
    lines = [f"handler {short_handler(c.handler)} cites {c.ref!r}, which does not exist in {'/'.join(c.editions)}"
             for c in m.invalid_claims]
    lines += [f"test {tid} cites {ref!r}, which is not a law reference" for tid, ref in m.invalid_test_refs]
    lines += [f"Law {r.number} is {r.kind} but has no test and no passing scenario" for r in m.untested()]
    lines += [f"handler {h} declares no law (@implements)" for h in m.unclaimed_handlers]
    lines += [f"module {name} did not import: {err}" for name, err in sorted(m.import_errors.items())]
    lines += [f"Law {n} is missing from the matrix" for n in m.missing_laws()]
    return lines


def render_markdown(m: Matrix) -> str:
    t = m.totals()
    out = [
        "# Law coverage matrix",
        "",
        "Generated from the code — the law registry (`@implements` on each handler), the catalogue",
        "(`src/bridgelaw/laws/catalog*.py`, titles from `src/bridgelaw/i18n/laws/`), the tests (linked by",
        "name or `@pytest.mark.law`) and the",
        f"scenario files. Do not edit by hand: run `{REGENERATE}`.",
        "",
        "## Totals by kind",
        "",
        "| Kind | Laws | Meaning |",
        "|---|---:|---|",
    ]
    out += [f"| {k} | {t[k]} | {KIND_MEANING[k]} |" for k in KINDS]
    out += [f"| **all** | **{sum(t.values())}** | |", "", _counts(m) + ".", ""]
    out += [
        "A law's kind is the most demanding handling any of its handlers declares (a director",
        "question outranks mechanical, which outranks record only). Status says whether every",
        "lettered section of the law has a handler; laws without handlers name the issue that will",
        "build them.",
        "",
        "## The 93 laws",
        "",
        f"| # | Law | {msg('ui.law').render('ru')} | Kind | Status | Handlers | Tests | Scenarios | Editions |",
        "|---:|---|---|---|---|---|---:|---:|---|",
    ]
    for n in sorted(m.rows):
        r = m.rows[n]
        handlers = "<br>".join(f"`{short_handler(h)}`" for h in r.handlers) or "—"
        out.append(f"| {n} | {r.info.title_en} | {r.info.title_ru} | {r.kind} | {r.status} | {handlers} "
                   f"| {len(r.tests)} | {_scen(r)} | {', '.join(r.editions) or '—'} |")
    problems = _problems(m)
    if problems:
        out += ["", "## Problems", ""] + [f"- {p}" for p in problems]
    return "\n".join(out) + "\n"


def render_text(m: Matrix) -> str:
    t = m.totals()
    out = [
        f"bridgelaw law matrix: {sum(t.values())} laws",
        "by kind: " + ", ".join(f"{k} {t[k]}" for k in KINDS),
        _counts(m),
        "",
        f"{'#':>3}  {'kind':<18}{'tests':>5} {'scen':>5}  {'editions':<10} law",
    ]
    for n in sorted(m.rows):
        r = m.rows[n]
        out.append(f"{n:>3}  {r.kind:<18}{len(r.tests):>5} {len(r.scenarios):>5}  "
                   f"{','.join(r.editions) or '-':<10} {r.info.title_en} / {r.info.title_ru}")
        detail = r.status
        if r.handlers:
            detail = ", ".join(short_handler(h) for h in r.handlers) + f"; {detail}"
        out.append(f"{'':<47}{detail}")
    problems = _problems(m)
    if problems:
        out += ["", "problems:"] + [f"  {p}" for p in problems]
    return "\n".join(out) + "\n"


def render_json(m: Matrix) -> str:
    data = {
        "totals": m.totals(),
        "laws": [row_dict(m.rows[n]) for n in sorted(m.rows)],
        "problems": _problems(m),
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def render_matrix(m: Matrix, fmt: str) -> str:
    if fmt == "markdown":
        return render_markdown(m)
    if fmt == "json":
        return render_json(m)
    return render_text(m)


# ---------------------------------------------------------------- one law


def render_entry(row: LawRow, lang: str = "en", fmt: str = "text", *, edition: str = "2017",
                 ref: str | None = None) -> str:
    """One law (or the sub-clause ``ref``) for a director: our summary first, then what the
    engine does with it (``bridgelaw.reference.law``); ``lang`` "both" gives English, then
    Russian. The JSON form is the matrix entry with the reference added."""
    from bridgelaw.reference.law import reference, render_text

    langs = ("en", "ru") if lang == "both" else (lang,)
    if fmt == "json":
        data = row_dict(row)
        data["reference"] = {lg: reference(row, lg, edition, ref) for lg in langs} if lang == "both" \
            else reference(row, lang, edition, ref)
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    return "\n".join(render_text(reference(row, lg, edition, ref)) for lg in langs)
