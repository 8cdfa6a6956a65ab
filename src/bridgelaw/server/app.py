"""The FastAPI application: HTTP API (documented at /docs, /openapi.json), the websocket
``/ws/{token}`` and the static web UI.

Websocket protocol (JSON text frames). The server sends ``{"type":"state", ...}`` on
connect and after every change (each link receives only its own view), ``{"type":"ack",
"id", "seq"}`` for an accepted message and ``{"type":"error", "code", "message", "id"}``
for a refused one. A client sends ``{"type":"action", "action":{scenario action},
"seq":N, "id":any, "action_id":"its own unique id"}`` (with ``action_id`` the same
action sent again is acknowledged with its first sequence number and applied once), ``{"type":"next_board"}``, ``{"type":"adjust", "score_ns":N,
"note":"..."}`` (director), ``{"type":"state"}`` or ``{"type":"ping"}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Header, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from bridgelaw.errors import BridgeLawError
from bridgelaw.i18n.output import choose_language, localize_state, preset_language
from bridgelaw.rulings import DIRECTOR
from bridgelaw.server import boards as board_sets
from bridgelaw.server.guard import BodyCheck, Throttle, page_policy
from bridgelaw.server.hub import IDLE_UNLOAD, Client, ClientError, Hub
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
from bridgelaw.server.wire import WireError, decode, encode

log = logging.getLogger("bridgelaw.server")

STATIC = Path(__file__).parent / "static"
MAX_WS_MESSAGE = 64 * 1024       # characters in one websocket message
MAX_HTTP_BODY = 2 * 1024 * 1024  # bytes in one request body (a PBN file fits easily)
GUESS_RATE, GUESS_BURST = 1.0, 30.0  # unknown links one address may try: per second, at once
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody}, 403: {"model": ErrorBody}, 404: {"model": ErrorBody},
    409: {"model": ErrorBody}, 413: {"model": ErrorBody}, 422: {"model": ErrorBody},
}


class SafeJSONResponse(JSONResponse):
    """JSON that is always valid UTF-8 (see ``wire.encode``)."""

    def render(self, content: Any) -> bytes:
        return encode(content).encode("utf-8")


def create_app(database: str = "bridgelaw.db", *, listen: bool | None = None, sqlite_timeout: float = 30.0) -> FastAPI:
    """Build the app on ``database`` (an SQLite path or a postgresql:// URL). ``listen``:
    run the PostgreSQL LISTEN task for scale-out (default: whenever the database is PostgreSQL).
    ``sqlite_timeout``: how long a write waits for another process holding the SQLite file."""
    store = Store(database, sqlite_timeout=sqlite_timeout)
    hub = Hub(store)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        unloader = asyncio.create_task(hub.unload_forever(IDLE_UNLOAD, 60.0))
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
            unloader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await unloader
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
        default_response_class=SafeJSONResponse,
    )
    app.state.hub = hub
    app.state.store = store

    @app.exception_handler(ClientError)
    async def client_error(_request: Request, exc: ClientError) -> JSONResponse:
        return SafeJSONResponse({"code": exc.code, "message": exc.message}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        """Name each problem; never echo the input (it may be huge, or not valid text)."""
        problems = [
            {"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", "")), "type": str(e.get("type", ""))}
            for e in exc.errors()
        ]
        first = problems[0] if problems else {"loc": [], "msg": "invalid request"}
        where = ".".join(p for p in first["loc"] if p != "body") or "the body"
        return SafeJSONResponse(
            {"code": "bad_request", "message": f"{where}: {first['msg']}", "detail": problems}, status_code=422,
        )

    app.add_middleware(BodyCheck, limit=MAX_HTTP_BODY, policy=page_policy(STATIC))

    # Tokens have 192 bits, so guessing is hopeless; still, a client that keeps trying
    # unknown links is slowed down (it would also be scanning the database).
    guesses = Throttle(rate=GUESS_RATE, burst=GUESS_BURST)

    async def find_link(token: str, client: str) -> tuple[str, str]:
        if guesses.exhausted(client):
            raise ClientError("too_many_requests", "too many unknown links from this address: wait a minute", status=429)
        found = await hub.db(store.seat, token) if len(token) <= 64 else None
        if found is None:
            guesses.allow(client)
            raise ClientError("unknown_link", "this table link is not valid (check the address you were given)", status=404)
        return found

    async def link(token: str, request: Request) -> tuple[str, str]:
        return await find_link(token, request.client.host if request.client else "")

    # ------------------------------------------------------------------ tables
    @app.post("/api/tables", response_model=TableCreated, status_code=201, responses=ERRORS, tags=["tables"])
    async def create_table(body: CreateTable) -> TableCreated:
        """Open a table: boards from a PBN file or freshly dealt; one link per seat, one for
        the director and one ('all') for a single person taking all four seats."""
        try:
            if body.pbn:  # parsing a large file takes a while: off the event loop
                boards = await asyncio.to_thread(board_sets.pbn_boards, body.pbn)
            else:
                boards = board_sets.dealt_boards(body.boards, body.first_board)
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
    async def link_info(token: str, request: Request) -> LinkInfo:
        table_id, role = await link(token, request)
        return LinkInfo(table=table_id, role=role)  # type: ignore[arg-type]

    @app.get("/api/links/{token}/state", responses=ERRORS, tags=["links"])
    async def link_state(token: str, request: Request, lang: str | None = None,
                         accept_language: str | None = Header(None)) -> dict[str, Any]:
        """The same state message the websocket sends to this link; its texts in the
        language asked for (``?lang=``, else Accept-Language, else the table preset's)."""
        table_id, role = await link(token, request)
        live = await hub.live(table_id)
        async with hub.lock(table_id):
            await hub.catch_up(live)
        default = preset_language(live.table.config.regulations)
        return localize_state(live.view(role), choose_language(lang, accept_language, default))

    @app.post("/api/links/{token}/actions", response_model=Accepted, responses=ERRORS, tags=["links"])
    async def post_action(token: str, body: ActionRequest, request: Request) -> Accepted:
        """Take an action through this link (as on the websocket). 409 on a stale ``seq``."""
        table_id, role = await link(token, request)
        seq = await hub.submit(table_id, role, body.model_dump(exclude_none=True))
        return Accepted(seq=seq)

    @app.get("/api/links/{token}/log", response_model=list[LogEntryOut], responses=ERRORS, tags=["links"])
    async def director_log(token: str, request: Request) -> list[LogEntryOut]:
        """The table's whole event log: for the director's link only."""
        table_id, role = await link(token, request)
        if role != DIRECTOR:
            raise ClientError("director_only", "the event log is the director's", status=403)
        entries = await hub.db(store.log, table_id, 0)
        return [LogEntryOut(seq=e.seq, kind=e.kind, board=e.board, payload=e.payload) for e in entries]

    @app.get(
        "/api/links/{token}/diagram.svg", responses={200: {"content": {"image/svg+xml": {}}}, **ERRORS},
        response_class=Response, tags=["links"],
    )
    async def diagram(token: str, request: Request, lang: str = "en") -> Response:
        """A hand diagram of what this link may see, as SVG."""
        table_id, role = await link(token, request)
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
        if not same_origin(websocket):
            await websocket.send_text(encode({"type": "error", "code": "bad_origin",
                                              "message": "this table is played from its own pages only"}))
            await websocket.close(code=4403)
            return
        try:
            table_id, role = await find_link(token, websocket.client.host if websocket.client else "")
        except ClientError as e:
            await websocket.send_text(encode(e.to_json()))
            await websocket.close(code=4429 if e.status == 429 else 4404)
            return
        try:
            live = await hub.live(table_id)
        except ClientError as e:
            await websocket.send_text(encode(e.to_json()))
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
                raw: str | bytes | None = frame.get("text")
                if raw is None:
                    raw = frame.get("bytes") or ""
                await handle_message(client, raw)
        except WebSocketDisconnect:
            pass
        finally:
            hub.leave(client)
            pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await pump  # a send failure was logged by the pump itself

    async def handle_message(client: Client, raw: str | bytes) -> None:
        """Answer one message. Whatever it holds, the sender gets an answer and the
        connection stays open; an unexpected failure is logged and answered as such."""
        try:
            await answer(client, raw)
        except Exception:
            log.exception("table %s: a message from %s failed", client.table_id, client.role)
            hub.tell(client, {"type": "error", "code": "internal_error",
                              "message": "the server could not handle this message; the table is unchanged"})

    async def answer(client: Client, raw: str | bytes) -> None:
        if len(raw) > MAX_WS_MESSAGE:
            hub.tell(client, {"type": "error", "code": "payload_too_large",
                              "message": f"a message may be at most {MAX_WS_MESSAGE} characters"})
            return
        try:
            msg = decode(raw)
        except WireError as e:
            hub.tell(client, {"type": "error", "code": e.code, "message": e.message})
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

    app.include_router(importlib.import_module("bridgelaw.server.session_routes").session_router(store.engine))
    app.include_router(importlib.import_module("bridgelaw.server.assistant_routes").router(store))
    app.include_router(importlib.import_module("bridgelaw.server.lobby_routes").router(app))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def same_origin(websocket: WebSocket) -> bool:
    """A browser names the page that opened a websocket in ``Origin``: only this server's
    own pages (or those listed in BRIDGELAW_ALLOWED_ORIGINS) may open one, so another
    site cannot use a player's browser to act at his table. Clients that are not browsers
    send no Origin."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    allowed = {o.strip() for o in os.environ.get("BRIDGELAW_ALLOWED_ORIGINS", "").split(",") if o.strip()}
    if origin in allowed:
        return True
    host = websocket.headers.get("host", "")
    return origin.split("://", 1)[-1] == host


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
