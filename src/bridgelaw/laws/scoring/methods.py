"""Law 78 scoring methods over a field, with Law 12 adjusted scores and Law 90 penalties.

* matchpoints (78A): 2 units for each score beaten, 1 for each tie; a board scored fewer
  times than the most is scaled by Neuberg's formula ``(MP + 1) * N / n - 1`` (units of 2);
* IMPs (78B): the international match-point scale; cross-IMPs (every score against every
  other) and Butler (against a datum: the mean of the scores less the top and bottom when
  there are five or more, rounded to a multiple of 10);
* total points (78C);
* a fouled board (87B): each group of tables that played the same form is matchpointed
  on its own and scaled to the board's top (``Entry.form``).

Results on a board are ``Score`` (a table result, NS points), ``Assigned`` (12C1(a), an
assigned bridge result), ``Weighted`` (12C1(c), several results with weights that sum
to 1) or ``Artificial`` (12C2: average plus / average / average minus, separately for
each side: 60/50/40 % at matchpoints, +3/0/-3 IMPs). A ``Penalty`` (Law 90) takes a
fraction of a top (or IMPs) from one pair's score; the opponents do not gain.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from bridgelaw.laws.registry import implements

IMP_SCALE: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500,
    1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # the lower bound of 1, 2, ... 24 IMPs (Law 78B)

Average = Literal["avg+", "avg", "avg-"]
ARTIFICIAL_PERCENT: dict[str, float] = {"avg+": 60.0, "avg": 50.0, "avg-": 40.0}  # 12C2(a)
ARTIFICIAL_IMPS: dict[str, int] = {"avg+": 3, "avg": 0, "avg-": -3}  # 12C2(b)


@implements("78B")
def imps(difference: int) -> int:
    """Law 78B: IMPs for a difference in points (the sign follows the difference)."""
    d = abs(difference)
    n = sum(1 for bound in IMP_SCALE if d >= bound)
    return n if difference >= 0 else -n


@dataclass(frozen=True, slots=True)
class Score:
    ns: int


@dataclass(frozen=True, slots=True)
class Assigned:
    """12C1(a)/(b): an assigned bridge result replaces the table result."""

    ns: int
    note: str = ""


@dataclass(frozen=True, slots=True)
class Weighted:
    """12C1(c): several results, each with its probability."""

    parts: tuple[tuple[float, int], ...]  # (weight, NS score)

    def __post_init__(self) -> None:
        if abs(sum(w for w, _ in self.parts) - 1.0) > 1e-9:
            raise ValueError("the weights of a weighted score must sum to 1")


@dataclass(frozen=True, slots=True)
class Artificial:
    """12C2: no result could be obtained; each side gets avg+, avg or avg-."""

    ns: Average
    ew: Average


Result = Score | Assigned | Weighted | Artificial


@dataclass(frozen=True, slots=True)
class Penalty:
    """Law 90: a procedural penalty on one pair on one board (fraction of a top, or IMPs)."""

    pair: str
    board: int
    fraction_of_top: float = 0.0
    imps: int = 0
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of a traveller: who played, what and the result."""

    board: int
    ns: str
    ew: str
    result: Result
    contract: str = ""
    form: str = ""  # the form of a fouled board this table played (87B); "" when not fouled


def _parts(r: Result) -> tuple[tuple[float, int], ...]:
    if isinstance(r, Weighted):
        return r.parts
    if isinstance(r, Score | Assigned):
        return ((1.0, r.ns),)
    return ()


@implements("78A")
def matchpoints(scores: Sequence[int]) -> list[float]:
    """78A: 2 units per score beaten, 1 per tie (the NS units; EW get top minus)."""
    return [float(sum(2 if s > o else 1 if s == o else 0 for o in scores) - 1) for s in scores]


def neuberg(mp: float, played: int, expected: int) -> float:
    """Neuberg's formula (units of 2): a score compared with ``played - 1`` others, scaled
    to a board scored ``expected`` times."""
    if played < 1:
        raise ValueError("a board must be played at least once to be scaled")
    return (mp + 1) * expected / played - 1


