"""Rulings as plain data: law references, options with who chooses, questions for the
director, and the consequences the Table applied.

A law handler never edits the Table directly: it asks the Table, through ``TableOps``
(see ``bridgelaw.laws.base.handler``), for consequences such as "cancel call 3" or "W must pass
until the end of the auction"; every consequence is recorded on the ruling that caused
it, so a ruling can be shown, exported and audited as data.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from bridgelaw.core.cards import Card, Seat, Suit
from bridgelaw.core.references import in_edition, text_in_edition

if TYPE_CHECKING:  # the actions name the director of this module: no import back at run time
    from bridgelaw.actions import Action

DIRECTOR: Literal["director"] = "director"
Chooser = Seat | Literal["director"]

# A value decoded from JSON (a player's choice parameters, a director's decision, what a
# ruling remembers between steps). Its shape is the data's own: an ``Answer`` checks a
# decision before a handler reads it, and an option names the parameter it takes. The law
# handlers write these names, never ``Any``: their contract with the Table (``TableOps``)
# is typed in full, and only this data is open.
Json = Any
JsonDict = dict[str, Json]
JsonMap = Mapping[str, Json]


class RulingStatus(Enum):
    AWAITING_DIRECTOR = "awaiting_director"  # the director has not been called yet
    AWAITING_CHOICE = "awaiting_choice"      # a player must choose an option
    AWAITING_DECISION = "awaiting_decision"  # the director must answer a question
    FOLLOW_UP = "follow_up"                  # waiting for a later action (a replacement call, a lead)
    CLOSED = "closed"



def pending_analysis(analysis: object) -> bool:
    """A claim's analysis still being made in the background (the table server's): a view
    shows it pending and the claim's encoding leaves it out (it is logged on its own)."""
    return bool(getattr(analysis, "pending", False))


def analysis_encoding(analysis: JsonMap | None) -> dict[str, object]:
    """A claim's analysis in the claim's encoding; one still being made (the server's) is
    logged as its own entry once made, and the claim says so (``analysis_apart``)."""
    if analysis is None:
        return {}
    return {"analysis_apart": True} if pending_analysis(analysis) else {"analysis": dict(analysis)}

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


class AnswerType(StrEnum):
    """The shape of a director's answer to a question."""

    BOOL = "bool"        # true or false
    INT = "int"          # a whole number in a range (or null when ``optional``)
    CHOICE = "choice"    # one of some ids
    ACTIONS = "actions"  # a list of calls or cards (one may be given alone)
    CARDS = "cards"      # a list of cards (one may be given alone)
    SCORE = "score"      # an adjusted score: {"ns": "avg+", "ew": "avg-"}, {"score_ns": N} or a result as text
    TEXT = "text"        # a name the director gives


_AVERAGES = frozenset({"avg+", "avg", "avg-"})


@dataclass(frozen=True, slots=True)
class Answer:
    """What a question accepts; ``problem`` says why a value does not fit (None when it does).

    The table checks every decision against the questions' answers before anything
    changes, so a handler reads values of the promised type."""

    type: AnswerType
    low: int = 0
    high: int = 0
    ids: tuple[str, ...] = ()
    optional: bool = False  # null is an answer (INT: "no adjustment")

    def problem(self, value: Any) -> str | None:
        """What the answer must be, when ``value`` is not such an answer; None when it is
        (null always is, for an optional answer).  Each type has its check in
        ``_ANSWER_CHECKS``."""
        if value is None and self.optional:
            return None
        return _ANSWER_CHECKS.get(self.type, _text_problem)(self, value)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type.value}
        if self.type is AnswerType.INT:
            out.update(min=self.low, max=self.high)
        if self.ids:
            out["ids"] = list(self.ids)
        if self.optional:
            out["optional"] = True
        return out


def _bool_problem(answer: Answer, value: Any) -> str | None:
    return None if isinstance(value, bool) else "true or false"


def _int_problem(answer: Answer, value: Any) -> str | None:
    ok = isinstance(value, int) and not isinstance(value, bool) and answer.low <= value <= answer.high
    return None if ok else f"a whole number from {answer.low} to {answer.high}" + (" or null" if answer.optional else "")


def _choice_problem(answer: Answer, value: Any) -> str | None:
    return None if value in answer.ids else "one of " + ", ".join(repr(i) for i in answer.ids)


def _actions_problem(answer: Answer, value: Any) -> str | None:
    items = [value] if isinstance(value, str) else value
    ok = isinstance(items, list) and all(isinstance(x, str) and _is_action_text(x) for x in items)
    return None if ok else "a list of calls or cards, such as [\"2S\", \"HK\"]"


