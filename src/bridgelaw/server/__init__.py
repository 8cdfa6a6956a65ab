"""The table server: FastAPI app, websocket hub, per-seat views, SQLAlchemy store, web UI.

Start it with ``bridgelaw serve`` (see ``server.cli``); build it in code with
``bridgelaw.server.app.create_app(database_url)``.
"""
