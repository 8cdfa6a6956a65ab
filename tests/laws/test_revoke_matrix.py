"""The revoke test matrix (Law 64A/64B1): every combination of who won the revoke trick
and which side won a later trick gives the transfer the Law prescribes, in both editions."""

from __future__ import annotations

import pytest

from bridgelaw.core.cards import Card, Seat, Suit
from bridgelaw.laws.play.revoke import RevokeFact, transfer_1997, transfer_2017
from bridgelaw.records import TrickRecord

OFFENDER = Seat.W  # revoked on trick 1 (hearts led by N), playing D8 while holding hearts
WHO = {"offender": Seat.W, "partner": Seat.E, "nos": Seat.N, None: None}


def tricks(revoke_winner: str, later: list[str], later_card: str = "C2") -> list[TrickRecord]:
    """Trick 1 is the revoke trick; then one trick per entry of ``later`` won by that hand;
    the offender's card in later tricks is ``later_card``; a final trick to the NOS."""
    out = [TrickRecord(Seat.N, [Seat.N, Seat.E, Seat.S, Seat.W],
                       [Card.parse(c) for c in ("HT", "H9", "H5", "D8")], WHO[revoke_winner])]
    spare = iter(["C3", "C4", "C5", "C6", "C7"])
    for who in later:
        out.append(TrickRecord(Seat.N, [Seat.N, Seat.E, Seat.S, Seat.W],
                               [Card.parse(next(spare)), Card.parse("S3"), Card.parse("S4"), Card.parse(later_card)],
                               WHO[who]))
    out.append(TrickRecord(Seat.N, [Seat.N, Seat.E, Seat.S, Seat.W],
                           [Card.parse(c) for c in ("SA", "S5", "S6", "S7")], Seat.N))
    return out


FACT = RevokeFact(1, 3, OFFENDER, Card.parse("D8"), Suit.parse("H"))

# (who won the revoke trick, later tricks won by) -> (tricks transferred, law)
MATRIX = [
    ("offender", [], 1, "64A1"),
    ("offender", ["offender"], 2, "64A1"),
    ("offender", ["partner"], 2, "64A1"),
    ("offender", ["nos"], 1, "64A1"),
    ("offender", ["offender", "partner"], 2, "64A1"),
    ("partner", [], 1, "64A2"),
    ("partner", ["offender"], 1, "64A2"),
    ("partner", ["partner"], 1, "64A2"),
    ("partner", ["nos"], 1, "64A2"),
    ("nos", [], 0, "64B1"),
    ("nos", ["nos"], 0, "64B1"),
    ("nos", ["offender"], 1, "64A2"),
    ("nos", ["partner"], 1, "64A2"),
    ("nos", ["offender", "partner"], 1, "64A2"),
]


@pytest.mark.law("64A")
@pytest.mark.parametrize(("revoke_winner", "later", "n", "law"), MATRIX)
def test_64A_2017_transfer_matrix(revoke_winner: str, later: list[str], n: int, law: str) -> None:
    assert transfer_2017(tricks(revoke_winner, later), FACT) == (n, law)


@pytest.mark.law("64A")
@pytest.mark.parametrize(("revoke_winner", "later", "n", "law"), MATRIX)
def test_64A_1997_same_as_2017_when_no_later_trick_was_won_with_a_card_of_the_revoke_suit(
    revoke_winner: str, later: list[str], n: int, law: str
) -> None:
    assert transfer_1997(tricks(revoke_winner, later), FACT) == (n, law)


# 1997 64A2: the offender later won a trick with a heart he could have played to trick 1.
MATRIX_1997_EXTRA = [
    ("partner", ["offender"], 2),          # one trick + one more
    ("nos", ["offender", "partner"], 2),   # one trick + one more
    ("nos", ["offender"], 1),              # the offending side won only one trick from the revoke on
    ("offender", ["offender"], 2),         # 64A1 case: unchanged
]


@pytest.mark.law("64A2")
@pytest.mark.parametrize(("revoke_winner", "later", "n"), MATRIX_1997_EXTRA)
def test_64A2_1997_second_trick_when_offender_later_won_with_a_card_of_the_suit_led(
    revoke_winner: str, later: list[str], n: int
) -> None:
    assert transfer_1997(tricks(revoke_winner, later, later_card="HJ"), FACT)[0] == n


@pytest.mark.law("64A2")
@pytest.mark.parametrize(("revoke_winner", "later"), [("partner", ["offender"]), ("nos", ["offender", "partner"])])
def test_64A2_2017_never_more_than_one_trick_when_the_offender_did_not_win_the_revoke_trick(
    revoke_winner: str, later: list[str]
) -> None:
    assert transfer_2017(tricks(revoke_winner, later, later_card="HJ"), FACT) == (1, "64A2")


# A claim or concession that ended the play credited the offending side with later tricks.
MATRIX_CLAIMED = [
    ("offender", 1, 2, "64A1"),   # the revoke trick plus one of the tricks credited by the claim
    ("offender", 0, 1, "64A1"),
    ("nos", 2, 1, "64A2"),        # the offending side won a trick after the revoke, by the claim
    ("nos", 0, 0, "64B1"),
]


@pytest.mark.law("64A")
@pytest.mark.parametrize(("revoke_winner", "claimed", "n", "law"), MATRIX_CLAIMED)
def test_64A_tricks_credited_by_a_claim_count_as_won_after_the_revoke(
    revoke_winner: str, claimed: int, n: int, law: str
) -> None:
    assert transfer_2017(tricks(revoke_winner, [])[:-1], FACT, claimed_later=claimed) == (n, law)
    assert transfer_1997(tricks(revoke_winner, [])[:-1], FACT, claimed_later=claimed) == (n, law)
