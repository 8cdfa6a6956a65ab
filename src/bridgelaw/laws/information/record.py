"""The information record of a board, for the director (Laws 16, 21, 73, 75).

The engine cannot judge whether information was used; it records what the director needs:

* **UI sources** - events that may make extraneous information available to a player's
  partner (16B1(a), 73B1): a hesitation, remark or gesture (``Tempo``), a question about a
  single call (20F3), a premature correction of partner's explanation (20F5), an alert that
  the pair's card says is not due or a missing alert that it says is due (16B1(a) names
  both), and an explanation by partner that differs from the card (75A).
* **UI flags** - every later call or play of the partner who received such information,
  marked as taken with UI, with its sources, so the director can ask whether a logical
  alternative was demonstrably suggested (16B1).
* **Misinformation** - calls whose explanation or alert differs from the pair's system card
  (21B1(a): a missing alert is misinformation) and the corrections made under 20F4/20F5.

Everything here is derived from the table's actions and state, so it replays and undoes
with the board. ``request_notes`` renders the request log as text notes (PBN export).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from bridgelaw.actions import CallAction, PlayAction, Tempo
from bridgelaw.core.cards import Seat
from bridgelaw.laws.base.handler import TableView
from bridgelaw.laws.information.disclosure import agreement_of
from bridgelaw.records import CallRecord
from bridgelaw.rulings import Json, JsonDict
from bridgelaw.table_types import Request

RESERVE_RIGHTS = "reserve_rights"
UI_LAWS = ["16B1(a)", "73C1"]


def _same_text(a: str, b: str) -> bool:
    return " ".join(a.casefold().split()) == " ".join(b.casefold().split())


def ui_sources(t: TableView) -> list[JsonDict]:
    """Every event that may be unauthorized information to someone, in action order.
    ``seat`` is who made it available, ``to`` the partner who must not use it."""
    out = [*_tempo_sources(t), *_request_sources(t), *_card_sources(t), *_partner_sources(t)]
    out.sort(key=lambda s: s["at_action"])
    return out


def _source(at: int, seat: Seat, to: Seat, kind: str, laws: list[str]) -> JsonDict:
    return {"at_action": at, "seat": seat.name, "to": to.name, "kind": kind, "laws": laws}


def _tempo_sources(t: TableView) -> list[JsonDict]:
    """A hesitation, remark or gesture (16B1(a), 73B1); a reservation of rights is not one."""
    refused = {r.at_action for r in t.refused}
    return [_source(j, a.seat, a.seat.partner, a.kind, ["16B1(a)", "73B1"]) for j, a in enumerate(t.actions)
            if j not in refused and isinstance(a, Tempo) and a.kind != RESERVE_RIGHTS]


def _request_sources(t: TableView) -> list[JsonDict]:
    """A question about a single call (20F3) or a premature correction of partner's
    explanation (20F5)."""
    return [_source(r.at_action, r.seat, r.seat.partner, "question" if r.granted else "premature_correction",
                    ["16B1(a)", "20F3"] if r.granted else ["16B1(a)", "20F5"])
            for r in t.requests if r.ui]


def _card_sources(t: TableView) -> list[JsonDict]:
    """For each call, an alert the card says is not due or a missing alert it says is due
    (40B2(a)(iii)), and partner's explanation differing from the card once given (75A)."""
    out: list[JsonDict] = []
    for c in t.calls:
        agreement = agreement_of(t, c)
        if agreement is None:
            continue
        if c.alert != agreement.alert:
            kind = "unexpected_alert" if c.alert else "failure_to_alert"
            out.append(_source(c.at_action, c.seat.partner, c.seat, kind, ["16B1(a)", "40B2(a)(iii)"]))
        if c.meaning and not _same_text(c.meaning, agreement.meaning):
            heard = next((r for r in t.requests if r.granted and _explained(r.answer, c.index) and r.at_action > c.at_action), None)
            if heard is not None:
                out.append(_source(heard.at_action, c.seat.partner, c.seat, "partner_explanation", ["75A", "16B1(a)"]))
    return out


def _partner_sources(t: TableView) -> list[JsonDict]:
    """The caller heard his partner's words at the table (75A, 16B1(a))."""
    return [_source(r.at_action, r.seat, c.seat, "partner_explanation", ["75A", "16B1(a)"])
            for r, c, _ in _partner_explanations(t)]


def _explained(answer: Json, index: int) -> bool:
    if not isinstance(answer, dict):
        return False
    calls = answer.get("calls", [answer])
    return any(isinstance(c, dict) and c.get("call_index") == index and "explanation" in c for c in calls)


def acts_of(t: TableView) -> Iterable[tuple[int, Seat, str]]:
    """Every accepted call or play as (action index, the player who chose it, text)."""
    refused = {r.at_action for r in t.refused}
    dummy = t.contract.dummy if t.contract is not None else None
    for j, a in enumerate(t.actions):
        if j in refused:
            continue
        if isinstance(a, CallAction):
            yield j, a.seat, f"call {a.call}"
        elif isinstance(a, PlayAction):
            actor = a.by or (a.seat.partner if a.seat is dummy else a.seat)
            yield j, actor, f"play {a.card}"


