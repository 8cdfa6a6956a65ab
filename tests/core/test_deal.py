"""Laws 2 and 6: boards and deals."""

from __future__ import annotations

import pytest

from bridgelaw import Deal, ParseError, Seat, Vulnerability
from bridgelaw.core.deal import dealer_of_board, vulnerability_of_board

DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


@pytest.mark.parametrize(
    "board,dealer,vul",
    [(1, "N", "None"), (2, "E", "NS"), (3, "S", "EW"), (4, "W", "All"), (5, "N", "NS"),
     (8, "W", "None"), (9, "N", "EW"), (13, "N", "All"), (16, "W", "EW"), (17, "N", "None")],
)
def test_law_2_dealer_and_vulnerability_follow_the_16_board_cycle(board: int, dealer: str, vul: str) -> None:
    assert dealer_of_board(board) is Seat.parse(dealer)
    assert vulnerability_of_board(board) is Vulnerability.parse(vul)


def test_pbn_deal_round_trips() -> None:
    deal = Deal.parse(DEAL)
    assert deal.is_complete
    assert Deal.parse(deal.to_pbn()) == deal
    rotated = Deal.parse("E:" + " ".join(DEAL[2:].split()[1:] + DEAL[2:].split()[:1]))
    assert rotated == deal


@pytest.mark.parametrize(
    "text,problem",
    [
        ("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543", "West's hand has 12 cards"),
        ("N:AKQJT98765432... AKQJT98765432... ..AKQJT98765432. ...AKQJT98765432", "twice"),
        ("AKQ", "is not a PBN deal"),
        ("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432.", "has 3 hands"),
        ("N:AKQJT98765431... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432", "is not a rank"),
    ],
)
def test_malformed_deal_names_the_problem(text: str, problem: str) -> None:
    with pytest.raises(ParseError, match=problem):
        Deal.parse(text)


def test_law_6_random_deals_are_complete_and_differ() -> None:
    a, b = Deal.random(), Deal.random()
    assert a.is_complete and b.is_complete
    assert a != b
