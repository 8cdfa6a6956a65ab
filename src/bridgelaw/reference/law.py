"""The director's law reference: one law (or one sub-clause) as a director reads it.

First the law itself, from our summaries (``bridgelaw.i18n.law_summaries``): its title,
what it covers, its key sub-clauses and how the 1997 edition differs. Then, second and in
plain words, what this engine does with it, from the law matrix (``bridgelaw.reference.matrix``):
which sub-clauses it applies itself, where it asks the director, what it only records.
``bridgelaw law N`` prints it (``render_text``); the server's ``/api/laws/N`` sends it as
data (``reference``).
"""

from __future__ import annotations

import textwrap
from functools import cache
from typing import Any

from bridgelaw.errors import BridgeLawError
from bridgelaw.i18n import msg
from bridgelaw.i18n import text as said
from bridgelaw.i18n.law_summaries import LawSummary, summary
from bridgelaw.laws.catalog.citations import exists, in_edition
from bridgelaw.laws.catalog.refs import from_compact, parse_ref
from bridgelaw.laws.catalog.titles import Default
from bridgelaw.laws.registry import Handling, LawClaim
from bridgelaw.reference.matrix import LawRow

EDITIONS = ("2017", "1997")
_HANDLING_ORDER = (Handling.MECHANICAL, Handling.DIRECTOR_QUESTION, Handling.RECORD_ONLY, Handling.ADMINISTRATIVE)
_HANDLING_IDS = {
    Handling.MECHANICAL: "lawref.handling.mechanical",
    Handling.DIRECTOR_QUESTION: "lawref.handling.director",
    Handling.RECORD_ONLY: "lawref.handling.record",
    Handling.ADMINISTRATIVE: "lawref.handling.administrative",
}
_DEFAULT_IDS = {
    Default.ADMINISTRATIVE: "lawref.default.administrative",
    Default.NOT_IMPLEMENTED: "lawref.default.not_implemented",
    Default.NOT_USED: "lawref.default.not_used",
}
_WIDTH = 96


def parse_lookup(text: str, edition: str = "2017") -> tuple[int, str]:
    """A law or sub-clause as typed ("27", "27B1", "27B1(a)", "27B1a") -> (27, "27B1(a)").

    BridgeLawError when it is not a law reference, or names a sub-clause that does not
    exist in ``edition``."""
    raw = text.strip()
    if raw.isdigit() and not 1 <= int(raw) <= 93:
        raise BridgeLawError(said("cli.error.no_such_law", law=int(raw)))
    ref = raw if parse_ref(raw) else from_compact(raw)
    parsed = parse_ref(ref) if ref else None
    if ref is None or parsed is None:
        raise BridgeLawError(said("cli.error.not_a_reference", text=raw))
    law = parsed[0]
    if ref != str(law) and not exists(ref, edition):
        raise BridgeLawError(said("cli.error.no_such_clause", law=law, edition=edition, ref=ref))
    return law, ref


def _in_scope(ref: str, scope: str) -> bool:
    """``ref`` is the sub-clause looked up, one of its parts, or a clause that contains it."""
    return ref == scope or ref.startswith(scope) or scope.startswith(ref)


def _clauses(s: LawSummary, scope: str, edition: str = "2017") -> list[dict[str, str]]:
    """The summary's lines of ``edition`` for the whole law, or for the sub-clause ``scope``
    and its parts (failing those, the nearest clause above it). A 1997 page lists only the
    1997 lines, never the 2017 ones under 1997's name."""
    lines = s.clauses if edition == "2017" else s.clauses_1997
    if scope == str(s.number):
        return [{"ref": r, "text": t} for r, t in lines]
    below = [{"ref": r, "text": t} for r, t in lines if r.startswith(scope)]
    if below:
        return below
    above = [(r, t) for r, t in lines if scope.startswith(r)]
    return [{"ref": r, "text": t} for r, t in above[-1:]]


def _clauses_note(s: LawSummary, edition: str, lang: str) -> str:
    """On a 1997 page of a law whose 1997 numbering the summaries do not give: say so."""
    if edition == "1997" and not s.clauses_1997 and s.clauses:
        return msg("lawref.clauses_1997_unknown").render(lang)
    return ""


@cache
def _handler_kinds() -> dict[str, str]:
    """Handler (module.Class, as claims name it) -> its kind, for every class a handler of an
    edition derives from: the kind has a word in each language (``kind.*`` messages)."""
    from bridgelaw.laws.editions import EDITIONS as TABLES

    out: dict[str, str] = {}
    for table in TABLES.values():
        for kind, handler in sorted(table.handlers.items()):
            for cls in type(handler).__mro__:
                out.setdefault(f"{cls.__module__}.{cls.__qualname__}", kind)
    return out


def _refs_text(refs: list[str]) -> str:
    return ", ".join(dict.fromkeys(refs))


def _handling_lines(claims: list[LawClaim], edition: str, lang: str) -> list[str]:
    """What the engine does for the law, by handling, in the edition's own numbering: a
    clause the edition does not have (2017's 27B4 on a 1997 page) is not listed."""
    lines = []
    for handling in _HANDLING_ORDER:
        named = {in_edition(c.ref, edition) for c in claims if c.handling is handling}
        refs = sorted((r for r in named if exists(r, edition)), key=_ref_order)
        if refs:
            lines.append(msg(_HANDLING_IDS[handling], refs=_refs_text(refs)).render(lang))
    return lines


