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

import re
from collections.abc import Sequence
from typing import Any

from bridgelaw.actions import action_to_json
from bridgelaw.core.cards import Card, Seat, Side
from bridgelaw.core.references import RENUMBER_1997
from bridgelaw.i18n import Msg, Text, msg
from bridgelaw.i18n.catalog import catalog
from bridgelaw.i18n.render import Sentences
from bridgelaw.laws.auction.change_of_call import ChangeOfCallState
from bridgelaw.laws.base.facts import ComparableAsked, PrivateRefs, RevokeFact
from bridgelaw.laws.catalog.citations import references_in
from bridgelaw.laws.play.holdings import HOLDS_SUIT, HoldingAsked, holding_asked_words
from bridgelaw.records import CallRecord
from bridgelaw.rulings import Consequence, Option, Question, Ruling, RulingStatus
from bridgelaw.table.decision_calls import call_consequence as _call_consequence
from bridgelaw.table.decision_calls import call_record as _call
from bridgelaw.table.decision_calls import must_repeat as _must_repeat
from bridgelaw.table.decision_calls import restricted as _restricted
from bridgelaw.table.decision_calls import restriction as _restriction
from bridgelaw.table.decision_cards import card_value as _card
from bridgelaw.table.decision_cards import choose_own as _choose_own
from bridgelaw.table.decision_cards import merge_picked_up as _merge_picked_up
from bridgelaw.table.decision_cards import note_penalty_card as _penalty_card
from bridgelaw.table.decision_cards import penalty_cards_sentence as _penalty_cards
from bridgelaw.table.decision_cards import penalty_said_of_what as _penalty_said_of_what
from bridgelaw.table.decision_cards import seat_value as _seat
from bridgelaw.table.decision_cards import taken_back as _taken_back
from bridgelaw.table.decision_cards import taken_back_62C as _taken_back_62C
from bridgelaw.table.decision_chosen import chosen as _chosen
from bridgelaw.table.decision_chosen import played as _played
from bridgelaw.table.decision_chosen import waiting_own as _waiting_own
from bridgelaw.table.decision_closing import answered_outcome as _answered_outcome
from bridgelaw.table.decision_closing import brief as _brief
from bridgelaw.table.decision_closing import closing as _closing
from bridgelaw.table.decision_closing import follow as _follow
from bridgelaw.table.decision_closing import legal_card_first as _legal_card_first
from bridgelaw.table.decision_variants import variant_of


def decision(ruling: Ruling, calls: Sequence[CallRecord], *, face_up_leads: bool = False, dummy: Seat | None = None) -> Text:
    """The decision of ``ruling`` (in English; the edge renders it again in Russian):
    the fullest form that is still shorter, in each language, than the ruling's own
    explanation (``_forms``). ``face_up_leads``: the regulation of 41A that has opening
    leads made face up, so a lead made face down is seen all the same; ``dummy``: the
    dummy of the contract, whose cards go back to the table, not to a hand."""
    forms = [f for parts in _forms(ruling, calls, face_up_leads, dummy) if _renders(f := Sentences(tuple(parts), ruling.edition))]
    if not forms:  # the ruling's data lacks what its kind's sentence names
        forms = [Sentences((msg("decision.what", kind=msg(f"kind.{ruling.kind}")), *_laws(ruling)), ruling.edition)]
    # no explanation yet (a question put to the director at once): no limit to the length
    more = _WHO_ACTS if ruling.status is not RulingStatus.CLOSED else 0
    limits = {"en": (len(ruling.summary) or 10**6) + more, "ru": (len(ruling.summary_ru) or 10**6) + more}

    def fits(form: Sentences) -> bool:
        return all(len(form.render(lang)) < limit for lang, limit in limits.items())

    chosen = next((f for f in forms if fits(f)), None)
    if chosen is None:
        chosen = min(forms, key=lambda f: max(len(f.render(lang)) / max(1, n) for lang, n in limits.items()))
    return Text(msg("decision", parts=chosen))


_WHO_ACTS = 130
"""A ruling that still waits for someone says who acts and what he may choose, beyond
its explanation: the decision may be that much longer."""


