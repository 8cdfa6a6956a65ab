"""Laws 48-52: exposed cards and penalty cards, and the enforcement, during the play, of
every restriction the Laws put on a card (penalty cards, lead restrictions of Laws 26,
50D2, 51B, and the 57A requirement on the offender's partner).

* Declarer's (and dummy's) exposed cards are never penalty cards (48A).
* A defender's exposed card becomes a penalty card (49): minor when a single card below
  honour rank was exposed inadvertently, major otherwise, and all major when he has two
  or more (50B).
* A minor penalty card bars the other low cards of its suit (50C); a major one must be
  played at the first legal opportunity (50D1), and when its owner's partner gets the
  lead declarer may require or forbid its suit, or leave the lead free (50D2, 51B).
* A defender who fails to play a penalty card when he must: declarer accepts the card
  played, or requires the penalty card, and the card wrongly played becomes a major
  penalty card (52).
* A card that breaks a lead or play requirement is a revoke (61A); the director is at the
  table, so it is corrected at once (62B): a defender's card becomes a major penalty card.

The engine sees every card before it is played (``check_card``), so these irregularities
are caught at once; a plain failure to follow suit is left for the players to notice
(Laws 61-63, ``revoke.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, NoReturn

from bridgelaw.actions import Expose, PlayAction
from bridgelaw.core.cards import SUIT_MASK, Card, Seat, Suit, cards_of
from bridgelaw.errors import ParseError
from bridgelaw.i18n import Msg, add, as_seat, both, msg, put, text
from bridgelaw.laws.base import Handler, TableOps, lead_restriction, option
from bridgelaw.laws.facts import PrematureRequirement
from bridgelaw.laws.play import legal_mask
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import (
    Json,
    JsonMap,
    PenaltyCard,
    Restriction,
    Ruling,
    RulingStatus,
)

SUIT_EN = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def suit_en(suit: Suit) -> str:
    return SUIT_EN[suit.name]


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
        for r in lead_restrictions(ops, seat):
            assert r.suit is not None
            if r.kind == "lead_required" and mask & SUIT_MASK[r.suit]:
                mask &= SUIT_MASK[r.suit]
            elif r.kind == "lead_forbidden" and mask & ~SUIT_MASK[r.suit]:
                mask &= ~SUIT_MASK[r.suit]
        return mask
    req = premature_play_requirement(ops, seat)
    if req is None:
        return mask
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


def _pc_key(ops: TableOps, holder: Seat) -> list[str]:
    return sorted(str(pc.card) for pc in penalty_cards_of(ops, holder) if pc.kind == "major")


def lead_choice_made(ops: TableOps, leader: Seat) -> bool:
    """Declarer has made his 50D2 choice for this lead and these penalty cards (a new
    penalty card, e.g. a refused lead out of turn, brings a new choice: 56, 50D)."""
    n = next_trick_number(ops)
    key = _pc_key(ops, leader.partner)
    return any(
        r.kind == "penalty_card_lead" and r.data.get("leader") == leader.name and r.data.get("trick") == n
        and set(key) <= set(r.data.get("pcs", key))
        for r in ops.rulings
    )


# ---------------------------------------------------------------------- penalty cards
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


def play_period_exposure(ops: TableOps, ruling: Ruling, action: Expose) -> None:
    """A card exposed after the auction (Laws 45C1, 48, 49). Public so the auction
    period's Law 24 handler can hand the play period over to it."""
    seat = action.seat
    cards = list(action.cards)
    c = ops.contract
    assert c is not None
    if not is_defender(ops, seat):
        ruling.cite("48A")
        put(ruling, *both("exposure.declarer_side_exposed", seat=seat, cards=cards,
                          role=msg("exposure.role.declarer" if seat is c.declarer else "exposure.role.dummy")))
        if seat is c.declarer and len(cards) >= ops.cards_left(seat) and len(cards) > 1:
            ruling.cite("48B")
            ruling.flag("68")
            add(ruling, *both("exposure.play_period_exposure.3"))
        ops.close(ruling)
        return
    my_turn = ops.phase == "play" and ops.play_turn is seat
    if my_turn and len(cards) == 1 and action.how == "shown" and allowed_mask(ops, seat) & cards[0].bit:
        ruling.cite("45C1")
        put(ruling, *both("exposure.play_period_exposure.4", seat=as_seat(seat), text=cards))
        ops.play_card(ruling, seat, cards[0])
        ops.close(ruling)
        return
    # Two or more cards dropped, even at his turn, are exposed, not played (the scenario's
    # ``expose`` is never a play): each is a penalty card, and all are major (49, 50B). The
    # simultaneous play of 58B has no action of its own.
    deliberate = action.how in ("shown", "named")
    ruling.cite("49")
    make_penalty_cards(ops, ruling, seat, cards, deliberate=deliberate, law="49")
    pcs = penalty_cards_of(ops, seat)
    put(ruling, *both("exposure.defender_exposed", seat=seat, cards=cards, kinds=_kinds(pcs)))
    ruling.flag("50E")
    ops.close(ruling)


