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

from bridgelaw.actions import CallAction, Choose, PlayAction, PointOut
from bridgelaw.core.calls import Contract
from bridgelaw.core.cards import Card, Rank, Seat, Suit
from bridgelaw.core.deal import Board, Deal
from bridgelaw.io.record import HandRecord, contract_text
from bridgelaw.io.replay_report import (
    DEFECTS,
    ENGINE_DEFECTS,
    EXTENSIONS,
    OUTCOMES,
    REPLAY_CONFIG,
    TABLE_REPLAY_CONFIG,
    BoardReport,
    Summary,
)
from bridgelaw.laws.scoring import contract_score
from bridgelaw.rulings import Ruling
from bridgelaw.table import Phase, Table


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
    from bridgelaw.laws.play import trick_winner

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
    else:
        report.outcome = "no_result"
    return report


def _needs_table_mode(rec: HandRecord) -> bool:
    return rec.declarer_swapped or bool(rec.play_marks) or any(rc.irregularity is not None for rc in rec.calls)


def _ruling_text(ruling: Ruling) -> str:
    text = ruling.kind.replace("_", " ")
    if ruling.offender is not None:
        text += f" by {ruling.offender.name}"
    if ruling.laws:
        text += f" (Law {', '.join(ruling.laws)})"
    if ruling.choice:
        text += f": {ruling.choice.replace('_', ' ')}"
    return text


