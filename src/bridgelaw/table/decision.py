"""A ruling's decision in a few sentences the director reads aloud at the table.

The full explanation (``summary``) walks through every option the Laws give before it
comes to the point; the decision says only the point: what happened, what was decided,
what each player must do now, and then the laws. It is built from what the ruling
records as data — its kind, the call or card it is about, the option chosen, the
consequences the table applied (a call cancelled, a player obliged to pass, a penalty
card, tricks transferred), and who must act next — each part a catalog message
(``decision.*``) with typed parameters, so both languages say the same thing.

A ruling whose outcome is not in that data (the director's answer settled it and the
table had nothing to apply) ends with the last step of its own explanation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bridgelaw.core.cards import Card, Seat, Side, Suit
from bridgelaw.i18n import Msg, Text, msg
from bridgelaw.i18n.catalog import catalog
from bridgelaw.i18n.render import Sentences
from bridgelaw.records import CallRecord
from bridgelaw.rulings import Consequence, Option, Ruling, RulingStatus

def decision(ruling: Ruling, calls: Sequence[CallRecord]) -> Text:
    """The decision of ``ruling`` (in English; the edge renders it again in Russian):
    the fullest form that is still shorter, in each language, than the ruling's own
    explanation (``_forms``)."""
    forms = [Sentences(tuple(parts), ruling.edition) for parts in _forms(ruling, calls)]
    limits = {"en": len(ruling.summary), "ru": len(ruling.summary_ru)}

    def fits(form: Sentences) -> bool:
        return all(len(form.render(lang)) < limit for lang, limit in limits.items())

    chosen = next((f for f in forms if fits(f)), None)
    if chosen is None:
        chosen = min(forms, key=lambda f: max(len(f.render(lang)) / max(1, n) for lang, n in limits.items()))
    return Text(msg("decision", parts=chosen))


def _forms(ruling: Ruling, calls: Sequence[CallRecord]) -> list[list[Msg]]:
    """The decision's forms, fullest first: what happened, the option chosen, what the
    table applied, who must act now, and the laws; the shorter forms leave out, in turn,
    the option chosen (its consequences say it), what follows from a major penalty card
    (it is played at the first legal opportunity, 50D1), what happened (the
    consequences say what was decided), and the questions put to the director."""
    what = _what(ruling, calls)
    chosen = _chosen(ruling)
    applied = _applied(ruling, calls)
    implied = _implied(applied)
    waiting = _waiting(ruling)
    if waiting is None and chosen is None and not applied and len(ruling.messages) > 1 \
            and isinstance(ruling.messages[-1], Msg):
        waiting = ruling.messages[-1]  # the outcome is the explanation's last step
    short = msg("decision.ask_director.short") if ruling.status is RulingStatus.AWAITING_DECISION else waiting
    private = ruling.data.get("private_refs") or ()
    refs = [x for x in ruling.laws if x not in private]
    laws = [msg("decision.laws", n=len(refs), laws=refs)] if refs else []
    tail = [waiting] if waiting is not None else []
    short_tail = [short] if short is not None else []
    lean = [m for m in applied if m not in implied]
    forms = [
        [what, *([chosen] if chosen else []), *applied, *tail, *laws],
        [what, *applied, *tail, *laws],
        [what, *lean, *tail, *laws],
        [*lean, *tail, *laws],
        [what, *lean, *short_tail, *laws],
        [*lean, *short_tail, *laws],
    ]
    return [f for f in forms if any(m is not what and m not in laws for m in f) or f[0] is what]


def _implied(applied: list[Msg]) -> list[Msg]:
    """The sentences another one says already: a player with a major penalty card must
    play it at the first legal opportunity (50D1)."""
    major = {m.params.get("seat") for m in applied
             if m.id in ("decision.now.penalty_card.major", "decision.now.penalty_cards")}
    return [m for m in applied if m.id == "decision.now.play_penalty_card" and m.params.get("seat") in major]


# -- what happened ----------------------------------------------------------------------


def _seat(value: Any) -> Seat | None:
    if isinstance(value, Seat):
        return value
    if isinstance(value, str) and value in ("N", "E", "S", "W"):
        return Seat[value]
    return None


def _card(value: Any) -> Card | None:
    if not isinstance(value, str):
        return None
    try:
        return Card.parse(value.rpartition(":")[2])
    except ValueError:
        return None


def _cards(values: Any) -> list[Card]:
    return [c for v in (values if isinstance(values, list) else []) if (c := _card(v)) is not None]


def _call(calls: Sequence[CallRecord], index: Any) -> CallRecord | None:
    if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(calls):
        return calls[index]
    return None


def _what(ruling: Ruling, calls: Sequence[CallRecord]) -> Msg:
    """What happened: ``decision.what.<kind>`` (a variant ``.card`` / ``.face_down`` when
    the card matters), else the kind of irregularity by its name."""
    d = ruling.data
    action = d.get("action") if isinstance(d.get("action"), dict) else {}
    record = _call(calls, d.get("call"))
    offender = ruling.offender or _seat(d.get("seat")) or _seat(d.get("claimer")) or _seat(action.get("seat"))
    params: dict[str, Any] = {"offender": offender if offender is not None else msg("decision.someone")}
    if record is not None:
        params.update(call=record.call, caller=record.seat)
    original = _call(calls, d.get("original"))
    if original is not None:
        params["original"] = original.call
    card = _card(action.get("play"))
    if card is not None and not action.get("face_down"):
        params["card"] = card
    law24 = d.get("law24") if isinstance(d.get("law24"), dict) else {}
    cards = _cards(action.get("expose") or action.get("play_together") or d.get("exposed") or law24.get("cards")
                   or d.get("pcs") or ([action["play"]] if "card" in params else []))
    params.update(cards=cards, n=max(1, len(cards)))
    for key in ("trick", "leader", "by"):
        seat = _seat(d.get(key))
        params[key] = seat if seat is not None else d.get(key, "")
    if ruling.kind == "claim":
        params.update(n=int(d.get("stated") or 0), claimer=_seat(d.get("claimer")) or params["offender"])
    if ruling.kind == "board" and isinstance(d.get("problem"), str):
        params["problem"] = msg(f"report.{d['problem']}")
    variant = _variant(ruling, params, action)
    mid = f"decision.what.{ruling.kind}{variant}"
    if mid in catalog("en"):
        return msg(mid, **params)
    return msg("decision.what", kind=msg(f"kind.{ruling.kind}"), **params)


def _variant(ruling: Ruling, params: dict[str, Any], action: dict[str, Any]) -> str:
    if ruling.kind == "opening_lead_out_of_turn":
        return ".card" if "card" in params else ".face_down"
    if ruling.kind == "claim":
        return ".concession" if ruling.data.get("what") == "concession" else ""
    if ruling.kind in ("call_out_of_rotation", "call_after_final_pass", "violates_pass_obligation",
                       "insufficient_bid", "misinformation", "bid_above_seven", "inadmissible_double",
                       "change_of_call") and "call" not in params:
        return ".nocall"
    if ruling.kind in ("play_out_of_turn", "restriction_violated", "penalty_card_not_played",
                       "dummy_played_card") and "card" not in params:
        return ".nocard"
    return ""


# -- what was decided, what each player must do now --------------------------------------


def _option(ruling: Ruling, id: str | None) -> Option | None:
    return next((o for o in ruling.options if o.id == id), None)


def _chosen(ruling: Ruling) -> Msg | None:
    option = _option(ruling, ruling.choice)
    if option is None:
        return None
    by = option.by if isinstance(option.by, Seat) else msg("decision.director")
    return msg("decision.chosen", by=by, label=option.label)


def _applied(ruling: Ruling, calls: Sequence[CallRecord]) -> list[Msg]:
    """What the table applied, a sentence each, in order: the penalty cards of a seat in
    one sentence (with the kind each ended with), the same obligation to pass of two
    players in one."""
    out: list[Msg | Seat] = []
    cards: dict[Card, tuple[Seat, str]] = {}
    for c in ruling.consequences:
        d = dict(c.details)
        card, seat = _card(d.get("card")), _seat(d.get("seat"))
        if c.what == "penalty_card" and card is not None and seat is not None:
            cards[card] = (seat, str(d.get("kind", "major")))
            if seat not in out:
                out.append(seat)  # the place of this seat's penalty cards
        elif c.what == "penalty_card_kind" and card in cards:
            cards[card] = (cards[card][0], str(d.get("kind", "major")))
        elif (m := _consequence(c, ruling, calls)) is not None:
            out.append(m)
    sentences = [_penalty_cards(x, cards) if isinstance(x, Seat) else x for x in out]
    sentences = _merge_picked_up(sentences)
    settled = [m for m in sentences if m.id == "decision.now.tricks_settled"]
    sentences = [m for m in sentences if m.id != "decision.now.tricks_settled" or m is settled[-1]]  # the last count
    return _merge_passes(sentences)


def _penalty_cards(seat: Seat, cards: dict[Card, tuple[Seat, str]]) -> Msg:
    major = [c for c, (s, k) in cards.items() if s is seat and k == "major"]
    minor = [c for c, (s, k) in cards.items() if s is seat and k != "major"]
    if major and minor:
        return msg("decision.now.penalty_cards", seat=seat, major=msg("decision.penalty.major", cards=major, n=len(major)),
                   minor=msg("decision.penalty.minor", cards=minor, n=len(minor)))
    kind = "major" if major else "minor"
    return msg(f"decision.now.penalty_card.{kind}", seat=seat, cards=major or minor, n=len(major or minor))


def _merge_picked_up(sentences: list[Msg]) -> list[Msg]:
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


def _merge_passes(sentences: list[Msg]) -> list[Msg]:
    """Two players obliged to pass alike (Law 37: the offender and his partner): one sentence."""
    out: list[Msg] = []
    for m in sentences:
        twin = next((o for o in out if o.id == m.id and m.id.startswith("decision.now.must_pass")), None)
        if twin is not None:
            out[out.index(twin)] = msg(m.id, seat=msg("decision.and", a=twin.params["seat"], b=m.params["seat"]), n=2)
        else:
            out.append(m)
    return out


def _consequence(c: Consequence, ruling: Ruling, calls: Sequence[CallRecord]) -> Msg | None:
    d = dict(c.details)
    seat = _seat(d.get("seat"))
    if c.what == "restriction" and seat is not None:
        return _restriction(seat, d)
    if c.what in ("call_cancelled", "pass_substituted"):
        record = _call(calls, d.get("call_index"))
        if record is None or (c.what == "call_cancelled" and record.index != ruling.data.get("call")):
            return None  # the later calls cancelled with it are implied
        return msg(f"decision.now.{c.what}", seat=record.seat, call=record.call)
    if c.what == "tricks_transferred" and d.get("to") in ("NS", "EW"):
        return msg("decision.now.tricks_transferred", side=Side[d["to"]], n=int(d.get("tricks") or 0))
    if c.what == "tricks_settled":
        return msg("decision.now.tricks_settled", ns=d.get("NS", 0), ew=d.get("EW", 0))
    if c.what == "declarer_changed" and (declarer := _seat(d.get("declarer"))) is not None:
        return msg("decision.now.declarer_changed", seat=declarer)
    if c.what == "cards_taken_back":
        cards = _cards(d.get("cards"))
        return msg("decision.now.cards_taken_back", cards=cards, n=len(cards)) if cards else None
    if c.what == "face_down_lead_returned" and seat is not None:
        return msg("decision.now.face_down_lead_returned", seat=seat)
    if c.what == "penalty_card_picked_up" and seat is not None and (card := _card(d.get("card"))) is not None:
        return msg("decision.now.penalty_card_picked_up", seat=seat, cards=[card], n=1)
    if c.what == "auction_reopened":
        return msg("decision.now.auction_reopened")
    return None


def _restriction(seat: Seat, d: dict[str, Any]) -> Msg | None:
    kind, until = str(d.get("kind")), str(d.get("until"))
    suit = d.get("suit")
    mid = f"decision.now.{kind}.{until}"
    if mid not in catalog("en"):
        mid = f"decision.now.{kind}"
    if mid not in catalog("en"):
        return None
    params: dict[str, Any] = {"seat": seat, "n": 1}
    if isinstance(suit, str) and suit in ("S", "H", "D", "C"):
        params["suit"] = Suit[suit]
    return msg(mid, **params)


def _waiting(ruling: Ruling) -> Msg | None:
    """Who must act now on this ruling, when it still waits for someone."""
    if ruling.status is RulingStatus.AWAITING_DIRECTOR:
        return msg("decision.call_director")
    if ruling.status is RulingStatus.AWAITING_CHOICE and ruling.options:
        by = ruling.options[0].by
        who = by if isinstance(by, Seat) else msg("decision.director")
        ids = frozenset(o.id for o in ruling.options)
        for mid in (f"decision.choose.{ruling.kind}", "decision.choose.accept_decline"):
            if mid in catalog("en") and (mid.endswith(ruling.kind) or ids == {"accept", "decline"}):
                return msg(mid, by=who)
        return msg("decision.choose", by=who, labels=_labels(ruling.options))
    if ruling.status is RulingStatus.AWAITING_DECISION:
        keys = [q.key for q in ruling.questions]
        asks = [msg(f"decision.question.{k}") if f"decision.question.{k}" in catalog("en")
                else msg("decision.question", law=q.law) for k, q in zip(keys, ruling.questions, strict=True)]
        return msg("decision.ask_director", questions=asks, n=len(asks))
    if ruling.status is RulingStatus.FOLLOW_UP:
        mid = f"decision.follow.{ruling.kind}"
        return msg(mid if mid in catalog("en") else "decision.follow", offender=ruling.offender or msg("decision.someone"))
    return None


def _labels(options: Sequence[Option]) -> list[Msg | str]:
    return [msg("decision.label", label=o.label) for o in options]


__all__ = ["decision"]
