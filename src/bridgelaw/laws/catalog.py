"""The catalogue of all 93 laws: titles, our summaries, valid references, and what the
engine does with a law that no handler claims yet.

The registry (laws/registry.py) says what the code does; this catalogue says what exists
and what is planned, so a law is never silently "mechanical" just because nobody looked:
a law without handlers is either *administrative* (outside a table engine), *not used*
(88, 89 in 2017), or *not yet* with the issue that will build it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bridgelaw.laws.catalog_en import LAWS_EN
from bridgelaw.laws.catalog_refs import leaf_refs, sections, valid_refs
from bridgelaw.laws.catalog_ru import LAWS_RU


class Default(Enum):
    """What the matrix says about a law that no handler claims."""

    ADMINISTRATIVE = "administrative"  # outside a table engine (tournament software, the director's office)
    NOT_USED = "not used"              # no such law in the 2017 code
    NOT_YET = "not yet"                # the engine should handle it; the planned issue will


# The issues that build the laws (see ../shared and the issue tracker of this session).
ISSUES: dict[str, str] = {
    "foundation": "foundation: the Table, legal calls and cards, end of auction, scoring table",
    "3": "issue 3: the auction period (Laws 9, 16D, 21B, 23-39)",
    "4": "issue 4: information rights and disclosure (Laws 16, 20, 21, 40-43, 65, 66, 73, 75)",
    "5": "issue 5: the play period (Laws 41A, 44-64, 67)",
    "6": "issue 6: claims, scoring methods, adjusted scores, board irregularities (Laws 6, 12-15, 68-71, 77-79, 86, 87, 90)",
}

# Engine class from the digest (../shared/laws/00-index.md): M mechanical, H hybrid (needs
# a director's decision at some step), J director's judgement, A administrative, "-" unused.
_DIGEST_CLASS = (
    "MMAAAHAAHHJJHHHJMMMHJMJMHMHMMHHHMMMMMMMJMMHMHMHMMMMMMMHMMMMMMMMHMMMHHJHJJJJAMMHAAJAJJHH--JJAA"
)

_ADMINISTRATIVE = frozenset({3, 4, 5, 7, 8, 74, 76, 80, 81, 82, 83, 84, 85, 91, 92, 93})
_NOT_USED = frozenset({88, 89})

# The issues planned for each law the engine should handle.
_PLANNED: dict[int, tuple[str, ...]] = {
    1: ("foundation",), 2: ("foundation",), 6: ("6",), 9: ("3", "5"), 10: ("foundation", "3"),
    11: ("3", "5"), 12: ("6",), 13: ("6",), 14: ("6",), 15: ("6",), 16: ("4", "3"),
    17: ("foundation",), 18: ("foundation",), 19: ("foundation",), 20: ("4",), 21: ("4", "3"),
    22: ("foundation",), 24: ("3", "5"), 26: ("3", "5"), 40: ("4",), 41: ("5", "4"),
    42: ("4",), 43: ("4",), 44: ("foundation", "5"), 65: ("4",), 66: ("4",), 67: ("5",),
    68: ("6",), 69: ("6",), 70: ("6",), 71: ("6",), 72: ("3", "5"), 73: ("4",), 75: ("4",),
    77: ("foundation", "6"), 78: ("6",), 79: ("6",), 86: ("6",), 87: ("6",), 90: ("6",),
}
_PLANNED.update({n: ("3",) for n in range(23, 40) if n not in _PLANNED})
_PLANNED.update({n: ("5",) for n in range(45, 65)})


@dataclass(frozen=True, slots=True)
class LawInfo:
    number: int
    title_en: str
    title_ru: str
    summary_en: str
    summary_ru: str
    digest_class: str                 # M, H, J, A or "-" (see _DIGEST_CLASS)
    default: Default                  # what the matrix shows when no handler claims the law
    planned: tuple[str, ...]          # issue keys (ISSUES) that build it
    refs: tuple[str, ...]             # every valid 2017 reference, the bare number first
    leaves: tuple[str, ...]           # the most detailed references
    sections: tuple[str, ...]         # the lettered sections ("27A", "27B", ...)


def _build(n: int) -> LawInfo:
    title_en, summary_en = LAWS_EN[n]
    title_ru, summary_ru = LAWS_RU[n]
    if n in _NOT_USED:
        default = Default.NOT_USED
    elif n in _ADMINISTRATIVE:
        default = Default.ADMINISTRATIVE
    else:
        default = Default.NOT_YET
    return LawInfo(
        number=n,
        title_en=title_en,
        title_ru=title_ru,
        summary_en=summary_en,
        summary_ru=summary_ru,
        digest_class=_DIGEST_CLASS[n - 1],
        default=default,
        planned=_PLANNED.get(n, ()),
        refs=tuple(valid_refs(n, "1997" if n in _NOT_USED else "2017")),
        leaves=tuple(leaf_refs(n)),
        sections=tuple(sections(n)),
    )


CATALOG: dict[int, LawInfo] = {n: _build(n) for n in range(1, 94)}


def law_info(n: int) -> LawInfo:
    """The catalogue entry of law ``n`` (1-93); KeyError for any other number."""
    return CATALOG[n]
