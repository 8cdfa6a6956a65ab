"""Non-interference: what a seat sees may depend only on what that seat may see.

A random script of table actions (calls, plays, irregularities, requests, board reports,
the director's answers) is played on a deal, then on the same deal with two cards swapped
between two hands the observer cannot see. Whatever the observer is shown (library view,
websocket message) must be identical in both worlds. A card named by a play, an exposure
or a face-down lead in the script is never swapped (the players who hold them act on them,
so the two scripts would not be the same inputs); a card named in a report or a request
may be swapped, since asking must never tell a seat where a card is.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from bridgelaw.actions import action_from_json
from bridgelaw.config import Regulations, TableConfig
from bridgelaw.core.cards import Card, Seat
from bridgelaw.core.deal import Board, Deal, Hand
from bridgelaw.rulings import DIRECTOR
from bridgelaw.table import Phase, Refused, Table

SEATS = ("N", "E", "S", "W")
CARDS = [str(c) for c in Hand((1 << 52) - 1)]
REPORTS = ("incorrect_number", "surplus_card", "missing_card", "wrong_board", "wrong_board_earlier",
           "wrong_board_played", "fouled_board")
ASKS = ("review", "explain", "explain_all", "contract", "see_trick", "own_last_card", "quitted_trick")


@dataclass(frozen=True)
class World:
    board: Board
    config: TableConfig


def config_for(rng: random.Random) -> TableConfig:
    return TableConfig(
        auto_director=rng.random() < 0.7,
        regulations=Regulations.from_json({"opening_lead": rng.choice(("face_down", "face_up"))}),
    )


def random_action(t: Table, rng: random.Random) -> dict[str, Any]:
    """One action a player (who knows his own hand) or the director might take now."""
    pending = t.awaiting
    roll = rng.random()
    if pending is not None and roll < 0.6:
        if pending.chooser == DIRECTOR:
            if any(q.key == "found" for q in pending.questions):
                # a truthful answer depends on the hand record: the director answers the
                # other questions of the script, and players carry on meanwhile
                return _request(t, rng)
            return {"seat": "director", "decide": {q.key: _answer(q.key, rng) for q in pending.questions}}
        options = [o for o in pending.options if o.by != DIRECTOR]
        if options:
            o = rng.choice(options)
            act: dict[str, Any] = {"seat": str(o.by), "choose": o.id}
            if o.param == "suit":
                act["suit"] = rng.choice("SHDC")
            return act
    if any(r.status.value == "awaiting_director" for r in t.rulings) and roll < 0.7:
        return {"seat": rng.choice(SEATS), "director": True}
    if roll < 0.15:
        return _request(t, rng)
    if roll < 0.22:
        return _report(rng)
    if t.phase is Phase.AUCTION:
        turn = t.turn or Seat.N
        seat = turn.name if rng.random() < 0.9 else rng.choice(SEATS)
        legal = [str(c) for c in t.legal_calls] or ["P"]
        if rng.random() < 0.1:
            return {"seat": seat, "call": rng.choice(("1C", "1D", "1H", "1S", "1N", "2C", "X", "XX"))}
        weights = [10.0 if c == "P" else 1.0 for c in legal]
        call: dict[str, Any] = {"seat": seat, "call": rng.choices(legal, weights)[0]}
        if rng.random() < 0.1:
            call["alert"] = True
            call["meaning"] = "a meaning"
        return call
    fd = t.face_down_lead
    if fd is not None:
        return {"seat": fd[0].name, "face_lead": True}
    turn = t.turn
    if turn is None:
        return _request(t, rng)
    seat = turn if rng.random() < 0.92 else rng.choice(list(Seat))
    hand = [str(c) for c in t.hand(seat)]
    if not hand:
        return _request(t, rng)
    legal = [str(c) for c in t.legal_cards] if seat is turn else []
    card = rng.choice(legal) if legal and rng.random() < 0.9 else rng.choice(hand)
    act = {"seat": seat.name, "play": card}
    if t.contract is not None and seat is t.contract.dummy and t.lead_faced:
        act["by"] = t.contract.declarer.name
    if t.phase is Phase.LEAD and rng.random() < 0.5:
        act["face_down"] = True
    if rng.random() < 0.02:
        return {"seat": seat.name, "expose": [card], "how": "dropped"}
    return act


def _request(t: Table, rng: random.Random) -> dict[str, Any]:
    seat = rng.choice(SEATS)
    roll = rng.random()
    if roll < 0.5:
        ask: dict[str, Any] = {"seat": seat, "ask": rng.choice(ASKS)}
        if ask["ask"] == "explain" and t.calls:
            ask["call_index"] = rng.randrange(len(t.calls))
        if ask["ask"] == "see_trick" and t.tricks:
            ask["trick"] = rng.randint(1, len(t.tricks))
        return ask
    if roll < 0.7:
        return {"seat": seat, "tempo": "hesitation"}
    if roll < 0.85:
        return {"seat": seat, "point_out": rng.choice(("revoke", "defective_trick", "unintended_designation")),
                "offender": rng.choice(SEATS), "trick": rng.randint(1, 13)}
    return _report(rng)


def _report(rng: random.Random) -> dict[str, Any]:
    seat = rng.choice(SEATS)
    kind = rng.choice(REPORTS)
    rep: dict[str, Any] = {"seat": seat, "report": kind}
    if kind in ("missing_card", "surplus_card"):
        rep["card"] = rng.choice(CARDS)
    elif kind == "incorrect_number":
        rep["hands"] = rng.sample(SEATS, 2)
    elif kind in ("wrong_board", "wrong_board_earlier"):
        rep["offender"] = rng.choice(SEATS)
        if kind == "wrong_board_earlier":
            rep["earlier_call"] = "1S"
    return rep


def _answer(key: str, rng: random.Random) -> Any:
    if key == "adjusted_score":
        return rng.choice(({"ns": "avg+", "ew": "avg-"}, {"score_ns": 100}, {"ns": "avg", "ew": "avg"}))
    if key == "form":
        return "changed"
    if key in ("ruling", "tricks", "ns_tricks"):
        return rng.randint(0, 13)
    return rng.random() < 0.5


def play_script(world: World, rng: random.Random, steps: int) -> list[dict[str, Any]]:
    """A script of ``steps`` attempted actions (the accepted and the refused)."""
    t = Table(world.board, world.config)
    script: list[dict[str, Any]] = []
    for _ in range(steps):
        if t.phase is Phase.ENDED and t.awaiting is None:
            break
        act = random_action(t, rng)
        script.append(act)
        with contextlib.suppress(Refused):
            t.push(action_from_json(act))
    return script


def named_by_hand(script: list[dict[str, Any]]) -> set[str]:
    """Cards the script's players act on from their own hands (never swapped)."""
    out: set[str] = set()
    for a in script:
        if "play" in a:
            out.add(a["play"])
        if "expose" in a:
            out.update(a["expose"])
    return out


