"""The claim checker against the reference model (``reference_claims.py``): random endings
at four to seven tricks left, claims in mid-trick included, with structured statements
(suits in order, from the top, a finesse, a duck, trumps first or not, a cross-ruff) and
with none. Every figure the director reads must agree: the worst normal line, the
proposal, double dummy, the figure had trumps been drawn first, the verdict. And no card
of the line proposed contradicts the statement.

A seeded generator keeps the run the same on every machine; the endings are dealt from
three suits (more ruffs and contests, and a brute force of seconds, not minutes)."""

from __future__ import annotations

import random

import pytest
from reference_claims import Bind, Card, figures

from bridgelaw.analysis.claims import analyse_claim
from bridgelaw.core.cards import ALL_CARDS, Seat, Suit
from bridgelaw.core.cards import Card as OurCard
from bridgelaw.core.play import Position
from bridgelaw.core.stated_line import StatedLine

PLAYS = ("top", "finesse", "duck", "")


def _ours(c: Card) -> OurCard:
    return next(x for x in ALL_CARDS if int(x.suit) == c[0] and x.rank == c[1] + 2)


def _ref(c: OurCard) -> Card:
    return (int(c.suit), c.rank - 2)


def _ending(rng: random.Random, tricks: int) -> tuple[list[set[Card]], int | None, int, list[Card]]:
    suits = rng.sample(range(4), 3)
    pool = [(s, r) for s in suits for r in range(13)]
    cards = rng.sample(pool, 4 * tricks)
    hands: list[set[Card]] = [set(), set(), set(), set()]
    for i, c in enumerate(cards):
        hands[i % 4].add(c)
    trump = rng.choice([None, *suits])
    leader = rng.randrange(4)
    trick: list[Card] = []
    for _ in range(rng.choice((0, 0, 1, 2, 3))):
        seat = (leader + len(trick)) % 4
        follow = sorted(c for c in hands[seat] if trick and c[0] == trick[0][0]) or sorted(hands[seat])
        c = rng.choice(follow)
        hands[seat].discard(c)
        trick.append(c)
    return hands, trump, leader, trick


def _statement(rng: random.Random, suits: list[int], trump: int | None) -> dict[str, object]:
    """A random structured statement: some suits in order, each played some way."""
    named = rng.sample(suits, rng.randrange(len(suits) + 1))
    line: dict[str, object] = {"suits": []}
    ducked = False
    for s in named:
        play = rng.choice(PLAYS)
        if play == "duck":
            if ducked:
                play = ""
            ducked = True
        entry: dict[str, str] = {"suit": Suit(s).name}
        if play:
            entry["play"] = play
        line["suits"].append(entry)  # type: ignore[attr-defined]
    if trump is not None and rng.random() < 0.3:
        line["trumps"] = rng.choice(("first", "not_first"))
    if trump is not None and rng.random() < 0.15:
        line["cross_ruff"] = True
    return line


def _bind(line: dict[str, object]) -> tuple[Bind, bool]:
    """The reference's reading of a structured statement (docs/claims.md, "The statement")."""
    suits = line["suits"]
    assert isinstance(suits, list)
    ways = {int(Suit.parse(e["suit"])): e.get("play", "") for e in suits}
    cross = line.get("cross_ruff") is True
    trumps = str(line.get("trumps", ""))
    bind = Bind(
        order=tuple(int(Suit.parse(e["suit"])) for e in suits),
        top=frozenset(s for s, w in ways.items() if w in ("top", "duck")),
        finesse=frozenset(s for s, w in ways.items() if w == "finesse"),
        duck=frozenset(s for s, w in ways.items() if w == "duck"),
        trumps_first=trumps == "first", cross_ruff=cross,
    )
    return bind, bool(trumps) or cross


