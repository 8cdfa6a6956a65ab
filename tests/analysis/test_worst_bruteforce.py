"""The worst-normal-line search against an independent brute force on small endings.

The brute force shares only the definition of a *normal* card (``normal_plays`` and the
block rules, which define the model, in Python); it has its own trick winner, follows
every legal card of the defence and every normal card of the claimer's side one by one,
with no merging of cards, no bounds and no shortcuts. Its only economy, on the longer
endings, is to remember the value of a position it has already played out (the exact
four hands, who leads, the block). The search under test is the compiled one: any
disagreement is a bug in it or in its port of the model (a trick credited to the wrong
side, a ruff not seen, the trick in progress miscounted, a transposition or a bound that
does not hold)."""

from __future__ import annotations

import random

import pytest

from bridgelaw.analysis.claims import analyse_claim
from bridgelaw.analysis.dds import Position
from bridgelaw.analysis.normal import (
    Ending,
    block_after_lead,
    block_after_trick,
    duck_after_trick,
    normal_plays,
)
from bridgelaw.analysis.worst import NODE_LIMIT, search, search_with_trumps_drawn, worst_normal
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


def brute(e: Ending, memo: dict[tuple[object, ...], int] | None = None) -> int:
    """The fewest tricks the claimer's side wins from ``e`` over every line."""
    if not any(e.hands) and not e.trick:
        return 0
    key: tuple[object, ...] | None = None
    if memo is not None and not e.trick:
        key = (*e.hands, e.leader, e.block if e.block is not None and e.side_has_winner(e.block) else None, e.duck)
        if key in memo:
            return memo[key]
    seat = e.to_play
    best = 99
    for card in _choices(e):
        saved = (list(e.hands), e.leader, list(e.trick), e.block, e.duck)
        if not e.trick and seat.side is e.side:
            e.block = block_after_lead(e, card)
        e.hands[seat] &= ~card.bit
        e.trick.append((seat, card))
        won = 0
        if len(e.trick) == 4:
            w = _winner(e.leader, [c for _, c in e.trick], e.trump)
            won = 1 if w.side is e.side else 0
            e.duck = duck_after_trick(e, e.trick[0][1])
            e.trick, e.leader, e.block = [], w, block_after_trick(e, w)
        best = min(best, won + brute(e, memo))
        e.hands, e.leader, e.trick, e.block, e.duck = saved
    if key is not None and memo is not None:
        memo[key] = best
    return best


def _random_ending(rng: random.Random, tricks: int | None = None, n_suits: int | None = None) -> Ending:
    if tricks is None:
        tricks = rng.choice((1, 2, 3, 3, 4))
    suits = rng.sample(list(Suit), n_suits or rng.choice((2, 3, 4)))  # few suits: more ruffs and contests
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
    if rng.random() < 0.5:  # what a statement binds: suits from the top, a finesse, a duck, a cross-ruff
        ways = [rng.choice(("top", "finesse", "duck", "", "")) for _ in Suit]
        e.top = sum(1 << i for i, w in enumerate(ways) if w in ("top", "duck"))
        e.finesse = sum(1 << i for i, w in enumerate(ways) if w == "finesse")
        ducks = [i for i, w in enumerate(ways) if w == "duck"]
        e.duck = 1 << ducks[0] if ducks else 0
        e.cross_ruff = rng.random() < 0.2
    # sometimes a trick in progress: 1-3 legal cards already played (never the last trick's only card)
    for _ in range(rng.choice((0, 0, 1, 2, 3)) if tricks > 1 else 0):
        seat = e.to_play
        card = rng.choice(_legal(e.hands[seat], e.trick))
        e.hands[seat] &= ~card.bit
        e.trick.append((seat, card))
    return e


def _replay(e: Ending, line: list[list[tuple[Seat, Card]]]) -> int:
    """Check the line card by card (legal, normal for the claimer's side, in turn) and count it."""
    e = e.copy()
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
        e.duck = duck_after_trick(e, e.trick[0][1])
        e.trick, e.leader, e.block = [], w, block_after_trick(e, w)
    assert not any(e.hands), "the line stops before the last trick"
    return won


def _copy(e: Ending) -> Ending:
    return e.copy()


def disagreements(rng: random.Random, cases: int, tricks: int | None = None, n_suits: int | None = None) -> int:
    """Compare search and brute force on ``cases`` random endings; the count that differ
    (the first difference fails at once, with the ending)."""
    for _ in range(cases):
        e = _random_ending(rng, tricks, n_suits)
        remaining = (sum(h.bit_count() for h in e.hands) + len(e.trick)) // 4
        claimed = rng.randrange(remaining + 1)
        expected = brute(_copy(e), {} if remaining > 4 else None)
        got = worst_normal(_copy(e), claimed)
        assert got.exact
        assert got.tricks == expected, (e, claimed)
        assert _replay(e, got.line) == expected, (e, got.line)
    return 0


@pytest.mark.law("70A")
def test_70A_worst_normal_line_equals_brute_force_on_random_small_endings() -> None:
    assert disagreements(random.Random(70), 400) == 0


@pytest.mark.law("70A")
@pytest.mark.parametrize(("tricks", "cases"), [(5, 12), (6, 6), (7, 2)])
def test_70A_worst_normal_line_equals_brute_force_up_to_seven_tricks_left(tricks: int, cases: int) -> None:
    # three suits: the defence follows suit more often, which keeps the brute force to seconds
    assert disagreements(random.Random(700 + tricks), cases, tricks, 3) == 0


