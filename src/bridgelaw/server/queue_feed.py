"""The director's queue of a session, fed by its tables on their own.

A live (online) table or an assistant incident the director has linked to a table of a
session (the session's ``link`` event) posts its calls into the session's one queue:
a ruling that waits for the director's decision, or a call of the director that nothing
at the table has yet answered. Each is one entry, keyed by where it came from (the table
or incident, the board, the ruling or the call), so a retry or a second look posts
nothing new; when the table no longer waits for it, the entry is answered (``decided``).
An entry posted before a restart of this process (or by another process) is answered
this way once the table waits for the director again; until then the director answers
it himself (``POST /api/sessions/{sid}/answer``).

Only the director reads the queue (``GET /api/sessions/{sid}/calls`` with his link), so
an entry names the table, board, seat, the kind of ruling and its laws, never a card.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from bridgelaw.actions import CallDirector
from bridgelaw.rulings import RulingStatus
from bridgelaw.session.live import SessionError
from bridgelaw.session.store import SessionStore
from bridgelaw.table import Table

log = logging.getLogger("bridgelaw.server")
T = TypeVar("T")


def waiting_calls(table: Table, prefix: str) -> list[dict[str, Any]]:
    """What at ``table`` waits for the director, as queue entries keyed under ``prefix``
    (the table or incident and its board): each ruling awaiting his decision (Law 81C),
    and a call of the director (Law 9B) while the table still waits or it is the newest
    action."""
    out: list[dict[str, Any]] = []
    board = table.board.number
    for r in table.rulings:
        if r.status is RulingStatus.AWAITING_DECISION:
            out.append({"key": f"{prefix}:r{r.id}", "board": board, "ruling": r.id, "call_kind": str(r.kind),
                        "seat": r.offender.name if r.offender is not None else None, "what": ", ".join(r.laws)})
    if not out:
        at = _last_call(table)
        if at is not None:
            a = table.actions[at]
            assert isinstance(a, CallDirector)
            out.append({"key": f"{prefix}:c{at}", "board": board, "ruling": None, "call_kind": "director_call",
                        "seat": a.seat.name, "what": "9B"})
    return out


def _last_call(table: Table) -> int | None:
    """The index of the newest call of the director that still counts: any while the
    table waits, else only the newest action. This runs after every change of every
    table: without a wait only the last action is looked at."""
    if table.awaiting is None:
        return table.action_count - 1 if isinstance(table.last_action, CallDirector) else None
    actions = table.actions
    for i in range(len(actions) - 1, -1, -1):
        if isinstance(actions[i], CallDirector):
            return i
    return None


@dataclass
class QueueFeed:
    """Posts the calls of linked live tables and incidents into their session's queue,
    under the same per-session lock as the session's own routes."""

    store: SessionStore
    locks: dict[str, asyncio.Lock] = field(default_factory=dict)
    # tables and incidents this process saw waiting for the director: only these can have
    # an entry to answer, so a change anywhere else with nothing waiting costs no lookup
    waited: set[str] = field(default_factory=set)

    # the sessions' worker threads: their database and scoring work, off the event loop and
    # apart from the default executor (a database held by another process must not take
    # every thread the tables' claims run in)
    pool: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(4, thread_name_prefix="sessions"))

    def lock(self, sid: str) -> asyncio.Lock:
        return self.locks.setdefault(sid, asyncio.Lock())

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in the sessions' worker threads."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, functools.partial(fn, *args))

    async def on_live(self, live: Any) -> None:
        """A live table changed (the hub calls this after each stored change)."""
        prefix = f"live:{live.id}"
        await self.sync("live_table", live.id, prefix, "online",
                        waiting_calls(live.table, f"{prefix}:{live.board_idx}"))

    async def on_incident(self, incident_id: str, table: Table) -> None:
        """An assistant incident changed (an action judged or undone)."""
        prefix = f"incident:{incident_id}"
        await self.sync("incident", incident_id, prefix, "assistant", waiting_calls(table, prefix))

    async def sync(self, field_: str, ref: str, prefix: str, source: str, waiting: list[dict[str, Any]]) -> None:
        """Post what waits and is not in the queue yet; answer what no longer waits. A
        failure is logged: the table's own change stands whatever the queue does. Nothing
        waiting at a table never seen waiting costs nothing (the common case)."""
        if not waiting and prefix not in self.waited:
            return
        if waiting:
            self.waited.add(prefix)
        try:
            await self._sync(field_, ref, prefix, source, waiting)
        except (SessionError, SQLAlchemyError) as e:
            log.warning("the queue of %s %s was not fed: %s", field_, ref, getattr(e, "message", e))
            return
        if not waiting:  # every entry of it is answered: forget it (it may be unloaded)
            self.waited.discard(prefix)

    async def _sync(self, field_: str, ref: str, prefix: str, source: str, waiting: list[dict[str, Any]]) -> None:
        sid = await self.run(self.store.linked, field_, ref)
        if sid is None:
            return
        async with self.lock(sid):
            await self.run(self._post_all, sid, field_, ref, prefix, source, waiting)

    def _post_all(self, sid: str, field_: str, ref: str, prefix: str, source: str,
                  waiting: list[dict[str, Any]]) -> None:
        """(In a worker thread.) Each event is stored before the session shows it."""
        _title, _cfg, ds = self.store.load(sid)
        table = ds.links.get(prefix)
        if table is None:
            return
        keys = {w["key"] for w in waiting}
        for w in waiting:
            if ds.call_by_key(w["key"]) is None:
                self._post(sid, {"kind": "call", "table": table, "source": source, field_: ref, **w})
        _title, _cfg, ds = self.store.load(sid)
        for c in list(ds.calls):
            key = str(c.get("key") or "")
            if c["open"] and key.startswith(prefix + ":") and key not in keys:
                self._post(sid, {"kind": "answer", "call": c["id"], "answer": "decided"})

    def _post(self, sid: str, ev: dict[str, Any]) -> None:
        self.store.commit(sid, {**ev, "at": time.time()})
