"""PBN 2.1 as the standard writes it (section numbers of PBN 2.1), and records with
irregularities replayed by the Laws: each test a small record written for one rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgelaw.actions import action_from_json
from bridgelaw.config import TableConfig
from bridgelaw.core.cards import Seat
from bridgelaw.core.deal import Board, Deal, Vulnerability
from bridgelaw.io.pbn import read_pbn, record_from_table, write_pbn
from bridgelaw.io.replay import replay_record
from bridgelaw.table import Table

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def game(**tags: str) -> str:
    base = {"Event": "t", "Board": "1", "Dealer": "N", "Vulnerable": "None", "Deal": DEAL}
    base.update(tags)
    return "\n".join(f'[{k} "{v}"]' for k, v in base.items()) + "\n"


def again(text: str) -> None:
    """The record survives PBN -> PBN unchanged."""
    (rec,) = read_pbn(text)
    (back,) = read_pbn(write_pbn([rec]))
    assert back.key() == rec.key()


# ---------------------------------------------------------------------- 3.4.15 Result
@pytest.mark.parametrize(("result", "tricks"), [("NS 7", 7), ("EW 6", 7), ("NS 7 EW 6", 7), ("EW 6 NS 7", 7)])
def test_pbn_3_4_15_result_names_the_side_whose_tricks_it_counts(result: str, tricks: int) -> None:
    (rec,) = read_pbn(game(Declarer="N", Contract="1NT", Result=result) + '[Auction "N"]\n1NT AP\n')
    assert rec.problems == [] and rec.result == tricks
    assert replay_record(rec)[0].outcome == "no_result" or rec.result == tricks


def test_pbn_3_4_15_result_for_the_defenders_is_thirteen_less_for_declarer() -> None:
    (rec,) = read_pbn(game(Declarer="E", Contract="4S", Result="NS 3") + '[Auction "E"]\n4S AP\n')
    assert rec.result == 10


def test_pbn_3_4_15_both_sides_must_add_up_to_thirteen() -> None:
    (rec,) = read_pbn(game(Declarer="N", Contract="1NT", Result="NS 7 EW 7"))
    assert any("13" in p for p in rec.problems)


@pytest.mark.law("79A")
def test_pbn_3_4_15_caret_result_is_the_agreed_number_and_stands() -> None:
    text = game(Declarer="N", Contract="1NT", Result="^8") + '[Auction "N"]\n1NT AP\n[Play "E"]\nCA C9 C5 C2\n*\n'
    (rec,) = read_pbn(text)
    assert rec.result == 8 and rec.result_agreed and rec.problems == []
    report, _ = replay_record(rec)
    assert report.reproduced and report.outcome == "reproduced"
    (back,) = read_pbn(write_pbn([rec]))
    assert back.result_agreed and back.key() == rec.key()


@pytest.mark.law("79A")
def test_79A_agreed_result_that_differs_from_the_whole_play_is_reported_and_stands() -> None:
    table = _played_table()
    rec = record_from_table(table)
    assert rec.result is not None
    rec.result, rec.result_agreed, rec.score_ns = rec.result + 1, True, None
    report, _ = replay_record(rec)
    assert report.reproduced and any("79A" in r for r in report.rulings)


# ---------------------------------------------------------------------- 3.4.13 Declarer
@pytest.mark.law("54A")
def test_pbn_3_4_13_caret_declarer_is_replayed_as_the_54A_spread_hand() -> None:
    # 1NT by N; W leads out of turn (E was on lead); N spreads his hand and S declares
    text = game(Declarer="^S", Contract="1NT", Result="7") + '[Auction "N"]\n1NT AP\n[Play "W"]\nC5 C2 CA C9\n*\n'
    (rec,) = read_pbn(text)
    assert rec.declarer is Seat.S and rec.declarer_swapped and rec.problems == []
    report, table = replay_record(rec)
    assert table is not None and table.contract is not None and table.contract.declarer is Seat.S
    assert report.mode == "table" and any("54A" in r and "spread hand" in r for r in report.rulings)
    assert report.reproduced
    (back,) = read_pbn(write_pbn([rec]))
    assert back.declarer_swapped and back.key() == rec.key()


@pytest.mark.law("54A")
def test_caret_declarer_with_the_lead_from_the_hand_on_turn_contradicts_itself() -> None:
    text = game(Declarer="^S", Contract="1NT", Result="7") + '[Auction "N"]\n1NT AP\n[Play "E"]\nCA C9 C5 C2\n*\n'
    (rec,) = read_pbn(text)
    report, _ = replay_record(rec)
    assert report.defect == "irregularity" and report.outcome == "self_contradictory" and "54A" in (report.problem or "")


# ---------------------------------------------------------------------- 3.5 Auction
def test_pbn_3_5_auction_ending_in_star_takes_contract_and_declarer_from_the_tags() -> None:
    (rec,) = read_pbn(game(Declarer="N", Contract="1NT", Result="7") + '[Auction "N"]\n1NT Pass *\n')
    report, _ = replay_record(rec)
    assert report.problem is None and report.outcome == "partial_auction"
    again(game(Declarer="N", Contract="1NT", Result="7") + '[Auction "N"]\n1NT Pass *\n')


def test_duplicated_auction_keeps_the_copy_with_the_calls_and_says_so() -> None:
    text = game(Declarer="N", Contract="1NT", Result="7") + '[Auction "N"]\n[Auction "N"]\n1NT AP\n'
    (rec,) = read_pbn(text)
    assert [str(c.call) for c in rec.calls] == ["1N", "P", "P", "P"]
    assert any("twice" in w for w in rec.warnings)
    assert replay_record(rec)[0].outcome != "result_only"


def test_two_different_auctions_are_a_problem_of_the_record() -> None:
    text = game() + '[Auction "N"]\n1NT AP\n[Auction "N"]\n2C AP\n'
    (rec,) = read_pbn(text)
    assert any("twice" in p for p in rec.problems)


def test_pbn_3_5_5_and_3_6_5_notes_are_numbered_within_their_section() -> None:
    text = (game() + '[Auction "N"]\n1NT =1= AP\n[Note "1:15-17"]\n'
            '[Play "E"]\nCA =1= C9 C5 C2\n*\n[Note "1:attitude"]\n')
    (rec,) = read_pbn(text)
    assert rec.calls[0].note == "15-17"
    assert rec.play_notes == {0: "attitude"}
    again(text)


def test_pbn_3_5_1_leading_dash_is_a_place_not_yet_on_turn() -> None:
    (rec,) = read_pbn(game(Dealer="E") + '[Auction "N"]\n- 1S Pass Pass\nPass\n')
    assert rec.auction_placeholders == 1
    seat, call = rec.seated_calls[0]
    assert (seat.name, str(call)) == ("E", "1S")
    assert rec.auction_contract is not None and rec.auction_contract.declarer is Seat.E
    again(game(Dealer="E") + '[Auction "N"]\n- 1S Pass Pass\nPass\n')


def test_pbn_3_5_3_exclamation_mark_is_a_good_call_not_an_alert() -> None:
    (rec,) = read_pbn(game() + '[Auction "N"]\n1C! 1H X $4 AP\n')
    assert not rec.calls[0].alert and rec.calls[0].annotation == "!"
    assert rec.calls[2].annotation == "$4"
    again(game() + '[Auction "N"]\n1C! 1H X $4 AP\n')


def test_pbn_3_5_4_alerts_are_written_as_notes_and_read_back() -> None:
    (rec,) = read_pbn(game() + '[Auction "N"]\n1C =1= 1H =2= AP\n[Note "1:Alert: strong"]\n[Note "2:natural"]\n')
    assert rec.calls[0].alert and rec.calls[0].note == "strong"
    assert not rec.calls[1].alert and rec.calls[1].note == "natural"
    text = write_pbn([rec])
    assert "1C!" not in text and '[Note "1:Alert: strong"]' in text
    (back,) = read_pbn(text)
    assert back.key() == rec.key()


def test_pbn_3_5_plus_marks_an_auction_to_be_continued() -> None:
    (rec,) = read_pbn(game() + '[Auction "N"]\n1NT Pass +\n')
    assert rec.auction_continued and rec.continued
    report, _ = replay_record(rec)
    assert report.problem is None and report.outcome == "continued"


# ---------------------------------------------------------------------- 3.4.11 Deal
def test_pbn_3_4_11_three_hands_determine_the_fourth() -> None:
    (rec,) = read_pbn(game(Deal="N:AKQJ.T98.765.432 T98.765.432.AKQJ - 432.AKQJ.T98.765"))
    assert rec.problems == [] and rec.deal == Deal.parse(DEAL)


def test_two_hands_missing_is_still_a_problem_for_an_auction_to_replay() -> None:
    (rec,) = read_pbn(game(Deal="N:AKQJ.T98.765.432 - - 432.AKQJ.T98.765") + '[Auction "N"]\n1NT AP\n')
    assert rec.deal is None and rec.problems


# ---------------------------------------------------------------------- 3.6 Play
def test_pbn_3_6_suffix_and_note_written_apart_from_the_card() -> None:
    text = game() + '[Auction "N"]\n1NT AP\n[Play "E"]\nCA ! =1= C9 C5 C2\n*\n[Note "1:count"]\n'
    (rec,) = read_pbn(text)
    assert rec.problems == [] and [str(c) for c in rec.play] == ["CA", "C9", "C5", "C2"]
    assert rec.play_annotations == {0: "!"} and rec.play_notes == {0: "count"}
    again(text)


def test_pbn_3_6_end_mark_glued_to_a_card() -> None:
    (rec,) = read_pbn(game() + '[Auction "N"]\n1NT AP\n[Play "E"]\nCA C9 C5 c2*\n')
    assert rec.problems == [] and len(rec.play) == 4


def test_pbn_3_6_play_section_without_a_card_is_an_empty_play() -> None:
    (rec,) = read_pbn(game() + '[Auction "N"]\n1NT AP\n[Play "?"]\n*\n')
    assert rec.problems == [] and rec.play == []


def test_pbn_3_6_plus_marks_a_play_to_be_continued_and_the_result_is_not_final() -> None:
    text = game(Declarer="N", Contract="1NT", Result="0") + '[Auction "N"]\n1NT AP\n[Play "E"]\nCA C9 C5 C2\n+\n'
    (rec,) = read_pbn(text)
    assert rec.play_continued and not rec.records_result
    report, _ = replay_record(rec)
    assert report.outcome == "continued" and report.problem is None
    again(text)


# ---------------------------------------------------------------------- the reader's honesty
def test_unclosed_comment_ends_at_the_next_tag_with_a_warning() -> None:
    text = game(Declarer="N", Contract="1NT") + '{ a comment never closed\n[Result "7"]\n[Auction "N"]\n1NT AP\n'
    (rec,) = read_pbn(text)
    assert rec.result == 7 and any("not closed" in w for w in rec.warnings)


@pytest.mark.law("79A")
def test_pbn_3_4_15_caret_result_the_play_makes_impossible_is_not_reproduced() -> None:
    # East wins the first trick: declarer can win at most the twelve tricks left
    text = game(Declarer="N", Contract="1NT", Result="^13") + '[Auction "N"]\n1NT AP\n[Play "E"]\nCA C9 C5 C2\n*\n'
    (rec,) = read_pbn(text)
    assert rec.result == 13 and rec.result_agreed
    report, _ = replay_record(rec)
    assert not report.reproduced and report.outcome == "self_contradictory" and report.defect == "claim"
    assert "allows 0 to 12 tricks" in report.laws_say and "agreed" in report.record_says


def test_passed_out_record_whose_auction_reaches_a_contract_names_the_reason() -> None:
    (rec,) = read_pbn(game(Contract="Pass") + '[Auction "N"]\n1NT AP\n')
    report, _ = replay_record(rec)
    assert report.defect == "contract" and report.problem is not None and report.outcome == "self_contradictory"


def test_unreadable_board_is_not_counted_as_an_illegal_auction() -> None:
    from bridgelaw.io.replay import Summary

    (rec,) = read_pbn(game(Dealer="Q") + '[Auction "N"]\n1NT AP\n')
    report, _ = replay_record(rec)
    summary = Summary()
    summary.add("f", [report])
    assert report.outcome == "unreadable" and summary.complete_auctions == 0
    assert summary.to_json()["unreadable"] == 1


def test_partial_deal_and_deal_only_are_readable_with_nothing_to_replay() -> None:
    from bridgelaw.io.replay import Summary

    partial = '[Event "t"]\n[Board "1"]\n[Deal "N:AKQJ.T98.765.432 - 765.432.AKQJ.T98 -"]\n'
    deal_only = f'[Deal "{DEAL}"]\n'
    unreadable = game(Dealer="Q") + '[Auction "N"]\n1NT AP\n'
    records = [read_pbn(text)[0] for text in (partial, deal_only, unreadable)]
    assert records[0].problems == [] and records[0].deal is not None and not records[0].deal.is_complete
    assert records[1].problems == [] and records[1].deal == Deal.parse(DEAL) and records[1].dealer is None
    reports = [replay_record(rec)[0] for rec in records]
    assert [r.outcome for r in reports] == ["nothing_to_replay", "nothing_to_replay", "unreadable"]
    summary = Summary()
    summary.add("f", reports)
    assert summary.to_json()["nothing_to_replay"] == 2 and summary.to_json()["unreadable"] == 1
    assert summary.problems == reports[2:]
    again(partial)


def test_partial_deal_with_an_auction_is_still_unreadable() -> None:
    (rec,) = read_pbn(game(Deal="N:AKQJ.T98.765.432 - 765.432.AKQJ.T98 -") + '[Auction "N"]\n1NT AP\n')
    assert replay_record(rec)[0].outcome == "unreadable"


# ---------------------------------------------------------------------- 3.9 irregularities, by the Laws
@pytest.mark.law("27A1")
def test_27A1_insufficient_bid_marked_I_is_accepted_by_the_next_call() -> None:
    text = game(Dealer="W", Declarer="N", Contract="1C", Result="7") + '[Auction "W"]\n1D ^I 1C Pass Pass\nPass\n'
    (rec,) = read_pbn(text)
    report, _ = replay_record(rec)
    assert report.mode == "table" and report.problem is None
    assert any("insufficient bid" in r and "27A1" in r for r in report.rulings)


@pytest.mark.law("18D")
def test_I_mark_on_a_sufficient_bid_contradicts_the_record() -> None:
    (rec,) = read_pbn(game(Dealer="W") + '[Auction "W"]\n1C ^I 1D Pass Pass\nPass\n')
    report, _ = replay_record(rec)
    assert report.defect == "irregularity"


@pytest.mark.law("29A")
def test_29A_skipped_turn_is_a_call_out_of_rotation_accepted() -> None:
    (rec,) = read_pbn(game(Dealer="W") + '[Auction "W"]\n1D ^S 2D\nPass Pass Pass\n')
    report, table = replay_record(rec)
    assert report.problem is None and any("29A" in r for r in report.rulings)
    assert table is not None and table.contract is not None and table.contract.declarer is Seat.W  # W bid diamonds first


@pytest.mark.law("54B")
def test_54B_opening_lead_out_of_turn_marked_L_is_accepted() -> None:
    (rec,) = read_pbn(game() + '[Auction "N"]\n1NT AP\n[Play "E"]\nCA C9 ^L C5 C2\n*\n')
    report, table = replay_record(rec)
    assert report.problem is None and any("54B" in r for r in report.rulings)
    assert table is not None and len(table.tricks[0].cards) == 4


@pytest.mark.law("64A2")
def test_64A2_revoke_marked_R_is_established_and_a_trick_transferred() -> None:
    table = _played_table(point_out=False)
    rec = record_from_table(table)
    assert "R" in rec.play_marks.values()
    rec.result = 7  # what the Laws give after the transfer (scenario 64-07)
    rec.score_ns = None
    text = write_pbn([rec])
    (back,) = read_pbn(text)
    report, replayed = replay_record(back)
    assert report.mode == "table" and report.reproduced, report.problem
    assert replayed is not None and replayed.declarer_tricks == 7
    assert any("revoke" in r and "64A2" in r for r in report.rulings)


@pytest.mark.law("64A2")
def test_revoke_record_whose_result_leaves_out_the_transfer_is_named() -> None:
    rec = record_from_table(_played_table(point_out=False))
    rec.result, rec.score_ns = 6, None
    report, _ = replay_record(rec)
    assert report.defect == "result" and "transfer" in (report.problem or "")


def test_unmarked_revoke_is_still_a_play_defect() -> None:
    rec = record_from_table(_played_table(point_out=False))
    rec.play_marks = {}
    rec.result, rec.score_ns = 7, None
    report, _ = replay_record(rec)
    assert report.mode == "online" and report.defect == "play"


def _played_table(*, point_out: bool = True) -> Table:
    """Scenario 64-07: W revokes in trick 2 (a diamond on a heart lead); 4S by S."""
    path = Path(__file__).resolve().parents[2] / "scenarios" / "play" / "64-07-revoke-found-after-play.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    board = Board(1, Deal.parse(data["deal"]), Seat.N, Vulnerability.NONE)
    table = Table(board, TableConfig())
    for a in data["actions"]:
        if "point_out" in a and not point_out:
            continue
        table.act(action_from_json(a))
    return table


def test_an_escaped_line_inside_a_game_does_not_end_it() -> None:
    text = '[Event "t"]\n[Board "7"]\n% a checksum\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "' + DEAL + '"]\n'
    (rec,) = read_pbn(text)
    assert rec.board == 7 and rec.deal is not None


def test_a_board_without_a_deal_is_kept_with_its_problem() -> None:
    (rec,) = read_pbn('[Event "t"]\n[Board "7"]\n[Dealer "N"]\n')
    assert rec.board == 7 and any("no deal" in p for p in rec.problems)
