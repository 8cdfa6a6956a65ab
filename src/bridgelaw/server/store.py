"""Persistence: tables, boards, seat links and the append-only event log (SQLAlchemy 2).

The event log is the truth. A table's state is never stored: it is folded from the log
(the Table is event-sourced), so "resume after a crash" is "replay the log". Each row has
a per-table sequence number and ``(table_id, seq)`` is the primary key: two writers that
race for the same number cannot both win, which is how simultaneous actions for one table
are serialised across processes. The loser gets ``SeqConflict``.

Works on SQLite (a file in the working directory by default) and PostgreSQL (psycopg 3).
On PostgreSQL each append also sends ``NOTIFY bridgelaw`` inside the same transaction, so
other server processes learn of the action exactly when it is committed (see notify.py).
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
    func,
    select,
    text,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, ProgrammingError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

NOTIFY_CHANNEL = "bridgelaw"
ROLES = ("N", "E", "S", "W", "director", "all")


class SeqConflict(Exception):
    """Another action took this sequence number first."""


class DuplicateAction(Exception):
    """An action with this client action id is already in the log."""


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "bl_tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    title: Mapped[str] = mapped_column(String(200), default="")
    config: Mapped[str] = mapped_column(Text)  # JSON: edition, mode, auto_director, regulations
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class BoardRow(Base):
    __tablename__ = "bl_boards"
    table_id: Mapped[str] = mapped_column(ForeignKey("bl_tables.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(Integer)
    deal: Mapped[str] = mapped_column(String(80))
    dealer: Mapped[str] = mapped_column(String(1))
    vulnerable: Mapped[str] = mapped_column(String(4))


class SeatRow(Base):
    __tablename__ = "bl_seats"
    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("bl_tables.id"), index=True)
    role: Mapped[str] = mapped_column(String(16))


class LogRow(Base):
    __tablename__ = "bl_log"
    table_id: Mapped[str] = mapped_column(ForeignKey("bl_tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # action | next_board | adjust
    board: Mapped[int] = mapped_column(Integer)
    payload: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ActionIdRow(Base):
    """The client's id of a logged action (optional): the same action sent twice (a
    retry, a double click) is logged once. Written in the log entry's transaction."""

    __tablename__ = "bl_action_ids"
    table_id: Mapped[str] = mapped_column(ForeignKey("bl_tables.id"), primary_key=True)
    action_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)


@dataclass(frozen=True, slots=True)
class BoardData:
    number: int
    deal: str
    dealer: str
    vulnerable: str


@dataclass(frozen=True, slots=True)
class TableMeta:
    id: str
    title: str
    config: dict[str, Any]
    created_at: datetime
    boards: tuple[BoardData, ...]


@dataclass(frozen=True, slots=True)
class LogEntry:
    seq: int
    kind: str
    board: int
    payload: dict[str, Any]


