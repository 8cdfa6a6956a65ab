"""The worst normal line of a claim (Law 70A): the fewest tricks the claimer's side can
end with when it plays only normal cards (``analysis.normal``) and the defence plays any
legal card. Both choices go against the claimer, so the value is a minimum over every
line, not a minimax: a threshold search ("can the claimer be held to fewer than t
tricks?") with a transposition table keyed by relative rank, and lower bounds that hold
for every line, proves it.

The search itself is compiled (``_worst.c``, built with the package): it is a port of
``analysis.normal`` card for card, checked against a brute force over that module in the
tests. It runs with the GIL released, so a server thread analysing a claim does not hold
up the others. The first question it answers is the ruling's: fewer than the claim?
Then each probe halves the bracket between the lower bound proven and the lowest line
found, until the two meet.

A node limit is a safety net, not a budget: ordinary positions never reach it. If one
ever does, the result says so (``exact`` false) and carries the proven lower bound; the
caller proposes that bound, which is never more favourable to the claimer than the truth.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaw.analysis import _worst  # type: ignore[attr-defined]
from bridgelaw.analysis.normal import Ending
from bridgelaw.core.cards import ALL_CARDS, Card, Seat

NODE_LIMIT = 50_000_000  # positions at the start of a trick; minutes of search, never reached in play

Line = list[list[tuple[Seat, Card]]]


@dataclass(slots=True)
class WorstResult:
    tricks: int      # the worst normal line's tricks (exact), or the tricks of the lowest line found
    line: Line       # a line with ``tricks`` tricks, trick by trick (the trick in progress first)
    exact: bool = True
    at_least: int = 0  # a proven lower bound of the worst (== tricks when exact)
    nodes: int = 0


def search(e: Ending, claimed: int, ceiling: int | None = None, *, any_legal: bool = False,
           limit: int = NODE_LIMIT) -> WorstResult:
    """The fewest tricks for ``e.side`` from ``e``: over its normal cards (or, with
    ``any_legal``, over every legal card: Law 71's tricks that cannot be lost) against
    any legal defence. ``claimed`` is probed first; ``ceiling`` is a known upper bound
    (the double-dummy number: no normal line beats best play)."""
    raw = _worst.search(*_args(e, claimed, ceiling, limit, any_legal), **_bound(e))
    return _result(e, ceiling, raw)


def search_with_trumps_drawn(e: Ending, claimed: int, ceiling: int | None = None, *,
                             limit: int = NODE_LIMIT) -> tuple[WorstResult, WorstResult]:
    """``search(e, ...)`` and the same with the opponents' trumps drawn first (70C), in
    one call: the two models agree wherever the opponents hold no trump, so the second
    search reads what the first proved there (one table for both) instead of proving it
    again."""
    plain, drawn = _worst.search(*_args(e, claimed, ceiling, limit, False), drawn_too=1, **_bound(e))
    return _result(e, ceiling, plain), _result(e, ceiling, drawn)


def search_drawn_if_short(e: Ending, claimed: int, ceiling: int | None = None, *,
                          limit: int = NODE_LIMIT) -> tuple[WorstResult, WorstResult | None]:
    """As ``search_with_trumps_drawn``, but the line with trumps drawn first is searched
    only when the plain search finds a line short of ``claimed`` (None otherwise)."""
    plain, drawn = _worst.search(*_args(e, claimed, ceiling, limit, False), drawn_too=2, **_bound(e))
    return _result(e, ceiling, plain), None if drawn is None else _result(e, ceiling, drawn)


RawResult = tuple[int, int, list[tuple[int, int]], int, bool]


def _args(e: Ending, claimed: int, ceiling: int | None, limit: int, any_legal: bool) -> tuple[object, ...]:
    return (
        tuple(e.hands), -1 if e.trump is None else int(e.trump), int(e.leader), int(e.side),
        tuple(c.index for _, c in e.trick), -1 if e.block is None else int(e.block), e.trumps_first,
        tuple(int(s) for s in e.order), claimed, -1 if ceiling is None else ceiling, limit, any_legal,
    )


def _bound(e: Ending) -> dict[str, int]:
    """What the statement binds beyond the order: suit masks and the cross-ruff."""
    return {"top": e.top, "finesse": e.finesse, "duck": e.duck, "cross_ruff": int(e.cross_ruff)}


def _result(e: Ending, ceiling: int | None, raw: RawResult) -> WorstResult:
    """The compiled search's answer as a result: exact, or (stopped by the limit) the
    lowest line found and the proven lower bound."""
    lower, upper, plays, nodes, finished = raw
    line = _tricks(e, [(Seat(s), ALL_CARDS[i]) for s, i in plays])
    remaining = (sum(h.bit_count() for h in e.hands) + len(e.trick)) // 4
    if finished:
        return WorstResult(upper, line, True, upper, nodes)
    found = upper if upper >= 0 else (remaining if ceiling is None else min(ceiling, remaining))
    return WorstResult(found, line if upper >= 0 else [], False, lower, nodes)


def worst_normal(e: Ending, claimed: int, ceiling: int | None = None, limit: int = NODE_LIMIT) -> WorstResult:
    """The worst normal line's tricks and the line (see ``search``)."""
    return search(e, claimed, ceiling, limit=limit)


def _tricks(e: Ending, plays: list[tuple[Seat, Card]]) -> Line:
    """Cut the played cards into tricks; the first trick starts with the cards already
    played to the trick in progress."""
    out: Line = []
    current = list(e.trick)
    for play in plays:
        current.append(play)
        if len(current) == 4:
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


__all__ = ["NODE_LIMIT", "Line", "WorstResult", "search", "search_drawn_if_short", "search_with_trumps_drawn",
           "worst_normal"]