def _renders(form: Sentences) -> bool:
    """Whether every message of ``form`` has the parameters its templates name."""
    try:
        return all(form.render(lang) for lang in ("en", "ru"))
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return False


def _forms(ruling: Ruling, calls: Sequence[CallRecord], face_up_leads: bool = False,
           dummy: Seat | None = None) -> list[list[Msg]]:
    """The decision's forms, fullest first: what happened, the option chosen, what the
    table applied, who must act now, and the laws; the shorter forms leave out, in turn,
    the option chosen (its consequences say it), what follows from a major penalty card
    (it is played at the first legal opportunity, 50D1), what happened (the
    consequences say what was decided), and the questions put to the director."""
    what = _what(ruling, calls, face_up_leads)
    chosen = _chosen(ruling, what)
    applied = _applied(ruling, calls, dummy)
    applied, waiting = _legal_card_first(applied, _waiting(ruling, what, applied))
    lean = [m for m in applied if m not in _implied(applied)]
    outcome = _settled(ruling, what, chosen, applied, calls) if waiting is None else None
    tail = [w] if (w := waiting or outcome) is not None else []
    short = _short(ruling, tail)
    forms = [
        [what, *([chosen] if chosen else []), *applied, *tail],
        [what, *([chosen] if chosen else []), *_brief(applied), *tail],
        [what, *applied, *tail],
        [what, *lean, *tail],
        [what, *_brief(lean), *tail],  # a claim: who claimed kept before the tricks' split
        [*lean, *tail],
        [what, *lean, *short],
        [*lean, *short],
    ]
    # every form says what is ruled: what happened, what the table applied or the
    # outcome ("The director must answer." alone says only who acts)
    kept = _what_first([f for f in forms if f and (what in f or lean or outcome is not None)], what, lean)
    return [[*f, *_laws(ruling, f)] for f in kept]


def _what_first(forms: list[list[Msg]], what: Msg, lean: list[Msg]) -> list[list[Msg]]:
    """The forms that say first what happened, first: a penalty card, a call cancelled or
    "it is too late" alone do not say what the player did; a penalty card said right after
    it is said of "it"; a bid cancelled "after the final pass" says it already."""
    forms = sorted(forms, key=lambda f: what not in f)
    if any(m.id == "decision.now.call_cancelled.after_final_pass" for m in lean):
        forms = [f for f in forms if what not in f] or forms
    return [_penalty_said_of_what(f, what) for f in forms]


def _cited_in(parts: Sequence[Msg], edition: str) -> set[str]:
    """The references the sentences ``parts`` already cite in brackets, in both languages
    (a sentence taken from the explanation, «Взятки не передаются (64B2)»): the list of
    laws at the end does not read them out a second time."""
    try:
        said = [Sentences(tuple(parts), edition).render(lang) for lang in ("en", "ru")]
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return set()  # a form that does not render is not chosen (``_renders``)
    cited = [{*references_in(text), *_BARE_LAW.findall(text)} for text in said]
    return cited[0] & cited[1]


_BARE_LAW = re.compile(r"(?:(?<=\()|(?<=, )|(?<=\u041f\u0440\u0430\u0432\u0438\u043b\u043e )|(?<=Law ))(\d{1,2})(?=[),;])")
"""A law cited by its number alone in brackets: "(15)", "(16A, 75)", "(Law 26)"."""


def _short(ruling: Ruling, tail: list[Msg]) -> list[Msg]:
    """The shortest word on who acts now: «Слово за судьёй.» for a question of judgement;
    a holding asked about is short to say whole (the player and the suit)."""
    if ruling.status is not RulingStatus.AWAITING_DECISION:
        return tail
    if ruling.fact(HoldingAsked) is not None and all(q.key == HOLDS_SUIT for q in ruling.questions):
        return tail
    return [msg("decision.ask_director.short")]


