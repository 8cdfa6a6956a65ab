"""The director's summary of each law, in each language of the catalogs.

The texts live in ``i18n/laws/<lang>.toml`` (one table a law: its title, what it covers,
its key sub-clauses with one line each, how the 1997 edition differs and, where our
digest knows them, the key sub-clauses of 1997 in their own numbering), written in our
own words for a director who looks a law up; they never quote the Laws. This module only
reads them: ``bridgelaw.reference.law`` puts them together with what the engine does.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from bridgelaw.i18n.catalog import LANGUAGES


@dataclass(frozen=True, slots=True)
class LawSummary:
    """One law as a director reads it, in one language."""

    number: int
    title: str
    covers: str                           # what the law is about, a sentence or two
    clauses: tuple[tuple[str, str], ...]  # (2017 reference, one line), in the law's order
    edition_1997: str                     # how the 1997 Laws differ (numbering or substance)
    clauses_1997: tuple[tuple[str, str], ...] = ()  # (1997 reference, one line) where the digest knows them
    title_1997: str = ""                  # the 1997 title and subject, where they differ (Law 23)
    covers_1997: str = ""


def _entry(number: int, data: dict[str, object]) -> LawSummary:
    clauses = data.get("clauses", {})
    clauses_1997 = data.get("clauses_1997", {})
    if not isinstance(clauses, dict) or not isinstance(clauses_1997, dict):
        raise ValueError(f"Law {number}: 'clauses' and 'clauses_1997' must be tables")
    return LawSummary(
        number=number,
        title=str(data["title"]),
        covers=str(data["covers"]),
        clauses=tuple((str(k), str(v)) for k, v in clauses.items()),
        edition_1997=str(data["edition_1997"]),
        clauses_1997=tuple((str(k), str(v)) for k, v in clauses_1997.items()),
        title_1997=str(data.get("title_1997", "")),
        covers_1997=str(data.get("covers_1997", "")),
    )


@cache
def summaries(lang: str) -> dict[int, LawSummary]:
    """Every law's summary in ``lang`` ("en" or "ru"), by law number."""
    if lang not in LANGUAGES:
        raise KeyError(f"no law summaries for language {lang!r}: expected one of {', '.join(LANGUAGES)}")
    raw = tomllib.loads(files("bridgelaw.i18n").joinpath("laws", f"{lang}.toml").read_text(encoding="utf-8"))
    return {int(k): _entry(int(k), v) for k, v in raw.items()}


def summary(number: int, lang: str) -> LawSummary:
    """The summary of law ``number`` in ``lang``; KeyError when there is none."""
    return summaries(lang)[number]
