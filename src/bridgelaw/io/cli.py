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
        print_text(summary, sys.stdout, per_file=args.per_file)
    return 0


def print_text(summary: Summary, out: TextIO, *, per_file: bool = False) -> None:
    for p in summary.problems:
        out.write(p.line() + "\n")
    if per_file or summary.files <= 20:
        for name, c in summary.per_file.items():
            out.write(
                f"{name}: {c['boards']} boards, {c['legal_auctions']} legal auctions, {c['legal_play']} legal play, "
                f"{c['reproduced']}/{c['recorded']} reproduced, {c['problems']} problems\n"
            )
    for r in summary.ruled:
        out.write(f"{r.file}: {r.board}: replayed in {r.mode} mode; rulings: {'; '.join(r.rulings)}\n")
    share = f" ({100 * summary.reproduced / summary.recorded:.2f}%)" if summary.recorded else ""
    out.write(
        f"total: {summary.files} files, {summary.boards} boards, {summary.replayed} replayed; "
        f"{summary.legal_auctions}/{summary.complete_auctions} complete auctions legal; "
        f"{summary.legal_play}/{summary.full_play} full plays legal; "
        f"{summary.reproduced}/{summary.recorded} recorded results reproduced{share}; "
        f"{summary.claims_credited} claims credited from the record; "
        f"{summary.result_only} results without an auction; "
        f"{summary.cancelled_calls} passes after the auction cancelled (Law 39A); "
        f"{summary.turned_deals} deals read with the hands turned to fit the play; {len(summary.problems)} problems\n"
    )
    out.write("every board, by outcome:\n")
    for key, n in summary.outcomes.items():
        out.write(f"  {n:6d}  {OUTCOMES[key]}\n")
    by_defect: dict[str, int] = {}
    for p in summary.problems:
        by_defect[p.defect or "?"] = by_defect.get(p.defect or "?", 0) + 1
    if by_defect:
        out.write("problems, by defect:\n")
    for key, n in sorted(by_defect.items(), key=lambda kv: -kv[1]):
        out.write(f"  {n:6d}  {DEFECTS.get(key, key)}\n")


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
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("convert", help="rewrite a PBN or LIN file as PBN or LIN (by the output's extension)")
    p.add_argument("input")
    p.add_argument("output", help="a .pbn or .lin path, or - for PBN on standard output")
    p.set_defaults(func=cmd_convert)
