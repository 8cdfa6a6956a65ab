"""Finding a law by what a director calls it.

A director looks up «штрафная карта», «претензия» or «фальшренонс», not «Law 50». The
search reads our summaries of the Laws (the title, what the law covers, its sub-clauses and
the 1997 note) in the language asked for, and matches each word of the query however it is
inflected, and the other words a director looks a law up by (``i18n/laws/search-*.toml``:
«пауза», «misinformation», the 1997 terms): a word is cut to its stem (its first letters, the ending dropped) and found inside
the words of the text, so «штрафная карта» finds «Распоряжение штрафной картой» and «ренонс»
finds «фальшренонсе». Every word of the query must be found somewhere in the law. A number
(«27», «27B1») finds that law first, its sub-clauses shown.

Matches are ranked by where the words were found (the title weighs most, then what the law
covers, then its sub-clauses), ties by the law's number.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from bridgelaw.i18n import msg
from bridgelaw.i18n.law_summaries import LawSummary, summaries

_WORD = re.compile(r"\w+", re.UNICODE)
_CYRILLIC = re.compile("[\u0400-\u04ff]")
_LAW_NUMBER = re.compile(r"^(\d{1,2})([A-Za-z0-9()]*)$")
SHORTEST_WORD = 3  # shorter words of a query (и, в, of) find too much to mean anything
MAX_QUERY_WORDS = 8
MAX_QUERY_CHARS = 200


@dataclass(frozen=True, slots=True)
class Found:
    """One law the query found: its number, and the sub-clauses where a word was found."""

    law: int
    score: int
    clauses: tuple[str, ...]


_YO_AS_E = {0x451: 0x435}  # the letter yo is often typed as ye: both read the same


def _norm(text: str) -> str:
    return text.lower().translate(_YO_AS_E)


def _stem(word: str) -> str:
    """The part of a word its inflected forms share: the ending dropped, never below four
    letters (Russian endings run to two or three letters, and three also bridge the British
    and American spellings of «unauthorised»)."""
    if len(word) <= 4:
        return word
    return word[: max(4, len(word) - 3)]


def query_language(query: str) -> str | None:
    """The language a query's words are written in, when their script says it: Cyrillic is
    Russian («штрафная карта» is looked up in the Russian summaries whatever language the
    page or the terminal defaults to); None for Latin letters or digits alone."""
    return "ru" if _CYRILLIC.search(query) else None


def query_stems(query: str) -> list[str]:
    """The stems of the query's words that mean something (numbers apart)."""
    words = _WORD.findall(_norm(query[:MAX_QUERY_CHARS]))
    return [_stem(w) for w in words if len(w) >= SHORTEST_WORD and not w.isdigit()][:MAX_QUERY_WORDS]


@cache
def other_words(lang: str) -> dict[int, str]:
    """The words a director may look each law up by that its summary does not use, as one
    text per law (``i18n/laws/search-<lang>.toml``)."""
    raw = tomllib.loads(files("bridgelaw.i18n").joinpath("laws", f"search-{lang}.toml").read_text(encoding="utf-8"))
    return {int(number): " ".join(words) for number, words in raw.items()}


def _has(stem: str, text: str) -> bool:
    return any(stem in word for word in _WORD.findall(text))


def _score(s: LawSummary, stems: list[str], also: str) -> Found | None:
    title, covers = _norm(s.title), _norm(f"{s.covers} {also}")
    clauses = [(ref, _norm(line)) for ref, line in s.clauses]
    note = _norm(s.edition_1997)
    score = 0
    hit_clauses: list[str] = []
    for stem in stems:
        here = [ref for ref, line in clauses if _has(stem, line)]
        found = 6 * _has(stem, title) + 3 * _has(stem, covers) + 2 * bool(here) + _has(stem, note)
        if not found:
            return None
        score += found
        hit_clauses += [ref for ref in here if ref not in hit_clauses]
    return Found(s.number, score, tuple(hit_clauses))


def _by_number(query: str, lang: str) -> Found | None:
    m = _LAW_NUMBER.match(query.strip().replace(" ", ""))
    if not m or not 1 <= int(m.group(1)) <= 93:
        return None
    number, rest = int(m.group(1)), m.group(2).upper()
    s = summaries(lang)[number]
    ref = f"{number}{rest}"
    return Found(number, 1000, tuple(r for r, _line in s.clauses if rest and r.upper().startswith(ref)))


def find_laws(query: str, lang: str) -> list[Found]:
    """The laws whose summaries in ``lang`` hold every word of ``query``, best first; a law
    number or sub-clause («64», «27B1») finds that law. An empty query finds nothing."""
    exact = _by_number(query, lang)
    if exact is not None:
        return [exact]
    stems = query_stems(query)
    if not stems:
        return []
    also = other_words(lang)
    found = [f for s in summaries(lang).values() if (f := _score(s, stems, also.get(s.number, ""))) is not None]
    return sorted(found, key=lambda f: (-f.score, f.law))


def found_text(query: str, lang: str, shown: int = 12) -> str:
    """What ``bridgelaw law WORDS`` prints: the laws found, best first, a line each with the
    sub-clauses where the words are, and how to open one in full; "" when none is found."""
    found = find_laws(query, lang)
    if not found:
        return ""
    titles = summaries(lang)
    lines = [msg("lawref.found", n=len(found)).render(lang)]
    for f in found[:shown]:
        clauses = f" ({', '.join(f.clauses[:6])}{', …' if len(f.clauses) > 6 else ''})" if f.clauses else ""
        lines.append("  " + msg("lawref.found_line", law=f.law, title=titles[f.law].title, clauses=clauses).render(lang))
    if len(found) > shown:
        lines.append("  …")
    return "\n".join(lines) + "\n"
