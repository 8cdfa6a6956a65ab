"""Request and response bodies of the HTTP API (they make the OpenAPI document exact)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field


class CreateTable(BaseModel):
    """A new table. Boards come from ``pbn`` (a PBN file's text) or are freshly dealt."""

    title: str = Field("", max_length=200)
    edition: Literal["2017", "1997"] = "2017"
    mode: Literal["table", "online"] = Field(
        "table", description="table: irregularities happen and are ruled on; online: they are refused")
    auto_director: bool = Field(
        True, description="rule at once on an irregularity; false: the table waits until someone calls the director")
    opening_lead: Literal["face_down", "face_up"] = Field("face_down", description="Law 41A regulation")
    boards: int = Field(1, ge=1, le=64, description="number of freshly dealt boards (ignored with pbn)")
    first_board: int = Field(1, ge=1, le=999, description="number of the first dealt board (dealer, vulnerability by Law 2)")
    pbn: str | None = Field(None, max_length=1_000_000, description="boards from a PBN file")


class TableCreated(BaseModel):
    id: str
    title: str
    boards: int
    links: dict[str, str] = Field(description="role (N, E, S, W, director, all) -> page link")
    tokens: dict[str, str] = Field(description="role -> token for /ws/{token} and /api/links/{token}")


class TableSummary(BaseModel):
    id: str
    title: str
    created_at: datetime
    events: int


class TableInfo(BaseModel):
    id: str
    title: str
    seq: int
    board_index: int
    boards: int
    board: int
    phase: str
    config: dict[str, Any]


class LinkInfo(BaseModel):
    table: str
    role: Literal["N", "E", "S", "W", "director", "all"]


class ActionRequest(BaseModel):
    """One message, as on the websocket: ``type`` action (with ``action`` in the scenario
    vocabulary), next_board (the director's moves the table on; a player's says he is
    ready, and the fourth ready moves it when no ruling or adjustment can still come), adjust (director: ``score_ns``, ``note``; or ``ns``/``ew``
    artificial, ``score_ew`` split, ``weighted``) or private (the director's word with one
    player: ``to``, ``text``; a seat answers with ``text``) or undo (director: the board's
    last action is withdrawn) or undo_request (a player asks to take back his last call or
    card) and undo_answer (``agree``: an opponent's consent, or the director's ruling;
    ``seat`` for the practice link). ``seq`` is the
    sequence number of the state the sender saw; a stale one is answered with 409.
    ``action_id`` makes the message idempotent: the same id again is answered with the
    sequence number it was logged under, and nothing is applied twice."""

    type: Literal["action", "next_board", "adjust", "private", "undo", "undo_request", "undo_answer"] = "action"
    action: dict[str, Any] | None = None
    seq: int | None = None
    action_id: str | None = Field(
        None, min_length=1, max_length=64,
        description="the client's own id of this action: sent again (a retry), it is applied once")
    score_ns: int | None = None
    note: str = Field("", max_length=500)
    law: str = Field("12C", max_length=20)
    ns: str | None = Field(None, description="adjust: N-S artificial score (12C2)")
    ew: str | None = Field(None, description="adjust: E-W artificial score (12C2)")
    score_ew: int | None = Field(None, description="adjust: E-W's own figure of a split score (12C1(b))")
    weighted: list[dict[str, Any]] | None = Field(None, description="adjust: [{score_ns, percent}] (12C1(c))")
    to: str | None = Field(None, description="private: the seat the director speaks to")
    text: str | None = Field(None, max_length=500, description="private: the words said")
    agree: bool | None = Field(None, description="undo_answer: consent to taking back the slip, or not")
    seat: str | None = Field(None, max_length=1, description="undo_answer from the practice link: the seat answering")


class Accepted(BaseModel):
    seq: int = Field(description="the sequence number of the logged entry")


class ErrorBody(BaseModel):
    code: str
    message: str


class LogEntryOut(BaseModel):
    seq: int
    kind: str
    board: int
    payload: dict[str, Any]
