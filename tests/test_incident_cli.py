"""``bridgelaw incident``: the assistant in a terminal, typed action by action."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bridgelaw.incident import parse_line


def run(text: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bridgelaw", "incident", *args],
                          input=text, capture_output=True, text=True, timeout=60)


def test_short_forms_are_scenario_actions() -> None:
    assert parse_line("E 1D") == {"seat": "E", "call": "1D"}
    assert parse_line("W lead HK") == {"seat": "W", "play": "HK", "face_down": True}
    assert parse_line("S play H5 by N") == {"seat": "S", "play": "H5", "by": "N"}
    assert parse_line("director holds_suit нет") == {"seat": "director", "decide": {"holds_suit": False}}
    assert parse_line('{"seat":"E","expose":["SA"]}') == {"seat": "E", "expose": ["SA"]}


def test_27_an_insufficient_bid_is_ruled_at_once_in_russian() -> None:
    r = run("N 1H\nE 1D\n", "--board", "1")
    assert r.returncode == 0, r.stderr
    assert "Недостаточное назначение" in r.stdout and "→ Выбирает Юг" in r.stdout and "decline: Не принимать" in r.stdout


def test_a_refused_action_is_not_kept_and_the_incident_is_saved(tmp_path: Path) -> None:
    out = tmp_path / "incident.json"
    r = run(f"N 1H\nS choose accept\nE 1D\nsave {out}\n", "--lang", "en")
    assert "refused:" in r.stdout
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert saved["actions"] == [{"seat": "N", "call": "1H"}, {"seat": "E", "call": "1D"}] and "deal" not in saved


def test_a_mistyped_call_or_card_is_told_in_the_directors_language() -> None:
    r = run("N 9Z\nW lead ZZ\n", "--board", "1")
    assert "'9Z' — не заявка" in r.stdout and "'ZZ' — не карта" in r.stdout
    r = run("N 9Z\n", "--board", "1", "--lang", "en")
    assert "'9Z' is not a call" in r.stdout


def test_a_refusal_is_told_in_the_directors_language() -> None:
    r = run("N 1H\nS choose accept\n", "--board", "1")
    assert "отказано: Юг выбрал" in r.stdout


def test_the_board_and_whose_turn_it_is_are_told_in_russian() -> None:
    r = run("E 1H\n", "--board", "2")
    assert r.stdout.startswith("Сдача 2 · сдаёт Восток · С–Ю в зоне · редакция 2017 года")
    assert "Торговля; очередь: Юг" in r.stdout


def test_a_russian_director_types_seats_calls_and_cards_in_russian() -> None:
    from bridgelaw.incident import parse_line

    assert parse_line("В 3БК") == {"seat": "E", "call": "3N"}
    assert parse_line("Ю пас") == {"seat": "S", "call": "P"}
    assert parse_line("З контра") == {"seat": "W", "call": "X"}
    assert parse_line("С ♠Т")["play"] == "SA"
    assert parse_line("З фальшренонс В 4") == {"seat": "W", "point_out": "revoke", "offender": "E", "trick": 4}
    assert parse_line("судья revoked да") == {"seat": "director", "decide": {"revoked": True}}


def test_a_save_that_fails_keeps_the_incident_and_says_why(tmp_path: Path) -> None:
    """A folder that does not exist, a directory, a name with a NUL: the director is told,
    the incident goes on, and a later save writes every action."""
    out = tmp_path / "kept.json"
    bad = [tmp_path / "no" / "such" / "folder.json", tmp_path, "x\x00y.json"]
    r = run("N 1S\n" + "".join(f"save {p}\n" for p in bad) + f"E P\nsave {out}\n", "--lang", "en")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert r.stdout.count("not saved to") == 3 and "the incident is kept" in r.stdout
    assert json.loads(out.read_text(encoding="utf-8"))["actions"] == [{"seat": "N", "call": "1S"},
                                                                     {"seat": "E", "call": "P"}]


def test_a_typed_action_that_is_not_text_is_refused_and_saving_still_works(tmp_path: Path) -> None:
    out = tmp_path / "kept.json"
    r = run('{"seat":"N","call":"1S","meaning":"\\ud800"}\n' + f"N 1S\nsave {out}\n", "--lang", "en")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "not text" in r.stdout
    assert json.loads(out.read_text(encoding="utf-8"))["actions"] == [{"seat": "N", "call": "1S"}]


def test_a_lead_typed_with_russian_suit_letters_is_read_as_a_card() -> None:
    from bridgelaw.incident import parse_line

    assert parse_line("З ПТ")["play"] == "SA" and parse_line("В ♥10")["play"] == "HT"


def test_the_play_is_entered_from_a_later_trick_in_either_language() -> None:
    """``director from TRICK DECLARER STRAIN [LEADER]``: the earlier tricks not entered."""
    assert parse_line("director from 5 S H W") == {"seat": "director", "play_from": 5, "declarer": "S", "strain": "H", "lead": "W"}
    assert parse_line("судья розыгрыш 14 Ю Ч") == {"seat": "director", "play_from": 14, "declarer": "S", "strain": "H"}
    assert parse_line("судья розыгрыш 9 Ю БК")["strain"] == "N"


def test_help_and_a_line_that_is_no_action_are_told_in_the_directors_language() -> None:
    r = run("help\nclaim\n", "--board", "1")
    assert "Одна строка — одно действие" in r.stdout and "'claim' — не действие" in r.stdout
    assert "expected" not in r.stdout and r.returncode == 0, r.stderr
    r = run("помощь\n", "--board", "1", "--lang", "en")
    assert "One line per action" in r.stdout


def test_a_ruling_read_out_is_not_read_again_and_its_news_follow() -> None:
    r = run("N 1S\nE 1H\nS choose decline\nE 2H\nS P\n", "--board", "1")
    assert r.stdout.count("Недостаточное назначение 1♥ Востока") == 1, r.stdout
    assert "Восток заменил его на 2♥" in r.stdout


def test_61A_no_revoke_is_pointed_out_during_the_auction() -> None:
    r = run("N 1S\nN revoke W 1\n", "--board", "1")
    assert "отказано: во время торговли фальшренонса быть не может" in r.stdout and "[61A]" not in r.stdout


def test_while_a_choice_waits_the_status_line_names_no_turn() -> None:
    """West led out of turn: North chooses (54); the line under the options does not say it
    is East's turn, which would send the director to the wrong player."""
    lines = "С 1П\nВ пас\nЮ 2П\nЗ пас\nС 4П\nВ пас\nЮ пас\nЗ пас\nЗ lead ♥Т\n"
    r = subprocess.run([sys.executable, "-m", "bridgelaw", "incident", "--lang", "ru"], input=lines,
                       capture_output=True, text=True, check=False)
    out = r.stdout.splitlines()
    assert "→ Выбирает Север" in r.stdout and out[-1] == "Первый ход", out[-3:]


