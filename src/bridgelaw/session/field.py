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
the file does not explain, a rounding of its own) is never silently put in the computed
one's place: both are kept on the line or standing (``differs``), the computed one is
used unless ``use="recorded"`` asks for the record, and each is listed in ``notes``.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field, replace

from bridgelaw.session.board_scoring import (
    Options,
    ScoredBoard,
    ScoredLine,
    butler_datum,
    imps,
    rnd,
    round_to_10,
    score_board,
)
from bridgelaw.session.event import Event, _number, decimals

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


def _methods_to_try(method: str | None, tag_method: str | None) -> list[str]:
    """The methods calibration tries: the one asked for or tagged, else MP, IMP and Butler
    (a tagged IMP event that was not asked for may be Butler-scored)."""
    chosen = method or tag_method
    methods = [chosen] if chosen else ["MP", "IMP", "Butler"]
    if chosen == "IMP" and method is None:
        methods = ["IMP", "Butler"]
    return methods


def _record_sample(event: Event, key: str) -> tuple[int, int]:
    """(recorded points in the sample of boards, decimals the record writes them with)."""
    with_record = [b for b in event.boards if any(key in ln.recorded for ln in b.lines)]
    recorded = sum(1 for b in with_record[:_SAMPLE] for ln in b.lines if key in ln.recorded)
    places = max((decimals(ln.recorded[key]) or 0 for b in with_record for ln in b.lines
                  if key in ln.recorded), default=0)
    return recorded, places


def _try_variants(event: Event, key: tuple[str, str], cands: list[Options], expected: int,
                  best: Calibration | None) -> tuple[Calibration | None, bool]:
    """Try each variant of one method with both roundings against the recorded points;
    return the best calibration so far and whether it reproduces every sampled score."""
    recorded, places = _record_sample(event, key[0])
    for opts in cands:
        for how in ("half_up", "half_even"):
            o = replace(opts, points_decimals=places, points_rounding=how)
            hits = _agreement(event, o, key[0], expected)
            if best is None or best.points_key is None or hits > best.matched:
                best = Calibration(o, key, hits, recorded)
            if hits == recorded:
                return best, True
    return best, False


def calibrate(event: Event, method: str | None = None) -> Calibration:
    """Choose the method variant that reproduces the event's own recorded points."""
    inferred = method is None
    tag_method = method_of(event.scoring) or method_of(next((b.scoring for b in event.boards if b.scoring), ""))
    expected = expected_results(event)
    best: Calibration | None = None
    for m in _methods_to_try(method, tag_method):
        key = _points_key(event, m, inferred and tag_method is None)
        cands = _candidates(m)
        if key is None:
            if best is None:
                best = Calibration(cands[0], None)
            continue
        best, done = _try_variants(event, key, cands, expected, best)
        if done:
            assert best is not None
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
    recorded: bool = False  # the total or percentage used is the event's record
    penalty: float = 0.0  # Law 90: the points the director's procedural penalties took off the total
    # where the record and the computation differ: figure ("total", "percent") -> (computed, recorded)
    differs: dict[str, tuple[float, float]] = field(default_factory=dict)


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
        seen_ns = {ln.ns for ln in b.lines if ln.ns and not ln.turned}
        seen_ew = {ln.ew for ln in b.lines if ln.ew and not ln.turned}
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
        hits = sum(1 for st in ranking if not st.differs)
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


USES = ("computed", "recorded")


def _keep_recorded_points(sb: ScoredBoard, points_key: tuple[str, str], opts: Options, notes: list[str],
                          use: str) -> None:
    """Where the computation does not reproduce a result's recorded points, both figures
    are kept on the line (``differs``) and ``use`` says which one counts, with a note."""
    kns, kew = points_key
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
        sl.differs = ((sl.ns, sl.ew), (rec, rec_ew))
        notes.append(f"board {sb.board.number}: {sl.line.ns or '?'}-{sl.line.ew or '?'} "
                     f"recorded {sl.line.recorded.get(kns)}, computed "
                     f"{'-' if sl.ns is None else rnd(sl.ns, places + 1, opts.points_rounding)}; "
                     f"the {use} figure is used")
        if use == "recorded":
            sl.ns, sl.ew, sl.recorded = rec, rec_ew, True


