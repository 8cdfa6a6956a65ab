"""A claim's statement of his line (68C) in a form the claim checker reads exactly.

The claim action carries it beside the free text of the statement (``line`` in the
scenario format and the websocket protocol); ``analysis.claims`` reads both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bridgelaw.core.cards import Suit
from bridgelaw.errors import ParseError, keyed

WAYS: tuple[str, ...] = ("top", "finesse", "duck")  # how a stated suit is played
TRUMPS: tuple[str, ...] = ("first", "not_first")


@dataclass(frozen=True, slots=True)
class StatedLine:
    """A claim's statement of his line (68C) in a form read exactly: the suits in the
    order he plays them, each with how (``top``: from the top down; ``finesse``: a
    finesse he names; ``duck``: one trick given up first, then from the top; ``""``: not
    said), whether trumps are drawn first, a cross-ruff, and the tricks he concedes.
    Free text may say the same in words; this says it without doubt."""

    suits: tuple[tuple[Suit, str], ...] = ()
    trumps: str = ""          # "first", "not_first" or "" (not said)
    cross_ruff: bool = False
    conceded: int = 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"suits": [{"suit": s.name, "play": w} if w else {"suit": s.name}
                                         for s, w in self.suits]}
        if self.trumps:
            out["trumps"] = self.trumps
        if self.cross_ruff:
            out["cross_ruff"] = True
        if self.conceded:
            out["conceded"] = self.conceded
        return out

    @staticmethod
    def from_json(obj: object) -> StatedLine:
        """The line as the scenario format and the websocket carry it; bad input is a
        ParseError naming what is wrong."""
        if not isinstance(obj, Mapping):
            raise ParseError(keyed("input.claim_line", given=repr(obj)))
        unknown = set(obj) - {"suits", "trumps", "cross_ruff", "conceded"}
        if unknown:
            raise ParseError(keyed("input.claim_line", given=", ".join(sorted(unknown))))
        raw = obj.get("suits", [])
        if not isinstance(raw, list) or len(raw) > 4:
            raise ParseError(keyed("input.claim_line", given=repr(raw)))
        suits = tuple(_stated_suit(x) for x in raw)
        if len({s for s, _ in suits}) != len(suits):
            raise ParseError(keyed("input.claim_line.twice", given=repr(raw)))
        if sum(w == "duck" for _, w in suits) > 1:
            raise ParseError(keyed("input.claim_line.ducks"))
        trumps = obj.get("trumps", "")
        if trumps not in ("", *TRUMPS):
            raise ParseError(keyed("input.claim_line.trumps", given=repr(trumps), kinds=", ".join(TRUMPS)))
        conceded = obj.get("conceded", 0)
        if not isinstance(conceded, int) or isinstance(conceded, bool) or not 0 <= conceded <= 13:
            raise ParseError(keyed("input.concession_tricks", n=repr(conceded)))
        return StatedLine(suits=suits, trumps=str(trumps), cross_ruff=obj.get("cross_ruff") is True,
                          conceded=conceded)


def _stated_suit(x: object) -> tuple[Suit, str]:
    if isinstance(x, str):
        return Suit.parse(x), ""
    if not isinstance(x, Mapping) or "suit" not in x:
        raise ParseError(keyed("input.claim_line", given=repr(x)))
    way = x.get("play", "")
    if way not in ("", *WAYS):
        raise ParseError(keyed("input.claim_line.play", given=repr(way), kinds=", ".join(WAYS)))
    return Suit.parse(x["suit"]), str(way)


__all__ = ["TRUMPS", "WAYS", "StatedLine"]
