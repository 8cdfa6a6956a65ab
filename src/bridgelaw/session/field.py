"""Scoring a field (Law 78): every board's traveller against the others, and the ranking.

Methods:

* ``MP`` matchpoints (78A): a result beating another earns a point, a tie half; the board
  is then counted on the event's scale: one point per result beaten (top ``n - 1``), two
  (top ``2(n - 1)``), or a percentage (top 100). A board with fewer comparable results
  than the most played is scaled by Neuberg's formula ``(mp + ½) · E / n - ½``; an
  artificial adjusted score (12C2) gets its percentage of the top and is not compared;
* ``IMP`` IMPs across the field (78B): every result against every other, the IMPs
  averaged over the comparisons (cross-IMPs; with two results this is a team match);
* ``Butler``: IMPs against a datum, the mean of the results less a number of the top and
  bottom ones, rounded to 10;
* ``TotalPoints`` (78C): the score itself.

An event file that records its own points (``MP_NS``, ``IMP_NS``) or totals
(``TotalScoreTable``) tells which variant it used (scale, Neuberg, averaging, how many
results the datum leaves out, the rounding); ``calibrate`` picks the variant that
reproduces the most of them. A recorded figure that no variant reproduces (an adjustment
the file does not explain) is taken as the event recorded it, and listed in ``notes``.
"""

from __future__ import annotations

import bisect
import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal

from bridgelaw.scoring_methods import IMP_SCALE
from bridgelaw.session.event import Board, Event, Line, _number, decimals

METHODS = ("MP", "IMP", "Butler", "TotalPoints")
_ALIASES = {
    "mp": "MP", "mps": "MP", "matchpoints": "MP", "matchpoint": "MP", "matchpointed": "MP",
    "bam": "MP", "boardamatch": "MP", "board-a-match": "MP", "pairs": "MP",
    "imp": "IMP", "imps": "IMP", "cross": "IMP", "crossimp": "IMP", "crossimps": "IMP",
    "ximp": "IMP", "ximps": "IMP", "cross-imps": "IMP", "cross-imp": "IMP",
    "butler": "Butler", "butlerimp": "Butler", "butlerimps": "Butler", "datum": "Butler",
    "totalpoints": "TotalPoints", "total": "TotalPoints", "points": "TotalPoints",
    "aggregate": "TotalPoints", "tp": "TotalPoints",
}


def method_of(text: str | None) -> str | None:
    """The method a ``[Scoring]`` tag (or ``--method``) names, or None when it names none.
    The most specific word wins: ``IMP;Butler`` is Butler."""
    if not text:
        return None
    words = [w for w in re.split(r"[;,\s/]+", text.strip().lower()) if w]
    found = [_ALIASES[w] for w in words if w in _ALIASES]
    for specific in ("Butler", "TotalPoints", "IMP", "MP"):
        if specific in found:
            return specific
    return None


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
    recorded: bool = False  # taken from the event's record, not computed


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


def score_board(board: Board, opts: Options, expected: int) -> ScoredBoard:
    lines = board.lines
    if any(ln.weighted is not None for ln in lines):
        return _weighted_board(board, opts, expected)
    comp = [ln for ln in lines if ln.comparable]
    scores = [ln.score_ns for ln in comp if ln.score_ns is not None]
    out = ScoredBoard(board, [])
    if opts.method == "MP":
        return _mp_board(board, opts, expected, scores, out)
    return _points_board(board, opts, scores, out)


# ---------------------------------------------------------------------- calibration
_POINT_KEYS = {"MP": ("MP_NS", "MP_EW"), "IMP": ("IMP_NS", "IMP_EW"), "Butler": ("IMP_NS", "IMP_EW"),
               "TotalPoints": ("Score_NS", "Score_EW")}


def _points_key(event: Event, method: str, inferred: bool) -> tuple[str, str] | None:
    keys = _POINT_KEYS[method]
    present = {k for b in event.boards for ln in b.lines for k in ln.recorded}
    if keys[0] in present:
        return keys
    if inferred:
        for pair in (("MP_NS", "MP_EW"), ("IMP_NS", "IMP_EW"), ("Percentage_NS", "Percentage_EW")):
            if pair[0] in present:
                return pair
    return None


