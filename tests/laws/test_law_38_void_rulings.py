"""When the director reaches an irregular call that an earlier ruling has already cancelled
(38B cancels the bid above seven and every later call), there is nothing left to rule on,
whatever kind of irregularity the later call was."""

from __future__ import annotations

import pytest

from bridgelaw import Board, Deal, Seat, Table, TableConfig
from bridgelaw.actions import action_from_json

DEAL = Deal.parse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")


@pytest.mark.law("38B")
def test_38B_later_irregular_calls_already_cancelled_need_no_ruling() -> None:
    t = Table(Board.standard(1, DEAL), TableConfig(auto_director=False))
    for seat, call in (("N", "8C"), ("E", "P"), ("S", "1C"), ("W", "XX")):
        t.act(action_from_json({"seat": seat, "call": call}))
    t.act(action_from_json({"seat": "N", "director": True}))
    first, insufficient, redouble = t.rulings
    assert "38B" in first.laws
    for later in (insufficient, redouble):
        assert later.status.value == "closed" and later.options == [] and later.questions == []
        assert "nothing more to rule on" in later.summary
    assert t.awaiting is None
    # 38B/38C: every call from the 8C on is cancelled and a pass is substituted for N
    assert [c.status for c in t.calls[:4]] == ["cancelled"] * 4
    assert [str(c) for _, c in t.standing] == ["P"]
    assert t.turn is Seat.E