def _ref_order(ref: str) -> tuple[int, str]:
    parsed = parse_ref(ref)
    return (parsed[0], parsed[1]) if parsed else (999, ref)


def _default_line(row: LawRow, lang: str, edition: str) -> str:
    """A law no handler of this edition claims: administrative, not applied, or not used."""
    default = row.info.default
    if edition == "1997" and default is Default.NOT_USED:
        default = Default.NOT_IMPLEMENTED  # 88 and 89 exist in 1997; the engine does not apply them
    return msg(_DEFAULT_IDS[default]).render(lang)


def _uncovered_lines(row: LawRow, claims: list[LawClaim], lang: str) -> list[str]:
    """The lettered sections (2017) that no handler claims."""
    uncovered = [s for s in row.info.sections if not any(c.ref.startswith(s) for c in claims)]
    return [msg("lawref.uncovered", refs=_refs_text(uncovered)).render(lang)] if uncovered else []


def _handler_lines(claims: list[LawClaim], lang: str) -> list[str]:
    """The handlers, by the word each language has for their kind (no internal names)."""
    kinds = _handler_kinds()
    words = [msg(f"kind.{kinds[c.handler]}").render(lang) for c in claims if c.handler in kinds]
    return [msg("lawref.handlers", names="; ".join(dict.fromkeys(words))).render(lang)] if words else []


def _evidence_line(row: LawRow, scope: str, lang: str) -> str:
    tests = [t for t in row.tests if any(_in_scope(r, scope) for r in t.refs)]
    scenarios = [x for x in row.passing_scenarios if any(_in_scope(r, scope) for r in x.refs)]
    return msg("lawref.evidence", tests=len(tests), scenarios=len(scenarios)).render(lang)


def engine_lines(row: LawRow, lang: str, edition: str = "2017", scope: str | None = None, director: bool = False) -> list[str]:
    """What the engine does with the law (or the sub-clause ``scope``), in plain words;
    with ``director`` only what the table does with it (not the sections left to other
    laws, the editions or the count of tests and scenarios)."""
    scope = scope or str(row.number)
    claims = [c for c in row.claims if edition in c.editions and _in_scope(c.ref, scope)]
    if not claims:
        return [_default_line(row, lang, edition)]
    lines = _handling_lines(claims, edition, lang)
    if director:
        return lines + _handler_lines(claims, lang)
    if scope == str(row.number) and edition == "2017":
        lines += _uncovered_lines(row, claims, lang)
    lines += _handler_lines(claims, lang)
    editions = ", ".join(sorted({e for c in claims for e in c.editions}, reverse=True))
    return [*lines, msg("lawref.editions", editions=editions).render(lang), _evidence_line(row, scope, lang)]


def reference(row: LawRow, lang: str, edition: str = "2017", scope: str | None = None) -> dict[str, Any]:
    """The law (or sub-clause ``scope``) for a director, as plain data in ``lang``."""
    if edition not in EDITIONS:
        raise BridgeLawError(f"there is no {edition} edition: expected one of {', '.join(EDITIONS)}")
    s = summary(row.number, lang)
    scope = scope or str(row.number)
    return {
        "law": row.number,
        "ref": scope,
        "lang": lang,
        "edition": edition,
        "title": s.title_1997 if edition == "1997" and s.title_1997 else s.title,
        "covers": s.covers_1997 if edition == "1997" and s.covers_1997 else s.covers,
        "clauses": _clauses(s, scope, edition),
        "clauses_note": _clauses_note(s, edition, lang),
        "edition_1997": s.edition_1997,
        "engine": engine_lines(row, lang, edition, scope),
        "at_the_table": engine_lines(row, lang, edition, scope, director=True),
    }


def _wrap(text: str, indent: str = "", first: str = "") -> list[str]:
    return textwrap.wrap(text, _WIDTH, initial_indent=first or indent, subsequent_indent=indent) or [first]


def _clause_block(ref: dict[str, Any], lang: str) -> list[str]:
    if not ref["clauses"]:
        if ref["clauses_note"]:
            return [*_wrap(ref["clauses_note"]), ""]
        if ref["ref"] != str(ref["law"]):
            return [*_wrap(msg("lawref.no_line", ref=ref["ref"]).render(lang)), ""]
        return []
    label = "lawref.clauses" if ref["edition"] == "2017" else "lawref.clauses_1997"
    width = max(len(c["ref"]) for c in ref["clauses"]) + 3
    out = [msg(label).render(lang)]
    for c in ref["clauses"]:
        out += _wrap(c["text"], " " * (width + 2), f"  {c['ref']:<{width}}")
    return [*out, ""]


def render_text(ref: dict[str, Any]) -> str:
    """The reference as the command line prints it: the law first, the engine second."""
    lang = ref["lang"]
    if ref["ref"] == str(ref["law"]):
        head = msg("lawref.heading", law=ref["law"], title=ref["title"]).render(lang)
    else:
        head = msg("lawref.heading_ref", law=ref["law"], title=ref["title"], ref=ref["ref"]).render(lang)
    out = [head, "", *_wrap(ref["covers"]), ""]
    note = [*_wrap(ref["edition_1997"], "  ", "  "), ""]
    note_head = msg("lawref.edition_1997").render(lang)
    if ref["edition"] == "1997":
        out += [note_head, *note]
    out += _clause_block(ref, lang)
    if ref["edition"] == "2017":
        out += [note_head, *note]
    out.append(msg("lawref.engine").render(lang))
    for line in ref["engine"]:
        out += _wrap(line, "    ", "  ")
    return "\n".join(out) + "\n"