def _candidates(method: str) -> list[Options]:
    if method == "MP":
        return [Options("MP", scale, nb) for scale in ("one", "two", "percent") for nb in (True, False)]
    if method == "IMP":
        return [Options("IMP", average=a) for a in (True, False)]
    if method == "Butler":
        return [Options("Butler", drop=d, rounding=r, points_decimals=0)
                for d in (1, 0, 2, 3) for r in ("half_up", "half_away", "half_even")]
    return [Options("TotalPoints", points_decimals=0)]


def _matches(x: float, rec: str, how: str) -> bool:
    """Whether a computed figure, rounded as the event rounds, is the recorded one."""
    want = _number(rec)
    if want is None:
        return False
    places = decimals(rec) or 0
    half = 0.5 * 10 ** -places
    diff = abs(x - want)
    if diff > half + 1e-9:
        return False
    if diff < half - 1e-9:
        return True
    return abs(rnd(x, places, how) - want) < 1e-9


_SAMPLE = 40  # boards enough to tell the variants apart


def _agreement(event: Event, opts: Options, key: str, expected: int) -> int:
    hits = 0
    sampled = 0
    for board in event.boards:
        if not any(key in ln.recorded for ln in board.lines):
            continue
        sampled += 1
        if sampled > _SAMPLE:
            break
        sb = score_board(board, opts, expected)
        for sl in sb.lines:
            rec = sl.line.recorded.get(key)
            if rec is not None and sl.ns is not None and _matches(sl.ns, rec, opts.points_rounding):
                hits += 1
    return hits


@dataclass(slots=True)
class Calibration:
    options: Options
    points_key: tuple[str, str] | None
    matched: int = 0
    recorded: int = 0


def expected_results(event: Event) -> int:
    return max((len(b.lines) for b in event.boards), default=0)


def calibrate(event: Event, method: str | None = None) -> Calibration:
    """Choose the method variant that reproduces the event's own recorded points."""
    inferred = method is None
    tag_method = method_of(event.scoring) or method_of(next((b.scoring for b in event.boards if b.scoring), ""))
    chosen = method or tag_method
    expected = expected_results(event)
    methods = [chosen] if chosen else ["MP", "IMP", "Butler"]
    if chosen == "IMP" and inferred:
        methods = ["IMP", "Butler"]
    best: Calibration | None = None
    for m in methods:
        key = _points_key(event, m, inferred and tag_method is None)
        cands = _candidates(m)
        if key is None:
            cal = Calibration(cands[0], None)
            if best is None:
                best = cal
            continue
        with_record = [b for b in event.boards if any(key[0] in ln.recorded for ln in b.lines)]
        recorded = sum(1 for b in with_record[:_SAMPLE] for ln in b.lines if key[0] in ln.recorded)
        places = max((decimals(ln.recorded[key[0]]) or 0 for b in with_record for ln in b.lines
                      if key[0] in ln.recorded), default=0)
        for opts in cands:
            for how in ("half_up", "half_even"):
                o = replace(opts, points_decimals=places, points_rounding=how)
                hits = _agreement(event, o, key[0], expected)
                if best is None or best.points_key is None or hits > best.matched:
                    best = Calibration(o, key, hits, recorded)
                if hits == recorded:
                    return best
    assert best is not None
    return best


# ---------------------------------------------------------------------- ranking
@dataclass(slots=True)
class Standing:
    pair: str
    direction: str | None
    total: float
    percent: float | None
    rank: str = ""
    names: str = ""
    boards: int = 0
    recorded: bool = False


@dataclass(slots=True)
class FieldResult:
    method: str
    options: Options
    boards: list[ScoredBoard]
    ranking: list[Standing]
    notes: list[str] = field(default_factory=list)


def _by_direction(event: Event) -> bool:
    """True when the pairs are numbered per direction (a Mitchell: NS 1 and EW 1 are two
    pairs) or each pair sat one way all session; False for one field (a Howell, or a
    Mitchell with arrow-switches) where a pair sat both ways."""
    ns_ids: set[str] = set()
    ew_ids: set[str] = set()
    for b in event.boards:
        seen_ns = {ln.ns for ln in b.lines if ln.ns}
        seen_ew = {ln.ew for ln in b.lines if ln.ew}
        if seen_ns & seen_ew:
            return True
        ns_ids |= seen_ns
        ew_ids |= seen_ew
    return not (ns_ids & ew_ids)


