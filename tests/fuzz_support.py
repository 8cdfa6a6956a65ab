"""What the fuzz tests share: odd values, and mutations of a valid message (in its
structure, or as raw JSON text)."""

from __future__ import annotations

import contextlib
import io
import random
import sys
from collections.abc import Iterator
from typing import Any

WEIRD: list[Any] = [
    None, True, 0, -1, 2**63, 10**40, 1.5, "", "x" * 5000, "\ud800", "\x00", "1S", "SA", "N", "director",
    [], [[[]]], {}, {"a": {"b": {"c": {}}}}, ["N", "E"], {"$where": 1}, "🂡", "ПАС",
]


def mutate(rng: random.Random, value: Any, depth: int = 0) -> Any:
    if depth > 3 or rng.random() < 0.25:
        return rng.choice(WEIRD)
    if isinstance(value, dict):
        out = dict(value)
        roll = rng.random()
        if out and roll < 0.3:
            out.pop(rng.choice(list(out)))
        elif roll < 0.45:
            out[rng.choice(("seat", "call", "play", "by", "seq", "id", "action_id", "x", "type"))] = rng.choice(WEIRD)
        elif out:
            k = rng.choice(list(out))
            out[k] = mutate(rng, out[k], depth + 1)
        return out
    if isinstance(value, list):
        return [mutate(rng, v, depth + 1) for v in value] or [rng.choice(WEIRD)]
    return rng.choice(WEIRD)


def raw_mutation(rng: random.Random, text: str) -> str:
    roll = rng.random()
    if roll < 0.3:
        i = rng.randrange(len(text) + 1)
        return text[:i]
    if roll < 0.5:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice('{}[]",:\\0e-') + text[i + 1:]
    if roll < 0.6:
        return "[" * rng.randint(1, 3000) + "]" * rng.randint(0, 3000)
    if roll < 0.7:
        return text.replace("1", "1" + "0" * rng.randint(18, 6000), 1)
    if roll < 0.8:
        return text.replace('"', '"\\ud8' + rng.choice("0abcdf") + "0", 1)
    return text.replace("1", rng.choice(("1e999", "NaN", "-Infinity", "1.0")), 1)


@contextlib.contextmanager
def stdin_from(stream: io.StringIO) -> Iterator[None]:
    """``sys.stdin`` reads ``stream`` (a command run in process reads its input)."""
    saved = sys.stdin
    sys.stdin = stream
    try:
        yield
    finally:
        sys.stdin = saved
