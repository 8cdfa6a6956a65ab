"""HTTP routes of duplicate sessions: create a session (movement, boards, scoring), enter
and confirm results from a physical table's phone page, post online tables' results
(played through the engine), the director's progress view, adjustments, penalties,
corrections within the correction period, the close, and the published results (JSON,
PBN with score tables, USEBIO XML, an HTML page).

Links are tokens: one per table (its phone page enters and confirms that table's results
only) and one for the director. Until the director publishes the closed session, its
deals, results, scores and pages are his alone: a table's link reads only its own
results of the round it plays, never a deal (the next pair at the table may still play
the board). Every accepted request is an event in the session's log.
A refused one is answered ``{"code", "message"}``, the message in the request's language
(``refused``, the app's handler of ``SessionError``).
"""

from __future__ import annotations

import asyncio
import datetime
import hmac
import logging
import random
import time
from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import urlencode

from fastapi import APIRouter, Body, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from bridgelaw.dealing import deal_set
from bridgelaw.i18n import text
from bridgelaw.i18n.catalog import LANGUAGES
from bridgelaw.i18n.render import tr
from bridgelaw.rulings import DIRECTOR
from bridgelaw.server.deps import STATIC, request_language
from bridgelaw.server.incidents import IncidentStore
from bridgelaw.server.limits import (
    MAX_SESSION_BOARDS,
    MAX_SESSION_TEXT,
    pbn_deals,
    session_size,
    too_large,
)
from bridgelaw.server.queue_feed import QueueFeed
from bridgelaw.server.store import Store
from bridgelaw.session.cli import result_json
from bridgelaw.session.live import DuplicateSession, SessionError
from bridgelaw.session.movements import MOST_PAIRS, movements_for
from bridgelaw.session.publish import dd_table, results_page, to_pbn, to_usebio
from bridgelaw.session.roster import pair_names, read_roster, roster_json
from bridgelaw.session.store import SessionStore, movement_from, session_from

log = logging.getLogger("bridgelaw.server")
T = TypeVar("T")


def error(e: SessionError, lang: str = "en") -> JSONResponse:
    """A refused session request, as its JSON answer: the message in ``lang``."""
    return JSONResponse({"code": e.code, "message": tr(e.message, lang)}, status_code=e.status)


async def refused(request: Request, e: Exception) -> JSONResponse:
    """The app's answer to a SessionError a route raised: its message in the request's
    language (``?lang=``, else Accept-Language, else English), like the table's errors."""
    assert isinstance(e, SessionError)
    return error(e, request_language(request))


def same_token(given: object, kept: str | None) -> bool:
    """``given`` is the link ``kept`` (compared in constant time)."""
    return bool(given) and bool(kept) and hmac.compare_digest(str(given).encode(), str(kept).encode())


def authorise(cfg: dict[str, Any], token: object, table: int | None = None) -> str:
    """Whose link ``token`` is: the director's, or (for ``table``) that table's own."""
    tokens: dict[str, str] = cfg.get("tokens", {})
    if same_token(token, tokens.get("director")):
        return "director"
    if table is not None and same_token(token, tokens.get(f"table{table}")):
        return "table"
    raise SessionError("forbidden", text("session.error.forbidden_link"), 403)


# What a table's own link may put in each event it posts. The rest (a result's source, an
# adjusted score, a ruling, the form of a fouled board, a call on behalf of an online table
# or an incident) is the director's: a table could otherwise post a confirmed "online"
# result or an adjusted score of its choosing.
TABLE_FIELDS: dict[str, frozenset[str]] = {
    "enter": frozenset({"kind", "table", "round", "board", "contract", "declarer", "tricks", "lead", "side", "result"}),
    "confirm": frozenset({"kind", "table", "board", "side"}),
    "call": frozenset({"kind", "table", "round", "board", "what", "seat"}),
}


def table_may_send(ev: dict[str, Any]) -> None:
    """Refuse an event from a table's link that carries a field only the director gives."""
    allowed = TABLE_FIELDS.get(str(ev.get("kind")), frozenset())
    extra = sorted(k for k in ev if k not in allowed)
    if extra:
        raise SessionError("director_only", text("session.error.director_field", field=", ".join(extra)), 403)


