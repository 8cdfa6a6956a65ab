"""What the play-period handlers read of the play, and what a player may play now.

* The card a ruling is about, whose lead it is, who defends (Laws 41-47).
* What may be played: following suit first (44C), then a lead restriction (26, 50D2,
  51B) or declarer's 57A requirement on the offender's partner; a requirement he cannot
  meet is void (59). A defender's penalty cards come before any other card he could
  lawfully play (50C, 50D1); a major one obliges him to play it at the first legal
  opportunity (50D1(a)), and the obligation ends when he has none left.
* The director called late (11A, 60A1): when play went on over the irregularity and the
  card is no longer in its owner's hand, the right to rectification is forfeited; the
  ruling says so and is closed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NoReturn

from bridgelaw.actions import Expose, PlayAction
from bridgelaw.core.calls import Contract
from bridgelaw.core.cards import SUIT_MASK, Card, Seat, Suit, cards_of
from bridgelaw.i18n import as_seat, both, put
from bridgelaw.laws.base.facts import PrematureRequirement
from bridgelaw.laws.base.handler import TableOps
from bridgelaw.laws.play.regular import legal_mask
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.rulings import Json, JsonMap, PenaltyCard, Restriction, Ruling, RulingStatus


# ---------------------------------------------------------------------- reading the play
def not_allowed(ops: TableOps, message: str) -> NoReturn:
    """Refuse a choice the Laws do not allow (``message`` names the law); nothing changes."""
    refuse: Callable[[str, str], NoReturn] = ops.refuse
    refuse("choice_not_allowed", message)


def suit_params(params: JsonMap) -> list[Suit]:
    """The suits a choice names: ``suit`` (one) or ``suits`` (several, 51B2(b))."""
    raw: list[Json] = []
    if params.get("suit") is not None:
        raw.append(params["suit"])
    many = params.get("suits")
    if isinstance(many, list | tuple):
        raw.extend(many)
    out: list[Suit] = []
    for x in raw:
        s = x if isinstance(x, Suit) else Suit.parse(str(x))
        if s not in out:
            out.append(s)
    return out


def next_trick_number(ops: TableOps) -> int:
    tricks = ops.tricks
    if not tricks or tricks[-1].complete:
        return len(tricks) + 1
    return len(tricks)


def is_leading(ops: TableOps) -> bool:
    tricks = ops.tricks
    return not tricks or tricks[-1].complete


def is_defender(ops: TableOps, seat: Seat) -> bool:
    c = ops.contract
    return c is not None and seat.side is not c.declarer.side


def penalty_cards_of(ops: TableOps, seat: Seat) -> list[PenaltyCard]:
    return [pc for pc in ops.penalty_cards if pc.seat is seat]


def card_from(ruling: Ruling) -> PlayAction:
    a = ruling.the_action()
    assert isinstance(a, PlayAction)
    return a


@implements("11A", handling=Handling.RECORD_ONLY, editions=("2017", "1997"))
def overtaken(ops: TableOps, ruling: Ruling) -> bool:
    """The director was called late and the card is no longer in its owner's hand: play
    went on over the irregularity (Law 60A: the right to rectification is forfeited).
    Closes the ruling and says so; True when that happened."""
    a = ruling.the_action()
    if not isinstance(a, PlayAction | Expose):
        return False
    cards = [a.card] if isinstance(a, PlayAction) else list(a.cards)
    if all(ops.hand(a.seat) & c.bit for c in cards) and ops.phase != "ended":
        return False
    ruling.cite("60A1")
    ruling.flag("11A")  # the non-offenders played on before the director came: forfeiture is his to weigh
    put(ruling, *both("exposure.overtaken", seat=as_seat(a.seat)))
    ops.close(ruling)
    return True


def card_in_time(ops: TableOps, ruling: Ruling) -> tuple[PlayAction, Contract] | None:
    """The card a play ruling is about, and the contract; None when the director came too
    late to rectify it (``overtaken``: the ruling is then closed, 60A1)."""
    if overtaken(ops, ruling):
        return None
    c = ops.contract
    assert c is not None
    return card_from(ruling), c


def awaiting_any(ops: TableOps) -> bool:
    return any(
        r.status in (RulingStatus.AWAITING_CHOICE, RulingStatus.AWAITING_DECISION) for r in ops.rulings
    )


# ---------------------------------------------------------------------- what may be played
def lead_restrictions(ops: TableOps, seat: Seat) -> list[Restriction]:
    return [
        r for r in ops.restrictions
        if r.seat is seat and r.kind in ("lead_required", "lead_forbidden") and r.suit is not None
    ]


def premature_play_requirement(ops: TableOps, seat: Seat) -> PrematureRequirement | None:
    """The 57A requirement declarer placed on ``seat`` for the current trick, if any."""
    tricks = ops.tricks
    for r in ops.rulings:
        req = r.fact(PrematureRequirement)
        if req is None or req.seat is not seat:
            continue
        n = req.trick
        if n == len(tricks) and not tricks[-1].complete and seat not in tricks[-1].seats:
            return req
    return None


def allowed_mask(ops: TableOps, seat: Seat) -> int:
    """The cards ``seat`` may play now: following suit (44C) first, then the lead
    restrictions (26, 50D2, 51B) and the 57A requirement; a requirement he cannot meet
    is void (59). Penalty cards are not counted here (50D1(b): these come first)."""
    hand = ops.hand(seat)
    led = ops.led_suit() if not is_leading(ops) else None
    mask = legal_mask(hand, led)
    if led is None:
        return restricted_lead(mask, lead_restrictions(ops, seat))
    req = premature_play_requirement(ops, seat)
    return mask if req is None else required_play(hand, led, mask, req)


def restricted_lead(mask: int, restrictions: list[Restriction]) -> int:
    """The leads of ``mask`` the lead restrictions leave (26, 50D2, 51B); one that no card
    could meet is void (59)."""
    for r in restrictions:
        assert r.suit is not None
        if r.kind == "lead_required" and mask & SUIT_MASK[r.suit]:
            mask &= SUIT_MASK[r.suit]
        elif r.kind == "lead_forbidden" and mask & ~SUIT_MASK[r.suit]:
            mask &= ~SUIT_MASK[r.suit]
    return mask


def required_play(hand: int, led: Suit, mask: int, req: PrematureRequirement) -> int:
    """The cards of ``hand`` that meet declarer's 57A requirement (the highest or lowest of
    the suit led, or a card of a suit named or not named when he cannot follow), else the
    lawful ``mask`` (59)."""
    follow = hand & SUIT_MASK[led]
    mode = req.mode
    if mode in ("highest", "lowest") and follow:
        cards = cards_of(follow)
        pick = max(cards, key=lambda c: c.rank) if mode == "highest" else min(cards, key=lambda c: c.rank)
        return pick.bit
    if follow or req.suit is None:
        return mask
    other = SUIT_MASK[req.suit]
    if mode == "suit" and hand & other:
        return hand & other
    if mode == "not_suit" and hand & ~other:
        return hand & ~other
    return mask


def penalty_card_due(ops: TableOps, seat: Seat, card: Card) -> list[PenaltyCard]:
    """The penalty cards ``seat`` should play instead of ``card`` (50C, 50D1), or []."""
    pcs = penalty_cards_of(ops, seat)
    if not pcs or any(pc.card is card for pc in pcs):
        return []
    allowed = allowed_mask(ops, seat)
    if not allowed & card.bit:
        return []  # a restriction is broken: that comes first (61A)
    majors = [pc for pc in pcs if pc.kind == "major" and allowed & pc.card.bit]
    if majors:
        return majors
    return [
        pc for pc in pcs
        if pc.kind == "minor" and pc.card.suit is card.suit and not card.rank.is_honour
        and allowed & pc.card.bit
    ]


def playable_mask(ops: TableOps, seat: Seat) -> int:
    """The cards ``seat`` may lawfully play now, penalty cards included (44C, 26, 50C,
    50D1, 57A, 59): what a careful player would choose from."""
    allowed = allowed_mask(ops, seat)
    pcs = penalty_cards_of(ops, seat)
    majors = 0
    for pc in pcs:
        if pc.kind == "major":
            majors |= pc.card.bit
    if allowed & majors:
        return allowed & majors
    for pc in pcs:
        if pc.kind == "minor" and allowed & pc.card.bit:
            for c in cards_of(allowed & SUIT_MASK[pc.card.suit]):
                if c is not pc.card and not c.rank.is_honour:
                    allowed &= ~c.bit
    return allowed


def designable(ops: TableOps, seat: Seat) -> list[Card]:
    """The penalty cards ``seat`` could lawfully play now (51A: two or more, declarer says which)."""
    mask = playable_mask(ops, seat)
    return [pc.card for pc in penalty_cards_of(ops, seat) if mask & pc.card.bit]


# The law that obliges the owner of a major penalty card to play it (the clause is
# subdivided only in 2017).
PLAY_PENALTY_CARD_LAW = {"2017": "50D1(a)", "1997": "50D1"}


def sync_play_penalty_card(ops: TableOps, ruling: Ruling | None, seat: Seat) -> None:
    """Keep the ``play_penalty_card`` restriction (shared/SCENARIO.md) in step with the
    penalty cards: a defender with a major penalty card must play it at the first legal
    opportunity (50D1(a)); the restriction ends when he has no major one left (played,
    or picked up after declarer's 50D2(a) choice)."""
    has_major = any(pc.kind == "major" for pc in penalty_cards_of(ops, seat))
    current = [r for r in ops.restrictions if r.seat is seat and r.kind == "play_penalty_card"]
    if has_major and not current and ruling is not None:
        law = PLAY_PENALTY_CARD_LAW.get(ops.edition, "50D1")
        ops.restrict(ruling, Restriction(seat=seat, kind="play_penalty_card", until="played", law=law, ruling=ruling.id))
    elif not has_major:
        for r in current:
            ops.drop_restriction(r)
