"""Laws 45-47 and 67: when a card is played, designations, retraction, defective tricks."""

from __future__ import annotations

from play_helpers import T1_EAST_WINS, D, P, holds, out, ruling, table

from bridgelaw.core.cards import Card, Rank, Suit, mask_of
from bridgelaw.laws.play.tricks import designated_card

DUMMY_SPADES = [*T1_EAST_WINS, P("E", "HK"), P("S", "H6", by="N"), P("W", "H3")]


def test_45D_dummys_card_not_named_by_declarer_is_withdrawn_45F_noted() -> None:
    t = table([*T1_EAST_WINS, P("E", "HK"), P("S", "H6", by="S")])
    o = t.to_json()
    r = ruling(o, "dummy_played_card")
    assert {"45D", "45F"} <= set(r["laws"]) and "45F" in r["flags"]
    assert holds(t, "S", "H6") and o["turn"] == "S"


def test_45_online_mode_refuses_dummy_playing_on_his_own() -> None:
    o = out([*T1_EAST_WINS, P("E", "HK"), P("S", "H6", by="S")], mode="online")
    assert o["refused"][-1]["code"] == "not_designated"


def test_45C4b_unintended_designation_asks_the_director() -> None:
    o = out([*T1_EAST_WINS, P("E", "HK"), P("S", "H6", by="N"), {"seat": "N", "point_out": "unintended_designation"}])
    assert o["awaiting"]["questions"] == ["unintended"]


def test_47C_unintended_designation_is_changed_and_the_card_goes_back_to_dummy() -> None:
    t = table([*T1_EAST_WINS, P("E", "HK"), P("S", "H6", by="N"), P("W", "H3"),
               {"seat": "N", "point_out": "unintended_designation"}, D(unintended=True)])
    o = t.to_json()
    assert holds(t, "S", "H6") and holds(t, "W", "H3") and o["turn"] == "S"
    assert {"47C", "47D"} <= set(ruling(o, "unintended_designation")["laws"])


def test_45C4b_change_of_mind_the_card_stands() -> None:
    o = out([*T1_EAST_WINS, P("E", "HK"), P("S", "H6", by="N"),
             {"seat": "N", "point_out": "unintended_designation"}, D(unintended=False)])
    assert o["tricks"][1]["cards"]["S"] == "H6"


def test_45C4b_too_late_after_declarer_played_again() -> None:
    o = out([*DUMMY_SPADES, P("N", "H9"), {"seat": "N", "point_out": "unintended_designation"}])
    assert o["awaiting"] is None and "too late" in ruling(o, "unintended_designation")["summary"]


def test_46B1a_high_is_dummys_highest_card_of_the_suit_led() -> None:
    hand = mask_of(Card.parse(c) for c in ("HK", "H7", "H2", "SA"))
    assert designated_card(hand, Suit.parse("H"), word="high") == Card.parse("HK")


def test_46B1c_low_is_the_lowest_card() -> None:
    hand = mask_of(Card.parse(c) for c in ("HK", "H7", "H2", "SA"))
    assert designated_card(hand, Suit.parse("H"), word="low") == Card.parse("H2")


def test_46B2_suit_without_rank_is_the_lowest_of_that_suit() -> None:
    hand = mask_of(Card.parse(c) for c in ("HK", "H7", "SA", "S3"))
    assert designated_card(hand, None, suit=Suit.parse("S")) == Card.parse("S3")


def test_46B3b_rank_without_suit_two_legal_cards_declarer_must_say_which() -> None:
    hand = mask_of(Card.parse(c) for c in ("HK", "SK", "D2"))
    assert designated_card(hand, None, rank=Rank.KING) is None


def test_46B4_card_dummy_does_not_hold_is_void() -> None:
    hand = mask_of(Card.parse(c) for c in ("HK", "SK"))
    assert designated_card(hand, None, suit=Suit.parse("D"), rank=Rank.ACE) is None


def test_67B1a_player_who_played_no_card_treated_as_revoke_one_trick_transferred() -> None:
    # East held the suit led to the defective trick: 67B1(a) decides
    o = out([*DUMMY_SPADES, P("N", "H9"), P("E", "HQ"), P("S", "H7", by="N"), P("W", "H4"), P("N", "HT"),
             {"seat": "N", "point_out": "defective_trick", "offender": "E", "trick": 2}, D(defect="missing")])
    assert o["transfers"] == [{"to": "NS", "tricks": 1, "law": "67B1(a)"}]


def test_67B2_extra_card_goes_back_trick_unchanged() -> None:
    o = out([*DUMMY_SPADES, P("N", "H9"), P("E", "HQ"), P("S", "H7", by="N"), P("W", "H4"), P("N", "HT"),
             {"seat": "N", "point_out": "defective_trick", "offender": "W", "trick": 2}, D(defect="extra")])
    assert "67B2" in ruling(o, "defective_trick")["laws"] and "transfers" not in o
