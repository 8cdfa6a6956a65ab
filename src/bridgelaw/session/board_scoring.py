"""Scoring one board of a field (Law 78): the method options, the IMP scale and rounding,
and each result's points against the others (matchpoints with Neuberg, cross-IMPs, Butler,
total points, weighted and artificial scores). ``bridgelaw.session.field`` calibrates the
options against an event's record and ranks the pairs; the names here are re-exported there.
"""

from __future__ import annotations

import bisect
import math
from collections import Counter
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal

from bridgelaw.laws.scoring.methods import IMP_SCALE
from bridgelaw.session.event import Board, Line


@dataclass(frozen=True, slots=True)
class Options:
    method: str = "MP"
    scale: str = "one"  # MP: "one" (1 per result beaten), "two", "percent"
    neuberg: bool = True  # MP: scale a board with fewer results to the most played
    average: bool = True  # IMP: cross-IMPs averaged over the comparisons (else summed)
    drop: int = 1  # Butler: results left out at each end of the datum (when 5 or more)
    rounding: str = "half_up"  # Butler datum rounding to 10: half_up, half_even, half_away
    points_decimals: int = 2
    points_rounding: str = "half_up"  # how the points are rounded to their decimals
    total_decimals: int = 2
    percent_decimals: int = 2


def imps(difference: int) -> int:
    """78B: the IMPs for a difference in points (the scale's bounds, by bisection)."""
    n = bisect.bisect_right(IMP_SCALE, abs(difference))
    return n if difference >= 0 else -n


def rnd(x: float, places: int, how: str = "half_up") -> float:
    """Round to ``places`` decimals in decimal: half up, as a person rounds a printed
    number (2.675 -> 2.68), or ``half_even``, the banker's rounding some programs use
    (6.125 -> 6.12)."""
    q = Decimal(1).scaleb(-places)
    mode = ROUND_HALF_EVEN if how == "half_even" else ROUND_HALF_UP
    return float(Decimal(repr(x)).quantize(q, rounding=mode))


def round_to_10(x: float, how: str) -> int:
    if how == "half_even":
        return round(x / 10.0) * 10
    if how == "half_away":
        return int(math.copysign(math.floor(abs(x) / 10.0 + 0.5), x)) * 10
    return math.floor(x / 10.0 + 0.5) * 10


def butler_datum(scores: list[int], drop: int = 1, rounding: str = "half_up") -> int:
    s = sorted(scores)
    if drop and len(s) - 2 * drop >= 3:
        s = s[drop:-drop]
    return round_to_10(sum(s) / len(s), rounding) if s else 0


@dataclass(slots=True)
class ScoredLine:
    line: Line
    ns: float | None
    ew: float | None
    recorded: bool = False  # the points used are the event's record, not the computation
    # where the record and the computation differ: ((computed NS, EW), (recorded NS, EW))
    differs: tuple[tuple[float | None, float | None], tuple[float, float]] | None = None


@dataclass(slots=True)
class ScoredBoard:
    board: Board
    lines: list[ScoredLine]
    top: float | None = None  # MP: the board's top on the event's scale
    datum: int | None = None


def _artificial_imps(pct: float) -> float:
    """12C2(b): average plus is +3 IMPs, average 0, average minus -3 (and in proportion)."""
    return (pct - 50.0) * 0.3


def _mp_scale(opts: Options, e: int) -> tuple[float, float, float]:
    """Matchpoint scale for ``e`` results: (top in units of one, factor, top on the scale)."""
    top1 = float(e - 1)
    factor = {"one": 1.0, "two": 2.0}.get(opts.scale, 100.0 / top1 if top1 else 0.0)
    top = top1 * factor if opts.scale != "percent" else (100.0 if top1 else 0.0)
    return top1, factor, top


def _weighted_artificial(ln: Line, opts: Options, top: float) -> ScoredLine:
    """12C2 for a board with a weighted score: the percentage of the top, or IMPs."""
    assert ln.artificial is not None
    if opts.method == "MP":
        return ScoredLine(ln, top * ln.artificial[0] / 100, top * ln.artificial[1] / 100)
    return ScoredLine(ln, _artificial_imps(ln.artificial[0]), _artificial_imps(ln.artificial[1]))


def _weighted_imps(ln: Line, comp: list[Line], others: list[Line], opts: Options, out: ScoredBoard) -> float:
    """IMPs for one result of a weighted board: against the Butler datum of the plain results
    (kept on ``out``), or across the field part by part."""
    if opts.method == "Butler":
        plain = [s for o in comp for w, s in o.parts() if w == 1.0]
        out.datum = butler_datum(plain, opts.drop, opts.rounding) if plain else 0
        return sum(w * imps(s - out.datum) for w, s in ln.parts())
    total = sum(w1 * w2 * imps(s1 - s2) for o in others for w1, s1 in ln.parts() for w2, s2 in o.parts())
    return total / len(others) if opts.average and others else total


def _weighted_mp(ln: Line, others: list[Line], n: int, e: int) -> float:
    """Matchpoints (units of one) of a result against the others part by part, scaled by
    Neuberg from ``n`` compared results to ``e``."""
    raw = sum(w1 * w2 * (1.0 if s1 > s2 else 0.5 if s1 == s2 else 0.0)
              for o in others for w1, s1 in ln.parts() for w2, s2 in o.parts())
    return raw if n == e else (raw + 0.5) * e / n - 0.5


