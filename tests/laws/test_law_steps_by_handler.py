"""The decisions the Laws make about a lead, a card or a call are the handlers' steps, asked
through the declared hooks of ``Handler`` (9B1, 28A, 41A, 45D/45F, 53, 54B, 60A1): the
Table only asks. Each test asks the step directly, through the handler's ``TableOps``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from auction_helpers import DEAL, calls
from play_helpers import T1_NORTH_WINS, P, table

from bridgelaw.actions import PlayAction
from bridgelaw.core.cards import Card, Seat
from bridgelaw.io.scenario import load_scenario
from bridgelaw.laws.base.handler import Handler
from bridgelaw.laws.editions import EDITIONS
from bridgelaw.table import Table
from bridgelaw.table_ops import TableOpsImpl
from bridgelaw.table_types import ActionRefused


def _handler(t: Table, kind: str) -> Handler:
    h = EDITIONS[t.edition].handler(kind)
    assert h is not None
    return h


def _play(seat: str, card: str, *, by: Seat | None = None, face_down: bool = False) -> PlayAction:
    return PlayAction(Seat.parse(seat), Card.parse(card), by=by, face_down=face_down)


@pytest.mark.law("41A")
def test_41A_opening_lead_judged_by_the_opening_lead_handler() -> None:
    t = table([])  # 4S by North: East is on lead
    h = _handler(t, "opening_lead_out_of_turn")
    ops = TableOpsImpl(t._m)
    assert h.judge_lead(ops, _play("E", "HA", face_down=True)) == "face_down"
    assert h.judge_lead(ops, _play("E", "HA")) == "faced"
    assert h.judge_lead(ops, _play("W", "HJ")) == "out_of_turn"
    face_up = table([], regulations={"opening_lead": "face_up"})
    assert h.judge_lead(TableOpsImpl(face_up._m), _play("E", "HA", face_down=True)) == "faced"


@pytest.mark.law("41A")
def test_41A_no_second_lead_while_a_face_down_lead_waits() -> None:
    t = table([P("E", "HA", face_down=True)])
    h = _handler(t, "opening_lead_out_of_turn")
    with pytest.raises(ActionRefused) as refused:
        h.judge_lead(TableOpsImpl(t._m), _play("E", "HK"))
    assert refused.value.code == "lead_not_faced"


@pytest.mark.law("54B")
def test_54B_the_next_hand_playing_to_an_opening_lead_out_of_turn_accepts_it() -> None:
    t = table([P("W", "HJ")])
    r = t.awaiting
    assert r is not None and r.kind == "opening_lead_out_of_turn"
    h = _handler(t, r.kind)
    ops = TableOpsImpl(t._m)
    assert h.implied_choice(ops, r, _play("N", "H8")) == "accept_lead"
    assert h.implied_choice(ops, r, _play("E", "HA")) is None  # no lead declines it (54)


@pytest.mark.law("9B1")
def test_9B1_before_the_director_comes_the_offenders_partner_is_refused_by_the_handler() -> None:
    t = table([P("W", "HJ")], auto_director=False)
    r = t.rulings[-1]
    h = _handler(t, r.kind)
    ops = TableOpsImpl(t._m)
    with pytest.raises(ActionRefused) as refused:
        h.card_before_ruling(ops, r, _play("E", "HA"))
    assert refused.value.code == "director_needed"
    assert h.card_before_ruling(ops, r, _play("N", "H8"))  # 54B/60A1: the next hand accepts


@pytest.mark.law("45F")
def test_45F_dummy_placing_his_own_card_is_found_by_the_dummy_handler() -> None:
    t = table([P("E", "HA")])  # South is dummy
    h = _handler(t, "dummy_played_card")
    ops = TableOpsImpl(t._m)
    assert h.detects_card(ops, _play("S", "H5", by=Seat.S))
    assert not h.detects_card(ops, _play("S", "H5", by=Seat.N))


@pytest.mark.law("28A")
def test_28A_the_call_out_of_rotation_handler_deems_an_obliged_rhos_pass() -> None:
    # E passes out of turn at N's turn (30A: E must pass at his next turn); N bids 1S:
    # South calling at E's turn is in rotation, E's pass deemed made; West's call is not.
    actions = [*calls("E:P"), {"seat": "S", "choose": "decline"}, *calls("N:1S")]
    t = load_scenario({"format": 1, "edition": "2017", "board": 1, "deal": DEAL, "actions": actions}).table()
    h = _handler(t, "call_out_of_rotation")
    ops = TableOpsImpl(t._m)
    assert h.deemed_pass(ops, Seat.S) is Seat.E
    assert h.deemed_pass(ops, Seat.W) is None
    assert h.deemed_pass(ops, Seat.E) is None  # his own turn
    online = load_scenario({"format": 1, "edition": "2017", "board": 1, "deal": DEAL, "actions": [*calls("N:1S")],
                            "mode": "online"}).table()
    assert h.deemed_pass(TableOpsImpl(online._m), Seat.S) is None


@pytest.mark.law("53A")
@pytest.mark.law("53B")
def test_53A_53B_a_card_to_or_instead_of_a_lead_out_of_turn_is_the_choice_it_implies() -> None:
    t = table([*T1_NORTH_WINS, P("E", "HA")])  # North won the first trick; East led
    r = t.awaiting
    assert r is not None and r.kind == "play_out_of_turn"
    h = _handler(t, r.kind)
    ops = TableOpsImpl(t._m)
    assert h.implied_choice(ops, r, _play("S", "H5")) == "accept"  # dummy's card to it (53A)
    assert h.implied_choice(ops, r, _play("N", "SA")) == "decline"  # declarer's proper lead (53B)
    assert h.implied_choice(ops, r, _play("W", "H2")) is None  # not the chooser's card


@pytest.mark.law("70")
def test_70_the_claims_handler_looks_the_checker_up_when_a_claim_needs_it() -> None:
    """The laws sit below the analysis: the claims handler does not import it; it looks the
    checker up by name, when the solver is installed, the first time a claim is analysed."""
    import bridgelaw.laws.claims.handlers as claims_module
    from bridgelaw.analysis.claims import PendingAnalysis
    from bridgelaw.laws.claims import checker

    assert checker.claim_checker() is PendingAnalysis
    source = Path(claims_module.__file__).read_text(encoding="utf-8")
    assert "bridgelaw.analysis" not in source


@pytest.mark.law("70")
def test_70_import_bridgelaw_loads_no_solver_and_a_claim_is_still_analysed() -> None:
    """The checker is looked up lazily, not handed in as a side effect of importing the
    package: ``import bridgelaw`` loads neither the analysis nor the solver, and the first
    claim brings them in (the solver is installed here)."""
    check = (
        "import sys, bridgelaw\n"
        "from bridgelaw.laws.claims.checker import claim_checker\n"
        "loaded = [m for m in sys.modules if m.split('.')[0] in ('endplay', 'numpy') or m.startswith('bridgelaw.analysis')]\n"
        "assert not loaded, loaded\n"
        "assert claim_checker() is not None and 'bridgelaw.analysis.claims' in sys.modules\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "ok", out.stderr[-2000:]


@pytest.mark.law("70")
def test_70_without_the_solver_there_is_no_checker_and_the_analysis_is_not_imported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bridgelaw.laws.claims import checker

    monkeypatch.setattr(checker, "_CHECKER", [])
    monkeypatch.setattr(checker, "SOLVER", "bridgelaw_no_such_solver")
    monkeypatch.setattr(checker, "CHECKER", "bridgelaw_no_such_module")
    assert checker.claim_checker() is None


@pytest.mark.law("61B")
def test_61B_a_revoke_found_is_a_typed_fact_that_the_inquiry_reads() -> None:
    """The revoke a ruling found is recorded as ``RevokeFact`` (not a data key another
    handler parses); ``ruled_revokes`` is what a revoke inquiry and later revoke rulings read."""
    from bridgelaw.laws.base.facts import RevokeFact
    from bridgelaw.laws.play.revoke_record import ruled_revokes

    # West, void of nothing in diamonds, discards on the diamond lead; East points it out.
    t = table([*T1_NORTH_WINS, P("N", "D5"), P("E", "D2"), P("S", "DA"), P("W", "H2"),
               {"seat": "E", "point_out": "revoke", "offender": "W"}])
    found = [r for r in t.rulings if r.kind == "revoke"]
    assert found
    fact = found[-1].fact(RevokeFact)
    assert fact is not None and fact.seat is Seat.W and (fact.trick, fact.position) == (2, 3)
    assert ruled_revokes(TableOpsImpl(t._m)) == {(2, 3)}
