"""On demand: boards per second for parse + replay over the shared corpus, next to
endplay's PBN parser on the same PBN files.

    .venv/bin/python benchmarks/bench_replay.py [CORPUS] [--jobs N]

Parse and replay figures are CPU time of this process (a busy machine does not skew
them).  The parser comparison counts only the files that endplay reads without raising,
both parsers reading each file in full from its bytes, best of three rounds.  ``--jobs``
figures are wall time (what a user waits for), with the number of cores used.
"""

from __future__ import annotations

import argparse
import io
import time
from pathlib import Path

from bridgelaw.io.pbn import read_pbn
from bridgelaw.io.replay import collect, read_file, replay_paths, replay_record


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?", default=str(Path(__file__).resolve().parents[2] / "shared" / "corpus"))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    files = collect([args.corpus])
    pbn = [p for p, _ in files if p.lower().endswith(".pbn")]

    t = time.process_time()
    records = [r for p, n in files for r in read_file(p, name=n)]
    parse = time.process_time() - t
    t = time.process_time()
    for r in records:
        replay_record(r)
    replay = time.process_time() - t
    n = len(records)
    print(f"bridgelaw parse:           {n} boards in {parse:6.2f} s = {n / parse:8.0f} boards/s (CPU)")
    print(f"bridgelaw replay:          {n} boards in {replay:6.2f} s = {n / replay:8.0f} boards/s (CPU)")
    print(f"bridgelaw parse + replay:  {n / (parse + replay):8.0f} boards/s (CPU, one core)")
    if args.jobs != 1:
        t = time.perf_counter()
        replay_paths([args.corpus], jobs=args.jobs)
        wall = time.perf_counter() - t
        print(f"bridgelaw replay --jobs {args.jobs}: {n} boards in {wall:6.2f} s wall = {n / wall:8.0f} boards/s (wall)")

    try:
        from endplay.parsers import pbn as endplay_pbn  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        print("endplay is not installed")
        return
    data = {p: Path(p).read_bytes() for p in pbn}
    both: list[str] = []
    for p in pbn:
        try:
            endplay_pbn.load(io.StringIO(data[p].decode("utf-8", "replace")))
        except Exception:  # endplay stops at the first defect of a file
            continue
        both.append(p)
    ours_t = theirs_t = float("inf")
    ours = theirs = 0
    for _ in range(args.rounds):
        t = time.process_time()
        ours = sum(len(read_pbn(data[p], p)) for p in both)
        ours_t = min(ours_t, time.process_time() - t)
        t = time.process_time()
        theirs = sum(len(endplay_pbn.load(io.StringIO(data[p].decode("utf-8", "replace")))) for p in both)
        theirs_t = min(theirs_t, time.process_time() - t)
    print(f"on the {len(both)} of {len(pbn)} PBN files endplay reads without raising:")
    print(f"  bridgelaw PBN parse:     {ours} boards in {ours_t:6.2f} s = {ours / ours_t:8.0f} boards/s")
    print(f"  endplay PBN parse:       {theirs} boards in {theirs_t:6.2f} s = {theirs / theirs_t:8.0f} boards/s")
    print(f"  bridgelaw / endplay:     {theirs_t / ours_t:.2f}x the speed")


if __name__ == "__main__":
    main()
