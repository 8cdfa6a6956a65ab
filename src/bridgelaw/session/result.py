"""A table's result in a session and the session's refusal, and every table's progress
through the movement (the director's view and the phone pages read it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bridgelaw.session.movements import Movement


class SessionError(Exception):
    """A refused request: a code, a message naming the problem, an HTTP status."""

    def __init__(self, code: str, message: str, status: int = 409) -> None:
        # ``message`` is a catalog text (``bridgelaw.i18n.text``): the server answers it in
        # the request's language
        super().__init__(message)
        self.code, self.message, self.status = code, message, status


@dataclass(slots=True)
class Result:
    board: int
    table: int
    round: int
    ns: str
    ew: str
    contract: str | None
    declarer: str | None
    tricks: int | None
    score_ns: int | None
    lead: str | None = None
    source: str = "physical"  # physical, online, director
    confirmed: bool = False
    artificial: tuple[float, float] | None = None
    weighted: tuple[tuple[float, int], ...] | None = None
    ruling: str = ""
    entered_by: str = "NS"  # the side that entered it; the other side confirms
    form: str = ""  # 87B: the form of a fouled board played here ("" when not fouled)
    turned: bool = False  # 15: played the wrong way round (the NS pair held the EW cards)
    # a table entered an opening lead that declarer's left-hand opponent did not hold: the
    # director's to check (the table is not told: the answer would tell it the deal)
    lead_unheld: bool = False

    def table_json(self) -> dict[str, Any]:
        """The result as its own table reads it: nothing the deal decides."""
        out = self.to_json()
        out.pop("lead_unheld", None)
        return out

    def to_json(self) -> dict[str, Any]:
        return {"board": self.board, "table": self.table, "round": self.round, "ns": self.ns, "ew": self.ew,
                "contract": self.contract, "declarer": self.declarer, "tricks": self.tricks,
                "score_ns": self.score_ns, "lead": self.lead, "source": self.source, "confirmed": self.confirmed,
                "artificial": list(self.artificial) if self.artificial else None,
                "weighted": [list(p) for p in self.weighted] if self.weighted else None, "ruling": self.ruling,
                "form": self.form, "turned": self.turned, **({"lead_unheld": True} if self.lead_unheld else {})}


def table_progress(movement: Movement, results: Mapping[tuple[int, str, str], Result],
                   online_tables: frozenset[int]) -> list[dict[str, Any]]:
    """Every table's progress: its current round (the first with a board still to play),
    boards done and to play, results awaiting the opponents' confirmation."""
    out: list[dict[str, Any]] = []
    for t in range(1, movement.tables + 1):
        done = 0
        expected = 0
        current: int | None = None
        pending: list[int] = []
        for r in range(1, movement.rounds + 1):
            s = movement.at(t, r)
            if s is None or s.sits_out:
                continue
            ns, ew = s.directions()
            boards = movement.boards(s.board_set)
            expected += len(boards)
            have = [b for b in boards if (b, ns, ew) in results]
            done += len(have)
            pending += [b for b in have if not results[(b, ns, ew)].confirmed]
            if current is None and len(have) < len(boards):
                current = r
        out.append({"table": t, "online": t in online_tables, "round": current, "done": done,
                    "expected": expected, "unconfirmed": pending, "finished": done == expected})
    return out
