"""Every physical action a player (or the director) can take at the table.

Actions are frozen records; a table is its deal, its configuration and the ordered list
of actions. The JSON form (``action_from_json`` / ``action_to_json``) is the vocabulary of
the scenario files, the database rows and the websocket messages alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from bridgelaw.core.calls import Call, Strain
from bridgelaw.core.cards import Card, Seat, Suit
from bridgelaw.errors import ParseError
from bridgelaw.rulings import DIRECTOR

Actor = Seat | Literal["director"]

ASK_KINDS = frozenset({
    "review", "explain", "explain_all", "contract", "convention_card", "see_trick",
    "own_last_card", "quitted_trick", "repeat_call",
    "correct_explanation",  # 20F4/20F5: the explainer or the caller corrects an explanation
})
EXPOSE_HOW = frozenset({"dropped", "shown", "named"})
REPORT_KINDS = frozenset({  # problems with the board itself (Laws 13-15, 87)
    "incorrect_number", "surplus_card", "missing_card", "wrong_board", "wrong_board_earlier",
    "wrong_board_played", "fouled_board",
})


@dataclass(frozen=True, slots=True)
class CallAction:
    seat: Seat
    call: Call
    alert: bool = False
    meaning: str | None = None
    artificial: bool = False
    change: bool = False
    simultaneous: bool = False  # made at the same moment as the previous call (Law 33)
    shows: tuple[Strain, ...] = ()  # the denominations an artificial call specifies (26A, 29C)


@dataclass(frozen=True, slots=True)
class PlayAction:
    """A card played from ``seat``'s hand; ``by`` is who acts when not the owner (declarer for dummy)."""

    seat: Seat
    card: Card
    by: Seat | None = None
    face_down: bool = False
    simultaneous: bool = False  # made at the same moment as the previous card (Law 58A)


@dataclass(frozen=True, slots=True)
class FaceLead:
    seat: Seat


@dataclass(frozen=True, slots=True)
class Expose:
    seat: Seat
    cards: tuple[Card, ...]
    how: str = "dropped"


@dataclass(frozen=True, slots=True)
class Ask:
    seat: Seat
    ask: str
    call_index: int | None = None
    trick: int | None = None


@dataclass(frozen=True, slots=True)
class Claim:
    seat: Seat
    tricks: int
    statement: str = ""
    # the claim checker's analysis, made once when the claim was made and logged with it
    # (a replay reads it back instead of searching again); never a player's input
    analysis: Mapping[str, Any] | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Concede:
    seat: Seat
    tricks: int
    analysis: Mapping[str, Any] | None = field(default=None, compare=False)  # as for Claim


@dataclass(frozen=True, slots=True)
class ClaimResponse:
    seat: Seat
    response: Literal["agree", "dispute"]


@dataclass(frozen=True, slots=True)
class PointOut:
    seat: Seat
    irregularity: str
    offender: Seat | None = None
    trick: int | None = None


@dataclass(frozen=True, slots=True)
class CallDirector:
    seat: Seat


@dataclass(frozen=True, slots=True)
class Choose:
    seat: Seat
    option: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Decide:
    """A director's judgement that a ruling asked for (``{"comparable": true}``)."""

    decision: Mapping[str, Any]
    seat: Literal["director"] = DIRECTOR


@dataclass(frozen=True, slots=True)
class Report:
    """A problem with the board itself reported at the table (Laws 13-15, 87): ``problem``
    is one of ``REPORT_KINDS``; its details (``card``, ``hands``, ``call``) stay as JSON."""

    seat: Seat
    problem: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Tempo:
    seat: Seat
    kind: str = "hesitation"


@dataclass(frozen=True, slots=True)
class RevokeInquiry:
    """``seat`` asks ``of`` whether he has a card of the suit led (Law 61B)."""

    seat: Seat
    of: Seat


@dataclass(frozen=True, slots=True)
class DummyBreach:
    """Dummy breaks a limitation of Law 43A2 (``breach`` is one of ``DUMMY_BREACHES``)."""

    seat: Seat
    breach: str


