"""The ruling book: every kind of ruling the engine makes, in each edition, as a director
reads it — the decision, the full explanation, the options offered and the questions put to
the director — taken from the project's scenarios, one example for each kind, edition and
set of laws cited. A reviewer reads every text in one place, and every change to a text
shows in the diff of ``docs/rulings-ru.md`` / ``docs/rulings-en.md``.

    .venv/bin/python tests/i18n/ruling_book.py      # rewrites both files
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
BOOKS = {"ru": ROOT / "docs" / "rulings-ru.md", "en": ROOT / "docs" / "rulings-en.md"}

HEAD = {
    "ru": ("# Книга решений\n\nКаждый вид решения движка в каждой редакции Правил, как его читает судья: "
           "решение вслух, полное объяснение, варианты и вопросы судье. Примеры взяты из сценариев проекта "
           "(`scenarios/`), по одному на вид решения, редакцию и набор цитируемых правил. Файл создаётся "
           "тестом: `.venv/bin/python tests/i18n/ruling_book.py`.\n"),
    "en": ("# The ruling book\n\nEvery kind of ruling the engine makes, in each edition of the Laws, as a director "
           "reads it: the decision, the full explanation, the options and the questions to the director. The "
           "examples come from the project's scenarios (`scenarios/`), one for each kind, edition and set of laws "
           "cited. The file is written by a test: `.venv/bin/python tests/i18n/ruling_book.py`.\n"),
}
WORDS = {
    "ru": {"decision": "Решение", "summary": "Полностью", "options": "Варианты", "questions": "Вопросы судье",
           "laws": "Правила", "edition": "редакция {} года"},
    "en": {"decision": "Decision", "summary": "In full", "options": "Options", "questions": "Questions to the director",
           "laws": "Laws", "edition": "{} edition"},
}


def _outputs(lang: str) -> Iterator[tuple[Path, dict[str, Any]]]:
    from bridgelaw.i18n.output import localize_state
    from bridgelaw.io.scenario import load_scenario

    for path in sorted(SCENARIOS.rglob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        case.pop("expect", None)
        yield path, localize_state(load_scenario(case).table().to_json(), lang)


def _entries(lang: str) -> dict[str, list[tuple[str, str, dict[str, Any]]]]:
    """By kind: (edition, file, ruling), the first ruling of each kind, edition and laws."""
    seen: set[tuple[str, str, tuple[str, ...]]] = set()
    out: dict[str, list[tuple[str, str, dict[str, Any]]]] = {}
    for path, o in _outputs(lang):
        for r in o["rulings"]:
            key = (r["kind"], o["edition"], tuple(r["laws"]))
            if key in seen:
                continue
            seen.add(key)
            out.setdefault(r["kind"], []).append((o["edition"], str(path.relative_to(ROOT)), r))
    return out


def _ruling(lang: str, edition: str, file: str, r: dict[str, Any]) -> list[str]:
    w = WORDS[lang]
    summary = r["summary_ru"] if lang == "ru" else r["summary"]
    lines = [f"### {', '.join(r['laws']) or '—'} · {w['edition'].format(edition)} · `{file}`", "",
             f"- **{w['decision']}:** {r.get('decision', '')}", f"- **{w['summary']}:** {summary}"]
    labels = [(o.get("label_ru") if lang == "ru" else o.get("label")) or o["id"] for o in r.get("options", [])]
    if labels:
        lines.append(f"- **{w['options']}:** " + "; ".join(f"«{x}»" if lang == "ru" else f"“{x}”" for x in labels))
    questions = [q["text_ru"] if lang == "ru" else q["text"] for q in r.get("questions", [])]
    if questions:
        lines.append(f"- **{w['questions']}:** " + " ".join(questions))
    return [*lines, ""]


def book(lang: str) -> str:
    from bridgelaw.i18n import msg

    lines = [HEAD[lang]]
    for kind, items in sorted(_entries(lang).items()):
        lines += [f"## {msg(f'kind.{kind}').render(lang)} (`{kind}`)", ""]
        for edition, file, r in sorted(items, key=lambda x: (x[0] != "2017", x[2]["laws"], x[1])):
            lines += _ruling(lang, edition, file, r)
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "src"))
    for lang, target in BOOKS.items():
        target.write_text(book(lang), encoding="utf-8")
        print(f"wrote {target.relative_to(ROOT)}")