def _outcome(ruling: Ruling, what: Msg) -> Msg | None:
    """What happens now, when the ruling chose nothing and the table applied nothing: the
    sentence of the deciding law (``decision.outcome.<law>``: the card stays, goes back,
    the contract is scored undoubled…), else the explanation's last step (the director's
    answer settled it)."""
    found = None if what.id.endswith(".not_called") else _law_outcome(ruling, what)  # nothing to rectify
    if found is not None:
        return found
    last = ruling.messages[-1] if len(ruling.messages) > 1 else None
    return last if isinstance(last, Msg) and not what.id.endswith("held") else None


_RENUMBERED_1997 = frozenset(RENUMBER_1997.values())


def _law_outcome(ruling: Ruling, what: Msg) -> Msg | None:
    """The sentence of the deciding law: the kind's own for that law
    (``decision.outcome.<kind>.<law>``), the law's (``decision.outcome.<law>``), or the
    kind's (``decision.outcome.<kind>``)."""
    offender = what.params.get("offender", msg("decision.someone"))
    for law in reversed(ruling.laws):
        mids: tuple[str, ...] = (*_answered_outcome(ruling, law), f"decision.outcome.{ruling.kind}.{law}", f"decision.outcome.{law}")
        if ruling.edition == "1997" and law in _RENUMBERED_1997:
            # the number names another rule in 2017, or a general law (45C2 for 57C3); one
            # 1997 number may stand for several 2017 clauses (17D), so only the deciding one
            # (the last cited) has the kind's own sentence
            kind_own = (f"decision.outcome.{ruling.kind}.{law}.1997",) if law == ruling.laws[-1] else ()
            mids = (*kind_own, f"decision.outcome.{law}.1997")
        for mid in mids:
            if mid in catalog("en"):
                return msg(mid, offender=offender, **_played(ruling))
    mid = f"decision.outcome.{ruling.kind}"
    return msg(mid, offender=offender) if mid in catalog("en") else None


def _settled(ruling: Ruling, what: Msg, chosen: Msg | None, applied: list[Msg], calls: Sequence[CallRecord] = ()) -> Msg | None:
    """What happens now when no one is waited for: the deciding law's outcome when the
    ruling chose and applied nothing, else what that law settles after the choice and what
    was applied."""
    if chosen is None and not applied:
        return _outcome(ruling, what)
    return _closing(ruling, what, calls)


def _laws(ruling: Ruling, said: Sequence[Msg] = ()) -> list[Msg]:
    """The laws the ruling cites, without those derived from hands a player cannot see
    (``private_refs``: the claim checker's) and those the sentences ``said`` before the
    list cite already."""
    fact = ruling.fact(PrivateRefs)
    private = fact.refs if fact is not None else ()
    cited = _cited_in(said, ruling.edition) if said else set()
    refs = [x for x in ruling.laws if x not in private and x not in cited]
    return [msg("decision.laws", n=len(refs), laws=refs)] if refs else []


def _implied(applied: list[Msg]) -> list[Msg]:
    """The sentences another one says already: a player with a major penalty card must
    play it at the first legal opportunity (50D1)."""
    major = {m.params.get("seat") for m in applied
             if m.id in ("decision.now.penalty_card.major", "decision.now.penalty_card.major.several", "decision.now.penalty_cards")}
    plays = ("decision.now.play_penalty_card", "decision.now.play_penalty_cards")
    return [m for m in applied if m.id in plays and m.params.get("seat") in major]


# -- what happened ----------------------------------------------------------------------


def _cards(values: Any) -> list[Card]:
    return [c for v in (values if isinstance(values, list) else []) if (c := _card(v)) is not None]


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _what(ruling: Ruling, calls: Sequence[CallRecord], face_up_leads: bool = False) -> Msg:
    """What happened: ``decision.what.<kind>`` (a variant ``.card`` / ``.face_down`` when
    the card matters), else the kind of irregularity by its name."""
    d = _data(ruling)
    action = action_to_json(ruling.action) if ruling.action is not None else {}
    offender = ruling.offender or _seat(d.get("seat")) or _seat(d.get("claimer")) or _seat(action.get("seat"))
    params: dict[str, Any] = {"offender": offender if offender is not None else msg("decision.someone")}
    params.update(_call_params(ruling, calls))
    params.update(_card_params(d, action, face_up_leads))
    for key in ("trick", "leader", "by"):
        seat = _seat(d.get(key))
        params[key] = seat if seat is not None else d.get(key, "")
    params.update(_kind_params(ruling, d, params["offender"]))
    variant = variant_of(ruling, params)
    mid = "decision.what.void" if variant == ".void" else f"decision.what.{ruling.kind}{variant}"
    if (by := _seat(action.get("by"))) is not None and f"{mid}.dummy" in catalog("en"):
        mid, params["declarer"] = f"{mid}.dummy", by  # declarer's card from dummy: not dummy's own act
    if mid in catalog("en"):
        return msg(mid, **params)
    return msg("decision.what", kind=msg(f"kind.{ruling.kind}"), **params)


