"""Movements (Laws 1-8): every pair meets the opponents the movement promises, plays each
board at most once, and boards are shared between tables only as the movement says."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.session.movements import (
    PHANTOM,
    Movement,
    expected_meetings,
    howell,
    mitchell,
    round_robin,
    swiss_pairings,
    validate,
)


def boards_played(mv: Movement) -> dict[str, Counter[int]]:
    out: dict[str, Counter[int]] = defaultdict(Counter)
    for s in mv.seatings:
        if s.sits_out:
            continue
        for p in (s.ns, s.ew):
            for b in mv.boards(s.board_set):
                out[p][b] += 1
    return out


def check_boards_once(mv: Movement) -> None:
    for pair, counts in boards_played(mv).items():
        assert max(counts.values()) == 1, f"pair {pair} plays a board twice"


@settings(max_examples=60, deadline=None)
@given(tables=st.integers(5, 15), per_set=st.integers(1, 4), data=st.data())
def test_mitchell_pairs_meet_the_other_direction_once_and_never_replay_a_board(tables: int, per_set: int, data: st.DataObject) -> None:
    rounds = tables - 1 if tables % 2 == 0 else tables
    switched = data.draw(st.sets(st.integers(1, rounds)))
    mv = mitchell(tables, per_set, arrow_switch=switched)
    assert validate(mv, meets=expected_meetings(mv)) == []
    assert mv.rounds == rounds and mv.one_field == bool(switched)
    ns = {str(t) for t in range(1, tables + 1)}
    ew = {str(tables + e) for e in range(1, tables + 1)}
    met: dict[str, set[str]] = defaultdict(set)
    for s in mv.seatings:
        assert s.ns in ns and s.ew in ew  # NS stationary, EW moving: never two of one direction
        assert s.table == int(s.ns)
        met[s.ns].add(s.ew)
        met[s.ew].add(s.ns)
        assert s.switched == (s.round in switched)
    for p in ns | ew:
        assert len(met[p]) == rounds
    if tables % 2:
        assert all(met[p] == ew for p in ns)
    check_boards_once(mv)
    # every board set is at exactly one table in every round: no sharing in a Mitchell
    for r in range(1, rounds + 1):
        sets = [s.board_set for s in mv.seatings if s.round == r]
        assert sorted(sets) == list(range(1, tables + 1))


@settings(max_examples=30, deadline=None)
@given(tables=st.integers(3, 8), per_set=st.integers(1, 4), phantom=st.booleans())
def test_howell_every_pair_meets_every_other_once_and_plays_every_set_once(tables: int, per_set: int, phantom: bool) -> None:
    mv = howell(tables, per_set, phantom=phantom)
    assert validate(mv, meets=expected_meetings(mv)) == []
    pairs = mv.pairs()
    assert len(pairs) == 2 * tables - (1 if phantom else 0)
    sets_of: dict[str, list[int]] = defaultdict(list)
    met: dict[str, list[str]] = defaultdict(list)
    for s in mv.seatings:
        for p, o in ((s.ns, s.ew), (s.ew, s.ns)):
            sets_of[p].append(s.board_set)
            met[p].append(o)
    for p in pairs:
        assert sorted(sets_of[p]) == list(range(1, 2 * tables))
        others = [o for o in met[p]]
        assert len(others) == len(set(others)) == 2 * tables - 1
    check_boards_once(mv)
    # a set is at several tables in a round only where the movement says they share
    for r in range(1, mv.rounds + 1):
        by_set: dict[int, set[int]] = defaultdict(set)
        for s in mv.seatings:
            if s.round == r:
                by_set[s.board_set].add(s.table)
        for ts in by_set.values():
            assert len(ts) == 1 or any(ts <= set(g) for g in mv.shared)
    # each set is played by every table's worth of pairs: ``tables`` times in all
    plays = Counter(s.board_set for s in mv.seatings)
    assert set(plays.values()) == {tables}


def test_a_movement_that_replays_a_board_is_refused() -> None:
    mv = mitchell(5)
    bad = mv.seatings[0]
    mv.seatings[1] = type(bad)(bad.table + 1, bad.round + 1, str(bad.table + 1), bad.ew, bad.board_set)
    problems = validate(mv)
    assert any("plays board set" in p or "twice" in p for p in problems)


def test_a_phantom_pair_sits_out_its_opponents() -> None:
    mv = mitchell(5, phantom_ew=8)
    outs = [s for s in mv.seatings if s.sits_out]
    assert len(outs) == mv.rounds and all(s.ew == PHANTOM for s in outs)
    assert validate(mv) == []


def test_an_even_mitchell_without_the_skip_would_replay_boards() -> None:
    with pytest.raises(ValueError):
        mitchell(6, rounds=6)


def test_round_robin_of_teams_meets_everyone_once() -> None:
    rounds = round_robin(["A", "B", "C", "D", "E"])
    met = Counter(frozenset(m) for r in rounds for m in r)
    assert len(rounds) == 5 and set(met.values()) == {1}


def test_swiss_pairs_by_score_without_a_repeat() -> None:
    standing = [("A", 40.0), ("B", 35.0), ("C", 30.0), ("D", 20.0)]
    assert swiss_pairings(standing, set()) == [("A", "B"), ("C", "D")]
    assert swiss_pairings(standing, {frozenset(("A", "B"))}) == [("A", "C"), ("B", "D")]


def test_howell_3_and_5_tables_share_a_board_set_between_tables_in_every_round() -> None:
    # A complete Howell of 5 or 9 rounds where every table has its own set in every round
    # would be a Room square of side 5 or 9 with this shape; of side 5 none exists, and in
    # this construction 3 tables need one set for all three, 5 tables one pair of tables.
    assert howell(3).shared == [(1, 2, 3)]
    assert howell(5).shared == [(2, 5)]
    for n in (4, 6, 7, 8):
        assert howell(n).shared == []


def test_howell_shared_boards_are_accepted_at_both_tables_of_a_live_session() -> None:
    from bridgelaw.session.live import DuplicateSession

    ds = DuplicateSession(movement=howell(5, 2), boards={})
    s2, s5 = ds.movement.at(2, 1), ds.movement.at(5, 1)
    assert s2 is not None and s5 is not None and s2.board_set == s5.board_set
    board = ds.movement.boards(s2.board_set)[0]
    for t in (2, 5):
        ds.apply({"kind": "enter", "table": t, "round": 1, "board": board, "contract": "1NT", "declarer": "N",
                  "tricks": 7})
    assert sum(1 for (b, _, _) in ds.results if b == board) == 2


@settings(max_examples=25, deadline=None)
@given(base=st.integers(3, 15), per_set=st.integers(1, 4))
def test_appendix_mitchell_a_table_and_a_half_share_table_1s_boards_and_no_board_is_replayed(base: int,
                                                                                              per_set: int) -> None:
    from bridgelaw.session.movements import appendix_mitchell

    mv = appendix_mitchell(base, per_set)
    assert validate(mv) == []
    assert mv.tables == base + 1 and mv.rounds == base and mv.shared == [(1, base + 1)]
    check_boards_once(mv)
    ns = {str(t) for t in range(1, base + 2)}
    ew = {str(base + 2 + e) for e in range(base + 2)}
    assert set(mv.pairs()) == ns | ew  # 2·base + 3 pairs: an odd number
    met: dict[str, list[str]] = defaultdict(list)
    byes: Counter[str] = Counter()
    for s in mv.seatings:
        if s.sits_out:
            byes[s.ew] += 1
            assert mv.boards(s.board_set) == []
            continue
        assert s.ns in ns and s.ew in ew and s.table == int(s.ns)  # NS stationary at their tables
        met[s.ns].append(s.ew)
        met[s.ew].append(s.ns)
    for p in ns:  # every NS pair plays every round, a different EW pair each time
        assert len(met[p]) == len(set(met[p])) == base
    for p in ew:  # an EW pair sits out at most one round (the half table) and meets no one twice
        assert len(met[p]) == len(set(met[p])) == base - byes[p] and byes[p] <= 1
    for r in range(1, base + 1):  # a set is at two tables only at table 1 and its appendix
        at: dict[int, set[int]] = defaultdict(set)
        for s in mv.seatings:
            if s.round == r and not s.sits_out:
                at[s.board_set].add(s.table)
        assert all(len(ts) == 1 or ts == {1, base + 1} for ts in at.values())
        assert len(at) == base


def test_appendix_table_shares_table_1s_board_in_a_live_session_and_the_half_table_sits_out() -> None:
    from bridgelaw.session.live import DuplicateSession, SessionError
    from bridgelaw.session.store import movement_from

    ds = DuplicateSession(movement=movement_from({"kind": "appendix_mitchell", "base": 5, "boards_per_set": 2}),
                          boards={})
    s1, s6 = ds.movement.at(1, 1), ds.movement.at(6, 1)
    assert s1 is not None and s6 is not None and s1.board_set == s6.board_set
    board = ds.movement.boards(s1.board_set)[0]
    for t in (1, 6):
        ds.apply({"kind": "enter", "table": t, "round": 1, "board": board, "contract": "2S", "declarer": "S",
                  "tricks": 8})
    assert sum(1 for (b, _, _) in ds.results if b == board) == 2
    bye = ds.movement.at(7, 1)
    assert bye is not None and bye.sits_out
    with pytest.raises(SessionError) as e:
        ds.apply({"kind": "enter", "table": 7, "round": 1, "board": board, "contract": "2S", "declarer": "S",
                  "tricks": 8})
    assert e.value.code == "sit_out"
