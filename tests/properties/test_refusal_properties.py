"""A refused action changes nothing but the ``refused`` list: over random boards full of
irregularities (calls and cards out of turn, revokes, exposed cards, claims, requests,
choices and director decisions, sensible or not), the table's whole output before and
after every refused action is the same apart from ``refused``. An action whose handler
raises leaves the table exactly as before, and is not kept."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

from bridgelaw.actions import (
    ASK_KINDS,
    Action,
    Ask,
    CallAction,
    CallDirector,
    Choose,
    Claim,
    ClaimResponse,
    Concede,
    Decide,
    Expose,
    FaceLead,
    PlayAction,
    PointOut,
    Tempo,
)
from bridgelaw.config import Regulations, TableConfig
from bridgelaw.core.calls import ALL_BIDS, Call
from bridgelaw.core.cards import Seat, Suit, cards_of
from bridgelaw.core.deal import Board, Deal
from bridgelaw.rulings import RulingStatus
from bridgelaw.table import Phase, Refused, Table

CONFIGS = [
    TableConfig(),
    TableConfig(regulations=Regulations(opening_lead="face_up")),
    TableConfig(auto_director=False),
    TableConfig(edition="1997"),
    TableConfig(mode="online"),
]
NONSENSE: list[Any] = [True, False, 0, 1, 3, 13, -1, 99, "nonsense", None, "N", "SA", "4S", [], {}]


def _decision(rng: random.Random, t: Table) -> Decide:
    pending = t.awaiting
    keys = [q.key for q in pending.questions] if pending is not None else ["comparable"]
    keys += ["equity_tricks", "tricks", "nonsense"]
    picked = rng.sample(keys, rng.randint(1, min(3, len(keys))))
    return Decide({k: rng.choice(NONSENSE) for k in picked})


def _any_card_action(rng: random.Random, t: Table) -> Action:
    seat = rng.choice(list(Seat))
    held = cards_of(t.hand(seat).mask)
    cards = held if held and rng.random() < 0.9 else cards_of(t.hand(seat.lho).mask) or held
    if not cards:
        return Tempo(seat)
    card = rng.choice(cards)
    by = rng.choice([None, None, t.declarer, seat.partner])
    return PlayAction(seat, card, by=by, face_down=rng.random() < 0.2)


def _lawful(rng: random.Random, t: Table) -> Action | None:
    seat = t.turn
    if seat is None:
        return None
    if t.phase is Phase.AUCTION:
        calls = list(t.legal_calls) or [Call.PASS]
        return CallAction(seat, Call.PASS if rng.random() < 0.6 else rng.choice(calls[:10]))
    if t.face_down_lead is not None:
        return FaceLead(t.face_down_lead[0])
    cards = list(t.legal_cards)
    if not cards:
        return None
    return PlayAction(seat, rng.choice(cards), by=t.declarer if seat is t.dummy else None)


def next_action(rng: random.Random, t: Table) -> Action:
    pending = t.awaiting
    roll = rng.random()
    if pending is not None and roll < 0.6:
        if pending.status is RulingStatus.AWAITING_DECISION:
            return _decision(rng, t)
        chooser = pending.chooser if isinstance(pending.chooser, Seat) else rng.choice(list(Seat))
        opt = rng.choice([*pending.options, None]) if pending.options else None
        if opt is None:
            return Choose(rng.choice([chooser, chooser.lho]), "nonsense")
        params = {"suit": rng.choice([*Suit, "X"])} if opt.param else {}
        return Choose(chooser, opt.id, {k: getattr(v, "name", v) for k, v in params.items()})
    if roll < 0.65:
        lawful = _lawful(rng, t)
        if lawful is not None:
            return lawful
    kind = rng.randrange(14)
    seat = rng.choice(list(Seat))
    if kind < 3:
        return CallAction(seat, rng.choice([Call.PASS, Call.DOUBLE, Call.REDOUBLE, *ALL_BIDS[:15], Call.parse("8C")]),
                          change=rng.random() < 0.1)
    if kind < 7:
        return _any_card_action(rng, t)
    if kind == 7:
        return CallDirector(seat)
    if kind == 8:  # late in the play, where the claim analysis is quick
        return Claim(seat, rng.randint(0, 14)) if len(t.tricks) >= 10 or t.phase is not Phase.PLAY else Tempo(seat)
    if kind == 9:
        late = len(t.tricks) >= 10 or t.phase is not Phase.PLAY
        return Concede(seat, rng.randint(0, 13)) if late and rng.random() < 0.5 else ClaimResponse(
            seat, rng.choice(["agree", "dispute"]))
    if kind == 10:
        return PointOut(seat, "revoke", offender=rng.choice(list(Seat)), trick=rng.choice([None, 1, 2, 5]))
    if kind == 11:
        held = cards_of(t.hand(seat).mask)
        return Expose(seat, tuple(rng.sample(held, min(len(held), rng.randint(1, 2))))) if held else Tempo(seat)
    if kind == 12:
        return Ask(seat, rng.choice(sorted(ASK_KINDS)), call_index=rng.choice([None, 0, 1]), trick=rng.choice([None, 1]))
    return _decision(rng, t)


def _without_refused(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k != "refused"}


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(range(len(CONFIGS))))
def test_a_refused_action_changes_nothing_but_the_refused_list(rng: random.Random, cfg: int) -> None:
    t = Table(Board.standard(rng.randint(1, 16), Deal.random(rng)), CONFIGS[cfg])  # type: ignore[arg-type]
    refusals = 0
    for _ in range(100):
        if t.phase is Phase.ENDED and t.awaiting is None:
            break
        action = next_action(rng, t)
        before = t.to_json()
        n = len(t.actions)
        try:
            outcome = t.act(action)
        except Exception as error:  # a handler's failure must not leave a half-applied action
            note(f"{action!r} raised {error!r}")
            assert t.to_json() == before
            assert len(t.actions) == n
            continue
        if outcome.accepted:
            continue
        refusals += 1
        after = t.to_json()
        note(f"refused {action!r}: {outcome.code}")
        assert _without_refused(after) == _without_refused(before), outcome.code
        assert after["refused"][:-1] == before["refused"]
        assert after["refused"][-1]["code"] == outcome.code
        assert len(t.actions) == n + 1
    note(f"{refusals} refusals")


def test_a_refused_push_leaves_the_table_as_before() -> None:
    t = Table(Board.standard(1, Deal.random(random.Random(3))))  # type: ignore[arg-type]
    t.push(CallAction(Seat.N, Call.parse("1C")))
    before = t.to_json()
    with pytest.raises(Refused):
        t.push(Choose(Seat.E, "accept"))
    assert t.to_json() == before
    assert len(t.actions) == 1
