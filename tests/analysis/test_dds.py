"""The double-dummy adapter: right answers in our types, and safe under concurrent use."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest

from bridgelaw.analysis import dds
from bridgelaw.analysis.dds import Position, best_cards, dd_table, dd_tricks, solve
from bridgelaw.core.calls import Strain
from bridgelaw.core.cards import Card, Seat, Side, Suit, cards_of
from bridgelaw.core.deal import Deal

ROTATED = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def test_dd_table_of_a_symmetric_deal() -> None:
    table = dd_table(ROTATED)
    assert len(table) == 20
    assert table[(Strain.S, Seat.N)] == 7
    assert table[(Strain.N, Seat.E)] == 5


def test_a_search_after_the_solver_gave_its_memory_back_finds_the_same_tricks() -> None:
    before = dd_table(ROTATED)
    dds.free_memory()
    dds.free_memory()  # given back twice: nothing is freed twice
    assert dd_table(ROTATED) == before
    assert dd_tricks(Position(ROTATED.hands, None, Seat.E), Side.EW) == 8


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


def _small_positions(n: int) -> list[Position]:
    """Positions of five cards a hand (fractions of a millisecond each to solve): the five
    lowest cards of each hand of a fixed set of deals."""
    out = []
    for k in range(n):
        deal = Deal.parse(ROTATED.to_pbn())
        hands = [sum(c.bit for c in cards_of(h)[:5]) for h in deal.hands]
        # rotate which hand holds which five so the positions differ
        hands = hands[k % 4:] + hands[:k % 4]
        trump = (None, Suit.S, Suit.H, Suit.D, Suit.C)[k % 5]
        out.append(Position((hands[0], hands[1], hands[2], hands[3]), trump, Seat(k % 4)))
    return out


def test_dds_calls_are_serialised_under_concurrent_load(monkeypatch: pytest.MonkeyPatch) -> None:
    """endplay's DDS crashes when two threads call it at once: the adapter holds one lock.

    Every call into DDS is wrapped to count how many are inside at the same moment; eight
    threads firing small solves and two DD tables at once never have two inside, and get
    the answers a single thread gets."""
    ep = dds._ep()
    inside, most = [0], [0]
    guard = threading.Lock()

    def counted(real: Callable[..., object]) -> Callable[..., object]:
        def call(*args: object, **kwargs: object) -> object:
            with guard:
                inside[0] += 1
                most[0] = max(most[0], inside[0])
            try:
                return real(*args, **kwargs)
            finally:
                with guard:
                    inside[0] -= 1
        return call

    monkeypatch.setattr(ep, "solve_board", counted(ep.solve_board))
    monkeypatch.setattr(ep, "calc_dd_table", counted(ep.calc_dd_table))
    positions = _small_positions(40)
    serial = [dd_tricks(p, Side.NS) for p in positions]
    serial_best = [best_cards(p) for p in positions]
    with ThreadPoolExecutor(max_workers=8) as pool:
        tables = [pool.submit(dd_table, ROTATED) for _ in range(2)]
        tricks = list(pool.map(lambda p: dd_tricks(p, Side.NS), positions * 3))
        best = list(pool.map(best_cards, positions * 2))
    assert tricks == serial * 3
    assert best == serial_best * 2
    assert all(t.result()[(Strain.S, Seat.N)] == 7 and t.result()[(Strain.N, Seat.E)] == 5 for t in tables)
    assert most[0] == 1
    assert not dds.DDS_LOCK.locked()
