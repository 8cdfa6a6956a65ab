"""Every question a handler can ask the director carries the shape of its answer, and the
table refuses a decision that does not fit it (code ``wrong_decision``) before anything
changes: the ruling stays open, waiting for a proper answer."""

from __future__ import annotations

import inspect
import json
import pkgutil
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

import bridgelaw.laws
from bridgelaw.io.scenario import load_scenario
from bridgelaw.rulings import Answer, AnswerType, Question
from bridgelaw.table import Table

ROOT = Path(__file__).resolve().parents[2]

# A value that fits and one that does not, for each type of answer.
SAMPLES: dict[AnswerType, tuple[list[Any], list[Any]]] = {
    AnswerType.BOOL: ([True, False], ["yes", 1, None, []]),
    AnswerType.INT: ([0, 7, 13], ["nonsense", 14, -1, True, 2.5]),
    AnswerType.CHOICE: ([], ["nonsense", 3, None]),
    AnswerType.ACTIONS: ([[], ["2S"], "P", ["HK", "3N"]], [["nonsense"], 3, {"a": 1}]),
    AnswerType.CARDS: ([["HK"], "SA", ["HK", "D2"]], [["3N"], ["nonsense"], 3, {"a": 1}]),
    AnswerType.SCORE: ([{"ns": "avg+", "ew": "avg-"}, {"score_ns": -50}, "2S by N"], [{"ns": "best"}, 3, ""]),
    AnswerType.TEXT: (["original"], ["", 3, None]),
}


def every_question() -> list[tuple[str, Question]]:
    """Every Question the law modules define, at module level or on a handler class."""
    found: dict[int, tuple[str, Question]] = {}
    for info in pkgutil.walk_packages(bridgelaw.laws.__path__, "bridgelaw.laws."):
        module = import_module(info.name)
        places: list[tuple[str, Any]] = list(vars(module).items())
        for cls_name, cls in inspect.getmembers(module, inspect.isclass):
            places += [(f"{cls_name}.{k}", v) for k, v in vars(cls).items()]
        for name, value in places:
            items = value if isinstance(value, list | tuple) else [value]
            for q in items:
                if isinstance(q, Question):
                    found[id(q)] = (f"{info.name.removeprefix('bridgelaw.laws.')}.{name}:{q.key}", q)
    return sorted(found.values(), key=lambda x: x[0])


QUESTIONS = every_question()


def test_the_handlers_ask_questions() -> None:
    assert len(QUESTIONS) >= 20


@pytest.mark.parametrize(("where", "question"), QUESTIONS, ids=[w for w, _ in QUESTIONS])
def test_every_question_has_an_answer_schema_that_accepts_and_refuses(where: str, question: Question) -> None:
    answer = question.answer
    assert isinstance(answer, Answer), f"{where} has no answer schema"
    good, bad = SAMPLES[answer.type]
    if answer.type is AnswerType.CHOICE:
        good = list(answer.ids)
        assert good
    for value in good:
        assert answer.problem(value) is None, (where, value)
    for value in bad:
        if value is None and answer.optional:
            continue
        assert answer.problem(value) is not None, (where, value)


def _equity_table() -> tuple[Table, Any]:
    case = json.loads((ROOT / "scenarios/play/64-06-equity-adjustment.json").read_text(encoding="utf-8"))
    sc = load_scenario(case)
    return Table(sc.board, sc.config, sc.actions[:-1]), sc.actions[-1]


def test_64C_a_nonsense_equity_answer_is_refused_and_the_ruling_stays_open() -> None:
    from bridgelaw.actions import Decide

    t, _ = _equity_table()
    before = t.to_json()
    waiting = t.awaiting
    assert waiting is not None
    outcome = t.act(Decide({"equity_tricks": "nonsense"}))
    assert not outcome.accepted and outcome.code == "wrong_decision"
    assert "equity_tricks" in (outcome.message or "") and "whole number" in (outcome.message or "")
    after = t.to_json()
    assert {k: v for k, v in after.items() if k != "refused"} == {k: v for k, v in before.items() if k != "refused"}
    assert t.awaiting is not None and t.awaiting.id == waiting.id


def test_a_decision_with_a_key_the_ruling_did_not_ask_is_refused() -> None:
    from bridgelaw.actions import Decide

    t, _ = _equity_table()
    outcome = t.act(Decide({"equity_tricks": 8, "comparable": True}))
    assert outcome.code == "wrong_decision" and "comparable" in (outcome.message or "")


def test_64C_the_proper_equity_answer_is_accepted() -> None:
    t, last = _equity_table()
    assert t.act(last).accepted
    assert t.awaiting is None


@pytest.mark.parametrize("decision", [{"equity_tricks": "nonsense"}, {"equity_tricks": True}, {"comparable": True}])
def test_64C_a_refused_decision_leaves_no_log_line_only_a_refusal(decision: dict[str, Any]) -> None:
    from bridgelaw.actions import Decide

    t, _ = _equity_table()
    log, refused = t.to_json()["log"], list(t.refused)
    outcome = t.act(Decide(decision))
    assert not outcome.accepted
    assert t.to_json()["log"] == log
    assert [r.code for r in t.refused] == [*(r.code for r in refused), "wrong_decision"]


def test_64C_an_accepted_decision_logs_its_line_before_what_follows_from_it() -> None:
    t, last = _equity_table()
    n = len(t.to_json()["log"])
    assert t.act(last).accepted
    assert "director decides" in t.to_json()["log"][n]