def _kinds(pcs: Sequence[PenaltyCard]) -> list[Msg]:
    """Each penalty card with its kind: 'SA major' / '♠Т — большая'."""
    return [msg("exposure.kind.major" if pc.kind == "major" else "exposure.kind.minor", card=pc.card) for pc in pcs]


@implements("45C1", "48A", "49", "50A", "50B", editions=("2017", "1997"))
@implements("48B", "50E", handling=Handling.RECORD_ONLY, editions=("2017", "1997"))
@implements("24D", "24E", editions=("2017",))
class CardExposed(Handler):
    """An ``expose`` action. During the play: Laws 45C1, 48, 49. Before the opening lead
    is faced (the auction period) Law 24 rules: after the auction, as 24D/24E."""

    kind: ClassVar[str] = "card_exposed"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        if overtaken(ops, ruling):
            return
        a = ruling.the_action()
        assert isinstance(a, Expose)
        if ops.phase == "play":
            play_period_exposure(ops, ruling, a)
            return
        c = ops.contract
        if c is None:
            ruling.cite("24")
            put(ruling, *both("exposure.open", seat=as_seat(a.seat), text=list(a.cards)))
            ops.close(ruling)
            return
        if not is_defender(ops, a.seat):
            ruling.cite("24D")
            put(ruling, *both("exposure.open.2", seat=as_seat(a.seat), text=list(a.cards)))
            ops.close(ruling)
            return
        self.defender_before_lead(ops, ruling, a)

    def defender_before_lead(self, ops: TableOps, ruling: Ruling, a: Expose) -> None:
        """24E (2017): every such card of a defender becomes a penalty card."""
        ruling.cite("24E")
        ruling.flag("16C")
        prematurely_led = a.how == "named"
        make_penalty_cards(ops, ruling, a.seat, a.cards, deliberate=prematurely_led, law="24E")
        pcs = penalty_cards_of(ops, a.seat)
        put(ruling, *both("exposure.clarification_period", seat=a.seat, cards=list(a.cards), kinds=_kinds(pcs)))
        ops.close(ruling)


@implements("24E", handling=Handling.MECHANICAL, editions=("1997",))
class CardExposed1997(CardExposed):
    """1997 Law 24: declarer MAY treat a defender's exposed cards as penalty cards."""

    def defender_before_lead(self, ops: TableOps, ruling: Ruling, a: Expose) -> None:
        ruling.cite("24")
        ruling.data["exposed"] = [str(c) for c in a.cards]
        ruling.data["owner"] = a.seat.name
        c = ops.contract
        assert c is not None
        put(ruling, *both("exposure.before_lead_1997", seat=a.seat, cards=list(a.cards), n=len(a.cards)))
        ops.offer(ruling, [
            option("penalty_cards", c.declarer, *both("exposure.defender_before_lead.3")),
            option("no_penalty", c.declarer, *both("exposure.defender_before_lead.4")),
        ])

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        seat = Seat.parse(ruling.data["owner"])
        cards = [Card.parse(x) for x in ruling.data["exposed"]]
        if option_id == "penalty_cards":
            make_penalty_cards(ops, ruling, seat, cards, deliberate=False, law="24")
            add(ruling, *both("exposure.on_choice"))
        else:
            add(ruling, *both("exposure.on_choice.2"))
        ops.close(ruling)


