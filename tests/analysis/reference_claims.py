"""A reference model of the claim checker, written again from the table "Normal play" in
``docs/claims.md`` and from nothing of the checker's: its own cards (suit, rank pairs),
its own trick winner, its own normal cards and block, its own statement bounds, a plain
brute force over every normal card of the claimer's side and every legal card of the
defence, and double dummy from endplay's solver called directly.

It answers what the checker answers for a claim: the worst normal line, the proposal,
double dummy, the figure had trumps been drawn first, and the verdict. The tests compare
the two on random endings; any disagreement is a bug in one of them or a row of the table
read two ways.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Card = tuple[int, int]  # (suit 0-3 clubs..spades, rank 0-12 two..ace)


def winner(leader: int, cards: list[Card], trump: int | None) -> int:
    """The seat (0-3 from North) winning a trick led by ``leader``."""
    def power(c: Card) -> int:
        if c[0] == trump:
            return 200 + c[1]
        return 100 + c[1] if c[0] == cards[0][0] else 0
    best = max(range(len(cards)), key=lambda i: power(cards[i]))
    return (leader + best) % 4


@dataclass
class Bind:
    """What the statement binds (table rows order, top, finesse, duck, trumps, cross_ruff)."""

    order: tuple[int, ...] = ()
    top: frozenset[int] = frozenset()
    finesse: frozenset[int] = frozenset()
    duck: frozenset[int] = frozenset()
    trumps_first: bool = False
    cross_ruff: bool = False


@dataclass
class State:
    hands: list[set[Card]]
    trump: int | None
    leader: int
    side: int  # 0: North-South, 1: East-West
    bind: Bind
    trick: list[Card] = field(default_factory=list)
    block: int | None = None
    duck: frozenset[int] = frozenset()

    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % 4

    def ours(self, seat: int) -> bool:
        return seat % 2 == self.side

    def theirs_cards(self) -> set[Card]:
        return self.hands[(self.side + 1) % 4] | self.hands[(self.side + 3) % 4]

    def side_cards(self) -> set[Card]:
        return self.hands[self.side] | self.hands[self.side + 2]

    def sure(self, c: Card) -> bool:
        """No opponent holds a higher card of its suit."""
        return not any(s == c[0] and r > c[1] for s, r in self.theirs_cards())

    def side_has_winner(self, suit: int) -> bool:
        mine = [c for c in self.side_cards() if c[0] == suit]
        return bool(mine) and self.sure(max(mine))


def _suit(cards: set[Card], suit: int) -> list[Card]:
    return sorted(c for c in cards if c[0] == suit)


def _leads_in(st: State, suit: int, hand: set[Card], partner: set[Card]) -> set[Card]:
    """The normal leads of one suit: the rows lead, top, finesse and duck."""
    mine, theirs = _suit(hand, suit), _suit(partner, suit)
    if not mine:
        return set()
    if suit in st.duck:
        return {mine[0]}
    if suit in st.bind.top:
        if not st.side_has_winner(suit):
            return set()
        return {mine[-1]} if not theirs or mine[-1] > theirs[-1] else {mine[0]}
    out = {mine[-1]} if st.sure(mine[-1]) else set()
    if theirs and (st.sure(theirs[-1]) or suit in st.bind.finesse):
        out.add(mine[0])
    return out


def _leads(st: State, seat: int) -> set[Card]:
    hand, partner = st.hands[seat], st.hands[(seat + 2) % 4]
    t = st.trump
    if st.bind.trumps_first and t is not None and _suit(st.theirs_cards(), t) and _suit(hand, t):
        mine, theirs = _suit(hand, t), _suit(partner, t)
        if t in st.bind.top:  # from the top: the hand with the side's top trump leads it
            return {mine[-1]} if not theirs or mine[-1] > theirs[-1] else {mine[0]}
        return {mine[0], mine[-1]}
    if st.block is not None and st.side_has_winner(st.block):
        going = _leads_in(st, st.block, hand, partner)
        if going:
            return going
    for suit in st.bind.order:
        playable = any(c[0] == suit for c in st.side_cards()) if suit in st.duck else st.side_has_winner(suit)
        if playable:
            got = _leads_in(st, suit, hand, partner)
            if got:
                return got
            break
    out: set[Card] = set()
    if st.bind.cross_ruff and t is not None and _suit(partner, t):
        for suit in range(4):
            mine = _suit(hand, suit)
            if suit != t and mine and not _suit(partner, suit):
                out.add(mine[0])
    for suit in range(4):
        out |= _leads_in(st, suit, hand, partner)
    return out or set(hand)


def _follows(st: State, seat: int, follow: list[Card], best: Card, partner_wins: bool) -> set[Card]:
    led = st.trick[0][0]
    low, high = follow[0], follow[-1]
    beaters = [c for c in follow if best[0] == led and c[1] > best[1]]
    if led in st.duck:
        return {low}
    if led in st.bind.top:
        partner = (seat + 2) % 4
        theirs = _suit(st.hands[partner], led)
        played = [c for i, c in enumerate(st.trick) if (st.leader + i) % 4 == partner and c[0] == led]
        tops = theirs + played
        return {high} if not tops or high > max(tops) else {low}
    if led in st.bind.finesse:
        return {beaters[0]} if beaters and not partner_wins else {low}
    if partner_wins:
        return {low, high}
    if not beaters:
        return {low}
    out = {beaters[0], high}
    if len(st.trick) == 1:
        out.add(low)
    return out


def _void(st: State, seat: int, best: Card, partner_wins: bool) -> set[Card]:
    hand = st.hands[seat]
    t = st.trump
    losers = {c for c in hand if not st.sure(c)}
    discards = {c for c in losers if c[0] != t}
    trumps = _suit(hand, t) if t is not None else []
    if trumps and not partner_wins:
        ruffs = [c for c in trumps if best[0] != t or c[1] > best[1]]
        if ruffs:
            if len(st.trick) != 1 or not discards or st.bind.cross_ruff:
                return {ruffs[0]}
            return {ruffs[0]} | discards
    return discards or losers or set(hand)


def normal(st: State) -> set[Card]:
    """The normal cards of the claimer's side's hand to play."""
    seat = st.to_play()
    if not st.trick:
        return _leads(st, seat)
    w = winner(st.leader, st.trick, st.trump)
    best = st.trick[(w - st.leader) % 4]
    follow = _suit(st.hands[seat], st.trick[0][0])
    if follow:
        return _follows(st, seat, follow, best, st.ours(w))
    return _void(st, seat, best, st.ours(w))


def legal(st: State) -> set[Card]:
    hand = st.hands[st.to_play()]
    if st.trick:
        follow = {c for c in hand if c[0] == st.trick[0][0]}
        if follow:
            return follow
    return set(hand)


def _shape(hands: list[set[Card]]) -> tuple[tuple[int, ...], ...]:
    """Who holds each live card of each suit, in rank order: every rule compares ranks
    within a suit only, so positions of one shape have one value."""
    owner = {c: seat for seat, h in enumerate(hands) for c in h}
    return tuple(tuple(owner[c] for c in sorted(c for c in owner if c[0] == suit)) for suit in range(4))


def worst(st: State, memo: dict[tuple[object, ...], int]) -> int:
    """The fewest tricks the claimer's side ends with: its normal cards, any defence."""
    if not st.trick and not any(st.hands):
        return 0
    key: tuple[object, ...] | None = None
    if not st.trick:
        block = st.block if st.block is not None and st.side_has_winner(st.block) else None
        key = (_shape(st.hands), st.leader, block, st.duck)
        if key in memo:
            return memo[key]
    seat = st.to_play()
    choices = normal(st) if st.ours(seat) else legal(st)
    best = 99
    for c in sorted(choices):
        saved = (st.leader, list(st.trick), st.block, st.duck)
        if not st.trick and st.ours(seat):
            st.block = c[0] if st.side_has_winner(c[0]) else None
        st.hands[seat].discard(c)
        st.trick.append(c)
        won = 0
        if len(st.trick) == 4:
            w = winner(st.leader, st.trick, st.trump)
            won = int(st.ours(w))
            st.duck = st.duck - {st.trick[0][0]}
            st.block = st.block if st.ours(w) else None
            st.leader, st.trick = w, []
        best = min(best, won + worst(st, memo))
        st.hands[seat].add(c)
        st.leader, st.trick, st.block, st.duck = saved
        if best == 0:
            break
    if key is not None:
        memo[key] = best
    return best


