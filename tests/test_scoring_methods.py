"""Law 78 scoring methods, Law 12 adjusted scores, Law 90 penalties, Law 6 dealing."""

from __future__ import annotations

import itertools
import random

import pytest

from bridgelaw.analysis.dds import dd_table
from bridgelaw.core.calls import Contract, Risk, Strain
from bridgelaw.core.cards import Seat
from bridgelaw.core.deal import Board, Deal
from bridgelaw.dealing import deal_set, deal_set_pbn
from bridgelaw.laws.scoring.duplicate import contract_score
from bridgelaw.laws.scoring.methods import (
    Artificial,
    Assigned,
    Entry,
    Penalty,
    Score,
    Weighted,
    butler,
    butler_datum,
    cross_imps,
    imp_pair_result,
    imps,
    matchpoints,
    neuberg,
    score_board_mp,
    session_ranking,
    total_points,
    traveller,
)


@pytest.mark.law("78B")
@pytest.mark.parametrize(("diff", "expected"), [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (120, 3), (130, 4), (160, 4),
    (170, 5), (210, 5), (220, 6), (260, 6), (270, 7), (310, 7), (320, 8), (360, 8), (370, 9),
    (420, 9), (430, 10), (490, 10), (500, 11), (590, 11), (600, 12), (740, 12), (750, 13),
    (890, 13), (900, 14), (1090, 14), (1100, 15), (1290, 15), (1300, 16), (1490, 16), (1500, 17),
    (1740, 17), (1750, 18), (1990, 18), (2000, 19), (2240, 19), (2250, 20), (2490, 20), (2500, 21),
    (2990, 21), (3000, 22), (3490, 22), (3500, 23), (3990, 23), (4000, 24), (7600, 24), (-450, -10),
])
def test_78B_imp_scale(diff: int, expected: int) -> None:
    assert imps(diff) == expected


@pytest.mark.law("78B")
def test_78B_worked_examples() -> None:
    assert imps(620 - 170) == 10   # vulnerable game made against a part-score
    assert imps(420 - 450) == -1   # an overtrick
    assert imps(1430 - 680) == 13  # a vulnerable slam bid and made against game
    assert imps(-200 - 140) == -8


@pytest.mark.law("78A")
def test_78A_matchpoints_two_per_score_beaten_one_per_tie() -> None:
    scores = [450, 420, 420, 400, 170, -50]
    assert matchpoints(scores) == [10, 7, 7, 4, 2, 0]
    assert sum(matchpoints(scores)) == 6 * 5  # n(n-1) units shared out


@pytest.mark.law("78A")
def test_neuberg_formula() -> None:
    # a board scored 4 times in a field of 6: top 6 -> 10
    assert neuberg(6, 4, 6) == pytest.approx((6 + 1) * 6 / 4 - 1)
    assert neuberg(0, 4, 6) == pytest.approx(0.5)
    assert neuberg(3, 4, 6) == pytest.approx(5.0)  # an average stays an average
    # scores compared among themselves, then scaled
    bs = score_board_mp(1, [Entry(1, "1", "4", Score(s)) for s in (420, 420, 100, -50)], expected=6)
    assert bs.top == 10
    assert bs.ns_mp == pytest.approx([neuberg(5, 4, 6)] * 2 + [neuberg(2, 4, 6), neuberg(0, 4, 6)])


def test_butler_and_cross_imps_and_total_points() -> None:
    scores = [620, 620, 170, 650, -100]
    assert butler_datum(scores) == 470  # (620+620+170)/3 = 470
    assert butler(scores) == [imps(150), imps(150), imps(-300), imps(180), imps(-570)]
    ci = cross_imps([620, 170])
    assert ci == [10.0, -10.0]
    assert total_points([420, -50, 100]) == 470


@pytest.mark.law("12C2(a)")
def test_12C2a_artificial_scores_by_percentage() -> None:
    es = [Entry(1, "1", "4", Score(420)), Entry(1, "2", "5", Score(170)), Entry(1, "3", "6", Artificial("avg+", "avg-"))]
    bs = score_board_mp(1, es)
    assert bs.ns_pct[2] == 60.0 and bs.ew_pct[2] == 40.0
    # the two real results are compared with each other and scaled to three
    assert bs.ns_mp[0] == pytest.approx(neuberg(2, 2, 3))


@pytest.mark.law("12C2(b)")
def test_12C2b_artificial_scores_in_imps() -> None:
    assert imp_pair_result(Artificial("avg+", "avg-"), 420) == 3
    assert imp_pair_result(Artificial("avg-", "avg+"), 420) == -3


