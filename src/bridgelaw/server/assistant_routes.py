"""The director's assistant: rule on an incident at a physical table from what is known.

A page (``/assistant``) and its API (``/api/incidents``). The director enters what happened
as it happened, in the scenario vocabulary (calls, cards shown or played, claims, his own
answers); each action is judged by the same engine on a board whose hands are unknown, and
the ruling comes back at once: what happened, who chooses now and between what, the
consequences, the laws, and a text to read aloud. Incidents are kept in the server's
database, listed, searched, printed and exported (JSON, PBN).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Query
from fastapi.responses import FileResponse, PlainTextResponse
from pydantic import BaseModel, Field
from sqlalchemy.exc import SQLAlchemyError

from bridgelaw.actions import action_from_json
from bridgelaw.errors import BridgeLawError
from bridgelaw.i18n import as_seat, msg, text
from bridgelaw.i18n.render import tr
from bridgelaw.server.hub import ClientError
from bridgelaw.server.incidents import INCIDENT_PRESETS, Incident, IncidentStore
from bridgelaw.server.queue_feed import QueueFeed
from bridgelaw.server.store import Store
from bridgelaw.table import Table

STATIC = Path(__file__).resolve().parent / "static"
log = logging.getLogger("bridgelaw.server")


class NewIncident(BaseModel):
    table: str = Field(default="", max_length=40)
    round: str = Field(default="", max_length=40)
    board: int = Field(ge=1, le=999)
    preset: str = "ru"


class IncidentAction(BaseModel):
    action: dict[str, Any]


class IncidentNote(BaseModel):
    note: str = Field(default="", max_length=4000)


def digest(t: Table) -> dict[str, Any]:
    """What the director needs at once: the latest ruling, who acts now and the options
    or questions, the consequences in force, and the text to read aloud (ru and en)."""
    state = t.view("director")
    rulings = state["rulings"]
    latest = rulings[-1] if rulings else None
    pending = t.awaiting
    now: dict[str, Any] | None = None
    if pending is not None:
        now = {"ruling": pending.id, "by": str(pending.chooser)}
        if pending.options:
            now["options"] = [o.to_json() for o in pending.options]
        else:
            now["questions"] = [q.to_json() for q in pending.questions]
    aloud_en = latest["summary"] if latest else ""
    aloud_ru = latest["summary_ru"] if latest else ""
    if now is not None and "options" in now:
        by = now["by"]
        chooses = msg("server.assistant.chooses", who=as_seat(by))
        aloud_en += f" {chooses.render('en')}"
        chooses_ru = msg("server.assistant.chooses", who=msg("ui.seat_director") if by == "director" else as_seat(by))
        aloud_ru += f" {chooses_ru.render('ru')}"
    laws = sorted({law for r in rulings for law in r["laws"]}, key=lambda x: (len(x), x))
    return {
        "latest": latest, "now": now, "laws": laws,
        "aloud": {"ru": aloud_ru.strip(), "en": aloud_en.strip()},
        "restrictions": state["restrictions"], "penalty_cards": state["penalty_cards"],
        "refused": state["refused"][-1:] if state["refused"] else [],
    }


def incident_out(inc: Incident) -> dict[str, Any]:
    t = inc.table()
    return {"incident": inc.to_json(), "state": t.view("director"), "ruling": digest(t)}


def to_pbn(inc: Incident) -> str:
    """The incident as a PBN game: unknown hands as '-', each irregular call or card marked
    with a note naming the laws and the ruling (PBN's =n= note references)."""
    t = inc.table()
    st = t.to_json()
    notes: list[str] = []
    by_action: dict[int, int] = {}
    for r in st["rulings"]:
        notes.append(f"{len(notes) + 1}:{' '.join(r['laws'])} {r['summary']}".replace('"', "'"))
        by_action.setdefault(r["at_action"], len(notes))
    lines = [
        '[Event "Incident"]', f'[Site "table {inc.table_no}"]', f'[Round "{inc.round_no}"]',
        f'[Date "{inc.created_at:%Y.%m.%d}"]', f'[Board "{inc.board}"]',
        f'[Dealer "{st["dealer"]}"]', f'[Vulnerable "{st["vulnerable"]}"]', f'[Deal "{t.board.deal.to_pbn()}"]',
    ]
    c = st["contract"]
    if isinstance(c, dict):
        lines += [f'[Declarer "{c["declarer"]}"]', f'[Contract "{c["level"]}{c["strain"].replace("N", "NT")}{c["risk"]}"]']
    if st["result"] and st["result"].get("declarer_tricks") is not None:
        lines.append(f'[Result "{st["result"]["declarer_tricks"]}"]')
    calls = [
        (str(x.call)[:-1] + "NT" if str(x.call)[-1:] == "N" else str(x.call))
        + (f" ={by_action[x.at_action]}=" if x.at_action in by_action else "")
        for x in t.calls
    ]
    lines.append(f'[Auction "{st["dealer"]}"]')
    for i in range(0, len(calls), 4):
        lines.append(" ".join(calls[i:i + 4]))
    if st["tricks"]:
        leader = st["tricks"][0]["leader"]
        lines.append(f'[Play "{leader}"]')
        order = ["N", "E", "S", "W"]
        start = order.index(leader)
        for tr in st["tricks"]:
            row = [tr["cards"].get(order[(start + k) % 4], "-") for k in range(4)]
            lines.append(" ".join(row))
    lines += [f'[Note "{n}"]' for n in notes]
    return "\n".join(lines) + "\n"


def router(store: Store, feed: QueueFeed | None = None) -> APIRouter:
    """The assistant's routes; with ``feed``, an incident the director linked to a table of
    a session posts its calls for the director into that session's queue. Every request
    about an incident names its link token (``?t=``); the database is read and written in
    a worker thread, never on the event loop."""
    incidents = IncidentStore(store.engine)

    async def fed(inc: Incident, t: Table | None = None) -> None:
        if feed is not None:
            await feed.on_incident(inc.id, t if t is not None else inc.table())

    async def _get(incident_id: str, token: str) -> Incident:
        inc = await asyncio.to_thread(incidents.get, incident_id)
        if inc is None:
            raise ClientError("unknown_incident", text("server.error.unknown_incident", given=repr(incident_id)), status=404)
        if not await asyncio.to_thread(incidents.opens, incident_id, token):
            raise ClientError("incident_link", text("server.error.incident_link"), status=403)
        return inc

    async def _save(inc: Incident) -> None:
        try:
            await asyncio.to_thread(incidents.save, inc)
        except SQLAlchemyError:
            log.exception("incident %s not stored", inc.id)
            raise ClientError("not_stored", text("server.error.not_stored"), status=503) from None

    r = APIRouter()
    _listing_routes(r, incidents, _get)
    _editing_routes(r, _get, _save, fed)
    _export_routes(r, _get)
    return r


Getter = Callable[[str, str], Awaitable[Incident]]
MAX_LISTED_LINKS = 200  # link tokens one listing may name (a director's evening holds a few dozen)


def _listing_routes(r: APIRouter, incidents: IncidentStore, _get: Getter) -> None:
    """The page, the presets, opening an incident and finding one."""

    @r.get("/assistant", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "assistant.html")

    @r.get("/api/incident-presets")
    async def presets() -> dict[str, Any]:
        return INCIDENT_PRESETS

    @r.post("/api/incidents")
    async def create(body: NewIncident) -> dict[str, Any]:
        """Open an incident; the answer's ``token`` is its link, asked by every later request."""
        if body.preset not in INCIDENT_PRESETS:
            raise ClientError("unknown_preset", text("server.error.unknown_preset", given=repr(body.preset), presets=", ".join(INCIDENT_PRESETS)), status=422)
        try:
            inc, token = await asyncio.to_thread(lambda: incidents.create(
                table_no=body.table, round_no=body.round, board=body.board, preset=body.preset))
        except SQLAlchemyError:
            log.exception("incident not created")
            raise ClientError("not_stored", text("server.error.not_stored"), status=503) from None
        return {**incident_out(inc), "token": token, "link": f"/assistant#{inc.id}.{token}"}

    @r.get("/api/incidents")
    async def listing(q: str = "", t: list[str] = Query(default=[], max_length=MAX_LISTED_LINKS)) -> list[dict[str, Any]]:  # noqa: B008
        """The incidents the link tokens ``t`` open (none without), newest first."""
        found = await asyncio.to_thread(incidents.search, t, q)
        return [i.to_json() for i in found]

    @r.get("/api/incidents/{incident_id}")
    async def one(incident_id: str, t: str = "") -> dict[str, Any]:
        return incident_out(await _get(incident_id, t))


def _editing_routes(r: APIRouter, _get: Getter, _save: Callable[[Incident], Awaitable[None]],
                    fed: Callable[[Incident, Table | None], Awaitable[None]]) -> None:
    """Judging one more action, taking the last one back, the director's note. The answer
    is sent only once the change is stored (503 ``not_stored`` if it could not be)."""

    @r.post("/api/incidents/{incident_id}/actions")
    async def act(incident_id: str, body: IncidentAction, t: str = "") -> dict[str, Any]:
        """Judge one more action. Refused ones (a card another hand holds, a choice nobody
        offered) are reported and not kept: the incident is as before."""
        inc = await _get(incident_id, t)
        try:
            action = action_from_json(body.action)
        except BridgeLawError as e:
            raise ClientError("bad_action", e.message, status=422) from None
        table = inc.table()
        outcome = table.act(action)
        if not outcome.accepted:
            out = incident_out(inc)
            out["refused"] = {"code": outcome.code, "message": tr(outcome.message or "", "en"),
                              "message_ru": tr(outcome.message or "", "ru")}
            return out
        inc.actions.append(body.action)
        d = digest(table)
        inc.summary = (d["latest"] or {}).get("summary_ru", "") + " " + (d["latest"] or {}).get("summary", "")
        await _save(inc)
        await fed(inc, table)
        return incident_out(inc)

    @r.post("/api/incidents/{incident_id}/undo")
    async def undo(incident_id: str, t: str = "") -> dict[str, Any]:
        inc = await _get(incident_id, t)
        if inc.actions:
            inc.actions.pop()
            d = digest(inc.table())
            inc.summary = (d["latest"] or {}).get("summary_ru", "") + " " + (d["latest"] or {}).get("summary", "")
            await _save(inc)
            await fed(inc, None)
        return incident_out(inc)

    @r.post("/api/incidents/{incident_id}/note")
    async def note(incident_id: str, body: IncidentNote, t: str = "") -> dict[str, Any]:
        inc = await _get(incident_id, t)
        inc.note = body.note
        await _save(inc)
        return incident_out(inc)


def _export_routes(r: APIRouter, _get: Getter) -> None:
    """An incident exported as JSON (with its scenario and rulings) and as PBN."""

    @r.get("/api/incidents/{incident_id}/export.json")
    async def export_json(incident_id: str, t: str = "") -> dict[str, Any]:
        inc = await _get(incident_id, t)
        table = inc.table()
        return {**inc.to_json(), "scenario": inc.scenario(), "rulings": table.to_json()["rulings"]}

    @r.get("/api/incidents/{incident_id}/export.pbn")
    async def export_pbn(incident_id: str, t: str = "") -> PlainTextResponse:
        return PlainTextResponse(to_pbn(await _get(incident_id, t)), media_type="application/x-chess-pbn; charset=utf-8")
