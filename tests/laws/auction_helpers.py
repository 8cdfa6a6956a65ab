"""Helpers for the auction-law tests: run a list of scenario actions on a fixed deal."""

from __future__ import annotations

from typing import Any

from bridgelaw.io.scenario import load_scenario, run_scenario

# N holds the spades, E the hearts, S the diamonds, W the clubs. Board 1: dealer N.
DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def act(seat: str, verb: str, value: Any = True, **extra: Any) -> dict[str, Any]:
    return {"seat": seat, verb: value, **extra}


def calls(*spec: str) -> list[dict[str, Any]]:
    """'N:1H', 'E:P', ... -> call actions; 'E:1S!' marks a change of call."""
    out: list[dict[str, Any]] = []
    for item in spec:
        seat, call = item.split(":")
        a: dict[str, Any] = {"seat": seat, "call": call.rstrip("!")}
        if call.endswith("!"):
            a["change"] = True
        out.append(a)
    return out


def run(actions: list[dict[str, Any]], *, edition: str = "2017", board: int = 1, **config: Any) -> dict[str, Any]:
    case = {"format": 1, "edition": edition, "board": board, "deal": DEAL, "actions": actions, **config}
    return run_scenario(load_scenario(case))


def ruling(out: dict[str, Any], kind: str) -> dict[str, Any]:
    found = [r for r in out["rulings"] if r["kind"] == kind]
    assert found, f"no {kind} ruling in {[r['kind'] for r in out['rulings']]}"
    return found[-1]


def restriction(out: dict[str, Any], seat: str, kind: str = "must_pass") -> dict[str, Any] | None:
    for r in out["restrictions"]:
        if r["seat"] == seat and r["kind"] == kind:
            return dict(r)
    return None


def statuses(out: dict[str, Any]) -> list[str]:
    return [f"{c['seat']}:{c['call']}:{c['status']}" for c in out["calls"]]


def decide(**decision: Any) -> dict[str, Any]:
    return {"seat": "director", "decide": decision}


def choose(seat: str, option: str, **params: Any) -> dict[str, Any]:
    return {"seat": seat, "choose": option, **params}


def director(seat: str = "S") -> dict[str, Any]:
    return {"seat": seat, "director": True}
