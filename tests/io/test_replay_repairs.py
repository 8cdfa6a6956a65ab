"""Replay of records that real producers get wrong: which quirks are repaired (with a
warning) and which defects are named, each as the corpus showed it."""

from __future__ import annotations

import pytest

from bridgelaw.actions import PlayAction
from bridgelaw.core.deal import Deal
from bridgelaw.io.lin import read_lin
from bridgelaw.io.pbn import read_pbn
from bridgelaw.io.replay import _replay, replay_record

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
RPBRIDGE = "% PBN (c) 2021 rpbridge.net\n"


def game(**tags: str) -> str:
    base = {"Event": "t", "Board": "1", "Dealer": "N", "Vulnerable": "None", "Deal": DEAL}
    base.update(tags)
    return "\n".join(f'[{k} "{v}"]' for k, v in base.items()) + "\n"


DOUBLED = game(Declarer="N", Contract="4S", Result="10") + '[Auction "N"]\n4S X AP\n'


def test_rpbridge_first_table_contract_without_double_is_read_from_its_auction() -> None:
    (rec,) = read_pbn(RPBRIDGE + DOUBLED)
    assert rec.contract == "4SX" and any("rpbridge.net" in w for w in rec.warnings)
    assert replay_record(rec)[0].reproduced


def test_same_contract_elsewhere_is_a_contract_risk_defect() -> None:
    (rec,) = read_pbn(DOUBLED)  # not an rpbridge.net file: nothing is repaired
    report, _ = replay_record(rec)
    assert rec.contract == "4S" and report.defect == "contract_risk"


def test_rpbridge_second_table_is_not_repaired() -> None:
    second = '\n[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n[Auction "N"]\n4S X AP\n'
    _, rec = read_pbn(RPBRIDGE + DOUBLED + second)
    assert rec.contract == "4S" and replay_record(rec)[0].defect == "contract_risk"


def test_record_with_a_contract_and_a_lead_but_no_auction_has_nothing_to_replay() -> None:
    (rec,) = read_pbn(game(Declarer="N", Contract="4S", Result="10") + '[Play "E"]\nC2 - - -\n*\n')
    report, table = replay_record(rec)
    assert table is None and report.result_only and not report.recorded and report.problem is None


@pytest.mark.law("39A")
def test_39A_pass_after_the_final_pass_is_cancelled_and_the_board_reproduces() -> None:
    text = "qx|o1|md|3S2TKH248TQD7C259T,S456H56JKD45TC7QA,S389QAH379AD29KC3,|sv|o|mb|1S|mb|p|mb|p|mb|p|mb|p|"
    (rec,) = read_lin("vg|x,y,I,1,1,a,0,b,0|rs|1SN=,|" + text)
    report, _ = replay_record(rec)
    assert report.cancelled_calls == 1 and report.legal_auction and report.problem is None


def test_a_bid_after_the_final_pass_is_an_auction_defect() -> None:
    (rec,) = read_lin("md|3S2TKH248TQD7C259T,S456H56JKD45TC7QA,S389QAH379AD29KC3,|sv|o|ah|Board 1|mb|1S|mb|p|mb|p|mb|p|mb|2C|")
    assert replay_record(rec)[0].defect == "auction"


def test_lin_unreadable_call_after_the_end_of_the_auction_is_a_warning() -> None:
    (rec,) = read_lin("md|3S2TKH248TQD7C259T,S456H56JKD45TC7QA,S389QAH379AD29KC3,|sv|o|ah|Board 1|mb|1S|mb|p|mb|p|mb|p|mb|-|")
    assert rec.problems == [] and any("after the end of the auction" in w for w in rec.warnings)


def test_two_cards_of_one_hand_in_a_trick_mean_the_deal_is_wrong() -> None:
    (rec,) = read_lin(
        "md|3S2TKH248TQD7C259T,S456H56JKD45TC7QA,S389QAH379AD29KC3,|sv|o|ah|Board 1|mb|1S|mb|p|mb|p|mb|p|"
        "pc|CA|pc|CQ|pc|C2|pc|C3|mc|7|"
    )
    report, _ = replay_record(rec)
    assert report.defect == "deal" and "CA and CQ" in (report.problem or "")