def reader(cfg: dict[str, Any], ds: DuplicateSession, token: object) -> str:
    """Who may read the session's progress, scores, travellers and deals: the director
    with his link at any time, anyone once he has published them. A table's link reads
    no more than the public: a pair still to play a board must not read it."""
    if same_token(token, cfg.get("tokens", {}).get("director")):
        return "director"
    if ds.published_at is not None:
        return "public"
    raise SessionError("not_published", text("session.error.not_published"), 403)


def as_read_by(out: Any, role: str) -> Any:
    """A route's answer as ``role`` may read it: a table never reads what the deal decides."""
    if isinstance(out, list):
        return [as_read_by(x, role) for x in out]
    if isinstance(out, dict):
        return out
    if role != "director" and hasattr(out, "table_json"):
        return out.table_json()
    return out.to_json() if hasattr(out, "to_json") else {"ok": True}


class _Sessions:
    """What every session route shares: the store, its per-session locks, and the steps a
    request that changes a session goes through (load, authorise, apply, log)."""

    def __init__(self, feed: QueueFeed) -> None:
        self.store = feed.store
        self.lock = feed.lock
        self.feed = feed

    async def run(self, fn: Callable[..., T], *args: Any, write: bool = False) -> T:
        """``fn(*args)`` in the sessions' worker threads: the database (which another
        process may hold for a while) and the scoring never run on the event loop, so
        the live tables keep moving. A database that fails is answered 503: ``not_stored``
        for a write (nothing changed), ``unavailable`` for a read."""
        try:
            return await self.feed.run(fn, *args)
        except SQLAlchemyError:
            log.exception("the sessions' database failed")
            if write:
                raise SessionError("not_stored", text("session.error.not_stored"), 503) from None
            raise SessionError("unavailable", text("session.error.unavailable"), 503) from None

    async def load(self, sid: str) -> tuple[str, dict[str, Any], DuplicateSession]:
        return await self.run(self.store.load, sid)

    async def act(self, sid: str, ev: dict[str, Any], token: object, *, director: bool = False) -> tuple[Any, str]:
        async with self.lock(sid):
            _title, cfg, _ds = await self.load(sid)
            role = authorise(cfg, token, None if director else int(ev.get("table", 0)))
            if director and role != "director":
                raise SessionError("forbidden", text("session.error.director_only"), 403)
            if role == "table":
                table_may_send(ev)
            out = await self.run(self.store.commit, sid, {**ev, "at": time.time(), "by": role}, write=True)
            return out, role

    async def event(self, sid: str, body: dict[str, Any], kind: str, director: bool = False) -> Any:
        try:
            out, role = await self.act(sid, {**{k: v for k, v in body.items() if k != "token"}, "kind": kind},
                                       body.get("token"), director=director)
        except KeyError as e:
            raise SessionError("bad_request", text("session.error.missing_field", field=str(e.args[0])), 422) from None
        except (ValueError, TypeError) as e:
            raise SessionError("bad_request", text("session.error.malformed", problem=str(e)), 422) from None
        if kind == "close":  # the results page follows: its double-dummy tables are solved now
            asyncio.get_running_loop().run_in_executor(None, self.solve_deals, sid)
        return as_read_by(out, role)

    def solve_deals(self, sid: str) -> None:
        """Solve every deal of the session double dummy (kept by the results page's cache),
        so the first reader of the results does not wait for the solver."""
        try:
            _title, _cfg, ds = self.store.load(sid)
            for board in ds.boards.values():
                dd_table(board)
        except Exception:  # the page solves them itself then
            log.exception("solving the session's deals ahead of its results page failed")

    async def scored(self, sid: str, token: object) -> tuple[str, dict[str, Any], DuplicateSession, Any]:
        """The session scored so far, for whoever may read it (``reader``)."""
        def score() -> tuple[str, dict[str, Any], DuplicateSession, Any]:
            title, cfg, ds = self.store.load(sid)
            reader(cfg, ds, token)
            return title, cfg, ds, ds.score()

        return await self.run(score)


def text_field(body: dict[str, Any], key: str, default: str = "") -> str:
    """A short text of a new session (its title, club, club id, date)."""
    value = body.get(key) or default
    if not isinstance(value, str | int) or len(str(value)) > MAX_SESSION_TEXT:
        raise SessionError("bad_request", text("session.error.malformed",
                                                problem=f"{key}: a text of at most {MAX_SESSION_TEXT} characters"), 422)
    return str(value)


