"""Board sets for a new table: freshly dealt, or read from a PBN file.

PBN is read by ``bridgelaw.io.pbn.read_pbn`` (it owns the format); should that module be
missing, a minimal reader takes the four tags a board needs ([Board], [Dealer],
[Vulnerable], [Deal]) so a club can still bring its own hand records.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from typing import Any

from bridgelaw.core.cards import Seat
from bridgelaw.core.deal import Board, Deal, Vulnerability, dealer_of_board, vulnerability_of_board
from bridgelaw.errors import ParseError, keyed
from bridgelaw.server.store import BoardData

_TAG = re.compile(r'^\s*\[(\w+)\s+"([^"]*)"\s*\]', re.MULTILINE)


def dealt_boards(count: int, first: int = 1) -> list[BoardData]:
    """``count`` random deals (Law 6 via Deal.random), numbered from ``first``."""
    return [to_data(Board.standard(first + i, Deal.random())) for i in range(count)]


def to_data(b: Board) -> BoardData:
    return BoardData(b.number, b.deal.to_pbn(), b.dealer.name, str(b.vulnerability))


MAX_BOARDS = 128  # boards one table plays from an uploaded file (a long session has 36)
MAX_BOARD_NUMBER = 9_999


def pbn_boards(text: str) -> list[BoardData]:
    """The boards of a PBN file; ParseError naming the problem if there are none, or more
    than ``MAX_BOARDS`` (counted before the file is read in full)."""
    tags = len(re.findall(r'^\s*\[Deal\s+"', text, re.MULTILINE | re.IGNORECASE))
    if tags > MAX_BOARDS:
        raise ParseError(keyed("input.pbn_too_many_deals", n=tags, most=MAX_BOARDS))
    reader = _io_pbn_reader()
    boards = reader(text) if reader is not None else _minimal_pbn(text)
    if not boards:
        raise ParseError(keyed("input.pbn_no_board"))
    if len(boards) > MAX_BOARDS:
        raise ParseError(keyed("input.pbn_too_many_boards", n=len(boards), most=MAX_BOARDS))
    for b in boards:
        if not 1 <= b.number <= MAX_BOARD_NUMBER:
            raise ParseError(keyed("input.pbn_board_number", given=str(b.number)[:20], most=MAX_BOARD_NUMBER))
    return [to_data(b) for b in boards]


def _io_pbn_reader() -> Callable[[str], list[Board]] | None:
    """``bridgelaw.io.pbn.read_pbn`` (hand records) turned into boards, if it exists."""
    try:
        mod: Any = importlib.import_module("bridgelaw.io.pbn")
    except ImportError:
        return None
    read_pbn = getattr(mod, "read_pbn", None)
    if not callable(read_pbn):
        return None

    def read(text: str) -> list[Board]:
        boards: list[Board] = []
        for rec in read_pbn(text):
            deal = getattr(rec, "deal", None)
            if deal is None or not deal.is_complete:
                continue
            number = rec.board or len(boards) + 1
            boards.append(Board(
                number, deal, rec.dealer or dealer_of_board(number),
                rec.vulnerability or vulnerability_of_board(number),
            ))
        return boards
    return read


def _minimal_pbn(text: str) -> list[Board]:
    boards: list[Board] = []
    for chunk in re.split(r"\n\s*\n", text):
        tags = {k.lower(): v for k, v in _TAG.findall(chunk)}
        deal_text = tags.get("deal")
        if not deal_text:
            continue
        number = int(tags["board"]) if tags.get("board", "").isdigit() else len(boards) + 1
        dealer = Seat.parse(tags["dealer"]) if tags.get("dealer") else dealer_of_board(number)
        vul = Vulnerability.parse(tags["vulnerable"]) if tags.get("vulnerable") else vulnerability_of_board(number)
        boards.append(Board(number, Deal.parse(deal_text), dealer, vul))
    return boards
