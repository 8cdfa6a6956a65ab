"""Scale-out: PostgreSQL LISTEN/NOTIFY tells this process about entries other processes
appended, so players connected here see actions taken through another process.

The store sends ``NOTIFY bridgelaw, '<table>:<seq>'`` inside the transaction that appends
the entry, so a notification arrives only for committed entries. A lost notification is
harmless for correctness: the next write to that table hits the primary key, catches up
and answers a conflict; the listener only makes the push prompt.
"""

from __future__ import annotations

import asyncio
import logging

import psycopg

from bridgelaw.server.hub import Hub
from bridgelaw.server.store import NOTIFY_CHANNEL

log = logging.getLogger("bridgelaw.server")


def libpq_url(sqlalchemy_url: str) -> str:
    return "postgresql://" + sqlalchemy_url.split("://", 1)[1]


async def listen(hub: Hub, ready: asyncio.Event | None = None) -> None:
    """Run until cancelled; reconnect after a lost connection and catch every table up."""
    url = libpq_url(hub.store.url)
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                if ready is not None:
                    ready.set()
                for table_id in list(hub.tables):  # entries missed while disconnected
                    await hub.on_notify(table_id, 1 << 62)
                async for note in conn.notifies():
                    table_id, _, seq = note.payload.partition(":")
                    if seq.isdigit():
                        asyncio.get_running_loop().create_task(hub.on_notify(table_id, int(seq)))
        except asyncio.CancelledError:
            raise
        except Exception as e:  # a dropped connection: try again shortly
            log.warning("LISTEN connection lost (%s); reconnecting", e)
            await asyncio.sleep(1.0)
