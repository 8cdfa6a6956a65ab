"""Sending a connection its messages, in order: each change's state whole or as a patch
from the state it was sent before, with the sender's acknowledgement when it shows his
change (``Hub.broadcast``), and the acks and errors told to him alone.

A message is written at once (``post``) when the connection can write synchronously
(``bridgelaw.server.socket_protocol``) and nothing waits before it; otherwise it is
queued for the connection's pump, which awaits each send: a slow reader's states pile up
there, and only the newest is sent."""

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


def post(client: Client, item: Outgoing) -> None:
    """Send ``item`` now if the connection writes synchronously and its pump holds
    nothing, else queue it for the pump. Should making or writing it fail here, it is
    queued all the same: the pump meets the failure again and closes the connection."""
    direct = client.direct
    if direct is not None and not client.busy and client.queue.empty():
        try:
            if item[0] == "text":
                if direct.write_text(item[1]):
                    return
            else:
                r: Rendered = item[1]
                if direct.write_text(_state_text(client, r, r.full, item[2])):
                    client.sent = r.view
                    return
        except Exception:  # the pump reports it
            pass
    client.queue.put_nowait(item)


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
        client.busy = False
        item = await client.queue.get()
        client.busy = True  # ``post`` must not send ahead of what this holds
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
    await client.ws.send_text(_state_text(client, r, full, acks[-1] if acks else None))
    client.sent = r.view
    for earlier in acks[:-1]:
        await client.ws.send_text(encode(earlier))


def _state_text(client: Client, r: Rendered, full: bool, ack: dict[str, Any] | None) -> str:
    """The state for ``client``: whole, or as a patch from the one he was sent before;
    with ``ack`` (the message is a JSON object: the ack is added as its last key)."""
    base = client.sent
    message = r.patch_from(base) if client.patches and base is not None and not full else r.text()
    if ack is not None:
        message = f'{message[:-1]},"ack":{encode(ack)}}}'
    return message
