"""Team matches in IMPs (78B, 86) and victory points by the WBF continuous scale."""

from __future__ import annotations

from itertools import pairwise

import pytest

from bridgelaw.session.teams import MatchBoard, team_match, wbf_vp


def test_wbf_vp_a_tie_is_ten_all_and_the_sides_sum_to_twenty() -> None:
    assert wbf_vp(0, 16) == (10.0, 10.0)
    for m in range(0, 80, 3):
        w, lose = wbf_vp(m, 12)
        assert w + lose == pytest.approx(20.0) and w >= lose


def test_wbf_vp_a_blitz_at_fifteen_root_boards() -> None:
    assert wbf_vp(60, 16) == (20.0, 0.0)
    assert wbf_vp(-60, 16) == (0.0, 20.0)
    assert wbf_vp(59, 16)[0] < 20.0


def test_wbf_vp_a_third_of_the_blitz_margin_is_three_quarters_of_the_scale() -> None:
    # at M = X/3 the curve gives (1 - τ) / (1 - τ³) = 1/2 of the winner's half above the tie
    assert wbf_vp(20, 16) == (15.0, 5.0)
    assert wbf_vp(10, 4) == (15.0, 5.0)


def test_wbf_vp_each_further_imp_is_worth_less() -> None:
    values = [wbf_vp(m, 16)[0] for m in range(0, 61)]
    steps = [b - a for a, b in pairwise(values)]
    assert all(s >= 0 for s in steps) and steps[0] > steps[-1]


def test_86_a_team_match_sums_each_boards_swing() -> None:
    res = team_match([MatchBoard(1, 420, -50), MatchBoard(2, -100, 140), MatchBoard(3, 620, 620)])
    assert res.swings == (10, -6, 0)
    assert (res.home_imps, res.away_imps) == (10, 6)
    assert res.home_vp > 10 > res.away_vp
