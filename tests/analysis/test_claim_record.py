"""The claim checker's analysis is made once, logged with the claim, read back on replay,
and shown to the director only (Laws 68-70)."""

from __future__ import annotations

from typing import Any

import pytest

from bridgelaw import Board, Call, CallAction, Card, Deal, PlayAction, Seat, Table
from bridgelaw.actions import (
    Claim,
    ClaimResponse,
    Concede,
    Decide,
    action_from_json,
    action_to_json,
)
from bridgelaw.errors import ParseError

# N holds every spade: 7S by N, E leads the heart ace; S (dummy) is not the claimer.
DEAL = Deal.parse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
SHAPE = {"exact", "claimed", "double_dummy", "worst_normal", "proposal", "line"}


def _played() -> Table:
    t = Table(Board.standard(1, DEAL))
    for seat, call in ((Seat.N, "7S"), (Seat.E, "P"), (Seat.S, "P"), (Seat.W, "P")):
        t.push(CallAction(seat, Call.parse(call)))
    t.push(PlayAction(Seat.E, Card.parse("HA")))
    return t


def _disputed() -> Table:
    t = _played()
    t.push(Claim(Seat.N, 12, "all trumps"))
    t.push(ClaimResponse(Seat.E, "dispute"))
    return t


def _claim_ruling(view: dict[str, Any]) -> dict[str, Any]:
    return next(r for r in view["rulings"] if r["kind"] == "claim")


@pytest.mark.law("70A")
def test_70A_the_analysis_is_logged_with_the_claim_when_it_is_made() -> None:
    t = _disputed()
    claim = next(a for a in t.actions if isinstance(a, Claim))
    assert claim.analysis is not None and set(claim.analysis) >= SHAPE
    logged = action_to_json(claim)
    assert logged["analysis"] == claim.analysis
    assert action_from_json(logged).analysis == claim.analysis


@pytest.mark.law("70A")
def test_70A_a_replay_reads_the_logged_analysis_and_never_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    t = _disputed()
    logged = [action_from_json(action_to_json(a)) for a in t.actions]  # the log as written
    made = _claim_ruling(t.to_json())["analysis"]

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("a replay searched again")

    monkeypatch.setattr("bridgelaw.analysis.claims.analyse_claim", no_search)
    again = Table(t.board, t.config, logged)
    assert _claim_ruling(again.to_json())["analysis"] == made


@pytest.mark.law("68D2(b)")
def test_68D2b_a_log_of_200_claims_loads_without_a_search(monkeypatch: pytest.MonkeyPatch) -> None:
    t = _played()
    for _ in range(200):  # each claim disputed, then play goes on at everyone's agreement
        t.push(Claim(Seat.N, 12, "all trumps"))
        t.push(ClaimResponse(Seat.E, "dispute"))
        t.push(Decide({"play_on": True}))
    logged = [action_from_json(action_to_json(a)) for a in t.actions]
    calls = []
    monkeypatch.setattr("bridgelaw.analysis.claims.analyse_claim", lambda *a, **k: calls.append(a))
    again = Table(t.board, t.config, logged)
    assert calls == []
    assert sum(1 for r in again.to_json()["rulings"] if "analysis" in r) == 200


@pytest.mark.law("70A")
def test_70A_the_director_sees_the_analysis_with_the_70C_point() -> None:
    r = _claim_ruling(_disputed().view("director"))
    a = r["analysis"]
    assert set(a) >= SHAPE and a["exact"] is True
    assert a["claimed"] == 12 and a["double_dummy"] == 13 and a["proposal"] == 12 and a["verdict"] == "valid"
    assert "trump_outstanding" in a and "trump_mentioned" in a
    assert all(isinstance(c, str) for c in a["line"])


@pytest.mark.law("70A")
@pytest.mark.parametrize("seat", list(Seat))
def test_70A_no_player_view_carries_the_analysis(seat: Seat) -> None:
    view = _disputed().view(seat)
    assert all("analysis" not in r for r in view["rulings"])
    assert "analysis" not in str(view)


@pytest.mark.law("68B1")
def test_68B1_a_concession_is_analysed_and_logged_too() -> None:
    t = _played()
    t.push(Concede(Seat.N, 1))
    concession = t.actions[-1]
    assert isinstance(concession, Concede) and concession.analysis is not None
    assert concession.analysis["claimed"] == 12  # the share the conceder keeps: 13 less 1


def test_a_recorded_analysis_that_is_not_one_is_a_clear_error() -> None:
    with pytest.raises(ParseError, match="analysis needs"):
        action_from_json({"seat": "N", "claim": 3, "analysis": {"exact": True, "claimed": 3}})


def _old_log(actions: list[Any]) -> list[Any]:
    """``actions`` as a log written before analyses were logged: no ``analysis``."""
    out = []
    for a in actions:
        obj = action_to_json(a)
        obj.pop("analysis", None)
        out.append(action_from_json(obj))
    return out


def _count_searches(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    from bridgelaw.analysis import claims as analysis

    calls: list[object] = []
    real = analysis.analyse_claim

    def counted(*a: Any, **k: Any) -> Any:
        calls.append(a)
        return real(*a, **k)

    monkeypatch.setattr(analysis, "analyse_claim", counted)
    monkeypatch.setattr(analysis, "_MEMO", type(analysis._MEMO)())
    return calls


@pytest.mark.law("70A")
def test_70A_an_old_log_loads_without_a_search_and_is_analysed_when_first_read(monkeypatch: pytest.MonkeyPatch) -> None:
    t = _played()
    t.push(Claim(Seat.N, 12, "all trumps"))
    old = _old_log(t.actions)
    calls = _count_searches(monkeypatch)
    again = Table(t.board, t.config, old)
    assert calls == []  # folding the log searched nothing
    ruling = _claim_ruling(again.view("director"))
    assert set(ruling["analysis"]) >= SHAPE and ruling["analysis"]["proposal"] == 12
    _claim_ruling(again.view("director"))
    assert len(calls) == 1


@pytest.mark.law("70A")
def test_70A_an_old_log_folded_again_does_not_search_again(monkeypatch: pytest.MonkeyPatch) -> None:
    old = _old_log(_disputed().actions)  # the dispute reads the figures: made on folding
    calls = _count_searches(monkeypatch)
    first = Table(_played().board, _played().config, old)
    again = Table(_played().board, _played().config, old)
    assert _claim_ruling(first.view("director"))["analysis"] == _claim_ruling(again.view("director"))["analysis"]
    assert len(calls) == 1


@pytest.mark.law("70A")
def test_70A_a_pending_analysis_answers_the_figures_that_need_no_search_without_searching() -> None:
    from bridgelaw.analysis.claims import PendingAnalysis
    from bridgelaw.analysis.dds import Position

    t = _played()
    hands = tuple(int(t.hand(s).mask) for s in Seat)
    pos = Position((hands[0], hands[1], hands[2], hands[3]), None, Seat.S, ())
    p = PendingAnalysis(pos, Seat.N, 12, "all trumps")
    assert p["claimed"] == 12 and p.get("trump_mentioned") is True and bool(p)
    assert not p.made
