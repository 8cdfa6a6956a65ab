"""A table's configuration: edition, mode and the regulating authority's options.

Configuration is a frozen value given when a table is created; nothing is read from the
environment or at import time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from bridgelaw.conventions import ConventionCard
from bridgelaw.errors import ParseError, keyed

EDITIONS = ("2017", "1997")


@dataclass(frozen=True, slots=True)
class Regulations:
    """Options the Laws leave to the regulating authority (RA)."""

    opening_lead: Literal["face_down", "face_up"] = "face_down"  # Law 41A and its footnote
    single_call_questions: bool = True  # Law 20F3 (2017): asking about one call is allowed (16B risk)
    # Law 70E2: how a suit a claim's statement leaves open is deemed played ("any": every
    # normal way counts against the claimer; "top_down": from the top down)
    claim_suit_order: Literal["any", "top_down"] = "any"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"opening_lead": self.opening_lead}
        if self.claim_suit_order != "any":
            out["claim_suit_order"] = self.claim_suit_order
        return out

    @staticmethod
    def from_json(obj: Mapping[str, Any] | None) -> Regulations:
        if obj is None:
            return Regulations()
        if not isinstance(obj, Mapping):
            raise ParseError(keyed("input.regulations", given=repr(obj)))
        lead = obj.get("opening_lead", "face_down")
        if lead not in ("face_down", "face_up"):
            raise ParseError(keyed("input.opening_lead", given=repr(lead)))
        order = obj.get("claim_suit_order", "any")
        if order not in ("any", "top_down"):
            raise ParseError(keyed("input.claim_suit_order", given=repr(order)))
        return Regulations(opening_lead=lead, claim_suit_order=order)


# The regulating authorities' common choices, by name (the Russian federation's is face-up).
PRESETS: dict[str, Regulations] = {
    "wbf2017": Regulations(),
    "fsbr_face_up": Regulations(opening_lead="face_up"),
}


@dataclass(frozen=True, slots=True)
class TableConfig:
    edition: str = "2017"
    mode: Literal["table", "online"] = "table"
    auto_director: bool = True
    regulations: Regulations = Regulations()
    convention_cards: tuple[ConventionCard, ...] = ()  # the pairs' system cards (Law 40B2(a)(ii))

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise ParseError(keyed("input.edition", given=repr(self.edition)))
        if self.mode not in ("table", "online"):
            raise ParseError(keyed("input.mode", given=repr(self.mode)))
