"""Lead restrictions from the auction period (Laws 26B, 24E) enforced at the opening lead."""

from __future__ import annotations

from typing import Any

from play_helpers import DEAL, C, P, pcs, ruling

from bridgelaw.io.scenario import load_scenario

# W's insufficient 1H is not accepted and W passes instead (27B2): E must pass throughout,
# and at E's opening lead declarer may forbid one suit (26B).
AUCTION_26B: list[dict[str, Any]] = [
    {"seat": "N", "call": "1S"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "2S"},
    {"seat": "W", "call": "1H"}, C("N", "decline"), {"seat": "W", "call": "P"},
    {"seat": "N", "call": "4S"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "P"}, {"seat": "W", "call": "P"},
]


def run(actions: list[dict[str, Any]]) -> dict[str, Any]:
    case = {"format": 1, "board": 1, "deal": DEAL, "actions": AUCTION_26B + actions}
    return load_scenario(case).table().to_json()


def test_26B_forbidden_suit_led_at_the_opening_lead_is_a_revoke_corrected_at_once() -> None:
    o = run([C("N", "forbid_suit", suit="H"), P("E", "HA")])
    assert "restriction_violated" in [r["kind"] for r in o["rulings"]]
    assert pcs(o) == {"HA": "major"} and o["turn"] == "E" and o["phase"] == "lead"


def test_26B_face_down_opening_lead_in_the_forbidden_suit_goes_back_without_penalty_41A() -> None:
    o = run([C("N", "forbid_suit", suit="H"), P("E", "HA", face_down=True)])
    assert "41A" in ruling(o, "restriction_violated")["laws"] and not o["penalty_cards"]


def test_26B_complying_lead_is_played_and_the_ban_holds_while_he_keeps_the_lead() -> None:
    o = run([C("N", "forbid_suit", suit="H"), P("E", "D2")])
    assert o["tricks"][0]["cards"] == {"E": "D2"}
    assert [r["kind"] for r in o["restrictions"]] == ["lead_forbidden"]
