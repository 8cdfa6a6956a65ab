"""Law 23: the comparable call, as a question for the director.

Whether a call that replaces a withdrawn one is *comparable* (23A: same or similar meaning,
a subset of the meanings, or the same purpose) depends on the partnership's agreements:
only the director can judge it, so the engine always asks and records the answer. Laws
27B1(b), 30B1(b)(i), 31A2(a) and 32A2(a) then waive further rectification, and 23C leaves
the director a later adjustment if the non-offending side was damaged: a ``23C`` review
flag on the ruling. The 1997 edition has no comparable call (its Law 23 is the damaging
enforced pass, now 72C).
"""

from __future__ import annotations

from bridgelaw.i18n import both
from bridgelaw.laws.base.facts import ComparableAsked
from bridgelaw.laws.base.handler import TableOps
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import JsonMap, Question, Ruling

COMPARABLE = "comparable"

COMPARABLE_QUESTION = Question(
    key=COMPARABLE,
    text=both("comparable.module")[0],
    text_ru=both("comparable.module")[1],
    law="23A",
)


@implements("23A", handling=Handling.DIRECTOR_QUESTION, editions=("2017",))
def ask_comparable(ops: TableOps, ruling: Ruling, replacement: CallRecord) -> None:
    """Let the replacement stand provisionally and ask the director whether it is comparable
    (23A). The handler's ``on_decision`` reads the answer with ``comparable_answer``."""
    ruling.record_fact(ComparableAsked(replacement.index, replacement.seat, replacement.call))
    ops.stand_call(ruling, replacement)
    ops.ask_director(ruling, [_question(ruling, replacement)])


def _question(ruling: Ruling, later: CallRecord) -> Question:
    """The question as put, the call it is about named: the replacement of the call
    withdrawn (27B1(b)); after a call out of rotation, not a replacement: the offender's
    new call at his turn (30B1(b), 31A2, 31B, 32A2, 32B)."""
    mid = "comparable.module.later_call" if ruling.kind == "call_out_of_rotation" else "comparable.module.replacement"
    en, ru = both(mid, seat=later.seat, call=later.call)
    return Question(key=COMPARABLE, text=en, text_ru=ru, law="23A")


def take_replacement(ruling: Ruling) -> int:
    """The replacement the director was asked about, taken once (a second answer finds
    none: a ``KeyError``, and the Table refuses the decision)."""
    asked = ruling.fact(ComparableAsked)
    if asked is None or asked.replacement is None:
        raise KeyError("replacement")
    ruling.record_fact(ComparableAsked(None))
    return asked.replacement


def comparable_answer(ruling: Ruling, decision: JsonMap) -> bool:
    """The director's answer to 23A, recorded on the ruling; KeyError if it is missing (the
    Table then refuses the decision)."""
    if COMPARABLE not in decision:
        raise KeyError(COMPARABLE)
    answer = bool(decision[COMPARABLE])
    ruling.answers[COMPARABLE] = answer
    return answer


@implements("23B", "23C", handling=Handling.RECORD_ONLY, editions=("2017",))
def comparable_relief(ruling: Ruling, law: str) -> None:
    """23B/23C: a comparable replacement ends the rectification under ``law``; the withdrawn
    call is not unauthorized information (16C2 does not apply), but the director may adjust at
    the end of play if the offending side gained (23C)."""
    ruling.cite(law, "23A")
    ruling.flag("23C")
    if "16C" in ruling.flags:
        ruling.flags.remove("16C")