def compare(seed: int, counts: dict[int, int]) -> int:
    """Compare checker and reference on the endings drawn; the count that differ (the first
    difference fails at once, with the ending)."""
    rng = random.Random(seed)
    for tricks, n in counts.items():
        for _ in range(n):
            hands, trump, leader, trick = _ending(rng, tricks)
            suits = sorted({c[0] for h in hands for c in h} | {c[0] for c in trick})
            line = _statement(rng, suits, trump) if rng.random() < 0.8 else {"suits": []}
            claimer = rng.randrange(4)
            claimed = rng.randrange(tricks + 1)
            bind, mentioned = _bind(line)
            want = figures(hands, trump, leader, trick, claimer, claimed, bind, mentioned)
            masks = [0, 0, 0, 0]
            for seat, h in enumerate(hands):
                for c in h:
                    masks[seat] |= _ours(c).bit
            pos = Position((masks[0], masks[1], masks[2], masks[3]), None if trump is None else Suit(trump),
                           Seat(leader), tuple(_ours(c) for c in trick))
            got = analyse_claim(pos, Seat(claimer), claimed, "", line=StatedLine.from_json(line))
            case = (hands, trump, leader, trick, claimer, claimed, line)
            assert got.exact, case
            assert (got.worst_normal, got.proposed, got.double_dummy, got.worst_if_trumps_drawn, got.verdict.value) == (
                want.worst, want.proposal, want.double_dummy, want.if_drawn, want.verdict), case
            assert_line_keeps_statement(hands, trump, leader, trick, claimer, bind, got.line)
            assert sum(1 for t in got.line if _won(t, trump, claimer)) == got.worst_normal, case
    return 0


def _won(trick: list[tuple[Seat, OurCard]], trump: int | None, claimer: int) -> bool:
    from reference_claims import winner
    w = winner(int(trick[0][0]), [_ref(c) for _, c in trick], trump)
    return w % 2 == claimer % 2


def assert_line_keeps_statement(hands: list[set[Card]], trump: int | None, leader: int, trick: list[Card],
                                claimer: int, bind: Bind, line: list[list[tuple[Seat, OurCard]]]) -> None:
    """Every card of the claimer's side in the line is one the reference allows under the
    statement: the proposal never contradicts it."""
    from reference_claims import State, normal, winner
    st = State([set(h) for h in hands], trump, leader, claimer % 2, bind, list(trick), None, bind.duck)
    for number, cards in enumerate(line):
        for seat, card in cards[len(st.trick) if number == 0 else 0:]:
            c = _ref(card)
            assert int(seat) == st.to_play()
            if st.ours(int(seat)):
                assert c in normal(st), f"{seat.name}:{card} contradicts the statement"
                if not st.trick:
                    st.block = c[0] if st.side_has_winner(c[0]) else None
            st.hands[int(seat)].discard(c)
            st.trick.append(c)
        w = winner(st.leader, st.trick, trump)
        st.duck = st.duck - {st.trick[0][0]}
        st.block = st.block if st.ours(w) else None
        st.leader, st.trick = w, []


@pytest.mark.law("70A")
@pytest.mark.law("70D1")
@pytest.mark.parametrize(("seed", "counts"), [
    (701, {4: 120, 5: 30}), (702, {4: 30, 5: 90}), (703, {5: 30, 6: 70}), (704, {6: 40, 7: 50}), (705, {7: 50}),
])
def test_70A_the_checker_agrees_with_the_reference_model_on_random_endings(seed: int, counts: dict[int, int]) -> None:
    assert compare(seed, counts) == 0


@pytest.mark.law("68C")
def test_68C_a_suit_stated_from_the_top_is_never_ducked_with_the_sides_top_card() -> None:
    # East holds the ace, king, queen and two of spades, West leads the five, North the
    # three: from the top, East plays the ace, never the two
    hands: list[set[Card]] = [
        {(3, 1), (3, 2), (2, 4)},            # N: S3 S4 H6
        {(3, 12), (3, 11), (3, 10), (3, 0)},  # E: SA SK SQ S2
        {(3, 7), (3, 8), (3, 9), (0, 2)},    # S: S9 ST SJ C4
        {(3, 3), (3, 4), (3, 5), (3, 6)},    # W: S5 S6 S7 S8
    ]
    hands[0].add((2, 5))
    bind = Bind(order=(3,), top=frozenset({3}))
    want = figures(hands, None, 3, [], 1, 4, bind, False)
    masks = [sum(_ours(c).bit for c in h) for h in hands]
    pos = Position((masks[0], masks[1], masks[2], masks[3]), None, Seat.W)
    got = analyse_claim(pos, Seat.E, 4, "", line=StatedLine.from_json({"suits": [{"suit": "S", "play": "top"}]}))
    assert got.worst_normal == want.worst == 4
    east = [str(c) for t in got.line for s, c in t if s is Seat.E]
    assert east[0] == "SA"