def _replay(rec: HandRecord) -> tuple[BoardReport, Table | None]:
    report = BoardReport(file=rec.source, board=rec.name, position=rec.position, warnings=len(rec.warnings))
    report.full_play = rec.play_complete
    report.recorded = rec.records_result
    if not rec.calls and not rec.problems:
        # KOPS/Pary score sheets, unplayed boards, rpbridge.net games with a contract and
        # an opening lead but no [Auction]: a result with no auction to replay
        report.result_only = report.recorded
        report.recorded = False
        return report, None
    if rec.problems:
        report.full_play = False
        report.problem = "unreadable record: " + "; ".join(rec.problems[:3])
        report.record_says = rec.problems[0]
        report.defect = "damaged"
        return report, None
    report.complete_auction = rec.auction_complete
    assert rec.deal is not None and rec.dealer is not None and rec.vulnerability is not None
    board = Board(rec.board or 0, rec.deal, rec.dealer, rec.vulnerability)
    table_mode = _needs_table_mode(rec)
    table = Table(board, TABLE_REPLAY_CONFIG if table_mode else REPLAY_CONFIG)
    report.replayed = True
    report.mode = "table" if table_mode else "online"

    def fail(defect: str, record_says: str, laws_say: str) -> tuple[BoardReport, Table]:
        report.record_says, report.laws_say, report.defect = record_says, laws_say, defect
        report.problem = f"record: {record_says}; Laws: {laws_say}"
        report.rulings = [_ruling_text(r) for r in table.rulings]
        return report, table

    # ---- the auction
    for k, ((seat, call), rc) in enumerate(zip(rec.seated_calls, rec.calls, strict=True), start=1):
        if rc.irregularity == "S":
            continue  # a turn lost to a call out of rotation: the next call is that call (Law 29A)
        if table.phase is not Phase.AUCTION:
            if call.is_pass:
                # Law 39A cancels every call after the final pass; a pass there needs no
                # rectification (39B1).  Vugraph operators often click one pass too many.
                report.cancelled_calls += 1
                report.warnings += 1
                continue
            return fail("auction", f"call {k} is {seat.name} {call}", "the auction had already ended (Law 22A; Law 39A cancels it)")
        before = len(table.rulings)
        outcome = table.act(CallAction(seat, call, alert=rc.alert, meaning=rc.note))
        if not outcome.accepted:
            return fail("auction", f"call {k} is {seat.name} {call}", outcome.message or outcome.code or "refused")
        if rc.irregularity == "I" and len(table.rulings) == before:
            return fail("irregularity", f"call {k} ({seat.name} {call}) is marked ^I, an insufficient bid",
                        "the bid is sufficient (Law 18D)")
        if table_mode and rc.irregularity is None and len(table.rulings) > before and not _marked_before(rec, k):
            return fail("auction", f"call {k} is {seat.name} {call}",
                        f"{_ruling_text(table.rulings[-1])}, and the record marks no irregularity")
    report.legal_auction = report.complete_auction
    if table.phase is Phase.AUCTION:
        if rec.auction_ends == "*" and rec.recorded_contract is not None:
            # 3.5: '*' -- no further calls are given; the result of the auction is in the tags
            report.partial_auction = True
            report.recorded = False
            report.rulings = [_ruling_text(r) for r in table.rulings]
            return report, table
        if rec.continued:
            report.rulings = [_ruling_text(r) for r in table.rulings]
            return report, table
        if rec.play or rec.records_result:
            said = " ".join(str(c) for _, c in rec.made_calls) or "no call"
            return fail("auction", f"the auction is {said}", "the auction has not ended: Law 22A needs three passes after the last call")
        return report, table

    # ---- the contract, when no card is given (nothing else would compare it)
    if report.recorded and not rec.play:
        contract = table.contract
        if rec.passed_out_recorded != table.passed_out:
            recorded = "passed out" if rec.passed_out_recorded else f"{rec.contract} by {rec.declarer.name if rec.declarer else '?'}"
            return fail("contract", f"contract {recorded}", f"the auction gives {_describe(contract, table.passed_out)}")
        if contract is not None and not rec.declarer_swapped and not _same_contract(rec, contract):
            same_bid = rec.contract is not None and rec.contract[:2] == contract_text(contract)[:2]
            defect = "contract_risk" if same_bid and rec.declarer is contract.declarer else "contract"
            return fail(defect, f"contract {rec.contract} by {rec.declarer.name if rec.declarer else '?'}",
                        f"the auction gives {_describe(contract, False)} (Law 22A)")

    # ---- the play
    revokes: list[tuple[Seat, int]] = []
    for k, card in enumerate(rec.play):
        owner = rec.deal.holder(card)
        assert owner is not None
        contract = table.contract
        mark = rec.play_marks.get(k)
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
        if table_mode:
            problem = _rule_on_card(rec, table, k, owner, card, mark, revokes)
            if problem is not None:
                return fail("irregularity", *problem)
    report.legal_play = report.full_play

    # ---- a revoke marked ^R comes to light when the play ends (Laws 63A, 64)
    for offender, k in revokes:
        if table.phase is not Phase.ENDED:
            # the record stops before the end: whether and when the revoke became
            # established (63A) is not recorded, so no trick is transferred
            table_rulings_note = (f"revoke by {offender.name} marked ^R in trick {k // 4 + 1}: the play is recorded "
                                  "only in part, so no Law 64 transfer is ruled; the recorded result is credited")
            report.rulings.append(table_rulings_note)
            continue
        outcome = table.act(PointOut(offender.lho, "revoke", offender=offender))
        if not outcome.accepted:
            return fail("irregularity", f"trick {k // 4 + 1} is marked ^R, a revoke by {offender.name}",
                        outcome.message or outcome.code or "the revoke could not be pointed out")
    report.rulings = [_ruling_text(r) for r in table.rulings] + report.rulings
    if table.awaiting is not None:
        report.rulings.append(f"awaiting: {_ruling_text(table.awaiting)}")

    # ---- the result
    tricks: int | None
    score: int | None
    contract = table.contract
    if table.passed_out:
        tricks, score = None, 0
    elif table.phase is Phase.ENDED:
        tricks, score = table.declarer_tricks, table.score_ns
    else:
        assert contract is not None
        if rec.continued:
            return report, table  # 3.4.15: the result counts the tricks so far; nothing final to compare
        claimed = rec.claim if rec.claim is not None else rec.result
        if claimed is None:
            return report, table  # play stops with nothing recorded: nothing to compare
        won = table.tricks_won(contract.declarer.side)
        left = 13 - sum(1 for t in table.tricks if t.complete)
        if not won <= claimed <= won + left and not rec.result_agreed:
            return fail(
                "claim", f"declarer ends with {claimed} tricks",
                f"declarer had won {won} of the tricks played and {left} were left",
            )
        report.claim = "record"
        tricks = claimed
        side_score = contract_score(contract, claimed, board.vulnerability.is_vulnerable(contract.declarer.side))
        score = side_score if contract.declarer.side.name == "NS" else -side_score
    if rec.result_agreed and contract is not None and rec.result is not None:
        # Law 79A: the number of tricks agreed stands; the play's count is reported
        if tricks != rec.result:
            report.rulings.append(f"agreed result {rec.result} tricks, the play gives {tricks} (Law 79A: the agreed number stands)")
        tricks = rec.result
        side_score = contract_score(contract, tricks, board.vulnerability.is_vulnerable(contract.declarer.side))
        score = side_score if contract.declarer.side.name == "NS" else -side_score
    if not report.recorded:
        return report, table
    defect, said, says = _compare(rec, contract, table.passed_out, tricks, score)
    if defect:
        return fail(defect, said, says)
    report.reproduced = True
    return report, table


