"""The worst-normal-line search against an independent brute force on small endings.

The brute force shares only the definition of a *normal* card (``normal_plays`` and the
block rules, which define the model); it has its own trick winner, follows every legal
card of the defence and every normal card of the claimer's side one by one, with no
merging of cards, no memo, no bounds and no shortcuts. Any disagreement is a bug in the
search (a trick credited to the wrong side, a ruff not seen, the trick in progress
miscounted, a transposition or a bound that does not hold)."""

from __future__ import annotations

import random

import pytest

from bridgelaw.analysis.normal import Ending, block_after_lead, block_after_trick, normal_plays
from bridgelaw.analysis.worst import worst_normal
from bridgelaw.core.cards import ALL_CARDS, SUIT_MASK, Card, Seat, Side, Suit, cards_of


def _winner(leader: Seat, cards: list[Card], trump: Suit | None) -> Seat:
    """Law 44E/F, written again: the highest trump, else the highest card of the suit led."""
    def power(c: Card) -> int:
        if c.suit is trump:
            return 200 + c.rank
        return 100 + c.rank if c.suit is cards[0].suit else 0
    best = max(range(len(cards)), key=lambda i: power(cards[i]))
    return Seat((leader + best) % 4)


def _legal(hand: int, trick: list[tuple[Seat, Card]]) -> list[Card]:
    if trick:
        follow = hand & SUIT_MASK[trick[0][1].suit]
        if follow:
            return cards_of(follow)
    return cards_of(hand)


def _choices(e: Ending) -> list[Card]:
    seat = e.to_play
    legal = _legal(e.hands[seat], e.trick)
    if seat.side is not e.side:
        return legal
    normal = [c for c in cards_of(normal_plays(e))]
    assert normal and all(c in legal for c in normal), "a normal card must be a legal card"
    return normal


def brute(e: Ending) -> int:
    """The fewest tricks the claimer's side wins from ``e`` over every line."""
    if not any(e.hands) and not e.trick:
        return 0
    seat = e.to_play
    best = 99
    for card in _choices(e):
        saved = (list(e.hands), e.leader, list(e.trick), e.block)
        if not e.trick and seat.side is e.side:
            e.block = block_after_lead(e, card)
        e.hands[seat] &= ~card.bit
        e.trick.append((seat, card))
        won = 0
        if len(e.trick) == 4:
            w = _winner(e.leader, [c for _, c in e.trick], e.trump)
            won = 1 if w.side is e.side else 0
            e.trick, e.leader, e.block = [], w, block_after_trick(e, w)
        best = min(best, won + brute(e))
        e.hands, e.leader, e.trick, e.block = saved
    return best


def _random_ending(rng: random.Random) -> Ending:
    tricks = rng.choice((1, 2, 3, 3, 4))
    suits = rng.sample(list(Suit), rng.choice((2, 3, 4)))  # few suits: more ruffs and contests
    pool = [c for c in ALL_CARDS if c.suit in suits]
    while len(pool) < 4 * tricks:
        pool = list(ALL_CARDS)
    cards = rng.sample(pool, 4 * tricks)
    hands = [0, 0, 0, 0]
    for i, c in enumerate(cards):
        hands[i % 4] |= c.bit
    trump = rng.choice([None, *suits])
    leader = Seat(rng.randrange(4))
    e = Ending(hands, trump, leader, Side(rng.randrange(2)),
               trumps_first=rng.random() < 0.3, order=tuple(rng.sample(suits, rng.randrange(3))))
    # sometimes a trick in progress: 1-3 legal cards already played (never the last trick's only card)
    for _ in range(rng.choice((0, 0, 1, 2, 3)) if tricks > 1 else 0):
        seat = e.to_play
        card = rng.choice(_legal(e.hands[seat], e.trick))
        e.hands[seat] &= ~card.bit
        e.trick.append((seat, card))
    return e


def _replay(e: Ending, line: list[list[tuple[Seat, Card]]]) -> int:
    """Check the line card by card (legal, normal for the claimer's side, in turn) and count it."""
    e = Ending(list(e.hands), e.trump, e.leader, e.side, list(e.trick), e.block, e.trumps_first, e.order)
    won = 0
    first = True
    for trick in line:
        plays = trick[len(e.trick):] if first else trick
        first = False
        for seat, card in plays:
            assert seat is e.to_play
            assert card in _choices(e), f"{seat.name}:{card} is not a card the model allows"
            if not e.trick and seat.side is e.side:
                e.block = block_after_lead(e, card)
            e.hands[seat] &= ~card.bit
            e.trick.append((seat, card))
        w = _winner(e.leader, [c for _, c in e.trick], e.trump)
        won += w.side is e.side
        e.trick, e.leader, e.block = [], w, block_after_trick(e, w)
    assert not any(e.hands), "the line stops before the last trick"
    return won


@pytest.mark.law("70A")
def test_70A_worst_normal_line_equals_brute_force_on_random_small_endings() -> None:
    rng = random.Random(70)
    for _ in range(400):
        e = _random_ending(rng)
        remaining = (sum(h.bit_count() for h in e.hands) + len(e.trick)) // 4
        claimed = rng.randrange(remaining + 1)
        expected = brute(Ending(list(e.hands), e.trump, e.leader, e.side, list(e.trick), e.block,
                                e.trumps_first, e.order))
        got = worst_normal(Ending(list(e.hands), e.trump, e.leader, e.side, list(e.trick), e.block,
                                  e.trumps_first, e.order), claimed)
        assert not got.approximate
        assert got.tricks == expected, (e, claimed)
        assert _replay(e, got.line) == expected, (e, got.line)
