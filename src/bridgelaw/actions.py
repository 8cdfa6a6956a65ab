"""Every physical action a player (or the director) can take at the table.

Actions are frozen records; a table is its deal, its configuration and the ordered list
of actions. The JSON form (``action_from_json`` / ``action_to_json``) is the vocabulary of
the scenario files, the database rows and the websocket messages alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from bridgelaw.core.calls import Call, Strain
from bridgelaw.core.cards import Card, Seat, Suit
from bridgelaw.core.stated_line import StatedLine
from bridgelaw.errors import ParseError, keyed
from bridgelaw.rulings import DIRECTOR, analysis_encoding

Actor = Seat | Literal["director"]

ASK_KINDS = frozenset({
    "review", "explain", "explain_all", "contract", "convention_card", "see_trick",
    "own_last_card", "quitted_trick", "repeat_call",
    "correct_explanation",  # 20F4/20F5: the explainer or the caller corrects an explanation
    "give_explanation",  # 20F1: the caller's partner answers an opponent's question (``text``)
})
# What a player may point out by name (Laws 9, 20F4, 45C4, 61, 67); anything else is a typo.
POINT_OUT_KINDS = frozenset({"revoke", "mistaken_explanation", "unintended_designation", "defective_trick"})
TEMPO_KINDS = frozenset({"hesitation", "gesture", "mannerism", "remark", "reserve_rights"})  # Laws 16A, 73, 74
EXPOSE_HOW = frozenset({"dropped", "shown", "named", "spread"})  # spread: dummy faced his cards early
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
    named: bool = False  # designated by naming it as the card he plays (45C4(a)): played all the same


@dataclass(frozen=True, slots=True)
class FaceLead:
    seat: Seat


@dataclass(frozen=True, slots=True)
class Expose:
    seat: Seat
    cards: tuple[Card, ...]
    how: str = "dropped"

    def __post_init__(self) -> None:
        if self.how not in EXPOSE_HOW:
            raise ParseError(keyed("input.expose_how", given=repr(self.how)))


@dataclass(frozen=True, slots=True)
class Ask:
    seat: Seat
    ask: str
    call_index: int | None = None
    trick: int | None = None
    text: str = ""  # what the player says (``give_explanation``: the explanation)

    def __post_init__(self) -> None:
        if self.ask not in ASK_KINDS:
            raise ParseError(keyed("input.ask", given=repr(self.ask), kinds=", ".join(sorted(ASK_KINDS))))


@dataclass(frozen=True, slots=True)
class Claim:
    seat: Seat
    tricks: int
    statement: str = ""
    line: StatedLine | None = None  # the statement in the structured form, when given
    faced: bool = False  # made by facing the hand (68A, 68C): the cards are shown, never penalty cards
    # the claim checker's analysis, made once when the claim was made and logged with it
    # (a replay reads it back instead of searching again); never a player's input
    analysis: Mapping[str, Any] | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Concede:
    seat: Seat
    tricks: int
    faced: bool = False  # made by facing the hand (68B1): as for Claim
    analysis: Mapping[str, Any] | None = field(default=None, compare=False)  # as for Claim


@dataclass(frozen=True, slots=True)
class ClaimResponse:
    seat: Seat
    response: Literal["agree", "dispute"]

    def __post_init__(self) -> None:
        if self.response not in ("agree", "dispute"):
            raise ParseError(keyed("input.claim_response", given=repr(self.response)))


@dataclass(frozen=True, slots=True)
class PointOut:
    seat: Seat
    irregularity: str
    offender: Seat | None = None
    trick: int | None = None
    # a revoke first pointed out after the non-offenders called on the next board
    # ("next_board", 64B4) or after the round ended ("round_ended", 64B5)
    found: str | None = None

    def __post_init__(self) -> None:
        if self.irregularity not in POINT_OUT_KINDS:
            raise ParseError(keyed("input.point_out", given=repr(self.irregularity),
                                   kinds=", ".join(sorted(POINT_OUT_KINDS))))
        if self.found is not None and self.found not in REVOKE_FOUND:
            raise ParseError(keyed("input.revoke_found", given=repr(self.found)))


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

    def __post_init__(self) -> None:
        if self.problem not in REPORT_KINDS:
            raise ParseError(keyed("input.report", given=repr(self.problem), kinds=", ".join(sorted(REPORT_KINDS))))


@dataclass(frozen=True, slots=True)
class Tempo:
    seat: Seat
    kind: str = "hesitation"

    def __post_init__(self) -> None:
        if self.kind not in TEMPO_KINDS:
            raise ParseError(keyed("input.tempo", given=repr(self.kind), kinds=", ".join(sorted(TEMPO_KINDS))))


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

    def __post_init__(self) -> None:
        if self.breach not in DUMMY_BREACHES:
            raise ParseError(keyed("input.dummy_breach", given=repr(self.breach), kinds=", ".join(sorted(DUMMY_BREACHES))))


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
        raise ParseError(keyed("input.action_lacks", given=repr(dict(obj)), key=repr(key)))
    return Seat.parse(obj[key])


def _strains(obj: Mapping[str, Any], key: str) -> tuple[Strain, ...]:
    """A list of denominations ("H", "S", "NT"), e.g. what an artificial call shows."""
    raw = obj.get(key, [])
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise ParseError(keyed("input.strains", key=repr(key), given=repr(raw)))
    try:
        return tuple(Strain.parse(x) for x in raw)
    except (KeyError, ValueError):
        raise ParseError(keyed("input.strains", key=repr(key), given=repr(raw))) from None


def _bool(obj: Mapping[str, Any], key: str) -> bool:
    value = obj.get(key, False)
    if not isinstance(value, bool):
        raise ParseError(keyed("input.flag", key=repr(key), given=repr(value)))
    return value


def _int(obj: Mapping[str, Any], key: str, *, required: bool = True) -> int | None:
    value = obj.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise ParseError(keyed("input.whole_number", key=repr(key), given=repr(value)))
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
        raise ParseError(keyed("input.analysis", given=repr(a)))
    for key in _ANALYSIS_TRICKS:
        v = a.get(key)
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 13:
            raise ParseError(keyed("input.analysis_tricks", key=repr(key), given=repr(v)))
    if not isinstance(a.get("exact"), bool):
        raise ParseError(keyed("input.analysis_exact", given=repr(a.get("exact"))))
    if a.get("verdict") not in VERDICTS:
        raise ParseError(keyed("input.analysis_verdict", verdicts=", ".join(VERDICTS), given=repr(a.get("verdict"))))
    line = a.get("line")
    if not isinstance(line, list):
        raise ParseError(keyed("input.analysis_line", given=repr(line)))
    for c in line:
        Card.parse(c)
    return dict(a)


def _decode_decide(obj: Mapping[str, Any]) -> Action:
    decision = obj.get("decide")
    if not isinstance(decision, Mapping):
        raise ParseError(keyed("input.decide", given=repr(dict(obj))))
    return Decide(decision=dict(decision))


def _decode_call(obj: Mapping[str, Any]) -> Action:
    meaning = obj.get("meaning")
    if meaning is not None and not isinstance(meaning, str):
        raise ParseError(keyed("input.text_field", key="'meaning'", given=repr(meaning)))
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


def _decode_play(obj: Mapping[str, Any]) -> Action:
    return PlayAction(
        seat=_seat(obj),
        card=Card.parse(obj["play"]),
        by=_seat(obj, "by") if obj.get("by") is not None else None,
        face_down=_bool(obj, "face_down"),
        simultaneous=_bool(obj, "simultaneous"),
        named=_bool(obj, "named"),
    )


def _decode_face_lead(obj: Mapping[str, Any]) -> Action:
    return FaceLead(seat=_seat(obj))


def _decode_expose(obj: Mapping[str, Any]) -> Action:
    cards = obj["expose"]
    if isinstance(cards, str):
        cards = [cards]
    if not isinstance(cards, list) or not cards:
        raise ParseError(keyed("input.cards_list", key="'expose'", given=repr(cards)))
    how = obj.get("how", "dropped")
    if not isinstance(how, str) or how not in EXPOSE_HOW:
        raise ParseError(keyed("input.expose_how", given=repr(how)))
    return Expose(seat=_seat(obj), cards=tuple(Card.parse(c) for c in cards), how=how)


def _decode_ask(obj: Mapping[str, Any]) -> Action:
    ask = obj["ask"]
    if not isinstance(ask, str) or ask not in ASK_KINDS:
        raise ParseError(keyed("input.ask", given=repr(ask), kinds=", ".join(sorted(ASK_KINDS))))
    text = obj.get("text", "")
    if not isinstance(text, str):
        raise ParseError(keyed("input.text_field", key="'text'", given=repr(text)))
    return Ask(
        seat=_seat(obj),
        ask=ask,
        call_index=_int(obj, "call_index", required=False),
        trick=_int(obj, "trick", required=False),
        text=text,
    )


def _tricks(obj: Mapping[str, Any], key: str, what: str) -> int:
    """The number of tricks of a claim or a concession: a whole number from 0 to 13."""
    n = _int(obj, key)
    assert n is not None
    if not 0 <= n <= 13:
        raise ParseError(keyed("input.claim_tricks" if what == "a claim" else "input.concession_tricks", n=str(n)))
    return n


def _decode_claim(obj: Mapping[str, Any]) -> Action:
    n = _tricks(obj, "claim", "a claim")
    line = StatedLine.from_json(obj["line"]) if obj.get("line") is not None else None
    return Claim(seat=_seat(obj), tricks=n, statement=str(obj.get("statement", "")), analysis=_analysis(obj),
                 faced=obj.get("faced") is True, line=line)


def _decode_concede(obj: Mapping[str, Any]) -> Action:
    n = _tricks(obj, "concede", "a concession")
    return Concede(seat=_seat(obj), tricks=n, analysis=_analysis(obj), faced=obj.get("faced") is True)


def _decode_claim_response(obj: Mapping[str, Any]) -> Action:
    resp = obj["claim_response"]
    if resp == "agree" or resp == "dispute":
        return ClaimResponse(seat=_seat(obj), response=resp)
    raise ParseError(keyed("input.claim_response", given=repr(resp)))


def _decode_point_out(obj: Mapping[str, Any]) -> Action:
    return PointOut(
        seat=_seat(obj),
        irregularity=str(obj["point_out"]),
        offender=_seat(obj, "offender") if obj.get("offender") is not None else None,
        trick=_int(obj, "trick", required=False),
        found=_found(obj),
    )


def _found(obj: Mapping[str, Any]) -> str | None:
    """When a revoke was first pointed out, if after the board (64B4, 64B5)."""
    found = obj.get("found")
    if found is None or found in REVOKE_FOUND:
        return found
    raise ParseError(keyed("input.revoke_found", given=repr(found)))


REVOKE_FOUND = frozenset({"next_board", "round_ended"})


def _decode_revoke_inquiry(obj: Mapping[str, Any]) -> Action:
    return RevokeInquiry(seat=_seat(obj), of=_seat(obj, "revoke_inquiry"))


def _decode_dummy_breach(obj: Mapping[str, Any]) -> Action:
    breach = obj["dummy_breach"]
    if breach not in DUMMY_BREACHES:
        raise ParseError(keyed("input.dummy_breach", given=repr(breach), kinds=", ".join(sorted(DUMMY_BREACHES))))
    return DummyBreach(seat=_seat(obj), breach=breach)


def _decode_play_together(obj: Mapping[str, Any]) -> Action:
    cards = obj["play_together"]
    if not isinstance(cards, list) or len(cards) < 2:
        raise ParseError(keyed("input.play_together", given=repr(cards)))
    parsed = tuple(Card.parse(c) for c in cards)
    if len(set(parsed)) != len(parsed):
        raise ParseError(keyed("input.play_together_twice", given=repr(cards)))
    return PlayTogether(seat=_seat(obj), cards=parsed, faced=_bool(obj, "faced") if "faced" in obj else True)


def _decode_director(obj: Mapping[str, Any]) -> Action:
    return CallDirector(seat=_seat(obj))


def _decode_choose(obj: Mapping[str, Any]) -> Action:
    option = obj["choose"]
    if not isinstance(option, str):
        raise ParseError(keyed("input.choose", given=repr(option)))
    params = {k: v for k, v in obj.items() if k not in ("seat", "choose")}
    if "suit" in params:
        params["suit"] = Suit.parse(params["suit"])
    if "suits" in params:  # several suits at once (51B2(b)): kept as names
        suits = params["suits"]
        if not isinstance(suits, list) or not suits:
            raise ParseError(keyed("input.suits", given=repr(suits)))
        params["suits"] = [Suit.parse(x).name for x in suits]
    return Choose(seat=_seat(obj), option=option, params=params)


def _decode_tempo(obj: Mapping[str, Any]) -> Action:
    return Tempo(seat=_seat(obj), kind=str(obj["tempo"]))


def _decode_report(obj: Mapping[str, Any]) -> Action:
    problem = obj["report"]
    if not isinstance(problem, str) or problem not in REPORT_KINDS:
        raise ParseError(keyed("input.report", given=repr(problem), kinds=", ".join(sorted(REPORT_KINDS))))
    return Report(seat=_seat(obj), problem=problem, params={k: v for k, v in obj.items() if k not in ("seat", "report")})


# The verbs in the order they are tried: an object carrying two verbs is read by the first
# one listed here, so the order is part of the vocabulary and must not be shuffled.
_DECODERS: tuple[tuple[str, Callable[[Mapping[str, Any]], Action]], ...] = (
    ("call", _decode_call),
    ("play", _decode_play),
    ("face_lead", _decode_face_lead),
    ("expose", _decode_expose),
    ("ask", _decode_ask),
    ("claim", _decode_claim),
    ("concede", _decode_concede),
    ("claim_response", _decode_claim_response),
    ("point_out", _decode_point_out),
    ("revoke_inquiry", _decode_revoke_inquiry),
    ("dummy_breach", _decode_dummy_breach),
    ("play_together", _decode_play_together),
    ("director", _decode_director),
    ("choose", _decode_choose),
    ("tempo", _decode_tempo),
    ("report", _decode_report),
)


def action_from_json(obj: object) -> Action:
    """Parse one action of the scenario vocabulary; raise ParseError naming the problem."""
    if not isinstance(obj, Mapping):
        raise ParseError(keyed("input.action_object", given=repr(obj)))
    if obj.get("seat") == DIRECTOR or "decide" in obj:
        return _decode_decide(obj)
    for verb, decode in _DECODERS:
        if verb in obj:
            return decode(obj)
    raise ParseError(keyed("input.no_verb", given=repr(dict(obj))))


def _encode_call(action: CallAction) -> dict[str, Any]:
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


def _encode_play(action: PlayAction) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": action.seat.name, "play": str(action.card)}
    if action.by is not None:
        out["by"] = action.by.name
    if action.face_down:
        out["face_down"] = True
    if action.simultaneous:
        out["simultaneous"] = True
    if action.named:
        out["named"] = True
    return out


def _encode_face_lead(action: FaceLead) -> dict[str, Any]:
    return {"seat": action.seat.name, "face_lead": True}


def _encode_expose(action: Expose) -> dict[str, Any]:
    return {"seat": action.seat.name, "expose": [str(c) for c in action.cards], "how": action.how}


def _encode_ask(action: Ask) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": action.seat.name, "ask": action.ask}
    if action.call_index is not None:
        out["call_index"] = action.call_index
    if action.trick is not None:
        out["trick"] = action.trick
    if action.text:
        out["text"] = action.text
    return out


def _encode_claim(action: Claim) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": action.seat.name, "claim": action.tricks, "statement": action.statement}
    if action.line is not None:
        out["line"] = action.line.to_json()
    if action.faced:
        out["faced"] = True
    out.update(analysis_encoding(action.analysis))
    return out


def _encode_concede(action: Concede) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": action.seat.name, "concede": action.tricks}
    if action.faced:
        out["faced"] = True
    out.update(analysis_encoding(action.analysis))
    return out



def _encode_claim_response(action: ClaimResponse) -> dict[str, Any]:
    return {"seat": action.seat.name, "claim_response": action.response}


def _encode_point_out(action: PointOut) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": action.seat.name, "point_out": action.irregularity}
    if action.offender is not None:
        out["offender"] = action.offender.name
    if action.trick is not None:
        out["trick"] = action.trick
    if action.found is not None:
        out["found"] = action.found
    return out


def _encode_director(action: CallDirector) -> dict[str, Any]:
    return {"seat": action.seat.name, "director": True}


def _encode_choose(action: Choose) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": action.seat.name, "choose": action.option}
    for k, v in action.params.items():
        out[k] = v.name if isinstance(v, Suit | Seat) else v
    return out


def _encode_decide(action: Decide) -> dict[str, Any]:
    return {"seat": DIRECTOR, "decide": dict(action.decision)}


def _encode_tempo(action: Tempo) -> dict[str, Any]:
    return {"seat": action.seat.name, "tempo": action.kind}


def _encode_report(action: Report) -> dict[str, Any]:
    return {"seat": action.seat.name, "report": action.problem, **dict(action.params)}


def _encode_revoke_inquiry(action: RevokeInquiry) -> dict[str, Any]:
    return {"seat": action.seat.name, "revoke_inquiry": action.of.name}


def _encode_dummy_breach(action: DummyBreach) -> dict[str, Any]:
    return {"seat": action.seat.name, "dummy_breach": action.breach}


def _encode_play_together(action: PlayTogether) -> dict[str, Any]:
    return {"seat": action.seat.name, "play_together": [str(c) for c in action.cards], "faced": action.faced}


# One encoder per action class; the classes are final (none is subclassed), so the exact
# type is the key.
_ENCODERS: dict[type, Callable[[Any], dict[str, Any]]] = {
    CallAction: _encode_call,
    PlayAction: _encode_play,
    FaceLead: _encode_face_lead,
    Expose: _encode_expose,
    Ask: _encode_ask,
    Claim: _encode_claim,
    Concede: _encode_concede,
    ClaimResponse: _encode_claim_response,
    PointOut: _encode_point_out,
    CallDirector: _encode_director,
    Choose: _encode_choose,
    Decide: _encode_decide,
    Tempo: _encode_tempo,
    Report: _encode_report,
    RevokeInquiry: _encode_revoke_inquiry,
    DummyBreach: _encode_dummy_breach,
    PlayTogether: _encode_play_together,
}


def action_to_json(action: Action) -> dict[str, Any]:
    """The scenario-vocabulary form of an action (inverse of ``action_from_json``)."""
    encode = _ENCODERS.get(type(action))
    if encode is None:  # pragma: no cover
        raise TypeError(f"not an action: {action!r}")
    return encode(action)
