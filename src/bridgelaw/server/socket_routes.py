"""The websocket ``/ws/{token}``: a link's live connection to its table (the protocol is
described in ``bridgelaw.server.app``).

Query parameters: ``lang`` (the language of its texts; else the Accept-Language header,
else the table preset's language, as for the HTTP state) and ``updates=patch`` (after the
first state, changes come as patches: ``bridgelaw.server.patch``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from bridgelaw.i18n import text
from bridgelaw.i18n.output import choose_language, preset_language
from bridgelaw.server.deps import Server
from bridgelaw.server.hub import Client, ClientError, Hub
from bridgelaw.server.socket_protocol import SCOPE_KEY
from bridgelaw.server.wire import WireError, decode, encode

log = logging.getLogger("bridgelaw.server")
MAX_WS_MESSAGE = 64 * 1024       # characters in one websocket message


def router(server: Server) -> APIRouter:
    r = APIRouter()
    hub, store = server.hub, server.store

    @r.websocket("/ws/{token}")
    async def table_socket(websocket: WebSocket, token: str) -> None:
        await websocket.accept()
        if not same_origin(websocket):
            await websocket.send_text(encode({"type": "error", "code": "bad_origin",
                                              "message": text("server.error.bad_origin")}))
            await websocket.close(code=4403)
            return
        try:
            table_id, role = await server.find_link(token, websocket.client.host if websocket.client else "")
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
        query = websocket.query_params
        lang = choose_language(query.get("lang"), websocket.headers.get("accept-language"),
                               preset_language(live.table.config.regulations))
        client = Client(websocket, table_id, role, lang=lang, patches=query.get("updates") == "patch",
                        direct=websocket.scope.get(SCOPE_KEY))
        async with hub.lock(table_id):
            if store.is_postgres:  # another process may have moved the table on
                await hub.catch_up(live)
            hub.join(client)
            hub.send_state(client, live)
        pump = asyncio.create_task(hub.pump(client))
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                raw: str | bytes | None = frame.get("text")
                if raw is None:
                    raw = frame.get("bytes") or ""
                await handle_message(hub, client, raw)
        except WebSocketDisconnect:
            pass
        finally:
            hub.leave(client)
            pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await pump  # a send failure was logged by the pump itself

    return r


async def handle_message(hub: Hub, client: Client, raw: str | bytes) -> None:
    """Answer one message. Whatever it holds, the sender gets an answer and the
    connection stays open; an unexpected failure is logged and answered as such."""
    try:
        await answer(hub, client, raw)
    except Exception:
        log.exception("table %s: a message from %s failed", client.table_id, client.role)
        hub.tell(client, {"type": "error", "code": "internal_error",
                          "message": text("server.error.internal")})


async def answer(hub: Hub, client: Client, raw: str | bytes) -> None:
    """Decode one message and act on it; every outcome is told to the sender."""
    if len(raw) > MAX_WS_MESSAGE:
        hub.tell(client, {"type": "error", "code": "payload_too_large",
                          "message": text("server.error.too_large", limit=MAX_WS_MESSAGE)})
        return
    try:
        msg = decode(raw)
    except WireError as e:
        hub.tell(client, {"type": "error", "code": e.code, "message": e.message})
        return
    if not isinstance(msg, dict):
        hub.tell(client, {"type": "error", "code": "bad_message", "message": text("server.error.not_object")})
        return
    msg_id = msg.get("id")
    kind = msg.get("type", "action")
    if kind == "ping":
        hub.tell(client, {"type": "pong", "id": msg_id})
        return
    if kind == "state":
        live = await hub.live(client.table_id)
        async with hub.lock(client.table_id):  # not while an action is being written or analysed
            hub.send_state(client, live)
        return
    client.acked = None
    try:
        seq = await hub.submit(client.table_id, client.role, msg, client)
    except ClientError as e:
        hub.tell(client, {**e.to_json(), "id": msg_id})
        if e.code == "conflict":
            live = await hub.live(client.table_id)
            async with hub.lock(client.table_id):
                hub.send_state(client, live)
        return
    if client.acked != seq:  # else it went with the patch that shows the change
        hub.tell(client, {"type": "ack", "id": msg_id, "seq": seq})


def same_origin(websocket: WebSocket) -> bool:
    """A browser names the page that opened a websocket in ``Origin``: only this server's
    own pages (or those listed in BRIDGELAW_ALLOWED_ORIGINS) may open one, so another
    site cannot use a player's browser to act at his table. Clients that are not browsers
    send no Origin.

    The scheme counts as far as the server can know it: a page must be http or https, and
    over a secure socket (``wss``, directly or as a trusted proxy reports it) only an https
    page may open one, so a plain page cannot drive a secure table. An https page over a
    plain socket is a proxy that ends TLS without saying so, and is let through."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    allowed = {o.strip() for o in os.environ.get("BRIDGELAW_ALLOWED_ORIGINS", "").split(",") if o.strip()}
    if origin in allowed:
        return True
    scheme, sep, rest = origin.partition("://")
    if not sep or scheme not in ("http", "https"):
        return False
    if websocket.url.scheme == "wss" and scheme != "https":
        return False
    return rest == websocket.headers.get("host", "")
