"""HTTP routes of the director's law reference (``bridgelaw.reference.matrix``, ``bridgelaw.reference.law``).

Each answer is in the language asked for: ``?lang=`` (en, ru), else the first language of
the Accept-Language header the catalogs have, else English.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query

from bridgelaw.i18n import text
from bridgelaw.i18n.output import choose_language
from bridgelaw.reference.matrix import law_entries, law_entry
from bridgelaw.reference.search import MAX_QUERY_CHARS, find_laws, query_language
from bridgelaw.server.deps import ERRORS
from bridgelaw.server.hub import ClientError

_EDITIONS = ("2017", "1997")


def router() -> APIRouter:
    r = APIRouter(tags=["laws"])

    @r.get("/api/laws/{number}", responses=ERRORS)
    async def law(number: int, lang: str | None = None, edition: str = "2017",
                  accept_language: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """The director's reference for one law (1-93): ``reference`` holds our summary (title,
        what it covers, key sub-clauses, the 1997 differences) and what the engine does with
        the law, in plain words; ``summary`` is what the law covers. The matrix data (titles
        and summaries in both languages, handlers, tests, scenarios) stays alongside."""
        if not 1 <= number <= 93:
            raise ClientError("no_such_law", text("server.error.no_such_law", number=number), status=404)
        if edition not in _EDITIONS:
            raise ClientError("no_such_edition", text("server.error.no_such_edition", editions=", ".join(_EDITIONS), given=repr(edition)))
        chosen = choose_language(lang, accept_language)
        return await asyncio.to_thread(law_entry, number, lang=chosen, edition=edition)

    @r.get("/api/laws")
    async def laws_index(lang: str | None = None, q: Annotated[str, Query(max_length=MAX_QUERY_CHARS)] = "",
                         accept_language: Annotated[str | None, Header()] = None) -> list[dict[str, Any]]:
        """The short entry of every law 1-93 (the reference page's index), with its ``title``
        and ``summary`` in the language asked for. With ``q``, only the laws whose summaries
        hold every word of it, however inflected («штрафная карта», «27B1»), best first, each
        with the sub-clauses where a word was found (``found_clauses``). Words in Cyrillic are
        looked up in Russian when no ``lang`` is given."""
        chosen = choose_language(lang or query_language(q), accept_language)
        entries = await asyncio.to_thread(law_entries, lang=chosen)
        if not q.strip():
            return entries
        by_law = {e["law"]: e for e in entries}
        return [{**by_law[f.law], "found_clauses": list(f.clauses)} for f in find_laws(q, chosen)]

    return r

