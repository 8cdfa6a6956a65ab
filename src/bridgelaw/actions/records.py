"""The actions as frozen records, each checking at construction what it names (a kind of
request, what is pointed out, a board problem...): a misspelt one raises a ParseError."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from bridgelaw.core.calls import Call, Strain
from bridgelaw.core.cards import Card, Seat
from bridgelaw.core.stated_line import StatedLine
from bridgelaw.errors import ParseError, keyed
from bridgelaw.rulings import DIRECTOR

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
    "wrong_board_played", "fouled_board", "wrong_score",
})
# The board problems the director can rule on without the hand record (the assistant's
# boards, whose hands are unknown): a fouled board's form (87) and a score recorded wrong (79C).
REPORT_WITHOUT_DEAL = frozenset({"fouled_board", "wrong_score"})


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
    statement: str | None = ""  # None: the director was not told whether one was made
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


@dataclass(frozen=True, slots=True)
class PlayFrom:
    """The director enters the play from trick ``trick`` (2-13) with ``leader`` on lead to
    it (None: not given — a claim or a concession may be ruled, no card played), or after
    the last trick (``trick`` 14, no leader): the tricks before it were played
    but not entered, their cards unknown (``TrickRecord.unrecorded``). The contract is given
    by its declarer and strain only (its level changes no ruling of the play); the first
    action of a board whose hands are not known, so that nothing is invented about a hand."""

    trick: int
    declarer: Seat
    strain: Strain
    leader: Seat | None = None
    seat: Literal["director"] = DIRECTOR

    def __post_init__(self) -> None:
        if not 2 <= self.trick <= 14 or (self.trick == 14 and self.leader is not None):
            raise ParseError(keyed("input.play_from", given=repr(self.trick)))


DUMMY_BREACHES = frozenset({"exchange_hands", "leave_seat", "look_at_hand"})  # 43A2(a), (b), (c)


Action = (
    CallAction | PlayAction | FaceLead | Expose | Ask | Claim | Concede | ClaimResponse
    | PointOut | CallDirector | Choose | Decide | Tempo | Report | RevokeInquiry | DummyBreach | PlayTogether
    | PlayFrom
)
REVOKE_FOUND = frozenset({"next_board", "round_ended"})
