"""Property test of the auction laws: random auctions with random irregular calls, random
choices and random director decisions. The engine never crashes, every call made is kept
with a status, the standing calls always form a legal auction (calls accepted under 27A1,
29A, 37A or made by operation of law counting as legal), and every restriction names a law.
"""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

from bridgelaw.actions import CallAction, CallDirector, Choose, Decide, Expose, PlayAction
from bridgelaw.config import TableConfig
from bridgelaw.core.calls import ALL_BIDS, Call, CallKind
from bridgelaw.core.cards import Seat, Suit, cards_of
from bridgelaw.core.deal import Board, Deal
from bridgelaw.laws.auction.regular import double_allowed, redouble_allowed
from bridgelaw.rulings import RulingStatus
from bridgelaw.table import Table

DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
# Laws under which a call stands although it was irregular when made (accepted or condoned),
# or was made by operation of law.
ACCEPTED = {"27A1", "29A", "37A", "35B", "25B1", "25B2(b)(2)", "28A"}
SPECIAL = [Call.PASS, Call.DOUBLE, Call.REDOUBLE, Call.parse("8C"), Call.parse("9N")]
OPEN = (RulingStatus.AWAITING_DIRECTOR, RulingStatus.AWAITING_CHOICE, RulingStatus.AWAITING_DECISION)


def board() -> Board:
    return Board.standard(1, Deal.parse(DEAL))


def any_call() -> st.SearchStrategy[Call]:
    return st.one_of(st.sampled_from(SPECIAL), st.sampled_from(ALL_BIDS[:12]), st.sampled_from(ALL_BIDS))


def next_action(data: st.DataObject, t: Table) -> Any:
    pending = t.awaiting
    if pending is not None:
        if pending.status is RulingStatus.AWAITING_DECISION:
            keys = [q.key for q in pending.questions]
            return Decide({k: data.draw(st.booleans()) for k in keys})
        assert isinstance(pending.chooser, Seat)
        if data.draw(st.integers(0, 9)) == 0:  # someone calls instead (accepting by calling, or refused)
            return CallAction(data.draw(st.sampled_from(list(Seat))), data.draw(any_call()))
        opt = data.draw(st.sampled_from(pending.options))
        params = {"suit": data.draw(st.sampled_from(list(Suit)))} if opt.param else {}
        return Choose(pending.chooser, opt.id, params)
    if t.phase.value != "auction":
        seat = data.draw(st.sampled_from(list(Seat)))
        return CallAction(seat, data.draw(any_call()))  # a call after the final pass (Law 39)
    kind = data.draw(st.integers(0, 19))
    turn = t.turn
    assert turn is not None
    if kind < 10:
        legal = list(t.legal_calls) or [Call.PASS]
        weights = [Call.PASS] * 6 + legal[:8]
        return CallAction(turn, data.draw(st.sampled_from(weights)))
    if kind < 15:
        return CallAction(data.draw(st.sampled_from(list(Seat))), data.draw(any_call()))
    if kind == 15:
        return CallAction(data.draw(st.sampled_from(list(Seat))), data.draw(any_call()), change=True)
    if kind == 16:
        return CallAction(turn, data.draw(any_call()), artificial=True)
    if kind == 17:
        seat = data.draw(st.sampled_from(list(Seat)))
        cards = cards_of(t.hand(seat).mask)
        pick = data.draw(st.lists(st.sampled_from(cards), min_size=1, max_size=2, unique=True))
        if data.draw(st.booleans()):
            return PlayAction(seat, pick[0])
        return Expose(seat, tuple(pick))
    return CallDirector(data.draw(st.sampled_from(list(Seat))))


def check_standing_is_legal(t: Table) -> None:
    standing = [c for c in t.calls if c.status == "stands"]
    prefix: list[tuple[Seat, Call]] = []
    for c in standing:
        expected = prefix[-1][0].lho if prefix else t.dealer
        irregular_ok = c.law in ACCEPTED
        if c.seat is not expected:
            assert irregular_ok, f"{c.seat.name} {c.call} out of turn in {prefix}"
        call = c.call
        if call.kind is CallKind.BID:
            assert call.admissible_level, f"bid above seven stands: {call}"
            last = next((x for _, x in reversed(prefix) if x.kind is CallKind.BID), None)
            assert irregular_ok or call.supersedes(last), f"insufficient {call} over {last}"
        elif call.kind is CallKind.DOUBLE:
            assert irregular_ok or double_allowed(prefix, c.seat), f"inadmissible double in {prefix}"
        elif call.kind is CallKind.REDOUBLE:
            assert irregular_ok or redouble_allowed(prefix, c.seat), f"inadmissible redouble in {prefix}"
        prefix.append((c.seat, call))


def check(t: Table, call_actions: list[int]) -> None:
    for c in t.calls:
        assert c.status in ("stands", "cancelled", "pending")
    made = {c.at_action for c in t.calls}
    for i in call_actions:
        assert i in made, f"the call of action {i} was lost"
    for r in t.restrictions:
        assert r.law, r
    for ruling in t.rulings:
        assert ruling.edition == t.edition
        for cons in ruling.consequences:
            if cons.what == "restriction":
                assert dict(cons.details)["law"], cons
        if ruling.status is RulingStatus.CLOSED:
            assert ruling.laws and ruling.summary and ruling.summary_ru, ruling
    if not any(r.status in OPEN for r in t.rulings) and not any(c.status == "pending" for c in t.calls):
        check_standing_is_legal(t)


# BRIDGELAW_QUICK_FAIL=1 skips shrinking while debugging a failure.
PHASES = [Phase.explicit, Phase.reuse, Phase.generate] if os.environ.get("BRIDGELAW_QUICK_FAIL") else list(Phase)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow], phases=PHASES)
@given(data=st.data(), edition=st.sampled_from(["2017", "1997"]), auto=st.booleans())
def test_random_irregular_auctions_never_break_the_engine(data: st.DataObject, edition: str, auto: bool) -> None:
    t = Table(board(), TableConfig(edition=edition, auto_director=auto))
    call_actions: list[int] = []
    for _ in range(data.draw(st.integers(5, 45))):
        if t.phase.value in ("play", "ended") and t.awaiting is None:
            break
        action = next_action(data, t)
        n = len(t.actions)
        outcome = t.act(action)
        note(f"{action} -> {outcome.code or 'ok'}")
        if outcome.accepted and isinstance(action, CallAction):
            call_actions.append(n)
        check(t, call_actions)
    if not auto:
        t.act(CallDirector(Seat.N))
        check(t, call_actions)
    assert t.to_json()["calls"] == [c.to_json() for c in t.calls]


@settings(max_examples=50, deadline=None)
@given(data=st.data())
def test_online_mode_refuses_every_irregular_call_without_changing_state(data: st.DataObject) -> None:
    t = Table(board(), TableConfig(mode="online"))
    for _ in range(data.draw(st.integers(1, 30))):
        if t.phase.value != "auction":
            break
        before = (list(t.standing), len(t.calls), len(t.rulings), list(t.restrictions))
        seat = data.draw(st.sampled_from(list(Seat)))
        outcome = t.act(CallAction(seat, data.draw(any_call())))
        if not outcome.accepted:
            assert outcome.code
            assert (list(t.standing), len(t.calls), len(t.rulings), list(t.restrictions)) == before
        assert not t.rulings
        check_standing_is_legal(t)
