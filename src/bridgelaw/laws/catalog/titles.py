"""The catalogue of all 93 laws: titles, our summaries, valid references, and what the
engine does with a law that no handler claims.

Titles and summaries are the director's summaries of ``bridgelaw.i18n.law_summaries``
(``i18n/laws/en.toml``, ``ru.toml``); ``summary_en`` / ``summary_ru`` are what each law
covers.

The registry (laws/registry.py) says what the code does; this catalogue says what exists,
so a law is never silently "mechanical" just because nobody looked: a law without handlers
is either *administrative* (outside a table engine), *not used* (88, 89 in 2017), or
*not implemented*.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bridgelaw.i18n.law_summaries import summary
from bridgelaw.laws.catalog.refs import leaf_refs, sections, valid_refs


class Default(Enum):
    """What the matrix says about a law that no handler claims."""

    ADMINISTRATIVE = "administrative"  # outside a table engine (tournament software, the director's office)
    NOT_USED = "not used"              # no such law in the 2017 code
    NOT_IMPLEMENTED = "not implemented"  # a table engine should handle it; this one does not


# Engine class from our digest of the Laws: M mechanical, H hybrid (needs
# a director's decision at some step), J director's judgement, A administrative, "-" unused.
_DIGEST_CLASS = (
    "MMAAAHAAHHJJHHHJMMMHJMJMHMHMMHHHMMMMMMMJMMHMHMHMMMMMMMHMMMMMMMMHMMMHHJHJJJJAMMHAAJAJJHH--JJAA"
)

_ADMINISTRATIVE = frozenset({3, 4, 5, 7, 8, 74, 76, 80, 81, 82, 83, 84, 85, 91, 92, 93})
_NOT_USED = frozenset({88, 89})

@dataclass(frozen=True, slots=True)
class LawInfo:
    number: int
    title_en: str
    title_ru: str
    summary_en: str
    summary_ru: str
    digest_class: str                 # M, H, J, A or "-" (see _DIGEST_CLASS)
    default: Default                  # what the matrix shows when no handler claims the law
    refs: tuple[str, ...]             # every valid 2017 reference, the bare number first
    leaves: tuple[str, ...]           # the most detailed references
    sections: tuple[str, ...]         # the lettered sections ("27A", "27B", ...)


def _build(n: int) -> LawInfo:
    en, ru = summary(n, "en"), summary(n, "ru")
    if n in _NOT_USED:
        default = Default.NOT_USED
    elif n in _ADMINISTRATIVE:
        default = Default.ADMINISTRATIVE
    else:
        default = Default.NOT_IMPLEMENTED
    return LawInfo(
        number=n,
        title_en=en.title,
        title_ru=ru.title,
        summary_en=en.covers,
        summary_ru=ru.covers,
        digest_class=_DIGEST_CLASS[n - 1],
        default=default,
        refs=tuple(valid_refs(n, "1997" if n in _NOT_USED else "2017")),
        leaves=tuple(leaf_refs(n)),
        sections=tuple(sections(n)),
    )


CATALOG: dict[int, LawInfo] = {n: _build(n) for n in range(1, 94)}
