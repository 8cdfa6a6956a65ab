"""The web UI's pages (the files themselves are served from ``/static``)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse, RedirectResponse

from bridgelaw.server.deps import STATIC


def router() -> APIRouter:
    r = APIRouter(include_in_schema=False)

    @r.get("/")
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @r.get("/table")
    async def table_page() -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @r.get("/laws")
    async def laws_page() -> RedirectResponse:
        return RedirectResponse("/static/laws.html")

    return r