@dataclass(slots=True)
class BoardScore:
    board: int
    entries: list[Entry]
    ns_mp: list[float] = field(default_factory=list)  # per entry, units of 2
    ew_mp: list[float] = field(default_factory=list)
    ns_pct: list[float] = field(default_factory=list)
    ew_pct: list[float] = field(default_factory=list)
    top: float = 0.0


def _raw_mp(i: int, entries: list[Entry], compared: list[int]) -> float:
    """Entry ``i``'s matchpoints (units of 2) against every other scored result; a weighted
    result (12C1(c)) counts each of its parts by its weight."""
    raw = 0.0
    for j in compared:
        if j == i:
            continue
        for w1, s1 in _parts(entries[i].result):
            for w2, s2 in _parts(entries[j].result):
                raw += w1 * w2 * (2 if s1 > s2 else 1 if s1 == s2 else 0)
    return raw


def score_board_mp(board: int, entries: Sequence[Entry], expected: int | None = None) -> BoardScore:
    """Matchpoint one board: scored results against each other (weighted parts count
    fractionally, 12C1(c)); artificial scores get their percentage (12C2); Neuberg scales
    the board to ``expected`` results (default: the number of entries)."""
    entries = list(entries)
    n_exp = expected or len(entries)
    top = 2.0 * (n_exp - 1)
    if len({e.form for e in entries}) > 1:
        return _score_fouled(board, entries, n_exp)
    compared = [i for i, e in enumerate(entries) if not isinstance(e.result, Artificial)]
    n = len(compared)
    bs = BoardScore(board, entries, top=top)
    for i, e in enumerate(entries):
        if isinstance(e.result, Artificial):
            pns, pew = ARTIFICIAL_PERCENT[e.result.ns], ARTIFICIAL_PERCENT[e.result.ew]
            bs.ns_mp.append(top * pns / 100)
            bs.ew_mp.append(top * pew / 100)
            bs.ns_pct.append(pns)
            bs.ew_pct.append(pew)
            continue
        raw = _raw_mp(i, entries, compared)
        ns = neuberg(raw, n, n_exp) if n != n_exp else raw
        bs.ns_mp.append(ns)
        bs.ew_mp.append(top - ns)
        bs.ns_pct.append(100 * ns / top if top else 50.0)
        bs.ew_pct.append(100 * (top - ns) / top if top else 50.0)
    return bs


def _score_fouled(board: int, entries: list[Entry], expected: int) -> BoardScore:
    """87B: a fouled board's scores are split into groups by the form each table played,
    each group is matchpointed on its own, and (the method this library announces, in
    the absence of a regulation) each group is scaled by Neuberg's formula to the top of
    the whole board, so every table's score counts as much in the ranking."""
    out = BoardScore(board, entries, top=2.0 * (expected - 1))
    parts: dict[int, tuple[float, float, float, float]] = {}
    for form in dict.fromkeys(e.form for e in entries):
        idx = [i for i, e in enumerate(entries) if e.form == form]
        group = score_board_mp(board, [entries[i] for i in idx])
        played = len(idx)
        for k, i in enumerate(idx):
            if isinstance(entries[i].result, Artificial):
                ns = out.top * group.ns_pct[k] / 100
                ew = out.top * group.ew_pct[k] / 100
            else:
                ns = neuberg(group.ns_mp[k], played, expected)
                ew = out.top - ns
            parts[i] = (ns, ew, 100 * ns / out.top if out.top else 50.0, 100 * ew / out.top if out.top else 50.0)
    for i in range(len(entries)):
        ns, ew, pns, pew = parts[i]
        out.ns_mp.append(ns)
        out.ew_mp.append(ew)
        out.ns_pct.append(pns)
        out.ew_pct.append(pew)
    return out


def butler_datum(scores: Sequence[int]) -> int:
    """The datum: the mean less the top and bottom score when there are five or more,
    rounded to the nearest 10."""
    s = sorted(scores)
    if len(s) >= 5:
        s = s[1:-1]
    mean = sum(s) / len(s)
    return round(mean / 10.0) * 10


@implements("78D")
def butler(scores: Sequence[int]) -> list[int]:
    d = butler_datum(scores)
    return [imps(s - d) for s in scores]


