"""Claim analysis for Law 70: how many of the remaining tricks a claim is worth.

Three numbers decide a claim, each counted for the claimer's side over the remaining
tricks (the trick in progress included):

* ``double_dummy`` — best play by all four (the solver in ``analysis.dds``);
* ``worst_normal`` — the worst outcome over every *normal* line of the claimer and every
  legal defence (70A: doubtful points go against the claimer). The claimer's normal
  lines are modelled as: cash winners in any order before losers (70D1), follow with the
  lowest card, the cheapest card that wins or the highest (so an unstated finesse and an
  unstated drop are both "normal" and the worse one counts, 70E1), ruff cheaply, discard
  any card that is not a sure winner (so an unstated squeeze may fail), and lead side
  winners while an opponent still holds a trump unless the statement mentions trumps
  (70C). The defence plays any legal card;
* ``sure`` — the worst outcome over every *legal* play by both sides: tricks that could
  not be lost by any legal play (Law 71, 79A2).

The claim is ``valid`` when ``worst_normal`` reaches the claim, ``double_dummy_only``
when only best play reaches it, ``invalid`` otherwise. The proposal to the director is
``min(claimed, worst_normal)`` with the worst normal line shown card by card; the
director decides (the engine never fakes the judgement of "normal" or of 70C2).

The search is exact over the model: a depth-first minimisation with a transposition
table, where cards equal in rank among the cards still out are one choice (the usual
double-dummy reduction). A node budget bounds it; when spent, the worst line found so
far is proposed and marked ``approximate``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from bridgelaw.analysis.dds import Position, best_cards, dd_tricks
from bridgelaw.core.cards import SUIT_MASK, Card, Seat, Side, Suit, cards_of
from bridgelaw.laws.play import legal_mask, trick_winner

NODE_BUDGET = 400  # nodes of one exact pass of the worst-line search before it falls back


class Verdict(Enum):
    VALID = "valid"                          # against any defence and any normal order
    DOUBLE_DUMMY_ONLY = "double_dummy_only"  # only with best play by the claimer
    INVALID = "invalid"                      # not even double dummy


_SUIT_WORDS: tuple[tuple[Suit, str], ...] = (
    (Suit.S, r"spade|пик|♠"), (Suit.H, r"heart|черв|♥"), (Suit.D, r"diamond|бубн|♦"), (Suit.C, r"club|треф|♣"),
)


@dataclass(frozen=True, slots=True)
class Statement:
    """What the claimer's statement commits him to (68C), as far as the engine reads it:
    whether it mentions trumps (70C) and the order in which it names suits (70D: a line
    the claimer stated is the line he plays; suits he did not name come in the worst order)."""

    text: str = ""
    mentions_trumps: bool = False
    order: tuple[Suit, ...] = ()

    @staticmethod
    def parse(text: str) -> Statement:
        t = text.lower()
        trumps = bool(re.search(r"trump|козыр|draw", t))
        named: list[tuple[int, Suit]] = []
        for suit, pattern in _SUIT_WORDS:
            m = re.search(pattern, t)
            if m is not None:
                named.append((m.start(), suit))
        return Statement(text=text, mentions_trumps=trumps, order=tuple(s for _, s in sorted(named)))


@dataclass(slots=True)
class ClaimAnalysis:
    claimer: Seat
    claimed: int
    remaining: int
    double_dummy: int
    worst_normal: int
    sure: int | None
    verdict: Verdict
    proposed: int
    line: list[list[tuple[Seat, Card]]] = field(default_factory=list)
    trump_outstanding: bool = False   # an opponent held a trump at the claim
    trump_mentioned: bool = False
    worst_if_trumps_drawn: int | None = None  # the worst normal line had he drawn trumps first (70C)
    approximate: bool = False
    nodes: int = 0

    @property
    def line_text(self) -> str:
        return "; ".join(" ".join(f"{s.name}:{c}" for s, c in trick) for trick in self.line)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "claimer": self.claimer.name, "claimed": self.claimed, "remaining": self.remaining,
            "double_dummy": self.double_dummy, "worst_normal": self.worst_normal, "sure": self.sure,
            "verdict": self.verdict.value, "proposed": self.proposed, "line": self.line_text,
            "trump_outstanding": self.trump_outstanding, "trump_mentioned": self.trump_mentioned,
        }
        if self.worst_if_trumps_drawn is not None:
            out["worst_if_trumps_drawn"] = self.worst_if_trumps_drawn
        if self.approximate:
            out["approximate"] = True
        return out


class _BudgetSpent(Exception):
    pass


class _Search:
    """Minimise the claimer's tricks over his normal lines and the defence's best replies.

    The claimer's side plays suit by suit (``block``): once it starts cashing a suit it
    goes on with that suit while it holds a winner there that the hand on lead can cash
    or lead towards; a new suit is chosen only when the block is over (in the statement's
    order when the statement names suits, otherwise every order is tried and the worst
    counts). Cards equal among the cards still out are one choice, a defender's only
    legal choice costs no solver call, and every position is memoised (with its block),
    so orders of suits that meet again are searched once."""

    def __init__(
        self, pos: Position, side: Side, trumps_first: bool, budget: int, *,
        order: tuple[Suit, ...] = (), ties: str = "all", single: bool = False,
        cache: dict[Position, list[Card]] | None = None,
    ):
        self.cache = cache if cache is not None else {}
        self.ties = ties
        self.single = single
        self.trump = pos.trump
        self.side = side
        self.trumps_first = trumps_first
        self.order = order
        self.budget = budget
        self.nodes = 0
        self.solver_calls = 0
        self.memo: dict[tuple[Any, ...], tuple[int, Card | None]] = {}
        self.hands = list(pos.hands)
        self.leader = pos.leader
        self.block: Suit | None = None
        self.trick: list[tuple[Seat, Card]] = [(pos.leader.offset(i), c) for i, c in enumerate(pos.trick)]
        self.opp = side.opponents.seats

    # -- card equivalence ------------------------------------------------------------
    def _live(self) -> int:
        m = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        for _, c in self.trick:
            m |= c.bit
        return m

    def _groups(self, mask: int) -> list[Card]:
        """One card per run of cards equal in rank among the live cards (the lowest of each)."""
        return _run_groups(self._live(), mask)

    # -- what the claimer's side may do in a normal line ------------------------------------
    def _is_winner(self, card: Card) -> bool:
        """A sure winner if led now (ruffs apart): no opponent holds a higher card of the suit."""
        opp = self.hands[self.opp[0]] | self.hands[self.opp[1]]
        higher = SUIT_MASK[card.suit] & ~((card.bit << 1) - 1)
        return not (opp & higher)

    def _side_has_winner(self, suit: Suit) -> bool:
        ours = (self.hands[self.side.seats[0]] | self.hands[self.side.seats[1]]) & SUIT_MASK[suit]
        return bool(ours) and self._is_winner(cards_of(ours)[-1])

    def _all_top(self, side: Side) -> int | None:
        """When ``side`` is on lead, the other side holds no trump, and every card ``side``
        holds is above every card of its suit the other side holds, ``side`` wins every
        remaining trick however anyone plays: their number (else None)."""
        a, b = side.seats
        other = side.opponents.seats
        theirs = self.hands[other[0]] | self.hands[other[1]]
        if self.trump is not None and theirs & SUIT_MASK[self.trump]:
            return None
        for suit in Suit:
            ours = (self.hands[a] | self.hands[b]) & SUIT_MASK[suit]
            if ours and (ours & -ours).bit_length() <= (theirs & SUIT_MASK[suit]).bit_length():
                return None  # their highest card of the suit beats our lowest
        return self.hands[self.leader].bit_count()

    def _opp_trumps(self) -> bool:
        if self.trump is None:
            return False
        return any(self.hands[s] & SUIT_MASK[self.trump] for s in self.opp)

    def _normal(self, seat: Seat) -> list[Card]:
        hand = self.hands[seat]
        if not self.trick:
            return self._normal_leads(seat, hand, self.hands[seat.partner])
        led = self.trick[0][1].suit
        follow = hand & SUIT_MASK[led]
        current = trick_winner(self.trick[0][0], [c for _, c in self.trick], self.trump)
        best = next(c for s, c in self.trick if s is current)
        partner_winning = current.side is self.side
        if follow:
            cards = cards_of(follow)
            low, high = cards[0], cards[-1]
            if partner_winning:
                return _uniq([low, high])
            beaters = [c for c in cards if best.suit is led and c.rank > best.rank]
            if not beaters:
                return [low]
            opts = [beaters[0], high]
            if len(self.trick) == 1:
                opts.append(low)  # second hand low is normal
            return _uniq(opts)
        opts = []
        trumps = hand & SUIT_MASK[self.trump] if self.trump is not None else 0
        discards = [c for c in cards_of(hand) if c.suit is not self.trump and not self._is_winner(c)]
        if trumps and not partner_winning:
            ruffs = [c for c in cards_of(trumps) if best.suit is not self.trump or c.rank > best.rank]
            if ruffs:
                # ruff cheaply; second hand may also discard a loser (partner plays after)
                opts.append(ruffs[0])
                if len(self.trick) != 1 or not discards:
                    return opts
                return _uniq(opts + self._dedupe(discards))
        if not discards:
            discards = [c for c in cards_of(hand) if not self._is_winner(c)]
        if not discards:
            discards = cards_of(hand)
        return _uniq(opts + self._dedupe(discards))

    def _cash(self, suit: Suit, hand: int, partner: int) -> list[Card]:
        """The normal leads of ``suit``: the top card when it is a winner, a low card when
        partner's top card of the suit is one."""
        mine = cards_of(hand & SUIT_MASK[suit])
        if not mine:
            return []
        out = [mine[-1]] if self._is_winner(mine[-1]) else []
        theirs = cards_of(partner & SUIT_MASK[suit])
        if theirs and self._is_winner(theirs[-1]):
            out.append(mine[0])
        return out

    def _normal_leads(self, seat: Seat, hand: int, partner: int) -> list[Card]:
        if self.trumps_first and self.trump is not None and self._opp_trumps() and hand & SUIT_MASK[self.trump]:
            trumps = cards_of(hand & SUIT_MASK[self.trump])
            return _uniq([trumps[-1], trumps[0]])
        if self.block is not None:
            going_on = self._cash(self.block, hand, partner)
            if going_on:
                return _uniq(going_on)
        stated = [s for s in self.order if self._side_has_winner(s)]
        for suits in ([stated[0]] if stated else [], list(Suit)):
            opts = [c for suit in suits for c in self._cash(suit, hand, partner)]
            if opts:
                return _uniq(opts)
        return self._groups(hand)

    def _dedupe(self, cards: list[Card]) -> list[Card]:
        mask = 0
        for c in cards:
            mask |= c.bit
        return self._groups(mask)

    # -- the search -------------------------------------------------------------------
    def _moves(self, seat: Seat) -> list[Card]:
        if seat.side is self.side:
            return self._normal(seat)
        led = self.trick[0][1].suit if self.trick else None
        groups = self._groups(legal_mask(self.hands[seat], led))
        if len(groups) == 1:
            return groups
        # the defence plays its double-dummy best; every card that is equally best is
        # tried, so a squeeze or a misguess the claimer's careless line allows is found
        pos = Position((self.hands[0], self.hands[1], self.hands[2], self.hands[3]),
                       self.trump, self.leader, tuple(c for _, c in self.trick))
        found = self.cache.get(pos)
        if found is None:
            self.solver_calls += 1
            found = self.cache[pos] = best_cards(pos)
        best = self._dedupe(found)
        discarding = led is not None and not self.hands[seat] & SUIT_MASK[led]
        if self.ties == "all" or (self.ties == "discards" and discarding):
            return best
        return best[:1]

    def _key(self) -> tuple[Any, ...]:
        block = self.block if self.block is not None and self._side_has_winner(self.block) else None
        return (*self.hands, self.leader, tuple(c.index for _, c in self.trick), block)

    def value(self) -> int:
        key = self._key()
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0]
        if not any(self.hands) and not self.trick:
            return 0
        if not self.trick:
            rest = self._all_top(self.leader.side)
            if rest is not None:
                return rest if self.leader.side is self.side else 0
        self.nodes += 1
        if self.nodes > self.budget:
            raise _BudgetSpent
        seat = self.leader.offset(len(self.trick))
        best_v: int | None = None
        best_c: Card | None = None
        moves = self._moves(seat)
        for card in moves[:1] if self.single else moves:
            v = self._after(seat, card)
            if best_v is None or v < best_v:
                best_v, best_c = v, card
                if v == 0:
                    break
        assert best_v is not None
        self.memo[key] = (best_v, best_c)
        return best_v

    def _after(self, seat: Seat, card: Card) -> int:
        saved_block = self.block
        if not self.trick and seat.side is self.side:
            # a lead of a suit the side can cash starts (or goes on with) its block
            self.block = card.suit if self._side_has_winner(card.suit) else None
        self.hands[seat] &= ~card.bit
        self.trick.append((seat, card))
        if len(self.trick) < 4:
            v = self.value()
        else:
            saved_trick, saved_leader = self.trick, self.leader
            winner = trick_winner(saved_trick[0][0], [c for _, c in saved_trick], self.trump)
            self.trick, self.leader = [], winner
            if winner.side is not self.side:
                self.block = None  # the defence has the lead: the claimer chooses afresh later
            v = (1 if winner.side is self.side else 0) + self.value()
            self.trick, self.leader = saved_trick, saved_leader
        self.trick.pop()
        self.hands[seat] |= card.bit
        self.block = saved_block
        return v

    def line(self) -> list[list[tuple[Seat, Card]]]:
        """The line the minimum was found along, trick by trick (replayed from the memo)."""
        tricks: list[list[tuple[Seat, Card]]] = [list(self.trick)] if self.trick else [[]]
        saved = (list(self.hands), self.leader, list(self.trick), self.block)
        try:
            for _ in range(60):
                hit = self.memo.get(self._key())
                if hit is None or hit[1] is None:
                    break
                seat = self.leader.offset(len(self.trick))
                card = hit[1]
                if not self.trick and seat.side is self.side:
                    self.block = card.suit if self._side_has_winner(card.suit) else None
                self.hands[seat] &= ~card.bit
                self.trick.append((seat, card))
                tricks[-1].append((seat, card))
                if len(self.trick) == 4:
                    self.leader = trick_winner(self.trick[0][0], [c for _, c in self.trick], self.trump)
                    if self.leader.side is not self.side:
                        self.block = None
                    self.trick = []
                    tricks.append([])
        finally:
            self.hands, self.leader, self.trick, self.block = saved
        return [t for t in tricks if t]


