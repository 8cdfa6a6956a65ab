"""``bridgelaw replay`` and ``bridgelaw convert``: hand records on the command line.

``replay FILES_OR_DIRS... [--json] [--jobs N]`` replays every .pbn/.lin board through the
Laws engine and prints per-file and total counts and, for each board that did not replay
or reproduce, the first disagreement in one line.  ``convert IN OUT`` rewrites a file
as PBN or LIN (by OUT's extension).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TextIO

from bridgelaw.errors import BridgeLawError
from bridgelaw.i18n import Msg, localize, msg, tr
from bridgelaw.io.replay import DEFECTS, OUTCOMES, Summary, replay_paths


class _Progress:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.enabled = stream.isatty()
        self.started = time.monotonic()
        self.last = 0.0

    def __call__(self, done: int, total: int, boards: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        filled = width * done // max(total, 1)
        rate = boards / max(now - self.started, 1e-6)
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} files, {boards} boards, {rate:.0f} boards/s")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


def cmd_replay(args: argparse.Namespace) -> int:
    for p in args.paths:
        if not Path(p).exists():
            raise BridgeLawError(f"{p}: no such file or folder")
    progress = _Progress(sys.stderr)
    summary = replay_paths(args.paths, jobs=args.jobs, progress=progress)
    progress.close()
    if args.json:
        out = summary.to_json()
        if not args.per_file:
            out.pop("per_file")
        sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
    else:
        print_text(summary, sys.stdout, per_file=args.per_file, lang=args.lang)
    return 0


_MODES = {"online": msg("replay.mode.online"), "table": msg("replay.mode.table")}  # how a board was replayed


def print_text(summary: Summary, out: TextIO, *, per_file: bool = False, lang: str = "en") -> None:
    """The replay's summary as text in ``lang``: the problems, the counts per file (up to
    twenty files, or with ``per_file``), the boards ruled on, the totals, the boards by
    outcome and the problems by defect."""
    for p in summary.problems:
        out.write(p.line(lang) + "\n")
    if per_file or summary.files <= 20:
        for name, c in summary.per_file.items():
            out.write(msg("replay.per_file", name=name, **c).render(lang) + "\n")
    for r in summary.ruled:
        mode = _MODES[r.mode].render(lang) if r.mode in _MODES else r.mode
        rulings = "; ".join(tr(x, lang) for x in r.rulings)
        out.write(msg("replay.ruled", file=r.file, board=r.board, mode=mode, rulings=rulings).render(lang) + "\n")
    out.write(_total(summary).render(lang) + "\n")
    out.write(msg("replay.by_outcome").render(lang) + "\n")
    for key, n in summary.outcomes.items():
        out.write(f"  {n:6d}  {localize(OUTCOMES.get(key, key), lang)}\n")
    by_defect: dict[str, int] = {}
    for p in summary.problems:
        by_defect[p.defect or "?"] = by_defect.get(p.defect or "?", 0) + 1
    if by_defect:
        out.write(msg("replay.by_defect").render(lang) + "\n")
    for key, n in sorted(by_defect.items(), key=lambda kv: -kv[1]):
        out.write(f"  {n:6d}  {localize(DEFECTS.get(key, key), lang)}\n")


def _total(summary: Summary) -> Msg:
    share = f" ({100 * summary.reproduced / summary.recorded:.2f}%)" if summary.recorded else ""
    return msg(
        "replay.total", files=summary.files, boards=summary.boards, replayed=summary.replayed,
        legal_auctions=summary.legal_auctions, complete_auctions=summary.complete_auctions,
        legal_play=summary.legal_play, full_play=summary.full_play, reproduced=summary.reproduced,
        recorded=summary.recorded, share=share, claims=summary.claims_credited, result_only=summary.result_only,
        cancelled=summary.cancelled_calls, turned=summary.turned_deals, problems=len(summary.problems),
    )


def cmd_convert(args: argparse.Namespace) -> int:
    from bridgelaw.io.lin import lin_losses, pbn_losses, write_lin_file
    from bridgelaw.io.pbn import write_pbn
    from bridgelaw.io.replay import read_file

    records = read_file(args.input)
    for rec in records:
        for problem in rec.problems:
            print(f"{args.input}: {rec.name}: {problem}", file=sys.stderr)
    good = [r for r in records if r.deal is not None]
    for rec in records:
        if rec.deal is None:
            print(f"{args.input}: {rec.name}: not written (no deal)", file=sys.stderr)
    to_lin = args.output.lower().endswith(".lin")
    from_lin = args.input.lower().endswith(".lin")
    dropped: dict[str, int] = {}
    for rec in good:
        for loss in (lin_losses(rec) if to_lin else pbn_losses(rec) if from_lin else []):
            dropped[loss] = dropped.get(loss, 0) + 1
    for loss, n in sorted(dropped.items(), key=lambda kv: -kv[1]):
        print(f"{args.input}: dropped from {n} board(s): {loss}", file=sys.stderr)
    text = write_lin_file(good) if to_lin else write_pbn(good)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
    return 0


def add_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("replay", help="replay PBN/LIN hand records through the Laws engine and compare results")
    p.add_argument("paths", nargs="+", metavar="FILES_OR_DIRS")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    p.add_argument("--per-file", action="store_true", help="counts for every file")
    p.add_argument("--lang", choices=("en", "ru"), default="en",
                   help="language of the summary's texts (counts, outcomes, defects); the JSON output is the same in both")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("convert", help="rewrite a PBN or LIN file as PBN or LIN (by the output's extension)")
    p.add_argument("input")
    p.add_argument("output", help="a .pbn or .lin path, or - for PBN on standard output")
    p.set_defaults(func=cmd_convert)
