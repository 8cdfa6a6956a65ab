"""The law registry: every handler declares which law references it implements, how
(mechanical, a director question, record only, administrative) and for which editions.

``bridgelaw laws`` builds the coverage matrix from this registry, so the matrix cannot
drift from the code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar


class Handling(Enum):
    MECHANICAL = "mechanical"          # the engine applies it
    DIRECTOR_QUESTION = "director"     # the engine asks the director and applies the answer
    RECORD_ONLY = "record"             # the engine records facts for the director
    ADMINISTRATIVE = "administrative"  # outside a table engine


@dataclass(frozen=True, slots=True)
class LawClaim:
    ref: str
    handling: Handling
    handler: str
    editions: tuple[str, ...]


REGISTRY: list[LawClaim] = []

T = TypeVar("T")


def implements(
    *refs: str,
    handling: Handling = Handling.MECHANICAL,
    editions: tuple[str, ...] = ("2017", "1997"),
) -> Callable[[T], T]:
    """Mark a handler (class or function) as implementing ``refs``."""

    def mark(obj: T) -> T:
        name = f"{getattr(obj, '__module__', '?')}.{getattr(obj, '__qualname__', repr(obj))}"
        for ref in refs:
            REGISTRY.append(LawClaim(ref, handling, name, editions))
        return obj

    return mark
