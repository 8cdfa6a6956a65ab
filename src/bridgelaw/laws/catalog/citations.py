"""One table of valid law references per edition, and the 1997 numbering of the clauses
that handlers shared by both editions cite in the 2017 numbering.

A ruling cites the sub-clause that decides it *in its own edition's numbering*. The
handlers for Laws 27, 31A2, 36, 57A, 63 and 67 are shared by 2017 and 1997; where the
1997 Laws number the same rule differently (acceptance of an insufficient bid is 27A, not
27A1; "the trick stands as played" is 63C, 63B being attention illegally drawn; the
damaging enforced pass is Law 23, 2017's 72C; 57A has three options, not four), a 1997
ruling's references and texts are renumbered at one place, ``bridgelaw.core.references``
(below the rulings, which apply it; re-exported here).
"""

from __future__ import annotations

import re
from functools import cache

from bridgelaw.core.references import RENUMBER_1997 as RENUMBER_1997
from bridgelaw.core.references import in_edition as in_edition
from bridgelaw.core.references import text_in_edition as text_in_edition
from bridgelaw.laws.catalog.refs import EXTRA_1997, STRUCTURE_2017, parse_ref

# 1997 structure where it differs from 2017 (the digest, shared/laws/07-editions.md).
STRUCTURE_1997_DIFFERS: dict[int, str] = {
    15: "A B C",
    16: "A1 A2 B C1 C2",
    23: "A",
    24: "A B C",
    25: "A B1 B2(a) B2(b)(1) B2(b)(2) B2(c) B3",
    26: "A1 A2 B",
    27: "A B1(a) B1(b) B2 B3 C",
    57: "A1 A2 A3 B C",
    63: "A1 A2 A3 B C",
    68: "A B C D",
    64: "A1 A2 B1 B2 B3 B4 B5 B6 C",
    72: "A1 A2 A3 A4 A5 B1 B2 B3",
}


@cache
def valid_references(edition: str) -> frozenset[str]:
    """Every reference that exists in ``edition``: each law, and each of its sub-clauses
    with all their ancestors ("27B1(a)" makes "27B" and "27B1" valid too)."""
    out: set[str] = set()
    for law in range(1, 94):
        if edition == "2017":
            if law in (88, 89):
                continue
            tokens = STRUCTURE_2017.get(law, "").split()
        else:
            tokens = (STRUCTURE_1997_DIFFERS.get(law) or STRUCTURE_2017.get(law, "")).split()
            tokens += EXTRA_1997.get(law, "").split() if law not in STRUCTURE_1997_DIFFERS else []
        out.add(str(law))
        for token in tokens:
            parts = re.findall(r"[A-Z]|\d+|\([^)]*\)", token)
            for i in range(1, len(parts) + 1):
                out.add(f"{law}{''.join(parts[:i])}")
    return frozenset(out)


def exists(ref: str, edition: str) -> bool:
    return parse_ref(ref) is not None and ref in valid_references(edition)


REFERENCE = re.compile(
    r"(?:(?<=\()|(?<=, )|(?<=; )|(?<=Law )|(?<=Laws )|(?<=Правило )|(?<=Правила )|(?<=\d, ))"
    r"(\d{1,2}[A-H](?:\d{1,2})?(?:\([a-z]+\))*)(?![\w♠♥♦♣])"
)


def references_in(text: str) -> list[str]:
    """The law references a text cites with a sub-clause ("27B2", "16B1(a)"); a bid
    written the English way ("2C", "1H") is not one."""
    return [r for r in REFERENCE.findall(text) if not _BID.match(r)]


_BID = re.compile(r"^[1-7][CDHSN]$")