# ---------------------------------------------------------------------- Law 52
@implements("50C", "50D1(a)", "50D1(b)", "51A", "52A", "52B1", "52B2", "59", editions=("2017", "1997"))
class PenaltyCardNotPlayed(Handler):
    """Law 52: a defender played another card when a penalty card was due (50C, 50D1).

    Also the owner of the play-time checks (``check_card``): restrictions first (61A), then
    the 50D2 lead choice, then penalty cards."""

    kind: ClassVar[str] = "penalty_card_not_played"

    def check_card(self, ops: TableOps, i: int, action: PlayAction) -> str | None:
        from bridgelaw.laws.holdings import unknown_holding

        verdict, unknown = unknown_holding(ops, action, lambda: self.verdict(ops, action))
        return "holding_unknown" if unknown else verdict

    def verdict(self, ops: TableOps, action: PlayAction) -> str | None:
        """The check itself, over the hand masks (``check_card`` runs it for a partly
        known hand once for each way an unknown holding could be)."""
        c = ops.contract
        if c is None or ops.phase not in ("lead", "play"):
            return None
        seat = action.seat
        due = c.opening_leader if ops.phase == "lead" else ops.play_turn
        if seat is not due:
            return None
        if not is_defender(ops, seat):
            return None
        if is_leading(ops) and any(pc.kind == "major" for pc in penalty_cards_of(ops, seat.partner)) \
                and not lead_choice_made(ops, seat):
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
        if overtaken(ops, ruling):
            return
        a = card_from(ruling)
        c = ops.contract
        assert c is not None
        due = penalty_card_due(ops, a.seat, a.card)
        ruling.data["due"] = [str(pc.card) for pc in due]
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
        due = [x for x in ruling.data.get("due", []) if ops.hand(a.seat) & Card.parse(x).bit]
        wanted = params.get("card")
        if wanted is None:
            if len(due) > 1:
                not_allowed(ops, text("exposure.refuse.designate_which", cards=[Card.parse(x) for x in due]))
            return
        try:
            named = str(Card.parse(wanted)) if isinstance(wanted, str) else None
        except ParseError:
            named = None
        if named not in due:
            not_allowed(ops, text("exposure.refuse.not_due", wanted=Card.parse(named) if named else str(wanted), seat=a.seat,
                                  cards=[Card.parse(x) for x in due]))

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        a = card_from(ruling)
        if option_id == "accept":
            ruling.cite("52B1")
            ops.play_card(ruling, a.seat, a.card)
            add(ruling, *both("exposure.on_choice.4", card=a.card))
            ops.close(ruling)
            return
        due = [Card.parse(x) for x in ruling.data["due"] if ops.hand(a.seat) & Card.parse(x).bit]
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
            if not leading or r.kind not in ("lead_required", "lead_forbidden"):
                continue
            owner = ops.rulings[r.ruling] if r.ruling is not None and r.ruling < len(ops.rulings) else None
            used: list[str] = owner.data.setdefault("_led_under", []) if owner is not None else [r.seat.name]
            if r.seat is seat:
                if r.until == "while_on_lead":
                    if seat.name not in used:
                        used.append(seat.name)
                else:
                    ops.drop_restriction(r)
            elif r.until == "while_on_lead" and r.seat.name in used:
                ops.drop_restriction(r)  # he has lost the lead

    def on_trick_complete(self, ops: TableOps, trick_number: int) -> None:
        """A ban that lasts while its player keeps the lead (26B, 50D2(a), 51B) ends when
        he loses it: another hand won the trick he led under it."""
        winner = ops.tricks[-1].winner
        for r in list(ops.restrictions):
            if r.until != "while_on_lead" or r.seat is winner:
                continue
            owner = ops.rulings[r.ruling] if r.ruling is not None and r.ruling < len(ops.rulings) else None
            if owner is not None and r.seat.name in owner.data.get("_led_under", []):
                ops.drop_restriction(r)

    def on_auction_end(self, ops: TableOps) -> None:
        """The opening leader's partner may already hold penalty cards (24E): 50D2 at once."""
        c = ops.contract
        if c is not None and not awaiting_any(ops):
            offer_lead_choice(ops, c.opening_leader)


# ---------------------------------------------------------------------- Law 51A
def designable(ops: TableOps, seat: Seat) -> list[Card]:
    """The penalty cards ``seat`` could lawfully play now (51A: two or more, declarer says which)."""
    mask = playable_mask(ops, seat)
    return [pc.card for pc in penalty_cards_of(ops, seat) if mask & pc.card.bit]


@implements("51A", "10C1", editions=("2017", "1997"))
class PenaltyCardDesignation(Handler):
    """51A: a defender with two or more penalty cards he could lawfully play does not
    choose between them: declarer designates the one he plays."""

    kind: ClassVar[str] = "penalty_card_designation"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        if overtaken(ops, ruling):
            return
        a = card_from(ruling)
        c = ops.contract
        assert c is not None
        cands = designable(ops, a.seat)
        if ops.play_turn is not a.seat or len(cands) < 2:
            ruling.cite("60A1")  # the director came late: the play has moved on
            put(ruling, *both("exposure.designation_too_late", seat=a.seat))
            ops.close(ruling)
            return
        ruling.data["candidates"] = [str(x) for x in cands]
        ruling.cite("51A")
        put(ruling, *both("exposure.designation", seat=a.seat, cards=list(cands), card=a.card))
        ops.offer(ruling, [option("designate", c.declarer, *both("exposure.option.designate"), param="card")])

    def check_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        cands = ruling.data.get("candidates", [])
        wanted = params.get("card")
        try:
            named = str(Card.parse(wanted)) if isinstance(wanted, str) else None
        except ParseError:
            named = None
        if named not in cands:
            not_allowed(ops, text("exposure.refuse.designate_one", cards=[Card.parse(x) for x in cands]))

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        a = card_from(ruling)
        card = Card.parse(str(params["card"]))
        ops.play_card(ruling, a.seat, card)
        add(ruling, *both("exposure.designated", card=card))
        ops.close(ruling)


