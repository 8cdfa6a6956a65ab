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


# ---------------------------------------------------------------------- round trips
PBN_GAME = (
    '[Event "Club pairs"]\n[Site "Oslo"]\n[Board "3"]\n[West "w"]\n[North "n"]\n[East "e"]\n[South "s"]\n'
    '[Dealer "S"]\n[Vulnerable "EW"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
    '[Declarer "N"]\n[Contract "1NTX"]\n[Result "8"]\n[Auction "S"]\nPass Pass 1NT X\nPass Pass Pass\n'
    '[Play "E"]\nCA C9 C5 C2\n*\n[Score "NS 280"]\n'
)


def test_pbn_to_lin_to_pbn_keeps_contract_declarer_result_names_and_event() -> None:
    from bridgelaw.io.lin import lin_losses, write_lin_file
    from bridgelaw.io.pbn import read_pbn

    (rec,) = read_pbn(PBN_GAME)
    (back,) = read_lin(write_lin_file([rec]))
    assert (back.contract, back.declarer, back.result) == ("1NX", Seat.N, 8)
    assert back.players == rec.players and back.tags["Event"] == "Club pairs"
    assert back.lin_key() == rec.lin_key()
    assert lin_losses(rec) == ["the score (LIN has no score)", "the tags Site"]


def test_a_board_without_names_does_not_take_the_previous_boards() -> None:
    from bridgelaw.io.pbn import read_pbn

    first, second = read_pbn(PBN_GAME + "\n" + PBN_GAME.replace('[West "w"]\n[North "n"]\n[East "e"]\n[South "s"]\n', ""))
    assert second.players == {}
    _, again = read_lin(write_lin(first) + write_lin(second))
    assert again.players == {}


def test_lin_to_lin_keeps_the_vugraph_results_and_the_place_of_commentary() -> None:
    text = "vg|Final,1,I,1,1,a,0,b,0|rs|5DN=,|pn|a,b,c,d,e,f,g,h|qx|o1|" + MD + "sv|o|mb|1S|nt|early|mb|p|mb|p|mb|p|"
    (rec,) = read_lin(text)
    assert rec.contract == "5D" and rec.commentary_at == [1]
    from bridgelaw.io.lin import write_lin_file

    (again,) = read_lin(write_lin_file([rec]))
    assert (again.contract, again.declarer, again.result) == ("5D", Seat.N, 11)
    assert again.commentary_at == [1] and again.lin_key() == rec.lin_key()


def test_lin_to_pbn_to_lin_keeps_alerts_and_explanations() -> None:
    from bridgelaw.io.pbn import read_pbn, write_pbn

    (rec,) = read_lin(BOARD)
    (pbn,) = read_pbn(write_pbn([rec]))
    assert pbn.calls[1].alert and pbn.calls[1].note == "minors"
    (back,) = read_lin(write_lin(pbn))
    assert back.lin_key() == rec.lin_key()


def test_each_room_keeps_its_own_players_when_every_board_names_them() -> None:
    """A two-room file written board by board (qx|o1|pn|…|md|…, qx|c1|pn|…|md|…): the
    closed room's board is not seated with the open room's four."""
    text = ("vg|Match,,I,1,2,A,0,B,0|"
            "qx|o1|pn|S1,W1,N1,E1|md|3S87643H86DAKQ53CT,SKQT52HKT54D9C963,SJ9HAJDT842CAK842,|\n"
            "qx|c1|pn|S2,W2,N2,E2|md|3S87643H86DAKQ53CT,SKQT52HKT54D9C963,SJ9HAJDT842CAK842,|\n")
    first, second = read_lin(text)
    assert {s.name: n for s, n in first.players.items()} == {"S": "S1", "W": "W1", "N": "N1", "E": "E1"}
    assert {s.name: n for s, n in second.players.items()} == {"S": "S2", "W": "W2", "N": "N2", "E": "E2"}


def test_a_file_whose_boards_name_different_events_keeps_each_boards_event() -> None:
    from bridgelaw.io.lin import write_lin_file

    boards = read_lin("qx|o1|pn|a,b,c,d|md|3S87643H86DAKQ53CT,SKQT52HKT54D9C963,SJ9HAJDT842CAK842,|\n" * 3)
    for rec, event in zip(boards, ("Cup", "League", ""), strict=True):
        if event:
            rec.tags["Event"] = event
    back = read_lin(write_lin_file(boards))
    assert [r.tags.get("Event", "") for r in back] == ["Cup", "League", ""]


DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_multi_line_commentary_and_notes_are_written_on_one_line_and_read_back_whole() -> None:
    from bridgelaw.io.lin import lin_losses
    from bridgelaw.io.pbn import read_pbn

    text = (f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n{{first line\nsecond line}}\n'
            '[Auction "N"]\n1NT =1= AP\n[Note "1:15-17\nbalanced"]\n')
    (rec,) = read_pbn(text)
    assert "\n" in rec.commentary[0] and rec.calls[0].note == "15-17\nbalanced"
    line = write_lin(rec)
    assert line.count("\n") == 1 and line.endswith("\n")
    (back,) = read_lin(line)
    assert back.commentary == rec.commentary and back.calls[0].note == rec.calls[0].note
    assert back.lin_key() == rec.lin_key() and lin_losses(rec) == []


def test_a_deal_with_no_dealer_is_kept_or_named() -> None:
    from bridgelaw.io.lin import lin_losses
    from bridgelaw.io.pbn import read_pbn

    (bare,) = read_pbn(f'[Deal "{DEAL}"]\n')
    (back,) = read_lin(write_lin(bare))
    assert back.deal == bare.deal and back.dealer is None and back.problems == []
    assert back.lin_key() == bare.lin_key() and lin_losses(bare) == []
    (numbered,) = read_pbn(f'[Board "2"]\n[Deal "{DEAL}"]\n')
    (back,) = read_lin(write_lin(numbered))
    assert back.deal == numbered.deal and back.dealer is Seat.E
    assert "no dealer (LIN reads the dealer of the board number, Law 2)" in lin_losses(numbered)


def test_a_play_that_fits_the_recorded_declarer_not_the_auctions_is_named_as_a_loss() -> None:
    from bridgelaw.io.lin import lin_losses
    from bridgelaw.io.pbn import read_pbn

    text = (f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Declarer "W"]\n[Contract "1NT"]\n'
            '[Result "7"]\n[Auction "N"]\nPass 1NT AP\n[Play "N"]\nC2 CA C8 C5\n*\n')
    (rec,) = read_pbn(text)
    (back,) = read_lin(write_lin(rec))
    assert back.lin_key() != rec.lin_key()  # LIN re-seats the auction to fit rs| and the play
    assert any("auction's own declarer" in loss for loss in lin_losses(rec))
