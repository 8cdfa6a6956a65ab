"""One record replayed at a Table as it stands, stage by stage, and compared with what the
Laws say (``bridgelaw.io.replay`` adds the repairs, the files and the summary)."""

from __future__ import annotations

from bridgelaw.actions import CallAction, Choose, PlayAction, PointOut
from bridgelaw.core.calls import Call, Contract
from bridgelaw.core.cards import Card, Seat
from bridgelaw.core.deal import Board
from bridgelaw.i18n import Text, text
from bridgelaw.io.record import HandRecord, RecordedCall, contract_text
from bridgelaw.io.replay_report import REPLAY_CONFIG, TABLE_REPLAY_CONFIG, BoardReport
from bridgelaw.io.ruling_line import ruling_line
from bridgelaw.laws.scoring.duplicate import contract_score
from bridgelaw.table import Phase, Table


def _needs_table_mode(rec: HandRecord) -> bool:
    return rec.declarer_swapped or bool(rec.play_marks) or any(rc.irregularity is not None for rc in rec.calls)


_Done = tuple[BoardReport, Table | None]


def _replay(rec: HandRecord) -> tuple[BoardReport, Table | None]:
    """Replay one record as it stands (no repair): the report, and the table when the
    replay could start."""
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
        report.problem = text("replay.say.unreadable", problems=rec.problems[:3])
        report.record_says = rec.problems[0]
        report.defect = "damaged"
        return report, None
    run = _Run(rec, report)
    for step in (run.auction, run.contract_unplayed, run.play, run.revokes_pointed_out):
        done = step()
        if done is not None:
            return done
    return run.result()


