"""The fourth read-aloud reading: rendered texts a director reads aloud."""

from __future__ import annotations

import pytest
from read_aloud_support import rendered, ruling


def test_57A_premature_play_choice_names_another_suit_and_the_forbid_option() -> None:
    out = rendered("play/57-01-premature-play-options.json")
    r = ruling(out["ru"], "play_out_of_turn")
    assert ("Север, выберите, как Восток сыграет в эту взятку: старшей или младшей картой масти хода или "
            "картой другой масти, которую вы назовёте; либо запретите Востоку играть карту другой названной "
            "вами масти.") in r["decision"]
    assert "не картой" not in r["decision"]


def test_79C_correction_period_question_is_asked_as_a_question() -> None:
    out = rendered("incidents/score-recorded-wrong-79C-late-2017.json")
    r = ruling(out["ru"], "board")
    texts = [q["text_ru"] for q in r["questions"]]
    assert "Найдена ли ошибка в срок исправлений (обычно 30 минут после публикации официальных результатов)?" in texts


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_13B2_unplayable_deal_cites_13B2_not_13B1_and_names_the_lines_in_full(edition: str) -> None:
    out = rendered("board/19-incorrect-number-not-playable-answers-one-at-a-time.json", edition)
    r = ruling(out["ru"], "board")
    assert "13B1" not in r["laws"] and "13B2" in r["laws"]
    assert "Присуждённый результат: Север–Юг — среднее минус (40%), Восток–Запад — среднее плюс (60%)." in r["decision"]
    assert "С–Ю" not in r["decision"] and "13B1" not in r["decision"]
    assert "13B1" not in ruling(out["en"], "board")["decision"]
