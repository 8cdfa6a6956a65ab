"""What the table server's routers share: the store, the hub and the link lookup.

``create_app`` builds one ``Server`` and hands it to each router module
(``table_routes``, ``link_routes``, ``socket_routes``, ...), so a router is a plain
function of its dependencies and a new module of routes is one ``include_router`` line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse

from bridgelaw.i18n import text
from bridgelaw.i18n.output import choose_language
from bridgelaw.server.guard import Throttle
from bridgelaw.server.hub import ClientError, Hub
from bridgelaw.server.schemas import ErrorBody
from bridgelaw.server.store import Store
from bridgelaw.server.wire import encode

STATIC = Path(__file__).parent / "static"
GUESS_RATE, GUESS_BURST = 1.0, 30.0  # unknown links one address may try: per second, at once
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody}, 403: {"model": ErrorBody}, 404: {"model": ErrorBody},
    409: {"model": ErrorBody}, 413: {"model": ErrorBody}, 422: {"model": ErrorBody},
}


def request_language(request: Request) -> str:
    """The language an HTTP request asks its errors in: ``?lang=``, else Accept-Language,
    else English."""
    return choose_language(request.query_params.get("lang"), request.headers.get("accept-language"))


class SafeJSONResponse(JSONResponse):
    """JSON that is always valid UTF-8 (see ``wire.encode``)."""

    def render(self, content: Any) -> bytes:
        return encode(content).encode("utf-8")


@dataclass
class Server:
    """One app's store and hub, and the throttle on guessed links."""

    store: Store
    hub: Hub
    # Tokens have 192 bits, so guessing is hopeless; still, a client that keeps trying
    # unknown links is told to slow down.
    guesses: Throttle = field(default_factory=lambda: Throttle(rate=GUESS_RATE, burst=GUESS_BURST))

    async def find_link(self, token: str, client: str) -> tuple[str, str]:
        """The (table id, role) a link token stands for; ClientError if none. Unknown
        links are counted against ``client``'s address; once it has tried too many, an
        unknown link is answered 429 instead of 404. A valid link is always admitted: the
        phones of a club share one address behind its router."""
        found = await self.hub.db(self.store.seat, token) if len(token) <= 64 else None
        if found is not None:
            return found
        if self.guesses.exhausted(client) or not self.guesses.allow(client):
            raise ClientError("too_many_requests", text("server.error.guessing"), status=429)
        raise ClientError("unknown_link", text("server.error.unknown_link"), status=404)

    async def link(self, token: str, request: Request) -> tuple[str, str]:
        return await self.find_link(token, request.client.host if request.client else "")
