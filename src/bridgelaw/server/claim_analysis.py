"""A claim's analysis made after the claim is acknowledged (Laws 68D, 70).

The claim checker's search takes from milliseconds to seconds. The table server does not
make the claimer wait for it: the hub marks the analysis deferred when it applies the
claim, logs and acknowledges the claim, and this module makes the analysis in a worker
thread, logs it as its own entry (``analysis``: a replay reads it back and never
searches) and shows it to the director. Until then his view shows the analysis pending.
The next action at the table waits for the entry, so that the log holds the analysis
before anything that reads it (an answer to the claim).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from bridgelaw.server.live import LiveTable
from bridgelaw.server.store import LogEntry, SeqConflict

if TYPE_CHECKING:
    from bridgelaw.server.hub import Hub

log = logging.getLogger("bridgelaw.server")


class ClaimAnalyses:
    """The analyses being made, by table."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.tasks: dict[str, asyncio.Task[None]] = {}

    def start(self, table_id: str, live: LiveTable) -> None:
        """Make the analysis of the claim just logged at ``live``, if it waits for one."""
        if live.analysis_to_log() is None:
            return
        task = asyncio.create_task(self._finish(table_id, live))
        self.tasks[table_id] = task
        task.add_done_callback(lambda t: self.tasks.pop(table_id, None) if self.tasks.get(table_id) is t else None)

    async def wait(self, table_id: str) -> None:
        """Wait for the table's analysis in the making, if any, to be logged."""
        task = self.tasks.get(table_id)
        if task is not None:
            await asyncio.shield(task)

    async def _finish(self, table_id: str, live: LiveTable) -> None:
        hub = self.hub
        analysis = live.analysis_to_log()
        if analysis is None:
            return
        data = await asyncio.to_thread(analysis.value)
        for _attempt in range(3):
            async with hub.lock(table_id):
                await hub.catch_up(live)
                if live.analysis_to_log() is not analysis:
                    return  # logged meanwhile, or the claim undone
                entry = LogEntry(live.seq + 1, "analysis", live.board_idx, {"analysis": data})
                try:
                    await hub.append((table_id, entry.seq, entry.kind, entry.board, entry.payload, None))
                except SeqConflict:
                    continue
                except Exception:
                    log.exception("table %s: the claim's analysis could not be logged", table_id)
                    return
                live.apply(entry)
            hub.broadcast(live)
            return


__all__ = ["ClaimAnalyses"]