def score_event(event: Event, method: str | None = None, penalties: tuple[Penalty, ...] = (), *,
                use: str = "computed") -> FieldResult:
    """Score every board of the event and rank the pairs (less any procedural penalties).
    Where the event's own record differs from the computation, ``use`` says which figure
    counts (the computed one unless ``"recorded"``); both are kept."""
    if use not in USES:
        raise ValueError(f"use {use!r}: expected one of {', '.join(USES)}")
    cal = calibrate(event, method)
    opts = cal.options
    expected = expected_results(event)
    if cal.points_key is None and event.totals:
        opts = _calibrate_totals(event, opts, expected)
    notes: list[str] = []
    boards = [score_board(b, opts, expected) for b in event.boards]
    # the event's own record where the computation does not reproduce it
    if cal.points_key:
        for sb in boards:
            _keep_recorded_points(sb, cal.points_key, opts, notes, use)
    ranking = _rank(event, boards, opts, notes, penalties, use)
    return FieldResult(opts.method, opts, boards, ranking, notes)


_PairKey = tuple[str | None, str]  # (direction when the field is ranked by direction, pair)


def _ranks_by_direction(event: Event) -> bool:
    """Whether the field is ranked NS and EW apart: a directional movement, unless the event's
    own totals (without a direction column) name a single winner of more than two pairs."""
    directional = _by_direction(event)
    rec_rows = event.totals
    has_dir_col = any(_direction(_get(r, ("Direction",))) for r in rec_rows)
    if rec_rows and not has_dir_col and directional:
        ranks = [_get(r, ("Rank",)) for r in rec_rows]
        firsts = [x for x in ranks if x and x.split("-")[0].strip("=") == "1"]
        if len(firsts) == 1 and len(rec_rows) > 2:
            directional = False  # one winner: the event ranked the field as one
    return directional


@dataclass
class _Tally:
    """Per pair: the points, the tops they were scored out of, the boards played, the names."""

    total: dict[_PairKey, float] = field(default_factory=lambda: defaultdict(float))
    tops: dict[_PairKey, float] = field(default_factory=lambda: defaultdict(float))
    played: dict[_PairKey, int] = field(default_factory=lambda: defaultdict(int))
    names: dict[_PairKey, str] = field(default_factory=dict)


def _tally(boards: list[ScoredBoard], directional: bool) -> _Tally:
    t = _Tally()
    for sb in boards:
        for sl in sb.lines:
            ln = sl.line
            home = ("EW", "NS") if ln.turned else ("NS", "EW")  # 15: a turned board's pairs keep their field
            for pid, pts, d, nm in ((ln.ns, sl.ns, home[0], ln.names_ns), (ln.ew, sl.ew, home[1], ln.names_ew)):
                if not pid or pts is None:
                    continue
                key = (d if directional else None, pid)
                t.total[key] += pts
                t.tops[key] += sb.top or 0.0
                t.played[key] += 1
                if nm:
                    t.names.setdefault(key, nm)
    return t


def _apply_penalties(total: dict[_PairKey, float], penalties: tuple[Penalty, ...], directional: bool,
                     board_top: float, opts: Options, notes: list[str]) -> dict[_PairKey, float]:
    """Law 90: take each procedural penalty from its pair's total (a pair named without a
    direction is found when it played in one direction only); the points taken, by pair. A
    penalty naming a pair with no result (a session's log from before such penalties were
    refused) is left out and named in ``notes``: the ranking of those who played still stands."""
    taken: dict[_PairKey, float] = defaultdict(float)
    for pen in penalties:
        key = (pen.direction if directional else None, pen.pair)
        if key not in total and directional and pen.direction is None:
            found = [k for k in total if k[1] == pen.pair]
            key = found[0] if len(found) == 1 else key
        if key not in total:
            notes.append(f"a penalty of pair {pen.pair} is left out: that pair has no result")
            continue
        points = pen.fraction * board_top if opts.method == "MP" else pen.points
        total[key] -= points
        taken[key] += points
    return taken


