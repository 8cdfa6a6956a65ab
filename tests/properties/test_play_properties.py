"""Invariants of the play under irregularities (Laws 41A, 45-64, 67), over random boards
with random irregular leads, plays, exposures and point-outs injected and random choices
and director's answers taken:

* the engine never crashes (every action is applied or refused);
* every card is always in exactly one place: a hand (a penalty card stays in its owner's
  hand and is listed face up), or a trick;
* the board always completes with 13 tricks;
* the result is the tricks won in play plus every recorded trick transfer.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bridgelaw import Board, Deal, Phase, Seat, Side, Table, TableConfig
from bridgelaw.actions import action_from_json
from bridgelaw.core.cards import FULL_DECK, Suit, cards_of
from bridgelaw.laws.play.common import playable_mask
from bridgelaw.laws.play.penalty_cards import DesignationState, PenaltyCardsDue
from bridgelaw.laws.play.tricks import DefectiveTrickState
from bridgelaw.rulings import Ruling, RulingStatus

STRAINS = "CDHSN"
ANSWERS: dict[str, list[Any]] = {
    "equity_tricks": [None, 0, 7, 9, 13],
    "unintended": [True, False],
    "defect": ["none", "missing", "extra"],
    "extra_cards": [None],
}


def new_table(rng: random.Random, edition: str, auto_director: bool = True) -> Table:
    deal = Deal.random(rng)  # type: ignore[arg-type]
    board = Board.standard(rng.randint(1, 16), deal)
    config = TableConfig(edition=edition, auto_director=auto_director)
    t = Table(board, config)
    seat = board.dealer
    bid = f"{rng.randint(1, 7)}{rng.choice(STRAINS)}"
    for call in (bid, "P", "P", "P"):
        t.push(action_from_json({"seat": seat.name, "call": call}))
        seat = seat.lho
    return t


def check_cards(t: Table) -> None:
    """Every card in exactly one place."""
    seen = 0
    for s in Seat:
        m = t.hand(s).mask
        assert not seen & m
        seen |= m
    for tr in t.tricks:
        for c in tr.cards:
            assert not seen & c.bit, f"{c} is in two places"
            seen |= c.bit
    assert seen == FULL_DECK
    for pc in t.penalty_cards:
        assert t.hand(pc.seat).mask & pc.card.bit, f"penalty card {pc.card} is not in {pc.seat.name}'s hand"
    assert len({pc.card for pc in t.penalty_cards}) == len(t.penalty_cards)


def _offered_cards(r: Ruling) -> list[str]:
    """The cards a choice names one of: 51A's candidates, the penalty cards 52 found due,
    or the cards a defective trick's ruling offers (67B)."""
    designation = r.fact(DesignationState)
    if designation is not None and designation.candidates:
        return [str(c) for c in designation.candidates]
    due = r.fact(PenaltyCardsDue)
    if due is not None and due.cards:
        return [str(c) for c in due.cards]
    placing = r.fact(DefectiveTrickState)  # 67: a card the offender may place
    if placing is not None and placing.candidates:
        return [str(c) for c in placing.candidates]
    return []


def answer(t: Table, rng: random.Random) -> None:
    r = t.awaiting
    assert r is not None
    if r.status is RulingStatus.AWAITING_CHOICE:
        o = rng.choice(r.options)
        a: dict[str, Any] = {"seat": str(o.by), "choose": o.id}
        if o.param == "suit":
            a["suit"] = rng.choice("SHDC")
        cards = _offered_cards(r)
        if o.param == "card" and cards:  # 51A: declarer names one of the penalty cards
            a["card"] = rng.choice(cards)
        t.act(action_from_json(a))
        return
    key = r.questions[0].key
    t.act(action_from_json({"seat": "director", "decide": {key: rng.choice(ANSWERS.get(key, [True]))}}))


def lawful_play(t: Table, rng: random.Random) -> None:
    seat = t.turn
    assert seat is not None
    mask = playable_mask(t._m._ops, seat) or t.hand(seat).mask
    card = rng.choice(cards_of(mask))
    t.act(action_from_json({"seat": seat.name, "play": str(card)}))