def swapped(board: Board, a: Seat, card_a: str, b: Seat, card_b: str) -> Board:
    hands = list(board.deal.hands)
    ca, cb = Card.parse(card_a).bit, Card.parse(card_b).bit
    hands[a] = (hands[a] & ~ca) | cb
    hands[b] = (hands[b] & ~cb) | ca
    return Board(board.number, Deal((hands[0], hands[1], hands[2], hands[3])), board.dealer, board.vulnerability)


def steps_of(world: World, script: list[dict[str, Any]]) -> Iterator[tuple[Table, bool]]:
    """The table after each attempted action of ``script`` and whether it was accepted
    (a refused action changes nothing)."""
    t = Table(world.board, world.config)
    yield t, True
    for act in script:
        try:
            t.push(action_from_json(act))
        except Refused:
            yield t, False
        else:
            yield t, True


def hidden_throughout(world: World, script: list[dict[str, Any]], observer: Seat) -> set[Seat]:
    """The hands ``observer`` never sees before the end of the board (then the whole deal
    is shown)."""
    hidden = set(Seat) - {observer}
    for t, _ok in steps_of(world, script):
        if t.phase is Phase.ENDED and t.awaiting is None:
            break
        hidden -= set(t.visible_hands(observer))
    return hidden


@dataclass(frozen=True)
class Swap:
    observer: Seat
    holders: tuple[Seat, Seat]
    other: World