def _kind_params(ruling: Ruling, d: dict[str, Any], offender: object) -> dict[str, Any]:
    """What a kind's own sentence names: the tricks a claim states, the holding the
    director established, the problem with a board."""
    if ruling.kind == "claim":
        return {"n": int(d.get("stated") or 0), "claimer": _seat(d.get("claimer")) or offender}
    if ruling.kind == "holding_unknown":
        return {"what": d.get("held_what", ""), "none": d.get("held_none", "")}
    if ruling.kind == "board" and isinstance(d.get("problem"), str):
        return {"problem": msg(f"report.{d['problem']}")}
    return {}


def _data(ruling: Ruling) -> dict[str, Any]:
    """What the ruling's typed state names for its decision (``RulingState.named``)."""
    return dict(ruling.named())


def _call_params(ruling: Ruling, calls: Sequence[CallRecord]) -> dict[str, Any]:
    """The call a ruling is about (and, for a change of call, the call it replaced)."""
    out: dict[str, Any] = {}
    record = _call(calls, ruling.call)
    if record is not None:
        out.update(call=record.call, caller=record.seat)
    state = ruling.fact(ChangeOfCallState)
    original = _call(calls, state.original if state is not None else None)
    if original is not None:
        out["original"] = original.call
    return out


def _card_params(d: dict[str, Any], action: dict[str, Any], face_up_leads: bool = False) -> dict[str, Any]:
    """The card a ruling is about, when it was seen (a card led face down is not named),
    and the cards of an exposure or of penalty cards."""
    out: dict[str, Any] = {}
    card = _card(action.get("play"))
    if card is not None and (face_up_leads or not action.get("face_down")):
        out["card"] = card
    shown = [action["play"]] if "card" in out else []
    cards = _cards(action.get("expose") or action.get("play_together") or d.get("exposed") or d.get("pcs") or shown)
    out.update(cards=cards, n=max(1, len(cards)))
    return out


# -- what was decided, what each player must do now --------------------------------------


def _applied(ruling: Ruling, calls: Sequence[CallRecord], dummy: Seat | None = None) -> list[Msg]:
    """What the table applied, a sentence each, in order: the penalty cards of a seat in
    one sentence (with the kind each ended with), the cards one player picks up in one,
    the same obligation to pass of two players in one, and only the last count of tricks."""
    out: list[Msg | Seat] = []
    cards: dict[Card, tuple[Seat, str]] = {}
    for c in ruling.consequences:
        if not _penalty_card(c, cards, out, ruling.offender) and (m := _consequence(c, ruling, calls, dummy)) is not None:
            out.append(m)
    sentences = _merge_picked_up([_penalty_cards(x, cards) if isinstance(x, Seat) else x for x in out])
    sentences = [_play_penalty_cards(m, cards) for m in sentences]
    sentences = [x for m in sentences for x in (m, *_minor_rule(m))]
    return _merge_passes(_merge_substituted(_tricks_once(sentences)))


def _merge_substituted(sentences: list[Msg]) -> list[Msg]:
    """A call cancelled and a pass put in its place (37B1, 38C): one sentence."""
    out: list[Msg] = []
    for m in sentences:
        last = out[-1] if out else None
        if (m.id == "decision.now.pass_substituted" and last is not None and last.id == "decision.now.call_cancelled"
                and last.params.get("seat") == m.params.get("seat")):
            out[-1] = msg("decision.now.call_cancelled.pass_substituted", **last.params)
        else:
            out.append(m)
    return out


