"""Shared helpers for the information-rights tests (Laws 16, 20, 21, 40, 41, 66, 75)."""

from __future__ import annotations

from typing import Any

from bridgelaw.actions import action_from_json
from bridgelaw.config import TableConfig
from bridgelaw.conventions import cards_from_json
from bridgelaw.core.deal import Board, Deal
from bridgelaw.table import Request, Table

# N all spades, E all hearts, S all diamonds, W all clubs: every card is lawful.
DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
AUCTION_1S: list[dict[str, Any]] = [
    {"seat": "N", "call": "1S"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "P"}, {"seat": "W", "call": "P"},
]
FACE_DOWN = [{"seat": "E", "play": "HA", "face_down": True}]
FACED = [*FACE_DOWN, {"seat": "E", "face_lead": True}]
TRICK1 = [*FACED, {"seat": "S", "play": "D2", "by": "N"}, {"seat": "W", "play": "C2"}, {"seat": "N", "play": "S2"}]
CARDS = {
    "NS": {"system": "Strong NT", "summary": {"notrump": "15-17"},
           "agreements": {"1N": "15-17", "1N P 2D": {"meaning": "transfer to hearts", "alert": True}}},
    "EW": {"system": "Acol", "agreements": {"... 4N": "Blackwood"}},
}


def table(actions: list[dict[str, Any]], *, edition: str = "2017", cards: Any = None) -> Table:
    config = TableConfig(edition=edition, convention_cards=cards_from_json(cards))
    return Table(Board.standard(1, Deal.parse(DEAL)), config, [action_from_json(a) for a in actions])


def ask(seat: str, what: str, **kw: Any) -> dict[str, Any]:
    return {"seat": seat, "ask": what, **kw}


def last_request(actions: list[dict[str, Any]], **kw: Any) -> Request:
    t = table(actions, **kw)
    assert t.requests, t.to_json()["refused"]
    return t.requests[-1]