@pytest.mark.law("70A")
def test_70A_a_search_stopped_early_never_proposes_more_than_the_exact_worst_line() -> None:
    rng = random.Random(71)
    for _ in range(150):
        e = _random_ending(rng, rng.choice((4, 5, 6)), 3)
        remaining = (sum(h.bit_count() for h in e.hands) + len(e.trick)) // 4
        claimed = rng.randrange(remaining + 1)
        exact = worst_normal(_copy(e), claimed)
        assert exact.exact
        for limit in (1, 3, 10, 30):
            cut = worst_normal(_copy(e), claimed, limit=limit)
            if cut.exact:
                assert cut.tricks == exact.tricks
            else:
                assert cut.at_least <= exact.tricks  # the bound proposed is proven
                assert min(claimed, cut.at_least) <= min(claimed, exact.tricks)


def brute_any(e: Ending) -> int:
    """The fewest tricks for ``e.side`` over every legal card of all four hands."""
    if not any(e.hands) and not e.trick:
        return 0
    seat = e.to_play
    best = 99
    for card in _legal(e.hands[seat], e.trick):
        saved = (list(e.hands), e.leader, list(e.trick))
        e.hands[seat] &= ~card.bit
        e.trick.append((seat, card))
        won = 0
        if len(e.trick) == 4:
            w = _winner(e.leader, [c for _, c in e.trick], e.trump)
            won = 1 if w.side is e.side else 0
            e.trick, e.leader = [], w
        best = min(best, won + brute_any(e))
        e.hands, e.leader, e.trick = saved
    return best


@pytest.mark.law("71")
def test_71_tricks_that_cannot_be_lost_by_any_play_equal_brute_force() -> None:
    rng = random.Random(79)
    for _ in range(300):
        e = _random_ending(rng)
        got = search(_copy(e), 0, any_legal=True)
        assert got.exact and got.tricks == brute_any(_copy(e)), e


@pytest.mark.law("70A")
def test_70A_worst_normal_line_is_the_same_whatever_number_is_claimed() -> None:
    # the search first asks the ruling's question (fewer than the claim?) and then halves
    # the bracket between the proven bound and the lowest line found: every claim, from
    # none to more than the tricks left, must lead to the same exact figure and a line of it
    rng = random.Random(72)
    for _ in range(12):
        e = _random_ending(rng, rng.choice((4, 5)), 3)
        remaining = (sum(h.bit_count() for h in e.hands) + len(e.trick)) // 4
        expected = brute(_copy(e), {})
        for claimed in range(remaining + 2):
            got = worst_normal(_copy(e), claimed)
            assert got.exact and got.tricks == expected, (e, claimed)
            assert _replay(e, got.line) == expected, (e, claimed, got.line)


@pytest.mark.law("70C")
def test_70C_trumps_drawn_first_searched_on_one_table_equals_each_search_alone() -> None:
    # the two models share a table where the opponents hold no trump: each answer must
    # still be the brute force's for its own model
    rng = random.Random(73)
    checked = 0
    while checked < 60:
        e = _random_ending(rng, rng.choice((3, 4, 5)), 2)
        if e.trump is None:
            continue
        e.trumps_first = False
        remaining = (sum(h.bit_count() for h in e.hands) + len(e.trick)) // 4
        claimed = rng.randrange(remaining + 1)
        drawn_first = _copy(e)
        drawn_first.trumps_first = True
        plain, drawn = search_with_trumps_drawn(_copy(e), claimed)
        assert plain.exact and drawn.exact
        assert plain.tricks == brute(_copy(e), {}), (e, claimed)
        assert drawn.tricks == brute(_copy(drawn_first), {}), (e, claimed)
        assert _replay(e, plain.line) == plain.tricks
        assert _replay(drawn_first, drawn.line) == drawn.tricks
        checked += 1


@pytest.mark.law("70A")
def test_70A_the_proposal_never_exceeds_the_exact_worst_normal_line() -> None:
    # whatever stops the search, the number proposed to the director is at most the
    # claim and at most the worst normal line the brute force finds (70A: doubtful points
    # against the claimer)
    rng = random.Random(74)
    for _ in range(40):
        e = _random_ending(rng, rng.choice((3, 4, 5)), 3)
        if e.trick:
            continue
        pos = Position((e.hands[0], e.hands[1], e.hands[2], e.hands[3]), e.trump, e.leader)
        claimer = e.side.seats[rng.randrange(2)]
        claimed = rng.randrange(pos.remaining + 1)
        plain = Ending(list(e.hands), e.trump, e.leader, e.side)
        worst = brute(plain, {})
        for limit in (1, 5, NODE_LIMIT):
            a = analyse_claim(pos, claimer, claimed, limit=limit)
            assert a.proposed <= min(claimed, worst), (e, claimed, limit)
            if a.exact:
                assert a.worst_normal == worst


@pytest.mark.law("70A")
def test_70A_the_search_built_for_any_processor_answers_as_the_one_in_use() -> None:
    # the search is compiled twice (for any x86-64, and for processors with popcnt, bmi,
    # bmi2 and lzcnt, chosen at import): both copies must give the same bracket, line and
    # nodes, in both models and for Law 71, up to deep endings where the bounds bite
    from bridgelaw.analysis import _worst  # type: ignore[attr-defined]
    from bridgelaw.analysis.worst import _args, _bound

    rng = random.Random(75)
    for _ in range(60):
        e = _random_ending(rng, rng.choice((4, 6, 8, 9)))
        remaining = (sum(h.bit_count() for h in e.hands) + len(e.trick)) // 4
        claimed = rng.randrange(remaining + 1)
        any_legal = rng.random() < 0.2
        args = _args(e, claimed, None, NODE_LIMIT, any_legal)
        drawn_too = 0 if any_legal else 1
        fast = _worst.search(*args, drawn_too=drawn_too, **_bound(e))
        portable = _worst.search(*args, drawn_too=drawn_too, portable=True, **_bound(e))
        assert fast == portable, (e, claimed, any_legal)
