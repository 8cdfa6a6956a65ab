"""Invariants of the regular board, over random lawful boards (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw import Board, Deal, Phase, Regulations, Seat, Side, Table, TableConfig
from bridgelaw.core.cards import FULL_DECK
from bridgelaw.demo import random_board_actions
from bridgelaw.laws.scoring.duplicate import contract_score

CONFIGS = [TableConfig(), TableConfig(regulations=Regulations(opening_lead="face_up")), TableConfig(mode="online")]


def random_table(seed: int, config_index: int) -> Table:
    rng = random.Random(seed)
    deal = Deal.random(rng)  # type: ignore[arg-type]
    return random_board_actions(Table(Board.standard(rng.randint(1, 32), deal), CONFIGS[config_index]), rng)


seeds = st.integers(min_value=0, max_value=2**32)
configs = st.integers(min_value=0, max_value=len(CONFIGS) - 1)


@settings(max_examples=60, deadline=None)
@given(seeds, configs)
def test_every_board_ends_with_52_cards_13_tricks_and_a_consistent_score(seed: int, cfg: int) -> None:
    t = random_table(seed, cfg)
    assert t.phase is Phase.ENDED
    if t.passed_out:
        assert t.score_ns == 0 and not t.tricks
        return
    assert len(t.tricks) == 13 and all(tr.complete for tr in t.tricks)
    played = 0
    for tr in t.tricks:
        for c in tr.cards:
            assert not played & c.bit
            played |= c.bit
    assert played == FULL_DECK
    assert all(t.hand(s).mask == 0 for s in Seat)
    assert t.tricks_won(Side.NS) + t.tricks_won(Side.EW) == 13
    c = t.contract
    assert c is not None and t.declarer_tricks == t.tricks_won(c.declarer.side)
    score = contract_score(c, t.declarer_tricks, t.board.vulnerability.is_vulnerable(c.declarer.side))
    assert t.score_ns == (score if c.declarer.side is Side.NS else -score)


@settings(max_examples=25, deadline=None)
@given(seeds, configs, st.lists(st.integers(min_value=0, max_value=200), min_size=1, max_size=5))
def test_replaying_any_prefix_gives_the_same_state_as_stepping(seed: int, cfg: int, cuts: list[int]) -> None:
    t = random_table(seed, cfg)
    actions = list(t.actions)
    stepping = Table(t.board, t.config)
    snapshots = [stepping.to_json()]
    for a in actions:
        stepping.act(a)
        snapshots.append(stepping.to_json())
    for cut in cuts:
        k = cut % (len(actions) + 1)
        assert Table(t.board, t.config, actions[:k]).to_json() == snapshots[k]
        assert t.replay(k).to_json() == snapshots[k]  # from the latest checkpoint


@settings(max_examples=25, deadline=None)
@given(seeds, configs, st.integers(min_value=1, max_value=200))
def test_undo_gives_the_table_before_the_last_action(seed: int, cfg: int, cut: int) -> None:
    t = random_table(seed, cfg)
    k = max(1, cut % (len(t.actions) + 1))
    table = t.replay(k)
    undone = table.undo()
    assert undone.to_json() == Table(t.board, t.config, t.actions[: k - 1]).to_json()
    assert undone.actions == t.actions[: k - 1]
    assert undone.undo().to_json() == Table(t.board, t.config, t.actions[: max(0, k - 2)]).to_json()


@settings(max_examples=40, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=120))
def test_a_seat_view_never_holds_another_seats_hidden_cards(seed: int, cut: int) -> None:
    full = random_table(seed, 0)
    t = full.replay(min(cut, len(full.actions)))
    if t.phase is Phase.ENDED:
        return  # after the board the whole deal is public
    for seat in Seat:
        view = t.view(seat)
        visible = {seat.name}
        if t.lead_faced and t.dummy is not None:
            visible.add(t.dummy.name)
        assert set(view["hands"]) <= visible
        for other in Seat:
            if other.name in visible:
                continue
            hidden = {str(c) for c in t.hand(other)}
            text = repr(view)
            assert not any(f"'{c}'" in text for c in hidden if c not in _public_cards(t))


def _public_cards(t: Table) -> set[str]:
    return {str(p.card) for p in t.penalty_cards}
