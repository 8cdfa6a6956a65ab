"""Law 24: cards exposed or led during the auction (2017 and 1997)."""

from __future__ import annotations

import pytest
from auction_helpers import act, calls, choose, restriction, ruling, run

END = calls("N:1S", "E:P", "S:P", "W:P")  # N declares 1S; E and W defend


@pytest.mark.law("24A")
def test_24A_single_low_card_no_rectification() -> None:
    out = run([act("E", "expose", ["H2"])])
    assert out["restrictions"] == [] and "24A" in ruling(out, "card_exposed")["laws"]


@pytest.mark.law("24B")
def test_24B_single_honour_partner_passes_next_turn() -> None:
    out = run([act("E", "expose", ["HK"])])
    assert restriction(out, "W") == {"seat": "W", "kind": "must_pass", "until": "next_turn", "law": "24B", "ruling": 0}
    assert "72C" in ruling(out, "card_exposed")["flags"]


@pytest.mark.law("24B")
def test_24B_prematurely_led_low_card_partner_passes_next_turn() -> None:
    out = run([act("E", "play", "H2")])
    r = ruling(out, "card_exposed_during_auction")
    assert "24B" in r["laws"] and restriction(out, "W")["law"] == "24B"  # type: ignore[index]


@pytest.mark.law("24C")
def test_24C_two_cards_partner_passes_next_turn() -> None:
    out = run([act("E", "expose", ["H2", "H3"])])
    assert restriction(out, "W")["law"] == "24C"  # type: ignore[index]


@pytest.mark.law("24D")
def test_24D_offender_becomes_declarer_cards_return_to_hand() -> None:
    out = run([act("N", "expose", ["SK"]), *END])
    assert out["penalty_cards"] == [] and "24D" in ruling(out, "card_exposed")["laws"]


@pytest.mark.law("24E")
def test_24E_offender_becomes_defender_every_card_is_a_penalty_card() -> None:
    out = run([act("E", "expose", ["H2"]), *END])
    assert out["penalty_cards"] == [{"seat": "E", "card": "H2", "kind": "minor", "law": "24E"}]
    out = run([act("E", "expose", ["H2", "H3"]), *END])
    assert {p["kind"] for p in out["penalty_cards"]} == {"major"}
    out = run([act("E", "play", "H2"), *END])
    assert out["penalty_cards"][0]["kind"] == "major"


@pytest.mark.law("16C")
def test_24_2017_information_is_unauthorized_to_partner() -> None:
    r = ruling(run([act("E", "expose", ["HK"])]), "card_exposed")
    assert "16C" in r["flags"] and "несанкционированная" in r["summary_ru"]


def test_24_1997_declarer_may_treat_the_cards_as_penalty_cards() -> None:
    out = run([act("E", "expose", ["HK"]), *END], edition="1997")
    assert out["awaiting"]["by"] == "N" and out["penalty_cards"] == []
    out = run([act("E", "expose", ["HK"]), *END, choose("N", "penalty_cards")], edition="1997")
    assert out["penalty_cards"][0]["card"] == "HK"
    out = run([act("E", "expose", ["HK"]), *END, choose("N", "no_penalty")], edition="1997")
    assert out["penalty_cards"] == [] and out["awaiting"] is None


def test_24B_1997_is_a_penalty_with_law_23_review() -> None:
    r = ruling(run([act("E", "expose", ["HK"])], edition="1997"), "card_exposed")
    assert "23" in r["flags"] and r["summary"].count("PENALTY") == 1