def _marked_before(rec: HandRecord, k: int) -> bool:
    """Whether a call before the k-th (from 1) is marked: a ruling on the calls after an
    accepted irregularity (a turn lost, a bid that stands) belongs to that mark."""
    return any(rc.irregularity is not None for rc in rec.calls[:k - 1])


def _same_contract(rec: HandRecord, contract: Contract) -> bool:
    return rec.contract == contract_text(contract) and rec.declarer is contract.declarer


def _revoke_mark(table: Table, where: str, hand: Seat, k: int, card: Card,
                 revokes: list[tuple[Seat, int]]) -> tuple[str, str] | None:
    """``^R``: the card must be a revoke in the trick it was just played to; it is noted to
    be pointed out when the play ends."""
    trick = table.tricks[-1] if table.tricks else None
    if trick is None or not trick.cards or trick.cards[-1] != card or trick.cards[0].suit is card.suit:
        return f"{where} is marked ^R, a revoke", "the card follows suit, or does not belong to the trick"
    revokes.append((hand, k))
    return None


def _unopened_mark(rec: HandRecord, where: str, k: int, hand: Seat, card: Card, mark: str | None) -> tuple[str, str] | None:
    """A card that opened no ruling: a ``^L`` mark or a caret declarer does not fit it."""
    if mark == "L":
        return f"{where} is marked ^L, a lead out of turn", "it is led by the hand on turn"
    if k == 0 and rec.declarer_swapped:
        return f"[Declarer \"^{rec.declarer.name if rec.declarer else '?'}\"] says the declarer spread his hand after " \
               f"an opening lead out of turn (Law 54A)", f"the opening lead ({hand.name} {card}) is made by the hand on turn"
    return None


def _marked_choice(rec: HandRecord, k: int, mark: str | None, ids: list[str]) -> str | None:
    """The option the record's mark chooses: 54A's spread hand for a caret declarer, else
    the acceptance of the lead out of turn ("" when none is offered); None when unmarked."""
    if k == 0 and rec.declarer_swapped and "spread_hand" in ids:
        return "spread_hand"
    if mark == "L" or (k == 0 and rec.declarer_swapped):
        return next((i for i in ids if i.startswith("accept")), "")
    return None


