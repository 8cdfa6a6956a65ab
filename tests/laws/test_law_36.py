"""Laws 35-39: inadmissible calls (2017 and 1997)."""

from __future__ import annotations

import re

import pytest
from auction_helpers import calls, director, restriction, ruling, run, statuses


@pytest.mark.law("36B1")
def test_36B1_inadmissible_double_cancelled_partner_passes_throughout() -> None:
    out = run(calls("N:1S", "E:P", "S:X"))
    assert statuses(out)[-1] == "S:X:cancelled" and out["turn"] == "S"
    assert restriction(out, "N") == {"seat": "N", "kind": "must_pass", "until": "end_of_auction", "law": "36B2", "ruling": 0}


@pytest.mark.law("36A")
def test_36A_lho_called_first_double_and_later_calls_cancelled_no_rectification() -> None:
    out = run([*calls("N:1S", "E:P", "S:X", "W:P"), {"seat": "N", "director": True}], auto_director=False)
    assert statuses(out)[-2:] == ["S:X:cancelled", "W:P:cancelled"]
    assert out["restrictions"] == [] and out["turn"] == "S"


@pytest.mark.law("36B2")
def test_36_redouble_without_a_double_is_inadmissible() -> None:
    out = run(calls("N:1S", "E:XX"))
    assert ruling(out, "inadmissible_double")["offender"] == "E"


def test_36_1997_cites_law_36() -> None:
    out = run(calls("N:1S", "E:P", "S:X"), edition="1997")
    assert restriction(out, "N")["law"] == "36"  # type: ignore[index]


# 36C: attention drawn only after the opening lead is faced. N 1S, S doubles his partner.
_LATE = [*calls("N:1S", "E:P", "S:X", "W:P", "N:P", "E:P")]


@pytest.mark.law("36C")
def test_36C_found_after_the_lead_auction_stands_and_play_goes_on() -> None:
    out = run([*_LATE, {"seat": "E", "play": "HA"}, director("W")], auto_director=False)
    assert out["phase"] == "play" and out["auction"] == ["1S", "P", "X", "P", "P", "P"]
    assert statuses(out)[2] == "S:X:stands"
    assert ruling(out, "inadmissible_double")["laws"] == ["36C"]


@pytest.mark.law("36C")
def test_36C_contract_scored_as_if_the_double_had_not_been_made() -> None:
    out = run([*_LATE, {"seat": "E", "play": "HA"}, director("W")], auto_director=False)
    assert out["contract"] == {"level": 1, "strain": "S", "risk": "", "declarer": "N"}


@pytest.mark.law("36C")
def test_36C_a_redouble_that_answered_the_inadmissible_double_goes_with_it() -> None:
    out = run([*calls("N:1S", "E:P", "S:X", "W:XX", "N:P", "E:P", "S:P"), {"seat": "E", "play": "HA"}, director("W")],
              auto_director=False)
    assert out["contract"]["risk"] == ""


@pytest.mark.law("36A")
def test_36A_found_after_the_final_pass_before_the_lead_reopens_the_auction() -> None:
    out = run([*_LATE, director("W")], auto_director=False)
    assert out["phase"] == "auction" and out["contract"] is None and out["turn"] == "S"
    assert out["auction"] == ["1S", "P"]


@pytest.mark.law("36A")
@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_36A_a_double_with_no_bid_passed_out_reopens_the_auction_no_lead_was_faced(edition: str) -> None:
    # N doubles as the first call and three passes follow: the board looks passed out, but
    # no opening lead was ever faced, so this is not 36C: the double and every later call
    # are cancelled and N calls again.
    out = run([*calls("N:X", "E:P", "S:P", "W:P"), director("N")], auto_director=False, edition=edition)
    assert out["phase"] == "auction" and out["contract"] is None and out["turn"] == "N"
    assert statuses(out) == ["N:X:cancelled", "E:P:cancelled", "S:P:cancelled", "W:P:cancelled"]
    assert ruling(out, "inadmissible_double")["laws"] == (["36A"] if edition == "2017" else ["35A"])


def test_36C_1997_the_same_result_under_35A_and_41C() -> None:
    out = run([*_LATE, {"seat": "E", "play": "HA"}, director("W")], auto_director=False, edition="1997")
    assert ruling(out, "inadmissible_double")["laws"] == ["35A", "41C"]
    assert out["contract"]["risk"] == ""


@pytest.mark.law("72C")
def test_72C_partner_silenced_after_an_inadmissible_double_flags_a_possible_adjustment() -> None:
    out = run(calls("N:1S", "E:P", "S:X"))
    assert "72C" in ruling(out, "inadmissible_double")["flags"]


@pytest.mark.law("36A")
@pytest.mark.parametrize(("later", "said"), [
    (["W:P"], "контра и все последующие заявки отменяются"),
    (["E:P", "S:P", "W:P"], "контра и все последующие заявки отменяются"),
])
def test_36A_the_cancelled_later_calls_are_counted_in_words_that_agree(later: list[str], said: str) -> None:
    """No count in brackets («заявки (3)») nor in figures: the double and every later call."""
    start = ["N:1S", "E:P", "S:X"] if len(later) == 1 else ["N:X"]
    out = run([*calls(*start, *later), {"seat": "E" if len(later) > 1 else "N", "director": True}], auto_director=False)
    text = ruling(out, "inadmissible_double")["summary_ru"]
    assert said in text and not re.search(r"\(\d+\)", text)
