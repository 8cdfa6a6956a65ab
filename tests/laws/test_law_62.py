"""Laws 61-64 at the table: revokes pointed out, corrected or established, and the transfer."""

from __future__ import annotations

from play_helpers import T1_EAST_WINS, T1_NORTH_WINS, D, P, finish, holds, out, pcs, ruling, table

from bridgelaw.actions import action_from_json
from bridgelaw.table import Table

# Trick 2: E leads HK, dummy H6, W discards D8 holding hearts (a revoke), N H9: E wins.
W_REVOKES = [*T1_EAST_WINS, P("E", "HK"), P("S", "H6", by="N"), P("W", "D8"), P("N", "H9")]


def play_until_director(t: Table) -> Table:
    """Play on lawfully until the director is asked a question (64C at the end of play)."""
    from bridgelaw.core.cards import cards_of
    from bridgelaw.laws.play.common import playable_mask

    while t.awaiting is None and t.turn is not None:
        t.push(action_from_json(P(t.turn.name, str(cards_of(playable_mask(t._m._ops, t.turn))[0]))))
    return t


def point(offender: str, trick: int | None = None, by: str = "N") -> dict[str, object]:
    return {"seat": by, "point_out": "revoke", "offender": offender, "trick": trick}


def test_61A_no_revoke_when_the_player_had_none_of_the_suit_led() -> None:
    o = out([*T1_NORTH_WINS, P("N", "SA"), P("E", "S7"), P("S", "S4", by="N"), P("W", "CA"), point("W", 2)])
    r = ruling(o, "revoke")
    assert r["laws"] == ["61A"] and "there was none" in r["summary"] and not o["penalty_cards"]


def test_62A_revoke_not_established_is_corrected() -> None:
    t = table([*W_REVOKES, point("W", 2)])
    o = t.to_json()
    assert o["turn"] == "W" and o["tricks"][1]["cards"] == {"E": "HK", "S": "H6"}
    assert holds(t, "N", "H9") and "62A" in ruling(o, "revoke")["laws"]


def test_62B1_defenders_revoke_card_becomes_a_major_penalty_card() -> None:
    assert pcs(out([*W_REVOKES, point("W", 2)])) == {"D8": "major"}


def test_62B2_declarers_revoke_card_goes_back_without_rectification() -> None:
    t = table([*T1_EAST_WINS, P("E", "HK"), P("S", "H6", by="N"), P("W", "H3"), P("N", "D5"), point("N", 2, by="E")])
    o = t.to_json()
    assert not o["penalty_cards"] and holds(t, "N", "D5") and o["turn"] == "N"
    assert "62B2" in ruling(o, "revoke")["laws"]


def test_62C1_non_offender_may_change_a_card_played_after_the_revoke() -> None:
    o = out([*W_REVOKES, point("W", 2), P("W", "H3"), P("N", "HT")])
    assert o["tricks"][1]["cards"] == {"E": "HK", "S": "H6", "W": "H3", "N": "HT"}


# Trick 2: N leads HT, E discards D2 holding hearts, dummy H5, W H2: N wins.
E_REVOKES = [*T1_NORTH_WINS, P("N", "HT"), P("E", "D2"), P("S", "H5", by="N"), P("W", "H2")]


def test_62C2_offender_may_not_change_his_later_card_unless_a_non_offender_did() -> None:
    o = out([*E_REVOKES, point("E", 2), P("E", "HQ"), P("S", "H5", by="N"), P("W", "H4")])
    assert o["refused"][-1]["code"] == "choice_not_allowed" and "62C2" in o["refused"][-1]["message"]
    assert "W" not in o["tricks"][1]["cards"] and o["turn"] == "W"


def test_62C2_after_the_refused_change_the_offender_plays_his_card_again() -> None:
    o = out([*E_REVOKES, point("E", 2), P("E", "HQ"), P("S", "H5", by="N"), P("W", "H4"), P("W", "H2")])
    assert o["tricks"][1]["cards"]["W"] == "H2"


def test_62C2_after_a_non_offender_changed_the_offender_may_change_and_his_card_is_a_penalty_card() -> None:
    o = out([*E_REVOKES, point("E", 2), P("E", "HQ"), P("S", "H6", by="N"), P("W", "H4")])
    assert o["tricks"][1]["cards"]["W"] == "H4" and pcs(o).get("H2") == "major"


def test_63A1_revoke_established_when_the_offenders_partner_leads_to_the_next_trick() -> None:
    o = out([*W_REVOKES, P("E", "HQ"), point("W", 2)])
    r = ruling(o, "revoke")
    assert {"63A1", "63B"} <= set(r["laws"]) and o["tricks"][1]["cards"]["W"] == "D8"


def test_64A2_one_trick_transferred_when_partner_won_the_revoke_trick() -> None:
    t = finish(table([*W_REVOKES, P("E", "HQ"), point("W", 2)]))
    o = t.to_json()
    assert o["transfers"] == [{"to": "NS", "tricks": 1, "law": "64A2"}]
    assert o["result"]["declarer_tricks"] == o["tricks_won"]["NS"] + 1


def test_64A1_offender_won_the_revoke_trick_one_or_two_tricks() -> None:
    # W ruffs trick 2 with S2 holding hearts, then leads: established.
    t = finish(table([*T1_EAST_WINS, P("E", "HK"), P("S", "H6", by="N"), P("W", "S2"), P("N", "H9"), P("W", "CA"), point("W", 2)]))
    o = t.to_json()
    later_ew = any(tr["winner"] in ("E", "W") for tr in o["tricks"][2:])
    assert o["transfers"] == [{"to": "NS", "tricks": 2 if later_ew else 1, "law": "64A1"}]


