"""Law 29: procedure after a call out of rotation; online mode refuses it."""

from __future__ import annotations

import pytest
from auction_helpers import calls, choose, director, ruling, run, statuses


@pytest.mark.law("29A")
def test_29A_lho_accepts_by_choosing_accept() -> None:
    out = run([*calls("E:1H"), choose("S", "accept")])
    assert out["auction"] == ["1H"] and out["turn"] == "S"
    assert out["calls"][0]["law"] == "29A"
    assert ruling(out, "call_out_of_rotation")["choice"] == "accept"


@pytest.mark.law("29A")
def test_29A_lho_accepts_by_calling_over_it() -> None:
    out = run(calls("E:1H", "S:P"))
    assert out["auction"] == ["1H", "P"] and out["turn"] == "W"
    assert ruling(out, "call_out_of_rotation")["choice"] == "accept"


@pytest.mark.law("29A")
def test_29A_without_auto_director_lho_call_condones_until_the_director_comes() -> None:
    out = run(calls("E:1H", "S:P"), auto_director=False)
    assert ruling(out, "call_out_of_rotation")["status"] == "awaiting_director"
    assert out["phase"] == "auction"
    out = run([*calls("E:1H", "S:P"), director("W")], auto_director=False)
    r = ruling(out, "call_out_of_rotation")
    assert r["status"] == "closed" and "29A" in r["laws"]
    assert out["auction"] == ["1H", "P"]


@pytest.mark.law("29B")
def test_29B_not_accepted_the_call_is_cancelled_and_the_auction_reverts() -> None:
    out = run([*calls("E:1H"), choose("S", "decline")])
    assert statuses(out) == ["E:1H:cancelled"] and out["turn"] == "N"
    assert "16C" in ruling(out, "call_out_of_rotation")["flags"]


@pytest.mark.parametrize("spec", [
    ("E:1H",), ("N:1S", "E:1H"), ("N:1S", "E:P", "S:X"), ("N:1S", "E:8H"),
    ("N:1S", "S:2S"), ("N:1S", "N:2S!"),
])
def test_online_mode_refuses_each_irregular_call_with_a_code_and_no_state_change(spec: tuple[str, ...]) -> None:
    before = run(calls(*spec[:-1]), mode="online")
    out = run(calls(*spec), mode="online")
    assert len(out["refused"]) == 1 and out["refused"][0]["code"]
    for key in ("calls", "auction", "turn", "rulings", "restrictions", "phase"):
        assert out[key] == before[key], key
