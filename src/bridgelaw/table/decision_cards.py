"""The penalty cards of a ruling's decision, in one sentence a player (``decision``), and
the readers of the cards and seats a consequence's details name."""

from __future__ import annotations

from typing import Any

from bridgelaw.core.cards import Card, Seat
from bridgelaw.i18n import Msg, msg
from bridgelaw.i18n.catalog import catalog
from bridgelaw.rulings import Consequence, Ruling


def seat_value(value: Any) -> Seat | None:
    """A seat from a consequence's details (a Seat or its letter), else None."""
    if isinstance(value, Seat):
        return value
    if isinstance(value, str) and value in ("N", "E", "S", "W"):
        return Seat[value]
    return None


def card_value(value: Any) -> Card | None:
    """A card from a consequence's details (a Card, "SA" or "W:SA"), else None."""
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        return None
    try:
        return Card.parse(value.rpartition(":")[2])
    except ValueError:
        return None


def note_penalty_card(c: Consequence, cards: dict[Card, tuple[Seat, str]], out: list[Msg | Seat],
                  defender: Seat | None = None) -> bool:
    """Note a penalty card (or its change of kind) in ``cards``, and the place of its
    seat's sentence in ``out``: a card of an earlier ruling that changes kind (a second
    minor penalty card makes both major, 50B) is the offender's; False for any other
    consequence."""
    d = dict(c.details)
    card, seat = card_value(d.get("card")), seat_value(d.get("seat"))
    if c.what == "penalty_card" and card is not None and seat is not None:
        cards[card] = (seat, str(d.get("kind", "major")))
        if seat not in out:
            out.append(seat)
        return True
    if c.what == "penalty_card_kind" and card is not None and (card in cards or defender is not None):
        holder = cards[card][0] if card in cards else defender
        assert holder is not None
        cards[card] = (holder, str(d.get("kind", "major")))
        if holder not in out:
            out.append(holder)
        return True
    return False


def penalty_cards_sentence(seat: Seat, cards: dict[Card, tuple[Seat, str]]) -> Msg:
    """One player's penalty cards in one sentence: major, minor or both kinds (50B)."""
    major = [c for c, (s, k) in cards.items() if s is seat and k == "major"]
    minor = [c for c, (s, k) in cards.items() if s is seat and k != "major"]
    if major and minor:
        return msg("decision.now.penalty_cards", seat=seat, major=msg("decision.penalty.major", cards=major, n=len(major)),
                   minor=msg("decision.penalty.minor", cards=minor, n=len(minor)))
    kind = "major" if major else "minor"
    if len(major) > 1 and any(not c.rank.is_honour for c in major):
        # a low card is major here only because he has more than one penalty card (50B)
        return msg("decision.now.penalty_card.major.several", seat=seat, cards=major, n=len(major))
    return msg(f"decision.now.penalty_card.{kind}", seat=seat, cards=major or minor, n=len(major or minor))


def merge_picked_up(sentences: list[Msg]) -> list[Msg]:
    """The penalty cards one player picks up, in one sentence."""
    out: list[Msg] = []
    for m in sentences:
        twin = next((o for o in out if m.id == o.id == "decision.now.penalty_card_picked_up"
                     and o.params["seat"] is m.params["seat"]), None)
        if twin is not None:
            cards = [*twin.params["cards"], *m.params["cards"]]
            out[out.index(twin)] = msg(m.id, seat=m.params["seat"], cards=cards, n=len(cards))
        else:
            out.append(m)
    return out


def taken_back(d: dict[str, Any], cards: list[Card], dummy: Seat | None = None) -> Msg:
    """The cards taken back, each to its player: «♥9 возвращается в руку Севера», «♥6 — Северу,
    ♥3 — Востоку»; dummy's cards go back to dummy, on the table, not to a hand."""
    pairs = [(Seat[o], c) for x in d.get("cards") or [] if (o := str(x).partition(":")[0]) in Seat.__members__
             and (c := card_value(x)) is not None]
    if len(pairs) != len(cards):
        return msg("decision.now.cards_taken_back", cards=cards, n=len(cards))
    if len({o for o, _ in pairs}) == 1:
        mid = "decision.now.cards_taken_back." + ("dummy" if pairs[0][0] is dummy else "seat")
        return msg(mid, cards=cards, n=len(cards), seat=pairs[0][0])
    if dummy not in {o for o, _ in pairs}:
        return msg("decision.now.cards_taken_back.each", pairs=[msg("decision.now.card_to", card=c, seat=o) for o, c in pairs])
    return msg("decision.now.cards_taken_back.each.dummy",
               pairs=[msg("decision.now.card_to." + ("dummy" if o is dummy else "hand"), card=c, seat=o) for o, c in pairs])


