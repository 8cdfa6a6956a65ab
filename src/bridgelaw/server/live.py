"""A table in memory: its boards, the Table of the board in play, folded from the log.

``LiveTable`` is a pure fold of log entries (no I/O), so the same code resumes a table
after a restart, catches up with entries another server process wrote, and serves views.
Who may do what (seat links) is decided here too, in ``authorize``: a player acts only for
his own seat, declarer also for dummy once the opening lead is faced (Law 45B), the
director answers the questions rulings put to him (and may take up an irregularity, Law
81C2) but never calls or plays for a player, and the practice link acts for any seat.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from bridgelaw.actions import (
    Action,
    CallDirector,
    Claim,
    Concede,
    Decide,
    PlayAction,
    Report,
    Tempo,
    action_from_json,
    action_to_json,
)
from bridgelaw.config import Regulations, TableConfig
from bridgelaw.core.calls import Call
from bridgelaw.core.cards import Card, Seat
from bridgelaw.core.deal import Board, Deal, Vulnerability
from bridgelaw.i18n import text
from bridgelaw.rulings import DIRECTOR
from bridgelaw.server import changes, undo
from bridgelaw.server.option_suits import add_option_suits
from bridgelaw.server.private import seen_by
from bridgelaw.server.store import LogEntry, TableMeta
from bridgelaw.table import Phase, Refused, Table
from bridgelaw.table.view_parts import Parts

PLAYER_ROLES = ("N", "E", "S", "W")
Patch = tuple[dict[str, Any], list[list[Any]]]  # a state sent before, and the ops from it to the new one
EVENTS_SHOWN = 200  # the director's view holds at least the last so many events of the log


class Forbidden(Exception):
    """The link's holder may not take this action."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def config_from_json(obj: dict[str, Any]) -> TableConfig:
    return TableConfig(
        edition=str(obj.get("edition", "2017")),
        mode=obj.get("mode", "table"),
        auto_director=bool(obj.get("auto_director", True)),
        regulations=Regulations.from_json(obj.get("regulations")),
    )


def board_of(meta: TableMeta, idx: int) -> Board:
    b = meta.boards[idx]
    return Board(b.number, Deal.parse(b.deal), Seat.parse(b.dealer), Vulnerability.parse(b.vulnerable))


