"""The FastAPI application: HTTP API (documented at /docs, /openapi.json), the websocket
``/ws/{token}`` and the static web UI.

Websocket protocol (JSON text frames). The server sends ``{"type":"state", ...}`` on
connect and after every change (each link receives only its own view), ``{"type":"ack",
"id", "seq"}`` for an accepted message and ``{"type":"error", "code", "message", "id"}``
for a refused one. A client sends ``{"type":"action", "action":{scenario action},
"seq":N, "id":any}``, ``{"type":"next_board"}``, ``{"type":"adjust", "score_ns":N,
"note":"..."}`` (director), ``{"type":"state"}`` or ``{"type":"ping"}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from bridgelaw.errors import BridgeLawError
from bridgelaw.rulings import DIRECTOR
from bridgelaw.server import boards as board_sets
from bridgelaw.server.hub import Client, ClientError, Hub
from bridgelaw.server.schemas import (
    Accepted,
    ActionRequest,
    CreateTable,
    ErrorBody,
    LinkInfo,
    LogEntryOut,
    TableCreated,
    TableInfo,
    TableSummary,
)
from bridgelaw.server.store import Store
from bridgelaw.server.svg import hand_diagram

STATIC = Path(__file__).parent / "static"
MAX_WS_MESSAGE = 64 * 1024       # characters in one websocket message
MAX_HTTP_BODY = 2 * 1024 * 1024  # bytes in one request body (a PBN file fits easily)
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody}, 403: {"model": ErrorBody}, 404: {"model": ErrorBody},
    409: {"model": ErrorBody}, 413: {"model": ErrorBody}, 422: {"model": ErrorBody},
}


def create_app(database: str = "bridgelaw.db", *, listen: bool | None = None) -> FastAPI:
    """Build the app on ``database`` (an SQLite path or a postgresql:// URL). ``listen``:
    run the PostgreSQL LISTEN task for scale-out (default: whenever the database is PostgreSQL)."""
    store = Store(database)
    hub = Hub(store)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        task = None
        if store.is_postgres and listen is not False:
            from bridgelaw.server.notify import listen as pg_listen

            ready = asyncio.Event()
            task = asyncio.create_task(pg_listen(hub, ready))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(ready.wait(), 10)
        try:
            yield
        finally:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            hub.close()
            store.dispose()

    app = FastAPI(
        title="bridgelaw table server",
        version="0.1.0",
        description=(__doc__ or "").split("\n\n", 1)[1],
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.store = store

    @app.exception_handler(ClientError)
    async def client_error(_request: Request, exc: ClientError) -> JSONResponse:
        return JSONResponse({"code": exc.code, "message": exc.message}, status_code=exc.status)

    @app.middleware("http")
    async def limit_body(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_HTTP_BODY):
            return JSONResponse(
                {"code": "payload_too_large", "message": f"the request body exceeds {MAX_HTTP_BODY} bytes"},
                status_code=413,
            )
        return await call_next(request)

    async def link(token: str) -> tuple[str, str]:
        found = await hub.db(store.seat, token)
        if found is None:
            raise ClientError("unknown_link", "this table link is not valid (check the address you were given)", status=404)
        return found

    # ------------------------------------------------------------------ tables
    @app.post("/api/tables", response_model=TableCreated, status_code=201, responses=ERRORS, tags=["tables"])
    async def create_table(body: CreateTable) -> TableCreated:
        """Open a table: boards from a PBN file or freshly dealt; one link per seat, one for
        the director and one ('all') for a single person taking all four seats."""
        try:
            boards = board_sets.pbn_boards(body.pbn) if body.pbn else board_sets.dealt_boards(body.boards, body.first_board)
        except BridgeLawError as e:
            raise ClientError("bad_pbn", e.message) from None
        config = {
            "edition": body.edition, "mode": body.mode, "auto_director": body.auto_director,
            "regulations": {"opening_lead": body.opening_lead},
        }
        table_id, tokens = await hub.db(store.create_table, title=body.title, config=config, boards=boards)
        return TableCreated(
            id=table_id, title=body.title, boards=len(boards), tokens=tokens,
            links={role: f"/table?t={tok}" for role, tok in tokens.items()},
        )

    @app.get("/api/tables", response_model=list[TableSummary], tags=["tables"])
    async def list_tables() -> list[TableSummary]:
        """The lobby: tables newest first (no links: those are given only to their holders)."""
        rows = await hub.db(store.list_tables)
        return [TableSummary(id=i, title=t, created_at=c, events=n) for i, t, c, n in rows]

    @app.get("/api/tables/{table_id}", response_model=TableInfo, responses=ERRORS, tags=["tables"])
    async def table_info(table_id: str) -> TableInfo:
        """Public facts about a table: no hands, no auction."""
        live = await hub.live(table_id)
        t = live.table
        return TableInfo(
            id=live.id, title=live.meta.title, seq=live.seq, board_index=live.board_idx,
            boards=len(live.meta.boards), board=t.board.number, phase=t.phase.value, config=live.meta.config,
        )

    # ------------------------------------------------------------------ links
    @app.get("/api/links/{token}", response_model=LinkInfo, responses=ERRORS, tags=["links"])
    async def link_info(token: str) -> LinkInfo:
        table_id, role = await link(token)
        return LinkInfo(table=table_id, role=role)  # type: ignore[arg-type]

    @app.get("/api/links/{token}/state", responses=ERRORS, tags=["links"])
    async def link_state(token: str) -> dict[str, Any]:
        """The same state message the websocket sends to this link."""
        table_id, role = await link(token)
        live = await hub.live(table_id)
        async with hub.lock(table_id):
            await hub.catch_up(live)
        return live.view(role)

    @app.post("/api/links/{token}/actions", response_model=Accepted, responses=ERRORS, tags=["links"])
    async def post_action(token: str, body: ActionRequest) -> Accepted:
        """Take an action through this link (as on the websocket). 409 on a stale ``seq``."""
        table_id, role = await link(token)
        seq = await hub.submit(table_id, role, body.model_dump(exclude_none=True))
        return Accepted(seq=seq)

    @app.get("/api/links/{token}/log", response_model=list[LogEntryOut], responses=ERRORS, tags=["links"])
    async def director_log(token: str) -> list[LogEntryOut]:
        """The table's whole event log: for the director's link only."""
        table_id, role = await link(token)
        if role != DIRECTOR:
            raise ClientError("director_only", "the event log is the director's", status=403)
        entries = await hub.db(store.log, table_id, 0)
        return [LogEntryOut(seq=e.seq, kind=e.kind, board=e.board, payload=e.payload) for e in entries]

    @app.get(
        "/api/links/{token}/diagram.svg", responses={200: {"content": {"image/svg+xml": {}}}, **ERRORS},
        response_class=Response, tags=["links"],
    )
    async def diagram(token: str, lang: str = "en") -> Response:
        """A hand diagram of what this link may see, as SVG."""
        table_id, role = await link(token)
        live = await hub.live(table_id)
        svg = hand_diagram(live.view(role)["view"], lang)
        return Response(svg, media_type="image/svg+xml",
                        headers={"Content-Disposition": f'attachment; filename="board-{live.table.board.number}.svg"'})

    # ------------------------------------------------------------------ laws
    @app.get("/api/laws/{number}", responses=ERRORS, tags=["laws"])
    async def law(number: int) -> dict[str, Any]:
        """The director's reference for one law (1-93): summaries in Russian and English,
        handlers and scenarios (from ``bridgelaw.matrix``)."""
        if not 1 <= number <= 93:
            raise ClientError("no_such_law", f"the Laws are numbered 1 to 93, not {number}", status=404)
        return await asyncio.to_thread(law_reference, number)

    @app.get("/api/laws", tags=["laws"])
    async def laws_index() -> list[dict[str, Any]]:
        """The short entry of every law 1-93 (the reference page's index)."""
        return await asyncio.to_thread(law_index)

    @app.get("/api/health", tags=["service"])
    async def health() -> dict[str, Any]:
        return {"ok": True, "database": "postgresql" if store.is_postgres else "sqlite", "tables_in_memory": len(hub.tables)}

    # ------------------------------------------------------------------ websocket
    @app.websocket("/ws/{token}")
    async def table_socket(websocket: WebSocket, token: str) -> None:
        await websocket.accept()
        found = await hub.db(store.seat, token)
        if found is None:
            await websocket.send_json({"type": "error", "code": "unknown_link", "message": "this table link is not valid"})
            await websocket.close(code=4404)
            return
        table_id, role = found
        try:
            live = await hub.live(table_id)
        except ClientError as e:
            await websocket.send_json(e.to_json())
            await websocket.close(code=4404)
            return
        client = Client(websocket, table_id, role)
        async with hub.lock(table_id):
            if store.is_postgres:  # another process may have moved the table on
                await hub.catch_up(live)
            hub.join(client)
            hub.tell(client, live.view(role))
        pump = asyncio.create_task(hub.pump(client))
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                raw = frame.get("text")
                if raw is None and frame.get("bytes") is not None:
                    raw = frame["bytes"].decode("utf-8", "replace")
                await handle_message(client, raw or "")
        except WebSocketDisconnect:
            pass
        finally:
            hub.leave(client)
            pump.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await pump

    async def handle_message(client: Client, raw: str) -> None:
        if len(raw) > MAX_WS_MESSAGE:
            hub.tell(client, {"type": "error", "code": "payload_too_large",
                              "message": f"a message may be at most {MAX_WS_MESSAGE} characters"})
            return
        try:
            msg = json.loads(raw)
        except json.JSONDecodeError as e:
            hub.tell(client, {"type": "error", "code": "bad_json", "message": f"the message is not JSON: {e.msg}"})
            return
        if not isinstance(msg, dict):
            hub.tell(client, {"type": "error", "code": "bad_message", "message": "a message must be a JSON object"})
            return
        msg_id = msg.get("id")
        kind = msg.get("type", "action")
        if kind == "ping":
            hub.tell(client, {"type": "pong", "id": msg_id})
            return
        if kind == "state":
            live = await hub.live(client.table_id)
            hub.tell(client, live.view(client.role))
            return
        try:
            seq = await hub.submit(client.table_id, client.role, msg)
        except ClientError as e:
            hub.tell(client, {**e.to_json(), "id": msg_id})
            if e.code == "conflict":
                live = await hub.live(client.table_id)
                hub.tell(client, live.view(client.role))
            return
        hub.tell(client, {"type": "ack", "id": msg_id, "seq": seq})

    # ------------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/table", include_in_schema=False)
    async def table_page() -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/laws", include_in_schema=False)
    async def laws_page() -> RedirectResponse:
        return RedirectResponse("/static/laws.html")

    app.include_router(importlib.import_module("bridgelaw.server.assistant_routes").router(store))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def _matrix() -> Any:
    try:
        return importlib.import_module("bridgelaw.matrix")
    except ImportError:
        return None


def law_index() -> list[dict[str, Any]]:
    """Every law's short entry from ``bridgelaw.matrix.law_entries``, or a placeholder each."""
    fn = getattr(_matrix(), "law_entries", None)
    if callable(fn):
        return list(fn())
    return [law_reference(n) for n in range(1, 94)]


def law_reference(number: int) -> dict[str, Any]:
    """The law reference from ``bridgelaw.matrix`` (built by the law-matrix work); until it
    exists, a clear placeholder that says so (the hook: ``law_json(number) -> dict``)."""
    matrix = _matrix()
    for name in ("law_entry", "law_json", "law_data"):
        fn = getattr(matrix, name, None)
        if callable(fn):
            data = fn(number)
            return dict(data) if not isinstance(data, dict) else data
    return {
        "law": number, "available": False,
        "summary": "The law reference is not built yet (bridgelaw.matrix).",
        "summary_ru": "Справочник по Правилам ещё не подключён (bridgelaw.matrix).",
        "handlers": [], "scenarios": [],
    }