def taken_back_62C(d: dict[str, Any], offender: Seat, dummy: Seat | None = None,
                   revoke: tuple[Seat, Card] | None = None) -> Msg | None:
    """The cards played after a corrected revoke, as the right the Laws give: a
    non-offender may take his back and play another (62C1), the offending side only after
    an opponent changed his (62C2); the revoke card itself (``revoke``), when it is not a
    penalty card, goes back first (62B2). None when no non-offender played after it."""
    pairs = [(Seat[o], c) for x in d.get("cards") or [] if (o := str(x).partition(":")[0]) in Seat.__members__
             and (c := card_value(x)) is not None]
    back = [p for p in pairs if p == revoke]
    pairs = [p for p in pairs if p != revoke]
    theirs = [(o, c) for o, c in pairs if o.side is not offender.side]
    if not theirs:
        return None
    right = _right_62C(pairs, len(theirs) < len(pairs), dummy)
    if not back:
        return right
    seat, card = back[0]
    first = msg("decision.now.cards_taken_back." + ("dummy" if seat is dummy else "seat"), cards=[card], n=1, seat=seat)
    return msg("decision.now.62C1.after_back", back=first, right=right)


def _right_62C(pairs: list[tuple[Seat, Card]], offenders_too: bool, dummy: Seat | None) -> Msg:
    if len(pairs) == 1:
        seat, card = pairs[0]
        return msg("decision.now.62C1.one.dummy", card=card) if seat is dummy else msg("decision.now.62C1.one", seat=seat, card=card)
    named = [msg("decision.now.card_of.dummy", card=c) if o is dummy else msg("decision.now.card_of", card=c, seat=o) for o, c in pairs]
    return msg("decision.now.62C1.each" if offenders_too else "decision.now.62C1.non_offenders", pairs=named)


def choose_own(ruling: Ruling, who: object) -> Msg:
    """The kind's own words for the choice, with the penalty cards it is about and their
    suits, for the words that agree with their number (the suit of the penalty card, one of
    the suits of the cards; 51B: the cards of the one suit named picked up)."""
    named = ruling.named().get("pcs")
    pcs = [c for c in named if isinstance(c, Card)] if isinstance(named, list) else []
    suits = sorted({c.suit for c in pcs})
    if len(suits) > 1 and f"decision.choose.{ruling.kind}.suits" in catalog("en"):
        per = max(([c for c in pcs if c.suit is s] for s in suits), key=len)
        return msg(f"decision.choose.{ruling.kind}.suits", by=who, per=per)
    return msg(f"decision.choose.{ruling.kind}", by=who, pcs=pcs, suits=suits)


_SAID_OF_CARDS = ("decision.now.penalty_card.major", "decision.now.penalty_card.minor",
                  "decision.now.penalty_card.major.several")


def penalty_said_of_what(form: list[Msg], what: Msg) -> list[Msg]:
    """The penalty-card sentence right after what happened to the same cards of the same
    player: «Запад открыл ♣Т. Это большая штрафная карта.» — not the cards and the player
    named a second time."""
    if what not in form:
        return form
    cards, offender = what.params.get("cards"), what.params.get("offender")
    at = form.index(what) + 1
    m = form[at] if at < len(form) else None
    if m is None or m.id not in _SAID_OF_CARDS or m.params.get("seat") is not offender:
        return form
    if not isinstance(cards, list) or not cards or set(cards) != set(m.params.get("cards") or ()):
        return form
    return [*form[:at], msg(f"{m.id}.it", n=len(cards)), *form[at + 1:]]
