"""Boards handed to and taken back from endplay (the value types only) come back unchanged:
deal, dealer, vulnerability, calls with alerts, cards and the records that carry them."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("endplay")

from bridgelaw.core.calls import Call
from bridgelaw.core.cards import Card, Seat
from bridgelaw.core.deal import Board, Deal
from bridgelaw.io import endplay_interop as ei
from bridgelaw.io.pbn import read_pbn
from bridgelaw.io.record import RecordedCall

RECORD = """[Board "7"]
[Dealer "S"]
[Vulnerable "All"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
[Declarer "S"]
[Contract "1NT"]
[Result "7"]
[Auction "S"]
1NT Pass Pass Pass
"""


def test_a_deal_and_every_card_survive_the_trip_through_endplay() -> None:
    deal = Deal.random(random.Random(5))
    assert ei.deal_from_endplay(ei.deal_to_endplay(deal)) == deal
    for i in range(52):
        card = Card.from_index(i)
        assert ei.card_from_endplay(ei.card_to_endplay(card)) == card


def test_a_board_keeps_its_number_dealer_and_vulnerability() -> None:
    for n in (1, 6, 16):
        board = Board.standard(n, Deal.random(random.Random(n)))
        back = ei.board_from_endplay(ei.board_to_endplay(board))
        assert (back.number, back.dealer, back.vulnerability, back.deal) == (
            board.number, board.dealer, board.vulnerability, board.deal)


def test_calls_keep_their_alert_and_announcement() -> None:
    for text in ("1C", "3N", "7S", "P", "X", "XX"):
        rc = RecordedCall(Call.parse(text), alert=text == "1C", note="strong" if text == "1C" else None)
        back = ei.call_from_endplay(ei.call_to_endplay(rc))
        assert (back.call, back.alert, back.note) == (rc.call, rc.alert, rc.note)


def test_a_hand_record_comes_back_with_its_auction_and_contract() -> None:
    (rec,) = read_pbn(RECORD)
    back = ei.record_from_endplay(ei.record_to_endplay(rec))
    assert back.deal == rec.deal and back.dealer is Seat.S
    assert [str(c.call) for c in back.calls] == [str(c.call) for c in rec.calls]
    assert back.declarer is Seat.S and back.contract == rec.contract
