"""Laws 50-52, 61A and 62B as the cards are played: penalty cards, and a card that
breaks a restriction on what its player may play.

* A penalty card stays face up on the table (50A). A single card below honour rank
  exposed inadvertently is a minor penalty card, any other a major one, and a player with
  two or more has only major ones (50B).
* A minor penalty card bars his other low cards of its suit until it is played (50C); a
  major one must be played at the first legal opportunity (50D1(a)), before any other
  card he could lawfully play (50D1(b)); a requirement he cannot meet is void (59).
* A defender with two or more penalty cards he could lawfully play does not choose:
  declarer designates the one he plays (51A).
* A defender who plays another card when a penalty card is due: declarer accepts the card
  played (52B1), or requires the penalty card, and the card wrongly played becomes a major
  penalty card (52B2).
* A card that breaks a lead restriction (26, 50D2, 51B) or declarer's 57A requirement is
  a revoke (61A); the director is at the table before it can be established, so it is
  corrected (62A): the card is withdrawn, a defender's becomes a major penalty card (62B1).

The engine sees every card before it is played (``check_card``), so these irregularities
are caught at once; a plain failure to follow suit is left for the players to notice
(Laws 61-63, ``revoke.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from bridgelaw.actions import Choose, PlayAction
from bridgelaw.core.cards import Card, Seat
from bridgelaw.errors import ParseError
from bridgelaw.i18n import Msg, add, as_seat, both, msg, put, text
from bridgelaw.laws.base.facts import LedUnder
from bridgelaw.laws.base.handler import Handler, TableOps, option
from bridgelaw.laws.play.common import (
    allowed_mask,
    awaiting_any,
    card_from,
    card_in_time,
    designable,
    is_defender,
    is_leading,
    lead_restrictions,
    not_allowed,
    penalty_card_due,
    penalty_cards_of,
    sync_play_penalty_card,
)
from bridgelaw.laws.play.lead_penalties import lead_choice_made, offer_lead_choice
from bridgelaw.laws.play.regular import legal_mask
from bridgelaw.laws.registry import implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import Json, JsonMap, PenaltyCard, Restriction, Ruling, RulingState


# ---------------------------------------------------------------------- Law 50
def penalty_kind(card: Card, deliberate: bool) -> str:
    """Law 50B: a single card below honour rank exposed inadvertently is minor."""
    return "major" if deliberate or card.rank.is_honour else "minor"


def make_penalty_cards(
    ops: TableOps, ruling: Ruling, seat: Seat, cards: Sequence[Card], *, deliberate: bool, law: str
) -> None:
    """Leave ``cards`` face up as penalty cards of ``seat`` (50A), classified by 50B; when
    he then has two or more, every one of them is major (50B)."""
    for card in cards:
        if any(pc.card is card for pc in ops.penalty_cards) or not ops.hand(seat) & card.bit:
            continue  # already face up, or played since (the director came late, 60A)
        kind = penalty_kind(card, deliberate)
        ops.add_penalty_card(ruling, PenaltyCard(seat, card, "major" if kind == "major" else "minor", law))
    mine = penalty_cards_of(ops, seat)
    if len(mine) >= 2:
        for pc in mine:
            ops.set_penalty_kind(ruling, pc.card, "major")
    ruling.cite("50B")
    sync_play_penalty_card(ops, ruling, seat)
    if ops.phase in ("lead", "play") and is_leading(ops) and not awaiting_any(ops):
        turn = ops.contract.opening_leader if ops.phase == "lead" and ops.contract else ops.play_turn
        if turn is seat.partner:
            offer_lead_choice(ops, turn)


def withdrawn_card_settled(ops: TableOps, ruling: Ruling, seat: Seat, card: Card, *, back: str) -> Msg:
    """Law 62B: a card withdrawn to correct a revoke (or a card of a corrected
    irregularity) becomes a major penalty card if a defender withdrew it (62B1), and goes
    back to the hand if declarer or dummy did (62B2). One helper for every caller, so that
    the rule cannot drift between them; ``back`` is the caller's own wording of 62B2.
    Returns the clause that tells the table what became of the card."""
    if is_defender(ops, seat):
        ruling.cite("62B1")
        make_penalty_cards(ops, ruling, seat, [card], deliberate=True, law="62B1")
        return msg("exposure.tail.penalty", card=card)
    ruling.cite("62B2")
    return msg(back, card=card)


# ---------------------------------------------------------------------- Law 52
def defender_to_play(ops: TableOps, seat: Seat) -> bool:
    """``seat`` is a defender, and it is his turn to lead or play."""
    c = ops.contract
    if c is None or ops.phase not in ("lead", "play"):
        return False
    due = c.opening_leader if ops.phase == "lead" else ops.play_turn
    return seat is due and is_defender(ops, seat)


def lead_choice_due(ops: TableOps, seat: Seat) -> bool:
    """``seat`` is to lead while his partner has a major penalty card, and declarer has
    not yet made his 50D2 choice for this lead."""
    return is_leading(ops) and any(pc.kind == "major" for pc in penalty_cards_of(ops, seat.partner)) \
        and not lead_choice_made(ops, seat)


@dataclass(frozen=True, slots=True)
class PenaltyCardsDue(RulingState):
    """Law 52: the penalty cards the defender should have played instead (50C, 50D1)."""

    cards: tuple[Card, ...]


def _due(ruling: Ruling) -> tuple[Card, ...]:
    st = ruling.fact(PenaltyCardsDue)
    return st.cards if st is not None else ()


def _named_card(wanted: Json) -> Card | None:
    """The card a choice names (``card``), or None when it names none."""
    try:
        return Card.parse(wanted) if isinstance(wanted, str) else None
    except ParseError:
        return None


@implements("50C", "50D1(a)", "50D1(b)", "51A", "52A", "52B1", "52B2", "59", editions=("2017", "1997"))
class PenaltyCardNotPlayed(Handler):
    """Law 52: a defender played another card when a penalty card was due (50C, 50D1).

    Also the owner of the play-time checks (``check_card``): restrictions first (61A), then
    the 50D2 lead choice, then penalty cards."""

    kind: ClassVar[str] = "penalty_card_not_played"

    def check_card(self, ops: TableOps, i: int, action: PlayAction) -> str | None:
        from bridgelaw.laws.play.holdings import unknown_holding

        verdict, unknown = unknown_holding(ops, action, lambda: self.verdict(ops, action))
        return "holding_unknown" if unknown else verdict

    def verdict(self, ops: TableOps, action: PlayAction) -> str | None:
        """The check itself, over the hand masks (``check_card`` runs it for a partly
        known hand once for each way an unknown holding could be)."""
        seat = action.seat
        if not defender_to_play(ops, seat):
            return None
        if lead_choice_due(ops, seat):
            return "penalty_card_lead"
        led = None if is_leading(ops) else ops.led_suit()
        if not legal_mask(ops.hand(seat), led) & action.card.bit:
            return None  # a plain failure to follow suit: a revoke for the players to notice (61-63)
        if not allowed_mask(ops, seat) & action.card.bit:
            return "restriction_violated"
        if len(designable(ops, seat)) > 1 and any(pc.card is action.card for pc in penalty_cards_of(ops, seat)):
            return "penalty_card_designation"  # 51A: declarer, not the defender, says which
        if penalty_card_due(ops, seat, action.card):
            return "penalty_card_not_played"
        return None

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        if (found := card_in_time(ops, ruling)) is None:
            return
        a, c = found
        due = penalty_card_due(ops, a.seat, a.card)
        ruling.record_fact(PenaltyCardsDue(tuple(pc.card for pc in due)))
        if not due:  # the director came late and nothing is due any more (60A)
            ruling.cite("60A1")
            ops.close(ruling)
            return
        minor = all(pc.kind == "minor" for pc in due)
        ruling.cite("50C" if minor else "50D1(a)", "52B")
        due_cards = [pc.card for pc in due]
        put(ruling, *both("exposure.penalty_card_not_played", seat=a.seat, card=a.card, pcs=due_cards,
                          law="50C" if minor else "50D1(a)", n=len(due_cards)))
        ops.offer(ruling, [
            option("accept", c.declarer, *both("exposure.open.4", card=a.card)),
            option("require_penalty_card", c.declarer, *both("exposure.open.5"), param="card"),
        ])

    def check_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        """52B2 with 51A: declarer requires one of the penalty cards due, and names it when
        there are several; another card is refused."""
        if option_id != "require_penalty_card":
            return
        a = card_from(ruling)
        due = [x for x in _due(ruling) if ops.hand(a.seat) & x.bit]
        wanted = params.get("card")
        if wanted is None:
            if len(due) > 1:
                not_allowed(ops, text("exposure.refuse.designate_which", cards=due))
            return
        named = _named_card(wanted)
        if named not in due:
            not_allowed(ops, text("exposure.refuse.not_due", wanted=named if named else str(wanted), seat=a.seat,
                                  cards=due))

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        a = card_from(ruling)
        if option_id == "accept":
            ruling.cite("52B1")
            ops.play_card(ruling, a.seat, a.card)
            add(ruling, *both("exposure.on_choice.4", card=a.card))
            ops.close(ruling)
            return
        due = [x for x in _due(ruling) if ops.hand(a.seat) & x.bit]
        if not due:
            ops.close(ruling)
            return
        wanted = params.get("card")
        pick = due[0]
        if isinstance(wanted, str):
            try:
                named = Card.parse(wanted)
            except Exception:
                named = pick
            if named in due:
                pick = named  # 51A: declarer designates which penalty card
                ruling.cite("51A")
        ruling.cite("52B2")
        ops.play_card(ruling, a.seat, pick)
        make_penalty_cards(ops, ruling, a.seat, [a.card], deliberate=True, law="52B2")
        add(ruling, *both("exposure.on_choice.3", pick=pick, card=a.card))
        ops.close(ruling)

    # lifting restrictions as the play goes on
    def on_card_played(self, ops: TableOps, i: int, seat: Seat, card: Card) -> None:
        """A first-lead restriction is spent by the lead; a while-on-lead one lasts until
        another player leads (26B, 50D2(a)); a play-penalty-card one ends with the card."""
        tricks = ops.tricks
        leading = bool(tricks) and len(tricks[-1].cards) == 1
        for r in list(ops.restrictions):
            if r.kind == "play_penalty_card":
                if r.seat is seat:
                    sync_play_penalty_card(ops, None, seat)
                continue
            if leading and r.kind in ("lead_required", "lead_forbidden"):
                lead_made(ops, r, seat)

    def on_trick_complete(self, ops: TableOps, trick_number: int) -> None:
        """A ban that lasts while its player keeps the lead (26B, 50D2(a), 51B) ends when
        he loses it: another hand won the trick he led under it."""
        winner = ops.tricks[-1].winner
        for r in list(ops.restrictions):
            if r.until != "while_on_lead" or r.seat is winner:
                continue
            owner = ops.rulings[r.ruling] if r.ruling is not None and r.ruling < len(ops.rulings) else None
            if owner is not None and r.seat in led_under(owner):
                ops.drop_restriction(r)

    def on_auction_end(self, ops: TableOps) -> None:
        """The opening leader's partner may already hold penalty cards (24E): 50D2 at once."""
        c = ops.contract
        if c is not None and not awaiting_any(ops):
            offer_lead_choice(ops, c.opening_leader)


