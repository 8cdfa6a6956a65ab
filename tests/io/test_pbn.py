"""PBN 2.1 reader and writer: the format's rules and the quirks of real files."""

from __future__ import annotations

import re

import pytest

from bridgelaw import Call, Seat, Table
from bridgelaw.actions import Ask, CallAction, Choose, Decide
from bridgelaw.core.deal import Board, Deal, Vulnerability
from bridgelaw.io.pbn import read_pbn, write_pbn, write_table
from bridgelaw.io.replay import replay_record

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def game(**tags: str) -> str:
    base = {"Event": "t", "Board": "1", "Dealer": "N", "Vulnerable": "None", "Deal": DEAL}
    base.update(tags)
    return "\n".join(f'[{k} "{v}"]' for k, v in base.items()) + "\n"


def test_mandatory_tags_read_into_the_board() -> None:
    (rec,) = read_pbn(game(Board="7", Dealer="S", Vulnerable="All"))
    assert (rec.board, rec.dealer, rec.vulnerability) == (7, Seat.S, Vulnerability.ALL)
    assert rec.deal == Deal.parse(DEAL)
    assert rec.problems == []


def test_auction_with_alert_note_and_all_pass() -> None:
    text = game() + '[Auction "N"]\n1C =1= 1H X AP\n[Note "1:Alert: strong"]\n'
    (rec,) = read_pbn(text)
    assert [str(c.call) for c in rec.calls] == ["1C", "1H", "X", "P", "P", "P"]
    assert rec.calls[0].alert and rec.calls[0].note == "strong"
    assert rec.auction_contract is not None and str(rec.auction_contract) == "1HXE"


def test_glued_note_reference_and_pass_spellings() -> None:
    (rec,) = read_pbn(game() + '[Auction "N"]\n1S=1= PASS pass Pass\n[Note "1:five"]\n')
    assert [str(c.call) for c in rec.calls] == ["1S", "P", "P", "P"]
    assert rec.calls[0].note == "five"


WEST_DEALS = {"Dealer": "W"}


def test_pbn_3_9_insufficient_bid_accepted_is_marked_before_the_bid_and_stands() -> None:
    (rec,) = read_pbn(game(**WEST_DEALS) + '[Auction "W"]\n1D ^I 1C Pass Pass\nPass\n')
    assert [(s.name, str(c)) for s, c in rec.seated_calls][:2] == [("W", "1D"), ("N", "1C")]
    assert rec.calls[1].irregularity == "I"
    assert rec.auction_contract is not None and str(rec.auction_contract) == "1CN"


def test_pbn_3_9_skipped_turn_takes_the_place_of_the_player_skipped() -> None:
    (rec,) = read_pbn(game(**WEST_DEALS) + '[Auction "W"]\n1D ^S ^S 2D\nPass Pass Pass\n')
    assert [(s.name, str(c)) for s, c in rec.made_calls][:2] == [("W", "1D"), ("S", "2D")]
    assert rec.auction_contract is not None and str(rec.auction_contract) == "2DS"


def test_pbn_3_9_revoke_mark_precedes_its_card() -> None:
    # 1NT by N: E leads CA and S, who holds T98 of clubs, discards S5
    text = game() + '[Auction "N"]\n1NT AP\n[Play "E"]\nCA ^R S5 C5 C2\n*\n'
    (rec,) = read_pbn(text)
    assert rec.play_marks == {1: "R"}
    (again,) = read_pbn(write_pbn([rec]))
    assert again.play_marks == {1: "R"} and again.key() == rec.key()


def test_pbn_3_9_lead_out_of_turn_starts_the_trick_from_its_card() -> None:
    # 1NT by N: E is on lead; W leads instead and it is accepted: the trick goes W, N, E, S
    text = game() + '[Auction "N"]\n1NT AP\n[Play "E"]\nCA C9 ^L C5 C2\n*\n'
    (rec,) = read_pbn(text)
    assert [str(c) for c in rec.play] == ["C5", "C2", "CA", "C9"] and rec.play_marks == {0: "L"}
    assert replay_record(rec)[0].problem is None  # replayed in table mode: the lead is accepted (54B)
    (again,) = read_pbn(write_pbn([rec]))
    assert again.key() == rec.key()


