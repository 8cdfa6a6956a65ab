"""Words for rulings and the UI in English and Russian.

Russian follows the director's terms of the source documents (shared/GLOSSARY-ru.md):
заявка, назначение, пас, контра, реконтра, БК, разыгрывающий, болван, вистующий.
"""

from __future__ import annotations

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


def call_ru(call: Call) -> str:
    """'1♣', '3БК', 'пас', 'контра', 'реконтра'."""
    if call.kind is CallKind.PASS:
        return "пас"
    if call.kind is CallKind.DOUBLE:
        return "контра"
    if call.kind is CallKind.REDOUBLE:
        return "реконтра"
    assert call.strain is not None
    return f"{call.level}{STRAIN_RU[call.strain]}"


def call_en(call: Call) -> str:
    """'1♣', '3NT', 'pass', 'double', 'redouble'."""
    if call.kind is CallKind.PASS:
        return "pass"
    if call.kind is CallKind.DOUBLE:
        return "double"
    if call.kind is CallKind.REDOUBLE:
        return "redouble"
    assert call.strain is not None
    return f"{call.level}{STRAIN_EN[call.strain]}"


def card_ru(card: Card) -> str:
    """'♠Т' (ace of spades), '♥10', '♦В'."""
    return card.suit.symbol + RANK_RU.get(card.rank.char, card.rank.char)


def card_en(card: Card) -> str:
    return card.suit.symbol + ("10" if card.rank.char == "T" else card.rank.char)
