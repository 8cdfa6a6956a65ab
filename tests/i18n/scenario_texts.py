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
READ_FIELDS = ("summary", "summary_ru", "decision", "text", "text_ru", "label", "label_ru", "message")


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