def test_play_table_is_read_in_columns_from_the_leader() -> None:
    text = game(Declarer="S", Contract="1N", Result="7") + '[Auction "N"]\nPass Pass 1NT AP\n[Play "W"]\nC5 C2 CK C8\n*\n'
    (rec,) = read_pbn(text)
    assert [str(c) for c in rec.play] == ["C5", "C2", "CK", "C8"]


def test_tag_without_quotes_is_read_with_a_warning() -> None:
    (rec,) = read_pbn("[Event Random Deal #]\n" + game().split("\n", 1)[1])
    assert rec.tags["Event"] == "Random Deal #"
    assert any("not in the form" in w for w in rec.warnings)


def test_hash_copies_the_previous_game_value() -> None:
    text = game(Site="Riga") + "\n" + game(Board="2", Site="#")
    _, second = read_pbn(text)
    assert second.tags["Site"] == "Riga"


def test_repeated_tag_keeps_the_first_value_with_a_warning() -> None:
    (rec,) = read_pbn(game() + '[Dealer "N"]\n')
    assert rec.dealer is Seat.N and any("twice" in w for w in rec.warnings)


def test_rpbridge_record_without_deal_reuses_the_previous_one() -> None:
    text = game(Declarer="S", Contract="1N", Result="7") + '[Auction "N"]\nPass Pass 1NT AP\n\n[Declarer "S"]\n[Contract "1N"]\n[Result "8"]\n[Auction "N"]\nPass Pass 1NT AP\n'
    first, second = read_pbn(text)
    assert second.deal == first.deal and second.board == 1 and second.result == 8
    assert any("re-used" in w for w in second.warnings)


def test_rpbridge_leading_passes_restored_from_declarer() -> None:
    text = game(Declarer="S", Contract="1N", Result="7") + '[Auction "N"]\n1NT AP\n[Play "W"]\n*\n'
    (rec,) = read_pbn(text)
    assert [str(c.call) for c in rec.calls][:3] == ["P", "P", "1N"]


def test_crlf_and_cp1250_bytes() -> None:
    raw = (game(Site="Chorz\u00f3w").replace("\n", "\r\n")).encode("cp1250") + "[Annotator \"\u0141\u00f3d\u017a\"]".encode("cp1250")
    (rec,) = read_pbn(raw)
    assert rec.tags["Site"] == "Chorzów" and rec.tags["Annotator"] == "Łódź"
    assert any("cp1250" in w for w in rec.warnings)


def test_lower_case_doubled_contract() -> None:
    (rec,) = read_pbn(game(Contract="5Cx", Declarer="E", Result="9"))
    assert rec.contract == "5CX"


def test_table_tag_rows_are_kept_and_written_back() -> None:
    text = game() + '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT 7\nS S 8\n'
    (rec,) = read_pbn(text)
    assert rec.tables["OptimumResultTable"][1] == [["N", "NT", "7"], ["S", "S", "8"]]
    (again,) = read_pbn(write_pbn([rec]))
    assert again.tables == rec.tables


def test_writer_uses_upper_case_x_and_nt() -> None:
    (rec,) = read_pbn(game(Contract="3Nx", Declarer="S", Result="9") + '[Auction "N"]\nPass Pass 3NT X\nAP\n')
    out = write_pbn([rec])
    assert '[Contract "3NX"]' in out and "3NT X" in out


def test_round_trip_keeps_the_board() -> None:
    text = game(Declarer="S", Contract="1N", Result="7", Score="NS 90") + '[Auction "N"]\nPass Pass 1NT! =1= AP\n[Note "1:15-17"]\n[Play "W"]\nC5 C2 CK C8\n*\n'
    (rec,) = read_pbn(text)
    (again,) = read_pbn(write_pbn([rec]))
    assert again.key() == rec.key()


