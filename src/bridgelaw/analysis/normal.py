"""What counts as a *normal* play by the claimer's side (Law 70), as a pure model.

The rules are the table in ``docs/claims.md`` ("Normal play"), one row each, with the
Law behind it. In short: careless or inferior plays are normal, irrational ones are not
(the footnote to Laws 70 and 71), every doubtful point goes against the claimer (70A),
and the claimer plays the line he stated (68C, 70D1). Where the statement is silent the
worst of the normal choices counts; where it speaks, no card contradicts it:

* leads: trumps first when he said so (70C); else on with the suit he is cashing while
  his side has a winner there; else the next suit of his stated order (70D1); else any
  suit he can cash, in any order; else any card. A ducked suit is led low until the
  ducked trick is played; a finessing suit may also be led low toward the finesse; in a
  cross-ruff a card for partner to ruff is a normal lead too;
* a suit he stated "from the top" is played top card first across both hands: the hand
  holding the side's highest card of the suit leads or plays it, the other hand low;
* following in a suit he stated a finesse in: the cheapest card that beats the trick
  (the finesse), low when partner is winning or nothing beats;
* following in a ducked suit, until the ducked trick is played: low;
* following in a suit he said nothing about (or, under a regulation of 70E2, from the
  top): to partner's winning card low or high (letting it ride while the fourth hand may
  still beat it is careless, so normal); second hand low, the cheapest card that beats
  the trick, or the highest; third and fourth hand the cheapest card that beats the
  trick or the highest (an unstated finesse and an unstated drop are both normal, 70E1),
  low only when nothing beats it: failing to beat an opponent's card with a card that
  beats it is irrational;
* void: ruff with the cheapest trump that wins when partner is not winning (second hand
  may discard a loser instead, except in a stated cross-ruff); otherwise discard a card
  an opponent can beat (a non-trump first), never a sure winner while a loser is held;
* the opponents' trumps are drawn first only when the statement says so (70C), with the
  top trump or a low one, or, when the trumps are stated (or deemed, 70E2) from the top,
  by the hand holding the side's top trump leading it.

The defence is not modelled: it may play any legal card. This module only says which
cards of the claimer's side are normal in a position and how the ``block`` and a stated
duck move on; the search (``analysis.worst``, compiled, a port of this module) and the
tests' brute force both use it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgelaw.core.cards import SUIT_MASK, Card, Seat, Side, Suit, cards_of
from bridgelaw.core.play import trick_winner


def suit_set(suits: tuple[Suit, ...] | frozenset[Suit] | set[Suit]) -> int:
    """A set of suits as a 4-bit mask (bit ``int(suit)``), as the search takes them."""
    out = 0
    for s in suits:
        out |= 1 << int(s)
    return out


@dataclass(slots=True)
class Ending:
    """A position in the play seen from the claimer's side, mutable for the search:
    the four remaining hands, the trick in progress, who led to it, the suit the
    claimer's side is cashing (``block``) and what his statement binds him to: the
    order of suits, the suits played from the top, with a finesse, or with a trick
    ducked first (``duck``: a mask of at most one suit, cleared once a trick of that
    suit is played), trumps first, a cross-ruff."""

    hands: list[int]
    trump: Suit | None
    leader: Seat
    side: Side
    trick: list[tuple[Seat, Card]] = field(default_factory=list)
    block: Suit | None = None
    trumps_first: bool = False
    order: tuple[Suit, ...] = ()
    top: int = 0
    finesse: int = 0
    duck: int = 0
    cross_ruff: bool = False
    ours: tuple[Seat, Seat] = field(init=False)
    theirs: tuple[Seat, Seat] = field(init=False)

    def __post_init__(self) -> None:
        self.ours = self.side.seats
        self.theirs = self.side.opponents.seats

    @property
    def to_play(self) -> Seat:
        return self.leader.offset(len(self.trick))

    def copy(self) -> Ending:
        return Ending(list(self.hands), self.trump, self.leader, self.side, list(self.trick), self.block,
                      self.trumps_first, self.order, self.top, self.finesse, self.duck, self.cross_ruff)

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

    def side_can_play(self, suit: Suit) -> bool:
        """A stated suit the side goes on to: one it can cash, or its ducked suit."""
        if self.duck >> int(suit) & 1:
            a, b = self.ours
            return bool((self.hands[a] | self.hands[b]) & SUIT_MASK[suit])
        return self.side_has_winner(suit)

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


def _holds_side_top(e: Ending, follow: int) -> bool:
    """Whether the hand to play holds its side's highest card of the suit led (partner's
    card already played to the trick counted in)."""
    led = e.trick[0][1].suit
    partner = e.to_play.partner
    theirs = e.hands[partner] & SUIT_MASK[led]
    for s, c in e.trick:
        if s is partner and c.suit is led:
            theirs |= c.bit
    return follow > theirs  # one suit's cards: the mask with the higher top card is larger


def _normal_follows(e: Ending, follow: int, best: Card, partner_winning: bool) -> int:
    """Following suit (the table's rows "from the top", "finesse", "duck" and the silent suit)."""
    cards = cards_of(follow)
    low, high = cards[0], cards[-1]
    led = e.trick[0][1].suit
    beaters = [c for c in cards if best.suit is led and c.rank > best.rank]
    bit = 1 << int(led)
    if e.duck & bit:
        return low.bit
    if e.top & bit:
        return high.bit if _holds_side_top(e, follow) else low.bit
    if e.finesse & bit:
        return beaters[0].bit if beaters and not partner_winning else low.bit
    if partner_winning:
        return low.bit | high.bit
    if not beaters:
        return low.bit
    out = beaters[0].bit | high.bit
    if len(e.trick) == 1:
        out |= low.bit  # second hand low is normal
    return out


def _normal_discards_and_ruffs(e: Ending, hand: int, best: Card, partner_winning: bool) -> int:
    """Void in the suit led: ruff cheaply when partner is not winning (second hand may
    discard instead, not in a stated cross-ruff), else discard a card that is not a sure
    winner."""
    trumps = hand & SUIT_MASK[e.trump] if e.trump is not None else 0
    losers = _losers(e, hand)
    discards = losers & ~SUIT_MASK[e.trump] if e.trump is not None else losers
    if trumps and not partner_winning:
        ruffs = [c for c in cards_of(trumps) if best.suit is not e.trump or c.rank > best.rank]
        if ruffs:
            if len(e.trick) != 1 or not discards or e.cross_ruff:
                return ruffs[0].bit
            return ruffs[0].bit | discards
    return discards or losers or hand


def _losers(e: Ending, hand: int) -> int:
    """The cards of ``hand`` an opponent can beat in their suit."""
    opp = e.opp_mask()
    losers = 0
    for c in cards_of(hand):
        if opp & SUIT_MASK[c.suit] & ~((c.bit << 1) - 1):
            losers |= c.bit
    return losers


def _cash(e: Ending, suit: Suit, hand: int, partner: int) -> int:
    """The normal leads of ``suit``: the top card when it is a winner, a low card when
    partner's top card of the suit is one; a ducked suit low; a finessing suit also low
    toward partner's cards."""
    mine = cards_of(hand & SUIT_MASK[suit])
    if not mine:
        return 0
    bit = 1 << int(suit)
    theirs = cards_of(partner & SUIT_MASK[suit])
    if e.duck & bit:
        return mine[0].bit
    if e.top & bit:  # the side's top card, or low to it in partner's hand
        if not e.side_has_winner(suit):
            return 0
        return mine[-1].bit if not theirs or mine[-1].rank > theirs[-1].rank else mine[0].bit
    out = mine[-1].bit if e.is_winner(mine[-1]) else 0
    if theirs and (e.is_winner(theirs[-1]) or e.finesse & bit):
        out |= mine[0].bit
    return out


def _ruff_leads(e: Ending, hand: int, partner: int) -> int:
    """In a stated cross-ruff: the lowest card of each side suit partner is void in and
    can ruff."""
    if e.trump is None or not partner & SUIT_MASK[e.trump]:
        return 0
    out = 0
    for suit in Suit:
        mine = hand & SUIT_MASK[suit]
        if suit is not e.trump and mine and not partner & SUIT_MASK[suit]:
            out |= cards_of(mine)[0].bit
    return out


def _drawing_leads(e: Ending, trump: Suit, hand: int, partner: int) -> int:
    """Drawing trumps: the top trump or a low one; from the top (stated or deemed, 70E2),
    the hand holding the side's top trump leads it, the other a low one."""
    mine, theirs = hand & SUIT_MASK[trump], partner & SUIT_MASK[trump]
    trumps = cards_of(mine)
    if e.top >> int(trump) & 1:
        return trumps[-1].bit if mine > theirs else trumps[0].bit
    return trumps[-1].bit | trumps[0].bit


def _normal_leads(e: Ending, hand: int, partner: int) -> int:
    if e.trumps_first and e.trump is not None and e.opp_trumps() and hand & SUIT_MASK[e.trump]:
        return _drawing_leads(e, e.trump, hand, partner)
    block = e.effective_block()
    if block is not None:
        going_on = _cash(e, block, hand, partner)
        if going_on:
            return going_on
    stated = [s for s in e.order if e.side_can_play(s)]
    if stated:
        opts = _cash(e, stated[0], hand, partner)
        if opts:
            return opts
    opts = _ruff_leads(e, hand, partner) if e.cross_ruff else 0
    for suit in Suit:
        opts |= _cash(e, suit, hand, partner)
    return opts or hand


def block_after_lead(e: Ending, card: Card) -> Suit | None:
    """The claimer's side's lead of a suit it can cash starts (or goes on with) its block.
    Call before the card leaves the hand."""
    return card.suit if e.side_has_winner(card.suit) else None


def block_after_trick(e: Ending, winner: Seat) -> Suit | None:
    """The defence winning a trick ends the block: the claimer chooses afresh later."""
    return e.block if winner.side is e.side else None


def duck_after_trick(e: Ending, led: Card) -> int:
    """A trick of the ducked suit played: the duck is done, the suit is played from the top."""
    bit = 1 << int(led.suit)
    return e.duck & ~bit if e.duck & bit else e.duck


__all__ = ["Ending", "block_after_lead", "block_after_trick", "duck_after_trick", "normal_plays", "suit_set"]
