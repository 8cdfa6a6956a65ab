"""A pair's convention (system) card as structured data (Law 40A1(b), 40B2(a)(ii)).

Law 40A1(b) obliges a partnership to make its agreements available to the opponents; the
system card is the usual way. The engine needs the card for three things: to show it to an
opponent who may look at it (40B2, commentary 20.4(vii)), to say what the partnership's
meaning of a call is when the caller's partner explains it (20F1), and to give the director
evidence whether an explanation was mistaken or the call was (Law 75D, 21B1(b)).

A card is a system summary (free-form keys such as ``"notrump"``, ``"carding"``) plus
agreements keyed by *auction pattern*. A pattern is the auction up to and including the
call it describes, as calls separated by spaces, starting from the first call that is not a
pass (leading passes are ignored on both sides, so an agreement about an opening applies in
any seat). ``?`` matches any one call; a leading ``...`` matches any beginning. Because the
auction alternates, the position of a call in the pattern says which side made it:
``"1N P 2C"`` is the pair's Stayman over its own 1NT, ``"1N 2C"`` a 2C overcall of the
opponents' 1NT. When several patterns match, the most specific wins (no ``...``, then fewest
``?``, then the longest).

JSON form (the scenario's top-level ``convention_cards``)::

    {"NS": {"system": "Standard, strong NT",
            "summary": {"notrump": "15-17", "carding": "upside-down"},
            "agreements": {"1N P 2C": "Stayman",
                           "1N P 2D": {"meaning": "transfer to hearts", "alert": true}}}}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bridgelaw.core.calls import Call
from bridgelaw.core.cards import Side
from bridgelaw.errors import ParseError, keyed

ANY_CALL = "?"
ANY_PREFIX = "..."


@dataclass(frozen=True, slots=True)
class Agreement:
    """One partnership understanding: the meaning of the last call of ``pattern`` and
    whether the regulations make it alertable (Law 40B2(a)(iii))."""

    pattern: str
    meaning: str
    alert: bool = False

    @property
    def tokens(self) -> tuple[str, ...]:
        return tuple(self.pattern.split())

    def matches(self, auction: Sequence[str]) -> bool:
        tokens = self.tokens
        if tokens and tokens[0] == ANY_PREFIX:
            tail = tokens[1:]
            return len(auction) >= len(tail) and _same(tail, auction[len(auction) - len(tail):])
        return len(tokens) == len(auction) and _same(tokens, auction)

    @property
    def specificity(self) -> tuple[int, int, int]:
        tokens = self.tokens
        return (
            0 if tokens and tokens[0] == ANY_PREFIX else 1,
            -sum(1 for t in tokens if t == ANY_CALL),
            len(tokens),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"meaning": self.meaning}
        if self.alert:
            out["alert"] = True
        return out


def _same(pattern: Sequence[str], auction: Sequence[str]) -> bool:
    return all(p in (ANY_CALL, a) for p, a in zip(pattern, auction, strict=True))


def _normal(token: str) -> str:
    if token in (ANY_CALL, ANY_PREFIX):
        return token
    return str(Call.parse(token))


def normalise_pattern(pattern: str) -> str:
    """Canonical spelling of a pattern ('1NT pass 2c' -> '1N P 2C'); leading passes dropped."""
    tokens = [_normal(t) for t in pattern.replace("-", " ").split()]
    while tokens and tokens[0] == "P":
        tokens.pop(0)
    if ANY_PREFIX in tokens[1:]:
        raise ParseError(keyed("input.pattern_dots", given=repr(pattern)))
    if not tokens:
        raise ParseError(keyed("input.pattern_empty", given=repr(pattern)))
    return " ".join(tokens)


def auction_key(calls: Iterable[Call]) -> tuple[str, ...]:
    """The auction as a pattern sees it: calls as text, leading passes dropped."""
    out = [str(c) for c in calls]
    while out and out[0] == "P":
        out.pop(0)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class ConventionCard:
    """One partnership's card: the system summary and the agreements by auction pattern."""

    pair: Side
    system: str = ""
    summary: tuple[tuple[str, str], ...] = ()
    agreements: tuple[Agreement, ...] = field(default=())

    def agreement_for(self, auction: Sequence[Call]) -> Agreement | None:
        """The agreement about the last call of ``auction`` (the standing calls up to and
        including it), or None when the card says nothing about it."""
        key = auction_key(auction)
        if not key:
            return None
        found = [a for a in self.agreements if a.matches(key)]
        return max(found, key=lambda a: a.specificity) if found else None

    def to_json(self) -> dict[str, Any]:
        return {
            "pair": self.pair.name,
            "system": self.system,
            "summary": dict(self.summary),
            "agreements": {a.pattern: a.to_json() for a in self.agreements},
        }

    @staticmethod
    def from_json(pair: str, obj: object) -> ConventionCard:
        side = _side(pair)
        if not isinstance(obj, Mapping):
            raise ParseError(keyed("input.card_object", pair=str(pair), given=repr(obj)))
        summary = obj.get("summary", {})
        if not isinstance(summary, Mapping):
            raise ParseError(keyed("input.card_summary", pair=str(pair)))
        raw = obj.get("agreements", {})
        if not isinstance(raw, Mapping):
            raise ParseError(keyed("input.card_agreements", pair=str(pair)))
        agreements = []
        for pattern, value in raw.items():
            if isinstance(value, str):
                meaning, alert = value, False
            elif isinstance(value, Mapping) and isinstance(value.get("meaning"), str):
                meaning, alert = value["meaning"], bool(value.get("alert", False))
            else:
                raise ParseError(keyed("input.card_meaning", pair=str(pair), given=repr(pattern)))
            agreements.append(Agreement(normalise_pattern(str(pattern)), meaning, alert))
        return ConventionCard(
            pair=side,
            system=str(obj.get("system", "")),
            summary=tuple((str(k), str(v)) for k, v in summary.items()),
            agreements=tuple(agreements),
        )


def _side(text: str) -> Side:
    key = str(text).strip().upper()
    if key in ("NS", "N-S", "N/S"):
        return Side.NS
    if key in ("EW", "E-W", "E/W"):
        return Side.EW
    raise ParseError(keyed("input.pair", given=repr(text)))


def cards_from_json(obj: object) -> tuple[ConventionCard, ...]:
    """The scenario's ``convention_cards`` object: {"NS": {...}, "EW": {...}}."""
    if obj is None:
        return ()
    if not isinstance(obj, Mapping):
        raise ParseError(keyed("input.cards_object"))
    cards = tuple(ConventionCard.from_json(str(k), v) for k, v in obj.items())
    if len({c.pair for c in cards}) != len(cards):
        raise ParseError(keyed("input.cards_twice"))
    return cards


def card_of(cards: Iterable[ConventionCard], side: Side) -> ConventionCard | None:
    for c in cards:
        if c.pair is side:
            return c
    return None


__all__ = [
    "Agreement", "ConventionCard", "auction_key", "card_of", "cards_from_json", "normalise_pattern",
]