def test_table_with_a_ruling_is_written_with_notes_and_commentary() -> None:
    board = Board(1, Deal.parse(DEAL), Seat.N, Vulnerability.NONE)
    table = Table(board)
    for seat, call in (("N", "1S"), ("E", "1H")):
        table.act(CallAction(Seat.parse(seat), Call.parse(call)))
    text = write_table(table)
    assert "{Ruling 1: insufficient bid by E" in text
    assert "[Note \"1:insufficient bid, ruling 1" in text
    (rec,) = read_pbn(text)
    assert rec.problems == [] and rec.commentary[0].startswith("Ruling 1")


def test_a_table_played_through_is_reproduced_from_its_pbn() -> None:
    from bridgelaw.actions import PlayAction
    from bridgelaw.config import Regulations, TableConfig

    board = Board(1, Deal.parse(DEAL), Seat.N, Vulnerability.NONE)
    table = Table(board, TableConfig(regulations=Regulations(opening_lead="face_up")))
    for caller, call in (("N", "1S"), ("E", "P"), ("S", "P"), ("W", "P")):
        table.push(CallAction(Seat.parse(caller), Call.parse(call)))
    while table.turn is not None:
        seat = table.turn
        card = next(iter(table.legal_cards))
        by = table.declarer if seat is table.dummy else None
        table.push(PlayAction(seat, card, by=by))
    (rec,) = read_pbn(write_table(table))
    report, _ = replay_record(rec)
    assert report.reproduced and report.legal_play, report.problem


def _table_with_insufficient_bid(choice: str) -> Table:
    from bridgelaw.actions import Choose

    table = Table(Board(1, Deal.parse(DEAL), Seat.N, Vulnerability.NONE))
    table.act(CallAction(Seat.N, Call.parse("1S")))
    table.act(CallAction(Seat.E, Call.parse("1H")))
    table.act(Choose(Seat.S, choice))
    return table


def test_pbn_3_9_an_accepted_insufficient_bid_is_written_with_I_before_it() -> None:
    table = _table_with_insufficient_bid("accept")
    text = write_table(table)
    assert "1S ^I 1H" in text
    (rec,) = read_pbn(text)
    assert [str(c.call) for c in rec.calls] == ["1S", "1H"] and rec.calls[1].irregularity == "I"


def test_pbn_3_9_a_cancelled_insufficient_bid_is_left_to_the_commentary() -> None:
    table = _table_with_insufficient_bid("decline")
    table.act(CallAction(Seat.E, Call.parse("2H")))
    text = write_table(table)
    (rec,) = read_pbn(text)
    assert [str(c.call) for c in rec.calls] == ["1S", "2H"] and all(c.irregularity is None for c in rec.calls)
    assert any(c.startswith("Ruling 1: insufficient bid") for c in rec.commentary)


def test_pbn_3_9_the_call_replacing_an_insufficient_bid_names_it_and_its_ruling() -> None:
    table = _table_with_insufficient_bid("decline")
    table.act(CallAction(Seat.E, Call.parse("2H")))
    (rec,) = read_pbn(write_table(table))
    assert rec.calls[1].note is not None and "replaces E's 1H" in rec.calls[1].note and "ruling 1" in rec.calls[1].note
    (ru,) = read_pbn(write_table(table, lang="ru"))
    assert ru.calls[1].note is not None and "решение № 1" in ru.calls[1].note


def test_write_table_numbers_rulings_from_one_in_english_and_russian() -> None:
    table = _table_with_insufficient_bid("accept")
    en, ru = write_table(table), write_table(table, lang="ru")
    assert "{Ruling 1: insufficient bid by E (Law 27" in en and "Ruling 0" not in en
    assert "{Решение № 1: недостаточное назначение, нарушитель: Восток (Правило 27" in ru
    both = write_table(table, lang="both")
    assert "{Ruling 1: insufficient bid" in both and "{Решение № 1:" in both


def _words(text: str) -> tuple[set[str], set[str]]:
    """The Latin words (three letters or more) and the Cyrillic words of a text."""
    return set(re.findall(r"[A-Za-z]{3,}", text)), set(re.findall(r"[А-Яа-яЁё]+", text))


