"""Simulated players: pick a plausible next message for a link from nothing but that
link's own state message. Used by the load benchmark and the server tests, so both drive
the server exactly as browsers do (and can never cheat with hidden information).

With ``irregular`` > 0 a player now and then makes the irregularities players make (an
insufficient bid, a call out of rotation, a face-down opening lead), so rulings, choices
and the director's questions are exercised too.
"""

from __future__ import annotations

import random
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
    seq = state["seq"]
    if view["phase"] == "ended" and state.get("awaiting") is None and view.get("awaiting") is None:
        return None
    if to_act is None:
        return None
    mine = role in ("all", "director") or to_act == role
    if not mine and not (role == "director" and to_act == "director"):
        return None
    awaiting = view.get("awaiting")
    if awaiting is not None:
        if to_act == "director":
            if role != "director":
                return None
            ruling = view["rulings"][awaiting["ruling"]]
            decision = {q["key"]: rng.random() < 0.5 for q in ruling.get("questions", [])}
            return _msg(seq, {"seat": "director", "decide": decision or {"ok": True}})
        if role == "director":
            return None
        ruling = view["rulings"][awaiting["ruling"]]
        options = [o for o in ruling["options"] if o["by"] == to_act]
        if not options:
            return None
        opt = rng.choice(options)
        action: dict[str, Any] = {"seat": to_act, "choose": opt["id"]}
        if opt.get("param") == "suit":
            action["suit"] = rng.choice(("S", "H", "D", "C"))
        return _msg(seq, action)
    if role == "director":
        return None
    if any(r["status"] == "awaiting_director" for r in view["rulings"]):
        # attention is drawn to an irregularity: the player to act calls the director (9B1(a))
        return _msg(seq, {"seat": to_act if to_act in _SEATS else view["turn"], "director": True})
    if view["phase"] == "auction":
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
    fd = view.get("face_down_lead")
    if fd is not None:
        if role in ("all", fd["seat"]):
            return _msg(seq, {"seat": fd["seat"], "face_lead": True})
        return None
    cards = state.get("legal_cards") or []
    if not cards:
        return None
    seat = view["turn"]
    if claims and view["phase"] == "play" and rng.random() < claims:
        # a claim (Law 68A) by the player to act, of some of the remaining tricks
        remaining = 13 - view["tricks_won"]["NS"] - view["tricks_won"]["EW"]
        return _msg(seq, {"seat": to_act, "claim": rng.randint(0, remaining), "statement": "the rest are mine"})
    action = {"seat": seat, "play": rng.choice(cards)}
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