def _rule_on_card(
    rec: HandRecord, table: Table, k: int, hand: Seat, card: Card, mark: str | None, revokes: list[tuple[Seat, int]],
) -> tuple[str, str] | None:
    """Table mode: answer the ruling a marked card opened as the record says it went.
    ``^L``: the lead out of turn is accepted (Laws 53A, 54B); a caret declarer is the 54A
    choice (declarer spreads his hand); ``^R``: the revoke stands, to be pointed out when
    the play ends.  Returns (record says, Laws say) when the record does not fit."""
    pending = table.awaiting
    where = f"trick {k // 4 + 1} card {k % 4 + 1} ({hand.name} {card})"
    if mark == "R":
        return _revoke_mark(table, where, hand, k, card, revokes)
    if pending is None:
        return _unopened_mark(rec, where, k, hand, card, mark)
    choice = _marked_choice(rec, k, mark, [o.id for o in pending.options])
    if choice is None:
        return f"{where} is not marked", f"{_ruling_text(pending)}: the record marks no irregularity"
    by = next((o.by for o in pending.options if o.id == choice), None)
    if not choice or not isinstance(by, Seat):
        return f"{where} is marked", f"{_ruling_text(pending)} offers no such choice"
    outcome = table.act(Choose(by, choice))
    if not outcome.accepted:
        return f"{where} is marked", outcome.message or outcome.code or "the choice was refused"
    return None


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


def _compare_passed_out(rec: HandRecord, contract: Contract | None, passed_out: bool, declarer: str) -> tuple[str, str, str]:
    """A board the record or the auction passes out: both must, and it scores 0."""
    if rec.passed_out_recorded != passed_out:
        recorded = "passed out" if rec.passed_out_recorded else f"{rec.contract} by {declarer}"
        return "contract", f"contract {recorded}", f"the auction gives {_describe(contract, passed_out)}"
    if rec.score_ns not in (None, 0):
        return "score", f"score NS {rec.score_ns}", "a passed-out board scores 0 (Law 77)"
    return "", "", ""


def _compare_contract(rec: HandRecord, contract: Contract, passed_out: bool, declarer: str) -> tuple[str, str, str]:
    """The recorded contract or declarer is not the auction's: only the double or redouble
    left out (``contract_risk``), or another contract."""
    same_bid = rec.contract is not None and rec.contract[:2] == contract_text(contract)[:2]
    defect = "contract_risk" if same_bid and rec.declarer is contract.declarer else "contract"
    return defect, f"contract {rec.contract} by {declarer}", f"the auction gives {_describe(contract, passed_out)} (Law 22A)"


def _compare_tricks(rec: HandRecord, tricks: int) -> tuple[str, str, str]:
    """The recorded result differs from the replayed tricks: a claim, a revoke's transfer or
    the result itself is the defect."""
    if rec.claim is not None and len(rec.play) < 52:
        return ("claim", f"the result is {rec.result} tricks for declarer",
                f"the record's own claim (mc|{rec.claim}|) gives declarer {tricks}")
    transferred = sum(1 for m in rec.play_marks.values() if m == "R")
    if transferred and len(rec.play) == 52:
        return ("result", f"declarer took {rec.result} tricks",
                f"the play gives declarer {tricks} tricks after the revoke's transfer (Laws 63, 64)")
    return "result", f"declarer took {rec.result} tricks", f"the play gives declarer {tricks} tricks"


def _compare(
    rec: HandRecord, contract: Contract | None, passed_out: bool, tricks: int | None, score: int | None
) -> tuple[str, str, str]:
    """('', '', '') when the record agrees with the Laws, else (defect, record says, Laws say)."""
    declarer = rec.declarer.name if rec.declarer is not None else "?"
    if rec.passed_out_recorded or passed_out:
        return _compare_passed_out(rec, contract, passed_out, declarer)
    assert contract is not None
    if rec.contract != contract_text(contract) or rec.declarer is not contract.declarer:
        return _compare_contract(rec, contract, passed_out, declarer)
    if rec.result is not None and tricks is not None and rec.result != tricks:
        return _compare_tricks(rec, tricks)
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