@implements("78D")
def cross_imps(scores: Sequence[int]) -> list[float]:
    """Every score against every other, IMPs averaged over the comparisons."""
    n = len(scores)
    if n < 2:
        return [0.0] * n
    return [sum(imps(s - o) for j, o in enumerate(scores) if j != i) / (n - 1) for i, s in enumerate(scores)]


@implements("78C")
def total_points(scores: Sequence[int]) -> int:
    """78C: the net total."""
    return sum(scores)


def traveller(bs: BoardScore) -> list[dict[str, object]]:
    """The board's traveller: every result with both sides' matchpoints and percentages."""
    out: list[dict[str, object]] = []
    for i, e in enumerate(bs.entries):
        r = e.result
        shown: object
        if isinstance(r, Artificial):
            shown = f"{r.ns}/{r.ew}"
        elif isinstance(r, Weighted):
            shown = " + ".join(f"{w:g}x{s}" for w, s in r.parts)
        else:
            shown = r.ns
        out.append({
            "board": e.board, "ns": e.ns, "ew": e.ew, "contract": e.contract, "score_ns": shown,
            "adjusted": not isinstance(r, Score), "mp_ns": round(bs.ns_mp[i], 2), "mp_ew": round(bs.ew_mp[i], 2),
            "pct_ns": round(bs.ns_pct[i], 2), "pct_ew": round(bs.ew_pct[i], 2),
        })
    return out


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    pair: str
    mp: float
    top: float
    percent: float
    penalties: float
    adjusted_boards: int


@implements("90A")
def session_ranking(entries: Sequence[Entry], penalties: Sequence[Penalty] = ()) -> list[Standing]:
    """Rank the pairs of a matchpoint session: matchpoints over the tops they played for,
    less procedural penalties (Law 90, a fraction of a board's top); ties share a rank."""
    by_board: dict[int, list[Entry]] = defaultdict(list)
    for e in entries:
        by_board[e.board].append(e)
    expected = max(len(v) for v in by_board.values())
    mp: dict[str, float] = defaultdict(float)
    top: dict[str, float] = defaultdict(float)
    adjusted: dict[str, int] = defaultdict(int)
    tops: dict[int, float] = {}
    for board, es in sorted(by_board.items()):
        bs = score_board_mp(board, es, expected)
        tops[board] = bs.top
        for i, e in enumerate(es):
            mp[e.ns] += bs.ns_mp[i]
            mp[e.ew] += bs.ew_mp[i]
            top[e.ns] += bs.top
            top[e.ew] += bs.top
            if not isinstance(e.result, Score):
                adjusted[e.ns] += 1
                adjusted[e.ew] += 1
    pen: dict[str, float] = defaultdict(float)
    for p in penalties:
        pen[p.pair] += p.fraction_of_top * tops.get(p.board, 0.0)
    rows = sorted(
        ((pair, mp[pair] - pen[pair], top[pair]) for pair in top),
        key=lambda r: -(r[1] / r[2] if r[2] else 0.0),
    )
    out: list[Standing] = []
    for k, (pair, m, t) in enumerate(rows):
        pct = round(100 * m / t, 2) if t else 0.0
        rank = out[-1].rank if out and out[-1].percent == pct else k + 1
        out.append(Standing(rank, pair, round(m, 2), t, pct, round(pen[pair], 2), adjusted[pair]))
    return out


@implements("86A", editions=("2017",))
def imp_pair_result(r: Result, other_ns: int) -> float:
    """IMPs to NS for a result against another table's NS score: artificial results are
    ±3/0 (12C2(b)); a weighted one is the weighted sum of its parts' IMPs (12C1(c))."""
    if isinstance(r, Artificial):
        return float(ARTIFICIAL_IMPS[r.ns])
    return sum(w * imps(s - other_ns) for w, s in _parts(r))


__all__ = [
    "Artificial", "Assigned", "BoardScore", "Entry", "Penalty", "Score", "Standing", "Weighted",
    "butler", "butler_datum", "cross_imps", "imp_pair_result", "imps", "matchpoints", "neuberg",
    "score_board_mp", "session_ranking", "total_points", "traveller",
]