def irregular(t: Table, rng: random.Random) -> None:
    c = t.contract
    assert c is not None
    kind = rng.choice(["out_of_turn", "any_card", "expose", "point_out", "dummy", "other_point_out"])
    seat = rng.choice(list(Seat))
    if not t.config.auto_director and rng.random() < 0.5:
        t.act(action_from_json({"seat": seat.name, "director": True}))
        return
    held = cards_of(t.hand(seat).mask)
    if not held:
        return
    card = str(rng.choice(held))
    if kind == "out_of_turn":
        t.act(action_from_json({"seat": seat.name, "play": card, "face_down": rng.random() < 0.3}))
    elif kind == "any_card" and t.turn is not None:
        mine = cards_of(t.hand(t.turn).mask)
        if mine:
            t.act(action_from_json({"seat": t.turn.name, "play": str(rng.choice(mine))}))
    elif kind == "expose":
        cards = rng.sample(held, k=min(len(held), rng.choice([1, 1, 2])))
        t.act(action_from_json({"seat": seat.name, "expose": [str(x) for x in cards],
                                "how": rng.choice(["dropped", "shown", "named"])}))
    elif kind == "point_out":
        t.act(action_from_json({"seat": seat.lho.name, "point_out": "revoke", "offender": seat.name,
                                "trick": rng.choice([None, max(1, len(t.tricks))])}))
    elif kind == "dummy" and t.lead_faced:
        t.act(action_from_json({"seat": c.dummy.name, "play": str(rng.choice(cards_of(t.hand(c.dummy).mask))),
                                "by": c.dummy.name}) if t.hand(c.dummy).mask else
              action_from_json({"seat": seat.name, "tempo": "hesitation"}))
    else:
        what = rng.choice(["mistaken_explanation", "unintended_designation", "defective_trick"])
        t.act(action_from_json({"seat": seat.name, "point_out": what, "offender": seat.name,
                                "trick": max(1, len(t.tricks))}))


def play_board(seed: int, edition: str, rate: float, auto_director: bool = True) -> Table:
    rng = random.Random(seed)
    t = new_table(rng, edition, auto_director)
    for _ in range(400):
        check_cards(t)
        if t.phase is Phase.ENDED and t.awaiting is None:
            break
        if t.awaiting is not None:
            answer(t, rng)
        elif t.face_down_lead is not None and rng.random() < 0.8:
            t.act(action_from_json({"seat": t.face_down_lead[0].name, "face_lead": True}))
        elif t.phase is not Phase.ENDED and rng.random() < rate:
            irregular(t, rng)
        elif t.phase is not Phase.ENDED:
            lawful_play(t, rng)
    check_cards(t)
    return t


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(["2017", "1997"]), st.sampled_from([0.1, 0.3]))
@example(1341528, "2017", 0.3)  # 67A1: the offender places his penalty card in the defective trick
def test_irregular_boards_complete_with_every_card_in_one_place(seed: int, edition: str, rate: float) -> None:
    t = play_board(seed, edition, rate)
    assert t.phase is Phase.ENDED and t.awaiting is None, t.to_json()["log"][-5:]
    assert len(t.tricks) == 13 and all(tr.complete for tr in t.tricks)
    assert all(t.hand(s).mask == 0 for s in Seat)
    assert not t.penalty_cards
    assert t.tricks_won(Side.NS) + t.tricks_won(Side.EW) == 13


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(["2017", "1997"]))
def test_result_accounts_for_every_trick_transfer(seed: int, edition: str) -> None:
    t = play_board(seed, edition, 0.25)
    c = t.contract
    assert c is not None
    side = c.declarer.side
    expected = t.tricks_won(side)
    for tr in t.to_json().get("transfers", []):
        expected += tr["tricks"] if tr["to"] == side.name else -tr["tricks"]
    assert t.declarer_tricks == max(0, min(13, expected))


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(["2017", "1997"]))
def test_director_called_late_never_loses_a_card_and_the_board_completes(seed: int, edition: str) -> None:
    """Without auto_director the irregularities wait for a CallDirector; play may go on over
    them (Law 60A) and the rulings must still keep every card in one place."""
    t = play_board(seed, edition, 0.3, auto_director=False)
    assert t.phase is Phase.ENDED and t.awaiting is None
    assert len(t.tricks) == 13 and all(tr.complete for tr in t.tricks)


_ = Suit