def _uniq(cards: list[Card]) -> list[Card]:
    seen: set[Card] = set()
    out = []
    for c in cards:
        if c not in seen:
            seen.add(c)
            out.append(c)
    return out


def worst_line(
    pos: Position, side: Side, *, trumps_first: bool = False, order: tuple[Suit, ...] = (),
    budget: int = NODE_BUDGET, cache: dict[Position, list[Card]] | None = None,
) -> tuple[int, list[list[tuple[Seat, Card]]], bool, int]:
    """The fewest tricks ``side`` ends with along its normal lines against the defence's
    double-dummy best: (tricks, line, approximate, nodes).

    Exact unless the search spends ``budget`` nodes; then, as a last resort, once with
    only equally good discards branched on, and last a single line marked approximate."""
    nodes = 0
    cache = {} if cache is None else cache
    for ties in ("all", "discards"):
        s = _Search(pos, side, trumps_first, budget, order=order, ties=ties, cache=cache)
        try:
            v = s.value()
            return v, s.line(), ties != "all", nodes + s.nodes
        except _BudgetSpent:
            nodes += s.nodes
    s = _Search(pos, side, trumps_first, 10**9, order=order, ties="none", single=True, cache=cache)
    v = s.value()
    return v, s.line(), True, nodes + s.nodes


