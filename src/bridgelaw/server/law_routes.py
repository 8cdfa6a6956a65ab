"""HTTP routes of the director's law reference (``bridgelaw.matrix``)."""

from __future__ import annotations

import asyncio
import importlib
from typing import Any

from fastapi import APIRouter

from bridgelaw.server.deps import ERRORS
from bridgelaw.server.hub import ClientError


def router() -> APIRouter:
    r = APIRouter(tags=["laws"])

    @r.get("/api/laws/{number}", responses=ERRORS)
    async def law(number: int) -> dict[str, Any]:
        """The director's reference for one law (1-93): summaries in Russian and English,
        handlers and scenarios (from ``bridgelaw.matrix``)."""
        if not 1 <= number <= 93:
            raise ClientError("no_such_law", f"the Laws are numbered 1 to 93, not {number}", status=404)
        return await asyncio.to_thread(law_reference, number)

    @r.get("/api/laws")
    async def laws_index() -> list[dict[str, Any]]:
        """The short entry of every law 1-93 (the reference page's index)."""
        return await asyncio.to_thread(law_index)

    return r


def _matrix() -> Any:
    try:
        return importlib.import_module("bridgelaw.matrix")
    except ImportError:
        return None


def law_index() -> list[dict[str, Any]]:
    """Every law's short entry from ``bridgelaw.matrix.law_entries``, or a placeholder each."""
    fn = getattr(_matrix(), "law_entries", None)
    if callable(fn):
        return list(fn())
    return [law_reference(n) for n in range(1, 94)]


def law_reference(number: int) -> dict[str, Any]:
    """The law reference from ``bridgelaw.matrix`` (built by the law-matrix work); until it
    exists, a clear placeholder that says so (the hook: ``law_json(number) -> dict``)."""
    matrix = _matrix()
    for name in ("law_entry", "law_json", "law_data"):
        fn = getattr(matrix, name, None)
        if callable(fn):
            data = fn(number)
            return dict(data) if not isinstance(data, dict) else data
    return {
        "law": number, "available": False,
        "summary": "The law reference is not built yet (bridgelaw.matrix).",
        "summary_ru": "Справочник по Правилам ещё не подключён (bridgelaw.matrix).",
        "handlers": [], "scenarios": [],
    }