def ui_flags(t: TableView) -> list[JsonDict]:
    """Each call or play made after its player received possible UI (16B1(a), 73C1)."""
    sources = ui_sources(t)
    if not sources:
        return []
    flags: list[JsonDict] = []
    for j, actor, text in acts_of(t):
        got = [
            {"at_action": s["at_action"], "seat": s["seat"], "kind": s["kind"]}
            for s in sources if s["to"] == actor.name and s["at_action"] < j
        ]
        if got:
            flags.append({"at_action": j, "seat": actor.name, "action": text, "sources": got, "laws": list(UI_LAWS)})
    return flags


def misinformation(t: TableView) -> list[JsonDict]:
    """Calls whose explanation or alert differs from the pair's card (75D evidence, 21B1(a))
    and the corrections made (20F4, 20F5)."""
    out: list[JsonDict] = []
    for c in t.calls:
        agreement = agreement_of(t, c)
        if agreement is None:
            continue
        issues = []
        if c.meaning and not _same_text(c.meaning, agreement.meaning):
            issues.append("explanation_differs")
        if c.alert != agreement.alert:
            issues.append("unexpected_alert" if c.alert else "failure_to_alert")
        if issues:
            out.append({
                "kind": "discrepancy", "call_index": c.index, "seat": c.seat.name, "call": str(c.call),
                "explanation": c.meaning, "agreement": agreement.meaning, "alert": c.alert,
                "agreement_alert": agreement.alert, "issues": issues, "laws": ["21B1(a)", "75D"],
            })
    out.extend(_partner_discrepancies(t))
    for r in t.requests:
        if r.ask == "correct_explanation" and r.granted:
            out.append({"kind": "correction", "at_action": r.at_action, "call_index": r.call_index,
                        "by": r.seat.name, "laws": list(r.laws)})
    return out


def _partner_explanations(t: TableView) -> Iterable[tuple[Request, CallRecord, str]]:
    """Each explanation a caller's partner gave at the table (20F1) that differs from the
    pair's card: (the request, the call, the agreement)."""
    for r in t.requests:
        if r.ask != "give_explanation" or not r.granted or r.call_index is None or not isinstance(r.answer, dict):
            continue
        c = t.calls[r.call_index]
        agreement = agreement_of(t, c)
        if agreement is not None and not _same_text(str(r.answer["explanation"]), agreement.meaning):
            yield r, c, agreement.meaning


def _partner_discrepancies(t: TableView) -> list[JsonDict]:
    """75D evidence: the partner's own words against the card (a mistaken explanation, or
    a mistaken call, is the director's: 21B1(a), 75)."""
    return [
        {"kind": "discrepancy", "call_index": c.index, "seat": c.seat.name, "call": str(c.call),
         "explanation": r.answer["explanation"], "explained_by": r.seat.name, "agreement": agreement,
         "alert": c.alert, "issues": ["explanation_differs"], "laws": ["21B1(a)", "75D"]}
        for r, c, agreement in _partner_explanations(t)
    ]


def information_record(t: TableView) -> JsonDict:
    return {"ui_flags": ui_flags(t), "misinformation": misinformation(t)}


# -------------------------------------------------------------------- text notes
def _calls_text(answer: JsonDict) -> str:
    parts = []
    for c in answer["calls"]:
        text = c["call"] + ("!" if c.get("alert") else "")
        if "explanation" in c:
            text += f" ({c['explanation']})"
        parts.append(text)
    return " ".join(parts)


def _card_text(answer: JsonDict) -> str:
    card = answer.get("card")
    return f"{answer['pair']} card: {card['system'] if card else 'none on file'}"


def _call_text(answer: JsonDict) -> str:
    call = answer["call"]
    return str(call["call"] if isinstance(call, dict) else call)


# Each kind of answer, by the keys it has, and its note: tried in this order.
_ANSWER_NOTES: tuple[tuple[tuple[str, ...], Callable[[JsonDict], str]], ...] = (
    (("calls",), _calls_text),
    (("contract",), lambda a: str(a["contract"])),
    (("explanation",), lambda a: f"{a['call']}: {a['explanation']} (explained by {a['explained_by']})"),
    (("card", "trick"), lambda a: f"trick {a['trick']}: {a['card']}"),
    (("cards",), lambda a: f"trick {a['trick']}: " + " ".join(f"{s}:{c}" for s, c in a["cards"].items())),
    (("pair",), _card_text),
    (("call",), _call_text),
)


def _answer_text(answer: Json) -> str:
    if not isinstance(answer, dict):
        return ""
    for keys, note in _ANSWER_NOTES:
        if all(k in answer for k in keys):
            return note(answer)
    return ""


def request_note(r: Request) -> str:
    """One request as a text note: '9 W review: granted (41B) - 1S P P P'."""
    target = ""
    if r.call_index is not None:
        target = f" call {r.call_index}"
    if r.trick is not None:
        target = f" trick {r.trick}"
    verdict = "granted" if r.granted else "refused"
    text = f"{r.at_action} {r.seat.name} {r.ask}{target}: {verdict} ({', '.join(r.laws)})"
    if r.ui:
        text += " [UI]"
    if r.reason:
        text += f"; {r.reason}"
    answer = _answer_text(r.answer) if r.granted else ""
    if answer:
        text += f" - {answer}"
    return text


def request_notes(requests: Sequence[Request]) -> list[str]:
    """The request log as text notes, one a request (for PBN {Note}/commentary export)."""
    return [request_note(r) for r in requests]


__all__ = ["acts_of", "information_record", "misinformation", "request_note", "request_notes", "ui_flags", "ui_sources"]
