"""The web UI's pages (the files themselves are served from ``/static``)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse

from bridgelaw.i18n import text
from bridgelaw.server.deps import STATIC
from bridgelaw.server.hub import ClientError


def router() -> APIRouter:
    r = APIRouter(include_in_schema=False)

    @r.get("/")
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @r.get("/table")
    async def table_page() -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @r.get("/session/director")
    async def session_director_page() -> FileResponse:
        """The director's session page: set up an evening, or (``?s=&t=``) run it."""
        return FileResponse(STATIC / "session.html")

    @r.get("/laws")
    async def laws_page() -> FileResponse:
        """The law reference: the index of laws 1-93, each opening to its summary."""
        return FileResponse(STATIC / "laws.html")

    @r.get("/laws/{number}")
    async def law_page(number: int) -> FileResponse:
        """One law's page: the same page, opened at that law (the page reads the path)."""
        if not 1 <= number <= 93:
            raise ClientError("no_such_law", text("server.error.no_such_law", number=number), status=404)
        return FileResponse(STATIC / "laws.html")

    return r
