"""The FastAPI application: HTTP API (documented at /docs, /openapi.json), the websocket
``/ws/{token}`` and the static web UI.

Websocket protocol (JSON text frames). The server sends ``{"type":"state", ...}`` on
connect and after every change (each link receives only its own view, its texts in the
language of ``?lang=``, else of Accept-Language, else of the table's preset; with
``?updates=patch`` every change after the first state comes as ``{"type":"patch",
"base", "seq", "ops"}``, see ``bridgelaw.server.patch``), ``{"type":"ack",
"id", "seq"}`` for an accepted message (on a patch connection the acknowledgement of a
change comes in the patch that shows it, as its key ``ack``: one message, not two) and ``{"type":"error", "code", "message", "id"}``
for a refused one. A client sends ``{"type":"action", "action":{scenario action},
"seq":N, "id":any, "action_id":"its own unique id"}`` (with ``action_id`` the same
action sent again is acknowledged with its first sequence number and applied once), ``{"type":"next_board"}`` (the director's moves on; a player's is his consent,
the fourth moving on a board no ruling can still touch: ``LiveTable.next_board_entry``), ``{"type":"adjust", "score_ns":N,
"note":"..."}`` (director; artificial, split and weighted scores: ``bridgelaw.server.private``),
``{"type":"private", "to":seat, "text":"..."}`` (the director's word with one player, who
answers with ``{"type":"private", "text":"..."}``), ``{"type":"undo"}`` (director: the board's
last action withdrawn), ``{"type":"undo_request"}`` and ``{"type":"undo_answer", "agree":bool}``
(a slip taken back with the opponents' consent or the director's: ``bridgelaw.server.undo``),
``{"type":"state"}`` or ``{"type":"ping"}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import os
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from bridgelaw.i18n.render import tr
from bridgelaw.server import law_routes, link_routes, page_routes, socket_routes, table_routes
from bridgelaw.server.deps import STATIC, SafeJSONResponse, Server, request_language
from bridgelaw.server.guard import BodyCheck, page_policy
from bridgelaw.server.hub import IDLE_UNLOAD, ClientError, Hub
from bridgelaw.server.queue_feed import QueueFeed
from bridgelaw.server.socket_routes import MAX_WS_MESSAGE
from bridgelaw.server.store import Store
from bridgelaw.session.store import SessionStore

MAX_HTTP_BODY = 2 * 1024 * 1024  # bytes in one request body (a PBN file fits easily)
__all__ = ["MAX_HTTP_BODY", "MAX_WS_MESSAGE", "create_app"]


def create_app(database: str = "bridgelaw.db", *, listen: bool | None = None, sqlite_timeout: float = 30.0) -> FastAPI:
    """Build the app on ``database`` (an SQLite path or a postgresql:// URL). ``listen``:
    run the PostgreSQL LISTEN task for scale-out (default: whenever the database is PostgreSQL).
    ``sqlite_timeout``: how long a write waits for another process holding the SQLite file."""
    store = Store(database, sqlite_timeout=sqlite_timeout)
    hub = Hub(store)
    app = FastAPI(
        title="bridgelaw table server",
        version="0.1.0",
        description=(__doc__ or "").split("\n\n", 1)[1],
        lifespan=_lifespan(store, hub, listen),
        default_response_class=SafeJSONResponse,
    )
    app.state.hub = hub
    app.state.store = store
    app.exception_handler(ClientError)(_client_error)
    app.exception_handler(RequestValidationError)(_invalid_request)
    app.add_middleware(BodyCheck, limit=MAX_HTTP_BODY, policy=page_policy(STATIC))

    server = Server(store, hub)
    # One line per module of routes; each router is a function of what it needs.
    app.include_router(table_routes.router(server))
    app.include_router(link_routes.router(server))
    app.include_router(socket_routes.router(server))
    app.include_router(law_routes.router())
    app.include_router(page_routes.router())
    # the session queue's feed: linked live tables and assistant incidents post their calls
    feed = QueueFeed(SessionStore(store.engine))
    hub.watchers.append(feed.on_live)
    sessions = importlib.import_module("bridgelaw.server.session_routes")
    app.include_router(sessions.session_router(store.engine, feed, store))
    app.exception_handler(importlib.import_module("bridgelaw.session.live").SessionError)(sessions.refused)
    app.include_router(importlib.import_module("bridgelaw.server.assistant_routes").router(store, feed))
    app.include_router(importlib.import_module("bridgelaw.server.lobby_routes").router(app))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def _lifespan(store: Store, hub: Hub, listen: bool | None) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """The app's background tasks: unloading idle tables, and (PostgreSQL) LISTEN."""

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # BRIDGELAW_IDLE_UNLOAD: seconds an idle table stays in memory (a load test sets it short)
        idle = float(os.environ.get("BRIDGELAW_IDLE_UNLOAD", IDLE_UNLOAD))
        unloader = asyncio.create_task(hub.unload_forever(idle, min(60.0, max(idle / 2, 0.5))))
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
            for t in (unloader, task):
                if t is not None:
                    t.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await t
            hub.close()
            store.dispose()

    return lifespan


async def _client_error(request: Request, exc: ClientError) -> JSONResponse:
    """A refused request, its message (a catalog text) in the request's language."""
    return SafeJSONResponse({"code": exc.code, "message": tr(exc.message, request_language(request))}, status_code=exc.status)


async def _invalid_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
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
