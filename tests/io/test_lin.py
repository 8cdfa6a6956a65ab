"""LIN reader and single-board writer."""

from __future__ import annotations

from bridgelaw import Seat
from bridgelaw.core.deal import Vulnerability
from bridgelaw.io.lin import read_lin, write_lin
from bridgelaw.io.replay import replay_record

MD = "md|3S2TKH248TQD7C259T,S456H56JKD45TC7QA,S389QAH379AD29KC3,|"
BOARD = (
    "pn|a,b,c,d|st||" + MD + "rh||ah|Board 1|sv|o|mb|1S|mb|2N!|an|minors|mb|p|mb|3C|mb|p|mb|3D|mb|p|"
    "mb|3H|mb|p|mb|4D|mb|p|mb|5D|mb|p|mb|p|mb|p|pg||pc|S2|pc|S4|pc|SA|pc|S7|pg||mc|11|"
)


def test_md_gives_dealer_and_implies_the_fourth_hand() -> None:
    (rec,) = read_lin(BOARD)
    assert rec.dealer is Seat.N and rec.deal is not None and rec.deal.is_complete
    assert rec.vulnerability is Vulnerability.NONE and rec.board == 1


def test_alert_and_explanation_belong_to_the_call() -> None:
    (rec,) = read_lin(BOARD)
    assert rec.calls[1].alert and rec.calls[1].note == "minors"


def test_mc_is_the_claim_of_declarer_total_tricks() -> None:
    (rec,) = read_lin(BOARD)
    assert rec.claim == 11 and [str(c) for c in rec.play] == ["S2", "S4", "SA", "S7"]
    assert rec.players == {Seat.S: "a", Seat.W: "b", Seat.N: "c", Seat.E: "d"}


def test_vugraph_rs_header_gives_contract_declarer_and_result() -> None:
    text = "vg|Cup,F,I,1,1,A,0,B,0|\nrs|5DWx-1,|\npn|s,w,n,e,s2,w2,n2,e2|\nqx|o1|" + BOARD.split("st||", 1)[1]
    (rec,) = read_lin(text)
    assert (rec.contract, rec.declarer, rec.result, rec.label) == ("5DX", Seat.W, 10, "open 1")


def test_missing_qx_key_is_resynchronised() -> None:
    text = "qx|o1|" + MD + "sv|o|pg||\no2|" + MD + "sv|n|"
    first, second = read_lin(text)
    assert second.board == 2 and second.vulnerability is Vulnerability.NS
    assert any("qx" in w for w in second.warnings + first.warnings)


def test_mixed_case_cards_and_calls() -> None:
    (rec,) = read_lin(MD + "sv|b|mb|1n|mb|D|mb|r|mb|P|mb|p|mb|p|pc|sQ|")
    assert [str(c.call) for c in rec.calls] == ["1N", "X", "XX", "P", "P", "P"]
    assert str(rec.play[0]) == "SQ"


def test_claim_is_credited_and_checked_by_replay() -> None:
    (rec,) = read_lin(BOARD)
    report, _ = replay_record(rec)
    assert report.legal_auction and report.claim == "record" and report.problem is None


def test_single_board_round_trip() -> None:
    (rec,) = read_lin(BOARD)
    (again,) = read_lin(write_lin(rec))
    assert again.lin_key() == rec.lin_key()