@dataclass(frozen=True, slots=True)
class PlayTogether:
    """Two or more cards played from one hand at once (Law 58B); ``faced``: more than one
    of them was visible (58B2), else only the first was (58B1)."""

    seat: Seat
    cards: tuple[Card, ...]
    faced: bool = True


DUMMY_BREACHES = frozenset({"exchange_hands", "leave_seat", "look_at_hand"})  # 43A2(a), (b), (c)


Action = (
    CallAction | PlayAction | FaceLead | Expose | Ask | Claim | Concede | ClaimResponse
    | PointOut | CallDirector | Choose | Decide | Tempo | Report | RevokeInquiry | DummyBreach | PlayTogether
)


def _seat(obj: Mapping[str, Any], key: str = "seat") -> Seat:
    if key not in obj:
        raise ParseError(f"the action {dict(obj)!r} has no {key!r}")
    return Seat.parse(obj[key])


def _strains(obj: Mapping[str, Any], key: str) -> tuple[Strain, ...]:
    """A list of denominations ("H", "S", "NT"), e.g. what an artificial call shows."""
    raw = obj.get(key, [])
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise ParseError(f"'{key}' must be a list of denominations such as [\"H\", \"S\"], not {raw!r}")
    try:
        return tuple(Strain.parse(x) for x in raw)
    except (KeyError, ValueError):
        raise ParseError(f"'{key}' must be a list of denominations such as [\"H\", \"S\"], not {raw!r}") from None


def _bool(obj: Mapping[str, Any], key: str) -> bool:
    value = obj.get(key, False)
    if not isinstance(value, bool):
        raise ParseError(f"{key!r} must be true or false, not {value!r}")
    return value


def _int(obj: Mapping[str, Any], key: str, *, required: bool = True) -> int | None:
    value = obj.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise ParseError(f"{key!r} must be a whole number, not {value!r}")
    return value


_ANALYSIS_TRICKS = ("claimed", "remaining", "double_dummy", "worst_normal", "proposal")
VERDICTS = ("valid", "double_dummy_only", "invalid")


def _analysis(obj: Mapping[str, Any]) -> dict[str, Any] | None:
    """A claim's recorded analysis (``analysis.claims.ClaimAnalysis.to_json``), checked:
    a claim read back from a log or a scenario file carries the analysis made when it
    was made."""
    a = obj.get("analysis")
    if a is None:
        return None
    if not isinstance(a, Mapping):
        raise ParseError(f"a claim's 'analysis' must be an object, not {a!r}")
    for key in _ANALYSIS_TRICKS:
        v = a.get(key)
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 13:
            raise ParseError(f"a claim's analysis needs '{key}', a number of tricks from 0 to 13, not {v!r}")
    if not isinstance(a.get("exact"), bool):
        raise ParseError(f"a claim's analysis needs 'exact', true or false, not {a.get('exact')!r}")
    if a.get("verdict") not in VERDICTS:
        raise ParseError(f"a claim's analysis needs a verdict ({', '.join(VERDICTS)}), not {a.get('verdict')!r}")
    line = a.get("line")
    if not isinstance(line, list):
        raise ParseError(f"a claim's analysis needs 'line', a list of cards, not {line!r}")
    for c in line:
        Card.parse(c)
    return dict(a)


