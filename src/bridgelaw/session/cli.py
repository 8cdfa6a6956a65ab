"""``bridgelaw score FILE.pbn [--json] [--method MP|IMP|Butler|TotalPoints] [--use
computed|recorded]``: score an event from its PBN file (boards with ScoreTable sections)
and print the travellers and the ranking. Where the file's own figures differ from the
computed ones, the JSON carries both and says which one counts."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bridgelaw.errors import BridgeLawError
from bridgelaw.session.board_scoring import ScoredBoard, ScoredLine
from bridgelaw.session.event import read_event
from bridgelaw.session.field import (
    METHODS,
    USES,
    FieldResult,
    Standing,
    method_of,
    rnd,
    score_event,
)


def read_text(path: str) -> str:
    from bridgelaw.io.pbn import decode

    try:
        if path == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as fh:
                raw = fh.read()
    except OSError as e:
        raise BridgeLawError(f"cannot read {path}: {e.strerror}") from None
    return decode(raw)[0]


def _num(x: float | None, places: int, how: str = "half_up") -> float | int | None:
    if x is None:
        return None
    v = rnd(x, places, how)
    return int(v) if places == 0 else v


def _both(used: str, computed: dict[str, Any], recorded: dict[str, Any]) -> dict[str, Any]:
    """Where a computed figure and the event's recorded one differ: both, and which counts."""
    return {"computed": computed, "recorded": recorded, "used": used}


def _line_json(sl: ScoredLine, res: FieldResult) -> dict[str, Any]:
    ln = sl.line
    places, how = res.options.points_decimals, res.options.points_rounding
    out: dict[str, Any] = {
        "ns": ln.ns, "ew": ln.ew, "contract": ln.contract, "declarer": ln.declarer,
        "result": ln.tricks, "score_ns": ln.score_ns,
        "points_ns": _num(sl.ns, places, how), "points_ew": _num(sl.ew, places, how),
    }
    if ln.artificial:
        out["artificial"] = list(ln.artificial)
    if sl.differs is not None:
        (cns, cew), (rns, rew) = sl.differs
        out.update(_both("recorded" if sl.recorded else "computed",
                         {"points_ns": _num(cns, places, how), "points_ew": _num(cew, places, how)},
                         {"points_ns": rns, "points_ew": rew}))
    return out


def _standing_json(s: Standing, res: FieldResult) -> dict[str, Any]:
    whole = res.method in ("Butler", "TotalPoints")
    out: dict[str, Any] = {"pair": s.pair, "direction": s.direction,
                           "total": int(s.total) if whole and s.total == int(s.total) else s.total,
                           "percent": s.percent, "rank": s.rank, "names": s.names}
    if s.penalty:
        out["penalty"] = s.penalty  # Law 90: already taken off the total
    if s.differs:
        out.update(_both("recorded" if s.recorded else "computed",
                         {k: v[0] for k, v in s.differs.items()}, {k: v[1] for k, v in s.differs.items()}))
    return out


def result_json(res: FieldResult) -> dict[str, Any]:
    """The result as one JSON object: method, boards with their travellers (and, at
    matchpoints, the board's top), ranking, and the notes. Wherever the event's record
    and the computation differ, the line or standing carries both (``computed``,
    ``recorded``) and which one its figures are (``used``)."""
    boards = [{"board": sb.board.number, "datum": sb.datum, "top": sb.top if res.method == "MP" else None,
               "results": [_line_json(sl, res) for sl in sb.lines]} for sb in res.boards]
    return {"method": res.method, "boards": boards, "ranking": [_standing_json(s, res) for s in res.ranking],
            "notes": list(res.notes)}


def result_text(res: FieldResult, title: str = "") -> str:
    """The result as text: the method, each board's traveller, the ranking and the notes."""
    places = res.options.points_decimals
    out: list[str] = []
    if title:
        out.append(title)
    out.append(f"Scoring: {res.method}")
    for sb in res.boards:
        out.extend(_traveller_text(sb, places))
    if res.ranking:
        out.append("\nRanking")
        for s in res.ranking:
            pct = "" if s.percent is None else f"{s.percent}%"
            d = f"{s.direction} " if s.direction else ""
            pen = f"  (penalty -{s.penalty})" if s.penalty else ""
            out.append(f"{s.rank:>6}  {d}{s.pair:>5}  {s.total:>9}  {pct:>8}  {s.names}{pen}")
    for n in res.notes:
        out.append(f"note: {n}")
    return "\n".join(out) + "\n"


def _traveller_text(sb: ScoredBoard, places: int) -> list[str]:
    """One board's traveller: its number and datum, a header, a line per result."""
    head = f"\nBoard {sb.board.number}"
    if sb.datum is not None:
        head += f"  datum {sb.datum}"
    out = [head, f"{'NS':>5} {'EW':>5} {'Contract':<8} {'By':<2} {'Tricks':>6} {'Score':>6} {'Pts NS':>8} {'Pts EW':>8}"]
    for sl in sb.lines:
        ln = sl.line
        pns = "" if sl.ns is None else f"{rnd(sl.ns, places):.{places}f}"
        pew = "" if sl.ew is None else f"{rnd(sl.ew, places):.{places}f}"
        contract = ln.contract or ("adjusted" if ln.artificial else "-")
        score = "" if ln.score_ns is None else str(ln.score_ns)
        tricks = "" if ln.tricks is None else str(ln.tricks)
        out.append(f"{ln.ns or '':>5} {ln.ew or '':>5} {contract:<8} {ln.declarer or '':<2} {tricks:>6} "
                   f"{score:>6} {pns:>8} {pew:>8}")
    return out


def cmd_score(args: argparse.Namespace) -> int:
    method: str | None = None
    if args.method:
        method = method_of(args.method)
        if method is None:
            raise BridgeLawError(f"--method {args.method!r} is not a scoring method: expected one of {', '.join(METHODS)}")
    event = read_event(read_text(args.file))
    if not event.boards:
        raise BridgeLawError(f"{args.file} has no board with a ScoreTable section")
    res = score_event(event, method, use=args.use)
    for p in event.problems:
        print(f"bridgelaw: warning: {p}", file=sys.stderr)
    if args.json:
        sys.stdout.write(json.dumps(result_json(res), ensure_ascii=False) + "\n")
        for n in res.notes:
            print(f"bridgelaw: note: {n}", file=sys.stderr)
    else:
        sys.stdout.write(result_text(res, event.name))
    return 0


def add_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("score", help="score an event from its PBN file (boards with ScoreTable sections)")
    p.add_argument("file", help="the PBN file, or - for standard input")
    p.add_argument("--json", action="store_true", help="print one JSON object: method, boards, ranking")
    p.add_argument("--method", help="score by this method instead of the file's [Scoring] tag: MP, IMP, Butler, TotalPoints")
    p.add_argument("--use", choices=USES, default="computed",
                   help="where the file's recorded points or totals differ from the computed ones, which to rank by "
                        "(default: computed; the JSON carries both wherever they differ)")
    p.set_defaults(func=cmd_score)
