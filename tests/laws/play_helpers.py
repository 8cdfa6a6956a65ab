"""Helpers for the play-law tests: one fixed deal, 4S by North, East on lead, South dummy.

    N: S AKQJ  H T98   D 765  C 432
    E: S T987  H AKQ   D 432  C 765
    S: S 6543  H 765   D AKQ  C T98
    W: S 2     H J432  D JT98 C AKQJ
"""

from __future__ import annotations

from typing import Any

from bridgelaw.actions import action_from_json
from bridgelaw.core.cards import Card, Seat, cards_of
from bridgelaw.io.scenario import load_scenario
from bridgelaw.laws.play.common import playable_mask
from bridgelaw.table import Table

DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.765 6543.765.AKQ.T98 2.J432.JT98.AKQJ"
AUCTION: list[dict[str, Any]] = [
    {"seat": "N", "call": "1S"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "4S"},
    {"seat": "W", "call": "P"}, {"seat": "N", "call": "P"}, {"seat": "E", "call": "P"},
]


def P(seat: str, card: str, **extra: Any) -> dict[str, Any]:
    return {"seat": seat, "play": card, **extra}


def C(seat: str, option: str, **params: Any) -> dict[str, Any]:
    return {"seat": seat, "choose": option, **params}


def D(**decision: Any) -> dict[str, Any]:
    return {"seat": "director", "decide": decision}


# Tricks that are handy starting points.
T1_EAST_WINS = [P("E", "HA"), P("S", "H5"), P("W", "H2"), P("N", "H8")]          # E to lead
T1_NORTH_WINS = [P("E", "ST"), P("S", "S3"), P("W", "S2"), P("N", "SJ")]         # N to lead
T2_DUMMY_WINS = [*T1_NORTH_WINS, P("N", "D5"), P("E", "D2"), P("S", "DA"), P("W", "D8")]  # S to lead


def table(actions: list[dict[str, Any]], *, edition: str = "2017", **config: Any) -> Table:
    case = {"format": 1, "edition": edition, "board": 1, "deal": DEAL, "actions": AUCTION + actions, **config}
    return load_scenario(case).table()


def out(actions: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    return table(actions, **kw).to_json()


def ruling(o: dict[str, Any], kind: str) -> dict[str, Any]:
    found = [r for r in o["rulings"] if r["kind"] == kind]
    assert found, f"no {kind} ruling in {[r['kind'] for r in o['rulings']]}"
    return found[-1]


def holds(t: Table, seat: str, card: str) -> bool:
    return Card.parse(card) in t.hand(Seat.parse(seat))


def pcs(o: dict[str, Any]) -> dict[str, str]:
    return {p["card"]: p["kind"] for p in o["penalty_cards"]}


def finish(t: Table) -> Table:
    """Play the board out lawfully, taking the first option and answering null/False."""
    for _ in range(300):
        if t.phase.value == "ended" and t.awaiting is None:
            break
        r = t.awaiting
        if r is not None:
            if r.status.value == "awaiting_choice":
                t.push(action_from_json({"seat": str(r.chooser), "choose": r.options[0].id}))
            else:
                t.push(action_from_json(D(**{r.questions[0].key: None})))
            continue
        seat = t.turn
        assert seat is not None
        card = cards_of(playable_mask(t._m._ops, seat))[0]
        t.push(action_from_json(P(seat.name, str(card))))
    return t
