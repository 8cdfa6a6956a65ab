"""The table state in the language a reader asked for: the edge where messages become text.

Everything a person reads — the log, refusal messages, questions to the director and the
options of a ruling — is rendered in ``lang``; ``summary`` (English) and ``summary_ru``
(Russian) are both always present, as the scenario format promises.
"""

from __future__ import annotations

from typing import Any

from bridgelaw.i18n.render import Text, check_lang

# fields that exist in both languages side by side: in Russian output the Russian twin
# becomes the field itself (the twin stays, for readers that use it)
_TWINS = ("label", "text", "title", "message")


def localize_state(state: dict[str, Any], lang: str, memo: dict[int, tuple[Any, Any]] | None = None) -> dict[str, Any]:
    """``state`` with every ``Text`` in it rendered in ``lang`` (and, in Russian, the
    Russian twins put in place). ``memo``: shared by the calls for the several views of
    one change, whose parts are often the same objects (the calls, the tricks, the
    rulings): each such part is then rendered once, not once per view. The result shares
    those parts between the views; it is read, never modified."""
    check_lang(lang)
    out: dict[str, Any] = _localized(state, lang, {} if memo is None else memo)
    return out


def localize_value(obj: Any, lang: str, memo: dict[int, tuple[Any, Any]] | None = None) -> Any:
    """``localize_state`` for any part of a state (a list, a text, a number)."""
    check_lang(lang)
    return _localized(obj, lang, {} if memo is None else memo)


def twinned(key: str) -> bool:
    """Whether ``key`` is a field that has a Russian twin, or is that twin."""
    return key in _TWIN_KEYS


_LEAVES = (str, int, float, bool, type(None))
_TWIN_KEYS = frozenset(_TWINS) | frozenset(f"{k}_ru" for k in _TWINS)


def _localized(obj: Any, lang: str, memo: dict[int, tuple[Any, Any]]) -> Any:
    """A JSON-able value with its ``Text``s rendered and, in Russian, each ``label``,
    ``text``, ``title`` and ``message`` replaced by its non-empty ``*_ru`` twin."""
    if isinstance(obj, dict | list):
        hit = memo.get(id(obj))
        if hit is not None:
            return hit[1]
        out: Any
        if isinstance(obj, dict):
            out = {k: v if type(v) in _LEAVES else _localized(v, lang, memo) for k, v in obj.items()}
            if lang == "ru":
                for key in _TWINS:
                    twin = out.get(f"{key}_ru")
                    if isinstance(twin, str) and twin and key in out:
                        out[key] = twin
        else:
            out = [v if type(v) in _LEAVES else _localized(v, lang, memo) for v in obj]
        memo[id(obj)] = (obj, out)  # the original is held, so its id is not reused meanwhile
        return out
    if isinstance(obj, Text):
        return obj.render(lang)
    return obj


__all__ = ["Text", "localize_state", "localize_value", "twinned"]


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
