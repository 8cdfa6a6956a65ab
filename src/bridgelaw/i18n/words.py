"""Words for values that players and directors choose, so that no text a person reads
shows an internal code: a director's answers (``{"comparable": true}`` is read as
«сопоставима ли заменяющая заявка: да» / "whether the replacement call is comparable:
yes"), each key and value a catalog message (``answer.*``, ``decision.question.*``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bridgelaw.core.calls import Call
from bridgelaw.core.cards import Card, Seat
from bridgelaw.i18n.catalog import catalog
from bridgelaw.i18n.render import Described, Msg, Pair, msg

# the answers the catalog names by a word (ids of a CHOICE answer, the averages)
_VALUES = {"board", "played", "not_found", "not_his", "missing", "extra", "none", "original", "avg+", "avg", "avg-"}


def _typed(text: str) -> Any:
    """A call or a card the director named ('2S', 'HJ') as a typed value."""
    for parse in (Card.parse, Call.parse):
        try:
            return parse(text)
        except ValueError:
            continue
    return None


def _word(value: str, key: str) -> Any:
    """A text answer in words: an id the catalog names, the player named, a form's name."""
    if value in _VALUES:
        return msg(f"answer.value.{value}")
    if key == "offender" and value in ("N", "E", "S", "W"):
        return Seat[value]  # the player the director named
    if key == "form":
        return Described(value)  # the form's name as the director gave it ('HQ with W')
    return value if value.isdigit() else Pair(value, "указано")


def _value(value: Any, key: str = "") -> Any:
    if isinstance(value, bool | int | float):
        return value
    if value is None:
        return msg("answer.value.no_adjustment")
    if isinstance(value, str):
        return _word(value, key)
    if isinstance(value, Mapping):
        return [msg("answer.side", side=msg(f"answer.side.{k}") if k in ("ns", "ew", "score_ns") else k,
                    value=_value(v)) for k, v in value.items()]
    if isinstance(value, list | tuple):
        if not value:
            return msg("answer.value.nothing")
        return [t if isinstance(v, str) and (t := _typed(v)) is not None else _value(v) for v in value]
    return msg("answer.value.given")


def _key(key: str) -> Msg:
    mid = f"decision.question.{key}"
    return msg(mid) if mid in catalog("en") else msg("answer.key")


def decision_text(decision: Mapping[str, Any]) -> Msg:
    """A director's answer in words: each question asked and its answer."""
    parts = [msg("answer", key=_key(k), value=_value(v, k)) for k, v in decision.items()]
    out = parts[-1] if parts else msg("answer.value.nothing")
    for part in reversed(parts[:-1]):
        out = msg("answer.and", a=part, b=out)
    return out




def answer_problem(answer: Any) -> Msg:
    """What an answer of this shape must be (``rulings.Answer``), for a refused decision:
    in English with the values as the data writes them, in Russian in words."""
    kind = str(getattr(answer.type, "value", answer.type))
    if kind == "int":
        return msg("answer.problem.int.optional" if answer.optional else "answer.problem.int", low=answer.low, high=answer.high)
    if kind == "choice":
        ids = [Pair(repr(i), str(msg(f"answer.value.{i}").render("ru")) if i in _VALUES else i) for i in answer.ids]
        return msg("answer.problem.choice", ids=ids)
    return msg(f"answer.problem.{kind}")


__all__ = ["answer_problem", "decision_text"]