# ---------------------------------------------------------------------- Law 50D2 / 51B
@implements("50D2", "50D2(a)", "50D2(b)", "51B", "51B1(a)", "51B1(b)", "51B2(a)", "51B2(b)", "51B2(c)", "10C1",
            editions=("2017", "1997"))
class PenaltyCardLead(Handler):
    """50D2: a defender whose partner has a major penalty card has the lead: declarer
    requires or forbids the penalty card's suit (the card is picked up) or leaves the
    lead free (it stays a penalty card)."""

    kind: ClassVar[str] = "penalty_card_lead"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        c = ops.contract
        assert c is not None
        if "leader" in ruling.data:
            leader = Seat.parse(ruling.data["leader"])
        else:
            a = card_from(ruling)
            leader = a.seat
            ruling.data["leader"] = leader.name
            ruling.data["premature_lead"] = str(a.card)
        ruling.data["trick"] = next_trick_number(ops)
        owner = leader.partner
        ruling.data["pcs"] = _pc_key(ops, owner)
        ruling.offender = owner
        suits = sorted({pc.card.suit for pc in penalty_cards_of(ops, owner) if pc.kind == "major"})
        if not suits:
            ops.close(ruling)
            return
        ruling.data["suits"] = [s.name for s in suits]
        ruling.cite("50D2")
        if len(penalty_cards_of(ops, owner)) > 1:
            ruling.cite("51B")
        owned = [pc.card for pc in penalty_cards_of(ops, owner)]
        put(ruling, *both("exposure.open.6" if len(suits) == 1 else "exposure.open.6_suits", leader=as_seat(leader), holder=as_seat(owner),
                          pcs=msg("exposure.major_pcs", cards=owned, n=len(owned))))
        if "premature_lead" in ruling.data:
            add(ruling, *both("exposure.lead_stopped", seat=leader, card=Card.parse(ruling.data["premature_lead"])))
        ops.offer(ruling, [
            option("require_suit", c.declarer, *both("exposure.open.8"), param="suit"),
            option("forbid_suit", c.declarer, *both("exposure.open.9"), param="suit"),
            option("no_restriction", c.declarer, *both("exposure.open.10")),
        ])

    def check_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        """Declarer may require or forbid only a suit of the penalty cards (50D2(a)); with
        penalty cards in several suits he requires one of them (51B2(a)) or forbids one or
        more (51B2(b)), and must say which."""
        if option_id == "no_restriction":
            return
        suits = {s.name for s in penalty_suits(ruling)}
        named = suit_params(params)
        several = len(suits) > 1
        law = "51B2" if several else "50D2(a)"
        wrong = [s.name for s in named if s.name not in suits]
        if wrong:
            only = [Suit.parse(x) for x in sorted(suits)]
            bad = [Suit.parse(x) for x in wrong]
            not_allowed(ops, text("exposure.refuse.require_other" if option_id == "require_suit" else
                                  "exposure.refuse.forbid_other", suits=only, wrong=bad, law=law))
        if option_id == "require_suit" and len(named) > 1:
            not_allowed(ops, text("exposure.refuse.require_one"))
        if not named and several:
            not_allowed(ops, text("exposure.refuse.name_suit", suits=[Suit.parse(x) for x in sorted(suits)], law=law))

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        leader = Seat.parse(ruling.data["leader"])
        owner = leader.partner
        suits = penalty_suits(ruling)
        chosen = [s for s in suit_params(params) if s in suits] or (suits[:1] if len(suits) == 1 else [])
        if option_id == "no_restriction" or not chosen:
            ruling.cite("51B2(c)" if len(suits) > 1 else "50D2(b)")
            law = "51B2(c)" if len(suits) > 1 else "50D2(b)"
            add(ruling, *both("exposure.on_choice.6", leader=leader, law=law))
            ops.close(ruling)
            return
        several = len(suits) > 1
        one_suit_many = not several and len(penalty_cards_of(ops, owner)) > 1
        if several:
            law = "51B2(a)" if option_id == "require_suit" else "51B2(b)"
            ruling.cite(law)
            if option_id == "require_suit":
                ruling.cite("51B1(a)")
        else:
            law = "50D2(a)"
            ruling.cite(law)
            if one_suit_many:
                ruling.cite("51B1(a)" if option_id == "require_suit" else "51B1(b)")
        for suit in chosen:
            if option_id == "require_suit":
                ops.restrict(ruling, lead_restriction(leader, "lead_required", suit, "first_lead", law, ruling))
            else:
                ops.restrict(ruling, lead_restriction(leader, "lead_forbidden", suit, "while_on_lead", law, ruling))
            for pc in penalty_cards_of(ops, owner):
                if pc.card.suit is suit:
                    ops.pick_up_penalty_card(ruling, pc.card)
        sync_play_penalty_card(ops, ruling, owner)
        names = chosen[0] if len(chosen) == 1 else msg("exposure.suits_and", head=chosen[:-1], last=chosen[-1])
        several = len(chosen) > 1
        key = (("exposure.required.several" if several else "exposure.required") if option_id == "require_suit"
               else ("exposure.forbade.several" if several else "exposure.forbade"))
        add(ruling, *both(key, suits=names, seat=owner, law=law))
        ops.close(ruling)

    def on_trick_complete(self, ops: TableOps, trick_number: int) -> None:
        """The lead passes to a defender whose partner has a major penalty card: ask now."""
        if ops.phase != "play" or trick_number >= 13 or awaiting_any(ops):
            return
        winner = ops.tricks[-1].winner
        if winner is None or not is_defender(ops, winner):
            return
        if any(pc.kind == "major" for pc in penalty_cards_of(ops, winner.partner)) and not lead_choice_made(ops, winner):
            ops.open_ruling("penalty_card_lead", winner.partner, {"leader": winner.name})


