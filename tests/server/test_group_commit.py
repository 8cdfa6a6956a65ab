"""Group commit: entries of several tables that arrive while a write is under way are
written in one transaction, and one refused entry refuses nothing but itself."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from server_helpers import run_coroutine

from bridgelaw.server import boards as board_sets
from bridgelaw.server.hub import Hub
from bridgelaw.server.store import SeqConflict, Store


def _tables(store: Store, n: int) -> list[str]:
    return [store.create_table(title="g", config={}, boards=board_sets.dealt_boards(1, 1))[0] for _ in range(n)]


def _six_tables_append_together(store: Store) -> None:
    """Six tables' first entries reach the hub at once: they are written in fewer than six
    transactions, and each table's log holds its own entry and client id."""
    hub = Hub(store)
    tables = _tables(store, 6)
    batches = _counted(store)

    async def go() -> None:
        await asyncio.gather(*(hub.append((t, 1, "adjust", 0, {"note": t}, f"g-{t}")) for t in tables))

    run_coroutine(go())
    hub.close()
    assert sum(batches) == 6 and len(batches) < 6
    assert all(len(store.log(t, 0)) == 1 and store.action_seq(t, f"g-{t}") == 1 for t in tables)


def _a_taken_number_refuses_only_itself(store: Store) -> None:
    """Table b's entry 1 is taken already: in a batch of three, only b's is refused."""
    a, b, c = _tables(store, 3)
    store.append(b, 1, "adjust", 0, {"note": "first"})
    results = store.append_many([(a, 1, "adjust", 0, {}, None), (b, 1, "adjust", 0, {}, None), (c, 1, "adjust", 0, {}, "x")])
    assert results[0] is None and isinstance(results[1], SeqConflict) and results[2] is None
    assert [e.payload for e in store.log(b, 0)] == [{"note": "first"}]
    assert store.action_seq(c, "x") == 1


def test_entries_that_arrive_together_are_written_in_one_transaction(tmp_path: Path) -> None:
    _six_tables_append_together(Store(str(tmp_path / "g.db")))


def test_a_taken_number_in_a_batch_refuses_only_its_own_entry(tmp_path: Path) -> None:
    _a_taken_number_refuses_only_itself(Store(str(tmp_path / "g.db")))


def test_a_failed_batch_stores_none_of_its_entries(tmp_path: Path) -> None:
    import sqlite3

    path = str(tmp_path / "g.db")
    store = Store(path, sqlite_timeout=0.1)
    a, b = _tables(store, 2)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        results = store.append_many([(a, 1, "adjust", 0, {}, None), (b, 1, "adjust", 0, {}, None)])
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert all(isinstance(r, Exception) and not isinstance(r, SeqConflict) for r in results)
    assert store.log(a, 0) == [] and store.log(b, 0) == []


@pytest.mark.parametrize("n", [1])
def test_a_single_entry_is_appended_as_before(tmp_path: Path, n: int) -> None:
    store = Store(str(tmp_path / "g.db"))
    (a,) = _tables(store, n)
    assert store.append_many([(a, 1, "adjust", 0, {}, None)]) == [None]
    assert isinstance(store.append_many([(a, 1, "adjust", 0, {}, None)])[0], SeqConflict)


def _counted(store: Store) -> list[int]:
    """Record the size of every batch ``store.append_many`` is given."""
    batches: list[int] = []
    append_many = store.append_many

    def counted(entries: list[object]) -> list[Exception | None]:
        batches.append(len(entries))
        return append_many(entries)  # type: ignore[arg-type]

    store.append_many = counted  # type: ignore[method-assign]
    return batches


@pytest.mark.postgres
def test_postgres_entries_that_arrive_together_are_written_in_one_transaction(pg_url: str) -> None:
    store = Store(pg_url)
    _six_tables_append_together(store)
    store.dispose()


@pytest.mark.postgres
def test_postgres_a_taken_number_in_a_batch_refuses_only_its_own_entry(pg_url: str) -> None:
    store = Store(pg_url)
    _a_taken_number_refuses_only_itself(store)
    store.dispose()


@pytest.mark.postgres
def test_postgres_a_failed_batch_stores_none_of_its_entries_and_tells_each_submitter(pg_url: str) -> None:
    """The connection is killed in the middle of a batch's transaction: every entry of the
    batch fails, none is in the log."""
    from sqlalchemy import event, text

    store = Store(pg_url)
    hub = Hub(store)
    tables = _tables(store, 4)
    kill = {"armed": True}

    @event.listens_for(store.engine, "before_cursor_execute")
    def killed(conn: object, _cursor: object, statement: str, *_args: object) -> None:
        if kill["armed"] and statement.lstrip().upper().startswith("INSERT INTO BL_LOG"):
            kill["armed"] = False
            pid = conn.exec_driver_sql("SELECT pg_backend_pid()").scalar()  # type: ignore[attr-defined]
            with store.engine.connect() as other:
                other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})

    async def go() -> list[BaseException | None]:
        return await asyncio.gather(*(hub.append((t, 1, "adjust", 0, {}, None)) for t in tables),
                                    return_exceptions=True)

    results = run_coroutine(go())
    hub.close()
    failed = [t for t, r in zip(tables, results, strict=True) if isinstance(r, Exception)]
    assert failed and all(not isinstance(r, SeqConflict) for r in results if r is not None)
    assert all(store.log(t, 0) == [] for t in failed)
    assert all(len(store.log(t, 0)) == 1 for t in tables if t not in failed)
    store.dispose()
