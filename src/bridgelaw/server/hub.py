"""The websocket hub: connections per table, the single write path, broadcasts of views.

Every change to a table goes through ``Hub.submit`` under the table's lock:
authorize the link -> apply to the in-memory Table (refused: error to that client only)
-> append to the database log -> only then acknowledge and broadcast. Each connection
receives ``LiveTable.view(role)`` for its own role and nothing else, its texts in the
connection's language, whole or as a patch from the state it was sent before
(``bridgelaw.server.patch``).

Several processes may serve one PostgreSQL database. The log's primary key serialises
them (the loser of a race gets a conflict, its memory is rolled back and caught up), and
``NOTIFY bridgelaw`` (sent by the store in the same transaction) tells every other process
to catch up and push the new state to the players connected to it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import re
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, ParamSpec, Protocol, TypeVar

from bridgelaw.actions import action_from_json, action_to_json
from bridgelaw.errors import BridgeLawError
from bridgelaw.i18n import text
from bridgelaw.rulings import DIRECTOR
from bridgelaw.server import outgoing, private, undo
from bridgelaw.server.claim_analysis import ClaimAnalyses
from bridgelaw.server.guard import Throttle
from bridgelaw.server.limits import MAX_REPORTS_PER_BOARD, report_problem
from bridgelaw.server.live import Forbidden, LiveTable, is_talk
from bridgelaw.server.memory import give_back_memory
from bridgelaw.server.rendered import PLAIN_TYPES, Rendered, render
from bridgelaw.server.store import ROLES, Append, DuplicateAction, LogEntry, SeqConflict, Store
from bridgelaw.server.wire import encode
from bridgelaw.table import Refused

log = logging.getLogger("bridgelaw.server")
P = ParamSpec("P")
R = TypeVar("R")


class ClientError(Exception):
    """An error answered to one client; the table and other clients are unaffected."""

    def __init__(self, code: str, message: str, *, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status

    def to_json(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message}


class Sender(Protocol):
    async def send_text(self, data: str) -> None: ...
    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class DirectWriter(Protocol):
    """A connection that writes a text frame synchronously (``socket_protocol``)."""

    def write_text(self, data: str) -> bool: ...


# Free text a player may write into the log, by field (characters). Anything longer is
# refused at the edge; what is already stored is folded as it is.
TEXT_LIMITS = {
    "meaning": 500, "statement": 1_000, "tempo": 100, "point_out": 100, "earlier_call": 20,
    "form": 100, "option": 100, "choose": 100, "text": 500,
}
IDLE_UNLOAD = 600.0          # seconds a table with no connection stays in memory
_TABLE_ID = re.compile(r"[0-9a-f]{1,32}")
MAX_ACTIONS_PER_BOARD = 600   # a board needs about 90; rulings, requests and notes add some
ACTION_RATE, ACTION_BURST = 10.0, 100.0  # per link: actions per second, at once
# Seconds from the start of one group commit to the next at the soonest: the entries that
# arrive meanwhile wait for it and are written together. A commit (the hand-off to the
# writer's thread and back, the transaction) costs the same for one entry as for ten: at
# a few hundred actions a second most commits would otherwise hold one entry, and cost
# more CPU than the rest of the action. An entry after a quiet spell is written at once.
# Ten milliseconds (a player waits at most that much longer for his acknowledgement,
# well under what a network adds) hold several entries a commit at a few hundred actions
# a second, and the acknowledgements they release reach the loop together: at 500 tables
# the server's CPU per action fell by a fifth from three milliseconds' spacing.
COMMIT_SPACING = 0.010


# A queued message: ("text", JSON text) or ("state", Rendered, the sender's ack or None);
# None ends the pump.
Outgoing = tuple[Any, ...]


@dataclass(eq=False)
class Client:
    """One websocket connection: its link's role, the language its texts are rendered in
    and whether it takes patches (``patch``) or whole states after each change."""

    ws: Sender
    table_id: str
    role: str
    lang: str = "en"
    patches: bool = False
    queue: asyncio.Queue[Outgoing | None] = field(default_factory=asyncio.Queue)
    sent: dict[str, Any] | None = None  # the view this connection was sent last (as built)
    acked: int | None = None  # the seq whose acknowledgement went with the state that shows it
    direct: DirectWriter | None = None  # writes at once when nothing is queued (``outgoing.post``)
    busy: bool = False  # the pump holds a message it is sending


class Hub:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, LiveTable] = {}
        self.clients: dict[str, set[Client]] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self.used: dict[str, float] = {}  # table id -> when it was last asked for (monotonic)
        self.throttle = Throttle(ACTION_RATE, ACTION_BURST)
        # SQLite has one writer: one worker thread avoids lock contention entirely.
        self._pool = ThreadPoolExecutor(max_workers=8 if store.is_postgres else 1, thread_name_prefix="bl-db")
        self._pending: list[tuple[Append, asyncio.Future[None]]] = []
        self._writing = False
        self._last_commit = -COMMIT_SPACING  # when the last group commit began (loop time)
        # called after each change this process stored (the session queue's feed)
        self.watchers: list[Callable[[LiveTable], Awaitable[None]]] = []
        self.analyses = ClaimAnalyses(self)  # claim analyses finishing after their acknowledgement

    async def db(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, lambda: fn(*args, **kwargs))

    async def append(self, entry: Append) -> None:
        """Write one log entry; raise what ``Store.append`` raises. The entries that
        arrive while a write is under way are written together in the next transaction
        (a group commit, on SQLite and PostgreSQL alike): one thread hand-off and one
        commit for all of them, and commits begin at most every ``COMMIT_SPACING``;
        should the transaction fail, none of them is stored and each submitter is told
        so. Each table has at most one entry waiting (``submit`` holds its lock)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((entry, done))
        if not self._writing:
            self._writing = True
            asyncio.get_running_loop().create_task(self._write_pending())
        await done

    async def _write_pending(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._pending:
                wait = self._last_commit + COMMIT_SPACING - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)  # the entries that arrive meanwhile join this commit
                self._last_commit = loop.time()
                batch, self._pending = self._pending, []
                try:
                    results = await self.db(self.store.append_many, [e for e, _ in batch])
                except BaseException as e:  # the executor itself failed (shut down)
                    failure = e if isinstance(e, Exception) else RuntimeError("the writer stopped")
                    for _, done in batch:
                        if not done.done():
                            done.set_exception(failure)
                    raise
                for (_, done), err in zip(batch, results, strict=True):
                    if done.done():  # pragma: no cover - its submitter was cancelled
                        continue
                    if err is None:
                        done.set_result(None)
                    else:
                        done.set_exception(err)
        finally:
            self._writing = False

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    def lock(self, table_id: str) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    # ------------------------------------------------------------------ loading
    async def live(self, table_id: str) -> LiveTable:
        """The table in memory, folded from its log on first use. An unknown id costs one
        lookup and leaves nothing behind (no lock, no entry)."""
        live = self.tables.get(table_id)
        if live is not None:
            self.used[table_id] = time.monotonic()
            return live
        if not _TABLE_ID.fullmatch(table_id):
            raise ClientError("unknown_table", text("server.error.no_such_table"), status=404)
        meta = await self.db(self.store.table, table_id)
        if meta is None:
            raise ClientError("unknown_table", text("server.error.no_table", table=table_id), status=404)
        async with self.lock(table_id):
            live = self.tables.get(table_id)
            if live is None:
                live = LiveTable(meta)
                for entry in await self.db(self.store.log, table_id, 0):
                    live.apply(entry)
                if not self.store.is_postgres:  # one process writes: memory knows every id from now on
                    live.action_ids = await self.db(self.store.action_ids, table_id)
                self.tables[table_id] = live
                self.analyses.start(table_id, live)  # a claim's analysis the log still waits for
        self.used[table_id] = time.monotonic()
        return live

    def unload_idle(self, idle: float) -> int:
        """Forget tables nobody is connected to and nobody used for ``idle`` seconds (they
        are folded again from the log when next asked for); return how many."""
        now = time.monotonic()
        gone = [
            t for t in self.tables
            if not self.clients.get(t) and now - self.used.get(t, 0.0) >= idle
            and not (t in self._locks and self._locks[t].locked())
        ]
        for t in gone:
            del self.tables[t]
            self.used.pop(t, None)
            self._locks.pop(t, None)
            self.clients.pop(t, None)
            for role in ROLES:
                # its links' buckets too: small objects left behind pin the allocator's
                # pages of the whole table, and the memory would never be given back
                self.throttle.forget(f"{t}/{role}")
        if gone:
            give_back_memory(searches=not self.tables)
        return len(gone)

    async def unload_forever(self, idle: float, every: float) -> None:
        """Run ``unload_idle`` every ``every`` seconds (the app's background task)."""
        while True:
            await asyncio.sleep(every)
            self.unload_idle(idle)

    async def catch_up(self, live: LiveTable) -> bool:
        """Fold entries other processes wrote; True if there were any. Call under the lock."""
        entries = await self.db(self.store.log, live.id, live.seq)
        for entry in entries:
            live.apply(entry)
        if entries:
            live.action_ids = None  # another process writes this table: ask the log from now on
        return bool(entries)

    async def on_notify(self, table_id: str, seq: int) -> None:
        """Another process (or this one) committed entry ``seq`` of ``table_id``."""
        live = self.tables.get(table_id)
        if live is None or seq <= live.seq:
            return
        async with self.lock(table_id):
            changed = await self.catch_up(live)
        if changed:
            self.broadcast(live)

    # ------------------------------------------------------------------ writing
    async def submit(self, table_id: str, role: str, msg: dict[str, Any], sender: Client | None = None) -> int:
        """Handle one client message that changes the table; return the new seq. A sender
        that takes patches gets the acknowledgement with the patch that shows the change
        (``Client.acked`` is then the seq): one message for him, not two."""
        kind, seq, action_id = self._admit(table_id, role, msg)
        await self.analyses.wait(table_id)
        live = await self.live(table_id)
        done = await self._logged_already(live, table_id, action_id)
        if done is not None:
            return done  # the same action again (a retry, a double click): logged once
        if kind == "action" and live.board_actions() >= MAX_ACTIONS_PER_BOARD:
            raise ClientError("too_many_actions", text("server.error.board_actions", limit=MAX_ACTIONS_PER_BOARD), status=409)
        if kind == "action" and _is_report(msg) and live.board_reports() >= MAX_REPORTS_PER_BOARD:
            raise ClientError("too_many_reports", text("server.error.board_reports", limit=MAX_REPORTS_PER_BOARD), status=409)
        talk = is_talk(kind, msg.get("action"))
        for _attempt in range(3):
            async with self.lock(table_id):
                if seq is not None and not live.answers_current(seq, talk):
                    await self.catch_up(live)
                    done = await self._logged_already(live, table_id, action_id)
                    if done is not None:
                        return done  # a duplicate that waited for the first one's write
                    if not live.answers_current(seq, talk):
                        raise _stale(seq, live.seq)
                done, entry = await self._write_once(live, table_id, role, kind, msg, action_id)
                if done is not None:
                    return done
            self.broadcast(live, _ack(sender, msg, entry))
            if entry is not None:
                self.analyses.start(table_id, live)
                await self._tell_watchers(live)
                return entry.seq
            if seq is not None:
                raise _stale(seq, live.seq)
        raise ClientError("conflict", text("server.error.busy"), status=409)

    def _admit(self, table_id: str, role: str, msg: dict[str, Any]) -> tuple[object, int | None, str | None]:
        """The message's kind, expected seq and action id, once its form and texts are
        checked and its link is within its rate; raises ClientError otherwise."""
        kind = msg.get("type", "action")
        seq = msg.get("seq")
        if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)):
            raise ClientError("bad_message", text("server.error.seq_whole", value=repr(seq)))
        _check_text(msg)
        action_id = _action_id(role, msg)
        if not self.throttle.allow(f"{table_id}/{role}"):
            raise ClientError("too_many_requests", text("server.error.slow_down"), status=429)
        return kind, seq, action_id

    async def _logged_already(self, live: LiveTable, table_id: str, action_id: str | None) -> int | None:
        """The seq under which this action id is logged, if it is (idempotent retries)."""
        if action_id is None:
            return None
        if live.action_ids is not None:
            return live.action_ids.get(action_id)
        # other processes write too (PostgreSQL): ask the log
        return await self.db(self.store.action_seq, table_id, action_id)

    async def _write_once(
        self, live: LiveTable, table_id: str, role: str, kind: object, msg: dict[str, Any], action_id: str | None
    ) -> tuple[int | None, LogEntry | None]:
        """Prepare the entry and store it; apply it in memory only once it is stored.
        Returns (seq, None) when the action turns out logged already, (None, entry) when
        it is stored now, (None, None) when another writer took the seq first (retry)."""
        if _is_claim_message(msg):
            # a claim runs the double-dummy claim checker (up to a second or more):
            # off the event loop, so the other tables of this process keep moving
            entry_kind, payload = await asyncio.to_thread(self._prepare, live, role, kind, msg)
        else:
            entry_kind, payload = self._prepare(live, role, kind, msg)
        entry = LogEntry(live.seq + 1, entry_kind, live.board_idx, payload)
        try:
            await self.append((table_id, entry.seq, entry.kind, entry.board, entry.payload, action_id))
        except DuplicateAction:
            # the same action, logged meanwhile through another connection or process
            if entry_kind == "action":
                live.drop_last_action()
            await self.catch_up(live)
            done = await self.db(self.store.action_seq, table_id, action_id or "")
            if done is None:  # pragma: no cover - the id was just found taken
                raise ClientError("conflict", text("server.error.try_again"), status=409) from None
            self.broadcast(live)
            return done, None
        except SeqConflict:
            if entry_kind == "action":
                live.drop_last_action()
            await self.catch_up(live)
            if action_id is not None:  # the other writer may have logged this very action
                done = await self.db(self.store.action_seq, table_id, action_id)
                if done is not None:
                    self.broadcast(live)
                    return done, None
            return None, None
        except Exception:
            return await self._failed_write(live, table_id, entry, action_id)
        if entry_kind == "action":
            live.accepted(entry)
        else:
            live.apply(entry)
        if action_id is not None and live.action_ids is not None:
            live.action_ids[action_id] = entry.seq
        return None, entry

    async def _failed_write(self, live: LiveTable, table_id: str, entry: LogEntry,
                            action_id: str | None) -> tuple[int | None, LogEntry | None]:
        """(While a write's exception is handled.) Apply only what is stored: the table in
        memory goes back to its log, and the log is read back, since a commit whose answer
        was lost may have stored the entry after all; the sender is told what it holds."""
        if entry.kind == "action":
            live.drop_last_action()
        log.exception("table %s: entry %d could not be written", table_id, entry.seq)
        stored = await self._stored_anyway(live, table_id, entry, action_id)
        if stored is None:
            raise ClientError("not_confirmed", text("server.error.not_confirmed"), status=503) from None
        if not stored:
            raise ClientError("not_stored", text("server.error.not_stored"), status=503) from None
        return None, entry  # stored: catch_up has applied it from the log

    async def _stored_anyway(self, live: LiveTable, table_id: str, entry: LogEntry, action_id: str | None) -> bool | None:
        """Whether an entry whose write raised is in the log after all (its commit's
        answer lost), the log read back and folded; None when it cannot be read either."""
        try:
            await self.catch_up(live)
            if action_id is not None:
                return bool(await self.db(self.store.action_seq, table_id, action_id) == entry.seq)
            logged = await self.db(self.store.log, table_id, entry.seq - 1)
        except Exception:
            log.warning("table %s: whether entry %d is stored is not known", table_id, entry.seq)
            return None
        return bool(logged) and logged[0].kind == entry.kind and logged[0].payload == entry.payload

    async def _tell_watchers(self, live: LiveTable) -> None:
        """Let the watchers see the change; a watcher's failure is logged and never
        undoes or refuses the change, which is stored already."""
        for watch in self.watchers:
            try:
                await watch(live)
            except Exception:
                log.exception("table %s: a watcher failed", live.id)

    def _prepare(self, live: LiveTable, role: str, kind: object, msg: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """Check a message and (for an action) apply it in memory; return the log entry's
        kind and payload. Raises ClientError, leaving the table unchanged."""
        if kind == "action":
            try:
                action = action_from_json(msg.get("action"))
                action = live.authorize(role, action)
                action = live.try_action(action)
                defer = getattr(getattr(action, "analysis", None), "defer", None)
                if defer is not None:
                    # the claim checker's search runs after the acknowledgement: the
                    # claimer never waits for it (``_finish_claim_analysis``)
                    defer()
            except Forbidden as f:
                raise ClientError(f.code, f.message, status=403) from None
            except Refused as r:
                raise ClientError(r.code, r.message, status=422) from None
            except BridgeLawError as e:
                raise ClientError("bad_action", e.message) from None
            except (TypeError, ValueError, KeyError, AttributeError) as e:
                # a malformed detail the parser let through: refused, never a dropped connection
                log.warning("table %s: action refused as malformed: %r", live.id, e)
                raise ClientError("bad_action", text("server.error.malformed", problem=str(e))) from None
            return "action", action_to_json(action)
        return _table_message(live, role, kind, msg)

    # ------------------------------------------------------------------ clients
    def join(self, client: Client) -> None:
        self.clients.setdefault(client.table_id, set()).add(client)

    def leave(self, client: Client) -> None:
        group = self.clients.get(client.table_id)
        if group is not None:
            group.discard(client)
            if not group:
                del self.clients[client.table_id]
        self.used[client.table_id] = time.monotonic()
        with contextlib.suppress(asyncio.QueueFull):
            client.queue.put_nowait(None)

    def broadcast(self, live: LiveTable, ack: tuple[Client, dict[str, Any]] | None = None) -> None:
        """Queue each connected client's own view: built once per role, encoded once per
        role, language and kind (whole or patch; see ``Rendered``). ``ack``: the sender
        and his acknowledgement, sent with his view when he takes patches."""
        clients = list(self.clients.get(live.id, ()))
        if not clients:
            return
        views, patches = live.changed_views({c.role for c in clients})
        rendered: dict[tuple[str, str], Rendered] = {}
        memos: dict[str, dict[int, tuple[Any, Any]]] = {}  # a part shared by several views rendered once
        for client in clients:
            key = (client.role, client.lang)
            r = rendered.get(key)
            if r is None:
                r = rendered[key] = Rendered(views[client.role], client.lang, made=patches.get(client.role),
                                             memo=memos.setdefault(client.lang, {}))
            if ack is not None and ack[0] is client and client.patches:
                client.acked = ack[1]["seq"]
                outgoing.post(client, ("state", r, ack[1]))
            else:
                outgoing.post(client, ("state", r, None))

    def send_state(self, client: Client, live: LiveTable) -> None:
        """Queue the whole state for one client (on connect, when asked, after a conflict)."""
        outgoing.post(client, ("state", Rendered(live.view(client.role), client.lang, full=True), None))

    def tell(self, client: Client, message: dict[str, Any]) -> None:
        """Queue a message for one client (an ack, an error), its texts in his language
        (an ack holds none: it is sent as it is)."""
        plain = all(type(v) in PLAIN_TYPES for v in message.values())
        outgoing.post(client, ("text", encode(message if plain else render(message, client.lang))))

    @staticmethod
    async def pump(client: Client) -> None:
        """Send a client's queued messages in order (``bridgelaw.server.outgoing``)."""
        await outgoing.pump(client)


def _ack(sender: Client | None, msg: dict[str, Any], entry: LogEntry | None) -> tuple[Client, dict[str, Any]] | None:
    """The sender and the acknowledgement of his stored entry, if both are there."""
    if sender is None or entry is None:
        return None
    return sender, {"type": "ack", "id": msg.get("id"), "seq": entry.seq}


def _stale(seq: int, current: int) -> ClientError:
    return ClientError("conflict", text("server.error.stale", seq=seq, current=current), status=409)


def _action_id(role: str, msg: dict[str, Any]) -> str | None:
    """The client's id of this action (``action_id``: 1 to 64 characters), if any, kept
    under the link's role: one seat's id never stands for another seat's action."""
    value = msg.get("action_id")
    if value is None:
        return None
    if not isinstance(value, str) or not 1 <= len(value) <= 64:
        raise ClientError("bad_message", text("server.error.action_id"))
    return action_key(role, value)


def action_key(role: str, action_id: str) -> str:
    """How the log keeps a link's ``action_id``: under the link's role (a digest when the
    two pass the log's 64 characters)."""
    key = f"{role}:{action_id}"
    if len(key) > 64:
        key = f"{role}:#{hashlib.sha256(action_id.encode('utf-8', 'surrogatepass')).hexdigest()[:48]}"
    return key


def _is_report(msg: dict[str, Any]) -> bool:
    action = msg.get("action")
    return isinstance(action, dict) and "report" in action


def _check_text(msg: dict[str, Any]) -> None:
    """Refuse free text over its field's limit (``TEXT_LIMITS``) and a board report with
    details it does not take (each would be kept in the log and sent to the director)."""
    action = msg.get("action")
    if _is_report(msg):
        assert isinstance(action, dict)
        problem = report_problem(action)
        if problem is not None:
            raise ClientError("bad_report", text("server.error.bad_report", problem=problem))
    fields = [*action.items()] if isinstance(action, dict) else []
    for key, value in fields:
        limit = TEXT_LIMITS.get(key)
        if limit is not None and isinstance(value, str) and len(value) > limit:
            raise ClientError("text_too_long", text("server.error.text_too_long", key=key, limit=limit, length=len(value)))


def _table_message(live: LiveTable, role: str, kind: object, msg: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """Check a message that is not an action (next board, adjust, undo, private word);
    return the log entry's kind and payload. Raises ClientError."""
    if kind == "next_board":
        if role in live.consents.get(live.board_idx, []):
            raise ClientError("consented", text("server.error.consented"), status=409)
        if not live.can_next_board(role):
            raise ClientError("not_now", text("server.error.not_now"), status=409)
        return live.next_board_entry(role)
    if kind == "adjust":
        if role != DIRECTOR:
            raise ClientError("director_only", text("server.error.director_adjusts"), status=403)
        note = msg.get("note", "")
        if not isinstance(note, str) or len(note) > 500:
            raise ClientError("bad_message", text("server.error.note"))
        return "adjust", {**_refusable(private.adjust_scores, msg), "note": note, "law": str(msg.get("law", "12C"))[:20]}
    if kind == "undo":
        # a slip the director lets the player take back (online, by the regulation): the
        # board's last action is withdrawn; the log keeps both it and the undo
        if role != DIRECTOR:
            raise ClientError("director_only", text("server.error.director_undoes"), status=403)
        if live.board_actions() == 0:
            raise ClientError("nothing_to_undo", text("server.error.nothing_to_undo"), status=409)
        return "undo", {"action": live.actions_json()[-1]}
    if kind == "private":
        return "private", _refusable(lambda m: private.private_payload(role, m), msg)
    if kind == "undo_request":
        return _refusable_entry(lambda m: undo.request_entry(live, role), msg)
    if kind == "undo_answer":
        return _refusable_entry(lambda m: undo.answer_entry(live, role, m), msg)
    raise ClientError("bad_message", text("server.error.unknown_type", kind=repr(kind)))


def _refusable(check: Callable[[dict[str, Any]], dict[str, Any]], msg: dict[str, Any]) -> dict[str, Any]:
    """``check(msg)``, its refusal answered to the sender as a ClientError."""
    try:
        return check(msg)
    except private.MessageRefused as e:
        raise ClientError(e.code, e.message, status=e.status) from None


def _refusable_entry(check: Callable[[dict[str, Any]], tuple[str, dict[str, Any]]], msg: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """``check(msg)``: a log entry's kind and payload, its refusal a ClientError."""
    try:
        return check(msg)
    except private.MessageRefused as e:
        raise ClientError(e.code, e.message, status=e.status) from None


def _is_claim_message(msg: dict[str, Any]) -> bool:
    action = msg.get("action")
    return isinstance(action, dict) and any(k in action for k in ("claim", "concede", "claim_response"))