def _weighted_board(board: Board, opts: Options, expected: int) -> ScoredBoard:
    """A board with a weighted score (12C1(c)): each part of it is compared with the other
    results in proportion to its weight (and so is every other result against its parts)."""
    lines = board.lines
    comp = [ln for ln in lines if ln.comparable]
    n = len(comp)
    out = ScoredBoard(board, [])
    e = max(expected if opts.neuberg else len(lines), n)
    _, factor, top = _mp_scale(opts, e)
    if opts.method == "MP":
        out.top = top
    for ln in lines:
        if ln.artificial is not None:
            out.lines.append(_weighted_artificial(ln, opts, top))
            continue
        if not ln.comparable:
            out.lines.append(ScoredLine(ln, None, None))
            continue
        others = [o for o in comp if o is not ln]
        if opts.method == "MP":
            ns = _weighted_mp(ln, others, n, e) * factor
            out.lines.append(ScoredLine(ln, ns, top - ns))
        elif opts.method == "TotalPoints":
            v = sum(w * s for w, s in ln.parts())
            out.lines.append(ScoredLine(ln, v, -v))
        else:
            v = _weighted_imps(ln, comp, others, opts, out)
            out.lines.append(ScoredLine(ln, v, -v))
    return out


def _mp_board(board: Board, opts: Options, expected: int, scores: list[int], out: ScoredBoard) -> ScoredBoard:
    """Matchpoints of a board without weighted scores, Neuberg-scaled to ``expected``
    results when the options ask for it; artificial scores take their percentage."""
    lines = board.lines
    n = len(scores)
    counts = Counter(scores)
    below: dict[int, float] = {}
    running = 0
    for value in sorted(counts):
        below[value] = float(running)
        running += counts[value]
    e = expected if opts.neuberg else len(lines)
    e = max(e, n)
    top1, factor, top = _mp_scale(opts, e)
    out.top = top
    for ln in lines:
        if ln.artificial is not None:
            out.lines.append(ScoredLine(ln, top * ln.artificial[0] / 100, top * ln.artificial[1] / 100))
            continue
        s = ln.score_ns
        if s is None:
            out.lines.append(ScoredLine(ln, None, None))
            continue
        raw = below[s] + 0.5 * (counts[s] - 1)
        mp1 = raw if n == e else (raw + 0.5) * e / n - 0.5
        ns = mp1 * factor if top1 else 0.0
        if opts.scale == "percent" and not top1:
            ns = 50.0
        out.lines.append(ScoredLine(ln, ns, top - ns if top1 else ns))
    return out


def _points_board(board: Board, opts: Options, scores: list[int], out: ScoredBoard) -> ScoredBoard:
    """Total points, Butler IMPs against the datum, or cross-IMPs of a board without
    weighted scores; artificial scores take their IMPs (none in total points)."""
    n = len(scores)
    counts = Counter(scores)
    cross: dict[int, int] = {}
    if opts.method == "Butler":
        out.datum = butler_datum(scores, opts.drop, opts.rounding) if scores else None
    for ln in board.lines:
        if ln.artificial is not None:
            if opts.method == "TotalPoints":
                out.lines.append(ScoredLine(ln, None, None))
            else:
                out.lines.append(ScoredLine(ln, _artificial_imps(ln.artificial[0]), _artificial_imps(ln.artificial[1])))
            continue
        s = ln.score_ns
        if s is None:
            out.lines.append(ScoredLine(ln, None, None))
            continue
        v: float
        if opts.method == "TotalPoints":
            v = float(s)
        elif opts.method == "Butler":
            v = float(imps(s - (out.datum or 0)))
        else:
            if s not in cross:
                cross[s] = sum(imps(s - o) * c for o, c in counts.items())
            total = cross[s]
            v = total / (n - 1) if opts.average and n > 1 else float(total)
        out.lines.append(ScoredLine(ln, v, -v))
    return out


def _fouled_board(board: Board, opts: Options, expected: int) -> ScoredBoard:
    """87B: a fouled board's results are split into groups by the form each table played,
    and each group is scored on its own: matchpoints within the group, scaled to the top
    of the whole board by Neuberg's formula (the group is a board with fewer results);
    IMPs (cross-IMPs, the Butler datum) within the group."""
    out = ScoredBoard(board, [])
    forms = sorted({ln.form for ln in board.lines})
    scored: dict[int, ScoredLine] = {}
    full = max(expected, len(board.lines))
    for form in forms:
        group = [ln for ln in board.lines if ln.form == form]
        part = Board(board.number, board.vulnerability, board.dealer, board.deal, group, board.columns, board.scoring)
        got = score_board(part, replace(opts, neuberg=True), full)
        out.top = got.top if out.top is None else out.top
        if got.datum is not None and not form:
            out.datum = got.datum
        for sl in got.lines:
            scored[id(sl.line)] = sl
    out.lines = [scored[id(ln)] for ln in board.lines]
    return out


def score_board(board: Board, opts: Options, expected: int) -> ScoredBoard:
    lines = board.lines
    if len({ln.form for ln in lines}) > 1:
        return _fouled_board(board, opts, expected)
    if any(ln.weighted is not None for ln in lines):
        return _weighted_board(board, opts, expected)
    comp = [ln for ln in lines if ln.comparable]
    scores = [ln.score_ns for ln in comp if ln.score_ns is not None]
    out = ScoredBoard(board, [])
    if opts.method == "MP":
        return _mp_board(board, opts, expected, scores, out)
    return _points_board(board, opts, scores, out)
