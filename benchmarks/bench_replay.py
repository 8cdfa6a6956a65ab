"""On demand (CPU time of this process, so a busy machine does not skew it): boards per second for parse + replay over the shared corpus, next to
endplay's PBN parser on the same PBN files.

    .venv/bin/python benchmarks/bench_replay.py [CORPUS] [--jobs N]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from bridgelaw.io.replay import collect, read_file, replay_paths, replay_record


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?", default=str(Path(__file__).resolve().parents[2] / "shared" / "corpus"))
    ap.add_argument("--jobs", type=int, default=1)
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
    print(f"bridgelaw parse:           {n} boards in {parse:6.2f} s = {n / parse:8.0f} boards/s")
    print(f"bridgelaw replay:          {n} boards in {replay:6.2f} s = {n / replay:8.0f} boards/s")
    print(f"bridgelaw parse + replay:  {n / (parse + replay):8.0f} boards/s (one core)")
    if args.jobs != 1:
        t = time.perf_counter()
        replay_paths([args.corpus], jobs=args.jobs)
        wall = time.perf_counter() - t
        print(f"bridgelaw replay --jobs {args.jobs}: {n / wall:8.0f} boards/s")

    t = time.process_time()
    ours = sum(len(read_file(p)) for p in pbn)
    ours_t = time.process_time() - t
    print(f"bridgelaw PBN parse only:  {ours} boards in {ours_t:6.2f} s = {ours / ours_t:8.0f} boards/s")
    try:
        from endplay.parsers import pbn as endplay_pbn
    except ImportError:
        print("endplay is not installed")
        return
    t = time.process_time()
    theirs, failed = 0, 0
    for p in pbn:
        try:
            with open(p, encoding="utf-8", errors="replace") as fh:
                theirs += len(endplay_pbn.load(fh))
        except Exception:  # endplay stops at the first defect of a file
            failed += 1
    theirs_t = time.process_time() - t
    print(f"endplay PBN parse only:    {theirs} boards in {theirs_t:6.2f} s = {theirs / theirs_t:8.0f} boards/s "
          f"({failed} of {len(pbn)} files raised)")


if __name__ == "__main__":
    main()