@pytest.mark.law("12C1(c)")
def test_12C1c_weighted_score_counts_each_part_by_its_weight() -> None:
    w = Weighted(((0.6, 420), (0.4, -50)))
    es = [Entry(1, "1", "4", w), Entry(1, "2", "5", Score(170))]
    bs = score_board_mp(1, es)
    assert bs.ns_mp[0] == pytest.approx(0.6 * 2 + 0.4 * 0)
    assert imp_pair_result(w, 170) == pytest.approx(0.6 * imps(250) + 0.4 * imps(-220))
    with pytest.raises(ValueError):
        Weighted(((0.5, 420),))


@pytest.mark.law("12C1(a)")
def test_12C1a_assigned_score_replaces_the_table_result() -> None:
    es = [Entry(1, "1", "4", Assigned(420, "4S=")), Entry(1, "2", "5", Score(170))]
    bs = score_board_mp(1, es)
    assert bs.ns_mp == [2.0, 0.0]
    assert traveller(bs)[0]["adjusted"] is True


def _session(rng: random.Random) -> list[Entry]:
    """20 boards, 6 pairs (1-3 sit NS, 4-6 EW, rotating); each board's result is a
    contract chosen from its double-dummy table, scored by Law 77."""
    boards = [Board.standard(n, Deal.random(rng)) for n in range(1, 21)]  # type: ignore[arg-type]
    entries: list[Entry] = []
    for b in boards:
        table = dd_table(b.deal)
        for t in range(3):
            ns, ew = str(1 + t), str(4 + (t + b.number) % 3)
            strain = rng.choice(list(Strain))
            declarer = rng.choice(list(Seat))
            tricks = max(0, min(13, table[(strain, declarer)] + rng.choice((-1, 0, 0, 1))))
            level = max(1, min(7, table[(strain, declarer)] - 6))
            c = Contract(level, strain, Risk.NONE, declarer)
            sc = contract_score(c, tricks, b.vulnerability.is_vulnerable(declarer.side))
            entries.append(Entry(b.number, ns, ew, Score(sc if declarer.side == 0 else -sc), str(c)))
    return entries


def test_session_of_20_boards_6_pairs_ranked_end_to_end() -> None:
    entries = _session(random.Random(7))
    # board 5: one table could not play: avg+/avg- (12C2); board 9: a weighted score
    entries[12] = Entry(5, entries[12].ns, entries[12].ew, Artificial("avg+", "avg-"))
    entries[24] = Entry(9, entries[24].ns, entries[24].ew, Weighted(((0.5, 420), (0.5, -50))))
    ranking = session_ranking(entries, [Penalty("2", 3, fraction_of_top=0.25, reason="slow play")])
    assert len(ranking) == 6 and sorted(r.pair for r in ranking) == list("123456")
    assert ranking[0].rank == 1 and all(a.percent >= b.percent for a, b in itertools.pairwise(ranking))
    assert all(r.top == 20 * 4 for r in ranking)  # every pair played 20 boards, top 4 each
    # the NS and EW matchpoints share out every top except the artificial board's 100%
    total = sum(r.mp + r.penalties for r in ranking)
    assert total == pytest.approx(20 * 3 * 4 + 4 * 0.0, abs=0.05)
    pen = next(r for r in ranking if r.pair == "2")
    assert pen.penalties == pytest.approx(1.0)  # a quarter of a top of 4
    assert sum(r.adjusted_boards for r in ranking) == 4


def test_law6_deal_set_by_board_number_and_pbn() -> None:
    boards = deal_set(4, first=5)
    assert [b.number for b in boards] == [5, 6, 7, 8]
    assert boards[0].dealer is Seat.N and str(boards[1].vulnerability) == "EW"
    assert all(b.deal.is_complete for b in boards)
    assert len({b.deal for b in boards}) == 4
    text = deal_set_pbn(boards, "club")
    assert text.count("[Deal ") == 4 and '[Board "8"]' in text


@pytest.mark.law("86A")
def test_86A_team_play_artificial_score_is_three_imps_against_the_other_table() -> None:
    assert imp_pair_result(Artificial("avg", "avg"), -620) == 0
    assert imp_pair_result(Weighted(((0.5, 420), (0.5, 170))), 170) == pytest.approx(0.5 * imps(250))


@pytest.mark.law("90A")
def test_90A_procedural_penalty_reduces_only_the_offenders_score() -> None:
    entries = [Entry(1, "1", "2", Score(420)), Entry(1, "3", "4", Score(170))]
    plain = {r.pair: r.mp for r in session_ranking(entries)}
    fined = {r.pair: (r.mp, r.penalties) for r in session_ranking(entries, [Penalty("1", 1, fraction_of_top=0.5)])}
    assert fined["1"] == (plain["1"] - 1.0, 1.0) and fined["3"][0] == plain["3"]


@pytest.mark.law("78C")
@pytest.mark.law("78D")
def test_78C_78D_total_points_and_other_methods() -> None:
    assert total_points([420, -50]) == 370
    assert butler([420, 420, 170]) and cross_imps([420, 170])