def double_dummy(hands: list[set[Card]], trump: int | None, leader: int, trick: list[Card], side: int) -> int:
    """Best play by all four, from endplay's solver directly."""
    from endplay.dds import solve_board
    from endplay.types import Card as EpCard
    from endplay.types import Deal, Denom, Player

    full = [set(h) for h in hands]
    for i, c in enumerate(trick):
        full[(leader + i) % 4].add(c)
    ranks = "23456789TJQKA"
    pbn = " ".join(".".join("".join(ranks[r] for _, r in sorted((c for c in h if c[0] == s), reverse=True))
                            for s in (3, 2, 1, 0)) for h in full)
    deal = Deal("N:" + pbn)
    deal.first = Player(leader)
    deal.trump = Denom.nt if trump is None else {3: Denom.spades, 2: Denom.hearts, 1: Denom.diamonds,
                                                  0: Denom.clubs}[trump]
    for c in trick:
        deal.play(EpCard("SHDC"[3 - c[0]] + ranks[c[1]]))
    best = max(t for _, t in solve_board(deal))
    remaining = (sum(len(h) for h in hands) + len(trick)) // 4
    to_play = (leader + len(trick)) % 4
    return best if to_play % 2 == side else remaining - best


@dataclass
class Figures:
    worst: int
    proposal: int
    double_dummy: int
    if_drawn: int | None
    verdict: str


def figures(hands: list[set[Card]], trump: int | None, leader: int, trick: list[Card], claimer: int,
            claimed: int, bind: Bind, trumps_mentioned: bool) -> Figures:
    """The reference's answers for a claim of ``claimed`` by ``claimer`` (docs/claims.md)."""
    side = claimer % 2

    def run(b: Bind) -> int:
        st = State([set(h) for h in hands], trump, leader, side, b, list(trick), None, b.duck)
        return worst(st, {})
    w = run(bind)
    dd = double_dummy(hands, trump, leader, trick, side)
    theirs = hands[(side + 1) % 4] | hands[(side + 3) % 4]
    if_drawn = None
    if trump is not None and any(c[0] == trump for c in theirs) and not trumps_mentioned and w < claimed:
        drawn = run(Bind(bind.order, bind.top, bind.finesse, bind.duck, True, bind.cross_ruff))
        if_drawn = drawn if drawn != w else None
    verdict = "valid" if w >= claimed else "double_dummy_only" if dd >= claimed else "invalid"
    return Figures(w, min(claimed, w), dd, if_drawn, verdict)
