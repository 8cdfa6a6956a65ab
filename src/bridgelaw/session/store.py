"""Sessions in the database: a row per session (its configuration: movement, boards,
scoring) and its append-only event log, on the server's own engine (SQLite or
PostgreSQL). A session's state is never stored; it is the replay of its log."""

from __future__ import annotations

import json
import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text, func, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from bridgelaw.core.cards import Seat
from bridgelaw.core.deal import Board as DealtBoard
from bridgelaw.core.deal import Deal, Vulnerability
from bridgelaw.i18n import text
from bridgelaw.session.live import DuplicateSession, SessionError
from bridgelaw.session.movements import Movement, appendix_mitchell, howell, mitchell


class SessionBase(DeclarativeBase):
    pass


class SessionRow(SessionBase):
    __tablename__ = "bl_sessions"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    title: Mapped[str] = mapped_column(String(200), default="")
    config: Mapped[str] = mapped_column(Text)  # JSON: movement, boards, scoring, online tables, tokens
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SessionLogRow(SessionBase):
    __tablename__ = "bl_session_log"
    session_id: Mapped[str] = mapped_column(ForeignKey("bl_sessions.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    payload: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def movement_from(spec: dict[str, Any]) -> Movement:
    kind = str(spec.get("kind", "mitchell")).lower()
    try:
        tables = int(spec.get("tables", 0))
        per_set = int(spec.get("boards_per_set", 3))
        if kind == "mitchell":
            return mitchell(tables, per_set, rounds=spec.get("rounds"), arrow_switch=spec.get("arrow_switch", ()),
                            phantom_ew=spec.get("phantom_ew"), boards=spec.get("boards"))
        if kind == "howell":
            return howell(tables, per_set, phantom=bool(spec.get("phantom", False)))
        if kind in ("appendix", "appendix_mitchell"):
            return appendix_mitchell(int(spec.get("base", tables)), per_set)
    except (ValueError, TypeError) as e:
        raise SessionError("bad_movement", text("session.error.bad_movement", problem=str(e)), 422) from None
    raise SessionError("bad_movement", text("session.error.no_movement", kind=repr(kind)), 422)


def boards_from(rows: list[dict[str, Any]]) -> dict[int, DealtBoard]:
    out: dict[int, DealtBoard] = {}
    for r in rows:
        n = int(r["number"])
        out[n] = DealtBoard(n, Deal.parse(r["deal"]), Seat[r["dealer"]], Vulnerability.parse(r["vulnerable"]))
    return out


def session_from(cfg: dict[str, Any]) -> DuplicateSession:
    """A session with no events yet, from its configuration (raises on a bad one)."""
    return DuplicateSession(movement_from(cfg["movement"]), boards_from(cfg.get("boards", [])),
                            scoring=str(cfg.get("scoring", "MP")),
                            correction_period=float(cfg.get("correction_minutes", 30)) * 60,
                            online_tables=frozenset(int(t) for t in cfg.get("online_tables", [])))


class SessionStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # each session as last read: title, configuration, state, the last event's number
        self._cache: dict[str, tuple[str, dict[str, Any], DuplicateSession, int]] = {}
        for attempt in range(5):
            try:
                SessionBase.metadata.create_all(engine)
                break
            except IntegrityError:
                if attempt == 4:
                    raise

    def create(self, title: str, config: dict[str, Any]) -> tuple[str, dict[str, str]]:
        sid = secrets.token_hex(8)
        mv = movement_from(config["movement"])
        # 192 bits each, as a live table's seat links
        tokens = {"director": secrets.token_urlsafe(24)}
        for t in range(1, mv.tables + 1):
            tokens[f"table{t}"] = secrets.token_urlsafe(24)
        config = {**config, "tokens": tokens}
        with Session(self.engine) as db, db.begin():
            db.add(SessionRow(id=sid, title=title, config=json.dumps(config), created_at=datetime.now(UTC)))
        return sid, tokens

    def config(self, sid: str) -> tuple[str, dict[str, Any]]:
        with Session(self.engine) as db:
            row = db.get(SessionRow, sid)
            if row is None:
                raise SessionError("no_such_session", text("session.error.no_such_session", session=sid), 404)
            return row.title, json.loads(row.config)

    def events(self, sid: str, after: int = 0) -> list[tuple[int, dict[str, Any]]]:
        """The session's logged events after sequence number ``after``, with their numbers."""
        with Session(self.engine) as db:
            rows = db.scalars(select(SessionLogRow).where(SessionLogRow.session_id == sid, SessionLogRow.seq > after)
                              .order_by(SessionLogRow.seq))
            return [(r.seq, json.loads(r.payload)) for r in rows]

    def append(self, sid: str, ev: dict[str, Any], seq: int | None = None) -> int:
        """Store ``ev`` as event ``seq`` (by default the next one); IntegrityError when
        another writer stored that number first."""
        with Session(self.engine) as db, db.begin():
            if seq is None:
                seq = (db.scalar(select(func.max(SessionLogRow.seq)).where(SessionLogRow.session_id == sid)) or 0) + 1
            db.add(SessionLogRow(session_id=sid, seq=seq, kind=str(ev["kind"]), payload=json.dumps(ev),
                                 at=datetime.now(UTC)))
        return seq

    def commit(self, sid: str, ev: dict[str, Any]) -> Any:
        """Check and apply a new event on a copy of the session, store it, and only then
        let the copy be the session (apply only what is stored): a refused event or a
        failed write leaves the session as it was. Another process's event stored first
        under the same number is read, and ``ev`` judged again after it."""
        for _attempt in range(3):
            title, cfg, ds, seq = self._loaded(sid)
            new = ds.copy()
            new.check(ev)
            out = new.apply(ev)
            try:
                self.append(sid, ev, seq + 1)
            except IntegrityError:
                continue
            self._cache[sid] = (title, cfg, new, seq + 1)
            return out
        raise SessionError("not_stored", text("session.error.not_stored"), 503)

    def linked(self, field: str, ref: str) -> str | None:
        """The session a live table or an assistant incident was last linked to (its
        ``link`` event names it under ``field``: live_table or incident), if any."""
        needle = json.dumps({field: ref})[1:-1]
        with Session(self.engine) as db:
            sid = db.scalar(select(SessionLogRow.session_id).where(
                SessionLogRow.kind == "link", SessionLogRow.payload.contains(needle, autoescape=True))
                .order_by(SessionLogRow.at.desc()).limit(1))
        return str(sid) if sid is not None else None

    def load(self, sid: str, clock: Any = None) -> tuple[str, dict[str, Any], DuplicateSession]:
        """The session replayed from its configuration and log (kept in memory between
        requests; only the events logged since, by this process or another, are replayed,
        on a copy, so a session read elsewhere never changes under its reader)."""
        if clock is not None:
            title, cfg = self.config(sid)
            ds = session_from(cfg)
            ds.clock = clock
            for _seq, ev in self.events(sid):
                ds.apply(ev)
            return title, cfg, ds
        title, cfg, ds, _seq = self._loaded(sid)
        return title, cfg, ds

    def _loaded(self, sid: str) -> tuple[str, dict[str, Any], DuplicateSession, int]:
        """The cached session brought up to its log, and the number of its last event."""
        cached = self._cache.get(sid)
        if cached is None:
            title, cfg = self.config(sid)
            ds, seq = session_from(cfg), 0
        else:
            title, cfg, ds, seq = cached
        later = self.events(sid, after=seq)
        if later or cached is None:
            ds = ds.copy() if cached is not None else ds
            for _n, ev in later:
                ds.apply(ev)
            seq = later[-1][0] if later else seq
            self._cache[sid] = (title, cfg, ds, seq)
        return title, cfg, ds, seq
