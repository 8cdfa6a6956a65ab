"""Helpers the read-aloud tests share: a scenario rendered in Russian and English, one of
its rulings, and the texts of a ruling a director reads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bridgelaw.i18n.output import localize_state
from bridgelaw.io.scenario import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"


def rendered(name: str, edition: str | None = None, **changes: Any) -> dict[str, dict[str, Any]]:
    """The scenario's output in Russian and in English (``edition``: played under the other
    edition's Laws; ``found``: when the revoke pointed out was first pointed out)."""
    case = json.loads((SCENARIOS / name).read_text(encoding="utf-8"))
    case.pop("expect", None)
    if edition:
        case["edition"] = edition
    if "found" in changes:
        for action in case["actions"]:
            if action.get("point_out") == "revoke":
                action["found"] = changes["found"]
    state = run_scenario(load_scenario(case))
    return {lang: localize_state(state, lang) for lang in ("ru", "en")}


def ruling(out: dict[str, Any], kind: str, last: bool = False) -> dict[str, Any]:
    """The first ruling of ``kind`` (the last with ``last``)."""
    found = [r for r in out["rulings"] if r["kind"] == kind]
    return found[-1] if last else found[0]


def texts(r: dict[str, Any]) -> str:
    """The summaries, the decision and the questions of a ruling, in both languages."""
    parts = [r["summary_ru"], r["summary"], r.get("decision", "")]
    parts += [q.get(k, "") for q in r.get("questions", []) for k in ("text", "text_ru")]
    return " ".join(parts)


def every_text(r: dict[str, Any]) -> str:
    """``texts`` and the option labels too."""
    parts = [texts(r)]
    parts += [o.get(k, "") for o in r.get("options", []) for k in ("label", "label_ru")]
    return " ".join(parts)


def played_on(deal: str | None, edition: str, actions: list[dict[str, Any]], board: int = 1,
              **setup: Any) -> dict[str, dict[str, Any]]:
    """``actions`` played on ``deal`` (None: the assistant's board, the hands unknown), in
    Russian and English."""
    case: dict[str, Any] = {"format": 1, "edition": edition, "board": board, "actions": actions, **setup}
    if deal is not None:
        case["deal"] = deal
    state = run_scenario(load_scenario(case))
    return {lang: localize_state(state, lang) for lang in ("ru", "en")}


def calls(first: str, *seq: str) -> list[dict[str, Any]]:
    """The calls ``seq`` in rotation from ``first``."""
    seats = "NESW"
    start = seats.index(first)
    return [{"seat": seats[(start + i) % 4], "call": c} for i, c in enumerate(seq)]


def dummy_plays(*pairs: tuple[str, str]) -> list[dict[str, Any]]:
    """Cards played with South declarer: North's (dummy's) played by him."""
    return [{"seat": s, "play": c, **({"by": "S"} if s == "N" else {})} for s, c in pairs]


def director(**answers: Any) -> dict[str, Any]:
    """The director's answers to the questions put to him."""
    return {"seat": "director", "decide": answers}
