"""Sending a connection its queued messages, in order: each change's state whole or as a
patch from the state it was sent before, with the sender's acknowledgement when it shows
his change (``Hub.broadcast``), and the acks and errors told to him alone."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocketDisconnect

from bridgelaw.server.rendered import Rendered
from bridgelaw.server.wire import encode

if TYPE_CHECKING:
    from bridgelaw.server.hub import Client, Outgoing

log = logging.getLogger("bridgelaw.server")


async def pump(client: Client) -> None:
    """Send a client's queued messages in order; only the newest state matters, so
    states that piled up behind a slow client are skipped. A failed send is logged
    and the connection closed (the client reconnects and gets a fresh state): a
    connection never goes silent."""
    try:
        await _pump(client)
    except asyncio.CancelledError:
        raise
    except WebSocketDisconnect:
        # the other side went away (a closed tab, a lost network): nothing failed here
        log.info("table %s: %s disconnected while being sent to", client.table_id, client.role)
    except Exception:
        log.exception("table %s: sending to %s failed; closing the connection", client.table_id, client.role)
        with contextlib.suppress(Exception):
            await client.ws.close(code=1011)


async def _pump(client: Client) -> None:
    while True:
        item = await client.queue.get()
        if item is None:
            return
        stop = False
        if item[0] == "state":
            full = item[1].full
            acks = [item[2]] if item[2] is not None else []
            follow: Outgoing | None = None
            while not client.queue.empty():  # skip to the newest state
                nxt = client.queue.get_nowait()
                if nxt is None:
                    stop = True
                    break
                if nxt[0] == "text":
                    follow = nxt  # an ack or error goes after the state it follows
                    break
                item, full = nxt, full or nxt[1].full
                if nxt[2] is not None:
                    acks.append(nxt[2])
            await _send_state(client, item[1], full, acks)
            if follow is not None:
                await client.ws.send_text(follow[1])
        else:
            await client.ws.send_text(item[1])
        if stop:
            return


async def _send_state(client: Client, r: Rendered, full: bool, acks: list[dict[str, Any]]) -> None:
    """Send a state whole or as a patch from the one sent before, with the newest of
    the sender's acknowledgements it shows (any earlier one goes after it)."""
    base = client.sent
    message = r.patch_from(base) if client.patches and base is not None and not full else r.text()
    if acks:  # the message is a JSON object: its ack is added as its last key
        message = f'{message[:-1]},"ack":{encode(acks[-1])}}}'
    await client.ws.send_text(message)
    client.sent = r.view
    for earlier in acks[:-1]:
        await client.ws.send_text(encode(earlier))
