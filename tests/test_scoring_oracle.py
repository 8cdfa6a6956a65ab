"""Law 77 against an independent oracle: endplay's own scoring of a contract.

Every level x strain x risk x vulnerability x tricks taken (7 x 5 x 3 x 2 x 14 = 2,940
cases) must give the same score; a handful of hand-checked sanity values pin the oracle
itself (so a bug shared by both cannot pass unnoticed)."""

from __future__ import annotations

import itertools

import pytest
from endplay.types import Contract as EpContract
from endplay.types import Denom, Penalty, Player, Vul

from bridgelaw.core.calls import Contract, Risk, Strain
from bridgelaw.core.cards import Seat
from bridgelaw.laws.scoring.duplicate import contract_score

_DENOM = {Strain.C: Denom.clubs, Strain.D: Denom.diamonds, Strain.H: Denom.hearts,
          Strain.S: Denom.spades, Strain.N: Denom.nt}
_PENALTY = {Risk.NONE: Penalty.passed, Risk.DOUBLED: Penalty.doubled, Risk.REDOUBLED: Penalty.redoubled}


def _oracle(level: int, strain: Strain, risk: Risk, vulnerable: bool, tricks: int) -> int:
    c = EpContract(level=level, denom=_DENOM[strain], declarer=Player.north,
                   penalty=_PENALTY[risk], result=tricks - level - 6)
    return int(c.score(Vul.ns if vulnerable else Vul.none))


@pytest.mark.law("77")
def test_77_every_contract_and_result_matches_the_oracle() -> None:
    mismatches = []
    for level, strain, risk, vul, tricks in itertools.product(
        range(1, 8), Strain, Risk, (False, True), range(14)
    ):
        ours = contract_score(Contract(level, strain, risk, Seat.N), tricks, vul)
        theirs = _oracle(level, strain, risk, vul, tricks)
        if ours != theirs:
            mismatches.append((level, strain.name, str(risk), vul, tricks, ours, theirs))
    assert mismatches == []
    assert 7 * 5 * 3 * 2 * 14 == 2940


@pytest.mark.law("77")
@pytest.mark.parametrize(("contract", "tricks", "vul", "score"), [
    ("3NN", 9, False, 400), ("3NN", 9, True, 600), ("4SXN", 11, True, 990),
    ("1NXXN", 7, False, 560), ("7NN", 13, True, 2220), ("1CXN", 4, False, -500),
    ("4HXN", 9, True, -200), ("2CXN", 8, False, 180), ("6DN", 12, False, 920),
    ("1SN", 0, True, -700), ("7NXXN", 0, True, -7600),
])
def test_77_published_sanity_values(contract: str, tricks: int, vul: bool, score: int) -> None:
    c = Contract.parse(contract)
    assert contract_score(c, tricks, vul) == score
    assert _oracle(c.level, c.strain, c.risk, vul, tricks) == score


def test_77_tricks_out_of_range_refused() -> None:
    with pytest.raises(ValueError):
        contract_score(Contract.parse("1CN"), 14, False)
