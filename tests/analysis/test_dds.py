"""The double-dummy adapter: right answers in our types, and safe under concurrent use."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from bridgelaw.analysis import dds
from bridgelaw.analysis.dds import Position, best_cards, dd_table, dd_tricks, solve
from bridgelaw.core.calls import Strain
from bridgelaw.core.cards import Card, Seat, Side, Suit
from bridgelaw.core.deal import Deal

ROTATED = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def test_dd_table_of_a_symmetric_deal() -> None:
    table = dd_table(ROTATED)
    assert len(table) == 20
    assert table[(Strain.S, Seat.N)] == 7
    assert table[(Strain.N, Seat.E)] == 5


def test_solve_counts_tricks_for_the_side_to_play() -> None:
    pos = Position(ROTATED.hands, None, Seat.E)
    scores = solve(pos)
    assert scores[Card.parse("CA")] == 8
    assert scores[Card.parse("D2")] == 5
    assert dd_tricks(pos, Side.NS) == 5 and dd_tricks(pos, Side.EW) == 8


def test_a_trick_in_progress_is_part_of_the_position() -> None:
    hands = [Card.parse("SA").bit | Card.parse("SK").bit, Card.parse("HA").bit | Card.parse("HK").bit,
             Card.parse("DA").bit | Card.parse("DK").bit, Card.parse("HQ").bit]
    pos = Position((hands[0], hands[1], hands[2], hands[3]), None, Seat.W, (Card.parse("SQ"),))
    assert pos.to_play is Seat.N and pos.remaining == 2
    assert dd_tricks(pos, Side.NS) == 2
    assert set(best_cards(pos)) == {Card.parse("SA"), Card.parse("SK")}


def test_dds_calls_are_serialised_under_concurrent_load() -> None:
    """endplay's DDS crashes when two threads call it at once: the adapter holds one lock."""
    deals = [Deal.random() for _ in range(6)]
    serial = [dd_table(d) for d in deals]
    positions = [Position(d.hands, Suit.S, Seat.W) for d in deals]
    serial_dd = [dd_tricks(p, Side.NS) for p in positions]
    with ThreadPoolExecutor(max_workers=8) as pool:
        tables = list(pool.map(dd_table, deals * 4))
        tricks = list(pool.map(lambda p: dd_tricks(p, Side.NS), positions * 4))
    assert tables == serial * 4
    assert tricks == serial_dd * 4
    assert not dds.DDS_LOCK.locked()