def action_from_json(obj: object) -> Action:
    """Parse one action of the scenario vocabulary; raise ParseError naming the problem."""
    if not isinstance(obj, Mapping):
        raise ParseError(f"an action must be a JSON object, not {obj!r}")
    if obj.get("seat") == DIRECTOR or "decide" in obj:
        decision = obj.get("decide")
        if not isinstance(decision, Mapping):
            raise ParseError(f"a director's action needs 'decide' with an object, got {dict(obj)!r}")
        return Decide(decision=dict(decision))
    if "call" in obj:
        meaning = obj.get("meaning")
        if meaning is not None and not isinstance(meaning, str):
            raise ParseError(f"'meaning' must be text, not {meaning!r}")
        return CallAction(
            seat=_seat(obj),
            call=Call.parse(obj["call"]),
            alert=_bool(obj, "alert"),
            meaning=meaning,
            artificial=_bool(obj, "artificial"),
            change=_bool(obj, "change"),
            simultaneous=_bool(obj, "simultaneous"),
            shows=_strains(obj, "shows"),
        )
    if "play" in obj:
        return PlayAction(
            seat=_seat(obj),
            card=Card.parse(obj["play"]),
            by=_seat(obj, "by") if obj.get("by") is not None else None,
            face_down=_bool(obj, "face_down"),
            simultaneous=_bool(obj, "simultaneous"),
        )
    if "face_lead" in obj:
        return FaceLead(seat=_seat(obj))
    if "expose" in obj:
        cards = obj["expose"]
        if isinstance(cards, str):
            cards = [cards]
        if not isinstance(cards, list) or not cards:
            raise ParseError(f"'expose' must list one or more cards, not {cards!r}")
        how = obj.get("how", "dropped")
        if not isinstance(how, str) or how not in EXPOSE_HOW:
            raise ParseError(f"'how' must be one of dropped, shown, named, not {how!r}")
        return Expose(seat=_seat(obj), cards=tuple(Card.parse(c) for c in cards), how=how)
    if "ask" in obj:
        ask = obj["ask"]
        if not isinstance(ask, str) or ask not in ASK_KINDS:
            raise ParseError(f"{ask!r} is not a request: expected one of {', '.join(sorted(ASK_KINDS))}")
        return Ask(
            seat=_seat(obj),
            ask=ask,
            call_index=_int(obj, "call_index", required=False),
            trick=_int(obj, "trick", required=False),
        )
    if "claim" in obj:
        n = _int(obj, "claim")
        assert n is not None
        if not 0 <= n <= 13:
            raise ParseError(f"a claim is of 0 to 13 tricks, not {n}")
        return Claim(seat=_seat(obj), tricks=n, statement=str(obj.get("statement", "")), analysis=_analysis(obj))
    if "concede" in obj:
        n = _int(obj, "concede")
        assert n is not None
        if not 0 <= n <= 13:
            raise ParseError(f"a concession is of 0 to 13 tricks, not {n}")
        return Concede(seat=_seat(obj), tricks=n, analysis=_analysis(obj))
    if "claim_response" in obj:
        resp = obj["claim_response"]
        if resp == "agree" or resp == "dispute":
            return ClaimResponse(seat=_seat(obj), response=resp)
        raise ParseError(f"'claim_response' must be agree or dispute, not {resp!r}")
    if "point_out" in obj:
        return PointOut(
            seat=_seat(obj),
            irregularity=str(obj["point_out"]),
            offender=_seat(obj, "offender") if obj.get("offender") is not None else None,
            trick=_int(obj, "trick", required=False),
        )
    if "revoke_inquiry" in obj:
        return RevokeInquiry(seat=_seat(obj), of=_seat(obj, "revoke_inquiry"))
    if "dummy_breach" in obj:
        breach = obj["dummy_breach"]
        if breach not in DUMMY_BREACHES:
            raise ParseError(f"{breach!r} is not a breach of Law 43A2: expected one of {', '.join(sorted(DUMMY_BREACHES))}")
        return DummyBreach(seat=_seat(obj), breach=breach)
    if "play_together" in obj:
        cards = obj["play_together"]
        if not isinstance(cards, list) or len(cards) < 2:
            raise ParseError(f"'play_together' must list two or more cards, not {cards!r}")
        parsed = tuple(Card.parse(c) for c in cards)
        if len(set(parsed)) != len(parsed):
            raise ParseError(f"'play_together' lists a card twice: {cards!r}")
        return PlayTogether(seat=_seat(obj), cards=parsed, faced=_bool(obj, "faced") if "faced" in obj else True)
    if "director" in obj:
        return CallDirector(seat=_seat(obj))
    if "choose" in obj:
        option = obj["choose"]
        if not isinstance(option, str):
            raise ParseError(f"'choose' must name an option, not {option!r}")
        params = {k: v for k, v in obj.items() if k not in ("seat", "choose")}
        if "suit" in params:
            params["suit"] = Suit.parse(params["suit"])
        if "suits" in params:  # several suits at once (51B2(b)): kept as names
            suits = params["suits"]
            if not isinstance(suits, list) or not suits:
                raise ParseError(f"'suits' must list one or more suits, not {suits!r}")
            params["suits"] = [Suit.parse(x).name for x in suits]
        return Choose(seat=_seat(obj), option=option, params=params)
    if "tempo" in obj:
        return Tempo(seat=_seat(obj), kind=str(obj["tempo"]))
    if "report" in obj:
        problem = obj["report"]
        if not isinstance(problem, str) or problem not in REPORT_KINDS:
            raise ParseError(f"{problem!r} is not a board problem: expected one of {', '.join(sorted(REPORT_KINDS))}")
        return Report(seat=_seat(obj), problem=problem, params={k: v for k, v in obj.items() if k not in ("seat", "report")})
    raise ParseError(f"{dict(obj)!r} is not an action: no known verb (call, play, ask, ...)")


