"""Law 60C with 49, 50D: a play by the offending side while declarer's choice of
rectification waits is not refused at a table; it is ruled on through the Laws."""

from __future__ import annotations

from typing import Any

import pytest

from bridgelaw.io.scenario import load_scenario, run_scenario

DEAL = "N:AKQJT.K42.A.AKQ2 52.T7.KQT98.T976 9863.Q53.J2.J543 74.AJ986.76543.8"
AUCTION = [{"seat": "N", "call": "4S"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "P"}, {"seat": "W", "call": "P"}]
# Trick 2 is W's; E leads DQ out of turn, declarer refuses it: DQ a major penalty card,
# W to lead, declarer's 50D2 choice waits.
PLAY = [
    {"seat": "E", "play": "DK"}, {"seat": "S", "play": "D2", "by": "N"}, {"seat": "W", "play": "D3"},
    {"seat": "N", "play": "DA"}, {"seat": "N", "play": "H2"}, {"seat": "E", "play": "H7"},
    {"seat": "S", "play": "H3", "by": "N"}, {"seat": "W", "play": "HA"},
    {"seat": "E", "play": "DQ"}, {"seat": "N", "choose": "decline"},
]


def run(actions: list[dict[str, Any]], *, edition: str = "2017", mode: str = "table") -> dict[str, Any]:
    case = {"format": 1, "edition": edition, "board": 1, "deal": DEAL, "mode": mode,
            "regulations": {"opening_lead": "face_up"}, "actions": [*AUCTION, *PLAY, *actions]}
    return run_scenario(load_scenario(case))


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_60C_a_lead_before_declarers_50D2_choice_becomes_a_penalty_card(edition: str) -> None:
    o = run([{"seat": "W", "play": "C8"}], edition=edition)
    assert not o["refused"] and len(o["tricks"]) == 2
    assert {"seat": "W", "card": "C8", "kind": "major", "law": "49"} in o["penalty_cards"]
    assert o["awaiting"]["by"] == "N" and "require_suit" in o["awaiting"]["options"]
    laws = next(r["laws"] for r in o["rulings"] if r["kind"] == "card_exposed")
    assert laws[:2] == ["60C", "49"]


def test_50D1b_the_lead_requirement_comes_before_the_new_penalty_card() -> None:
    o = run([{"seat": "W", "play": "C8"}, {"seat": "N", "choose": "require_suit", "suit": "D"},
             {"seat": "W", "play": "D4"}])
    assert o["tricks"][-1]["cards"] == {"W": "D4"} and not o["refused"]
    assert {"seat": "W", "card": "C8", "kind": "major", "law": "49"} in o["penalty_cards"]