def sure_tricks(pos: Position, side: Side, *, budget: int = 5_000) -> int | None:
    """Tricks ``side`` wins however anybody plays (Law 71: tricks that could not be lost
    by any play), or None when the search did not finish within ``budget`` nodes.

    A branch-and-bound minimisation: a state reached again with as many tricks already
    won is not searched again, and a branch stops when it cannot beat the best line."""
    hands = list(pos.hands)
    trick = [(pos.leader.offset(i), c) for i, c in enumerate(pos.trick)]
    seen: dict[tuple[Any, ...], int] = {}
    best = [pos.remaining]
    count = [0]

    def live() -> int:
        m = hands[0] | hands[1] | hands[2] | hands[3]
        for _, c in trick:
            m |= c.bit
        return m

    def top_trumps() -> int:
        """A bound: trumps above every opposing trump, all in one hand, each win a trick."""
        if pos.trump is None:
            return 0
        tm = SUIT_MASK[pos.trump]
        opp = hands[side.opponents.seats[0]] | hands[side.opponents.seats[1]]
        floor = (opp & tm).bit_length()  # bits above the highest opposing trump
        counts = [(hands[s] & tm) >> floor for s in side.seats]
        return max(c.bit_count() for c in counts)

    def dfs(leader: Seat, won: int) -> None:
        if won + (top_trumps() if not trick else 0) >= best[0]:
            return
        if not any(hands) and not trick:
            best[0] = won
            return
        key = (*hands, leader, tuple(c.index for _, c in trick))
        if seen.get(key, 99) <= won:
            return
        seen[key] = won
        count[0] += 1
        if count[0] > budget:
            raise _BudgetSpent
        seat = leader.offset(len(trick))
        led = trick[0][1].suit if trick else None
        moves = _run_groups(live(), legal_mask(hands[seat], led))
        # lose tricks first: the claimer's side plays low, the other side high
        moves.sort(key=lambda c: c.rank, reverse=seat.side is not side)
        for card in moves:
            hands[seat] &= ~card.bit
            trick.append((seat, card))
            if len(trick) < 4:
                dfs(leader, won)
            else:
                saved = list(trick)
                winner = trick_winner(saved[0][0], [c for _, c in saved], pos.trump)
                trick.clear()
                dfs(winner, won + (1 if winner.side is side else 0))
                trick.extend(saved)
            trick.pop()
            hands[seat] |= card.bit

    try:
        dfs(pos.leader, 0)
    except _BudgetSpent:
        return None
    return best[0]


