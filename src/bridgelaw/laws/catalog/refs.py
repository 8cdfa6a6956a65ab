"""The sub-clause structure of each law, so that a law reference can be checked.

A handler that cites "27B5" or a test named ``test_64D_...`` points at a clause that does
not exist; the matrix test catches it with ``is_valid_ref``. The structure below is the 2017
numbering as we know it (our digest of the Laws plus the 2017 text we have seen),
written compactly: each token is a reference below the law number, and every ancestor of a
token is valid too ("B1(a)" makes "B", "B1" and "B1(a)" valid).

Where the numbering is uncertain (marked [verify] in the digest) we list the clause rather
than risk failing a correct citation: the check exists to catch typing errors and invented
clauses, not to settle doubtful numbering.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

# 2017 structure. A law with an empty string has no lettered sections (Law 33, 49, ...).
STRUCTURE_2017: dict[int, str] = {
    1: "A B C",
    2: "",
    3: "",
    4: "",
    5: "A B",
    6: "A B C D1 D2 D3 E1 E2 E3 E4 F",
    7: "A B1 B2 B3 C D",
    8: "A1 A2 B1 B2 C",
    9: "A1 A2 A3 A4 A5 B1(a) B1(b) B1(c) B1(d) B2 C",
    10: "A B C1 C2 C3 C4",
    11: "A B",
    12: "A1 A2 A3 B1 B2 C1(a) C1(b) C1(c) C1(d) C1(e)(i) C1(e)(ii) C2(a) C2(b) C2(c) C2(d) C3",
    13: "A1 A2 B1 B2 C D",
    14: "A B1 B2 B3 B4 C",
    15: "A1(a) A1(b) A1(c) A2 A3 B1 B2 B3",
    16: "A1(a) A1(b) A1(c) A1(d) A2 A3 B1(a) B1(b) B2 B3 C1 C2 C3 D1 D2(a) D2(b) D2(c) D2(d) D3",
    17: "A B C D1 D2 D3",
    18: "A B C D E F",
    19: "A1 A2 A3 B1 B2 B3 C D",
    20: "A B C1 C2 D E F1 F2 F3 F4(a) F4(b) F5(a) F5(b)(i) F5(b)(ii) G1 G2 G3",
    21: "A B1(a) B1(b) B2 B3",
    22: "A B",
    23: "A1 A2 A3 B C",
    24: "A B C D E",
    25: "A1 A2 A3 A4 A5 A6 B1 B2 B3",
    26: "A B",
    27: "A1 A2 B1(a) B1(b) B2 B3 B4 C D",
    28: "A B",
    29: "A B C",
    30: "A B1(a) B1(b)(i) B1(b)(ii) B2 C",
    31: "A1 A2(a) A2(b) B1 B2 C",
    32: "A1 A2(a) A2(b) B1 B2 C",
    33: "",
    34: "",
    35: "A B C D",
    36: "A B1 B2 B3 B4 C",
    37: "A B1 B2",
    38: "A B C D",
    39: "A B C",
    40: (
        "A1(a) A1(b) A2 A3 A4 B1 B2(a)(i) B2(a)(ii) B2(a)(iii) B2(a)(iv) B2(a)(v) B2(b) B2(c) "
        "B2(d) B3(a) B3(b) B4 B5(a) B5(b) B6(a) B6(b) C1 C2 C3"
    ),
    41: "A B C D",
    42: "A1 A2 A3 B1 B2 B3",
    43: "A1(a) A1(b) A1(c) A2(a) A2(b) A2(c) A3 B1 B2(a) B2(b) B2(c) B3",
    44: "A B C D E F G",
    45: "A B C1 C2 C3 C4(a) C4(b) C5 D E1 E2 F G",
    46: "A B1(a) B1(b) B1(c) B2 B3(a) B3(b) B4 B5",
    47: "A B C D E1 E2(a) E2(b) F",
    48: "A B1 B2",
    49: "",
    50: "A B C D1(a) D1(b) D2(a) D2(b) E1 E2 E3",
    51: "A B1(a) B1(b) B2(a) B2(b) B2(c)",
    52: "A B1(a) B1(b) B2",
    53: "A B C",
    54: "A B1 B2 C D E",
    55: "A B1 B2 C",
    56: "",
    57: "A1 A2 A3 A4 B C1 C2 C3 D",
    58: "A B1 B2 B3 B4",
    59: "",
    60: "A1 A2 A3 B C",
    61: "A B1 B2(a) B2(b) B3",
    62: "A B1 B2 C1 C2 C3 D1 D2",
    63: "A1 A2 A3 A4 B",
    64: "A1 A2 B1 B2 B3 B4 B5 B6 B7 C1 C2(a) C2(b)",
    65: "A B1 B2 B3 C D",
    66: "A B C D",
    67: "A1 A2 B1(a) B1(b) B2",
    68: "A B1 B2 C D1 D2(a) D2(b)",
    69: "A B",
    70: "A B1 B2 B3 C1 C2 C3 D1 D2 E1 E2",
    71: "",
    72: "A B1 B2 B3 C",
    73: "A1 A2 B1 B2 C1 C2 D1 D2 E1 E2",
    74: "A1 A2 A3 B1 B2 B3 B4 B5 C1 C2 C3 C4 C5 C6 C7 C8",
    75: "A B1 B2 B3 C D",
    76: "A1 A2 B1 B2 B3 B4 B5 C1 C2 D",
    77: "",
    78: "A B C D",
    79: "A1 A2 B C1 C2",
    80: "A1 A2 A3 B1 B2(a) B2(b) B2(c) B2(d) B2(e) B2(f) B2(g) B2(h) B2(i) B2(j) B2(k) B3",
    81: "A B1 B2 C1 C2 C3 C4 C5 C6 C7 C8 C9 D",
    82: "A B1 B2 B3 C",
    83: "",
    84: "A B C D E",
    85: "A1 A2 B",
    86: "A B1 B2 B3 C D",
    87: "A B C",
    88: "",
    89: "",
    90: "A B1 B2 B3 B4 B5 B6 B7 B8",
    91: "A B",
    92: "A B C D",
    93: "A B1 B2 B3 C1 C2 C3",
}

# Clauses that exist only in the 1997 numbering (valid for claims that cover 1997).
EXTRA_1997: dict[int, str] = {
    12: "C3 C4",
    16: "C1 C2",
    17: "E",
    25: "B2(a) B2(b)(1) B2(b)(2) B2(c) B3",
    26: "A1 A2",
    27: "B1(a) B1(b) C",
    30: "B3",
    32: "A B1 B2(a) B2(b)",
    35: "A B C D",
    40: "E1 E2",
    72: "A1 A2 A3 A4 A5 B1 B2 B3",
}

# Laws not used in the 2017 numbering: a 2017 claim on them is an error.
NOT_USED_2017: frozenset[int] = frozenset({88, 89})

_REF = re.compile(r"^(?P<law>\d{1,2})(?P<rest>(?:[A-Z](?:\d{1,2})?)?(?:\((?:[a-z]+|\d)\))*)$")
_COMPACT = re.compile(r"^(?P<law>\d{1,2})(?:(?P<sec>[A-Z])(?P<num>\d{1,2})?)?(?P<low>[a-z]+)?$")
_ROMAN = ("iii", "ii", "iv", "v", "i")


def parse_ref(ref: str) -> tuple[int, str] | None:
    """Split "27B1(a)" into (27, "B1(a)"); None when the text is not a law reference."""
    m = _REF.match(ref.strip())
    if m is None:
        return None
    law = int(m.group("law"))
    if not 1 <= law <= 93:
        return None
    return law, m.group("rest")


def from_compact(token: str) -> str | None:
    """A reference written without brackets, as in a test name: "27B1a" -> "27B1(a)",
    "30B1bi" -> "30B1(b)(i)", "64A2" -> "64A2". None when it is not one."""
    m = _COMPACT.match(token)
    if m is None or not 1 <= int(m.group("law")) <= 93:
        return None
    ref = m.group("law") + (m.group("sec") or "") + (m.group("num") or "")
    low = m.group("low") or ""
    if low and not m.group("sec"):
        return None
    if low:
        ref += f"({low[0]})"
        rest = low[1:]
        while rest:
            roman = next((r for r in _ROMAN if rest.startswith(r)), None)
            if roman is None:
                return None
            ref += f"({roman})"
            rest = rest[len(roman):]
    return ref


def _expand(tokens: Iterable[str]) -> set[str]:
    out: set[str] = {""}
    for token in tokens:
        parts = re.findall(r"[A-Z]|\d+|\([^)]*\)", token)
        for i in range(1, len(parts) + 1):
            out.add("".join(parts[:i]))
    return out


@cache
def valid_suffixes(law: int, edition: str = "2017") -> frozenset[str]:
    """Every valid suffix below ``law`` ("" is the law itself) in ``edition``."""
    if edition == "2017" and law in NOT_USED_2017:
        return frozenset()
    tokens = STRUCTURE_2017.get(law, "").split()
    if edition == "1997":
        tokens += EXTRA_1997.get(law, "").split()
    return frozenset(_expand(tokens))


def valid_refs(law: int, edition: str = "2017") -> list[str]:
    """All valid references of ``law`` in ``edition``, the law number first."""
    return sorted((f"{law}{s}" for s in valid_suffixes(law, edition)), key=_ref_key)


def leaf_refs(law: int) -> list[str]:
    """The most detailed 2017 references of ``law`` (its tokens), in order."""
    return [f"{law}{t}" for t in STRUCTURE_2017.get(law, "").split()]


def sections(law: int) -> list[str]:
    """The lettered sections of ``law`` in 2017 ("27A", "27B", ...)."""
    letters = dict.fromkeys(t[0] for t in STRUCTURE_2017.get(law, "").split())
    return [f"{law}{letter}" for letter in letters]


def is_valid_ref(ref: str, editions: Iterable[str] = ("2017",)) -> bool:
    """True when ``ref`` exists in every edition named (1997 accepts its own extra clauses)."""
    parsed = parse_ref(ref)
    if parsed is None:
        return False
    law, rest = parsed
    eds = tuple(editions) or ("2017",)
    return all(rest in valid_suffixes(law, e if e == "1997" else "2017") for e in eds)


def law_of(ref: str) -> int | None:
    parsed = parse_ref(ref)
    return parsed[0] if parsed else None


def _ref_key(ref: str) -> tuple[int, str]:
    parsed = parse_ref(ref)
    return (parsed[0], parsed[1]) if parsed else (999, ref)