def _commentary_and_notes(text: str) -> list[str]:
    (rec,) = read_pbn(text)
    return [*rec.commentary, *(c.note or "" for c in rec.calls), *rec.play_notes.values()]


def _table_with_a_request_and_a_replaced_call() -> Table:
    table = _table_with_insufficient_bid("decline")
    table.act(CallAction(Seat.E, Call.parse("2C")))
    table.act(Decide({"comparable": True}))
    table.act(Ask(Seat.S, "review"))
    return table


def test_a_russian_record_has_no_english_commentary_and_an_english_one_no_russian() -> None:
    table = _table_with_a_request_and_a_replaced_call()
    ru = _commentary_and_notes(write_table(table, lang="ru"))
    assert any("Запрос Юга: обзор торговли (удовлетворён" in c for c in ru), ru
    assert any("Выбрано:" in c and "Судья:" in c for c in ru)
    for line in ru:
        assert _words(line)[0] == set(), line
    en = _commentary_and_notes(write_table(table, lang="en"))
    assert any("Request by S: review of the auction (granted" in c for c in en), en
    for line in en:
        assert _words(line)[1] == set(), line


def _replayed(pbn: str) -> Table:
    (rec,) = read_pbn(pbn)
    report, table = replay_record(rec)
    assert table is not None and report.problem is None, report.problem
    return table


def _scenario_table(name: str) -> Table:
    from pathlib import Path

    from bridgelaw.io.scenario import parse_scenario_text

    return parse_scenario_text((Path(__file__).resolve().parents[2] / "scenarios" / name).read_text(encoding="utf-8")).table()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_mark_a_tables_rulings_produce_is_written_with_its_note_in_the_records_language(lang: str) -> None:
    ruled = {
        "I": _table_with_insufficient_bid("accept"),
        "S": _replayed(game(Dealer="W") + '[Auction "W"]\n1D ^S 2D\nPass Pass Pass\n'),
        "L": _replayed(game() + '[Auction "N"]\n1NT AP\n[Play "E"]\nCA C9 ^L C5 C2\n*\n'),
        "R": _scenario_table("play/64-07-revoke-found-after-play.json"),
    }
    word = {"en": "ruling", "ru": "решение №"}[lang]
    for mark, table in ruled.items():
        text = write_table(table, lang=lang)
        assert f"^{mark} " in text, (mark, text)
        (rec,) = read_pbn(text)
        if mark in "IS":
            marked = next(i for i, c in enumerate(rec.calls) if c.irregularity == mark)
            noted = rec.calls[marked + 1] if mark == "S" else rec.calls[marked]
            note = noted.note
        else:
            note = rec.play_notes.get(next(k for k, m in rec.play_marks.items() if m == mark))
        assert note is not None and word in note, (mark, note)
        assert _words(note)[0 if lang == "ru" else 1] == set(), (mark, note)


def test_a_pending_insufficient_bid_is_not_marked_as_accepted() -> None:
    table = Table(Board(1, Deal.parse(DEAL), Seat.N, Vulnerability.NONE))
    table.act(CallAction(Seat.N, Call.parse("1S")))
    table.act(CallAction(Seat.E, Call.parse("1H")))
    text = write_table(table)
    assert "^I" not in text and "1H =1=" in text


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="lang"):
        write_table(_table_with_insufficient_bid("accept"), lang="de")


def test_the_commentary_gives_the_directors_answer_in_words_not_as_data() -> None:
    board = Board(1, Deal.parse(DEAL), Seat.N, Vulnerability.NONE)
    table = Table(board)
    table.act(CallAction(Seat.N, Call.parse("1S")))
    table.act(CallAction(Seat.E, Call.parse("1H")))
    table.act(Choose(Seat.S, "decline"))
    table.act(CallAction(Seat.E, Call.parse("2C")))
    table.act(Decide({"comparable": True}))
    text = write_table(table)
    assert "Director: whether the replacement call is comparable: yes" in text
    assert "{'" not in text and "True" not in text
