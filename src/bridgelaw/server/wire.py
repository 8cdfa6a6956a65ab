"""What the server accepts on the wire: JSON it can store, send back and fold forever.

Every websocket message and every HTTP body is decoded here before anything else sees
it. Valid JSON can still break a table for good once it is logged: a lone surrogate
escape (``"\\ud800"``) cannot be written as UTF-8, so every later message of the table
would fail to send; ``1e999`` is infinity, which JSON cannot carry back; an integer of
thousands of digits, or thousands of nested arrays, crash the decoder itself. Each of
these is refused with an error that names the problem, before the table is touched.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

import orjson

MAX_DEPTH = 16           # objects and arrays nested in one message (the protocol needs 4)
MAX_INT_DIGITS = 18      # a whole number fits 64 bits
MAX_STRING = 4_000       # characters in one string (a PBN file goes in ``pbn``: see LONG_FIELDS)
LONG_FIELDS = frozenset({"pbn"})
_INT_LIMIT = 10**MAX_INT_DIGITS
_SURROGATE = re.compile("[\ud800-\udfff]")
_LONG_NUMBER = re.compile(rf"\d{{{MAX_INT_DIGITS + 1}}}")


class WireError(Exception):
    """A message the server refuses as it stands; ``code`` and ``message`` go to the sender."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _number(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_INT_DIGITS:
        raise WireError("bad_number", f"a whole number may have at most {MAX_INT_DIGITS} digits, not {len(digits)}")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise WireError("bad_number", f"{text[:40]} is not a finite number")
    return value


def _constant(text: str) -> float:
    raise WireError("bad_number", f"{text} is not a JSON number")


def decode(raw: str | bytes) -> Any:
    """Parse ``raw`` as JSON and ``check`` it; raise WireError naming the problem.

    orjson refuses a lone surrogate and a number beyond a double, and a whole number of
    more than ``MAX_INT_DIGITS`` digits never reaches it; what it reads is then checked
    only for overlong strings, which a message no longer than ``MAX_STRING`` cannot hold
    (nesting is refused before it is read): the usual message is not walked twice."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise WireError("bad_text", f"the message is not UTF-8 text (byte {e.start})") from None
    _nesting(raw)
    if _LONG_NUMBER.search(raw) is None:  # orjson reads a long whole number as a float
        try:  # the usual message, read by orjson; anything it or ``check`` refuses is read again below
            value = orjson.loads(raw)
            if len(raw) > MAX_STRING:  # orjson has refused what else ``check`` looks for
                check(value)
            return value
        except (orjson.JSONDecodeError, WireError):
            pass
    try:  # the standard library's reading names the problem (and the number) exactly
        value = json.loads(raw, parse_int=_number, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as e:
        raise WireError("bad_json", f"the message is not JSON: {e.msg} (at character {e.pos})") from None
    except RecursionError:  # pragma: no cover - _nesting refuses such input first
        raise WireError("too_deep", f"objects and arrays may be nested at most {MAX_DEPTH} deep") from None
    check(value)
    return value


def _nesting(raw: str) -> None:
    """Refuse deep nesting before the decoder recurses into it (brackets inside strings
    count too: a conservative, linear pre-check)."""
    if raw.count("[") + raw.count("{") <= MAX_DEPTH:
        return
    depth = 0
    in_string = escaped = False
    for ch in raw:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise WireError("too_deep", f"objects and arrays may be nested at most {MAX_DEPTH} deep")
        elif ch in "]}":
            depth -= 1


def check(value: Any, *, depth: int = 0, key: str = "") -> None:
    """Refuse what cannot be stored and sent back: lone surrogates, non-finite numbers,
    huge integers, deep nesting, overlong strings (``LONG_FIELDS`` excepted)."""
    if isinstance(value, str):
        _text(value, key)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int):
        if abs(value) >= _INT_LIMIT:
            raise WireError("bad_number", f"a whole number may have at most {MAX_INT_DIGITS} digits")
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise WireError("bad_number", f"{value} is not a finite number")
    elif isinstance(value, dict | list):
        if depth >= MAX_DEPTH:
            raise WireError("too_deep", f"objects and arrays may be nested at most {MAX_DEPTH} deep")
        if isinstance(value, dict):
            for k, v in value.items():
                _text(str(k), "a key")
                check(v, depth=depth + 1, key=str(k))
        else:
            for v in value:
                check(v, depth=depth + 1, key=key)


def _text(value: str, key: str) -> None:
    if _SURROGATE.search(value) is not None:
        where = f" in {key!r}" if key else ""
        raise WireError("bad_text", f"the text{where} holds a lone surrogate (an invalid \\ud800-\\udfff escape)")
    if len(value) > MAX_STRING and key not in LONG_FIELDS:
        where = f"{key!r}" if key else "a string"
        raise WireError("text_too_long", f"{where} may be at most {MAX_STRING} characters, not {len(value)}")


def encode(message: Any) -> str:
    """JSON text for a client that is always valid UTF-8: should a stored text hold a lone
    surrogate (written before the server refused them), it is sent escaped. Written by
    orjson (the server encodes every message it sends); what orjson refuses (a lone
    surrogate, an integer beyond 64 bits, a value JSON has no form for) is written, or
    refused, by the standard library as before."""
    try:
        return orjson.dumps(message, option=_ORJSON).decode()
    except orjson.JSONEncodeError:
        pass
    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(message, ensure_ascii=True, separators=(",", ":"))
    return text


# keys that are numbers are written as the standard library writes them ("1"); dataclasses
# and datetimes are not JSON (the standard library refuses them, and so does encode)
_ORJSON = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
