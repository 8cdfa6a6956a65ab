"""The JSON form of the actions: the vocabulary of the scenario files, the database rows
and the websocket messages alike. Reading names the problem with a bad action."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bridgelaw.actions.records import (
    ASK_KINDS,
    DUMMY_BREACHES,
    EXPOSE_HOW,
    REPORT_KINDS,
    REVOKE_FOUND,
    Action,
    Ask,
    CallAction,
    CallDirector,
    Choose,
    Claim,
    ClaimResponse,
    Concede,
    Decide,
    DummyBreach,
    Expose,
    FaceLead,
    PlayAction,
    PlayFrom,
    PlayTogether,
    PointOut,
    Report,
    RevokeInquiry,
    Tempo,
)
from bridgelaw.core.calls import Call, Strain
from bridgelaw.core.cards import Card, Seat, Suit
from bridgelaw.core.stated_line import StatedLine
from bridgelaw.errors import ParseError, keyed
from bridgelaw.rulings import DIRECTOR, analysis_encoding


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


def _decode_play_from(obj: Mapping[str, Any]) -> Action:
    """``{"seat": "director", "play_from": 5, "declarer": "S", "strain": "H", "lead": "W"}``:
    the play entered from trick 5, West on lead to it (``"play_from": 14``: after the last
    trick, no lead)."""
    trick = _int(obj, "play_from")
    assert trick is not None
    try:
        strain = Strain.parse(str(obj["strain"]))
    except (KeyError, ValueError):
        raise ParseError(keyed("input.strains", key="'strain'", given=repr(obj.get("strain")))) from None
    leader = _seat(obj, "lead") if obj.get("lead") is not None else None
    return PlayFrom(trick=trick, declarer=_seat(obj, "declarer"), strain=strain, leader=leader)


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
    stated = obj.get("statement", "")
    return Claim(seat=_seat(obj), tricks=n, statement=None if stated is None else str(stated), analysis=_analysis(obj),
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
    if obj.get("seat") == DIRECTOR and "play_from" in obj and "decide" not in obj:
        return _decode_play_from(obj)
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


def _encode_play_from(action: PlayFrom) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": DIRECTOR, "play_from": action.trick, "declarer": action.declarer.name,
                           "strain": action.strain.name}
    if action.leader is not None:
        out["lead"] = action.leader.name
    return out


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
    PlayFrom: _encode_play_from,
}


def action_to_json(action: Action) -> dict[str, Any]:
    """The scenario-vocabulary form of an action (inverse of ``action_from_json``)."""
    encode = _ENCODERS.get(type(action))
    if encode is None:  # pragma: no cover
        raise TypeError(f"not an action: {action!r}")
    return encode(action)
