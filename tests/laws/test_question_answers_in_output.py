"""A question to the director carries, in the table's output, the shape of the answer the
table accepts (``answer``: bool, int in a range, one of some ids, calls or cards, a score,
a name), and a decision that does not fit it is refused with ``wrong_decision`` while the
ruling keeps waiting. Checked on every question the scenario files make the handlers ask."""

from __future__ import annotations

import json
from pathlib import Path

from bridgelaw.actions import Action, Decide
from bridgelaw.io.scenario import load_scenario
from bridgelaw.rulings import ANSWERS, Answer, AnswerType, Json
from bridgelaw.table import Table

ROOT = Path(__file__).resolve().parents[2]
SCENARIO_DIRS = [ROOT / "scenarios", ROOT.parent / "shared" / "scenarios"]

# One value of the wrong shape for each type of answer.
MALFORMED: dict[AnswerType, Json] = {
    AnswerType.BOOL: "nonsense",
    AnswerType.INT: "nonsense",
    AnswerType.CHOICE: "nonsense",
    AnswerType.CARDS: "nonsense",
    AnswerType.ACTIONS: 3,
    AnswerType.SCORE: 3,
    AnswerType.TEXT: 3,
}


def _scenarios() -> list[tuple[str, Table, tuple[Action, ...]]]:
    out = []
    for d in SCENARIO_DIRS:
        for path in sorted(d.rglob("*.json")):
            obj = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(obj, dict) or "deal" not in obj:
                continue
            sc = load_scenario(obj)
            out.append((path.name, Table(sc.board, sc.config), sc.actions))
    return out


def _asked(table: Table) -> list[tuple[str, dict[str, Json]]]:
    """(ruling id, question JSON) for every question in the table's output."""
    return [
        (str(r["id"]), q) for r in table.to_json()["rulings"] for q in r.get("questions", [])
    ]


def test_every_question_in_every_scenario_output_carries_its_answer_schema_and_malformed_answers_are_refused() -> None:
    probed: set[str] = set()
    asked_keys: set[str] = set()
    for name, table, actions in _scenarios():
        for n, action in enumerate(actions):
            table.act(action)
            waiting = table.awaiting
            if waiting is None or not waiting.questions:
                continue
            for q in waiting.questions:
                assert isinstance(q.answer, Answer), f"{name}: question {q.key} has no answer schema"
                shown = next(j for rid, j in _asked(table) if rid == str(waiting.id) and j["key"] == q.key)
                assert shown["answer"] == q.answer.to_json(), (name, q.key)
                asked_keys.add(q.key)
                if q.key in probed:
                    continue
                probed.add(q.key)
                probe = Table(table.board, table.config, actions[: n + 1])
                before = {k: v for k, v in probe.to_json().items() if k != "refused"}
                outcome = probe.act(Decide({q.key: MALFORMED[q.answer.type]}))
                assert not outcome.accepted and outcome.code == "wrong_decision", (name, q.key, outcome)
                assert {k: v for k, v in probe.to_json().items() if k != "refused"} == before, (name, q.key)
                assert probe.awaiting is not None and probe.awaiting.id == waiting.id
        for _, q in _asked(table):
            assert "answer" in q, f"{name}: question {q['key']} is shown without its answer schema"
    # the scenarios ask most of the keys that have a schema (the others have tests of their own)
    assert len(asked_keys) >= 10, sorted(asked_keys)
    assert asked_keys <= set(ANSWERS), sorted(asked_keys - set(ANSWERS))
