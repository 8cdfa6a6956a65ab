"""Words for rulings and the UI in English and Russian.

Russian follows the director's terms of the source documents (shared/GLOSSARY-ru.md):
заявка, назначение, пас, контра, реконтра, БК, разыгрывающий, болван, вистующий.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bridgelaw.core.calls import Call, CallKind, Strain
from bridgelaw.core.cards import Card, Seat, Side

SEAT_RU = {Seat.N: "Север", Seat.E: "Восток", Seat.S: "Юг", Seat.W: "Запад"}
SEAT_EN = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
SIDE_RU = {Side.NS: "Север–Юг", Side.EW: "Восток–Запад"}
STRAIN_RU = {Strain.C: "♣", Strain.D: "♦", Strain.H: "♥", Strain.S: "♠", Strain.N: "БК"}
STRAIN_EN = {Strain.C: "♣", Strain.D: "♦", Strain.H: "♥", Strain.S: "♠", Strain.N: "NT"}
RANK_RU = {"A": "Т", "K": "К", "Q": "Д", "J": "В", "T": "10"}


def seat_ru(seat: Seat) -> str:
    return SEAT_RU[seat]


def seat_en(seat: Seat) -> str:
    return SEAT_EN[seat]


CALL_WORDS_RU = {CallKind.PASS: "пас", CallKind.DOUBLE: "контра", CallKind.REDOUBLE: "реконтра"}
CALL_WORDS_EN = {CallKind.PASS: "pass", CallKind.DOUBLE: "double", CallKind.REDOUBLE: "redouble"}


def _call_text(call: Call, words: dict[CallKind, str], strains: dict[Strain, str]) -> str:
    if call.kind is not CallKind.BID:
        return words[call.kind]
    assert call.strain is not None
    return f"{call.level}{strains[call.strain]}"


def call_ru(call: Call) -> str:
    """'1♣', '3БК', 'пас', 'контра', 'реконтра'."""
    return _call_text(call, CALL_WORDS_RU, STRAIN_RU)


def call_en(call: Call) -> str:
    """'1♣', '3NT', 'pass', 'double', 'redouble'."""
    return _call_text(call, CALL_WORDS_EN, STRAIN_EN)


def card_ru(card: Card) -> str:
    """'♠Т' (ace of spades), '♥10', '♦В'."""
    return card.suit.symbol + RANK_RU.get(card.rank.char, card.rank.char)


def card_en(card: Card) -> str:
    return card.suit.symbol + ("10" if card.rank.char == "T" else card.rank.char)


# -- messages (ids with typed parameters; see bridgelaw.i18n.render) ---------------------
from bridgelaw.i18n.render import (  # noqa: E402
    Msg,
    Pair,
    Text,
    as_call,
    as_seat,
    both,
    edition_texts,
    has_override,
    localize,
    msg,
    text,
    tr,
)

if TYPE_CHECKING:
    from bridgelaw.rulings import Ruling


def _record(ruling: Ruling, en: str, *, reset: bool) -> None:
    if reset:
        ruling.messages.clear()
    if isinstance(en, Text):
        ruling.messages.append(en.msg)


def _worded(ruling: Ruling, en: str, ru: str) -> tuple[str, str]:
    """A message's English and Russian in the wording of the ruling's edition (the
    catalog's overrides, ``<id>@1997``)."""
    if isinstance(en, Text) and has_override(en.msg, ruling.edition):
        with edition_texts(ruling.edition):
            return Text(en.msg).render("en"), en.msg.render("ru")
    return en, ru


def put(ruling: Ruling, en: str, ru: str) -> None:
    """Set both summaries of a ruling to one message (its English and Russian)."""
    _record(ruling, en, reset=True)
    en, ru = _worded(ruling, en, ru)
    ruling.summary, ruling.summary_ru = str.__str__(en), ru  # plain text: summary stays English


def add(ruling: Ruling, en: str, ru: str) -> None:
    """Append one message to both summaries of a ruling."""
    _record(ruling, en, reset=False)
    en, ru = _worded(ruling, en, ru)
    ruling.summary += en
    ruling.summary_ru += ru


def say(ruling: Ruling, en: str, ru: str) -> None:
    """Append one message to both summaries as a sentence of its own (a space between)."""
    _record(ruling, en, reset=False)
    en, ru = _worded(ruling, en, ru)
    ruling.summary = f"{ruling.summary} {str.__str__(en)}".strip()
    ruling.summary_ru = f"{ruling.summary_ru} {ru}".strip()


def unsay(ruling: Ruling, en: str, ru: str) -> None:
    """Take back a sentence ``say`` appended (what would happen, once the ruling says
    what did): from both summaries and the messages."""
    if isinstance(en, Text) and en.msg in ruling.messages:
        ruling.messages.remove(en.msg)
    en, ru = _worded(ruling, en, ru)
    ruling.summary = _without(ruling.summary, str.__str__(en))
    ruling.summary_ru = _without(ruling.summary_ru, ru)


def _without(summary: str, sentence: str) -> str:
    return summary.replace(f" {sentence}", "", 1) if f" {sentence}" in summary else summary.replace(sentence, "", 1).strip()


__all__ = [
    "Msg", "Pair", "Text", "add", "as_call", "as_seat", "both", "call_en", "call_ru", "card_en", "card_ru",
    "localize", "msg", "put", "say", "seat_en", "seat_ru", "text", "tr", "unsay",
]
