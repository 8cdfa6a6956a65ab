"""Rulings as plain data: law references, options with who chooses, questions for the
director, and the consequences the Table applied.

A law handler never edits the Table directly: it asks the Table, through ``TableOps``
(see ``bridgelaw.laws.base``), for consequences such as "cancel call 3" or "W must pass
until the end of the auction"; every consequence is recorded on the ruling that caused
it, so a ruling can be shown, exported and audited as data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Literal

from bridgelaw.core.cards import Card, Seat, Suit

DIRECTOR: Literal["director"] = "director"
Chooser = Seat | Literal["director"]


class RulingStatus(Enum):
    AWAITING_DIRECTOR = "awaiting_director"  # the director has not been called yet
    AWAITING_CHOICE = "awaiting_choice"      # a player must choose an option
    AWAITING_DECISION = "awaiting_decision"  # the director must answer a question
    FOLLOW_UP = "follow_up"                  # waiting for a later action (a replacement call, a lead)
    CLOSED = "closed"


@dataclass(frozen=True, slots=True)
class LawRef:
    """A law reference down to the sub-clause: '27B1(a)', '41A', '64A2'."""

    text: str

    @property
    def number(self) -> int:
        digits = ""
        for ch in self.text:
            if not ch.isdigit():
                break
            digits += ch
        return int(digits)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Option:
    """One option a ruling offers; ``by`` is the player (or the director) who chooses it."""

    id: str
    by: Chooser
    label: str = ""
    label_ru: str = ""
    param: str | None = None  # the name of a parameter the option takes, e.g. 'suit'

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "by": str(self.by)}
        if self.param:
            out["param"] = self.param
        if self.label:
            out["label"] = self.label
        if self.label_ru:
            out["label_ru"] = self.label_ru
        return out


@dataclass(frozen=True, slots=True)
class Question:
    """A question of judgement the director must answer (e.g. 'comparable' for Law 23)."""

    key: str
    text: str
    text_ru: str
    law: str

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "text": self.text, "text_ru": self.text_ru, "law": self.law}


RestrictionKind = Literal[
    "must_pass", "lead_required", "lead_forbidden", "play_penalty_card", "must_repeat"
]


@dataclass(frozen=True, slots=True)
class Restriction:
    """An obligation a ruling puts on a player, with the law that imposed it.

    ``until``: 'next_turn' | 'end_of_auction' for must_pass; 'first_lead' | 'while_on_lead'
    for lead restrictions.
    """

    seat: Seat
    kind: RestrictionKind
    until: str
    law: str
    suit: Suit | None = None
    ruling: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat.name, "kind": self.kind, "until": self.until, "law": self.law}
        if self.suit is not None:
            out["suit"] = self.suit.name
        if self.ruling is not None:
            out["ruling"] = self.ruling
        return out


@dataclass(frozen=True, slots=True)
class PenaltyCard:
    """A card left face up on the table (Law 50): major or minor."""

    seat: Seat
    card: Card
    kind: Literal["major", "minor"]
    law: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat.name, "card": str(self.card), "kind": self.kind, "law": self.law}


@dataclass(frozen=True, slots=True)
class Consequence:
    """One thing the Table did because of a ruling: ``what`` and its details."""

    what: str
    details: tuple[tuple[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"what": self.what, **{k: _jsonable(v) for k, v in self.details}}


def _shared(self: Any, memo: dict[int, Any]) -> Any:
    """Frozen records are values: a deep copy (a table's snapshot) shares them."""
    return self


for _frozen in (Option, Question, Restriction, PenaltyCard, Consequence):
    _frozen.__deepcopy__ = _shared  # type: ignore[union-attr]


def _jsonable(value: Any) -> Any:
    if isinstance(value, Seat | Suit):
        return value.name
    if isinstance(value, Card):
        return str(value)
    return value


@dataclass(slots=True)
class Ruling:
    """A director's ruling on one irregularity, as it develops.

    ``kind`` names the handler that owns it (see ``bridgelaw.laws``); ``data`` holds what
    that handler needs to remember between steps (the index of the offending call, ...).
    """

    id: int
    at_action: int
    kind: str
    laws: list[str]
    offender: Seat | None
    edition: str
    summary: str = ""
    summary_ru: str = ""
    options: list[Option] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    choice: str | None = None
    choice_params: dict[str, Any] = field(default_factory=dict)
    answers: dict[str, Any] = field(default_factory=dict)
    consequences: list[Consequence] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)  # review flags for the director: '27D', '16C', '72C'
    status: RulingStatus = RulingStatus.AWAITING_CHOICE
    data: dict[str, Any] = field(default_factory=dict)

    def cite(self, *refs: str) -> None:
        for ref in refs:
            if ref not in self.laws:
                self.laws.append(ref)

    def flag(self, *refs: str) -> None:
        for ref in refs:
            if ref not in self.flags:
                self.flags.append(ref)

    @property
    def chooser(self) -> Chooser | None:
        if self.status is RulingStatus.AWAITING_CHOICE and self.options:
            return self.options[0].by
        if self.status is RulingStatus.AWAITING_DECISION:
            return DIRECTOR
        return None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "at_action": self.at_action,
            "kind": self.kind,
            "edition": self.edition,
            "laws": list(self.laws),
            "offender": self.offender.name if self.offender is not None else None,
            "options": [o.to_json() for o in self.options],
            "choice": self.choice,
            "status": self.status.value,
            "summary": self.summary,
            "summary_ru": self.summary_ru,
        }
        if self.choice_params:
            out["choice_params"] = {k: _jsonable(v) for k, v in self.choice_params.items()}
        if self.questions:
            out["questions"] = [q.to_json() for q in self.questions]
        if self.answers:
            out["answers"] = dict(self.answers)
        if self.consequences:
            out["consequences"] = [c.to_json() for c in self.consequences]
        if self.flags:
            out["flags"] = list(self.flags)
        return out
