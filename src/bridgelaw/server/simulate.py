"""Simulated players: pick a plausible next message for a link from nothing but that
link's own state message. Used by the load benchmark and the server tests, so both drive
the server exactly as browsers do (and can never cheat with hidden information).

With ``irregular`` > 0 a player now and then makes the irregularities players make (an
insufficient bid, a call out of rotation, a face-down opening lead), so rulings, choices
and the director's questions are exercised too.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

_SEATS = ("N", "E", "S", "W")
_STRAINS = ("C", "D", "H", "S", "N")


def next_message(
    state: dict[str, Any], rng: random.Random, *, irregular: float = 0.0, claims: float = 0.0,
) -> dict[str, Any] | None:
    """The message this link sends now, or None if it is not its turn to act. ``claims``:
    the chance that the player to act claims (Law 68A) instead of playing a card."""
    role = state["role"]
    view = state["view"]
    to_act = state.get("to_act")
    if view["phase"] == "ended" and state.get("awaiting") is None and view.get("awaiting") is None:
        return None
    if to_act is None:
        return None
    if not (role in ("all", "director") or to_act == role):
        return None
    if view.get("awaiting") is not None:
        return _answer_ruling(state, rng)
    if role == "director":
        return None
    seq = state["seq"]
    if any(r["status"] == "awaiting_director" for r in view["rulings"]):
        # attention is drawn to an irregularity: the player to act calls the director (9B1(a))
        return _msg(seq, {"seat": to_act if to_act in _SEATS else view["turn"], "director": True})
    if view["phase"] == "auction":
        return _call(state, rng, irregular)
    fd = view.get("face_down_lead")
    if fd is not None:
        return _msg(seq, {"seat": fd["seat"], "face_lead": True}) if role in ("all", fd["seat"]) else None
    return _card(state, rng, irregular, claims)


def _answer_ruling(state: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """The awaited answer to a ruling: the director's decision, or a player's choice of
    one of the options the ruling gives him."""
    view, role, to_act = state["view"], state["role"], state["to_act"]
    ruling = view["rulings"][view["awaiting"]["ruling"]]
    if to_act == "director":
        if role != "director":
            return None
        decision = {q["key"]: _answer(q, view, rng) for q in ruling.get("questions", [])}
        return _msg(state["seq"], {"seat": "director", "decide": decision})
    if role == "director":
        return None
    options = [o for o in ruling["options"] if o["by"] == to_act]
    if not options:
        return None
    opt = rng.choice(options)
    action: dict[str, Any] = {"seat": to_act, "choose": opt["id"]}
    if opt.get("param") == "suit":
        action["suit"] = rng.choice(("S", "H", "D", "C"))
    return _msg(state["seq"], action)


def _answer(question: dict[str, Any], view: dict[str, Any], rng: random.Random) -> Any:
    """A director's answer of the shape the question asks for (``answer`` in the
    question): a number of tricks no larger than the tricks still to play, one of the
    choices, an average either way for an adjusted score."""
    shape = question.get("answer") or {"type": "bool"}
    kind = shape["type"]
    if kind == "int":
        high = shape["max"]
        if question["key"] == "tricks":
            high = min(high, 13 - view["tricks_won"]["NS"] - view["tricks_won"]["EW"])
        return rng.randint(shape["min"], max(shape["min"], high))
    answer = _ANSWERS.get(kind)
    return rng.random() < 0.5 if answer is None else answer(shape, rng)


def _choice(shape: dict[str, Any], rng: random.Random) -> Any:
    return rng.choice(shape["ids"])


_ANSWERS: dict[str, Callable[[dict[str, Any], random.Random], Any]] = {
    "choice": _choice,
    "actions": lambda shape, _rng: None if shape.get("optional") else [],
    "score": lambda _shape, _rng: {"ns": "avg", "ew": "avg"},
    "text": lambda _shape, _rng: "director",
}


def _call(state: dict[str, Any], rng: random.Random, irregular: float) -> dict[str, Any] | None:
    """A call by the player to act: now and then an insufficient bid (Law 27)."""
    view, role, seq = state["view"], state["role"], state["seq"]
    seat = view["turn"]
    if role != "all" and seat != role:
        return None
    if irregular and rng.random() < irregular:
        low = _insufficient(view["auction"])
        if low is not None:
            return _msg(seq, {"seat": seat, "call": low})
    calls = state.get("legal_calls") or ["P"]
    weights = [12.0 if c == "P" else (0.6 if c in ("X", "XX") else 1.0) for c in calls]
    return _msg(seq, {"seat": seat, "call": rng.choices(calls, weights)[0]})


def _card(state: dict[str, Any], rng: random.Random, irregular: float, claims: float) -> dict[str, Any] | None:
    """A card by the player to play (now and then a face-down opening lead), or a claim."""
    view, seq = state["view"], state["seq"]
    cards = state.get("legal_cards") or []
    if not cards:
        return None
    if claims and view["phase"] == "play" and rng.random() < claims:
        # a claim (Law 68A) by the player to act, of some of the remaining tricks
        remaining = 13 - view["tricks_won"]["NS"] - view["tricks_won"]["EW"]
        return _msg(seq, {"seat": state["to_act"], "claim": rng.randint(0, remaining), "statement": "the rest are mine"})
    action = {"seat": view["turn"], "play": rng.choice(cards)}
    if view["phase"] == "lead" and irregular and rng.random() < 0.5:
        action["face_down"] = True
    return _msg(seq, action)


def _insufficient(auction: list[str]) -> str | None:
    """A bid lower than the last bid (Law 27), if there is one."""
    bids = [c for c in auction if c[:1].isdigit()]
    if not bids:
        return None
    last = bids[-1]
    level, strain = int(last[0]), _STRAINS.index(last[1])
    if strain > 0:
        return f"{level}{_STRAINS[strain - 1]}"
    if level > 1:
        return f"{level - 1}N"
    return None


def _msg(seq: int, action: dict[str, Any]) -> dict[str, Any]:
    return {"type": "action", "seq": seq, "action": action}