def _tricks_once(sentences: list[Msg]) -> list[Msg]:
    """The auction resumes after what was cancelled is said (36A: the double and the calls
    after it); no transfer is said that 64B7 took back; only the last count of tricks."""
    sentences = sorted(sentences, key=lambda m: m.id == "decision.now.auction_reopened")
    if any(m.id == "decision.now.transfer_withdrawn" for m in sentences):
        sentences = [m for m in sentences if m.id != "decision.now.tricks_transferred"]
    settled = [m for m in sentences if m.id.startswith("decision.now.tricks_settled")]
    return [m for m in sentences if not m.id.startswith("decision.now.tricks_settled") or m is settled[-1]]


def _play_penalty_cards(m: Msg, cards: dict[Card, tuple[Seat, str]]) -> Msg:
    """A player with two or more penalty cards plays them one at a time, and declarer
    designates which when more than one could be played (51): the plural sentence."""
    if m.id != "decision.now.play_penalty_card":
        return m
    seat = m.params.get("seat")
    held = sum(1 for s, _ in cards.values() if s is seat)
    return msg("decision.now.play_penalty_cards", seat=seat) if held > 1 else m


def _minor_rule(m: Msg) -> tuple[Msg, ...]:
    """What a minor penalty card means for its owner now (50C): the sentence after it."""
    if m.id != "decision.now.penalty_card.minor":
        return ()
    return (msg("decision.now.minor_penalty_card_rule", seat=m.params.get("seat")),)


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


def _consequence(c: Consequence, ruling: Ruling, calls: Sequence[CallRecord], dummy: Seat | None = None) -> Msg | None:
    """One consequence in a sentence, or None for the table's bookkeeping (a card played
    in turn, a restriction lifted, the play ended)."""
    d = dict(c.details)
    seat = _seat(d.get("seat"))
    if c.what == "restriction" and d.get("kind") == "must_repeat" and seat is not None:
        return _must_repeat(c, ruling, calls, seat)
    if c.what == "restriction":
        return _restriction(seat, d, ruling, calls) if seat is not None else None
    if c.what in ("call_cancelled", "pass_substituted"):
        return _call_consequence(c.what, d, ruling, calls)
    if c.what.startswith("tricks_"):
        return _tricks_consequence(c.what, d, ruling)
    if c.what == "cards_taken_back":
        return _cards_taken_back(d, ruling, seat, dummy)
    return _seat_consequence(c.what, d, seat, dummy)


def _cards_taken_back(d: dict[str, Any], ruling: Ruling, seat: Seat | None, dummy: Seat | None) -> Msg | None:
    """The cards taken back; a card that became a penalty card stays on the table (62B1);
    after a corrected revoke, the cards played after it as the players' right (62C)."""
    penalised = {str(dict(x.details).get("card")) for x in ruling.consequences if x.what == "penalty_card"}
    d["cards"] = [x for x in d.get("cards") or [] if str(_card(x)) not in penalised]
    if ruling.kind == "revoke" and "62C1" in ruling.laws and isinstance(ruling.offender, Seat):
        fact = ruling.fact(RevokeFact)
        revoke = (fact.seat, fact.card) if fact is not None else None
        return _taken_back_62C(d, ruling.offender, dummy, revoke) or _seat_consequence("cards_taken_back", d, seat, dummy)
    return _seat_consequence("cards_taken_back", d, seat, dummy)


def _tricks_consequence(what: str, d: dict[str, Any], ruling: Ruling) -> Msg | None:
    """Tricks transferred (64A), the transfer taken back (64B7: the other side revoked
    too), the tricks of a claim settled."""
    if what == "tricks_transferred":
        return _transfer(d, ruling)
    if what == "tricks_settled":
        return _tricks_settled(d, ruling)
    if what == "tricks_transfer_withdrawn":
        return msg("decision.now.transfer_withdrawn")
    return None


