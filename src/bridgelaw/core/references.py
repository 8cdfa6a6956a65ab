"""The 1997 numbering of the clauses that handlers shared by both editions cite in the
2017 numbering (``bridgelaw.laws.catalog.citations`` has the tables of valid references).

A ruling cites the sub-clause that decides it in its own edition's numbering, and writes
its text so; this is data about law references, below the rulings that apply it.
"""

from __future__ import annotations

import re

# 2017 reference -> the 1997 reference for the same rule (in handlers both editions share).
# Law 16: 1997 16A is information from partner (the logical-alternative rule in its text,
# reserving rights 16A1, calling the director when play ends 16A2), 16B other sources,
# 16C withdrawn actions. Law 24: the 1997 law has A-C only; what 2017 says in 24D/24E
# (the cards of declarer or dummy go back; a defender's may become penalty cards) is in
# its opening paragraph. Law 57: 1997 57C is the exemption when declarer has played from
# both hands or dummy has played; the digest knows no 1997 57D (2017 57D, a defender's
# play at his RHO's turn, is new), so declarer's premature play (2017 57C3) is cited by
# the clause that makes his card played in 1997 too, 45C2. Law 12C: 1997 12C1 is the
# artificial adjusted score and 12C2 the assigned one, the other way round from 2017; so a
# text is renumbered once (a ruling's own list of laws, already in its edition, never is).
# Law 15: 2017 brings the wrong board (1997 Law 15) and the cards of another board (1997
# 17D) into one law; the 1997 clauses of Law 15 are cited by the law's number. Law 25: the
# 1997 25A is one paragraph (an inadvertent call replaced without pause for thought, until
# partner calls), so what 2017 splits into 25A1-A6 is cited as 25A. Law 75: correcting a
# mistaken explanation (2017 20F4, 20F5) is the 1997 75D; the digest gives no 1997
# sub-clause for the mistaken explanation and the mistaken call, cited by the law's number.
# Law 68: the 1997 68B (concession) and 68D (play ceases; a doubted claim goes to the
# director) are not divided; 2017 added 68B2 and 68D2(b) (see shared/laws/07-editions.md).
RENUMBER_1997: dict[str, str] = {
    "25A1": "25A",
    "25A2": "25A",
    "25A3": "25A",
    "25A4": "25A",
    "25A5": "25A",
    "25A6": "25A",
    "27A1": "27A",
    "63B": "63C",
    "72C": "23",
    "57A1-4": "57A1-3",
    "16B": "16A",
    "16B1": "16A",
    "16B1(a)": "16A",
    "16B1(b)": "16A",
    "16B2": "16A1",
    "16B3": "16A2",
    "24D": "24",
    "24E": "24",
    "57C1": "57C",
    "57C2": "57C",
    "57C3": "45C2",
    "12C1": "12C2",
    "12C1(b)": "12C2",
    "12C2": "12C1",
    "12C2(a)": "12C1",
    "15A": "17D",
    "15A1": "17D",
    "15A1(a)": "17D",
    "15A1(b)": "17D",
    "15A2": "17D",
    "15B": "15",
    "15B1": "15",
    "15B2": "15",
    "20F4": "75D",
    "20F5": "75D",
    "21B1(b)": "75",
    "68B1": "68B",
    "68B2": "68B",
    "68D1": "68D",
    "68D2": "68D",
    "68D2(a)": "68D",
    "68D2(b)": "68D",
    "75A": "75",
    "75B": "75",
    "75C": "75",
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
