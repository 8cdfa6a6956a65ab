"""Law 34 / 17D3: retention of the right to call; Law 33: simultaneous calls."""

from __future__ import annotations

import pytest
from auction_helpers import calls, choose, ruling, run, statuses


@pytest.mark.law("17D3")
def test_17D3_pass_out_of_rotation_among_three_closing_passes_reopens_the_auction() -> None:
    out = run([*calls("N:P", "S:P"), choose("W", "accept"), *calls("W:P", "N:P")])
    assert out["phase"] == "auction" and out["turn"] == "E"
    assert statuses(out) == ["N:P:stands", "S:P:cancelled", "W:P:cancelled", "N:P:cancelled"]
    assert "17D3" in ruling(out, "call_out_of_rotation")["laws"]


@pytest.mark.law("34")
def test_34_after_a_bid_the_skipped_player_regains_his_turn() -> None:
    out = run([*calls("N:1S", "E:P", "W:P"), choose("N", "accept"), *calls("N:P")])
    # W passed at S's turn (skipping S); N accepted and passed: three passes after 1S.
    assert out["phase"] == "auction" and out["turn"] == "S" and out["auction"] == ["1S", "P"]
    out = run([*calls("N:1S", "E:P", "W:P"), choose("N", "accept"), *calls("N:P", "S:2S", "W:P", "N:P", "E:P")])
    assert out["contract"] == {"level": 2, "strain": "S", "risk": "", "declarer": "N"}


def test_34_1997_cites_law_34() -> None:
    out = run([*calls("N:1S", "E:P", "W:P"), choose("N", "accept"), *calls("N:P")], edition="1997")
    assert "34" in ruling(out, "call_out_of_rotation")["laws"]


@pytest.mark.law("33")
def test_33_a_simultaneous_call_is_taken_after_the_call_in_turn() -> None:
    # N and E call at once: the engine sees N's first (in rotation), E's after (in rotation too).
    out = run(calls("N:1S", "E:2H"))
    assert out["auction"] == ["1S", "2H"] and out["rulings"] == []


@pytest.mark.law("17D3")
def test_17D3_the_cancelled_passes_are_counted_in_words_that_agree() -> None:
    """«отменяются 3 паса», not «пасы (3) … отменяются»."""
    out = run([*calls("N:P", "S:P"), choose("W", "accept"), *calls("W:P", "N:P")])
    text = ruling(out, "call_out_of_rotation")["summary_ru"]
    assert "начиная с паса вне очереди, отменяются 3 паса (17D3)." in text and "пасы (" not in text