@dataclass
class LiveTable:
    meta: TableMeta
    seq: int = 0
    board_idx: int = 0
    table: Table = field(init=False)
    adjustments: dict[int, dict[str, Any]] = field(default_factory=dict)
    results: dict[int, int | None] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)  # the director's event log
    # the director's private words with one player, by board (``bridgelaw.server.private``)
    privates: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    # requests to take back a slip, by board (``bridgelaw.server.undo``)
    undo_requests: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    # the players ready for the next board, by board (``next_board_entry``)
    consents: dict[int, list[str]] = field(default_factory=dict)
    # the clients' action ids logged for this table -> seq, when this process is the only
    # writer (SQLite); None: look them up in the database
    action_ids: dict[str, int] | None = None
    # the frames' parts kept from the views before (``bridgelaw.table.view_parts``)
    parts: Parts = field(default_factory=Parts, repr=False, compare=False)
    # the states made after the last change that was sent, by role, and its seq: an
    # ordinary action moves them on (``bridgelaw.server.changes``)
    made: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False, compare=False)
    made_seq: int = field(default=-1, repr=False, compare=False)
    # the table before the action ``try_action`` applied last, while it may be ordinary
    before: changes.Before | None = field(default=None, repr=False, compare=False)
    # the seq of the last entry the players see as a change of the table: a claim's
    # analysis, logged after the claim for the director, is not one
    table_seq: int = 0
    # the seq of the last such change that is more than talk: a question asked at the
    # table or its answer leaves the auction and the play as they were
    play_seq: int = 0

    def __post_init__(self) -> None:
        self.config = config_from_json(self.meta.config)
        self.table = Table(board_of(self.meta, 0), self.config)

    @property
    def id(self) -> str:
        return self.meta.id

    # ------------------------------------------------------------------ folding
    def apply(self, entry: LogEntry) -> None:
        """Fold one logged entry. Entries were accepted when written, so this never refuses
        (a refusal after an engine upgrade is recorded by the Table, not raised)."""
        if entry.seq != self.seq + 1:
            raise ValueError(f"table {self.id}: log entry {entry.seq} follows {self.seq}")
        self.before = None
        if entry.kind == "action":
            self.table.act(action_from_json(entry.payload))
            self._analysis_apart(entry.payload)
        elif entry.kind == "next_board":
            self.results[self.board_idx] = self.table.score_ns
            self.board_idx += 1
            self.table = Table(board_of(self.meta, self.board_idx), self.config)
        elif entry.kind == "adjust":
            self.adjustments[self.board_idx] = dict(entry.payload)
        elif entry.kind == "undo":
            self._undo()
        elif entry.kind == "board_consent":
            # a new list: states already sent keep the old one (patches compare them)
            self.consents[self.board_idx] = [*self.consents.get(self.board_idx, []), entry.payload["by"]]
        elif entry.kind in ("undo_request", "undo_answer"):
            undo.fold(self, entry.kind, entry.payload)
        elif entry.kind == "analysis":
            self._seed_analysis(entry.payload)
        elif entry.kind == "private":
            self.privates.setdefault(self.board_idx, []).append({"seq": entry.seq, **entry.payload})
        self._logged(entry)

    def _undo(self) -> None:
        """The board's last action withdrawn, and marked so in the director's event log."""
        self.table = self.table.undo()
        undone = [i for i, e in enumerate(self.events)
                  if e["kind"] == "action" and e["board"] == self.board_idx and not e.get("undone")]
        if undone:  # a new dict: states already sent keep the old one (patches compare them)
            self.events[undone[-1]] = {**self.events[undone[-1]], "undone": True}

    def _seed_analysis(self, payload: dict[str, Any]) -> None:
        """The analysis of the board's claim, made after the claim was acknowledged."""
        seed = getattr(self.claim_analysis(), "seed", None)
        if seed is not None:
            seed(payload.get("analysis"))

    def _logged(self, entry: LogEntry) -> None:
        """``entry`` is the table's latest: in the director's event log, and the players'
        latest change unless it is a claim's analysis (for the director alone)."""
        self.events.append({"seq": entry.seq, "board": entry.board, "kind": entry.kind, "payload": entry.payload})
        self.seq = entry.seq
        if entry.kind != "analysis":
            self.table_seq = entry.seq
            if not is_talk(entry.kind, entry.payload):
                self.play_seq = entry.seq

    def answers_current(self, seq: int, talk: bool = False) -> bool:
        """Whether an action sent by a page that showed state ``seq`` answers the table as
        it is: nothing has changed since but a claim's analysis (a defender who disputes the
        claim while the director's analysis is being logged is not told the table moved).
        Talk (a question or an answer to one) also stands after other talk: two partners
        explaining each other's calls at once answer questions that are still put."""
        return (self.play_seq if talk else self.table_seq) <= seq <= self.seq

    def _analysis_apart(self, payload: dict[str, Any]) -> None:
        """A claim whose analysis is the "analysis" entry that follows: shown pending until then."""
        defer = getattr(self.claim_analysis(), "defer", None) if payload.get("analysis_apart") is True else None
        if defer is not None:
            defer()

    def claim_analysis(self) -> object:
        """The analysis of the board's last claim or concession, if any (an ordinary table
        has none: a claim is ruled on, so the table is no longer ordinary)."""
        if self.table.ordinary:
            return None
        for action in reversed(self.table.actions):
            if isinstance(action, Claim | Concede):
                return action.analysis
        return None

    def analysis_to_log(self) -> Any:
        """The board's claim analysis still to be made and logged as its own entry (one
        deferred when the claim was acknowledged), or None."""
        a = self.claim_analysis()
        return a if getattr(a, "deferred", False) and not getattr(a, "logged", True) else None

    def try_action(self, action: Action) -> Action:
        """Apply ``action`` to the in-memory Table or raise ``Refused`` leaving it unchanged;
        return the action as the Table logged it (a claim carries the analysis made now).
        A refused decision of the director is the one refusal a handler may have begun to
        act on before refusing: the table is then folded again from its actions, so
        memory stays exactly what the log says."""
        was = changes.before(self, action)
        self.before = None
        try:
            self.table.push(action)
        except Refused:
            if isinstance(action, Decide):
                self.table = self.table.replay()
            raise
        self.before = was
        last = self.table.last_action
        assert last is not None  # the action was just accepted
        return last

    def accepted(self, entry: LogEntry) -> None:
        """The action ``try_action`` applied has been written as ``entry``."""
        self._logged(entry)

    def drop_last_action(self) -> None:
        """Undo an action that could not be written (another process took its number)."""
        self.before = None
        self.table = self.table.undo()

    # ------------------------------------------------------------------ permissions
    def authorize(self, role: str, action: Action) -> Action:
        """Check that the holder of ``role``'s link may take ``action``; return the action
        as it is logged (a play from dummy records declarer as the one who acts)."""
        if getattr(action, "analysis", None) is not None:
            # the claim checker's analysis is made and logged by the table, never brought in
            raise Forbidden("analysis_not_accepted", text("server.forbidden.analysis"))
        if role == DIRECTOR:
            # The director rules; he does not call or play for the players. He answers the
            # rulings' questions and may take up an irregularity himself (Law 81C2).
            if isinstance(action, Decide | CallDirector):
                return action
            raise Forbidden("not_a_player", text("server.forbidden.not_a_player"))
        if isinstance(action, Decide):
            raise Forbidden("director_only", text("server.forbidden.director_only"))
        if isinstance(action, Tempo):
            return action  # any player notes a hesitation, his own or another's (16B: the director is told)
        if role == "all":
            return action
        return self._authorize_seat(Seat.parse(role), action)

    def _authorize_seat(self, seat: Seat, action: Action) -> Action:
        """A player's link: he acts for his own seat, and declarer plays dummy's cards
        once the opening lead is faced (Law 45B)."""
        acting_seat = action.seat
        assert isinstance(acting_seat, Seat)
        t = self.table
        if isinstance(action, PlayAction) and t.lead_faced and t.dummy is not None:
            if acting_seat is t.dummy and seat is t.declarer:
                return replace(action, by=seat)  # Law 45B: declarer plays dummy's cards
            if acting_seat is seat and seat is t.dummy:
                raise Forbidden("dummy_does_not_play", text("server.forbidden.dummy_does_not_play"))
        if isinstance(action, PlayAction) and action.by is not None and action.by is not seat:
            raise Forbidden("not_your_seat", text("server.forbidden.not_as", seat=seat, other=action.by))
        if acting_seat is not seat:
            raise Forbidden("not_your_seat", text("server.forbidden.not_for", seat=seat, other=acting_seat))
        return action

    def board_actions(self) -> int:
        """Actions accepted on the board in play."""
        return self.table.action_count

    def board_reports(self) -> int:
        """Reports of problems with the board in play (Laws 13-15, 87)."""
        return sum(isinstance(a, Report) for a in self.table.actions)

    def can_next_board(self, role: str) -> bool:
        """May ``role`` ask for the next board now: the director (his leave) at any time;
        a player once the board is over and nothing is pending (e.g. an adjusted score
        the director must still give, Law 13D), if he has not said so already."""
        if self.board_idx + 1 >= len(self.meta.boards):
            return False
        if role in (DIRECTOR, "all"):
            return True
        t = self.table
        return t.phase is Phase.ENDED and t.awaiting is None and role not in self.consents.get(self.board_idx, [])

    def ruling_may_come(self) -> bool:
        """May the director still rule or adjust on this board: it is not over, something
        waits for a decision, a ruling was made, a hesitation noted, a board problem
        reported, the director called, a slip's undo asked or a score adjusted (Laws 12,
        16, 64C, 79C).
        The players' consent alone then does not move the table on: the director's leave
        does."""
        t = self.table
        return (
            t.phase is not Phase.ENDED or t.awaiting is not None or bool(t.rulings)
            or any(isinstance(a, Report | CallDirector | Tempo) for a in t.actions)
            or bool(self.undo_requests.get(self.board_idx)) or self.board_idx in self.adjustments
        )

    def next_board_entry(self, role: str) -> tuple[str, dict[str, Any]]:
        """The log entry of a request for the next board: the director's (or the practice
        link's) moves the table on; a player's is his consent, and the fourth consent is
        the move itself when no ruling or adjustment can still come."""
        if role in (DIRECTOR, "all"):
            return "next_board", {"by": role}
        consented = [*self.consents.get(self.board_idx, []), role]
        if set(consented) == {s.name for s in Seat} and not self.ruling_may_come():
            return "next_board", {"by": role, "consented": consented}
        return "board_consent", {"by": role}

    def next_board_view(self) -> dict[str, Any]:
        """Who is ready for the next board and whether the director's leave is needed."""
        return {"consents": self.consents.get(self.board_idx, []), "director_leave": self.ruling_may_come()}

    # ------------------------------------------------------------------ views
    def view(self, role: str) -> dict[str, Any]:
        """The message body for one link: the Table's view for that seat plus the table's
        own frame (boards, results, adjustments); the director also gets the event log."""
        return self.views((role,))[role]

    def views(self, roles: Iterable[str]) -> dict[str, dict[str, Any]]:
        """``view`` for several roles, folding the Table's state once and building the
        parts every role is shown alike (results, legal moves) once. A part equal to the
        one sent before is that very object (``Parts``), so patches skip it at once."""
        wanted = {role: _viewer(role) for role in roles}
        table_views = self.table.views(set(wanted.values()))
        t = self.table
        parts = self.parts
        shared: dict[str, Any] = {
            "type": "state", "table": self.id, "title": self.meta.title, "role": "", "seq": self.seq,
            "board_index": self.board_idx, "boards": len(self.meta.boards), "can_next_board": False,
            "board_numbers": parts.keyed("board_numbers", self.meta.boards, lambda: [b.number for b in self.meta.boards]),
            "to_act": _to_act(t), "legal_calls": [], "legal_cards": [],
            "results": parts.same("results", [
                {"board": self.meta.boards[i].number, "score_ns": s,
                 "adjusted": self.adjustments.get(i)} for i, s in sorted(self.results.items())
            ]),
            "adjustment": self.adjustments.get(self.board_idx),
            "undo_request": parts.same("undo_request", undo.view(self)),
            "director_called": parts.same("director_called", _director_called(t)),
            "next_board": parts.same("next_board", self.next_board_view()),
        }
        legal: tuple[list[str], list[str]] | None = None
        out: dict[str, dict[str, Any]] = {}
        for role, viewer in wanted.items():
            frame = dict(shared)
            frame["role"] = role
            frame["can_next_board"] = self.can_next_board(role)
            if self._shows_legal(role):
                if legal is None:
                    legal = legal_parts(self)
                frame["legal_calls"], frame["legal_cards"] = legal
            # the views share their common parts: a view is sent, diffed and never modified
            frame["view"] = add_option_suits(table_views[viewer], t)
            if role == DIRECTOR:
                frame["events"] = parts.same("events", self.events[self._events_from():])
            words = seen_by(role, self.privates.get(self.board_idx, []))
            if words:  # only the director and the seat spoken to: no one else's view changes
                frame["private"] = words
            out[role] = frame
        return out

    def changed_views(self, roles: Iterable[str]) -> tuple[dict[str, dict[str, Any]], dict[str, Patch]]:
        """``views`` after a change, to be sent, and for the roles whose state was made
        from the action (an ordinary call or card, the states before it made here:
        ``bridgelaw.server.changes``) the state before and the patch from it; the other
        roles' states are built whole."""
        wanted = set(roles)
        was, self.before = self.before, None
        made: dict[str, dict[str, Any]] = {}
        patches: dict[str, Patch] = {}
        if was is not None and self.made_seq == was.seq:
            known = {role: self.made[role] for role in wanted if role in self.made}
            moved = (changes.after_action(self, was, known) or {}) if known else {}
            if moved and changes.CHECK:
                changes.check(self, moved)
            made = {role: state for role, (state, _) in moved.items()}
            patches = {role: (known[role], ops) for role, (_, ops) in moved.items()}
        rest = wanted - made.keys()
        if rest:
            made.update(self.views(rest))
        self.made, self.made_seq = made, self.seq
        return made, patches

    def _events_from(self) -> int:
        """Where the director's event log in his view begins: the last 200 events or more,
        from a whole hundred. The list then only grows from one change to the next, and his
        patch appends the new event; a window sliding by one at every change (the last 200
        exactly) made every patch past the 200th event the whole list again."""
        start = max(0, len(self.events) - EVENTS_SHOWN)
        return start - start % 100

    def _shows_legal(self, role: str) -> bool:
        """Legal cards reveal the hand to play: only to whoever may see that hand."""
        return role in legal_roles(self.table)

    def actions_json(self) -> list[dict[str, Any]]:
        return [action_to_json(a) for a in self.table.actions]


