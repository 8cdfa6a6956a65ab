"""Claim analysis for Law 70: how many of the remaining tricks a claim is worth.

Three numbers decide a claim, each counted for the claimer's side over the remaining
tricks (the trick in progress included):

* ``double_dummy`` — best play by all four (the solver in ``analysis.dds``);
* ``worst_normal`` — the worst outcome over every *normal* line of the claimer and every
  legal defence (70A: doubtful points go against the claimer). "Normal" is defined once,
  in the table "Normal play" of ``docs/claims.md`` (modelled in ``analysis.normal``):
  careless and inferior plays are normal, irrational ones are not, the claimer plays the
  line he stated (``analysis.statement``) and every choice the statement leaves open
  counts against him. The defence plays any legal card;
* ``sure`` — the worst outcome over every *legal* play by both sides: tricks that could
  not be lost by any legal play (Law 71, 79A2).

The choices along the worst line that cost tricks against double dummy are named for
the director (``analysis.choices``). The claim is ``valid`` when ``worst_normal``
reaches the claim, ``double_dummy_only`` when only best play reaches it, ``invalid``
otherwise. The proposal to the director is
``min(claimed, worst_normal)`` with the worst normal line shown card by card; the
director decides (the engine never fakes the judgement of "normal" or of 70C2).

The normal-play model is ``analysis.normal``; the exact search is ``analysis.worst``.
Its figures are proven (``exact``). Should its safety limit ever stop it, the figures
are the proven lower bounds, never more favourable to the claimer than the truth, and
``exact`` is false; the verdict is then ``valid`` only if the bound itself reaches the
claim.

The analysis is made once, when the claim is made, and recorded with the claim's action
(``to_json`` / ``from_json``): a table replayed from its log reads it back and never
searches again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from bridgelaw.analysis.choices import Choice, costly_choices
from bridgelaw.analysis.dds import Position, dd_tricks
from bridgelaw.analysis.normal import Ending
from bridgelaw.analysis.statement import Statement
from bridgelaw.analysis.worst import NODE_LIMIT, WorstResult, search, search_drawn_if_short
from bridgelaw.core.cards import SUIT_MASK, Card, Seat, Side, Suit
from bridgelaw.core.stated_line import StatedLine
from bridgelaw.laws.claims.checker import ClaimChecker


class Verdict(Enum):
    VALID = "valid"                          # against any defence and any normal order
    DOUBLE_DUMMY_ONLY = "double_dummy_only"  # only with best play by the claimer
    INVALID = "invalid"                      # not even double dummy


@dataclass(slots=True)
class ClaimAnalysis:
    claimer: Seat
    claimed: int
    remaining: int
    double_dummy: int
    worst_normal: int  # exact, or (not ``exact``) the proven lower bound
    sure: int | None
    verdict: Verdict
    proposed: int
    line: list[list[tuple[Seat, Card]]] = field(default_factory=list)
    trump_outstanding: bool = False   # an opponent held a trump at the claim
    trump_mentioned: bool = False
    worst_if_trumps_drawn: int | None = None  # the worst normal line had he drawn trumps first (70C)
    exact: bool = True  # every figure proven; false only if the search's safety limit stopped it
    nodes: int = 0
    statement: Statement = field(default_factory=Statement)  # as parsed: what the line was held to
    choices: list[Choice] = field(default_factory=list)  # the worst line's choices that cost tricks

    @property
    def line_text(self) -> str:
        return "; ".join(" ".join(f"{s.name}:{c}" for s, c in trick) for trick in self.line)

    def to_json(self) -> dict[str, Any]:
        """The analysis as recorded with the claim and shown to the director (SCENARIO.md:
        ``exact``, ``claimed``, ``double_dummy``, ``worst_normal``, ``proposal``, ``line``),
        with the verdict, the 70C point and the figures Law 71 needs."""
        out: dict[str, Any] = {
            "exact": self.exact, "claimer": self.claimer.name, "claimed": self.claimed,
            "remaining": self.remaining, "double_dummy": self.double_dummy, "worst_normal": self.worst_normal,
            "proposal": self.proposed, "verdict": self.verdict.value,
            "line": [str(c) for trick in self.line for _, c in trick],
            "line_text": self.line_text, "sure": self.sure,
            "trump_outstanding": self.trump_outstanding, "trump_mentioned": self.trump_mentioned,
        }
        if self.worst_if_trumps_drawn is not None:
            out["worst_if_trumps_drawn"] = self.worst_if_trumps_drawn
        out["statement_parsed"] = self.statement.to_json()
        out["choices"] = [c.to_json() for c in self.choices]
        return out


def worst_line(
    pos: Position, side: Side, *, trumps_first: bool = False, order: tuple[Suit, ...] = (),
    claimed: int | None = None, ceiling: int | None = None, limit: int = NODE_LIMIT,
    statement: Statement | None = None,
) -> WorstResult:
    """The fewest tricks ``side`` ends with along its normal lines against any legal
    defence (``analysis.worst``), with that line. ``ceiling`` is the double-dummy number
    when the caller has it; ``statement`` binds the lines (else ``trumps_first`` and
    ``order`` alone)."""
    bound = statement.bounds() if statement is not None else {"trumps_first": trumps_first, "order": order}
    e = _ending(pos, side, bound)
    if ceiling is None:
        ceiling = dd_tricks(pos, side)
    return search(e, ceiling if claimed is None else min(claimed, ceiling + 1), ceiling, limit=limit)


def sure_tricks(pos: Position, side: Side, *, limit: int = NODE_LIMIT) -> int:
    """Tricks ``side`` wins however anybody plays (Law 71: tricks that could not be lost
    by any play): the same minimisation with every legal card on both sides. Should the
    search stop early, its proven lower bound (fewer tricks protected, never invented)."""
    r = search(_ending(pos, side), 0, None, any_legal=True, limit=limit)
    return r.tricks if r.exact else r.at_least


def _ending(pos: Position, side: Side, bound: Mapping[str, Any] | None = None) -> Ending:
    return Ending(list(pos.hands), pos.trump, pos.leader, side,
                  [(pos.leader.offset(i), c) for i, c in enumerate(pos.trick)], **(bound or {}))


def analyse_claim(
    pos: Position, claimer: Seat, claimed: int, statement: str | Statement = "", *,
    line: StatedLine | None = None, unstated: str = "any", limit: int = NODE_LIMIT,
) -> ClaimAnalysis:
    """Classify a claim of ``claimed`` of the remaining tricks and propose a number (Law 70).
    ``statement`` is the free text (or one already parsed), ``line`` the structured form,
    ``unstated`` the regulation for suits the statement leaves open (70E2)."""
    side = claimer.side
    st = statement if isinstance(statement, Statement) else Statement.parse(
        statement, line, unstated, pos.trump, _held(pos, claimer.side.opponents), _held(pos, claimer.side))
    dd = dd_tricks(pos, side)
    trump_out = pos.trump is not None and any(pos.hands[s] & SUIT_MASK[pos.trump] for s in side.opponents.seats)
    bound = st.bounds()
    e = _ending(pos, side, bound)
    # the 70C point matters only to a claim the worst line does not reach: the line with
    # the opponents' trumps drawn first is searched only then, on the same table
    drawn: WorstResult | None = None
    if trump_out and not st.mentions_trumps:
        w, drawn = search_drawn_if_short(e, min(claimed, dd + 1), dd, limit=limit)
    else:
        w = search(e, min(claimed, dd + 1), dd, limit=limit)
    # never more favourable to the claimer than what is proven
    worst = w.tricks if w.exact else w.at_least
    nodes, exact, if_drawn = w.nodes, w.exact, None
    if drawn is not None:
        drawn_tricks = drawn.tricks if drawn.exact else drawn.at_least
        if_drawn = None if drawn_tricks == worst else drawn_tricks
        nodes, exact = nodes + drawn.nodes, exact and drawn.exact
    # Law 71 only matters when the claim gives away tricks a normal line would win
    sure = sure_tricks(pos, side, limit=limit) if claimed < worst else None
    # the choices that cost tricks, for the director to judge (only where the line falls short)
    choices = costly_choices(pos, side, w.line) if w.exact and worst < min(dd, claimed) else []
    return ClaimAnalysis(
        claimer=claimer, claimed=claimed, remaining=pos.remaining, double_dummy=dd,
        worst_normal=worst, sure=sure, verdict=verdict_of(claimed, worst, dd), proposed=min(claimed, worst),
        line=w.line, trump_outstanding=trump_out, trump_mentioned=st.mentions_trumps,
        worst_if_trumps_drawn=if_drawn, exact=exact, nodes=nodes, statement=st, choices=choices,
    )


def _held(pos: Position, side: Side) -> int:
    """The cards ``side`` still holds: an honour the claimer's statement names without its
    suit is his opponents', and his side finesses against it or drops it."""
    a, b = side.seats
    return pos.hands[a] | pos.hands[b]


