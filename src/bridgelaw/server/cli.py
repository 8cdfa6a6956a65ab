"""``bridgelaw serve``: start the table server (FastAPI on uvicorn). ``bridgelaw links``:
the links of a table, from the server's database, for a director who lost his (the lobby
keeps them only in the browser that opened the table)."""

from __future__ import annotations

import argparse
import copy
import os
import sys
from typing import Any

from bridgelaw.errors import BridgeLawError
from bridgelaw.i18n import text


def add_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "serve", help="start the table server (web UI, websockets; SQLite file bridgelaw.db by default)",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument(
        "--database", default=os.environ.get("BRIDGELAW_DATABASE", "bridgelaw.db"),
        help="an SQLite file path (default bridgelaw.db in the working directory) or postgresql://user@host/db",
    )
    p.add_argument("--proxy-headers", action="store_true",
                   help="trust X-Forwarded-* from the proxy given by --forwarded-allow-ips")
    p.add_argument("--forwarded-allow-ips", default="127.0.0.1")
    p.add_argument("--log-level", default="info")
    p.add_argument(
        "--allocator", choices=("malloc", "pymalloc"), default="malloc",
        help="small objects from the C allocator (default: the memory of idle tables goes back to the "
             "system) or from CPython's own (keeps its arenas at the server's peak); PYTHONMALLOC, when set, wins",
    )
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser(
        "links", help="list the server's tables, or print one table's links (a director who lost his link gets it back)",
    )
    p.add_argument("table", nargs="?", help="the table's id (or the start of it); without it, the tables newest first")
    p.add_argument("--database", default=os.environ.get("BRIDGELAW_DATABASE", "bridgelaw.db"),
                   help="the server's database (as for serve)")
    p.add_argument("--base-url", default="http://127.0.0.1:8000", help="the address players open (default http://127.0.0.1:8000)")
    p.set_defaults(func=cmd_links)


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from bridgelaw.server.app import create_app
        from bridgelaw.server.socket_protocol import TableSocketProtocol
    except ImportError as e:  # the engine installed without the server extra
        raise BridgeLawError(text("cli.error.server_not_installed", missing=e.name or str(e))) from None
    _choose_allocator(args)

    app = create_app(args.database)
    # Fewer, cheaper collections: a server holds many long-lived objects (tables, their
    # logs, connections) and the default thresholds made full collections the main
    # source of latency spikes under load.
    import gc

    gc.freeze()
    gc.set_threshold(50_000, 20, 20)
    print(f"bridgelaw: serving on http://{args.host}:{args.port}/ (database: {app.state.store.url.split('@')[-1]})", flush=True)
    uvicorn.run(
        app, host=args.host, port=args.port, log_level=args.log_level, log_config=log_config(),
        ws_max_size=1 << 20, proxy_headers=args.proxy_headers,
        # per-message deflate cost ~15% of the server's CPU under load, for small JSON states
        ws_per_message_deflate=False,
        ws=TableSocketProtocol,  # the tables' messages written without a task per send
        forwarded_allow_ips=args.forwarded_allow_ips,
    )
    return 0


def _choose_allocator(args: argparse.Namespace) -> None:
    """Start the server again on the C allocator unless it runs on it already (or the
    environment chose one). CPython's small-object allocator gives an arena back only when
    every object in it is freed, and a few long-lived objects pin most of them: after a
    busy evening the server stayed near its peak. On malloc, ``malloc_trim`` (called when
    idle tables are unloaded) gives the memory back. The allocator is chosen when Python
    starts, hence the new process."""
    if args.allocator != "malloc" or "PYTHONMALLOC" in os.environ:
        return
    argv = ["serve", "--host", args.host, "--port", str(args.port), "--database", args.database,
            "--forwarded-allow-ips", args.forwarded_allow_ips, "--log-level", args.log_level]
    if args.proxy_headers:
        argv.append("--proxy-headers")
    env = {**os.environ, "PYTHONMALLOC": "malloc"}
    os.execve(sys.executable, [sys.executable, "-m", "bridgelaw", *argv], env)


def cmd_links(args: argparse.Namespace) -> int:
    """Print the tables (id, opened, events, title) or one table's links, one role a line."""
    from bridgelaw.server.store import Store

    store = Store(args.database)
    try:
        tables = store.list_tables(limit=10_000)
        if not args.table:
            for table_id, title, created, events in tables:
                print(f"{table_id}  {created:%Y-%m-%d %H:%M}  {events:>5}  {title}")
            return 0
        found = [t for t in tables if t[0].startswith(args.table)]
        if len(found) != 1:
            from bridgelaw.errors import BridgeLawError
            from bridgelaw.i18n import text

            raise BridgeLawError(text("cli.links.no_table" if not found else "cli.links.ambiguous", table=args.table, n=len(found)))
        tokens = store.tokens(found[0][0])
        base = args.base_url.rstrip("/")
        for role in ("director", "N", "E", "S", "W", "all"):
            if role in tokens:
                print(f"{role:<8} {base}/table?t={tokens[role]}")
        return 0
    finally:
        store.dispose()


def log_config() -> dict[str, Any]:
    """uvicorn's logging, with seat tokens taken out of every line (access lines name the
    path, and a path such as /ws/{token} or /api/links/{token} is a seat's key)."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_tokens"] = {"()": "bridgelaw.server.guard.RedactTokens"}
    for handler in config.get("handlers", {}).values():
        handler.setdefault("filters", []).append("redact_tokens")
    return config
