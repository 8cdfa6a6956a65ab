"""Law 26: lead restrictions after a withdrawn call, offered at partner's first lead."""

from __future__ import annotations

import pytest
from auction_helpers import act, calls, choose, decide, run

# E bids 1H out of rotation at N's turn; S declines; N opens 1S; E passes (not comparable):
# W must pass once. N becomes declarer, E is the opening leader; W is E's partner.
OOR = [*calls("E:1H"), choose("S", "decline"), *calls("N:1S", "E:P"), decide(comparable=False)]
# W bids out of rotation instead, so that E (his partner) is the opening leader.
OOR_W = [*calls("N:1S", "W:2C"), choose("N", "decline"), *calls("E:P", "S:P", "W:P"), decide(comparable=False)]


@pytest.mark.law("26B")
def test_26B_declarer_may_forbid_a_suit_at_partner_first_lead() -> None:
    out = run(OOR_W + calls("N:P", "E:P"))
    assert out["phase"] == "lead"
    assert out["awaiting"] == {"ruling": 1, "by": "N", "options": ["forbid_suit", "no_restriction"]}
    out = run(OOR_W + calls("N:P", "E:P") + [choose("N", "forbid_suit", suit="H")])
    assert out["restrictions"] == [
        {"seat": "E", "kind": "lead_forbidden", "until": "while_on_lead", "law": "26B", "suit": "H", "ruling": 1}
    ]


@pytest.mark.law("26B")
def test_26B_a_suit_the_offender_named_in_the_legal_auction_cannot_be_forbidden() -> None:
    actions = [*calls("N:1S", "W:2C"), choose("N", "decline"), *calls("E:P", "S:P", "W:3C"), decide(comparable=False)]
    out = run(actions + calls("N:P", "E:P", "S:3S", "W:P", "N:P", "E:P"))
    assert out["awaiting"]["by"] == "S" or out["awaiting"]["by"] == "N"
    declarer = out["contract"]["declarer"]
    out = run(actions + calls("N:P", "E:P", "S:3S", "W:P", "N:P", "E:P") + [choose(declarer, "forbid_suit", suit="C")])
    assert out["awaiting"] is not None and out["restrictions"] == []  # clubs were named by W: still to choose
    assert out["refused"][-1]["code"] == "choice_not_allowed" and "26B" in out["refused"][-1]["message"]


@pytest.mark.law("26B")
def test_26B_no_restriction() -> None:
    out = run(OOR_W + calls("N:P", "E:P") + [choose("N", "no_restriction")])
    assert out["restrictions"] == [] and out["awaiting"] is None


@pytest.mark.law("26A")
def test_26A_comparable_replacement_no_lead_restriction() -> None:
    out = run([*calls("N:1S", "W:2C"), choose("N", "decline"), *calls("E:P", "S:P", "W:P"), decide(comparable=True), *calls("N:P", "E:P")])
    assert out["phase"] == "lead" and out["awaiting"] is None


def test_26_offender_becomes_declarer_no_restriction() -> None:
    out = run([*calls("E:1H"), choose("S", "decline"), *calls("N:P", "E:1H", "S:P", "W:P", "N:P")])
    assert out["contract"]["declarer"] == "E" and out["awaiting"] is None


def test_26_offered_when_partner_first_wins_the_lead() -> None:
    # W, the offender's partner, is not on lead at trick one: no option yet.
    out = run(OOR + calls("S:P", "W:P", "N:P"))
    assert out["contract"]["declarer"] == "N" and out["awaiting"] is None
    assert any(r["kind"] == "call_out_of_rotation" and "26B" in r.get("flags", []) for r in out["rulings"])


def test_26_1997_withdrawn_suit_bid_declarer_may_require_or_forbid_it() -> None:
    actions = [*calls("N:1S", "W:2C"), choose("N", "decline"), *calls("E:P", "S:P", "W:P", "N:P", "E:P")]
    out = run(actions, edition="1997")
    assert out["awaiting"]["options"] == ["require_suit", "forbid_suit", "no_restriction"]
    out = run([*actions, choose("N", "require_suit", suit="C")], edition="1997")
    assert out["restrictions"][-1] == {"seat": "E", "kind": "lead_required", "until": "first_lead", "law": "26A2",
                                       "suit": "C", "ruling": 1}


def test_60C_a_lead_before_declarers_26_choice_is_a_penalty_card_and_the_choice_follows() -> None:
    out = run(OOR_W + calls("N:P", "E:P") + [act("E", "play", "HA")])
    assert not out["refused"] and not out["tricks"]
    assert out["penalty_cards"] == [{"seat": "E", "card": "HA", "kind": "major", "law": "49"}]
    assert out["awaiting"]["by"] == "N" and "forbid_suit" in out["awaiting"]["options"]