def is_talk(kind: object, payload: object) -> bool:
    """Whether a log entry (or a message's action) is talk at the table: a question asked
    (an explanation, the auction's review, a quitted trick) or the answer to one."""
    return kind == "action" and isinstance(payload, dict) and "ask" in payload


def legal_roles(t: Table) -> frozenset[str]:
    """The links shown the legal calls and cards (they reveal the hand to play): the
    director, the practice link and whoever may see that hand and acts for it, the player
    to act or, for dummy's cards once the opening lead is faced, declarer."""
    turn = t.turn
    if turn is None:
        return frozenset()
    declarer = t.declarer
    if t.lead_faced and turn is t.dummy and declarer is not None:
        return frozenset((DIRECTOR, "all", declarer.name))
    return frozenset((DIRECTOR, "all", turn.name))


def legal_parts(live: LiveTable) -> tuple[list[str], list[str]]:
    """The legal calls and cards as sent (to whoever may see them: ``_shows_legal``), the
    very lists sent before while they are unchanged."""
    t = live.table
    cards = t.legal_cards  # its cards are those of its mask
    return (live.parts.same("legal_calls", _call_texts(t.legal_calls)),
            live.parts.keyed("legal_cards", cards.mask, partial(_card_texts, cards)))


def _card_texts(cards: Iterable[Card]) -> list[str]:
    return [c.text for c in cards]


