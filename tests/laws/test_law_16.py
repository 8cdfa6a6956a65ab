"""Laws 16, 21, 73, 75: UI flags, the misinformation record, the director's rulings."""

from __future__ import annotations

from typing import Any

from info_helpers import CARDS, ask, table

from bridgelaw.core.cards import Seat
from bridgelaw.laws.information.record import request_notes
from bridgelaw.laws.information.rulings import MisinformationState


def calls(*spec: str) -> list[dict[str, Any]]:
    seats = "NESW"
    return [{"seat": seats[i % 4], "call": c} for i, c in enumerate(spec)]


def test_16B1a_hesitation_flags_each_later_call_of_partner() -> None:
    t = table([{"seat": "N", "tempo": "hesitation"}, *calls("P", "1H", "2D", "P", "P", "2H", "3D")])
    flags = t.to_json()["ui_flags"]
    assert [(f["seat"], f["action"]) for f in flags] == [("S", "call 2D"), ("S", "call 3D")]


def test_16B1a_hesitator_and_opponents_are_not_flagged() -> None:
    t = table([{"seat": "N", "tempo": "hesitation"}, *calls("P", "1H", "2D")])
    assert {f["seat"] for f in t.to_json()["ui_flags"]} == {"S"}


def test_16B2_reserving_rights_is_not_itself_a_source() -> None:
    t = table([*calls("1S"), {"seat": "E", "tempo": "reserve_rights"}, *calls("P", "P", "P")[1:]])
    assert t.to_json()["ui_flags"] == []


def test_16B1a_single_call_question_is_a_source_for_partner() -> None:
    t = table([*calls("1N", "P", "2D"), ask("W", "explain", call_index=2), *calls("1N", "P", "2D", "P", "2H", "X")[3:]])
    assert [f["seat"] for f in t.to_json()["ui_flags"]] == ["E"]


def test_21B1a_failure_to_alert_is_misinformation() -> None:
    t = table(calls("1N", "P", "2D"), cards=CARDS)
    record = t.to_json()["misinformation"]
    assert record[0]["issues"] == ["failure_to_alert"] and record[0]["laws"][0] == "21B1(a)"


def test_75_mistaken_explanation_lets_opponents_change_a_call() -> None:
    actions = [*calls("1N", "P"), {"seat": "S", "call": "2D", "meaning": "natural"}, *calls("1N", "P", "2D", "P")[3:],
               ask("N", "correct_explanation", call_index=2), {"seat": "director", "decide": {"mistaken_explanation": True}}]
    ruling = table(actions).rulings[-1]
    state = ruling.fact(MisinformationState)
    assert "21B1(a)" in ruling.laws and state is not None and state.may_change_call == (Seat.W,)


def test_75C_mistaken_call_result_stands() -> None:
    actions = [*calls("1N", "P", "2D", "P"), ask("N", "correct_explanation", call_index=2),
               {"seat": "director", "decide": {"mistaken_explanation": False}}]
    ruling = table(actions).rulings[-1]
    assert "75C" in ruling.laws and ruling.summary_ru


def test_notes_render_the_request_log_as_text() -> None:
    t = table([*calls("1S"), ask("E", "review"), ask("S", "review")])
    notes = request_notes(t.requests)
    assert notes[0].startswith("1 E review: granted (20B)") and notes[0].endswith("- 1S")
    assert "refused" in notes[1]


def test_request_log_is_in_the_exported_record() -> None:
    out = table([*calls("1S"), ask("E", "review")]).to_json()
    assert out["requests"][0]["granted"] is True and out["requests"][0]["answer"]["calls"][0]["call"] == "1S"


def test_16B3_ui_ruling_speaks_russian_event_and_action() -> None:
    """The director's Russian names the event (явная пауза) and the action (карта, заявка),
    not the engine's English tokens."""
    from bridgelaw.laws.information.rulings import act, event

    assert event("hesitation", "S").render("ru") == "явной паузы (заминки) Юга"
    assert event("failure_to_alert", "N").render("ru") == "отсутствия алерта Севера"
    assert act("call 3S").render("ru") == "заявил 3♠"
    assert act("call P").render("ru") == "спасовал"
    assert act("play DT").render("ru") == "сыграл ♦10"


def test_75_misinformation_summary_ru_names_the_call_in_russian() -> None:
    actions = [*calls("1N", "P", "2D", "P", "2H", "P", "P", "P"), ask("N", "correct_explanation", call_index=2)]
    t = table([{**a, "meaning": "natural"} if a.get("call") == "2D" else a for a in actions], cards=CARDS)
    ruling = next(r for r in t.rulings if r.kind == "misinformation")
    assert "заявки 2♦ Юга" in ruling.summary_ru and "2D" not in ruling.summary_ru


def test_21B1_1997_a_call_made_on_misinformation_may_be_changed_when_that_is_probable() -> None:
    """The 1997 21B1 has no sub-letters, and its test is "probable" (2017: "could well have
    been influenced")."""
    actions = [*calls("1N", "P"), {"seat": "S", "call": "2D", "meaning": "natural"}, *calls("1N", "P", "2D", "P")[3:],
               ask("N", "correct_explanation", call_index=2), {"seat": "director", "decide": {"mistaken_explanation": True}}]
    old, new = table(actions, edition="1997").rulings[-1], table(actions).rulings[-1]
    assert "21B1" in old.laws and "21B1(a)" not in old.laws
    assert "21B1(a)" not in old.summary_ru and "могла повлиять" not in old.summary_ru
    assert "если судья сочтёт, что она, вероятно, сделана под влиянием неверной информации (21B1)" in old.summary_ru
    assert "probably made as a result of the misinformation (21B1)" in old.summary
    assert "могла повлиять неверная информация (21B1(a))" in new.summary_ru
