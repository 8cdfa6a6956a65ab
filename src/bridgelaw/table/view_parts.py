"""The parts of a table's views kept from one change to the next.

A server sends every seat its view after each action, and an action changes a few parts
of a view: a call adds to the auction, a card to the trick in play. ``Parts`` keeps the
parts built before with what they were built from, and gives the same object back while
that is unchanged, so the parts are built once per change and a patch between two
views (``bridgelaw.server.patch``) skips a shared part by identity instead of comparing
it. A part is given back only when what it is built from is equal (or, for a part built
from other parts, the very same objects), so a view is exactly what a fresh build would
make; the views share their parts and are never modified.

``Fresh`` is the same interface building everything anew: ``Table.to_json`` uses it,
so its output is a fresh object its callers may change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import is_
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class Fresh:
    """Every part built anew (nothing kept)."""

    def keyed(self, name: str, key: Any, build: Callable[[], T]) -> T:
        """The part ``name`` built from ``key`` (what it depends on, compared by equality)."""
        return build()

    def derived(self, name: str, inputs: tuple[Any, ...], build: Callable[[], T]) -> T:
        """The part ``name`` built from other parts ``inputs`` (compared by identity)."""
        return build()

    def same(self, name: str, value: T) -> T:
        """``value``, or the equal part of that name built before."""
        return value

    def records(self, name: str, records: Sequence[R], key: Callable[[R], Any], build: Callable[[R], Any]) -> list[Any]:
        """Each record's JSON (``build``), a record's kept while its ``key`` is unchanged."""
        return [build(r) for r in records]


class Parts(Fresh):
    """The parts built before, by name: (what each was built from, the part)."""

    __slots__ = ("_kept",)

    def __init__(self) -> None:
        self._kept: dict[str, tuple[Any, Any]] = {}

    def keyed(self, name: str, key: Any, build: Callable[[], T]) -> T:
        old = self._kept.get(name)
        if old is not None and old[0] == key:
            value: T = old[1]
            return value
        made = build()
        self._kept[name] = (key, made)
        return made

    def derived(self, name: str, inputs: tuple[Any, ...], build: Callable[[], T]) -> T:
        old = self._kept.get(name)
        if old is not None and _same_objects(old[0], inputs):
            value: T = old[1]
            return value
        made = build()
        self._kept[name] = (inputs, made)
        return made

    def same(self, name: str, value: T) -> T:
        old = self._kept.get(name)
        if old is not None and type(old[1]) is type(value) and old[1] == value:
            kept: T = old[1]
            return kept
        self._kept[name] = ((), value)
        return value

    def records(self, name: str, records: Sequence[R], key: Callable[[R], Any], build: Callable[[R], Any]) -> list[Any]:
        keys = [key(r) for r in records]
        old = self._kept.get(name)
        if old is not None and old[0] == keys:
            kept: list[Any] = old[1]
            return kept
        before_keys, before = old if old is not None else ([], [])
        n = len(before_keys)
        made = [before[i] if i < n and before_keys[i] == k else build(r) for i, (k, r) in enumerate(zip(keys, records, strict=True))]
        self._kept[name] = (keys, made)
        return made


def _same_objects(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return len(a) == len(b) and all(map(is_, a, b))
