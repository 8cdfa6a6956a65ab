"""Replay hand records through the Laws engine and compare what the Laws say with the record.

Every board goes through the public Table API in ``online`` mode, where any irregular call
or card is refused: a refusal is exactly "the record is not a legal auction/play".  The
opening lead is faced at once (``Regulations(opening_lead="face_up")``), dummy's cards are
played by declarer.

Claims.  A record that stops playing early gives the final trick count (LIN ``mc|``, PBN
``[Result]``).  A record carries no claim the Table could rule on, so the replay credits the
recorded total itself, after checking that it is possible (at least the tricks declarer
already won, at most those plus the tricks left), and scores it with Law 77.  Reports say
``claim: record`` when that happened.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from bridgelaw.actions import CallAction, PlayAction
from bridgelaw.config import Regulations, TableConfig
from bridgelaw.core.calls import Contract
from bridgelaw.core.deal import Board, Deal
from bridgelaw.io.record import IRREGULARITY_MARKS, HandRecord, contract_text
from bridgelaw.laws.scoring import contract_score
from bridgelaw.table import Phase, Table

REPLAY_CONFIG = TableConfig(mode="online", regulations=Regulations(opening_lead="face_up"))
EXTENSIONS = (".pbn", ".lin")

# Every board that does not replay or reproduce falls in one of these classes; each is a
# defect of the record itself, not a judgement of the Laws engine.
DEFECTS = {
    "damaged": "the record is damaged: its deal, tags or keys cannot be read",
    "contract_risk": "[Contract] leaves out the double or redouble that its own auction shows",
    "contract": "the recorded contract or declarer is not the one the record's own auction reaches",
    "auction": "the recorded auction is not a whole auction (too few passes, or calls after its end)",
    "play": "the recorded cards are not a legal play of the recorded deal (a card from a hand not on turn, or a revoke)",
    "irregularity": (
        "the record shows an irregularity that stood (PBN 3.9: ^I, ^S, ^R, ^L); the replay runs in online mode, "
        "which rules on no irregularity, so it stops there (a limit of the replay, not a defect of the record)"
    ),
    "deal": "the recorded deal is not the deal the cards were played from (one trick holds two cards of one hand)",
    "claim": "the recorded result contradicts the record's own claim, or the tricks already played",
    "result": "the recorded result is not what the record's own cards give",
    "score": "the recorded score is not the Law 77 score of the recorded contract and result",
}


@dataclass(slots=True)
class BoardReport:
    """What became of one board.  ``problem`` is the first disagreement, one line."""

    file: str
    board: str
    position: int
    replayed: bool = False
    complete_auction: bool = False
    legal_auction: bool = False
    full_play: bool = False
    legal_play: bool = False
    recorded: bool = False
    reproduced: bool = False
    result_only: bool = False  # the record gives a result but no auction: nothing to replay
    claim: str | None = None  # "record" when the replay credited the recorded claim itself
    cancelled_calls: int = 0  # passes recorded after the auction had ended (Law 39A cancels them)
    turned: int = 0  # the play fits the recorded hands only seated this many places clockwise on
    record_says: str = ""
    laws_say: str = ""
    problem: str | None = None
    defect: str | None = None  # a key of DEFECTS
    warnings: int = 0

    def line(self) -> str:
        return f"{self.file}: {self.board}: {self.problem}"


@dataclass(slots=True)
class Summary:
    files: int = 0
    boards: int = 0
    replayed: int = 0
    complete_auctions: int = 0
    legal_auctions: int = 0
    full_play: int = 0
    legal_play: int = 0
    recorded: int = 0
    reproduced: int = 0
    claims_credited: int = 0
    result_only: int = 0
    cancelled_calls: int = 0
    turned_deals: int = 0
    warnings: int = 0
    problems: list[BoardReport] = field(default_factory=list)
    per_file: dict[str, dict[str, int]] = field(default_factory=dict)

    def add(self, file: str, reports: Sequence[BoardReport]) -> None:
        self.files += 1
        counts = {"boards": 0, "legal_auctions": 0, "legal_play": 0, "recorded": 0, "reproduced": 0, "problems": 0}
        for r in reports:
            self.boards += 1
            self.replayed += r.replayed
            self.complete_auctions += r.complete_auction
            self.legal_auctions += r.complete_auction and r.legal_auction
            self.full_play += r.full_play
            self.legal_play += r.full_play and r.legal_play
            self.recorded += r.recorded
            self.reproduced += r.recorded and r.reproduced
            self.claims_credited += r.claim == "record"
            self.result_only += r.result_only
            self.cancelled_calls += r.cancelled_calls
            self.turned_deals += r.turned != 0
            self.warnings += r.warnings
            counts["boards"] += 1
            counts["legal_auctions"] += r.complete_auction and r.legal_auction
            counts["legal_play"] += r.full_play and r.legal_play
            counts["recorded"] += r.recorded
            counts["reproduced"] += r.recorded and r.reproduced
            if r.problem is not None:
                self.problems.append(r)
                counts["problems"] += 1
        self.per_file[file] = counts

    def to_json(self) -> dict[str, Any]:
        return {
            "files": self.files,
            "boards": self.boards,
            "replayed": self.replayed,
            "complete_auctions": self.complete_auctions,
            "legal_auctions": self.legal_auctions,
            "full_play": self.full_play,
            "legal_play": self.legal_play,
            "recorded": self.recorded,
            "reproduced": self.reproduced,
            "reproduced_share": round(self.reproduced / self.recorded, 5) if self.recorded else None,
            "claims_credited_by_replay": self.claims_credited,
            "result_only": self.result_only,
            "passes_after_the_auction_cancelled": self.cancelled_calls,
            "deals_turned_to_fit_the_play": self.turned_deals,
            "warnings": self.warnings,
            "problems": [
                {"file": p.file, "board": p.board, "position": p.position, "record": p.record_says,
                 "laws": p.laws_say, "problem": p.problem, "defect": p.defect}
                for p in self.problems
            ],
            "per_file": self.per_file,
        }


# ---------------------------------------------------------------------- one board
def replay_record(rec: HandRecord) -> tuple[BoardReport, Table | None]:
    """Replay one record; return its report and the table (None when it could not start).

    When the recorded cards are not a legal play of the recorded deal but are one of the
    same four hands seated one, two or three places round (and of no other seating), the
    board is replayed with the hands so seated and the report says so (``turned``): at
    the table the board was turned, or the operator entered the hands from the wrong seat.
    At least two tricks must fit; a clash of two cards of one hand in a trick, or a card
    played twice, is never repaired."""
    report, table = _replay(rec)
    if report.defect != "play" or len(rec.play) < 8 or rec.deal is None:
        return report, table
    fits = []
    for k in (1, 2, 3):
        turned = replace(rec, deal=Deal(tuple(rec.deal.hands[(i + k) % 4] for i in range(4))))  # type: ignore[arg-type]
        other, other_table = _replay(turned)
        if other.defect not in ("play", "deal"):
            fits.append((k, other, other_table))
    if len(fits) != 1:
        return report, table
    k, other, other_table = fits[0]
    other.turned = k
    other.warnings += 1
    if other.problem is not None:
        other.problem += f" (the cards fit the deal only with its hands seated {k} place(s) clockwise on)"
    return other, other_table


def _replay(rec: HandRecord) -> tuple[BoardReport, Table | None]:
    report = BoardReport(file=rec.source, board=rec.name, position=rec.position, warnings=len(rec.warnings))
    report.complete_auction = rec.auction_complete
    report.full_play = rec.play_complete
    report.recorded = rec.records_result
    if not rec.calls and not rec.problems:
        # KOPS/Pary score sheets, unplayed boards, rpbridge.net games with a contract and
        # an opening lead but no [Auction]: a result with no auction to replay
        report.result_only = report.recorded
        report.recorded = False
        return report, None
    if rec.problems:
        report.problem = "unreadable record: " + "; ".join(rec.problems[:3])
        report.record_says = rec.problems[0]
        report.defect = "damaged"
        return report, None
    assert rec.deal is not None and rec.dealer is not None and rec.vulnerability is not None
    board = Board(rec.board or 0, rec.deal, rec.dealer, rec.vulnerability)
    table = Table(board, REPLAY_CONFIG)
    report.replayed = True

    def fail(defect: str, record_says: str, laws_say: str) -> tuple[BoardReport, Table]:
        report.record_says, report.laws_say, report.defect = record_says, laws_say, defect
        report.problem = f"record: {record_says}; Laws: {laws_say}"
        return report, table

    # ---- the auction
    for k, ((seat, call), rc) in enumerate(zip(rec.seated_calls, rec.calls, strict=True), start=1):
        if rc.irregularity is not None:
            what = IRREGULARITY_MARKS[rc.irregularity]
            return fail("irregularity", f"call {k} ({seat.name}) is marked ^{rc.irregularity}: {what}",
                        "not replayed past it: the online replay rules on no irregularity")
        if table.phase is not Phase.AUCTION:
            if call.is_pass:
                # Law 39A cancels every call after the final pass; a pass there needs no
                # rectification (39B1).  Vugraph operators often click one pass too many.
                report.cancelled_calls += 1
                report.warnings += 1
                continue
            return fail("auction", f"call {k} is {seat.name} {call}", "the auction had already ended (Law 22A; Law 39A cancels it)")
        outcome = table.act(CallAction(seat, call, alert=rc.alert, meaning=rc.note))
        if not outcome.accepted:
            return fail("auction", f"call {k} is {seat.name} {call}", outcome.message or outcome.code or "refused")
    report.legal_auction = report.complete_auction
    if table.phase is Phase.AUCTION:
        if rec.play or rec.records_result:
            said = " ".join(str(c) for _, c in rec.seated_calls) or "no call"
            return fail("auction", f"the auction is {said}", "the auction has not ended: Law 22A needs three passes after the last call")
        return report, table

    # ---- the play
    contract = table.contract
    for k, card in enumerate(rec.play):
        owner = rec.deal.holder(card)
        assert owner is not None
        if k in rec.play_marks:
            mark = rec.play_marks[k]
            return fail("irregularity", f"trick {k // 4 + 1} card {k % 4 + 1} ({owner.name} {card}) is marked ^{mark}: "
                        f"{IRREGULARITY_MARKS[mark]}", "not replayed past it: the online replay rules on no irregularity")
        by = contract.declarer if contract is not None and owner is contract.dummy else None
        outcome = table.act(PlayAction(owner, card, by=by))
        if not outcome.accepted:
            trick, n = divmod(k, 4)
            twice = _played_twice(rec)
            if twice is not None:
                return fail("play", f"{twice[0]} is played in trick {twice[1]} and again in trick {twice[2]}",
                            "a card can be played only once")
            clash = _same_hand_in_a_trick(rec)
            if clash is not None:
                return fail("deal", f"trick {clash[0]} holds {clash[1]} and {clash[2]}",
                            f"both are in {clash[3]}'s hand in the recorded deal: no seating of its hands allows this play")
            return fail("play", f"trick {trick + 1} card {n + 1} is {owner.name} {card}", outcome.message or outcome.code or "refused")
    report.legal_play = report.full_play

    # ---- the result
    tricks: int | None
    score: int | None
    if table.passed_out:
        tricks, score = None, 0
    elif table.phase is Phase.ENDED:
        tricks, score = table.declarer_tricks, table.score_ns
    else:
        assert contract is not None
        claimed = rec.claim if rec.claim is not None else rec.result
        if claimed is None:
            return report, table  # play stops with nothing recorded: nothing to compare
        won = table.tricks_won(contract.declarer.side)
        left = 13 - sum(1 for t in table.tricks if t.complete)
        if not won <= claimed <= won + left:
            return fail(
                "claim", f"declarer ends with {claimed} tricks",
                f"declarer had won {won} of the tricks played and {left} were left",
            )
        report.claim = "record"
        tricks = claimed
        side_score = contract_score(contract, claimed, board.vulnerability.is_vulnerable(contract.declarer.side))
        score = side_score if contract.declarer.side.name == "NS" else -side_score
    if not report.recorded:
        return report, table
    defect, said, says = _compare(rec, contract, table.passed_out, tricks, score)
    if defect:
        return fail(defect, said, says)
    report.reproduced = True
    return report, table


def _played_twice(rec: HandRecord) -> tuple[str, int, int] | None:
    """The first card the record plays twice, with the two tricks."""
    first: dict[object, int] = {}
    for k, card in enumerate(rec.play):
        if card in first:
            return str(card), first[card] // 4 + 1, k // 4 + 1
        first[card] = k
    return None


def _same_hand_in_a_trick(rec: HandRecord) -> tuple[int, str, str, str] | None:
    """The first trick of the recorded play with two cards from one hand of the recorded deal,
    as (trick, card, card, seat).  Such a play is impossible whoever sat where, so the deal
    itself is wrong (vugraph files whose md| carries another set of boards)."""
    assert rec.deal is not None
    for start in range(0, len(rec.play) - 3, 4):
        seen: dict[object, str] = {}
        for card in rec.play[start:start + 4]:
            holder = rec.deal.holder(card)
            if holder in seen:
                assert holder is not None
                return start // 4 + 1, seen[holder], str(card), holder.name
            seen[holder] = str(card)
    return None


def _describe(contract: Contract | None, passed_out: bool) -> str:
    if passed_out or contract is None:
        return "passed out"
    return f"{contract_text(contract)} by {contract.declarer.name}"


def _compare(
    rec: HandRecord, contract: Contract | None, passed_out: bool, tricks: int | None, score: int | None
) -> tuple[str, str, str]:
    """('', '', '') when the record agrees with the Laws, else (defect, record says, Laws say)."""
    declarer = rec.declarer.name if rec.declarer is not None else "?"
    if rec.passed_out_recorded or passed_out:
        if rec.passed_out_recorded != passed_out:
            recorded = "passed out" if rec.passed_out_recorded else f"{rec.contract} by {declarer}"
            return "contract", f"contract {recorded}", f"the auction gives {_describe(contract, passed_out)}"
        if rec.score_ns not in (None, 0):
            return "score", f"score NS {rec.score_ns}", "a passed-out board scores 0 (Law 77)"
        return "", "", ""
    assert contract is not None
    if rec.contract != contract_text(contract) or rec.declarer is not contract.declarer:
        same_bid = rec.contract is not None and rec.contract[:2] == contract_text(contract)[:2]
        defect = "contract_risk" if same_bid and rec.declarer is contract.declarer else "contract"
        return defect, f"contract {rec.contract} by {declarer}", f"the auction gives {_describe(contract, passed_out)} (Law 22A)"
    if rec.result is not None and tricks is not None and rec.result != tricks:
        if rec.claim is not None and len(rec.play) < 52:
            return ("claim", f"the result is {rec.result} tricks for declarer",
                    f"the record's own claim (mc|{rec.claim}|) gives declarer {tricks}")
        return "result", f"declarer took {rec.result} tricks", f"the play gives declarer {tricks} tricks"
    if rec.score_ns is not None and score is not None and rec.score_ns != score:
        return ("score", f"score NS {rec.score_ns}",
                f"Law 77 scores NS {score} for {tricks} tricks in {_describe(contract, False)}")
    return "", "", ""


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
        return [HandRecord(source=label, position=0, problems=[f"cannot read the file: {e.strerror}"])]
    if p.suffix.lower() == ".lin" or (p.suffix.lower() != ".pbn" and raw[:3].lower() in (b"pn|", b"vg|", b"qx|", b"md|", b"st|")):
        records = read_lin(raw, label)
    else:
        records = read_pbn(raw, label)
    if not records:
        records = [HandRecord(source=label, position=0, problems=["no board found in the file"])]
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
                                 problem=f"engine error: {type(e).__name__}: {e}", defect="engine")
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
    with multiprocessing.get_context("spawn" if os.name == "nt" else "fork").Pool(n) as pool:
        yield from pool.imap_unordered(_replay_file_args, ordered, chunksize=1)


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def report_dict(report: BoardReport) -> dict[str, Any]:
    return asdict(report)


__all__ = ["REPLAY_CONFIG", "BoardReport", "Summary", "collect", "read_file", "replay_file", "replay_paths", "replay_record"]
