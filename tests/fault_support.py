"""What the database fault tests share: another process holding the SQLite file."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def file_held(db_path: str) -> Iterator[None]:
    """Another process's write transaction on the SQLite file."""
    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()