def test_50B_how_a_defenders_card_was_exposed_is_asked_not_assumed(tmp_path: Path) -> None:
    """A defender's low card exposed in the play is a minor penalty card if dropped, a
    major one if shown (50B): typed without saying how, the line is asked again, not ruled
    as dropped; said, it is ruled so. Where how changes nothing it is not asked."""
    assert parse_line("E expose S5 shown") == {"seat": "E", "expose": ["S5"], "how": "shown"}
    out = tmp_path / "incident.json"
    r = run(f"director from 5 S H W\nE expose S5\nE expose S5 shown\nsave {out}\n", "--lang", "en")
    assert "how the card was exposed changes the ruling" in r.stdout
    assert "minor" not in r.stdout and "the penalty card ♠5" in r.stdout
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert saved["actions"][1:] == [{"seat": "E", "expose": ["S5"], "how": "shown"}]
    for lines, law in (("E expose S5\n", "24A"), ("director from 5 S H W\nS expose H2\n", "48A")):  # the auction; declarer
        r = run(lines, "--lang", "en")
        assert "changes the ruling" not in r.stdout and law in r.stdout


def test_64B5_a_revoke_line_says_it_was_pointed_out_after_the_round() -> None:
    assert parse_line("N revoke W 3 round_ended") == {
        "seat": "N", "point_out": "revoke", "offender": "W", "trick": 3, "found": "round_ended"}
    assert parse_line("N revoke W next_board") == {
        "seat": "N", "point_out": "revoke", "offender": "W", "trick": None, "found": "next_board"}


def test_a_russian_director_takes_back_saves_and_ends_in_his_own_words(tmp_path: Path) -> None:
    out = tmp_path / "incident.json"
    r = run(f"N 1H\nE 1S\nотмена\nсохранить {out}\nвыход\nW 2C\n")
    assert r.returncode == 0, r.stderr
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert saved["actions"] == [{"seat": "N", "call": "1H"}]
    assert "2♣" not in r.stdout  # nothing is read after «выход»
    assert "отмена (undo)" in run("помощь\n").stdout


def test_a_question_to_the_director_says_how_to_type_the_answer_in_his_words() -> None:
    r = run("судья розыгрыш 14 Ю Ч\nЗ фальшренонс В 4\nсудья revoked да\nсудья revoke_trick_won_by offender\n",
            "--board", "5")
    assert r.returncode == 0, r.stderr
    assert "(судья revoked да|нет)" in r.stdout
    assert "(судья revoke_trick_won_by offender|partner|opponents)" in r.stdout
    assert "(судья later_tricks 0\u20139)" in r.stdout and "(director" not in r.stdout
    english = run("director from 14 S H\nW revoke E 4\n", "--board", "5", "--lang", "en")
    assert "(director revoked yes|no)" in english.stdout
