"""A duplicate session being played: the movement, the boards, the results as they
arrive from every table, the director's adjustments and corrections, and the close.

The session is event-sourced like a table: it is its configuration plus an ordered list
of events (``enter``, ``confirm``, ``online``, ``adjust``, ``correct``, ``close``), and
its state is the fold of them, so the store keeps only the events and a restart replays
them. A refused event changes nothing and is not stored.

Checks on a result from a physical table: the board is one of this table's boards in this
round (Laws 6-8), the pairs have no result for it yet, the result is possible (level 1-7,
0-13 tricks); a lead the leader did not hold is kept for the director (a refusal would show
the deal). The opponents confirm the score (79A). The director closes, then publishes; in
the correction period (79C) each correction goes to the audit log; then the results lock.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from bridgelaw.core.calls import Contract
from bridgelaw.core.cards import Card, Seat, Side
from bridgelaw.core.deal import Board as DealtBoard
from bridgelaw.errors import ParseError
from bridgelaw.i18n import text
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.laws.scoring.duplicate import contract_score
from bridgelaw.session.entry import contract_code, lead_code, seat_code, tricks_of
from bridgelaw.session.event import (
    Board,
    Event,
    Line,
    artificial_percent,
    contract_name,
    parse_contract,
)
from bridgelaw.session.field import FieldResult, Penalty, score_event
from bridgelaw.session.movements import Movement, Seating
from bridgelaw.session.result import Result, SessionError, table_progress
from bridgelaw.session.roster import Roster, pair_names, read_roster, roster_json


@dataclass(slots=True)
class DuplicateSession:
    movement: Movement
    boards: dict[int, DealtBoard]
    scoring: str = "MP"
    correction_period: float = 30 * 60.0  # seconds after the close (79C)
    online_tables: frozenset[int] = frozenset()
    results: dict[tuple[int, str, str], Result] = field(default_factory=dict)
    penalties: list[Penalty] = field(default_factory=list)
    audit: list[dict[str, Any]] = field(default_factory=list)
    closed_at: float | None = None
    published_at: float | None = None  # the director published the results: the public reads them
    log: list[dict[str, Any]] = field(default_factory=list)
    clock: Callable[[], float] = time.time
    calls: list[dict[str, Any]] = field(default_factory=list)  # the director's queue, every table
    links: dict[str, int] = field(default_factory=dict)  # "live:<id>" / "incident:<id>" -> the session's table
    # an assistant incident attached to a board of the session: "<id>" -> table, board (and round)
    incidents: dict[str, dict[str, int]] = field(default_factory=dict)
    roster: Roster = field(default_factory=dict)  # pair number -> its players (names, federation numbers)

    # ------------------------------------------------------------------ helpers
    def seating(self, table: int, round_: int) -> Seating:
        s = self.movement.at(table, round_)
        if s is None:
            raise SessionError("no_such_table", text("session.error.no_table_in_round", table=table, round=round_), 404)
        return s

    def _score(self, contract: str, declarer: Any, tricks: Any, board: int,
               result: Any = None) -> tuple[str, str | None, int | None, int]:
        """Contract, declarer, tricks and the score for North-South of a table's result,
        read as a scorer writes it (``session.entry``: «3БК», «Ю», «=», «+1»); an empty
        field is named, an impossible one refused."""
        contract = contract_code(contract)
        if not contract:
            raise SessionError("impossible_result", text("session.error.missing_contract"), 422)
        parsed = parse_contract(contract)
        if parsed == "Pass":
            return "Pass", None, None, 0
        if not isinstance(parsed, tuple):
            raise SessionError("impossible_result", text("session.error.not_a_contract", contract=repr(contract)), 422)
        level, strain, risk = parsed
        declarer = seat_code(declarer)
        if declarer in (None, ""):
            raise SessionError("impossible_result", text("session.error.missing_declarer"), 422)
        if declarer not in ("N", "E", "S", "W"):
            raise SessionError("impossible_result", text("session.error.bad_declarer", declarer=repr(declarer)), 422)
        tricks = tricks_of(contract, tricks, result)
        if tricks in (None, ""):
            raise SessionError("impossible_result", text("session.error.missing_result"), 422)
        if isinstance(tricks, str) and tricks.strip().isdigit():
            tricks = int(tricks)
        if not isinstance(tricks, int) or not 0 <= tricks <= 13:
            raise SessionError("impossible_result", text("session.error.bad_tricks", tricks=repr(tricks)), 422)
        seat = Seat[declarer]
        dealt = self.boards.get(board)
        vul = dealt.vulnerability.is_vulnerable(seat.side) if dealt else False
        own = contract_score(Contract(level, strain, risk, seat), tricks, vul)
        return contract_name(level, strain, risk), declarer, tricks, own if seat.side is Side.NS else -own

    def _check_lead(self, board: int, declarer: str | None, lead: str | None) -> str | None:
        """The director's opening lead: a card declarer's left-hand opponent held."""
        card, held = self._lead(board, declarer, lead)
        if not held:
            why = text("session.error.lead_not_in_hand", card=card, seat=Seat[str(declarer)].lho, board=board)
            raise SessionError("impossible_result", why, 422)
        return card

    def _lead(self, board: int, declarer: str | None, lead: str | None) -> tuple[str | None, bool]:
        """The opening lead as a card, and whether declarer's LHO held it (True: deal unknown)."""
        if not lead:
            return None, True
        lead = lead_code(lead)
        try:
            card = Card.parse(str(lead))
        except (ParseError, ValueError):
            raise SessionError("impossible_result", text("session.error.not_a_card", lead=repr(lead)), 422) from None
        dealt = self.boards.get(board)
        lho = Seat[str(declarer)].lho if declarer in ("N", "E", "S", "W") else None
        return str(card), dealt is None or lho is None or dealt.deal.holder(card) is lho

    def _open(self) -> None:
        if self.closed_at is not None:
            raise SessionError("session_closed", text("session.error.closed"), 409)

    def current_round(self, table: int) -> int | None:
        """The first round in which ``table`` still has a board to play (None when done)."""
        return next((p["round"] for p in self.progress() if p["table"] == table), None)

    def _check_round(self, table: int, round_: int) -> None:
        """Laws 6-8: a table plays its rounds in order; a board of a later round is not
        entered while the table's own round still has a board without a result."""
        current = self.current_round(table)
        if current is not None and round_ > current:
            raise SessionError("round_open", text("session.error.round_open", table=table, round=round_, current=current), 409)

    def _check_board(self, seat: Seating, board: int) -> None:
        if board not in self.movement.boards(seat.board_set):
            raise SessionError("board_not_in_round", text("session.error.board_not_in_round", board=board, table=seat.table, round=seat.round,
                                    boards=", ".join(map(str, self.movement.boards(seat.board_set)))), 422)
        ns, ew = seat.directions()
        for (b, rns, rew), _r in self.results.items():
            if b == board and (rns in (ns, ew) or rew in (ns, ew)):
                raise SessionError("already_played", text("session.error.already_played", board=board, pair=ns if ns in (rns, rew) else ew), 409)

    def copy(self) -> DuplicateSession:
        """A copy to apply a new event to: the movement, the boards and the logged events
        (never changed once made) are shared, the results, calls and audit are not."""
        memo: dict[int, Any] = {id(self.movement): self.movement, id(self.boards): self.boards,
                                id(self.log): list(self.log), id(self.clock): self.clock}
        return copy.deepcopy(self, memo)

    # ------------------------------------------------------------------ events
    def check(self, ev: dict[str, Any]) -> None:
        """The checks of a new event that a stored one is not judged by again (its log
        replays as it was accepted): a procedural penalty names a pair with a result, as
        it is taken from that pair's total (Law 90)."""
        if ev.get("kind") == "penalty":
            pair, direction = str(ev.get("pair")), ev.get("direction")
            played = {(d, p) for r in self.results.values() for d, p in (("NS", r.ns), ("EW", r.ew))}
            if not any(p == pair and direction in (None, d) for d, p in played):
                raise SessionError("no_result", text("session.error.penalty_no_result", pair=pair), 409)

    def apply(self, ev: dict[str, Any]) -> Any:
        """Apply one event (after checking it); the event is logged only if it is accepted."""
        kind = ev.get("kind")
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            raise SessionError("bad_event", text("session.error.bad_event", kind=repr(kind)), 422)
        out = handler(ev)
        self.log.append(ev)
        return out

    def _on_enter(self, ev: dict[str, Any]) -> Result:
        self._open()
        table, round_, board = int(ev["table"]), int(ev["round"]), int(ev["board"])
        seat = self.seating(table, round_)
        if table in self.online_tables and ev.get("source") != "online":
            raise SessionError("online_table", text("session.error.online_table", table=table), 409)
        if seat.sits_out:
            raise SessionError("sit_out", text("session.error.sit_out", table=table, round=round_), 409)
        if ev.get("by") == "table":  # the director may enter any round's result
            self._check_round(table, round_)
        self._check_board(seat, board)
        online = ev.get("source") == "online"
        adjusted = ev.get("adjusted") if online else None  # a table's own board ruling (laws/board/problems.py)
        if adjusted:
            return self._online_adjusted(ev, seat, board, dict(adjusted))
        contract, declarer, tricks, score = self._score(str(ev.get("contract") or ""), ev.get("declarer"), ev.get("tricks"),
                                                        board, ev.get("result"))
        # a table's lead is never refused for the hand it came from: the refusal would tell
        # the table the deal of a board it may not have played yet; the director checks it
        lead, held = self._lead(board, declarer, ev.get("lead")) if contract != "Pass" else (None, True)
        ns, ew = seat.directions()
        res = Result(board, table, round_, ns, ew, contract, declarer, tricks, score, lead,
                     source=str(ev.get("source", "physical")), confirmed=online, lead_unheld=not held,
                     entered_by="EW" if ev.get("side") == "EW" else "NS",
                     form=str(ev.get("form") or "") if online else "", ruling=str(ev.get("ruling") or "") if online else "")
        self.results[(board, ns, ew)] = res
        return res

    def _online_adjusted(self, ev: dict[str, Any], seat: Seating, board: int, adjusted: dict[str, Any]) -> Result:
        """An online table's board ended with an adjusted score its director awarded at the
        table (12C1 assigned or 12C2 artificial): it goes to the traveller as that score,
        linked to the table's ruling."""
        ns, ew = seat.directions()
        res = Result(board, seat.table, seat.round, ns, ew, None, None, None, None, source="online", confirmed=True,
                     ruling=str(ev.get("ruling") or "12C"), form=str(ev.get("form") or ""))
        if "score_ns" in adjusted:
            res.score_ns = int(adjusted["score_ns"])
        else:
            pns = artificial_percent(str(adjusted.get("ns_average", "")))
            pew = artificial_percent(str(adjusted.get("ew_average", "")))
            if pns is None or pew is None:
                raise SessionError("bad_adjustment", text("session.error.bad_artificial"), 422)
            res.artificial = (pns, pew)
        self.results[(board, ns, ew)] = res
        self.audit.append({"at": ev.get("at"), "what": "adjust", "board": board, "table": seat.table,
                           "before": None, "after": res.to_json(), "ruling": res.ruling})
        return res

    def _on_online(self, ev: dict[str, Any]) -> Result:
        return self._on_enter({**ev, "source": "online"})

    def _find(self, board: int, pair: str | None = None, table: int | None = None) -> Result:
        for (b, ns, ew), r in self.results.items():
            if b == board and (pair in (ns, ew) or (table is not None and r.table == table)):
                return r
        raise SessionError("no_result", (text("session.error.no_result_pair", board=board, pair=pair) if pair
                                              else text("session.error.no_result_table", board=board, table=table)), 404)

    def _on_confirm(self, ev: dict[str, Any]) -> Result:
        self._open()
        res = self._find(int(ev["board"]), table=int(ev["table"]))
        side = str(ev.get("side") or ("EW" if res.entered_by == "NS" else "NS"))
        if side not in ("NS", "EW"):
            raise SessionError("bad_side", text("session.error.bad_side"), 422)
        if side == res.entered_by:
            raise SessionError("same_side", text("session.error.same_side"), 409)
        res.confirmed = True
        return res

    def _on_adjust(self, ev: dict[str, Any]) -> Result:
        """The director's adjusted score (Law 12) for a board and table: assigned (a score),
        weighted (parts) or artificial (percentages or A+/A=/A-), linked to its ruling."""
        if self.closed_at is not None:
            self._in_correction_period(ev.get("at"))
        board, table = int(ev["board"]), int(ev["table"])
        round_ = int(ev["round"]) if ev.get("round") not in (None, "") else self._round_of_board(table, board)
        seat = self.seating(table, round_)
        if board not in self.movement.boards(seat.board_set):
            raise SessionError("board_not_in_round", text("session.error.board_not_at_table", board=board, table=table, round=round_), 422)
        ns, ew = seat.directions()
        old = self.results.get((board, ns, ew))
        res = Result(board, table, round_, ns, ew, old.contract if old else None, old.declarer if old else None,
                     old.tricks if old else None, None, old.lead if old else None, source="director", confirmed=True,
                     ruling=str(ev.get("ruling", "")))
        self._adjusted_score(res, ev)
        self.results[(board, ns, ew)] = res
        self.audit.append({"at": ev.get("at"), "what": "adjust", "board": board, "table": table,
                           "before": old.to_json() if old else None, "after": res.to_json(), "ruling": res.ruling})
        return res

    @staticmethod
    def _adjusted_score(res: Result, ev: dict[str, Any]) -> None:
        """The score an ``adjust`` gives: assigned (a score), weighted (parts) or artificial."""
        if "score_ns" in ev:
            res.score_ns = int(ev["score_ns"])
        elif "weighted" in ev:
            parts = tuple((float(w), int(s)) for w, s in ev["weighted"])
            if abs(sum(w for w, _ in parts) - 1.0) > 1e-9:
                raise SessionError("bad_adjustment", text("session.error.bad_weights"), 422)
            res.weighted = parts
        else:
            pns = artificial_percent(str(ev.get("ns_average", "A=")))
            pew = artificial_percent(str(ev.get("ew_average", "A=")))
            if pns is None or pew is None:
                raise SessionError("bad_adjustment", text("session.error.bad_artificial"), 422)
            res.artificial = (pns, pew)

    def _round_of_board(self, table: int, board: int) -> int:
        """The round in which ``table`` plays ``board`` (an adjustment that names no round)."""
        rounds = [s.round for s in self.movement.seatings
                  if s.table == table and board in self.movement.boards(s.board_set)]
        if len(rounds) != 1:
            raise SessionError("bad_request", text("session.error.which_round", board=board, table=table), 422)
        return rounds[0]

    def _in_correction_period(self, at: float | None = None) -> None:
        """79C: after the close, a change only within the correction period. ``at`` is the
        event's own time (a replayed event is judged by when it happened, not by now)."""
        assert self.closed_at is not None
        now = float(at) if at is not None else float(self.clock())
        if now > self.closed_at + self.correction_period:
            raise SessionError("results_locked", text("session.error.results_locked"), 409)

    def _on_correct(self, ev: dict[str, Any]) -> Result:
        """79C: a scoring error corrected, before the close or within the correction period."""
        if self.closed_at is not None:
            self._in_correction_period(ev.get("at"))
        board = int(ev["board"])
        old = self._find(board, table=int(ev["table"]))
        contract, declarer, tricks, score = self._score(str(ev.get("contract", old.contract or "")),
                                                        ev.get("declarer", old.declarer),
                                                        ev.get("tricks", None if "result" in ev else old.tricks),
                                                        board, ev.get("result"))
        lead = self._corrected_lead(ev, old, board, contract, declarer)
        new = Result(board, old.table, old.round, old.ns, old.ew, contract, declarer, tricks, score, lead, old.source, True,
                     lead_unheld=old.lead_unheld and lead == old.lead and lead is not None)
        self.results[(board, old.ns, old.ew)] = new
        self.audit.append({"at": ev.get("at"), "what": "correct", "board": board, "table": old.table,
                           "reason": str(ev.get("reason", "")), "before": old.to_json(), "after": new.to_json()})
        return new

    def _on_roster(self, ev: dict[str, Any]) -> dict[str, Any]:
        """The director names the players of some pairs (or takes a pair's names away with
        an empty list); the other pairs keep theirs. Open until the results lock."""
        self._changeable(ev)
        given = read_roster(ev.get("pairs"), self.movement.pairs())
        self.roster = {p: v for p, v in {**self.roster, **given}.items() if v}
        return roster_json(self.roster)

    def _corrected_lead(self, ev: dict[str, Any], old: Result, board: int, contract: str, declarer: str | None) -> str | None:
        """The opening lead of a corrected result: the one the correction gives (checked
        against the new declarer's left-hand opponent), else the old one while declarer is
        unchanged; a new declarer's opponents made another lead, which the record lacks."""
        if contract == "Pass":
            return None
        if ev.get("lead"):
            return self._check_lead(board, declarer, str(ev["lead"]))
        return old.lead if declarer == old.declarer else None

    def _on_penalty(self, ev: dict[str, Any]) -> Penalty:
        """Law 90: a procedural penalty (``check`` refuses one of a pair with no result)."""
        pen = Penalty(str(ev["pair"]), ev.get("direction"), float(ev.get("fraction", 0.0)),
                      float(ev.get("points", 0.0)), str(ev.get("reason", "")))
        self.penalties.append(pen)
        self.audit.append({"at": ev.get("at"), "what": "penalty", "pair": pen.pair, "reason": pen.reason})
        return pen

    # ------------------------------------------------------------ session rulings
    def _ruled(self, ev: dict[str, Any], law: str, board: int, table: int, before: Result | None,
               after: Result | None, **data: Any) -> dict[str, Any]:
        """Record a session ruling in the audit log: the law, the board and table, the
        result before and after (the traveller line the ruling changed)."""
        entry = {"at": ev.get("at"), "what": "ruling", "law": law, "board": board, "table": table,
                 "before": before.to_json() if before else None, "after": after.to_json() if after else None, **data}
        self.audit.append(entry)
        return entry

    def _changeable(self, ev: dict[str, Any]) -> None:
        if self.closed_at is not None:
            self._in_correction_period(ev.get("at"))

    @implements("64B4", "64B5", "64C", handling=Handling.DIRECTOR_QUESTION, editions=("2017",))
    def _on_late_revoke(self, ev: dict[str, Any]) -> Result:
        """A revoke the players drew attention to too late for the trick transfer: after a
        member of the non-offending side called on a later board (64B4) or after the round
        ended (64B5). There is no rectification by tricks; the director restores equity
        (64C) with the tricks declarer would have taken without the revoke, his judgement,
        asked as ``tricks_without_revoke``. The table score then becomes an assigned
        adjusted score (12C1) linked to the ruling, or stands when nothing was gained."""
        self._changeable(ev)
        board, table = int(ev["board"]), int(ev["table"])
        old = self._find(board, table=table)
        found = str(ev.get("found", ""))
        law = {"next_board": "64B4", "round_ended": "64B5"}.get(found)
        if law is None:
            raise SessionError("bad_request", text("session.error.revoke_found"), 422)
        if old.contract in (None, "Pass") or old.declarer is None:
            raise SessionError("no_play", text("session.error.no_play", board=board, table=table), 409)
        if "tricks_without_revoke" not in ev:
            raise SessionError("needs_decision", text("session.error.revoke_equity"), 422)
        equity = int(ev["tricks_without_revoke"])
        contract, declarer, tricks, score = self._score(old.contract, old.declarer, equity, board)
        if tricks == old.tricks:
            new = replace(old, ruling=law, confirmed=True)
        else:
            new = Result(board, old.table, old.round, old.ns, old.ew, contract, declarer, tricks, score, old.lead,
                         source="director", confirmed=True, ruling=f"{law}, 64C", form=old.form)
        self.results[(board, old.ns, old.ew)] = new
        self._ruled(ev, law, board, table, old, new, tricks_without_revoke=equity,
                    adjusted=tricks != old.tricks)
        return new

    @implements("15B1", "15B2", handling=Handling.DIRECTOR_QUESTION, editions=("2017",))
    def _on_wrong_board(self, ev: dict[str, Any]) -> Result:
        """Law 15: a table played a board not designated for it this round (the wrong
        board, or the right board against the wrong opponents). When none of the four
        players had played it before, the score stands for the pairs who played it (15B2;
        the pairs it was meant for are then refused it as already played and get an
        artificial score of their own). When one of them had, the second score is
        cancelled and the director awards artificial adjusted scores (15B1, 12C2) by the
        fault he finds: ``ns_average`` and ``ew_average`` (A+, A=, A-)."""
        self._changeable(ev)
        table, round_, board = int(ev["table"]), int(ev["round"]), int(ev["board"])
        seat = self.seating(table, round_)
        ns, ew = (str(ev["ns"]), str(ev["ew"])) if "ns" in ev and "ew" in ev else seat.directions()
        self._check_wrong_board(board, table, round_, seat, (ns, ew))
        before = [r for (b, rns, rew), r in self.results.items() if b == board and {rns, rew} & {ns, ew}]
        if before:
            pns = artificial_percent(str(ev.get("ns_average", "")))
            pew = artificial_percent(str(ev.get("ew_average", "")))
            if pns is None or pew is None:
                raise SessionError("needs_decision", text("session.error.played_before", board=board,
                                        pair=ns if ns in (before[0].ns, before[0].ew) else ew), 422)
            res = Result(board, table, round_, ns, ew, None, None, None, None, source="director", confirmed=True,
                         artificial=(pns, pew), ruling="15B1")
            law = "15B1"
        else:
            contract, declarer, tricks, score = self._score(str(ev.get("contract", "")), ev.get("declarer"),
                                                            ev.get("tricks"), board, ev.get("result"))
            res = Result(board, table, round_, ns, ew, contract, declarer, tricks, score,
                         self._check_lead(board, declarer, ev.get("lead")) if contract != "Pass" else None,
                         source="director", confirmed=True, ruling="15B2")
            law = "15B2"
        self.results[(board, ns, ew)] = res
        self._ruled(ev, law, board, table, None, res, pairs=[ns, ew])
        return res

    def _check_wrong_board(self, board: int, table: int, round_: int, seat: Seating, pairs: tuple[str, str]) -> None:
        """A board reported as played at the wrong table must be one of the session's,
        and not the one designated for that table, round and pairs (Law 15)."""
        if board not in self.boards and not any(board in self.movement.boards(k) for k in range(1, self.movement.sets + 1)):
            raise SessionError("no_such_board", text("session.error.no_such_board", board=board), 404)
        if board in self.movement.boards(seat.board_set) and pairs == seat.directions():
            raise SessionError("not_wrong", text("session.error.not_wrong", board=board, table=table, round=round_), 409)

    def _on_wrong_direction(self, ev: dict[str, Any]) -> Result:
        """Law 15: a board played the wrong way round, the NS pair holding the EW cards.
        The score stands as the cards scored it and each pair is credited with the
        points of the cards it held (the NS pair the EW points), staying in its own
        field for the ranking."""
        self._changeable(ev)
        board, table = int(ev["board"]), int(ev["table"])
        old = self._find(board, table=table)
        new = replace(old, turned=not old.turned, ruling="15", confirmed=True)
        self.results[(board, old.ns, old.ew)] = new
        self._ruled(ev, "15", board, table, old, new, turned=new.turned)
        return new

    @implements("87A", "87B", handling=Handling.ADMINISTRATIVE, editions=("2017",))
    def _on_fouled(self, ev: dict[str, Any]) -> list[Result]:
        """Law 87: a fouled board. ``tables`` played it in the changed form ``form`` (87A);
        the other results are of the correct form. The scores are split into groups by
        form and each group is scored on its own (87B), matchpoints scaled to the full
        board's top by Neuberg's formula."""
        self._changeable(ev)
        board = int(ev["board"])
        tables = {int(t) for t in ev.get("tables", [])}
        form = str(ev.get("form") or "changed")
        if not tables:
            raise SessionError("bad_request", text("session.error.changed_tables"), 422)
        changed: list[Result] = []
        for t in sorted(tables):
            old = self._find(board, table=t)
            new = replace(old, form=form, ruling="87B")
            self.results[(board, old.ns, old.ew)] = new
            self._ruled(ev, "87B", board, t, old, new, form=form)
            changed.append(new)
        return changed

    # ------------------------------------------------------------ the director's queue
    def _on_call(self, ev: dict[str, Any]) -> dict[str, Any]:
        """A call for the director from any table of the session, in one queue: a
        physical table's phone page or the director's assistant (an ``incident`` there),
        or an online table played by the engine (its ``live_table`` and the ruling that
        waits for a decision). Law 9B: the director is called when attention is drawn
        to an irregularity; the queue keeps the order the calls came in."""
        table = int(ev["table"])
        if not 1 <= table <= self.movement.tables:
            raise SessionError("no_such_table", text("session.error.no_such_table", table=table), 404)
        source = str(ev.get("source") or ("online" if table in self.online_tables else "physical"))
        if source not in ("physical", "online", "assistant"):
            raise SessionError("bad_request", text("session.error.call_source"), 422)
        key = ev.get("key")
        if key is not None:  # posted by the table itself: a retry finds the call it made
            same = self.call_by_key(str(key))
            if same is not None:
                return same
        call = {"id": len(self.calls) + 1, "at": ev.get("at"), "table": table, "source": source,
                "round": ev.get("round"), "board": ev.get("board"), "what": str(ev.get("what", "")),
                "incident": ev.get("incident"), "live_table": ev.get("live_table"), "ruling": ev.get("ruling"),
                "seat": ev.get("seat"), "call_kind": ev.get("call_kind"), "key": key,
                "open": True, "answer": None}
        self.calls.append(call)
        return call

    def call_by_key(self, key: str) -> dict[str, Any] | None:
        """The call a live table or an assistant incident already posted under ``key``."""
        return next((c for c in self.calls if c.get("key") == key), None)

    def _on_link(self, ev: dict[str, Any]) -> dict[str, Any]:
        """The director ties a live table or an assistant incident to a table of the
        session, so that its calls come into this session's queue on their own."""
        table = int(ev["table"])
        if not 1 <= table <= self.movement.tables:
            raise SessionError("no_such_table", text("session.error.no_such_table", table=table), 404)
        refs = [f"live:{ev['live_table']}"] if ev.get("live_table") else []
        refs += [f"incident:{ev['incident']}"] if ev.get("incident") else []
        if len(refs) != 1:
            raise SessionError("bad_request", text("session.error.one_link"), 422)
        self.links[refs[0]] = table
        if ev.get("incident") and ev.get("board") is not None:  # attached to a board: the session page lists it
            board = int(ev["board"])
            if board not in self.boards:
                raise SessionError("no_such_board", text("session.error.no_such_board", board=board), 404)
            at = {"table": table, "board": board}
            if ev.get("round") not in (None, ""):
                at["round"] = int(ev["round"])
            self.incidents[str(ev["incident"])] = at
            return {"table": table, "link": refs[0], **at}
        return {"table": table, "link": refs[0]}

    def _on_answer(self, ev: dict[str, Any]) -> dict[str, Any]:
        """The director has dealt with a call: it leaves the queue, with what he did."""
        cid = int(ev["call"])
        if not 1 <= cid <= len(self.calls):
            raise SessionError("no_such_call", text("session.error.no_such_call", call=cid), 404)
        call = self.calls[cid - 1]
        if not call["open"]:
            raise SessionError("answered", text("session.error.answered", call=cid), 409)
        call["open"] = False
        call["answer"] = str(ev.get("answer", ""))
        call["answered_at"] = ev.get("at")
        return call

    def queue(self) -> list[dict[str, Any]]:
        """The open calls of every table, live and physical alike, oldest first, each with
        the table's progress (its round and whether it plays online)."""
        progress = {p["table"]: p for p in self.progress()}
        return [{**c, "online": c["table"] in self.online_tables, "table_round": progress[c["table"]]["round"]}
                for c in self.calls if c["open"]]

    def _on_publish(self, ev: dict[str, Any]) -> float:
        """The director publishes the closed session's results: from now on anyone reads
        the scores, the travellers and the deals (until then only the director does, so
        no pair learns a board it may still play)."""
        if self.closed_at is None:
            raise SessionError("not_closed", text("session.error.publish_open"), 409)
        if self.published_at is None:
            self.published_at = float(ev.get("at") or self.clock())
        return self.published_at

    def _on_close(self, ev: dict[str, Any]) -> float:
        self._open()
        unconfirmed = [r for r in self.results.values() if not r.confirmed]
        if unconfirmed and not ev.get("force"):
            r = unconfirmed[0]
            raise SessionError("unconfirmed", text("session.error.unconfirmed", board=r.board, table=r.table), 409)
        self.closed_at = float(ev.get("at") or self.clock())
        return self.closed_at

    # ------------------------------------------------------------------ views
    def progress(self) -> list[dict[str, Any]]:
        """Every table's progress (``table_progress``)."""
        return table_progress(self.movement, self.results, self.online_tables)

    def event(self) -> Event:
        """The session as an event to score: a traveller per board."""
        ev = Event(name="", scoring=self.scoring)
        for number in sorted({r.board for r in self.results.values()} | set(self.boards)):
            rows = [r for r in self.results.values() if r.board == number]
            if not rows:
                continue
            rows.sort(key=lambda r: (r.round, r.table))
            dealt = self.boards.get(number)
            board = Board(str(number), dealt.vulnerability if dealt else None, dealt.dealer.name if dealt else None,
                          None, [], scoring=self.scoring)
            for r in rows:
                # a board played the wrong way round goes on the traveller under the cards held
                ns, ew = (r.ew, r.ns) if r.turned else (r.ns, r.ew)
                board.lines.append(Line(ns, ew, r.contract, r.declarer, r.tricks, r.score_ns, r.artificial,
                                        names_ns=pair_names(self.roster.get(ns or "", ())),
                                        names_ew=pair_names(self.roster.get(ew or "", ())), weighted=r.weighted, ruling=r.ruling, lead=r.lead or "", form=r.form,
                                        turned=r.turned))
            ev.boards.append(board)
        return ev

    def score(self) -> FieldResult:
        return score_event(self.event(), self.scoring, tuple(self.penalties))


__all__ = ["DuplicateSession", "Result", "SessionError"]
