"""Replay hand records through the Laws engine and compare what the Laws say with the record.

Every board goes through the public Table API.  A record without irregularity marks is
replayed in ``online`` mode, where any irregular call or card is refused: a refusal is
exactly "the record is not a legal auction/play".  A record that marks irregularities
(PBN 2.1 ^I, ^S, ^L, ^R, a caret declarer) is replayed in ``table`` mode, where the Laws
rule on each as the record says it went (accepted, spread, established), and the report
lists those rulings.  The opening lead is faced at once
(``Regulations(opening_lead="face_up")``), dummy's cards are played by declarer.

Claims.  A record that stops playing early gives the final trick count (LIN ``mc|``, PBN
``[Result]``).  The replay does not act a claim at the table; it credits the
recorded total itself, after checking that it is possible (at least the tricks declarer
already won, at most those plus the tricks left), and scores it with Law 77.  Reports say
``claim: record`` when that happened.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from bridgelaw.core.cards import Card, Rank, Seat, Suit
from bridgelaw.core.deal import Deal
from bridgelaw.i18n import text
from bridgelaw.io._replay_board import _replay
from bridgelaw.io.record import HandRecord
from bridgelaw.io.replay_report import (
    DEFECTS,
    ENGINE_DEFECTS,
    EXTENSIONS,
    OUTCOMES,
    REPLAY_CONFIG,
    BoardReport,
    Summary,
)
from bridgelaw.table import Table


# ---------------------------------------------------------------------- one board
def replay_record(rec: HandRecord) -> tuple[BoardReport, Table | None]:
    """Replay one record; return its report and the table (None when it could not start).

    When the recorded cards are not a legal play of the recorded deal, the record's own
    statements are tried first, in this order: the opening leader that the recorded
    declarer gives (a ``[Play]`` section naming the wrong seat), then the contract and
    declarer of the tags (an auction that disagrees with them).  Only then the four hands
    seated one, two or three places round: when exactly one seating fits, the board is
    replayed so and the report says so (``turned``; the board was turned at the table, or
    the operator entered the hands from the wrong seat).  At least two tricks must fit; a
    clash of two cards of one hand in a trick, or a card played twice, is never repaired."""
    report, table = _replay(rec)
    if report.defect != "play" or len(rec.play) < 8 or rec.deal is None:
        return _account(rec, report), table
    fault = _recorded_fault(rec)
    if fault is not None:
        kind, text, fixed = fault
        if fixed is not None:  # [Play] names the wrong seat: read from the auction's leader
            other, other_table = _replay(fixed)
            if other.defect not in ("play", "deal"):
                other.repair = text
                other.warnings += 1
                return _account(rec, other), other_table
        report.defect = kind
        report.problem = f"{report.problem} ({text})"
        return _account(rec, report), table
    fits = []
    for k in (1, 2, 3):
        turned = replace(rec, deal=Deal(tuple(rec.deal.hands[(i + k) % 4] for i in range(4))))  # type: ignore[arg-type]
        other, other_table = _replay(turned)
        if other.defect not in ("play", "deal"):
            fits.append((k, other, other_table))
    if len(fits) != 1:
        return _account(rec, report), table
    k, other, other_table = fits[0]
    other.turned = k
    other.warnings += 1
    if other.problem is not None:
        other.problem += f" (the cards fit the deal only with its hands seated {k} place(s) clockwise on)"
    return _account(rec, other), other_table


def _recorded_fault(rec: HandRecord) -> tuple[str, str, HandRecord | None] | None:
    """The record's own fault when its play fits another of its statements, as (defect,
    text, the record repaired or None): the play read from the leader of the auction's
    contract (``[Play]`` names a wrong seat: repaired), or the play fitting the leader of
    ``[Declarer]`` (the auction disagrees with the tags: a contract defect), the recorded
    declarer tried first."""
    from bridgelaw.io.record import linearise

    contract = rec.auction_contract
    if contract is None or rec.deal is None:
        return None
    trump = contract.strain.suit
    declarer = rec.declarer
    if declarer is not None and declarer is not contract.declarer and rec.play:
        ok = rec.deal.holder(rec.play[0]) is declarer.lho and _fits(rec.deal, rec.play, declarer.lho, trump)
        if not ok and rec.play_rows:
            cards, _ = linearise(rec.play_rows, declarer.lho, trump, rec.deal)
            ok = _fits(rec.deal, cards, declarer.lho, trump)
        if ok:
            return ("contract", f"the cards fit {declarer.name} as declarer, as [Declarer] says, not the auction's "
                    f"{contract.declarer.name}", None)
    leader = contract.opening_leader
    if rec.play_rows and leader is not rec.play_first:
        cards, _ = linearise(rec.play_rows, leader, trump, rec.deal)
        if len(cards) == len(rec.play) and _fits(rec.deal, cards, leader, trump):
            text = (f"[Play] names {rec.play_first.name if rec.play_first else '?'} as the opening leader; the cards "
                    f"fit a lead by {leader.name}, the leader of the auction's contract: read so")
            return "play", text, replace(rec, play=cards, play_first=leader, play_marks={})
    return None


def _fits(deal: Deal, cards: Sequence[Card], leader: Seat, trump: Suit | None) -> bool:
    """Whether the cards go round the table from ``leader``, each trick from its winner,
    every hand following suit when it can."""
    from bridgelaw.laws.play.regular import trick_winner

    hands = list(deal.hands)
    for start in range(0, len(cards), 4):
        trick = cards[start:start + 4]
        for k, card in enumerate(trick):
            seat = leader.offset(k)
            if not hands[seat] & card.bit:
                return False
            led = trick[0].suit
            if k and card.suit is not led and any(hands[seat] & c.bit for c in _suit_cards(led)):
                return False
            hands[seat] &= ~card.bit
        if len(trick) == 4:
            leader = trick_winner(leader, trick, trump)
    return True


def _suit_cards(suit: Suit) -> list[Card]:
    return [Card.of(suit, r) for r in Rank]


def _account(rec: HandRecord, report: BoardReport) -> BoardReport:
    """Every board leaves with an outcome; a recorded result not reproduced names why."""
    if report.recorded and not report.reproduced and report.problem is None:
        report.problem = "the recorded result was not compared: the replay stopped without naming why"
        report.defect = "unexplained"
    if report.problem is not None:
        report.outcome = "unreadable" if report.defect == "damaged" else (
            "engine" if report.defect in ENGINE_DEFECTS else "self_contradictory")
    elif report.recorded and report.reproduced:
        report.outcome = "reproduced"
    elif rec.continued:
        report.outcome = "continued"
    elif report.result_only:
        report.outcome = "result_only"
    elif report.partial_auction:
        report.outcome = "partial_auction"
    elif not report.replayed:
        report.outcome = "nothing_to_replay"
    else:
        report.outcome = "no_result"
    return report


# ---------------------------------------------------------------------- files
def read_file(path: str | Path, *, name: str | None = None) -> list[HandRecord]:
    """Read a .pbn or .lin file (by extension; LIN if the text starts with a LIN key)."""
    from bridgelaw.io.lin import read_lin
    from bridgelaw.io.pbn import read_pbn

    p = Path(path)
    label = name or str(p)
    try:
        raw = p.read_bytes()
    except OSError as e:
        return [HandRecord(source=label, position=0, problems=[text("replay.problem.cannot_read", why=e.strerror or "?")])]
    if p.suffix.lower() == ".lin" or (p.suffix.lower() != ".pbn" and raw[:3].lower() in (b"pn|", b"vg|", b"qx|", b"md|", b"st|")):
        records = read_lin(raw, label)
    else:
        records = read_pbn(raw, label)
    if not records:
        records = [HandRecord(source=label, position=0, problems=[text("replay.problem.no_board")])]
    return records


def replay_file(path: str, name: str | None = None) -> tuple[str, list[BoardReport]]:
    """Read and replay one file (the unit of work of the process pool)."""
    label = name or path
    reports = []
    for rec in read_file(path, name=label):
        try:
            report, _ = replay_record(rec)
        except Exception as e:  # an engine bug must not hide the other boards
            report = BoardReport(file=label, board=rec.name, position=rec.position, replayed=True,
                                 problem=f"engine error: {type(e).__name__}: {e}", defect="engine", outcome="engine")
        reports.append(report)
    return label, reports


def _replay_file_args(args: tuple[str, str]) -> tuple[str, list[BoardReport]]:
    return replay_file(*args)


def collect(paths: Iterable[str | Path]) -> list[tuple[str, str]]:
    """(path, display name) of every .pbn/.lin file under the given files and folders."""
    out: list[tuple[str, str]] = []
    for path in paths:
        p = Path(path)
        if p.is_dir():
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for f in sorted(files):
                    if f.lower().endswith(EXTENSIONS):
                        full = Path(root) / f
                        out.append((str(full), str(full.relative_to(p))))
        else:
            out.append((str(p), str(p)))
    return out


def replay_paths(
    paths: Iterable[str | Path],
    *,
    jobs: int | None = None,
    progress: Callable[[int, int, int], None] | None = None,
) -> Summary:
    """Replay every file under ``paths``; ``jobs`` processes (all cores by default)."""
    files = collect(paths)
    summary = Summary()
    results: dict[str, list[BoardReport]] = {}
    for done, (label, reports) in enumerate(_run(files, jobs), start=1):
        results[label] = reports
        if progress is not None:
            progress(done, len(files), sum(len(r) for r in results.values()))
    for _, label in files:
        summary.add(label, results[label])
    return summary


def _run(files: list[tuple[str, str]], jobs: int | None) -> Iterator[tuple[str, list[BoardReport]]]:
    n = jobs or os.cpu_count() or 1
    if n <= 1 or len(files) <= 1:
        for args in files:
            yield _replay_file_args(args)
        return
    import multiprocessing

    # biggest files first so that no worker is left with a 500-board file at the end
    ordered = sorted(files, key=lambda f: -_size(f[0]))
    # "spawn": a forked worker inherits the caller's threads' locks (a test runner, a server)
    # and can hang for good; a fresh interpreter costs a fraction of a second
    with multiprocessing.get_context("spawn").Pool(n) as pool:
        yield from pool.imap_unordered(_replay_file_args, ordered, chunksize=1)


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def report_dict(report: BoardReport) -> dict[str, Any]:
    return asdict(report)


__all__ = ["DEFECTS", "OUTCOMES", "REPLAY_CONFIG", "BoardReport", "Summary", "collect", "read_file", "replay_file", "replay_paths", "replay_record"]
