"""What counts as a *normal* play by the claimer's side (Law 70), as a pure model.

Law 70 resolves doubtful points against the claimer, but only over plays that are
"normal" for the class of player involved (careless or inferior, not irrational:
70E1 and the footnote to Law 70). The engine cannot judge the class of player, so it
models normal play mechanically, and the director judges the rest:

* cash winners in any order before losers (70D1) and, once a suit is started, go on
  with it while the side still has a winner there (``block``); a new suit is chosen in
  the statement's order when it names suits (70D: the line stated is the line played);
* second hand plays low or covers, later hands play low, the cheapest card that wins or
  the highest (an unstated finesse and an unstated drop are both normal, 70E1);
* ruff cheaply; discard any card that is not a sure winner (an unstated squeeze may fail);
* draw the opponents' trumps first only when the statement mentions trumps (70C).

The defence is not modelled: it may play any legal card. This module only says which
cards of the claimer's side are normal in a position and how the ``block`` moves on;
the search (``analysis.worst``) and the brute-force check in the tests both use it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgelaw.core.cards import SUIT_MASK, Card, Seat, Side, Suit, cards_of
from bridgelaw.core.play import trick_winner


@dataclass(slots=True)
class Ending:
    """A position in the play seen from the claimer's side, mutable for the search:
    the four remaining hands, the trick in progress, who led to it, and the suit the
    claimer's side is cashing (``block``)."""

    hands: list[int]
    trump: Suit | None
    leader: Seat
    side: Side
    trick: list[tuple[Seat, Card]] = field(default_factory=list)
    block: Suit | None = None
    trumps_first: bool = False
    order: tuple[Suit, ...] = ()
    ours: tuple[Seat, Seat] = field(init=False)
    theirs: tuple[Seat, Seat] = field(init=False)

    def __post_init__(self) -> None:
        self.ours = self.side.seats
        self.theirs = self.side.opponents.seats

    @property
    def to_play(self) -> Seat:
        return self.leader.offset(len(self.trick))

    def live(self) -> int:
        """The cards not yet quitted: in the hands or in the trick in progress."""
        m = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        for _, c in self.trick:
            m |= c.bit
        return m

    def opp_mask(self) -> int:
        a, b = self.theirs
        return self.hands[a] | self.hands[b]

    def is_winner(self, card: Card) -> bool:
        """A sure winner if led now (ruffs apart): no opponent holds a higher card of the suit."""
        higher = SUIT_MASK[card.suit] & ~((card.bit << 1) - 1)
        return not (self.opp_mask() & higher)

    def side_has_winner(self, suit: Suit) -> bool:
        a, b = self.ours
        ours = (self.hands[a] | self.hands[b]) & SUIT_MASK[suit]
        return bool(ours) and self.is_winner(cards_of(ours)[-1])

    def opp_trumps(self) -> bool:
        return self.trump is not None and bool(self.opp_mask() & SUIT_MASK[self.trump])

    def effective_block(self) -> Suit | None:
        """The block as far as it still binds: a suit with no winner left is no block."""
        return self.block if self.block is not None and self.side_has_winner(self.block) else None


def normal_plays(e: Ending) -> int:
    """The normal cards (a mask) for the claimer's side's hand to play in ``e``."""
    seat = e.to_play
    hand = e.hands[seat]
    if not e.trick:
        return _normal_leads(e, hand, e.hands[seat.partner])
    led = e.trick[0][1].suit
    current = trick_winner(e.trick[0][0], [c for _, c in e.trick], e.trump)
    best = next(c for s, c in e.trick if s is current)
    partner_winning = current.side is e.side
    follow = hand & SUIT_MASK[led]
    if follow:
        return _normal_follows(e, follow, best, partner_winning)
    return _normal_discards_and_ruffs(e, hand, best, partner_winning)


def _normal_follows(e: Ending, follow: int, best: Card, partner_winning: bool) -> int:
    """Following suit: low or high to partner's winning card; else low, the cheapest card
    that wins, or the highest (and second hand low)."""
    cards = cards_of(follow)
    low, high = cards[0], cards[-1]
    if partner_winning:
        return low.bit | high.bit
    led = e.trick[0][1].suit
    beaters = [c for c in cards if best.suit is led and c.rank > best.rank]
    if not beaters:
        return low.bit
    out = beaters[0].bit | high.bit
    if len(e.trick) == 1:
        out |= low.bit  # second hand low is normal
    return out


def _normal_discards_and_ruffs(e: Ending, hand: int, best: Card, partner_winning: bool) -> int:
    """Void in the suit led: ruff cheaply when partner is not winning (second hand may
    discard instead), else discard a card that is not a sure winner."""
    trumps = hand & SUIT_MASK[e.trump] if e.trump is not None else 0
    opp = e.opp_mask()
    losers = 0  # cards an opponent can beat in their suit
    for c in cards_of(hand):
        if opp & SUIT_MASK[c.suit] & ~((c.bit << 1) - 1):
            losers |= c.bit
    discards = losers & ~SUIT_MASK[e.trump] if e.trump is not None else losers
    if trumps and not partner_winning:
        ruffs = [c for c in cards_of(trumps) if best.suit is not e.trump or c.rank > best.rank]
        if ruffs:
            # ruff cheaply; second hand may also discard a loser (partner plays after)
            if len(e.trick) != 1 or not discards:
                return ruffs[0].bit
            return ruffs[0].bit | discards
    return discards or losers or hand


def _cash(e: Ending, suit: Suit, hand: int, partner: int) -> int:
    """The normal leads of ``suit``: the top card when it is a winner, a low card when
    partner's top card of the suit is one."""
    mine = cards_of(hand & SUIT_MASK[suit])
    if not mine:
        return 0
    out = mine[-1].bit if e.is_winner(mine[-1]) else 0
    theirs = cards_of(partner & SUIT_MASK[suit])
    if theirs and e.is_winner(theirs[-1]):
        out |= mine[0].bit
    return out


def _normal_leads(e: Ending, hand: int, partner: int) -> int:
    if e.trumps_first and e.trump is not None and e.opp_trumps() and hand & SUIT_MASK[e.trump]:
        trumps = cards_of(hand & SUIT_MASK[e.trump])
        return trumps[-1].bit | trumps[0].bit
    if e.block is not None:
        going_on = _cash(e, e.block, hand, partner)
        if going_on:
            return going_on
    stated = [s for s in e.order if e.side_has_winner(s)]
    for suits in ([stated[0]] if stated else [], list(Suit)):
        opts = 0
        for suit in suits:
            opts |= _cash(e, suit, hand, partner)
        if opts:
            return opts
    return hand


def block_after_lead(e: Ending, card: Card) -> Suit | None:
    """The claimer's side's lead of a suit it can cash starts (or goes on with) its block.
    Call before the card leaves the hand."""
    return card.suit if e.side_has_winner(card.suit) else None


def block_after_trick(e: Ending, winner: Seat) -> Suit | None:
    """The defence winning a trick ends the block: the claimer chooses afresh later."""
    return e.block if winner.side is e.side else None


__all__ = ["Ending", "block_after_lead", "block_after_trick", "normal_plays"]
