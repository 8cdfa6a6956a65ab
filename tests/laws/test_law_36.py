"""Laws 35-39: inadmissible calls (2017 and 1997)."""

from __future__ import annotations

import pytest
from auction_helpers import calls, restriction, ruling, run, statuses


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