def test_64A_revoke_pointed_out_after_play_ended_is_rectified_at_once() -> None:
    t = finish(table(W_REVOKES))
    t.act(action_from_json(point("W")))
    assert t.to_json()["transfers"] == [{"to": "NS", "tricks": 1, "law": "64A2"}]


def test_64B3_revoke_from_dummy_no_transfer_director_asked_for_equity_64C() -> None:
    # Trick 2: E leads D2, dummy (S) discards C8 holding diamonds, W wins; N plays to trick 3: established.
    t = table([*T1_EAST_WINS, P("E", "D2"), P("S", "C8", by="N"), P("W", "D8"), P("N", "D5"), P("W", "CA"), P("N", "C2"), point("S", 2, by="E")])
    o = t.to_json()
    r = ruling(o, "revoke")
    assert "64B3" in r["laws"] and "64C" in r["flags"]
    t = finish(t)
    o = t.to_json()
    assert "transfers" not in o or all(x["law"] != "64A2" for x in o["transfers"])


def test_64C_director_equity_answer_sets_declarers_tricks() -> None:
    t = table([*T1_EAST_WINS, P("E", "D2"), P("S", "C8", by="N"), P("W", "D8"), P("N", "D5"), P("W", "CA"), P("N", "C2"), point("S", 2, by="E")])
    t = play_until_director(t)
    assert t.awaiting is not None and t.awaiting.kind == "revoke"
    t.act(action_from_json(D(equity_tricks=10)))
    assert t.declarer_tricks == 10


def test_63A_1997_same_establishment() -> None:
    o = out([*W_REVOKES, P("E", "HQ"), point("W", 2)], edition="1997")
    assert "63A1" in ruling(o, "revoke")["laws"]


def test_62D1_revoke_on_trick_12_is_corrected_even_after_the_last_trick() -> None:
    import random
    import sys
    from pathlib import Path

    from bridgelaw.core.cards import SUIT_MASK, cards_of
    from bridgelaw.laws.play.common import playable_mask

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "properties"))
    from test_play_properties import new_table

    t = new_table(random.Random(1), "2017")  # 6H by E; W (dummy) can revoke on trick 12
    while t.phase.value != "ended":
        seat = t.turn
        assert seat is not None
        tr = t.tricks[-1] if t.tricks else None
        hand = t.hand(seat).mask
        if len(t.tricks) == 12 and tr is not None and 0 < len(tr.cards) < 4 and seat.name == "W":
            led = tr.cards[0].suit
            assert hand & SUIT_MASK[led] and hand & ~SUIT_MASK[led]
            t.push(action_from_json(P("W", str(cards_of(hand & ~SUIT_MASK[led])[0]), by="E")))
            continue
        t.push(action_from_json(P(seat.name, str(cards_of(playable_mask(t._m._ops, seat))[0]))))
    t.push(action_from_json(point("W", 12, by="S")))
    o = t.to_json()
    assert "62D1" in ruling(o, "revoke")["laws"] and o["phase"] == "play" and o["turn"] == "W"
    t = finish(t)
    assert t.phase.value == "ended" and len(t.tricks) == 13 and "transfers" not in t.to_json()


# E ruffs a club with the S7 while holding clubs and wins trick 5 (tricks 1-4: hearts x3, a diamond).
E_RUFFS_CLUB = [
    P("E", "HA"), P("S", "H5"), P("W", "H2"), P("N", "H8"),
    P("E", "HK"), P("S", "H6"), P("W", "H3"), P("N", "H9"),
    P("E", "HQ"), P("S", "H7"), P("W", "H4"), P("N", "HT"),
    P("E", "D2"), P("S", "DA"), P("W", "D8"), P("N", "D5"),
    P("S", "C8"), P("W", "CJ"), P("N", "C2"), P("E", "S7"),
]


def test_63A4_agreeing_to_the_opponents_claim_establishes_the_revoke() -> None:
    acts = [*E_RUFFS_CLUB, {"seat": "N", "claim": 8}, {"seat": "E", "claim_response": "agree"},
            {"seat": "W", "claim_response": "agree"}, {"seat": "N", "point_out": "revoke", "offender": "E", "trick": 5}]
    r = ruling(out(acts), "revoke")
    assert "63A4" in r["laws"] and "64A1" in r["laws"]


def test_63A3_1997_acquiescing_in_the_opponents_claim_establishes_the_revoke() -> None:
    acts = [*E_RUFFS_CLUB, {"seat": "N", "claim": 8}, {"seat": "E", "claim_response": "agree"},
            {"seat": "W", "claim_response": "agree"}, {"seat": "N", "point_out": "revoke", "offender": "E", "trick": 5}]
    r = ruling(out(acts, edition="1997"), "revoke")
    assert "63A3" in r["laws"] and not any(x.startswith("63A4") for x in r["laws"])


def test_64A1_tricks_the_offenders_get_by_their_claim_count_as_won_after_the_revoke() -> None:
    acts = [*E_RUFFS_CLUB, {"seat": "E", "claim": 2}, {"seat": "N", "claim_response": "agree"},
            {"seat": "N", "point_out": "revoke", "offender": "E", "trick": 5}]
    o = out(acts)
    assert "63A3" in ruling(o, "revoke")["laws"]
    assert o["transfers"] == [{"to": "NS", "tricks": 2, "law": "64A1"}]
    assert o["result"] == {"declarer_tricks": 9, "score_ns": -50}