def _cards_problem(answer: Answer, value: Any) -> str | None:
    from bridgelaw.core.cards import Card

    items = [value] if isinstance(value, str) else value
    ok = isinstance(items, list) and bool(items) and all(isinstance(x, str) and _parses(Card.parse, x) for x in items)
    return None if ok else "a list of cards, such as [\"HK\"]"


def _parses(parse: Callable[[str], Any], text: str) -> bool:
    try:
        parse(text)
        return True
    except ValueError:
        return False


def _score_problem(answer: Answer, value: Any) -> str | None:
    return None if _is_score(value) else '{"ns": "avg+|avg|avg-", "ew": ...}, {"score_ns": N} or a result as text'


def _text_problem(answer: Answer, value: Any) -> str | None:
    return None if isinstance(value, str) and value.strip() else "a name (text)"


_ANSWER_CHECKS: dict[AnswerType, Callable[[Answer, Any], str | None]] = {
    AnswerType.BOOL: _bool_problem, AnswerType.INT: _int_problem, AnswerType.CHOICE: _choice_problem,
    AnswerType.ACTIONS: _actions_problem, AnswerType.SCORE: _score_problem, AnswerType.TEXT: _text_problem,
    AnswerType.CARDS: _cards_problem,
}


def _is_action_text(text: str) -> bool:
    from bridgelaw.core.calls import Call
    from bridgelaw.core.cards import Card

    for parse in (Call.parse, Card.parse):
        try:
            parse(text)
            return True
        except ValueError:
            continue
    return False


def _is_score(value: Any) -> bool:
    if isinstance(value, str):
        return bool(value.strip())
    if not isinstance(value, dict):
        return False
    if set(value) == {"score_ns"}:
        return isinstance(value["score_ns"], int) and not isinstance(value["score_ns"], bool)
    return set(value) == {"ns", "ew"} and value["ns"] in _AVERAGES and value["ew"] in _AVERAGES


YES_NO = Answer(AnswerType.BOOL)
SCORE = Answer(AnswerType.SCORE)

# The answer of each question the handlers ask, by its decision key (the keys of
# docs/scenario-format.md). A question names its own ``answer`` or takes this one.
ANSWERS: dict[str, Answer] = {
    "comparable": YES_NO,
    "unintended": YES_NO,
    "misinformation": YES_NO,
    "permit": YES_NO,
    "mistaken_explanation": YES_NO,
    "demonstrably_suggested": YES_NO,
    "play_on": YES_NO,
    "seen": YES_NO,
    "playable": YES_NO,
    "call_differs": YES_NO,
    "played_before": YES_NO,
    "tricks": Answer(AnswerType.INT, 0, 13),
    "equity_tricks": Answer(AnswerType.INT, 0, 13, optional=True),
    "defect": Answer(AnswerType.CHOICE, ids=("missing", "extra", "none")),
    "offender": Answer(AnswerType.CHOICE, ids=("N", "E", "S", "W")),
    "extra_cards": Answer(AnswerType.CARDS, optional=True),
    "found": Answer(AnswerType.CHOICE, ids=("board", "played", "not_found", "not_his")),
    "holds_suit": YES_NO,
    "penalty_card_at_rho_turn": YES_NO,
    "objection_voids_claim": YES_NO,
    "logical_alternatives": Answer(AnswerType.ACTIONS),
    "adjusted_score": SCORE,
    "form": Answer(AnswerType.TEXT),
}


@dataclass(frozen=True, slots=True)
class Question:
    """A question of judgement the director must answer (e.g. 'comparable' for Law 23),
    with the shape of the answer it accepts (``ANSWERS`` by key unless given)."""

    key: str
    text: str
    text_ru: str
    law: str
    answer: Answer | None = None

    def __post_init__(self) -> None:
        if self.answer is None:
            object.__setattr__(self, "answer", ANSWERS.get(self.key))

    def to_json(self) -> dict[str, Any]:
        """The question as the director (and a client) sees it, with ``answer``: the shape
        of the decision the table accepts (``Answer.to_json``), so a client can build the
        input and check it before sending."""
        out: dict[str, Any] = {"key": self.key, "text": self.text, "text_ru": self.text_ru, "law": self.law}
        if self.answer is not None:
            out["answer"] = self.answer.to_json()
        return out