def lead_made(ops: TableOps, r: Restriction, seat: Seat) -> None:
    """``seat`` has led with the lead restriction ``r`` in force: his own first-lead one is
    spent; under a while-on-lead one he is recorded as having led; another player's
    while-on-lead one ends, its player having lost the lead (26B, 50D2(a)), and so does
    another player's 50D2 first-lead one (the lead it ruled was made by another hand)."""
    owner = ops.rulings[r.ruling] if r.ruling is not None and r.ruling < len(ops.rulings) else None
    used = led_under(owner) if owner is not None else (r.seat,)
    if r.seat is not seat:
        if r.until == "while_on_lead" and r.seat in used:
            ops.drop_restriction(r)  # he has lost the lead
        elif r.until == "first_lead" and r.law.startswith(("50D2", "51B")):
            # 50D2 rules the lead he had then; another hand led instead (a lead out of turn
            # accepted), so it is spent: at his next lead declarer chooses again. Law 26's
            # waits for the restricted player's own first lead.
            ops.drop_restriction(r)
    elif r.until != "while_on_lead":
        ops.drop_restriction(r)
    elif owner is not None and seat not in used:
        owner.record_fact(LedUnder((*used, seat)))


def led_under(ruling: Ruling) -> tuple[Seat, ...]:
    """The players who have led under a while-on-lead restriction of ``ruling``."""
    st = ruling.fact(LedUnder)
    return st.seats if st is not None else ()


