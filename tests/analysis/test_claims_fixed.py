"""The claim checker on a fixed set of deeper positions (eight to ten tricks left, beyond
the reach of the brute-force reference), against the figures it gave when they were
recorded: the search's bounds and probe order may change, what the director reads may
not. Every figure of the analysis (the worst normal line and the line itself, the
proposal, double dummy, the figure had trumps been drawn first, Law 71's sure tricks,
the verdict and the costly choices) must be the same.

The positions are dealt by a seeded generator: random deals, a random strain, random
legal play to the claim (sometimes in mid-trick), a random claimer, claim and statement.
``python tests/analysis/test_claims_fixed.py`` records the figures again (only when the
model itself is meant to change)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from bridgelaw.analysis.claims import analyse_claim
from bridgelaw.analysis.dds import Position
from bridgelaw.core.cards import ALL_CARDS, SUIT_MASK, Card, Seat, Suit
from bridgelaw.laws.play.regular import trick_winner

RECORDED = Path(__file__).with_name("claims_fixed.json")
STATEMENTS = ("", "the rest are mine", "drawing trumps", "spades from the top", "hearts then clubs")
COUNT = 48

Case = tuple[Position, Seat, int, str]


def _legal(hand: int, trick: list[Card]) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (follow suit if able)."""
    if trick:
        follow = hand & SUIT_MASK[trick[0].suit]
        if follow:
            hand = follow
    return [c for c in ALL_CARDS if hand & c.bit]


def _case(rng: random.Random) -> Case:
    order = list(ALL_CARDS)
    rng.shuffle(order)
    hands = [sum(c.bit for c in order[13 * i: 13 * (i + 1)]) for i in range(4)]
    trump = rng.choice([None, *Suit])
    leader = Seat(rng.randrange(4))
    played = 4 * (13 - rng.choice((8, 9, 10))) + rng.choice((0, 0, 1, 2, 3))
    trick: list[Card] = []
    for _ in range(played):
        seat = leader.offset(len(trick))
        card = rng.choice(_legal(hands[seat], trick))
        hands[seat] &= ~card.bit
        trick.append(card)
        if len(trick) == 4:
            leader, trick = trick_winner(leader, trick, trump), []
    pos = Position((hands[0], hands[1], hands[2], hands[3]), trump, leader, tuple(trick))
    return pos, Seat(rng.randrange(4)), rng.randrange(pos.remaining + 1), rng.choice(STATEMENTS)


def cases() -> list[Case]:
    rng = random.Random(2026)
    return [_case(rng) for _ in range(COUNT)]


def _figures(case: Case) -> dict[str, Any]:
    pos, claimer, claimed, statement = case
    return analyse_claim(pos, claimer, claimed, statement).to_json()


@pytest.mark.law("70")
@pytest.mark.parametrize("index", range(COUNT))
def test_the_figures_recorded_for_a_deep_position_stay_the_same(index: int) -> None:
    recorded = json.loads(RECORDED.read_text())
    assert _figures(cases()[index]) == recorded[index]


if __name__ == "__main__":
    RECORDED.write_text(json.dumps([_figures(c) for c in cases()], indent=1, ensure_ascii=False) + "\n")
    sys.exit(0)
