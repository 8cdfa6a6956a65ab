"""Laws 41A and 53-60: leads and plays out of turn (47E2, a card played after a mistaken
explanation, is ``misinformed``).

* Opening lead: by the wrong defender face down -> the director has it taken back (41A);
  faced -> declarer spreads his hand and becomes dummy (54A), accepts it (54B; forced when
  he could have seen dummy's cards, 54C), or refuses it: the card becomes a major penalty
  card and the correct leader leads, after declarer's 50D2 choice (54D). A member of the
  declaring side "leading" is Law 24 (54E): after the auction, the card simply goes back.
* Later leads out of turn: the non-offenders accept (53A: by saying so, or by the next hand
  playing to it) or refuse; refused, declarer's card goes back (55B), a defender's becomes a
  major penalty card (56). The proper leader, an opponent of the offender, leading at once
  makes his lead stand and the irregular card goes back without rectification (53B; 1997 53C).
* Plays out of turn: a defender playing before his partner -> major penalty card and
  declarer's 57A requirement on the partner for this trick (none when declarer has
  played from both hands, 57C1); at his RHO's turn -> played at his proper turn if legal,
  else a major penalty card (57D); declarer's premature play from either hand -> played at
  its turn if legal (57C3), else back to the hand (48A).
* Law 60: with the director called at once, a hand playing to the irregular card is the
  acceptance of 53A/60A (``leads``: what a card played while a lead out of turn waits
  means, which the Table asks of these handlers).

Option ids: Law 54 ``spread_hand`` / ``accept_lead`` / ``decline`` (declarer); Laws 53,
55, 56 ``accept`` / ``decline``; Law 57A ``play_highest`` / ``play_lowest`` /
``require_suit`` / ``forbid_suit`` (with ``suit``). "Accept the lead and let dummy's
hand be spread" is 54B itself: accepting the lead always spreads dummy, so it is
``accept_lead``; "spread his hand" is ``spread_hand`` (54A).
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from bridgelaw.actions import CallAction, Expose, PlayAction
from bridgelaw.core.cards import SUIT_MASK, Seat, Suit
from bridgelaw.i18n import add, as_seat, both, msg, put, text
from bridgelaw.laws.base.facts import (
    HeldCard,
    PlayOutOfTurnState,
    PrematureMode,
    PrematureRequirement,
)
from bridgelaw.laws.base.handler import Handler, TableOps, option
from bridgelaw.laws.play.common import card_from, card_in_time, is_defender, is_leading
from bridgelaw.laws.play.holdings import ask_holding, holds, take_holding_answer
from bridgelaw.laws.play.lead_penalties import offer_lead_choice
from bridgelaw.laws.play.leads import LeadOutOfTurnRules, OpeningLeadRules
from bridgelaw.laws.play.penalty_cards import make_penalty_cards
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import Json, JsonMap, Question, Ruling


def _stamp(ops: TableOps) -> tuple[int, int]:
    tricks = ops.tricks
    return len(tricks), len(tricks[-1].cards) if tricks else 0


def _state(ruling: Ruling) -> PlayOutOfTurnState:
    """The state a play-out-of-turn ruling records when it opens."""
    st = ruling.fact(PlayOutOfTurnState)
    assert st is not None, "a ruling on a play out of turn records its state when it opens"
    return st


# ---------------------------------------------------------------------- Law 54 (and 41A)
@implements("41A", "54", "54A", "54B", "54C", "54D", "50D", editions=("2017", "1997"))
@implements("54E", "24D", editions=("2017",))
class OpeningLeadOutOfTurn(OpeningLeadRules):
    """An opening lead by the wrong player (Laws 41A, 54)."""

    kind: ClassVar[str] = "opening_lead_out_of_turn"
    decline_laws: ClassVar[tuple[str, ...]] = ("54D", "50D")
    # a member of the declaring side tries to lead: Law 24 through 54E, the card goes back (24D)
    declaring_side_laws: ClassVar[tuple[str, ...]] = ("54E", "24D")

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        if (found := card_in_time(ops, ruling)) is None:
            return
        a, c = found
        o = a.seat
        if o.side is c.declarer.side:
            ruling.cite(*self.declaring_side_laws)
            put(ruling, *both("play_irregularities.open.3", seat=as_seat(o), card=a.card, opening_leader=as_seat(c.opening_leader)))
            ops.close(ruling)
            return
        face_up_rule = ops.config.regulations.opening_lead == "face_up"
        if a.face_down and not face_up_rule:
            ruling.cite("41A")
            ruling.flag("16C")
            put(ruling, *both("play_irregularities.open.4", seat=as_seat(o), opening_leader=as_seat(c.opening_leader)))
            ops.close(ruling)
            return
        ruling.cite("54")
        put(ruling, *both("play_irregularities.open", seat=as_seat(o), card=a.card, opening_leader=as_seat(c.opening_leader)))
        if ops.face_down_lead is not None:
            ops.return_face_down_lead(ruling)
            add(ruling, *both("play_irregularities.open.5", opening_leader=as_seat(c.opening_leader)))
        if self.declarer_saw_dummy(ops):
            ruling.cite("54C")
            add(ruling, *both("play_irregularities.open.6"))
            self.accept(ops, ruling, a)
            return
        d = c.declarer
        add(ruling, *both("play_irregularities.open.2", seat=as_seat(d)))
        ops.offer(ruling, [
            option("spread_hand", d, *both("play_irregularities.open.7")),
            option("accept_lead", d, *both("play_irregularities.open.8")),
            option("decline", d, *both("play_irregularities.open.9")),
        ])

    @staticmethod
    def declarer_saw_dummy(ops: TableOps) -> bool:
        """54C: presumed dummy exposed cards after the auction (outside Law 24)."""
        c = ops.contract
        assert c is not None
        actions = ops.actions
        last_call = max((n for n, x in enumerate(actions) if isinstance(x, CallAction)), default=-1)
        return any(isinstance(x, Expose) and x.seat is c.dummy for x in actions[last_call + 1:])

    def accept(self, ops: TableOps, ruling: Ruling, a: PlayAction) -> None:
        ruling.cite("54B")
        c = ops.contract
        assert c is not None
        ops.play_card(ruling, a.seat, a.card)
        add(ruling, *both("play_irregularities.accept", declarer=as_seat(c.declarer)))
        ops.close(ruling)

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        a = card_from(ruling)
        c = ops.contract
        assert c is not None
        if option_id == "accept_lead":
            self.accept(ops, ruling, a)
            return
        if option_id == "spread_hand":
            ruling.cite("54A")
            old = c.declarer
            ops.change_declarer(ruling, old.partner)
            ops.play_card(ruling, a.seat, a.card)
            add(ruling, *both("play_irregularities.on_choice.2", old=as_seat(old), partner=as_seat(old.partner)))
            ops.close(ruling)
            return
        ruling.cite(*self.decline_laws)
        make_penalty_cards(ops, ruling, a.seat, [a.card], deliberate=True, law=self.decline_laws[0])
        add(ruling, *both("play_irregularities.on_choice", card=a.card, opening_leader=as_seat(c.opening_leader), join=', '.join(self.decline_laws)))
        ops.close(ruling)
        offer_lead_choice(ops, c.opening_leader)


@implements("54D", "56", "48A", editions=("1997",))
class OpeningLeadOutOfTurn1997(OpeningLeadOutOfTurn):
    """1997 54D: declarer requires the retraction and Law 56 applies (penalty card, 50)."""

    decline_laws: ClassVar[tuple[str, ...]] = ("54D", "56", "50")
    # 1997 Law 54 has no clause for a lead by the declaring side (2017 added 54E): his cards
    # are never penalty cards (48A), and the card goes back to his hand
    declaring_side_laws: ClassVar[tuple[str, ...]] = ("48A",)


# ---------------------------------------------------------------------- Laws 53, 55-57
@implements("53A", "53B", "53C", "55A", "55B1", "55B2", "56", "57A", "57C1", "57C2", "57C3", "57D", "60A1", "60A2", "60B", "59",
            editions=("2017", "1997"))
@implements("55C", handling=Handling.RECORD_ONLY, editions=("2017", "1997"))
class PlayOutOfTurn(LeadOutOfTurnRules):
    """A card led or played when it was another hand's turn (Laws 53-57, 60)."""

    kind: ClassVar[str] = "play_out_of_turn"
    declined_by_proper_lead: ClassVar[bool] = True
    premature_laws: ClassVar[tuple[str, ...]] = ("57A",)
    proper_lead_law: ClassVar[str] = "53B"
    thirteenth_trick_withdrawn: ClassVar[bool] = True  # 2017 53A: only "prior to the thirteenth trick"
    wrong_defender_law: ClassVar[str] = "53C"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        if (found := card_in_time(ops, ruling)) is None:
            return
        a, c = found
        turn = ops.play_turn
        assert turn is not None
        before = ruling.fact(PlayOutOfTurnState)  # ruled on again after the director's answer
        ruling.record_fact(replace(before, turn=turn, stamp=_stamp(ops)) if before is not None
                           else PlayOutOfTurnState(turn=turn, stamp=_stamp(ops)))
        if is_leading(ops):
            if self.thirteenth_trick_withdrawn and len(ops.tricks) == 12:
                self.last_trick_lead(ops, ruling, a, turn)
                return
            if is_defender(ops, a.seat):
                self.defender_lead(ops, ruling, a, turn)
            else:
                self.declarer_lead(ops, ruling, a, turn)
            return
        trick = ops.tricks[-1]
        if not is_defender(ops, a.seat):
            self.declarer_premature(ops, ruling, a, turn, already=a.seat in trick.seats)
            return
        if a.seat.partner not in trick.seats:
            if self.dummy_played_before_rho(ops, a.seat.partner):
                ruling.cite("57C2")
                put(ruling, *both("play_irregularities.dummy_first", seat=as_seat(a.seat), card=a.card,
                                  dummy=as_seat(c.dummy)))
                self.hold(ops, ruling, a, turn)  # a played card is not withdrawn (47): it waits for his turn
                return
            if c.declarer in trick.seats and c.dummy in trick.seats:
                ruling.cite("57C1")
                ruling.flag("16")
                put(ruling, *both("play_irregularities.open.10", seat=as_seat(a.seat), card=a.card))
                self.hold(ops, ruling, a, turn)  # a played card is not withdrawn (47): it waits for his turn
                return
            self.premature_before_partner(ops, ruling, a, turn)
            return
        if a.seat in trick.seats:
            ruling.cite("49", "50B")
            make_penalty_cards(ops, ruling, a.seat, [a.card], deliberate=True, law="49")
            put(ruling, *both("play_irregularities.open.11", seat=as_seat(a.seat), card=a.card))
            ops.close(ruling)
            return
        self.at_rho_turn(ops, ruling, a, turn, law="57D")

    @staticmethod
    def dummy_played_before_rho(ops: TableOps, waiting: Seat) -> bool:
        """57C2: dummy of his own volition put a card on this trick before his RHO (the
        defender still to play, ``waiting``) had played: then the other defender's play
        before his partner is not rectified."""
        c = ops.contract
        trick = ops.tricks[-1] if ops.tricks else None
        if c is None or trick is None or trick.complete or not trick.cards or waiting is not c.dummy.rho:
            return False
        lead = trick.seats[0], trick.cards[0]
        plays = [(k, x) for k, x in enumerate(ops.actions) if isinstance(x, PlayAction)]
        started = next((k for k, x in reversed(plays) if (x.seat, x.card) == lead), None)
        if started is None:
            return False
        return any(r.kind == "dummy_played_card" and r.at_action > started for r in ops.rulings)

    # -- leads ----------------------------------------------------------------------------
    def defender_lead(self, ops: TableOps, ruling: Ruling, a: PlayAction, turn: Seat) -> None:
        c = ops.contract
        assert c is not None
        prev = next((r for r in reversed(ops.rulings[:-1]) if r.kind == "play_out_of_turn"), None)
        earlier = prev.fact(PlayOutOfTurnState) if prev is not None else None
        if (
            prev is not None and prev.choice == "decline" and earlier is not None and earlier.declarer_lead
            and earlier.stamp == _state(ruling).stamp and not is_defender(ops, turn)
        ):
            ruling.cite("60B")
            make_penalty_cards(ops, ruling, a.seat, [a.card], deliberate=True, law="60B")
            put(ruling, *both("play_irregularities.defender_lead.2", seat=as_seat(a.seat), card=a.card))
            ops.close(ruling)
            return
        ruling.cite("53A")
        put(ruling, *both("play_irregularities.defender_lead", seat=as_seat(a.seat), card=a.card, turn=as_seat(turn)))
        ops.offer(ruling, [
            option("accept", c.declarer, *both("play_irregularities.defender_lead.3")),
            option("decline", c.declarer, *both("play_irregularities.defender_lead.4.turn", turn=as_seat(turn))),
        ])

    def declarer_lead(self, ops: TableOps, ruling: Ruling, a: PlayAction, turn: Seat) -> None:
        ruling.record_fact(replace(_state(ruling), declarer_lead=True))
        chooser = a.seat.lho
        ruling.cite("55A")
        ruling.flag("55C")
        where = (msg("play_irregularities.where.defender_on_lead") if is_defender(ops, turn)
                 else msg("play_irregularities.where.wrong_hand", turn=turn))
        put(ruling, *both("play_irregularities.declarer_lead", card=a.card, seat=as_seat(a.seat), where=where, chooser=as_seat(chooser)))
        ops.offer(ruling, [
            option("accept", chooser, *both("play_irregularities.declarer_lead.2")),
            option("decline", chooser, *both("play_irregularities.declarer_lead.3")),
        ])

    def check_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        """57A3/57A4 name a suit other than the suit led; any other is refused."""
        if _state(ruling).premature_partner is None or option_id not in ("require_suit", "forbid_suit"):
            return
        raw = params.get("suit")
        suit = raw if isinstance(raw, Suit) else Suit.parse(raw) if isinstance(raw, str) else None
        law = "57A3" if option_id == "require_suit" else "57A4"
        led = ops.led_suit()
        if suit is None:
            ops.refuse("choice_not_allowed", text("play_irregularities.refuse.name_a_suit", law=law))
        if suit is led:
            ops.refuse("choice_not_allowed", text("play_irregularities.refuse.suit_led", suit=suit, law=law))

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        a = card_from(ruling)
        st = _state(ruling)
        turn = st.turn
        if st.premature_partner is not None:
            self.premature_choice(ops, ruling, option_id, params)
            return
        if option_id == "decline" and params.get("by_play") == turn.name and turn.side is not a.seat.side:
            self.proper_lead(ops, ruling, a, turn)
            return
        if option_id == "accept" and st.declarer_lead and params.get("by_play") == a.seat.rho.name:
            law = self.wrong_defender_law
            ruling.cite(law, "57")
            ops.play_card(ruling, a.seat, a.card)
            add(ruling, *both("play_irregularities.on_choice.4", rho=as_seat(a.seat.rho), law=law))
            ops.close(ruling)
            return
        if option_id == "accept":
            ruling.cite("53A")
            ops.play_card(ruling, a.seat, a.card)
            add(ruling, *both("play_irregularities.on_choice.5", card=a.card, lho=as_seat(a.seat.lho)))
            ops.close(ruling)
            return
        if st.declarer_lead:
            ruling.cite(law := "55B1" if is_defender(ops, turn) else "55B2")
            dummy = ops.contract is not None and a.seat is ops.contract.dummy  # dummy's card goes back to the table
            add(ruling, *both("play_irregularities.on_choice.6.dummy" if dummy else "play_irregularities.on_choice.6",
                              card=a.card, turn=as_seat(turn), law=law))
            ops.close(ruling)
            return
        ruling.cite("56", "50D")
        make_penalty_cards(ops, ruling, a.seat, [a.card], deliberate=True, law="56")
        add(ruling, *both("play_irregularities.on_choice.3", card=a.card, turn=as_seat(turn)))
        ops.close(ruling)
        offer_lead_choice(ops, turn)

    def last_trick_lead(self, ops: TableOps, ruling: Ruling, a: PlayAction, turn: Seat) -> None:
        """2017 53A: a lead out of turn to the thirteenth trick cannot be accepted; it is
        simply withdrawn (every card left is forced, so nothing else follows)."""
        ruling.cite("53A")
        put(ruling, *both("play_irregularities.last_trick_lead", seat=as_seat(a.seat), card=a.card, turn=as_seat(turn)))
        ops.close(ruling)

    def proper_lead(self, ops: TableOps, ruling: Ruling, a: PlayAction, turn: Seat) -> None:
        """53B (1997 53C): the opponent whose turn it was made his proper lead: it stands,
        and the card led out of turn goes back to its owner's hand; the information is
        authorized to the non-offenders and unauthorized to the offenders (16C)."""
        law = self.proper_lead_law
        ruling.cite(law)
        ruling.flag("16C")
        add(ruling, *both("play_irregularities.proper_lead", turn=as_seat(turn), card=a.card, seat=as_seat(a.seat), law=law))
        ops.close(ruling)

    # -- plays ----------------------------------------------------------------------------
    def premature_before_partner(self, ops: TableOps, ruling: Ruling, a: PlayAction, turn: Seat) -> None:
        """57A: a major penalty card, and declarer's requirement on the partner."""
        c = ops.contract
        assert c is not None
        p = a.seat.partner
        ruling.cite(*self.premature_laws)
        make_penalty_cards(ops, ruling, a.seat, [a.card], deliberate=True, law="57A")
        ruling.record_fact(replace(_state(ruling), premature_partner=p))
        put(ruling, *both("play_irregularities.premature_before_partner", seat=as_seat(a.seat), card=a.card, seat2=as_seat(p)))
        ops.offer(ruling, self.premature_options(c.declarer, p))

    def premature_options(self, declarer: Seat, partner: Seat) -> list[Json]:
        """Declarer's options for the offender's partner, named (57A1-57A4)."""
        seat = as_seat(partner)
        return [
            option("play_highest", declarer, *both("play_irregularities.premature_options.seat", seat=seat)),
            option("play_lowest", declarer, *both("play_irregularities.premature_options.2.seat", seat=seat)),
            option("require_suit", declarer, *both("play_irregularities.premature_options.3.seat", seat=seat), param="suit"),
            option("forbid_suit", declarer, *both("play_irregularities.premature_options.4.seat", seat=seat), param="suit"),
        ]

    def premature_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        st = _state(ruling)
        p = st.premature_partner
        assert p is not None  # on_choice comes here only while the 57A choice is pending
        ruling.record_fact(replace(st, premature_partner=None))
        tricks = ops.tricks
        modes: dict[str, PrematureMode] = {
            "play_highest": "highest", "play_lowest": "lowest", "require_suit": "suit", "forbid_suit": "not_suit",
        }
        mode = modes[option_id]
        suit: Suit | None = None
        raw = params.get("suit")
        if isinstance(raw, Suit):
            suit = raw
        elif isinstance(raw, str):
            try:
                suit = Suit.parse(raw)
            except Exception:
                suit = None
        sub = {"highest": "57A1", "lowest": "57A2", "suit": "57A3", "not_suit": "57A4"}[mode]
        ruling.cite(sub)
        ruling.record_fact(PrematureRequirement(p, len(tricks), mode, suit))
        what = {
            "highest": msg("play_irregularities.require.highest"), "lowest": msg("play_irregularities.require.lowest"),
            "suit": msg("play_irregularities.require.suit", suit=suit) if suit else msg("play_irregularities.require.other_suit"),
            "not_suit": msg("play_irregularities.require.not_suit", suit=suit) if suit else msg("play_irregularities.require.not_other_suit"),
        }[mode]
        add(ruling, *both("play_irregularities.require", seat=p, what=what, law=sub))
        ops.close(ruling)

    def at_rho_turn(self, ops: TableOps, ruling: Ruling, a: PlayAction, turn: Seat, *, law: str) -> None:
        """57D: a legal card is played at its proper turn; an illegal one is a major
        penalty card."""
        ruling.cite(law)
        ruling.flag("16")
        legal = self.followed_if_able(ops, ruling, a, law)
        if legal is None:  # the director is asked whether the hand held the suit led
            put(ruling, *both("play_irregularities.at_rho_turn.asked", seat=as_seat(a.seat), card=a.card, turn=as_seat(turn), law=law))
            return
        if not legal:
            make_penalty_cards(ops, ruling, a.seat, [a.card], deliberate=True, law=law)
            put(ruling, *both("play_irregularities.at_rho_turn.2", seat=as_seat(a.seat), card=a.card, law=law))
            ops.close(ruling)
            return
        self.hold(ops, ruling, a, turn)
        put(ruling, *both("play_irregularities.at_rho_turn", seat=as_seat(a.seat), card=a.card, turn=as_seat(turn), law=law))

    def declarer_premature(self, ops: TableOps, ruling: Ruling, a: PlayAction, turn: Seat, *, already: bool) -> None:
        ruling.flag("16")
        legal = True if already else self.followed_if_able(ops, ruling, a, "57C3")
        if legal is None:
            return
        if already or not legal:
            ruling.cite("57C3", "48A")  # the card goes back (48A): the deciding word, read last
            from_dummy = ops.contract is not None and a.seat is ops.contract.dummy  # dummy's card stays on the table
            mid = ("play_irregularities.premature_next_trick" if already else "play_irregularities.premature_revoke",
                   "play_irregularities.premature_next_trick.dummy" if already else "play_irregularities.premature_revoke.dummy")
            put(ruling, *both(mid[from_dummy], card=a.card, seat=a.seat))
            ops.close(ruling)
            return
        ruling.cite("57C3")
        self.hold(ops, ruling, a, turn)
        put(ruling, *both("play_irregularities.declarer_premature", card=a.card, seat=as_seat(a.seat), turn=as_seat(turn)))

    @staticmethod
    def followed_if_able(ops: TableOps, ruling: Ruling, a: PlayAction, law: str) -> bool | None:
        """Whether the card follows suit or its hand could not (44C). None when a partly
        known hand's holding decides it: the director is asked, and the ruling waits."""
        led = ops.led_suit()
        if led is None or a.card.suit is led:
            return True
        held = holds(ops, a.seat, led)
        if held is None:
            ask_holding(ops, ruling, a.seat, SUIT_MASK[led], a.card, ops.trick_number(), law)
            return None
        return not held

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        """The director has said whether the hand held the suit led: rule again."""
        if not take_holding_answer(ops, ruling, decision):
            raise KeyError("holds_suit")
        ops.close(ruling)
        self.open(ops, ruling, None)

    def hold(self, ops: TableOps, ruling: Ruling, a: PlayAction, turn: Seat) -> None:
        ruling.record_fact(replace(_state(ruling), held=HeldCard(a.seat, a.card, turn)))
        ops.follow_up(ruling)

    def on_card(self, ops: TableOps, ruling: Ruling, i: int, action: PlayAction) -> bool:
        """The held card goes on the trick as soon as its hand's turn comes."""
        st = ruling.fact(PlayOutOfTurnState)
        hold = st.held if st is not None else None
        if st is None or hold is None:
            return False
        seat, card = hold.seat, hold.card
        if action.seat is seat:
            if action.card is card:
                ruling.record_fact(replace(st, held=None))
                ops.close(ruling)
                return False
            return False
        if ops.play_turn is not action.seat:
            return False
        ops.play_card(ruling, action.seat, action.card)
        if ops.play_turn is seat and ops.hand(seat) & card.bit:
            ops.play_card(ruling, seat, card)
            ruling.record_fact(replace(_state(ruling), held=None))
            ops.close(ruling)
        return True


