"""Laws 18, 19, 22: bids, their order, and the contract."""

from __future__ import annotations

import re

import pytest

from bridgelaw import Call, Contract, ParseError, Risk, Seat, Strain


def test_law_18E_strains_rank_notrump_spades_hearts_diamonds_clubs() -> None:
    assert Strain.N > Strain.S > Strain.H > Strain.D > Strain.C


def test_law_18B_a_bid_supersedes_with_more_tricks_or_a_higher_strain() -> None:
    assert Call.parse("1S").supersedes(Call.parse("1H"))
    assert Call.parse("2C").supersedes(Call.parse("1N"))
    assert not Call.parse("1C").supersedes(Call.parse("1H"))
    assert not Call.parse("1H").supersedes(Call.parse("1H"))
    assert Call.parse("1C").supersedes(None)


@pytest.mark.parametrize("text,expected", [("P", "P"), ("pass", "P"), ("X", "X"), ("XX", "XX"), ("3NT", "3N"), ("7n", "7N")])
def test_calls_parse_from_the_bidding_box_vocabulary(text: str, expected: str) -> None:
    assert str(Call.parse(text)) == expected


def test_calls_are_interned() -> None:
    assert Call.parse("1H") is Call.bid(1, Strain.H)
    assert Call.parse("P") is Call.PASS


@pytest.mark.parametrize("text", ["1X", "0S", "", "8", "S1"])
def test_malformed_call_names_the_problem(text: str) -> None:
    with pytest.raises(ParseError, match=re.escape("is not a call: expected P, X, XX or a bid like 1C..7N")):
        Call.parse(text)


def test_law_38_a_bid_above_seven_exists_but_is_inadmissible() -> None:
    assert not Call.parse("8C").admissible_level
    assert Call.parse("7N").admissible_level


def test_contract_parse_and_roles() -> None:
    c = Contract.parse("4SXN")
    assert (c.level, c.strain, c.risk, c.declarer) == (4, Strain.S, Risk.DOUBLED, Seat.N)
    assert c.dummy is Seat.S and c.opening_leader is Seat.E
    assert str(Contract.parse("3NTXXE")) == "3NXXE"