class RulingKind(StrEnum):
    """The kinds of ruling, one per handler (``bridgelaw.laws.editions`` checks that every
    handler's kind is one of these). Str-valued: the JSON output shows the value."""

    BID_ABOVE_SEVEN = "bid_above_seven"
    BOARD = "board"
    CALL_AFTER_FINAL_PASS = "call_after_final_pass"
    CALL_OUT_OF_ROTATION = "call_out_of_rotation"
    CARD_EXPOSED = "card_exposed"
    CARD_EXPOSED_DURING_AUCTION = "card_exposed_during_auction"
    CHANGE_OF_CALL = "change_of_call"
    CLAIM = "claim"
    DEFECTIVE_TRICK = "defective_trick"
    DUMMY_LIMITATION = "dummy_limitation"
    DUMMY_PLAYED_CARD = "dummy_played_card"
    HOLDING_UNKNOWN = "holding_unknown"
    INADMISSIBLE_DOUBLE = "inadmissible_double"
    INFORMATION = "information"
    INSUFFICIENT_BID = "insufficient_bid"
    LEAD_AFTER_MISINFORMATION = "lead_after_misinformation"
    LEAD_RESTRICTION = "lead_restriction"
    MISINFORMATION = "misinformation"
    OPENING_LEAD_OUT_OF_TURN = "opening_lead_out_of_turn"
    PENALTY_CARD_DESIGNATION = "penalty_card_designation"
    PENALTY_CARD_LEAD = "penalty_card_lead"
    PENALTY_CARD_NOT_PLAYED = "penalty_card_not_played"
    PLAY_OUT_OF_TURN = "play_out_of_turn"
    PLAY_TOGETHER = "play_together"
    POINT_OUT = "point_out"
    QUITTED_TRICK_INSPECTION = "quitted_trick_inspection"
    RESTRICTION_VIOLATED = "restriction_violated"
    REVOKE = "revoke"
    UNAUTHORIZED_INFORMATION = "unauthorized_information"
    UNINTENDED_DESIGNATION = "unintended_designation"
    VIOLATES_PASS_OBLIGATION = "violates_pass_obligation"


class RestrictionKind(StrEnum):
    """What a restriction obliges (str-valued, as the JSON output shows it)."""

    MUST_PASS = "must_pass"
    LEAD_REQUIRED = "lead_required"
    LEAD_FORBIDDEN = "lead_forbidden"
    PLAY_PENALTY_CARD = "play_penalty_card"
    MUST_REPEAT = "must_repeat"
    NO_DOUBLE = "no_double"  # may not double or redouble at that turn (1997 30B2)


class Until(StrEnum):
    """How long a restriction lasts."""

    NEXT_TURN = "next_turn"
    END_OF_AUCTION = "end_of_auction"
    FIRST_LEAD = "first_lead"
    WHILE_ON_LEAD = "while_on_lead"
    PLAYED = "played"


# The values, as handlers may write them.
RestrictionKindName = Literal["must_pass", "lead_required", "lead_forbidden", "play_penalty_card", "must_repeat"]
UntilName = Literal["next_turn", "end_of_auction", "first_lead", "while_on_lead", "played"]


@dataclass(frozen=True, slots=True)
class Restriction:
    """An obligation a ruling puts on a player, with the law that imposed it.

    ``until``: 'next_turn' | 'end_of_auction' for must_pass; 'first_lead' | 'while_on_lead'
    for lead restrictions.
    """

    seat: Seat
    kind: RestrictionKind | RestrictionKindName
    until: Until | UntilName
    law: str
    suit: Suit | None = None
    ruling: int | None = None

    def __post_init__(self) -> None:
        # a misspelt kind or duration is an error where the restriction is made
        object.__setattr__(self, "kind", RestrictionKind(self.kind))
        object.__setattr__(self, "until", Until(self.until))

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


class RulingState:
    """Base of the typed facts a handler records on a ruling, for a later step or for
    another handler to read (``Ruling.fact``): each a frozen dataclass, at most one of each
    type on a ruling. A fact is not part of the ruling's output."""

    __slots__ = ()

    def named(self) -> Mapping[str, object]:
        """What a ruling's read-aloud decision may name of this state (its ``seat`` or
        ``trick``); nothing unless the state type says."""
        return {}


Average = Literal["avg+", "avg", "avg-"]


@dataclass(frozen=True, slots=True)
class AdjustedScore:
    """The score a ruling awarded in place of the table's (Law 12C): an artificial one,
    an average for each side (``ns``/``ew``, 12C2(a)), or an assigned one (``score_ns``,
    12C1(b))."""

    ns: Average | None = None
    ew: Average | None = None
    score_ns: int | None = None

    @property
    def artificial(self) -> bool:
        return self.ns is not None

    def to_json(self) -> dict[str, Any]:
        """``{"ns": .., "ew": ..}`` or ``{"score_ns": N}``, as results and decisions show it."""
        if self.ns is not None:
            return {"ns": self.ns, "ew": self.ew}
        return {"score_ns": self.score_ns}


AdjustedScore.__deepcopy__ = _shared  # type: ignore[attr-defined]


_State = TypeVar("_State", bound=RulingState)


