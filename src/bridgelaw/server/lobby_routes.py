"""The lobby's own routes: reading a PBN file before a table is opened from it, and the API
reference served from this server (no CDN, so ``/docs`` works at a club without internet).

A PBN file with results repeats each deal once per traveller line (one game per table that
played it). A table plays each deal once, so the lobby first asks ``POST /api/lobby/pbn``:
the answer names how many games the file holds, how many distinct boards they are, and
gives the boards back as a plain PBN text (board, dealer, vulnerability, deal) that
``POST /api/tables`` then opens.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

from bridgelaw.core.deal import dealer_of_board, vulnerability_of_board
from bridgelaw.errors import BridgeLawError
from bridgelaw.server.boards import MAX_BOARD_NUMBER, MAX_BOARDS
from bridgelaw.server.limits import pbn_deals

STATIC = Path(__file__).resolve().parent / "static"


class PbnText(BaseModel):
    pbn: str = Field(max_length=1_000_000, description="the text of a PBN file")


class PbnBoards(BaseModel):
    games: int = Field(description="games (deals with or without results) in the file")
    boards: int = Field(description="distinct boards: a deal repeated for each result is one board")
    duplicates: int = Field(description="games dropped as repeats of a board already read")
    numbers: list[int] = Field(description="the board numbers, in file order")
    pbn: str = Field(description="one game per board: Board, Dealer, Vulnerable and Deal tags")


class LobbyError(BaseModel):
    code: str
    message: str
    params: dict[str, Any]


def distinct_boards(text: str) -> PbnBoards:
    """The boards of a PBN file, each deal once (the first game of a board number and deal
    wins; later games with the same number and deal are its results at other tables)."""
    from bridgelaw.io.pbn import read_pbn

    seen: set[tuple[int, str]] = set()
    games = 0
    numbers: list[int] = []
    chunks: list[str] = []
    for rec in read_pbn(text):
        deal = getattr(rec, "deal", None)
        if deal is None or not deal.is_complete:
            continue
        games += 1
        number = rec.board or len(numbers) + 1
        key = (number, deal.to_pbn())
        if key in seen:
            continue
        seen.add(key)
        numbers.append(number)
        dealer = rec.dealer or dealer_of_board(number)
        vul = rec.vulnerability or vulnerability_of_board(number)
        chunks.append(f'[Board "{number}"]\n[Dealer "{dealer.name}"]\n[Vulnerable "{vul}"]\n[Deal "{deal.to_pbn()}"]\n')
    return PbnBoards(games=games, boards=len(numbers), duplicates=games - len(numbers), numbers=numbers, pbn="\n".join(chunks))


def router(app: FastAPI) -> APIRouter:
    """The lobby's routes. The app's own ``/docs`` page loads Swagger UI from a CDN, which
    is blank offline: it is replaced by the local reference page (``static/docs.html``)."""
    app.router.routes[:] = [r for r in app.router.routes if getattr(r, "path", None) not in ("/docs", "/docs/oauth2-redirect")]
    r = APIRouter()

    @r.post("/api/lobby/pbn", response_model=PbnBoards, responses={400: {"model": LobbyError}}, tags=["tables"])
    async def read_pbn_file(body: PbnText) -> Any:
        """Read a PBN file as the lobby opens a table from it: the distinct boards, each once."""
        from fastapi.responses import JSONResponse

        def bad(code: str, message: str, **params: Any) -> JSONResponse:
            # the lobby words it in the page's language from ``code`` and ``params``
            return JSONResponse({"code": code, "message": message, "params": params}, status_code=400)

        deals = pbn_deals(body.pbn)  # counted before the file is read: a big file is refused at once
        if deals > MAX_BOARDS:
            return bad("pbn_too_many", f"the PBN file holds {deals} boards; a table plays at most {MAX_BOARDS}",
                       n=deals, max=MAX_BOARDS)
        try:
            out = await asyncio.to_thread(distinct_boards, body.pbn)  # off the event loop
        except BridgeLawError as e:
            return bad("pbn_unreadable", e.message, detail=e.message)
        if not out.boards:
            return bad("pbn_empty", "the PBN file holds no board with a complete [Deal]")
        if out.boards > MAX_BOARDS:
            return bad("pbn_too_many", f"the PBN file holds {out.boards} boards; a table plays at most {MAX_BOARDS}",
                       n=out.boards, max=MAX_BOARDS)
        if any(not 1 <= n <= MAX_BOARD_NUMBER for n in out.numbers):
            return bad("pbn_board_number", f"a board number is out of range (1 to {MAX_BOARD_NUMBER})", max=MAX_BOARD_NUMBER)
        return out

    @r.get("/docs", include_in_schema=False)
    async def api_docs() -> FileResponse:
        return FileResponse(STATIC / "docs.html")

    return r