def normalise_url(url: str) -> str:
    """Accept ``postgresql://`` and ``postgres://`` and use the psycopg 3 driver for them;
    a bare path means an SQLite file."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{url}"
    return url


class Store:
    """Synchronous data access; the hub calls it from a worker thread."""

    def __init__(self, url: str = "bridgelaw.db", *, sqlite_timeout: float = 30.0) -> None:
        self.url = normalise_url(url)
        self.is_postgres = self.url.startswith("postgresql")
        kwargs: dict[str, Any] = {"future": True}
        if self.is_postgres:
            kwargs.update(pool_size=8, max_overflow=8, pool_pre_ping=True)
        else:
            kwargs.update(connect_args={"check_same_thread": False, "timeout": sqlite_timeout})
        self.engine: Engine = create_engine(self.url, **kwargs)
        self._sql = _Statements(self.engine)
        # SQLite: the log's writer keeps one connection of the pool for itself (see _insert)
        self._writer: Any = None
        self._writer_lock = threading.Lock()
        if not self.is_postgres:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._create_schema()

    def _create_schema(self) -> None:
        """Create missing tables. Several processes may start at once against one
        PostgreSQL database; the loser of a creation race simply finds the tables there."""
        for attempt in range(5):
            try:
                Base.metadata.create_all(self.engine)
                return
            except (IntegrityError, ProgrammingError):
                if attempt == 4:
                    raise

    def dispose(self) -> None:
        with self._writer_lock:
            if self._writer is not None:
                self._writer.close()
                self._writer = None
        self.engine.dispose()

    # ------------------------------------------------------------------ tables
    def create_table(self, *, title: str, config: dict[str, Any], boards: Sequence[BoardData]) -> tuple[str, dict[str, str]]:
        """Create a table with its boards; return its id and a fresh token per role."""
        table_id = secrets.token_hex(6)
        tokens = {role: secrets.token_urlsafe(24) for role in ROLES}
        with Session(self.engine) as s, s.begin():
            s.add(TableRow(id=table_id, title=title, config=json.dumps(config), created_at=_now()))
            s.flush()
            for i, b in enumerate(boards):
                s.add(BoardRow(table_id=table_id, idx=i, number=b.number, deal=b.deal, dealer=b.dealer, vulnerable=b.vulnerable))
            for role, token in tokens.items():
                s.add(SeatRow(token=token, table_id=table_id, role=role))
        return table_id, tokens

    def table(self, table_id: str) -> TableMeta | None:
        with Session(self.engine) as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            boards = s.scalars(select(BoardRow).where(BoardRow.table_id == table_id).order_by(BoardRow.idx)).all()
            return TableMeta(
                id=row.id, title=row.title, config=json.loads(row.config), created_at=row.created_at,
                boards=tuple(BoardData(b.number, b.deal, b.dealer, b.vulnerable) for b in boards),
            )

    def list_tables(self, limit: int = 200) -> list[tuple[str, str, datetime, int]]:
        """(id, title, created, number of logged events), newest first."""
        with Session(self.engine) as s:
            counts = (
                select(LogRow.table_id, func.count().label("n")).group_by(LogRow.table_id).subquery()
            )
            q = (
                select(TableRow.id, TableRow.title, TableRow.created_at, func.coalesce(counts.c.n, 0))
                .outerjoin(counts, counts.c.table_id == TableRow.id)
                .order_by(TableRow.created_at.desc())
                .limit(limit)
            )
            return [(r[0], r[1], r[2], int(r[3])) for r in s.execute(q)]

    def seat(self, token: str) -> tuple[str, str] | None:
        """(table id, role) for a seat link's token."""
        with Session(self.engine) as s:
            row = s.get(SeatRow, token)
            return (row.table_id, row.role) if row is not None else None

    def tokens(self, table_id: str) -> dict[str, str]:
        with Session(self.engine) as s:
            rows = s.scalars(select(SeatRow).where(SeatRow.table_id == table_id)).all()
            return {r.role: r.token for r in rows}

    # ------------------------------------------------------------------ the log
    def log(self, table_id: str, after: int = 0) -> list[LogEntry]:
        """Entries with seq > ``after``, in order (seq counts from 1)."""
        with Session(self.engine) as s:
            rows = s.scalars(
                select(LogRow).where(LogRow.table_id == table_id, LogRow.seq > after).order_by(LogRow.seq)
            ).all()
            return [LogEntry(r.seq, r.kind, r.board, json.loads(r.payload)) for r in rows]

    def append(
        self, table_id: str, seq: int, kind: str, board: int, payload: dict[str, Any], action_id: str | None = None,
    ) -> None:
        """Append one entry at ``seq``, durably; raise SeqConflict if the number is taken,
        DuplicateAction if ``action_id`` (the client's id of the action) is logged already."""
        try:
            self._insert([(table_id, seq, kind, board, payload, action_id)])
        except IntegrityError as e:
            if ActionIdRow.__tablename__ in str(e.orig):
                raise DuplicateAction(f"action {action_id!r} of table {table_id} is logged already") from None
            raise SeqConflict(f"sequence number {seq} of table {table_id} is already taken") from None

    def append_many(self, entries: Sequence[Append]) -> list[Exception | None]:
        """Append several tables' entries in one transaction (a group commit: the SQLite
        writer's cost per commit is shared by every action that arrived meanwhile); return,
        per entry, None if it is stored or the exception ``append`` would have raised.
        All or nothing, except that a refused number or action id refuses only its own
        entry: then each entry is written on its own."""
        if len(entries) == 1:
            return [self._try_append(entries[0])]
        try:
            self._insert(entries)
        except IntegrityError:
            return [self._try_append(e) for e in entries]
        except Exception as e:  # the database is unavailable: nothing of the batch is stored
            return [e for _ in entries]
        return [None for _ in entries]

    def _insert(self, entries: Sequence[Append]) -> None:
        """Write ``entries`` (log rows, their action ids and, on PostgreSQL, the NOTIFY) in
        one transaction. The hot path: the statements are the driver's own, written once
        (``_Statements``), with no SQL compiled or parameter processed per row."""
        sql = self._sql
        now = sql.created_at(_now())
        rows = [(e[0], e[1], e[2], e[3], json.dumps(e[4]), now) for e in entries]
        ids = [(e[0], e[5], e[1]) for e in entries if e[5] is not None]
        if not self.is_postgres:
            self._insert_sqlite(rows, ids)
            return
        with self.engine.begin() as conn:
            conn.exec_driver_sql(sql.insert_log, rows if len(rows) > 1 else rows[0])
            if ids:
                conn.exec_driver_sql(sql.insert_id, ids if len(ids) > 1 else ids[0])
            for e in entries:
                conn.execute(_NOTIFY, {"ch": NOTIFY_CHANNEL, "msg": f"{e[0]}:{e[1]}"})

    def _insert_sqlite(self, rows: list[tuple[Any, ...]], ids: list[tuple[Any, ...]]) -> None:
        """The SQLite writer's transaction on the connection it keeps: a checkout from the
        pool, its reset on return and the wrapping of each statement cost more CPU than
        the transaction itself (one process writes an SQLite file: one connection, under
        a lock, is all the log needs). A refused row raises SQLAlchemy's IntegrityError,
        as the pool's connections do; after any other failure the connection is given
        back and a fresh one taken for the next write."""
        with self._writer_lock:
            if self._writer is None:
                self._writer = self.engine.raw_connection()
            conn = self._writer.driver_connection
            try:
                with conn:  # commits, or rolls back on an exception
                    conn.executemany(self._sql.insert_log, rows)
                    if ids:
                        conn.executemany(self._sql.insert_id, ids)
            except sqlite3.IntegrityError as e:
                raise IntegrityError(self._sql.insert_log, rows, e) from None
            except BaseException:
                self._writer.invalidate()
                self._writer = None
                raise

    def _try_append(self, e: Append) -> Exception | None:
        try:
            self.append(*e)
        except Exception as err:
            return err
        return None

    def action_ids(self, table_id: str) -> dict[str, int]:
        """Every client action id logged for the table, with its sequence number."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(ActionIdRow.action_id, ActionIdRow.seq).where(ActionIdRow.table_id == table_id)
            ).all()
        return {r[0]: int(r[1]) for r in rows}

    def action_seq(self, table_id: str, action_id: str) -> int | None:
        """The sequence number of the action the client called ``action_id``, if logged."""
        with Session(self.engine) as s:
            row = s.get(ActionIdRow, (table_id, action_id))
            return row.seq if row is not None else None


# One entry to append: (table id, seq, kind, board, payload, the client's action id)
Append = tuple[str, int, str, int, dict[str, Any], str | None]
_NOTIFY = text("SELECT pg_notify(:ch, :msg)")


class _Statements:
    """The log's inserts in the driver's own terms (its parameter style, its form of a
    timestamp), for ``Connection.exec_driver_sql``."""

    def __init__(self, engine: Engine) -> None:
        mark = "?" if engine.dialect.paramstyle == "qmark" else "%s"
        self.insert_log = (f"INSERT INTO {LogRow.__tablename__} (table_id, seq, kind, board, payload, created_at) "
                           f"VALUES ({', '.join([mark] * 6)})")
        self.insert_id = f"INSERT INTO {ActionIdRow.__tablename__} (table_id, action_id, seq) VALUES ({mark}, {mark}, {mark})"
        process = DateTime(timezone=True).dialect_impl(engine.dialect).bind_processor(engine.dialect)
        self.created_at: Callable[[datetime], Any] = process if process is not None else _same


def _same(value: Any) -> Any:
    return value


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # WAL with NORMAL sync: a committed row survives the process being killed (SIGKILL);
    # only an operating-system crash may lose the last transactions.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def _now() -> datetime:
    return datetime.now(UTC)
