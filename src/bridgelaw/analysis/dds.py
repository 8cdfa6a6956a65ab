"""The double-dummy solver behind an adapter: endplay's DDS binding, spoken to in the
project's own types (seats, suits, cards as 52-bit masks).

endplay's types never leave this module. Every call into DDS holds one process-wide
lock: the library keeps global state and crashes when two Python threads call it at
once (the web server answers claims from several threads), so the calls are serialised
here, the only place that talks to it.
"""

from __future__ import annotations

import importlib.util
import sys
import threading
from collections.abc import Sequence
from functools import cache
from types import SimpleNamespace
from typing import Any

from bridgelaw.core.calls import Strain
from bridgelaw.core.cards import Card, Seat, Side, Suit, cards_of
from bridgelaw.core.deal import Deal, Hand
from bridgelaw.core.play import Position

# One lock for every DDS call in the process (endplay's DDS is not thread-safe).
DDS_LOCK = threading.Lock()



@cache
def _ep() -> Any:
    """endplay, imported on first use: it takes most of a second to load, and a command
    that never analyses a claim (``bridgelaw scenario`` on an auction) should not pay it."""
    _without_endplays_extras()
    from endplay.dds import calc_dd_table, solve_board
    from endplay.dds.solve import SolveMode
    from endplay.types import Card, Deal, Denom, Player

    denom_of_strain = {Strain.S: Denom.spades, Strain.H: Denom.hearts, Strain.D: Denom.diamonds,
                       Strain.C: Denom.clubs, Strain.N: Denom.nt}
    return SimpleNamespace(
        calc_dd_table=calc_dd_table, solve_board=solve_board, SolveMode=SolveMode, Card=Card, Deal=Deal,
        Denom=Denom, Player=Player, denom_of_strain=denom_of_strain,
        strain_of_denom={v: k for k, v in denom_of_strain.items()},
    )


def _without_endplays_extras() -> None:
    """Let ``endplay.dds`` and ``endplay.types`` be imported without endplay's package
    ``__init__``, which imports all of endplay, its plotting too (matplotlib, numpy,
    fontTools): 68 MiB where these two need 25, kept by a server for good after its first
    claim, and most of a second of import. Its other parts stay importable by name."""
    if "endplay" in sys.modules:
        return
    spec = importlib.util.find_spec("endplay")
    if spec is not None and spec.submodule_search_locations is not None:
        sys.modules["endplay"] = importlib.util.module_from_spec(spec)


def free_memory() -> None:
    """Give back the memory DDS keeps from one search to the next (its transposition
    tables: about 100 MiB once it has searched), if it was loaded at all; the next
    search allocates it again. DDS must set up its threads again once its memory is
    freed (a search would crash otherwise)."""
    if _ep.cache_info().currsize == 0:
        return
    from endplay._dds import FreeMemory, SetMaxThreads  # type: ignore[import-untyped,unused-ignore]

    with DDS_LOCK:
        FreeMemory()  # type: ignore[no-untyped-call]
        SetMaxThreads(0)


def _ep_deal(pos: Position) -> Any:
    hands = list(pos.hands)
    for i, card in enumerate(pos.trick):
        hands[pos.leader.offset(i)] |= card.bit
    counts = {m.bit_count() for m in hands}
    if len(counts) != 1:
        raise ValueError(f"the hands hold {[m.bit_count() for m in hands]} cards: not a position")
    ep = _ep()
    deal = ep.Deal("N:" + " ".join(Hand(m).to_pbn() for m in hands))
    deal.first = ep.Player(int(pos.leader))
    deal.trump = ep.denom_of_strain[Strain.N if pos.trump is None else Strain(int(pos.trump))]
    for card in pos.trick:
        deal.play(ep.Card(str(card)))
    return deal


def _our_card(card: Any) -> Card:
    return Card.parse("SHDC"[int(card.suit)] + card.rank.abbr)


def solve(pos: Position) -> dict[Card, int]:
    """For each card the hand to play may play: the tricks (of ``pos.remaining``) its
    side then wins with best play by all four."""
    if pos.remaining == 0:
        return {}
    deal = _ep_deal(pos)
    with DDS_LOCK:
        solved = list(_ep().solve_board(deal))
    return {_our_card(c): int(t) for c, t in solved}


def best_cards(pos: Position) -> list[Card]:
    """The cards that keep the most tricks for the side to play (every equal card listed)."""
    if pos.remaining == 0:
        return []
    deal = _ep_deal(pos)
    with DDS_LOCK:
        solved = list(_ep().solve_board(deal, _ep().SolveMode.OptimalAll))
    return [_our_card(c) for c, _ in solved]


def dd_tricks(pos: Position, side: Side) -> int:
    """Tricks (of ``pos.remaining``) ``side`` wins from here with best play by all four."""
    n = pos.remaining
    if n == 0:
        return 0
    # the number needs one optimal card, not every card's score: DDS then proves the best
    # score once instead of scoring each card in turn (about half the time)
    deal = _ep_deal(pos)
    ep = _ep()
    with DDS_LOCK:
        best = max(int(t) for _, t in ep.solve_board(deal, ep.SolveMode.OptimalOne))
    return best if pos.to_play.side is side else n - best


def dd_table(deal: Deal) -> dict[tuple[Strain, Seat], int]:
    """Tricks each seat takes as declarer in each strain (the 20-entry double-dummy table)."""
    ep = _ep()
    with DDS_LOCK:
        table = ep.calc_dd_table(ep.Deal(deal.to_pbn())).to_list()
    out: dict[tuple[Strain, Seat], int] = {}
    for d_index, row in enumerate(table):
        strain = ep.strain_of_denom[ep.Denom(d_index)]
        for seat in Seat:
            out[(strain, seat)] = int(row[int(seat)])
    return out


def position_of(hands: Sequence[int], trump: Suit | None, leader: Seat, trick: Sequence[Card] = ()) -> Position:
    return Position((hands[0], hands[1], hands[2], hands[3]), trump, leader, tuple(trick))


__all__ = ["DDS_LOCK", "Position", "best_cards", "cards_of", "dd_table", "dd_tricks", "free_memory", "position_of", "solve"]