def _run_groups(live: int, mask: int) -> list[Card]:
    """One card of ``mask`` per run of cards equal in rank among ``live`` (the lowest)."""
    out: list[Card] = []
    for suit in Suit:
        if not mask & SUIT_MASK[suit]:
            continue
        run: Card | None = None
        for c in reversed(cards_of(live & SUIT_MASK[suit])):
            if mask & c.bit:
                run = c
            else:
                if run is not None:
                    out.append(run)
                run = None
        if run is not None:
            out.append(run)
    return out


def analyse_claim(pos: Position, claimer: Seat, claimed: int, statement: str = "") -> ClaimAnalysis:
    """Classify a claim of ``claimed`` of the remaining tricks and propose a number (Law 70)."""
    side = claimer.side
    st = Statement.parse(statement)
    remaining = pos.remaining
    dd = dd_tricks(pos, side)
    trump_out = pos.trump is not None and any(pos.hands[s] & SUIT_MASK[pos.trump] for s in side.opponents.seats)
    cache: dict[Position, list[Card]] = {}
    worst, line, approx, nodes = worst_line(pos, side, trumps_first=st.mentions_trumps, order=st.order, cache=cache)
    if_drawn: int | None = None
    if trump_out and not st.mentions_trumps:
        drawn, _, _, n2 = worst_line(pos, side, trumps_first=True, order=st.order, cache=cache)
        nodes += n2
        if drawn != worst:
            if_drawn = drawn
    # Law 71 only matters when the claim gives away tricks a normal line would win
    sure = sure_tricks(pos, side) if claimed < worst else None
    if worst >= claimed:
        verdict = Verdict.VALID
    elif dd >= claimed:
        verdict = Verdict.DOUBLE_DUMMY_ONLY
    else:
        verdict = Verdict.INVALID
    return ClaimAnalysis(
        claimer=claimer, claimed=claimed, remaining=remaining, double_dummy=dd,
        worst_normal=worst, sure=sure, verdict=verdict, proposed=min(claimed, worst), line=line,
        trump_outstanding=trump_out, trump_mentioned=st.mentions_trumps,
        worst_if_trumps_drawn=if_drawn, approximate=approx, nodes=nodes,
    )


__all__ = ["ClaimAnalysis", "Statement", "Verdict", "analyse_claim", "sure_tricks", "worst_line"]
