"""Every scenario file run once in each language, and the texts a person reads in the
output: the fields of the rulings, the log, the questions and options, the refusals."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from bridgelaw.i18n.output import localize_state
from bridgelaw.io.scenario import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = (ROOT / "scenarios", ROOT.parent / "shared" / "scenarios")
CASES = [p for folder in FOLDERS if folder.is_dir() for p in sorted(folder.rglob("*.json"))]

# the fields whose value a person reads (in a ruling, a question, an option, a refusal)
READ_FIELDS = ("summary", "summary_ru", "decision", "text", "text_ru", "label", "label_ru", "message", "reason")


def case_id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


@cache
def outputs(path: Path) -> dict[str, dict[str, Any]]:
    """The scenario's output in each language (``None`` for a file the command refuses)."""
    case = json.loads(path.read_text(encoding="utf-8"))
    case.pop("expect", None)
    state = run_scenario(load_scenario(case))
    return {lang: localize_state(state, lang) for lang in ("en", "ru")}


def read_texts(out: dict[str, Any], lang: str) -> Iterator[tuple[str, str]]:
    """(where, text) for every text a person reads in one output. In a Russian output the
    English summary stays English (it is always present), so it is read only in English."""
    for i, line in enumerate(out.get("log", [])):
        yield f"log[{i}]", line
    for i, r in enumerate(out.get("refused", [])):
        yield f"refused[{i}].message", r.get("message", "")
    for i, r in enumerate(out.get("requests", [])):
        if r.get("reason"):
            yield f"requests[{i}].reason", r["reason"]
        yield from ((f"requests[{i}].answer{where}", t) for where, t in _engine_words(r.get("answer")))
    for i, r in enumerate(out.get("rulings", [])):
        where = f"rulings[{i}]"
        for key in ("summary", "summary_ru", "decision"):
            if (key == "summary" and lang == "ru") or (key == "summary_ru" and lang == "en"):
                continue
            yield f"{where}.{key}", r.get(key, "")
        for j, q in enumerate(r.get("questions", [])):
            yield f"{where}.questions[{j}].text", q.get("text_ru" if lang == "ru" else "text", "")
        for j, o in enumerate(r.get("options", [])):
            if "label" in o:
                yield f"{where}.options[{j}].label", o.get("label_ru" if lang == "ru" else "label", "")


def _engine_words(answer: Any, where: str = "") -> Iterator[tuple[str, str]]:
    """The words of an answer the engine itself says (an explanation with no source: 'no
    special agreement'); an explanation a player gave or his card holds is his own."""
    if isinstance(answer, dict):
        if answer.get("source") == "none" and isinstance(answer.get("explanation"), str):
            yield f"{where}.explanation", answer["explanation"]
        for k, v in answer.items():
            yield from _engine_words(v, f"{where}.{k}")
    elif isinstance(answer, list):
        for i, v in enumerate(answer):
            yield from _engine_words(v, f"{where}[{i}]")
