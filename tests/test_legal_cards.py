"""Table.legal_cards is what a careful player may play: following suit (44C), and once
penalty cards or lead restrictions exist, obeying them too (26, 50, 57A)."""

from __future__ import annotations

import pytest

from bridgelaw import Board, Call, CallAction, Card, Deal, Expose, PlayAction, Seat, Table

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
DEAL = Deal.parse("N:AK32.AK32.AK3.A2 QJT9.QJT9.QJ.QJ3 8765.8765.T98.K4 4.4.76542.T98765")


@pytest.mark.law("50D1")
def test_50D1_a_major_penalty_card_must_be_played_when_it_can() -> None:
    t = Table(Board.standard(1, DEAL))
    for seat, call in ((N, "1N"), (E, "P"), (S, "P"), (W, "P")):
        t.push(CallAction(seat, Call.parse(call)))
    t.push(PlayAction(E, Card.parse("SQ")))
    t.push(PlayAction(S, Card.parse("S5"), by=N))
    t.push(Expose(W, (Card.parse("CT"),), how="shown"))  # a deliberately shown card: major penalty card
    assert any(str(pc.card) == "CT" for pc in t.penalty_cards)
    # W must follow in spades if he can; he holds S4, so the penalty card is not yet playable
    assert {str(c) for c in t.legal_cards} == {"S4"}
    t.push(PlayAction(W, Card.parse("S4")))
    t.push(PlayAction(N, Card.parse("SA")))
    t.push(PlayAction(N, Card.parse("SK")))
    t.push(PlayAction(E, Card.parse("ST")))
    t.push(PlayAction(S, Card.parse("S6"), by=N))
    # void in spades, W must now play the major penalty card (50D1)
    assert {str(c) for c in t.legal_cards} == {"CT"}