def pick_swap(world: World, script: list[dict[str, Any]], rng: random.Random) -> Swap | None:
    """An observer and a world differing from ``world`` by two cards of one suit in two
    hands the observer never sees, neither of them played or exposed in the script. (Two
    cards of different suits would change whether a hand holds a suit, which the Laws let
    the table learn: a premature or irregular card is ruled on by whether it follows suit,
    Laws 57, 61, 64.)"""
    used = named_by_hand(script)
    for _ in range(30):
        observer = rng.choice(list(Seat))
        hidden = hidden_throughout(world, script, observer)
        if len(hidden) < 2:
            continue
        a, b = rng.sample(sorted(hidden), 2)
        pairs = [
            (str(ca), str(cb))
            for ca in Hand(world.board.deal.hands[a]) for cb in Hand(world.board.deal.hands[b])
            if ca.suit is cb.suit and str(ca) not in used and str(cb) not in used
        ]
        if pairs:
            ca, cb = rng.choice(pairs)
            return Swap(observer, (a, b), World(swapped(world.board, a, ca, b, cb), world.config))
    return None


def sees_either(t: Table, actor: object, holders: tuple[Seat, Seat]) -> bool:
    if not isinstance(actor, str) or actor == DIRECTOR:
        return True
    seen = t.visible_hands(Seat.parse(actor))
    return any(h in seen for h in holders)


def first_difference(world: World, swap: Swap, script: list[dict[str, Any]]) -> str | None:
    """Play ``script`` in both worlds side by side; the first view of the observer that
    differs, or an action accepted in one world and refused in the other by a seat that
    cannot see the swapped cards (its refusal would tell it where they are). Comparison
    stops at the end of the board, or when an action of someone who sees a swapped card
    fares differently (he acts on his own knowledge: the two scripts part there)."""
    observer = swap.observer
    pairs = zip(steps_of(world, script), steps_of(swap.other, script), strict=True)
    for i, ((ta, ok_a), (tb, ok_b)) in enumerate(pairs):
        if ok_a != ok_b:
            act = script[i - 1]
            if sees_either(ta, act.get("seat"), swap.holders):
                return None
            return f"{act} is {'accepted' if ok_a else 'refused'} in one world only (after {script[:i - 1]})"
        if ta.phase is Phase.ENDED and ta.awaiting is None:
            return None
        va, vb = ta.view(observer), tb.view(observer)
        if va != vb:
            keys = sorted(k for k in va.keys() | vb.keys() if va.get(k) != vb.get(k))
            return (f"after {script[:i]} the view of {observer.name} differs in {keys}: "
                    f"{[(va.get(k), vb.get(k)) for k in keys]}")
    return None


def agreed_prefix(world: World, swap: Swap, script: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The part of ``script`` both worlds play alike: up to the end of the board or the
    first action that fares differently."""
    pairs = zip(steps_of(world, script), steps_of(swap.other, script), strict=True)
    for i, ((ta, ok_a), (_tb, ok_b)) in enumerate(pairs):
        if ok_a != ok_b or (ta.phase is Phase.ENDED and ta.awaiting is None):
            return script[: max(i - 1, 0)]
    return script


def pbn_of(world: World) -> str:
    b = world.board
    return (f'[Event "non-interference"]\n[Board "{b.number}"]\n[Dealer "{b.dealer.name}"]\n'
            f'[Vulnerable "{b.vulnerability}"]\n[Deal "{b.deal.to_pbn()}"]\n')