def _tricks_settled(d: dict[str, Any], ruling: Ruling) -> Msg | None:
    """The tricks of a claim or concession: none while the director is still to decide
    them (an agreement withdrawn, 69B); said as his ruling when he decided them (69B, 70);
    a concession of tricks that could not be lost cancelled (71)."""
    if ruling.status is RulingStatus.AWAITING_DECISION:
        return None
    cancelled = "71" in ruling.laws and ruling.named().get("what") == "concession"
    ruled = isinstance(ruling.answers.get("tricks"), int)
    mid = "decision.now.tricks_settled" + (".71" if cancelled else ".director" if ruled else "")
    unrecorded = d.get("unrecorded")
    if isinstance(unrecorded, int) and unrecorded > 0 and not cancelled:  # not totals: the first tricks' winners unknown
        named = ruling.named()
        if not ruled and named.get("stated") == named.get("remaining"):  # all of them: the first sentence said whose
            return msg("decision.now.tricks_settled.unrecorded.all", n=unrecorded)
        return msg(f"{mid}.unrecorded", ns=d.get("NS", 0), ew=d.get("EW", 0), n=unrecorded + 1)  # the first trick entered
    return msg(mid, ns=d.get("NS", 0), ew=d.get("EW", 0))


def _transfer(d: dict[str, Any], ruling: Ruling) -> Msg | None:
    """Tricks that change sides: a transfer of Law 64A, or — under 64C — the director's
    restoration of equity, said as the tricks declarer now has (it is not a transfer)."""
    to = d.get("to")
    if to not in ("NS", "EW"):
        return None
    equity = ruling.answers.get("equity_tricks")
    if d.get("law") == "64C" and isinstance(equity, int):
        return msg("decision.now.equity_tricks", tricks=msg("count.tricks", n=equity))
    n = int(d.get("tricks") or 0)
    second = ruling.edition == "1997" and d.get("law") == "64A2" and n == 2  # 1997 64A2: the second trick's reason said
    return msg("decision.now.tricks_transferred" + (".64A2.second" if second else ""), side=Side[to], n=n)


def _seat_consequence(what: str, d: dict[str, Any], seat: Seat | None, dummy: Seat | None = None) -> Msg | None:
    card = _card(d.get("card"))
    declarer = _seat(d.get("declarer"))
    cards = _cards(d.get("cards"))
    if what == "declarer_changed" and declarer is not None:
        return msg("decision.now.declarer_changed", seat=declarer)
    if what == "cards_taken_back" and cards:
        return _taken_back(d, cards, dummy)
    if what == "face_down_lead_returned" and seat is not None:
        return msg("decision.now.face_down_lead_returned", seat=seat)
    if what == "penalty_card_picked_up" and seat is not None and card is not None:
        return msg("decision.now.penalty_card_picked_up", seat=seat, cards=[card], n=1)
    if what == "auction_reopened":
        return msg("decision.now.auction_reopened")
    if what == "card_placed" and seat is not None and card is not None and isinstance(d.get("trick"), int):
        return msg("decision.now.card_placed", seat=seat, card=card, trick=d["trick"])
    return None


def _waiting(ruling: Ruling, what: Msg, applied: list[Msg]) -> Msg | None:
    """Who must act now on this ruling, when it still waits for someone; a ruling that
    only waits for play to go on (no rectification) says what its law makes of the card."""
    waiting = _waiting_for(ruling)
    if waiting is not None and (own := _waiting_own(ruling, what, waiting)) is not None:
        return own
    if waiting is not None and waiting.id == "decision.follow" and not applied:
        return _law_outcome(ruling, what) or waiting
    if waiting is not None and waiting.id.startswith("decision.follow.call_out_of_rotation") and (
        _restricted(ruling, ruling.offender, "must_pass") or _restricted(ruling, ruling.offender, "must_repeat")
    ):
        return None  # he must pass (30B2, 1997) or repeat his call (31A1): the applied sentence says so
    return waiting


