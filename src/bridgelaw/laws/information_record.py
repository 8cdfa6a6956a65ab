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

from collections.abc import Iterable, Sequence

from bridgelaw.actions import CallAction, PlayAction, Tempo
from bridgelaw.core.cards import Seat
from bridgelaw.laws.base import TableView
from bridgelaw.laws.disclosure import agreement_of
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
    refused = {r.at_action for r in t.refused}
    out: list[JsonDict] = []
    for j, a in enumerate(t.actions):
        if j in refused or not isinstance(a, Tempo) or a.kind == RESERVE_RIGHTS:
            continue
        out.append({"at_action": j, "seat": a.seat.name, "to": a.seat.partner.name, "kind": a.kind, "laws": ["16B1(a)", "73B1"]})
    for r in t.requests:
        if r.ui:
            kind = "question" if r.granted else "premature_correction"
            laws = ["16B1(a)", "20F3"] if r.granted else ["16B1(a)", "20F5"]
            out.append({"at_action": r.at_action, "seat": r.seat.name, "to": r.seat.partner.name, "kind": kind, "laws": laws})
    for c in t.calls:
        agreement = agreement_of(t, c)
        if agreement is None:
            continue
        if c.alert != agreement.alert:
            kind = "unexpected_alert" if c.alert else "failure_to_alert"
            out.append({"at_action": c.at_action, "seat": c.seat.partner.name, "to": c.seat.name, "kind": kind,
                        "laws": ["16B1(a)", "40B2(a)(iii)"]})
        if c.meaning and not _same_text(c.meaning, agreement.meaning):
            for r in t.requests:
                if r.granted and _explained(r.answer, c.index) and r.at_action > c.at_action:
                    out.append({"at_action": r.at_action, "seat": c.seat.partner.name, "to": c.seat.name,
                                "kind": "partner_explanation", "laws": ["75A", "16B1(a)"]})
                    break
    for r, c, _ in _partner_explanations(t):  # the caller heard his partner's words (75A, 16B1(a))
        out.append({"at_action": r.at_action, "seat": r.seat.name, "to": c.seat.name,
                    "kind": "partner_explanation", "laws": ["75A", "16B1(a)"]})
    out.sort(key=lambda s: s["at_action"])
    return out


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
def _answer_text(answer: Json) -> str:
    if not isinstance(answer, dict):
        return ""
    if "calls" in answer:
        parts = []
        for c in answer["calls"]:
            text = c["call"] + ("!" if c.get("alert") else "")
            if "explanation" in c:
                text += f" ({c['explanation']})"
            parts.append(text)
        return " ".join(parts)
    if "contract" in answer:
        return str(answer["contract"])
    if "explanation" in answer:
        return f"{answer['call']}: {answer['explanation']} (explained by {answer['explained_by']})"
    if "card" in answer and "trick" in answer:
        return f"trick {answer['trick']}: {answer['card']}"
    if "cards" in answer:
        return f"trick {answer['trick']}: " + " ".join(f"{s}:{c}" for s, c in answer["cards"].items())
    if "pair" in answer:
        card = answer.get("card")
        return f"{answer['pair']} card: {card['system'] if card else 'none on file'}"
    if "call" in answer:
        call = answer["call"]
        return str(call["call"] if isinstance(call, dict) else call)
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