_CALL_TEXT: dict[Call, str] = {}


def _call_texts(calls: Iterable[Call]) -> list[str]:
    """The calls as written: each call's text made once for the process (the calls of the
    bidding box are a few dozen shared objects), where a call's ``str`` at every turn of
    every auction cost more than the rest of the turn's legal moves."""
    out: list[str] = []
    for c in calls:
        written = _CALL_TEXT.get(c)
        if written is None:
            written = _CALL_TEXT[c] = str(c)
        out.append(written)
    return out


def _viewer(role: str) -> Seat | str:
    return DIRECTOR if role in (DIRECTOR, "all") else _SEAT_OF[role]


_SEAT_OF = {s.name: s for s in Seat}  # a player's role is his seat's letter


def _director_called(t: Table) -> list[str]:
    """Who has called the director since the table's last action: the table waits for him
    (Law 9B1(a)); the next action, his decision or the players going on, answers the call."""
    seats: list[str] = []
    if not isinstance(t.last_action, CallDirector):
        return seats  # the common case, told without a copy of the board's actions
    for action in reversed(t.actions):
        if not isinstance(action, CallDirector):
            break
        if str(action.seat) not in seats:
            seats.insert(0, str(action.seat))
    return seats


def _to_act(t: Table) -> str | None:
    who = t.to_act
    return None if who is None else str(who)