def session_config(body: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """A new session's configuration and movement, checked by building the session it
    describes (so every later load of it works). Runs in a worker thread: a movement and
    its deals take a moment to build."""
    movement = dict(body.get("movement") or {})
    mv = movement_from(movement)
    dealt = sum(len(mv.boards(k)) for k in range(1, mv.sets + 1))
    if dealt > MAX_SESSION_BOARDS:
        raise too_large()
    boards = pbn_boards(str(body["pbn"]), mv) if body.get("pbn") else body.get("boards")
    if not boards:  # Law 6: freshly dealt from the secure source
        boards = [{"number": b.number, "deal": b.deal.to_pbn(), "dealer": b.dealer.name,
                   "vulnerable": str(b.vulnerability)} for b in deal_set(dealt)]
    cfg = {"movement": movement, "boards": boards, "scoring": text_field(body, "scoring", "MP"),
           "online_tables": body.get("online_tables") or [], "correction_minutes": body.get("correction_minutes", 30),
           "date": text_field(body, "date", datetime.date.today().isoformat()),
           "club": text_field(body, "club"), "club_id": text_field(body, "club_id")}
    try:
        if not isinstance(cfg["online_tables"], list) or not isinstance(cfg["correction_minutes"], int | float):
            raise TypeError("online_tables is a list of tables, correction_minutes a number")
        cfg["correction_minutes"] = float(cfg["correction_minutes"])
        session_from(cfg)
    except (KeyError, ValueError, TypeError, AttributeError) as e:
        raise SessionError("bad_request", text("session.error.malformed", problem=str(e)[:200]), 422) from None
    return cfg, mv


def session_router(engine: Engine, feed: QueueFeed | None = None, tables: Store | None = None) -> APIRouter:
    """The routes; ``feed`` (sharing this router's store and locks) lets linked live
    tables and assistant incidents post into a session's queue on their own; ``tables``
    (the live tables' store) checks the link of a live table another session has."""
    sessions = _Sessions(feed if feed is not None else QueueFeed(SessionStore(engine)))
    router = APIRouter(tags=["sessions"])
    _setup_routes(router, sessions)
    _table_routes(router, sessions)
    _director_routes(router, sessions)
    _link_route(router, sessions, tables, IncidentStore(engine))
    _publish_routes(router, sessions)
    return router


def _setup_routes(router: APIRouter, sessions: _Sessions) -> None:
    """Opening a session, its director's view and a table's phone-page data."""
    store = sessions.store

    @router.post("/api/sessions", status_code=201)
    async def create_session(body: dict[str, Any] = Body(...)) -> Any:  # noqa: B008
        """Open a session: ``movement`` ({kind: mitchell|appendix_mitchell|howell, tables (or
        base), boards_per_set, arrow_switch, phantom}), ``scoring`` (MP, IMP, Butler),
        ``online_tables``, ``correction_minutes``, ``date``, ``club`` and ``club_id`` (for
        USEBIO), and ``seed`` to deal the boards (or ``pbn``: the text of a PBN file with
        them, or ``boards``: number, deal, dealer,
        vulnerable); ``roster`` names the players of each pair (``{"1": [{"name", "id"}, ...]}``
        or a pasted list, a pair a line)."""
        session_size(body.get("movement", {}), body.get("boards"))  # before any work
        if isinstance(body.get("pbn"), str) and pbn_deals(body["pbn"]) > MAX_SESSION_BOARDS * 4:
            raise too_large()  # a file of results repeats a deal per table; never read a huge one
        cfg, mv = await sessions.run(session_config, body)
        roster = roster_json(read_roster(body.get("roster"), mv.pairs()))
        sid, tokens = await sessions.run(store.create, text_field(body, "title"), cfg, write=True)
        if roster:
            await sessions.run(store.commit, sid, {"kind": "roster", "pairs": roster, "at": time.time()}, write=True)
        return {"id": sid, "tokens": tokens, "movement": mv.to_json(),
                "links": table_links(sid, tokens)}

    @router.get("/api/movements")
    async def movements(pairs: int, boards_per_round: int = 2) -> Any:
        """The movements for ``pairs`` pairs (4 to 40; 1 to 6 boards a round), each with its preview: the spec to
        open a session with, its name, tables, rounds, boards a round and in all, and who
        sits where (a read of the movement rules only; no session is made)."""
        if not 4 <= pairs <= MOST_PAIRS or not 1 <= boards_per_round <= 6:
            raise SessionError("bad_movement", text("session.error.pairs_range", pairs=pairs, most=MOST_PAIRS), 422)
        specs = movements_for(pairs, boards_per_round)
        out = []
        for spec in specs:
            mv = movement_from(spec)
            out.append({"movement": spec, "name": mv.name, "tables": mv.tables, "rounds": mv.rounds,
                        "boards_per_round": mv.boards_per_set, "boards": sum(len(mv.boards(k)) for k in range(1, mv.sets + 1)),
                        "one_field": mv.one_field, "seatings": mv.to_json()["seatings"]})
        return out

    @router.get("/api/sessions/{sid}")
    async def session_info(sid: str, t: str = "") -> Any:
        """The director's view of every table: round, boards done, results to confirm
        (his link; anyone's once the results are published)."""
        title, cfg, ds = await sessions.load(sid)
        role = reader(cfg, ds, t)
        out = {"id": sid, "title": title, "scoring": ds.scoring, "closed": ds.closed_at is not None,
               "published": ds.published_at is not None, "tables": ds.progress(), "movement": ds.movement.to_json(),
               "roster": roster_json(ds.roster)}
        if role == "director":
            out["leads_to_check"] = [{"table": r.table, "round": r.round, "board": r.board, "lead": r.lead}
                                     for r in ds.results.values() if r.lead_unheld]
            # the assistant's incidents attached to a board (opened from the assistant with their own link)
            out["incidents"] = [{"incident": iid, **at} for iid, at in ds.incidents.items()]
        return out

    @router.get("/api/sessions/{sid}/tables/{table}")
    async def table_view(sid: str, table: int, t: str = "") -> Any:
        """A table's phone page data: who sits where this round, which boards to play, and
        the table's results of this round (and any of an earlier round still to confirm):
        the phone passes to the next pair, who may still play the earlier boards."""
        _title, cfg, ds = await sessions.load(sid)
        role = authorise(cfg, t, table)
        prog = next((p for p in ds.progress() if p["table"] == table), None)
        rnd_ = prog["round"] if prog else None
        seat = ds.movement.at(table, rnd_) if rnd_ else None
        shown = rnd_ if rnd_ is not None else ds.movement.rounds
        own = sorted((r for r in ds.results.values() if r.table == table and (r.round == shown or not r.confirmed)),
                     key=lambda r: (r.round, r.board))
        return {"table": table, "round": rnd_, "ns": seat.directions()[0] if seat else None,
                "ew": seat.directions()[1] if seat else None,
                "boards": ds.movement.boards(seat.board_set) if seat else [],
                "results": as_read_by(own, role),
                **table_extras(ds, table, rnd_)}


def _table_routes(router: APIRouter, sessions: _Sessions) -> None:
    """What a table posts: results, confirmations, calls for the director, online boards."""
    _event = sessions.event

    @router.post("/api/sessions/{sid}/results", status_code=201)
    async def enter_result(sid: str, body: dict[str, Any] = Body(...)) -> Any:  # noqa: B008
        """A physical table's result: table, round, board, contract, declarer, tricks, lead."""
        return await _event(sid, body, "enter")

    @router.post("/api/sessions/{sid}/call", status_code=201)
    async def call_director(sid: str, body: dict[str, Any] = Body(...)) -> Any:  # noqa: B008
        """A call for the director from a table (its own link) or posted for an online table
        or the assistant (the director's link): table, what, and round, board, incident,
        live_table, ruling when known."""
        try:
            _title, cfg, _ds = await sessions.load(sid)
            director = authorise(cfg, body.get("token"), int(body.get("table", 0))) == "director"
        except (KeyError, ValueError, TypeError) as e:
            raise SessionError("bad_request", text("session.error.malformed", problem=str(e)), 422) from None
        return await _event(sid, body, "call", director=director)

    @router.get("/api/sessions/{sid}/calls")
    async def director_queue(sid: str, t: str = "") -> Any:
        """The director's one queue: the open calls of every table, online and physical."""
        _title, cfg, ds = await sessions.load(sid)
        authorise(cfg, t)
        return ds.queue()

    @router.post("/api/sessions/{sid}/confirm")
    async def confirm_result(sid: str, body: dict[str, Any] = Body(...)) -> Any:  # noqa: B008
        """The opponents confirm a result their table entered (table, board)."""
        return await _event(sid, body, "confirm")

    @router.post("/api/sessions/{sid}/online")
    async def online_board(sid: str, body: dict[str, Any] = Body(...)) -> Any:  # noqa: B008
        """An online table plays a board through the engine; its result is posted when the
        board ends (director's link: table, round, board, seed)."""
        from bridgelaw.demo import random_board_actions
        from bridgelaw.table import Table

        try:
            _title, cfg, ds = await sessions.load(sid)
            authorise(cfg, body.get("token"))
            board, table_no, round_ = (whole(body, k) for k in ("board", "table", "round"))
            seed = body.get("seed")
            if not isinstance(seed, int | float | str | None):
                raise SessionError("bad_request", text("session.error.malformed", problem="seed: a number or a text"), 400)
            dealt = ds.boards[board]
            # the engine plays the whole board: in a worker thread, off the event loop
            ev = await sessions.run(lambda: online_event(table_no, round_, board,
                                                         random_board_actions(Table(dealt), random.Random(seed))))
        except (KeyError, ValueError) as e:
            raise SessionError("bad_request", text("session.error.malformed", problem=str(e)), 422) from None
        return await _event(sid, {**ev, "token": body.get("token")}, "online", director=True)


def _link_route(router: APIRouter, sessions: _Sessions, tables: Store | None, incidents: IncidentStore) -> None:
    """The director ties a live table or an assistant incident to a table of his session:
    its calls then come into his queue. An incident is linked with its own link
    (``link_token``), a live table with the live table's director link: table ids are
    public, and whoever linked a table by its id alone would receive its director calls.
    The link token is checked, never kept in the session's log."""

    @router.post("/api/sessions/{sid}/link")
    async def session_link(sid: str, body: dict[str, Any] = Body(...)) -> Any:  # noqa: B008
        body = dict(body)
        proof = str(body.pop("link_token", "") or "")
        _title, cfg, _ds = await sessions.load(sid)
        if authorise(cfg, body.get("token")) != "director":
            raise SessionError("forbidden", text("session.error.director_only"), 403)
        if body.get("incident") and not await sessions.run(incidents.opens, str(body["incident"]), proof):
            raise SessionError("incident_link", text("server.error.incident_link"), 403)
        if body.get("live_table"):
            live = str(body["live_table"])
            found = await sessions.run(tables.seat, proof) if tables is not None and 0 < len(proof) <= 64 else None
            if found != (live, DIRECTOR):
                other = await sessions.run(sessions.store.linked, "live_table", live)
                if other not in (None, sid):
                    raise SessionError("linked_elsewhere", text("session.error.linked_elsewhere", table=live), 409)
                raise SessionError("live_table_link", text("session.error.live_table_link", table=live), 403)
        return await sessions.event(sid, body, "link", True)


def whole(body: dict[str, Any], key: str) -> int:
    """A whole number of the request (``KeyError`` when it is missing, else 400)."""
    value = body[key]
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    raise SessionError("bad_request", text("session.error.malformed", problem=f"{key}: a whole number, not {value!r}"[:120]), 400)


def _director_routes(router: APIRouter, sessions: _Sessions) -> None:
    """The director's decisions, each an event in the session's log."""
    _event = sessions.event

    for path, kind in (("adjust", "adjust"), ("correct", "correct"), ("penalty", "penalty"), ("close", "close"),
                       ("late-revoke", "late_revoke"), ("wrong-board", "wrong_board"),
                       ("wrong-direction", "wrong_direction"), ("fouled", "fouled"), ("answer", "answer"),
                       ("publish", "publish"), ("roster", "roster")):
        router.add_api_route(f"/api/sessions/{{sid}}/{path}", _director_route(kind, _event), methods=["POST"])


def _publish_routes(router: APIRouter, sessions: _Sessions) -> None:
    """The published results: scores, the audit log, PBN, USEBIO, the pages."""
    _scored = sessions.scored

    @router.get("/api/sessions/{sid}/scores")
    async def scores(sid: str, t: str = "") -> Any:
        """Travellers and ranking so far (the same object as ``bridgelaw score --json``):
        the director's link; anyone's once published."""
        _title, _cfg, _ds, res = await _scored(sid, t)
        return result_json(res)

    @router.get("/api/sessions/{sid}/audit")
    async def audit(sid: str, t: str = "") -> Any:
        """The director's audit log of adjustments, penalties and corrections (79C)."""
        _title, cfg, ds = await sessions.load(sid)
        authorise(cfg, t)
        return ds.audit

    @router.get("/api/sessions/{sid}/links")
    async def session_links(sid: str, t: str = "") -> Any:
        """Every table's link again (the director's link only): the director's page opened
        in another browser prints the sheet of links again."""
        _title, cfg, _ds = await sessions.load(sid)
        authorise(cfg, t)
        return table_links(sid, cfg.get("tokens", {}))

    @router.get("/api/sessions/{sid}/qr")
    async def session_qr(sid: str, request: Request, t: str = "") -> Any:
        """Each table's link as a QR code (SVG), for the printed sheet the players scan with
        their phones (the director's link only: the codes carry the tables' tokens)."""
        _title, cfg, _ds = await sessions.load(sid)
        authorise(cfg, t)
        base = str(request.base_url).rstrip("/")
        links = table_links(sid, cfg.get("tokens", {}))
        return await asyncio.to_thread(lambda: {k: qr_svg(base + url) for k, url in links.items()})

    @router.get("/api/sessions/{sid}/results.pbn")
    async def results_pbn(sid: str, t: str = "") -> Response:
        """The deals, travellers and ranking as PBN (the director's link; anyone's once published)."""
        title, cfg, ds, res = await _scored(sid, t)
        return PlainTextResponse(to_pbn(res, ds.boards, event=title, site=str(cfg.get("club", "")),
                                        date=str(cfg.get("date", ""))), media_type="text/plain")

    @router.get("/api/sessions/{sid}/results.xml")
    async def results_usebio(sid: str, t: str = "") -> Response:
        """USEBIO 1.3 (the director's link; anyone's once published)."""
        title, cfg, ds, res = await _scored(sid, t)
        return Response(to_usebio(res, event=title, club=str(cfg.get("club", "")), club_id=str(cfg.get("club_id", "")),
                                  date=str(cfg.get("date", "")), roster=ds.roster), media_type="application/xml")

    @router.get("/session/results")
    async def results_html(request: Request, s: str, t: str = "", dd: bool = True) -> Response:
        """The results page in the reader's language (``?lang=``, else Accept-Language), with
        its downloads linked; ``dd=false`` leaves out the double-dummy tables (the
        director's link ``t``; anyone's once published)."""
        title, _cfg, ds, res = await _scored(s, t)
        lang = request_language(request)
        page = await asyncio.get_running_loop().run_in_executor(
            None, lambda: results_page(res, ds.boards, title=title, with_dd=dd, lang=lang, penalties=tuple(ds.penalties),
                                       downloads=result_links(request, s), languages=language_links(request)))
        return HTMLResponse(page)

    @router.get("/session/table")
    async def phone_page() -> Response:
        """A physical table's result page (``?s=session&t=its token&n=table``): a static
        page, its texts from the catalogs, its script under the pages' security policy."""
        return FileResponse(STATIC / "result.html")


def pbn_boards(text_: str, mv: Any) -> list[dict[str, Any]]:
    """The boards a session plays, from a PBN file (the club's dealt or pre-dealt boards):
    each board number the movement needs, its first complete deal, dealer and vulnerability
    (by the board's number when the file leaves them out). A board the movement needs and
    the file lacks is refused by number."""
    from bridgelaw.core.deal import dealer_of_board, vulnerability_of_board
    from bridgelaw.errors import BridgeLawError
    from bridgelaw.io.pbn import read_pbn

    try:
        records = read_pbn(text_)
    except BridgeLawError as e:
        raise SessionError("bad_pbn", text("session.error.pbn_unreadable", problem=str(e)), 422) from None
    found: dict[int, dict[str, Any]] = {}
    for rec in records:
        if rec.deal is None or not rec.deal.is_complete or not rec.board or rec.board in found:
            continue
        found[rec.board] = {"number": rec.board, "deal": rec.deal.to_pbn(),
                            "dealer": (rec.dealer or dealer_of_board(rec.board)).name,
                            "vulnerable": str(rec.vulnerability or vulnerability_of_board(rec.board))}
    needed = sorted({b for k in range(1, mv.sets + 1) for b in mv.boards(k)})
    missing = [b for b in needed if b not in found]
    if missing:
        raise SessionError("bad_pbn", text("session.error.pbn_missing", boards=", ".join(map(str, missing[:20]))), 422)
    return [found[b] for b in needed]


def table_extras(ds: DuplicateSession, table: int, round_: int | None) -> dict[str, Any]:
    """What a table's phone page shows beside its round: the rounds in all, the names of
    the pairs (from the roster), where this round's pairs go after it (``after``) and
    where the last round's pairs went (``moved``: the page shows it when a round ends)."""
    names = {p: pair_names(v) for p, v in ds.roster.items()}
    mv = ds.movement
    return {"rounds": mv.rounds, "names": names, "after": mv.next_round(table, round_) if round_ else [],
            "moved": mv.next_round(table, round_ - 1) if round_ and round_ > 1 else []}


def result_links(request: Request, sid: str) -> dict[str, str]:
    """The results page's downloads, carrying the link's own token when it has one."""
    t = request.query_params.get("t")
    query = f"?{urlencode({'t': t})}" if t else ""
    return {"PBN": f"/api/sessions/{sid}/results.pbn{query}", "USEBIO (XML)": f"/api/sessions/{sid}/results.xml{query}"}


def language_links(request: Request) -> dict[str, str]:
    """The same page in each language of the catalogs."""
    keep = {k: v for k, v in request.query_params.items() if k != "lang"}
    return {code: f"{request.url.path}?{urlencode({**keep, 'lang': code})}" for code in LANGUAGES}


def table_links(sid: str, tokens: dict[str, str]) -> dict[str, str]:
    """Each table's phone-page link: the session, the table's own token and its number
    (the page asks for that table's round; without the number it would ask for table 1's
    and be refused)."""
    return {k: f"/session/table?s={sid}&t={v}&n={k.removeprefix('table')}"
            for k, v in tokens.items() if k.startswith("table")}


def qr_svg(url: str) -> str:
    """``url`` as an inline SVG QR code (medium error correction: a printed sheet gets
    creased and stained)."""
    import segno

    return str(segno.make(url, error="m").svg_inline(scale=3, border=2))


def _director_route(kind: str, handler: Any) -> Any:
    async def route(sid: str, body: dict[str, Any] = Body(...)) -> Any:  # noqa: B008
        return await handler(sid, body, kind, True)

    route.__name__ = f"session_{kind}"
    route.__doc__ = f"The director's {kind} (director's link)."
    return route


_AVERAGE_TEXT = {"avg+": "A+", "avg": "A=", "avg-": "A-"}


def online_event(table: int, round_: int, board: int, played: Any) -> dict[str, Any]:
    """The result event of a board an online table has finished, with what the table's
    own board rulings decided (laws/board/problems.py): an adjusted score the director awarded
    there (Law 12C, after a Law 13, 15 or 87 problem) and the form of a fouled board the
    table played (87B), so the session scores it in its group."""
    from bridgelaw.laws.board.problems import board_form, board_result
    from bridgelaw.laws.scoring.methods import Artificial, Assigned

    if played.contract is None:
        ev: dict[str, Any] = {"table": table, "round": round_, "board": board, "contract": "Pass"}
    else:
        c = played.contract
        ev = {"table": table, "round": round_, "board": board,
              "contract": f"{c.level}{'NT' if c.strain.name == 'N' else c.strain.name}{c.risk}",
              "declarer": c.declarer.name, "tricks": played.declarer_tricks}
    got = board_result(played)
    laws = [law for r in played.rulings if r.kind == "board" for law in r.laws]
    if isinstance(got, Artificial):
        ev["adjusted"] = {"ns_average": _AVERAGE_TEXT[got.ns], "ew_average": _AVERAGE_TEXT[got.ew]}
        ev["ruling"] = ", ".join(laws)
    elif isinstance(got, Assigned):
        ev["adjusted"] = {"score_ns": got.ns}
        ev["ruling"] = ", ".join(laws)
    form = board_form(played)
    if form:
        ev["form"] = form
    return ev