def _waiting_for(ruling: Ruling) -> Msg | None:
    """Who must act now on this ruling, when it still waits for someone."""
    if ruling.status is RulingStatus.AWAITING_DIRECTOR:
        return msg("decision.call_director")
    if ruling.status is RulingStatus.AWAITING_CHOICE and ruling.options:
        return _choose(ruling)
    if ruling.status is RulingStatus.AWAITING_DECISION:
        concession = ruling.kind == "claim" and ruling.named().get("what") == "concession"
        questions = _questions([question_text(q, concession, ruling) for q in ruling.questions])
        excluded = [x for x in ruling.laws if x.startswith("64B")] if ruling.kind == "revoke" else []
        if excluded:  # 64B: no tricks change sides whatever the director answers on equity (64C)
            return msg("decision.ask_director.no_transfer", law=excluded[-1], questions=questions)
        return msg("decision.ask_director", questions=questions)
    if ruling.status is RulingStatus.FOLLOW_UP:
        return _follow(ruling)
    return None


_PREMATURE_PLAY_OPTIONS = frozenset({"play_highest", "play_lowest", "require_suit", "forbid_suit"})


def _choose(ruling: Ruling) -> Msg:
    """The choice a player must make: in the kind's words, the words for accepting an
    irregularity or not, or the options' labels."""
    by = ruling.options[0].by
    who = by if isinstance(by, Seat) else msg("decision.director")
    ids = {o.id for o in ruling.options}
    if ids <= _PREMATURE_PLAY_OPTIONS:  # 57A: how partner plays to the trick, not accept or not
        return msg("decision.choose.premature_play" if "forbid_suit" in ids else "decision.choose.premature_play.no_forbid", by=who)
    if {o.id for o in ruling.options} == {"accept", "decline"} and f"decision.choose.accept_decline.{ruling.kind}" in catalog("en"):
        return msg(f"decision.choose.accept_decline.{ruling.kind}", by=who)  # what is accepted, named
    if f"decision.choose.{ruling.kind}" in catalog("en"):
        return _choose_own(ruling, who)
    if {o.id for o in ruling.options} == {"accept", "decline"}:
        return msg("decision.choose.accept_decline", by=who)
    return msg("decision.choose", by=who, labels=_labels(ruling.options))


def _questions(texts: list[Msg]) -> Msg | list[Msg]:
    """The director's questions read as one list: «сколько взяток …, и продолжается ли
    розыгрыш» — the last joined by «и» / "and"."""
    if len(texts) < 2:
        return texts
    last = texts[-1]
    if last.id == "decision.question.misinformation" and texts[0].id == "decision.question.unintended":
        last = msg("decision.question.misinformation.same_call")  # the original call named once
    return msg("decision.questions.and", first=texts[:-1], last=last)


def question_text(q: Question, concession: bool = False, ruling: Ruling | None = None) -> Msg:
    """A question to the director in a few words («сопоставима ли заменяющая заявка»); on
    a concession, in its words («сторона уступившего») where the catalog has them; a
    holding, with the player and the suit or cards asked about («была ли у Запада карта
    треф»)."""
    asked = ruling.fact(HoldingAsked) if ruling is not None and q.key == HOLDS_SUIT else None
    if asked is not None:
        return msg("decision.question.holds_suit.named", seat=asked.seat, what=holding_asked_words(asked))
    later = ruling.fact(ComparableAsked) if ruling is not None else None
    if q.key == "comparable" and later is not None and later.seat is not None:  # the call asked about, named
        new = ruling is not None and ruling.kind == "call_out_of_rotation"  # not a replacement: his new call
        return msg(f"decision.question.comparable.{'later_call' if new else 'replacement'}", seat=later.seat, call=later.call)
    mid = f"decision.question.{q.key}" + (".designation" if _of_designation(q, ruling) else "")
    if concession and f"{mid}.concession" in catalog("en"):
        return msg(f"{mid}.concession")
    return msg(mid) if mid in catalog("en") else msg("decision.question", law=q.law)


def _of_designation(q: Question, ruling: Ruling | None) -> bool:
    """The question whether declarer's naming of dummy's card was unintended (45C4(b)): of
    a card, not of a call as the same key asks of a change of call (25A)."""
    return ruling is not None and ruling.kind == "unintended_designation" and q.key == "unintended"


def _labels(options: Sequence[Option]) -> list[Msg | str]:
    return [msg("decision.label", label=o.label) for o in options]


__all__ = ["decision", "question_text"]
