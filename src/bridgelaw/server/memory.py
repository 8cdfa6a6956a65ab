"""Giving memory back to the operating system when tables go idle.

The server unloads a table nobody is connected to; the memory its objects held is freed
in Python, but only a full collection frees what sits in reference cycles, and the C
allocator keeps freed blocks for reuse. Both steps are taken here, once per unload.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
from typing import Any

from bridgelaw.analysis import dds


def give_back_memory(*, searches: bool = False) -> None:
    """Hand freed memory back to the operating system. A table's objects may sit in
    reference cycles (collected only by a full collection, which the server's thresholds
    make rare); Python's allocator returns only arenas that are entirely free, and the C
    allocator keeps freed blocks for reuse, so without ``gc.collect`` and ``malloc_trim``
    a server's resident size stays at its peak after the tables it served go idle.
    ``searches``: also the double-dummy solver's tables, kept from one claim's analysis
    to the next (the server asks for it once no table is in memory)."""
    if searches:
        dds.free_memory()
    gc.collect()
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


def _libc() -> Any:
    """glibc, for ``malloc_trim``; None with another C library (musl has no such call)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return libc if hasattr(libc, "malloc_trim") else None
    except OSError:  # pragma: no cover - not glibc
        return None


_LIBC = _libc()