def penalty_suits(ruling: Ruling) -> list[Suit]:
    """The suits of the major penalty cards a 50D2 / 51B ruling is about."""
    return [Suit.parse(x) for x in ruling.data.get("suits", [])]


def offer_lead_choice(ops: TableOps, leader: Seat) -> None:
    """After a ruling leaves ``leader`` on lead (54D, 56): the 50D2 choice if it applies."""
    if is_defender(ops, leader) and any(pc.kind == "major" for pc in penalty_cards_of(ops, leader.partner)) \
            and not lead_choice_made(ops, leader):
        ops.open_ruling("penalty_card_lead", leader.partner, {"leader": leader.name})


# ---------------------------------------------------------------------- 61A / 62B at once
@implements("61A", "62B1", "62B2", "26B", "57B", editions=("2017", "1997"))
class RestrictionViolated(Handler):
    """A card that breaks a lead restriction (26, 50D2, 51B) or declarer's 57A requirement
    is a revoke (61A); the director is at the table before it can be established, so it
    is corrected (62A): the card is withdrawn, a defender's becomes a major penalty card
    (62B1), and the player must play a card that complies (or any card if he cannot, 59)."""

    kind: ClassVar[str] = "restriction_violated"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        if overtaken(ops, ruling):
            return
        a = card_from(ruling)
        laws = sorted({r.law for r in lead_restrictions(ops, a.seat)}) or ["57A"]
        face_down = ops.phase == "lead" and a.face_down and ops.config.regulations.opening_lead != "face_up"
        if face_down:
            ruling.cite("41A", *laws)
            put(ruling, *both("exposure.open.12", seat=as_seat(a.seat), join=', '.join(laws)))
            ops.close(ruling)
            return
        ruling.cite("61A", "62A")
        ruling.cite(*laws)
        if is_defender(ops, a.seat):
            ruling.cite("62B1")
            make_penalty_cards(ops, ruling, a.seat, [a.card], deliberate=True, law="62B1")
            tail = msg("exposure.tail.penalty", card=a.card)
        else:
            ruling.cite("62B2")
            tail = msg("exposure.tail.back", card=a.card)
        put(ruling, *both("exposure.open.11", seat=as_seat(a.seat), card=a.card, join=', '.join(laws), tail=tail))
        ops.close(ruling)


HANDLERS: list[Handler] = [
    CardExposed(), PenaltyCardNotPlayed(), PenaltyCardLead(), RestrictionViolated(), PenaltyCardDesignation(),
]
OVERRIDES_1997: list[Handler] = [CardExposed1997()]
