"""Calls and cards in the director's Russian of the sources (GLOSSARY-ru) and in English."""

from __future__ import annotations

import pytest

from bridgelaw import Call, Card
from bridgelaw.i18n import call_en, call_ru, card_en, card_ru


@pytest.mark.parametrize("call,ru,en", [("P", "пас", "pass"), ("X", "контра", "double"),
                                        ("XX", "реконтра", "redouble"), ("3N", "3БК", "3NT"), ("1C", "1♣", "1♣")])
def test_calls_read_in_both_languages(call: str, ru: str, en: str) -> None:
    assert call_ru(Call.parse(call)) == ru and call_en(Call.parse(call)) == en


def test_cards_use_russian_rank_letters() -> None:
    assert card_ru(Card.parse("SA")) == "♠Т" and card_ru(Card.parse("DJ")) == "♦В"
    assert card_en(Card.parse("HT")) == "♥10"
