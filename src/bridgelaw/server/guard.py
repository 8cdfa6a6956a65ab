"""The server's edge: request bodies, security headers, throttles and log redaction.

* ``BodyCheck`` (ASGI middleware) counts a request body's bytes while reading it, so a
  chunked body with no Content-Length cannot grow past the limit, and decodes a JSON body
  with ``wire.decode`` before FastAPI does, so text that could never be stored or sent
  back (a lone surrogate, ``1e999``, deep nesting) is refused with a clear 400. It also
  adds the security headers of the web pages (a content security policy, no framing, no
  referrer: links carry the seat's token).
* ``Throttle``: a token bucket per key (a link, a client address), bounded in memory.
* ``RedactTokens``: a logging filter that keeps seat tokens out of access logs.
"""

from __future__ import annotations

import base64
import hashlib
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from bridgelaw.server.wire import WireError, decode, encode

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_API_PREFIXES = ("/docs", "/redoc", "/openapi.json")


def page_policy(static: Path) -> str:
    """The content security policy of the web pages: only this server's scripts (and the
    one inline module of the laws page, by its hash), no plugins, no framing."""
    hashes = []
    for page in static.glob("*.html"):
        for body in re.findall(r"<script[^>]*>(.*?)</script>", page.read_text(encoding="utf-8"), re.S):
            if body.strip():
                digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
                hashes.append(f"'sha256-{digest}'")
    return "; ".join((
        "default-src 'self'",
        "script-src 'self' " + " ".join(sorted(set(hashes))),
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self' ws: wss:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ))


class BodyCheck:
    """See the module docstring."""

    def __init__(self, app: ASGIApp, *, limit: int, policy: str = "") -> None:
        self.app = app
        self.limit = limit
        self.headers = [
            (b"x-frame-options", b"DENY"),
            (b"referrer-policy", b"no-referrer"),
            (b"x-content-type-options", b"nosniff"),
        ]
        self.policy = policy.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = self._with_headers(scope, send)
        if scope["method"] in ("GET", "HEAD", "OPTIONS", "DELETE"):
            await self.app(scope, receive, send)
            return
        headers = {k.lower(): v for k, v in scope.get("headers", ())}
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await _answer(send, 413, "payload_too_large", f"the request body exceeds {self.limit} bytes")
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await _answer(send, 413, "payload_too_large", f"the request body exceeds {self.limit} bytes")
                return
            chunks.append(chunk)
            more = bool(message.get("more_body", False))
        body = b"".join(chunks)
        if body and b"json" in headers.get(b"content-type", b""):
            try:
                decode(body)
            except WireError as e:
                await _answer(send, 400, e.code, e.message)
                return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    def _with_headers(self, scope: Scope, send: Send) -> Send:
        page = not str(scope.get("path", "")).startswith(_API_PREFIXES)

        async def wrapped(message: Message) -> None:
            if message["type"] == "http.response.start":
                extra = list(self.headers)
                if page and self.policy:
                    extra.append((b"content-security-policy", self.policy))
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        return wrapped


async def _answer(send: Send, status: int, code: str, message: str) -> None:
    body = encode({"code": code, "message": message}).encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class Throttle:
    """A token bucket per key: ``rate`` per second, bursts of ``burst``. At most
    ``max_keys`` keys are remembered (the least recently used are forgotten), so the
    throttle itself cannot be made to grow without bound."""

    def __init__(self, rate: float, burst: float, *, max_keys: int = 10_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def exhausted(self, key: str) -> bool:
        """True if ``key`` has no token left now (nothing is taken)."""
        found = self._buckets.get(key)
        if found is None:
            return False
        tokens, then = found
        return min(self.burst, tokens + (self.clock() - then) * self.rate) < 1.0

    def forget(self, key: str) -> None:
        """Drop ``key``'s bucket (a fresh one starts full)."""
        self._buckets.pop(key, None)

    def allow(self, key: str, cost: float = 1.0) -> bool:
        now = self.clock()
        tokens, then = self._buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        ok = tokens >= cost
        self._buckets[key] = (tokens - cost if ok else tokens, now)
        while len(self._buckets) > self.max_keys:
            self._buckets.popitem(last=False)
        return ok


_TOKEN_IN_PATH = re.compile(r"(/ws/|/api/links/|[?&]t=)[A-Za-z0-9_\-]{8,}")


def redact(text: str) -> str:
    return _TOKEN_IN_PATH.sub(r"\1<token>", text)


class RedactTokens(logging.Filter):
    """Replace seat tokens in log records (uvicorn's access and websocket lines)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.msg, str):
            record.msg = redact(record.msg)
        return True
