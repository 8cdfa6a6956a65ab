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


# The language a preset's players read by default: the Russian federation's is Russian.
PRESET_LANGUAGE = {"wbf2017": "en", "fsbr_face_up": "ru"}


def preset_language(regulations: object) -> str:
    """The default language of a table with these regulations (a preset's, else English)."""
    from bridgelaw.config import PRESETS

    for name, preset in PRESETS.items():
        if preset == regulations:
            return PRESET_LANGUAGE.get(name, "en")
    return "en"


def choose_language(asked: str | None, accept_language: str | None, default: str = "en") -> str:
    """The language to answer in: the one the link asked for (``?lang=ru``), else the first
    language of the Accept-Language header the catalogs have, else ``default``."""
    from bridgelaw.i18n.catalog import LANGUAGES

    if asked in LANGUAGES:
        return str(asked)
    ranked: list[tuple[float, str]] = []
    for part in (accept_language or "").split(","):
        tag, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            continue
        code = tag.strip().lower()[:2]
        if code in LANGUAGES:
            ranked.append((weight, code))
    if ranked:
        return max(ranked, key=lambda x: x[0])[1]
    return default
