"""Team play (Law 86): a match's IMPs board by board and victory points by the WBF
continuous scale."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from bridgelaw.session.field import imps, rnd

_TAU = (math.sqrt(5) - 1) / 2  # the golden section, the WBF scale's base


def wbf_vp(margin: float, boards: int, scale: int = 20) -> tuple[float, float]:
    """Victory points for a match won by ``margin`` IMPs over ``boards`` boards, by the WBF
    continuous scale: the winner gets ``half + half · (1 - τ^(3M/X)) / (1 - τ³)`` where
    ``X = 15 √boards`` is the blitz margin and τ = (√5 - 1)/2, all of the scale at
    ``M ≥ X``; rounded to two decimals, the loser gets the rest (the two always sum to
    the scale, a draw is half each).

    Source: "The New WBF IMP to VP Scales", technical report of the WBF Scoring Panel
    (M. Bavin, H. Bethe, B. Bramley, P. Buchen; adopted for the 2013 Bali world
    championships): the continuous 0-20 scale, two decimals, exponential in the margin
    with base τ, blitz at 15·√N IMPs, each further IMP worth no more than the one before;
    and P. Buchen, "A Brief Intro to the New WBF Scales", NSWBA, March 2014
    (https://nswba.com.au/news/news.asp?wbfVPIntro.htm). The report's published tables
    carry "minor corrections" to the plain rounding where it would make an IMP worth more
    than the one before; those corrections are not applied here, so a value may differ
    from the printed table by 0.01."""
    if boards < 1:
        raise ValueError("a match has at least one board")
    half = scale / 2
    x = 15 * math.sqrt(boards)
    m = abs(margin)
    win = float(scale) if m >= x else half + half * (1 - _TAU ** (3 * m / x)) / (1 - _TAU ** 3)
    win = min(float(scale), rnd(win, 2))
    lose = rnd(scale - win, 2)
    return (win, lose) if margin >= 0 else (lose, win)


@dataclass(frozen=True, slots=True)
class MatchBoard:
    board: int
    open_ns: int  # NS score in the open room (the home team NS)
    closed_ns: int  # NS score in the closed room (the home team EW)


@dataclass(frozen=True, slots=True)
class MatchResult:
    home_imps: int
    away_imps: int
    home_vp: float
    away_vp: float
    swings: tuple[int, ...]  # per board, to the home team


def team_match(boards: Sequence[MatchBoard], *, carry_over: int = 0, scale: int = 20) -> MatchResult:
    """A match between two teams: on each board the home team's NS result in one room
    against the away team's NS result in the other, in IMPs (78B)."""
    swings = tuple(imps(b.open_ns - b.closed_ns) for b in boards)
    home = sum(s for s in swings if s > 0) + max(carry_over, 0)
    away = -sum(s for s in swings if s < 0) + max(-carry_over, 0)
    hv, av = wbf_vp(home - away, len(boards), scale)
    return MatchResult(home, away, hv, av, swings)
