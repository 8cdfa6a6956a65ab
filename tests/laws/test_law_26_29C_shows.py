"""Laws 26 and 29C: the denominations an artificial call specifies (a call's ``shows``)
count for the lead restrictions and for "the same denomination", not the strain it names."""

from __future__ import annotations

from typing import Any

import pytest
from auction_helpers import calls, choose, decide, run


def art(seat: str, call: str, *shown: str) -> dict[str, Any]:
    return {"seat": seat, "call": call, "artificial": True, "shows": list(shown)}


# W bids 2C out of rotation (declined); at his turn he bids an artificial 3C showing hearts
# (not comparable): E, his partner, leads against South's 3S.
LEGAL_ARTIFICIAL = [*calls("N:1S", "W:2C"), choose("N", "decline"), *calls("E:P", "S:P"), art("W", "3C", "H"),
                    decide(comparable=False), *calls("N:P", "E:P", "S:3S", "W:P", "N:P", "E:P")]


def _declarer(out: dict[str, Any]) -> str:
    return str(out["contract"]["declarer"])


@pytest.mark.law("26B")
def test_26B_suit_shown_by_an_artificial_call_counts_as_specified() -> None:
    out = run(LEGAL_ARTIFICIAL)
    out = run([*LEGAL_ARTIFICIAL, choose(_declarer(out), "forbid_suit", suit="H")])
    assert out["restrictions"] == [] and out["refused"][-1]["code"] == "choice_not_allowed"


@pytest.mark.law("26B")
def test_26B_strain_named_by_an_artificial_call_may_be_forbidden() -> None:
    out = run(LEGAL_ARTIFICIAL)
    out = run([*LEGAL_ARTIFICIAL, choose(_declarer(out), "forbid_suit", suit="C")])
    assert [r["suit"] for r in out["restrictions"]] == ["C"]


@pytest.mark.law("26A")
def test_26A_1997_withdrawn_artificial_call_specifies_the_suit_it_showed() -> None:
    actions = [*calls("N:1S"), art("W", "2C", "D"), choose("N", "decline"), *calls("E:P", "S:P", "W:P", "N:P", "E:P")]
    out = run([*actions, choose("N", "require_suit", suit="D")], edition="1997")
    assert out["restrictions"][-1]["kind"] == "lead_required" and out["restrictions"][-1]["suit"] == "D"
    out = run([*actions, choose("N", "require_suit", suit="C")], edition="1997")
    assert out["refused"] and out["refused"][-1]["code"] == "choice_not_allowed"


@pytest.mark.law("29C")
def test_29C_1997_artificial_call_out_of_rotation_repeated_in_the_denomination_it_specified() -> None:
    out = run([art("E", "2C", "D"), choose("S", "decline"), *calls("N:1S", "E:2D")], edition="1997")
    laws = [law for r in out["rulings"] for law in r["laws"]]
    assert "31A2(a)" in laws and "31A2(b)" not in laws and "29C" in laws


@pytest.mark.law("29C")
def test_29C_1997_artificial_call_out_of_rotation_in_the_strain_it_named_is_not_the_same_denomination() -> None:
    out = run([art("E", "2C", "D"), choose("S", "decline"), *calls("N:1S", "E:3C")], edition="1997")
    laws = [law for r in out["rulings"] for law in r["laws"]]
    assert "31A2(b)" in laws
