"""Conversion to and from endplay's ``Deal`` and ``Board`` so that users of that library
can hand boards to bridgelaw (and take them back).

endplay is a point of comparison, not bridgelaw's parser: its LIN reader miscounts tricks
(endplay issue #58) and it accepts a revoke.  Only the value types are used here.
"""

from __future__ import annotations

from typing import Any

from endplay import types as ep  # type: ignore[import-untyped,unused-ignore]

from bridgelaw.core.calls import Call, CallKind, Strain
from bridgelaw.core.cards import Card, Seat
from bridgelaw.core.deal import Board, Deal, Vulnerability
from bridgelaw.io.record import HandRecord, RecordedCall

_DENOM_OF = {Strain.C: "clubs", Strain.D: "diamonds", Strain.H: "hearts", Strain.S: "spades", Strain.N: "nt"}
_STRAIN_OF = {v: k for k, v in _DENOM_OF.items()}
_PLAYER_OF = {Seat.N: "north", Seat.E: "east", Seat.S: "south", Seat.W: "west"}
_VUL_OF = {Vulnerability.NONE: "none", Vulnerability.NS: "ns", Vulnerability.EW: "ew", Vulnerability.ALL: "both"}
_PENALTY_OF = {CallKind.PASS: "passed", CallKind.DOUBLE: "doubled", CallKind.REDOUBLE: "redoubled"}


def deal_to_endplay(deal: Deal) -> Any:
    return ep.Deal(deal.to_pbn())


def deal_from_endplay(deal: Any) -> Deal:
    return Deal.parse(deal.to_pbn())


def card_to_endplay(card: Card) -> Any:
    return ep.Card(str(card))


def card_from_endplay(card: Any) -> Card:
    return Card.parse(card.suit.name[0].upper() + card.rank.abbr)


def call_to_endplay(rc: RecordedCall) -> Any:
    call = rc.call
    if call.is_bid:
        assert call.strain is not None
        return ep.ContractBid(call.level, getattr(ep.Denom, _DENOM_OF[call.strain]), alertable=rc.alert, announcement=rc.note)
    return ep.PenaltyBid(getattr(ep.Penalty, _PENALTY_OF[call.kind]), alertable=rc.alert, announcement=rc.note)


def call_from_endplay(bid: Any) -> RecordedCall:
    if isinstance(bid, ep.ContractBid):
        call = Call.bid(bid.level, _STRAIN_OF[bid.denom.name])
    else:
        call = {"passed": Call.PASS, "doubled": Call.DOUBLE, "redoubled": Call.REDOUBLE}[bid.penalty.name]
    return RecordedCall(call, alert=bool(bid.alertable), note=bid.announcement or None)


def board_to_endplay(board: Board) -> Any:
    return ep.Board(
        deal_to_endplay(board.deal), board_num=board.number,
        vul=getattr(ep.Vul, _VUL_OF[board.vulnerability]), dealer=getattr(ep.Player, _PLAYER_OF[board.dealer]),
    )


def board_from_endplay(board: Any) -> Board:
    return Board(
        board.board_num or 0, deal_from_endplay(board.deal), Seat.parse(board.dealer.abbr),
        Vulnerability.parse(_VUL_NAME[board.vul.name]),
    )


_VUL_NAME = {"none": "None", "ns": "NS", "ew": "EW", "both": "All"}


def record_to_endplay(rec: HandRecord) -> Any:
    """A hand record as an endplay Board (auction, play, contract with its result)."""
    kwargs: dict[str, Any] = {}
    if rec.vulnerability is not None:
        kwargs["vul"] = getattr(ep.Vul, _VUL_OF[rec.vulnerability])
    if rec.dealer is not None:
        kwargs["dealer"] = getattr(ep.Player, _PLAYER_OF[rec.dealer])
    contract = rec.recorded_contract
    if contract is not None:
        kwargs["contract"] = ep.Contract(
            level=contract.level, denom=getattr(ep.Denom, _DENOM_OF[contract.strain]),
            declarer=getattr(ep.Player, _PLAYER_OF[contract.declarer]),
            penalty=getattr(ep.Penalty, ("passed", "doubled", "redoubled")[contract.risk]),
            result=(rec.result - contract.tricks_needed) if rec.result is not None else 0,
        )
    board = ep.Board(
        deal_to_endplay(rec.deal) if rec.deal is not None else None,
        [call_to_endplay(c) for c in rec.calls],
        [card_to_endplay(c) for c in rec.play],
        rec.board,
        claimed=len(rec.play) < 52 and (rec.claim is not None or rec.result is not None),
        **kwargs,
    )
    for name, value in rec.tags.items():
        if not name.startswith("Note "):
            board.info[name] = value
    for seat, name in rec.players.items():
        board.info[{"N": "North", "E": "East", "S": "South", "W": "West"}[seat.name]] = name
    return board


def record_from_endplay(board: Any, source: str = "endplay") -> HandRecord:
    """An endplay Board as a hand record, ready for ``replay_record`` or the PBN writer."""
    rec = HandRecord(source=source, position=1)
    rec.board = board.board_num
    if board.deal is not None:
        rec.deal = deal_from_endplay(board.deal)
    rec.dealer = Seat.parse(board.dealer.abbr) if board.dealer is not None else None
    rec.vulnerability = Vulnerability.parse(_VUL_NAME[board.vul.name]) if board.vul is not None else None
    rec.auction_first = rec.dealer
    rec.calls = [call_from_endplay(b) for b in board.auction]
    rec.play = [card_from_endplay(c) for c in board.play]
    contract = rec.auction_contract
    if contract is not None and rec.play:
        rec.play_first = contract.opening_leader
    c = board.contract
    if c is not None and c.level:
        risk = {"passed": "", "doubled": "X", "redoubled": "XX"}[c.penalty.name]
        rec.contract = f"{c.level}{_STRAIN_OF[c.denom.name].name}{risk}"
        rec.declarer = Seat.parse(c.declarer.abbr)
        rec.result = c.level + 6 + c.result
    for key in ("North", "East", "South", "West"):
        if key in board.info:
            rec.players[Seat.parse(key)] = str(board.info[key])
    return rec


__all__ = [
    "board_from_endplay", "board_to_endplay", "call_from_endplay", "call_to_endplay", "card_from_endplay",
    "card_to_endplay", "deal_from_endplay", "deal_to_endplay", "record_from_endplay", "record_to_endplay",
]
