"""Laws 61-64: revokes.

The engine knows every failure to follow suit the moment it happens (the Table notes it),
but at the table a revoke becomes an irregularity only when attention is drawn to it
(``point_out: revoke``). Then:

* no revoke at all (the player had none of the suit led) -> nothing (61A);
* not yet established (63A: neither the offender nor his partner has played to a later
  trick, no claim or concession by his side, no agreement to the opponents' claim) -> it
  is corrected (62): every card played after it goes back, a defender's revoke card
  becomes a major penalty card (62B1; declarer's and dummy's go back, 62B2), the offender
  plays a legal card; the non-offenders may change the cards they had played after it
  (62C1), the offenders only after a non-offender changed (62C2);
* a revoke on trick 12 is corrected even when established (62D);
* established (63A) -> the trick stands (63B) and, when play ends, tricks are transferred
  (64A: one or two, by who won the revoke trick and whether the offending side won a later
  trick) unless 64B excludes it; 64C is the director's equity question.

1997 differs in 64A2 (a second trick when the offender later won a trick with a card he
could have played to the revoke trick) and in 64B (no exclusion when both sides revoked).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from bridgelaw.actions import (
    Action,
    Claim,
    ClaimResponse,
    Concede,
    DummyBreach,
    PlayAction,
    PointOut,
    RevokeInquiry,
)
from bridgelaw.core.cards import SUIT_MASK, Card, Seat, Side
from bridgelaw.i18n import add, as_seat, both, msg, put, text
from bridgelaw.laws.base.facts import RevokeAttention, RevokeFact
from bridgelaw.laws.base.handler import Handler, TableOps
from bridgelaw.laws.play import revoke_reported
from bridgelaw.laws.play.exposure import is_defender, make_penalty_cards
from bridgelaw.laws.play.holdings import ask_holding, holds, take_holding_answer
from bridgelaw.laws.play.misinformed import mistaken_explanation
from bridgelaw.laws.play.penalty_cards import withdrawn_card_settled
from bridgelaw.laws.play.procedure import dummy_breach, dummy_drew_attention, revoke_inquiry
from bridgelaw.laws.play.revoke_record import (
    failures_to_follow,
    played_at,
    played_to_a_later_trick,
    revokes_in_play,
    ruled_revokes,
)
from bridgelaw.laws.play.tricks import defective_trick, unintended_designation
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord, TrickRecord
from bridgelaw.rulings import Consequence, JsonMap, Question, Ruling, RulingState, RulingStatus

EQUITY_QUESTION = Question(
    key="equity_tricks",
    text=both("revoke.module")[0],
    text_ru=both("revoke.module")[1],
    law="64C",
)


@dataclass(frozen=True, slots=True)
class RevokeReplay(RulingState):
    """62C: the cards played after the revoke, to be played again in their order; ``at``:
    the next of them (-1: the offender's substitute comes first); ``nos_changed``: a
    non-offender has changed his card (62C1), so the offenders may change theirs (62C2)."""

    cards: tuple[tuple[Seat, Card], ...]
    at: int = -1
    nos_changed: bool = False


def _attention(ruling: Ruling) -> RevokeAttention:
    """How attention was drawn to the revoke (recorded when the ruling is opened)."""
    return ruling.fact(RevokeAttention) or RevokeAttention()


def _fact(ruling: Ruling) -> RevokeFact:
    """The revoke a ruling found (it has found one once it rules on it)."""
    fact = ruling.fact(RevokeFact)
    assert fact is not None
    return fact


def transfer_2017(tricks: Sequence[TrickRecord], fact: RevokeFact, claimed_later: int = 0) -> tuple[int, str]:
    """64A: the tricks the offending side gives up, and the sub-clause. ``claimed_later``:
    tricks the offending side was credited by a claim or concession that ended the play
    after the revoke trick (they are tricks it won after the revoke, like played ones)."""
    os_side = fact.seat.side
    rev = tricks[fact.trick - 1]
    won_from = claimed_later + sum(
        1 for t in tricks[fact.trick - 1:] if t.winner is not None and t.winner.side is os_side
    )
    later = claimed_later > 0 or any(t.winner is not None and t.winner.side is os_side for t in tricks[fact.trick:])
    if rev.winner is fact.seat:
        return min(won_from, 1 + (1 if later else 0)), "64A1"
    if (rev.winner is not None and rev.winner.side is os_side) or later:
        return 1, "64A2"
    return 0, "64B1"


def transfer_1997(tricks: Sequence[TrickRecord], fact: RevokeFact, claimed_later: int = 0) -> tuple[int, str]:
    """1997 64A2: one trick, plus one more if the offending player later won a trick with a
    card he could lawfully have played to the revoke trick (a card of the suit led)."""
    n, law = transfer_2017(tricks, fact, claimed_later)
    if law != "64A2":
        return n, law
    os_side = fact.seat.side
    won_from = claimed_later + sum(
        1 for t in tricks[fact.trick - 1:] if t.winner is not None and t.winner.side is os_side
    )
    for t in tricks[fact.trick:]:
        c = t.card_of(fact.seat)
        if t.winner is fact.seat and c is not None and c.suit is fact.led:
            return min(won_from, 2), "64A2"
    return n, law


def failed_to_play_a_penalty_card(ops: TableOps, fact: RevokeFact) -> bool:
    """64B3: the revoke was a failure to play a card faced on the table, a penalty card of
    the suit led (a major one, which he had to play, or the only cards of the suit he
    held). Penalty cards are read from the rulings made before the revoke card was played."""
    suit = _held_at_revoke(ops, fact) & SUIT_MASK[fact.led]
    faced = {c: k for c, k in _faced_before(ops, fact.seat, played_at(ops, fact)).items() if suit & c.bit}
    if not faced:
        return False
    return sum(c.bit for c in faced) == suit or "major" in faced.values()


def _held_at_revoke(ops: TableOps, fact: RevokeFact) -> int:
    """What the offender held at the revoke trick: his hand now and what he played since."""
    held = ops.hand(fact.seat)
    for t in ops.tricks[fact.trick:]:
        c = t.card_of(fact.seat)
        if c is not None:
            held |= c.bit
    return held


def _faced_before(ops: TableOps, seat: Seat, played_at: int) -> dict[Card, str]:
    """50: the penalty cards ``seat`` had on the table, major or minor, by the
    consequences of the rulings made before action ``played_at``."""
    faced: dict[Card, str] = {}
    for r in ops.rulings:
        if r.at_action < played_at:
            for cq in r.consequences:
                _follow_penalty_card(faced, seat, cq)
    return faced


def _follow_penalty_card(faced: dict[Card, str], seat: Seat, cq: Consequence) -> None:
    """One consequence's effect on ``seat``'s penalty cards: faced (50), changed in kind,
    or picked up."""
    d = dict(cq.details)
    if d.get("seat", seat.name) != seat.name or "card" not in d:
        return
    card = Card.parse(d["card"])
    if cq.what == "penalty_card":
        faced[card] = d.get("kind", "minor")
    elif cq.what == "penalty_card_kind" and card in faced:
        faced[card] = d.get("kind", faced[card])
    elif cq.what == "penalty_card_picked_up":
        faced.pop(card, None)


def _hands(ops: TableOps) -> list[int]:
    return [ops.hand(s) for s in Seat]


@implements("61A", "62A", "62B1", "62B2", "62C1", "62C2", "62D1", "63A1", "63A2", "63A3", "63A4", "63B",
            "64A1", "64A2", "64B1", "64B2", "64B3", "64B4", "64B5", "64B7", editions=("2017",))
@implements("61A", "62A", "62B1", "62B2", "62C1", "62C2", "62D1", "63A1", "63A2", "63A3", "63B",
            "64A1", "64A2", "64B1", "64B2", "64B3", "64B4", "64B5", editions=("1997",))
@implements("64C", handling=Handling.DIRECTOR_QUESTION, editions=("2017", "1997"))
class Revoke(Handler):
    """A revoke to which attention has been drawn (Laws 61-64)."""

    kind: ClassVar[str] = "revoke"
    both_sides_excluded: ClassVar[bool] = True  # 64B7 (2017)
    agreement_law: ClassVar[str] = "63A4"  # agreeing to the opponents' claim (2017)
    second_trick_for_suit_card: ClassVar[bool] = False  # 1997 64A2
    dummy_breach_rules: ClassVar[bool] = True  # 43B2(b), (c) after dummy's 43A2 breach

    def transfer(self, tricks: Sequence[TrickRecord], fact: RevokeFact, claimed_later: int = 0) -> tuple[int, str]:
        return transfer_2017(tricks, fact, claimed_later)

    # -- finding the revoke --------------------------------------------------------------
    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        attention = _attention(ruling)
        if revoke_reported.not_on_record(ops, attention):
            revoke_reported.begin(ops, ruling, attention, self)
            return
        fact, unknown = self.revoke_found(ops, attention)
        if unknown is not None:
            ruling.offender = unknown.seat
            ruling.cite("61A")
            put(ruling, *both("revoke.pointed_out.holding", seat=unknown.seat, trick=unknown.trick, card=unknown.card))
            ask_holding(ops, ruling, unknown.seat, SUIT_MASK[unknown.led], unknown.card, unknown.trick, "61A")
            return
        if fact is None:
            self.no_revoke(ops, ruling, attention)
            return
        self.rule_on(ops, ruling, fact, attention)

    @staticmethod
    def revoke_found(ops: TableOps, attention: RevokeAttention) -> tuple[RevokeFact | None, RevokeFact | None]:
        """61A: the first failure to follow suit, by the hand and to the trick pointed out,
        not ruled on yet, whose owner held the suit led. On a partly known deal a failure
        by a hand whose holding nobody has shown is a revoke only if the director
        establishes that he held the suit: returned second, to ask him."""
        offender, trick = attention.offender, attention.trick
        ruled = ruled_revokes(ops)
        for f in revokes_in_play(ops.tricks, _hands(ops)):
            if (offender is None or f.seat is offender) and (trick is None or f.trick == trick) \
                    and (f.trick, f.position) not in ruled:
                return f, None
        for cand in failures_to_follow(ops.tricks, offender, trick, ruled):
            held = holds(ops, cand.seat, cand.led, cand.trick)
            if held:
                return cand, None
            if held is None:
                return None, cand
        return None, None

    @staticmethod
    def no_revoke(ops: TableOps, ruling: Ruling, attention: RevokeAttention) -> None:
        """61A: no revoke (the player held none of the suit led): nothing to rectify."""
        ruling.cite("61A")
        who = attention.offender or msg("revoke.who.unknown")
        if not failures_to_follow(ops.tricks, attention.offender, attention.trick, ruled_revokes(ops)):
            # nothing in the record left to rule on (he followed suit, the card was withdrawn
            # and corrected, or it was ruled on already): no fact about his hand is stated
            put(ruling, *both("revoke.none_recorded", who=who, trick=attention.trick or "—"))
        elif attention.trick:
            put(ruling, *both("revoke.none_on_trick", who=who, trick=attention.trick))
        else:
            put(ruling, *both("revoke.none", who=who))
        ops.close(ruling)

    def rule_on(self, ops: TableOps, ruling: Ruling, fact: RevokeFact, attention: RevokeAttention) -> None:
        """61A: a revoke; 43B2(c): unrectified when dummy drew attention to it after a
        breach; 62: corrected when not established (or on trick 12, 62D); 63-64: else it
        stands and tricks may be transferred at the end of play."""
        ruling.offender = fact.seat
        ruling.record_fact(fact)
        ruling.cite("61A")
        from_dummy = ops.contract is not None and fact.seat is ops.contract.dummy
        put(ruling, *both("revoke.from_dummy" if from_dummy else "revoke.fact", seat=fact.seat, trick=fact.trick, card=fact.card, led=fact.led))
        if dummy_drew_attention(ops, ruling, fact.seat, attention, breach_rules=self.dummy_breach_rules):
            add(ruling, *both("revoke.dummy_drew_attention"))
            ops.close(ruling)
            return
        if "43A1(b)" in ruling.laws:
            add(ruling, *both("revoke.dummy_during_play"))
        law = self.establishment(ops, fact)
        if law is None and attention.as_established:
            self.corrected_as_established(ops, ruling, fact, attention.as_established)
        elif law is None or (fact.trick == 12 and ops.phase in ("play", "ended") and attention.found_too_late is None):
            if law is not None:
                ruling.cite("62D1")
                add(ruling, *both("revoke.open.4"))
            self.correct(ops, ruling, fact, established=law is not None)
        else:
            self.stands(ops, ruling, fact, law)

    def corrected_as_established(self, ops: TableOps, ruling: Ruling, fact: RevokeFact, law: str) -> None:
        """43B2(b): dummy, after a 43A2 breach, was the first to ask declarer about a
        revoke: it is corrected, and rectified as if established (64 at the end of play)."""
        ruling.cite(law, "62A")
        ruling.record_fact(replace(_attention(ruling), established=law, transfer_pending=True))
        ruling.flag("64C")
        add(ruling, *both("revoke.dummy_asked", law=law))
        self.correct(ops, ruling, fact, established=True)

    def stands(self, ops: TableOps, ruling: Ruling, fact: RevokeFact, law: str) -> None:
        """63B: an established revoke stands; 64B: the exclusions known now; the transfer
        (64A) waits for the end of play."""
        ruling.cite("63B", law)
        st = replace(_attention(ruling), established=law)
        ruling.record_fact(st)
        excluded = self.exclusion(ops, ruling, fact)
        pending = excluded is None and ops.phase != "ended"  # say when the tricks are counted (64A)
        add(ruling, *both("revoke.open.2.pending" if pending else "revoke.open.2", law=law))
        if excluded is not None:
            ruling.cite(excluded)
            st = replace(st, excluded=excluded)
            add(ruling, *both("revoke.open.5", excluded=excluded))
        ruling.flag("64C")
        ruling.record_fact(replace(st, transfer_pending=True))
        ops.close(ruling)
        if ops.phase == "ended":
            self.settle(ops, ruling)

    def establishment(self, ops: TableOps, fact: RevokeFact) -> str | None:
        """63A: which event established the revoke, or None. Only claims, concessions and
        agreements made after the revoke card was played count."""
        if any(fact.seat in t.seats or fact.seat.partner in t.seats for t in ops.tricks[fact.trick:]):
            return "63A1"  # he or his partner played to a later trick
        later_play = played_to_a_later_trick(ops, fact)
        if later_play is not None:
            return "63A2" if later_play.named else "63A1"  # 63A2: designated by naming it (45C4(a))
        later = list(ops.actions)[played_at(ops, fact) + 1:]
        return self.established_by_action(later, fact.seat.side)

    def established_by_action(self, later: Sequence[Action], side: Side) -> str | None:
        """63A3-63A4: the offending side claimed or conceded, or agreed to the opponents'
        claim or concession. (A card named as in his hand is exposed, 49, not designated to
        be played: 63A2 is a play, ``played_to_a_later_trick``.)"""
        if any(isinstance(a, Claim | Concede) and a.seat.side is side for a in later):
            return "63A3"
        if any(isinstance(a, Claim | Concede) and a.seat.side is not side for a in later) and any(
            isinstance(a, ClaimResponse) and a.response == "agree" and a.seat.side is side for a in later
        ):
            return self.agreement_law
        return None

    def exclusion(self, ops: TableOps, ruling: Ruling, fact: RevokeFact) -> str | None:
        """64B: the cases with no automatic transfer known when the revoke is found."""
        late = _attention(ruling).found_too_late
        if late is not None:
            return late  # found too late for a transfer: the director restores equity (64C)
        c = ops.contract
        if c is not None and fact.seat is c.dummy:
            return "64B3"
        if failed_to_play_a_penalty_card(ops, fact):
            return "64B3"
        for r in ops.rulings:
            if r is ruling or r.kind != "revoke" or not _attention(r).established:
                continue
            f = r.fact(RevokeFact)
            if f is not None and f.seat is fact.seat and f.led is fact.led and f.trick < fact.trick:
                return "64B2"
        return None

    # -- correction (62) ------------------------------------------------------------------
    def correct(self, ops: TableOps, ruling: Ruling, fact: RevokeFact, *, established: bool = False) -> None:
        ruling.cite("62A", "62B")
        taken = ops.unwind(ruling, fact.trick, fact.position)
        later = taken[1:]
        # declarer plays dummy's cards: from dummy, he plays the legal card; dummy's goes back to the table
        from_dummy = ops.contract is not None and fact.seat is ops.contract.dummy
        tail = withdrawn_card_settled(ops, ruling, fact.seat, fact.card,
                                      back="revoke.tail.back.dummy" if from_dummy else "revoke.tail.back")
        key = (("revoke.correct.dummy" if from_dummy else "revoke.correct") if established
               else ("revoke.correct.2.dummy" if from_dummy else "revoke.correct.2"))
        add(ruling, *both(key, tail=tail, seat=as_seat(fact.seat)))
        if later:
            ruling.cite("62C1")
            ruling.record_fact(RevokeReplay(tuple((s, c) for s, c in later)))
            add(ruling, *both("revoke.correct.3"))
            ops.follow_up(ruling)
            return
        ops.close(ruling)

    def on_card(self, ops: TableOps, ruling: Ruling, i: int, action: PlayAction) -> bool:
        """62C: the cards after the revoke are played again, in their order; True when
        this card is played in place of another (62C2)."""
        replay = ruling.fact(RevokeReplay)
        if replay is None:
            return False
        at, cards = replay.at, replay.cards
        if at < 0:  # the offender's substitute for the revoke card
            ruling.record_fact(replace(replay, at=0))
            return False
        if at >= len(cards) or cards[at][0] is not action.seat:
            self._end_replay(ops, ruling)
            return False
        original = cards[at][1]
        os_side = _fact(ruling).seat.side
        if action.seat.side is os_side:
            self.refuse_offenders_change(ops, replay, action, original)
        nos_changes = action.card is not original and action.seat.side is not os_side
        ruling.record_fact(replace(replay, at=at + 1, nos_changed=replay.nos_changed or nos_changes))
        if at + 1 >= len(cards):
            self._end_replay(ops, ruling)
        if action.card is original:
            return False
        if nos_changes:
            ruling.cite("62C1")
            ruling.flag("16C")
            return False
        return replay.nos_changed and self.offender_changes(ops, ruling, action, original)

    @staticmethod
    def refuse_offenders_change(ops: TableOps, replay: RevokeReplay, action: PlayAction, original: Card) -> None:
        """62C2: a member of the offending side may change the card he played after the
        revoke only once a non-offender has changed his."""
        if action.card is not original and not replay.nos_changed and ops.hand(action.seat) & original.bit:
            ops.refuse(
                "choice_not_allowed",
                text("revoke.refuse.change", seat=action.seat, original=original),
            )

    @staticmethod
    def offender_changes(ops: TableOps, ruling: Ruling, action: PlayAction, original: Card) -> bool:
        """62C2: after a non-offender changed his card, an offender plays another in place
        of his; a defender's withdrawn card becomes a major penalty card."""
        ruling.cite("62C2")
        ops.play_card(ruling, action.seat, action.card)
        if is_defender(ops, action.seat):
            make_penalty_cards(ops, ruling, action.seat, [original], deliberate=True, law="62C2")
        return True

    @staticmethod
    def _end_replay(ops: TableOps, ruling: Ruling) -> None:
        ruling.forget_fact(RevokeReplay)
        if ruling.status is RulingStatus.FOLLOW_UP:
            ops.close(ruling)

    # -- transfer (64) --------------------------------------------------------------------
    def on_play_end(self, ops: TableOps) -> None:
        for r in list(ops.rulings):
            if r.kind == "revoke" and _attention(r).transfer_pending:
                handler = self
                handler.settle(ops, r)

    def settle(self, ops: TableOps, ruling: Ruling) -> None:
        """At the end of play: transfer the tricks 64A prescribes, unless 64B excludes it."""
        st = replace(_attention(ruling), transfer_pending=False)
        ruling.record_fact(st)
        fact = _fact(ruling)
        nos = fact.seat.side.opponents
        excluded = st.excluded
        if excluded is None and self.both_sides_excluded and self.both_sides_revoked(ops):
            excluded = "64B7"
            ruling.cite("64B7")
            add(ruling, *both("revoke.settle"))
            self.withdraw_earlier_transfers(ops, ruling)
            if any(r is not ruling and r.kind == "revoke" and _attention(r).excluded == "64B7"
                   and r.status is RulingStatus.AWAITING_DECISION for r in ops.rulings):
                ruling.record_fact(replace(_attention(ruling), excluded=excluded))
                ops.close(ruling)  # one equity question covers both revokes (64C)
                return
        if excluded is not None:
            ruling.record_fact(replace(_attention(ruling), excluded=excluded))
            ops.ask_director(ruling, [EQUITY_QUESTION])
            return
        n, law = self.transfer(ops.tricks, fact, self.claimed_later(ops, fact.seat.side))
        ruling.cite(law)
        ruling.record_fact(replace(_attention(ruling), transferred=n))
        if n > 0:
            ops.transfer_tricks(ruling, nos, n, law)
        if n:
            second = ruling.edition == "1997" and law == "64A2" and n == 2  # why the second trick is added, said
            add(ruling, *both("revoke.transfer.64A2.second" if second else "revoke.transfer", n=n, side=nos, law=law))
        else:
            add(ruling, *both("revoke.transfer.none", side=nos, law=law))

    @staticmethod
    def claimed_later(ops: TableOps, side: Side) -> int:
        """Tricks ``side`` was credited beyond those it won in play, by the claim or
        concession that ended the play (69-71): all of them come after the revoke."""
        claimed = ops.claimed
        if claimed is None:
            return 0
        return max(0, int(claimed[side]) - int(ops.won[side]))

    @staticmethod
    def withdraw_earlier_transfers(ops: TableOps, ruling: Ruling) -> None:
        """64B7 whatever the order the revokes were found in: a transfer already made for
        the other side's revoke is taken back (neither revoke carries one)."""
        for r in ops.rulings:
            if r is ruling or r.kind != "revoke" or not _attention(r).transferred:
                continue
            if ops.withdraw_transfers(r, "64B7"):
                r.cite("64B7")
                r.record_fact(replace(_attention(r), transferred=0, excluded="64B7"))
                add(r, *both("revoke.both_sides"))

    @staticmethod
    def both_sides_revoked(ops: TableOps) -> bool:
        sides = {r.offender.side for r in ops.rulings
                 if r.kind == "revoke" and r.offender is not None and _attention(r).established}
        return len(sides) == 2

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        if ruling.fact(revoke_reported.ReportedRevoke) is not None:
            revoke_reported.answer(ops, ruling, decision, self)
            return
        if take_holding_answer(ops, ruling, decision):
            ops.close(ruling)
            self.open(ops, ruling, None)
            return
        if "equity_tricks" not in decision:
            raise KeyError("equity_tricks")
        value = decision["equity_tricks"]
        ruling.answers["equity_tricks"] = value
        ops.close(ruling)
        c = ops.contract
        if value is None or c is None:
            add(ruling, *both("revoke.on_decision.2"))
            return
        current = ops.declarer_tricks or 0
        diff = int(value) - current
        ruling.cite("64C")
        if diff:
            side = c.declarer.side if diff > 0 else c.declarer.side.opponents
            ops.transfer_tricks(ruling, side, abs(diff), "64C")
        add(ruling, *both("revoke.equity", tricks=msg("count.tricks", n=int(value))))


@implements("64A2", "64B", editions=("1997",))
class Revoke1997(Revoke):
    """1997: 64A2 may transfer a second trick; 64B has no both-sides exclusion [verify]."""

    both_sides_excluded: ClassVar[bool] = False
    second_trick_for_suit_card: ClassVar[bool] = True
    agreement_law: ClassVar[str] = "63A3"  # 1997: "makes or acquiesces in" a claim or concession
    # 43B2(b), (c) after dummy's 43A2 breach: the digest knows no 1997 difference in Law 43
    dummy_breach_rules: ClassVar[bool] = True

    def transfer(self, tricks: Sequence[TrickRecord], fact: RevokeFact, claimed_later: int = 0) -> tuple[int, str]:
        return transfer_1997(tricks, fact, claimed_later)


@implements("62", "63", editions=("2017", "1997"))
class PointOutHandler(Handler):
    """``point_out`` actions: attention drawn to an irregularity the engine cannot see by
    itself (a revoke, a mistaken explanation, an unintended designation, a defective
    trick). Each goes to the ruling of its law."""

    kind: ClassVar[str] = "point_out"
    dummy_breach_rules: ClassVar[bool] = True  # 43B2(b) after dummy's 43A2 breach

    def on_action(self, ops: TableOps, i: int, action: Action) -> None:
        if isinstance(action, RevokeInquiry):
            revoke_inquiry(ops, i, action, breach_rules=self.dummy_breach_rules)
            return
        if isinstance(action, DummyBreach):
            dummy_breach(ops, i, action)
            return
        assert isinstance(action, PointOut), action  # the Table routes only these three here
        what = action.irregularity
        if what == "revoke":
            if ops.phase == "auction":  # a revoke is a card played (61A): none is played yet
                ops.refuse("not_in_play", text("revoke.refuse.in_auction"))
            ops.open_ruling("revoke", action.offender, state=RevokeAttention(
                offender=action.offender, trick=action.trick, pointed_out_by=action.seat, found=action.found,
            ))
        elif what == "mistaken_explanation":
            mistaken_explanation(ops, i, action)
        elif what == "unintended_designation":
            unintended_designation(ops, i, action)
        else:  # "defective_trick": PointOut admits nothing else (POINT_OUT_KINDS)
            defective_trick(ops, i, action)

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:  # pragma: no cover
        ops.close(ruling)


class PointOutHandler1997(PointOutHandler):
    """1997: a revoke found by dummy's inquiry after a 43A2 breach is rectified as if
    established, as in 2017 (43B2(b): the digest knows no 1997 difference in Law 43)."""

    dummy_breach_rules: ClassVar[bool] = True


HANDLERS: list[Handler] = [Revoke(), PointOutHandler()]
OVERRIDES_1997: list[Handler] = [Revoke1997(), PointOutHandler1997()]