_TOTAL_KEYS = ("TotalScoreMP", "TotalMP", "TotalScoreIMP", "TotalIMP", "TotalScore", "TotalScoreBAM",
               "TotalPoints", "Total", "Score")
_PERCENT_KEYS = ("TotalPercentage", "Percentage", "MeanPercentage", "TotalScorePercentage", "Percent")


def _get(row: dict[str, str], names: tuple[str, ...]) -> str | None:
    low = {k.lower(): v for k, v in row.items()}
    for n in names:
        v = low.get(n.lower())
        if v is not None and v.strip() not in ("", "-", "?"):
            return v.strip()
    return None


def _direction(text: str | None) -> str | None:
    t = (text or "").strip().upper().replace("-", "").replace("/", "")
    return {"NS": "NS", "N": "NS", "EW": "EW", "E": "EW", "W": "EW", "S": "NS"}.get(t)


def rank_labels(values: list[float]) -> list[str]:
    """Ranks for values sorted best first: a tie shares its places (``"4-5"``)."""
    out: list[str] = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[i]:
            j += 1
        label = str(i + 1) if i == j else f"{i + 1}-{j + 1}"
        out.extend([label] * (j - i + 1))
        i = j + 1
    return out


def _pair_order(pair: str) -> tuple[int, str]:
    digits = re.sub(r"\D", "", pair)
    return (int(digits) if digits else 0, pair)


def _calibrate_totals(event: Event, opts: Options, expected: int) -> Options:
    """With no per-result figures recorded, the recorded totals decide the variant (a
    file may carry only its TotalScoreTable)."""
    best, best_hits = opts, -1
    for cand in _candidates(opts.method):
        cand = replace(cand, points_decimals=opts.points_decimals if opts.method != "Butler" else 0)
        boards = [score_board(b, cand, expected) for b in event.boards]
        ranking = _rank(event, boards, cand, [])
        hits = sum(1 for st in ranking if not st.recorded)
        if hits > best_hits:
            best, best_hits = cand, hits
        if hits == len(ranking):
            break
    return best


@dataclass(frozen=True, slots=True)
class Penalty:
    """Law 90: a procedural penalty, taken from one pair's total (the opponents gain
    nothing). ``fraction`` of a board's top at matchpoints, else ``points`` (IMPs)."""

    pair: str
    direction: str | None = None
    fraction: float = 0.0
    points: float = 0.0
    reason: str = ""


def score_event(event: Event, method: str | None = None, penalties: tuple[Penalty, ...] = ()) -> FieldResult:
    """Score every board of the event and rank the pairs (less any procedural penalties)."""
    cal = calibrate(event, method)
    opts = cal.options
    expected = expected_results(event)
    if cal.points_key is None and event.totals:
        opts = _calibrate_totals(event, opts, expected)
    notes: list[str] = []
    boards = [score_board(b, opts, expected) for b in event.boards]
    # the event's own record where the computation does not reproduce it
    if cal.points_key:
        kns, kew = cal.points_key
        for sb in boards:
            for sl in sb.lines:
                text = sl.line.recorded.get(kns)
                rec = _number(text)
                if text is None or rec is None:
                    continue
                places = decimals(text) or 0
                if sl.ns is not None and _matches(sl.ns, text, opts.points_rounding):
                    continue
                rec_ew = _number(sl.line.recorded.get(kew))
                if rec_ew is None:
                    rec_ew = (sb.top - rec) if (opts.method == "MP" and sb.top is not None) else -rec
                notes.append(f"board {sb.board.number}: {sl.line.ns or '?'}-{sl.line.ew or '?'} "
                             f"recorded {sl.line.recorded.get(kns)}, computed "
                             f"{'-' if sl.ns is None else rnd(sl.ns, places + 1, opts.points_rounding)}; the record is kept")
                sl.ns, sl.ew, sl.recorded = rec, rec_ew, True
    ranking = _rank(event, boards, opts, notes, penalties)
    return FieldResult(opts.method, opts, boards, ranking, notes)


