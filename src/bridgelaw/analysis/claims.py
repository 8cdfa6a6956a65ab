"""Claim analysis for Law 70: how many of the remaining tricks a claim is worth.

Three numbers decide a claim, each counted for the claimer's side over the remaining
tricks (the trick in progress included):

* ``double_dummy`` — best play by all four (the solver in ``analysis.dds``);
* ``worst_normal`` — the worst outcome over every *normal* line of the claimer and every
  legal defence (70A: doubtful points go against the claimer). The claimer's normal
  lines are modelled as: cash winners in any order before losers (70D1), follow with the
  lowest card, the cheapest card that wins or the highest (so an unstated finesse and an
  unstated drop are both "normal" and the worse one counts, 70E1), ruff cheaply, discard
  any card that is not a sure winner (so an unstated squeeze may fail), and lead side
  winners while an opponent still holds a trump unless the statement mentions trumps
  (70C). The defence plays any legal card;
* ``sure`` — the worst outcome over every *legal* play by both sides: tricks that could
  not be lost by any legal play (Law 71, 79A2).

The claim is ``valid`` when ``worst_normal`` reaches the claim, ``double_dummy_only``
when only best play reaches it, ``invalid`` otherwise. The proposal to the director is
``min(claimed, worst_normal)`` with the worst normal line shown card by card; the
director decides (the engine never fakes the judgement of "normal" or of 70C2).

The normal-play model is ``analysis.normal``; the exact search is ``analysis.worst``
(yes/no probes "fewer than N?" with a transposition table, touching cards merged and
trump bounds). A node budget is the last resort: when spent, the lowest line found is
proposed and the analysis is flagged ``approximate`` with the proven lower bound.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from bridgelaw.analysis.dds import Position, dd_tricks
from bridgelaw.analysis.normal import Ending
from bridgelaw.analysis.worst import NODE_BUDGET, WorstResult, worst_normal
from bridgelaw.core.cards import SUIT_MASK, Card, Seat, Side, Suit, cards_of
from bridgelaw.laws.play import legal_mask, trick_winner


class Verdict(Enum):
    VALID = "valid"                          # against any defence and any normal order
    DOUBLE_DUMMY_ONLY = "double_dummy_only"  # only with best play by the claimer
    INVALID = "invalid"                      # not even double dummy


_SUIT_WORDS: tuple[tuple[Suit, str], ...] = (
    (Suit.S, r"spade|пик|♠"), (Suit.H, r"heart|черв|♥"), (Suit.D, r"diamond|бубн|♦"), (Suit.C, r"club|треф|♣"),
)


@dataclass(frozen=True, slots=True)
class Statement:
    """What the claimer's statement commits him to (68C), as far as the engine reads it:
    whether it mentions trumps (70C) and the order in which it names suits (70D: a line
    the claimer stated is the line he plays; suits he did not name come in the worst order)."""

    text: str = ""
    mentions_trumps: bool = False
    order: tuple[Suit, ...] = ()

    @staticmethod
    def parse(text: str) -> Statement:
        t = text.lower()
        trumps = bool(re.search(r"trump|козыр|draw", t))
        named: list[tuple[int, Suit]] = []
        for suit, pattern in _SUIT_WORDS:
            m = re.search(pattern, t)
            if m is not None:
                named.append((m.start(), suit))
        return Statement(text=text, mentions_trumps=trumps, order=tuple(s for _, s in sorted(named)))


@dataclass(slots=True)
class ClaimAnalysis:
    claimer: Seat
    claimed: int
    remaining: int
    double_dummy: int
    worst_normal: int
    sure: int | None
    verdict: Verdict
    proposed: int
    line: list[list[tuple[Seat, Card]]] = field(default_factory=list)
    trump_outstanding: bool = False   # an opponent held a trump at the claim
    trump_mentioned: bool = False
    worst_if_trumps_drawn: int | None = None  # the worst normal line had he drawn trumps first (70C)
    approximate: bool = False  # the search budget ran out: worst_normal is a line found, the worst may be lower
    worst_at_least: int | None = None  # when approximate: the proven lower bound of the worst normal line
    nodes: int = 0

    @property
    def line_text(self) -> str:
        return "; ".join(" ".join(f"{s.name}:{c}" for s, c in trick) for trick in self.line)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "claimer": self.claimer.name, "claimed": self.claimed, "remaining": self.remaining,
            "double_dummy": self.double_dummy, "worst_normal": self.worst_normal, "sure": self.sure,
            "verdict": self.verdict.value, "proposed": self.proposed, "line": self.line_text,
            "trump_outstanding": self.trump_outstanding, "trump_mentioned": self.trump_mentioned,
        }
        if self.worst_if_trumps_drawn is not None:
            out["worst_if_trumps_drawn"] = self.worst_if_trumps_drawn
        if self.approximate:
            out["approximate"] = True
            out["worst_at_least"] = self.worst_at_least
        return out


class _BudgetSpent(Exception):
    pass


def worst_line(
    pos: Position, side: Side, *, trumps_first: bool = False, order: tuple[Suit, ...] = (),
    claimed: int | None = None, ceiling: int | None = None, budget: int = NODE_BUDGET,
) -> WorstResult:
    """The fewest tricks ``side`` ends with along its normal lines against any legal
    defence (``analysis.worst``), with that line. Exact unless flagged ``approximate``.
    ``ceiling`` is the double-dummy number when the caller has it."""
    e = Ending(list(pos.hands), pos.trump, pos.leader, side,
               [(pos.leader.offset(i), c) for i, c in enumerate(pos.trick)],
               trumps_first=trumps_first, order=order)
    if ceiling is None:
        ceiling = dd_tricks(pos, side)
    return worst_normal(e, ceiling if claimed is None else min(claimed, ceiling + 1), ceiling, budget)


def sure_tricks(pos: Position, side: Side, *, budget: int = 5_000) -> int | None:
    """Tricks ``side`` wins however anybody plays (Law 71: tricks that could not be lost
    by any play), or None when the search did not finish within ``budget`` nodes.

    A branch-and-bound minimisation: a state reached again with as many tricks already
    won is not searched again, and a branch stops when it cannot beat the best line."""
    hands = list(pos.hands)
    trick = [(pos.leader.offset(i), c) for i, c in enumerate(pos.trick)]
    seen: dict[tuple[Any, ...], int] = {}
    best = [pos.remaining]
    count = [0]

    def live() -> int:
        m = hands[0] | hands[1] | hands[2] | hands[3]
        for _, c in trick:
            m |= c.bit
        return m

    def top_trumps() -> int:
        """A bound: trumps above every opposing trump, all in one hand, each win a trick."""
        if pos.trump is None:
            return 0
        tm = SUIT_MASK[pos.trump]
        opp = hands[side.opponents.seats[0]] | hands[side.opponents.seats[1]]
        floor = (opp & tm).bit_length()  # bits above the highest opposing trump
        counts = [(hands[s] & tm) >> floor for s in side.seats]
        return max(c.bit_count() for c in counts)

    def dfs(leader: Seat, won: int) -> None:
        if won + (top_trumps() if not trick else 0) >= best[0]:
            return
        if not any(hands) and not trick:
            best[0] = won
            return
        key = (*hands, leader, tuple(c.index for _, c in trick))
        if seen.get(key, 99) <= won:
            return
        seen[key] = won
        count[0] += 1
        if count[0] > budget:
            raise _BudgetSpent
        seat = leader.offset(len(trick))
        led = trick[0][1].suit if trick else None
        moves = _run_groups(live(), legal_mask(hands[seat], led))
        # lose tricks first: the claimer's side plays low, the other side high
        moves.sort(key=lambda c: c.rank, reverse=seat.side is not side)
        for card in moves:
            hands[seat] &= ~card.bit
            trick.append((seat, card))
            if len(trick) < 4:
                dfs(leader, won)
            else:
                saved = list(trick)
                winner = trick_winner(saved[0][0], [c for _, c in saved], pos.trump)
                trick.clear()
                dfs(winner, won + (1 if winner.side is side else 0))
                trick.extend(saved)
            trick.pop()
            hands[seat] |= card.bit

    try:
        dfs(pos.leader, 0)
    except _BudgetSpent:
        return None
    return best[0]


def _run_groups(live: int, mask: int) -> list[Card]:
    """One card of ``mask`` per run of cards equal in rank among ``live`` (the lowest)."""
    out: list[Card] = []
    for suit in Suit:
        if not mask & SUIT_MASK[suit]:
            continue
        run: Card | None = None
        for c in reversed(cards_of(live & SUIT_MASK[suit])):
            if mask & c.bit:
                run = c
            else:
                if run is not None:
                    out.append(run)
                run = None
        if run is not None:
            out.append(run)
    return out


def analyse_claim(
    pos: Position, claimer: Seat, claimed: int, statement: str = "", *, budget: int = NODE_BUDGET,
) -> ClaimAnalysis:
    """Classify a claim of ``claimed`` of the remaining tricks and propose a number (Law 70)."""
    side = claimer.side
    st = Statement.parse(statement)
    remaining = pos.remaining
    dd = dd_tricks(pos, side)
    trump_out = pos.trump is not None and any(pos.hands[s] & SUIT_MASK[pos.trump] for s in side.opponents.seats)
    w = worst_line(pos, side, trumps_first=st.mentions_trumps, order=st.order, claimed=claimed,
                   ceiling=dd, budget=budget)
    nodes = w.nodes
    if_drawn: int | None = None
    approx = w.approximate
    if trump_out and not st.mentions_trumps:
        drawn = worst_line(pos, side, trumps_first=True, order=st.order, claimed=claimed, ceiling=dd, budget=budget)
        nodes += drawn.nodes
        approx = approx or drawn.approximate
        if drawn.tricks != w.tricks:
            if_drawn = drawn.tricks
    worst = w.tricks
    # Law 71 only matters when the claim gives away tricks a normal line would win
    sure = sure_tricks(pos, side) if claimed < worst else None
    if worst >= claimed:
        verdict = Verdict.VALID
    elif dd >= claimed:
        verdict = Verdict.DOUBLE_DUMMY_ONLY
    else:
        verdict = Verdict.INVALID
    return ClaimAnalysis(
        claimer=claimer, claimed=claimed, remaining=remaining, double_dummy=dd,
        worst_normal=worst, sure=sure, verdict=verdict, proposed=min(claimed, worst), line=w.line,
        trump_outstanding=trump_out, trump_mentioned=st.mentions_trumps,
        worst_if_trumps_drawn=if_drawn, approximate=approx, worst_at_least=w.at_least if approx else None,
        nodes=nodes,
    )


__all__ = ["NODE_BUDGET", "ClaimAnalysis", "Statement", "Verdict", "analyse_claim", "sure_tricks", "worst_line"]
