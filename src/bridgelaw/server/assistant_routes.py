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
from bridgelaw.i18n import Msg, as_seat, msg, text
from bridgelaw.i18n.render import tr
from bridgelaw.server.hub import ClientError
from bridgelaw.server.incident_record import pbn_game, result_announcement, ruling_record
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


def _now(t: Table) -> dict[str, Any] | None:
    """Who acts now on the waiting ruling, with his options or the director's questions."""
    pending = t.awaiting
    if pending is None:
        return None
    now: dict[str, Any] = {"ruling": pending.id, "by": str(pending.chooser)}
    if pending.options:
        now["options"] = [o.to_json() for o in pending.options]
    else:
        now["questions"] = [q.to_json() for q in pending.questions]
    return now


def _aloud(latest: dict[str, Any] | None, now: dict[str, Any] | None, result: Msg | None) -> dict[str, str]:
    """The text to read aloud, in the order a director speaks: the latest ruling, who
    chooses now, and — once the board is over — its result."""
    out = {"en": latest["summary"] if latest else "", "ru": latest["summary_ru"] if latest else ""}
    if now is not None and "options" in now:
        by = now["by"]
        out["en"] += f" {msg('server.assistant.chooses', who=as_seat(by)).render('en')}"
        who_ru = msg("ui.seat_director") if by == "director" else as_seat(by)
        out["ru"] += f" {msg('server.assistant.chooses', who=who_ru).render('ru')}"
    if result is not None and now is None:
        out = {lang: f"{text} {result.render(lang)}" for lang, text in out.items()}
    return {lang: text.strip() for lang, text in out.items()}


def _result_not_known(state: dict[str, Any]) -> Msg | None:
    """The board is over but the play was entered from a later trick: who won the tricks
    before it is not known, so the result is not announced — the director says how it is
    recorded instead of inventing one."""
    tricks = state["tricks"]
    unrecorded = sum(1 for tr in tricks if tr.get("unrecorded"))
    if state["phase"] != "ended" or not unrecorded:
        return None
    return msg("server.assistant.result_not_known", trick=unrecorded + 1)


def digest(t: Table) -> dict[str, Any]:
    """What the director needs at once: the latest ruling, who acts now and the options
    or questions, the consequences in force, the text to read aloud (ru and en), and the
    whole record of the incident's rulings."""
    state = t.view("director")
    rulings = state["rulings"]
    latest = rulings[-1] if rulings else None
    now = _now(t)
    result = result_announcement(t) or _result_not_known(state)
    laws = sorted({law for r in rulings for law in r["laws"]}, key=lambda x: (len(x), x))
    return {
        "latest": latest, "now": now, "laws": laws, "record": ruling_record(state),
        "result": {"en": result.render("en"), "ru": result.render("ru")} if result is not None else None,
        "aloud": _aloud(latest, now, result),
        "restrictions": state["restrictions"], "penalty_cards": state["penalty_cards"],
        "refused": state["refused"][-1:] if state["refused"] else [],
    }


def list_summary(d: dict[str, Any]) -> str:
    """The latest ruling for the incident list: the Russian and the English text a line
    each (the list shows the page's language, the search reads both)."""
    latest = d["latest"] or {}
    return f'{latest.get("summary_ru", "")}\n{latest.get("summary", "")}'


def incident_out(inc: Incident) -> dict[str, Any]:
    t = inc.table()
    return {"incident": inc.to_json(), "state": t.view("director"), "ruling": digest(t)}


def to_pbn(inc: Incident) -> str:
    """The incident as a PBN game, its notes in the incident's language (``incident_record``)."""
    return pbn_game(inc.table(), lang=inc.lang, site=inc.table_no and f"table {inc.table_no}", round_no=inc.round_no,
                    date=f"{inc.created_at:%Y.%m.%d}", note=inc.note)


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
        return [i.to_json() for i in found if i.actions]  # one opened and left empty ruled on nothing

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
        inc.summary = list_summary(d)
        await _save(inc)
        await fed(inc, table)
        return incident_out(inc)

    @r.post("/api/incidents/{incident_id}/undo")
    async def undo(incident_id: str, t: str = "") -> dict[str, Any]:
        inc = await _get(incident_id, t)
        if inc.actions:
            inc.actions.pop()
            d = digest(inc.table())
            inc.summary = list_summary(d)
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