# ---------------------------------------------------------------------- Law 51A
@dataclass(frozen=True, slots=True)
class DesignationState(RulingState):
    """51A: the penalty cards declarer designates from."""

    candidates: tuple[Card, ...]


@implements("51A", "10C1", editions=("2017", "1997"))
class PenaltyCardDesignation(Handler):
    """51A: a defender with two or more penalty cards he could lawfully play does not
    choose between them: declarer designates the one he plays."""

    kind: ClassVar[str] = "penalty_card_designation"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        if isinstance(ruling.action, Choose):  # declarer designated first (on_unprompted_choice)
            st = ruling.fact(DesignationState)
            assert st is not None and ruling.offender is not None
            ruling.cite("51A")
            put(ruling, *both("exposure.designation.first", seat=ruling.offender, cards=list(st.candidates)))
            return
        if (found := card_in_time(ops, ruling)) is None:
            return
        a, c = found
        cands = designable(ops, a.seat)
        if ops.play_turn is not a.seat or len(cands) < 2:
            ruling.cite("60A1")  # the director came late: the play has moved on
            put(ruling, *both("exposure.designation_too_late", seat=a.seat))
            ops.close(ruling)
            return
        ruling.record_fact(DesignationState(tuple(cands)))
        ruling.cite("51A")
        put(ruling, *both("exposure.designation", seat=a.seat, cards=list(cands), card=a.card))
        ops.offer(ruling, [option("designate", c.declarer, *both("exposure.option.designate"), param="card")])

    def on_unprompted_choice(self, ops: TableOps, i: int, action: Choose) -> bool:
        """51A: declarer designates first. When a defender with two or more penalty cards
        he could lawfully play is due to lead or play (the opening lead included), declarer
        says which before the defender acts; the defender plays that card."""
        c = ops.contract
        if action.option != "designate" or c is None or action.seat is not c.declarer:
            return False
        seat = _due_defender(ops)
        cands = designable(ops, seat) if seat is not None else []
        if seat is None or len(cands) < 2:
            return False
        card = _named_card(action.params.get("card"))
        if card not in cands:
            not_allowed(ops, text("exposure.refuse.designate_one", cards=cands))
        ruling = ops.open_ruling(self.kind, seat, state=DesignationState(tuple(cands)), action=action)
        assert card is not None
        ruling.choice, ruling.choice_params = "designate", dict(action.params)
        ops.play_card(ruling, seat, card)
        add(ruling, *both("exposure.designated", card=card))
        return True

    def check_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        st = ruling.fact(DesignationState)
        cands = st.candidates if st is not None else ()
        if _named_card(params.get("card")) not in cands:
            not_allowed(ops, text("exposure.refuse.designate_one", cards=list(cands)))

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        a = card_from(ruling)
        card = Card.parse(str(params["card"]))
        ops.play_card(ruling, a.seat, card)
        add(ruling, *both("exposure.designated", card=card))
        ops.close(ruling)