class _Run:
    """A record replayed at a Table, one stage a method: the auction, the contract of a
    board without cards, the play, the revokes pointed out at the end, the result.  A
    stage returns the replay's end (report and table) when the replay stops there, None
    when the next stage follows."""

    def __init__(self, rec: HandRecord, report: BoardReport) -> None:
        assert rec.deal is not None and rec.dealer is not None and rec.vulnerability is not None
        self.rec, self.report, self.deal = rec, report, rec.deal
        report.complete_auction = rec.auction_complete
        self.board = Board(rec.board or 0, rec.deal, rec.dealer, rec.vulnerability)
        self.table_mode = _needs_table_mode(rec)
        self.table = Table(self.board, TABLE_REPLAY_CONFIG if self.table_mode else REPLAY_CONFIG)
        report.replayed = True
        report.mode = "table" if self.table_mode else "online"
        self.revokes: list[tuple[Seat, int]] = []  # the ^R cards, to point out when the play ends

    def fail(self, defect: str, record_says: str, laws_say: str) -> _Done:
        """The replay stops where the record and the Laws disagree."""
        report = self.report
        report.record_says, report.laws_say, report.defect = record_says, laws_say, defect
        report.problem = text("replay.say.problem", record=record_says, laws=laws_say)
        report.rulings = [ruling_line(r) for r in self.table.rulings]
        return report, self.table

    def stop(self) -> _Done:
        """The replay stops with nothing (more) to compare, keeping the rulings so far."""
        self.report.rulings = [ruling_line(r) for r in self.table.rulings]
        return self.report, self.table

    # ---- the auction
    def auction(self) -> _Done | None:
        rec = self.rec
        for k, ((seat, call), rc) in enumerate(zip(rec.seated_calls, rec.calls, strict=True), start=1):
            if rc.irregularity == "S":
                continue  # a turn lost to a call out of rotation: the next call is that call (Law 29A)
            done = self.call(k, seat, call, rc)
            if done is not None:
                return done
        self.report.legal_auction = self.report.complete_auction
        if self.table.phase is Phase.AUCTION:
            return self.unfinished_auction()
        return None

    def call(self, k: int, seat: Seat, call: Call, rc: RecordedCall) -> _Done | None:
        """The k-th call (from 1): refused, or opening a ruling the record does not mark,
        stops the replay; a ``^I`` mark needs an insufficient bid."""
        table = self.table
        if table.phase is not Phase.AUCTION:
            if call.is_pass:
                # Law 39A cancels every call after the final pass; a pass there needs no
                # rectification (39B1).  Vugraph operators often click one pass too many.
                self.report.cancelled_calls += 1
                self.report.warnings += 1
                return None
            return self.fail("auction", text("replay.say.call", k=k, seat=seat, call=call), text("replay.say.after_the_auction"))
        before = len(table.rulings)
        outcome = table.act(CallAction(seat, call, alert=rc.alert, meaning=rc.note))
        if not outcome.accepted:
            return self.fail("auction", text("replay.say.call", k=k, seat=seat, call=call), _refusal(outcome.message, outcome.code))
        if rc.irregularity == "I" and len(table.rulings) == before:
            return self.fail("irregularity", text("replay.say.marked_insufficient", k=k, seat=seat, call=call),
                             text("replay.say.sufficient"))
        if self.table_mode and rc.irregularity is None and len(table.rulings) > before and not _marked_before(self.rec, k):
            return self.fail("auction", text("replay.say.call", k=k, seat=seat, call=call),
                             text("replay.say.unmarked", ruling=ruling_line(table.rulings[-1])))
        return None

    def unfinished_auction(self) -> _Done:
        """The calls given do not end the auction: an auction marked unfinished (its
        result in the tags) or to be continued stops here; cards or a result after it
        are a defect."""
        rec, report = self.rec, self.report
        if rec.auction_ends == "*" and rec.recorded_contract is not None:
            # 3.5: '*' -- no further calls are given; the result of the auction is in the tags
            report.partial_auction = True
            report.recorded = False
            return self.stop()
        if rec.continued:
            return self.stop()
        if rec.play or rec.records_result:
            calls = [c for _, c in rec.made_calls]
            said = text("replay.say.auction", calls=calls) if calls else text("replay.say.no_call")
            return self.fail("auction", said, text("replay.say.auction_not_ended"))
        return report, self.table

    # ---- the contract, when no card is given (nothing else would compare it)
    def contract_unplayed(self) -> _Done | None:
        rec, table = self.rec, self.table
        if not self.report.recorded or rec.play:
            return None
        contract = table.contract
        if rec.passed_out_recorded != table.passed_out:
            return self.fail("contract", _recorded_contract(rec), text("replay.say.auction_gives", what=_describe(contract, table.passed_out)))
        if contract is not None and not rec.declarer_swapped and not _same_contract(rec, contract):
            same_bid = rec.contract is not None and rec.contract[:2] == contract_text(contract)[:2]
            defect = "contract_risk" if same_bid and rec.declarer is contract.declarer else "contract"
            return self.fail(defect, _recorded_contract(rec), text("replay.say.auction_gives_22A", what=_describe(contract, False)))
        return None

    # ---- the play
    def play(self) -> _Done | None:
        for k, card in enumerate(self.rec.play):
            done = self.card(k, card)
            if done is not None:
                return done
        self.report.legal_play = self.report.full_play
        return None

    def card(self, k: int, card: Card) -> _Done | None:
        """The k-th card (from 0), played by its holder (dummy's by declarer); in table
        mode the ruling it opens is answered as the record marks it."""
        owner = self.deal.holder(card)
        assert owner is not None
        contract = self.table.contract
        by = contract.declarer if contract is not None and owner is contract.dummy else None
        outcome = self.table.act(PlayAction(owner, card, by=by))
        if not outcome.accepted:
            return self.refused_card(k, owner, card, _refusal(outcome.message, outcome.code))
        if self.table_mode:
            problem = _rule_on_card(self.rec, self.table, k, owner, card, self.rec.play_marks.get(k), self.revokes)
            if problem is not None:
                return self.fail("irregularity", *problem)
        return None

    def refused_card(self, k: int, hand: Seat, card: Card, why: Text) -> _Done:
        """A card the Laws refuse: a card played twice or two cards of one hand in a
        trick are named as such (the deal is then wrong), else the card itself."""
        trick, n = divmod(k, 4)
        twice = _played_twice(self.rec)
        if twice is not None:
            return self.fail("play", text("replay.say.played_twice", card=twice[0], first=twice[1], again=twice[2]),
                             text("replay.say.once"))
        clash = _same_hand_in_a_trick(self.rec)
        if clash is not None:
            return self.fail("deal", text("replay.say.trick_holds", trick=clash[0], card=clash[1], other=clash[2]),
                             text("replay.say.same_hand", seat=clash[3]))
        return self.fail("play", text("replay.say.card", trick=trick + 1, n=n + 1, seat=hand, card=card), why)

    # ---- a revoke marked ^R comes to light when the play ends (Laws 63A, 64)
    def revokes_pointed_out(self) -> _Done | None:
        table, report = self.table, self.report
        for offender, k in self.revokes:
            if table.phase is not Phase.ENDED:
                # the record stops before the end: whether and when the revoke became
                # established (63A) is not recorded, so no trick is transferred
                report.rulings.append(text("replay.say.revoke_in_part", seat=offender, trick=k // 4 + 1))
                continue
            outcome = table.act(PointOut(offender.lho, "revoke", offender=offender))
            if not outcome.accepted:
                return self.fail("irregularity", text("replay.say.marked_revoke", trick=k // 4 + 1, seat=offender),
                                 _refusal(outcome.message, outcome.code))
        report.rulings = [ruling_line(r) for r in table.rulings] + report.rulings
        if table.awaiting is not None:
            report.rulings.append(text("replay.say.awaiting", ruling=ruling_line(table.awaiting)))
        return None

    # ---- the result
    def result(self) -> _Done:
        rec, report, table = self.rec, self.report, self.table
        tricks: int | None
        score: int | None
        contract = table.contract
        if table.passed_out:
            tricks, score = None, 0
        elif table.phase is Phase.ENDED:
            tricks, score = table.declarer_tricks, table.score_ns
        else:
            assert contract is not None
            claimed = rec.claim if rec.claim is not None else rec.result
            if rec.continued or claimed is None:
                # 3.4.15: a result to be continued counts the tricks so far; or the play
                # stops with nothing recorded: nothing final to compare
                return report, table
            impossible = self.impossible_claim(contract, claimed)
            if impossible is not None:
                return impossible
            report.claim = "record"
            tricks, score = claimed, self.score_ns(contract, claimed)
        if rec.result_agreed and contract is not None and rec.result is not None:
            # Law 79A: the number of tricks agreed stands; the play's count is reported
            if tricks != rec.result:
                report.rulings.append(text("replay.say.agreed_stands", agreed=rec.result, played=tricks))
            tricks, score = rec.result, self.score_ns(contract, rec.result)
        if not report.recorded:
            return report, table
        defect, said, says = _compare(rec, contract, table.passed_out, tricks, score)
        if defect:
            return self.fail(defect, said, says)
        report.reproduced = True
        return report, table

    def impossible_claim(self, contract: Contract, claimed: int) -> _Done | None:
        """A recorded total below the tricks declarer has won, or above those plus the
        tricks left, stops the replay.  An agreed result (PBN caret, Law 79A) is held to
        the same bounds: an agreement on tricks the play cannot give is not reproduced but
        reported with the tricks the play allows."""
        won = self.table.tricks_won(contract.declarer.side)
        left = 13 - sum(1 for t in self.table.tricks if t.complete)
        if won <= claimed <= won + left:
            return None
        if self.rec.result_agreed:
            allows = text("replay.say.allows_exactly", won=won) if not left else text("replay.say.allows", low=won, high=won + left)
            return self.fail("claim", text("replay.say.agreed_result", n=claimed),
                             text("replay.say.won_and_left_allows", won=won, left=left, allows=allows))
        return self.fail("claim", text("replay.say.declarer_ends", n=claimed), text("replay.say.won_and_left", won=won, left=left))

    def score_ns(self, contract: Contract, tricks: int) -> int:
        """The score for North-South of the contract making ``tricks`` (Law 77)."""
        side_score = contract_score(contract, tricks, self.board.vulnerability.is_vulnerable(contract.declarer.side))
        return side_score if contract.declarer.side.name == "NS" else -side_score


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
        return text("replay.say.where_marked_revoke", where=where), text("replay.say.not_a_revoke")
    revokes.append((hand, k))
    return None


def _unopened_mark(rec: HandRecord, where: str, k: int, hand: Seat, card: Card, mark: str | None) -> tuple[str, str] | None:
    """A card that opened no ruling: a ``^L`` mark or a caret declarer does not fit it."""
    if mark == "L":
        return text("replay.say.where_marked_lead", where=where), text("replay.say.led_in_turn")
    if k == 0 and rec.declarer_swapped:
        return (text("replay.say.caret_declarer", declarer=rec.declarer.name if rec.declarer else "?"),
                text("replay.say.lead_in_turn", seat=hand, card=card))
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
    where = text("replay.say.where", trick=k // 4 + 1, n=k % 4 + 1, seat=hand, card=card)
    if mark == "R":
        return _revoke_mark(table, where, hand, k, card, revokes)
    if pending is None:
        return _unopened_mark(rec, where, k, hand, card, mark)
    choice = _marked_choice(rec, k, mark, [o.id for o in pending.options])
    if choice is None:
        return text("replay.say.where_not_marked", where=where), text("replay.say.ruling_unmarked", ruling=ruling_line(pending))
    by = next((o.by for o in pending.options if o.id == choice), None)
    if not choice or not isinstance(by, Seat):
        return text("replay.say.where_marked", where=where), text("replay.say.no_such_choice", ruling=ruling_line(pending))
    outcome = table.act(Choose(by, choice))
    if not outcome.accepted:
        return text("replay.say.where_marked", where=where), _refusal(outcome.message, outcome.code)
    return None


def _played_twice(rec: HandRecord) -> tuple[Card, int, int] | None:
    """The first card the record plays twice, with the two tricks."""
    first: dict[Card, int] = {}
    for k, card in enumerate(rec.play):
        if card in first:
            return card, first[card] // 4 + 1, k // 4 + 1
        first[card] = k
    return None


def _same_hand_in_a_trick(rec: HandRecord) -> tuple[int, Card, Card, Seat] | None:
    """The first trick of the recorded play with two cards from one hand of the recorded deal,
    as (trick, card, card, seat).  Such a play is impossible whoever sat where, so the deal
    itself is wrong (vugraph files whose md| carries another set of boards)."""
    assert rec.deal is not None
    for start in range(0, len(rec.play) - 3, 4):
        seen: dict[Seat | None, Card] = {}
        for card in rec.play[start:start + 4]:
            holder = rec.deal.holder(card)
            if holder in seen:
                assert holder is not None
                return start // 4 + 1, seen[holder], card, holder
            seen[holder] = card
    return None


def _describe(contract: Contract | None, passed_out: bool) -> Text:
    if passed_out or contract is None:
        return text("replay.say.passed_out")
    return text("replay.say.contract_by", contract=contract, seat=contract.declarer)


def _recorded_contract(rec: HandRecord) -> Text:
    """The contract as the record gives it (its own letters: what the record says)."""
    if rec.passed_out_recorded:
        return text("replay.say.recorded_passed_out")
    return text("replay.say.recorded_contract", contract=rec.contract or "?", seat=rec.declarer or "?")


def _refusal(message: str | None, code: str | None) -> Text:
    """Why the table refused an action: its message (in either language), else its code."""
    if isinstance(message, Text):
        return message
    return text("replay.say.refused", why=message or code or "?")


def _compare_passed_out(rec: HandRecord, contract: Contract | None, passed_out: bool) -> tuple[str, str, str]:
    """A board the record or the auction passes out: both must, and it scores 0."""
    if rec.passed_out_recorded != passed_out:
        return "contract", _recorded_contract(rec), text("replay.say.auction_gives", what=_describe(contract, passed_out))
    if rec.score_ns not in (None, 0):
        return "score", text("replay.say.score_ns", score=rec.score_ns), text("replay.say.passed_out_scores_0")
    return "", "", ""


def _compare_contract(rec: HandRecord, contract: Contract, passed_out: bool) -> tuple[str, str, str]:
    """The recorded contract or declarer is not the auction's: only the double or redouble
    left out (``contract_risk``), or another contract."""
    same_bid = rec.contract is not None and rec.contract[:2] == contract_text(contract)[:2]
    defect = "contract_risk" if same_bid and rec.declarer is contract.declarer else "contract"
    return defect, _recorded_contract(rec), text("replay.say.auction_gives_22A", what=_describe(contract, passed_out))


def _compare_tricks(rec: HandRecord, tricks: int) -> tuple[str, str, str]:
    """The recorded result differs from the replayed tricks: a claim, a revoke's transfer or
    the result itself is the defect."""
    if rec.claim is not None and len(rec.play) < 52:
        return ("claim", text("replay.say.result_is", n=rec.result),
                text("replay.say.own_claim_gives", claim=rec.claim, n=tricks))
    transferred = sum(1 for m in rec.play_marks.values() if m == "R")
    if transferred and len(rec.play) == 52:
        return ("result", text("replay.say.declarer_took", n=rec.result),
                text("replay.say.play_gives_after_transfer", n=tricks))
    return "result", text("replay.say.declarer_took", n=rec.result), text("replay.say.play_gives", n=tricks)


def _compare(
    rec: HandRecord, contract: Contract | None, passed_out: bool, tricks: int | None, score: int | None
) -> tuple[str, str, str]:
    """('', '', '') when the record agrees with the Laws, else (defect, record says, Laws say)."""
    if rec.passed_out_recorded or passed_out:
        return _compare_passed_out(rec, contract, passed_out)
    assert contract is not None
    if rec.contract != contract_text(contract) or rec.declarer is not contract.declarer:
        return _compare_contract(rec, contract, passed_out)
    if rec.result is not None and tricks is not None and rec.result != tricks:
        return _compare_tricks(rec, tricks)
    if rec.score_ns is not None and score is not None and rec.score_ns != score:
        return ("score", text("replay.say.score_ns", score=rec.score_ns),
                text("replay.say.law_77_scores", score=score, n=tricks, what=_describe(contract, False)))
    return "", "", ""