def verdict_of(claimed: int, worst: int, dd: int) -> Verdict:
    """Valid when the worst normal line reaches the claim; else double dummy only when
    best play does; else invalid."""
    if worst >= claimed:
        return Verdict.VALID
    return Verdict.DOUBLE_DUMMY_ONLY if dd >= claimed else Verdict.INVALID


_MEMO: OrderedDict[tuple[Position, Seat, int, Statement], dict[str, Any]] = OrderedDict()
_MEMO_SIZE = 4096
_MEMO_LOCK = threading.Lock()


def _analysed(pos: Position, claimer: Seat, claimed: int, statement: Statement) -> dict[str, Any]:
    """``analyse_claim(...).to_json()``, made once per process for the same claim: a table
    folded from its log again (unloaded when idle, then asked for) does not search again."""
    key = (pos, claimer, claimed, statement)
    with _MEMO_LOCK:
        hit = _MEMO.get(key)
        if hit is not None:
            _MEMO.move_to_end(key)
            return dict(hit)
    out = analyse_claim(pos, claimer, claimed, statement).to_json()
    with _MEMO_LOCK:
        _MEMO[key] = out
        while len(_MEMO) > _MEMO_SIZE:
            _MEMO.popitem(last=False)
    return dict(out)


class PendingAnalysis(Mapping[str, Any]):
    """A claim's analysis made when it is first read, not when the claim is folded.

    A claim read back from a log written before the analysis was logged carries none:
    folding that log must not search (a table with hundreds of claims loads at once), and
    the director must still never see a claim without its analysis. So the analysis is
    made the first time anybody reads it (the director's view, the ruling, the log entry
    being written), once: the result is kept here and in a process-wide memo. The figures
    that need no search (who claimed, how many, whether a trump is out or mentioned) are
    answered without searching. It is immutable: copies share it, and a pickle or a JSON
    encoder gets a plain dict."""

    __slots__ = ("_cheap", "_data", "_deferred", "_key", "_lock", "_logged")

    def __init__(self, pos: Position, claimer: Seat, claimed: int, statement: str = "",
                 line: StatedLine | None = None, unstated: str = "any") -> None:
        st = Statement.parse(
            statement, line, unstated, pos.trump, _held(pos, claimer.side.opponents), _held(pos, claimer.side))
        self._key = (pos, claimer, claimed, st)
        self._data: dict[str, Any] | None = None
        self._lock = threading.Lock()
        self._deferred = False  # made in the background: views show it pending meanwhile
        self._logged = False    # its own log entry is written (the server's)
        trump_out = pos.trump is not None and any(
            pos.hands[s] & SUIT_MASK[pos.trump] for s in claimer.side.opponents.seats)
        self._cheap: dict[str, Any] = {
            "claimer": claimer.name, "claimed": claimed, "remaining": pos.remaining,
            "trump_outstanding": trump_out, "trump_mentioned": st.mentions_trumps,
            "statement_parsed": st.to_json(),
        }

    @property
    def made(self) -> bool:
        """Whether the analysis has been made (read) already."""
        return self._data is not None

    def defer(self) -> None:
        """It will be made in the background (the server's worker thread): until then a
        view shows it pending (``pending``, ``cheap``) instead of searching."""
        self._deferred = True

    @property
    def pending(self) -> bool:
        """Deferred and not made yet: a view shows ``cheap()``."""
        return self._deferred and self._data is None

    @property
    def logged(self) -> bool:
        return self._logged

    @property
    def deferred(self) -> bool:
        return self._deferred

    def cheap(self) -> dict[str, Any]:
        """What is known without searching, marked pending."""
        return {**self._cheap, "pending": True}

    def seed(self, data: Mapping[str, Any] | None) -> None:
        """The analysis as its own log entry carries it: a replay reads it, never searches."""
        if data is not None and self._data is None:
            with self._lock:
                if self._data is None:
                    self._data = dict(data)
        self._logged = True

    def value(self) -> dict[str, Any]:
        """The analysis, made now if nobody has read it yet."""
        data = self._data
        if data is None:
            with self._lock:
                if self._data is None:
                    self._data = _analysed(*self._key)
                data = self._data
        return data

    def __getitem__(self, key: str) -> Any:
        if self._data is None and key in self._cheap:
            return self._cheap[key]
        return self.value()[key]

    def get(self, key: str, default: Any = None) -> Any:
        if self._data is None and key in self._cheap:
            return self._cheap[key]
        return self.value().get(key, default)

    def __iter__(self) -> Iterator[str]:
        return iter(self.value())

    def __len__(self) -> int:
        return len(self.value())

    def __bool__(self) -> bool:
        return True  # an analysis is never empty: testing it must not search

    def __copy__(self) -> PendingAnalysis:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> PendingAnalysis:
        return self

    def __reduce__(self) -> tuple[type[dict[str, Any]], tuple[dict[str, Any]]]:
        return (dict, (dict(self.value()),))

    def __repr__(self) -> str:
        return f"PendingAnalysis({self.value() if self.made else '(not made yet)'})"


# What the claims handler (Law 70) analyses claims with: it looks this name up when a claim
# first needs analysing (``laws.claims.checker.CHECKER``); importing this module hands
# nothing over.
CLAIM_CHECKER: ClaimChecker = PendingAnalysis

__all__ = [
    "CLAIM_CHECKER", "NODE_LIMIT", "Choice", "ClaimAnalysis", "PendingAnalysis", "Statement", "Verdict", "analyse_claim",
    "sure_tricks", "worst_line",
]
