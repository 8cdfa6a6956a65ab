"""Laws 68-71: the claim ruling's texts and counting (the scenarios in scenarios/claims/ run
the procedure end to end)."""

from __future__ import annotations

import pytest

from bridgelaw.laws.claims import seats_ru, tricks_ru


@pytest.mark.law("68A")
@pytest.mark.parametrize(("n", "text"), [
    (1, "1 взятка"), (2, "2 взятки"), (4, "4 взятки"), (5, "5 взяток"), (11, "11 взяток"),
    (12, "12 взяток"), (13, "13 взяток"), (0, "0 взяток"),
])
def test_68A_russian_counts_tricks_with_the_right_plural(n: int, text: str) -> None:
    assert tricks_ru(n) == text


@pytest.mark.law("69A")
def test_69A_russian_names_both_agreeing_defenders() -> None:
    assert seats_ru(["E", "W"]) == "Восток и Запад"
    assert seats_ru(["N"]) == "Север"
