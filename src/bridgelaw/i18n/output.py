"""The table state in the language a reader asked for: the edge where messages become text.

Everything a person reads — the log, refusal messages, questions to the director and the
options of a ruling — is rendered in ``lang``; ``summary`` (English) and ``summary_ru``
(Russian) are both always present, as the scenario format promises.
"""

from __future__ import annotations

from typing import Any

from bridgelaw.i18n.render import Text, check_lang, localize

# fields that exist in both languages side by side: in Russian output the Russian twin
# becomes the field itself (the twin stays, for readers that use it)
_TWINS = ("label", "text", "title", "message")


def localize_state(state: dict[str, Any], lang: str) -> dict[str, Any]:
    check_lang(lang)
    out: dict[str, Any] = localize(state, lang)
    if lang == "ru":
        _use_russian_twins(out)
    return out


def _use_russian_twins(obj: Any) -> None:
    if isinstance(obj, dict):
        for key in _TWINS:
            twin = obj.get(f"{key}_ru")
            if isinstance(twin, str) and twin and key in obj:
                obj[key] = twin
        for v in obj.values():
            _use_russian_twins(v)
    elif isinstance(obj, list):
        for v in obj:
            _use_russian_twins(v)


__all__ = ["Text", "localize_state"]
