"""The regular board through the Table: Laws 17-19, 22, 41, 44, 77 end to end."""

from __future__ import annotations

import pytest

from bridgelaw import (
    Board,
    Call,
    CallAction,
    Card,
    Deal,
    FaceLead,
    Phase,
    PlayAction,
    Refused,
    Regulations,
    Seat,
    Table,
    TableConfig,
)

DEAL = Deal.parse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def table(*calls: tuple[Seat, str], board: int = 1, config: TableConfig | None = None) -> Table:
    t = Table(Board.standard(board, DEAL), config)
    for seat, call in calls:
        t.push(CallAction(seat, Call.parse(call)))
    return t


def test_law_17B_dealer_calls_first() -> None:
    assert table().turn is N
    assert table(board=2).turn is E


def test_law_22B_four_passes_pass_the_board_out() -> None:
    t = table((N, "P"), (E, "P"), (S, "P"), (W, "P"))
    assert t.phase is Phase.ENDED and t.passed_out
    assert t.score_ns == 0
    assert t.to_json()["result"] == {"declarer_tricks": None, "score_ns": 0}


def test_law_22A_three_passes_after_a_call_end_the_auction() -> None:
    t = table((N, "1H"), (E, "P"), (S, "P"))
    assert t.phase is Phase.AUCTION
    t.push(CallAction(W, Call.PASS))
    assert t.phase is Phase.LEAD and t.turn is E


def test_law_22A_declarer_is_first_of_the_side_to_name_the_strain() -> None:
    t = table((N, "1H"), (E, "P"), (S, "2H"), (W, "P"), (N, "P"), (E, "X"), (S, "P"), (W, "P"), (N, "P"))
    assert t.contract is not None
    assert str(t.contract) == "2HXN"
    assert t.dummy is S


def test_law_19A_double_only_an_opponents_last_bid() -> None:
    t = table((N, "1H"))
    assert Call.DOUBLE in t.legal_calls
    t.push(CallAction(E, Call.PASS))
    assert Call.DOUBLE not in t.legal_calls  # partner's bid
    assert Call.REDOUBLE not in t.legal_calls


def test_law_19B_redouble_only_an_opponents_double() -> None:
    t = table((N, "1H"), (E, "X"))
    assert Call.REDOUBLE in t.legal_calls
    assert len(t.legal_calls) == 1 + 1 + 32  # pass, redouble, 1S..7N


def test_law_41A_face_down_lead_then_faced_starts_play() -> None:
    t = table((N, "1S"), (E, "P"), (S, "P"), (W, "P"))
    t.push(PlayAction(E, Card.parse("HA"), face_down=True))
    assert t.phase is Phase.LEAD and t.face_down_lead == (E, Card.parse("HA"))
    assert len(t.legal_cards) == 0
    t.push(FaceLead(E))
    assert t.phase is Phase.PLAY and t.lead_faced and t.turn is S


def test_law_41A_face_up_regulation_lead_is_faced_at_once() -> None:
    t = table((N, "1S"), (E, "P"), (S, "P"), (W, "P"), config=TableConfig(regulations=Regulations(opening_lead="face_up")))
    t.push(PlayAction(E, Card.parse("HA")))
    assert t.phase is Phase.PLAY and t.lead_faced


def test_law_44C_legal_cards_follow_suit() -> None:
    deal = Deal.parse("N:AK32.AK32.AK3.A2 QJT9.QJT9.QJ.QJ3 8765.8765.T98.K4 4.4.76542.T98765")
    t = Table(Board.standard(1, deal))
    for seat, call in ((N, "1N"), (E, "P"), (S, "P"), (W, "P")):
        t.push(CallAction(seat, Call.parse(call)))
    t.push(PlayAction(E, Card.parse("SQ")))
    assert {str(c) for c in t.legal_cards} == {"S8", "S7", "S6", "S5"}  # dummy S follows


def test_law_44_trump_wins_and_winner_leads_next() -> None:
    deal = Deal.parse("N:AK32.AK32.AK3.A2 QJT9.QJT9.QJ.QJ3 8765.8765.T98.K4 4.4.76542.T98765")
    t = Table(Board.standard(1, deal))
    for seat, call in ((N, "1S"), (E, "P"), (S, "P"), (W, "P")):
        t.push(CallAction(seat, Call.parse(call)))
    t.push(PlayAction(E, Card.parse("DQ")))
    t.push(PlayAction(S, Card.parse("DT"), by=N))
    t.push(PlayAction(W, Card.parse("D2")))
    t.push(PlayAction(N, Card.parse("S2")))  # N has diamonds: this is a revoke, the engine records it
    assert t.tricks[0].winner is N
    assert t.turn is N