@dataclass(slots=True)
class Ruling:
    """A director's ruling on one irregularity, as it develops.

    ``kind`` names the handler that owns it (see ``bridgelaw.laws``); what that handler
    remembers between steps is its own typed state (``facts``: ``record_fact``/``fact``),
    and ``call``/``action`` name what the ruling is about.
    """

    id: int
    at_action: int
    kind: RulingKind  # a misspelt kind raises when the ruling is made (``RulingKind(kind)``)
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
    messages: list[Any] = field(default_factory=list)  # the catalog messages of the summary, in order
    facts: tuple[RulingState, ...] = ()  # immutable: a copy of the ruling never shares a change
    called: bool = False  # the director has been called to it and rules on it in its turn (9B)
    expects: Seat | None = None  # whose later call it waits for (``TableOps.expect_call``)
    # what a handler worked out from the hidden hands, for the director alone (``Table.view``
    # drops both from a player's view): the claim checker's figures, and a note on them
    analysis: JsonMap | None = None
    director_note: str = ""
    adjusted: AdjustedScore | None = None  # the score this ruling awarded (Law 12C)
    call: int | None = None  # the index of the call it is about, set when the Table opens it
    action: Action | None = None  # the irregular action it is about, as it was made

    def the_call(self) -> int:
        """The index of the call this ruling is about (a ruling on a call always has one;
        a missing one is a ``KeyError``, as a missing answer is)."""
        if self.call is None:
            raise KeyError("call")
        return self.call

    def the_action(self) -> Action:
        """The irregular action this ruling is about (a ruling opened on an action always
        has it; a missing one is a ``KeyError``)."""
        if self.action is None:
            raise KeyError("action")
        return self.action

    def __post_init__(self) -> None:
        self.kind = RulingKind(self.kind)  # a ruling made from JSON or by a test names a known kind too

    def fact(self, kind: type[_State]) -> _State | None:
        """The fact of type ``kind`` recorded on this ruling, if any."""
        for f in self.facts:
            if isinstance(f, kind):
                return f
        return None

    def record_fact(self, value: RulingState) -> None:
        """Record ``value``, in place of the fact of its type recorded before."""
        self.facts = (*(f for f in self.facts if type(f) is not type(value)), value)

    def forget_fact(self, kind: type[RulingState]) -> None:
        """Drop the fact of type ``kind``, if one is recorded (a step that is over)."""
        self.facts = tuple(f for f in self.facts if not isinstance(f, kind))

    def named(self) -> dict[str, object]:
        """What the ruling's facts name for its decision (``RulingState.named``)."""
        out: dict[str, object] = {}
        for f in self.facts:
            out.update(f.named())
        return out

    def cite(self, *refs: str) -> None:
        """Cite ``refs`` (written in the 2017 numbering by shared handlers) in this
        ruling's edition."""
        for ref in refs:
            ref = in_edition(ref, self.edition)
            if ref not in self.laws:
                self.laws.append(ref)

    def flag(self, *refs: str) -> None:
        for ref in refs:
            ref = in_edition(ref, self.edition)
            if ref not in self.flags:
                self.flags.append(ref)

    @property
    def chooser(self) -> Chooser | None:
        if self.status is RulingStatus.AWAITING_CHOICE and self.options:
            return self.options[0].by
        if self.status is RulingStatus.AWAITING_DECISION:
            return DIRECTOR
        return None

    def _question_json(self, q: Question) -> dict[str, Any]:
        """A question with its law references in this ruling's edition (a question shared by
        both editions names the 2017 clause: 16B1(a) is 16A in 1997)."""
        out = q.to_json()
        if self.edition == "2017":
            return out
        from bridgelaw.i18n.render import Sentences, Text, msg

        if isinstance(q.text, Text):
            out["text"] = Text(msg("decision", parts=Sentences((q.text.msg,), self.edition)))
        out["text_ru"] = text_in_edition(q.text_ru, self.edition)
        out["law"] = in_edition(q.law, self.edition) if q.law else q.law
        return out

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
            "summary": text_in_edition(self.summary, self.edition),
            "summary_ru": text_in_edition(self.summary_ru, self.edition),
        }
        if self.choice_params:
            out["choice_params"] = {k: _jsonable(v) for k, v in self.choice_params.items()}
        if self.questions:
            out["questions"] = [self._question_json(q) for q in self.questions]
        if self.answers:
            out["answers"] = dict(self.answers)
        if self.consequences:
            out["consequences"] = [c.to_json() for c in self.consequences]
        if self.flags:
            out["flags"] = list(self.flags)
        analysis = self.analysis
        if analysis is not None:
            # the claim checker's figures: derived from every hand, so the director's only
            # (a player's view drops it, ``Table.view``)
            # one still being made in the background shows what needs no search, pending
            out["analysis"] = analysis.cheap() if pending_analysis(analysis) else dict(analysis)  # type: ignore[attr-defined]
        return out