def action_to_json(action: Action) -> dict[str, Any]:
    """The scenario-vocabulary form of an action (inverse of ``action_from_json``)."""
    match action:
        case CallAction():
            out: dict[str, Any] = {"seat": action.seat.name, "call": str(action.call)}
            if action.alert:
                out["alert"] = True
            if action.meaning is not None:
                out["meaning"] = action.meaning
            if action.artificial:
                out["artificial"] = True
            if action.change:
                out["change"] = True
            if action.simultaneous:
                out["simultaneous"] = True
            if action.shows:
                out["shows"] = [str(x) for x in action.shows]
            return out
        case PlayAction():
            out = {"seat": action.seat.name, "play": str(action.card)}
            if action.by is not None:
                out["by"] = action.by.name
            if action.face_down:
                out["face_down"] = True
            if action.simultaneous:
                out["simultaneous"] = True
            return out
        case FaceLead():
            return {"seat": action.seat.name, "face_lead": True}
        case Expose():
            return {"seat": action.seat.name, "expose": [str(c) for c in action.cards], "how": action.how}
        case Ask():
            out = {"seat": action.seat.name, "ask": action.ask}
            if action.call_index is not None:
                out["call_index"] = action.call_index
            if action.trick is not None:
                out["trick"] = action.trick
            return out
        case Claim():
            out = {"seat": action.seat.name, "claim": action.tricks, "statement": action.statement}
            if action.analysis is not None:
                out["analysis"] = dict(action.analysis)
            return out
        case Concede():
            out = {"seat": action.seat.name, "concede": action.tricks}
            if action.analysis is not None:
                out["analysis"] = dict(action.analysis)
            return out
        case ClaimResponse():
            return {"seat": action.seat.name, "claim_response": action.response}
        case PointOut():
            out = {"seat": action.seat.name, "point_out": action.irregularity}
            if action.offender is not None:
                out["offender"] = action.offender.name
            if action.trick is not None:
                out["trick"] = action.trick
            return out
        case CallDirector():
            return {"seat": action.seat.name, "director": True}
        case Choose():
            out = {"seat": action.seat.name, "choose": action.option}
            for k, v in action.params.items():
                out[k] = v.name if isinstance(v, Suit | Seat) else v
            return out
        case Decide():
            return {"seat": DIRECTOR, "decide": dict(action.decision)}
        case Tempo():
            return {"seat": action.seat.name, "tempo": action.kind}
        case Report():
            return {"seat": action.seat.name, "report": action.problem, **dict(action.params)}
        case RevokeInquiry():
            return {"seat": action.seat.name, "revoke_inquiry": action.of.name}
        case DummyBreach():
            return {"seat": action.seat.name, "dummy_breach": action.breach}
        case PlayTogether():
            return {"seat": action.seat.name, "play_together": [str(c) for c in action.cards], "faced": action.faced}
    raise TypeError(f"not an action: {action!r}")  # pragma: no cover
