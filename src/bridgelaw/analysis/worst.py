"""The worst normal line of a claim (Law 70A): the fewest tricks the claimer's side can
end with when it plays only normal cards (``analysis.normal``) and the defence plays any
legal card. Both choices go against the claimer, so the value is a minimum over every
line, not a minimax.

The search is exact. It answers yes/no questions "can the claimer be held to fewer than
t tricks?" (far cheaper than a full minimisation: one line below t ends it, and a proof
that none exists prunes on bounds), and probes t until the answer is pinned down, as
MTD(f) does for minimax. What makes it fast enough:

* cards touching in rank among the cards still out (the trick in progress included) are
  one choice: which of them is played cannot change any later trick;
* every position at the start of a trick is memoised (the four hands, who leads, the
  block) with the bounds proven for it and the trick of a line found from it;
* bounds: trumps above every opposing trump in one of the claimer's hands each win a
  trick, and a side on lead holding only top cards (the other side trumpless) wins the
  rest without search.

A node budget is the last resort: when spent, the lowest line found so far is shown and
the answer is flagged ``approximate`` (its number is only an upper bound of the worst).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bridgelaw.analysis.normal import Ending, block_after_lead, block_after_trick, normal_plays
from bridgelaw.core.cards import ALL_CARDS, SUIT_MASK, Card, Seat, Suit
from bridgelaw.laws.play import legal_mask, trick_winner

NODE_BUDGET = 2_500  # positions at the start of a trick one search may visit (~1 s here) before it gives up

Line = list[list[tuple[Seat, Card]]]


class BudgetSpent(Exception):
    """The search spent its node budget."""


@dataclass(slots=True)
class WorstResult:
    tricks: int                # the worst normal line's tricks for the claimer's side (exact unless approximate)
    line: Line
    approximate: bool = False  # the budget ran out: ``tricks`` is a line found, the worst may be lower
    at_least: int = 0          # a proven lower bound of the worst
    nodes: int = 0
    probes: list[int] = field(default_factory=list)


def run_groups(live: int, hand: int, wanted: int) -> list[Card]:
    """One card per run of ``hand``'s cards that touch in rank among ``live`` and hold a
    card of ``wanted`` (the lowest such card represents the run)."""
    out: list[Card] = []
    gaps = live & ~hand  # live cards in other hands: they split the runs
    m = hand & wanted
    prev = 0
    while m:
        bit = m & -m
        m ^= bit
        # same run as the card kept before: same suit and no other hand's live card between
        if prev and (bit.bit_length() - 1) // 13 == (prev.bit_length() - 1) // 13 and not gaps & (bit - 1) & ~((prev << 1) - 1):
            continue
        prev = bit
        out.append(ALL_CARDS[bit.bit_length() - 1])
    return out


class WorstSearch:
    """Bounded yes/no searches over one ending, sharing their memo."""

    def __init__(self, e: Ending, budget: int = NODE_BUDGET) -> None:
        self.e = e
        self.budget = budget
        self.nodes = 0
        self.lower: dict[tuple[Any, ...], int] = {}
        self.upper: dict[tuple[Any, ...], tuple[int, tuple[tuple[Seat, Card], ...] | None]] = {}
        self._found: tuple[tuple[Seat, Card], ...] | None = None

    # -- keys and bounds ---------------------------------------------------------------
    def _key(self) -> tuple[Any, ...]:
        e = self.e
        block = e.block
        if block is not None:
            a, b = e.ours
            if not (e.hands[a] | e.hands[b]) & SUIT_MASK[block]:
                block = None  # a suit the side no longer holds can never bind again
        return (*e.hands, e.leader, tuple(c.index for _, c in e.trick), block)

    def _all_top(self) -> int | None:
        """When the side on lead holds only cards above every card of their suit the other
        side holds, and the other side has no trump, the side on lead wins every trick:
        the claimer's tricks from here (else None)."""
        e = self.e
        side = e.leader.side
        a, b = e.ours if side is e.side else e.theirs
        c, d = e.theirs if side is e.side else e.ours
        ours, theirs = e.hands[a] | e.hands[b], e.hands[c] | e.hands[d]
        if e.trump is not None and theirs & SUIT_MASK[e.trump]:
            return None
        for suit in Suit:
            mine = ours & SUIT_MASK[suit]
            if mine and (mine & -mine).bit_length() <= (theirs & SUIT_MASK[suit]).bit_length():
                return None
        n = e.hands[e.leader].bit_count()
        return n if side is e.side else 0

    def _top_trumps(self) -> int:
        """A lower bound: trumps in one of the claimer's hands above every opposing trump
        each win the trick they fall in (partner's higher trump wins it for the side too)."""
        e = self.e
        if e.trump is None:
            return 0
        tm = SUIT_MASK[e.trump]
        floor = (e.opp_mask() & tm).bit_length()
        a, b = e.ours
        return max(((e.hands[a] & tm) >> floor).bit_count(), ((e.hands[b] & tm) >> floor).bit_count())

    # -- moves -------------------------------------------------------------------------
    def _moves(self, seat: Seat) -> list[Card]:
        e = self.e
        hand = e.hands[seat]
        if seat.side is e.side:
            cards = run_groups(e.live(), hand, normal_plays(e))
            cards.sort(key=lambda c: c.rank)  # the claimer's cheapest choices first: they lose tricks soonest
            return cards
        led = e.trick[0][1].suit if e.trick else None
        cards = run_groups(e.live(), hand, legal_mask(hand, led))
        if not e.trick:
            cards.sort(key=lambda c: -c.rank)  # the defence cashes first
            return cards
        current = trick_winner(e.trick[0][0], [c for _, c in e.trick], e.trump)
        if current.side is not e.side:
            cards.sort(key=lambda c: c.rank)  # partner has it: play low
            return cards
        best = next(c for s, c in e.trick if s is current)

        def beats(c: Card) -> bool:
            return (c.suit is best.suit and c.rank > best.rank) or (c.suit is e.trump and best.suit is not e.trump)
        # the cheapest card that takes the trick first, then the rest low to high
        cards.sort(key=lambda c: (not beats(c), c.suit is e.trump, c.rank))
        return cards

    # -- the search --------------------------------------------------------------------
    def below(self, t: int) -> int:
        """A line where the claimer's side wins fewer than ``t`` tricks from here: its
        tricks (< t). None exists: a lower bound of the worst (>= t)."""
        e = self.e
        key = self._key()
        low = self.lower.get(key, 0)
        if low >= t:
            return low
        hit = self.upper.get(key)
        if hit is not None and hit[0] < t:
            return hit[0]
        if not e.trick:
            if not any(e.hands):
                return 0
            exact = self._all_top()
            if exact is not None:
                self.lower[key] = exact
                self.upper[key] = (exact, None)
                return exact
            quick = self._top_trumps()
            if quick >= t:
                self.lower[key] = quick
                return quick
        self.nodes += 1
        if self.nodes > self.budget:
            raise BudgetSpent
        v = self._trick(t)
        if v < t:
            if hit is None or v < hit[0]:
                self.upper[key] = (v, self._found)
        elif v > low:
            self.lower[key] = v
        return v

    def _trick(self, t: int) -> int:
        """Play the trick in progress out; the value of the first line below ``t`` found
        (its trick left in ``_found``) or the least lower bound over the cards tried."""
        e = self.e
        if len(e.trick) == 4:
            winner = trick_winner(e.trick[0][0], [c for _, c in e.trick], e.trump)
            won = 1 if winner.side is e.side else 0
            saved = (e.trick, e.leader, e.block)
            e.trick, e.leader, e.block = [], winner, block_after_trick(e, winner)
            try:
                v = won + self.below(t - won)
            finally:
                e.trick, e.leader, e.block = saved
            if v < t:
                self._found = tuple(e.trick)
            return v
        seat = e.to_play
        floor: int | None = None
        for card in self._moves(seat):
            saved_block = e.block
            if not e.trick and seat.side is e.side:
                e.block = block_after_lead(e, card)
            e.hands[seat] &= ~card.bit
            e.trick.append((seat, card))
            try:
                v = self._trick(t)
            finally:
                e.trick.pop()
                e.hands[seat] |= card.bit
                e.block = saved_block
            if v < t:
                return v
            floor = v if floor is None else min(floor, v)
        assert floor is not None, "a hand to play holds no card"
        return floor

    # -- the line ----------------------------------------------------------------------
    def line(self) -> tuple[int, Line]:
        """The line recorded from the root, trick by trick, and the claimer's tricks along it."""
        e = self.e
        saved = (list(e.hands), e.leader, list(e.trick), e.block)
        tricks: Line = []
        won = 0
        try:
            while any(e.hands) or e.trick:
                hit = self.upper.get(self._key())
                if hit is None:
                    break
                plays = hit[1] if hit[1] is not None else self._any_trick()
                current = list(e.trick)
                for seat, card in plays[len(e.trick):]:
                    if not e.trick and seat.side is e.side:
                        e.block = block_after_lead(e, card)
                    e.hands[seat] &= ~card.bit
                    e.trick.append((seat, card))
                    current.append((seat, card))
                tricks.append(current)
                winner = trick_winner(e.trick[0][0], [c for _, c in e.trick], e.trump)
                won += winner.side is e.side
                e.trick, e.leader, e.block = [], winner, block_after_trick(e, winner)
                if hit[1] is None:
                    self.upper.setdefault(self._key(), (hit[0] - (winner.side is e.side), None))
        finally:
            e.hands, e.leader, e.trick, e.block = saved
        return won, tricks

    def _any_trick(self) -> tuple[tuple[Seat, Card], ...]:
        """One trick from the current position by the model's first choices (used where
        every line wins the same, after the all-top shortcut)."""
        e = self.e
        saved = (list(e.hands), list(e.trick), e.block)
        try:
            while len(e.trick) < 4:
                seat = e.to_play
                card = self._moves(seat)[0]
                if not e.trick and seat.side is e.side:
                    e.block = block_after_lead(e, card)
                e.hands[seat] &= ~card.bit
                e.trick.append((seat, card))
            return tuple(e.trick)
        finally:
            e.hands, e.trick, e.block = saved

    def greedy(self) -> int:
        """One line (the first card of every choice): an upper bound when all else fails."""
        e = self.e
        saved = (list(e.hands), e.leader, list(e.trick), e.block)
        won = 0
        keys: list[tuple[tuple[Any, ...], int, tuple[tuple[Seat, Card], ...]]] = []
        try:
            while any(e.hands) or e.trick:
                key = self._key()
                while len(e.trick) < 4:
                    seat = e.to_play
                    card = self._moves(seat)[0]
                    if not e.trick and seat.side is e.side:
                        e.block = block_after_lead(e, card)
                    e.hands[seat] &= ~card.bit
                    e.trick.append((seat, card))
                winner = trick_winner(e.trick[0][0], [c for _, c in e.trick], e.trump)
                keys.append((key, won, tuple(e.trick)))
                won += winner.side is e.side
                e.trick, e.leader, e.block = [], winner, block_after_trick(e, winner)
        finally:
            e.hands, e.leader, e.trick, e.block = saved
        for key, before, plays in keys:
            hit = self.upper.get(key)
            if hit is None or won - before < hit[0]:
                self.upper[key] = (won - before, plays)
        return won


