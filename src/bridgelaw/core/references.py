"""The 1997 numbering of the clauses that handlers shared by both editions cite in the
2017 numbering (``bridgelaw.laws.catalog.citations`` has the tables of valid references).

A ruling cites the sub-clause that decides it in its own edition's numbering, and writes
its text so; this is data about law references, below the rulings that apply it.
"""

from __future__ import annotations

import re

# 2017 reference -> the 1997 reference for the same rule (in handlers both editions share).
RENUMBER_1997: dict[str, str] = {
    "27A1": "27A",
    "63B": "63C",
    "72C": "23",
    "57A1-4": "57A1-3",
}
_IN_TEXT = re.compile(r"(?<![\w])(" + "|".join(re.escape(k) for k in RENUMBER_1997) + r")(?![\w(])")


def in_edition(ref: str, edition: str) -> str:
    """``ref`` in the numbering of ``edition``."""
    return RENUMBER_1997.get(ref, ref) if edition == "1997" else ref


def text_in_edition(text: str, edition: str) -> str:
    """A ruling's text with its references in the numbering of ``edition``."""
    if edition != "1997" or not text:
        return text
    return _IN_TEXT.sub(lambda m: RENUMBER_1997[m.group(1)], text)
