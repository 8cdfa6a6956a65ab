"""Text, Markdown and JSON views of the law matrix (``bridgelaw laws``, ``bridgelaw law N``).

The Markdown view is docs/laws.md, which the repository keeps and tests/test_matrix.py
compares with a fresh rendering; it therefore holds nothing that changes from run to run
(no dates, no absolute paths).
"""

from __future__ import annotations

import json

from bridgelaw.matrix import KINDS, LawRow, Matrix, row_dict

REGENERATE = "bridgelaw laws --format markdown --output docs/laws.md"

KIND_RU: dict[str, str] = {
    "mechanical": "механически",
    "director question": "вопрос судье",
    "record only": "только запись",
    "administrative": "административное",
    "not implemented": "не реализовано",
    "not used": "не используется",
}

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
        "(`src/bridgelaw/laws/catalog*.py`), the tests (linked by name or `@pytest.mark.law`) and the",
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
        "| # | Law | Правило | Kind | Status | Handlers | Tests | Scenarios | Editions |",
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

_LABELS: dict[str, dict[str, str]] = {
    "en": {"law": "Law", "kind": "Kind", "status": "Status", "summary": "Summary",
           "handlers": "Handlers", "refs": "References", "tests": "Tests", "scenarios": "Scenario examples",
           "none": "none", "not_yet": "not passing yet", "digest": "digest class"},
    "ru": {"law": "Правило", "kind": "Вид", "status": "Состояние", "summary": "Кратко",
           "handlers": "Обработчики", "refs": "Пункты", "tests": "Тесты", "scenarios": "Примеры (сценарии)",
           "none": "нет", "not_yet": "пока не проходит", "digest": "класс по дайджесту"},
}


def _entry_heading(row: LawRow, langs: tuple[str, ...]) -> list[str]:
    """The law's title in each language, its kind, status and summaries."""
    lab = _LABELS[langs[0]]
    info = row.info
    out: list[str] = []
    for lg in langs:
        title = info.title_en if lg == "en" else info.title_ru
        out.append(f"{_LABELS[lg]['law']} {info.number} — {title}")
    kind = row.kind if langs == ("en",) else (KIND_RU[row.kind] if langs == ("ru",) else f"{row.kind} / {KIND_RU[row.kind]}")
    status = " / ".join(row.status_in(lg) for lg in langs)
    out += [f"{lab['kind']}: {kind}  ({lab['digest']} {info.digest_class})", f"{lab['status']}: {status}", ""]
    for lg in langs:
        summary = info.summary_en if lg == "en" else info.summary_ru
        out += [f"{_LABELS[lg]['summary']}: {summary}", ""]
    return out


def _entry_handlers(row: LawRow, lab: dict[str, str]) -> list[str]:
    """Each handler with the references it implements, grouped by handling and editions."""
    out = [f"{lab['handlers']}:" + ("" if row.claims else f" {lab['none']}")]
    for h in row.handlers:
        mine = [c for c in row.claims if c.handler == h]
        by_kind: dict[str, list[str]] = {}
        for c in mine:
            by_kind.setdefault(f"{c.handling.value}, {'/'.join(c.editions)}", []).append(c.ref)
        out.append(f"  {short_handler(h)}")
        out += [f"    [{k}] {' '.join(refs)}" for k, refs in by_kind.items()]
    return out


def _entry_evidence(row: LawRow, lab: dict[str, str]) -> list[str]:
    """The tests and scenario examples that cite the law."""
    out = [f"{lab['tests']} ({len(row.tests)}):" + ("" if row.tests else f" {lab['none']}")]
    out += [f"  {t.id}  [{', '.join(t.refs)}]" for t in row.tests]
    out.append(f"{lab['scenarios']} ({len(row.scenarios)}):" + ("" if row.scenarios else f" {lab['none']}"))
    for s in row.scenarios:
        flag = "" if s.passing else f" ({lab['not_yet']})"
        out += [f"  {s.path}{flag}", f"    {s.title}"]
    return out


def render_entry(row: LawRow, lang: str = "both", fmt: str = "text") -> str:
    if fmt == "json":
        return json.dumps(row_dict(row), ensure_ascii=False, indent=1) + "\n"
    langs = ("en", "ru") if lang == "both" else (lang,)
    lab = _LABELS[langs[0]]
    out = _entry_heading(row, langs)
    out.append(f"{lab['refs']}: " + (" ".join(row.info.refs[1:]) or lab["none"]))
    out += _entry_handlers(row, lab)
    out += _entry_evidence(row, lab)
    return "\n".join(out) + "\n"