def worst_normal(e: Ending, claimed: int, ceiling: int | None = None, budget: int = NODE_BUDGET) -> WorstResult:
    """The worst normal line's tricks, exact: probe "fewer than ``claimed``?" first (the
    answer a ruling needs), then narrow down. ``ceiling`` is a known upper bound of the
    worst (the double-dummy number: no normal line beats best play; else the tricks left)."""
    if ceiling is None:
        ceiling = (sum(h.bit_count() for h in e.hands) + len(e.trick)) // 4
    s = WorstSearch(e, budget)
    lower, upper = 0, None
    t = claimed
    probes: list[int] = []
    try:
        while True:
            probes.append(t)
            r = s.below(t)
            if r < t:
                upper = r
            else:
                lower = max(lower, r)
            if upper is not None and upper <= lower:
                break
            if upper is None and lower >= ceiling:
                t = ceiling + 1  # the worst is the ceiling: one more probe finds its line
            else:
                t = upper if upper is not None else lower + 1
    except BudgetSpent:
        if upper is None:
            upper = s.greedy()
        _, line = s.line()
        return WorstResult(upper, line, approximate=True, at_least=lower, nodes=s.nodes, probes=probes)
    won, line = s.line()
    assert won == upper, f"the line replayed wins {won}, the search said {upper}"
    return WorstResult(upper, line, at_least=lower, nodes=s.nodes, probes=probes)


__all__ = ["NODE_BUDGET", "BudgetSpent", "WorstResult", "WorstSearch", "run_groups", "worst_normal"]
