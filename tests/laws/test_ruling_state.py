"""What the revoke, trick, procedure, claim, board and holding handlers remember between
the steps of a ruling is a frozen state type of the handler, not string keys of
``Ruling.data``; the claim checker's figures, the director's note and an adjusted score
(Law 12C) are typed attributes of the ruling."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from bridgelaw.actions import Decide, action_from_json
from bridgelaw.config import TableConfig
from bridgelaw.core.cards import Seat
from bridgelaw.core.deal import Board, Deal
from bridgelaw.io.scenario import load_scenario
from bridgelaw.laws.base.facts import RevokeAttention
from bridgelaw.laws.board.problems import BoardState
from bridgelaw.laws.claims.state import ClaimState
from bridgelaw.laws.play.procedure import DummyBreachState
from bridgelaw.laws.play.tricks import DefectiveTrickState, DesignationState
from bridgelaw.rulings import AdjustedScore, RulingState
from bridgelaw.table import Table

OWN = Path(__file__).resolve().parents[2] / "scenarios"

# the state each kind records when it is opened
STATES: dict[str, type[RulingState]] = {
    "revoke": RevokeAttention,
    "defective_trick": DefectiveTrickState,
    "unintended_designation": DesignationState,
    "dummy_limitation": DummyBreachState,
    "claim": ClaimState,
    "board": BoardState,
}
KINDS = {*STATES, "holding_unknown"}
# the keys the Table itself writes on every ruling (the irregular action, the call)


def _tables() -> list[Table]:
    out: list[Table] = []
    for path in sorted(OWN.rglob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        case.pop("expect", None)
        out.append(load_scenario(case).table())
    return out


def test_every_ruling_of_these_kinds_keeps_its_own_state_typed_not_as_data_keys() -> None:
    seen: set[str] = set()
    for t in _tables():
        for r in t.rulings:
            if r.kind not in KINDS:
                continue
            seen.add(r.kind)
            if r.kind in STATES:
                assert r.fact(STATES[r.kind]) is not None, r.kind
    assert seen == KINDS  # the project's scenarios rule on every one of these kinds


@pytest.mark.parametrize("state", sorted(STATES.values(), key=str), ids=str)
def test_a_ruling_state_is_a_frozen_value(state: type[RulingState]) -> None:
    assert dataclasses.is_dataclass(state)
    assert state.__dataclass_params__.frozen


DEAL = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def test_12C_an_assigned_score_is_recorded_on_the_ruling_and_shown_as_the_result() -> None:
    actions: list[dict[str, Any]] = [{"seat": s, "call": c} for s, c in (("N", "1N"), ("E", "P"), ("S", "P"), ("W", "P"))]
    actions += [{"seat": "E", "concede": 13}, {"seat": "N", "claim_response": "agree"},
                {"seat": "E", "report": "incorrect_number", "hands": ["N", "E"]}]
    t = Table(Board.standard(1, DEAL), TableConfig(), [action_from_json(a) for a in actions])
    t.act(Decide({"adjusted_score": {"score_ns": 90}}))
    board = next(r for r in t.rulings if r.kind == "board")
    assert board.adjusted == AdjustedScore(score_ns=90) and not board.adjusted.artificial
    assert t.to_json()["result"]["adjusted"] == {"score_ns": 90}


def test_69A_an_agreed_claim_records_who_agreed_and_when() -> None:
    actions: list[dict[str, Any]] = [{"seat": s, "call": c} for s, c in (("N", "1N"), ("E", "P"), ("S", "P"), ("W", "P"))]
    actions += [{"seat": "E", "play": "ST"}, {"seat": "N", "claim": 13}]
    t = Table(Board.standard(1, DEAL), TableConfig(), [action_from_json(a) for a in actions])
    t.act(action_from_json({"seat": "E", "claim_response": "agree"}))
    t.act(action_from_json({"seat": "W", "claim_response": "agree"}))
    claim = next(r for r in t.rulings if r.kind == "claim")
    st = claim.fact(ClaimState)
    assert st is not None and st.stage == "agreed" and st.agreed == (Seat.E, Seat.W) and st.claimer is Seat.N
    assert st.agreed_at == len(t.actions) - 1


def test_a_ruling_keeps_no_untyped_data_every_step_is_a_typed_state() -> None:
    """What a handler remembers between steps is a frozen state type of its own, and what
    the ruling is about is its typed ``call``/``action``: there is no open dict left."""
    from dataclasses import fields

    from bridgelaw.rulings import Ruling

    assert "data" not in {f.name for f in fields(Ruling)}
