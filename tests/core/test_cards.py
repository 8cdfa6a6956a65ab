"""Law 1: the pack, and the seat arithmetic the Laws assume (Law 17C: clockwise)."""

from __future__ import annotations

import pickle

import pytest

from bridgelaw import Card, ParseError, Rank, Seat, Side, Suit
from bridgelaw.core.cards import ALL_CARDS, FULL_DECK, cards_of


def test_law_1_the_pack_has_52_distinct_cards() -> None:
    assert len(ALL_CARDS) == 52
    assert len({c.index for c in ALL_CARDS}) == 52
    assert sum(c.bit for c in ALL_CARDS) == FULL_DECK


def test_law_1A_ranks_ace_high_two_low() -> None:
    assert Rank.ACE > Rank.KING > Rank.TWO
    assert Rank.TEN.is_honour and not Rank.NINE.is_honour


def test_law_1B_suits_rank_spades_hearts_diamonds_clubs() -> None:
    assert Suit.S > Suit.H > Suit.D > Suit.C


def test_cards_are_interned_and_immutable() -> None:
    assert Card.parse("SA") is Card.of(Suit.S, Rank.ACE)
    assert pickle.loads(pickle.dumps(Card.parse("HT"))) is Card.parse("HT")
    with pytest.raises(AttributeError):
        Card.parse("SA").rank = Rank.TWO  # type: ignore[misc]


@pytest.mark.parametrize("text,expected", [("SA", "SA"), ("h10", "HT"), ("DT", "DT"), (" c2 ", "C2")])
def test_card_parsing_accepts_ten_as_10(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["S1", "X2", "", "SAK", "10S"])
def test_card_parsing_names_the_problem(text: str) -> None:
    with pytest.raises(ParseError, match="is not a card"):
        Card.parse(text)


def test_law_17C_seats_go_clockwise() -> None:
    assert Seat.N.lho is Seat.E and Seat.N.rho is Seat.W and Seat.N.partner is Seat.S
    assert Seat.W.lho is Seat.N
    assert Seat.E.side is Side.EW and Seat.S.side is Side.NS
    assert Side.NS.opponents is Side.EW


def test_unknown_seat_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="is not a seat"):
        Seat.parse("Q")


def test_cards_of_mask_round_trip() -> None:
    cards = [Card.parse(t) for t in ("C2", "DK", "SA")]
    mask = sum(c.bit for c in cards)
    assert cards_of(mask) == cards


def test_first_members_are_truthy_so_if_seat_never_means_not_north() -> None:
    from bridgelaw import Strain

    assert all(bool(x) for x in (Seat.N, Side.NS, Suit.C, Strain.C))