AT_RHO_TURN_1997 = "penalty_card_at_rho_turn"
"""The director's question when a defender plays at his RHO's turn in 1997."""


@implements("57A", "53B", "53C", "44C", "50", editions=("1997",))
@implements("49", handling=Handling.DIRECTOR_QUESTION, editions=("1997",))
class PlayOutOfTurn1997(PlayOutOfTurn):
    """1997 57A: declarer may require the highest or lowest card of the suit led, or a card
    of another named suit; the 2017 option to forbid another suit is not there [verify].

    1997 Law 57 has no clause like 2017 57D (a defender playing at his RHO's turn): the
    director is asked whether the card, faced by a defender, is a penalty card (49, 50); a
    card that fails to follow suit when its hand holds the suit led is one in any case."""

    proper_lead_law: ClassVar[str] = "53C"
    thirteenth_trick_withdrawn: ClassVar[bool] = False
    wrong_defender_law: ClassVar[str] = "53B"

    def premature_options(self, declarer: Seat, partner: Seat) -> list[Json]:
        return [o for o in super().premature_options(declarer, partner) if o.id != "forbid_suit"]

    def at_rho_turn(self, ops: TableOps, ruling: Ruling, a: PlayAction, turn: Seat, *, law: str) -> None:
        del law  # the 2017 number (57D) has no 1997 counterpart
        ruling.flag("16")
        put(ruling, *both("play_irregularities.at_rho_turn_1997.open", seat=as_seat(a.seat), card=a.card))  # read while asked too
        legal = self.followed_if_able(ops, ruling, a, "44C")
        if legal is None:
            return
        penalty = ruling.answers.get(AT_RHO_TURN_1997)
        if legal and penalty is None:
            en, ru = both("play_irregularities.at_rho_turn_1997.question", seat=as_seat(a.seat), card=a.card,
                          turn=as_seat(turn))
            ops.ask_director(ruling, [Question(key=AT_RHO_TURN_1997, text=en, text_ru=ru, law="49")])
            return
        ruling.cite("49", "50")
        if not legal:
            make_penalty_cards(ops, ruling, a.seat, [a.card], deliberate=True, law="49")
            put(ruling, *both("play_irregularities.at_rho_turn_1997.revoke", seat=as_seat(a.seat), card=a.card))
            ops.close(ruling)
            return
        if penalty:
            make_penalty_cards(ops, ruling, a.seat, [a.card], deliberate=True, law="49")
            add(ruling, *both("play_irregularities.at_rho_turn_1997.penalty", seat=as_seat(a.seat), card=a.card))
            ops.close(ruling)
            return
        self.hold(ops, ruling, a, turn)
        add(ruling, *both("play_irregularities.at_rho_turn_1997.held", seat=as_seat(a.seat), card=a.card))

    def on_decision(self, ops: TableOps, ruling: Ruling, decision: JsonMap) -> None:
        """The director has said whether the card is a penalty card: rule again."""
        if AT_RHO_TURN_1997 not in decision:
            super().on_decision(ops, ruling, decision)
            return
        ruling.answers[AT_RHO_TURN_1997] = bool(decision[AT_RHO_TURN_1997])
        ops.close(ruling)
        self.open(ops, ruling, None)


HANDLERS: list[Handler] = [OpeningLeadOutOfTurn(), PlayOutOfTurn()]
OVERRIDES_1997: list[Handler] = [OpeningLeadOutOfTurn1997(), PlayOutOfTurn1997()]
