"""The director's incidents at physical tables: kept in the server's database.

An incident is a board told as what happened at the table (the scenario vocabulary), with
the hands unknown except for the cards shown: its rows keep the set-up and the ordered
actions; the ruling is never stored as the truth, it is folded again from the actions
(the Table is event-sourced), and a copy of its text is kept only for listing and search.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from bridgelaw.actions import action_from_json
from bridgelaw.config import PRESETS, Regulations, TableConfig
from bridgelaw.core.deal import Board, Deal, dealer_of_board, vulnerability_of_board
from bridgelaw.table import Table

# Regulation presets a director picks from: edition, language of the page, Law 41A option.
INCIDENT_PRESETS: dict[str, dict[str, Any]] = {
    "ru": {"edition": "2017", "lang": "ru", "regulations": "fsbr_face_up"},
    "wbf": {"edition": "2017", "lang": "en", "regulations": "wbf2017"},
    "wbf_ru": {"edition": "2017", "lang": "ru", "regulations": "wbf2017"},
    "1997": {"edition": "1997", "lang": "en", "regulations": "wbf2017"},
}


class IncidentBase(DeclarativeBase):
    pass


class IncidentRow(IncidentBase):
    __tablename__ = "bl_incidents"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    table_no: Mapped[str] = mapped_column(String(40), default="")
    round_no: Mapped[str] = mapped_column(String(40), default="")
    board: Mapped[int] = mapped_column(Integer)
    edition: Mapped[str] = mapped_column(String(8))
    preset: Mapped[str] = mapped_column(String(16))
    lang: Mapped[str] = mapped_column(String(4))
    opening_lead: Mapped[str] = mapped_column(String(16))
    actions: Mapped[str] = mapped_column(Text, default="[]")  # JSON: the scenario actions
    summary: Mapped[str] = mapped_column(Text, default="")  # the last ruling's text, for search
    note: Mapped[str] = mapped_column(Text, default="")


class IncidentKeyRow(IncidentBase):
    """The hash of an incident's link token."""

    __tablename__ = "bl_incident_keys"
    incident_id: Mapped[str] = mapped_column(ForeignKey("bl_incidents.id"), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), index=True)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class Incident:
    id: str
    created_at: datetime
    updated_at: datetime
    table_no: str
    round_no: str
    board: int
    edition: str
    preset: str
    lang: str
    opening_lead: str
    actions: list[dict[str, Any]]
    summary: str
    note: str

    def scenario(self) -> dict[str, Any]:
        """The incident as a scenario file (hands unknown): ``bridgelaw scenario`` rules the same."""
        return {
            "format": 1, "title": f"table {self.table_no}, round {self.round_no}, board {self.board}",
            "edition": self.edition, "regulations": {"opening_lead": self.opening_lead},
            "board": self.board, "actions": list(self.actions),
        }

    def table(self) -> Table:
        cfg = TableConfig(edition=self.edition, regulations=Regulations(opening_lead=self.opening_lead))  # type: ignore[arg-type]
        board = Board(self.board, Deal((0, 0, 0, 0)), dealer_of_board(self.board), vulnerability_of_board(self.board))
        return Table(board, cfg, [action_from_json(a) for a in self.actions])

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "created_at": self.created_at.isoformat(), "updated_at": self.updated_at.isoformat(),
            "table": self.table_no, "round": self.round_no, "board": self.board, "edition": self.edition,
            "preset": self.preset, "lang": self.lang, "opening_lead": self.opening_lead,
            "actions": self.actions, "summary": self.summary, "note": self.note,
        }


def _incident(row: IncidentRow) -> Incident:
    return Incident(
        row.id, _aware(row.created_at), _aware(row.updated_at), row.table_no, row.round_no, row.board,
        row.edition, row.preset, row.lang, row.opening_lead, json.loads(row.actions), row.summary, row.note,
    )


def _aware(t: datetime) -> datetime:
    return t if t.tzinfo is not None else t.replace(tzinfo=UTC)


class IncidentStore:
    """Incidents in the server's database (SQLite or PostgreSQL, the same engine)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        IncidentBase.metadata.create_all(engine)

    def create(self, *, table_no: str, round_no: str, board: int, preset: str) -> tuple[Incident, str]:
        """A new incident and its link token (the only time the token is told)."""
        p = INCIDENT_PRESETS[preset]
        token = secrets.token_urlsafe(24)
        now = datetime.now(UTC)
        row = IncidentRow(
            id=secrets.token_hex(8), created_at=now, updated_at=now, table_no=table_no, round_no=round_no,
            board=board, edition=p["edition"], preset=preset, lang=p["lang"],
            opening_lead=PRESETS[p["regulations"]].opening_lead, actions="[]", summary="", note="",
        )
        with Session(self.engine) as s, s.begin():
            s.add(row)
            s.flush()
            s.add(IncidentKeyRow(incident_id=row.id, token_hash=token_hash(token)))
            return _incident(row), token

    def get(self, incident_id: str) -> Incident | None:
        with Session(self.engine) as s:
            row = s.get(IncidentRow, incident_id)
            return _incident(row) if row is not None else None

    def opens(self, incident_id: str, token: str) -> bool:
        """``token`` is the link of incident ``incident_id``."""
        with Session(self.engine) as s:
            key = s.get(IncidentKeyRow, incident_id)
        return key is not None and bool(token) and hmac.compare_digest(key.token_hash, token_hash(token))

    def save(self, inc: Incident) -> None:
        with Session(self.engine) as s, s.begin():
            row = s.get(IncidentRow, inc.id)
            if row is None:
                raise KeyError(inc.id)
            row.actions = json.dumps(inc.actions, ensure_ascii=False)
            row.summary = inc.summary
            row.note = inc.note
            row.updated_at = datetime.now(UTC)

    def search(self, tokens: list[str], q: str = "", limit: int = 200) -> list[Incident]:
        """The incidents these link tokens open, newest first; ``q`` matches the table,
        round, board number or the ruling's text."""
        hashes = {token_hash(t) for t in tokens if t}
        if not hashes:
            return []
        with Session(self.engine) as s:
            rows = s.scalars(select(IncidentRow).join(IncidentKeyRow, IncidentKeyRow.incident_id == IncidentRow.id)
                             .where(IncidentKeyRow.token_hash.in_(hashes))
                             .order_by(IncidentRow.updated_at.desc()).limit(limit)).all()
            found = [_incident(r) for r in rows]
        needle = q.strip().lower()
        if not needle:
            return found
        return [
            i for i in found
            if needle in i.summary.lower() or needle == i.table_no.lower() or needle == i.round_no.lower()
            or needle == str(i.board) or needle in i.note.lower()
        ]
