"""Law 65: the arrangement of tricks, derived from the trick records."""

from __future__ import annotations

from bridgelaw import Board, Call, CallAction, Card, Deal, PlayAction, Seat, Table

DEAL = Deal.parse("N:AK32.AK32.AK3.A2 QJT9.QJT9.QJ.QJ3 8765.8765.T98.K4 4.4.76542.T98765")
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def test_65B_65C_each_player_keeps_his_cards_in_order_turned_towards_the_winners() -> None:
    t = Table(Board.standard(1, DEAL))
    for seat, call in ((N, "1N"), (E, "P"), (S, "P"), (W, "P")):
        t.push(CallAction(seat, Call.parse(call)))
    for seat, card in ((E, "SQ"), (S, "S5"), (W, "S4"), (N, "SA"), (N, "HA"), (E, "H9")):
        t.push(PlayAction(seat, Card.parse(card), by=N if seat is S else None))
    arr = t.arrangement()
    assert arr["E"] == [{"trick": 1, "card": "SQ", "won": False}, {"trick": 2, "card": "H9", "won": None}]
    assert arr["S"] == [{"trick": 1, "card": "S5", "won": True}]
    assert arr["N"][0] == {"trick": 1, "card": "SA", "won": True}