def _rank(event: Event, boards: list[ScoredBoard], opts: Options, notes: list[str],
          penalties: tuple[Penalty, ...] = ()) -> list[Standing]:
    directional = _by_direction(event)
    rec_rows = event.totals
    has_dir_col = any(_direction(_get(r, ("Direction",))) for r in rec_rows)
    if rec_rows and not has_dir_col and directional:
        ranks = [_get(r, ("Rank",)) for r in rec_rows]
        firsts = [x for x in ranks if x and x.split("-")[0].strip("=") == "1"]
        if len(firsts) == 1 and len(rec_rows) > 2:
            directional = False  # one winner: the event ranked the field as one
    total: dict[tuple[str | None, str], float] = defaultdict(float)
    tops: dict[tuple[str | None, str], float] = defaultdict(float)
    played: dict[tuple[str | None, str], int] = defaultdict(int)
    names: dict[tuple[str | None, str], str] = {}
    for sb in boards:
        for sl in sb.lines:
            ln = sl.line
            for pid, pts, d, nm in ((ln.ns, sl.ns, "NS", ln.names_ns), (ln.ew, sl.ew, "EW", ln.names_ew)):
                if not pid or pts is None:
                    continue
                key = (d if directional else None, pid)
                total[key] += pts
                tops[key] += sb.top or 0.0
                played[key] += 1
                if nm:
                    names.setdefault(key, nm)
    if not total:
        return []
    board_top = max((sb.top or 0.0 for sb in boards), default=0.0)
    for pen in penalties:
        key = (pen.direction if directional else None, pen.pair)
        if key not in total and directional and pen.direction is None:
            found = [k for k in total if k[1] == pen.pair]
            key = found[0] if len(found) == 1 else key
        if key not in total:
            raise ValueError(f"a penalty names pair {pen.pair}, which did not play")
        total[key] -= pen.fraction * board_top if opts.method == "MP" else pen.points
    recorded: dict[tuple[str | None, str], dict[str, str]] = {}
    for r in rec_rows:
        pid = _get(r, ("PairId", "Pair", "PairNumber", "TeamId"))
        if not pid:
            continue
        rd = _direction(_get(r, ("Direction",))) if directional else None
        sec: str | None = _get(r, ("Section",))
        if sec and any(k[1] == f"{sec}{pid}" for k in total):
            pid = f"{sec}{pid}"
        if rd is None and directional:
            matches = [k for k in total if k[1] == pid]
            rd = matches[0][0] if len(matches) == 1 else None
        recorded[(rd, pid)] = r
    tdec = opts.total_decimals if opts.method in ("MP", "IMP") else 0
    pdec = opts.percent_decimals
    tvals = [_get(r, _TOTAL_KEYS) for r in rec_rows]
    pvals = [_get(r, _PERCENT_KEYS) for r in rec_rows]
    if any(t is not None for t in tvals):
        tdec = max(decimals(t) or 0 for t in tvals if t is not None)
    if any(p is not None for p in pvals):
        pdec = max(decimals(p) or 0 for p in pvals if p is not None)
    rows: list[Standing] = []
    for key, tot in total.items():
        pct = 100.0 * tot / tops[key] if opts.method == "MP" and tops[key] else None
        st = Standing(key[1], key[0], rnd(tot, tdec), None if pct is None else rnd(pct, pdec),
                      names=names.get(key, ""), boards=played[key])
        rec = recorded.get(key)
        if rec is not None:
            rt, rp = _number(_get(rec, _TOTAL_KEYS)), _number(_get(rec, _PERCENT_KEYS))
            if rt is not None and abs(rt - st.total) > 0.5 * 10 ** -tdec + 1e-9:
                notes.append(f"pair {key[1]}: recorded total {rt}, computed {st.total}; the record is kept")
                st.total, st.recorded = rt, True
            if rp is not None and st.percent is not None and abs(rp - st.percent) > 0.5 * 10 ** -pdec + 1e-9:
                notes.append(f"pair {key[1]}: recorded {rp}%, computed {st.percent}%; the record is kept")
                st.percent, st.recorded = rp, True
            rec_names = _get(rec, ("Names",))
            if rec_names and not st.names:
                st.names = rec_names
        rows.append(st)
    out: list[Standing] = []
    groups = ["NS", "EW"] if directional else [None]
    for g in groups:
        group = [s for s in rows if s.direction == g]
        group.sort(key=lambda s: (-(s.percent if s.percent is not None else s.total), -s.total, _pair_order(s.pair)))
        labels = rank_labels([s.percent if s.percent is not None else s.total for s in group])
        for s, lab in zip(group, labels, strict=True):
            s.rank = lab
        out.extend(group)
    return out
