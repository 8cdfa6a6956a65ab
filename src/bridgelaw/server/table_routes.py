"""HTTP routes of tables: open one, the lobby's list, a table's public facts, health."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter

from bridgelaw.errors import BridgeLawError
from bridgelaw.server import boards as board_sets
from bridgelaw.server.deps import ERRORS, Server
from bridgelaw.server.hub import ClientError
from bridgelaw.server.schemas import CreateTable, TableCreated, TableInfo, TableSummary


def router(server: Server) -> APIRouter:
    r = APIRouter()
    hub, store = server.hub, server.store

    @r.post("/api/tables", response_model=TableCreated, status_code=201, responses=ERRORS, tags=["tables"])
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

    @r.get("/api/tables", response_model=list[TableSummary], tags=["tables"])
    async def list_tables() -> list[TableSummary]:
        """The lobby: tables newest first (no links: those are given only to their holders)."""
        rows = await hub.db(store.list_tables)
        return [TableSummary(id=i, title=t, created_at=c, events=n) for i, t, c, n in rows]

    @r.get("/api/tables/{table_id}", response_model=TableInfo, responses=ERRORS, tags=["tables"])
    async def table_info(table_id: str) -> TableInfo:
        """Public facts about a table: no hands, no auction."""
        live = await hub.live(table_id)
        t = live.table
        return TableInfo(
            id=live.id, title=live.meta.title, seq=live.seq, board_index=live.board_idx,
            boards=len(live.meta.boards), board=t.board.number, phase=t.phase.value, config=live.meta.config,
        )

    @r.get("/api/health", tags=["service"])
    async def health() -> dict[str, Any]:
        return {"ok": True, "database": "postgresql" if store.is_postgres else "sqlite", "tables_in_memory": len(hub.tables)}

    return r