def _recorded_totals(rec_rows: list[dict[str, str]], total: dict[_PairKey, float],
                     directional: bool) -> dict[_PairKey, dict[str, str]]:
    """The event's own totals rows by pair key (section-prefixed pair numbers, and the
    direction found from the scores when the row does not give it)."""
    recorded: dict[_PairKey, dict[str, str]] = {}
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
    return recorded


def _total_decimals(opts: Options, rec_rows: list[dict[str, str]]) -> tuple[int, int]:
    """Decimals of the totals and the percentages: as many as the event's own record shows."""
    tdec = opts.total_decimals if opts.method in ("MP", "IMP") else 0
    pdec = opts.percent_decimals
    tvals = [_get(r, _TOTAL_KEYS) for r in rec_rows]
    pvals = [_get(r, _PERCENT_KEYS) for r in rec_rows]
    if any(t is not None for t in tvals):
        tdec = max(decimals(t) or 0 for t in tvals if t is not None)
    if any(p is not None for p in pvals):
        pdec = max(decimals(p) or 0 for p in pvals if p is not None)
    return tdec, pdec


def _keep_record(st: Standing, rec: dict[str, str], tdec: int, pdec: int, notes: list[str], use: str = "computed") -> None:
    """Where the event's recorded total or percentage differs from the computed one, both
    are kept (``differs``) and ``use`` says which counts, with a note; recorded names fill
    in missing ones."""
    rt, rp = _number(_get(rec, _TOTAL_KEYS)), _number(_get(rec, _PERCENT_KEYS))
    if rt is not None and abs(rt - st.total) > 0.5 * 10 ** -tdec + 1e-9:
        notes.append(f"pair {st.pair}: recorded total {rt}, computed {st.total}; the {use} figure is used")
        st.differs["total"] = (st.total, rt)
        if use == "recorded":
            st.total, st.recorded = rt, True
    if rp is not None and st.percent is not None and abs(rp - st.percent) > 0.5 * 10 ** -pdec + 1e-9:
        notes.append(f"pair {st.pair}: recorded {rp}%, computed {st.percent}%; the {use} figure is used")
        st.differs["percent"] = (st.percent, rp)
        if use == "recorded":
            st.percent, st.recorded = rp, True
    rec_names = _get(rec, ("Names",))
    if rec_names and not st.names:
        st.names = rec_names


def _ranked(rows: list[Standing], directional: bool) -> list[Standing]:
    """The standings sorted and labelled with their ranks, NS and EW apart if directional."""
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


def _rank(event: Event, boards: list[ScoredBoard], opts: Options, notes: list[str],
          penalties: tuple[Penalty, ...] = (), use: str = "computed") -> list[Standing]:
    directional = _ranks_by_direction(event)
    rec_rows = event.totals
    t = _tally(boards, directional)
    if not t.total:
        return []
    board_top = max((sb.top or 0.0 for sb in boards), default=0.0)
    taken = _apply_penalties(t.total, penalties, directional, board_top, opts, notes)
    recorded = _recorded_totals(rec_rows, t.total, directional)
    tdec, pdec = _total_decimals(opts, rec_rows)
    rows: list[Standing] = []
    for key, tot in t.total.items():
        pct = 100.0 * tot / t.tops[key] if opts.method == "MP" and t.tops[key] else None
        st = Standing(key[1], key[0], rnd(tot, tdec), None if pct is None else rnd(pct, pdec),
                      names=t.names.get(key, ""), boards=t.played[key], penalty=rnd(taken.get(key, 0.0), tdec))
        rec = recorded.get(key)
        if rec is not None:
            _keep_record(st, rec, tdec, pdec, notes, use)
        rows.append(st)
    return _ranked(rows, directional)


__all__ = [
    "METHODS", "USES", "Calibration", "FieldResult", "Options", "Penalty", "ScoredBoard", "ScoredLine", "Standing",
    "butler_datum", "calibrate", "expected_results", "imps", "method_of", "rank_labels", "rnd", "round_to_10",
    "score_board", "score_event",
]
