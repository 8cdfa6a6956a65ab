"""The play: leads, cards, tricks and the end of play (Laws 41-66)."""

from __future__ import annotations

from bridgelaw.actions import (
    FaceLead,
    PlayAction,
)
from bridgelaw.core.calls import Contract
from bridgelaw.core.cards import SUIT_MASK, Card, Seat
from bridgelaw.i18n import msg, text
from bridgelaw.laws.play.regular import trick_winner
from bridgelaw.records import TrickRecord
from bridgelaw.rulings import (
    Ruling,
    RulingStatus,
)
from bridgelaw.table.auction import _Auction
from bridgelaw.table.state import _SIDE, _TRUMP, _log_text
from bridgelaw.table_types import _ACCEPTED as _ACCEPTED
from bridgelaw.table_types import ActionRefused as _Refuse
from bridgelaw.table_types import Phase


class _Play(_Auction):
    """The play (a part of ``Table``)."""

    __slots__ = ()

    def _on_play(self, i: int, a: PlayAction) -> None:
        """A card: played, ruled on, or refused, in the order the Laws take it."""
        if a.simultaneous:  # Law 58A: it counts as played after the card it coincided with
            self._log.append(text("table.log.simultaneous_card", action=i, seat=a.seat, card=a.card))
        holder = a.seat
        card = a.card
        self._refuse_unknown_turn()
        if not self._hands[holder] & card.bit and self._known.partial[holder]:
            self._shown(i, a, holder, (card,), self._on_play)
            return
        if self._play_regular(i, a):
            return
        if not self._hands[holder] & card.bit:
            raise _Refuse("card_not_held", text("table.refused.on_play", holder=holder, card=card))
        if self._play_answers_ruling(i, a) or self._play_out_of_period(i, a) or self._play_by_handler(i, a):
            return
        contract = self._contract
        assert contract is not None
        if self._played_by_dummy(i, a, contract):
            return
        if self._phase is Phase.LEAD:
            self._play_lead(i, a, contract)
        else:
            self._play_in_turn(i, a)

    def _refuse_unknown_turn(self) -> None:
        """The play was entered from a later trick with nobody named on lead (``PlayFrom``
        for a claim): a card cannot be judged, whose turn it is not being known."""
        if self._phase is Phase.PLAY and self._play_turn is None and self._tricks and self._tricks[-1].unrecorded:
            raise _Refuse("turn_not_entered", text("table.refused.turn_not_entered"))

    def _played_by_dummy(self, i: int, a: PlayAction, contract: Contract) -> bool:
        """A card placed by someone other than its holder or declarer for dummy (refused),
        or one the dummy handler finds irregular (dummy playing a card himself)."""
        holder = a.seat
        actor = self._actor(a)
        if actor is not holder and not (holder is contract.dummy and actor is contract.declarer):
            raise _Refuse("not_your_hand", text("table.refused.on_play.5", actor=actor, holder=holder))
        dummy = self._handler("dummy_played_card")
        if dummy is not None and dummy.detects_card(self._ops, a):
            self._irregular_or_refuse(
                i, "dummy_played_card", holder, code="not_designated",
                message=text("table.refused.on_play.6", holder=holder, card=a.card), detail=a,
            )
            return True
        return False

    def _play_regular(self, i: int, a: PlayAction) -> bool:
        """The common case, kept fast: a lawful card at the right turn with nothing pending."""
        holder = a.seat
        card = a.card
        if not (
            holder is self._play_turn and self._phase is Phase.PLAY and not self._rulings
            and not self._every_card and self._quiet() and self._hands[holder] & card.bit
        ):
            return False
        if a.by is None or self._by_right(a):
            cards = self._tricks[-1].cards
            if (
                not cards or len(cards) == 4 or card.suit is cards[0].suit
                or not self._hands[holder] & SUIT_MASK[cards[0].suit]
            ):
                self._add_card(i, holder, card)
                return True
        return False

    def _play_answers_ruling(self, i: int, a: PlayAction) -> bool:
        """A card while a ruling waits: the ruling's handler says whether it is the choice
        the ruling waits for (``implied_choice``) or a step of a ruling still waiting for
        the director (``card_before_ruling``); else refused. True: nothing more to do with
        the card."""
        pending = self.awaiting
        if pending is None and self._rulings:
            pending = self._card_before_ruling(a)
        if pending is None:
            return False
        h = self._handler(pending.kind)
        implied = h.implied_choice(self._ops, pending, a) if h is not None else None
        if implied is None:
            if self._before_rectification(pending, a):
                self._irregular_or_refuse(
                    i, "card_exposed", a.seat, code="awaiting_ruling", message=self._awaiting_message(pending), detail=a,
                )
                return True
            raise _Refuse("awaiting_ruling", self._awaiting_message(pending))
        # ``by_play`` tells the handler the card was played (the lead made), not merely chosen.
        self._choose(i, pending, implied, {"by_play": a.seat.name})
        return self.awaiting is not None

    def _before_rectification(self, pending: Ruling, a: PlayAction) -> bool:
        """60C: a defender of the offending side plays while declarer's choice of
        rectification waits. At a table the card is on the table all the same: it is not
        refused but ruled on through the Laws (49: a defender's card exposed before it may
        be played is a penalty card), and declarer's choice follows. A card while the
        director has a question, or one by a non-offender, is still refused."""
        c = self._contract
        off = pending.offender
        faced = {pc.card for pc in self._penalty_cards}  # already face up: nothing new is shown
        if isinstance(pending.action, PlayAction):
            faced.add(pending.action.card)
        return (
            pending.status is RulingStatus.AWAITING_CHOICE and off is not None and c is not None
            and a.seat.side is off.side and a.seat.side is not c.declarer.side
            and bool(self._hands[a.seat] & a.card.bit) and a.card not in faced
        )

    def _card_before_ruling(self, a: PlayAction) -> Ruling | None:
        """The latest ruling waits for the director and its handler takes the card as a step
        of it (or refuses it): the director is summoned now, so that the card goes through
        the ruling's choice; the ruling, if it then waits for that choice."""
        r = self._rulings[-1]
        if r.status is not RulingStatus.AWAITING_DIRECTOR:
            return None
        h = self._handler(r.kind)
        if h is None or not h.card_before_ruling(self._ops, r, a):
            return None
        r.called = False
        self._summon(r, None)
        return r if self.awaiting is r else None

    def _play_out_of_period(self, i: int, a: PlayAction) -> bool:
        """A card during the auction (an exposed card, Law 24) or after the play."""
        if self._phase is Phase.AUCTION:
            self._irregular_or_refuse(
                i, "card_exposed_during_auction", a.seat, code="auction_in_progress",
                message=text("table.refused.on_play.2", holder=a.seat, card=a.card), detail=a,
            )
            return True
        if self._phase is Phase.ENDED:
            raise _Refuse("board_over", text("table.refused.on_play.3"))
        return False

    def _play_by_handler(self, i: int, a: PlayAction) -> bool:
        """A ruling waiting for a later card takes it, or a handler's check finds the card
        irregular (``check_card``)."""
        if self._rulings:
            for ruling in self._follow_ups():
                h = self._handler(ruling.kind)
                if h is not None and h.on_card(self._ops, ruling, i, a):
                    return True
        for check in self._hooks["check_card"]:
            kind = check(self._ops, i, a)
            if kind is not None:
                self._irregular_or_refuse(
                    i, kind, a.seat, code=kind, message=text("table.refused.on_play.4", seat=a.seat, card=a.card, kind=kind), detail=a,
                )
                return True
        return False

    def _play_lead(self, i: int, a: PlayAction, contract: Contract) -> None:
        """The opening lead, as the opening-lead handler judges it (``judge_lead``): out of
        turn (a ruling), made face down first, or faced."""
        holder = a.seat
        h = self._handler("opening_lead_out_of_turn")
        assert h is not None, "every edition rules on the opening lead"
        verdict = h.judge_lead(self._ops, a)
        if verdict == "out_of_turn":
            self._irregular_or_refuse(
                i, "opening_lead_out_of_turn", holder, code="not_your_turn",
                message=text("table.refused.on_play.8", holder=holder, card=a.card, opening_leader=contract.opening_leader),
                detail=a,
            )
            return
        if verdict == "face_down":
            self._face_down_lead = (holder, a.card)
            self._log.append(text("table.log.on_play", action=i, holder=holder))
            return
        self._start_play()
        self._add_card(i, holder, a.card)

    def _play_in_turn(self, i: int, a: PlayAction) -> None:
        """A card in the play period: out of turn (Laws 53, 57), a failure to follow suit
        (a revoke, 61-63; refused online), or a lawful card."""
        holder = a.seat
        card = a.card
        if holder is not self._play_turn:
            self._irregular_or_refuse(
                i, "play_out_of_turn", holder, code="not_your_turn",
                message=text("table.refused.on_play.10", holder=holder, card=card, turn=self._play_turn if self._play_turn else msg("table.refused.nobody")),
                detail=a,
            )
            return
        led = self._led_suit()
        if led is not None and card.suit is not led and self._hands[holder] & SUIT_MASK[led]:
            if self.config.mode == "online":
                raise _Refuse("must_follow_suit", text("table.refused.on_play.11", holder=holder, led=led))
            self._add_card(i, holder, card, revoke=True)
            return
        self._add_card(i, holder, card)

    def _on_face_lead(self, i: int, a: FaceLead) -> None:
        if self._phase is not Phase.LEAD or self._face_down_lead is None:
            raise _Refuse("no_face_down_lead", text("table.refused.on_face_lead"))
        if self.awaiting is not None:
            raise _Refuse("awaiting_ruling", self._awaiting_message(self.awaiting))
        seat, card = self._face_down_lead
        if a.seat is not seat:
            raise _Refuse("not_your_lead", text("table.refused.on_face_lead.2", seat=seat))
        self._face_down_lead = None
        self._start_play()
        self._add_card(i, seat, card)

    def _start_play(self, leader: Seat | None = None) -> None:
        """Law 41C/D: the opening lead is faced, the play period begins, dummy spreads.
        ``leader``: who led, when a lead out of turn was accepted (Law 54A/B)."""
        self._phase = Phase.PLAY
        self._lead_faced = True
        assert self._contract is not None
        self._tricks.append(TrickRecord(leader=leader or self._contract.opening_leader))

    def _add_card(self, i: int, seat: Seat, card: Card, *, revoke: bool = False) -> None:
        """Put ``card`` from ``seat`` on the current trick; complete the trick after four."""
        self._hands[seat] &= ~card.bit
        if self._penalty_cards:
            for pc in self._penalty_cards:
                if pc.card is card:
                    self._penalty_cards.remove(pc)
                    break
        trick = self._tricks[-1]
        if trick.complete:  # four cards, or a trick played before the play was entered
            trick = TrickRecord(leader=seat)
            self._tricks.append(trick)
        trick.seats.append(seat)
        trick.cards.append(card)
        if revoke:
            self._note_revoke(i, seat, card, len(self._tricks))
        if self._hooks["on_card_played"] and (self._every_card or not self._quiet()):
            for hook in self._hooks["on_card_played"]:
                hook(self._ops, i, seat, card)
        if len(trick.cards) < 4:
            self._play_turn = seat.lho
            return
        self._complete_trick(trick)

    def _complete_trick(self, trick: TrickRecord) -> None:
        """Law 44: the fourth card completes the trick; its winner leads to the next."""
        assert self._contract is not None
        winner = trick_winner(trick.leader, trick.cards, _TRUMP[self._contract.strain])
        trick.winner = winner
        self._won[_SIDE[winner]] += 1
        self._play_turn = winner
        self._boundary = True
        if self._hooks["on_trick_complete"] and (self._every_card or not self._quiet()):
            for hook in self._hooks["on_trick_complete"]:
                hook(self._ops, len(self._tricks))
        if len(self._tricks) == 13:
            self._end_play()

    def _note_revoke(self, i: int, seat: Seat, card: Card, trick_no: int) -> None:
        """A failure to follow suit is a fact the engine knows; at the table it becomes an
        irregularity only when attention is drawn to it (Laws 61-63)."""
        self._log.append(text("table.log.note_revoke", action=i, seat=seat, card=card, trick_no=trick_no))

    def _end_play(self) -> None:
        self._phase = Phase.ENDED
        self._play_turn = None
        if self._every_card or not self._pristine():  # nothing to settle on a pristine table (HOOKS)
            self._unshare()
            for hook in self._hooks["on_play_end"]:
                hook(self._ops)
        self._log.append(_log_text("table.log.end_play"))