def test_a_card_played_twice_is_named() -> None:
    md = "md|3S2TKH248TQD7C259T,S456H56JKD45TC7QA,S389QAH379AD29KC3,|sv|o|ah|Board 1|mb|1S|mb|p|mb|p|mb|p|"
    (rec,) = read_lin(md + "pc|C7|pc|C3|pc|C2|pc|CJ|pc|C7|mc|7|")
    report, _ = replay_record(rec)
    assert report.defect == "play" and "C7 is played in trick 1 and again in trick 2" in (report.problem or "")


def test_hands_seated_two_places_round_are_turned_to_fit_the_play_with_a_warning() -> None:
    text = game(Declarer="N", Contract="1N", Result="7") + '[Auction "N"]\n1NT AP\n'
    deal = Deal.parse(DEAL)
    turned = Deal(tuple(deal.hands[(i + 2) % 4] for i in range(4)))  # type: ignore[arg-type]
    # eight cards of a legal 1NT by N, played by the hands of the deal turned round
    at_table = read_pbn(text)[0]
    at_table.deal = turned
    _, table = _replay(at_table)
    assert table is not None
    for _ in range(8):
        seat = table.turn
        assert seat is not None
        card = min(table.legal_cards, key=lambda c: c.index)
        table.push(PlayAction(seat, card, by=table.declarer if seat is table.dummy else None))
    (rec,) = read_pbn(text)
    rec.play, rec.result = [c for t in table.tricks for c in t.cards], None
    assert _replay(rec)[0].defect == "play"
    report, _ = replay_record(rec)
    assert report.turned == 2 and report.problem is None


def test_lin_missing_opening_pass_is_restored_when_rs_and_the_lead_agree() -> None:
    # dealer N; the operator left out N's pass: 1S is E's, so E declares and S (who holds S2) leads
    text = (
        "vg|x,y,I,1,1,a,0,b,0|rs|1SE=,|qx|o1|md|3S2TKH248TQD7C259T,S456H56JKD45TC7QA,S389QAH379AD29KC3,|sv|o|"
        "mb|1S|mb|p|mb|p|mb|p|pc|S2|mc|7|"
    )
    (rec,) = read_lin(text)
    assert [str(c.call) for c in rec.calls][:2] == ["P", "1S"] and any("restored" in w for w in rec.warnings)
    assert replay_record(rec)[0].reproduced


def test_lin_auction_is_left_alone_without_a_card_to_confirm_rs() -> None:
    text = "vg|x,y,I,1,1,a,0,b,0|rs|1SE=,|qx|o1|md|3S2TKH248TQD7C259T,S456H56JKD45TC7QA,S389QAH379AD29KC3,|sv|o|mb|1S|mb|p|mb|p|mb|p|mc|7|"
    (rec,) = read_lin(text)
    assert str(rec.calls[0].call) == "1S" and replay_record(rec)[0].defect == "contract"


def test_play_section_naming_the_wrong_seat_is_read_from_the_auctions_leader() -> None:
    # 1NT by N: E leads; [Play] wrongly names W, whose column order the cards still follow
    text = game(Declarer="N", Contract="1NT", Result="7") + '[Auction "N"]\n1NT AP\n[Play "W"]\nC5 C2 CA C8\nC6 C3 CK C9\n*\n'
    (rec,) = read_pbn(text)
    report, _ = replay_record(rec)
    assert report.turned == 0 and "[Play] names W" in report.repair
    assert report.problem is None or "Play" not in report.problem


def test_play_that_fits_the_recorded_declarer_is_a_contract_defect_not_a_turned_deal() -> None:
    # the auction gives 1NT by E, the tags say S declared, and W (S's left) leads
    text = game(Declarer="S", Contract="1NT", Result="7") + '[Auction "N"]\nPass 1NT AP\n[Play "W"]\nHA H8 H5 H2\nHK H9 H6 H3\n*\n'
    (rec,) = read_pbn(text)
    report, _ = replay_record(rec)
    assert report.turned == 0 and report.defect == "contract"
    assert "fit S as declarer" in (report.problem or "")