def _due_defender(ops: TableOps) -> Seat | None:
    """The defender due to lead or play now (the opening leader before the lead), or None."""
    c = ops.contract
    if c is None:
        return None
    seat = c.opening_leader if ops.phase == "lead" else ops.play_turn if ops.phase == "play" else None
    return seat if seat is not None and defender_to_play(ops, seat) else None


# ---------------------------------------------------------------------- 61A / 62B at once
@implements("61A", "62B1", "62B2", "26B", "57B", editions=("2017", "1997"))
class RestrictionViolated(Handler):
    """A card that breaks a lead restriction (26, 50D2, 51B) or declarer's 57A requirement
    is a revoke (61A); the director is at the table before it can be established, so it
    is corrected (62A): the card is withdrawn, a defender's becomes a major penalty card
    (62B1), and the player must play a card that complies (or any card if he cannot, 59)."""

    kind: ClassVar[str] = "restriction_violated"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        if (found := card_in_time(ops, ruling)) is None:
            return
        a, _ = found
        laws = sorted({r.law for r in lead_restrictions(ops, a.seat)}) or ["57A"]
        face_down = ops.phase == "lead" and a.face_down and ops.config.regulations.opening_lead != "face_up"
        if face_down:
            ruling.cite("41A", *laws)
            put(ruling, *both("exposure.open.12", seat=as_seat(a.seat), join=', '.join(laws)))
            ops.close(ruling)
            return
        ruling.cite("61A", "62A")
        ruling.cite(*laws)
        tail = withdrawn_card_settled(ops, ruling, a.seat, a.card, back="exposure.tail.back")
        put(ruling, *both("exposure.open.11", seat=as_seat(a.seat), card=a.card, join=', '.join(laws), tail=tail))
        ops.close(ruling)


HANDLERS: list[Handler] = [PenaltyCardNotPlayed(), RestrictionViolated(), PenaltyCardDesignation()]
OVERRIDES_1997: list[Handler] = []
