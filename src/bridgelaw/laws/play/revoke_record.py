"""Laws 61-63: what the record of the play says about a revoke: every failure to follow
suit, which of them were revokes, and whether the offending side played to a later trick
(63A1). Read by the revoke ruling and by the revoke inquiry (61B)."""

from __future__ import annotations

from collections.abc import Sequence

from bridgelaw.actions import PlayAction
from bridgelaw.core.cards import SUIT_MASK, Seat
from bridgelaw.laws.base.facts import RevokeFact
from bridgelaw.laws.base.handler import TableOps
from bridgelaw.records import TrickRecord


def ruled_revokes(ops: TableOps) -> set[tuple[int, int]]:
    """The failures to follow suit a revoke ruling has already found: (trick, position)."""
    return {(f.trick, f.position) for r in ops.rulings if r.kind == "revoke" and (f := r.fact(RevokeFact)) is not None}


def played_at(ops: TableOps, fact: RevokeFact) -> int:
    """The index in the log of the action that played the revoke card (-1: none)."""
    return max(
        (n for n, a in enumerate(ops.actions) if isinstance(a, PlayAction) and a.seat is fact.seat and a.card is fact.card),
        default=-1,
    )


def revokes_in_play(tricks: Sequence[TrickRecord], hands: Sequence[int]) -> list[RevokeFact]:
    """Every failure to follow suit, from the trick records and the unplayed cards: what a
    player held at trick k is what he holds now plus what he played after it."""
    out: list[RevokeFact] = []
    for k, t in enumerate(tricks):
        if not t.cards:
            continue
        led = t.cards[0].suit
        for p in range(1, len(t.cards)):
            seat, card = t.seats[p], t.cards[p]
            if card.suit is led:
                continue
            held = hands[seat]
            for later in tricks[k + 1:]:
                c = later.card_of(seat)
                if c is not None:
                    held |= c.bit
            if held & SUIT_MASK[led]:
                out.append(RevokeFact(k + 1, p, seat, card, led))
    return out


def failures_to_follow(
    tricks: Sequence[TrickRecord], seat: Seat | None, trick: int | None, ruled: set[tuple[int, int]]
) -> list[RevokeFact]:
    """Every card that did not follow suit (whether its owner could have followed is
    another matter), filtered as a revoke pointed out names it."""
    out: list[RevokeFact] = []
    for k, t in enumerate(tricks):
        if not t.cards or (trick is not None and k + 1 != trick):
            continue
        led = t.cards[0].suit
        for p in range(1, len(t.cards)):
            s, card = t.seats[p], t.cards[p]
            if card.suit is not led and (seat is None or s is seat) and (k + 1, p) not in ruled:
                out.append(RevokeFact(k + 1, p, s, card, led))
    return out


def played_to_a_later_trick(ops: TableOps, fact: RevokeFact) -> PlayAction | None:
    """63A1: any play by the offender or his partner after the revoke trick was complete
    establishes the revoke, legal or not: a lead out of turn that was not accepted, a card
    later withdrawn or taken back. Such a card no longer lies in a later trick, so the
    action log is read: the revoke trick was complete once the cards that follow the
    revoke card in it had been played; any card the offending side played after that was
    played to a later trick. Returns the first such play (63A2 when he designated it by
    naming it, 45C4(a)), or None."""
    if fact.trick > len(ops.tricks):
        return None
    trick = ops.tricks[fact.trick - 1]
    if not trick.complete:
        return None
    rest = list(zip(trick.seats[fact.position + 1:], trick.cards[fact.position + 1:], strict=True))
    actions = list(ops.actions)
    n = played_at(ops, fact) + 1
    while rest and n < len(actions):
        a = actions[n]
        if isinstance(a, PlayAction) and (a.seat, a.card) == rest[0]:
            rest.pop(0)
        n += 1
    if rest:
        return None
    side = fact.seat.side
    return next((a for a in actions[n:] if isinstance(a, PlayAction) and a.seat.side is side), None)
