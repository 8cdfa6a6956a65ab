"""What a request is told: the calls restated, the contract, an explanation, a card.

Every answer is built here, and only from public facts: the calls made (with alerts), the
contract, cards already played face up, the opponents' system card and the explanations
the *opponents* of the asker give. An answer never carries a card still held, a face-down
lead, or the meaning of a call of the asker's own partnership (which would tell him what
partner meant: Law 16B1(a), 73C1).

Explanations (Law 20F1): the caller's partner explains. What he says is, in this order, the
``meaning`` recorded on the call (the explanation the partnership gives at the table), the
agreement on the pair's system card, or "no special agreement". The system card is also the
evidence the director weighs between a mistaken explanation and a mistaken call (75D).
"""

from __future__ import annotations

from bridgelaw.conventions import Agreement, card_of
from bridgelaw.core.cards import Seat
from bridgelaw.i18n import text
from bridgelaw.laws.base.handler import TableView
from bridgelaw.records import CallRecord, TrickRecord
from bridgelaw.rulings import Json, JsonDict

NO_AGREEMENT = text("disclosure.no_agreement")  # what the explainer says: in the reader's language


def auction_upto(t: TableView, record: CallRecord) -> list[Json]:
    """The standing calls up to and including ``record`` (what its meaning depends on)."""
    return [c.call for c in t.calls if c.status == "stands" and c.index <= record.index]


def agreement_of(t: TableView, record: CallRecord) -> Agreement | None:
    card = card_of(t.config.convention_cards, record.seat.side)
    return card.agreement_for(auction_upto(t, record)) if card is not None else None


def explanation_of(t: TableView, record: CallRecord) -> tuple[str, str]:
    """What the caller's partner says the call means, and where it comes from."""
    if record.meaning:
        return record.meaning, "table"
    agreement = agreement_of(t, record)
    if agreement is not None:
        return agreement.meaning, "convention_card"
    return NO_AGREEMENT, "none"


def restated(record: CallRecord) -> JsonDict:
    """One call as a review restates it: the call and its alert (20B: alerts included)."""
    out: JsonDict = {"call_index": record.index, "seat": record.seat.name, "call": str(record.call)}
    if record.alert:
        out["alert"] = True
    return out


def review_answer(t: TableView) -> JsonDict:
    """20B/20C2: all calls that stand, in order, with their alerts. No meanings."""
    return {"calls": [restated(c) for c in t.calls if c.status == "stands"]}


def contract_answer(t: TableView) -> JsonDict | None:
    """41C: the contract and whether doubled or redoubled, not by whom."""
    c = t.contract
    if c is None:
        return None
    return {
        "contract": f"{c.level}{c.strain.name}{c.risk}",
        "level": c.level, "strain": c.strain.name, "risk": str(c.risk), "declarer": c.declarer.name,
    }


def explained(t: TableView, record: CallRecord) -> JsonDict:
    text, source = explanation_of(t, record)
    out = restated(record)
    out.update(explanation=text, explained_by=record.seat.partner.name, source=source)
    return out


def partner_explained(record: CallRecord, by: Seat, text: str) -> JsonDict:
    """20F1: the explanation the caller's partner gave at the table, in his own words."""
    out = restated(record)
    out.update(explanation=text, explained_by=by.name, source="partner")
    return out


def explain_one_answer(t: TableView, record: CallRecord) -> JsonDict:
    return explained(t, record)


def explain_all_answer(t: TableView, asker: Seat) -> JsonDict:
    """20F1/20F2: the whole auction restated, with the opponents' calls explained by the
    caller's partner. The asker's own side's calls are restated without meaning."""
    calls = []
    for c in t.calls:
        if c.status != "stands":
            continue
        calls.append(explained(t, c) if c.seat.side is not asker.side else restated(c))
    return {"calls": calls}


def card_answer(t: TableView, asker: Seat) -> JsonDict:
    """40B2: the opponents' system card (never the asker's own: 20G/40B2 regulate that)."""
    pair = asker.side.opponents
    card = card_of(t.config.convention_cards, pair)
    return {"pair": pair.name, "card": card.to_json() if card is not None else None}


def trick_answer(trick: TrickRecord, number: int) -> JsonDict:
    return {"trick": number, **trick.to_json()}


__all__ = [
    "NO_AGREEMENT", "agreement_of", "card_answer", "contract_answer", "explain_all_answer",
    "explain_one_answer", "explanation_of", "partner_explained", "restated", "review_answer", "trick_answer",
]
