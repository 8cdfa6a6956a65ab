"""Words for values that players and directors choose, so that no text a person reads
shows an internal code: a director's answers (``{"comparable": true}`` is read as
«сопоставимая заявка: да»)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bridgelaw.i18n.render import Pair

DECISION_KEYS_RU = {
    "comparable": "сопоставимая заявка",
    "unintended": "непреднамеренная заявка",
    "artificial": "искусственная заявка",
    "permit": "разрешить осмотр взятки",
    "tricks": "взяток заявившей стороне",
    "equity_tricks": "взяток по справедливости",
    "adjusted_score": "присуждённый результат",
    "call_differs": "заявка отличается",
    "defect": "дефект взятки",
    "demonstrably_suggested": "явно подсказано",
    "form": "вид сдачи",
    "found": "где найдена карта",
    "logical_alternatives": "логические альтернативы",
    "misinformation": "неверное объяснение",
    "mistaken_explanation": "ошибочное объяснение",
    "play_on": "продолжить розыгрыш",
    "playable": "сдачу можно сыграть",
    "played_before": "сдача уже сыграна",
    "seen": "видели чужую карту",
}
VALUES_RU = {
    "board": "в другом месте", "played": "среди сыгранных карт", "not_found": "не найдена",
    "missing": "не хватает карты", "extra": "лишняя карта", "none": "всё в порядке",
    "original": "исходный вид", "avg+": "среднее плюс", "avg": "среднее", "avg-": "среднее минус",
}


def _value_ru(value: Any) -> str:
    if isinstance(value, bool):
        return "да" if value else "нет"
    if value is None:
        return "без корректировки"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return VALUES_RU.get(value, value if value.isdigit() else "указано")
    if isinstance(value, Mapping):
        return ", ".join(f"{_side_ru(k)} — {_value_ru(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_value_ru(v) for v in value)
    return "указано"


def _side_ru(key: str) -> str:
    return {"ns": "С–Ю", "ew": "В–З", "score_ns": "счёт С–Ю"}.get(key, "")


def decision_text(decision: Mapping[str, Any]) -> Pair:
    """A director's answer: as the data it is in English, in words in Russian."""
    ru = "; ".join(f"{DECISION_KEYS_RU.get(k, 'ответ')}: {_value_ru(v)}" for k, v in decision.items())
    return Pair(str(dict(decision)), ru)
