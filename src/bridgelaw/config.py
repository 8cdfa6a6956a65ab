"""A table's configuration: edition, mode and the regulating authority's options.

Configuration is a frozen value given when a table is created; nothing is read from the
environment or at import time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from bridgelaw.conventions import ConventionCard
from bridgelaw.errors import ParseError

EDITIONS = ("2017", "1997")


@dataclass(frozen=True, slots=True)
class Regulations:
    """Options the Laws leave to the regulating authority (RA)."""

    opening_lead: Literal["face_down", "face_up"] = "face_down"  # Law 41A and its footnote
    single_call_questions: bool = True  # Law 20F3 (2017): asking about one call is allowed (16B risk)

    def to_json(self) -> dict[str, Any]:
        return {"opening_lead": self.opening_lead}

    @staticmethod
    def from_json(obj: Mapping[str, Any] | None) -> Regulations:
        if obj is None:
            return Regulations()
        if not isinstance(obj, Mapping):
            raise ParseError(f"'regulations' must be an object, not {obj!r}")
        lead = obj.get("opening_lead", "face_down")
        if lead not in ("face_down", "face_up"):
            raise ParseError(f"'opening_lead' must be face_down or face_up, not {lead!r}")
        return Regulations(opening_lead=lead)


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
            raise ParseError(f"{self.edition!r} is not an edition: expected 2017 or 1997")
        if self.mode not in ("table", "online"):
            raise ParseError(f"{self.mode!r} is not a mode: expected table or online")
