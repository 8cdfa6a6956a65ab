"""HTTP routes of one link (a seat's, the director's, the practice link): its state, an
action through it, the director's event log, a hand diagram."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Header, Request, Response

from bridgelaw.i18n import text
from bridgelaw.i18n.output import choose_language, localize_state, preset_language
from bridgelaw.rulings import DIRECTOR
from bridgelaw.server.deps import ERRORS, Server
from bridgelaw.server.hub import ClientError
from bridgelaw.server.schemas import Accepted, ActionRequest, LinkInfo, LogEntryOut
from bridgelaw.server.svg import hand_diagram


def router(server: Server) -> APIRouter:
    r = APIRouter(tags=["links"])
    hub, store = server.hub, server.store

    @r.get("/api/links/{token}", response_model=LinkInfo, responses=ERRORS)
    async def link_info(token: str, request: Request) -> LinkInfo:
        table_id, role = await server.link(token, request)
        return LinkInfo(table=table_id, role=role)  # type: ignore[arg-type]

    @r.get("/api/links/{token}/state", responses=ERRORS)
    async def link_state(token: str, request: Request, lang: str | None = None,
                         accept_language: str | None = Header(None)) -> dict[str, Any]:
        """The same state message the websocket sends to this link; its texts in the
        language asked for (``?lang=``, else Accept-Language, else the table preset's)."""
        table_id, role = await server.link(token, request)
        live = await hub.live(table_id)
        async with hub.lock(table_id):
            await hub.catch_up(live)
        default = preset_language(live.table.config.regulations)
        return localize_state(live.view(role), choose_language(lang, accept_language, default))

    @r.post("/api/links/{token}/actions", response_model=Accepted, responses=ERRORS)
    async def post_action(token: str, body: ActionRequest, request: Request) -> Accepted:
        """Take an action through this link (as on the websocket). 409 on a stale ``seq``."""
        table_id, role = await server.link(token, request)
        seq = await hub.submit(table_id, role, body.model_dump(exclude_none=True))
        return Accepted(seq=seq)

    @r.get("/api/links/{token}/log", response_model=list[LogEntryOut], responses=ERRORS)
    async def director_log(token: str, request: Request) -> list[LogEntryOut]:
        """The table's whole event log: for the director's link only."""
        table_id, role = await server.link(token, request)
        if role != DIRECTOR:
            raise ClientError("director_only", text("server.error.event_log_director"), status=403)
        entries = await hub.db(store.log, table_id, 0)
        return [LogEntryOut(seq=e.seq, kind=e.kind, board=e.board, payload=e.payload) for e in entries]

    @r.get(
        "/api/links/{token}/diagram.svg", responses={200: {"content": {"image/svg+xml": {}}}, **ERRORS},
        response_class=Response,
    )
    async def diagram(token: str, request: Request, lang: str = "en") -> Response:
        """A hand diagram of what this link may see, as SVG."""
        table_id, role = await server.link(token, request)
        live = await hub.live(table_id)
        svg = hand_diagram(live.view(role)["view"], lang)
        return Response(svg, media_type="image/svg+xml",
                        headers={"Content-Disposition": f'attachment; filename="board-{live.table.board.number}.svg"'})

    return r
