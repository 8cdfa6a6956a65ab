"""A board played through the engine with random lawful calls and cards, printed as a
hand diagram, the auction grid and the result: a first look at the library."""

from __future__ import annotations

import random

from bridgelaw.actions import CallAction, FaceLead, PlayAction
from bridgelaw.core.calls import Call
from bridgelaw.core.cards import Seat, Suit
from bridgelaw.core.deal import Board, Deal, Hand
from bridgelaw.table import Phase, Table


def random_board_actions(table: Table, rng: random.Random) -> Table:
    """Drive ``table`` to the end with random lawful actions (calls biased towards pass so
    auctions end at realistic levels)."""
    while table.phase is not Phase.ENDED:
        if table.phase is Phase.AUCTION:
            seat = table.turn
            assert seat is not None
            calls = list(table.legal_calls)
            call = Call.PASS if rng.random() < 0.55 or len(calls) == 1 else rng.choice(calls[:12])
            table.push(CallAction(seat, call))
            continue
        if table.face_down_lead is not None:
            table.push(FaceLead(table.face_down_lead[0]))
            continue
        seat = table.turn
        assert seat is not None
        card = rng.choice(list(table.legal_cards))
        if table.phase is Phase.LEAD:
            table.push(PlayAction(seat, card, face_down=table.config.regulations.opening_lead == "face_down"))
        else:
            by = table.declarer if seat is table.dummy else None
            table.push(PlayAction(seat, card, by=by))
    return table


def hand_diagram(board: Board) -> str:
    """A compass-rose diagram of the four hands."""

    def lines(seat: Seat) -> list[str]:
        h = Hand(board.deal.hands[seat])
        return [f"{s.symbol} " + ("".join(c.rank.char for c in h.suit(s)) or "—") for s in (Suit.S, Suit.H, Suit.D, Suit.C)]

    pad = " " * 14
    n, e, s, w = (lines(x) for x in Seat)
    out = [f"Board {board.number}  dealer {board.dealer.name}  vulnerable {board.vulnerability}", ""]
    out += [pad + "N " + x if i == 0 else pad + "  " + x for i, x in enumerate(n)]
    for i in range(4):
        out.append(("W " if i == 0 else "  ") + f"{w[i]:<24}" + ("E " if i == 0 else "  ") + e[i])
    out += [pad + "S " + x if i == 0 else pad + "  " + x for i, x in enumerate(s)]
    return "\n".join(out)


def auction_grid(table: Table) -> str:
    rows = ["   W     N     E     S"]
    cells: list[str] = [""] * ((table.board.dealer + 1) % 4)
    for rec in table.calls:
        text = str(rec.call) + ("!" if rec.alert else "")
        cells.append(text if rec.status == "stands" else f"({text})")
    for i in range(0, len(cells), 4):
        rows.append("".join(f"{c:>6}" for c in cells[i:i + 4]))
    return "\n".join(rows)


def play_demo(seed: int | None = None) -> str:
    rng = random.Random(seed)
    board = Board.standard(rng.randint(1, 16), Deal.random())
    table = random_board_actions(Table(board), rng)
    out = [hand_diagram(board), "", auction_grid(table), ""]
    if table.contract is None:
        out.append("Passed out: score 0")
    else:
        out.append(f"Contract {table.contract}  declarer tricks {table.declarer_tricks}  NS score {table.score_ns}")
    return "\n".join(out)
