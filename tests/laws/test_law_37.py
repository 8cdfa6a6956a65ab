"""Law 37: action violating an obligation to pass."""

from __future__ import annotations

import pytest
from auction_helpers import calls, choose, director, restriction, ruling, run, statuses

SILENCED = [*calls("N:1H", "E:1C"), choose("S", "decline"), *calls("E:P", "S:2H")]  # W must pass throughout (27B2)


@pytest.mark.law("37B1")
def test_37B1_call_cancelled_and_pass_substituted() -> None:
    out = run(SILENCED + calls("W:2S"))
    assert statuses(out)[-2:] == ["W:2S:cancelled", "W:P:stands"]
    assert out["turn"] == "N"


@pytest.mark.law("37B2")
def test_37B2_both_offenders_pass_throughout() -> None:
    out = run(SILENCED + calls("W:2S"))
    assert restriction(out, "W")["law"] in ("27B2", "37B2")  # type: ignore[index]
    assert restriction(out, "E")["law"] == "37B2"  # type: ignore[index]
    assert "26B" in ruling(out, "violates_pass_obligation")["flags"]


@pytest.mark.law("37A")
def test_37A_lho_called_over_it_the_call_stands() -> None:
    first = [*calls("N:1H", "E:1C"), director("S"), choose("S", "decline"), *calls("E:P", "S:2H")]
    out = run(first + calls("W:2S", "N:3H") + [director("N")], auto_director=False)
    assert out["auction"][-2:] == ["2S", "3H"]
    r = ruling(out, "violates_pass_obligation")
    assert "37A" in r["laws"]
    assert restriction(out, "W")["until"] == "end_of_auction"  # type: ignore[index]


def test_37_1997_cites_law_37() -> None:
    out = run(SILENCED + calls("W:2S"), edition="1997")
    assert restriction(out, "E")["law"] == "37"  # type: ignore[index]


@pytest.mark.law("37B1")
def test_37B1_a_call_out_of_rotation_over_the_cancelled_call_is_ruled_on_and_lho_may_accept_it() -> None:
    first = [*calls("N:1H", "E:1C"), director("S"), choose("S", "decline"), *calls("E:P", "S:2H")]
    out = run(first + calls("W:2S", "E:3C") + [director("N")], auto_director=False)
    r = ruling(out, "call_out_of_rotation")
    assert "29A" in r["laws"] and "already cancelled" not in r["summary"]
    assert out["awaiting"]["by"] == "S" and out["awaiting"]["options"] == ["accept", "decline"]
    out = run(first + calls("W:2S", "E:3C") + [director("N"), choose("S", "accept")], auto_director=False)
    assert out["auction"][-2:] == ["P", "3C"]