def test_declarer_plays_dummys_cards_and_to_act_is_declarer() -> None:
    t = table((N, "1S"), (E, "P"), (S, "P"), (W, "P"))
    t.push(PlayAction(E, Card.parse("HA")))
    assert t.turn is S and t.to_act is N


def test_a_card_not_held_is_refused_and_changes_nothing() -> None:
    t = table((N, "1S"), (E, "P"), (S, "P"), (W, "P"))
    before = t.to_json()
    out = t.act(PlayAction(E, Card.parse("SA")))
    assert not out.accepted and out.code == "card_not_held"
    after = t.to_json()
    assert after["refused"][0]["code"] == "card_not_held"
    after.pop("refused")
    before.pop("refused")
    after.pop("log")
    before.pop("log")
    assert after == before


def test_push_raises_refused_and_keeps_no_trace() -> None:
    t = table((N, "1S"))
    with pytest.raises(Refused) as info:
        t.push(PlayAction(E, Card.parse("SA")))
    assert info.value.code == "card_not_held"
    assert len(t.actions) == 1 and not t.refused


def test_online_mode_refuses_an_insufficient_bid_without_state_change() -> None:
    t = table((N, "1H"), config=TableConfig(mode="online"))
    out = t.act(CallAction(E, Call.parse("1C")))
    assert not out.accepted and out.code == "insufficient_bid"
    assert [c.call for c in t.calls] == [Call.parse("1H")]
    assert t.turn is E


def test_undo_is_a_replay_of_all_but_the_last_action() -> None:
    t = table((N, "1H"), (E, "1S"))
    u = t.undo()
    assert [str(c) for _, c in u.standing] == ["1H"]
    assert u.turn is E


def test_scenario_01_grand_slam_scores_1510() -> None:
    t = table((N, "7S"), (E, "P"), (S, "P"), (W, "P"))
    t.push(PlayAction(E, Card.parse("HA"), face_down=True))
    t.push(FaceLead(E))
    hands = {S: "D", W: "C", N: "S", E: "H"}
    # North ruffed trick 1 with the S2; from then on every hand plays the highest card of
    # its only suit and North's trumps win every trick
    t.push(PlayAction(S, Card.parse("D2"), by=N))
    t.push(PlayAction(W, Card.parse("C2")))
    t.push(PlayAction(N, Card.parse("S2")))
    for k in range(12):
        order = [N, E, S, W]
        for seat in order:
            suit = hands[seat]
            rank = "A" if seat is N and k == 0 else None
            held = [c for c in t.hand(seat) if c.suit.name == suit]
            card = held[-1] if rank is None else Card.parse(suit + rank)
            t.push(PlayAction(seat, card, by=N if seat is S else None))
    assert t.phase is Phase.ENDED
    assert t.declarer_tricks == 13 and t.score_ns == 1510


def test_law_54_a_lead_out_of_turn_ruling_carries_its_card_as_data() -> None:
    t = table((N, "1S"), (E, "P"), (S, "P"), (W, "P"))
    t.push(PlayAction(W, Card.parse("CA")))
    ruling = t.to_json()["rulings"][0]
    assert ruling["kind"] == "opening_lead_out_of_turn" and ruling["card"] == "CA"


def test_law_54_a_face_down_lead_out_of_turn_keeps_its_card_unseen() -> None:
    t = table((N, "1S"), (E, "P"), (S, "P"), (W, "P"))
    t.push(PlayAction(W, Card.parse("CA"), face_down=True))
    assert "card" not in t.to_json()["rulings"][0]


def test_law_24_exposed_cards_ruling_carries_the_cards_as_data() -> None:
    from bridgelaw.actions import Expose

    t = table()
    t.push(Expose(E, (Card.parse("HA"), Card.parse("HK"))))
    assert t.to_json()["rulings"][0]["cards"] == ["HA", "HK"]


def test_law_28_an_online_refusal_of_a_call_out_of_rotation_is_russian_throughout() -> None:
    from bridgelaw.i18n import localize

    out = table(config=TableConfig(mode="online")).act(CallAction(E, Call.parse("1C")))
    assert out.message == "East's 1♣ is out of rotation (Laws 28-32)"
    assert localize(out.message or "", "ru") == "Восток заявил 1♣ вне очереди (Правила 28–32)"


def test_a_ruling_awaiting_a_choice_names_the_chooser_declined_in_russian() -> None:
    from bridgelaw.i18n import localize

    t = table((N, "1S"), (E, "P"), (S, "P"), (W, "P"))
    t.push(PlayAction(W, Card.parse("CA")))
    out = t.act(PlayAction(W, Card.parse("CA")))
    assert "ждёт выбора Севера" in localize(out.message or "", "ru")
