"""The Table as law handlers see it: ``TableOpsImpl`` implements the ``TableOps`` protocol
of ``bridgelaw.laws.base.handler``. A handler reads the table and changes it only through these
methods, and every change is recorded on the ruling as a consequence."""


from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Literal, NoReturn

from bridgelaw.actions import (
    Action,
    PlayAction,
)
from bridgelaw.config import TableConfig
from bridgelaw.core.calls import Call, Contract
from bridgelaw.core.cards import SUIT_MASK, Card, Seat, Side, Suit
from bridgelaw.core.deal import Board
from bridgelaw.i18n import msg, text
from bridgelaw.laws.auction import regular as auction_laws
from bridgelaw.laws.base.handler import Handler
from bridgelaw.records import CallRecord, TrickRecord
from bridgelaw.rulings import (
    Consequence,
    JsonMap,
    Option,
    PenaltyCard,
    Question,
    Restriction,
    Ruling,
    RulingKind,
    RulingState,
    RulingStatus,
)
from bridgelaw.table_types import ActionRefused, Phase, RefusedAction, Request

if TYPE_CHECKING:
    from bridgelaw.table.machine import TableMachine as Table


class TableOpsImpl:
    """The Table as law handlers see it (``bridgelaw.laws.base.handler.TableOps``). Every change
    goes through a method that records a consequence on the ruling."""

    __slots__ = ("_t",)

    def __init__(self, table: Table):
        self._t = table

    # reading
    @property
    def edition(self) -> str:
        return self._t.edition

    @property
    def config(self) -> TableConfig:
        return self._t.config

    @property
    def dealer(self) -> Seat:
        return self._t.board.dealer

    @property
    def calls(self) -> Sequence[CallRecord]:
        return self._t._calls

    @property
    def standing(self) -> Sequence[tuple[Seat, Call]]:
        return self._t._standing

    @property
    def contract(self) -> Contract | None:
        return self._t._contract

    @property
    def passed_out(self) -> bool:
        return self._t._passed_out

    @property
    def auction_over(self) -> bool:
        return self._t._phase is not Phase.AUCTION

    @property
    def restrictions(self) -> Sequence[Restriction]:
        return self._t._restrictions

    @property
    def penalty_cards(self) -> Sequence[PenaltyCard]:
        return self._t._penalty_cards

    @property
    def rulings(self) -> Sequence[Ruling]:
        return self._t._rulings

    def hand(self, seat: Seat) -> int:
        return self._t._hands[seat]

    @property
    def board(self) -> Board:
        return self._t.board

    @property
    def requests(self) -> Sequence[Request]:
        return self._t.requests

    @property
    def refused(self) -> Sequence[RefusedAction]:
        return self._t.refused

    @property
    def turn(self) -> Seat | None:
        return self._t.turn

    @property
    def awaiting(self) -> Ruling | None:
        return self._t.awaiting

    @property
    def declarer_tricks(self) -> int | None:
        return self._t.declarer_tricks

    @property
    def score_ns(self) -> int | None:
        return self._t.score_ns

    def must_pass(self, seat: Seat) -> Restriction | None:
        return self._t.must_pass(seat)

    def handler(self, kind: str) -> Handler | None:
        """The edition's handler of ``kind`` (one law's check that another's verdict reads)."""
        return self._t._handler(kind)

    # partly known hands (``bridgelaw.laws.play.knowledge``): None is "nobody can tell"
    @property
    def deal_complete(self) -> bool:
        """Whether the deal gave all four hands (the claim checker needs them)."""
        return self._t.knowledge.complete

    def hand_known(self, seat: Seat) -> bool:
        return self._t.hand_known(seat)

    def cards_left(self, seat: Seat) -> int:
        return self._t.cards_left(seat)

    def unseen_mask(self) -> int:
        return self._t.unseen_mask()

    def trick_number(self) -> int:
        return self._t.trick_number()

    def holds_any(self, seat: Seat, mask: int, trick: int | None = None) -> bool | None:
        return self._t.holds_any(seat, mask, trick)

    def note_holding(self, seat: Seat, mask: int, trick: int, holds: bool) -> None:
        """The director's answer about an unknown hand becomes a fact of the board."""
        self._t.note_holding(seat, mask, trick, holds)

    def supposing(self, seat: Seat, masks: Sequence[int]) -> AbstractContextManager[None]:
        """For a check only: ``seat`` holds one more unseen card of each of ``masks``."""
        return self._t.supposing(seat, masks)

    def shown_cards(
        self, i: int, a: Action, seat: Seat, cards: Sequence[Card], then: Callable[[int, Action], None],
    ) -> None:
        """An unknown hand shows ``cards`` in an action a handler rules on (58B)."""
        self._t.shown_cards(i, a, seat, cards, then)

    def judge_shown_card(self, a: PlayAction) -> None:
        """Judge a card again once the director has answered about its hand (44C)."""
        self._t.judge_shown_card(a)

    def to_call(self) -> Seat:
        return auction_laws.next_to_call(self._t._standing, self._t.board.dealer)

    # changing
    def _record(self, ruling: Ruling, what: str, /, **details: Any) -> None:
        ruling.consequences.append(Consequence(what, tuple(details.items())))

    def stand_call(self, ruling: Ruling, record: CallRecord) -> None:
        self._t._stand(record)
        self._record(ruling, "call_stands", call_index=record.index)

    def cancel_call(self, ruling: Ruling, record: CallRecord) -> None:
        record.status = "cancelled"
        record.law = ruling.laws[-1] if ruling.laws else None
        self._t._rebuild_standing()
        self._record(ruling, "call_cancelled", call_index=record.index)

    def restrict(self, ruling: Ruling, restriction: Restriction) -> None:
        self._t._restrictions.append(restriction)
        self._record(ruling, "restriction", **restriction.to_json())

    def lift(self, ruling: Ruling, restriction: Restriction) -> None:
        if restriction in self._t._restrictions:
            self._t._restrictions.remove(restriction)
            self._record(ruling, "restriction_lifted", **restriction.to_json())

    def add_penalty_card(self, ruling: Ruling, card: PenaltyCard) -> None:
        self._t._penalty_cards.append(card)
        self._record(ruling, "penalty_card", **card.to_json())

    def transfer_tricks(self, ruling: Ruling, to: Side, n: int, law: str) -> None:
        self._t._transfers.append((to, n, law))
        self._record(ruling, "tricks_transferred", to=to.name, tricks=n, law=law)

    def offer(self, ruling: Ruling, options: Sequence[Option]) -> None:
        ruling.options = list(options)
        ruling.status = RulingStatus.AWAITING_CHOICE

    def ask_director(self, ruling: Ruling, questions: Sequence[Question]) -> None:
        ruling.questions = list(questions)
        ruling.status = RulingStatus.AWAITING_DECISION

    def expect_call(self, ruling: Ruling, seat: Seat | None) -> None:
        ruling.expects = seat
        ruling.status = RulingStatus.FOLLOW_UP

    def follow_up(self, ruling: Ruling) -> None:
        """The ruling waits for a later card (``Handler.on_card``), not for a call."""
        ruling.status = RulingStatus.FOLLOW_UP

    def close(self, ruling: Ruling) -> None:
        ruling.expects = None
        ruling.status = RulingStatus.CLOSED

    def log(self, line: str) -> None:
        self._t._log.append(line)

    # auction irregularities (Laws 24-39)
    def judge_call(self, ruling: Ruling, record: CallRecord) -> None:
        """Judge a call a ruling held back (a premature replacement, 27C; an unintended
        call's substitute, 25A) as if just made: it stands, or its own law rules on it."""
        self._record(ruling, "call_judged", call_index=record.index)
        self._t._judge(len(self._t._actions) - 1, record, fresh=False)

    def open_ruling(
        self, kind: str, offender: Seat | None, *, state: RulingState | None = None,
        action: Action | None = None, call: int | None = None,
    ) -> Ruling:
        """Open a new ruling of ``kind`` and rule on it at once (the director is at the
        table): e.g. the declarer's Law 26 option at the offender's partner's first lead.
        ``state``: the handler's own typed state, recorded before it opens the ruling."""
        t = self._t
        ruling = Ruling(
            id=len(t._rulings), at_action=len(t._actions) - 1, kind=RulingKind(kind), laws=[], offender=offender,
            edition=t._edition.name, status=RulingStatus.CLOSED,
        )
        if state is not None:
            ruling.record_fact(state)
        ruling.action = action
        ruling.call = call
        t._rulings.append(ruling)
        t._log.append(text("table_ops.log.open_ruling", at_action=ruling.at_action, kind=msg(f"kind.{kind}")))
        handler = t._handler(kind)
        assert handler is not None, kind
        handler.open(self, ruling, None)
        return ruling

    @property
    def phase(self) -> str:
        return self._t._phase.value

    def substitute_pass(self, ruling: Ruling, record: CallRecord, law: str) -> CallRecord:
        """A pass takes the place of a cancelled call (37B, 38C): a new record, made by
        operation of law, after every call made so far."""
        t = self._t
        rec = CallRecord(
            index=len(t._calls), at_action=len(t._actions) - 1, seat=record.seat, call=Call.PASS,
            status="stands", law=law,
        )
        t._calls.append(rec)
        t._stand(rec)
        self._record(ruling, "pass_substituted", call_index=rec.index, law=law)
        return rec

    def restate_call(self, ruling: Ruling, record: CallRecord, law: str) -> CallRecord:
        """A call that stood over a call since replaced is made again over the replacement
        (25A3: LHO keeps his call over an unintended call): a new record of the same call,
        after every call made so far; the old record is cancelled by the handler."""
        t = self._t
        rec = CallRecord(
            index=len(t._calls), at_action=record.at_action, seat=record.seat, call=record.call,
            alert=record.alert, meaning=record.meaning, artificial=record.artificial, status="stands", law=law,
        )
        t._calls.append(rec)
        t._stand(rec)
        self._record(ruling, "call_restated", call_index=rec.index, law=law)
        return rec

    # play irregularities (Laws 41A, 45-67): reading
    @property
    def tricks(self) -> Sequence[TrickRecord]:
        return self._t._tricks

    @property
    def play_turn(self) -> Seat | None:
        return self._t._play_turn

    @property
    def lead_faced(self) -> bool:
        return self._t._lead_faced

    @property
    def face_down_lead(self) -> tuple[Seat, Card] | None:
        return self._t._face_down_lead

    @property
    def actions(self) -> Sequence[Action]:
        return self._t._actions

    @property
    def transfers(self) -> Sequence[tuple[Side, int, str]]:
        return self._t._transfers

    def led_suit(self) -> Suit | None:
        return self._t._led_suit()

    # play irregularities: changing
    def play_card(self, ruling: Ruling, seat: Seat, card: Card) -> None:
        """Put ``seat``'s card on the table as its card to the current trick, or as the lead
        to a new one (a lead out of turn accepted, 53A/54; a card held back and played at
        its proper turn, 57C3/57D; a penalty card required, 52B2). A failure to follow
        suit is noted as a latent revoke, as for any card."""
        t = self._t
        current = t._tricks[-1] if t._tricks and not t._tricks[-1].complete else None
        if not t._hands[seat] & card.bit or t._phase is Phase.ENDED or (current is not None and seat in current.seats):
            # the play moved on before the director ruled (Law 60A): nothing to put on the table
            t._log.append(text("table_ops.log.play_card", seat=seat, card=card))
            return
        self._record(ruling, "card_played", seat=seat.name, card=str(card))
        if t._phase is Phase.LEAD:
            t._face_down_lead = None
            t._start_play(leader=seat)
        led = t._led_suit()
        revoke = led is not None and card.suit is not led and bool(t._hands[seat] & SUIT_MASK[led])
        t._add_card(len(t._actions) - 1, seat, card, revoke=revoke)

    def replace_played_card(self, ruling: Ruling, trick_no: int, seat: Seat, card: Card) -> None:
        """Law 67: ``seat`` played no card to trick ``trick_no`` (1-based), so the card the
        record shows there for him never left his hand: it goes back, and ``card`` from his
        hand takes its place among his played cards. Who won the trick does not change."""
        t = self._t
        trick = t._tricks[trick_no - 1]
        pos = trick.seats.index(seat)
        old = trick.cards[pos]
        if old is card:
            return
        t._hands[seat] = (t._hands[seat] | old.bit) & ~card.bit
        trick.cards[pos] = card
        # a penalty card placed among his played cards is played: it leaves the table, as
        # any penalty card played does (``Table._add_card``)
        t._penalty_cards = [pc for pc in t._penalty_cards if pc.card is not card]
        self._record(ruling, "card_placed", trick=trick_no, seat=seat.name, card=str(card), returned=str(old))

    def could_hold(self, seat: Seat, card: Card) -> bool:
        """Whether ``card`` is, or on a partly known deal may be, in ``seat``'s hand now."""
        t = self._t
        if t._hands[seat] & card.bit:
            return True
        return not t.hand_known(seat) and bool(t.unseen_mask() & card.bit) and t.unseen_count(seat) > 0

    def reveal_card(self, ruling: Ruling, seat: Seat, card: Card) -> None:
        """A card of a partly known hand is shown (the director sees it, Law 67A2): it is
        known to be there from now on. Nothing changes for a card already known."""
        if not self._t._hands[seat] & card.bit and self.could_hold(seat, card):
            self._t._hands[seat] |= card.bit

    def set_play_turn(self, ruling: Ruling, seat: Seat) -> None:
        self._t._play_turn = seat
        self._record(ruling, "turn", seat=seat.name)

    def return_face_down_lead(self, ruling: Ruling) -> None:
        """Law 41A, 47E2, 54: a face-down opening lead goes back to its owner's hand."""
        fd = self._t._face_down_lead
        if fd is not None:
            self._t._face_down_lead = None
            self._record(ruling, "face_down_lead_returned", seat=fd[0].name)  # the card stays unseen

    def pick_up_penalty_card(self, ruling: Ruling, card: Card) -> None:
        """The penalty card stops being one and is simply part of its owner's hand again."""
        for pc in self._t._penalty_cards:
            if pc.card is card:
                self._t._penalty_cards.remove(pc)
                self._record(ruling, "penalty_card_picked_up", seat=pc.seat.name, card=str(card))
                return

    def set_penalty_kind(self, ruling: Ruling, card: Card, kind: Literal["major", "minor"]) -> None:
        """Law 50B: a minor penalty card becomes major when its owner has two or more."""
        pcs = self._t._penalty_cards
        for n, pc in enumerate(pcs):
            if pc.card is card and pc.kind != kind:
                pcs[n] = PenaltyCard(pc.seat, pc.card, kind, pc.law)
                self._record(ruling, "penalty_card_kind", card=str(card), kind=kind)

    def drop_restriction(self, restriction: Restriction) -> None:
        """A restriction has run its course (a first lead made, the lead lost)."""
        if restriction in self._t._restrictions:
            self._t._restrictions.remove(restriction)
            if restriction.ruling is not None and restriction.ruling < len(self._t._rulings):
                self._record(self._t._rulings[restriction.ruling], "restriction_lifted", **restriction.to_json())

    def change_declarer(self, ruling: Ruling, declarer: Seat) -> None:
        """Law 54A: presumed declarer spreads his hand and becomes dummy."""
        t = self._t
        assert t._contract is not None
        c = t._contract
        t._contract = Contract(c.level, c.strain, c.risk, declarer)
        self._record(ruling, "declarer_changed", declarer=declarer.name)

    def unwind(self, ruling: Ruling, trick_no: int, position: int) -> list[tuple[Seat, Card]]:
        """Take back every card played from ``position`` (0-based) of trick ``trick_no``
        (1-based) onwards, each to its owner's hand, in the order played; tricks won are
        recounted and the turn goes back to the hand at that position. Used to correct a
        revoke before it is established (62B/C, 62D) or an unintended designation (45C4(b),
        47C/D). Returns the cards taken back."""
        t = self._t
        assert trick_no >= 1 and (trick_no > 1 or position > 0)
        taken: list[tuple[Seat, Card]] = []
        while len(t._tricks) > trick_no or (
            len(t._tricks) == trick_no and len(t._tricks[-1].cards) > position
        ):
            trick = t._tricks[-1]
            if trick.winner is not None:
                t._won[trick.winner.side] -= 1
                trick.winner = None
            if trick.cards:
                seat = trick.seats.pop()
                card = trick.cards.pop()
                t._hands[seat] |= card.bit
                taken.append((seat, card))
            if not trick.cards and len(t._tricks) > 1:
                t._tricks.pop()
        taken.reverse()
        leader = t._tricks[trick_no - 1].leader if len(t._tricks) >= trick_no else taken[0][0]
        t._play_turn = leader.offset(position)
        if t._phase is Phase.ENDED:
            t._phase = Phase.PLAY
        self._record(
            ruling, "cards_taken_back", trick=trick_no,
            cards=[f"{s.name}:{c}" for s, c in taken],
        )
        return taken

    # claims and concessions (Laws 68-71)
    def refuse(self, code: str, message: str) -> NoReturn:
        """Refuse the action being handled (nothing changes; it is listed in ``refused``)."""
        raise ActionRefused(code, message)

    @property
    def won(self) -> tuple[int, int]:
        """Tricks won in play so far by NS and EW."""
        return (self._t._won[0], self._t._won[1])

    @property
    def claim_shown(self) -> JsonMap | None:
        """The claim as shown to every view (68C), if one is pending or settled."""
        return self._t._claim_shown

    def show_claim(self, ruling: Ruling, info: JsonMap | None) -> None:
        """Law 68C: the claim, its statement and the claimer's faced hand, for every view."""
        self._t._claim_shown = dict(info) if info is not None else None

    def settle_tricks(self, ruling: Ruling, ns: int, ew: int) -> None:
        """Laws 69A, 70, 71: the board is scored as if these tricks (totals) had been won."""
        self._t._claimed = (ns, ew)
        unrecorded = sum(1 for t in self._t._tricks if t.unrecorded)  # play entered from a later trick
        self._record(ruling, "tricks_settled", NS=ns, EW=ew, **({"unrecorded": unrecorded} if unrecorded else {}))

    def end_play(self, ruling: Ruling) -> None:
        """Law 68D: a claim or concession ends the play (the on_play_end hooks run)."""
        if self._t._phase is not Phase.ENDED:
            self._record(ruling, "play_ended")
            self._t._end_play()

    def resume_play(self, ruling: Ruling, at: int) -> Ruling:
        """68B2: a defender's partner objected at once to a concession that declarer had
        just agreed to (action ``at``, the one before this): there was no concession, so
        the table goes back to the state before that agreement (the play not ended, no
        tricks settled, nothing the end of the play ran) and the action being applied
        follows it. Actions the table refused in between changed nothing: they stay in the
        log with their refusals. Returns the claim ruling as it then stood."""
        t = self._t
        current = t._actions[-1]
        refused = {r.at_action: r for r in t._refused if r.at_action > at}
        between = [(j, t._actions[j]) for j in range(at + 1, len(t._actions) - 1)]
        t._rewind(at, None)  # the state before action ``at``; the actions up to it kept
        for j, action in between:
            t._actions.append(action)
            t._refused.append(refused[j])
        t._actions.append(current)
        return t._rulings[ruling.id]

    @property
    def claimed(self) -> tuple[int, int] | None:
        """Tricks finally credited (NS, EW) by a claim or concession, if one ended the play."""
        return self._t._claimed

    def record_action(self, action: Action) -> None:
        """Log ``action`` in place of the action being applied: the same action with what
        its handler computed from it once (a claim's analysis), so that a replay of the
        log reads that back instead of computing it again."""
        t = self._t
        assert type(action) is type(t._actions[-1]), "only the action being applied can be recorded anew"
        t._actions[-1] = action

    # rectifications that reach back (Laws 36A/36C, 64B7): each records what it undid
    def reopen_auction(self, ruling: Ruling) -> None:
        """Law 36A in the clarification period: the auction had ended over a call the
        director has just cancelled, so it is open again (the lead was not yet faced, or
        the board was passed out over it and no lead was ever due)."""
        t = self._t
        t._contract = None
        t._passed_out = False
        t._phase = Phase.AUCTION
        t._play_turn = None
        t._face_down_lead = None
        self._record(ruling, "auction_reopened")

    def score_contract_as(self, ruling: Ruling, contract: Contract) -> None:
        """Law 36C: the contract is scored as if an inadmissible call had not been made."""
        t = self._t
        if t._contract != contract:
            t._contract = contract
            self._record(ruling, "contract_scored_as", level=contract.level, strain=contract.strain.name,
                         risk=str(contract.risk), declarer=contract.declarer.name)

    def withdraw_transfers(self, ruling: Ruling, law: str) -> int:
        """Law 64B7: the automatic transfers made for ``ruling`` are taken back; returns how
        many tricks were."""
        t = self._t
        mine = [(to, n, why) for to, n, why in t._transfers if why.startswith("64A")]
        n_back = 0
        for c in list(ruling.consequences):
            if c.what != "tricks_transferred":
                continue
            d = dict(c.details)
            for item in mine:
                if item[0].name == d["to"] and item[1] == d["tricks"] and item[2] == d["law"] and item in t._transfers:
                    t._transfers.remove(item)
                    n_back += item[1]
                    self._record(ruling, "tricks_transfer_withdrawn", to=item[0].name, tricks=item[1], law=law)
                    break
        return n_back

    def record_request(self, request: Request) -> None:
        """A request a handler answered (Law 61B: a revoke inquiry), listed with the others."""
        self._t._requests.append(request)
