"""A table's result as a club's scorer writes it, read into the session's own form.

The phone page sends Latin codes from its buttons (``3NT``, ``N``, ``SA``), but a scorer
typing in Russian writes «3БК», «4Ч», «4 черви», «2♠Х», declarer «Ю», the lead «♠Т» or
«ПТ», and the result relative to the contract («=», «+1», «−2») as a travelling score
slip has it. These are read here, before the session checks the result; what cannot be
read is left as it was, so the session's refusal names it.
"""

from __future__ import annotations

import re
from typing import Any

_STRAIN_WORDS: dict[str, tuple[str, ...]] = {
    "NT": ("БЕЗКОЗЫРЯ", "БЕЗКОЗЫРЕЙ", "БЕЗКОЗЫРНАЯ", "БК", "NT", "N"),
    "C": ("ТРЕФЫ", "ТРЕФА", "ТРЕФ", "Т", "♣", "C"),
    "D": ("БУБНЫ", "БУБНА", "БУБЕН", "БУБИ", "Б", "♦", "D"),
    "H": ("ЧЕРВЫ", "ЧЕРВИ", "ЧЕРВА", "ЧЕРВЕЙ", "Ч", "♥", "H"),
    "S": ("ПИКИ", "ПИКА", "ПИК", "П", "♠", "S"),
}
_RISK_WORDS: dict[str, tuple[str, ...]] = {"XX": ("РЕКОНТРА", "ХХ", "XX", "R"), "X": ("КОНТРА", "Х", "X", "D")}
_PASS = frozenset({"PASS", "P", "ПАС", "ПАСС", "ВСЕПАС", "ПАСАУТ", "ALLPASS", "PASSOUT", "PASSEDOUT"})


def _alternation(words: dict[str, tuple[str, ...]]) -> tuple[str, dict[str, str]]:
    to_code = {w: code for code, ws in words.items() for w in ws}
    return "|".join(sorted(map(re.escape, to_code), key=len, reverse=True)), to_code


_STRAIN_RE, _STRAIN_CODE = _alternation(_STRAIN_WORDS)
_RISK_RE, _RISK_CODE = _alternation(_RISK_WORDS)
_CONTRACT = re.compile(rf"^([1-7])({_STRAIN_RE})({_RISK_RE})?$")


def contract_code(raw: str) -> str:
    """``3NT``, ``4HX``, ``Pass`` from a contract in Latin, Russian or suit symbols;
    text it cannot read comes back unchanged (for the refusal to quote)."""
    t = re.sub(r"[\s.,\-]+", "", raw.upper()).replace("Ё", "Е")
    if t in _PASS:
        return "Pass"
    m = _CONTRACT.match(t)
    if not m:
        return raw.strip()
    risk = _RISK_CODE[m.group(3)] if m.group(3) else ""
    return f"{m.group(1)}{_STRAIN_CODE[m.group(2)]}{risk}"


_SEATS = {"N": "N", "E": "E", "S": "S", "W": "W", "С": "N", "В": "E", "Ю": "S", "З": "W"}


def seat_code(raw: Any) -> Any:
    """A seat in Latin (N, E, S, W) from Latin or Russian (С, В, Ю, З)."""
    if isinstance(raw, str):
        return _SEATS.get(raw.strip().upper(), raw)
    return raw


_LEAD_SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "П": "S", "Ч": "H", "Б": "D", "Т": "C",
               "S": "S", "H": "H", "D": "D", "C": "C"}
_LEAD_RANKS = {"Т": "A", "К": "K", "Д": "Q", "В": "J", "10": "T", "A": "A", "K": "K", "Q": "Q", "J": "J", "T": "T"}


def lead_code(raw: Any) -> Any:
    """An opening lead in the engine's code (``SA``, ``HT``) from ``♠Т``, ``ПТ``, ``S10``."""
    if not isinstance(raw, str):
        return raw
    t = raw.strip().upper().replace(" ", "")
    if len(t) < 2 or t[0] not in _LEAD_SUITS:
        return raw
    rank = t[1:]
    rank = _LEAD_RANKS.get(rank, rank if rank in "98765432" and len(rank) == 1 else "")
    return f"{_LEAD_SUITS[t[0]]}{rank}" if rank else raw


_RELATIVE = re.compile(r"^(=|[+-]\d{1,2})$")


def tricks_of(contract: str, tricks: Any, result: Any) -> Any:
    """Declarer's tricks: as given, or from the result relative to the contract
    (``=``, ``+1``, ``-2``; a typed minus sign is read as ``-``)."""
    if tricks not in (None, ""):
        return tricks
    if result in (None, ""):
        return None
    r = str(result).strip().replace("−", "-").replace("–", "-")
    m = re.match(r"^[1-7]", contract)
    if m and _RELATIVE.match(r):
        return int(m.group(0)) + 6 + (0 if r == "=" else int(r))
    return result

