"""The shared corpus (about 27,000 real boards): every board replays through the Laws
engine, and every board that does not reproduce its record is listed in
corpus_exceptions.json with the defect of the record that explains it.

Both tests run over the whole corpus with two worker processes (about 15 s each on two
cores); ``-m "not corpus"`` leaves them out of a quick run.
"""

from __future__ import annotations

import json
import multiprocessing
import os
from pathlib import Path

import pytest

from bridgelaw.io.lin import read_lin, write_lin
from bridgelaw.io.pbn import read_pbn, write_pbn
from bridgelaw.io.replay import DEFECTS, collect, read_file, replay_paths

CORPUS = Path(os.environ.get("BRIDGELAW_CORPUS", Path(__file__).resolve().parents[3] / "shared" / "corpus"))
EXCEPTIONS = json.loads((Path(__file__).parent / "corpus_exceptions.json").read_text(encoding="utf-8"))

pytestmark = [
    pytest.mark.corpus,
    pytest.mark.skipif(not CORPUS.is_dir(), reason=f"the shared corpus is not at {CORPUS}"),
]


def test_every_corpus_exception_is_a_listed_defect_of_the_record() -> None:
    summary = replay_paths([CORPUS], jobs=2)
    found = {f"{p.file}#{p.position}": p for p in summary.problems}
    listed = EXCEPTIONS["exceptions"]
    assert sorted(set(found) - set(listed))[:10] == [], "boards that newly fail"
    assert sorted(set(listed) - set(found))[:10] == [], "listed boards that now reproduce: update the list"
    for key, p in found.items():
        assert p.defect in DEFECTS and p.defect == listed[key]["defect"], key
    # every complete auction is legal and every full play legal, except listed defects
    bad_auctions = sum(1 for p in summary.problems if p.defect == "auction")
    assert summary.legal_auctions >= summary.complete_auctions - bad_auctions
    bad_play = sum(1 for p in summary.problems if p.defect in ("play", "damaged"))
    assert summary.legal_play >= summary.full_play - bad_play
    assert summary.boards >= 26000 and summary.recorded >= 22000


def _round_trip(path_and_name: tuple[str, str]) -> list[str]:
    """PBN cannot write an illegal play in its trick table (a card out of turn has no
    column), so boards listed with a 'play' defect are left out of the PBN comparison."""
    path, name = path_and_name
    bad = []
    for rec in read_file(path, name=name):
        if rec.deal is None or rec.problems:
            continue
        listed = EXCEPTIONS["exceptions"].get(f"{name}#{rec.position}")
        if listed is not None and listed["defect"] == "play":
            continue
        (again,) = read_pbn(write_pbn([rec]))
        if again.key() != rec.key():
            bad.append(f"{name}: {rec.name}: PBN round trip differs")
        (lin_again,) = read_lin(write_lin(rec))
        if lin_again.lin_key() != rec.lin_key():
            bad.append(f"{name}: {rec.name}: LIN round trip differs")
    return bad


def test_corpus_round_trip_parse_write_parse_gives_the_same_boards() -> None:
    files = collect([CORPUS])
    with multiprocessing.get_context("fork").Pool(2) as pool:
        bad = [line for lines in pool.imap_unordered(_round_trip, files, chunksize=4) for line in lines]
    assert bad[:10] == []
